"""ui.platform.precompiled in CPython: a dataclass made with the recorded methods is the same
class as one made from their text, the table answers every text it recorded, and a page
without a table changes nothing."""

from __future__ import annotations

import dataclasses
import marshal
from collections.abc import Iterator
from pathlib import Path
from types import CodeType

import pytest

from ui.platform import precompiled


@pytest.fixture
def restored() -> Iterator[None]:
    """dataclasses as it was, whatever the test installed."""
    yield
    if "exec" in vars(dataclasses):
        del dataclasses.exec  # type: ignore[attr-defined]


def make() -> tuple[type, type]:
    """Two dataclasses of the kinds the app has: frozen with slots and defaults, ordered."""
    @dataclasses.dataclass(frozen=True, slots=True)
    class Point:
        x: int
        y: int = 0
        tags: tuple[str, ...] = ()

    @dataclasses.dataclass(order=True)
    class Score:
        nation: str
        points: list[int] = dataclasses.field(default_factory=list)

    return Point, Score


def behaviour(point: type, score: type) -> list[object]:
    a, b = point(1), point(1, 2, ("x",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.x = 3  # type: ignore[attr-defined]
    return [repr(a), repr(b), a == point(1), a != b, hash(a) == hash(point(1)),
            score("USA") < score("USSR"), score("USA").points, repr(score("USSR", [1]))]


def test_recorded_methods_make_the_same_classes_and_every_text_is_answered(
    restored: None,
) -> None:
    from_text = behaviour(*make())
    table: dict[bytes, CodeType] = {}
    dataclasses.exec = precompiled.recording(table)  # type: ignore[attr-defined]
    recorded = behaviour(*make())
    assert table and recorded == from_text
    asked: list[bool] = []
    given = precompiled.replaying(marshal.loads(marshal.dumps(table)))

    def counting(source: object, globals: object = None, locals: object = None) -> None:
        if isinstance(source, str):
            asked.append(precompiled.digest(source) in table)
        given(source, globals, locals)

    dataclasses.exec = counting  # type: ignore[attr-defined]
    assert behaviour(*make()) == from_text
    assert asked and all(asked)  # every text's code came from the table


def test_a_text_the_table_lacks_is_compiled_as_before(restored: None) -> None:
    dataclasses.exec = precompiled.replaying({})  # type: ignore[attr-defined]
    assert behaviour(*make()) == behaviour(*make())


def test_without_a_table_nothing_changes_and_with_one_dataclasses_takes_it(
    tmp_path: Path, restored: None,
) -> None:
    from_text = behaviour(*make())
    assert precompiled.install(str(tmp_path / "none.marshal")) == 0
    assert "exec" not in vars(dataclasses)
    table: dict[bytes, CodeType] = {}
    dataclasses.exec = precompiled.recording(table)  # type: ignore[attr-defined]
    make()
    del dataclasses.exec  # type: ignore[attr-defined]
    path = tmp_path / "dataclasses.marshal"
    path.write_bytes(marshal.dumps(table))
    assert precompiled.install(str(path)) == len(table) > 0
    assert "exec" in vars(dataclasses)
    assert behaviour(*make()) == from_text
