"""Replays in the app: travel a game rebuilt from its log (step, jump to a chapter, play it
at the computer players' pace), then return to the table."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from game import SEATS, Game

from ..loop.messages import (
    Handle,
    Msg,
    ReplayEnd,
    ReplayExit,
    ReplayGoto,
    ReplayPlay,
    ReplaySaved,
    ReplaySeat,
    ReplayStep,
    ReplayThisGame,
    on,
)
from ..loop.notices import ShowStart
from ..model.match import Match
from ..model.replay import Replay, Travel
from ..model.roles import Notices, Overlays, Report, Saving, Screen, Tasks, TurnLoop
from ..model.saves import SaveError, hints_of, read_envelope
from ..model.table import Table
from ..platform.port import Platform
from ..words.i18n import _

MIN_PACE_MS = 250  # autoplay at the AI's pace, but never faster than the eye follows


class ReplayDesk:
    """Offers :class:`ui.model.roles.Replays`."""

    def __init__(self, dom: Platform, table: Table, match: Match, screen: Screen, turns: TurnLoop,
                 overlays: Overlays, saving: Saving, report: Report,
                 tasks: Tasks, notices: Notices) -> None:
        self.dom = dom
        self.notices = notices  # (the start screen, built after the replays, opens this way)
        self.tasks = tasks
        self.table = table
        self.match = match  # the game on the table, replayed from its log
        self.screen = screen
        self.turns = turns
        self.overlays = overlays
        self.saving = saving
        self.report = report
        # (the replay's position is the table's: Table.travel; the games it shows are the
        # desk's, one a step, replayed from the log when it starts)
        self.frames: list[Game] = []
        self.after: Callable[[], None] | None = None  # what Exit opens (see start)
        self.runs = 0  # autoplays started: each has its own number, so a paused one ends

    @property
    def on(self) -> bool:
        return self.table.travel is not None

    def _move(self, **changes: Any) -> None:
        """The replay on the table moved on (its step, view, autoplay or chapter)."""
        travel = self.table.travel
        if travel is not None:
            moved = replace(travel, **changes)
            if (moved.index, moved.seat) != (travel.index, travel.seat):
                moved = replace(moved, view=self.frames[moved.index].view(moved.seat))
            self.table.travel_to(moved)

    def handlers(self) -> list[tuple[type[Msg], Handle]]:
        return [on(ReplayStep, lambda m: self.step(m.to)), on(ReplayExit, lambda _m: self.exit()),
                on(ReplaySeat, lambda m: self.choose_seat(m.seat)), on(ReplayGoto, self._goto),
                on(ReplayPlay, lambda _m: self.play()),
                on(ReplayThisGame, lambda _m: self.current()),
                on(ReplaySaved, lambda m: self.replay_saved(m.key))]

    def _goto(self, msg: ReplayGoto) -> None:
        """A chapter of the timeline, or a moment the report names."""
        travel = self.table.travel
        if msg.chapter is not None and travel is not None \
                and msg.chapter < len(travel.replay.chapters):
            self.show(travel.replay.chapters[msg.chapter].step, msg.chapter)
        elif msg.step is not None:
            self.goto(msg.step)

    def replay_saved(self, key: str) -> None:
        """The saved game ``key`` replayed (only a key of a saved game)."""
        if self.saving.owns(key):
            self.saved(key)

    def start(self, save: dict[str, Any], seats: Sequence[str],
              hints: dict[str, int] | None = None,
              after: Callable[[], None] | None = None) -> None:
        """Replay ``save`` at its end, the views of ``seats`` on offer; ``after``: what Exit
        opens instead of going back to the game on the table (a shared game's link opened
        on the start screen: that screen again)."""
        frames: list[Game] = []
        replay = Replay(save, frames)
        self.frames, self.after = frames, after
        self.table.stop_play()  # pauses the turn loop and the countdown
        self.table.travel_to(Travel(replay, len(replay), frames[-1].view(None), tuple(seats),
                                    None if hints is None else tuple(hints.items())))
        self.table.close_dialog()
        if self.report.on:  # its numbers are of another game, or of the end
            self.report.close()
        for overlay in ("end", "privacy", "launch"):  # (the render below takes them away)
            self.table.take_down(overlay)
        self.table.set_busy(False)

    def current(self) -> None:
        """Replay the game on the table. Until it is over, only the public view and the
        seats of the player at the screen may be chosen (hot-seat secrets stay secret)."""
        table = self.table
        if table.travel is not None:
            return
        # (at_screen is nobody during a hot-seat handover)
        g = self.match.game
        seats = list(SEATS) if g.is_over else list(table.at_screen or ())
        self.start(json.loads(g.to_json()), seats, self.table.hints_taken)

    def saved(self, key: str) -> None:
        text = self.dom.storage_get(key) or ""
        try:
            data = read_envelope(text)
            save = data["save"]
            over = bool(save["state"].get("winner"))
            # opened over the start screen: Exit goes back there, not into the game behind
            back = partial(self.notices.post, ShowStart()) if self.saving.to_start else None
            self.start(save, list(SEATS) if over else [], hints_of(data), back)
        except SaveError as exc:
            self.saving.open(error=_("That saved game cannot be replayed: {error}").format(
                error=exc))
        except (ValueError, KeyError, TypeError, AttributeError):  # no log to replay in it
            self.saving.open(error=_("That saved game cannot be replayed: {error}").format(
                error=_("its game data is missing or damaged.")))

    def finished_game(self) -> Game | None:
        """The replayed game, when it is finished (what may be shared)."""
        travel = self.table.travel
        if travel is None or not travel.replay.finished:
            return None
        return self.frames[-1]

    def drop(self) -> None:
        """The replay off the table, its games let go (a replay of 500 actions holds 501)."""
        self.table.travel_to(None)
        self.frames = []

    def exit(self) -> None:
        table, turns = self.table, self.turns
        self.drop()
        if self.report.on:
            self.report.close()
        after, self.after = self.after, None
        if after is not None:
            after()
            return
        table.stop_play()
        turns.clear_clocks()
        table.hold_behind_dialog(False)
        if table.position.public.over:
            self.screen.show_end()
        elif table.seat is not None and table.controls_seat() is None:
            self.overlays.privacy(table.seat)  # a hot-seat handover was pending
        else:
            table.nobody_acts()
            turns.start()

    def step(self, to: ReplayEnd) -> None:
        travel = self.table.travel
        if travel is None:
            return
        target = {"first": 0, "prev": travel.index - 1, "next": travel.index + 1,
                  "last": len(travel.replay)}[to]
        self.show(target)

    def show(self, step: int, chapter: int | None = None) -> None:
        """The frame after ``step`` actions (kept within the game), ``chapter`` marked if it
        was jumped to; an autoplay stops."""
        travel = self.table.travel
        assert travel is not None
        self._move(playing=0, chosen=chapter, index=max(0, min(len(travel.replay), step)))
        if self.report.on:
            self.report.close()

    def goto(self, step: int) -> None:
        """A chapter, or a moment the report names: the replay of the game on the table
        (opened if need be) at ``step``."""
        if self.table.travel is None:
            self.current()
        if self.table.travel is not None:
            self.show(step)

    def play(self) -> None:
        """Autoplay from the step shown (from the start when at the end), or pause it."""
        travel = self.table.travel
        if travel is None or not len(travel.replay):
            return
        if travel.playing:
            self._move(playing=0)
        else:
            self.runs += 1
            self._move(playing=self.runs,
                       index=0 if travel.index >= len(travel.replay) else travel.index)
            self.tasks.spawn(self._autoplay(self.runs))

    async def _autoplay(self, run: int) -> None:
        pace = max(self.table.setup.speed_ms, MIN_PACE_MS) / 1000
        while True:
            await asyncio.sleep(pace)
            travel = self.table.travel
            if travel is None or travel.playing != run:
                return
            if self.report.on:  # its numbers are of the step it was opened at
                self._move(playing=0)
                return
            index = min(travel.index + 1, len(travel.replay))
            last = index >= len(travel.replay)
            self._move(index=index, chosen=None, playing=0 if last else run)
            if last:
                return

    def choose_seat(self, value: str) -> None:
        travel = self.table.travel
        if travel is not None:
            self._move(seat=value if value in travel.seats else None)
