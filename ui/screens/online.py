"""Online play's words and markup: the ICE setting, the host's invitations panel, the guest's
join panel, the chat, the QR code and the turn indicator's "on whose screen".

Pure Python (no browser), unit-tested in CPython (tests/test_ui_online.py). The moving parts
are :mod:`ui.links.hosting` (the host) and :mod:`ui.links.joining` (a guest).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from game.online.referee import MAX_CHAT, MAX_CHAT_LINES, MAX_WATCHERS

from ..markup.html import attrs, e
from ..model.invite import MAX_RELAY_URL, MAX_RELAYS
from ..words.i18n import _
from ..words.names import seat_name

ICE_KEY = "moonshot.ice"  # the ICE setting as last used to host (localStorage)
# Well-known public STUN servers: they tell each browser its public address and see nothing
# else. Two people on one network need none; behind strict NATs only a TURN server helps.
DEFAULT_ICE = "stun:stun.l.google.com:19302\nstun:stun.cloudflare.com:3478"
MAX_ICE_LINES = 8
ICE_SCHEMES = ("stun:", "stuns:", "turn:", "turns:")
RELAYS_KEY = "moonshot.relays"  # the signaling relays as last used to host (localStorage)
# Public MQTT brokers that anyone may use, run by three different owners: a guest's page and
# the host's meet in a room on each that both reach. They carry only sealed connection offers
# (public/relay.js); a host may name a relay of their own instead, or none.
DEFAULT_RELAYS = ("wss://broker.emqx.io:8084/mqtt\nwss://broker.hivemq.com:8884/mqtt\n"
                  "wss://test.mosquitto.org:8081/mqtt")
RELAY_SCHEMES = ("wss://", "ws://")


def parse_ice(text: str) -> list[dict[str, str]]:
    """The ICE setting (one server a line: a STUN or TURN URL, and for TURN its user name and
    password after spaces) as RTCIceServer objects. Raises ValueError saying which line is
    wrong."""
    servers: list[dict[str, str]] = []
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_ICE_LINES:
        raise ValueError(_("At most {count} servers.").format(count=MAX_ICE_LINES))
    for line in lines:
        parts = line.split()
        url = parts[0]
        if not url.startswith(ICE_SCHEMES) or len(url) > 200 or len(parts) not in (1, 3):
            raise ValueError(_("Not a STUN or TURN server: {line}").format(line=line[:60]))
        server = {"urls": url}
        if len(parts) == 3:
            server["username"], server["credential"] = parts[1], parts[2]
        servers.append(server)
    return servers


def parse_relays(text: str) -> list[str]:
    """The relays setting (one WebSocket URL of an MQTT broker a line) as a list. Raises
    ValueError saying which line is wrong."""
    relays = [line.strip() for line in text.splitlines() if line.strip()]
    if len(relays) > MAX_RELAYS:
        raise ValueError(_("At most {count} relays.").format(count=MAX_RELAYS))
    for url in relays:
        if not url.startswith(RELAY_SCHEMES) or len(url) > MAX_RELAY_URL or " " in url:
            raise ValueError(_("Not a relay's address (wss://…): {line}").format(line=url[:60]))
    return relays


def ice_json(servers: Sequence[dict[str, str]]) -> str:
    return json.dumps(list(servers), separators=(",", ":"))


@dataclass
class Invitation:
    """The host's invitation to one remote player and how far it got."""

    guest: str  # the first seat the guest plays: its name in the referee
    seats: tuple[str, ...]
    name: str  # the player's name (or seat label) as the host's dialog gave it
    status: str = "preparing"  # preparing | waiting | connected | dropped | failed
    link: str = ""
    qr: list[str] = field(default_factory=list)  # rows of the link's QR code ("1" dark)
    error: str = ""
    attempt: int = 0  # which invitation this is (ui.links.hosting: a superseded one is dropped)
    token: str = ""  # the invitation's own mark, which its answer carries back
    secret: str = ""  # the link's secret: the relays' room and its key (ui.links.hosting)
    knocked: str = ""  # the page whose knock through the relays is being answered
    channel: str = ""  # the transport's name of its open channel (ui.links.hosting.KNOCKED)


