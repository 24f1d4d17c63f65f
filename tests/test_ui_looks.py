"""ui.markup.looks: every action kind of the engine has its looks (board path, bar label,
hint name) in the one table."""

from __future__ import annotations

import game
from ui.markup.looks import LOOKS
from ui.model.targets import PATHS


def _kinds(cls: type[game.actions.Action]) -> set[str]:
    """The kinds of ``cls`` and of all its subclasses, however deep."""
    own = {cls.kind} if cls.kind else set()
    return own.union(*(_kinds(sub) for sub in cls.__subclasses__()))


def test_the_engine_has_action_kinds() -> None:
    assert len(_kinds(game.actions.Action)) >= 29


def test_every_action_kind_has_its_looks() -> None:
    kinds = _kinds(game.actions.Action)
    assert sorted(kinds - set(LOOKS)) == [], "action kinds with no entry in ui/markup/looks.py"
    assert sorted(set(LOOKS) - kinds) == [], "looks of action kinds the engine does not have"


def test_every_action_kind_has_a_board_path() -> None:
    assert set(PATHS) == _kinds(game.actions.Action)
    assert all(LOOKS[kind].path is PATHS[kind] for kind in LOOKS)
