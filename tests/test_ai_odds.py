"""The AIs' launch odds: the engine's own arithmetic (``game.odds``), found faster; ``PathOdds``
prepared once gives what ``path_odds`` gives, and its memoized answers (one more Test's gains,
the greedy Test plan) are what the plain rule gives, however often they are asked."""

from __future__ import annotations

import random

import pytest

import game
from game.ai import get_ai
from game.ai.heuristics import prep_plan
from game.ai.pathodds import PathOdds, mission_path, path_odds
from game.core.content import MOON, load_content
from game.core.dice import best_split, success_probability
from game.engine import Game
from game.rules.odds import launch_odds


def _launch_positions(seed: int) -> list[tuple[Game, str, str]]:
    """(position, nation, Mission) for every active Mission and the Moon, along a medium game."""
    g = game.new_game(seed)
    ai = get_ai("medium")
    rng = random.Random(seed)
    out: list[tuple[Game, str, str]] = []
    step = 0
    while not g.is_over and step < 600:
        seats = g.to_act()
        seat = seats[step % len(seats)]
        if step % 7 == 0:
            for nation in game.NATIONS:
                for mission in [m for m, _ in g.state.active] + [MOON]:
                    out.append((g.clone(), nation, mission))
        step += 1
        g.apply(seat, ai.choose(g.view(seat), g.legal_actions(seat), rng))
    return out


def _greedy_reference(g: Game, nation: str, mission: str, budget: int, test_cost: int,
                      max_tests: int) -> tuple[float, int, dict[str, int]]:
    """The greedy rule written plainly: buy the Test that raises the odds most, while money
    lasts and it brings at least 3 points."""
    known = mission_path(g, nation, mission)[0]
    extra: dict[str, int] = {}
    odds = path_odds(g, nation, mission)
    bought = 0
    while bought < max_tests and known and budget - bought * test_cost >= test_cost:
        gains = {}
        for risk in known:
            trial = dict(extra)
            trial[risk] = trial.get(risk, 0) + 1
            gains[risk] = path_odds(g, nation, mission, trial) - odds
        best = max(known, key=lambda r: (gains[r] > 1e-9, gains[r], -known.index(r)))
        if gains[best] < 0.03:
            break
        extra[best] = extra.get(best, 0) + 1
        odds += gains[best]
        bought += 1
    return odds, bought, extra


def test_prepared_path_odds_match_path_odds_and_the_greedy_plan() -> None:
    positions = _launch_positions(3)
    assert len(positions) > 100
    planned = 0
    for g, nation, mission in positions:
        path = PathOdds(g, nation, mission)
        assert path.known == mission_path(g, nation, mission)[0]
        assert path.odds() == path_odds(g, nation, mission)
        for risk in path.known:
            assert path.odds({risk: 2}) == path_odds(g, nation, mission, {risk: 2})
        base = path_odds(g, nation, mission)
        assert path.test_gains() == (base, tuple(
            (risk, path_odds(g, nation, mission, {risk: 1}) - base) for risk in path.known))
        for budget in (0, 6, 20, 45):
            expected = _greedy_reference(g, nation, mission, budget, 3, 8)
            assert path.test_plan(budget, 3, 8) == expected
            planned += bool(expected[1])
    assert planned > 20  # the positions include real plans, not only "buy nothing"


def test_a_remembered_plan_cannot_be_changed_by_its_caller() -> None:
    g, nation, mission = next(p for p in _launch_positions(3)
                              if PathOdds(*p).test_plan(30, 3, 8)[1] > 0)
    first = prep_plan(g, nation, mission, money=30)
    tests = dict(first[2])
    assert tests
    first[2].clear()
    assert prep_plan(g, nation, mission, money=30) == (first[0], first[1], tests, True)


def test_the_ais_odds_are_the_engines_launch_arithmetic() -> None:
    """The AI weighs paths by its own memoized copy of the split loop (over risk ids, for
    speed); it must give what the engine's ``game.odds`` gives, Tests added or not. Face-down
    Moon risks average over the first 9 possible cards in the AI (its one approximation)."""
    content = load_content()
    compared = hidden_seen = 0
    for g, nation, mission in _launch_positions(3):
        known, tests, hidden, pool = mission_path(g, nation, mission)
        n = g.state.nations[nation]
        p = g.parameters(nation)
        bonus = content.rulesets[g.state.ruleset].test_bonus
        path = PathOdds(g, nation, mission)
        for extra in ({}, *({risk: 1} for risk in known)):
            with_tests = [t + extra.get(r, 0) for r, t in zip(known, tests, strict=True)]
            engine = success_probability(
                [content.risks[r] for r in known], with_tests, hidden,
                [content.risks[r] for r in pool[:9]], p[:3], p[3], n.sabotage, bonus)
            assert path.odds(extra) == pytest.approx(engine, abs=1e-12)
            if not hidden:
                split = best_split([content.risks[r] for r in known], with_tests, p[:3],
                                   p[3], n.sabotage, bonus)
                assert path.odds(extra) == pytest.approx(split[1], abs=1e-12)
            compared += 1
        hidden_seen += bool(hidden)
        if mission != MOON and launch_odds(g, nation, mission) > 0:  # its payload is aboard
            assert path.odds() == pytest.approx(launch_odds(g, nation, mission), abs=1e-12)
    assert compared > 300 and hidden_seen > 20  # face-down Moon risks were among them
