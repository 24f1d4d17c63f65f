"""Replays in the app: step through a game rebuilt from its log, then return to the table."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..model.players import SEATS
from ..model.replay import Replay
from ..model.saves import SaveError, hints_of
from ..platform import dom
from ..words.i18n import _

if TYPE_CHECKING:
    from ..app import App

STEPS = {"ArrowLeft": "rp-prev", "ArrowRight": "rp-next", "Home": "rp-first", "End": "rp-last"}


class ReplayDesk:
    def __init__(self, app: App) -> None:
        self.app = app
        self.replay: Replay | None = None
        self.index = 0
        self.seat: str | None = None
        self.seats: list[str] = []
        self.hints: dict[str, int] = {}  # hints each nation took in that game

    @property
    def on(self) -> bool:
        return self.replay is not None

    def start(self, save: dict[str, Any], seats: list[str],
              hints: dict[str, int] | None = None) -> None:
        app = self.app
        self.replay = Replay(save)
        self.hints = dict(hints or {})
        app.generation += 1  # pauses the turn loop and the countdown
        self.index = len(self.replay)
        self.seat = None
        self.seats = seats
        app.dialog_kind = ""
        for overlay in ("dialog", "end", "launch", "privacy", "report"):
            dom.show(overlay, False)
        dom.set_body("replay", "1")
        dom.set_body("busy", "0")
        app.render()

    def current(self) -> None:
        """Replay the game on the table. Until it is over, only the public view and the
        seats of the player at the screen may be chosen (hot-seat secrets stay secret)."""
        app = self.app
        if self.replay is not None:
            return
        if app.g.is_over:
            seats = list(SEATS)
        else:
            seats = list(app.at_screen or ()) if app.controls_seat() else []
        self.start(json.loads(app.g.to_json()), seats, app.hints.taken)

    def saved(self, key: str) -> None:
        text = dom.storage_get(key) or ""
        try:
            data = json.loads(text)
            save = data["save"]
            over = bool(save["state"].get("winner"))
            self.start(save, list(SEATS) if over else [], hints_of(data))
        except (SaveError, ValueError, KeyError, TypeError, AttributeError) as exc:
            self.app.shelf.open(error=_("That saved game cannot be replayed: {error}").format(
                error=exc))

    def exit(self) -> None:
        app = self.app
        self.replay = None
        if dom.is_shown("report"):
            app.gamereport.close()
        dom.set_body("replay", "0")
        app.generation += 1
        app.deadline = {}
        app.pending_start = False
        app.render()
        if app.g.is_over:
            app.overlays.end()
        elif app.seat is not None and app.controls_seat() is None:
            app.overlays.privacy(app.seat)  # a hot-seat handover was pending
        else:
            app.seat = None
            app.spawn(app.run())

    def step(self, cmd: str) -> None:
        if self.replay is None:
            return
        last = len(self.replay)
        target = {"rp-first": 0, "rp-prev": self.index - 1,
                  "rp-next": self.index + 1, "rp-last": last}[cmd]
        self.index = max(0, min(last, target))
        if self.app.gamereport.on:
            self.app.gamereport.close()
        self.app.render()

    def choose_seat(self, value: str) -> None:
        self.seat = value if value in self.seats else None
        self.app.render()
