"""ui.markup.hints: every action a hint can name has words, and the reason says what moves."""

from __future__ import annotations

import game
from game import actions as A
from game.advice import Advice, Change, advise
from game.ai.tournament import medium_moves
from tests.test_stakes import SPUTNIK, engineering
from ui.markup.hints import Hint, action_name, reason_text
from ui.model.targets import Pick, paths


def test_every_action_in_whole_games_has_a_name_and_a_reason() -> None:
    kinds: set[str] = set()
    for seed in range(3):
        for g, seat, actions, _ in medium_moves(seed, players=2 + seed):
            view = g.view(seat)
            for action in actions:
                if action.kind not in kinds:
                    kinds.add(action.kind)
                    name = action_name(action, view)
                    assert name and name != action.kind, action
                    text = reason_text(advise(g, seat, action), action, view)
                    assert text.startswith(name + ": ") and text.endswith("."), text
    assert len(kinds) >= 20, sorted(kinds)


def _advice(**changes: Change) -> Advice:
    same = Change(5, 5)
    fields = {"popularity": same, "rival_popularity": same, "budget": same,
              "rival_budget": same, "money": same}
    fields.update(changes)
    odds = fields.pop("odds", None)
    return Advice("USA", SPUTNIK if odds else None, odds, parameters={
        "structure": same, "electronics": same, "code": same}, **fields)


def test_the_reason_names_the_biggest_thing_that_moves() -> None:
    g = engineering(SPUTNIK)
    seat = "USSR.engineer"
    test = next(a for a in g.legal_actions(seat) if isinstance(a, A.Test))
    text = reason_text(advise(g, seat, test), test, g.view(seat))
    assert text.startswith("Test ") and "your odds toward Sputnik 1 go from 38% to " in text
    view = g.view(seat)
    launch = A.Launch(SPUTNIK)
    assert reason_text(_advice(odds=Change(0.5, 0.5)), launch, view).endswith(
        "a 50% chance of success.")
    assert "your Popularity goes from 5 to 7" in reason_text(
        _advice(popularity=Change(5, 7)), A.PassEngineer(), view)
    assert "the USSR's Budget goes from 5 to 3" in reason_text(
        _advice(rival_budget=Change(5, 3)), A.PassEngineer(), view)
    structure = _advice()
    structure.parameters["structure"] = Change(1, 2)
    assert "Structure goes from 1 to 2" in reason_text(structure, A.PassEngineer(), view)
    assert reason_text(_advice(), A.PassEngineer(), view) == (
        "Pass: nothing else is worth it now.")


def test_a_hint_points_at_the_next_thing_to_touch() -> None:
    g = game.new_game(1)
    seat = g.to_act()[0]
    while not any(isinstance(a, A.PlayManeuver) for a in g.legal_actions(seat)):
        g.apply(seat, g.legal_actions(seat)[0])  # past the discussion
        seat = g.to_act()[0]
    view, actions = g.view(seat), g.legal_actions(seat)
    card = next(a for a in actions if isinstance(a, A.PlayManeuver))
    nation = seat.split(".")[0]
    hint = Hint(seat, actions.index(card), len(g.log), tuple(paths(card, view)), "why")
    pick = Pick.of(actions, view)
    first = hint.target(pick)
    assert first == f"hand:{card.card}" and first in pick.marked()
    assert pick.touch(first) is None  # the card is chosen; the place comes next
    assert hint.target(pick) == f"place:{nation}:{card.place}"
    assert hint.target(pick) in pick.marked()
