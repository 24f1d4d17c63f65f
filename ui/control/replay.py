"""Replays in the app: step through a game rebuilt from its log, then return to the table."""

from __future__ import annotations

import json
from collections.abc import Coroutine
from typing import Any, Protocol

from game import SEATS

from ..model.replay import Replay
from ..model.saves import SaveError, hints_of, read_envelope
from ..model.table import Table
from ..platform.port import Handler, Platform
from ..words.i18n import _


class App(Protocol):
    """What the replay desk asks of the app."""

    @property
    def table(self) -> Table: ...

    @property
    def hints_taken(self) -> dict[str, int]: ...
    @property
    def reporting(self) -> bool: ...

    def stop_turns(self) -> None: ...
    def clear_clocks(self) -> None: ...
    def busy(self, waiting: bool) -> None: ...
    def render(self) -> None: ...
    def controls_seat(self) -> str | None: ...
    def spawn(self, coro: Coroutine[Any, Any, None]) -> None: ...
    def run(self) -> Coroutine[Any, Any, None]: ...
    def close_report(self) -> None: ...
    def open_saves(self, error: str) -> None: ...
    def owns_save(self, key: str) -> bool: ...
    def show_end(self) -> None: ...
    def show_privacy(self, seat: str) -> None: ...



class ReplayDesk:
    def __init__(self, app: App, dom: Platform) -> None:
        self.dom = dom
        self.app = app
        self.replay: Replay | None = None
        self.index = 0
        self.seat: str | None = None
        self.seats: list[str] = []
        self.hints: dict[str, int] = {}  # hints each nation took in that game

    @property
    def on(self) -> bool:
        return self.replay is not None

    def commands(self) -> dict[str, Handler]:
        return {
            **{cmd: self._stepper(cmd) for cmd in ("rp-first", "rp-prev", "rp-next", "rp-last")},
            "rp-exit": lambda _el: self.exit(),
            "rp-seat": lambda el: self.choose_seat(str(el.value)),
            "replay": lambda _el: self.current(),
            "replay-saved": self._replay_saved,
        }

    def _stepper(self, cmd: str) -> Handler:
        return lambda _el: self.step(cmd)

    def _replay_saved(self, el: Any) -> None:
        key = (self.dom.data(el, "key") or "") if el is not None else ""
        if self.app.owns_save(key):
            self.saved(key)

    def start(self, save: dict[str, Any], seats: list[str],
              hints: dict[str, int] | None = None) -> None:
        app = self.app
        self.replay = Replay(save)
        self.hints = dict(hints or {})
        app.stop_turns()  # pauses the turn loop and the countdown
        self.index = len(self.replay)
        self.seat = None
        self.seats = seats
        app.table.close_dialog()
        for overlay in ("dialog", "end", "launch", "privacy", "report"):
            self.dom.show(overlay, False)
        self.dom.set_body("replay", "1")
        self.app.busy(False)
        app.render()

    def current(self) -> None:
        """Replay the game on the table. Until it is over, only the public view and the
        seats of the player at the screen may be chosen (hot-seat secrets stay secret)."""
        app = self.app
        if self.replay is not None:
            return
        # (at_screen is nobody during a hot-seat handover)
        seats = list(SEATS) if app.table.g.is_over else list(app.table.at_screen or ())
        self.start(json.loads(app.table.g.to_json()), seats, app.hints_taken)

    def saved(self, key: str) -> None:
        text = self.dom.storage_get(key) or ""
        try:
            data = read_envelope(text)
            save = data["save"]
            over = bool(save["state"].get("winner"))
            self.start(save, list(SEATS) if over else [], hints_of(data))
        except SaveError as exc:
            self.app.open_saves(_("That saved game cannot be replayed: {error}").format(
                error=exc))
        except (ValueError, KeyError, TypeError, AttributeError):  # no log to replay in it
            self.app.open_saves(_("That saved game cannot be replayed: {error}").format(
                error=_("its game data is missing or damaged.")))

    def exit(self) -> None:
        app = self.app
        self.replay = None
        if self.dom.is_shown("report"):
            app.close_report()
        self.dom.set_body("replay", "0")
        app.stop_turns()
        app.clear_clocks()
        app.table.hold(False)
        app.render()
        if app.table.g.is_over:
            app.show_end()
        elif app.table.seat is not None and app.controls_seat() is None:
            app.show_privacy(app.table.seat)  # a hot-seat handover was pending
        else:
            app.table.wait()
            app.spawn(app.run())

    def step(self, cmd: str) -> None:
        if self.replay is None:
            return
        last = len(self.replay)
        target = {"rp-first": 0, "rp-prev": self.index - 1,
                  "rp-next": self.index + 1, "rp-last": last}[cmd]
        self.index = max(0, min(last, target))
        if self.app.reporting:
            self.app.close_report()
        self.app.render()

    def report_subject(self) -> tuple[str, int, int, dict[str, int]] | None:
        """The replayed game's report up to the step shown (None when no replay is on)."""
        if self.replay is None:
            return None
        return json.dumps(self.replay.save), self.index, len(self.replay), self.hints

    def choose_seat(self, value: str) -> None:
        self.seat = value if value in self.seats else None
        self.app.render()
