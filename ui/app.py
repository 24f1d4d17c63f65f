"""The running app: one game, its players, whose turn it is, and what the table shows.

The rooms around it: :mod:`ui.control.inputs` (clicks, taps, keys), :mod:`ui.control.saves`
(saves), :mod:`ui.control.replay` (replays), :mod:`ui.control.overlays` (privacy, launches,
end, rules, confirm), :mod:`ui.markup.table` (the header, action bar and board popover).
"""

from __future__ import annotations

import asyncio
import random
import time
import traceback
from collections.abc import Callable, Coroutine
from typing import Any

import game
from game import NATIONS, SEATS
from game.actions import Action
from game.history import Trace, apply_traced, rewind, traces

from .control.hints import Hints
from .control.hosting import Hosting
from .control.inputs import BAR_CONTROLS, Input
from .control.joining import Joining
from .control.newgame import NewGame
from .control.overlays import Overlays
from .control.replay import ReplayDesk
from .control.report import ReportDesk
from .control.saves import Shelf
from .control.thinker import Thinker
from .control.tutorial import Tour
from .markup.board import board_html
from .markup.centre import centre_html
from .markup.controls import BarState
from .markup.html import NO_MARKS, Marks, e
from .markup.logbook import log_html
from .markup.table import Bar, Header, actions_html, launch_odds_of, popover_html, top_html
from .model.invite import code_in
from .model.players import Setup, choose_seat, parse_query
from .model.replay import game_fingerprint, narrate, opening_line
from .model.saves import Loaded, default_title
from .model.targets import NO_PICK, Pick
from .model.undo import player_undo
from .platform.port import Commands, Platform
from .screens.online import chat_html
from .screens.panels import banner_html, replay_bar_html, resume_html
from .screens.start import START_LEVELS, start_html
from .words.i18n import LANGUAGES, _, choose, language, use
from .words.names import chat_sender, role_name
from .words.narration import Told, launch_sequences, lines, note
from .words.warn import warning_text

DISCUSSION_SECONDS = 120
LANGUAGE_KEY = "moonshot.language"  # the language chosen in the header (localStorage)
LEVEL_KEY = "moonshot.start-level"  # the start screen's last chosen level (localStorage)
MAX_LOOP_RESTARTS = 3
GUEST_TABLE = Setup(ai=dict.fromkeys(SEATS, False))  # behind a join panel: no AI to start
_ids = random.Random()


def new_save_id() -> str:
    """A fresh id for a game's autosave (time first, so ids sort as they were made)."""
    return f"{int(time.time() * 1000):x}-{_ids.getrandbits(24):06x}"


