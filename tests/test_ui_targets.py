"""ui.model.targets: every legal action can be taken by touching the board, and only legal ones."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import game
from game.rules.records import View
from ui.markup.html import Marks
from ui.model.targets import Pick, paths, target_id

ROOT = Path(__file__).resolve().parent.parent


def positions(seed: int, players: int, ruleset: str, every: int = 3):
    """(game, seat) at many positions of a seeded random game."""
    g = game.new_game(seed, players=players, ruleset=ruleset)
    rng = random.Random(seed)
    step = 0
    while not g.is_over:
        seat = rng.choice(g.to_act())
        if step % every == 0:
            yield g, seat
        g.apply(seat, rng.choice(g.legal_actions(seat)))
        step += 1


@pytest.mark.parametrize(("seed", "players", "ruleset"),
                         [(1, 2, "v0.10.4"), (2, 4, "v0.10.4"), (3, 2, "preview"),
                          (4, 3, "preview"), (5, 2, "v0.10.4")])
def test_every_legal_action_is_reached_by_its_board_path(
        seed: int, players: int, ruleset: str) -> None:
    kinds: set[str] = set()
    for g, seat in positions(seed, players, ruleset):
        view = g.view(seat)
        actions = g.legal_actions(seat)
        all_paths = [p for a in actions for p in paths(a, view)]
        assert len(set(all_paths)) == len(all_paths), "two actions share a board path"
        for index, action in enumerate(actions):
            for path in paths(action, view):
                pick = Pick.of(actions, view)
                done = None
                for target in path:  # it completes as soon as only this action is left
                    offered = pick.marked() | {t for t, _ in pick.options()}
                    assert target in offered, f"{target} not offered for {action}"
                    done = pick.touch(target)
                    if done is not None:
                        break
                assert done == index, f"{path} took {done}, not {action}"
            kinds.add(action.kind)
    assert {"play_maneuver", "place_token", "launch", "pass"} <= kinds


def test_a_second_touch_cancels_and_another_thing_starts_over() -> None:
    g = game.new_game(1)
    seat = g.to_act()[0]
    view, actions = g.view(seat), g.legal_actions(seat)
    pick = Pick.of(actions, view)
    cards = sorted(t for t in pick.marked() if t.startswith("hand:"))
    assert len(cards) >= 2 and all(not t.startswith("place:") for t in pick.marked())
    assert pick.touch(cards[0]) is None and pick.chosen == (cards[0],)
    places = {t for t in pick.marked() if t.startswith("place:")}
    assert places and cards[0] in pick.marked() and cards[1] not in pick.marked()
    assert pick.touch(cards[0]) is None and pick.chosen == ()
    assert pick.touch(cards[0]) is None and pick.touch(cards[1]) is None
    assert pick.chosen == (cards[1],)
    assert pick.touch("nowhere") is None and pick.chosen == (cards[1],)
    # Only things that lead to a legal action are ever marked.
    everything = {p[0] for a in actions for p in paths(a, view)}
    assert Pick.of(actions, view).marked() == everything


def test_options_on_a_blueprint_cell_are_its_rotations() -> None:
    g = game.new_game(3)
    rng = random.Random(3)
    while True:
        seat = g.to_act()[0]
        actions = g.legal_actions(seat)
        if actions and all(a.kind == "place_tile" for a in actions):
            break
        g.apply(seat, rng.choice(actions))
    pick = Pick.of(actions, g.view(seat))
    cell = sorted(pick.marked())[0]
    assert cell.startswith(f"cell:{seat.split('.')[0]}:")
    assert pick.touch(cell) is None or len({a.to_dict()["row"] for a in actions}) == 1
    options = pick.options()
    assert options and all(t.startswith("opt:rot") for t, _ in options)
    assert pick.chosen_cell() == int(cell.rsplit(":", 1)[1])  # the ghost tile's cell
    index = pick.touch(options[-1][0])
    assert index == options[-1][1] and actions[index].kind == "place_tile"
    assert pick.chosen_cell() is None


def _medium_positions(seed: int, players: int):
    """(game, seat) at every decision of a game played by AI Medium (which reaches the
    rarer actions random play misses: rewards, Moon exploration, Adaptivity splits)."""
    from game.ai import get_ai

    g = game.new_game(seed, players=players)
    ai, rng = get_ai("medium"), random.Random(seed)
    while not g.is_over and g.round < 30:
        seat = rng.choice(g.to_act())
        yield g, seat
        g.apply(seat, ai.choose(g.view(seat), g.legal_actions(seat), rng))


def _drawn_targets(view: View, marks: Marks) -> set[str]:
    import re

    from ui.markup.board import board_html
    from ui.markup.centre import centre_html

    html = "".join(board_html(view, n, marks=marks) for n in ("USA", "USSR"))
    html += centre_html(view, marks, {})
    return set(re.findall(r'data-target="([^"]+)"', html))


def test_every_marked_thing_is_drawn_on_the_board_and_rare_actions_have_paths() -> None:
    """The renderers put a touchable thing wherever ui.model.targets marks one (the two name the
    same ids), before and after a first touch; AI Medium's games reach the rarer actions."""
    from html import unescape

    kinds: set[str] = set()
    games = (_medium_positions(seed, players) for seed, players in ((1, 2), (2, 4), (3, 2)))
    for g, seat in (position for positions in games for position in positions):
        view, actions = g.view(seat), g.legal_actions(seat)
        kinds.update(a.kind for a in actions)
        for index, action in enumerate(actions):  # each rare action: its path takes it
            for path in paths(action, view):
                walk = Pick.of(actions, view)
                done = next((d for d in map(walk.touch, path) if d is not None), None)
                assert done == index, (path, action)
        pick = Pick.of(actions, view)
        marked = pick.marked()
        assert marked <= {unescape(t) for t in _drawn_targets(view, Marks(marked))}
        first = sorted(marked)[0]
        if pick.touch(first) is None and pick.chosen:
            again = pick.marked()
            drawn = _drawn_targets(view, Marks(again, pick.chosen[-1]))
            assert again <= {unescape(t) for t in drawn}, (first, again)
    assert {"claim_reward", "explore_moon", "set_adaptivity", "install_module", "steal_test",
            "remove_sabotage", "load_payload", "order_module"} <= kinds, kinds


