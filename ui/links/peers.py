"""What both sides of an online game share, whichever this screen plays (the host's,
:mod:`ui.links.hosting`, or a guest's, :mod:`ui.links.joining`): the transport between
browsers (public/peer.js) and the signaling relays that set it up (public/relay.js), each
listened to once, their events coming in as messages; and the panels' Copy buttons."""

from __future__ import annotations

from ..loop.messages import Copy, Handle, Msg, on
from ..loop.notices import PeerEvent, RelayEvent
from ..model.roles import Notices, Screen, Tasks
from ..model.table import Table
from ..platform.port import Platform
from ..words.i18n import _


class Online:
    """Offers :class:`ui.model.roles.Peers`: the transport, whose events come to the app as
    messages (:class:`ui.loop.notices.PeerEvent`), which hands them to the side this screen
    plays; and the panels' Copy buttons."""

    def __init__(self, dom: Platform, table: Table, screen: Screen, tasks: Tasks,
                 notices: Notices) -> None:
        self.dom = dom
        self.table = table
        self.screen = screen
        self.tasks = tasks
        self.notices = notices
        self.heard = False  # the transport's events are listened to
        self.heard_relays = False  # the relays' events are

    def handlers(self) -> list[tuple[type[Msg], Handle]]:
        return [on(Copy, lambda m: self.tasks.spawn(self._copy(m.text, m.copied, m.status)))]

    async def listen(self) -> None:
        """Load the WebRTC transport once; each of its events is a message."""
        if not self.heard:
            await self.dom.peer_listen(self.tasks.as_input(self.heard_event))
            self.heard = True

    def heard_event(self, ident: str, kind: str, text: str) -> None:
        self.notices.post(PeerEvent(ident, kind, text))

    async def listen_relays(self) -> None:
        """Load the relays' signaling once (nothing is sent before a room is entered); each
        of its events is a message."""
        if not self.heard_relays:
            await self.dom.relay_listen(self.tasks.as_input(self.heard_relay))
            self.heard_relays = True

    def heard_relay(self, room: str, kind: str, text: str) -> None:
        self.notices.post(RelayEvent(room, kind, text))

    # ------------------------------------------------------------------ Copy

    async def _copy(self, text: str, copied: str, status: str) -> None:
        """A Copy button's text to the clipboard, and a word under it that it is there (or
        that the browser refused, and the text is to be copied by hand)."""
        done = await self.dom.copy_text(text)
        words = copied if done else _("The browser did not allow copying: select the text "
                                      "and copy it by hand.")
        if status:
            self.table.tell_copied(status, words)
