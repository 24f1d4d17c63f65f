"""The Tutorial's script (ui/model/tutorial.toml) can never drift from the rules: every step is
replayed through the engine, and every action the person takes has a path on the board."""

from __future__ import annotations

import re

import pytest

import game
from game.core.actions import Action
from game.core.events import (
    AdaptivitySplit,
    Event,
    LaunchDelayed,
    Liftoff,
    ManeuverEscalated,
    ManeuverWon,
    MissionSuccess,
)
from ui.model.targets import Pick, paths
from ui.model.tutorial import PERSON, Step, parse, script
from ui.words.names import (
    card_name,
    deck_name,
    mission_name,
    module_name,
    payload_name,
    risk_name,
)

TAUGHT = {  # what the guided game must have the person do (issue: the Tutorial's contents)
    "play_maneuver", "place_token", "announce_mission", "raise_influence", "launch",
    "take_from_line", "research", "keep_tile", "place_tile", "load_payload", "test",
    "order_module", "evaluate", "escalate", "abort", "pass", "pass_maneuvers",
    "claim_reward", "concede_tie", "set_adaptivity", "install_module", "remove_sabotage",
}


def replay() -> tuple[game.Game, list[tuple[str, list[Event]]]]:
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
    assert g.round == 5 and g.phase == "maneuvers"  # handed over as a round begins


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
    assert any(isinstance(e, MissionSuccess) and e.nation == PERSON for _s, e in events)
    assert any(isinstance(e, ManeuverWon) and e.nation == PERSON for _s, e in events)
    assert any(isinstance(e, ManeuverEscalated) for _s, e in events)
    assert g.round == 5


def test_it_shows_a_lost_race_a_tie_adaptivity_a_used_payload_and_a_reward_choice() -> None:
    """What a first game needs besides the basics (issue 24): each happens to the person."""
    tour = script()
    g = game.new_game(tour.seed, players=2)
    seen: set[str] = set()
    for step in tour.steps:
        if step.action is None or step.seat is None:
            continue
        legal = g.legal_actions(step.seat)
        if step.action.kind == "claim_reward" and not step.scripted:
            assert any(a.kind == "explore_moon" for a in legal)  # the choice is real
            seen.add("reward or Moon")
        if step.action.kind == "concede_tie" and not step.scripted:
            assert any(a.kind == "pay_for_tie" for a in legal)
            seen.add("tie")
        before = dict(g.state.nations[PERSON].payloads)
        for event in g.apply(step.seat, step.action):
            if isinstance(event, AdaptivitySplit) and event.nation == PERSON:
                seen.add("adaptivity")
            if isinstance(event, Liftoff) and event.nation == PERSON and before:
                assert not g.state.nations[PERSON].payloads  # used up by the launch
                seen.add("payload used up")
            if (isinstance(event, LaunchDelayed) and event.nation == PERSON
                    and event.reason == "completed"):
                assert (event.mission, "USSR") in {(m, n) for m, n, _r in g.state.completed}
                seen.add("rival first")
    assert seen == {"reward or Moon", "tie", "adaptivity", "payload used up", "rival first"}


# What the screen calls each board thing a step highlights (ui/markup/board.py, centre.py,
# looks.py), as the words its text must hold; options are named by their control's words.
def _names(target: str, g: game.Game, seat: str) -> list[str]:
    kind, _sep, rest = target.partition(":")
    parts = rest.split(":")
    view = g.view(seat)
    if kind == "hand":
        return [card_name(rest)]
    if kind == "place":
        return [f"place {parts[1]}"]
    if kind == "stack":
        stack = view.nations[parts[0]].places[int(parts[1]) - 1].stack
        assert stack is not None
        return [card_name(stack.card)]
    if kind == "mdeck":
        return [f"level {rest} Mission deck"]
    if kind == "mission":
        return [mission_name(rest)]
    if kind in ("line", "keep"):
        decks = {"line": lambda: parts[1], "keep": lambda: g.content.tiles[
            str((g.state.nations[PERSON].pending or ())[1 + int(parts[1])])].deck}
        return [f"{deck_name(decks[kind]())} tile"]
    if kind == "deck":
        return [f"{deck_name(rest)} deck"]
    if kind == "risk":
        return [risk_name(rest)]
    if kind == "modrow":
        return [module_name(rest)]
    if kind == "supplier":
        return [f"{view.supplier_prices[int(parts[1])]}$ space"]
    if kind == "opt":
        return _option_names(rest)
    return {"cell": ["cell", "tile"], "influence": ["Influence"], "rocket": ["Abort"],
            "hand-pass": ["pass"], "eng-pass": ["pass"], "tokens-done": ["Finish supporting"],
            "reward": ["reward"], "slot": ["Module slot"], "adapt": ["Adaptivity"],
            "sabotage": ["Sabotage marker"]}[kind]


