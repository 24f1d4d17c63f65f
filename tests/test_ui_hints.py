"""ui.markup.hinttext: every action a hint can name has words, and the reason says what moves."""

from __future__ import annotations

import game
from game.ai.advisor import explain
from game.analysis.advice import Reason, advise
from game.core import actions as A
from game.tools.tournament import medium_moves
from tests.test_stakes import SPUTNIK, engineering
from ui.markup.hinttext import action_name, reason_text
from ui.model.targets import Hint, Pick, paths


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
                    text = reason_text(explain(g, seat, action), action, view)
                    assert text.startswith(name + ": ") and text.endswith("."), text
                    assert "{" not in text, text
    assert len(kinds) >= 20, sorted(kinds)


def test_the_reason_names_the_consequence_it_confirms() -> None:
    g = engineering(SPUTNIK)
    seat = "USSR.engineer"
    test = next(a for a in g.legal_actions(seat) if isinstance(a, A.Test))
    advice = advise(g, seat, test)
    assert advice is not None
    text = reason_text(advice, test, g.view(seat))
    assert text.startswith("Test ") and "your odds toward Sputnik 1 go from 38% to " in text
    view = g.view(seat)
    launch = A.Launch(SPUTNIK)
    assert reason_text(Reason("launch", 0.5, 0.5, SPUTNIK), launch, view).endswith(
        "a 50% chance of success, the rocket as it stands.")
    assert reason_text(Reason("launch", 0.05, 0.05, SPUTNIK, flags=("long_shot",)), launch,
                       view).endswith("Careful: under 10%, a long shot unless the rocket "
                                      "improves.")
    assert "your Popularity goes from 5 to 7" in reason_text(
        Reason("popularity", 5, 7), A.PassEngineer(), view)
    assert "the USA's Budget goes from 5 to 3" in reason_text(  # the rival of the USSR
        Reason("rival_budget", 5, 3), A.PassEngineer(), view)
    assert "your rocket's Structure goes from 1 to 2" in reason_text(
        Reason("structure", 1, 2), A.PassEngineer(), view)
    assert reason_text(Reason("save", 9, 9), A.PassEngineer(), view) == (
        "Pass: you keep your 9 money for later rounds.")
    assert reason_text(Reason("win", 0.4, 0.55, alternative=launch), A.PassEngineer(),
                       view, "a warning.") == (
        "Pass: the computer rates your chance to win at 55% with it, 40% with "
        + action_name(launch, view) + ".")
    assert reason_text(Reason("win", 0.4, 0.55, flags=("warned",)), A.PassEngineer(), view,
                       "the launch fails.").endswith("Careful: the launch fails.")


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
