"""Markup of the panels: resume prompt, Saved games, replay bar, banner, undo, and the
hot-seat privacy screen and end screen shown over the table (ui.control.overlays).

Pure Python (strings only); every piece of text that came from a player or a file goes
through :func:`ui.markup.html.e`, so names and imported titles show as text, never as markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from game import NATIONS, SEATS
from game.core.names import NationId, Seat
from game.rules.records import View
from game.rules.terms import nation_of

from ..markup.html import attrs, e, emblem, icon
from ..model.replay import Chapter, Replay
from ..model.saves import Summary
from ..words.i18n import _, ngettext
from ..words.names import (
    hints_taken,
    mission_name,
    nation_name,
    outcome_name,
    phase_name,
    reason_words,
    seat_name,
)
from ..words.rules import howto_page, page


def actions_words(count: int) -> str:
    """How long a saved game is ("4 actions")."""
    return ngettext("{count} action", "{count} actions", count).format(count=count)


def resume_html(summary: Summary) -> str:
    title, saved = _("Continue your game?"), _("saved {time}").format(time=summary.saved_at)
    saves, new, go_on = _("Saved games"), _("New game"), _("Continue")
    return (f'<div class="dlg resume" role="dialog" aria-modal="true" aria-labelledby="rs-t" '
            f'data-testid="resume">'
            f'<h2 id="rs-t">{e(title)}</h2>'
            f'<p><b>{e(summary.title)}</b><br><small>{e(summary.detail)} · '
            f"{e(actions_words(summary.moves))} · {e(saved)}</small></p>"
            f'<div class="dlg-b"><button type="button" data-cmd="open-saves">{e(saves)}</button>'
            f'<button type="button" data-cmd="resume-new" data-testid="resume-new">'
            f"{e(new)}</button>"
            f'<button type="button" class="primary" data-testid="resume-continue"'
            f'{attrs(data_cmd="continue", data_key=summary.key)}>{e(go_on)}</button></div></div>')


def _entry(s: Summary, current: str | None) -> str:
    key = attrs(data_key=s.key)
    delete_words = _("Delete")
    delete = (f'<button type="button" class="del" data-cmd="delete-save" '
              f'data-testid="delete-save"{key}>{e(delete_words)}</button>')
    if not s.ok:
        unreadable, as_is = _("Unreadable saved game"), _("Export as is")
        export = (f'<button type="button" data-cmd="export-raw" data-testid="export-raw"'
                  f'{key}>{e(as_is)}</button>')
        return (f'<li class="save bad" data-testid="save-entry" data-ok="0"{key}>'
                f'<div><b>{e(unreadable)}</b><br><small>{e(s.key.rsplit(".", 1)[-1])}: '
                f'{e(s.error)}</small></div><div class="sb">{export}{delete}</div></li>')
    this_game = _("this game")
    this = f' <span class="this">{e(this_game)}</span>' if s.key == current else ""
    open_words = _("Open") if s.over else _("Continue")
    replay = _("Replay")
    return (f'<li class="save" data-testid="save-entry" data-ok="1"{key}>'
            f"<div><b>{e(s.title)}</b>{this}<br><small>{e(s.detail)} · "
            f"{e(actions_words(s.moves))} · {e(s.saved_at)}</small></div>"
            f'<div class="sb">'
            f'<button type="button" data-cmd="continue" data-testid="continue-save"{key}>'
            f"{e(open_words)}</button>"
            f'<button type="button" data-cmd="replay-saved" data-testid="replay-save"{key}>'
            f"{e(replay)}</button>{delete}</div></li>")


def saves_html(summaries: list[Summary], current: str | None, error: str = "",
               notice: str = "", held: bool = True) -> str:
    """The Saved games dialog; ``held``: this screen holds the game on the table, to export
    (a guest's shows the host's)"""
    none_yet = _("No saved games yet: games are saved here after every action.")
    items = "".join(_entry(s, current) for s in summaries) or (
        f'<li class="empty">{e(none_yet)}</li>')
    err = (f'<p class="error" role="alert" data-testid="import-error">{e(error)}</p>'
           if error else "")
    note = f'<p class="note" data-testid="saves-notice">{e(notice)}</p>' if notice else ""
    title, export = _("Saved games"), _("Export this game")
    import_words, close = _("Import a game file"), _("Close")
    return (f'<div class="dlg saves" role="dialog" aria-modal="true" aria-labelledby="sv-t" '
            f'data-testid="saves">'
            f'<h2 id="sv-t">{e(title)}</h2>'
            f'<ul class="savelist">{items}</ul>'
            f'<div class="io">'
            + (f'<button type="button" data-cmd="export" data-testid="export">'
               f'{icon("card")} {e(export)}</button>' if held else "") +
            f'<label class="file">{e(import_words)} '
            f'<input type="file" accept=".json,application/json" data-cmd="import" '
            f'data-testid="import-file"></label></div>{err}{note}'
            f'<div class="dlg-b"><button type="button" data-cmd="close-dialog" '
            f'data-testid="close-saves">{e(close)}</button></div></div>')


def share_html(link: str, actions: int) -> str:
    """The finished game as a link to send: its words, the link to copy, its length."""
    title, copy, close = _("Share this game"), _("Copy the link"), _("Close")
    about = ngettext(
        "This link holds the whole game, its {count} action packed into the link itself. "
        "It opens the game's replay and report in any browser; no server ever sees it.",
        "This link holds the whole game, its {count} actions packed into the link itself. "
        "It opens the game's replay and report in any browser; no server ever sees it.",
        actions).format(count=actions)
    size = ngettext("{count} character", "{count} characters", len(link)).format(
        count=len(link))
    copied = _("Link copied: send it to whoever should watch the game.")
    label = _("The game's link")
    return (f'<div class="dlg share" role="dialog" aria-modal="true" aria-labelledby="sh-t" '
            f'data-testid="share"><h2 id="sh-t">{e(title)}</h2><p>{e(about)}</p>'
            f'<div class="ol-link"><input type="text" readonly data-testid="share-link"'
            f"{attrs(value=link, aria_label=label)}>"
            f'<button type="button" data-cmd="copy" data-testid="share-copy"'
            f'{attrs(data_copy=link, data_copied=copied, data_status="share-copied")}>'
            f'{e(copy)}</button></div><p class="note" data-testid="share-size">{e(size)}</p>'
            f'<p class="ol-copied" role="status" data-testid="copy-status" id="share-copied">'
            f"</p>"
            f'<div class="dlg-b"><button type="button" class="primary" data-cmd="close-dialog" '
            f'data-testid="share-close">{e(close)}</button></div></div>')


def elsewhere_html(key: str, taken: bool) -> str:
    """Another tab of this browser holds the saved game ``key``: ``taken``, it took the game
    this tab was playing; else this tab asked to continue it. Taking it here stops the
    other tab, so no move is lost on either."""
    if taken:
        title = _("This game is now played in another tab")
        text = _("You went on with it in another tab or window of this browser. Moves are "
                 "made in one tab at a time, so none is lost: take it back here to go on "
                 "with every move made there.")
        take = _("Take it back here")
    else:
        title = _("This game is open in another tab")
        text = _("Another tab or window of this browser is playing it. Take it here to go "
                 "on with every move made there; that tab then stops.")
        take = _("Take it here")
    saves, new = _("Saved games"), _("New game")
    return (f'<div class="dlg elsewhere" role="dialog" aria-modal="true" '
            f'aria-labelledby="el-t" data-testid="elsewhere" data-taken="{int(taken)}">'
            f'<h2 id="el-t">{e(title)}</h2><p data-testid="elsewhere-words">{e(text)}</p>'
            f'<div class="dlg-b"><button type="button" data-cmd="open-saves">{e(saves)}</button>'
            f'<button type="button" data-cmd="open-new">{e(new)}</button>'
            f'<button type="button" class="primary" data-testid="take-here"'
            f'{attrs(data_cmd="take-here", data_key=key)}>{e(take)}</button></div></div>')


OUTCOME_MARKS = {"success": "✓", "explosion": "✗", "delayed": "…"}


def _chapter_button(number: int, chapter: Chapter, current: bool, label: str, testid: str,
                    words: str = "") -> str:
    """A button that jumps to chapter ``number`` (``current``: it holds the step shown)."""
    kind = "launch" if chapter.launch else "phase"
    return (f'<button type="button" data-cmd="rp-goto" data-testid="{testid}"'
            f'{attrs(aria_current="step" if current else None, data_chapter=number)}'
            f"{attrs(data_step=chapter.step)}"
            f"{attrs(data_round=chapter.round, data_phase=chapter.phase, data_kind=kind)}"
            f"{attrs(aria_label=words or None)}>{label}</button>")


def chapters_html(rp: Replay, index: int, chosen: int | None) -> str:
    """The game's timeline: a button for each round, and the phases and launches of the
    round shown, each jumping to its moment (``chosen``: the chapter last jumped to, marked
    while its step is shown; else the last one opened by then)."""
    shown = rp.chapter_at(index, chosen)
    rounds = "".join(
        "<li>" + _chapter_button(number, c, c.round == rp.chapters[shown].round, str(c.round),
                                 "rp-round", _("Round {round}").format(round=c.round))
        + "</li>" for number, c in rp.rounds())
    marks = []
    for number, chapter in enumerate(rp.chapters):
        if chapter.round != rp.chapters[shown].round:
            continue
        if chapter.launch:
            words = _("{nation}'s launch toward {mission}: {outcome}").format(
                nation=nation_name(chapter.nation), mission=mission_name(chapter.mission),
                outcome=outcome_name(chapter.outcome))
            label = (f"{emblem(chapter.nation)} {e(mission_name(chapter.mission))} "
                     f'<span aria-hidden="true">{OUTCOME_MARKS[chapter.outcome]}</span>')
            marks.append(_chapter_button(number, chapter, number == shown, label,
                                         "rp-chapter", words))
        else:
            marks.append(_chapter_button(number, chapter, number == shown,
                                         e(phase_name(chapter.phase)), "rp-chapter"))
    title, round_ = _("Chapters"), _("Round")
    items = "".join(f"<li>{mark}</li>" for mark in marks)
    return (f'<nav class="rp-time" data-testid="rp-chapters"{attrs(aria_label=title)}>'
            f'<span class="rp-lab">{e(round_)}</span><ol class="rp-rounds">{rounds}</ol>'
            f'<ol class="rp-marks">{items}</ol></nav>')


def _viewer_options(seat: Seat | None, seats: Sequence[str]) -> list[str]:
    """The replay's choice of view: the public one, or a seat's it offers."""
    public = _("Public view")
    options = [f'<option value=""{"" if seat else " selected"}>{e(public)}</option>']
    return options + [f'<option value="{s}"{" selected" if s == seat else ""}>'
                      f"{e(seat_name(s))}</option>" for s in SEATS if s in seats]


def _match_html(rp: Replay) -> str:
    """Whether the replayed game ends where the save says it does (its fingerprints)."""
    match = (_("final state matches the save") if rp.matches
             else _("final state does NOT match the save"))
    fingerprints = _("replayed {replayed}, saved {saved}").format(
        replayed=rp.final_fingerprint, saved=rp.saved_fingerprint)
    return (f'<span class="match {"ok" if rp.matches else "bad"}" data-testid="replay-match" '
            f'data-match="{1 if rp.matches else 0}"{attrs(title=fingerprints)}>'
            f'{"✓" if rp.matches else "✗"} {e(match)} '
            f"<code>{rp.final_fingerprint}</code></span>")


def replay_bar_html(rp: Replay, index: int, seat: Seat | None, seats: Sequence[str],
                    playing: bool = False, chosen: int | None = None) -> str:
    total = len(rp)
    options = _viewer_options(seat, seats)

    def btn(cmd: str, label: str, off: bool) -> str:
        return (f'<button type="button" data-cmd="{cmd}" data-testid="{cmd}"'
                f'{" disabled" if off else ""}>{e(label)}</button>')
    notes = "".join(f"<li>{e(t.line)}</li>" for t in rp.notes[index])
    replay, step = _("Replay"), _("Action {index} / {total}").format(index=index, total=total)
    view, leave, report = _("View"), _("Exit replay"), _("Report at this step")
    first, prev, after, last = _("« First"), _("◀ Prev"), _("Next ▶"), _("Last »")
    play = _("❚❚ Pause") if playing else _("▶ Play")
    share_words = _("Share this game")
    share = (f'<button type="button" data-cmd="share" data-testid="rp-share">'
             f"{e(share_words)}</button>" if rp.finished else "")
    return (f'<div class="replay" data-testid="replay" data-step="{index}" data-total="{total}">'
            f'<div class="bar-h"><span class="who">{icon("rocket")} {e(replay)}</span>'
            f'<span class="step" data-testid="replay-step">{e(step)}</span>'
            f"{_match_html(rp)}</div>"
            f"{chapters_html(rp, index, chosen)}"
            f'<div class="rp-b">{btn("rp-first", first, index == 0)}'
            f'{btn("rp-prev", prev, index == 0)}{btn("rp-next", after, index >= total)}'
            f'{btn("rp-last", last, index >= total)}'
            f'<button type="button" data-cmd="rp-play" data-testid="rp-play" '
            f'aria-pressed="{"true" if playing else "false"}">{e(play)}</button>'
            f'<label>{e(view)} <select data-cmd="rp-seat" data-testid="rp-seat">'
            f'{"".join(options)}</select></label>'
            f'<button type="button" data-cmd="report" data-testid="rp-report">{e(report)}'
            f"</button>{share}"
            f'<button type="button" class="primary" data-cmd="rp-exit" data-testid="rp-exit">'
            f"{e(leave)}</button></div>"
            f'<ul class="rp-notes" data-testid="replay-notes">{notes}</ul></div>')


def banner_html(kind: str, text: str) -> str:
    dismiss = _("Dismiss")
    if kind == "error":
        wrong = _("Something went wrong.")
        usable = _("The game is still usable: carry on, or save a bug report for the "
                   "developers.")
        report = _("Save a bug report")
        return (f'<div class="bn error" data-testid="error-banner"><p><b>{e(wrong)}'
                f"</b> {e(text)} {e(usable)}</p>"
                f'<button type="button" data-cmd="bug-report" '
                f'data-testid="bug-report">{e(report)}</button>'
                f'<button type="button" data-cmd="dismiss" data-testid="dismiss">{e(dismiss)}'
                f"</button></div>")
    return (f'<div class="bn {e(kind)}" data-testid="notice-banner"><p>{e(text)}</p>'
            f'<button type="button" data-cmd="dismiss" data-testid="dismiss">{e(dismiss)}'
            f"</button></div>")


def privacy_html(seat: Seat, label: str) -> str:
    """The hot-seat privacy screen before ``seat`` (played by ``label``) takes the screen."""
    nation = nation_of(seat)
    pass_to = _("Pass to {player}").format(player=label)
    away = _("Next: {seat}. Everyone else, look away: hands and face-down tokens are hidden "
             "until they confirm.").format(seat=seat_name(seat))
    show = _("I am {player}: show my board").format(player=label)
    return (f'<div class="pv {nation.lower()}">{icon(nation.lower(), "huge")}'
            f"<h2>{e(pass_to)}</h2><p>{e(away)}</p>"
            f'<button class="primary" data-testid="privacy-continue" data-cmd="privacy">'
            f"{e(show)}</button></div>")


def end_html(view: View, winner: str, end_reason: str,
             hints: dict[str, int] | None = None, whole: bool = True) -> str:
    """The end screen of a game that ``winner`` won (``end_reason``: game.Game.end_reason),
    with the hints each nation took. ``whole``: this screen holds the whole game (an online
    guest's does not: no report, replay or export there)."""
    taken = hints or {}
    stats = "".join(
        f"<li>{emblem(n)} {e(_stats(view, n))}<br>"
        f'<small data-testid="end-hints">{e(hints_taken(taken.get(n, 0)))}</small></li>'
        for n in NATIONS)
    wins = _("{nation} wins!").format(nation=nation_name(winner))
    reason = _("{reason} · round {round}").format(reason=reason_words(end_reason),
                                                  round=view.round)
    replay, export, new = _("Watch the replay"), _("Export"), _("New game")
    report = _("Game report")
    share = _("Share this game")
    whole_game = (f'<button data-testid="end-report" data-cmd="report">{e(report)}</button>'
                  f'<button data-testid="end-replay" data-cmd="replay">{e(replay)}</button>'
                  f'<button data-testid="end-share" data-cmd="share">{e(share)}</button>'
                  f'<button data-testid="end-export" data-cmd="export">{e(export)}</button>')
    return (f'<div class="endcard {winner.lower()}" role="dialog" aria-modal="true" '
            f'aria-labelledby="end-t" data-testid="end-screen" data-winner="{e(winner)}">'
            f'{icon(winner.lower(), "huge")}'
            f'<h2 id="end-t">{e(wins)}</h2><p class="reason" '
            f'data-reason="{e(end_reason)}">{e(reason)}</p><ul>{stats}</ul>'
            f'<div class="dlg-b">{whole_game if whole else ""}'
            f'<button class="primary" data-testid="end-new-game" '
            f'data-cmd="open-new">{e(new)}</button></div></div>')


def _stats(view: View, nation: NationId) -> str:
    """'Popularity 7, Budget 31, Missions 2'."""
    n = view.nations[nation]
    missions = sum(1 for c in view.completed if c.nation == nation)
    return _("Popularity {popularity}, Budget {budget}, Missions {missions}").format(
        popularity=n.popularity, budget=n.budget, missions=missions)


def rules_panel_html(section: str, howto: bool = False) -> str:
    """The rules panel: the rules page in a frame, opened at ``section`` (or the How to play
    guide, ``howto``)."""
    src = f"{page()}#{section}" if section else page()
    rules, open_tab = _("Rules"), _("Open in a tab")
    close, reference = _("Close ✕"), _("Rules reference")
    if howto:
        src, rules, reference = howto_page(), _("How to play"), _("How to play")
    return (f'<div class="rules-panel" role="dialog" aria-modal="true"{attrs(aria_label=rules)}>'
            f'<div class="rp-h">'
            f'<a href="{e(src)}" target="_blank" rel="noopener">{e(open_tab)}</a>'
            f'<button data-cmd="close-rules" data-testid="close-rules">{e(close)}</button></div>'
            f'<iframe src="{e(src)}"{attrs(title=reference)} data-testid="rules-frame">'
            f"</iframe></div>")


def confirm_html(text: str, label: str) -> str:
    """The confirmation dialog: the stakes in words, Cancel (the default) and the action."""
    sure = _("Are you sure?")
    cancel = _("Cancel")
    return (f'<div class="dlg confirm" role="alertdialog" aria-modal="true" '
            f'aria-labelledby="cf-t" aria-describedby="cf-d" data-testid="confirm">'
            f'<h2 id="cf-t">{e(sure)}</h2><p id="cf-d" data-testid="confirm-text">{e(text)}'
            f'</p><div class="dlg-b"><button type="button" data-cmd="confirm-no" '
            f'data-testid="confirm-no">{e(cancel)}</button><button type="button" '
            f'class="primary" data-cmd="confirm-yes" data-testid="confirm-yes">{e(label)}'
            f"</button></div></div>")
