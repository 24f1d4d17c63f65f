"""Computer players: information states, determinism, legality, no peeking, strength."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import game
from game.ai import LEVELS, Budget, determinize, finish, get_ai, stepwise
from game.core.actions import Action
from game.core.rng import Rng
from game.engine import Game
from game.tools.tournament import play_game, wilson
from tests.invariants import check_conservation

TINY = Budget(seconds=None, iterations=3)


def _medium_positions(seed: int, count: int, ruleset: str = "v0.10.4",
                      players: int = 2) -> list[tuple[Game, str]]:
    """Positions from a game played by the medium AI (it reaches the late game)."""
    g = game.new_game(seed, players=players, ruleset=ruleset)
    ai = get_ai("medium")
    rng = random.Random(seed)
    out: list[tuple[Game, str]] = []
    step = 0
    while not g.is_over and len(out) < count * 4:
        seats = g.to_act()
        seat = seats[step % len(seats)]
        step += 1
        out.append((g.clone(), seat))
        g.apply(seat, ai.choose(g.view(seat), g.legal_actions(seat), rng))
    return out[::4][:count] if len(out) >= 4 else out


@pytest.mark.parametrize("ruleset", game.RULESETS)
@pytest.mark.parametrize("players", [2, 4])
def test_determinization_reproduces_the_view_exactly(ruleset: str, players: int) -> None:
    for seed in (1, 2):
        for g, _ in _medium_positions(seed, 40, ruleset, players):
            for seat in game.SEATS:
                view = g.view(seat)
                d = determinize(view, random.Random(seed))
                assert d.view(seat) == view
                check_conservation(d)
                assert d.legal_actions(seat) == g.legal_actions(seat)


def test_determinization_samples_hidden_information() -> None:
    g = game.new_game(4)
    view = g.view("USA.politician")
    hands = {tuple(determinize(view, random.Random(i)).state.nations["USSR"].hand)
             for i in range(10)}
    assert len(hands) > 1


@pytest.mark.parametrize("level", LEVELS)
def test_same_view_and_seed_give_the_same_action(level: str) -> None:
    for g, seat in _medium_positions(3, 12):
        legal = g.legal_actions(seat)
        view = g.view(seat)
        first = get_ai(level).choose(view, legal, random.Random(9), TINY)
        again = get_ai(level).choose(view, legal, random.Random(9), TINY)
        assert first == again


@pytest.mark.parametrize("level", LEVELS)
def test_never_an_illegal_action(level: str) -> None:
    positions = _medium_positions(5, 25) + _medium_positions(6, 15, "preview", 4)
    rng = random.Random(1)
    for g, seat in positions:
        legal = g.legal_actions(seat)
        action = get_ai(level).choose(g.view(seat), legal, rng, TINY)
        assert action in legal
        g.clone().apply(seat, action)


def _hide_differently(g: Game, viewer: str, rng: random.Random) -> Game:
    """The same game with everything ``viewer`` cannot see changed."""
    h = g.clone()
    s = h.state
    rival = s.nations["USSR" if viewer == "USA" else "USA"]
    pool = rival.hand + rival.deck
    rng.shuffle(pool)
    rival.hand, rival.deck = pool[:len(rival.hand)], pool[len(rival.hand):]
    # Draw piles are tuples shared with the original game and stacks are shared objects
    # (see game.state): replace them, never change them in place.
    for piles in (s.tile_decks, s.risk_decks, s.mission_decks):
        for key, deck in piles.items():
            cards = list(deck)
            rng.shuffle(cards)
            piles[key] = tuple(cards)  # type: ignore[index]
    rng.shuffle(s.module_deck)
    for n in s.nations.values():
        for i, stack in enumerate(n.stacks):
            if stack is not None:
                stack = n.stacks[i] = stack.copy()
                stack.tokens = [(who, kind if who != rival.name else
                                 ("bluff" if kind == "influence" else "influence"))
                                for who, kind in stack.tokens]
    rival.influence, rival.bluff = rival.bluff, rival.influence
    # Face-down Moon risks: swap with the level-3 deck.
    for n in s.nations.values():
        for i, up in enumerate(n.moon_up):
            if not up and s.risk_decks[3]:
                top, *rest = s.risk_decks[3]
                n.moon_path[i], s.risk_decks[3] = top, (n.moon_path[i], *rest)
    s.rng = Rng(rng.getrandbits(63))
    return h


@pytest.mark.parametrize("level", LEVELS)
def test_no_peeking_hidden_information_never_changes_the_action(level: str) -> None:
    checked = 0
    for g, seat in _medium_positions(8, 14):
        viewer = seat.split(".")[0]
        h = _hide_differently(g, viewer, random.Random(checked))
        view = g.view(seat)
        if h.view(seat) != view:
            continue  # the swap touched something visible (e.g. token counts): skip
        assert h.state.to_dict() != g.state.to_dict()
        legal = g.legal_actions(seat)
        a = get_ai(level).choose(view, legal, random.Random(3), TINY)
        b = get_ai(level).choose(h.view(seat), h.legal_actions(seat), random.Random(3), TINY)
        assert a == b
        checked += 1
    assert checked >= 8


def test_hard_reports_its_iterations() -> None:
    from game.ai.montecarlo import PairedMonteCarloAI

    for g, seat in _medium_positions(2, 30):
        if seat.endswith("politician") and g.phase == "politics" and \
                len(g.legal_actions(seat)) > 2:
            ai = PairedMonteCarloAI()
            _, stats = ai.choose_with_stats(g.view(seat), g.legal_actions(seat),
                                            random.Random(1), Budget(None, 5))
            assert stats.iterations == 5
            return
    pytest.fail("no politics decision found")


def test_hard_searches_a_step_at_a_time_and_counts_only_its_own_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Hard's search as steps (a rollout each, what a page drives between the browser's
    tasks) chooses what the search in one go chooses; its time budget counts the time spent
    in it, not the time between its steps (a clock of the test's: each reading a
    millisecond later, each step's pause ten seconds)."""
    from game.ai import montecarlo
    from game.ai.montecarlo import PairedMonteCarloAI

    class Clock:
        now = 0.0

        def perf_counter(self) -> float:
            self.now += 0.001
            return self.now

    for g, seat in _medium_positions(2, 30):
        legal = g.legal_actions(seat)
        if not (seat.endswith("politician") and g.phase == "politics" and len(legal) > 2):
            continue
        whole = PairedMonteCarloAI().choose(g.view(seat), legal, random.Random(1),
                                            Budget(None, 24))
        assert finish(stepwise(PairedMonteCarloAI(iterations=24), g.view(seat), legal,
                               random.Random(1))) == whole
        clock = Clock()
        monkeypatch.setattr(montecarlo, "time", clock)
        ai = PairedMonteCarloAI(seconds=0.5)
        steps = stepwise(ai, g.view(seat), legal, random.Random(1))
        taken = 0
        with pytest.raises(StopIteration) as done:
            while True:
                next(steps)
                taken += 1
                clock.now += 10.0  # the browser's turn
        assert done.value.value in legal and taken == ai.last_stats.iterations > 20
        assert 0.5 <= ai.last_stats.seconds < 0.6 and clock.now > 10 * taken  # its own only
        medium = get_ai("medium")  # a level that answers at once: one step, no yield
        assert finish(stepwise(medium, g.view(seat), legal, random.Random(1))) == \
            get_ai("medium").choose(g.view(seat), legal, random.Random(1))
        return
    pytest.fail("no politics decision found")


