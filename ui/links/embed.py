"""The embedded game's conversation with the page around it (embed.html in an ``<iframe>``).

Events go out with ``postMessage`` to that page's origin only, as plain JSON objects with
``"source": "moonshot"``: ``ready`` (a game is on the table: its ``players``, ``seed``,
``ruleset``, and ``example``, the id of the rule example shown, "" for a game), ``move``
(``seat`` and the ``kind`` of the move just made, ``moves`` played so far: public facts
only), ``over`` (``winner``, ``reason``) and ``example-done`` (``example``: the reader took
the example's action). Commands come in the same way and are taken from that origin only:
``{"type": "new-game", "players": 2, "seats": "hhmm", "seed": 3, ...}`` (the URL's
parameters, checked as the URL's are) and ``{"type": "start-example", "example": "launch"}``
(an id of ui/model/examples.toml; ``ready`` tells it dealt, and again after its Reset). The
origin is the one
the embedding page names with ``origin=`` in the frame's URL, else the one its address
shows (``document.referrer``); with neither, the embed says and takes nothing.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from typing import Any

from game.core.events import ActionTaken, Event
from game.core.names import Seat
from game.core.reading import Bounds, Unreadable, read_json

from ..loop.messages import MOST_NAME
from ..loop.notices import StartExample
from ..model.players import Setup, parse_query
from ..model.roles import Dealer, Notices, Tasks
from ..model.table import Table
from ..platform.port import Platform

MAX_COMMAND = 2_000  # characters of a command: a new game's parameters need about a hundred
COMMAND = Bounds(MAX_COMMAND, 2, 18)  # a flat object of a few parameters
PARAMETERS = ("players", "seats", "seed", "ruleset", "pair", "speed")
COMMANDS = ("new-game", "start-example")
BURST = 0.05  # seconds without a command that end a burst of them
# Seconds a command waits at most for its burst to end: a page that never stops is still
# obeyed, and a burst of a thousand heard on a slow machine is still one game.
MOST_WAIT = 2.0
_ORIGIN = re.compile(r"https?://[A-Za-z0-9.\-\[\]:]+")  # scheme://host[:port], no path


def host_origin(query: str, referrer: str) -> str:
    """The embedding page's origin: ``origin=`` in the frame's URL, else the referrer's
    scheme, host and port; "" when neither is a web origin."""
    for part in query.lstrip("?").split("&"):
        if part.startswith("origin="):
            named = part[len("origin="):].replace("%3A", ":").replace("%2F", "/")
            return named if _ORIGIN.fullmatch(named) else ""
    found = _ORIGIN.match(referrer)
    return found.group(0) if found else ""


def command(text: str) -> dict[str, Any] | None:
    """A command's JSON object, read only when it is small and shallow (else None)."""
    try:
        message = read_json(text, COMMAND)
    except Unreadable:
        return None
    return message if isinstance(message, dict) else None


def command_setup(text: str) -> Setup | None:
    """The new game a command asks for, read as the URL's parameters are; None for anything
    else (too long, not a JSON object, another type, no game parameter)."""
    return message_setup(command(text))


def message_setup(message: dict[str, Any] | None) -> Setup | None:
    """The new game a command's object asks for (see :func:`command_setup`)."""
    if message is None or message.get("type") != "new-game":
        return None
    values = {key: message[key] for key in PARAMETERS
              if isinstance(message.get(key), str | int) and not isinstance(message[key], bool)}
    query = "&".join(f"{key}={value}" for key, value in values.items()
                     if re.fullmatch(r"[A-Za-z0-9.-]{1,12}", str(value)))
    return parse_query(query)


class EmbedApi:
    """Offers :class:`ui.model.roles.EmbedPage`."""

    def __init__(self, dom: Platform, table: Table, tasks: Tasks, dealer: Dealer,
                 notices: Notices) -> None:
        self.dom = dom
        self.notices = notices  # (the rule examples, built after the embed, hear its command)
        self.table = table
        self.tasks = tasks
        self.dealer = dealer
        self.origin = (host_origin(dom.query_string(), dom.referrer()) if dom.embedded()
                       else "")
        self.pending: dict[str, Any] | None = None  # the last command not obeyed yet
        self.heard = 0  # commands heard, to tell when a burst is over

    def start(self) -> None:
        """Listen to the embedding page, and tell it the game is ready."""
        self.listen()
        self.ready()

    def listen(self) -> None:
        if self.origin:
            self.dom.on_host_message(self.origin, MAX_COMMAND, self.tasks.as_input(self.receive))

    def ready(self, example: str = "") -> None:
        """The game (or rule example ``example``) is dealt and ready."""
        setup = self.table.setup
        self.post({"type": "ready", "players": setup.players, "seed": setup.seed,
                   "ruleset": setup.ruleset, "example": example})

    def moved(self, seat: Seat, events: list[Event]) -> None:
        """A move: who made it and its kind, as its own public "action" event tells."""
        if self.origin:
            kind = next((e.action for e in events if isinstance(e, ActionTaken)), "")
            self.post({"type": "move", "seat": seat, "kind": kind,
                       "moves": self.table.position.moves})

    def over(self, winner: str, reason: str) -> None:
        self.post({"type": "over", "winner": winner, "reason": reason})

    def example_done(self, ident: str) -> None:
        self.post({"type": "example-done", "example": ident})

    def post(self, event: dict[str, Any]) -> None:
        if self.origin:
            self.dom.post_to_host(json.dumps({"source": "moonshot", **event}), self.origin)

    def receive(self, origin: str, text: str) -> None:
        """A message from a page: a command only from the embedding page's origin (the
        platform passes no other on, unread; this holds whoever calls). Commands are
        coalesced: the last one of a burst is obeyed, once, when the burst is over, so a
        thousand cost what one does."""
        if origin != self.origin:
            return
        message = command(text)
        if message is None or message.get("type") not in COMMANDS:
            return
        waiting = self.pending is not None
        self.pending = message
        self.heard += 1
        if not waiting:
            self.tasks.spawn(self.obey())

    async def obey(self) -> None:
        """The last command heard, after :data:`BURST` seconds without another one (at most
        :data:`MOST_WAIT`: a page that never stops is still obeyed)."""
        started = time.monotonic()
        while True:
            heard = self.heard
            await asyncio.sleep(BURST)
            if self.heard == heard or time.monotonic() - started >= MOST_WAIT:
                break
        message, self.pending = self.pending, None
        if message is None:
            return
        if message.get("type") == "start-example":
            ident = message.get("example")
            if isinstance(ident, str):
                # a dealt example says it is ready
                self.notices.post(StartExample(ident[:MOST_NAME]))
            return
        setup = message_setup(message)
        if setup is not None:
            self.dealer.new_game(setup)
            self.ready()
