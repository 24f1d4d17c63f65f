"""The post-game report on the page: opened from the end screen or a replay's step.

The numbers are worked out by the AI worker (:meth:`ui.control.thinker.Thinker.chronicle`, a second
or two of simulations that would otherwise freeze the page), from the engine save: the seed,
the settings and the log up to the step shown. The charting library (uPlot, vendored by the
build into ``vendor/uplot/``) and ``charts.js`` load the first time a report opens, never
with the game.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ..platform import dom
from ..screens.report import failed_html, loading_html, report_html
from ..words.i18n import _

if TYPE_CHECKING:
    from ..app import App

LIBRARY = (("link", "./vendor/uplot/uPlot.min.css"), ("script", "./vendor/uplot/uPlot.iife.min.js"),
           ("script", "./charts.js"))
STORY_SEED = 0  # the win-probability simulations' seed: the same report every time


class ReportDesk:
    def __init__(self, app: App) -> None:
        self.app = app
        self.opened = 0  # which opening the shown report belongs to (a newer one wins)

    def open(self) -> None:
        app = self.app
        desk = app.replays
        if desk.replay is not None:
            save = json.dumps(desk.replay.save)
            upto, total, hints = desk.index, len(desk.replay), desk.hints
        else:
            save, hints = app.g.to_json(), app.hints.taken
            upto = total = app.g.log_size
        self.opened += 1
        dom.set_html("report", loading_html())
        dom.show("report", True)
        dom.set_body("report", "loading")
        app.spawn(self._fill(self.opened, save, upto, total, hints))

    async def _fill(self, opened: int, save: str, upto: int, total: int,
                    hints: dict[str, int]) -> None:
        try:
            data = await self.app.thinker.chronicle(save, upto, STORY_SEED)
        except Exception as exc:  # a broken save: say so, with a way out (not a stuck screen)
            if opened == self.opened and dom.is_shown("report"):
                reason = (str(exc).strip().splitlines() or [type(exc).__name__])[-1]
                dom.set_html("report", failed_html(reason))
                dom.set_body("report", "failed")
                dom.focus_first('[data-testid="report-close"]')
            return
        try:
            for tag, url in LIBRARY:
                await dom.load_once(tag, url)
        except OSError:
            drawn = False
        else:
            drawn = True
        if opened != self.opened or not dom.is_shown("report"):
            return  # closed, or opened again meanwhile
        markup, specs = report_html(data, hints, upto, total)
        dom.set_html("report", markup)
        if drawn:
            for key, spec in specs.items():
                dom.draw_chart(key, json.dumps(spec))
        else:
            self.app.notice(_("The charts could not be loaded; the tables show the same "
                              "numbers."))
        dom.set_body("report", "ready" if drawn else "tables")
        dom.focus_first('[data-testid="report-close"]')

    def close(self) -> None:
        self.opened += 1
        dom.show("report", False)
        dom.set_html("report", "")
        dom.set_body("report", "")
        app = self.app
        if app.g.is_over and not app.replays.on:
            dom.focus_first('[data-testid="end-report"]')
        elif app.replays.on:
            dom.focus_first('[data-testid="rp-report"]')

    @property
    def on(self) -> bool:
        return dom.is_shown("report")
