"""The Tutorial running in the app: which step is on, what it lets the person do, its panel.

The script and where a game stands in it are :mod:`ui.model.tutorial`; this desk follows the game
on the table. An action step lets exactly its action through: the board marks only the next
thing of its path, highlighted, and any other control or option is answered with a nudge and
changes nothing. The rival's steps are played by the app, and an info step waits for Next.
The tutorial's game is saved like any other, and its id is remembered (``TOUR_KEY``), so
reopening the page and continuing that game resumes the tutorial. After the last step the
computer takes over the rival at the script's level.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from random import randrange

from game import SEATS
from game.core.actions import Action
from game.core.names import Seat, is_nation
from game.rules.terms import POLITICIAN, other

from ..loop.messages import (
    Handle,
    Msg,
    Tab,
    TutorialBegin,
    TutorialFresh,
    TutorialLeave,
    TutorialNext,
    on,
)
from ..markup.html import e, icon
from ..model.match import Match
from ..model.players import Setup
from ..model.roles import Dealer, Overlays, Screen, StartScreen, TurnLoop
from ..model.table import NO_GUIDE, Guide, Table
from ..model.targets import Hint, tab_of
from ..model.tutorial import PERSON, Step, script
from ..platform.port import Platform
from ..words.i18n import _
from ..words.names import ai_name, nation_name

TOUR_KEY = "moonshot.tutorial"  # localStorage: the save id of the tutorial's game
# localStorage: the info steps read since the game's last action, so Continue shows the step
# that was on show (the save holds the actions only)
READ_KEY = "moonshot.tutorial.read"


class Tour:
    """A guide of play (:class:`ui.model.roles.Script`) to the turn loop."""

    def __init__(self, dom: Platform, table: Table, match: Match, screen: Screen,
                 dealer: Dealer, turns: TurnLoop, overlays: Overlays,
                 start_screen: StartScreen) -> None:
        self.dom = dom
        self.table = table
        self.match = match  # the game played (a loaded one is the Tutorial's if it follows it)
        self.screen = screen
        self.dealer = dealer
        self.turns = turns
        self.overlays = overlays
        self.start_screen = start_screen

    @property
    def active(self) -> bool:
        """The Tutorial runs (the table's guide; where it stands is the table's too)."""
        return self.table.guide.kind == "tutorial"

    @property
    def read(self) -> int:
        """Info steps read (Next) since the last action."""
        return self.table.guide.read

    @property
    def tells_stakes(self) -> bool:
        """The tutorial's text says what is at stake (no confirmation while it runs)."""
        return self.active

    fixed = False  # the tutorial's moves may be taken back: it follows the game's length

    def handlers(self) -> list[tuple[type[Msg], Handle]]:
        return [on(TutorialBegin, lambda _m: self.begin()),
                on(TutorialNext, lambda _m: self.next()),
                on(TutorialLeave, lambda _m: self.leave()),
                on(TutorialFresh, lambda _m: self.fresh())]

    # ------------------------------------------------------------------ where it stands

    def step(self) -> Step | None:
        """The step on show (None when no tutorial runs or it is over)."""
        if not self.active:
            return None
        steps, index = script().steps, self.index()
        return steps[index] if index < len(steps) else None

    def index(self) -> int:
        return script().position(self.table.position.moves) + self.read

    def waits(self) -> bool:
        """An info step is on: nobody acts until Next."""
        step = self.step()
        return step is not None and step.seat is None

    def seat(self, to_act: Sequence[Seat]) -> Seat | None:
        """The seat whose step is on, when it may act now (the Engineers act in any order:
        the script's order is the one the tutorial plays)."""
        step = self.step()
        return step.seat if step is not None and step.seat in to_act else None

    def scripted(self, seat: Seat) -> Action | None:
        """The rival's scripted action when it is that seat's step."""
        step = self.step()
        if step is not None and step.scripted and step.seat == seat:
            return step.action
        return None

    def expected(self) -> Action | None:
        """The person's action this step waits for."""
        step = self.step()
        return step.action if step is not None and not step.scripted else None

    def pointer(self) -> Hint | None:
        """The expected action as a hint, so the board highlights its next step."""
        table, action = self.table, self.expected()
        if action is None or table.seat is None:
            return None
        return Hint.pointing(table.seat, table.actions, table.pick, table.position.moves, action)

    def target(self) -> str:
        """The first board thing the step points at ("" outside the tutorial)."""
        pointer = self.pointer()
        return pointer.target(self.table.pick) if pointer else ""

    def allows(self, action: Action) -> bool:
        """Whether the person may take ``action`` now (always, outside the tutorial)."""
        if not self.active:
            return True
        allowed = action == self.expected()
        self.table.nudge(not allowed)
        return allowed

    # ------------------------------------------------------------------ the course

    def begin(self) -> None:
        tour, table = script(), self.table
        self.dealer.new_game(tour.setup(), run=False)
        self.table.guide_to(Guide("tutorial"))
        table.rename(_("Tutorial"))
        self.dom.storage_set(TOUR_KEY, table.save_id)
        self.dom.storage_set(READ_KEY, "0")
        table.hold_behind_dialog(False)
        self.screen.close_dialog()
        self.turns.start()

    def resume(self, save_id: str) -> None:
        """A loaded game: the tutorial goes on if it is the tutorial's game, at the step that
        was on show (the info steps read after its last action are remembered apart)."""
        if self.dom.storage_get(TOUR_KEY) != save_id or not script().follows(self.match.game):
            return
        stored = self.dom.storage_get(READ_KEY) or ""
        read = int(stored) if stored.isdigit() and len(stored) < 4 else 0
        steps, at = script().steps, script().position(self.table.position.moves)
        # only info steps in a row may be skipped (a stale or edited number counts no further)
        skipped = 0
        while skipped < read and at + skipped < len(steps) - 1 and steps[at + skipped].seat is None:
            skipped += 1
        self.table.guide_to(Guide("tutorial", read=skipped))

    def played(self) -> None:
        """An action was played: the next step's info comes first."""
        if self.active and (self.read or self.table.guide.nudged):  # (else no tutorial runs)
            if self.read:
                self.dom.storage_set(READ_KEY, "0")
            self.table.guide_to(Guide("tutorial"))

    def next(self) -> None:
        """Next on an info step (the last one hands the game over)."""
        if not self.waits():
            return
        self.table.guide_to(replace(self.table.guide, read=self.read + 1))
        self.dom.storage_set(READ_KEY, str(self.read))
        if self.step() is None:
            self.finish()
            return
        self.turns.start()

    def finish(self) -> None:
        """The end: the computer takes the rival at the script's level, the game goes on."""
        self.table.guide_to(NO_GUIDE)
        self.dom.storage_remove(TOUR_KEY)
        self.dom.storage_remove(READ_KEY)
        self.overlays.notice(_("The tutorial is over: the computer (Easy) now plays the USSR. "
                     "Good luck!"))
        self.turns.start()

    def last(self) -> bool:
        """The last step is on: the hand-over, with its choice of game."""
        return self.waits() and self.index() == len(script().steps) - 1

    def fresh(self) -> None:
        """The hand-over's other choice: a fresh deal against the computer at the script's
        level instead of the tutorial's lopsided game (kept among the saved games)."""
        if not self.last():
            return
        self.table.guide_to(NO_GUIDE)
        self.dom.storage_remove(TOUR_KEY)
        self.dom.storage_remove(READ_KEY)
        setup = Setup(seed=randrange(1, 1_000_000))
        setup.levels = {seat: script().level for seat in SEATS if setup.ai[seat]}
        self.dealer.new_game(setup)

    def off(self) -> None:
        """Another game took the table: the tutorial is off (its own resumes it)."""
        if self.active:
            self.table.guide_to(NO_GUIDE)

    def leave(self) -> None:
        """Back to the start screen; Continue there resumes the tutorial."""
        self.table.guide_to(NO_GUIDE)
        self.table.stop_play()  # the run loop stops
        self.start_screen.open_start()

    # ------------------------------------------------------------------ on screen

    def tab(self, target: str) -> Tab | None:
        """The phone tab that shows ``target`` or the info step's part of the table."""
        step = self.step()
        if step is not None and step.seat is None:
            where = step.highlight.split()[0]
            if where == "#centre":
                return "centre"
            board = where.removeprefix("#board-")
            return board if where.startswith("#board-") and is_nation(board) else None
        return tab_of(target)

    def panel_html(self) -> str:
        step = self.step()
        if step is None:
            return ""
        index, tour = self.index(), script()
        if step.scripted:  # not one of the person's steps: not counted
            moving = _("The USSR is making its move…")
            return (f'<div class="tour" data-testid="tour" data-step="{index}">'
                    f'<p>{e(moving)}</p></div>')
        number = _("Step {number} of {total}").format(number=tour.number(index),
                                                       total=tour.total)
        nudge = ""
        if self.table.guide.nudged:
            try_this = _("Not now: try the highlighted one.")
            nudge = f'<p class="nudge" role="alert" data-testid="tour-nudge">{e(try_this)}</p>'
        next_button = ""
        if step.seat is None and self.last():
            next_button = self._hand_over()
        elif step.seat is None:
            next_label = _("Next")
            next_button = (f'<button type="button" class="primary" data-cmd="tour-next" '
                           f'data-testid="tour-next">{e(next_label)}</button>')
        leave_label, title = _("Leave the tutorial"), _("Tutorial")
        leave = (f'<button type="button" class="tour-leave" data-cmd="tour-leave" '
                 f'data-testid="tour-leave">{e(leave_label)}</button>')
        return (f'<div class="tour" data-testid="tour" data-step="{index}">'
                f'<p class="tour-n">{icon("rocket")} {e(title)} · {e(number)}{leave}</p>'
                f'<p class="tour-t" data-testid="tour-text">{e(step.words())}</p>{nudge}'
                f"{next_button}</div>")

    def _hand_over(self) -> str:
        """Where the tutorial's game stands (its scripted rival played to teach, not to be
        fair), and the choice: go on with it, or a fresh game at the script's level."""
        view = self.table.position.view(POLITICIAN[PERSON])
        you, rival = view.nations[PERSON], view.nations[other(PERSON)]
        standing = _("Where this game stands: the {you} has {popularity} Popularity, {budget} "
                     "Budget and {money} money; the {rival} {rival_popularity}, "
                     "{rival_budget} and {rival_money}.").format(
            you=nation_name(PERSON), rival=nation_name(other(PERSON)),
            popularity=you.popularity, budget=you.budget, money=you.money,
            rival_popularity=rival.popularity, rival_budget=rival.budget,
            rival_money=rival.money)
        level = ai_name(script().level)
        go_on = _("Go on with this game ({level})").format(level=level)
        fresh = _("A fresh game against {level}").format(level=level)
        return (f'<p class="tour-s" data-testid="tour-standing">{e(standing)}</p>'
                f'<div class="tour-b"><button type="button" data-cmd="tour-fresh" '
                f'data-testid="tour-fresh">{e(fresh)}</button>'
                f'<button type="button" class="primary" data-cmd="tour-next" '
                f'data-testid="tour-next">{e(go_on)}</button></div>')

    def spot(self) -> str:
        """The CSS selector of the part of the table an info step explains ("" if none)."""
        step = self.step()
        return step.highlight if step is not None and step.seat is None else ""
