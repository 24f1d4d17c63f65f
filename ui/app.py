"""The running app: one game, its players, the screen holder, AI pacing and the event loop."""

from __future__ import annotations

import asyncio
import random
import traceback
from collections.abc import Coroutine
from typing import Any

import game
from game.actions import Action

from . import dom
from .board import board_html
from .centre import centre_html
from .controls import BarState, bar_html
from .dialog import dialog_html, setup_from_form
from .html import e, emblem, icon
from .launchshow import frames
from .names import REASONS, seat_name
from .players import Setup, choose_seat, parse_query
from .story import launch_sequences, lines
from .tiles import COLS

DISCUSSION_SECONDS = 120
LOG_KEEP = 400
FIRST_CONTROL = '#actions [data-testid="action"], #actions [data-testid="action-group"]'


class App:
    def __init__(self) -> None:
        self.setup = Setup()
        self.g = game.new_game(self.setup.seed)
        self.rng = random.Random(0)
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

    # ------------------------------------------------------------------ lifecycle

    def start(self) -> None:
        dom.on("click", self.on_click)
        dom.on("change", self.on_change)
        dom.on("keydown", self.on_key)
        if dom.narrow_screen():
            dom.close_details("log")  # phones: boards and the action bar get the room
        setup = parse_query(dom.query_string()) or Setup()
        self.new_game(setup)
        dom.set_body("ready", "1")

    def new_game(self, setup: Setup) -> None:
        self.generation += 1
        self.setup = setup
        self.g = game.new_game(setup.seed, players=setup.players, ruleset=setup.ruleset,
                               pair=setup.pair)
        self.rng = random.Random(setup.seed)
        self.at_screen = None
        self.seat = None
        self.last_seat = None
        self.actions = []
        self.bar = BarState()
        self.deadline = {}
        humans = setup.humans()
        if humans:
            self.tab = humans[0][0].split(".")[0]
        self.log = [f"New game: {setup.players} players, {self.g.view(None)['ruleset_title']}, "
                    f"seed {setup.seed}."]
        dom.show("end", False)
        dom.show("dialog", False)
        dom.show("launch", False)
        dom.set_body("over", "0")
        if len(humans) == 1:
            self.at_screen = humans[0]
        self.render()
        self.spawn(self.run())

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(self.guard(coro))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def guard(self, coro: Coroutine[Any, Any, None]) -> None:
        try:
            await coro
        except Exception:
            dom.console_error("Moonshot UI error:\n" + traceback.format_exc())
            raise

    # ------------------------------------------------------------------ whose turn

    def viewer(self) -> str | None:
        return self.at_screen[0] if self.at_screen else None

    async def run(self) -> None:
        """Advance AI seats (paced) until a human must act or the game ends."""
        gen = self.generation
        while gen == self.generation:
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
                await asyncio.sleep(self.setup.speed_ms / 1000)
                if gen != self.generation:
                    return
                action = self.rng.choice(g.legal_actions(seat))
                await self.perform(seat, action)
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

    async def perform(self, seat: str, action: Action) -> None:
        events = self.g.apply(seat, action)
        self.last_seat = seat
        self.bar = BarState()
        self.log.extend(lines(events, self.g.view(None)["test_bonus"]))
        del self.log[:-LOG_KEEP]
        shows = launch_sequences(events)
        if shows:
            await self.play_launches(shows)

    def act(self, index: int) -> None:
        if self.seat is None or not 0 <= index < len(self.actions):
            return
        seat, action = self.seat, self.actions[index]
        self.seat = None
        self.actions = []
        dom.set_body("busy", "1")

        async def go() -> None:
            await self.perform(seat, action)
            await self.run()

        self.spawn(go())

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

    def top_html(self, view: dict[str, Any]) -> str:
        tabs = "".join(
            f'<button class="tab{" on" if self.tab == t else ""}" data-tab="{t}">{label}</button>'
            for t, label in (("USA", f"{icon('usa')} USA"), ("centre", f"{icon('moon')} Centre"),
                             ("USSR", f"{icon('ussr')} USSR")))
        speeds = "".join(f'<option value="{ms}"{" selected" if self.setup.speed_ms == ms else ""}>'
                         f"{t}</option>" for ms, t in ((0, "instant"), (150, "fast"),
                                                       (300, "normal"), (800, "slow")))
        who = f"Viewing as {e(seat_name(self.viewer() or ''))}" if self.viewer() else "Spectator"
        return (f'<h1>{icon("rocket")} MOONSHOT <small>The Next Giant Leap</small></h1>'
                f'<nav class="tabs" aria-label="Boards">{tabs}</nav>'
                f'<div class="tools"><small>{who}</small>'
                f'<label>AI speed <select data-cmd="speed">{speeds}</select></label>'
                f'<button data-testid="new-game" data-cmd="open-new">New game</button></div>')

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
        return f'<div class="bar-h">{who}{countdown}</div>{body}'

    # ------------------------------------------------------------------ overlays

    def show_privacy(self, seat: str) -> None:
        label = self.setup.player_label(seat)
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
            f'<button class="primary" data-testid="end-new-game" data-cmd="open-new">'
            f"New game</button></div>"))
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

    def on_click(self, event: Any) -> None:
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
        self.command(dom.data(el, "cmd") or "")

    def command(self, cmd: str) -> None:
        if cmd == "privacy":
            dom.show("privacy", False)
            dom.set_html("privacy", "")
            dom.set_body("busy", "1")
            self.spawn(self.claim_screen())
        elif cmd == "open-new":
            self.dialog_setup = Setup(**{**self.setup.__dict__, "ai": dict(self.setup.ai)})
            self.dialog_setup.seed = self.setup.seed + 1
            dom.set_html("dialog", dialog_html(self.dialog_setup))
            dom.show("dialog", True)
            dom.focus_first('#dialog input[name="players"]:checked')
        elif cmd == "cancel-new":
            dom.show("dialog", False)
        elif cmd == "start-game":
            values, seats = dom.form_values("newgame")
            self.new_game(setup_from_form(values, seats))
        elif cmd == "skip-launch":
            self.skip_show = True

    async def claim_screen(self) -> None:
        if self.seat is not None:
            self.at_screen = self.setup.player_of(self.seat)
        await self.run()

    def on_change(self, event: Any) -> None:
        el = event.target
        name = str(el.name or "") if hasattr(el, "name") else ""
        if dom.data(el, "cmd") == "speed":
            self.setup.speed_ms = int(el.value)
            return
        if name in ("players", "pair") and self.dialog_setup is not None:
            values, seats = dom.form_values("newgame")
            self.dialog_setup = setup_from_form(values, seats)
            dom.set_html("dialog", dialog_html(self.dialog_setup))

    def on_key(self, event: Any) -> None:
        if str(event.key) == "Escape":
            if self.bar.group or self.bar.cell is not None:
                self.bar = BarState()
                self.render()
            else:
                self.skip_show = True
