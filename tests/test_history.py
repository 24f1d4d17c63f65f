"""Undo depth, its barriers, rewinding and replaying from the log."""

from __future__ import annotations

import random

import pytest

import game
from game.analysis.history import (
    Trace,
    apply_traced,
    barriers,
    replay,
    rewind,
    traces,
    undo_depth,
    undo_walk,
)
from game.core import actions as A


def _to_engineering(seed: int) -> game.Game:
    g = game.new_game(seed)
    while g.phase != "engineering":
        seat = g.to_act()[0]
        options = g.legal_actions(seat)
        choice = next((a for a in options if a.kind in ("pass_maneuvers", "abort")), options[0])
        g.apply(seat, choice)
    return g


def test_plain_engineer_actions_can_be_undone_but_not_past_a_draw() -> None:
    g = _to_engineering(3)
    g.apply("USSR.engineer", A.TakeFromLine("S"))  # refills the line from a deck: a barrier
    g.apply("USSR.engineer", A.PlaceTile(1, 2, 0))
    risk = g.state.active[0][1][0]
    g.apply("USSR.engineer", A.Test(risk))
    assert barriers(g)[-3:] == [True, False, False]
    assert undo_depth(g, "USSR") == (2, "")
    depth, why = undo_depth(g, "USA")
    assert depth == 0 and "other nation" in why


def test_undo_stops_at_the_other_nations_move() -> None:
    g = _to_engineering(3)
    risk = g.state.active[0][1][0]
    g.apply("USSR.engineer", A.Test(risk))
    g.apply("USA.engineer", A.Test(risk))
    assert undo_depth(g, "USA")[0] == 1
    assert undo_depth(g, "USSR")[0] == 0


def test_a_fresh_game_has_nothing_to_undo() -> None:
    depth, why = undo_depth(game.new_game(1), "USA")
    assert depth == 0 and why == "Nothing has been played yet."


def test_rewind_gives_the_earlier_state_and_leaves_the_game_alone() -> None:
    g = _to_engineering(3)
    earlier = g.clone()
    g.apply("USSR.engineer", A.Test(g.state.active[0][1][0]))
    after = g.fingerprint()
    back = rewind(g, 1)
    assert back.fingerprint() == earlier.fingerprint() and back.log == earlier.log
    assert g.fingerprint() == after
    redo = back.clone()
    redo.apply(*g.log[-1])
    assert redo == g


def test_replay_steps_through_every_action_to_the_same_final_state() -> None:
    g = game.new_game(8, players=4, ruleset="preview")
    rng = random.Random(8)
    while not g.is_over:
        seat = rng.choice(g.to_act())
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    steps = list(replay(g))
    assert len(steps) == len(g.log) + 1
    assert steps[0].round == 1 and steps[0].log == []
    assert steps[-1] == g and steps[-1].to_json() == g.to_json()


def test_a_computers_move_may_be_taken_back_with_the_persons_unless_it_showed_something(
) -> None:
    g = _to_engineering(3)
    risk = g.state.active[0][1][0]
    g.apply("USSR.engineer", A.Test(risk))
    g.apply("USA.engineer", A.Test(risk))  # a computer's answer: shows nothing, rolls nothing
    assert undo_depth(g, "USSR")[0] == 0
    assert undo_depth(g, "USSR", frozenset({"USA.engineer"})) == (2, "")
    g.apply("USSR.engineer", A.PassEngineer())
    g.apply("USA.engineer", A.TakeFromLine("S"))  # refills the line from a deck
    depth, why = undo_depth(g, "USSR", frozenset({"USA.engineer"}))
    assert depth == 0 and "computer player's move" in why


def test_a_card_played_from_hand_is_a_barrier_for_the_rival_only() -> None:
    g = game.new_game(3)
    seat = g.to_act()[0]
    card = next(a for a in g.legal_actions(seat) if a.kind == "play_maneuver")
    g.apply(seat, card)
    nation = seat.split(".")[0]
    rival = "USA" if nation == "USSR" else "USSR"
    assert barriers(g, nation) == [False]
    assert barriers(g, rival) == [True] and barriers(g) == [True]
    assert undo_depth(g, nation) == (1, "")


def test_keeping_a_researched_tile_is_a_barrier_for_the_rival_only() -> None:
    """The rival learns which of the two drawn tiles was kept (the other goes face up)."""
    g = _to_engineering(3)
    g.apply("USSR.engineer", A.Research("S", "E"))  # draws: a barrier for both
    g.apply("USSR.engineer", A.KeepTile(0))
    assert barriers(g, "USSR")[-2:] == [True, False]
    assert barriers(g, "USA")[-2:] == [True, True]
    assert undo_depth(g, "USSR") == (1, "")


def test_an_evaluation_shows_both_nations_the_tokens() -> None:
    """Evaluating turns the rival's tokens face up: the evaluator may not take it back to
    place its own differently."""
    g = game.new_game(5)
    rng = random.Random(5)
    while not (g.log and g.log[-1][1].kind == "evaluate"):
        assert not g.is_over
        seat = g.to_act()[0]
        options = g.legal_actions(seat)
        plays = [a for a in options if a.kind in ("play_maneuver", "place_token")]
        g.apply(seat, plays[0] if plays and rng.random() < 0.7 else rng.choice(options))
    assert barriers(g, "USA")[-1] and barriers(g, "USSR")[-1]
    assert undo_depth(g, g.log[-1][0].split(".")[0])[0] == 0


def test_traces_kept_while_playing_equal_a_replay_and_give_the_same_undo() -> None:
    """The app keeps each action's trace as it plays (no replay per screen update); the
    barriers and undo depths must be exactly those the replay finds."""
    g = game.new_game(11)
    rng = random.Random(11)
    kept: list[Trace] = []
    while len(g.log) < 160 and not g.is_over:
        seat = rng.choice(g.to_act())
        kept.append(apply_traced(g, seat, rng.choice(g.legal_actions(seat)))[1])
        if len(g.log) % 40 == 0:
            for nation in ("USA", "USSR"):
                computer = frozenset({f"{'USSR' if nation == 'USA' else 'USA'}.politician"})
                assert undo_walk(g, nation, computer, kept) == undo_walk(g, nation, computer)
    assert kept == traces(g)
    assert [t.bars("USA") for t in kept] == barriers(g, "USA")
    assert [t.bars(None) for t in kept] == barriers(g)
    assert any(t.hidden_changed for t in kept) and any(t.shown for t in kept)
    with pytest.raises(ValueError, match="traces for"):
        undo_walk(g, "USA", frozenset(), kept[:-1])