def test_medium_beats_random_clearly() -> None:
    wins = sum(play_game("medium", "random", seed, game.NATIONS[seed % 2]).a_won
               for seed in range(10))
    assert wins >= 8


def test_wilson_interval() -> None:
    low, high = wilson(20, 40)
    assert low < 0.5 < high and round(low, 3) == 0.352
    assert wilson(0, 0) == (0.0, 1.0)


def test_hard_plays_its_policy_move_without_enough_evidence() -> None:
    """Below MIN_PAIRS paired iterations the search never overrules the policy move."""
    from game.ai.montecarlo import MIN_PAIRS, PairedMonteCarloAI, hard_move

    checked = 0
    for g, seat in _medium_positions(4, 60):
        legal = g.legal_actions(seat)
        if not seat.endswith("politician") or len(legal) <= 2:
            continue
        view = g.view(seat)
        ai = PairedMonteCarloAI()
        action, stats = ai.choose_with_stats(view, legal, random.Random(5), Budget(None, 4))
        assert stats.extra.get("pairs", 0) < MIN_PAIRS
        rng = random.Random(5)
        expected = hard_move(determinize(view, rng), seat, legal, rng)
        assert action == expected
        checked += 1
    assert checked >= 5


def _hard_policy_moves(seed: int) -> Iterator[tuple[Game, str, list[Action], Game, Action]]:
    """(game, seat, legal, the seat's determinization, hard's policy move) for every move of a
    game hard's policy plays for every seat, up to round 12; each move is applied after."""
    from game.ai.montecarlo import hard_move

    g = game.new_game(seed)
    rng = random.Random(seed)
    step = 0
    while not g.is_over and g.round <= 12:
        seats = g.to_act()
        seat = seats[step % len(seats)]
        step += 1
        legal = g.legal_actions(seat)
        world = determinize(g.view(seat), rng)
        action = hard_move(world, seat, legal, rng)
        assert action in legal
        yield g, seat, legal, world, action
        g.apply(seat, action)


