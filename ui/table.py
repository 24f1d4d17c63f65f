"""Markup of the table around the boards: the header, the action bar, the popover of options
on a board thing, and the log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import game
from game.actions import Action

from .controls import BarState, bar_html, option_html
from .hints import hint_html, hint_line_html
from .html import e, emblem, icon
from .names import seat_name
from .panels import history_html
from .rules import rule_link
from .targets import Pick

if TYPE_CHECKING:
    from .app import App

SPEEDS = ((0, "instant"), (150, "fast"), (300, "normal"), (800, "slow"))


def launch_odds_of(g: game.Game, seat: str, actions: list[Action]) -> dict[str, float]:
    """The exact chance of every launch the seat may decide now, by Mission."""
    nation = seat.split(".")[0]
    return {a.mission: game.launch_odds(g, nation, a.mission)
            for a in actions if isinstance(a, game.actions.Launch)}


def top_html(app: App, view: dict[str, Any]) -> str:
    tabs = "".join(
        f'<button class="tab{" on" if app.tab == t else ""}" data-tab="{t}">{label}</button>'
        for t, label in (("USA", f"{icon('usa')} USA"), ("centre", f"{icon('moon')} Centre"),
                         ("USSR", f"{icon('ussr')} USSR")))
    speeds = "".join(f'<option value="{ms}"{" selected" if app.setup.speed_ms == ms else ""}>'
                     f"{t}</option>" for ms, t in SPEEDS)
    desk = app.replays
    viewer = app.viewer()
    if desk.on:
        who = (f"Replay: {e(seat_name(desk.seat))}'s view" if desk.seat
               else "Replay: public view")
    elif viewer:
        who = f"Viewing as {e(app.setup.display_name(viewer))} ({e(seat_name(viewer))})"
    else:
        who = "Spectator"
    return (f'<a class="skiplink" href="#actions">Skip to the actions</a>'
            f'<h1>{icon("rocket")} MOONSHOT <small>The Next Giant Leap</small></h1>'
            f'<nav class="tabs" aria-label="Boards">{tabs}</nav>'
            f'<div class="tools"><small data-testid="viewing">{who}</small>'
            f'<label>AI speed <select data-cmd="speed">{speeds}</select></label>'
            f'<button data-testid="open-saves" data-cmd="open-saves">Saved games</button>'
            f'<button data-testid="replay-game" data-cmd="replay">Replay</button>'
            f'<button data-testid="new-game" data-cmd="open-new">New game</button>'
            f'<button data-testid="open-rules" data-cmd="rules" '
            f'title="The rules reference (key ?)">Rules</button>'
            f'{rule_link("glossary", "Glossary", "rules-link")}</div>')


def actions_html(app: App, view: dict[str, Any], bar: BarState) -> str:
    seat = app.controls_seat()
    if seat is None:
        waiting = ", ".join(seat_name(s) for s in view["to_act"])
        text = f"Waiting for {e(waiting)}…" if waiting else ""
        return f'<p class="hint wait">{text}</p>'
    nation, role = seat.split(".")
    who = (f'<span class="who {nation.lower()}">{emblem(nation)} {e(role.capitalize())}'
           f"</span>")
    countdown = ""
    if app.g.phase == "discussion":
        countdown = ('<span class="countdown">Strategic discussion '
                     '<b id="countdown">2:00</b></span>')
    body = bar_html(app.g, seat, app.actions, view, bar)
    undo, redo, reason = app.undo_state()
    hint = hint_html(app.hints, True) + history_html(undo, redo, reason)
    return (f'<div class="bar-h">{who}{countdown}{hint}</div>'
            f"{hint_line_html(app.hints.current())}{body}")


def popover_html(g: game.Game, seat: str, actions: list[Action], view: dict[str, Any],
                 pick: Pick, hinted: str = "") -> str:
    """The options offered on the chosen board thing (a rotation, a token kind...)."""
    options = pick.options()
    if not options:
        return ""
    hint = ' data-hint="1"'
    buttons = "".join(
        f'<button type="button" class="opt" data-target="{e(target)}" data-testid="pick-option"'
        f'{hint if target == hinted else ""}>{option_html(g, seat, actions[index], view)}'
        f"</button>" for target, index in options)
    return (f'<div class="pop-b" role="group" aria-label="Choose">{buttons}'
            f'<button type="button" class="opt cancel" data-target="{e(pick.chosen[-1])}" '
            f'title="Cancel (Escape)">✕</button></div>')

