"""The running app: one game, its players, the screen holder, AI pacing and the event loop."""

from __future__ import annotations

import asyncio
import json
import random
import time
import traceback
from collections.abc import Callable, Coroutine
from typing import Any

import game
from game.actions import Action
from game.history import rewind

from . import dom
from .ai import Thinker
from .board import board_html
from .centre import centre_html
from .controls import BarState, bar_html
from .dialog import dialog_html, setup_from_form
from .html import e, emblem, icon
from .launchshow import frames
from .names import REASONS, seat_name
from .panels import banner_html, history_html, replay_bar_html, resume_html, saves_html
from .players import SEATS, Setup, choose_seat, parse_query
from .replay import Replay, game_fingerprint, narrate, opening_line
from .rules import panel_html as rules_panel_html
from .rules import rule_link
from .saves import (
    CURRENT_KEY,
    KEY_PREFIX,
    Loaded,
    SaveError,
    Summary,
    bug_report_text,
    default_title,
    export_text,
    file_name,
    now_text,
    parse,
    sorted_summaries,
    summarize,
)
from .story import launch_sequences, lines
from .tiles import COLS
from .undo import player_undo

DISCUSSION_SECONDS = 120
LOG_KEEP = 400
MAX_LOOP_RESTARTS = 3
_ids = random.Random()


def new_save_id() -> str:
    return f"{int(time.time() * 1000):x}-{_ids.getrandbits(24):06x}"
FIRST_CONTROL = '#actions [data-testid="action"], #actions [data-testid="action-group"]'


