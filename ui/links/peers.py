"""What both sides of an online game share, whichever this screen plays (the host's,
:mod:`ui.links.hosting`, or a guest's, :mod:`ui.links.joining`): the transport between
browsers (public/peer.js), listened to once, its events going to the side that plays; the chat
box; where each seat is played; and the panels' Copy buttons."""

from __future__ import annotations

from ..loop.messages import Copy, Handle, Msg, SendChat, on
from ..model.roles import Side, Tasks
from ..platform.port import Platform
from ..screens.online import chat_html
from ..words.i18n import _
from ..words.names import chat_sender


class Online:
    """Offers :class:`ui.model.roles.Peers`."""

    def __init__(self, dom: Platform, tasks: Tasks, hosting: Side, joining: Side) -> None:
        self.dom = dom
        self.tasks = tasks
        self.hosting = hosting
        self.joining = joining
        self.heard = False  # the transport's events are listened to

    def handlers(self) -> list[tuple[type[Msg], Handle]]:
        return [on(Copy, lambda m: self.tasks.spawn(self._copy(m.text, m.copied, m.status))),
                on(SendChat, lambda m: self.send_chat(m.text))]

    @property
    def on(self) -> bool:
        """This screen hosts or joins an online game."""
        return self.hosting.on or self.joining.on

    # ------------------------------------------------------------------ the transport

    async def listen(self) -> None:
        """Load the WebRTC transport once; its events go to the host or guest side, whichever
        this screen plays now."""
        if not self.heard:
            await self.dom.peer_listen(self.tasks.as_input(self.on_peer))
            self.heard = True

    def on_peer(self, ident: str, kind: str, text: str) -> None:
        if self.hosting.on:
            self.hosting.on_peer(ident, kind, text)
        elif self.joining.on:
            self.joining.on_peer(ident, kind, text)

    def screens(self) -> dict[str, dict[str, str]]:
        """Where each seat is played in an online game (the turn indicator's "on whose
        screen"); nothing otherwise."""
        if self.hosting.on:
            return self.hosting.screens()
        return self.joining.screens() if self.joining.on else {}

    # ------------------------------------------------------------------ the chat

    def chat_changed(self) -> None:
        """Draw the chat again (a line came in or went out)."""
        sent = self.hosting.chat_lines() if self.hosting.on else self.joining.chat_lines()
        screens = self.screens()
        self.dom.set_html("chat", chat_html([(chat_sender(who, screens), text)
                                             for who, text in sent]))

    def send_chat(self, text: str) -> None:
        if not text.strip():
            return
        if self.joining.on:
            self.joining.say(text)
        else:
            self.hosting.say(text)
        self.dom.set_value('#chat input[name="chat"]', "")

    # ------------------------------------------------------------------ Copy

    async def _copy(self, text: str, copied: str, status: str) -> None:
        """A Copy button's text to the clipboard, and a word under it that it is there (or
        that the browser refused, and the text is to be copied by hand)."""
        done = await self.dom.copy_text(text)
        words = copied if done else _("The browser did not allow copying: select the text "
                                      "and copy it by hand.")
        if status:
            self.dom.set_text(status, words)
