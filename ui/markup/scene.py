"""The table drawn from one :class:`Scene`: both nations' boards, the centre, the action bar
and the options on the chosen thing, from records alone (a seat's view and choices), so a
guest's screen, which holds no game, is drawn exactly as the host's own
(tests/test_ui_scene.py draws one from the referee's messages).
"""

from __future__ import annotations

from dataclasses import dataclass

from game import NATIONS
from game.rules.choices import Choices
from game.rules.records import View
from game.rules.terms import split_seat

from ..model.targets import Pick
from ..words.names import role_name
from .board import board_html
from .centre import centre_html
from .frame import Bar, actions_html, popover_html
from .html import Marks


@dataclass(frozen=True)
class Scene:
    """One frame of the table: what the viewer sees and may do."""

    view: View  # the viewer's
    choices: Choices  # the viewer's: its odds on every Mission, its placements' outcomes
    marks: Marks
    pick: Pick
    bar: Bar  # its state's ``cell``: where a half-made placement shows its tile


def scene_html(scene: Scene) -> dict[str, str]:
    """The markup of each region of the table (by element id)."""
    view, marks = scene.view, scene.marks
    regions: dict[str, str] = {}
    for nation in NATIONS:
        roles = " & ".join(role_name(role) for nation_, role in map(split_seat, view.to_act)
                           if nation_ == nation)
        regions[f"board-{nation}"] = board_html(
            view, nation, marks=marks, ghost_cell=scene.bar.bar.cell, acting=roles,
            odds=scene.choices.odds if view.nation == nation else None)
    regions["centre"] = centre_html(view, marks, scene.choices.odds)
    regions["actions"] = actions_html(view, scene.choices, scene.bar)
    regions["pick"] = (popover_html(view, scene.choices, scene.bar.actions, scene.pick,
                                    marks.hinted) if scene.bar.seat else "")
    return regions


def main_class(view: View, tab: str) -> str:
    """The table's classes: the phone's tab in front, and the phase, which orders each
    board's parts (the one its decisions are about comes first)."""
    return f"show-{tab} phase-{view.phase}"