class App:
    """The composition root: it holds the table and wires the controllers, each given the
    browser (``dom``) and this app through the small Protocol it declares."""

    def __init__(self, dom: Platform) -> None:
        self.dom = dom
        self.setup = Setup()
        self.g = game.new_game(self.setup.seed)
        self.at_screen: tuple[str, ...] | None = None
        self.seat: str | None = None  # the human seat whose controls are shown
        self.last_seat: str | None = None
        self.actions: list[Action] = []
        self.pick = NO_PICK  # the seat's board paths and its half-made choice (ui.model.targets)
        self.group = ""  # the group of controls opened in the action bar
        self.log: list[Told] = []
        self._traced: tuple[game.Game | None, list[Trace]] = (None, [])
        self.log_drawn: tuple[int, int] | None = None  # (id, length) of the log on screen
        self.tab = "USA"
        self._turn = 0  # see stop_turns
        self.deadline: dict[str, float] = {}
        self.dialog_kind = ""  # "start", "new", "saves", "resume", "confirm" or "" (closed)
        self.tasks: set[asyncio.Future[None]] = set()
        self.save_id = new_save_id()
        self.title = ""
        self.redo: list[tuple[str, Action]] = []
        self.error_text = ""
        self.loop_restarts = 0
        self.pending_start = False  # a game waits behind the resume prompt
        self.thinker = Thinker(dom)  # computer players: the AI worker
        self.booted = False
        self.ai_told = ""
        self.shelf = Shelf(self, dom)
        self.replays = ReplayDesk(self, dom)
        self.gamereport = ReportDesk(self, dom)
        self.overlays = Overlays(self, dom)
        self.hints = Hints(self, dom)
        self.tour = Tour(self, dom)
        self.newgame = NewGame(self, dom)
        self.hosting = Hosting(self, dom)  # an online game's host: the referee and invitations
        self.joining = Joining(self, dom)  # an online game's guest: the host's pictures
        self.input = Input(self, dom, self.commands())
        self.peers_heard = False  # the transport's events are listened to

    def commands(self) -> Commands:
        """Every ``data-cmd`` of the page and its handler: the controllers' and the app's."""
        own = {
            "undo": lambda _el: self.undo(),
            "redo": lambda _el: self.redo_one(),
            "close-dialog": lambda _el: self.close_dialog(),
            "resume-new": lambda _el: self.close_dialog(),
            "start-play": lambda _el: self.play_computer(
                self.dom.form_values("startform")[0].get("start-level", "")),
            "privacy": lambda _el: self.claim_screen(),
            "leave-online": lambda _el: self.leave_online(),
            "copy": self.copy,
            "chat-send": lambda _el: self.send_chat(),
            "speed": self.set_speed,
            "lang": lambda el: self.set_language(str(el.value), remember=True),
            # the tutorial's own text leads the way: no hints while it runs
            "hint": lambda _el: None if self.tour.active else self.hints.ask(),
        }
        table: dict[str, Callable[[Any], None]] = {}
        for part in (self.shelf.commands(), self.replays.commands(),
                     self.gamereport.commands(), self.overlays.commands(),
                     self.tour.commands(), self.newgame.commands(), self.hosting.commands(),
                     own):
            clash = table.keys() & part.keys()
            assert not clash, f"commands claimed twice: {clash}"
            table.update(part)
        return table

    # ------------------------------------------------------------------ lifecycle

    def start(self) -> None:
        self.dom.on("click", self.safe(self.input.on_click))
        self.dom.on("change", self.safe(self.input.on_change))
        self.dom.on("keydown", self.safe(self.input.on_key))
        self.dom.on("submit", self.safe(self.dom.prevent_default))
        self.dom.on_hash_change(self.safe(self.on_hash_change))
        chosen = self.dom.storage_get(LANGUAGE_KEY) or ""
        self.set_language(chosen if chosen in LANGUAGES else choose(self.dom.browser_languages()))
        if self.dom.narrow_screen():
            self.dom.close_details("log")  # phones: boards and the action bar get the room
        if self.join_invitation():  # the page was opened by an online game's invitation link
            self.dom.set_body("ready", "1")
            self.booted = True
            return
        asked = parse_query(self.dom.query_string())
        offer = self.shelf.resumable()
        if asked is None and not self.dom.embedded():
            self.new_game(Setup(), run=False)  # the table behind the start screen
            self.open_start()
        else:
            self.new_game(asked or Setup(), run=offer is None)
        if offer is not None and self.dialog_kind != "start":
            self.dialog_kind = "resume"
            self.dom.set_html("dialog", resume_html(offer))
            self.dom.show("dialog", True)
            self.dom.set_body("busy", "0")
            self.dom.focus_first('[data-testid="resume-continue"]')
        self.dom.set_body("ready", "1")
        self.booted = True
        self.start_ai()

    async def listen_peers(self) -> None:
        """Load the WebRTC transport once; its events go to the host or guest side, whichever
        this screen plays now."""
        if not self.peers_heard:
            await self.dom.peer_listen(self.on_peer)
            self.peers_heard = True

    def on_peer(self, ident: str, kind: str, text: str) -> None:
        try:
            if self.hosting.on:
                self.hosting.on_peer(ident, kind, text)
            elif self.joining.on:
                self.joining.on_peer(ident, kind, text)
        except Exception as exc:
            self.report(exc)

    def on_hash_change(self, _event: Any) -> None:
        """An invitation link opened in this tab while the app runs: join that game."""
        self.join_invitation()

    def join_invitation(self) -> bool:
        """Answer the invitation in the address's fragment, if there is one (True then)."""
        invitation = code_in(self.dom.location_hash())
        if invitation is None:
            return False
        self.dom.clear_hash()  # used once: a reload must not answer it again
        self.new_game(GUEST_TABLE.copy(), run=False)  # the table behind the join panel
        self.joining.begin(invitation)
        return True

    @property
    def online(self) -> bool:
        """This screen hosts or joins an online game."""
        return self.hosting.on or self.joining.on

    # ------------------------------------------------------------------ for the controllers
    # What one controller needs of another goes through here: the controllers never see
    # each other (each declares the little it asks of the app as a Protocol).

    @property
    def guest(self) -> bool:
        """This screen plays a guest's seats (its game is a stand-in built from views)."""
        return self.joining.on

    @property
    def replaying(self) -> bool:
        return self.replays.on

    @property
    def reporting(self) -> bool:
        return self.gamereport.on

    @property
    def hints_taken(self) -> dict[str, int]:
        return self.hints.taken

    @property
    def half_chosen(self) -> bool:
        """A thing touched on the board, or a group of the bar opened (Escape undoes it)."""
        return bool(self.pick.chosen or self.group)

    def cancel_choice(self) -> None:
        self.pick.chosen, self.group = (), ""
        self.render()
        self.focus_decision()

    def new_save_id(self) -> str:
        return new_save_id()

    def autosave(self) -> None:
        self.shelf.autosave()

    def open_saves(self, error: str) -> None:
        self.shelf.open(error=error)

    def show_end(self) -> None:
        self.overlays.end()

    def show_privacy(self, seat: str) -> None:
        self.overlays.privacy(seat)

    def open_rule(self, section: str) -> None:
        self.overlays.rules(section)

    def close_report(self) -> None:
        self.gamereport.close()

    def leave_replay(self) -> None:
        if self.replays.on:
            self.replays.exit()

    def forget_hint(self) -> None:
        self.hints.shown = None

    def ice_text(self) -> str:
        return self.hosting.ice_text()

    def report_subject(self) -> tuple[str, int, int, dict[str, int]]:
        """What the report tells: the replay up to its step, else the game on the table."""
        return self.replays.report_subject() or (
            self.g.to_json(), self.g.log_size, self.g.log_size, self.hints.taken)

    async def chronicle(self, save_json: str, upto: int, seed: int) -> dict[str, Any]:
        return await self.thinker.chronicle(save_json, upto, seed)

    async def think(self, view: dict[str, Any], legal: list[Action], level: str, seed: int,
                    purpose: str) -> tuple[Action, str]:
        return await self.thinker.choose(view, legal, level, seed, purpose=purpose)

    # ------------------------------------------------------------------ the app's commands

    def leave_online(self) -> None:
        self.new_game(Setup(), run=False)  # leaves the online game (ui.control.joining)
        self.open_start()

    def copy(self, el: Any) -> None:
        if el is not None:
            self.spawn(self.dom.copy_text(self.dom.data(el, "copy") or ""))

    def send_chat(self) -> None:
        values, _seats = self.dom.form_values("chat")
        text = values.get("chat", "")
        if not text.strip():
            return
        if self.joining.on:
            self.joining.say(text)
        else:
            self.hosting.say(text)
        self.dom.set_value('#chat input[name="chat"]', "")

    def set_speed(self, el: Any) -> None:
        self.setup.speed_ms = int(el.value)

    def start_ai(self) -> None:
        """Boot the AI worker in the background once the page is up and a game has AI seats
        (it takes seconds; the AI thinks on the main thread until then)."""
        if self.booted and any(self.setup.is_ai(s) for s in SEATS):
            self.thinker.start()

    def reset_table(self) -> None:
        """Forget everything about the game on the table (before a new or loaded one)."""
        self.stop_turns()
        self.at_screen = None
        self.seat = None
        self.actions = []
        self.pick, self.group = NO_PICK, ""
        self.deadline = {}
        self.redo = []
        self.replays.replay = None
        self.loop_restarts = 0
        self.shelf.storage_failed = False
        self.pending_start = False
        self.tour.active = False
        for overlay in ("end", "dialog", "launch", "privacy", "report"):
            self.dom.show(overlay, False)
        self.dialog_kind = ""
        self.dom.set_body("over", "0")
        self.dom.set_body("replay", "0")

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
        self.log = [note(opening_line(self.g))]
        self.ai_told = ""
        self.hints.reset()
        self.seat_players()
        self.start_ai()
        self.joining.leave()
        self.hosting.begin()
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
        self.hints.reset(loaded.hints)
        self.tour.resume(save_id)
        self.seat_players()
        self.start_ai()
        self.joining.leave()
        self.hosting.begin()  # a hosted game continues: its guests rejoin by new invitations
        self.render()
        self.spawn(self.run())

    def set_language(self, code: str, remember: bool = False) -> None:
        """Every word from now on in ``code``; what is on screen is drawn again in it (the
        log re-told from the game). ``remember``: the header's choice, kept for next time."""
        use(code)
        self.dom.set_language(language())
        if remember:
            self.dom.storage_set(LANGUAGE_KEY, language())
        self.dom.set_words({
            "#log > summary": ("", _("Mission log")),
            '[data-testid="skip-launch"]': ("", _("Skip ▸▸")),
            "#board-USA": ("aria-label", _("USA team board")),
            "#board-USSR": ("aria-label", _("USSR team board")),
            "#centre": ("aria-label", _("Shared board")),
            "#actions": ("aria-label", _("Actions")),
            "#tour": ("aria-label", _("Tutorial")),
        })
        if not self.booted:
            return
        if not self.replays.on and not self.joining.on:
            self.log = narrate(self.g)
        self.render()
        if self.dialog_kind == "start":
            self.open_start()
        elif self.dialog_kind == "new":
            self.newgame.draw()
        elif self.dialog_kind == "saves":
            self.shelf.open()
        elif self.dialog_kind == "online":
            self.hosting.draw()
        elif self.dialog_kind == "join":
            self.joining.draw()
        if self.online:
            self.chat_changed()
        if self.g.is_over and self.dom.is_shown("end"):
            self.overlays.end()

    def open_start(self) -> None:
        """The start screen (:mod:`ui.screens.start`), over the table of a game not yet started."""
        self.dialog_kind = "start"
        self.dom.set_html("dialog", start_html(self.shelf.resumable(), self.start_level()))
        self.dom.show("dialog", True)
        self.dom.set_body("busy", "0")
        self.dom.focus_first('#dialog .st-go.primary')

    def start_level(self) -> str:
        """The computer's level last chosen on the start screen (Easy at first)."""
        level = self.dom.storage_get(LEVEL_KEY) or ""
        return level if level in START_LEVELS else START_LEVELS[0]

    def play_computer(self, level: str) -> None:
        """The start screen's game: the USA here against the computer's USSR, a fresh deal."""
        level = level if level in START_LEVELS else self.start_level()
        self.dom.storage_set(LEVEL_KEY, level)
        setup = Setup(seed=_ids.randrange(1, 1_000_000))
        setup.levels = {seat: level for seat in SEATS if setup.ai[seat]}
        self.new_game(setup)

    def close_dialog(self) -> None:
        self.dialog_kind = ""
        self.dom.show("dialog", False)
        if self.pending_start and not self.replays.on:
            self.pending_start = False
            self.spawn(self.run())  # the game behind the resume prompt starts now

    @property
    def turn(self) -> int:
        """Which stretch of play the table is in: work begun in an earlier one (the turn loop,
        a move on its way, an AI's or a hint's thinking, a confirmation) is void."""
        return self._turn

    def stop_turns(self) -> None:
        """The one place the turn loop is cancelled: a new game, an undo, a replay, a guest's
        picture or move, leaving the tutorial. Whoever stops it starts it again (``run``)."""
        self._turn += 1

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
            if self.loop_restarts < MAX_LOOP_RESTARTS and not self.replays.on:
                self.loop_restarts += 1
                self.stop_turns()
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
            self.dom.console_warn("Moonshot UI error (reported in the page):\n" + self.error_text)
            summary = f"{type(exc).__name__}: {exc}"[:300]
            self.dom.set_html("banner", banner_html("error", summary))
            self.dom.show("banner", True)
            self.dom.show("launch", False)
            if self.seat is not None:
                self.dom.set_body("busy", "0")
            self.render()
        except Exception:  # reporting must never raise in turn
            pass

    def notice(self, text: str) -> None:
        self.dom.set_html("banner", banner_html("warn", text))
        self.dom.show("banner", True)

    # ------------------------------------------------------------------ whose turn

    def viewer(self) -> str | None:
        """The seat whose view the table shows: the acting seat of the player at the screen."""
        if self.at_screen is None:
            return None
        return self.seat if self.seat in self.at_screen else self.at_screen[0]

    def controls_seat(self) -> str | None:
        """The seat whose controls show: only a human seat held by the player at the screen,
        and nobody's while a replay is on (the live game waits behind it)."""
        if self.seat is not None and self.at_screen and self.seat in self.at_screen \
                and not self.replays.on:
            return self.seat
        return None

    async def run(self) -> None:
        """Advance AI seats (paced) until a human must act or the game ends."""
        turn = self.turn
        while turn == self.turn and not self.replays.on and not self.joining.on:
            g = self.g
            if g.is_over:
                self.seat = None
                self.render()
                self.overlays.end()
                return
            if self.hosting.waiting_for_players():  # starts when every friend has joined
                self.seat = None
                self.render()
                self.dom.set_body("busy", "0")
                return
            if g.phase != "discussion":
                self.deadline = {}  # each round's discussion has its own two minutes
            elif self.hosting.on:  # online, each nation talks on its own screens at once
                for acting in g.to_act():
                    self.start_countdown(acting)
            if self.tour.waits():  # an info step of the tutorial: nobody acts until Next
                self.seat = None
                self.tab = self.tour.tab("") or self.tab  # a phone shows the part it explains
                self.render()
                self.dom.set_body("busy", "0")
                return
            seat = self.tour.seat(g.to_act()) or choose_seat(g.to_act(), self.last_seat,
                                                              g.view(None))
            if seat is not None and self.setup.is_remote(seat):
                here = [s for s in g.to_act() if not self.setup.is_remote(s)]
                seat = here[0] if here else seat  # this screen's seat need not wait
            if seat is None:
                return
            if self.setup.is_remote(seat):  # played on a guest's screen: its move comes in
                self.seat = None
                self.render()
                self.dom.set_body("busy", "0")
                return
            if self.setup.is_ai(seat):
                self.seat = None
                self.dom.set_body("busy", "1")
                self.render()
                await asyncio.sleep(0)  # let the page paint before the AI thinks
                started = time.perf_counter()
                scripted = self.tour.scripted(seat)
                action, level = ((scripted, "tutorial") if scripted is not None
                                 else await self.ai_move(g, seat))
                if turn != self.turn:
                    return
                # The speed setting paces AI turns; thinking time counts toward it.
                waited = time.perf_counter() - started
                await asyncio.sleep(max(0.0, self.setup.speed_ms / 1000 - waited))
                if turn != self.turn:
                    return
                await self.perform(seat, action,
                                   note="" if scripted is not None else f"AI {level}")
                self.loop_restarts = 0
                continue
            player = self.setup.player_of(seat)
            self.seat = seat
            self.actions = g.legal_actions(seat)
            self.pick = Pick.of(self.actions, g.view(seat))  # once per decision
            if self.at_screen != player and len(self.setup.humans()) > 1:
                self.at_screen = None
                self.render()
                self.overlays.privacy(seat)
                self.dom.set_body("busy", "0")
                return
            self.at_screen = player
            self.tab = self.tour.tab(self.tour_target()) or seat.split(".")[0]
            if g.phase == "discussion":
                self.start_countdown(seat)
            self.render()
            self.bring_into_view(seat)
            self.focus_decision()
            self.dom.set_body("busy", "0")
            return

    async def ai_move(self, g: game.Game, seat: str) -> tuple[Action, str]:
        """The AI's action for ``seat``: it sees only that seat's view and legal actions.
        Seeded by the game's seed and move number, so a continued game plays on the same."""
        level = self.setup.level(seat)
        seed = (g.seed * 1_000_003 + g.log_size) % 2**31
        action, where = await self.thinker.choose(g.view(seat), g.legal_actions(seat),
                                                  level, seed)
        if where == "main" and self.ai_told != self.thinker.state:
            self.ai_told = self.thinker.state
            self.log.append(note(self.thinker.notice()))
        elif where == "worker" and self.ai_told == "starting":
            self.ai_told = "ready"
            self.log.append(note(_("The AI worker is ready: the AI now thinks in the "
                                   "background.")))
        return action, level

    async def perform(self, seat: str, action: Action, redo: bool = False,
                      note: str = "") -> None:
        # Undo's traces, brought up to date before the log grows (an online game has no undo:
        # its guests' moves are applied by the referee).
        kept = None if self.hosting.on else self.traces()
        events, trace = apply_traced(self.g, seat, action)
        if kept is not None:
            kept.append(trace)
        self.hosting.moved(events)
        self.tour.played()
        shows = self.after_move(seat, events, note, redo)
        if shows:
            await self.overlays.launches(shows)

    def after_move(self, seat: str, events: list[dict[str, Any]], note: str = "",
                   redo: bool = False) -> list[list[dict[str, Any]]]:
        """After any move (this screen's or a guest's): tell it, save it; returns the launch
        shows it brings."""
        if not redo:
            self.redo = []  # a new action: what was undone cannot be redone any more
        self.last_seat = seat
        self.group = ""
        self.log.extend(lines(events, self.g.view(None)["test_bonus"], note))
        self.shelf.autosave()
        return launch_sequences(events)

    def remote_moved(self, events: list[dict[str, Any]]) -> None:
        """A guest's move, applied by the referee (:mod:`ui.control.hosting`): told and saved like
        any move, then on from the new position (what this screen was deciding is asked again)."""
        self.stop_turns()
        self.seat, self.actions, self.pick = None, [], NO_PICK
        shows = self.after_move(self.g.log[-1][0], events)
        turn = self.turn

        async def go() -> None:
            if shows:
                await self.overlays.launches(shows)
            if turn == self.turn:
                await self.run()

        self.spawn(go())

    def try_act(self, index: int) -> None:
        """Take the acting seat's ``index``-th legal action, after a confirmation when the
        engine says it risks the game or much Popularity (game.stakes)."""
        if self.seat is None or self.controls_seat() is None \
                or not 0 <= index < len(self.actions):
            return
        action = self.actions[index]
        if not self.tour.allows(action):
            return  # the tutorial waits for the highlighted action: a nudge, nothing else
        at_stake = game.stakes(self.g, self.seat, action)
        if at_stake.warn and not self.tour.active:  # the tutorial's text says what is at stake
            self.overlays.confirm(index, warning_text(at_stake, action), "Yes, go ahead")
            return
        self.act(index)

    def act(self, index: int, redo: bool = False) -> None:
        if self.seat is None or not 0 <= index < len(self.actions):
            return
        seat, action = self.seat, self.actions[index]
        if self.joining.on:  # a guest's move goes to the host, who answers with the picture
            self.dom.set_body("busy", "1")
            self.joining.act(seat, action)
            return
        self.seat = None
        self.actions, self.pick = [], NO_PICK
        self.dom.set_body("busy", "1")
        turn = self.turn

        async def go() -> None:
            if turn != self.turn:
                return  # a guest's move landed first: this screen decides again
            await self.perform(seat, action, redo)
            if turn == self.turn:
                await self.run()

        self.spawn(go())

    def touch(self, target: str) -> None:
        """A board thing (or an option on it) was touched: choose, cancel or act."""
        if self.controls_seat() is None or self.seat is None:
            return
        index = self.pick.touch(target)  # the paths the person sees: built with the decision
        self.group = ""
        if index is not None:
            self.render()
            self.try_act(index)
            return
        self.render()
        if self.pick.chosen:
            self.dom.focus_first("#pick .opt") or self.dom.focus_first("[data-can]:not([data-sel])")
        else:
            self.focus_decision()

    def claim_screen(self) -> None:
        """The person called by the privacy screen is at the screen now."""
        self.dom.show("privacy", False)
        self.dom.set_html("privacy", "")
        self.dom.set_body("busy", "1")
        if self.seat is not None:
            self.at_screen = self.setup.player_of(self.seat)
        self.spawn(self.run())

    def focus_decision(self) -> None:
        """Keyboard focus on the first control of the decision at hand (none while a dialog
        or screen is up)."""
        if self.dialog_kind or self.controls_seat() is None or self.dom.is_shown("privacy"):
            return
        self.dom.focus_first(BAR_CONTROLS)

    def bring_into_view(self, seat: str) -> None:
        """Scroll the part of the board the decision is about into view (no one has to)."""
        nation, role = seat.split(".")
        pending = self.g.view(seat)["nations"][nation]["pending"]
        part = ".blueprint" if role == "engineer" else '[data-part="politician"]'
        if pending and pending["what"] == "keep":
            part = ".pending"
        self.dom.scroll_into_view(f"#board-{nation} {part}")

    # ------------------------------------------------------------------ undo / redo

    def traces(self) -> list[Trace]:
        """What each logged action did that undo must respect, kept as the game is played
        (replayed once when another game object takes the table: loaded, undone, new)."""
        if self._traced[0] is not self.g:
            self._traced = (self.g, traces(self.g))
        return self._traced[1]

    def undo_state(self) -> tuple[int, int, str]:
        """(actions one Undo takes back, redos waiting, why Undo is off) for the player at
        the screen; computer players' answers are taken back with the person's action."""
        player = self.at_screen if self.controls_seat() is not None else None
        if player is None or self.replays.on:
            return 0, 0, ""
        if self.online:
            return 0, 0, _("No undo in an online game: every screen has seen the move.")
        ai = frozenset(s for s in SEATS if self.setup.is_ai(s))
        count, reason = player_undo(self.g, player, ai, self.traces())
        redo = len(self.redo) if self.redo and self.redo[-1][0] in player else 0
        return count, redo, reason

    def undo(self) -> None:
        count, _, _ = self.undo_state()
        if not count:
            return
        self.redo.append(self.g.log[-count])
        kept = self.traces()[:-count]
        self.g = rewind(self.g, count)
        self._traced = (self.g, kept)  # the rewound game's log is a prefix: no replay
        self.stop_turns()
        self.last_seat = self.g.log[-1][0] if self.g.log else None
        self.pick, self.group = NO_PICK, ""
        self.log = narrate(self.g)
        self.seat = None
        self.deadline = {}
        self.shelf.autosave()
        self.dom.set_body("busy", "1")
        self.spawn(self.run())

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

    # ------------------------------------------------------------------ discussion

    def start_countdown(self, seat: str) -> None:
        nation = seat.split(".")[0]
        if nation in self.deadline:
            return
        loop = asyncio.get_event_loop()
        self.deadline[nation] = loop.time() + DISCUSSION_SECONDS
        self.hosting.broadcast()  # every picture carries the countdowns: one on every screen
        self.spawn(self.tick(nation, self.deadline[nation]))

    def countdown_from_host(self, nation: str, seconds: int) -> None:
        """A guest's screen: the host started a nation's discussion countdown."""
        if nation not in NATIONS or not 0 <= seconds <= DISCUSSION_SECONDS:
            return
        end = asyncio.get_event_loop().time() + seconds
        if abs(self.deadline.get(nation, -DISCUSSION_SECONDS) - end) < 1:
            return  # every picture carries the clock: this countdown already runs in step
        self.deadline[nation] = end
        self.spawn(self.tick(nation, end))

    def seconds_left(self) -> dict[str, int]:
        """The discussion countdowns running now (a rejoining guest gets them)."""
        now = asyncio.get_event_loop().time()
        return {nation: max(0, int(end - now)) for nation, end in self.deadline.items()}

    async def tick(self, nation: str, deadline: float) -> None:
        """Show a nation's countdown each second and end its discussion at zero. It runs while
        its deadline stands (a new game, an undo or the phase's end clear it), whatever moves
        land meanwhile."""
        loop = asyncio.get_event_loop()
        while self.g.phase == "discussion" and self.deadline.get(nation) == deadline:
            left = int(self.deadline[nation] - loop.time())
            mine = self.seat is not None and self.seat.startswith(nation)
            if mine:  # the bar shows the countdown of the nation whose seat acts here
                self.dom.set_text("countdown", f"{max(left, 0) // 60}:{max(left, 0) % 60:02d}")
            if left <= 0 and mine:
                kinds = [a.kind for a in self.actions]
                if "end_discussion" in kinds:
                    self.act(kinds.index("end_discussion"))
                return
            await asyncio.sleep(1)

    # ------------------------------------------------------------------ rendering

    def screens(self) -> dict[str, dict[str, str]]:
        """Where each seat is played in an online game (the turn indicator's "on whose
        screen"); nothing otherwise."""
        if self.hosting.referee is not None:
            return self.hosting.referee.screens
        return self.joining.screens() if self.joining.on else {}

    def chat_changed(self) -> None:
        """Draw the chat again (a line came in or went out)."""
        sent = self.hosting.chat_lines() if self.hosting.on else self.joining.chats
        screens = self.screens()
        self.dom.set_html("chat", chat_html([(chat_sender(who, screens), text)
                                        for who, text in sent]))

    def render(self) -> None:
        if self.online != self.dom.is_shown("chat"):
            self.dom.show("chat", self.online)
            if self.online:
                self.chat_changed()
        if self.joining.on:  # a guest's game is the host's: its move count, no fingerprint
            self.dom.set_body("moves", str(self.joining.at))
        else:
            self.dom.set_body("moves", str(self.g.log_size))
            self.dom.set_body("state", game_fingerprint(self.g))
        if self.replays.replay is not None:
            self.render_replay()
            return
        view = self.g.view(self.viewer())
        seat = self.controls_seat()
        marks, odds, ghost = NO_MARKS, {}, None
        pick = self.pick
        if seat is not None:
            hint = self.hints.current() or self.tour.pointer()
            hinted = hint.target(pick) if hint else ""
            marked = pick.marked()
            if self.tour.active and hinted:  # the tutorial marks its own step only
                marked &= {hinted, *pick.chosen[-1:]}
            marks = Marks(marked, pick.chosen[-1] if pick.chosen else "", hinted)
            odds = launch_odds_of(self.g, seat, self.actions)
            ghost = pick.chosen_cell()
        self.render_boards(view, marks, ghost, odds)
        self.dom.set_html("top", top_html(self.header()))
        if self.log_drawn != (id(self.log), len(self.log)):  # new lines: draw, show the newest
            self.log_drawn = (id(self.log), len(self.log))
            self.dom.set_html("log-list", log_html(self.log))
            self.dom.scroll_to_end("log")
        bar = BarState(self.group, ghost)
        tour = self.tour.panel_html()
        self.dom.set_html("tour", tour)
        self.dom.show("tour", bool(tour))
        self.dom.spot(self.tour.spot())
        self.dom.set_html("actions", actions_html(self.g, view, Bar(
            seat, self.actions, bar, self.hosting.waiting_for_players(), self.screens(),
            self.undo_state(), self.hints.thinking, not self.tour.active,
            self.hints.current())))
        popover = (popover_html(self.g, seat, self.actions, view, pick, marks.hinted)
                   if seat else "")
        self.dom.set_html("pick", popover)
        self.dom.show("pick", bool(popover))
        if popover:
            self.dom.place_popover("pick", f'[data-sel][data-target="{e(pick.chosen[-1])}"]')

    def header(self) -> Header:
        viewer = self.viewer()
        return Header(self.tab, self.setup.speed_ms, self.replays.on, self.replays.seat,
                      viewer, self.setup.display_name(viewer) if viewer else "",
                      self.hosting.on, self.joining.on)

    def tour_target(self) -> str:
        """The first board thing the tutorial's step points at ("" outside the tutorial)."""
        pointer = self.tour.pointer()
        return pointer.target(self.pick) if pointer else ""

    def render_boards(self, view: dict[str, Any], marks: Marks, ghost: int | None,
                      odds: dict[str, float]) -> None:
        acting = view["to_act"]
        for nation in NATIONS:
            roles = " & ".join(role_name(s.split(".")[1]) for s in acting
                               if s.startswith(nation))
            self.dom.set_html(f"board-{nation}", board_html(view, nation, marks=marks,
                                                       ghost_cell=ghost, acting=roles))
        self.dom.set_html("centre", centre_html(view, marks, odds))
        self.dom.set_class("main", f"show-{self.tab}")

    def render_replay(self) -> None:
        desk = self.replays
        assert desk.replay is not None
        view = desk.replay.frames[desk.index].view(desk.seat)
        self.render_boards(view, NO_MARKS, None, {})
        self.dom.set_html("top", top_html(self.header()))
        self.dom.set_html("log-list", log_html(desk.replay.story(desk.index)))
        self.log_drawn = None
        self.dom.set_html("actions", replay_bar_html(desk.replay, desk.index, desk.seat,
                                                     desk.seats))
        self.dom.show("pick", False)
