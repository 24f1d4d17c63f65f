"""Hints: the Hard AI's choice for the seat at the screen, shown on the board with one reason.

The AI thinks in the worker from the seat's view only (:class:`ui.control.hints.Hints`, through
:class:`ui.control.thinker.Thinker` as for an AI seat); the reason comes from
:func:`game.analysis.advice.advise` (also the seat's knowledge only) and is worded here: "Test Pogo
oscillation: your odds toward Luna 1 go from 44% to 71%". This module is pure Python (tested
in CPython).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.analysis.advice import LONG_SHOT, Reason
from game.core.actions import Action
from game.rules.records import View
from game.rules.terms import other

from ..model.targets import Path, Pick
from ..words.i18n import _
from ..words.names import (
    card_levels,
    mission_name,
    module_name,
    nation_name,
    percent,
    place_name,
    risk_name,
)
from .html import e, icon
from .looks import LOOKS

LEVEL = "hard"  # the AI level that gives hints


@dataclass(frozen=True)
class Hint:
    """The hinted action (an index into the seat's legal actions; -1: none found) and why."""

    seat: str
    index: int
    moves: int  # the game's length when it was given: a later action makes it stale
    routes: tuple[Path, ...]  # the board paths of the action (ui.model.targets)
    reason: str

    @classmethod
    def pointing(cls, seat: str, actions: list[Action], pick: Pick, moves: int,
                 action: Action) -> Hint | None:
        """``action`` of the seat's decision as a hint without words, so the board
        highlights its next step (the Tutorial's and a rule example's); None when it is not
        one of ``actions``."""
        if action not in actions:
            return None
        index = actions.index(action)
        return cls(seat, index, moves, tuple(p for p, i in pick.routes if i == index), "")

    def target(self, pick: Pick) -> str:
        """The board thing (or option) to touch next to take the hinted action."""
        n = len(pick.chosen)
        for route in self.routes:
            if route[:n] == pick.chosen and len(route) > n:
                return route[n]
        return self.routes[0][0] if self.routes else ""


# --------------------------------------------------------------------------- words


def action_name(action: Action, view: View) -> str:
    """A short plain name of an action, as a hint opens with it (ui/markup/looks.py)."""
    look = LOOKS.get(type(action))
    return look.name(action, view) if look else action.kind


def _n(value: float) -> int:
    return round(value)


def _numbers() -> dict[str, str]:
    """A number the move's own rule changes, by game.analysis.advice's name."""
    return {
        "popularity": _("your Popularity goes from {before} to {after}"),
        "rival_popularity": _("the {rival}'s Popularity goes from {before} to {after}"),
        "budget": _("your Budget goes from {before} to {after}"),
        "rival_budget": _("the {rival}'s Budget goes from {before} to {after}"),
        "rival_sabotage": _("the {rival}'s rocket gets Sabotage: {before} to {after}"),
        "sabotage": _("your rocket's Sabotage goes from {before} to {after}"),
        "money": _("your money goes from {before} to {after}"),
        "test_steal": _("your Test Steals go from {before} to {after}"),
        "tech_steal": _("your Tech Steals go from {before} to {after}"),
        "free_research": _("your free Research goes from {before} to {after}"),
        "structure": _("your rocket's Structure goes from {before} to {after}"),
        "electronics": _("your rocket's Electronics goes from {before} to {after}"),
        "code": _("your rocket's Code goes from {before} to {after}"),
    }


def _place(where: str) -> str:
    """'USA:2' as the player reads it: the place's name (on whose board)."""
    board, index = where.split(":")
    return _("{place} ({nation})").format(place=place_name(board, int(index)),
                                         nation=nation_name(board))


def why_text(reason: Reason, view: View) -> str:
    """The consequence (or the AI's estimate) in the player's words, without the move."""
    nation = view.nation or "USA"
    rival = nation_name(other(nation))
    kind, before, after = reason.kind, reason.before, reason.after
    mission = mission_name(reason.subject) if kind in ("launch", "odds", "split") else ""
    if kind == "launch":
        return _("a {odds} chance of success, the rocket as it stands").format(
            odds=percent(after))
    if kind == "odds":
        return _("your odds toward {mission} go from {before} to {after}").format(
            mission=mission, before=percent(before), after=percent(after))
    if kind == "split":
        return _("{after} toward {mission} with this split (the next best split: {before})"
                 ).format(mission=mission, before=percent(before), after=percent(after))
    number = _numbers().get(kind)
    if number is not None:
        return number.format(rival=rival, before=_n(before), after=_n(after))
    if kind == "support":
        return _("your Influence on {place} goes from {before} to {after}; the {rival} has "
                 "{tokens} tokens there").format(place=_place(reason.subject), before=_n(before),
                                                 after=_n(after), rival=rival,
                                                 tokens=reason.rival)
    if kind == "bluff":
        return _("the {rival} sees {after} of your tokens on {place}, and a Bluff counts zero"
                 ).format(rival=rival, after=_n(after), place=_place(reason.subject))
    if kind == "stack":
        card, board, index = reason.subject.rsplit(":", 2)  # the card id holds a colon
        return _("the card goes on {place}: whoever wins it there gets {effect}").format(
            place=_place(f"{board}:{index}"), effect=card_levels(card)[0])
    if kind == "tests":
        return _("your Test tokens on {risk} go from {before} to {after}").format(
            risk=risk_name(reason.subject), before=_n(before), after=_n(after))
    if kind == "evaluate":
        board, index = reason.subject.split(":")
        outcome = (_("you win it") if before > after else
                   _("it is obstructed") if before < after else _("a tie"))
        return _("your {own} Influence against the {rival}'s {theirs} on {place}: {outcome}"
                 ).format(own=_n(before), theirs=_n(after), rival=rival,
                          place=_place(f"{board}:{index}"), outcome=outcome)
    if kind == "moon":
        return _("a Moon risk turns face up: {after} of your {count} known").format(
            after=_n(after), count=reason.subject)
    if kind == "save":
        return _("you keep your {money} money for later rounds").format(money=_n(after))
    if kind == "keep":
        return _("you keep your {count} Maneuver cards in hand for later").format(
            count=_n(after))
    if kind == "tile":
        return _("a new tile to build into your rocket")
    if kind == "module":
        return _("{module} is ordered: its bonus counts once it is delivered").format(
            module=module_name(reason.subject))
    if kind == "mission":
        return _("a level {level} Mission joins the table: {count} to aim at").format(
            level=reason.subject, count=_n(after))
    if kind == "only":
        return _("the only move here")
    if reason.alternative is not None:
        return _("the computer rates your chance to win at {after} with it, {before} with "
                 "{other}").format(after=percent(after), before=percent(before),
                                   other=action_name(reason.alternative, view))
    return _("the computer rates your chance to win at {after} with it").format(
        after=percent(after))


def reason_text(reason: Reason, action: Action, view: View, warning: str = "") -> str:
    """One line: the move and its reason, then what a player must hear with it (a long-shot
    launch, or the confirmation's ``warning`` for a move the game asks about)."""
    text = _("{action}: {reason}.").format(action=action_name(action, view),
                                            reason=why_text(reason, view))
    if "long_shot" in reason.flags:
        text += " " + _("Careful: under {odds}, a long shot unless the rocket improves.").format(
            odds=percent(LONG_SHOT))
    if "warned" in reason.flags and warning:
        text += " " + _("Careful: {warning}").format(warning=warning)
    return text


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
