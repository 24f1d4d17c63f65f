"""What the Engineer owes is named on the board: a delivered Module waiting to be installed
says which Module it is (its slot's choice depends on it), for both boards' viewers."""

from __future__ import annotations

from game.tools.tournament import medium_moves
from tests.test_ui_scene import _scene
from ui.markup.scene import scene_html
from ui.words.names import module_name


def test_a_module_waiting_to_be_installed_is_named_on_its_board() -> None:
    for g, seat, legal, _move in medium_moves(5):
        pending = g.view(seat).nations[seat.split(".")[0]].pending
        if pending is not None and pending.what == "module" and pending.module is not None:
            board = scene_html(_scene(g, seat, legal, 0))[f"board-{seat.split('.')[0]}"]
            assert module_name(pending.module.id) in board
            return
    raise AssertionError("no Module waited to be installed in the whole game")
