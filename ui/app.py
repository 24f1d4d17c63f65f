"""The running app: the composition root. It holds the table (:mod:`ui.model.table`), builds
the controllers (:mod:`ui.control`: the turn loop, input, saves, replays, overlays...) and the
links (:mod:`ui.links`), gives each the platform, the table and the roles it asks of the
others (:mod:`ui.model.roles`), and draws the table (:mod:`ui.markup`).

What stays here is what only the app can do: build and wire the parts, start the page, deal a
game (every part forgets the one before), the error net, and the render. It offers the parts
the roles :class:`~ui.model.roles.Screen`, :class:`~ui.model.roles.Tasks`,
:class:`~ui.model.roles.ErrorLog` and :class:`~ui.model.roles.Dealer`; one part asks another
through that part's own role, never through the app.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable, Coroutine
from typing import Any, ParamSpec

import game
from game import SEATS
from game.core.names import Seat
from game.rules.choices import NO_CHOICES
from game.rules.records import View
from game.rules.view import secrets_hidden

from .control.hints import Hints
from .control.inputs import Input
from .control.newgame import NewGame
from .control.overlays import Overlays
from .control.replaydesk import ReplayDesk
from .control.reportdesk import ReportDesk
from .control.sharedesk import ShareDesk
from .control.shelf import Shelf
from .control.sound import SoundSwitch
from .control.thinker import Thinker
from .control.tour import Tour
from .control.turns import Turns
from .links.embed import EmbedApi
from .links.example import ExampleDesk, find
from .links.hosting import Hosting
from .links.joining import Joining
from .links.peers import Online
from .loop.cycle import Cycle, Effect
from .loop.messages import (
    AskHint,
    CloseDialog,
    Handlers,
    Msg,
    OpenDrawer,
    ReadTable,
    SendChat,
    SetLanguage,
    SetSpeed,
    ToggleLog,
    ToggleMenu,
    on,
)
from .loop.notices import (
    Autosave,
    MoveMade,
    PeerEvent,
    PicturesOut,
    RelayEvent,
    SendMove,
    ShowStart,
)
from .markup.controls import BarState
from .markup.frame import NO_BAR, Bar, Header, top_html
from .markup.html import NO_MARKS, Marks, e
from .markup.logbook import log_html
from .markup.scene import Scene, main_class, scene_html
from .model.invite import code_in
from .model.match import Match
from .model.players import Setup, parse_query, query_param
from .model.replay import Travel, narrate, opening_line
from .model.saves import Loaded, default_title, new_save_id
from .model.table import OVERLAYS, Overlay, Table
from .model.targets import NO_PICK, trail
from .platform.port import Platform
from .screens.about import about_text, versions
from .screens.online import chat_html
from .screens.panels import banner_html, replay_bar_html, resume_html
from .words.i18n import LANGUAGES, _, choose, language, use
from .words.names import chat_sender, clock
from .words.narration import note

LANGUAGE_KEY = "moonshot.language"  # the language chosen in the header (localStorage)
THEMES = ("light", "dark")  # an embed's ``theme=`` (dark, the game's own, when none)
P = ParamSpec("P")
STAGES: dict[Overlay, str] = {"launch": "launch-stage"}  # an overlay drawn into a region of it
GUEST_TABLE = Setup(ai=dict.fromkeys(SEATS, False))  # behind a join panel: no computer seat


class App:
    """The composition root: it holds the table, builds the controllers and links and wires
    them (each given the browser, ``dom``, the table and the roles it asks of the others),
    deals games and draws the table."""

    def __init__(self, dom: Platform) -> None:
        self.dom = dom
        setup = Setup()
        # the table's state (ui.model.table): read by all, changed by its own methods
        # the game this screen holds (ui.model.match: a guest's holds none), and the table's
        # state (ui.model.table), drawn from the game's position: read by all, changed by
        # their own methods
        self.match = match = Match(game.new_game(setup.seed))
        self.table = table = Table(setup, match.position(), new_save_id())
        self.revision_drawn = -1  # the table's revision the page shows (ui.model.table)
        self.log_drawn: tuple[int, int] | None = None  # (id, length) of the log on screen
        self.chat_drawn: str | None = None  # the chat's markup on screen (None: hidden)
        # what the chat was drawn from: (this screen's part, the lines, where seats play, the
        # language)
        self.chat_from: tuple[object, ...] | None = None
        self.busy_drawn = "1"  # body[data-busy] as drawn (the page starts busy)
        self.clock_drawn: int | None = None  # the bar's countdown as drawn (None: none)
        # what is over the table as last drawn: (dialog, its markup, what a Copy button in it
        # said, overlays up); None before the first paint (the page may show the start
        # screen's preview in the dialog: public/boot.js)
        self.over_drawn: tuple[str, str, tuple[str, str] | None, dict[Overlay, str]] | None = None
        self.replay_drawn = ""  # body[data-replay] as drawn
        self.example_drawn: tuple[str, str] | None = None  # (body[data-example], language)
        self.tasks: set[asyncio.Future[None]] = set()
        self.error_text = ""
        self.booted = False
        self.cycle = Cycle(self.paint)  # one paint a message, then its effects
        # What the app offers the parts: the screen it draws (after_paint...), its tasks and
        # error net (spawn, report, error_text) and a fresh deal (new_game, load_game).
        screen = tasks = dealer = notices = self
        # Each part is given the parts it asks, built before it; it tells those built after
        # it through the notices (ui.loop.notices): nothing is handed over once built.
        self.thinker = Thinker(dom)  # computer players, hints and the report, in slices
        self.sounds = SoundSwitch(dom, table)
        self.hints = Hints(dom, table, screen, tasks, self.thinker, notices)
        self.overlays = Overlays(dom, table, screen, self.sounds)
        self.shelf = Shelf(dom, table, match, screen, tasks, dealer, self.overlays, errors=self)
        self.turns = Turns(dom, table, match, screen, tasks, self.guide, self.thinker,
                           self.sounds, self.overlays, self.shelf, notices)
        self.report_desk = ReportDesk(dom, table, match, screen, tasks, self.overlays, self.thinker)
        self.replays = ReplayDesk(dom, table, match, screen, self.turns, self.overlays,
                                  self.shelf, self.report_desk, tasks, notices)
        # an online game's transport, its host (the referee and invitations) and its guest
        # (the host's pictures)
        self.online = Online(dom, table, screen, tasks, notices)
        self.hosting = Hosting(dom, table, match, screen, tasks, self.turns, self.overlays,
                               self.online)
        self.joining = Joining(dom, table, match, screen, tasks, self.turns, self.overlays,
                               self.sounds, self.online)
        self.newgame = NewGame(dom, table, screen, dealer, self.overlays, self.shelf,
                               self.replays, self.hosting)
        self.tour = Tour(dom, table, match, screen, dealer, self.turns, self.overlays, self.newgame)
        self.sharing = ShareDesk(dom, table, match, screen, self.replays, self.overlays,
                                 self.table_taken, self.report_desk.open, self.newgame.open_start)
        self.embed_api = EmbedApi(dom, table, tasks, dealer, notices)  # the embedding page
        self.example = ExampleDesk(dom, table, screen, dealer, self.embed_api)  # a rule example
        self.registry = self.handlers()
        self.input = Input(dom, table, screen, self.report_desk, self.registry, self.cycle)

    def handlers(self) -> Handlers:
        """Each message's one handler: the controllers' and the app's."""
        own = [
            on(CloseDialog, lambda _m: self.close_dialog()),
            on(SetSpeed, lambda m: self.table.set_speed(m.ms)),
            on(OpenDrawer, lambda m: self.open_drawer(m.name)),
            on(ToggleMenu, lambda _m: self.toggle_menu()),
            on(ToggleLog, lambda _m: self.dom.toggle_log()),
            on(SetLanguage, lambda m: self.set_language(m.code, remember=True)),
            # a guide's own text leads the way: no hints while the Tutorial or an example runs
            on(AskHint, lambda _m: None if self.guide().active else self.hints.ask()),
            on(ReadTable, lambda _m: self.hints.read_table()),
            # what the parts tell the parts built after them (ui.loop.notices)
            on(MoveMade, lambda m: self.embed_api.moved(m.seat, list(m.events))),
            on(PicturesOut, lambda m: self.hosting.moved(list(m.events)) if m.events
               else self.hosting.broadcast()),
            on(SendMove, lambda m: self.joining.act(m.seat, m.action)),
            on(PeerEvent, self.peer_event),
            on(RelayEvent, self.relay_event),
            on(SendChat, lambda m: self.send_chat(m.text)),
            on(Autosave, lambda _m: self.shelf.autosave()),
            on(ShowStart, lambda _m: self.newgame.open_start()),
        ]
        return Handlers(self.shelf.handlers(), self.replays.handlers(),
                        self.report_desk.handlers(), self.overlays.handlers(),
                        self.sharing.handlers(), self.tour.handlers(), self.example.handlers(),
                        self.newgame.handlers(), self.hosting.handlers(), self.turns.handlers(),
                        self.sounds.handlers(), self.online.handlers(), own)

    # ------------------------------------------------------------------ lifecycle

    def start(self) -> None:
        """Start the page: one message, painted when the first game (or what the address
        asks for) is on the table."""
        with self.cycle.message():
            self.boot()

    def boot(self) -> None:
        self.shelf.start()
        self.listen()
        self.sounds.start()
        query = self.dom.query_string()
        self.first_words(query)
        if self.dom.narrow_screen():
            self.dom.close_details("log")  # phones: boards and the action bar get the room
        if self.join_invitation():  # the page was opened by an online game's invitation link
            self.ready()
            return
        asked_example = find(query_param(query, "example")) if self.dom.embedded() else None
        if asked_example is not None:  # a rule example instead of a game
            self.embed_api.listen()
            self.example.show(asked_example)
            self.ready()
            return
        self.first_game(query)
        self.ready()
        self.embed_api.start()
        self.sharing.open_link()  # a shared game's link: its replay on top

    def listen(self) -> None:
        """The page's events, each through the error net."""
        self.dom.on("click", self.as_input(self.input.on_click))
        self.dom.on("change", self.as_input(self.input.on_change))
        self.dom.on("keydown", self.as_input(self.input.on_key))
        self.dom.on("submit", self.as_input(self.dom.prevent_default))
        # an invitation link opened in this tab while the app runs: join that game
        # (or a shared game's link: its replay)
        self.dom.on_hash_change(self.as_input(
            lambda _event: self.join_invitation() or self.sharing.open_link()))
        # a phone turned or a window resized: the table refolds, and the decision at hand
        # is brought back into view (scrolled where it was, it may now be off screen)
        self.dom.on_resize(self.as_input(self.turns.window_resized))

    def first_words(self, query: str) -> None:
        """The language (an embed's asked one, else the one chosen before, else the
        browser's) and an embed's theme."""
        asked_lang = query_param(query, "lang") if self.dom.embedded() else ""
        chosen = asked_lang if asked_lang in LANGUAGES else self.dom.storage_get(LANGUAGE_KEY) or ""
        self.set_language(chosen if chosen in LANGUAGES else choose(self.dom.browser_languages()))
        theme = query_param(query, "theme")
        if self.dom.embedded() and theme in THEMES:  # the host page's light or dark
            self.dom.set_body("theme", theme)

    def first_game(self, query: str) -> None:
        """The game the address asks for, else the start screen over a table; a game saved
        on this browser offered to resume."""
        asked = parse_query(query)
        offer = self.shelf.resumable()
        if asked is None and not self.dom.embedded():
            self.new_game(Setup(), run=False)  # the table behind the start screen
            self.newgame.open_start()
        else:
            self.new_game(asked or Setup(), run=offer is None)
        if offer is not None and self.table.dialog != "start":
            self.table.open_dialog("resume", resume_html(offer))
            self.table.set_busy(False)
            self.after_paint(lambda: self.dom.focus_first('[data-testid="resume-continue"]'))

    def ready(self) -> None:
        """The page is up (the tests and the boot screen wait for this)."""
        self.dom.set_body("ready", "1")
        self.booted = True

    def join_invitation(self) -> bool:
        """Answer the invitation in the address's fragment, if there is one (True then)."""
        invitation = code_in(self.dom.location_hash())
        if invitation is None:
            return False
        self.dom.clear_hash()  # used once: a reload must not answer it again
        self.new_game(GUEST_TABLE.copy(), run=False)  # the table behind the join panel
        self.joining.begin(invitation)
        return True

    def table_taken(self) -> bool:
        """Whether the table holds what a shared game's replay must not interrupt: an online
        game (a guest has no replay at all), the Tutorial or a rule example."""
        return bool(self.table.link) or self.guide().active

    def guide(self) -> Tour | ExampleDesk:
        """The guide of play on now: a rule example when one is shown, else the Tutorial
        (which lets everything be when it does not run)."""
        return self.example if self.table.guide.kind == "example" else self.tour

    # ------------------------------------------------------------------ a deal

    def reset_table(self, example: bool = False) -> None:
        """Forget everything about the game on the table but the table itself (before a new
        or loaded one is dealt); ``example``: the one dealt is a rule example's moment."""
        self.turns.reset()
        self.replays.drop()
        self.tour.off()
        if not example:
            self.example.leave()
        for overlay in ("end", "privacy", "report", "launch"):  # (the deal's render: away)
            self.table.take_down(overlay)
        self.dom.probe("over", "0")

    def new_game(self, setup: Setup, run: bool = True) -> None:
        self.reset_table()
        g = game.new_game(setup.seed, players=setup.players, ruleset=setup.ruleset,
                          pair=setup.pair)
        self.match.take(g)
        self.table.deal(setup, self.match.position(), new_save_id(), default_title(setup),
                        [note(opening_line(g))])
        self.shelf.playing()
        self.hints.reset()
        self.joining.leave()
        self.hosting.begin()
        if run:
            self.turns.start()
        else:
            self.table.hold_behind_dialog(True)

    def load_game(self, loaded: Loaded, save_id: str, example: bool = False) -> None:
        """Put a validated saved game on the table, exactly where it was (``example``: a
        rule example's moment, :mod:`ui.links.example`, never saved)."""
        self.reset_table(example)
        self.match.take(loaded.game)
        self.table.deal(loaded.setup, self.match.position(), save_id,
                        loaded.title or default_title(loaded.setup), narrate(loaded.game))
        self.shelf.playing(keep=not example)
        self.hints.reset(loaded.hints)
        self.tour.resume(save_id)
        self.joining.leave()
        self.hosting.begin()  # a hosted game continues: its guests rejoin by new invitations
        self.turns.start()

    # ------------------------------------------------------------------ what several parts show

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
        })
        if not self.booted:
            return
        self.table.speak(language())  # everything drawn again in it
        if not self.table.replaying and self.table.link != "guest":
            self.table.retell(narrate(self.match.game))
        redraw = {"start": self.newgame.open_start, "new": self.newgame.draw,
                  "saves": self.shelf.open, "online": self.hosting.draw,
                  "join": self.joining.draw}.get(self.table.dialog or "")
        if redraw is not None:  # the dialog up, in the new words
            redraw()
        if self.table.position.public.over and "end" in self.table.up:
            self.overlays.end()

    def close_dialog(self) -> None:
        if self.table.dialog == "saves" and self.shelf.to_start:
            self.newgame.open_start()  # back where Saved games was opened; no game behind it
            return
        if self.shelf.away:  # the game behind is another tab's now: it must not go on here
            self.shelf.tell_away()
            return
        self.table.close_dialog()
        if self.table.held and not self.table.replaying:
            self.table.hold_behind_dialog(False)
            self.turns.start()  # the game behind the resume prompt starts now

    def show_end(self) -> None:
        if self.table.guide.kind == "example":  # an example's panel tells how its game ended
            self.table.set_busy(False)
            self.dom.probe("over", "1")
        else:
            self.overlays.end()
        public = self.table.position.public
        self.embed_api.over(public.winner or "", public.end_reason or "")

    # ------------------------------------------------------------------ an online game's side

    def side(self) -> Hosting | Joining | None:
        """The side of an online game this screen plays, if one."""
        link = self.table.link
        return self.hosting if link == "host" else self.joining if link == "guest" else None

    def peer_event(self, event: PeerEvent) -> None:
        """An event of the transport, for the side this screen plays now."""
        side = self.side()
        if side is not None:
            side.on_peer(event.ident, event.kind, event.text)

    def relay_event(self, event: RelayEvent) -> None:
        """An event of the signaling relays, for the side this screen plays now."""
        side = self.side()
        if side is not None:
            side.on_relay(event.room, event.kind, event.text)

    def send_chat(self, text: str) -> None:
        side = self.side()
        if side is None or not text.strip():
            return
        side.say(text)
        self.dom.set_value('#chat input[name="chat"]', "")

    # ------------------------------------------------------------------ tasks and errors

    def post(self, msg: Msg) -> None:
        """Carry out what a part tells a part built after it, painted once as an input is
        (an error raises to the part that told it, as a call would)."""
        with self.cycle.message():
            self.registry.handle(msg)

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(self.guard(coro))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def guard(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run a coroutine of the app, each of its steps a message (painted when done); an
        error becomes a banner and the turn loop restarts."""
        try:
            await self.cycle.stepwise(coro)
        except Exception as exc:
            self.report(exc)
            with self.cycle.message():
                self.turns.recover()

    def as_input(self, handler: Callable[P, object]) -> Callable[P, None]:
        """``handler`` as one of the page's inputs: what it changes is painted once when it
        returns (then the effects that wait for the paint), and an exception never reaches
        the page: it becomes a banner (what ``handler`` returns is not used)."""
        def wrapped(*args: P.args, **kwargs: P.kwargs) -> None:
            try:
                with self.cycle.message():
                    handler(*args, **kwargs)
            except Exception as exc:
                self.report(exc)
        return wrapped

    def report(self, exc: BaseException) -> None:
        """Show a readable banner (never a traceback); keep the details for a bug report."""
        self.error_text = "".join(traceback.format_exception(exc))
        try:
            self.dom.console_warn("Moonshot UI error (reported in the page):\n" + self.error_text)
            summary = f"{type(exc).__name__}: {exc}"[:300]
            with self.cycle.message():  # (painted: the banner, and whatever the error left)
                self.table.put_up("banner", banner_html("error", summary))
                self.table.take_down("launch")
                if self.table.seat is not None:
                    self.table.set_busy(False)
        except Exception:  # reporting must never raise in turn
            pass

    # ------------------------------------------------------------------ rendering

    def toggle_menu(self) -> None:
        self.table.toggle_menu()
        if self.table.menu:
            self.dom.focus_first("#tools button")

    def open_drawer(self, name: str) -> None:
        self.table.open_drawer(name)
        if name == "log":  # taller or shorter, it shows its newest lines
            self.after_paint(lambda: self.dom.scroll_to_end("log"))

    def viewer(self) -> Seat | None:
        """The seat whose view the table shows: the acting seat of the player at the screen."""
        table = self.table
        if not table.at_screen:  # (a watcher's screen plays no seat: the public view)
            return None
        return table.seat if table.seat in table.at_screen else table.at_screen[0]

    def draw_log(self) -> None:
        """The log again, when it has new lines (or a line told anew): the newest in view
        (a replay's story is drawn with its step)."""
        log = self.table.log
        if self.table.travel is None and self.log_drawn != (id(log), len(log)):
            self.log_drawn = (id(log), len(log))
            self.dom.set_html("log-list", log_html(log))
            self.dom.scroll_to_end("log")

    def draw_busy(self) -> None:
        busy = "1" if self.table.busy else "0"
        if busy != self.busy_drawn:
            self.busy_drawn = busy
            self.dom.set_body("busy", busy)

    def draw_clock(self) -> None:
        """The bar's discussion countdown, when its seconds changed (the bar drawn with the
        table shows the seconds of its paint)."""
        left = self.turns.clock_now()
        if left != self.clock_drawn and left is not None:
            self.dom.set_text("countdown", clock(left))
        self.clock_drawn = left

    def draw_chat(self) -> None:
        """The chat of an online game (shown only then), when its lines changed."""
        table = self.table
        # (each replaced when it changes; the names are said in the language)
        source = (table.link, table.chat, table.screens, table.language, table.at_screen)
        if source == self.chat_from:
            return  # (no markup made again for every message)
        self.chat_from = source
        markup = None
        if table.link:
            markup = chat_html([(chat_sender(who, table.screens), text)
                                for who, text in table.chat],
                               read_only=table.link == "guest" and not table.at_screen)
        if markup == self.chat_drawn:
            return
        if (markup is None) != (self.chat_drawn is None):  # (the page starts with it hidden)
            self.dom.show("chat", markup is not None)
        self.chat_drawn = markup
        if markup is not None:
            self.dom.set_html("chat", markup)

    def after_paint(self, effect: Effect) -> None:
        self.cycle.after_paint(effect)

    def hold(self) -> Callable[[], None]:
        return self.cycle.hold()

    def paint(self) -> bool:
        """The page drawn from the table (the one place that draws it, after every message):
        what is over the table, the log, the chat and the countdown, each compared with what
        is drawn; and the table when it changed since it was drawn (True then)."""
        table = self.table
        self.draw_overlays()
        whole = table.revision != self.revision_drawn
        if whole:
            self.revision_drawn = table.revision
            self.draw_table()
        self.draw_log()
        self.draw_chat()
        if table.deadline:  # (a countdown moves only while one runs: no view worked out else)
            self.draw_clock()
        self.draw_example()
        return whole

    def draw_example(self) -> None:
        """Whether a rule example is on the table (the page's look for it), and what its
        panel's place is called."""
        guide = self.table.guide
        shown = guide.example.show if guide.kind == "example" and guide.example else ""
        if (shown, self.table.language) != self.example_drawn:
            self.example_drawn = (shown, self.table.language)
            self.dom.set_body("example", shown)
            self.dom.set_words({"#tour": ("aria-label", _("Rule example") if shown
                                          else _("Tutorial"))})

    def draw_table(self) -> None:
        table = self.table
        self.dom.set_class("dock", f"dock drawer-{table.drawer}" if table.drawer else "dock")
        self.dom.set_body("pace", str(table.setup.speed_ms))  # how long a rival's move moves
        self.dom.set_words({"#log .grow": ("aria-expanded", str(table.drawer == "log").lower())})
        if table.link == "guest":  # a guest's game is the host's: its move count, no fingerprint
            self.dom.set_body("moves", str(table.host_moves))
        else:
            position = table.position
            self.dom.set_body("moves", str(position.moves))
            self.dom.set_body("state", position.fingerprint)
            self.dom.set_body("seed", str(position.seed))  # for tests: the screen never says it
        replaying = "0" if table.travel is None else "1"
        if replaying != self.replay_drawn:
            self.replay_drawn = replaying
            self.dom.set_body("replay", replaying)
        if table.travel is not None:
            self.render_replay(table.travel)
            return
        scene = self.scene()
        regions = scene_html(scene)
        self.clock_drawn = scene.bar.clock  # (the countdown is drawn with its seconds now)
        for region in ("board-USA", "board-USSR", "centre", "actions"):
            self.dom.set_html(region, regions[region])
        self.dom.set_class("main", main_class(scene.view, table.tab))
        self.dom.set_html("top", top_html(self.header(scene.view, scene.choices.odds)))
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
        shown, viewer, seat = table.position, self.viewer(), self.table.controls_seat()
        guide = self.guide()
        last = trail(table.position.last, table.at_screen, table.touched)  # the rival's last moves
        marks, ghost = Marks(trail=last), None
        pick = table.pick
        if seat is not None:
            marks, ghost = self.marks(last), pick.chosen_cell()
        gated = self.turns.gated()
        if gated:  # nothing to touch until the player's secrets show
            marks, ghost, pick = Marks(trail=last), None, NO_PICK
        bar = Bar(seat, table.actions, BarState(table.group, ghost),
                  table.waiting, table.screens,
                  self.turns.undo_state(), table.hinting, not guide.active,
                  table.current_hint(), table.drawer == "moves",
                  table.setup.display_name(seat) if gated and seat else "",
                  self.turns.discussion_now(), self.turns.clock_now())
        view = shown.view(viewer)
        if viewer is not None and self.turns.hides_secrets(viewer):
            view = secrets_hidden(view, shown.view(None))
        # the viewer's odds on every Mission, in every phase (the controls' seat, if any, is
        # the viewer): what only the rules work out
        return Scene(view=view, choices=shown.choices(viewer), marks=marks, pick=pick, bar=bar)

    def marks(self, last: set[str]) -> Marks:
        """What the board marks for the person acting: what they may touch, what they chose,
        the hint's or the guide's thing, and the rival's last moves."""
        table, guide = self.table, self.guide()
        pick = table.pick
        hint = table.current_hint() or guide.pointer()
        hinted = hint.target(pick) if hint else ""
        marked = pick.marked()
        if guide.active and hinted:  # a guide marks its own step only
            marked &= {hinted, *pick.chosen[-1:]}
        return Marks(marked, pick.chosen[-1] if pick.chosen else "", hinted, last)

    def header(self, view: View | None = None, odds: dict[str, float] | None = None
               ) -> Header:
        """The header; ``view`` (and the viewer's ``odds``): the table's, for what a phone's
        tabs say of each board."""
        viewer = self.viewer()
        table = self.table
        travel = table.travel
        return Header(table.tab, table.setup.speed_ms, travel is not None,
                      None if travel is None else travel.seat,
                      viewer, table.setup.display_name(viewer) if viewer else "",
                      table.link == "host", table.link == "guest", table.sound, table.menu,
                      view, odds)

    def draw_overlays(self) -> None:
        """The dialog the table holds up, and its overlays; the others hidden (only those
        that changed: each one shown or hidden makes the page behind it inert again); and
        whether the screen waits for the turn loop."""
        table = self.table
        self.draw_busy()
        now = (table.dialog, table.dialog_markup, table.copied, table.up)
        was, self.over_drawn = self.over_drawn, now
        if now == was:
            return
        first, before = was is None, was or ("", "", None, {})
        self.dom.set_html("dialog", table.dialog_markup)  # (the page skips the same markup)
        if table.copied is not None:  # said under its button, in the markup as drawn
            self.dom.set_text(*table.copied)
        if first or bool(table.dialog) != bool(before[0]):
            self.dom.show("dialog", bool(table.dialog))
        for name in OVERLAYS:
            self.dom.set_html(STAGES.get(name, name), table.up.get(name, ""))
            if first or (name in table.up) != (name in before[3]):
                self.dom.show(name, name in table.up)
        if first or ("launch" in table.up) != ("launch" in before[3]):  # the Tutorial waits
            self.dom.set_body("show", "1" if "launch" in table.up else "0")

    def render_replay(self, travel: Travel) -> None:
        view = travel.view
        regions = scene_html(Scene(view=view, choices=NO_CHOICES, marks=NO_MARKS, pick=NO_PICK,
                                   bar=NO_BAR))
        for region in ("board-USA", "board-USSR", "centre"):
            self.dom.set_html(region, regions[region])
        self.dom.set_class("main", main_class(view, self.table.tab))
        self.dom.set_html("top", top_html(self.header(view)))
        self.dom.set_html("log-list", log_html(travel.replay.story(travel.index)))
        self.log_drawn = None
        self.dom.set_html("actions", replay_bar_html(travel.replay, travel.index, travel.seat,
                                                     travel.seats, bool(travel.playing),
                                                     travel.chosen))
        self.dom.show("pick", False)
