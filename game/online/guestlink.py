"""The guest's side of the referee's protocol (:mod:`game.online.referee`): number the messages it
sends, check the host's numbering, keep the last picture of its seats, and make actions that
say which position they were chosen in.

The guest holds no game: only the host's last ``state`` message, its seats' views read as
typed records (:class:`game.rules.records.View`) and their legal actions as actions; a
message whose view or actions do not read whole is refused, and the last picture stays. Like
the referee, it does no input or output itself.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..core.actions import Action, action_from_dict
from ..core.errors import IllegalAction
from ..core.events import Event, event_from_plain
from ..core.names import Seat
from ..core.plain import RecordError, from_plain
from ..core.reading import Bounds, Unreadable, read_json
from ..rules.choices import NO_CHOICES, Choices
from ..rules.records import View

MAX_HOST_MESSAGE = 1_048_576  # characters; a state message of two seats is about 30,000
# a picture nests about 10 deep (message, seats, view, board...); its numbers are small
HOST = Bounds(MAX_HOST_MESSAGE, 32, 20)


def is_picture(message: dict[str, Any]) -> bool:
    """A ``state`` message in the shape the referee sends (a host's page is not trusted to):
    a player's has its seats, a watcher's the public view and no seat."""
    seats, to_act = message.get("seats"), message.get("to_act")
    return (isinstance(message.get("at"), int) and isinstance(to_act, list)
            and all(isinstance(seat, str) for seat in to_act)
            and isinstance(seats, dict)
            and (bool(seats) != isinstance(message.get("public"), dict))
            and all(isinstance(mine, dict) and isinstance(mine.get("view"), dict)
                    and isinstance(mine.get("legal"), list) for mine in seats.values())
            and isinstance(message.get("events", []), list)
            and isinstance(message.get("screens", {}), dict)
            and isinstance(message.get("clock", {}), dict)
            and isinstance(message.get("waiting", False), bool))


@dataclass(frozen=True, slots=True)
class Picture:
    """What a ``state`` message holds, read as records: its seats' views and legal actions,
    the last move's events and, in the answer to a hello, every move's events; a watcher's,
    the public view and no seat."""

    views: dict[str, View]
    choices_of: dict[str, Choices]
    legals: dict[str, list[Action]]
    events: list[Event]
    history: list[list[Event]] | None
    public: View | None = None

    def view(self, seat: Seat | None) -> View:
        """A seat's view (``None``: the public one to a watcher, else the first seat of this
        screen's; a guest has no other)."""
        if seat is None and self.public is not None:
            return self.public
        return self.views[seat if seat is not None else next(iter(self.views))]

    def choices(self, seat: Seat | None) -> Choices:
        return NO_CHOICES if seat is None else self.choices_of[seat]


def read_picture(message: dict[str, Any]) -> Picture | None:
    """The picture a ``state`` message holds, or None when any part does not read whole."""
    if not is_picture(message):
        return None
    seats: dict[str, Any] = message["seats"]
    history, public = message.get("history"), message.get("public")
    try:
        return Picture(
            views={seat: from_plain(View, mine["view"]) for seat, mine in seats.items()},
            choices_of={seat: from_plain(Choices, mine.get("choices"))
                     for seat, mine in seats.items()},
            legals={seat: [action_from_dict(a) for a in mine["legal"]]
                    for seat, mine in seats.items()},
            events=[event_from_plain(e) for e in message.get("events", [])],
            history=None if history is None else
            [[event_from_plain(e) for e in _listed(move)] for move in _listed(history)],
            public=None if public is None else from_plain(View, public))
    except (RecordError, IllegalAction):
        return None


def _listed(data: object) -> list[object]:
    if not isinstance(data, list):
        raise RecordError("not a list")
    return data


class GuestLink:
    """One guest's end of one data channel (a new channel: a new link, numbering from 1)."""

    def __init__(self) -> None:
        self.sent = 0
        self.received = 0
        self.state: dict[str, Any] | None = None  # the host's last picture
        self.picture: Picture | None = None  # the same, read as records
        self.lost = False  # a host message went missing: ask for the whole picture again

    # ------------------------------------------------------------------ sending

    def hello(self) -> str:
        """Joining or rejoining: the host answers with the whole picture."""
        return self._send({"t": "hello"})

    def act(self, seat: Seat, action: Action) -> str:
        """A move of one of this screen's seats, in the position last received. Refused here
        already when it is not among that seat's legal actions (the host checks again)."""
        if self.state is None or seat not in self.state["seats"]:
            raise IllegalAction(f"{seat} is not played on this screen")
        if action not in self.legal(seat):
            raise IllegalAction(f"{action.describe()} is not allowed now.")
        return self._send({"t": "act", "at": self.state["at"], "seat": seat,
                           "action": action.to_dict()})

    def chat(self, text: str) -> str:
        return self._send({"t": "chat", "text": text})

    # ------------------------------------------------------------------ receiving

    def receive(self, text: str) -> dict[str, Any] | None:
        """One message from the host, or None when it is not one to act on (a repeat, or
        garbage: a host that sends garbage is not trusted with the picture)."""
        try:
            message = read_json(text, HOST)
        except Unreadable:
            return None
        if not isinstance(message, dict) or not isinstance(message.get("n"), int):
            return None
        number: int = message["n"]
        if number <= self.received:
            return None
        if number != self.received + 1:
            # Something went missing: the caller sends hello() for the whole picture (a
            # state message is always whole, so one arriving now mends it at once).
            self.lost = True
        self.received = number
        if message.get("t") == "state":
            picture = read_picture(message)
            if picture is None:
                return None  # not a picture this screen can draw: the last one stays
            self.state, self.picture = message, picture
            self.lost = False
        return message

    # ------------------------------------------------------------------ the picture

    def view(self, seat: Seat) -> View:
        if self.picture is None:
            raise KeyError(seat)
        return self.picture.views[seat]

    def legal(self, seat: Seat) -> list[Action]:
        return list(self.picture.legals.get(seat, ())) if self.picture else []

    def to_act(self) -> list[Seat]:
        """This screen's seats that may act now."""
        if self.state is None:
            return []
        return [seat for seat in self.state["to_act"] if seat in self.state["seats"]]

    def _send(self, message: dict[str, Any]) -> str:
        self.sent += 1
        return json.dumps({**message, "n": self.sent}, separators=(",", ":"))
