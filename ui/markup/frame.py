"""Markup of the table around the boards: the header, the action bar, the popover of options
on a board thing, and the log."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.actions import Action
from game.core.names import Seat
from game.rules.choices import Choices
from game.rules.records import View
from game.rules.terms import split_seat

from ..model.targets import Hint, Pick
from ..words.i18n import LANGUAGES, _, language, ngettext
from ..words.names import (
    clock,
    content,
    nation_name,
    percent,
    role_name,
    seat_name,
    speed_words,
    waiting_text,
)
from .board import tab_head_html
from .controls import BarState, bar_html, option_html
from .hinttext import hint_html, hint_line_html
from .html import attrs, e, emblem, icon, rule_link


@dataclass(frozen=True)
class Header:
    """What the header shows besides the view: the phone's tab, the AI's speed, whose view the
    table shows (or the replay's seat), and the online buttons."""

    tab: str
    speed_ms: int
    replaying: bool
    replay_seat: str | None  # a replay's chosen view (None: the public view)
    viewer: str | None  # the seat whose view is shown outside a replay (None: a spectator)
    viewer_name: str  # the player holding that seat
    hosting: bool
    guest: bool
    sound: bool  # the sound switch is on
    menu: bool  # a phone's menu of the less used tools is open
    view: View | None = None  # the table's, for what a phone's tabs say of each board
    odds: dict[str, float] | None = None  # the viewer's, by Mission


@dataclass(frozen=True)
class Bar:
    """What the action bar shows besides the view."""

    seat: Seat | None  # whose controls show (None: nobody acts on this screen now)
    actions: list[Action]
    bar: BarState
    waiting_for_players: bool
    screens: dict[str, dict[str, str]]  # where each seat is played online
    undo: tuple[int, int, str]  # (actions one Undo takes back, redos waiting, why not)
    hint_thinking: bool
    can_ask_hint: bool
    hint: Hint | None
    all_moves: bool = False  # the drawer of every control pulled open (the bar is one row)
    # the decision needs its nation's secrets, which this shared screen shows only when asked:
    # the name of the player at the screen (the bar offers only the touch that shows them)
    gated: str = ""
    # the strategic discussion at one screen: (every team with a person here, the teams still
    # talking, seconds left on its one countdown)
    talk: tuple[tuple[str, ...], tuple[str, ...], int] | None = None
    # seconds left of the seat's nation's discussion (None: its countdown has not started)
    clock: int | None = None


NO_BAR = Bar(None, [], BarState(), False, {}, (0, 0, ""), False, False, None)  # nobody acts

def _whose_view(top: Header) -> str:
    """Whose view the boards show (under the title)."""
    if top.replaying:
        return (_("Replay: {seat}'s view").format(seat=seat_name(top.replay_seat))
                if top.replay_seat else _("Replay: public view"))
    if top.viewer:
        return _("Viewing as {player} ({seat})").format(player=top.viewer_name,
                                                       seat=seat_name(top.viewer))
    return _("Spectator")


def top_html(top: Header) -> str:
    labels = ((("USA", "usa", nation_name("USA")), ("centre", "moon", _("Centre")),
               ("USSR", "ussr", nation_name("USSR"))))
    view = top.view

    def head(tab: str) -> str:
        if view is None or tab not in view.nations:
            return ""
        return " " + tab_head_html(view, tab, top.odds or {} if view.nation == tab else {})

    tabs = "".join(
        f'<button class="tab{" on" if top.tab == t else ""}" data-tab="{t}">'
        f"{icon(pic)} {e(label)}{head(t)}</button>"
        for t, pic, label in labels)
    speeds = "".join(f'<option value="{ms}"{" selected" if top.speed_ms == ms else ""}>'
                     f"{e(t)}</option>" for ms, t in speed_words().items())
    who = _whose_view(top)
    skip, boards, speed = _("Skip to the actions"), _("Boards"), _("AI speed")
    saves, replay, new = _("Saved games"), _("Replay"), _("New game")
    rules, rules_title = _("Rules"), _("The rules reference (key ?)")
    glossary, howto = _("Glossary"), _("How to play")
    players, menu = _("Online players"), _("Menu")
    online = (f'<button data-testid="online-players" data-cmd="online-panel">'
              f"{e(players)}</button>" if top.hosting else "")
    # A guest holds no game to replay: the host's browser keeps it.
    replay_button = ("" if top.guest else
                     f'<button data-testid="replay-game" data-cmd="replay">{e(replay)}</button>')
    sound = (_("Sound is on: turn it off") if top.sound else _("Sound is off: turn it on"))
    switch = (f'<button class="sound" data-cmd="sound" data-testid="sound" '
              f'aria-pressed="{str(top.sound).lower()}"{attrs(title=sound, aria_label=sound)}>'
              f'{icon("sound" if top.sound else "mute")}</button>')
    choices = "".join(f'<option value="{code}" lang="{code}"'
                      f'{" selected" if code == language() else ""}>{e(name)}</option>'
                      for code, name in LANGUAGES.items())
    return (f'<a class="skiplink" href="#actions">{e(skip)}</a>'
            # whose view the boards show stands under the title: the tools keep one row
            f'<div class="brand"><h1>{icon("rocket")} MOONSHOT '
            f"<small>The Next Giant Leap</small></h1>"
            f'<small class="viewing" data-testid="viewing">{e(who)}</small></div>'
            f'<nav class="tabs"{attrs(aria_label=boards)}>{tabs}</nav>'
            # a phone has no room for the tools in a row: they open from the menu button
            f'<button type="button" class="menu-b" data-cmd="menu" data-testid="menu" '
            f'aria-controls="tools" aria-expanded="{str(top.menu).lower()}">'
            f"☰ {e(menu)}</button>"
            f'<div class="tools{" open" if top.menu else ""}" id="tools">'
            f'<label>{e(speed)} <select data-cmd="speed">{speeds}</select></label>'
            f'{online}<button data-testid="open-saves" data-cmd="open-saves">{e(saves)}</button>'
            f"{replay_button}"
            f'<button data-testid="new-game" data-cmd="open-new">{e(new)}</button>'
            f'<button data-testid="open-howto" data-cmd="howto">{e(howto)}</button>'
            f'<button data-testid="open-rules" data-cmd="rules"{attrs(title=rules_title)}>'
            f"{e(rules)}</button>"
            f'{rule_link("glossary", glossary, "rules-link")}{switch}'
            f'<select data-cmd="lang" data-testid="language" aria-label="Language / Nyelv">'
            f"{choices}</select></div>")


def rival_moon_html(view: View, choices: Choices) -> str:
    """The announcement of a rival's Moon attempt, from its launch decision until the launches:
    a landing ends the game, so the player hears of it at once, with the rival's chance."""
    mine = view.nation
    moon = view.moon.id
    if mine is None or view.phase not in ("politics", "engineering"):
        return ""
    rival = next((launch.nation for launch in view.launches
                  if launch.mission == moon and launch.nation != mine), None)
    if rival is None or choices.rival_moon is None:
        return ""
    # the rival's path is public, its face-down Moon risks averaged over the unseen ones
    odds = percent(choices.rival_moon)
    text = _("The {rival} goes for the Moon this round: its rocket as it stands lands with "
             "{odds}. A landing wins the game (if you land too, more Popularity wins).").format(
        rival=nation_name(rival), odds=odds)
    return (f'<p class="moon-alert {rival.lower()}" role="alert" data-testid="rival-moon">'
            f'{icon("moon")} {e(text)}</p>')


def actions_html(view: View, choices: Choices, bar: Bar) -> str:
    seat = bar.seat
    alert = rival_moon_html(view, choices)
    if seat is None and bar.talk is not None:
        return alert + discussion_html(*bar.talk)
    if seat is None:
        text = (_("The game starts when every online player has joined (Online players).")
                if bar.waiting_for_players else waiting_text(view.to_act, bar.screens))
        return f'{alert}<p class="hint wait" data-testid="waiting">{e(text)}</p>'
    nation, role = split_seat(seat)
    who = (f'<span class="who {nation.lower()}" data-seat="{e(seat)}">{emblem(nation)} '
           f'{e(role_name(role))}'
           f"</span>")
    countdown = ""
    if view.phase == "discussion":
        talk = _("Strategic discussion")
        left = content().board.discussion_seconds if bar.clock is None else bar.clock
        countdown = (f'<span class="countdown">{e(talk)} '
                     f'<b id="countdown">{clock(left)}</b></span>')
    if bar.gated:
        return f'{alert}<div class="bar-h">{who}{countdown}</div>{gate_html(seat, bar.gated)}'
    body = bar_html(view, choices, seat, bar.actions, bar.bar,
                    more_html(len(bar.actions), bar.all_moves))
    hint = hint_html(bar.hint_thinking, bar.can_ask_hint) + history_html(*bar.undo)
    return (f'{alert}<div class="bar-h">{who}{countdown}{hint}</div>'
            f"{hint_line_html(bar.hint)}{body}")


def discussion_html(teams: tuple[str, ...], talking: tuple[str, ...], seconds: int) -> str:
    """The strategic discussion of every team with a person at this screen: one countdown,
    a button for each team still talking (the table shows nobody's secrets meanwhile)."""
    title = _("Strategic discussion")
    words = ngettext("The {teams} team talks over its plan, as at the table. Play goes on when "
                     "it is done or the time is up.",
                     "The {teams} teams talk over their plans at once, as at the table. Play "
                     "goes on when both are done or the time is up.", len(teams)).format(
        teams=_(" and ").join(nation_name(n) for n in teams))
    rows = []
    for nation in teams:
        if nation in talking:  # (the emblem names the team)
            done = _("We are done")
            rows.append(f'<button type="button" class="primary" data-cmd="end-discussion" '
                        f'data-testid="end-discussion"{attrs(data_nation=nation)}>'
                        f"{emblem(nation)} {e(done)}</button>")
        else:
            over = _("Done")
            rows.append(f'<span class="disc-done" data-testid="discussion-done">'
                        f"{emblem(nation)} {e(over)}</span>")
    return (f'<div class="discussion" role="group" data-testid="discussion"'
            f'{attrs(aria_label=title)}><p class="disc-h"><b>{e(title)}</b> '
            f'<span class="disc-clock" data-testid="discussion-clock" id="countdown">'
            f'{e(clock(seconds))}</span></p><p class="disc-t">{e(words)}</p>'
            f'<div class="disc-b">{"".join(rows)}</div></div>')


def gate_html(seat: Seat, name: str) -> str:
    """A decision that needs the nation's hand or token kinds, at a screen shared with the
    other nation's people: one touch shows them (the others look away), nothing else acts."""
    words = _("Your secrets (hand, token kinds, a Research draw) are hidden: the other "
              "nation's players can see this screen. When they look away:")
    show = _("I am {player}: show my secrets").format(player=name)
    return (f'<p class="hint gate" data-testid="gate">{e(words)} '
            f'<button type="button" class="primary" data-cmd="show-mine" '
            f'data-testid="show-mine">{e(show)}</button></p>')


def more_html(count: int, opened: bool) -> str:
    """The switch between the bar's one row and every control in rows, at the row's end (none
    for a single control). The page folds the options that do not fit the row into it, and
    it then reads "+N more" (``data-fold``: public/bar-fit.js); it hides itself when all fit."""
    if count <= 1 and not opened:
        return ""
    words = _("One row ▴") if opened else _("All moves ▾")
    tip = _("Every move of this decision in rows, or back to one row")
    fold = _("+{count} more ▾")
    return (f'<button type="button" class="more" data-cmd="drawer" data-drawer="moves" '
            f'aria-controls="actions" aria-expanded="{str(opened).lower()}" '
            f'data-testid="all-moves"{attrs(title=tip, data_fold=fold)}>{e(words)}</button>')


def popover_html(view: View, choices: Choices, actions: list[Action], pick: Pick,
                 hinted: str = "") -> str:
    """The options offered on the chosen board thing (a rotation, a token kind...)."""
    options = pick.options()
    if not options:
        return ""
    hint = ' data-hint="1"'
    buttons = "".join(
        f'<button type="button" class="opt" data-target="{e(target)}" data-testid="pick-option"'
        f'{hint if target == hinted else ""}>{option_html(actions[index], view, choices)}'
        f"</button>" for target, index in options)
    choose, cancel = _("Choose"), _("Cancel (Escape)")
    return (f'<div class="pop-b" role="group"{attrs(aria_label=choose)}>{buttons}'
            f'<button type="button" class="opt cancel" data-target="{e(pick.chosen[-1])}" '
            f'{attrs(title=cancel)}>✕</button></div>')


def history_html(undo: int, redo: int, reason: str) -> str:
    """Undo / redo buttons for the player at the screen, with the reason undo is off."""
    why = (f'<small class="why" data-testid="undo-reason">{e(reason)}</small>'
           if not undo and reason else "")
    tip = reason or ngettext("{count} action can be undone", "{count} actions can be undone",
                             undo).format(count=undo)
    undo_words = (_("↶ Undo ({count})").format(count=undo) if undo else _("↶ Undo"))
    redo_words = (_("↷ Redo ({count})").format(count=redo) if redo else _("↷ Redo"))
    return (f'<span class="hist">{why}'
            f'<button type="button" data-cmd="undo" data-testid="undo"'
            f'{"" if undo else " disabled"} title="{e(tip)}">'
            f"{e(undo_words)}</button>"
            f'<button type="button" data-cmd="redo" data-testid="redo"'
            f'{"" if redo else " disabled"}>{e(redo_words)}</button></span>')