def test_hard_explores_the_moon_and_tests_its_moon_path() -> None:
    from game.ai.montecarlo import moon_test
    from game.core import actions as A

    explored = tested = 0
    for seed in (1, 2, 3):
        for g, seat, legal, world, action in _hard_policy_moves(seed):
            if any(isinstance(a, A.ExploreMoon) for a in legal):
                assert isinstance(action, A.ExploreMoon)
                explored += 1
            nation = seat.split(".")[0]
            if isinstance(action, A.Test) and g.state.nations[nation].launch != "MOON" and \
                    action.risk in g.state.nations[nation].moon_path:
                best, gain = moon_test(world, nation, legal)
                assert best == action and gain > 0
                tested += 1
    assert explored >= 3 and tested >= 3


def test_placement_memo_matches_a_fresh_computation() -> None:
    from game.ai import heuristics as H

    for g, seat in _medium_positions(7, 20):
        nation = seat.split(".")[0]
        for tile in ("S01", "E05", "C13", "P04"):
            for stage in (0, 2, 3):
                cached = H.best_placement(g, nation, tile, stage)
                assert cached == H._best_placement(g, nation, tile, stage)


def test_hard_politician_values_the_money_on_maneuver_cards_at_half() -> None:
    """Hard trades 14 money for a Popularity point on a card (medium 7): a card without money
    is played as medium plays it; where they differ, medium's card brings money."""
    from game.ai.heuristics import MONEY_PER_POINT
    from game.ai.medium import card_value, medium_move
    from game.ai.montecarlo import CARD_MONEY, hard_move
    from game.core import actions as A

    assert CARD_MONEY == 2 * MONEY_PER_POINT
    g0 = game.new_game(1)
    gap = card_value(g0, "USA", "USA:industry_contract", 1) - \
        card_value(g0, "USA", "USA:industry_contract", 1, CARD_MONEY)
    assert gap == pytest.approx(5 / 7 - 5 / 14)
    assert card_value(g0, "USA", "USA:press_conference", 1) == \
        card_value(g0, "USA", "USA:press_conference", 1, CARD_MONEY)
    same = differ = 0
    for seed in range(1, 7):
        for g, seat in _medium_positions(seed, 60):
            if g.phase != "maneuvers" or not seat.endswith("politician"):
                continue
            legal = g.legal_actions(seat)
            rng = random.Random(seed)
            medium = medium_move(g, seat, legal, rng)
            hard = hard_move(g, seat, legal, rng)
            card = medium.card if isinstance(medium, A.PlayManeuver) else None
            if card is None or not game.load_content().maneuver_card(card).levels[0].money:
                assert hard == medium
                same += 1
            elif hard != medium:
                differ += 1
    assert same >= 10 and differ >= 1


