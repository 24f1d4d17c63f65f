"""The hint desk of the app: asks the Hard AI (:class:`ui.control.thinker.Thinker`) for the
seat at the screen, and puts the hint on the table, which counts hints per nation (saved with
the game, shown at the end).

The words and the pointing are :mod:`ui.markup.hinttext` (pure Python, tested in CPython).
"""

from __future__ import annotations

import asyncio

import game
from game import NATIONS
from game.core.names import Seat
from game.rules.terms import nation_of

from ..loop.notices import Autosave
from ..markup.hinttext import LEVEL, reason_text
from ..model.roles import Minds, Notices, Screen, Tasks
from ..model.table import Table
from ..model.targets import Hint, tab_of
from ..platform.port import Platform
from ..words.i18n import _
from ..words.warn import warning_text

# the longest a hint may take (its search has a second): then it says it could not
HINT_SECONDS = 20.0


class Hints:
    """Asks for hints and puts each on the table."""

    def __init__(self, dom: Platform, table: Table, screen: Screen, tasks: Tasks,
                 minds: Minds, notices: Notices) -> None:
        self.dom = dom
        self.table = table
        self.screen = screen
        self.tasks = tasks
        self.minds = minds
        self.notices = notices  # (the shelf, built after the hints, saves a hint taken)

    def reset(self, taken: dict[str, int] | None = None) -> None:
        """A new or loaded game: no hint on show; ``taken`` as saved (none for a new game)."""
        self.table.count_hints({n: int((taken or {}).get(n, 0)) for n in NATIONS})

    def read_table(self) -> None:
        """The computer's reading of what the seat of the hint on show cannot see
        (:func:`game.ai.beliefs.beliefs`, from that seat's view only), in a dialog."""
        hint = self.table.current_hint()
        if hint is None:
            return
        from game.ai.beliefs import beliefs  # (loaded with the hint's own AI modules)

        from ..screens.reading import reading_html

        reading = beliefs(self.table.position.view(hint.seat), hint.seat)
        self.table.open_dialog("reading", reading_html(reading))
        self.screen.after_paint(lambda: self.dom.focus_first('[data-testid="close-reading"]'))

    def ask(self) -> None:
        seat = self.table.controls_seat()
        if seat is None or self.table.hinting or self.table.replaying:
            return
        self.table.look_for_hint(True)
        self.tasks.spawn(self._think(seat, self.table.turn, self.table.position.moves))

    async def _think(self, seat: Seat, turn: int, moves: int) -> None:
        table = self.table
        position = table.position
        view = position.view(seat)
        legal = list(table.actions)
        seed = (position.seed * 1_000_003 + moves) % 2**31
        self.dom.probe("hint-seat", seat)  # whose view the AI is given (tests compare it)

        def same_decision() -> bool:
            return turn == table.turn and moves == table.position.moves and table.seat == seat

        try:
            action = await asyncio.wait_for(
                self.minds.choose(view, legal, LEVEL, seed, purpose="hint",
                                  wanted=same_decision), HINT_SECONDS)
        except Exception:  # a hint that fails (or times out) says so; the game goes on
            action = None
        finally:
            table.look_for_hint(False)
        if not same_decision():
            return  # the decision moved on while the AI thought (its search stopped then)
        if action is None:
            table.give_hint(Hint(seat, -1, moves, (), _("The computer could not find a hint "
                                                        "in time. Ask again in a moment.")))
            return
        # the advisor loads on the first hint, not with the page
        from game.ai.advisor import explain, second_look

        # what it says comes from the world the seat may believe (sampled from its view):
        # the same on a guest's screen as on the host's
        g = position.world(seat)
        action = second_look(g, seat, action)  # a long shot nothing can raise is not advised
        nation = nation_of(seat)
        at_stake = game.stakes(g, seat, action)
        warning = warning_text(at_stake) if at_stake.warn else ""
        reason = reason_text(explain(g, seat, action, at_stake), action, view, warning)
        index = legal.index(action)
        routes = tuple(path for path, i in table.pick.routes if i == index)  # the board's paths
        hint = Hint(seat, index, moves, routes, reason)
        table.give_hint(hint, taken=nation)
        self.notices.post(Autosave())
        tab = tab_of(hint.target(table.pick))
        if tab:
            table.show_tab(tab)  # a phone shows the part of the table the hint points at
        self.screen.after_paint(lambda: self.dom.scroll_into_view("[data-hint]"))
