"""The host's referee for play between browsers: the whole game stays with the host.

A guest's browser never holds the game. It receives, for its own seats only, what
:meth:`Game.view` and :meth:`Game.legal_actions` give that seat, and each action's events as
any seat may see them (:func:`public_events`); never the state, the seed or the random
generator. It sends actions back; the referee checks each with the engine before anything
changes, and answers a refused one with the reason, leaving the game as it was.

Messages are JSON objects of at most :data:`MAX_GUEST_MESSAGE` characters from a guest, each
with a type ``t`` and a sequence number ``n`` (per connection, from 1, no gaps):

* guest to host: ``{"t": "hello", "n": 1}`` (joining or rejoining: answered with the whole
  picture), ``{"t": "act", "n", "at", "seat", "action"}`` (``at``: the number of moves the
  guest had seen, so an action sent before another move landed is refused as stale rather
  than applied to a game it was not meant for, and a resent one is never applied twice),
  ``{"t": "chat", "n", "text"}``;
* a watcher (a guest of no seat, :meth:`Referee.watch`) sends only ``hello``; its ``state``
  has no seats but the ``public`` view (what a spectator may see, :meth:`Game.view` of
  ``None``), and it is sent every move and chat line as a guest is, never a word of its own
  coming and going;
* host to guest, numbered the same way: ``state`` (``at``, ``to_act``, per own seat its
  ``view``, ``choices`` (what only the rules work out for it: game.rules.choices) and ``legal``
  actions, the last move's public ``events``, ``screens``: where
  each seat is played, as the host describes it, and ``clock``: the seconds left of each
  strategic discussion under way, ``waiting``: whether the game still waits for a guest
  to join, when no guest may move; the answer to a channel's first ``hello`` also carries
  ``history``: every move's public events, so a joining or rejoining screen tells the
  game's whole story), ``refused`` (``re``: the guest's number, ``error``: why), ``chat``
  (``from``: a seat or "host"), ``presence`` (``guest``: a guest's first seat, ``connected``:
  whether its screen just joined or dropped, ``again``: not its first connection).

The referee does no input or output itself: :meth:`Referee.receive` and :meth:`Referee.apply`
return the texts to send, to whom, so the same code runs under the browser's data channels
and in tests.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..analysis.history import fresh
from ..core.actions import Action, action_from_dict
from ..core.errors import IllegalAction
from ..core.events import Event, event_to_plain
from ..core.names import Seat, is_seat
from ..core.plain import to_plain
from ..core.reading import Bounds, Unreadable, read_json
from ..engine import Game

MAX_GUEST_MESSAGE = 16_384  # characters; an action or a chat line needs a few hundred
MAX_DEPTH = 16  # nesting of a guest's JSON (an action needs 3); Python's parser recurses
MAX_DIGITS = 18  # digits of a number in a guest's JSON (a sequence number, an index)
MAX_CHAT = 280  # characters of one chat line
MAX_CHAT_LINES = 50  # chat lines the host keeps
MAX_REFUSALS = 50  # refusals the host keeps (``refused`` counts them all)
MAX_WATCHERS = 8  # watchers at once: each costs the host a picture a move, as a guest does
QUOTE = 40  # characters of a refused message (or of a value in it) quoted in the log

GUEST = Bounds(MAX_GUEST_MESSAGE, MAX_DEPTH, MAX_DIGITS)  # what the reader allows a guest


def quote(value: Any, limit: int = QUOTE) -> str:
    """A short quote of a guest's text or value for the log: never longer than ``limit``."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def public_events(events: Iterable[Event]) -> list[dict[str, Any]]:
    """The events' plain forms, as a guest receives them: every field of an event is public
    (game.core.events), so each is sent whole."""
    return [event_to_plain(event) for event in events]


def public_history(game: Game) -> list[list[dict[str, Any]]]:
    """Every logged move's public events, replayed from the game's seed (a host that took
    its game from a save has no events of the moves before)."""
    current = fresh(game)
    return [public_events(current.apply(seat, action)) for seat, action in game.log]


class Refused(Exception):
    """A guest's message the referee does not act on; the text says why. ``resync``: the
    guest's screen is behind, so the present picture follows the refusal."""

    def __init__(self, why: str, resync: bool = False) -> None:
        super().__init__(quote(why, 200))  # an engine's reason may name a guest's value
        self.resync = resync


class Refusal(NamedTuple):
    """One refused message, as the host's log tells it: from whom, why, and its start."""

    guest: str
    why: str
    quote: str


@dataclass
class Guest:
    """One remote player: the seats it plays, and both directions' sequence numbers."""

    seats: frozenset[Seat]
    received: int = 0  # the guest's last accepted message number
    sent: int = 0  # the host's last message number to this guest
    connected: bool = False
    skipped: bool = False  # messages went unread (too many): the next number may jump
    told: bool = False  # this channel has had the game's history
    seen: bool = False  # connected at least once (a later connection is a return)
    watching: bool = False  # a watcher: the public view, never a move or a chat line


