"""The turn loop: whose turn it is, the computer players' moves, a person's move, Undo and
Redo, the discussion's countdowns, and the one place the loop is stopped and started.

A stretch of play is numbered (``Table.turn``): whatever began in an earlier stretch (the
loop itself, a move on its way, an AI's thinking, a confirmation) is void once
``Table.stop_play`` has been called. The page's ``data-busy`` flag says whether this screen
waits for the loop (``1``) or for a person (``0``); the loop alone sets it while it runs.

What the links and the embedding page must hear of a move is posted to them
(:mod:`ui.loop.notices`): they are built after the turn loop, and ask it in turn.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable, Coroutine
from functools import partial
from typing import Any

import game
from game import NATIONS, SEATS
from game.core import actions as A
from game.core.actions import Action
from game.core.events import Event
from game.core.names import NationId, Seat
from game.rules.terms import nation_of, split_seat
from game.rules.view import secret_choice

from ..loop.messages import (
    Act,
    CancelChoice,
    ClaimScreen,
    Confirm,
    EndDiscussion,
    Handle,
    Msg,
    OpenGroup,
    PressBarControl,
    Redo,
    ShowMine,
    ShowTab,
    Tab,
    Touch,
    Undo,
    on,
)
from ..loop.notices import MoveMade, PicturesOut, SendMove
from ..markup.controls import BAR_CONTROLS
from ..model.marks import marks_of
from ..model.match import Match
from ..model.players import choose_seat
from ..model.replay import narrate
from ..model.roles import Minds, Notices, Overlays, Saving, Screen, Script, Sounds, Tasks
from ..model.table import Table
from ..model.undo import player_undo
from ..platform.port import Platform
from ..words.i18n import _
from ..words.names import ai_name, content
from ..words.narration import Launch, launch_sequences, lines
from ..words.warn import warning_text

MAX_LOOP_RESTARTS = 3  # an error restarts the loop this many times in a row, then it rests


class Turns:
    """Offers :class:`ui.model.roles.TurnLoop`."""

    def __init__(self, dom: Platform, table: Table, match: Match, screen: Screen, tasks: Tasks,
                 guide: Callable[[], Script], minds: Minds, sounds: Sounds,
                 overlays: Overlays, saving: Saving, notices: Notices) -> None:
        self.dom = dom
        self.table = table
        self.match = match  # the game this screen holds: the loop plays it (a guest's: none)
        self.screen = screen
        self.tasks = tasks
        self.guide = guide  # the guide on now (the Tutorial when none runs: it lets all be)
        self.minds = minds
        self.sounds = sounds
        self.overlays = overlays
        self.saving = saving
        self.notices = notices  # (the links and the embedding page hear of moves this way)
        self.restarts = 0  # restarts after an error since the last good move
        # (stretch of play, action index) waiting for a confirmation: a move that lands
        # meanwhile (an online guest's) makes it void
        self.confirming: tuple[int, int] | None = None

    def handlers(self) -> list[tuple[type[Msg], Handle]]:
        return [on(Undo, lambda _m: self.undo()), on(Redo, lambda _m: self.redo()),
                on(ClaimScreen, lambda _m: self.claim_screen()),
                on(ShowMine, lambda _m: self.show_mine()),
                on(EndDiscussion, lambda m: self.end_discussion([m.nation])),
                on(Act, lambda m: self.try_act(m.index)), on(Touch, lambda m: self.touch(m.target)),
                on(OpenGroup, lambda m: self.open_group(m.group)),
                on(ShowTab, lambda m: self.show_tab(m.tab)),
                on(CancelChoice, lambda _m: self.cancel_choice()),
                on(PressBarControl, lambda m: self.dom.click_nth(BAR_CONTROLS, m.number - 1)),
                on(Confirm, lambda m: self.answer(m.yes))]

    def cancel_choice(self) -> None:
        """A half-made choice let go: the decision as it came."""
        self.table.cancel_choice()
        self.focus_decision()

    def open_group(self, group: str) -> None:
        """The bar lists the controls of ``group`` (and what they touch comes into view)."""
        self.table.open_group(group)
        if self.table.seat is not None:
            self.bring_into_view(self.table.seat)
        self.screen.after_paint(lambda: self.dom.focus_first(BAR_CONTROLS))

    def show_tab(self, tab: Tab) -> None:
        self.table.show_tab(tab)

    # ------------------------------------------------------------------ stop and start

    def start(self) -> None:
        """Play on from the position on the table."""
        self.tasks.spawn(self.run())

    def reset(self) -> None:
        """A new game on the table: the loop stopped, no countdown, no error remembered."""
        self.table.stop_play()
        self.table.time_discussion({})
        self.restarts = 0
        self.confirming = None

    def recover(self) -> None:
        """An error ended the loop: start it again, a few times in a row at most."""
        if self.restarts < MAX_LOOP_RESTARTS and not self.table.replaying:
            self.restarts += 1
            self.table.stop_play()
            self.table.nobody_acts()
            self.start()

    def busy(self, waiting: bool) -> None:
        """The screen waits for the loop (True) or for a person (False): ``data-busy``."""
        self.table.set_busy(waiting)

    def _rest(self) -> None:
        """Nobody acts on this screen until something comes in: drawn, and not busy."""
        self.table.nobody_acts()
        self.busy(False)

    # ------------------------------------------------------------------ the loop

    def run(self) -> Coroutine[Any, Any, None]:
        """The loop from the position on the table: it advances AI seats (paced) until a
        person must act or the game ends. It belongs to the turn of now, taken here and not
        when it first runs: a stop before it starts ends it (a burst of new games spawned
        several, and two of them played the same game at once)."""
        return self._loop(self.table.turn)

    async def _loop(self, turn: int) -> None:
        while turn == self.table.turn and not self.table.replaying and self.table.link != "guest":
            g = self.match.game
            if self._paused(g):
                return
            seat = self._next_seat(g)
            if seat is None:
                return
            setup = self.table.setup
            if setup.is_remote(seat):  # played on a guest's screen: its move comes in
                self._rest()
                return
            if not setup.is_ai(seat):
                self._person_decides(g, seat)
                return
            if not await self._computer_plays(turn, g, seat):
                return

    def _paused(self, g: game.Game) -> bool:
        """Whether the turns stop here: the game over, friends still joining, every team
        talking at one screen, or a guide's step that waits."""
        if g.is_over:
            self.table.nobody_acts()
            self.screen.show_end()  # (drawn with the end over it)
            return True
        if self.table.waiting:  # starts when every friend has joined
            self._rest()
            return True
        if self._talking(g):
            return True
        guide = self.guide()
        if guide.waits():  # a Tutorial's info step (until Next), an example played
            self.table.show_tab(guide.tab("") or self.table.tab)  # a phone shows it
            self._rest()
            return True
        return False

    def _talking(self, g: game.Game) -> bool:
        """The strategic discussion's clocks; True when every team talks at this screen at
        once (the loop waits for them)."""
        if g.phase != "discussion":
            self.table.time_discussion({})  # each round's discussion has its own two minutes
        elif self.table.link == "host":  # online, each nation talks on its own screens at once
            for acting in g.to_act():
                self.start_countdown(acting)
        elif self.talking_here():  # at one screen: every team talks at once
            self.discuss_together()
            return True
        return False

    def _next_seat(self, g: game.Game) -> Seat | None:
        """The seat that acts next here: the guide's, else the next in turn; a computer
        team talks first; a seat of this screen before one a guest plays."""
        setup, to_act = self.table.setup, g.to_act()
        seat = self.guide().seat(to_act) or choose_seat(to_act, self.table.last_seat,
                                                        g.view(None))
        if g.phase == "discussion" and self.table.link != "host":  # a computer team's talk
            seat = next((s for s in to_act if setup.is_ai(s)), seat)
        if seat is not None and setup.is_remote(seat):
            here = [s for s in to_act if not setup.is_remote(s)]
            seat = here[0] if here else seat  # this screen's seat need not wait
        return seat

    async def _computer_plays(self, turn: int, g: game.Game, seat: Seat) -> bool:
        """A computer seat's move (or the guide's scripted one), paced by the speed setting;
        False when the turns moved on meanwhile (the loop ends)."""
        self.table.nobody_acts()
        self.busy(True)
        await asyncio.sleep(0)  # let the page paint before the AI thinks
        started = time.perf_counter()
        scripted = self.guide().scripted(seat)
        action, level = ((scripted, "tutorial") if scripted is not None
                         else await self.ai_move(g, seat, turn))
        if action is None or turn != self.table.turn:
            return False
        # The speed setting paces AI turns; thinking time counts toward it.
        waited = time.perf_counter() - started
        await asyncio.sleep(max(0.0, self.table.setup.speed_ms / 1000 - waited))
        if turn != self.table.turn:
            return False
        await self.perform(seat, action, note="" if scripted is not None else ai_name(level))
        self.restarts = 0
        return True

    def _person_decides(self, g: game.Game, seat: Seat) -> None:
        """A person's decision put on the table (behind the privacy screen when it is handed
        over), in view and with the focus."""
        table = self.table
        table.decide(seat, g.legal_actions(seat), g.view(seat))
        if self._handed_over(seat):
            return
        table.sit(table.setup.player_of(seat))
        guide = self.guide()
        table.front(seat, guide.tab(guide.target()))
        if g.phase == "discussion":
            self.start_countdown(seat)
        self.bring_into_view(seat)
        self.focus_decision()
        self.busy(False)

    def _handed_over(self, seat: Seat) -> bool:
        """At a shared screen, a research draw's two tiles are the decision itself: when the
        other nation's player had the screen, it is handed over (True)."""
        table = self.table
        if not (self.shared_screen() and secret_choice(table.actions) == "research"
                and table.revealed != nation_of(seat)):
            return False
        if table.at_screen and nation_of(table.at_screen[0]) == nation_of(seat):
            return False
        table.sit(None)
        self.overlays.privacy(seat)
        self.busy(False)
        return True

    async def ai_move(self, g: game.Game, seat: Seat, turn: int) -> tuple[Action | None, str]:
        """The AI's action for ``seat``: it sees only that seat's view and legal actions.
        Seeded by the game's seed and move number, so a continued game plays on the same.
        None once play has stopped meanwhile (``turn``, :meth:`Table.stop_play`): its search
        stops then too."""
        level = self.table.setup.level(seat)
        seed = (g.seed * 1_000_003 + g.log_size) % 2**31
        action = await self.minds.choose(g.view(seat), g.legal_actions(seat), level, seed,
                                         wanted=lambda: turn == self.table.turn)
        return action, level

    async def perform(self, seat: Seat, action: Action, redo: bool = False,
                      note: str = "") -> None:
        release = self.screen.hold()  # on disk before it is drawn
        try:
            self.table.nobody_acts()
            # (an online game has no undo: its guests' moves are applied by the referee)
            events = self.match.apply(seat, action, traced=self.table.link != "host")
            if self.table.link == "host":
                self.notices.post(PicturesOut(tuple(events)))
            shows = self.after_move(seat, events, note, redo)
            self.guide().played()  # after the move is told (an example's page hears it first)
            await self.saving.kept()
        finally:
            release()
        if shows:
            await self.overlays.launches(shows)

    def after_move(self, seat: Seat, events: list[Event], note: str = "",
                   redo: bool = False) -> list[Launch]:
        """After any move (this screen's or a guest's): tell it, save it; returns the launch
        shows it brings."""
        table, position = self.table, self.match.position()
        table.moved(seat, position, lines(events, position.public.test_bonus, note), redo,
                    marks_of(events))
        self.saving.autosave()
        self.notices.post(MoveMade(seat, tuple(events)))
        shows = launch_sequences(events)
        if not shows:  # a launch sounds in its show
            self.sounds.play("place")
        return shows

    def remote_moved(self, events: list[Event]) -> None:
        """A guest's move, applied by the referee (:mod:`ui.links.hosting`): told and saved
        like any move, then on from the new position (what this screen was deciding is asked
        again)."""
        table = self.table
        release = self.screen.hold()  # on disk before it is drawn
        try:
            table.stop_play()
            table.nobody_acts()
            shows = self.after_move(self.match.game.log[-1][0], events)
        except BaseException:
            release()
            raise
        turn = self.table.turn

        async def go() -> None:
            try:
                await self.saving.kept()
            finally:
                release()
            if shows:
                await self.overlays.launches(shows)
            if turn == self.table.turn:
                await self.run()

        self.tasks.spawn(go())

    # ------------------------------------------------------------------ a person's move

    def shared_screen(self) -> bool:
        """Whether people of both nations share this screen (their secrets then show only
        when asked for, or past a hand-off screen)."""
        # (a guest: its own seats only)
        return self.table.link != "guest" and len(self.nations_here()) > 1

    def nations_here(self) -> set[NationId]:
        """The nations with a person at this screen."""
        return {nation_of(player[0]) for player in self.table.setup.humans()}

    def hides_secrets(self, seat: Seat) -> bool:
        """Whether the screen leaves out the secrets of ``seat``'s nation (the seat whose
        view it shows)."""
        return self.shared_screen() and self.table.revealed != nation_of(seat)

    def gated(self) -> bool:
        """The decision at hand needs its nation's secrets (a hand card to play, a token
        kind to place, a Research draw to keep from) and the shared screen does not show
        them yet: only the touch that shows them is offered."""
        seat = self.table.controls_seat()
        return (seat is not None and self.hides_secrets(seat)
                and secret_choice(self.table.actions) != "")

    def show_mine(self) -> None:
        """The player at the screen asks for their nation's secrets (the others look away)."""
        seat = self.table.controls_seat()
        if seat is None:
            return
        self.table.reveal(nation_of(seat))
        self.focus_decision()

    def focus_decision(self) -> None:
        """Keyboard focus on the first control of the decision at hand (none while a dialog
        or screen is up)."""
        if self.table.dialog or self.table.controls_seat() is None or "privacy" in self.table.up:
            return
        self.screen.after_paint(lambda: self.dom.focus_first(BAR_CONTROLS))

    def bring_into_view(self, seat: Seat) -> None:
        """Scroll the part of the board the decision is about into view (no one has to), once
        the page is drawn."""
        nation, role = split_seat(seat)
        pending = self.table.position.view(seat).nations[nation].pending
        part = f'[data-part="{role}"]'
        if pending and pending.what == "keep":
            part = ".pending"

        def scroll() -> None:
            self.dom.scroll_into_view(f"#board-{nation} {part}")
            # then the things it may touch there, below the board's head (a tall part, as a
            # blueprint with its Modules, can leave its first row under the head)
            self.dom.reveal(f"board-{nation}", "[data-can]")
            self.dom.scroll_into_view("[data-hint]")  # the thing the Tutorial asks for, if any

        self.screen.after_paint(scroll)

    def window_resized(self, typing: bool) -> None:
        """The window changed size: the table drawn again and the decision at hand back in
        view, as when it came (none while a dialog or a privacy screen is up: they hold the
        person's eye; nor while the person is ``typing``, say in the chat: a phone's keyboard
        coming up shrinks the window, and the field must stay where it is)."""
        seat = self.table.controls_seat()
        if seat is not None and not self.table.dialog and "privacy" not in self.table.up \
                and not typing:
            self.table.window_changed()  # a half-made choice's popover placed by its thing
            self.bring_into_view(seat)

    def touch(self, target: str) -> None:
        """A board thing (or an option on it) was touched: choose, cancel or act."""
        table = self.table
        seat = self.table.controls_seat()
        if seat is None or self.gated():
            return
        index = table.touch(target)  # the paths the person sees: built with the decision
        if index is not None:
            # the move is an effect of the touch: the thing touched is drawn chosen first (a
            # frame at once, on a slow phone too), then the move is made and drawn
            self.screen.after_paint(partial(self.try_act, index))
        elif table.pick.chosen:
            # where the chosen thing may go, in view with it (a phone's board had left the
            # one cell a tile could go to below its fold), and the Tutorial's next thing
            self.bring_into_view(seat)
            self.screen.after_paint(lambda: self.dom.focus_first("#pick .opt")
                                    or self.dom.focus_first("[data-can]:not([data-sel])"))
        else:
            self.focus_decision()

    def try_act(self, index: int) -> None:
        """Take the acting seat's ``index``-th legal action, after a confirmation when the
        engine says it risks the game or much Popularity (game.stakes)."""
        table = self.table
        seat = self.table.controls_seat()
        if seat is None or not 0 <= index < len(table.actions) or self.gated():
            return
        action = table.actions[index]
        guide = self.guide()
        if not guide.allows(action):
            return  # the guide waits for the highlighted action: a nudge, nothing else
        # (worked out in the world the seat may believe: the same on a guest's screen)
        at_stake = game.stakes(table.position.world(seat), seat, action)
        if at_stake.warn and not guide.tells_stakes:
            self.confirming = (table.turn, index)
            self.overlays.confirm(warning_text(at_stake), _("Yes, go ahead"))
            return
        self.act(index)

    def answer(self, yes: bool) -> None:
        """The confirmation's answer: the move asked about (unless play moved on since), or
        back to the decision."""
        asked, self.confirming = self.confirming, None
        self.screen.close_dialog()
        if yes and asked is not None and asked[0] == self.table.turn:
            self.act(asked[1])
        else:
            self.focus_decision()

    def act(self, index: int, redo: bool = False) -> None:
        """Take the seat's ``index``-th action: once (the screen waits for the loop from
        now), drawn with its outcome (the table as it was until then: one paint, not a
        table with nobody to act before the move's own)."""
        table = self.table
        if table.seat is None or table.busy or not 0 <= index < len(table.actions):
            return
        seat, action = table.seat, table.actions[index]
        self.busy(True)
        if self.table.link == "guest":  # to the host, who answers with the picture
            self.notices.post(SendMove(seat, action))
            return
        turn = self.table.turn

        async def go() -> None:
            if turn != self.table.turn:
                return  # a guest's move landed first: this screen decides again
            await self.perform(seat, action, redo)
            if turn == self.table.turn:
                await self.run()

        self.tasks.spawn(go())

    def claim_screen(self) -> None:
        """The person called by the privacy screen is at the screen now."""
        self.table.take_down("privacy")
        table = self.table
        self.busy(True)
        if table.seat is not None:
            table.sit(table.setup.player_of(table.seat))
            table.reveal(nation_of(table.seat))  # alone at the screen: its secrets show
        self.start()

    # ------------------------------------------------------------------ undo / redo

    def undo_state(self) -> tuple[int, int, str]:
        """(actions one Undo takes back, redos waiting, why Undo is off) for the player at
        the screen; computer players' answers are taken back with the person's action."""
        table = self.table
        player = table.at_screen if self.table.controls_seat() is not None else None
        if player is None or self.guide().fixed:
            return 0, 0, ""
        if self.table.link:  # online
            return 0, 0, _("No undo in an online game: every screen has seen the move.")
        ai = frozenset(s for s in SEATS if table.setup.is_ai(s))
        count, reason = player_undo(self.match.game, player, ai, self.match.traces())
        redo = len(table.redo) if table.redo and table.redo[-1][0] in player else 0
        return count, redo, reason

    def undo(self) -> None:
        count, _redo, _why = self.undo_state()
        if not count:
            return
        table, match = self.table, self.match
        redo = match.rewind(count)
        table.undone(match.position(), count, redo, narrate(match.game))
        table.stop_play()
        table.time_discussion({})
        self.saving.autosave()
        self.busy(True)
        self.start()

    def redo(self) -> None:
        _count, redo, _why = self.undo_state()
        if not redo:
            return
        table = self.table
        taken = table.take_redo()
        if taken is None:
            return
        self.act(table.actions.index(taken[1]), redo=True)

    # ------------------------------------------------------------------ discussion

    def start_countdown(self, seat: Seat) -> None:
        nation, table = nation_of(seat), self.table
        if nation in table.deadline:
            return
        end = asyncio.get_event_loop().time() + content().board.discussion_seconds
        table.time_discussion({**table.deadline, nation: end})
        # every picture carries the countdowns: one on every screen
        self.notices.post(PicturesOut())
        self.tasks.spawn(self.tick(nation, end))

    def talking_here(self) -> list[NationId]:
        """The nations still in the strategic discussion with a person at this screen, once
        every nation of computer players only has ended its own (an AI ends it at once)."""
        table = self.table
        setup = table.setup
        to_act = table.position.public.to_act
        here = self.nations_here()
        if any(setup.is_ai(seat) and nation_of(seat) not in here for seat in to_act):
            return []  # the turn loop lets that computer team end its talk first
        return sorted({nation_of(seat) for seat in to_act} & here, key=NATIONS.index)

    def discuss_together(self) -> None:
        """The discussion at one screen: the table as anyone may see it (nobody's hand or
        token kinds), one countdown for every team with a person here, each ending it when
        done (the action bar shows it: :meth:`discussion_now`)."""
        table = self.table
        if not table.deadline:
            end = asyncio.get_event_loop().time() + content().board.discussion_seconds
            table.time_discussion(dict.fromkeys(self.talking_here(), end))
            self.tasks.spawn(self.tick_together(end))
        table.nobody_acts()
        table.sit(None)
        self.busy(False)
        self.screen.after_paint(lambda: self.dom.focus_first('[data-testid="end-discussion"]'))

    def discussion_now(self) -> tuple[tuple[str, ...], tuple[str, ...], int] | None:
        """(every team with a person here, the teams still talking, seconds left) while the
        strategic discussion at one screen is on; None otherwise."""
        table = self.table
        view = table.position.public
        if view.phase != "discussion" or self.table.link \
                or table.seat is not None or self.table.replaying:
            return None
        talking = self.talking_here()
        if not talking:
            return None
        here = self.nations_here()
        teams = tuple(n for n in NATIONS
                      if n in talking or (n in here and view.nations[n].discussed))
        left = content().board.discussion_seconds
        if table.deadline:
            left = max(0, math.ceil(min(table.deadline.values())
                                    - asyncio.get_event_loop().time()))
        return teams, tuple(talking), left

    def end_discussion(self, nations: list[str]) -> None:
        """``nations``' teams are done talking (a team's button, or the time is up for all):
        their discussion ends in one move each, then play goes on."""
        view = self.table.position.public
        to_act = view.to_act
        ending: list[Seat] = []  # a seat of each team still talking (either may end it)
        for nation in dict.fromkeys(nations):
            seat = next((s for s in to_act if nation_of(s) == nation), None)
            if seat is not None:
                ending.append(seat)
        if view.phase != "discussion" or not ending or self.table.link == "host" \
                or self.table.replaying:
            return
        self.busy(True)
        turn = self.table.turn

        async def go() -> None:
            for seat in ending:
                if turn != self.table.turn:
                    return
                await self.perform(seat, A.EndDiscussion())
            if turn == self.table.turn:
                await self.run()

        self.tasks.spawn(go())

    async def tick_together(self, end: float) -> None:
        """The one countdown of a discussion at one screen: every team still talking is done
        at zero. It runs while that discussion does (a new game, an undo or the phase's end
        clear it)."""
        loop = asyncio.get_event_loop()
        table = self.table
        while table.position.public.phase == "discussion" and table.deadline \
                and min(table.deadline.values()) == end and not self.table.replaying:
            left = math.ceil(end - loop.time())
            if left <= 0:
                self.end_discussion(list(NATIONS))
                return
            await asyncio.sleep(1)

    def countdown_from_host(self, nation: NationId, seconds: int) -> None:
        """A guest's screen: the host started a nation's discussion countdown."""
        if nation not in NATIONS or not 0 <= seconds <= content().board.discussion_seconds:
            return
        end = asyncio.get_event_loop().time() + seconds
        deadline = self.table.deadline
        if nation in deadline and abs(deadline[nation] - end) < 1:
            return  # every picture carries the clock: this countdown already runs in step
        self.table.time_discussion({**deadline, nation: end})
        self.tasks.spawn(self.tick(nation, end))

    def clock_now(self) -> int | None:
        """The seconds the bar's countdown shows now: the discussion's at one screen, else
        that of the nation whose seat acts here (None: no countdown runs for the bar)."""
        talk = self.discussion_now()
        if talk is not None:
            return talk[2]
        seat = self.table.seat
        if seat is None or self.table.position.public.phase != "discussion":
            return None
        end = self.table.deadline.get(nation_of(seat))
        return None if end is None else max(0, int(end - asyncio.get_event_loop().time()))

    def clear_clocks(self) -> None:
        """The countdowns end (a replay was left: each discussion starts its time again)."""
        self.table.time_discussion({})

    def seconds_left(self) -> dict[str, int]:
        """The discussion countdowns running now (a rejoining guest gets them)."""
        now = asyncio.get_event_loop().time()
        return {nation: max(0, int(end - now)) for nation, end in self.table.deadline.items()}

    async def tick(self, nation: NationId, deadline: float) -> None:
        """Show a nation's countdown each second and end its discussion at zero. It runs while
        its deadline stands (a new game, an undo or the phase's end clear it), whatever moves
        land meanwhile."""
        loop = asyncio.get_event_loop()
        table = self.table
        while table.position.public.phase == "discussion" \
                and table.deadline.get(nation) == deadline:
            left = int(deadline - loop.time())
            mine = table.seat is not None and nation_of(table.seat) == nation
            if left <= 0 and mine:
                kinds = [a.kind for a in table.actions]
                if "end_discussion" in kinds:
                    self.act(kinds.index("end_discussion"))
                return
            await asyncio.sleep(1)
