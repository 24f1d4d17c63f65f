"""The host's side of an online game: the referee, one invitation per remote player, the
data channels to them (:file:`public/peer.js`), and the signaling relays through which a
guest's page knocks and is answered (:file:`public/relay.js`).

The host's browser holds the whole game (as a physical game's box does). Every guest message
goes to :class:`game.online.referee.Referee`, which checks it with the engine before anything
changes; every move, wherever it was made, goes out as each guest's own picture.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core.events import Event, event_from_plain
from game.online.referee import MAX_GUEST_MESSAGE, Referee, Refused

from ..loop.messages import AcceptAnswer, Handle, Invite, Msg, OnlinePanel, on
from ..model.invite import (
    LOBBY_KEY,
    BadCode,
    link,
    pack,
    read_relay_message,
    relay_message,
    unpack,
)
from ..model.match import Match
from ..model.roles import Overlays, Peers, Screen, Tasks, TurnLoop
from ..model.table import Table
from ..platform.port import Platform
from ..screens.online import (
    DEFAULT_ICE,
    DEFAULT_RELAYS,
    ICE_KEY,
    RELAYS_KEY,
    Invitation,
    WatchLink,
    host_panel_html,
    ice_json,
    parse_ice,
    parse_relays,
)
from ..words.i18n import _, ngettext
from ..words.narration import Told, note

REFUSED_LINES = 10  # lines the log gives one guest's refusals; one more counts the rest
WATCH_ROOM = "watch"  # the relays' room of the watch link (a guest's room is its first seat)
# The relays' room of every link this browser hosts (its secret kept in LOBBY_KEY): a link
# whose own room is silent (another game's, a replaced invitation's, a seat's already
# played) asks here, and is told so in words.
LOBBY_ROOM = "lobby"
WATCHER = "watch-"  # the transport's name of a watcher: this, and its number
WATCHERS_LOG = "watchers"  # whose refusals the log counts together, however many came
WATCH_OPEN_S = 30.0  # a watcher answered whose channel has not opened by then is let go
# A knock is answered on a channel of its own, named the guest's and this: the invitation's
# offer (its link's answer-code path) stays open until one of the two is joined.
KNOCKED = "~relay"


@dataclass
class CountedLine:
    """A log line that counts up in place: how many so far, and the line as last told."""

    count: int = 0
    told: Told | None = None


@dataclass
class RefusedLog:
    """One guest's refusals as the log tells them."""

    why: str = ""  # the reason of the last line told ...
    last: CountedLine = field(default_factory=CountedLine)  # ... counted in a row there
    lines: int = 0  # lines told
    more: CountedLine = field(default_factory=CountedLine)  # refusals past REFUSED_LINES
    unread: CountedLine = field(default_factory=CountedLine)  # dropped unread by the transport


