"""The registry of event kinds (game.core.events): every kind the engine's source emits is
registered with every field it carries, no registered kind is dead, and each kind is told by
the log or left out of it by name (ui.words.narration.UNTOLD), so a new kind can neither
slip past the referee's list nor vanish from the log without a test failing."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game.core.events import EVENTS
from ui.words.narration import UNTOLD, describe

from .test_referee import _whole_game_events

GAME = Path(__file__).resolve().parent.parent / "game"


def _emits() -> Iterator[tuple[str, str, set[str]]]:
    """(where, kind, fields) of every ``.emit("kind", field=...)`` call in game/."""
    for path in sorted(GAME.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "emit":
                where = f"{path.relative_to(GAME.parent)}:{node.lineno}"
                first = node.args[0] if node.args else None
                assert isinstance(first, ast.Constant) and isinstance(first.value, str), \
                    f"{where}: an event's kind is a literal, so the registry can be checked"
                assert all(k.arg is not None for k in node.keywords), \
                    f"{where}: an event's fields are named, not spread from a dict"
                yield where, first.value, {str(k.arg) for k in node.keywords}


def test_every_emit_of_the_source_is_registered_with_its_fields() -> None:
    found: set[str] = set()
    for where, kind, fields in _emits():
        assert kind in EVENTS, f"{where}: the event kind {kind!r} is not in game.core.events"
        assert fields <= EVENTS[kind], f"{where}: {sorted(fields - EVENTS[kind])} of {kind}"
        found.add(kind)
    assert found == set(EVENTS), f"registered, never emitted: {sorted(set(EVENTS) - found)}"


# Events whole random games seldom reach, as the engine emits them.
RARE: list[dict[str, Any]] = [
    {"type": "payload_booked", "nation": "USA", "payload": "satellite", "mission": "M1-SPUTNIK"},
    {"type": "risks_reshuffled", "level": 2},
]


def test_every_kind_is_told_by_the_log_or_left_out_by_name() -> None:
    assert set(EVENTS) >= UNTOLD
    samples: dict[str, dict[str, Any]] = {}
    for _before, _after, event in _whole_game_events():
        samples.setdefault(event["type"], event)
    for event in RARE:
        samples.setdefault(event["type"], event)
    assert set(samples) == set(EVENTS), f"no sample of {sorted(set(EVENTS) - set(samples))}"
    for kind, event in samples.items():
        told = describe(event)
        if kind in UNTOLD:
            assert told is None, kind
        else:
            assert told, f"the log says nothing of {kind!r}: tell it, or add it to UNTOLD"