def _kinds_made_and_spelt() -> tuple[set[str], list[str]]:
    """The kinds of target ids made by ``target_id("kind", ...)`` anywhere in ui/, and each
    string or f-string elsewhere that spells an id of such a kind by hand ("cell:...")."""
    trees = {path: ast.parse(path.read_text(encoding="utf-8"))
             for path in sorted((ROOT / "ui").rglob("*.py"))}
    kinds = {node.args[0].value for tree in trees.values() for node in ast.walk(tree)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
             and node.func.id == "target_id" and node.args
             and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)}
    spelt = []
    for path, tree in trees.items():
        for node in ast.walk(tree):
            head = node.values[0] if isinstance(node, ast.JoinedStr) and node.values else node
            text = head.value if isinstance(head, ast.Constant) else None
            if isinstance(text, str) and _spells(text, kinds, isinstance(node, ast.JoinedStr)):
                spelt.append(f"{path.relative_to(ROOT)}:{node.lineno}: {text!r}")
    return kinds, spelt


def _spells(text: str, kinds: set[str], formatted: bool) -> bool:
    """``text`` (a string, or an f-string's head) spells a target id of one of ``kinds``."""
    kind, colon, rest = text.partition(":")
    return kind in kinds and bool(colon) and (bool(rest) or formatted)


def test_every_target_id_is_made_in_one_place() -> None:
    """A board thing's id ("cell:USSR:7") is made by ui.model.targets.target_id alone: the
    markup, the marks of a move and the paths of an action name the same things."""
    kinds, spelt = _kinds_made_and_spelt()
    assert {"cell", "stack", "slot", "line", "hand", "mission", "risk", "opt"} <= kinds
    assert spelt == [], spelt
    assert target_id("cell", "USSR", 7) == "cell:USSR:7" and target_id("pile") == "pile"
