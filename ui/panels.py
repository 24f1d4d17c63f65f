"""Markup of the save/replay panels: resume prompt, Saved games, replay bar, banner.

Pure Python (strings only); every piece of text that came from a player or a file goes
through :func:`ui.html.e`, so names and imported titles show as text, never as markup.
"""

from __future__ import annotations

from .html import attrs, e, icon
from .names import seat_name
from .players import SEATS
from .replay import Replay
from .saves import KEY_PREFIX, Summary


def resume_html(summary: Summary) -> str:
    return (f'<div class="dlg resume" role="dialog" aria-modal="true" aria-labelledby="rs-t" '
            f'data-testid="resume">'
            f'<h2 id="rs-t">Continue your game?</h2>'
            f'<p><b>{e(summary.title)}</b><br><small>{e(summary.detail)} · '
            f'{summary.moves} actions · saved {e(summary.saved_at)}</small></p>'
            f'<div class="dlg-b"><button type="button" data-cmd="open-saves">Saved games</button>'
            f'<button type="button" data-cmd="resume-new" data-testid="resume-new">'
            f'New game</button>'
            f'<button type="button" class="primary" data-testid="resume-continue"'
            f'{attrs(data_cmd="continue", data_key=summary.key)}>Continue</button></div></div>')


def _entry(s: Summary, current: str | None) -> str:
    key = attrs(data_key=s.key)
    delete = (f'<button type="button" class="del" data-cmd="delete-save" '
              f'data-testid="delete-save"{key}>Delete</button>')
    if not s.ok:
        return (f'<li class="save bad" data-testid="save-entry" data-ok="0"{key}>'
                f'<div><b>Unreadable saved game</b><br><small>{e(s.key[len(KEY_PREFIX):])}: '
                f'{e(s.error)}</small></div><div class="sb">{delete}</div></li>')
    this = ' <span class="this">this game</span>' if s.key == current else ""
    return (f'<li class="save" data-testid="save-entry" data-ok="1"{key}>'
            f'<div><b>{e(s.title)}</b>{this}<br><small>{e(s.detail)} · {s.moves} actions · '
            f'{e(s.saved_at)}</small></div><div class="sb">'
            f'<button type="button" data-cmd="continue" data-testid="continue-save"{key}>'
            f'{"Open" if s.over else "Continue"}</button>'
            f'<button type="button" data-cmd="replay-saved" data-testid="replay-save"{key}>'
            f'Replay</button>{delete}</div></li>')


def saves_html(summaries: list[Summary], current: str | None, error: str = "",
               notice: str = "") -> str:
    items = "".join(_entry(s, current) for s in summaries) or (
        '<li class="empty">No saved games yet: games are saved here after every action.</li>')
    err = (f'<p class="error" role="alert" data-testid="import-error">{e(error)}</p>'
           if error else "")
    note = f'<p class="note" data-testid="saves-notice">{e(notice)}</p>' if notice else ""
    return (f'<div class="dlg saves" role="dialog" aria-modal="true" aria-labelledby="sv-t" '
            f'data-testid="saves">'
            f'<h2 id="sv-t">Saved games</h2>'
            f'<ul class="savelist">{items}</ul>'
            f'<div class="io"><button type="button" data-cmd="export" data-testid="export">'
            f'{icon("card")} Export this game</button>'
            f'<label class="file">Import a game file '
            f'<input type="file" accept=".json,application/json" data-cmd="import" '
            f'data-testid="import-file"></label></div>{err}{note}'
            f'<div class="dlg-b"><button type="button" data-cmd="close-dialog" '
            f'data-testid="close-saves">Close</button></div></div>')


def replay_bar_html(rp: Replay, index: int, seat: str | None, seats: list[str]) -> str:
    total = len(rp)
    options = [f'<option value=""{"" if seat else " selected"}>Public view</option>']
    options += [f'<option value="{s}"{" selected" if s == seat else ""}>{seat_name(s)}</option>'
                for s in SEATS if s in seats]
    def btn(cmd: str, label: str, off: bool) -> str:
        return (f'<button type="button" data-cmd="{cmd}" data-testid="{cmd}"'
                f'{" disabled" if off else ""}>{label}</button>')
    match = ("final state matches the save" if rp.matches
             else "final state does NOT match the save")
    notes = "".join(f"<li>{e(t.line)}</li>" for t in rp.notes[index])
    return (f'<div class="replay" data-testid="replay" data-step="{index}" data-total="{total}">'
            f'<div class="bar-h"><span class="who">{icon("rocket")} Replay</span>'
            f'<span class="step" data-testid="replay-step">Action {index} / {total}</span>'
            f'<span class="match {"ok" if rp.matches else "bad"}" data-testid="replay-match" '
            f'data-match="{1 if rp.matches else 0}" title="replayed {rp.final_fingerprint}, '
            f'saved {rp.saved_fingerprint}">{"✓" if rp.matches else "✗"} {match} '
            f'<code>{rp.final_fingerprint}</code></span></div>'
            f'<div class="rp-b">{btn("rp-first", "« First", index == 0)}'
            f'{btn("rp-prev", "◀ Prev", index == 0)}{btn("rp-next", "Next ▶", index >= total)}'
            f'{btn("rp-last", "Last »", index >= total)}'
            f'<label>View <select data-cmd="rp-seat" data-testid="rp-seat">'
            f'{"".join(options)}</select></label>'
            f'<button type="button" class="primary" data-cmd="rp-exit" data-testid="rp-exit">'
            f"Exit replay</button></div>"
            f'<ul class="rp-notes" data-testid="replay-notes">{notes}</ul></div>')


def banner_html(kind: str, text: str) -> str:
    if kind == "error":
        return (f'<div class="bn error" data-testid="error-banner"><p><b>Something went wrong.'
                f'</b> {e(text)} The game is still usable: carry on, or save a bug report '
                f'for the developers.</p><button type="button" data-cmd="bug-report" '
                f'data-testid="bug-report">Save a bug report</button>'
                f'<button type="button" data-cmd="dismiss" data-testid="dismiss">Dismiss'
                f"</button></div>")
    return (f'<div class="bn {e(kind)}" data-testid="notice-banner"><p>{e(text)}</p>'
            f'<button type="button" data-cmd="dismiss" data-testid="dismiss">Dismiss</button>'
            f"</div>")


def history_html(undo: int, redo: int, reason: str) -> str:
    """Undo / redo buttons for the player at the screen, with the reason undo is off."""
    why = (f'<small class="why" data-testid="undo-reason">{e(reason)}</small>'
           if not undo and reason else "")
    tip = reason or f"{undo} action(s) can be undone"
    return (f'<span class="hist">{why}'
            f'<button type="button" data-cmd="undo" data-testid="undo"'
            f'{"" if undo else " disabled"} title="{e(tip)}">'
            f"↶ Undo{f' ({undo})' if undo else ''}</button>"
            f'<button type="button" data-cmd="redo" data-testid="redo"'
            f'{"" if redo else " disabled"}>↷ Redo{f" ({redo})" if redo else ""}</button></span>')
