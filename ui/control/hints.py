"""The hint desk of the app: asks the Hard AI (in the worker) for the seat at the screen,
keeps the hint on show and counts hints per nation (saved with the game, shown at the end).

The words and the pointing are :mod:`ui.markup.hinttext` (pure Python, tested in CPython).
"""

from __future__ import annotations

import asyncio
import json

import game
from game import NATIONS
from game.core.names import Seat
from game.rules.terms import nation_of

from ..loop.notices import Autosave
from ..markup.hinttext import LEVEL, Hint, reason_text
from ..model.roles import Minds, Notices, Screen, Tasks
from ..model.table import Table
from ..model.targets import tab_of
from ..platform.port import Platform
from ..words.i18n import _
from ..words.warn import warning_text

# the longest a hint may take, a worker still starting included: then it says it could not
HINT_SECONDS = 20.0


class Hints:
    """Asks for hints, keeps the one on show and counts them per nation. Offers
    :class:`ui.model.roles.HintBook`."""

    def __init__(self, dom: Platform, table: Table, screen: Screen, tasks: Tasks,
                 minds: Minds, notices: Notices) -> None:
        self.dom = dom
        self.table = table
        self.screen = screen
        self.tasks = tasks
        self.minds = minds
        self.notices = notices  # (the shelf, built after the hints, saves a hint taken)
        self.shown: Hint | None = None
        self.thinking = False
        self.taken: dict[str, int] = dict.fromkeys(NATIONS, 0)  # nation -> hints taken

    def current(self) -> Hint | None:
        """The hint on show, while it still fits the decision at hand."""
        hint = self.shown
        if hint is None or hint.seat != self.table.controls_seat() \
                or hint.moves != self.table.g.log_size:
            return None
        return hint

    def reset(self, taken: dict[str, int] | None = None) -> None:
        """A new or loaded game: no hint on show; ``taken`` as saved (none for a new game)."""
        self.shown = None
        self.thinking = False
        self.taken = {n: int((taken or {}).get(n, 0)) for n in NATIONS}

    def read_table(self) -> None:
        """The computer's reading of what the seat of the hint on show cannot see
        (:func:`game.ai.beliefs.beliefs`, from that seat's view only), in a dialog."""
        hint = self.current()
        if hint is None:
            return
        from game.ai.beliefs import beliefs  # (loaded with the hint's own AI modules)

        from ..screens.reading import reading_html

        reading = beliefs(self.table.g.view(hint.seat), hint.seat)
        self.table.open_dialog("reading", reading_html(reading))
        self.screen.render_over()
        self.screen.after_paint(lambda: self.dom.focus_first('[data-testid="close-reading"]'))

    def forget(self) -> None:
        """The hint on show is for a decision gone (a guest's new picture)."""
        self.shown = None

    def ask(self) -> None:
        seat = self.table.controls_seat()
        if seat is None or self.thinking or self.table.replaying:
            return
        self.thinking = True
        self.screen.render()
        self.tasks.spawn(self._think(seat, self.table.turn, self.table.g.log_size))

    async def _think(self, seat: Seat, turn: int, moves: int) -> None:
        table, screen = self.table, self.screen
        g = table.g
        view = g.view(seat)
        legal = list(table.actions)
        seed = (g.seed * 1_000_003 + moves) % 2**31
        self.dom.set_body("hint-seat", seat)  # whose view the AI is given (tests compare it)
        try:
            action, _where = await asyncio.wait_for(
                self.minds.choose(view, legal, LEVEL, seed, purpose="hint"), HINT_SECONDS)
        except Exception:  # a hint that fails (or times out) says so; the game goes on
            action = None
        finally:
            self.thinking = False
        if turn != self.table.turn or moves != table.g.log_size or table.seat != seat:
            screen.render()  # the decision moved on while the AI thought: this hint is stale
            return
        if action is None:
            self.shown = Hint(seat, -1, moves, (), _("The computer could not find a hint in "
                                                    "time. Ask again in a moment."))
            screen.render()
            return
        # the AI's modules load on the first hint, not with the page (they run in the worker)
        from game.ai.advisor import explain, second_look

        action = second_look(g, seat, action)  # a long shot nothing can raise is not advised
        nation = nation_of(seat)
        at_stake = game.stakes(g, seat, action)
        warning = warning_text(at_stake) if at_stake.warn else ""
        reason = reason_text(explain(g, seat, action, at_stake), action, view, warning)
        index = legal.index(action)
        routes = tuple(path for path, i in table.pick.routes if i == index)  # the board's paths
        self.shown = Hint(seat, index, moves, routes, reason)
        self.taken[nation] += 1
        self.dom.set_body("hints", json.dumps(self.taken, separators=(",", ":")))
        self.notices.post(Autosave())
        tab = tab_of(self.shown.target(table.pick))
        if tab:
            table.show_tab(tab)  # a phone shows the part of the table the hint points at
        screen.render()
        screen.after_paint(lambda: self.dom.scroll_into_view("[data-hint]"))