@dataclass
class WatchLink:
    """The host's watch link and the watchers it brought (ui.links.hosting)."""

    secret: str = ""  # the relays' room and its key
    link: str = ""
    qr: list[str] = field(default_factory=list)
    pages: dict[str, str] = field(default_factory=dict)  # watcher -> its page's name in the room


def qr_svg(rows: Sequence[str], label: str) -> str:
    """A QR code's modules as one SVG path (a quiet zone of 4 modules around it)."""
    if not rows:
        return ""
    size = len(rows) + 8
    path = "".join(f"M{c + 4} {r + 4}h1v1h-1z" for r, row in enumerate(rows)
                   for c, dark in enumerate(row) if dark == "1")
    return (f'<svg class="qr" role="img"{attrs(aria_label=label)} viewBox="0 0 {size} {size}" '
            f'shape-rendering="crispEdges"><rect width="{size}" height="{size}" fill="#fff"/>'
            f'<path d="{path}" fill="#000"/></svg>')


def _status_words(status: str, relays: bool) -> str:
    return {"preparing": _("Preparing the invitation…"),
            "waiting": (_("Waiting for them to open the link") if relays else
                        _("Waiting for their answer code")),
            "connected": _("Connected"),
            "dropped": (_("Connection lost: they can rejoin by opening the same link") if relays
                        else _("Connection lost: send a new invitation")),
            "failed": _("The invitation could not be made")}[status]


def _answer_box(inv: Invitation, relays: bool, reached: bool) -> str:
    """Where the host pastes a guest's answer code: folded, with relays, while one carries the
    link (open when none is reached)."""
    paste = (_("If their page shows an answer code (no relay reached), paste it here:")
             if relays else _("Their answer code (or the link they sent):"))
    connect = _("Connect")
    box = (f'<label>{e(paste)} <textarea rows="2" data-testid="answer-code" '
           f'autocomplete="off" spellcheck="false"'
           f'{attrs(name=f"answer.{inv.guest}")}></textarea></label>'
           f'<button type="button" class="primary" data-cmd="online-accept" '
           f'data-testid="online-accept"{attrs(data_guest=inv.guest)}>{e(connect)}</button>')
    if not relays:
        return box
    fold = _("Their page shows an answer code instead?")
    return (f'<details class="ol-code"{" open" if not reached else ""}>'
            f"<summary>{e(fold)}</summary>{box}</details>")


def _invitation_html(inv: Invitation, relays: bool, reached: bool = False) -> str:
    """One invitation; ``relays``: the link names relays, ``reached``: one carries it now."""
    seats = ", ".join(seat_name(s) for s in inv.seats)
    head = (f'<h3>{e(inv.name)} <small>{e(seats)}</small></h3>'
            f'<p class="ol-status" data-testid="online-status" data-status="{e(inv.status)}"'
            f'{attrs(data_guest=inv.guest)}>{e(_status_words(inv.status, relays))}</p>')
    body = ""
    if inv.link and (inv.status == "waiting" or (relays and inv.status == "dropped")):
        send = (_("Send them this link (copy it, or let them scan the code). Opening it is "
                  "all they do; it also brings them back if they drop out:") if relays else
                _("Send them this link (copy it, or let them scan the code):"))
        copy = _("Copy link")
        copied = _("Link copied: send it to {name}.").format(name=inv.name)
        status = f"copied-{inv.guest}"
        qr_label = _("QR code of the invitation link")
        body = (f'<p>{e(send)}</p><div class="ol-link">'
                f'<input type="text" readonly data-testid="invite-link"'
                f'{attrs(value=inv.link, data_guest=inv.guest, aria_label=send)}>'
                f'<button type="button" data-cmd="copy"'
                f'{attrs(data_copy=inv.link, data_copied=copied, data_status=status)}>'
                f"{e(copy)}</button></div>{copy_status(status)}{qr_svg(inv.qr, qr_label)}")
        if inv.status == "waiting":  # (after a drop the link's own offer is spent: relays only)
            body += _answer_box(inv, relays, reached)
    if inv.status != "preparing":  # a link not answered in time, or sent to no one, is
        again = _("New invitation")  # replaced by a fresh one
        body += (f'<button type="button" data-cmd="online-invite" data-testid="online-invite"'
                 f'{attrs(data_guest=inv.guest)}>{e(again)}</button>')
    error = (f'<p class="ol-error" role="alert" data-testid="online-error">{e(inv.error)}</p>'
             if inv.error else "")
    return f'<section class="ol-guest">{head}{error}{body}</section>'


