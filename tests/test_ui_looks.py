"""ui.markup.looks: every action class of the engine has its looks (board path, bar label,
hint name) in the one table."""

from __future__ import annotations

import game
from ui.markup.looks import LOOKS
from ui.model.targets import PATHS


def _kinds(cls: type[game.actions.Action]) -> set[str]:
    """The kinds of ``cls`` and of all its subclasses, however deep (by kind: a dataclass with
    slots leaves its first class behind among the subclasses)."""
    own = {cls.kind} if cls.kind else set()
    return own.union(*(_kinds(sub) for sub in cls.__subclasses__()))


def test_the_engine_has_action_kinds() -> None:
    assert len(_kinds(game.actions.Action)) >= 29
    assert set(game.actions.ACTION_TYPES) == _kinds(game.actions.Action)


def test_every_action_kind_has_its_looks() -> None:
    kinds = _kinds(game.actions.Action)
    looked = {cls.kind for cls in LOOKS}
    assert sorted(kinds - looked) == [], "action kinds with no entry in ui/markup/looks.py"
    assert sorted(looked - kinds) == [], "looks of action kinds the engine does not have"
    # keyed by the classes the engine makes its actions of
    assert all(game.actions.ACTION_TYPES[cls.kind] is cls for cls in LOOKS)
    assert all(look.cls is cls for cls, look in LOOKS.items())


def test_every_action_kind_has_a_board_path() -> None:
    assert set(PATHS) == set(LOOKS) == set(game.actions.ACTION_TYPES.values())
    assert all(LOOKS[cls].path is PATHS[cls] for cls in LOOKS)
