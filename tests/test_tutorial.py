"""The Tutorial's script (ui/model/tutorial.toml) can never drift from the rules: every step is
replayed through the engine, and every action the person takes has a path on the board."""

from __future__ import annotations

import pytest

import game
from ui.model.targets import Pick, paths
from ui.model.tutorial import PERSON, parse, script

TAUGHT = {  # what the guided game must have the person do (issue: the Tutorial's contents)
    "play_maneuver", "place_token", "announce_mission", "raise_influence", "launch",
    "take_from_line", "research", "keep_tile", "place_tile", "load_payload", "test",
    "order_module", "evaluate", "escalate", "abort", "pass", "pass_maneuvers",
}


def replay() -> tuple[game.Game, list[tuple[str, list[dict[str, object]]]]]:
    """The tutorial's game played step by step (each action checked as the seat to act)."""
    tour = script()
    g = game.new_game(tour.seed, players=2)
    told = []
    for number, step in enumerate(tour.steps, 1):
        if step.action is None:
            continue
        assert step.seat in g.to_act(), f"step {number}: {step.seat} is not to act"
        assert step.action in g.legal_actions(step.seat), f"step {number}: not legal"
        told.append((step.seat, g.apply(step.seat, step.action)))
    return g, told


def test_every_step_is_legal_in_turn_and_the_game_goes_on() -> None:
    g, _told = replay()
    assert not g.is_over
    assert f"{PERSON}.engineer" in g.to_act()  # handed over mid-round, the person to act


def test_the_person_takes_every_action_the_tutorial_teaches() -> None:
    tour = script()
    kinds = {s.action.kind for s in tour.steps if s.action is not None and not s.scripted}
    assert kinds >= TAUGHT
    tokens = {s.action.to_dict()["token"] for s in tour.steps
              if s.action is not None and s.action.kind == "place_token" and not s.scripted}
    assert tokens == {"influence", "bluff"}


def test_a_launch_succeeds_a_maneuver_is_won_and_a_round_ends() -> None:
    g, told = replay()
    events = [(seat, e) for seat, evs in told for e in evs]
    assert any(e["type"] == "mission_success" and e.get("nation") == PERSON for _s, e in events)
    assert any(e["type"] == "maneuver_won" and e.get("nation") == PERSON for _s, e in events)
    assert any(e["type"] == "maneuver_escalated" for _s, e in events)
    assert g.round == 2


def test_every_action_of_the_person_is_reached_by_following_its_highlights() -> None:
    """The board marks the first thing of the action's path, then the next, until it is
    taken (what the app highlights: ui.markup.hints.Hint.target over ui.model.targets)."""
    tour = script()
    g = game.new_game(tour.seed, players=2)
    for step in tour.steps:
        if step.action is None or step.seat is None:
            continue
        if not step.scripted:
            actions = g.legal_actions(step.seat)
            view = g.view(step.seat)
            route = paths(step.action, view)[0]
            pick = Pick.of(actions, view)
            taken = None
            for target in route:  # the action is taken as soon as only it is left that way
                assert target in pick.marked() or target in dict(pick.options()), target
                taken = pick.touch(target)
                if taken is not None:
                    break
            assert taken is not None and actions[taken] == step.action
        g.apply(step.seat, step.action)


def test_position_follows_the_game() -> None:
    tour = script()
    assert tour.position(0) == 0
    moves = 0
    for index, step in enumerate(tour.steps):
        if step.action is not None:
            moves += 1
            after = tour.position(moves)
            assert after == index + 1
    assert tour.position(moves) == len(tour.steps) - 1  # the farewell info step


def test_follows_tells_a_tutorial_game_from_another() -> None:
    tour = script()
    g = game.new_game(tour.seed, players=2)
    for seat, action in tour.actions()[:10]:
        g.apply(seat, action)
    assert tour.follows(g)
    other = game.new_game(tour.seed + 1, players=2)
    assert not tour.follows(other)


@pytest.mark.parametrize(("text", "error"), [
    ('seed = 1\nlevel = "easy"\n[[steps]]\nseat = "USA.politician"\n', "go together"),
    ('seed = 1\nlevel = "easy"\n[[steps]]\ntext = "x"\n', "info step"),
    ('seed = 1\nlevel = "easy"\n[[steps]]\nseat = "Mars"\naction = { type = "pass" }\n',
     "unknown seat"),
    ('seed = 1\nlevel = "easy"\n[[steps]]\nseat = "USA.engineer"\naction = { type = "pass" }\n',
     "needs a text"),
])
def test_malformed_steps_are_refused(text: str, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        parse(text)
