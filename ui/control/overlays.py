"""What the app shows over the table: the hot-seat privacy screen, the launch show, the end
screen, the rules panel and the confirmation before a risky action."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from ..markup.launchshow import frames
from ..platform import dom
from ..screens.panels import end_html, privacy_html
from ..words.rules import panel_html as rules_panel_html
from ..words.warn import confirm_html

if TYPE_CHECKING:
    from ..app import App


class Overlays:
    def __init__(self, app: App) -> None:
        self.app = app
        self.skip_show = False
        # (generation, action index) waiting for a confirmation: a move that lands meanwhile
        # (an online guest's) makes it void
        self.confirming: tuple[int, int] | None = None

    def privacy(self, seat: str) -> None:
        dom.set_html("privacy", privacy_html(seat, self.app.setup.display_name(seat)))
        dom.show("privacy", True)
        dom.focus_first('[data-testid="privacy-continue"]')

    def end(self) -> None:
        g = self.app.g
        dom.set_html("end", end_html(g.view(None), g.winner or "?", g.end_reason or "",
                                     self.app.hints.taken, whole=not self.app.joining.on))
        dom.show("end", True)
        dom.set_body("busy", "0")
        dom.set_body("over", "1")
        dom.focus_first('[data-testid="end-new-game"]')

    async def launches(self, shows: list[list[dict[str, Any]]]) -> None:
        self.skip_show = False
        delay = 0.0 if self.app.setup.speed_ms == 0 else 0.9
        bonus = self.app.g.view(None)["test_bonus"]
        dom.show("launch", True)
        for seq in shows:
            for frame in frames(seq, bonus):
                if self.skip_show:
                    break
                dom.set_html("launch-stage", frame)
                await asyncio.sleep(delay)
            if self.skip_show:
                break
            await asyncio.sleep(delay)
        dom.show("launch", False)

    def rules(self, section: str = "", howto: bool = False) -> None:
        """The rules panel: rules.html in a frame, at ``section`` (a rules anchor), or the
        How to play guide."""
        dom.set_html("rules", "")  # a fresh frame: it opens at the section even if reopened
        dom.set_html("rules", rules_panel_html(section, howto))
        dom.show("rules", True)
        dom.set_body("rules", "howto" if howto else section or "top")
        dom.focus_first('[data-testid="close-rules"]')

    def close_rules(self) -> None:
        dom.show("rules", False)
        dom.set_body("rules", "")

    def confirm(self, index: int, text: str, label: str) -> None:
        """Ask before action ``index``: the stakes in words; Cancel has the focus."""
        self.confirming = (self.app.generation, index)
        self.app.dialog_kind = "confirm"
        dom.set_html("dialog", confirm_html(text, label))
        dom.show("dialog", True)
        dom.focus_first('[data-testid="confirm-no"]')

    def answer(self, yes: bool) -> None:
        asked, self.confirming = self.confirming, None
        self.app.close_dialog()
        if yes and asked is not None and asked[0] == self.app.generation:
            self.app.act(asked[1])
        else:
            self.app.focus_decision()
