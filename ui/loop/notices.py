"""What the parts of the app tell one another, as messages: the page's own requests are in
:mod:`ui.loop.messages`; these come from a part, not from the page (a move made, a peer's
event, the embedding page's command), and go through the same registry to their one handler.

A part built before another tells it this way (``Notices.post``), so no part is handed another
after both are built: each is given at construction the parts it asks (built before it), and
tells the later ones.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.actions import Action
from game.core.events import Event
from game.core.names import Seat

from .messages import Msg


@dataclass(frozen=True)
class MoveMade(Msg):
    """``seat`` moved on this screen's game (a person's, an AI's, a guest's applied by the
    referee): the embedding page hears it."""
    seat: Seat
    events: tuple[Event, ...]


@dataclass(frozen=True)
class PicturesOut(Msg):
    """A host's guests each get their new picture: after ``events`` (a move made here), or
    of the same position when there are none (a countdown started: pictures carry them)."""
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class SendMove(Msg):
    """A guest's move, chosen on this screen, goes to the host (who answers with a picture)."""
    seat: Seat
    action: Action


@dataclass(frozen=True)
class PeerEvent(Msg):
    """An event of a data channel (public/peer.js): ``kind`` "open", "closed", "message"
    (``text``) or "skipped", for the host's guest ``ident`` or a guest's host."""
    ident: str
    kind: str
    text: str


@dataclass(frozen=True)
class RelayEvent(Msg):
    """An event of the signaling relays (public/relay.js) in ``room`` (the host's guest, or a
    guest's host): ``kind`` "up" or "down" (``text``: the relay) or "message" (``text``)."""
    room: str
    kind: str
    text: str


@dataclass(frozen=True)
class Autosave(Msg):
    """What the table holds changed beyond a move (a hint taken): saved again."""


@dataclass(frozen=True)
class ShowStart(Msg):
    """The start screen again (a replay opened from it was left)."""


@dataclass(frozen=True)
class StartExample(Msg):
    """The embedding page asks for rule example ``ident`` (unchecked: the desk looks it up)."""
    ident: str