def test_hard_buys_moon_tests_that_gain_less_than_a_point() -> None:
    """Small gains add up on a three-risk path: Tests worth under 1% each are bought too."""
    from game.ai.montecarlo import MOON_TEST_GAIN, moon_test
    from game.core import actions as A

    small = 0
    for seed in range(1, 6):
        for g, seat, legal, world, action in _hard_policy_moves(seed):
            nation = seat.split(".")[0]
            if isinstance(action, A.Test) and g.state.nations[nation].launch != "MOON" and \
                    action.risk in g.state.nations[nation].moon_path:
                gain = moon_test(world, nation, legal)[1]
                assert gain >= MOON_TEST_GAIN
                small += gain < 0.01
    assert small >= 1


def test_hard_searches_both_roles_but_not_past_its_horizon() -> None:
    """The search compares Politician moves and, for this round's launch, the Engineer's Test
    or money; never a choice whose worth lies after the horizon (reward or Moon exploration,
    Evaluate or Escalate, a tile, a Module or a Moon Test for a later flight)."""
    from game.ai.montecarlo import candidates, launch_test
    from game.core import actions as A

    engineer = politician = 0
    for seed in (1, 2):
        for g, seat, legal, world, action in _hard_policy_moves(seed):
            rng = random.Random(seed)
            found = candidates(world, seat, legal, rng)
            assert all(a in legal for a in found)
            if found:
                assert found[0] == action  # the policy move first
            phase, nation = g.phase, seat.split(".")[0]
            if phase == "launches" or (phase == "administration" and g.state.decision is None):
                assert found == []
            if seat.endswith("engineer") and found:
                engineer += 1
                n = world.state.nations[nation]
                assert phase == "engineering" and n.launch and n.pending is None
                assert isinstance(action, A.PassEngineer | A.Test)
                assert set(found[1:]) <= {launch_test(world, nation, n.launch, legal),
                                          A.PassEngineer()}
            elif found:
                politician += 1
    assert engineer >= 3 and politician >= 20


def test_rollout_engineers_only_prepare_this_rounds_launch() -> None:
    """The rollouts' Engineer passes without a launch, and otherwise only loads the payload
    or buys the Test that helps the launch most (what medium would do first)."""
    from game.ai.montecarlo import launch_test, playout_engineer
    from game.core import actions as A

    seen = 0
    for g, seat in _medium_positions(5, 200):
        nation = seat.split(".")[0]
        n = g.state.nations[nation]
        if not seat.endswith("engineer") or g.phase != "engineering" or n.pending is not None:
            continue
        legal = g.legal_actions(seat)
        move = playout_engineer(g, nation, legal, random.Random(1))
        assert move in legal
        if not n.launch:
            assert move == A.PassEngineer()
        elif isinstance(move, A.Test):
            assert move == launch_test(g, nation, n.launch, legal)
        else:
            assert isinstance(move, A.PassEngineer | A.LoadPayload | A.BookPayload |
                              A.Research)
        seen += 1
    assert seen >= 5


def test_card_value_memo_matches_a_fresh_computation() -> None:
    from game.ai import medium
    from game.ai.heuristics import effect_value
    from game.core.content import load_content
    from game.rules.terms import other

    content = load_content()
    for g, seat in _medium_positions(6, 30):
        nation = seat.split(".")[0]
        n, rival = g.state.nations[nation], g.state.nations[other(nation)]
        for card in sorted(set(n.hand)):
            for level in (1, 2, 3):
                for money in (7.0, 14.0):
                    fresh = effect_value(content, content.maneuver_card(card).levels[level - 1],
                                         n, rival, max(2.0, 12.0 - g.round), money)
                    assert medium.card_value(g, nation, card, level, money) == fresh
    assert len(medium._CARD_VALUES) <= medium._CARD_VALUES_MAX
