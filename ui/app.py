"""The running app: the composition root. It holds the table (:mod:`ui.model.table`), builds
the controllers (:mod:`ui.control`: the turn loop, input, saves, replays, overlays...), each
given the browser and this app, and draws the table (:mod:`ui.markup`).
"""

from __future__ import annotations

import asyncio
import random
import time
import traceback
from collections.abc import Callable, Coroutine
from typing import Any

import game
from game import SEATS
from game.core.actions import Action
from game.core.events import Event
from game.rules.choices import NO_CHOICES
from game.rules.records import View
from game.rules.terms import split_seat

from .control.hints import Hints
from .control.inputs import BAR_CONTROLS, Input
from .control.newgame import NewGame
from .control.overlays import Overlays
from .control.replay import ReplayDesk
from .control.report import ReportDesk
from .control.saves import Shelf
from .control.thinker import Thinker
from .control.turns import Turns
from .control.tutorial import Tour
from .links.embed import EmbedApi
from .links.example import ExampleDesk, find
from .links.hosting import Hosting
from .links.joining import Joining
from .markup.controls import BarState
from .markup.html import NO_MARKS, Marks, e
from .markup.logbook import log_html
from .markup.scene import Scene, main_class, scene_html
from .markup.table import NO_BAR, Bar, Header, top_html
from .model.examples import Example
from .model.invite import code_in
from .model.players import Setup, parse_query, query_param
from .model.replay import game_fingerprint, narrate, opening_line
from .model.saves import Loaded, default_title
from .model.table import Table
from .model.targets import NO_PICK, trail
from .platform.port import Commands, Platform
from .screens.about import about_text, versions
from .screens.online import chat_html
from .screens.panels import banner_html, replay_bar_html, resume_html
from .screens.start import START_LEVELS, start_html
from .words.i18n import LANGUAGES, _, choose, language, use
from .words.names import chat_sender
from .words.narration import Launch, note

