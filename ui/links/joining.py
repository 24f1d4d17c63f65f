"""A guest's side of an online game: join from the host's invitation link, then play from the
host's pictures (:class:`game.online.guestlink.GuestLink`) over the data channel
(:file:`public/peer.js`).

A link that names signaling relays joins by itself: the page knocks in the link's room on the
relays (:file:`public/relay.js`) with its WebRTC offer, and the host's page answers there.
When no relay is reached, or the host does not answer, within ``KNOCK_WAIT_S``, the page falls
back to an answer code to send the host by hand, as a link without relays always does.

The guest's browser never holds the game: its table holds the host's picture as a
:class:`ui.model.match.Position`, as the host's own table holds its game's, and what needs a
whole world (what a move risks, a hint) samples one from the seat's view on either screen.
Moves go to the host.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from typing import Any

from game import SEATS
from game.core.actions import Action
from game.core.errors import IllegalAction
from game.core.events import ActionTaken
from game.core.names import Seat
from game.online.guestlink import MAX_HOST_MESSAGE, GuestLink, Picture
from game.online.referee import MAX_CHAT, MAX_CHAT_LINES
from game.rules.records import View

from ..markup.launchshow import verdict_sound
from ..model.invite import (
    BadCode,
    lobby_in,
    pack,
    read_relay_message,
    relay_message,
    relays_in,
    unpack,
)
from ..model.marks import marks_of
from ..model.match import Match, Position
from ..model.players import Setup, choose_seat
from ..model.replay import public_story
from ..model.roles import Overlays, Peers, Screen, Sounds, Tasks, TurnLoop
from ..model.table import Table
from ..model.targets import NO_PICK, Pick
from ..platform.port import Platform
from ..screens.online import ice_json, join_panel_html
from ..words.i18n import _
from ..words.names import chat_sender
from ..words.narration import launch_sequences, lines, note

HOST = "host"  # the transport's name for the one connection a guest has (and its room)
LOBBY = "lobby"  # the host's lobby room: where a link whose own room is silent learns why
KNOCK_WAIT_S = 10.0  # how long a knock waits for the relays and the host before the code


def refusal_words(why: str) -> str:
    """Why the host's page refused this link, in words (what to do next)."""
    return {
        "full": _("Every watcher's place is taken; try again when someone leaves."),
        "other-game": _("This link is of another game: the host's page plays a different "
                        "one now. Ask the host for the link of this game."),
        "replaced": _("This invitation was replaced by a newer one (the host sent a new "
                      "invitation, or their page reloaded). Ask the host for the newest link."),
    }.get(why, _("These seats are played on a screen that is connected now. If it is "
                 "yours, close it and open the link again."))


def _hosts_setup(setup: Setup, view: View) -> Setup:
    """The table's players as the host set them; every seat is a person somewhere."""
    if (setup.players, setup.pair) != (view.players, view.pair or "USA") \
            or any(setup.ai.values()):
        return Setup(players=view.players, pair=view.pair or "USA",
                     ai=dict.fromkeys(SEATS, False))
    return setup


