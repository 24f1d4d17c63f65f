"""The hint desk of the app: asks the Hard AI (in the worker) for the seat at the screen,
keeps the hint on show and counts hints per nation (saved with the game, shown at the end).

The words and the pointing are :mod:`ui.markup.hints` (pure Python, tested in CPython).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine
from typing import Any, Protocol

import game
from game import NATIONS
from game.core.actions import Action
from game.rules.records import View
from game.rules.terms import nation_of

from ..markup.hints import LEVEL, Hint, reason_text
from ..model.table import Table
from ..model.targets import tab_of
from ..platform.port import Platform
from ..words.i18n import _
from ..words.warn import warning_text

# the longest a hint may take, a worker still starting included: then it says it could not
HINT_SECONDS = 20.0


class App(Protocol):
    """What the hint desk asks of the app."""

    @property
    def table(self) -> Table: ...

    @property
    def turn(self) -> int: ...
    @property
    def replaying(self) -> bool: ...

    def controls_seat(self) -> str | None: ...
    def render(self) -> None: ...
    def spawn(self, coro: Coroutine[Any, Any, None]) -> None: ...
    def autosave(self) -> None: ...
    async def think(self, view: View, legal: list[Action], level: str, seed: int,
                    purpose: str) -> tuple[Action, str]: ...


class Hints:
    """Asks for hints, keeps the one on show and counts them per nation."""

    def __init__(self, app: App, dom: Platform) -> None:
        self.dom = dom
        self.app = app
        self.shown: Hint | None = None
        self.thinking = False
        self.taken = dict.fromkeys(NATIONS, 0)

    def current(self) -> Hint | None:
        """The hint on show, while it still fits the decision at hand."""
        app = self.app
        hint = self.shown
        if hint is None or hint.seat != app.controls_seat() or hint.moves != app.table.g.log_size:
            return None
        return hint

    def reset(self, taken: dict[str, int] | None = None) -> None:
        """A new or loaded game: no hint on show; ``taken`` as saved (none for a new game)."""
        self.shown = None
        self.thinking = False
        self.taken = {n: int((taken or {}).get(n, 0)) for n in NATIONS}

    def ask(self) -> None:
        app = self.app
        seat = app.controls_seat()
        if seat is None or self.thinking or app.replaying:
            return
        self.thinking = True
        app.render()
        app.spawn(self._think(seat, app.turn, app.table.g.log_size))

    async def _think(self, seat: str, turn: int, moves: int) -> None:
        app = self.app
        g = app.table.g
        view = g.view(seat)
        legal = list(app.table.actions)
        seed = (g.seed * 1_000_003 + moves) % 2**31
        self.dom.set_body("hint-seat", seat)  # whose view the AI is given (tests compare it)
        try:
            action, _where = await asyncio.wait_for(
                app.think(view, legal, LEVEL, seed, "hint"), HINT_SECONDS)
        except Exception:  # a hint that fails (or times out) says so; the game goes on
            action = None
        finally:
            self.thinking = False
        if turn != app.turn or moves != app.table.g.log_size or app.table.seat != seat:
            app.render()  # the decision moved on while the AI thought: this hint is stale
            return
        if action is None:
            self.shown = Hint(seat, -1, moves, (), _("The computer could not find a hint in "
                                                    "time. Ask again in a moment."))
            app.render()
            return
        # the AI's modules load on the first hint, not with the page (they run in the worker)
        from game.ai.advisor import explain

        nation = nation_of(seat)
        at_stake = game.stakes(g, seat, action)
        warning = warning_text(at_stake) if at_stake.warn else ""
        reason = reason_text(explain(g, seat, action, at_stake), action, view, warning)
        index = legal.index(action)
        routes = tuple(path for path, i in app.table.pick.routes if i == index)  # the board's paths
        self.shown = Hint(seat, index, moves, routes, reason)
        self.taken[nation] += 1
        self.dom.set_body("hints", json.dumps(self.taken, separators=(",", ":")))
        app.autosave()
        tab = tab_of(self.shown.target(app.table.pick))
        if tab:
            app.table.show_tab(tab)  # a phone shows the part of the table the hint points at
        app.render()
        self.dom.scroll_into_view("[data-hint]")
