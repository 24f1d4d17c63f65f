"""What a table is drawn from: a source of records, never necessarily a game.

On the screen that holds the game it is the game itself (:class:`game.Game`); on a guest's,
the host's last picture of its seats (:class:`game.online.guestlink.Picture`): views and
choices read from the host's message, so drawing needs no game of its own.
"""

from __future__ import annotations

from typing import Protocol

from game.core.names import Seat
from game.rules.choices import Choices
from game.rules.records import View


class Shown(Protocol):
    """The records a table is drawn from."""

    def view(self, seat: Seat | None) -> View: ...
    def choices(self, seat: Seat | None) -> Choices: ...
