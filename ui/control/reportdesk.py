"""The post-game report on the page: opened from the end screen or a replay's step.

The numbers (a :class:`game.ai.chronicle.Chronicle`) are worked out on the page in slices
(:meth:`ui.control.thinker.Thinker.chronicle`, a second or two of simulations that would
otherwise freeze the page), from the engine save: the seed, the settings and the log up to the
step shown. The charting library (uPlot, vendored by the build into ``vendor/uplot/``) and
``charts.js`` load the first time a report opens, never with the game.
"""

from __future__ import annotations

import json

from ..loop.messages import CloseReport, Handle, Msg, OpenReport, on
from ..model.match import Match
from ..model.roles import Minds, Overlays, Screen, Tasks
from ..model.table import Table
from ..platform.port import Platform
from ..screens.report import failed_html, loading_html, report_html
from ..words.i18n import _

LIBRARY = (("link", "./vendor/uplot/uPlot.min.css"), ("script", "./vendor/uplot/uPlot.iife.min.js"),
           ("script", "./charts.js"))
STORY_SEED = 0  # the win-probability simulations' seed: the same report every time


class ReportDesk:
    """Offers :class:`ui.model.roles.Report`."""


    def __init__(self, dom: Platform, table: Table, match: Match, screen: Screen, tasks: Tasks,
                 overlays: Overlays, minds: Minds) -> None:
        self.dom = dom
        self.table = table
        self.match = match  # the game on the table (a report is of the game this screen holds)
        self.screen = screen
        self.tasks = tasks
        self.overlays = overlays
        self.minds = minds
        self.opened = 0  # which opening the shown report belongs to (a newer one wins)

    def handlers(self) -> list[tuple[type[Msg], Handle]]:
        return [on(OpenReport, lambda _m: self.open()), on(CloseReport, lambda _m: self.close())]

    def open(self) -> None:
        """The report of the game on the table, or of the replay up to its step (what
        :meth:`subject` gives: the engine save, how many actions, of how many, hints)."""
        save, upto, total, hints = self.subject()
        self.opened += 1
        self.table.put_up("report", loading_html())
        self.dom.probe("report", "loading")
        self.tasks.spawn(self._fill(self.opened, save, upto, total, hints))

    def subject(self) -> tuple[str, int, int, dict[str, int] | None]:
        """What the report tells: the replay up to its step, else the game on the table."""
        travel = self.table.travel
        if travel is not None:
            return travel.report_subject()
        g = self.match.game
        return g.to_json(), g.log_size, g.log_size, self.table.hints_taken

    async def _fill(self, opened: int, save: str, upto: int, total: int,
                    hints: dict[str, int] | None) -> None:
        try:
            data = await self.minds.chronicle(
                save, upto, STORY_SEED, wanted=lambda: opened == self.opened and self.on)
        except Exception as exc:  # a broken save: say so, with a way out (not a stuck screen)
            self._failed(opened, exc)
            return
        if data is None:
            return  # closed, or opened again, while it was worked out
        drawn = await self._charts_loaded()
        if opened != self.opened or not self.on:
            return  # closed, or opened again meanwhile
        markup, specs = report_html(data, hints, upto, total)
        self.table.put_up("report", markup)
        self.screen.after_paint(lambda: self._charted(specs if drawn else None))

    def _charted(self, specs: dict[str, dict[str, object]] | None) -> None:
        """The report's charts drawn into it (None: the library did not load)."""
        if specs is not None:
            for key, spec in specs.items():
                self.dom.draw_chart(key, json.dumps(spec))
        else:
            self.overlays.notice(_("The charts could not be loaded; the tables show the same "
                                   "numbers."))
        self.dom.probe("report", "tables" if specs is None else "ready")
        self.dom.focus_first('[data-testid="report-close"]')

    def _failed(self, opened: int, exc: Exception) -> None:
        """The report's numbers could not be worked out: why, on the report still open."""
        if opened == self.opened and self.on:
            reason = (str(exc).strip().splitlines() or [type(exc).__name__])[-1]
            self.table.put_up("report", failed_html(reason))
            self.dom.probe("report", "failed")
            self.screen.after_paint(lambda: self.dom.focus_first('[data-testid="report-close"]'))

    async def _charts_loaded(self) -> bool:
        """Whether the chart library is on the page (loaded now, or before)."""
        try:
            for tag, url in LIBRARY:
                await self.dom.load_once(tag, url)
        except OSError:
            return False
        return True

    def close(self) -> None:
        self.opened += 1
        self.table.take_down("report")
        self.dom.probe("report", "")
        if self.table.position.public.over and not self.table.replaying:
            self.screen.after_paint(lambda: self.dom.focus_first('[data-testid="end-report"]'))
        elif self.table.replaying:
            self.screen.after_paint(lambda: self.dom.focus_first('[data-testid="rp-report"]'))

    @property
    def on(self) -> bool:
        return "report" in self.table.up
