"""The game a screen holds, and each moment of it as a table draws it.

:class:`Match` is the game itself, on the one screen that holds it: a local game's, or an
online game's host (whose referee applies its guests' moves to the same game). It keeps
what Undo needs of the game's past. A guest's screen holds none.

:class:`Position` is what every table is drawn from, on every screen alike: the views and
choices of the seats the screen may show, the number of moves made, and the last actions.
The screen holding the game makes one from its match after each change; a guest's, from the
host's picture (:class:`game.online.guestlink.Picture`). The table (:mod:`ui.model.table`)
holds a position, never a game, so no drawing has to ask whether its game is real, and
what needs a whole world of a seat (a hint, a move's stakes, the reading of hidden cards)
samples one from that seat's view (:meth:`Position.world`), as the computer players do.

Pure Python (no browser), so both are tested in CPython (tests/test_ui_scene.py draws a
host's and a guest's position region by region).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from game.analysis.history import Trace, apply_traced, rewind, traces
from game.analysis.infostate import determinize
from game.core.actions import Action
from game.core.events import Event
from game.core.names import SEATS, Seat
from game.engine import Game
from game.online.guestlink import Picture
from game.rules.choices import NO_CHOICES, Choices
from game.rules.records import View
from game.sharing import state_hash

from .targets import TRAIL_MOVES

Move = tuple[Seat, Action]  # (seat, action), as the game's log holds them


@dataclass(frozen=True)
class Position:
    """One moment of a game, as a table draws it (see the module's words)."""

    # the seats this screen may show (None: the public view; a guest's: the host's seat names)
    views: Mapping[str | None, View]
    choices_of: Mapping[str, Choices]
    moves: int  # the actions made so far
    seed: int = 0  # the game's seed, for a computer's or a hint's search (a guest's: 0)
    last: tuple[Move, ...] = ()  # the latest actions, oldest first (a guest hears events)
    fingerprint: str = ""  # a hash of the whole state, for tests (a guest's: none)

    @classmethod
    def of(cls, g: Game) -> Position:
        """The position of the game on this screen: every seat's view and the public one."""
        return cls({seat: g.view(seat) for seat in (*SEATS, None)},
                   {seat: g.choices(seat) for seat in SEATS}, g.log_size, g.seed,
                   tuple(g.log[-TRAIL_MOVES:]), state_hash(g))

    @classmethod
    def pictured(cls, picture: Picture, moves: int) -> Position:
        """A guest's position: the host's picture of its seats (a watcher's: the public view)
        after ``moves`` moves."""
        views: dict[str | None, View] = {seat: view for seat, view in picture.views.items()}
        if picture.public is not None:
            views[None] = picture.public
        return cls(views, dict(picture.choices_of), moves)

    def view(self, seat: Seat | None) -> View:
        """A seat's view (None: the public one; a guest, shown no other, its first seat's).
        A seat the position does not show raises KeyError: nothing draws another's view."""
        if seat is None and None not in self.views:
            return next(iter(self.views.values()))
        return self.views[seat]

    def choices(self, seat: Seat | None) -> Choices:
        return NO_CHOICES if seat is None else self.choices_of.get(seat, NO_CHOICES)

    @property
    def public(self) -> View:
        """What everyone sees: the round, the phase, who acts, the end."""
        return self.view(None)

    def world(self, seat: Seat) -> Game:
        """A whole game as ``seat`` may believe it: its view, every hidden part sampled (the
        same for the same moment). What a hint, a move's stakes or the reading of hidden
        cards work out comes from what the seat sees, on every screen alike."""
        return determinize(self.view(seat), random.Random(self.seed * 1_000_003 + self.moves))


class Match:
    """The game this screen holds (see the module's words), changed only by its methods (and
    by an online host's referee, which applies its guests' moves to it)."""

    def __init__(self, g: Game | None = None) -> None:
        self._game = g
        self._traced: list[Trace] | None = None  # the log's traces, once Undo asked

    @property
    def game(self) -> Game:
        """The game held; a guest's screen holds none (its table shows the host's)."""
        if self._game is None:
            raise RuntimeError("this screen holds no game: it shows the host's")
        return self._game

    @property
    def held(self) -> bool:
        return self._game is not None

    def take(self, g: Game | None) -> None:
        """``g`` is the game this screen holds now (None: none, a guest's screen)."""
        self._game, self._traced = g, None

    def position(self) -> Position:
        """The game's position now (every change of the game is followed by a new one)."""
        return Position.of(self.game)

    def apply(self, seat: Seat, action: Action, traced: bool = True) -> list[Event]:
        """``seat`` takes ``action`` (raises :class:`game.IllegalAction`, changing nothing,
        when it may not). ``traced``: Undo's traces kept up to date (an online game has no
        undo: its referee applies its guests' moves)."""
        g = self.game
        known = self.traces() if traced else None  # brought up to date before the log grows
        events, trace = apply_traced(g, seat, action)
        if known is not None:
            known.append(trace)
        return events

    def traces(self) -> list[Trace]:
        """What each logged action did that Undo must respect: worked out once from the log
        (a game loaded, undone, new), then kept as the game is played."""
        if self._traced is None or len(self._traced) != self.game.log_size:
            self._traced = traces(self.game)
        return self._traced

    def rewind(self, count: int) -> Move:
        """Undo takes back the last ``count`` actions; returns the first of them (for Redo)."""
        g = self.game
        first, kept = g.log[-count], self.traces()[:-count]
        self._game = rewind(g, count)
        self._traced = kept  # the rewound game's log is a prefix: no replay
        return first