class Hosting:
    """Offers :class:`ui.model.roles.Hosted`; the app asks it as either side of an online
    game (a peer's event, a chat line, where each seat is played)."""

    def __init__(self, dom: Platform, table: Table, match: Match, screen: Screen, tasks: Tasks,
                 turns: TurnLoop, overlays: Overlays, peers: Peers) -> None:
        self.dom = dom
        self.table = table
        self.match = match  # the game the referee plays (its guests' moves applied to it)
        self.screen = screen
        self.tasks = tasks
        self.turns = turns
        self.overlays = overlays
        self.peers = peers
        self.referee: Referee | None = None
        self.invitations: dict[str, Invitation] = {}
        self.refused_log: dict[str, RefusedLog] = {}  # guest -> its refusals in the log
        self.attempts = 0  # numbers each invitation made: a superseded one is dropped
        self.relays: list[str] = []  # the signaling relays of this game (none: codes only)
        self.entered: set[str] = set()  # the guests whose rooms the relays carry now
        self.relays_up: set[str] = set()  # the relays that carry a room now
        self.watch = WatchLink()  # the watch link, and the watchers it brought
        self.lobby = ""  # the lobby's secret (with relays)
        self.watchers_made = 0  # watchers answered, ever: each is named by its number
        self.relays_failed = ""  # why the relays could not be used, if so

    @property
    def on(self) -> bool:
        return self.referee is not None

    def handlers(self) -> list[tuple[type[Msg], Handle]]:
        return [on(OnlinePanel, lambda _m: self.open_panel() if self.on else None),
                on(Invite, lambda m: self.tasks.spawn(self.invite(m.guest))),
                on(AcceptAnswer, lambda m: self.tasks.spawn(self.accept(m.guest, m.answer)))]

    def ice_text(self) -> str:
        """The ICE setting: as last used to host, else the default public STUN servers."""
        stored = self.dom.storage_get(ICE_KEY)
        return DEFAULT_ICE if stored is None else stored

    def relays_text(self) -> str:
        """The relays setting: as last used to host, else the default public relays."""
        stored = self.dom.storage_get(RELAYS_KEY)
        return DEFAULT_RELAYS if stored is None else stored

    def reset(self) -> None:
        """Hang up on every guest (a new or loaded game takes the table)."""
        for guest in [*self.invitations, *self.watch.pages]:
            self.dom.peer_close(guest)
            self.dom.peer_close(guest + KNOCKED)
        self._leave_rooms()
        self.watch = WatchLink()
        self.referee = None
        self.invitations = {}
        self.refused_log = {}
        if self.table.link == "host":
            self.table.go_online("")

    def begin(self) -> None:
        """The game on the table has remote players: a referee, and an invitation each."""
        table = self.table
        self.reset()
        guests = table.setup.guests()
        if not guests:
            return
        self.referee = Referee.for_game(self.match.game, {group[0]: group for group in guests},
                                        self._screens(), self.turns.seconds_left)
        table.go_online("host", self.referee.waiting)
        table.seat_screens(self.referee.screens)
        for group in guests:
            self.invitations[group[0]] = Invitation(group[0], group,
                                                    table.setup.display_name(group[0]))
        try:
            self.relays = parse_relays(self.relays_text())
        except ValueError:  # (the dialog checked it; a stored one edited by hand is not used)
            self.relays = []
        if self.relays:
            self.lobby = self.dom.storage_get(LOBBY_KEY) or secrets.token_urlsafe(16)
            self.dom.storage_set(LOBBY_KEY, self.lobby)
        self.open_panel()
        self.tasks.spawn(self._invite_all())

    def _screens(self) -> dict[str, dict[str, str]]:
        setup = self.table.setup
        out: dict[str, dict[str, str]] = {}
        for group in setup.groups():
            where = ("ai" if setup.is_ai(group[0]) else
                     "guest" if setup.is_remote(group[0]) else "host")
            for seat in group:
                # the player's own name, if the host gave one ("" otherwise)
                out[seat] = {"where": where, "name": setup.names.get(group[0], "").strip()}
        return out

    # ------------------------------------------------------------------ invitations

    async def _invite_all(self) -> None:
        for guest in list(self.invitations):
            await self.invite(guest)
        if self.relays:
            await self._watch_link()

    def _meeting(self, secret: str, lobby: bool = True) -> dict[str, Any]:
        """What a link needs to meet this page on the relays: its room's secret, the relays,
        and (a player's link: one given to a friend, not one shared widely) the lobby's
        secret and this game."""
        meeting: dict[str, Any] = {"key": secret, "relays": self.relays}
        if lobby:
            meeting |= {"lobby": self.lobby, "game": self.table.save_id}
        return meeting

    async def _watch_link(self) -> None:
        """The watch link: the public table for anyone who opens it, through the relays (a
        watcher's page knocks in its room as a guest's does)."""
        watch = self.watch
        secret = secrets.token_urlsafe(16)
        address = link(self.dom.page_address(), pack("offer", {
            "watch": True, "seats": [], "ice": parse_ice(self.ice_text()),
            **self._meeting(secret, lobby=False)}))
        watch.qr = await self.dom.qr_modules(address)
        watch.link, watch.secret = address, secret
        await self._sync_rooms()
        self.draw()

    async def invite(self, guest: str) -> None:
        """A fresh invitation for ``guest`` (a new connection; an old one is hung up)."""
        inv = self.invitations.get(guest)
        if inv is None or self.referee is None:
            return
        # the old mark goes at once: no answer to the old link fits while the new one is made
        inv.status, inv.link, inv.qr, inv.error, inv.token = "preparing", "", [], "", ""
        self.draw()
        self.attempts += 1
        attempt = inv.attempt = self.attempts
        try:
            servers = parse_ice(self.ice_text())
            await self.peers.listen()
            sdp = await self.dom.peer_offer(guest, ice_json(servers), MAX_GUEST_MESSAGE, True)
            token = secrets.token_urlsafe(9)
            payload: dict[str, Any] = {"sdp": sdp, "ice": servers, "seats": list(inv.seats),
                                       "id": token}
            # a new invitation, a new secret: the old link's room is left, so it no longer joins
            secret = secrets.token_urlsafe(16)
            if self.relays:
                payload |= self._meeting(secret)
            address = link(self.dom.page_address(), pack("offer", payload))
            rows = await self.dom.qr_modules(address)
            if inv.attempt == attempt:
                inv.link, inv.qr, inv.status, inv.token = address, rows, "waiting", token
                inv.secret, inv.knocked = secret, ""
                self.entered.discard(guest)
                await self._sync_rooms()
        except Exception as exc:  # no WebRTC here, a bad setting, the QR library missing
            if inv.attempt == attempt:
                inv.status, inv.error = "failed", str(exc)[:300]
        if inv.attempt == attempt and self.invitations.get(guest) is inv:
            self.draw()  # (a newer invitation, or another game, may have come meanwhile)

    async def accept(self, guest: str, text: str) -> None:
        """The answer code (or link) ``guest`` sent back: connect."""
        inv = self.invitations.get(guest)
        if inv is None:
            return
        inv.error = ""
        try:
            answer = unpack("answer", text)
            sdp = answer.get("sdp")
            if not isinstance(sdp, str):
                raise BadCode(_("This answer code holds no connection details."))
            self._check_token(inv, answer.get("id"))
            await self.dom.peer_accept(guest, sdp)
        except BadCode as exc:
            inv.error = str(exc)
        except Exception as exc:  # the browser refused the answer (an old or foreign one)
            inv.error = _("This answer does not fit this invitation ({why}).").format(
                why=str(exc)[:200])
        self.draw()

    def _check_token(self, inv: Invitation, token: Any) -> None:
        """An answer is taken only by the invitation it answers: one to an older invitation
        (before a New invitation or a reload), or to another player's, is refused at once,
        and this invitation stays open for the right one."""
        if inv.status == "connected":
            raise BadCode(_("{name} is already connected.").format(name=inv.name))
        if token == inv.token and inv.token:
            return
        other = next((i for i in self.invitations.values() if i.token and i.token == token),
                     None)
        if other is not None:
            raise BadCode(_("This answer is {other}'s: paste it in {other}'s box.").format(
                other=other.name))
        raise BadCode(_("This answer belongs to an older invitation. Ask {name} to open the "
                        "newest link (or press New invitation and send that one); this "
                        "invitation stays open.").format(name=inv.name))

    # ------------------------------------------------------------------ the relays

    async def _sync_rooms(self) -> None:
        """The relays carry every invitation's room while a seat is still to be joined (a
        first join, or a rejoin after a drop), and none once every seat is; the watch link's
        room while a watcher's place is free (quiet: this page sends the relays nothing
        unless a watcher knocks)."""
        if not self.relays or self.referee is None:
            return
        rooms = self._rooms_wanted()
        for room in self.entered - set(rooms):
            self.dom.relay_leave(room)
        self.entered &= set(rooms)
        if not self.entered:
            self.relays_up = set()
        try:
            if set(rooms) - self.entered:
                await self.peers.listen_relays()
            relays = json.dumps(self.relays)
            for room, secret in rooms.items():
                if room not in self.entered:
                    self.entered.add(room)
                    await self.dom.relay_enter(room, relays, secret)
        except Exception as exc:  # the MQTT client not loaded, no WebCrypto (not https)
            self.relays_failed = str(exc)[:200]  # (the answer codes still work)
            self.draw()

    def _rooms_wanted(self) -> dict[str, str]:
        """The rooms the relays should carry now, each with its secret."""
        rooms: dict[str, str] = {}
        if not all(inv.status == "connected" for inv in self.invitations.values()):
            rooms = {guest: inv.secret for guest, inv in self.invitations.items() if inv.secret}
        if self.watch.secret:  # (full, a knock there is told so)
            rooms[WATCH_ROOM] = self.watch.secret
        if self.lobby:
            rooms[LOBBY_ROOM] = self.lobby
        return rooms

    def _leave_rooms(self) -> None:
        for room in self.entered:
            self.dom.relay_leave(room)
        self.entered = set()
        self.relays_up = set()

    def on_relay(self, room: str, kind: str, text: str) -> None:
        """An event of the relays in ``room``: a guest's (its first seat) or the watchers'
        (public/relay.js)."""
        inv = self.invitations.get(room)
        if self.referee is None or room not in self.entered:
            return
        if kind in ("up", "down"):
            (self.relays_up.add if kind == "up" else self.relays_up.discard)(text)
            self.draw()
            return
        message = read_relay_message(text) if kind == "message" else None
        if message is not None:
            self._heard(room, inv, message)

    def _heard(self, room: str, inv: Invitation | None, message: dict[str, str]) -> None:
        """A message in ``room``: a knock in an invitation's room or the watchers', an ask in
        the lobby (any other is not for this page)."""
        if room == LOBBY_ROOM and message["t"] == "ask":
            self.tasks.spawn(self._asked(message))
        elif message["t"] != "knock":
            return
        elif inv is not None:
            self.tasks.spawn(self._knocked(inv, message["from"], message["sdp"]))
        elif room == WATCH_ROOM:
            self.tasks.spawn(self._watcher_knocked(message["from"], message["sdp"]))

    async def _asked(self, message: dict[str, str]) -> None:
        """A page whose link's room is silent asks in the lobby: it is told, in words, when
        its link is of another game, a replaced invitation, or seats played already (for an
        invitation open now, its own room answers)."""
        invitation = next((i for i in self.invitations.values()
                           if i.token and i.token == message.get("id")), None)
        why = ("other-game" if message["game"] != self.table.save_id else
               "replaced" if invitation is None else
               "taken" if invitation.status == "connected" else "")
        if why:
            await self.dom.relay_send(LOBBY_ROOM, relay_message("refused", to=message["from"],
                                                                why=why))

    async def _watcher_knocked(self, page: str, sdp: str) -> None:
        """A page that holds the watch link knocks: a watcher's place, and the answer, unless
        every place is taken (then it is told so)."""
        watch, referee = self.watch, self.referee
        if referee is None or page in watch.pages.values():
            return  # (the same knock through another relay)
        self.watchers_made += 1  # (never reset: a timer of a game before names no one now)
        name = f"{WATCHER}{self.watchers_made}"
        try:
            referee.watch(name)
        except Refused:
            await self.dom.relay_send(WATCH_ROOM, relay_message("refused", to=page, why="full"))
            return
        watch.pages[name] = page
        try:
            answer = await self.dom.peer_answer(name, sdp, ice_json(parse_ice(self.ice_text())),
                                                MAX_GUEST_MESSAGE, True)
        except Exception:  # an offer this browser refuses: the place is free again
            self._unwatch(name)
            return
        asyncio.get_running_loop().call_later(
            WATCH_OPEN_S, self.tasks.as_input(self._watcher_late), name)
        await self.dom.relay_send(WATCH_ROOM, relay_message("welcome", to=page, sdp=answer))

    def _watcher_late(self, name: str) -> None:
        referee = self.referee
        if referee is not None and name in self.watch.pages \
                and not referee.guests[name].connected:
            self.dom.peer_close(name)
            self._unwatch(name)

    def _unwatch(self, name: str) -> None:
        """A watcher's place is free again (its channel closed, or never opened)."""
        if self.referee is not None:
            self.referee.unwatch(name)
        self.watch.pages.pop(name, None)
        self.draw()

    async def _knocked(self, inv: Invitation, page: str, sdp: str) -> None:
        """A page that holds ``inv``'s link knocks with its offer: answer it through the
        relays, unless its seats are played on a connected screen (then it is told so)."""
        guest = inv.guest
        if inv.status == "connected":
            await self.dom.relay_send(guest, relay_message("refused", to=page, why="taken"))
            return
        if page == inv.knocked:
            return  # the same knock through another relay
        inv.knocked = page
        try:
            answer = await self.dom.peer_answer(guest + KNOCKED, sdp,
                                                ice_json(parse_ice(self.ice_text())),
                                                MAX_GUEST_MESSAGE, True)
        except Exception as exc:  # an offer this browser refuses, or a newer knock came
            if inv.knocked == page:  # (a newer knock is answered on its own)
                inv.knocked, inv.error = "", _("A knock through the relays could not be "
                                               "answered ({why}).").format(why=str(exc)[:200])
                self.draw()
            return
        if self.invitations.get(guest) is inv and inv.knocked == page:
            await self.dom.relay_send(guest, relay_message("welcome", to=page, sdp=answer))

    # ------------------------------------------------------------------ the channels

    def on_peer(self, ident: str, kind: str, text: str) -> None:
        """An event of a guest's channel (its invitation's, or a knock's) or a watcher's
        (public/peer.js)."""
        guest = ident.removesuffix(KNOCKED)
        inv = self.invitations.get(guest)
        if self.referee is None or (inv is None and guest not in self.watch.pages):
            return
        if inv is not None and not self._live(inv, ident, kind):
            return
        if kind == "message":
            self.receive(guest, text)
        elif kind == "skipped":
            self.skipped(guest, int(text) if text.isdigit() and len(text) < 10 else 0)
        elif kind in ("open", "closed"):
            self._came(guest, inv, kind == "open")

    def _live(self, inv: Invitation, ident: str, kind: str) -> bool:
        """Whether an event of ``ident`` concerns ``inv``'s channel: the one that opens (the
        other is hung up), the one open; not a knock's that failed or was replaced."""
        if kind == "open":
            if inv.status == "connected" and inv.channel and inv.channel != ident:
                self.dom.peer_close(ident)  # (joined already, by the other way)
                return False
            inv.channel = ident
            other = inv.guest if ident != inv.guest else inv.guest + KNOCKED
            self.dom.peer_close(other)
            return True
        return ident == inv.channel or (ident == inv.guest and not inv.channel)

    def _came(self, guest: str, inv: Invitation | None, came: bool) -> None:
        """A guest's or a watcher's channel opened or closed."""
        if inv is None:
            self._watcher_came(guest, came)
            return
        (self._opened if came else self._closed)(guest, inv)
        self.draw()

    def _watcher_came(self, name: str, came: bool) -> None:
        """A watcher's channel opened (it is sent the table) or closed (its place is free)."""
        referee = self.referee
        assert referee is not None
        if came:
            referee.connect(name)
        else:
            referee.disconnect(name)
            self._unwatch(name)
        self.table.tell(note(ngettext("{count} watching the game online.",
                                      "{count} watching the game online.",
                                      referee.watchers).format(count=referee.watchers)))
        self.draw()

    def name_of(self, guest: str) -> str:
        """How the log names a guest (its player's name) or a watcher."""
        inv = self.invitations.get(guest)
        return inv.name if inv is not None else _("A watcher")

    def _opened(self, guest: str, inv: Invitation) -> None:
        """A guest's channel opened: it joins, and the game starts once everyone is here."""
        assert self.referee is not None
        referee, table = self.referee, self.table
        waited = referee.waiting
        self.send(referee.connect(guest))
        inv.status, inv.error = "connected", ""
        table.go_online("host", referee.waiting)
        table.seat_screens(referee.screens)
        if waited and not referee.waiting:
            self.send(referee.broadcast())  # every screen: no longer waiting
            self.turns.start()  # everyone is here: the game starts on every screen
        table.tell(note(_("{name} joined the game online.").format(name=inv.name)))
        if all(i.status == "connected" for i in self.invitations.values()) \
                and table.dialog == "online":
            self.screen.close_dialog()
        self.tasks.spawn(self._sync_rooms())

    def _closed(self, guest: str, inv: Invitation) -> None:
        """A guest's channel closed: dropped, told on the table and the banner."""
        assert self.referee is not None
        self.send(self.referee.disconnect(guest))
        inv.status, inv.knocked, inv.channel = "dropped", "", ""
        self.tasks.spawn(self._sync_rooms())  # the same link joins again
        lost = (_("The connection to {name} was lost. They can rejoin by opening the same "
                  "link again.") if self.relays else
                _("The connection to {name} was lost. Open Online players to send a new "
                  "invitation.")).format(name=inv.name)
        self.table.tell(note(lost))
        self.overlays.notice(lost)

    def receive(self, guest: str, text: str) -> None:
        table, referee = self.table, self.referee
        assert referee is not None
        g = self.match.game
        moves, refused, chats = g.log_size, referee.refused, referee.chat_total
        self.send(referee.receive(guest, text))
        name = self.name_of(guest)
        if referee.refused > refused:
            refusal = referee.refusals[-1]
            self._tell_refused(guest if guest in self.invitations else WATCHERS_LOG,
                               refusal.why, name, _(
                "A message from {name} was refused: {why} (it began: {quote})").format(
                name=name, why=refusal.why, quote=refusal.quote))
            self.dom.probe("refused", str(referee.refused))
        if referee.chat_total > chats:
            table.hear_chat(tuple(referee.chats))
        if g.log_size != moves:
            # the referee keeps the move's events in the plain form it sends the guests
            self.turns.remote_moved([event_from_plain(plain) for plain in referee.last_events])

    def _tell_refused(self, guest: str, why: str, name: str, line: str) -> None:
        """A refusal in the log, bounded whatever a guest sends: the same reason again counts
        up ("3 times") on the line already told, with the newest quote; past
        ``REFUSED_LINES`` lines from one guest, one line counts the rest."""
        past = self.refused_log.setdefault(guest, RefusedLog())
        if past.why != why or past.last.told is None:
            if past.lines >= REFUSED_LINES:
                self._count(past.more, 1, lambda n: ngettext(
                    "{count} more message from {name} was refused (the log keeps the first "
                    "{lines}).",
                    "{count} more messages from {name} were refused (the log keeps the first "
                    "{lines}).", n).format(count=n, lines=REFUSED_LINES, name=name))
                return
            past.why, past.lines, past.last = why, past.lines + 1, CountedLine()
        self._count(past.last, 1, lambda n: line if n == 1 else _(
            "{line} ({count} times in a row)").format(line=line, count=n))

    def _count(self, line: CountedLine, by: int, words: Callable[[int], str]) -> str:
        """``line`` counts ``by`` more and says so in ``words(count)``: told anew in place,
        or at the end when it is not in the log (the first time, or after the log was told
        again in another language). Returns the words."""
        line.count += by
        text = words(line.count)
        told = note(text)
        if line.told is None or not self.table.retold(line.told, told):
            self.table.tell(told)
        line.told = told
        return text

    def skipped(self, guest: str, count: int) -> None:
        """``guest`` sent faster than the limits (public/peer.js dropped ``count`` messages
        unread): the guest is told, and the host's log keeps one line counting them all."""
        referee = self.referee
        if referee is None or guest not in referee.guests:
            return
        self.send(referee.skipped(guest, count))
        past = self.refused_log.setdefault(
            guest if guest in self.invitations else WATCHERS_LOG, RefusedLog())
        name = self.name_of(guest)
        words = self._count(past.unread, count, lambda n: ngettext(
            "{name} sent messages too fast: {count} went unread.",
            "{name} sent messages too fast: {count} went unread.", n).format(
            name=name, count=n))
        self.overlays.notice(words)

    def send(self, out: list[tuple[str, str]]) -> None:
        for guest, text in out:
            inv = self.invitations.get(guest)
            self.dom.peer_send(inv.channel or guest if inv is not None else guest, text)

    # ------------------------------------------------------------------ the host's moves

    def moved(self, events: list[Event]) -> None:
        """A move made on this screen (a person or an AI): every guest's new picture."""
        if self.referee is not None:
            self.send(self.referee.played(events))

    def broadcast(self) -> None:
        """Every guest's picture again (a countdown started: the pictures carry them)."""
        if self.referee is not None:
            self.send(self.referee.broadcast())

    def say(self, text: str) -> None:
        if self.referee is None:
            return
        try:
            self.send(self.referee.chat(text))
        except Refused as why:
            self.overlays.notice(str(why))
            return
        self.table.hear_chat(tuple(self.referee.chats))

    # ------------------------------------------------------------------ the panel

    def open_panel(self) -> None:
        self.table.open_dialog("online", "")
        self.draw()

    def draw(self) -> None:
        if self.table.dialog == "online":
            watching = self.referee.watchers if self.referee is not None else 0
            self.table.open_dialog("online", host_panel_html(
                self.invitations.values(), len(self.relays), len(self.relays_up),
                self.watch, watching, self.relays_failed))