LANGUAGE_KEY = "moonshot.language"  # the language chosen in the header (localStorage)
LEVEL_KEY = "moonshot.start-level"  # the start screen's last chosen level (localStorage)
SOUND_KEY = "moonshot.sound"  # the header's sound switch, "on" or "off" (localStorage)
THEMES = ("light", "dark")  # an embed's ``theme=`` (dark, the game's own, when none)
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
        setup = Setup()
        self._table = Table(setup, game.new_game(setup.seed), new_save_id())
        self.log_drawn: tuple[int, int] | None = None  # (id, length) of the log on screen
        self.tasks: set[asyncio.Future[None]] = set()
        self.error_text = ""
        self.thinker = Thinker(dom)  # computer players: the AI worker
        self.booted = False
        self.shelf = Shelf(self, dom)
        self.replays = ReplayDesk(self, dom)
        self.gamereport = ReportDesk(self, dom)
        self.overlays = Overlays(self, dom)
        self.hints = Hints(self, dom)
        self.tour = Tour(self, dom)
        self.newgame = NewGame(self, dom)
        self.hosting = Hosting(self, dom)  # an online game's host: the referee and invitations
        self.embed_api = EmbedApi(self, dom)  # an embed's events to its page, and commands
        self.joining = Joining(self, dom)  # an online game's guest: the host's pictures
        self.example = ExampleDesk(self, dom)  # a live rule example (embed.html?example=)
        self.turns = Turns(self, dom, self.guide, self.hosting, self.thinker)
        self.input = Input(self, dom, self.commands())
        self.peers_heard = False  # the transport's events are listened to
        self.sound_on = False  # the sound switch (start() reads the one remembered)

    @property
    def table(self) -> Table:
        """The table's state (:mod:`ui.model.table`): read by all, changed by its methods."""
        return self._table

    def commands(self) -> Commands:
        """Every ``data-cmd`` of the page and its handler: the controllers' and the app's."""
        own = {
            "close-dialog": lambda _el: self.close_dialog(),
            "resume-new": lambda _el: self.close_dialog(),
            "start-play": lambda _el: self.play_computer(
                self.dom.form_values("startform")[0].get("start-level", "")),
            "privacy": lambda _el: self.claim_screen(),
            "leave-online": lambda _el: self.leave_online(),
            "copy": self.copy,
            "chat-send": lambda _el: self.send_chat(),
            "speed": self.set_speed,
            "sound": lambda _el: self.switch_sound(not self.sound_on),
            "drawer": lambda el: self.open_drawer(self.dom.data(el, "drawer") or ""),
            "lang": lambda el: self.set_language(str(el.value), remember=True),
            # a guide's own text leads the way: no hints while the Tutorial or an example runs
            "hint": lambda _el: None if self.guide().active else self.hints.ask(),
        }
        handlers: dict[str, Callable[[Any], None]] = {}
        for part in (self.shelf.commands(), self.replays.commands(),
                     self.gamereport.commands(), self.overlays.commands(),
                     self.tour.commands(), self.example.commands(), self.newgame.commands(),
                     self.hosting.commands(), self.turns.commands(), own):
            clash = handlers.keys() & part.keys()
            assert not clash, f"commands claimed twice: {clash}"
            handlers.update(part)
        return handlers

    # ------------------------------------------------------------------ lifecycle

    def start(self) -> None:
        self.shelf.start()
        self.dom.on("click", self.safe(self.input.on_click))
        self.dom.on("change", self.safe(self.input.on_change))
        self.dom.on("keydown", self.safe(self.input.on_key))
        self.dom.on("submit", self.safe(self.dom.prevent_default))
        self.dom.on_hash_change(self.safe(self.on_hash_change))
        # sound is on unless the player turned it off; a page embedding the game stays quiet
        # until its reader turns it on
        remembered = self.dom.storage_get(SOUND_KEY)
        self.sound_on = remembered == "on" if remembered else not self.dom.embedded()
        query = self.dom.query_string()
        asked_lang = query_param(query, "lang") if self.dom.embedded() else ""
        chosen = asked_lang if asked_lang in LANGUAGES else self.dom.storage_get(LANGUAGE_KEY) or ""
        self.set_language(chosen if chosen in LANGUAGES else choose(self.dom.browser_languages()))
        theme = query_param(query, "theme")
        if self.dom.embedded() and theme in THEMES:  # the host page's light or dark
            self.dom.set_body("theme", theme)
        if self.dom.narrow_screen():
            self.dom.close_details("log")  # phones: boards and the action bar get the room
        if self.join_invitation():  # the page was opened by an online game's invitation link
            self.dom.set_body("ready", "1")
            self.booted = True
            return
        asked_example = find(query_param(query, "example")) if self.dom.embedded() else None
        if asked_example is not None:  # a rule example instead of a game
            self.embed_api.listen()
            self.show_example(asked_example)
            self.dom.set_body("ready", "1")
            self.booted = True
            return
        asked = parse_query(query)
        offer = self.shelf.resumable()
        if asked is None and not self.dom.embedded():
            self.new_game(Setup(), run=False)  # the table behind the start screen
            self.open_start()
        else:
            self.new_game(asked or Setup(), run=offer is None)
        if offer is not None and self.table.dialog != "start":
            self.table.open_dialog("resume")
            self.dom.set_html("dialog", resume_html(offer))
            self.dom.show("dialog", True)
            self.turns.busy(False)
            self.dom.focus_first('[data-testid="resume-continue"]')
        self.dom.set_body("ready", "1")
        self.booted = True
        self.embed_api.start()
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
        return bool(self.table.pick.chosen or self.table.group)

    def cancel_choice(self) -> None:
        self.table.cancel_choice()
        self.render()
        self.focus_decision()

    def new_save_id(self) -> str:
        return new_save_id()

    def guide(self) -> Tour | ExampleDesk:
        """The guide of play on now: a rule example when one is shown, else the Tutorial
        (which lets everything be when it does not run)."""
        return self.example if self.example.active else self.tour

    def autosave(self) -> None:
        if not self.example.active:  # an example is a moment to try, never a game to keep
            self.shelf.autosave()

    async def kept(self) -> None:
        """The last move's save is on disk (or why not is told)."""
        await self.shelf.kept()

    def start_example(self, ident: str) -> None:
        """Deal the rule example of that id (an unknown id: nothing)."""
        example = find(ident)
        if example is not None:
            self.show_example(example)

    def show_example(self, example: Example) -> None:
        self.table.close_dialog()
        self.dom.show("dialog", False)
        self.example.begin(example)

    def example_dealt(self) -> None:
        """An example's moment is on the table (first, or again by Reset): the page hears."""
        self.embed_api.ready()

    def shown_example(self) -> str:
        """The id of the rule example on the table ("" for a game)."""
        shown = self.example.example
        return shown.id if self.example.active and shown is not None else ""

    def example_done(self, ident: str) -> None:
        self.embed_api.example_done(ident)

    def owns_save(self, key: str) -> bool:
        return self.shelf.owns(key)

    def open_saves(self, error: str) -> None:
        self.shelf.open(error=error)

    def show_end(self) -> None:
        if self.example.active:  # an example's panel tells how its game ended
            self.busy(False)
            self.dom.set_body("over", "1")
        else:
            self.overlays.end()
        g = self.table.g
        self.embed_api.over(g.winner or "", g.end_reason or "")

    def announce_move(self, seat: str, events: list[Event]) -> None:
        """A move was made (here or on a guest's screen): the embedding page hears of it."""
        self.embed_api.moved(seat, events)

    def show_privacy(self, seat: str) -> None:
        self.overlays.privacy(seat)

    async def show_launches(self, shows: list[Launch]) -> None:
        await self.overlays.launches(shows)

    def confirm(self, index: int, text: str, label: str) -> None:
        self.overlays.confirm(index, text, label)

    def send_move(self, seat: str, action: Action) -> None:
        self.joining.act(seat, action)

    # The turn loop's (ui.control.turns), for the controllers that stop, start or feed it.

    @property
    def turn(self) -> int:
        return self.turns.turn

    def stop_turns(self) -> None:
        self.turns.stop()

    def run(self) -> Coroutine[Any, Any, None]:
        return self.turns.run()

    def act(self, index: int) -> None:
        self.turns.act(index)

    def try_act(self, index: int) -> None:
        self.turns.try_act(index)

    def touch(self, target: str) -> None:
        self.turns.touch(target)

    def controls_seat(self) -> str | None:
        return self.turns.controls_seat()

    def remote_moved(self, events: list[Event]) -> None:
        self.turns.remote_moved(events)

    def seconds_left(self) -> dict[str, int]:
        return self.turns.seconds_left()

    def countdown_from_host(self, nation: str, seconds: int) -> None:
        self.turns.countdown_from_host(nation, seconds)

    def clear_clocks(self) -> None:
        self.turns.clear_clocks()

    def busy(self, waiting: bool) -> None:
        self.turns.busy(waiting)

    def claim_screen(self) -> None:
        """The person called by the privacy screen is at the screen now."""
        self.dom.show("privacy", False)
        self.dom.set_html("privacy", "")
        self.turns.claim_screen()

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
            self.table.g.to_json(), self.table.g.log_size, self.table.g.log_size,
            self.hints.taken)

    async def chronicle(self, save_json: str, upto: int, seed: int) -> dict[str, Any]:
        return await self.thinker.chronicle(save_json, upto, seed)

    async def think(self, view: View, legal: list[Action], level: str, seed: int,
                    purpose: str) -> tuple[Action, str]:
        return await self.thinker.choose(view, legal, level, seed, purpose=purpose)

    # ------------------------------------------------------------------ the app's commands

    def leave_online(self) -> None:
        self.new_game(Setup(), run=False)  # leaves the online game (ui.links.joining)
        self.open_start()

    def copy(self, el: Any) -> None:
        if el is not None:
            self.spawn(self._copy(self.dom.data(el, "copy") or "",
                                  self.dom.data(el, "copied") or "",
                                  self.dom.data(el, "status") or ""))

    async def _copy(self, text: str, copied: str, status: str) -> None:
        """A Copy button's text to the clipboard, and a word under it that it is there (or
        that the browser refused, and the text is to be copied by hand)."""
        done = await self.dom.copy_text(text)
        words = copied if done else _("The browser did not allow copying: select the text "
                                      "and copy it by hand.")
        if status:
            self.dom.set_text(status, words)

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

    def switch_sound(self, on: bool) -> None:
        """The header's sound switch: remembered for the next visit; turned on, it clicks."""
        self.sound_on = on
        self.dom.storage_set(SOUND_KEY, "on" if on else "off")
        self.render()
        self.sound("place")

    def sound(self, name: str) -> None:
        """Play one of the table's sounds (public/sound.js) if the switch is on."""
        if self.sound_on:
            self.dom.play_sound(name)

    def set_speed(self, el: Any) -> None:
        self.table.set_speed(int(el.value))

    def start_ai(self) -> None:
        """Boot the AI worker in the background once the page is up and a game has AI seats
        (it takes seconds; the AI thinks on the main thread until then)."""
        if (self.booted and not self.example.active  # an example's rival never moves
                and any(self.table.setup.is_ai(s) for s in SEATS)):
            self.thinker.start()

    def reset_table(self, example: bool = False) -> None:
        """Forget everything about the game on the table but the table itself (before a new
        or loaded one is dealt); ``example``: the one dealt is a rule example's moment."""
        self.turns.reset()
        self.replays.replay = None
        self.shelf.storage_failed = False
        self.tour.active = False
        if not example:
            self.example.leave()
        for overlay in ("end", "dialog", "launch", "privacy", "report"):
            self.dom.show(overlay, False)
        self.dom.set_body("over", "0")
        self.dom.set_body("replay", "0")

    def new_game(self, setup: Setup, run: bool = True) -> None:
        self.reset_table()
        g = game.new_game(setup.seed, players=setup.players, ruleset=setup.ruleset,
                          pair=setup.pair)
        self.table.deal(setup, g, new_save_id(), default_title(setup),
                        [note(opening_line(g))])
        self.shelf.playing()
        self.hints.reset()
        self.start_ai()
        self.joining.leave()
        self.hosting.begin()
        self.render()
        if run:
            self.turns.start()
        else:
            self.table.hold(True)

    def load_game(self, loaded: Loaded, save_id: str, example: bool = False) -> None:
        """Put a validated saved game on the table, exactly where it was (``example``: a
        rule example's moment, :mod:`ui.links.example`)."""
        self.reset_table(example)
        self.table.deal(loaded.setup, loaded.game, save_id,
                        loaded.title or default_title(loaded.setup), narrate(loaded.game))
        if not example:  # an example's moment is never saved
            self.shelf.playing()
        self.hints.reset(loaded.hints)
        self.tour.resume(save_id)
        self.start_ai()
        self.joining.leave()
        self.hosting.begin()  # a hosted game continues: its guests rejoin by new invitations
        self.render()
        self.turns.start()

    def set_language(self, code: str, remember: bool = False) -> None:
        """Every word from now on in ``code``; what is on screen is drawn again in it (the
        log re-told from the game). ``remember``: the header's choice, kept for next time."""
        use(code)
        self.dom.set_language(language())
        if remember:
            self.dom.storage_set(LANGUAGE_KEY, language())
        self.dom.set_words({
            "#log > summary": ("", _("Mission log")),
            "#log .grow": ("title", _("Show the whole log (or less of it)")),
            '[data-testid="skip-launch"]': ("", _("Skip ▸▸")),
            '[data-testid="about"] > summary': ("", _("About this edition")),
            '[data-testid="boot"]': ("", about_text(*versions())),
            "#board-USA": ("aria-label", _("USA team board")),
            "#board-USSR": ("aria-label", _("USSR team board")),
            "#centre": ("aria-label", _("Shared board")),
            "#actions": ("aria-label", _("Actions")),
            "#tour": ("aria-label", _("Tutorial")),
        })
        if not self.booted:
            return
        if not self.replays.on and not self.joining.on:
            self.table.retell(narrate(self.table.g))
        self.render()
        dialog = self.table.dialog
        if dialog == "start":
            self.open_start()
        elif dialog == "new":
            self.newgame.draw()
        elif dialog == "saves":
            self.shelf.open()
        elif dialog == "online":
            self.hosting.draw()
        elif dialog == "join":
            self.joining.draw()
        if self.online:
            self.chat_changed()
        if self.table.g.is_over and self.dom.is_shown("end"):
            self.overlays.end()

    def open_start(self) -> None:
        """The start screen (:mod:`ui.screens.start`), over the table of a game not yet started."""
        self.table.open_dialog("start")
        self.dom.set_html("dialog", start_html(self.shelf.resumable(), self.start_level()))
        self.dom.show("dialog", True)
        self.turns.busy(False)
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
        if self.table.dialog == "saves" and self.shelf.to_start:
            self.open_start()  # back where Saved games was opened; no game starts behind it
            return
        if self.shelf.away:  # the game behind is another tab's now: it must not go on here
            self.shelf.tell_away()
            return
        self.table.close_dialog()
        self.dom.show("dialog", False)
        if self.table.waiting and not self.replays.on:
            self.table.hold(False)
            self.turns.start()  # the game behind the resume prompt starts now

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
            self.turns.recover()

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
            if self.table.seat is not None:
                self.turns.busy(False)
            self.render()
        except Exception:  # reporting must never raise in turn
            pass

    def notice(self, text: str) -> None:
        self.dom.set_html("banner", banner_html("warn", text))
        self.dom.show("banner", True)

    # ------------------------------------------------------------------ rendering

    def viewer(self) -> str | None:
        """The seat whose view the table shows: the acting seat of the player at the screen."""
        table = self.table
        if table.at_screen is None:
            return None
        return table.seat if table.seat in table.at_screen else table.at_screen[0]

    def focus_decision(self) -> None:
        """Keyboard focus on the first control of the decision at hand (none while a dialog
        or screen is up)."""
        if self.table.dialog or self.controls_seat() is None or self.dom.is_shown("privacy"):
            return
        self.dom.focus_first(BAR_CONTROLS)

    def bring_into_view(self, seat: str) -> None:
        """Scroll the part of the board the decision is about into view (no one has to)."""
        nation, role = split_seat(seat)
        pending = self.table.g.view(seat).nations[nation].pending
        part = f'[data-part="{role}"]'
        if pending and pending.what == "keep":
            part = ".pending"
        self.dom.scroll_into_view(f"#board-{nation} {part}")
        # then the things it may touch there, below the board's head (a tall part, as a
        # blueprint with its Modules, can leave its first row under the head)
        self.dom.reveal(f"board-{nation}", "[data-can]")
        self.dom.scroll_into_view("[data-hint]")  # the thing the Tutorial asks for, if any

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

    def open_drawer(self, name: str) -> None:
        self.table.open_drawer(name)
        self.render()
        if name == "log":  # taller or shorter, it shows its newest lines
            self.dom.scroll_to_end("log")

    def draw_log(self) -> None:
        """The log again, when it has new lines (or a line told anew): the newest in view."""
        log = self.table.log
        if self.log_drawn != (id(log), len(log)):
            self.log_drawn = (id(log), len(log))
            self.dom.set_html("log-list", log_html(log))
            self.dom.scroll_to_end("log")

    def render(self) -> None:
        table = self.table
        self.dom.set_class("dock", f"dock drawer-{table.drawer}" if table.drawer else "dock")
        self.dom.set_body("pace", str(table.setup.speed_ms))  # how long a rival's move moves
        self.dom.set_words({"#log .grow": ("aria-expanded", str(table.drawer == "log").lower())})
        if self.online != self.dom.is_shown("chat"):
            self.dom.show("chat", self.online)
            if self.online:
                self.chat_changed()
        if self.joining.on:  # a guest's game is the host's: its move count, no fingerprint
            self.dom.set_body("moves", str(self.joining.at))
        else:
            self.dom.set_body("moves", str(table.g.log_size))
            self.dom.set_body("state", game_fingerprint(table.g))
            self.dom.set_body("seed", str(table.g.seed))  # for tests: the screen never says it
        if self.replays.replay is not None:
            self.render_replay()
            return
        scene = self.scene()
        regions = scene_html(scene)
        for region in ("board-USA", "board-USSR", "centre", "actions"):
            self.dom.set_html(region, regions[region])
        self.dom.set_class("main", main_class(scene.view, table.tab))
        self.dom.set_html("top", top_html(self.header()))
        self.draw_log()
        guide = self.guide()
        tour = guide.panel_html()
        self.dom.set_html("tour", tour)
        self.dom.show("tour", bool(tour))
        self.dom.spot(guide.spot())
        popover = regions["pick"]
        self.dom.set_html("pick", popover)
        self.dom.show("pick", bool(popover))
        if popover:
            chosen = scene.pick.chosen[-1]
            self.dom.place_popover("pick", f'[data-sel][data-target="{e(chosen)}"]')

    def scene(self) -> Scene:
        """This frame of the table, from what the table is drawn from (the game on this
        screen, or a guest's picture) and what the person has half chosen."""
        table = self.table
        shown, viewer, seat = table.shown, self.viewer(), self.controls_seat()
        guide = self.guide()
        last = trail(table.g.log, table.at_screen, table.touched)  # the rival's last moves
        marks, ghost = Marks(trail=last), None
        pick = table.pick
        if seat is not None:
            hint = self.hints.current() or guide.pointer()
            hinted = hint.target(pick) if hint else ""
            marked = pick.marked()
            if guide.active and hinted:  # a guide marks its own step only
                marked &= {hinted, *pick.chosen[-1:]}
            marks = Marks(marked, pick.chosen[-1] if pick.chosen else "", hinted, last)
            ghost = pick.chosen_cell()
        bar = Bar(seat, table.actions, BarState(table.group, ghost),
                  self.hosting.waiting_for_players() or self.joining.waiting(), self.screens(),
                  self.turns.undo_state(), self.hints.thinking, not guide.active,
                  self.hints.current(), table.drawer == "moves")
        # its nation's odds on every Mission, in every phase: what only the rules work out
        return Scene(view=shown.view(viewer), choices=shown.choices(seat or viewer),
                     odds=shown.choices(viewer).odds, marks=marks, ghost=ghost, pick=pick,
                     bar=bar)

    def header(self) -> Header:
        viewer = self.viewer()
        table = self.table
        return Header(table.tab, table.setup.speed_ms, self.replays.on, self.replays.seat,
                      viewer, table.setup.display_name(viewer) if viewer else "",
                      self.hosting.on, self.joining.on, self.sound_on)

    def render_replay(self) -> None:
        desk = self.replays
        assert desk.replay is not None
        view = desk.replay.frames[desk.index].view(desk.seat)
        regions = scene_html(Scene(view=view, choices=NO_CHOICES, odds={}, marks=NO_MARKS,
                                   ghost=None, pick=NO_PICK, bar=NO_BAR))
        for region in ("board-USA", "board-USSR", "centre"):
            self.dom.set_html(region, regions[region])
        self.dom.set_class("main", main_class(view, self.table.tab))
        self.dom.set_html("top", top_html(self.header()))
        self.dom.set_html("log-list", log_html(desk.replay.story(desk.index)))
        self.log_drawn = None
        self.dom.set_html("actions", replay_bar_html(desk.replay, desk.index, desk.seat,
                                                     desk.seats))
        self.dom.show("pick", False)