def copy_status(ident: str) -> str:
    """Where a Copy button says its text is on the clipboard (ui.app.App.copy writes it),
    right under the button: the button names it as its ``data-status``."""
    return (f'<p class="ol-copied" role="status" data-testid="copy-status"'
            f"{attrs(id=ident)}></p>")


def relays_words() -> str:
    """What the signaling relays see and do not see (the host's panel and the README say it)."""
    return _("The link's secret never leaves your friends' hands: the relays see a room "
             "number made from it, sealed messages (the two browsers' connection offers), "
             "their times and your network addresses; never the game, which goes directly "
             "between the browsers.")


def _watch_html(watch: WatchLink, watching: int) -> str:
    """The watch link, for anyone to follow the game; how many watch."""
    title = _("Watchers")
    count = _("{count} of {most} watching").format(count=watching, most=MAX_WATCHERS)
    head = (f'<h3>{e(title)} <small data-testid="watching" data-count="{watching}">'
            f"{e(count)}</small></h3>")
    if not watch.link:
        return f'<section class="ol-guest">{head}</section>'
    send = _("Anyone who opens this link watches the table as a spectator sees it (no hand, "
             "no face-down token), with the log and the chat, and can never act:")
    copy = _("Copy link")
    copied = _("Watch link copied.")
    qr_label = _("QR code of the watch link")
    return (f'<section class="ol-guest">{head}<p>{e(send)}</p><div class="ol-link">'
            f'<input type="text" readonly data-testid="watch-link"'
            f'{attrs(value=watch.link, aria_label=send)}>'
            f'<button type="button" data-cmd="copy"'
            f'{attrs(data_copy=watch.link, data_copied=copied, data_status="copied-watch")}>'
            f"{e(copy)}</button></div>{copy_status('copied-watch')}"
            f"{qr_svg(watch.qr, qr_label)}</section>")


def host_panel_html(invitations: Iterable[Invitation], relays: int = 0, up: int = 0,
                    watch: WatchLink | None = None, watching: int = 0,
                    failed: str = "") -> str:
    """The host's dialog: one invitation per remote player, each with its state; ``relays``
    signaling relays named, ``up`` of them carrying the rooms now; the watch link, with
    ``watching`` watchers, when there are relays; ``failed``: why the relays could not be
    used, if so."""
    title = _("Online players")
    about = _("Your browser holds the whole game, as a game's box does; each friend's screen "
              "gets only what their seats may see.")
    about += " " + (relays_words() if relays else
                    _("The links go by whatever you use to chat: no server is involved."))
    close = _("Back to the table")
    rows = "".join(_invitation_html(inv, relays > 0, up > 0) for inv in invitations)
    if relays and watch is not None:
        rows += _watch_html(watch, watching)
    reached = _("Relays reached: {up} of {count}").format(up=up, count=relays)
    if failed:
        reached += " " + _("The relays could not be used ({why}): your friends will get "
                           "an answer code to send back.").format(why=failed)
    reach = (f'<p class="ol-relays" data-testid="relays-up" data-up="{up}">{e(reached)}</p>'
             if relays else "")
    return (f'<div class="dlg online" role="dialog" aria-modal="true" aria-labelledby="dlg-t"'
            f' data-testid="online-panel"><h2 id="dlg-t">{e(title)}</h2><p>{e(about)}</p>'
            f'{reach}<form id="online">{rows}</form>'
            f'<div class="dlg-b"><button type="button" data-cmd="close-dialog" '
            f'data-testid="online-close">{e(close)}</button></div></div>')


