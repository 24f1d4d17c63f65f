"""Markup of the table around the boards: the header, the action bar, the popover of options
on a board thing, and the log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import game
from game.actions import Action

from ..model.targets import Pick
from ..screens.newgame import speed_words
from ..screens.online import waiting_text
from ..screens.panels import history_html
from ..words.i18n import LANGUAGES, _, language
from ..words.names import emblem, nation_name, role_name, seat_name
from ..words.rules import rule_link
from .controls import BarState, bar_html, option_html
from .hints import hint_html, hint_line_html
from .html import attrs, e, icon

if TYPE_CHECKING:
    from ..app import App

def launch_odds_of(g: game.Game, seat: str, actions: list[Action]) -> dict[str, float]:
    """The exact chance of every launch the seat may decide now, by Mission."""
    nation = seat.split(".")[0]
    return {a.mission: game.launch_odds(g, nation, a.mission)
            for a in actions if isinstance(a, game.actions.Launch)}


def top_html(app: App, view: dict[str, Any]) -> str:
    labels = ((("USA", "usa", nation_name("USA")), ("centre", "moon", _("Centre")),
               ("USSR", "ussr", nation_name("USSR"))))
    tabs = "".join(
        f'<button class="tab{" on" if app.tab == t else ""}" data-tab="{t}">'
        f"{icon(pic)} {e(label)}</button>"
        for t, pic, label in labels)
    speeds = "".join(f'<option value="{ms}"{" selected" if app.setup.speed_ms == ms else ""}>'
                     f"{e(t)}</option>" for ms, t in speed_words().items())
    desk = app.replays
    viewer = app.viewer()
    if desk.on:
        who = (_("Replay: {seat}'s view").format(seat=seat_name(desk.seat)) if desk.seat
               else _("Replay: public view"))
    elif viewer:
        who = _("Viewing as {player} ({seat})").format(
            player=app.setup.display_name(viewer), seat=seat_name(viewer))
    else:
        who = _("Spectator")
    skip, boards, speed = _("Skip to the actions"), _("Boards"), _("AI speed")
    saves, replay, new = _("Saved games"), _("Replay"), _("New game")
    rules, rules_title = _("Rules"), _("The rules reference (key ?)")
    glossary, howto = _("Glossary"), _("How to play")
    players = _("Online players")
    online = (f'<button data-testid="online-players" data-cmd="online-panel">'
              f"{e(players)}</button>" if app.hosting.on else "")
    # A guest holds no game to replay: the host's browser keeps it.
    replay_button = ("" if app.joining.on else
                     f'<button data-testid="replay-game" data-cmd="replay">{e(replay)}</button>')
    choices = "".join(f'<option value="{code}" lang="{code}"'
                      f'{" selected" if code == language() else ""}>{e(name)}</option>'
                      for code, name in LANGUAGES.items())
    return (f'<a class="skiplink" href="#actions">{e(skip)}</a>'
            f'<h1>{icon("rocket")} MOONSHOT <small>The Next Giant Leap</small></h1>'
            f'<nav class="tabs"{attrs(aria_label=boards)}>{tabs}</nav>'
            f'<div class="tools"><small data-testid="viewing">{e(who)}</small>'
            f'<label>{e(speed)} <select data-cmd="speed">{speeds}</select></label>'
            f'{online}<button data-testid="open-saves" data-cmd="open-saves">{e(saves)}</button>'
            f"{replay_button}"
            f'<button data-testid="new-game" data-cmd="open-new">{e(new)}</button>'
            f'<button data-testid="open-howto" data-cmd="howto">{e(howto)}</button>'
            f'<button data-testid="open-rules" data-cmd="rules"{attrs(title=rules_title)}>'
            f"{e(rules)}</button>"
            f'{rule_link("glossary", glossary, "rules-link")}'
            f'<select data-cmd="lang" data-testid="language" aria-label="Language / Nyelv">'
            f"{choices}</select></div>")


def actions_html(app: App, view: dict[str, Any], bar: BarState) -> str:
    seat = app.controls_seat()
    if seat is None:
        text = (_("The game starts when every online player has joined (Online players).")
                if app.hosting.waiting_for_players() else
                waiting_text(view["to_act"], app.screens()))
        return f'<p class="hint wait" data-testid="waiting">{e(text)}</p>'
    nation, role = seat.split(".")
    who = (f'<span class="who {nation.lower()}">{emblem(nation)} {e(role_name(role))}'
           f"</span>")
    countdown = ""
    if app.g.phase == "discussion":
        talk = _("Strategic discussion")
        countdown = (f'<span class="countdown">{e(talk)} '
                     f'<b id="countdown">2:00</b></span>')
    body = bar_html(app.g, seat, app.actions, view, bar)
    undo, redo, reason = app.undo_state()
    hint = hint_html(app.hints, not app.tour.active) + history_html(undo, redo, reason)
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
    choose, cancel = _("Choose"), _("Cancel (Escape)")
    return (f'<div class="pop-b" role="group"{attrs(aria_label=choose)}>{buttons}'
            f'<button type="button" class="opt cancel" data-target="{e(pick.chosen[-1])}" '
            f'{attrs(title=cancel)}>✕</button></div>')