class App:
    def __init__(self) -> None:
        self.setup = Setup()
        self.g = game.new_game(self.setup.seed)
        self.at_screen: tuple[str, ...] | None = None
        self.seat: str | None = None  # the human seat whose controls are shown
        self.last_seat: str | None = None
        self.actions: list[Action] = []
        self.bar = BarState()
        self.log: list[str] = []
        self.tab = "USA"
        self.generation = 0
        self.skip_show = False
        self.deadline: dict[str, float] = {}
        self.dialog_setup: Setup | None = None
        self.tasks: set[asyncio.Future[None]] = set()
        # saves, undo, replay, errors
        self.save_id = new_save_id()
        self.title = ""
        self.redo: list[tuple[str, Action]] = []
        self.replay: Replay | None = None
        self.replay_index = 0
        self.replay_seat: str | None = None
        self.replay_seats: list[str] = []
        self.dialog_kind = ""  # "new", "saves", "resume" or "" (closed)
        self.import_error = ""
        self.saves_notice = ""
        self.error_text = ""
        self.loop_restarts = 0
        self.storage_failed = False
        self.pending_start = False  # a game waits behind the resume prompt
        # computer players: the AI worker, and what the game log said about it
        self.thinker = Thinker()
        self.booted = False
        self.ai_told = ""

    # ------------------------------------------------------------------ lifecycle

    def start(self) -> None:
        dom.on("click", self.safe(self.on_click))
        dom.on("change", self.safe(self.on_change))
        dom.on("keydown", self.safe(self.on_key))
        dom.on("submit", self.safe(dom.prevent_default))
        if dom.narrow_screen():
            dom.close_details("log")  # phones: boards and the action bar get the room
        setup = parse_query(dom.query_string()) or Setup()
        offer = self.resumable()
        self.new_game(setup, run=offer is None)
        if offer is not None:
            self.dialog_kind = "resume"
            dom.set_html("dialog", resume_html(offer))
            dom.show("dialog", True)
            dom.set_body("busy", "0")
            dom.focus_first('[data-testid="resume-continue"]')
        dom.set_body("ready", "1")
        self.booted = True
        self.start_ai()

    def start_ai(self) -> None:
        """Boot the AI worker in the background once the page is up and a game has AI seats
        (it takes seconds; the AI thinks on the main thread until then)."""
        if self.booted and any(self.setup.is_ai(s) for s in SEATS):
            self.thinker.start()

    def reset_table(self) -> None:
        """Forget everything about the game on the table (before a new or loaded one)."""
        self.generation += 1
        self.at_screen = None
        self.seat = None
        self.actions = []
        self.bar = BarState()
        self.deadline = {}
        self.redo = []
        self.replay = None
        self.loop_restarts = 0
        self.storage_failed = False
        self.pending_start = False  # a game waits behind the resume prompt
        for overlay in ("end", "dialog", "launch", "privacy"):
            dom.show(overlay, False)
        self.dialog_kind = ""
        dom.set_body("over", "0")
        dom.set_body("replay", "0")

    def seat_players(self) -> None:
        """Who is at the screen when a game starts: the only human, or nobody (hot-seat)."""
        humans = self.setup.humans()
        if humans:
            self.tab = humans[0][0].split(".")[0]
        if len(humans) == 1:
            self.at_screen = humans[0]

    def new_game(self, setup: Setup, run: bool = True) -> None:
        self.reset_table()
        self.setup = setup
        self.g = game.new_game(setup.seed, players=setup.players, ruleset=setup.ruleset,
                               pair=setup.pair)
        self.last_seat = None
        self.save_id = new_save_id()
        self.title = default_title(setup)
        self.log = [opening_line(self.g)]
        self.ai_told = ""
        self.seat_players()
        self.start_ai()
        self.render()
        if run:
            self.spawn(self.run())
        else:
            self.pending_start = True

    def load_game(self, loaded: Loaded, save_id: str) -> None:
        """Put a validated saved game on the table, exactly where it was."""
        self.reset_table()
        self.setup = loaded.setup
        self.g = loaded.game
        self.last_seat = self.g.log[-1][0] if self.g.log else None
        self.save_id = save_id
        self.title = loaded.title or default_title(loaded.setup)
        self.log = narrate(self.g)
        self.ai_told = ""
        self.seat_players()
        self.start_ai()
        self.render()
        self.spawn(self.run())

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(self.guard(coro))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def guard(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run a coroutine of the app; an error becomes a banner and the turn loop restarts."""
        try:
            await coro
        except Exception as exc:
            self.report(exc)
            if self.loop_restarts < MAX_LOOP_RESTARTS and self.replay is None:
                self.loop_restarts += 1
                self.generation += 1
                self.seat = None
                self.spawn(self.run())

    def safe(self, handler: Callable[[Any], None]) -> Callable[[Any], None]:
        """An event handler that never lets an exception reach the page."""
        def wrapped(event: Any) -> None:
            try:
                handler(event)
            except Exception as exc:
                self.report(exc)
        return wrapped

    def report(self, exc: BaseException) -> None:
        """Show a readable banner (never a traceback); keep the details for a bug report."""
        self.error_text = "".join(traceback.format_exception(exc))
        try:
            dom.console_warn("Moonshot UI error (reported in the page):\n" + self.error_text)
            summary = f"{type(exc).__name__}: {exc}"[:300]
            dom.set_html("banner", banner_html("error", summary))
            dom.show("banner", True)
            dom.show("launch", False)
            if self.seat is not None:
                dom.set_body("busy", "0")
            self.render()
        except Exception:  # reporting must never raise in turn
            pass

    def notice(self, text: str) -> None:
        dom.set_html("banner", banner_html("warn", text))
        dom.show("banner", True)

    # ------------------------------------------------------------------ whose turn

    def viewer(self) -> str | None:
        return self.at_screen[0] if self.at_screen else None

    async def run(self) -> None:
        """Advance AI seats (paced) until a human must act or the game ends."""
        gen = self.generation
        while gen == self.generation and self.replay is None:
            g = self.g
            if g.is_over:
                self.seat = None
                self.render()
                self.show_end()
                return
            seat = choose_seat(g.to_act(), self.last_seat, g.view(None))
            if seat is None:
                return
            if self.setup.is_ai(seat):
                self.seat = None
                dom.set_body("busy", "1")
                self.render()
                await asyncio.sleep(0)  # let the page paint before the AI thinks
                started = time.perf_counter()
                action, level = await self.ai_move(g, seat)
                if gen != self.generation:
                    return
                # The speed setting paces AI turns; thinking time counts toward it.
                waited = time.perf_counter() - started
                await asyncio.sleep(max(0.0, self.setup.speed_ms / 1000 - waited))
                if gen != self.generation:
                    return
                await self.perform(seat, action, note=f"AI {level}")
                self.loop_restarts = 0
                continue
            player = self.setup.player_of(seat)
            self.seat = seat
            self.actions = g.legal_actions(seat)
            if self.at_screen != player and len(self.setup.humans()) > 1:
                self.at_screen = None
                self.render()
                self.show_privacy(seat)
                dom.set_body("busy", "0")
                return
            self.at_screen = player
            self.tab = seat.split(".")[0] if self.tab != "centre" else self.tab
            if g.phase == "discussion":
                self.start_countdown(seat)
            self.render()
            dom.set_body("busy", "0")
            return

    async def ai_move(self, g: game.Game, seat: str) -> tuple[Action, str]:
        """The AI's action for ``seat``: it sees only that seat's view and legal actions.
        Seeded by the game's seed and move number, so a continued game plays on the same."""
        level = self.setup.level(seat)
        seed = (g.seed * 1_000_003 + len(g.log)) % 2**31
        action, where = await self.thinker.choose(g.view(seat), g.legal_actions(seat),
                                                  level, seed)
        if where == "main" and self.ai_told != self.thinker.state:
            self.ai_told = self.thinker.state
            self.log.append(self.thinker.notice())
        elif where == "worker" and self.ai_told == "starting":
            self.ai_told = "ready"
            self.log.append("The AI worker is ready: the AI now thinks in the background.")
        return action, level

    async def perform(self, seat: str, action: Action, redo: bool = False,
                      note: str = "") -> None:
        events = self.g.apply(seat, action)
        if not redo:
            self.redo = []  # a new action: what was undone cannot be redone any more
        self.last_seat = seat
        self.bar = BarState()
        told = lines(events, self.g.view(None)["test_bonus"])
        if note and told:
            told[0] = f"{told[0]} ({note})"
        self.log.extend(told)
        del self.log[:-LOG_KEEP]
        self.autosave()
        shows = launch_sequences(events)
        if shows:
            await self.play_launches(shows)

    def act(self, index: int, redo: bool = False) -> None:
        if self.seat is None or not 0 <= index < len(self.actions):
            return
        seat, action = self.seat, self.actions[index]
        self.seat = None
        self.actions = []
        dom.set_body("busy", "1")
        gen = self.generation

        async def go() -> None:
            await self.perform(seat, action, redo)
            if gen == self.generation:
                await self.run()

        self.spawn(go())

    # ------------------------------------------------------------------ autosave

    def autosave(self) -> None:
        """Store the game (export envelope) under its id; failures are told, not fatal."""
        if not self.g.log:
            return
        text = export_text(self.g, self.setup, self.title, now_text())
        failed = dom.storage_set(KEY_PREFIX + self.save_id, text)
        if failed is None:
            dom.storage_set(CURRENT_KEY, self.save_id)
            self.storage_failed = False
            dom.set_body("saved", str(len(self.g.log)))
        elif not self.storage_failed:
            self.storage_failed = True
            self.notice(f"Autosave failed: {failed}. The game goes on; delete old saved games "
                        "(Saved games) or export this one to keep it.")

    def resumable(self) -> Summary | None:
        """The last game played on this browser, when it is readable and not finished."""
        current = dom.storage_get(CURRENT_KEY)
        if not current:
            return None
        key = KEY_PREFIX + current
        text = dom.storage_get(key)
        if text is None:
            return None
        summary = summarize(key, text)
        return summary if summary.ok and not summary.over else None

    def continue_saved(self, key: str) -> None:
        text = dom.storage_get(key)
        try:
            loaded = parse(text)
        except SaveError as exc:
            self.open_saves(error=f"That saved game cannot be continued: {exc}")
            return
        self.load_game(loaded, key[len(KEY_PREFIX):])
        dom.storage_set(CURRENT_KEY, self.save_id)

    def open_saves(self, error: str = "", notice: str = "") -> None:
        self.dialog_kind = "saves"
        self.import_error, self.saves_notice = error, notice
        summaries = sorted_summaries(dom.storage_items(KEY_PREFIX))
        current = KEY_PREFIX + self.save_id if self.g.log else None
        dom.set_html("dialog", saves_html(summaries, current, error, notice))
        dom.show("dialog", True)

    def close_dialog(self) -> None:
        self.dialog_kind = ""
        dom.show("dialog", False)
        if self.pending_start and self.replay is None:
            self.pending_start = False
            self.spawn(self.run())  # the game behind the resume prompt starts now

    async def import_file(self, element: Any) -> None:
        try:
            text = await dom.read_file(element)
            if text is None:
                return
            loaded = parse(text)
        except (SaveError, ValueError) as exc:
            self.open_saves(error=f"Import refused: {exc} The game in progress is unchanged.")
            return
        self.load_game(loaded, new_save_id())
        self.autosave()
        self.notice(f"Imported “{self.title}”: {len(self.g.log)} actions, round "
                    f"{self.g.round}.")

    def export(self) -> None:
        dom.download(file_name(self.g), export_text(self.g, self.setup, self.title))

    def bug_report(self) -> None:
        text = bug_report_text(self.g, self.setup, self.error_text or "(no error recorded)")
        dom.download(file_name(self.g, "moonshot-bug-report"), text)

    # ------------------------------------------------------------------ undo / redo

    def undo_player(self) -> tuple[str, ...] | None:
        """The human player whose controls show (only they may undo or redo)."""
        if self.replay is None and self.controls_seat() is not None and self.at_screen:
            return self.at_screen
        return None

    def undo_state(self) -> tuple[int, int, str]:
        player = self.undo_player()
        if player is None:
            return 0, 0, ""
        ai = frozenset(s for s in SEATS if self.setup.is_ai(s))
        count, reason = player_undo(self.g, player, ai)
        redo = len(self.redo) if self.redo and self.redo[-1][0] in player else 0
        return count, redo, reason

    def undo(self) -> None:
        count, _, _ = self.undo_state()
        if not count:
            return
        # One Undo takes back the person's last action and the computer's answers after it.
        self.redo.append(self.g.log[-count])
        self.g = rewind(self.g, count)
        self.after_rewind()

    def redo_one(self) -> None:
        _, redo, _ = self.undo_state()
        if not redo or self.seat is None:
            return
        seat, action = self.redo[-1]
        if seat != self.seat or action not in self.actions:
            self.redo = []
            self.render()
            return
        self.redo.pop()
        self.act(self.actions.index(action), redo=True)

    def after_rewind(self) -> None:
        self.generation += 1
        self.last_seat = self.g.log[-1][0] if self.g.log else None
        self.bar = BarState()
        self.log = narrate(self.g)
        self.seat = None
        self.deadline = {}
        self.autosave()
        dom.set_body("busy", "1")
        self.spawn(self.run())

    # ------------------------------------------------------------------ replay

    def start_replay(self, save: dict[str, Any], seats: list[str]) -> None:
        self.replay = Replay(save)
        self.generation += 1  # pauses the turn loop and the countdown
        self.replay_index = len(self.replay)
        self.replay_seat = None
        self.replay_seats = seats
        self.dialog_kind = ""
        for overlay in ("dialog", "end", "launch", "privacy"):
            dom.show(overlay, False)
        dom.set_body("replay", "1")
        dom.set_body("busy", "0")
        self.render()

    def replay_current(self) -> None:
        """Replay the game on the table. Until it is over, only the public view and the
        seats of the player at the screen may be chosen (hot-seat secrets stay secret)."""
        if self.g.is_over:
            seats = list(SEATS)
        else:
            seats = list(self.at_screen or ()) if self.controls_seat() else []
        self.start_replay(json.loads(self.g.to_json()), seats)

    def replay_saved(self, key: str) -> None:
        text = dom.storage_get(key) or ""
        try:
            data = json.loads(text)
            save = data["save"]
            over = bool(save["state"].get("winner"))
            self.start_replay(save, list(SEATS) if over else [])
        except (SaveError, ValueError, KeyError, TypeError, AttributeError) as exc:
            self.open_saves(error=f"That saved game cannot be replayed: {exc}")

    def exit_replay(self) -> None:
        self.replay = None
        dom.set_body("replay", "0")
        self.generation += 1
        self.deadline = {}
        self.pending_start = False
        self.render()
        if self.g.is_over:
            self.show_end()
        elif self.seat is not None and self.controls_seat() is None:
            self.show_privacy(self.seat)  # a hot-seat handover was pending
        else:
            self.seat = None
            self.spawn(self.run())

    def replay_step(self, cmd: str) -> None:
        if self.replay is None:
            return
        last = len(self.replay)
        target = {"rp-first": 0, "rp-prev": self.replay_index - 1,
                  "rp-next": self.replay_index + 1, "rp-last": last}[cmd]
        self.replay_index = max(0, min(last, target))
        self.render()

    # ------------------------------------------------------------------ discussion

    def start_countdown(self, seat: str) -> None:
        nation = seat.split(".")[0]
        if nation in self.deadline:
            return
        loop = asyncio.get_event_loop()
        self.deadline[nation] = loop.time() + DISCUSSION_SECONDS
        self.spawn(self.tick(nation, self.generation))

    async def tick(self, nation: str, gen: int) -> None:
        loop = asyncio.get_event_loop()
        while gen == self.generation and self.g.phase == "discussion":
            left = int(self.deadline[nation] - loop.time())
            dom.set_text("countdown", f"{max(left, 0) // 60}:{max(left, 0) % 60:02d}")
            if left <= 0 and self.seat and self.seat.startswith(nation):
                idx = [a.kind for a in self.actions].index("end_discussion") \
                    if any(a.kind == "end_discussion" for a in self.actions) else -1
                if idx >= 0:
                    self.act(idx)
                return
            await asyncio.sleep(1)

    # ------------------------------------------------------------------ rendering

    def render(self) -> None:
        dom.set_body("moves", str(len(self.g.log)))
        dom.set_body("state", game_fingerprint(self.g))
        if self.replay is not None:
            self.render_replay(self.replay)
            return
        viewer = self.viewer()
        view = self.g.view(viewer)
        acting = set(view["to_act"])
        pending = None
        own = view["nation"]
        if own and self.controls_seat() and self.seat and self.seat.startswith(own):
            pending = view["nations"][own]["pending"]
        for nation in ("USA", "USSR"):
            options: dict[str, Any] = {}
            if pending and nation == own and self.seat:
                if pending["what"] == "place":
                    options["legal_cells"] = {a.to_dict()["row"] * COLS + a.to_dict()["col"]
                                              for a in self.actions}
                    options["chosen"] = self.bar.cell
                    options["ghost"] = pending.get("tile")
                elif pending["what"] == "module":
                    options["slots_active"] = True
            options["acting"] = any(s.startswith(nation) for s in acting)
            dom.set_html(f"board-{nation}", board_html(view, nation, **options))
        dom.set_html("centre", centre_html(view))
        dom.set_html("top", self.top_html(view))
        dom.set_html("log-list", "".join(f"<li>{e(t)}</li>" for t in reversed(self.log[-120:])))
        had_focus = dom.active_inside("actions")
        dom.set_html("actions", self.actions_html(view))
        dom.set_class("main", f"show-{self.tab}")
        if had_focus:
            dom.focus_first(FIRST_CONTROL)

    def render_replay(self, rp: Replay) -> None:
        frame = rp.frames[self.replay_index]
        view = frame.view(self.replay_seat)
        acting = set(view["to_act"])
        for nation in ("USA", "USSR"):
            dom.set_html(f"board-{nation}", board_html(
                view, nation, acting=any(s.startswith(nation) for s in acting)))
        dom.set_html("centre", centre_html(view))
        dom.set_html("top", self.top_html(view))
        story = rp.story(self.replay_index)[-120:]
        dom.set_html("log-list", "".join(f"<li>{e(t)}</li>" for t in reversed(story)))
        dom.set_html("actions", replay_bar_html(rp, self.replay_index, self.replay_seat,
                                                self.replay_seats))
        dom.set_class("main", f"show-{self.tab}")

    def top_html(self, view: dict[str, Any]) -> str:
        tabs = "".join(
            f'<button class="tab{" on" if self.tab == t else ""}" data-tab="{t}">{label}</button>'
            for t, label in (("USA", f"{icon('usa')} USA"), ("centre", f"{icon('moon')} Centre"),
                             ("USSR", f"{icon('ussr')} USSR")))
        speeds = "".join(f'<option value="{ms}"{" selected" if self.setup.speed_ms == ms else ""}>'
                         f"{t}</option>" for ms, t in ((0, "instant"), (150, "fast"),
                                                       (300, "normal"), (800, "slow")))
        viewer = self.viewer()
        if self.replay is not None:
            who = (f"Replay: {e(seat_name(self.replay_seat))}'s view" if self.replay_seat
                   else "Replay: public view")
        elif viewer:
            who = (f"Viewing as {e(self.setup.display_name(viewer))} "
                   f"({e(seat_name(viewer))})")
        else:
            who = "Spectator"
        return (f'<h1>{icon("rocket")} MOONSHOT <small>The Next Giant Leap</small></h1>'
                f'<nav class="tabs" aria-label="Boards">{tabs}</nav>'
                f'<div class="tools"><small data-testid="viewing">{who}</small>'
                f'<label>AI speed <select data-cmd="speed">{speeds}</select></label>'
                f'<button data-testid="open-saves" data-cmd="open-saves">Saved games</button>'
                f'<button data-testid="replay-game" data-cmd="replay">Replay</button>'
                f'<button data-testid="new-game" data-cmd="open-new">New game</button>'
                f'<button data-testid="open-rules" data-cmd="rules" '
                f'title="The rules reference">Rules</button>'
                f'{rule_link("glossary", "Glossary", "rules-link")}</div>')

    def controls_seat(self) -> str | None:
        """The seat whose controls show: only a human seat held by the player at the screen."""
        if self.seat is not None and self.at_screen and self.seat in self.at_screen:
            return self.seat
        return None

    def actions_html(self, view: dict[str, Any]) -> str:
        if self.controls_seat() is None or self.seat is None:
            waiting = ", ".join(seat_name(s) for s in view["to_act"])
            text = f"Waiting for {e(waiting)}…" if waiting else ""
            return f'<p class="hint wait">{text}</p>'
        who = (f'<span class="who {self.seat.split(".")[0].lower()}">'
               f'{emblem(self.seat.split(".")[0])} {e(self.seat.split(".")[1].capitalize())}'
               f"</span>")
        countdown = ""
        if self.g.phase == "discussion":
            countdown = ('<span class="countdown">Strategic discussion '
                         '<b id="countdown">2:00</b></span>')
        body = bar_html(self.g, self.seat, self.actions, view, self.bar)
        undo, redo, reason = self.undo_state()
        hist = history_html(undo, redo, reason)
        return f'<div class="bar-h">{who}{countdown}{hist}</div>{body}'

    # ------------------------------------------------------------------ overlays

    def show_privacy(self, seat: str) -> None:
        label = self.setup.display_name(seat)
        nation = seat.split(".")[0]
        dom.set_html("privacy", (
            f'<div class="pv {nation.lower()}">{icon(nation.lower(), "huge")}'
            f'<h2>Pass to {e(label)}</h2><p>Next: {e(seat_name(seat))}. Everyone else, look '
            f'away: hands and face-down tokens are hidden until they confirm.</p>'
            f'<button class="primary" data-testid="privacy-continue" data-cmd="privacy">'
            f"I am {e(label)}: show my board</button></div>"))
        dom.show("privacy", True)
        dom.focus_first('[data-testid="privacy-continue"]')

    def show_end(self) -> None:
        g = self.g
        view = g.view(None)
        winner = g.winner or "?"
        reason = REASONS.get(g.end_reason or "", g.end_reason or "")
        stats = "".join(
            f'<li>{emblem(n)} Popularity {view["nations"][n]["popularity"]}, Budget '
            f'{view["nations"][n]["budget"]}, Missions '
            f'{sum(1 for c in view["completed"] if c["nation"] == n)}</li>'
            for n in ("USA", "USSR"))
        dom.set_html("end", (
            f'<div class="endcard {winner.lower()}" data-testid="end-screen" '
            f'data-winner="{e(winner)}">{icon(winner.lower(), "huge")}'
            f'<h2>{e(winner)} wins!</h2><p class="reason" data-reason="{e(g.end_reason or "")}">'
            f'{e(reason)} · round {view["round"]}</p><ul>{stats}</ul>'
            f'<div class="dlg-b"><button data-testid="end-replay" data-cmd="replay">'
            f'Watch the replay</button><button data-testid="end-export" data-cmd="export">'
            f'Export</button><button class="primary" data-testid="end-new-game" '
            f'data-cmd="open-new">New game</button></div></div>'))
        dom.show("end", True)
        dom.set_body("busy", "0")
        dom.set_body("over", "1")

    async def play_launches(self, shows: list[list[dict[str, Any]]]) -> None:
        self.skip_show = False
        delay = 0.0 if self.setup.speed_ms == 0 else 0.9
        bonus = self.g.view(None)["test_bonus"]
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

    # ------------------------------------------------------------------ input

    def open_rules(self, section: str = "") -> None:
        """The rules panel: rules.html in a frame, at ``section`` (a rules anchor)."""
        dom.set_html("rules", "")  # a fresh frame: it opens at the section even if reopened
        dom.set_html("rules", rules_panel_html(section))
        dom.show("rules", True)
        dom.set_body("rules", section or "top")
        dom.focus_first('[data-testid="close-rules"]')

    def close_rules(self) -> None:
        dom.show("rules", False)
        dom.set_body("rules", "")

    def on_click(self, event: Any) -> None:
        link = dom.closest(event, "[data-open-rule]")
        if link is not None:  # a "?" link: the panel instead of leaving the game
            dom.prevent_default(event)
            self.open_rules(dom.data(link, "open-rule") or "")
            return
        el = dom.closest(event, "[data-act],[data-group],[data-kind],[data-cmd],[data-tab]")
        if el is None:
            return
        act = dom.data(el, "act")
        if act is not None:
            self.act(int(act))
            return
        group = dom.data(el, "group")
        if group is not None:
            self.bar.group = group
            self.render()
            dom.focus_first(FIRST_CONTROL)
            return
        kind = dom.data(el, "kind")
        if kind == "place_cell" and self.seat:
            self.bar.cell = int(dom.data(el, "cell") or 0)
            self.render()
            dom.focus_first('#actions [data-testid="action"]')
            return
        if kind == "back":
            self.bar.cell = None
            self.render()
            return
        tab = dom.data(el, "tab")
        if tab is not None:
            self.tab = tab
            dom.set_class("main", f"show-{tab}")
            self.render()
            return
        self.command(dom.data(el, "cmd") or "", el)

    def command(self, cmd: str, el: Any = None) -> None:
        key = (dom.data(el, "key") or "") if el is not None else ""
        if cmd.startswith("rp-") and cmd != "rp-seat":
            if cmd == "rp-exit":
                self.exit_replay()
            else:
                self.replay_step(cmd)
        elif cmd == "undo":
            self.undo()
        elif cmd == "redo":
            self.redo_one()
        elif cmd == "open-saves":
            self.open_saves()
        elif cmd in ("close-dialog", "resume-new"):
            self.close_dialog()
        elif cmd == "continue" and key.startswith(KEY_PREFIX):
            self.continue_saved(key)
        elif cmd == "delete-save" and key.startswith(KEY_PREFIX):
            dom.storage_remove(key)
            self.open_saves(notice="Saved game deleted.")
        elif cmd == "replay-saved" and key.startswith(KEY_PREFIX):
            self.replay_saved(key)
        elif cmd == "replay":
            if self.replay is None:
                self.replay_current()
        elif cmd == "export":
            self.export()
        elif cmd == "bug-report":
            self.bug_report()
        elif cmd == "dismiss":
            dom.show("banner", False)
        elif cmd == "privacy":
            dom.show("privacy", False)
            dom.set_html("privacy", "")
            dom.set_body("busy", "1")
            self.spawn(self.claim_screen())
        elif cmd == "open-new":
            if self.replay is not None:
                self.exit_replay()
            self.dialog_setup = self.setup.copy()
            self.dialog_setup.seed = self.setup.seed + 1
            self.dialog_kind = "new"
            dom.set_html("dialog", dialog_html(self.dialog_setup))
            dom.show("dialog", True)
            dom.focus_first('#dialog input[name="players"]:checked')
        elif cmd == "cancel-new":
            self.close_dialog()
        elif cmd == "start-game":
            values, seats = dom.form_values("newgame")
            self.new_game(setup_from_form(values, seats))
        elif cmd == "rules":
            self.open_rules()
        elif cmd == "close-rules":
            self.close_rules()
        elif cmd == "skip-launch":
            self.skip_show = True

    async def claim_screen(self) -> None:
        if self.seat is not None:
            self.at_screen = self.setup.player_of(self.seat)
        await self.run()

    def on_change(self, event: Any) -> None:
        el = event.target
        name = str(el.name or "") if hasattr(el, "name") else ""
        cmd = dom.data(el, "cmd")
        if cmd == "speed":
            self.setup.speed_ms = int(el.value)
            return
        if cmd == "import":
            self.spawn(self.import_file(el))
            return
        if cmd == "rp-seat":
            value = str(el.value)
            self.replay_seat = value if value in self.replay_seats else None
            self.render()
            return
        if name in ("players", "pair") and self.dialog_setup is not None:
            values, seats = dom.form_values("newgame")
            self.dialog_setup = setup_from_form(values, seats)
            dom.set_html("dialog", dialog_html(self.dialog_setup))

    def on_key(self, event: Any) -> None:
        key = str(event.key)
        typing = str(getattr(event.target, "tagName", "")).upper() in ("SELECT", "INPUT")
        if (self.replay is not None and not typing
                and key in ("ArrowLeft", "ArrowRight", "Home", "End")):
            self.replay_step({"ArrowLeft": "rp-prev", "ArrowRight": "rp-next",
                              "Home": "rp-first", "End": "rp-last"}[key])
            return
        if key == "Escape" and dom.is_shown("rules"):
            self.close_rules()
            return
        if key == "Escape":
            if self.bar.group or self.bar.cell is not None:
                self.bar = BarState()
                self.render()
            else:
                self.skip_show = True