@dataclass
class Referee:
    """The host's side of an online game. ``guests`` maps a guest's name (the host's label
    for one invitation) to the seats it plays; the host plays every other seat."""

    game: Game
    guests: dict[str, Guest] = field(default_factory=dict)
    refusals: list[Refusal] = field(default_factory=list)  # the last MAX_REFUSALS
    refused: int = 0  # messages ever refused (``refusals`` keeps the last ones)
    # True until every guest has connected once (worked out by :meth:`connect`): no guest
    # may move before
    waiting: bool = False
    chats: list[tuple[str, str]] = field(default_factory=list)  # (sender, line): the last
    chat_total: int = 0  # lines ever sent (``chats`` keeps the last MAX_CHAT_LINES)
    last_events: list[dict[str, Any]] = field(default_factory=list)
    # seat -> where it is played ({"where": "host" | "ai" | "guest", "name": ...}): public
    # words every guest's turn indicator shows; the host's app fills it in
    screens: dict[str, dict[str, str]] = field(default_factory=dict)
    # nation -> seconds left of its strategic discussion (the host's app keeps the time)
    clock: Callable[[], dict[str, int]] = dict
    history: list[list[dict[str, Any]]] = field(default_factory=list)  # public, per move

    @classmethod
    def for_game(cls, game: Game, seats_of: dict[str, Iterable[str]],
                 screens: dict[str, dict[str, str]] | None = None,
                 clock: Callable[[], dict[str, int]] = dict) -> Referee:
        """A referee for ``game``; ``seats_of``: guest name -> the seats it plays;
        ``screens`` and ``clock`` as the fields say."""
        guests: dict[str, Guest] = {}
        taken: set[Seat] = set()
        for name, seats in seats_of.items():
            given = frozenset(seats)  # (read once: ``seats`` may be any iterable)
            own = frozenset(seat for seat in given if is_seat(seat))
            if not own or own != given or own & taken:
                raise ValueError(f"guest {name!r}: seats must be known and not shared")
            taken |= own
            guests[name] = Guest(own)
        return cls(game, guests, waiting=bool(guests), screens=screens or {}, clock=clock,
                   history=public_history(game))

    # ------------------------------------------------------------------ connections

    def watch(self, name: str) -> None:
        """A watcher called ``name`` may connect (its channel is being set up); raises
        :class:`Refused` when :data:`MAX_WATCHERS` are watching or about to."""
        if name in self.guests:
            if not self.guests[name].watching:
                raise ValueError(f"{name!r} is a player's name")
            return
        if sum(who.watching for who in self.guests.values()) >= MAX_WATCHERS:
            raise Refused(f"{MAX_WATCHERS} are watching already")
        self.guests[name] = Guest(frozenset(), watching=True)

    def unwatch(self, name: str) -> None:
        """The watcher ``name`` is gone (its channel closed or never opened): its place is
        free again."""
        if name in self.guests and self.guests[name].watching:
            del self.guests[name]

    @property
    def watchers(self) -> int:
        """Watchers connected now."""
        return sum(who.watching and who.connected for who in self.guests.values())

    def connect(self, guest: str) -> list[tuple[str, str]]:
        """A (new) data channel to ``guest``: both directions count from 1 again. Returns
        the word to the other connected guests that this one is (back) at the table."""
        who = self._guest(guest)
        who.received = who.sent = 0
        who.connected, who.told, who.skipped = True, False, False
        again, who.seen = who.seen, True
        self.waiting = not all(g.seen or g.watching for g in self.guests.values())
        return self._presence(guest, True, again)

    def disconnect(self, guest: str) -> list[tuple[str, str]]:
        """``guest``'s channel closed; returns the word to the other connected guests (none
        when it never opened: an answer whose connection failed is no one dropping out)."""
        who = self._guest(guest)
        was, who.connected = who.connected, False
        return self._presence(guest, False, True) if was else []

    def _presence(self, guest: str, connected: bool, again: bool) -> list[tuple[str, str]]:
        if self.guests[guest].watching:
            return []  # the players are not told of watchers (the host's log counts them)
        word = {"t": "presence", "guest": guest, "connected": connected, "again": again}
        return [self._send(name, word) for name, who in self.guests.items()
                if who.connected and name != guest]

    # ------------------------------------------------------------------ messages

    def receive(self, guest: str, text: str) -> list[tuple[str, str]]:
        """Handle one message from ``guest``; returns (guest, text) pairs to send. A message
        the referee refuses is logged and answered; the game is never changed by it."""
        who = self._guest(guest)
        re: int | None = None  # the number the refusal answers, once known to be one
        try:
            if not who.connected:
                raise Refused("not connected")
            try:
                message = read_json(text, GUEST)
            except Unreadable as exc:
                raise Refused(f"not a JSON message: {exc}") from None
            if not isinstance(message, dict):
                raise Refused("a message must be a JSON object")
            number = message.get("n")
            if isinstance(number, bool) or not isinstance(number, int) or number < 1:
                raise Refused("a message needs its sequence number n")
            re = number
            if number <= who.received:  # a resend is never acted on twice
                raise Refused(f"message {number} was already received")
            if number != who.received + 1 and not who.skipped:
                raise Refused(f"message {number} arrived before {who.received + 1}")
            who.received, who.skipped = number, False
            return self._handle(guest, who, message)
        except Refused as refusal:
            self.refused += 1
            self.refusals = [*self.refusals[-(MAX_REFUSALS - 1):],
                             Refusal(guest, str(refusal), quote(text))]
            out = [self._send(guest, {"t": "refused", "re": re, "error": str(refusal)})]
            if refusal.resync:
                out.append(self._send(guest, self._state(who)))
            return out

    def skipped(self, guest: str, count: int) -> list[tuple[str, str]]:
        """``count`` of ``guest``'s messages went unread (it sent too many too fast): they
        are told so, and their next message is taken whatever its number, so the sequence
        goes on. Nothing else is done for them: the cost stays the same however many."""
        who = self._guest(guest)
        who.skipped = True
        why = (f"too many messages: {count} went unread; wait a moment, your screen shows "
               "the game as it stands")
        return [self._send(guest, {"t": "refused", "re": None, "error": why}),
                self._send(guest, self._state(who))]

    def apply(self, seat: Seat, action: Action) -> list[tuple[str, str]]:
        """A move made on the host's own screen (a person or an AI there): applied, then the
        new picture for every connected guest."""
        if any(seat in who.seats for who in self.guests.values()):
            raise IllegalAction(f"{seat} is played on a guest's screen")
        return self.played(self.game.apply(seat, action))

    def played(self, events: Iterable[Event]) -> list[tuple[str, str]]:
        """The host's game just made a move of its own (``events``: what apply returned):
        the new picture for every connected guest."""
        self.last_events = public_events(events)
        self.history.append(self.last_events)
        return self.broadcast()

    def broadcast(self) -> list[tuple[str, str]]:
        """The current picture for every connected guest."""
        return [self._send(name, self._state(who)) for name, who in self.guests.items()
                if who.connected]

    def chat(self, text: str) -> list[tuple[str, str]]:
        """A chat line written on the host's screen, for every connected guest (raises
        :class:`Refused` for an empty or too long line, as a guest's would be)."""
        return self._chat("host", text)

    # ------------------------------------------------------------------ internals

    def _guest(self, guest: str) -> Guest:
        try:
            return self.guests[guest]
        except KeyError:
            raise ValueError(f"no guest {guest!r}") from None

    def _handle(self, guest: str, who: Guest, message: dict[str, Any]
                ) -> list[tuple[str, str]]:
        kind = message.get("t")
        if kind == "hello":
            picture = self._state(who)
            if not who.told:  # the story once per channel (a second hello costs no more)
                who.told = True
                picture["history"] = self.history
            return [self._send(guest, picture)]
        if who.watching and kind in ("act", "chat"):
            raise Refused("a watcher only watches: no move and no chat line")
        if kind == "chat":
            return self._chat(min(who.seats), message.get("text"))
        if kind != "act":
            raise Refused(f"unknown message type {quote(kind)}")
        if self.waiting:
            raise Refused("the game starts when every online player has joined", resync=True)
        seat = message.get("seat")
        if not is_seat(seat) or seat not in who.seats:
            raise Refused(f"{quote(seat)} is not played on this screen")
        if message.get("at") != self.game.log_size:
            # Sent before another move landed (or sent again): the guest's screen is behind.
            raise Refused("the game moved on before this move arrived", resync=True)
        try:
            action = action_from_dict(message.get("action"))
            events = self.game.apply(seat, action)
        except IllegalAction as error:
            raise Refused(str(error)) from None
        self.last_events = public_events(events)
        self.history.append(self.last_events)
        return self.broadcast()

    def _chat(self, sender: str, text: Any) -> list[tuple[str, str]]:
        if not isinstance(text, str) or not text.strip():
            raise Refused("a chat line must be text")
        if len(text) > MAX_CHAT:
            raise Refused(f"a chat line may hold at most {MAX_CHAT} characters")
        line = {"t": "chat", "from": sender, "text": text.strip()}
        self.chats = [*self.chats[-(MAX_CHAT_LINES - 1):], (sender, line["text"])]
        self.chat_total += 1
        return [self._send(name, line) for name, who in self.guests.items() if who.connected]

    def _state(self, who: Guest) -> dict[str, Any]:
        game = self.game
        state = {"t": "state", "at": game.log_size, "to_act": game.to_act(),
                 "seats": {seat: {"view": to_plain(game.view(seat)),
                                  "choices": to_plain(game.choices(seat)),
                                  "legal": [a.to_dict() for a in game.legal_actions(seat)]}
                           for seat in sorted(who.seats)},
                 "events": self.last_events, "screens": self.screens, "clock": self.clock(),
                 "waiting": self.waiting}
        if who.watching:
            state["public"] = to_plain(game.view(None))
        return state

    def _send(self, guest: str, message: dict[str, Any]) -> tuple[str, str]:
        who = self.guests[guest]
        who.sent += 1
        return guest, json.dumps({**message, "n": who.sent}, separators=(",", ":"))

