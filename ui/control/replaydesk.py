"""Replays in the app: step through a game rebuilt from its log, then return to the table."""

from __future__ import annotations

import json
from typing import Any

from game import SEATS

from ..model.replay import Replay
from ..model.roles import HintBook, Overlays, Report, Saving, Screen, TurnLoop
from ..model.saves import SaveError, hints_of, read_envelope
from ..model.table import Table
from ..platform.port import Handler, Platform
from ..words.i18n import _


class ReplayDesk:
    """Offers :class:`ui.model.roles.Replays`."""

    def __init__(self, dom: Platform, table: Table, screen: Screen, turns: TurnLoop,
                 overlays: Overlays, saving: Saving, hints: HintBook, report: Report) -> None:
        self.dom = dom
        self.table = table
        self.screen = screen
        self.turns = turns
        self.overlays = overlays
        self.saving = saving
        self.hint_book = hints
        self.report = report
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
        if self.saving.owns(key):
            self.saved(key)

    def start(self, save: dict[str, Any], seats: list[str],
              hints: dict[str, int] | None = None) -> None:
        self.replay = Replay(save)
        self.hints = dict(hints or {})
        self.turns.stop()  # pauses the turn loop and the countdown
        self.index = len(self.replay)
        self.seat = None
        self.seats = seats
        self.table.close_dialog()
        for overlay in ("dialog", "end", "launch", "privacy", "report"):
            self.dom.show(overlay, False)
        self.dom.set_body("replay", "1")
        self.turns.busy(False)
        self.screen.render()

    def current(self) -> None:
        """Replay the game on the table. Until it is over, only the public view and the
        seats of the player at the screen may be chosen (hot-seat secrets stay secret)."""
        table = self.table
        if self.replay is not None:
            return
        # (at_screen is nobody during a hot-seat handover)
        seats = list(SEATS) if table.g.is_over else list(table.at_screen or ())
        self.start(json.loads(table.g.to_json()), seats, self.hint_book.taken)

    def saved(self, key: str) -> None:
        text = self.dom.storage_get(key) or ""
        try:
            data = read_envelope(text)
            save = data["save"]
            over = bool(save["state"].get("winner"))
            self.start(save, list(SEATS) if over else [], hints_of(data))
        except SaveError as exc:
            self.saving.open(error=_("That saved game cannot be replayed: {error}").format(
                error=exc))
        except (ValueError, KeyError, TypeError, AttributeError):  # no log to replay in it
            self.saving.open(error=_("That saved game cannot be replayed: {error}").format(
                error=_("its game data is missing or damaged.")))

    def exit(self) -> None:
        table, turns = self.table, self.turns
        self.replay = None
        if self.dom.is_shown("report"):
            self.report.close()
        self.dom.set_body("replay", "0")
        turns.stop()
        turns.clear_clocks()
        table.hold_behind_dialog(False)
        self.screen.render()
        if table.g.is_over:
            self.screen.show_end()
        elif table.seat is not None and turns.controls_seat() is None:
            self.overlays.privacy(table.seat)  # a hot-seat handover was pending
        else:
            table.nobody_acts()
            turns.start()

    def step(self, cmd: str) -> None:
        if self.replay is None:
            return
        last = len(self.replay)
        target = {"rp-first": 0, "rp-prev": self.index - 1,
                  "rp-next": self.index + 1, "rp-last": last}[cmd]
        self.index = max(0, min(last, target))
        if self.report.on:
            self.report.close()
        self.screen.render()

    def report_subject(self) -> tuple[str, int, int, dict[str, int]] | None:
        """The replayed game's report up to the step shown (None when no replay is on)."""
        if self.replay is None:
            return None
        return json.dumps(self.replay.save), self.index, len(self.replay), self.hints

    def choose_seat(self, value: str) -> None:
        self.seat = value if value in self.seats else None
        self.screen.render()