def join_panel_html(status: str, seats: Sequence[str], code: str = "", error: str = "",
                    relays: bool = False, watching: bool = False) -> str:
    """The guest's dialog: joining through the relays, or the answer code to send back; then
    the wait for the host. ``relays``: the link names signaling relays; ``watching``: it is
    a watch link."""
    title = _("Watch an online game") if watching else _("Join an online game")
    plays = ", ".join(seat_name(s) for s in seats)
    you = (_("You watch the table as a spectator sees it.") if watching else
           _("You play: {seats}").format(seats=plays) if seats else "")
    send_back = _("Send this answer code back to the host (copy it into your chat). The game "
                  "starts here once the host pastes it.")
    if watching:  # (no answer code: a watcher joins through the relays only)
        send_back = _("Watching needs a relay that both pages reach; ask the host which "
                      "relays to use, or try again later.")
    words = {
        "knocking": _("Joining through the relays…"),
        "connecting": _("The host answered: connecting…"),
        "preparing": _("Preparing your answer…"),
        "answer": send_back,
        "no-relay": _("No relay could be reached, so the link cannot join by itself.") + " "
                    + send_back,
        "no-host": _("The host's page did not answer through the relays: it may be closed, or "
                     "this link may be from a game that is over or was replaced.") + " "
                   + send_back,
        "expired": _("The host did not connect in time; here is a fresh answer code."),
        "dropped": (_("The connection to the host was lost. Open the same invitation link "
                      "again to rejoin.") if relays else
                    _("The connection to the host was lost. Ask the host for a new "
                      "invitation link.")),
        "failed": _("This invitation cannot be used."),
    }[status]
    body = ""
    if status in ("answer", "expired", "no-relay", "no-host") and code:
        copy = _("Copy answer code")
        copied = _("Answer code copied: send it back to the host.")
        body = (f'<textarea readonly rows="4" data-testid="answer-out" spellcheck="false"'
                f'{attrs(aria_label=copy)}>{e(code)}</textarea>'
                f'<button type="button" class="primary" data-cmd="copy" data-testid="copy-answer"'
                f'{attrs(data_copy=code, data_copied=copied, data_status="copied-answer")}>'
                f"{e(copy)}</button>{copy_status('copied-answer')}")
    about = f'<p class="ol-about">{e(relays_words())}</p>' if relays else ""
    error_html = (f'<p class="ol-error" role="alert" data-testid="online-error">{e(error)}</p>'
                  if error else "")
    leave = _("Leave")
    return (f'<div class="dlg online" role="dialog" aria-modal="true" aria-labelledby="dlg-t"'
            f' data-testid="join-panel" data-status="{e(status)}"><h2 id="dlg-t">{e(title)}</h2>'
            f'<p>{e(you)}</p><p data-testid="join-status">{e(words)}</p>{error_html}{body}{about}'
            f'<div class="dlg-b"><button type="button" data-cmd="leave-online" '
            f'data-testid="leave-online">{e(leave)}</button></div></div>')


def chat_html(lines: Sequence[tuple[str, str]], read_only: bool = False) -> str:
    """The chat: (who, line) pairs, as text only, and a one-line box to write in (none for a
    watcher: ``read_only``)."""
    shown = "".join(f'<li><b>{e(who)}</b> {e(text)}</li>' for who, text in lines[-MAX_CHAT_LINES:])
    label, send = _("Chat"), _("Send")
    head = (f'<h2>{e(label)}</h2><ol class="chat-lines" data-testid="chat-lines" '
            f'aria-live="polite">{shown}</ol>')
    if read_only:
        return head
    return (f'{head}'
            f'<form id="chat" class="chat-form"><input type="text" name="chat" '
            f'autocomplete="off" data-testid="chat-input"'
            f'{attrs(maxlength=MAX_CHAT, aria_label=label)}>'
            f'<button type="button" data-cmd="chat-send" data-testid="chat-send">{e(send)}'
            f"</button></form>")


