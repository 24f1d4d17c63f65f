"""Cheap copies for search: what a clone shares with its source, and that nothing leaks.

``Game.clone`` shares the draw piles (tuples), the Politics-board stacks and the log chain
with its source; the engine replaces a shared part instead of changing it. These tests pin
that contract on the parts search touches most; ``tests/invariants.check_clone`` checks it at
every step of the random games.
"""

from __future__ import annotations

import random

from game.core import actions as A
from game.core.rng import Rng
from game.engine import Game, new_game
from tests.conftest import eng, pass_maneuvers, poke, pol


def _politics_with_stacks() -> Game:
    """Round 1 in Politics, after each nation laid a Maneuver card (USSR to act)."""
    g = new_game(1)
    for nation in ("USSR", "USA"):
        card = sorted(g.state.nations[nation].hand)[0]
        g.apply(pol(nation), A.PlayManeuver(card, 1))
    pass_maneuvers(g)
    return g


def test_a_clone_shares_piles_and_stacks_and_a_move_on_it_replaces_them() -> None:
    g = _politics_with_stacks()
    before = g.fingerprint()
    copy = g.clone()
    assert copy.state.tile_decks is not g.state.tile_decks
    assert copy.state.tile_decks["S"] is g.state.tile_decks["S"]
    assert copy.state.nations["USA"].stacks[0] is g.state.nations["USA"].stacks[0]
    copy.apply(pol("USSR"), A.PlaceToken("USA", 1, "influence"))
    copy.apply(pol("USSR"), A.PlaceToken("USA", 1, "bluff"))
    stack = copy.state.nations["USA"].stacks[0]
    assert stack is not None and len(stack.tokens) == 2
    assert g.state.nations["USA"].stacks[0] is not stack
    assert g.fingerprint() == before


def test_drawing_on_a_clone_leaves_the_sources_piles_alone() -> None:
    g = new_game(3)
    while g.phase != "engineering":
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        abort = [a for a in legal if isinstance(a, A.Abort)]
        g.apply(seat, abort[0] if abort else legal[-1] if seat.endswith("engineer") else
                A.PassManeuvers() if A.PassManeuvers() in legal else legal[0])
    piles = dict(g.state.tile_decks)
    before = g.fingerprint()
    copy = g.clone()
    copy.apply(eng("USSR"), A.Research("S", "E"))
    assert len(copy.state.tile_decks["S"]) == len(piles["S"]) - 1
    assert g.state.tile_decks == piles and g.fingerprint() == before


def test_the_log_is_shared_by_clones_but_each_game_keeps_its_own() -> None:
    g = new_game(5)
    rng = random.Random(5)
    applied = []
    for _ in range(30):
        seat = rng.choice(g.to_act())
        action = rng.choice(g.legal_actions(seat))
        g.apply(seat, action)
        applied.append((seat, action))
    copy = g.clone()
    assert copy._log is g._log  # shared, not copied: a clone costs the same at any length
    seat = copy.to_act()[0]
    copy.apply(seat, copy.legal_actions(seat)[0])
    assert copy._log is not None and copy._log[0] is g._log  # the new link points back
    assert g.log == applied and g.log_size == 30
    assert copy.log[:30] == applied and copy.log_size == len(copy.log) == 31
    assert Game(g.state.copy(), 5, applied).log == applied


def test_forget_cache_after_a_hand_edit_recomputes_whose_turn_and_the_actions() -> None:
    g = new_game(1)
    assert g.to_act() == ["USSR.politician"]
    first = g.legal_actions(pol("USSR"))
    g.state.nations["USSR"].hand = g.state.nations["USSR"].hand[:1]
    assert g.legal_actions(pol("USSR")) == first  # still the cached position
    poke(g)
    assert len(g.legal_actions(pol("USSR"))) == 4 + 1  # one card on four places, or pass


def test_an_equal_action_built_elsewhere_is_accepted_like_the_listed_one() -> None:
    g = new_game(1)
    card = sorted(g.state.nations["USSR"].hand)[0]
    listed = next(a for a in g.legal_actions(pol("USSR"))
                  if a == A.PlayManeuver(card, 2))
    fresh = A.PlayManeuver(card, 2)
    assert fresh is not listed
    copy = g.clone()
    assert g.apply(pol("USSR"), fresh) == copy.apply(pol("USSR"), listed)
    assert g.fingerprint() == copy.fingerprint()


def test_the_shuffle_is_fisher_yates_over_below_so_saved_games_replay() -> None:
    """The shuffle inlines the generator for speed; it must stay the documented sequence
    (every saved game replays its deals from the seed)."""
    for seed in (0, 1, 7, 2**63 + 5):
        fast, reference = Rng(seed), Rng(seed)
        for size in (0, 1, 2, 5, 12, 40):
            items = list(range(size))
            expected = items[:]
            for i in range(size - 1, 0, -1):
                j = reference.below(i + 1)
                expected[i], expected[j] = expected[j], expected[i]
            fast.shuffle(items)
            assert items == expected and fast.state == reference.state
    # Values of the original (uninlined) implementation: dice and a deal stay the same.
    dice = Rng(42)
    assert [dice.d8() for _ in range(10)] == [6, 4, 3, 5, 3, 7, 6, 5, 6, 7]
    deal = list(range(10))
    Rng(42).shuffle(deal)
    assert deal == [0, 9, 5, 8, 6, 4, 7, 2, 1, 3]
