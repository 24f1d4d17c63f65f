"""The registry of event kinds (game.core.events): every event the engine's source emits is a
registered record, no registered kind is dead, every event of whole games crosses to a guest
and back whole, and each kind is told by the log or left out of it by name
(ui.words.narration.UNTOLD) and marked on the board or left unmarked by name
(ui.model.marks.UNMARKED), so a new kind can vanish neither from the log nor from the board
without a test failing."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from game.core.events import (
    EVENTS,
    KINDS,
    Event,
    PayloadBooked,
    RisksReshuffled,
    event_from_plain,
    event_to_plain,
)
from game.core.plain import RecordError
from ui.model.marks import MARKED, UNMARKED, event_marks
from ui.words.narration import TOLD, UNTOLD, describe

from .test_referee import _whole_game_events

GAME = Path(__file__).resolve().parent.parent / "game"
NAMES = {kind.__name__: kind for kind in KINDS}


def _emits() -> Iterator[tuple[str, str]]:
    """(where, class name) of every ``.emit(Kind(...))`` call in game/."""
    for path in sorted(GAME.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, (ast.Attribute, ast.Name)) \
                    and (node.func.attr if isinstance(node.func, ast.Attribute)
                         else node.func.id) == "emit":
                where = f"{path.relative_to(GAME.parent)}:{node.lineno}"
                first = node.args[0] if node.args else None
                assert isinstance(first, ast.Call) and isinstance(first.func, ast.Name), \
                    f"{where}: an event is made where it is emitted, so the registry is checked"
                yield where, first.func.id


def test_every_emit_of_the_source_is_a_registered_kind_and_none_is_dead() -> None:
    found: set[str] = set()
    for where, name in _emits():
        assert name in NAMES, f"{where}: {name} is not a kind of game.core.events.KINDS"
        found.add(name)
    assert found == set(NAMES), f"registered, never emitted: {sorted(set(NAMES) - found)}"
    assert len(EVENTS) == len(KINDS)  # one class per kind name


# Events whole random games seldom reach, as the engine emits them.
RARE: list[Event] = [
    PayloadBooked(nation="USA", payload="satellite", mission="M1-SPUTNIK"),
    RisksReshuffled(level=2),
]


@cache  # three tests read the same whole games
def _samples() -> dict[type[Event], Event]:
    samples: dict[type[Event], Event] = {}
    for _before, _after, event in _whole_game_events():
        samples.setdefault(type(event), event)
    for event in RARE:
        samples.setdefault(type(event), event)
    assert set(samples) == set(KINDS), f"no sample of {set(KINDS) - set(samples)}"
    return samples


def test_every_event_crosses_to_a_guest_and_back_whole() -> None:
    for event in _samples().values():
        text = json.dumps(event_to_plain(event))
        assert event_from_plain(json.loads(text)) == event


@pytest.mark.parametrize("data", [
    {"type": "tested", "nation": "USA", "risk": "R1-X", "secret": 1},  # an unknown field
    {"type": "tested", "nation": "USA"},  # a missing one
    {"type": "hand_dealt", "cards": ["USA:spy"]},  # an unknown kind
    {"nation": "USA", "risk": "R1-X"},  # no kind
    {"type": "tested", "nation": 3, "risk": "R1-X"},  # a wrong kind of value
    ["tested"],
])
def test_an_event_that_is_not_one_is_refused(data: object) -> None:
    with pytest.raises(RecordError):
        event_from_plain(data)


def test_every_kind_is_told_by_the_log_or_left_out_by_name() -> None:
    untold = {EVENTS[kind] for kind in UNTOLD}
    assert TOLD | untold == set(KINDS) and not TOLD & untold
    for kind, event in _samples().items():
        told = describe(event)
        if kind in untold:
            assert told is None, kind
        else:
            assert told, f"the log says nothing of {kind.kind!r}: tell it, or add it to UNTOLD"


def test_every_kind_is_marked_on_the_board_or_left_unmarked_by_name() -> None:
    assert set(KINDS) == MARKED | UNMARKED and not MARKED & UNMARKED
    for kind, event in _samples().items():
        marks = event_marks(event)
        if kind in UNMARKED:
            assert marks == frozenset(), kind
        else:
            assert marks and all(":" in mark or mark == "pile" for mark in marks), (kind, marks)
