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
    card_name,
    deck_name,
    mission_name,
    module_name,
    nation_name,
    payload_name,
    percent,
    risk_name,
)
from .html import e, icon

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
    """A short plain name of an action, as a hint opens with it."""
    d = action.to_dict()
    kind = str(d["type"])
    me = view["nation"] or ""

    def stack(board: str, place: int) -> str:
        found = view["nations"][board]["places"][place - 1]["stack"]
        return card_name(found["card"]) if found else _("place {place}").format(place=place)

    if kind == "play_maneuver":
        return _("Play {card} on place {place}").format(card=card_name(d["card"]),
                                                        place=d["place"])
    if kind == "place_token":
        text = (_("Support {stack} with Influence") if d["token"] == "influence"
                else _("Support {stack} with a Bluff"))
        return text.format(stack=stack(d["board"], d["place"]))
    if kind == "announce_mission":
        return _("Announce a level {level} Mission").format(level=d["level"])
    if kind == "raise_influence":
        return _("Buy {amount} Influence").format(amount=d["amount"])
    if kind == "launch":
        return _("Launch toward {mission}").format(mission=mission_name(d["mission"]))
    if kind in ("evaluate", "escalate"):
        text = _("Evaluate {stack}") if kind == "evaluate" else _("Escalate {stack}")
        return text.format(stack=stack(me, d["place"]))
    if kind in ("take_from_line", "line_to_suppliers", "steal_tech"):
        text = {"take_from_line": _("Install {deck} from the Development Line"),
                "line_to_suppliers": _("Send {deck} to the Suppliers line"),
                "steal_tech": _("Steal {deck} from the rival's Development Line")}[kind]
        return text.format(deck=deck_name(d["deck"]))
    if kind == "research":
        return _("Research {first} and {second}").format(first=deck_name(d["first"]),
                                                         second=deck_name(d["second"]))
    if kind == "order_module":
        return _("Order {module}").format(module=module_name(d["module"]))
    if kind in ("test", "steal_test"):
        text = _("Test {risk}") if kind == "test" else _("Steal a Test on {risk}")
        return text.format(risk=risk_name(d["risk"]))
    if kind == "remove_sabotage":
        return _("Remove {count} Sabotage").format(count=d["count"])
    if kind in ("book_payload", "load_payload"):
        text = (_("Book {payload} onto {mission}") if kind == "book_payload"
                else _("Load {payload}"))
        return text.format(payload=payload_name(d["payload"]),
                           mission=mission_name(str(d.get("mission", ""))))
    if kind == "set_adaptivity":
        return _("Split Adaptivity {s}/{e}/{c}").format(s=d["s"], e=d["e"], c=d["c"])
    plain = {
        "end_discussion": _("End the discussion"), "pass_maneuvers": _("Pass"),
        "finish_support": _("Finish supporting"), "abort": _("Abort the launch"),
        "claim_reward": _("Claim the Mission reward"), "explore_moon": _("Explore a Moon risk"),
        "pay_for_tie": _("Pay to win the tie"), "concede_tie": _("Concede the tie"),
        "take_from_pile": _("Install the top Research tile"), "keep_tile": _("Keep this tile"),
        "place_tile": _("Place the tile here"), "install_module": _("Install the Module"),
        "pass": _("Pass"),
    }
    return plain.get(kind, kind)


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