class Joining:
    """A guest's side of an online game; the app asks it as either side (a peer's event, a
    chat line, where each seat is played) and sends it this screen's moves."""

    def __init__(self, dom: Platform, table: Table, match: Match, screen: Screen, tasks: Tasks,
                 turns: TurnLoop, overlays: Overlays, sounds: Sounds,
                 peers: Peers) -> None:
        self.dom = dom
        self.table = table
        self.match = match  # a guest's screen holds no game: it lets go of the one it had
        self.screen = screen
        self.tasks = tasks
        self.turns = turns
        self.overlays = overlays
        self.sounds = sounds
        self.peers = peers
        self.offer: dict[str, Any] | None = None  # the invitation being answered
        self.link: GuestLink | None = None  # set once the channel opened: guest mode
        self.status = ""
        self.code = ""
        self.error = ""
        self.secret = ""  # the link's secret, when it names relays
        self.relays: list[str] = []
        self.page = ""  # this page's name in the room, for the host's answer
        self.knock = ""  # this page's offer (SDP), once made
        self.up: set[str] = set()  # relays that carry the room now
        self.down: set[str] = set()  # relays gone or never reached
        self.reached = False  # a relay carried the room (so the host is what did not answer)
        self.deadline: asyncio.TimerHandle | None = None  # when the knock gives up
        self.watching = False  # a watch link: no seat, the public table
        self.lobby = ""  # the host's lobby secret, and the link's game (asked about there)
        self.game = ""

    def seats(self) -> tuple[Seat, ...]:
        offered = self.offer.get("seats", []) if self.offer else []
        return tuple(s for s in SEATS if s in offered)

    def begin(self, code: str) -> None:
        """Answer the invitation in ``code`` (the link's fragment): a player's, or a watch
        link (no seat: the public table, through the relays only)."""
        try:
            offer = unpack("offer", code)
            self.watching = offer.get("watch") is True
            seats = offer.get("seats")
            if self.watching and (seats != [] or not relays_in(offer)[1]):
                raise BadCode(_("This watch link names no relay to meet the host through."))
            if not self.watching and (not isinstance(offer.get("sdp"), str)
                                      or not isinstance(seats, list) or not seats
                                      or not set(seats) <= set(SEATS)):
                raise BadCode(_("This invitation holds no connection details."))
        except BadCode as exc:
            self.offer, self.status, self.error = None, "failed", str(exc)
            self.open_panel()
            return
        self._leave_room()
        self.offer = offer
        self.secret, self.relays = relays_in(offer)
        self.lobby, self.game = lobby_in(offer)
        self.table.go_online("guest")
        self.status, self.error = "knocking" if self.relays else "preparing", ""
        self.table.host_at(-1)
        self.table.hear_chat(())
        self.open_panel()
        self.tasks.spawn(self._knock() if self.relays else self._answer("preparing"))

    def leave(self) -> None:
        """Back to playing on this screen alone (a new game, a loaded one)."""
        if self.offer is not None or self.link is not None:
            self.dom.peer_close(HOST)
        self._leave_room()
        self.offer, self.link, self.status = None, None, ""
        if self.table.link == "guest":
            self.table.go_online("")

    # ------------------------------------------------------------------ the relays

    async def _knock(self) -> None:
        """Enter the link's room on its relays and knock there with a fresh offer on each
        relay that carries it; the host's page answers in the room. Whatever fails on the
        relays' side (the MQTT client not loaded, no WebCrypto on a page not served securely)
        leaves the answer code."""
        offer = self.offer
        if offer is None:
            return
        self.page, self.knock = secrets.token_urlsafe(9), ""
        self.up, self.down, self.reached = set(), set(), False
        relays = json.dumps(self.relays)
        try:
            await self.peers.listen()
            await self.peers.listen_relays()
            await self.dom.relay_enter(HOST, relays, self.secret)
            if self.lobby and offer is self.offer:
                await self.dom.relay_enter(LOBBY, relays, self.lobby)
            given = offer.get("ice")
            servers: list[dict[str, str]] = given if isinstance(given, list) else []
            sdp = "" if offer is not self.offer else await self.dom.peer_offer(
                HOST, ice_json(servers), MAX_HOST_MESSAGE, False)
        except Exception as exc:
            if offer is self.offer and self.status == "knocking":
                self.error = str(exc)[:300]
                await self._fall_back()
            return
        if offer is self.offer and self.status == "knocking":
            self.knock = sdp  # the wait counts from here: the offer took its gathering time
            self.deadline = asyncio.get_running_loop().call_later(
                KNOCK_WAIT_S, self.tasks.as_input(self._waited), offer)
            for relay in sorted(self.up):
                await self._knock_on(relay)

    async def _ask_on(self, relay: str) -> None:
        """Ask in the host's lobby whether this link's game and invitation are the host's
        (the host's page answers only when not, and says why)."""
        offer = self.offer or {}
        await self.dom.relay_send(LOBBY, relay_message(
            "ask", **{"from": self.page}, game=self.game, id=str(offer.get("id", ""))), relay)

    async def _knock_on(self, relay: str) -> None:
        await self.dom.relay_send(HOST, relay_message("knock", **{"from": self.page},
                                                      sdp=self.knock), relay)

    def _waited(self, offer: dict[str, Any]) -> None:
        """The knock's time is up: still no welcome, so the answer code."""
        if offer is self.offer and self.status == "knocking":
            self.tasks.spawn(self._fall_back())

    async def _fall_back(self) -> None:
        """No relay reached, or the host did not answer through one: the answer code."""
        if self.status != "knocking":
            return  # (once: the deadline and the last relay gone may both come)
        status = "no-host" if self.reached else "no-relay"
        self.status = "preparing"
        self._leave_room()
        if self.watching:  # (a watch link has no offer of the host's to answer by code)
            self.status, self.code = status, ""
            self.draw()
            return
        await self._answer(status)

    def _leave_room(self) -> None:
        if self.relays:
            self.dom.relay_leave(HOST)
            self.dom.relay_leave(LOBBY)
        self.up = set()
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def on_relay(self, room: str, kind: str, text: str) -> None:
        """An event of the relays in the link's room or the host's lobby (public/relay.js)."""
        if self.offer is None or room not in (HOST, LOBBY) or self.status != "knocking":
            return
        if room == LOBBY and kind == "up":
            self.tasks.spawn(self._ask_on(text))
        elif room == HOST and kind in ("up", "down"):
            self._relay_went(kind, text)
        elif kind == "message":
            self._heard(room, text)

    def _heard(self, room: str, text: str) -> None:
        """A message in the link's room (the host's word: it is sealed with this link's own
        secret) or the lobby (which every link of this host holds: told, not acted on)."""
        message = read_relay_message(text)
        if message is None or message.get("to") != self.page:
            return  # (another page's knock or ask, or an answer to another page)
        if room == HOST:
            self._answered(message)
        elif message["t"] == "refused":
            self.error = refusal_words(message["why"])
            self.draw()

    def _relay_went(self, kind: str, relay: str) -> None:
        """A relay carries the room now (knock there), or is gone (the last one: the code)."""
        if kind == "up":
            self.up.add(relay)
            self.reached = True
            if self.knock:
                self.tasks.spawn(self._knock_on(relay))
            return
        self.up.discard(relay)
        self.down.add(relay)
        if not self.up and self.down >= set(self.relays):
            self.tasks.spawn(self._fall_back())  # every relay gone: no use waiting

    def _answered(self, message: dict[str, str]) -> None:
        """The host's page answered this page's knock: welcome (connect), or refused."""
        if message["t"] == "welcome":
            self.status = "connecting"
            self.tasks.spawn(self._welcomed(message["sdp"]))
        else:
            self._leave_room()
            self.status, self.error = "failed", refusal_words(message["why"])
        self.draw()

    async def _welcomed(self, sdp: str) -> None:
        """The host's answer came through a relay: connect (the channel's opening goes on)."""
        try:
            await self.dom.peer_accept(HOST, sdp)
        except Exception as exc:  # an answer this browser refuses
            if self.status == "connecting":
                self.status, self.error = "failed", str(exc)[:300]
                self._leave_room()
                self.draw()

    # ------------------------------------------------------------------ the answer code

    async def _answer(self, status: str) -> None:
        offer = self.offer
        if offer is None:
            return
        try:
            await self.peers.listen()
            given = offer.get("ice")
            servers: list[dict[str, str]] = given if isinstance(given, list) else []
            sdp = await self.dom.peer_answer(HOST, offer["sdp"], ice_json(servers),
                                             MAX_HOST_MESSAGE, False)
        except Exception as exc:  # no WebRTC here, or an offer the browser refuses
            if offer is self.offer:
                self.status, self.error = "failed", str(exc)[:300]
                self.draw()
            return
        if offer is self.offer:
            self.code = pack("answer", {"sdp": sdp, "id": offer.get("id")})
            self.status = "answer" if status == "preparing" else status
            self.draw()

    # ------------------------------------------------------------------ the channel

    def on_peer(self, ident: str, kind: str, text: str) -> None:
        """An event of the data channel to the host (public/peer.js)."""
        table = self.table
        if self.offer is None:
            return
        if kind == "open":
            self._leave_room()  # joined: nothing more goes to the relays
            self.link = GuestLink()
            self.send(self.link.hello())
            if table.dialog == "join":
                table.close_dialog()
        elif kind == "closed":
            if self.link is None:  # the answer went stale before the host used it
                if self.watching:
                    self.status = "dropped"
                    self.draw()
                else:
                    self.tasks.spawn(self._answer("expired"))
                return
            self.link, self.status = None, "dropped"
            table.tell(note(_("The connection to the host was lost.")))
            table.nobody_acts()
            self.overlays.notice(
                _("The connection to the host was lost. Open the same invitation link again "
                  "to rejoin.") if self.relays else
                _("The connection to the host was lost. Ask the host for a new invitation link "
                  "to rejoin."))
            self.open_panel()
        elif kind == "message" and self.link is not None:
            self.receive(text)

    def receive(self, text: str) -> None:
        link = self.link
        assert link is not None
        message = link.receive(text)
        if message is None:
            return
        if link.lost:
            self.send(link.hello())
        heard = {"state": self._state, "refused": self._refused, "presence": self._presence,
                 "chat": self._chat}.get(str(message.get("t")))
        if heard is not None:
            heard(message)

    def _state(self, _message: dict[str, Any]) -> None:
        assert self.link is not None
        if not self.link.lost:
            self.show()

    def _refused(self, message: dict[str, Any]) -> None:
        self.overlays.notice(_("The host refused a move: {why}").format(
            why=str(message.get("error"))[:300]))
        if self.link is not None and self.link.state is not None:
            self.show()  # this screen's seat decides again (a resync may follow)

    def _presence(self, message: dict[str, Any]) -> None:
        """Another guest came back or dropped out (a first join: the bar says the rest)."""
        if message.get("guest") not in SEATS or message.get("again") is not True:
            return
        # a banner, not the log: the log tells the game's public story only
        name = chat_sender(str(message["guest"]), self.screens())
        words = (_("{name} is back at the table.") if message.get("connected") is True
                 else _("{name} dropped out; opening their link again brings them back.")
                 if self.relays else
                 _("{name} dropped out; the host can send them a new invitation."))
        self.overlays.notice(words.format(name=name))

    def _chat(self, message: dict[str, Any]) -> None:
        if isinstance(message.get("text"), str) and message.get("from") in ("host", *SEATS):
            line = (str(message["from"]), message["text"][:MAX_CHAT])
            self.table.hear_chat((*self.table.chat[-(MAX_CHAT_LINES - 1):], line))

    def send(self, text: str) -> None:
        if not self.dom.peer_send(HOST, text):
            self.overlays.notice(_("Not connected to the host."))
            if self.link is not None and self.link.state is not None:
                self.show()  # the move did not leave: this screen decides again

    # ------------------------------------------------------------------ the picture

    def show(self) -> None:
        """Put the host's last picture on the table; this screen's seat acts if it may."""
        table, link = self.table, self.link
        assert link is not None and link.state is not None and link.picture is not None
        state, picture = link.state, link.picture
        own = self.seats()
        if set(state["seats"]) != set(own):
            self.overlays.notice(_("The host sent the picture of other seats than this "
                                   "screen's."))
            return
        at = int(state["at"])
        view = picture.view(own[0] if own else None)  # (a watcher's: the public view)
        self.tell(at, view, picture)
        table.host_at(at)
        for nation, left in state.get("clock", {}).items():  # the host keeps the time
            if isinstance(left, int):
                self.turns.countdown_from_host(nation, left)
        mine = [] if self.waiting() else link.to_act()  # nobody moves before all joined
        seat = choose_seat(mine, table.last_seat, view) if mine else None
        table.stop_play()
        table.go_online("guest", self.waiting())
        actions = link.legal(seat) if seat else []
        self.match.take(None)  # (the game it had is not this one: nothing may act on it)
        table.picture(_hosts_setup(table.setup, view), own, Position.pictured(picture, at),
                      seat, actions, Pick.of(actions, link.view(seat)) if seat else NO_PICK)
        table.seat_screens(self.screens())
        table.give_hint(None)  # a hint on show was for the last picture
        self.draw_decision(seat)

    def tell(self, at: int, view: View, picture: Picture) -> None:
        """What the log and the speaker say of the picture at move ``at``."""
        history = picture.history
        if history is not None and len(history) == at:
            # joining or rejoining: the game's whole story, as the host's log tells it
            self.table.retell(public_story(view.players, view.ruleset,
                                           view.test_bonus, history))
        elif at == self.table.host_moves + 1:
            events = picture.events
            mover = next((ev.seat for ev in events if isinstance(ev, ActionTaken)), "")
            self.table.heard(mover, lines(events, view.test_bonus, ""), marks_of(events))
            # the host plays the launch shows; a guest hears the verdict
            shows = launch_sequences(events)
            self.sounds.play(verdict_sound(shows[-1]) if shows else "place")
        elif at != self.table.host_moves:  # moves missed while away: said, not made up
            self.table.tell(note(_("Back at the table in round {round}.").format(
                round=view.round)))

    def draw_decision(self, seat: Seat | None) -> None:
        """The table drawn, and this screen's seat's decision in view (or the end)."""
        if self.table.position.public.over:
            self.table.nobody_acts()
            self.screen.show_end()  # (drawn with the end over it)
            return
        if seat is not None:
            self.turns.bring_into_view(seat)
            self.turns.focus_decision()
        self.table.set_busy(False)

    def act(self, seat: Seat, action: Action) -> None:
        """A move chosen on this screen: to the host, who answers with the new picture."""
        link = self.link
        if link is None:
            return
        try:
            text = link.act(seat, action)
        except IllegalAction as why:
            self.overlays.notice(str(why))
            return
        self.table.sent(seat)
        self.send(text)

    def say(self, text: str) -> None:
        if self.link is None or self.watching:  # (a watcher's chat has no box to write in)
            return
        if not text.strip() or len(text) > MAX_CHAT:
            return  # the box holds at most MAX_CHAT characters; an empty line says nothing
        self.send(self.link.chat(text))

    def waiting(self) -> bool:
        """The host's game waits for another online player to join: no move yet."""
        state = self.link.state if self.link is not None else None
        return bool(state and state.get("waiting"))

    def screens(self) -> dict[str, dict[str, str]]:
        """Where every seat is played, as the host described it (this screen's: "you")."""
        state = self.link.state if self.link is not None else None
        given = state.get("screens", {}) if state else {}
        out = {seat: dict(where) for seat, where in given.items() if isinstance(where, dict)}
        for seat in self.seats():
            out[seat] = {"where": "you", "name": ""}
        return out

    # ------------------------------------------------------------------ the panel

    def open_panel(self) -> None:
        self.table.open_dialog("join", "")
        self.draw()

    def draw(self) -> None:
        if self.table.dialog == "join":
            self.table.open_dialog("join", join_panel_html(
                self.status or "failed", self.seats(), self.code, self.error,
                bool(self.relays), self.watching))
