"""What the app shows over the table: the hot-seat privacy screen, the launch show, the end
screen, the rules panel, the confirmation before a risky action and the banner that tells
something."""

from __future__ import annotations

import asyncio

from game.core.names import Seat

from ..loop.messages import (
    CloseRules,
    DismissBanner,
    Handle,
    Msg,
    OpenRules,
    SkipLaunch,
    on,
)
from ..markup.launchshow import frames
from ..model.roles import Screen, Sounds
from ..model.table import Table
from ..platform.port import Platform
from ..screens.panels import (
    banner_html,
    confirm_html,
    end_html,
    privacy_html,
    rules_panel_html,
)
from ..words.narration import Launch


class Overlays:
    """Offers :class:`ui.model.roles.Overlays`."""

    def __init__(self, dom: Platform, table: Table, screen: Screen,
                 sounds: Sounds) -> None:
        self.dom = dom
        self.table = table
        self.screen = screen
        self.sounds = sounds
        self.skip_show = False

    def handlers(self) -> list[tuple[type[Msg], Handle]]:
        return [on(OpenRules, lambda m: self.rules(m.rule, howto=m.howto)),
                on(CloseRules, lambda _m: self.close_rules()),
                on(SkipLaunch, lambda _m: self.skip()),
                on(DismissBanner, lambda _m: self.take_down_banner())]

    def skip(self) -> None:
        """Skip the launch show on screen (or the next one's frames)."""
        self.skip_show = True

    def privacy(self, seat: Seat) -> None:
        self.table.put_up("privacy", privacy_html(seat, self.table.setup.display_name(seat)))
        self.screen.after_paint(lambda: self.dom.focus_first('[data-testid="privacy-continue"]'))

    def end(self) -> None:
        table, public = self.table, self.table.position.public
        table.put_up("end", end_html(public, public.winner or "?", public.end_reason or "",
                                    table.hints_taken, whole=table.link != "guest"))
        self.table.set_busy(False)
        self.dom.probe("over", "1")
        self.screen.after_paint(lambda: self.dom.focus_first('[data-testid="end-new-game"]'))

    async def launches(self, shows: list[Launch]) -> None:
        """Play the launch shows, frame by frame, over the table; it ends early when skipped
        or when anything else takes the show down (a new game, a replay, an error)."""
        self.skip_show = False
        delay = 0.0 if self.table.setup.speed_ms == 0 else 0.9
        bonus = self.table.position.public.test_bonus
        table, shown = self.table, ""
        table.put_up("launch", shown)  # (shown with its first frame)
        try:
            for seq in shows:
                seen = frames(seq, bonus)
                for frame in seen:
                    if self.skip_show or table.up.get("launch") != shown:
                        return
                    shown = frame.markup
                    table.put_up("launch", shown)
                    if delay or frame is seen[-1]:  # at once: only the verdict sounds
                        self.sounds.play(frame.sound)
                    await asyncio.sleep(delay)
                if self.skip_show:
                    return
                await asyncio.sleep(delay)
        finally:
            if table.up.get("launch") == shown:  # (not another show's)
                table.take_down("launch")

    def rules(self, section: str = "", howto: bool = False) -> None:
        """The rules panel: rules.html in a frame, at ``section`` (a rules anchor), or the
        How to play guide."""
        self.table.put_up("rules", rules_panel_html(section, howto))
        self.dom.probe("rules", "howto" if howto else section or "top")
        self.screen.after_paint(lambda: self.dom.focus_first('[data-testid="close-rules"]'))

    def close_rules(self) -> None:
        self.table.take_down("rules")
        self.dom.probe("rules", "")

    def confirm(self, text: str, label: str) -> None:
        """Ask before a move (the turn loop hears the answer): the stakes in words; Cancel
        has the focus."""
        self.table.open_dialog("confirm", confirm_html(text, label))
        self.screen.after_paint(lambda: self.dom.focus_first('[data-testid="confirm-no"]'))

    def notice(self, text: str) -> None:
        self.table.put_up("banner", banner_html("warn", text))

    def take_down_banner(self) -> None:
        self.table.take_down("banner")