def _option_names(option: str) -> list[str]:
    if option.startswith("rot"):
        return ["rotation"]
    if option.startswith("escalate:"):
        card = option.removeprefix("escalate:")
        return [card_name(card)] if card else ["Escalate to the next level"]
    if re.fullmatch(r"\d+-\d+-\d+", option):  # an Adaptivity split: where the point goes
        split = dict(zip("SEC", map(int, option.split("-")), strict=True))
        return [deck_name(d) for d, points in split.items() if points]
    if option.isdigit():
        return [option]
    if option in ("S", "E", "C", "P"):
        return [deck_name(option)]
    if option in ("astrodog", "satellite", "astronaut"):
        return [payload_name(option)]
    return {"influence": ["Influence"], "bluff": ["Bluff"], "evaluate": ["Evaluate"],
            "claim": ["Claim the Mission reward"], "concede_tie": ["Concede the tie"],
            "pay_for_tie": ["win it"], "install": ["Install"], "test": ["Test"]}[option]


SPOTS = {  # what an info step's highlighted part of the table is called on screen
    "#centre .track.pop": "Popularity", "#centre .phase": "phase",
    "#board-USA .blueprint": "Rocket Blueprint", "#centre .round": "round",
}


def _touched(step: Step, action: Action, g: game.Game) -> list[str]:
    """The board things (and options) the person touches, following the highlights."""
    assert step.seat is not None
    actions = g.legal_actions(step.seat)
    pick = Pick.of(actions, g.view(step.seat))
    touched = []
    for target in paths(action, g.view(step.seat))[0]:
        touched.append(target)
        if pick.touch(target) is not None:
            break
    return touched


def test_each_step_names_what_it_highlights_and_no_touch_it_does_not_need() -> None:
    """The words match the screen: each thing the step has the person touch is named as the
    screen names it; an action one touch takes is not told as two ("touch X, then Y")."""
    tour = script()
    g = game.new_game(tour.seed, players=2)
    checked = 0
    for number, step in enumerate(tour.steps, 1):
        words = step.words()
        if step.action is None:
            assert SPOTS[step.highlight].lower() in words.lower(), f"step {number}: {words}"
            continue
        assert step.seat is not None
        if not step.scripted:
            touched = _touched(step, step.action, g)
            for target in touched:
                names = _names(target, g, step.seat)
                assert any(n.lower() in words.lower() for n in names), (
                    f"step {number} ({target}) names none of {names}: {words}")
            if len(touched) == 1:
                assert not re.search(r"touch[^.:]*, then", words, re.IGNORECASE), (
                    f"step {number} takes one touch: {words}")
            checked += 1
        g.apply(step.seat, step.action)
    assert checked > 50


def test_the_counter_counts_only_the_persons_steps() -> None:
    tour = script()
    numbers = [tour.number(i) for i, step in enumerate(tour.steps) if not step.scripted]
    assert numbers == list(range(1, len(numbers) + 1))
    assert tour.total == len(numbers) < len(tour.steps)


def test_every_action_of_the_person_is_reached_by_following_its_highlights() -> None:
    """The board marks the first thing of the action's path, then the next, until it is
    taken (what the app highlights: ui.markup.hinttext.Hint.target over ui.model.targets)."""
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
