"""Hints: the Hard AI's choice for the seat at the screen, shown on the board with one reason.

The AI thinks in the worker from the seat's view only (:class:`ui.control.hints.Hints`, through
:class:`ui.control.thinker.Thinker` as for an AI seat); the reason comes from
:func:`game.advice.advise` (also the seat's knowledge only) and is worded here: "Test Pogo
oscillation: your odds toward Luna 1 go from 44% to 71%". This module is pure Python (tested
in CPython).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import game
from game.actions import Action
from game.advice import Advice, Change

from ..model.targets import Path, Pick
from ..words.i18n import _
from ..words.names import (
    card_levels,
    deck_name,
    mission_name,
    nation_name,
    percent,
)
from .html import e, icon
from .looks import LOOKS

LEVEL = "hard"  # the AI level that gives hints
PARAMETER_DECKS = {"structure": "S", "electronics": "E", "code": "C"}  # game.advice -> deck


@dataclass(frozen=True)
class Hint:
    """The hinted action (an index into the seat's legal actions) and why."""

    seat: str
    index: int
    moves: int  # the game's length when it was given: a later action makes it stale
    routes: tuple[Path, ...]  # the board paths of the action (ui.model.targets)
    reason: str

    def target(self, pick: Pick) -> str:
        """The board thing (or option) to touch next to take the hinted action."""
        n = len(pick.chosen)
        for route in self.routes:
            if route[:n] == pick.chosen and len(route) > n:
                return route[n]
        return self.routes[0][0] if self.routes else ""


# --------------------------------------------------------------------------- words


def action_name(action: Action, view: dict[str, Any]) -> str:
    """A short plain name of an action, as a hint opens with it (ui/markup/looks.py)."""
    d = action.to_dict()
    look = LOOKS.get(str(d["type"]))
    return look.name(d, view) if look else str(d["type"])


def _n(value: float) -> int:
    return round(value)


def _moved(change: Change) -> bool:
    return _n(change.before) != _n(change.after)


def _numbers(advice: Advice) -> list[tuple[Change, str, str]]:
    """The numbers a reason may name, most telling first: (change, sentence, the parameter
    it is about when it is one)."""
    parameter = _("{parameter} goes from {before} to {after}")
    return [
        (advice.popularity, _("your Popularity goes from {before} to {after}"), ""),
        (advice.rival_popularity, _("the {rival}'s Popularity goes from {before} to {after}"),
         ""),
        *((advice.parameters[key], parameter, deck_name(deck))
          for key, deck in PARAMETER_DECKS.items()),
        (advice.budget, _("your Budget goes from {before} to {after}"), ""),
        (advice.rival_budget, _("the {rival}'s Budget goes from {before} to {after}"), ""),
    ]


def reason_text(advice: Advice, action: Action, view: dict[str, Any]) -> str:
    """One line: the action and the strongest reason for it, in the player's words."""
    name = action_name(action, view)
    odds = advice.odds
    mission = mission_name(advice.mission) if advice.mission else ""
    rival = nation_name("USSR" if advice.nation == "USA" else "USA")
    if isinstance(action, game.actions.Launch) and odds is not None:
        why = _("a {odds} chance of success").format(odds=percent(odds.after))
    elif odds is not None and percent(odds.before) != percent(odds.after):
        why = _("your odds toward {mission} go from {before} to {after}").format(
            mission=mission, before=percent(odds.before), after=percent(odds.after))
    elif moved := [number for number in _numbers(advice) if _moved(number[0])]:
        change, text, parameter = moved[0]
        why = text.format(rival=rival, parameter=parameter, before=_n(change.before),
                          after=_n(change.after))
    elif advice.money.after > advice.money.before + 0.5:
        why = _("your money goes from {before} to {after}").format(
            before=_n(advice.money.before), after=_n(advice.money.after))
    else:
        why = _quiet_reason(action)
    return _("{action}: {reason}.").format(action=name, reason=why)


def _quiet_reason(action: Action) -> str:
    """Why, for an action that moves no number at once (its effect comes later)."""
    d = action.to_dict()
    kind = d["type"]
    if kind == "play_maneuver":
        return _("when the place is evaluated it gives: {effect}").format(
            effect=card_levels(d["card"])[0])
    if kind == "place_token":
        return (_("Influence counts when the place is evaluated") if d["token"] == "influence"
                else _("the rival cannot tell a Bluff from Influence, but it counts zero"))
    if kind == "announce_mission":
        return _("a new Mission to aim the rocket at")
    if kind in ("research", "take_from_pile", "keep_tile", "take_from_line"):
        return _("a new tile to build into the rocket")
    if kind == "order_module":
        return _("a Module adds its bonus once it is delivered")
    if kind in ("pass", "pass_maneuvers", "finish_support", "end_discussion"):
        return _("nothing else is worth it now")
    return _("the strongest move the computer finds here")


def hint_html(thinking: bool, can_ask: bool) -> str:
    """The Hint button of the action bar (busy while the computer ``thinking``)."""
    if not can_ask:
        return ""
    busy = thinking
    label = _("Thinking…") if busy else _("Hint")
    tip = _("Ask the computer (Hard) what it would do here")
    state = ' disabled aria-busy="true"' if busy else ""
    return (f'<button type="button" class="hint-b" data-cmd="hint" data-testid="hint" '
            f'title="{e(tip)}"{state}>{icon("hint")} {e(label)}</button>')


def hint_line_html(hint: Hint | None) -> str:
    if hint is None:
        return ""
    return (f'<p class="hint-line" data-testid="hint-reason" role="status">{icon("hint")} '
            f"{e(hint.reason)}</p>")
