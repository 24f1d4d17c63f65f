"""Whole random games with every invariant checked after every action (TAG-style).

The two soaks play 6 uniform-random and 2 purposeful games per (players, ruleset) pair in
the default run (enough to fail on a broken invariant: docs/testing.md says which bug was
planted to show it), and 40 and 4 with ``--full`` (about six minutes; the weekly workflow);
``MOONSHOT_GAMES=N`` plays N uniform-random games a pair (thousands for a soak).
"""

from __future__ import annotations

import dataclasses
import os
import random

import pytest

import game
from game.rules.records import View
from tests.invariants import check_views, play_checked

SETTINGS = [(p, r) for p in (2, 3, 4) for r in game.RULESETS]


def uniform_games(full: bool) -> int:
    """Uniform-random games a setting: MOONSHOT_GAMES, else 40 at full size, else 6."""
    return int(os.environ.get("MOONSHOT_GAMES", "40" if full else "6"))


@pytest.mark.no_cover  # whole games: what they run, the rules tests cover (4x slower traced)
@pytest.mark.parametrize(("players", "ruleset"), SETTINGS)
def test_uniform_random_games_keep_every_invariant(players: int, ruleset: str,
                                                   full: bool) -> None:
    reasons = set()
    for seed in range(uniform_games(full)):
        g = play_checked(1000 * players + seed, players, ruleset)
        assert g.is_over and g.winner in game.NATIONS
        reasons.add(g.end_reason)
    assert reasons <= {"popularity", "budget", "moon_landing"}


@pytest.mark.no_cover  # whole games: what they run, the rules tests cover (4x slower traced)
@pytest.mark.parametrize(("players", "ruleset"), SETTINGS)
def test_purposeful_random_games_reach_the_late_game(players: int, ruleset: str,
                                                     full: bool) -> None:
    rounds = []
    # a tenth as many (at least 2: seeds 0 and 1 reach round 6 in every setting)
    for seed in range(max(2, uniform_games(full) // 10)):
        g = play_checked(seed, players, ruleset, policy="purposeful")
        assert g.is_over and g.winner in game.NATIONS
        rounds.append(g.round)
    assert max(rounds) >= 6, rounds


@pytest.mark.parametrize("ruleset", game.RULESETS)
def test_save_round_trips_after_every_single_action(ruleset: str) -> None:
    play_checked(7, 2, ruleset, full_round_trip=True)


@pytest.mark.parametrize(("players", "ruleset"), SETTINGS)
def test_replay_of_seed_and_log_is_byte_identical(players: int, ruleset: str) -> None:
    g = game.new_game(99, players=players, ruleset=ruleset)
    rng = random.Random(5)
    while not g.is_over:
        seat = rng.choice(g.to_act())
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    replay = game.new_game(99, players=players, ruleset=ruleset)
    for seat, action in g.log:
        replay.apply(seat, game.action_from_dict(action.to_dict()))
    assert replay.to_json() == g.to_json()
    assert replay.state.rng.state == g.state.rng.state


def test_same_seed_same_setup_different_seed_different_setup() -> None:
    assert game.new_game(3).to_json() == game.new_game(3).to_json()
    assert game.new_game(3).to_json() != game.new_game(4).to_json()


def test_the_random_mover_draws_exactly_as_random_choice() -> None:
    # The bench and the simulations pick with simulate.pick; it must be rng.choice, draw
    # for draw, so the games (and the CPython == Pyodide check) stay what they were.
    from game.tools.simulate import pick

    for seed in range(50):
        ours, theirs = random.Random(seed), random.Random(seed)
        for size in (1, 2, 3, 5, 8, 13, 64, 100, 1000):
            items = list(range(size))
            assert [pick(items, ours) for _ in range(20)] == \
                [theirs.choice(items) for _ in range(20)]
    with pytest.raises(IndexError):
        pick([], random.Random(1))


@pytest.mark.parametrize("where", ["value", "key", "str subclass"])
def test_the_view_check_finds_a_planted_secret(where: str, monkeypatch: pytest.MonkeyPatch
                                               ) -> None:
    """The soaks' secret check can fail: the USSR's hand card planted in the USA's view (as a
    value, as a key of a mapping, or as a value of a str's subclass) is found."""
    g = game.new_game(5)
    secret = g.state.nations["USSR"].hand[0]
    real = game.Game.view

    def leaky(self: game.Game, seat: str | None = None) -> View:
        view = real(self, seat)
        if seat != "USA.politician":
            return view
        if where == "value":
            return dataclasses.replace(view, end_reason=secret)
        if where == "key":
            return dataclasses.replace(view, mission_decks={**view.mission_decks, secret: 0})
        return dataclasses.replace(view, end_reason=type("CardId", (str,), {})(secret))

    check_views(g)
    monkeypatch.setattr(game.Game, "view", leaky)
    with pytest.raises(AssertionError, match=f"USA.politician sees \\['{secret}'\\]"):
        check_views(g)
