"""What the table holds: the position of the game (never the game itself: see
:mod:`ui.model.match`) and its players, who is at the screen, the decision at hand,
the Mission log's lines, what Undo took back, which dialog is up, the hint on show, the guide
of play, the discussion's clock, an online game's chat and screens, and the sound switch: all
that the page is drawn from.

One object, changed only by its own methods: every other part of the UI reads its fields and
asks it to change (``tests/test_ui_table.py`` fails on an assignment from outside). Every
change counts in :attr:`Table.revision`, which the paint compares: after each message the
page is drawn again when the table changed, and only what is over it (cheap, compared piece
by piece) when only that did, so nobody asks for a drawing. Its fields are replaced, never
changed in place, so no change can slip past the count. Pure Python (no browser), so the
changes a turn, an undo or a guest's picture make are tested in CPython.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, get_args

import game
from game.core.actions import Action
from game.core.names import NationId, Seat
from game.rules.records import View
from game.rules.terms import nation_of

from ..loop.messages import Tab
from ..words.narration import Told
from .examples import Example
from .match import Move, Position
from .players import Setup
from .replay import Travel
from .targets import NO_PICK, TRAIL_MOVES, Hint, Pick, tab_of

# The overlays over the table: their markup is their controller's, the paint draws each into
# the page region of its name (the launch show's frame into its stage). The banner tells
# something over the table's top edge; the others cover it.
Overlay = Literal["privacy", "end", "rules", "report", "launch", "banner"]
OVERLAYS: tuple[Overlay, ...] = get_args(Overlay)

# The dialogs the table holds up (one at a time); "" when none is.
Dialog = Literal["start", "new", "saves", "resume", "online", "join", "confirm", "share",
                 "reading", "elsewhere"]

# This screen's part in an online game: none, the host's (the referee), a guest's.
Link = Literal["", "host", "guest"]

# The table's fields that the page draws without drawing the table again (what is over it, the
# log, the chat, whether the screen waits: each compared with what is drawn), and its own
# bookkeeping: setting them leaves :attr:`Table.revision` as it is.
LIGHT = frozenset({"revision", "turn", "_fronted", "dialog", "dialog_markup",
                   "copied", "up", "busy", "log", "chat"})


@dataclass(frozen=True)
class Guide:
    """The guide of play on the table: the Tutorial, a rule example, or none."""

    kind: Literal["", "tutorial", "example"] = ""
    read: int = 0  # the Tutorial's info steps read (Next) since the game's last action
    nudged: bool = False  # the person tried another move than the one the guide waits for
    example: Example | None = None  # the rule example dealt (kept when another game takes over)
    done: bool = False  # the example's move was played
    dealt: int = 0  # the log's length when the example was dealt: its outcome follows


NO_GUIDE = Guide()


class Table:
    """The game's position on the table and what the screen holds of it."""

    revision = 0  # the changes so far that the table's drawing shows (see :data:`LIGHT`)

    def __setattr__(self, name: str, value: object) -> None:
        if name not in LIGHT:
            old = self.__dict__.get(name, LIGHT)  # (LIGHT: none yet)
            # the very value again, or an empty one for an empty one, changes nothing (no
            # menu closed, nobody's actions gone when nobody acts, no countdown stopped)
            if old is not value and (old or value or type(old) is not type(value)):
                self._redraw()
        object.__setattr__(self, name, value)

    def _redraw(self) -> None:
        object.__setattr__(self, "revision", self.revision + 1)

    def __init__(self, setup: Setup, position: Position, save_id: str) -> None:
        self.setup = setup
        self.position = position  # what the table is drawn from: the game at this moment
        self.save_id = save_id  # the key of its autosave
        self.title = ""
        self.at_screen: tuple[Seat, ...] | None = None  # the player at the screen (their seats)
        # the nation whose secrets (hand, token kinds, a Research draw) a screen shared with
        # the other nation's people shows: asked for with a touch, or past a hand-off screen
        self.revealed: str | None = None
        self.seat: Seat | None = None  # the human seat whose decision is at hand
        self.last_seat: Seat | None = None  # who moved last (whose turn comes next, at a tie)
        self.actions: list[Action] = []  # the seat's legal actions
        self.pick = NO_PICK  # the seat's board paths and its half-made choice
        self.group = ""  # the group of controls opened in the action bar
        self.tab: Tab = "USA"  # the part of the table in front on a phone
        self.drawer = ""  # the dock's drawer pulled open: "moves" (every control), "log", ""
        self.menu = False  # a phone's header menu (the less used tools) is open
        self._fronted: str | None = None  # the seat the board in front was last chosen for
        self.log: list[Told] = []
        # (seat, the board things its move's events touched) of the last moves, newest last
        self.touched: list[tuple[str, frozenset[str]]] = []
        self.redo: list[Move] = []  # what Undo took back, for Redo to take again, newest last
        self.dialog: Dialog | Literal[""] = ""  # the dialog up ("" none)
        self.dialog_markup = ""  # what the dialog up shows (its owner's; the paint draws it)
        # (the element under a Copy button in the dialog, the words it says): copied, or not
        self.copied: tuple[str, str] | None = None
        self.up: dict[Overlay, str] = {}  # the overlays over the table, and what each shows
        self.held = False  # a dealt game waits behind a dialog before its first turn
        self.travel: Travel | None = None  # a replay on the table instead of the game
        # the stretch of play: work begun in an earlier one (the turn loop, a move on its
        # way, an AI's or a hint's thinking, a confirmation) is void (:meth:`stop_play`)
        self.turn = 0
        self.busy = True  # the screen waits for the turn loop, not a person (until it says)
        self.link: Link = ""  # this screen's part in an online game
        self.waiting = False  # the online game waits for players to join: no move yet
        self.language = ""  # the words the page is drawn in (ui.words.i18n)
        self.sound = False  # the header's sound switch
        self.hint: Hint | None = None  # the hint on show (see :meth:`current_hint`)
        self.hinting = False  # the computer looks for a hint
        self.hints_taken: dict[str, int] = dict.fromkeys(game.NATIONS, 0)
        self.guide = NO_GUIDE
        # nation -> when its strategic discussion ends (the event loop's time)
        self.deadline: dict[NationId, float] = {}
        self.screens: dict[str, dict[str, str]] = {}  # online: where each seat is played
        self.chat: tuple[tuple[str, str], ...] = ()  # online: (who, text), oldest first
        self.host_moves = -1  # a guest's: the host's move count of the picture on show

    # ------------------------------------------------------------------ the game

    def deal(self, setup: Setup, position: Position, save_id: str, title: str,
             log: list[Told]) -> None:
        """A new or loaded game takes the table at ``position``: nobody acts, nothing is half
        chosen; the only human player (if one) sits at the screen, and their nation's board
        is in front."""
        self.setup, self.position, self.save_id, self.title, self.log = \
            setup, position, save_id, title, log
        self.touched = []  # a loaded game's past moves are told, not marked
        self.last_seat = position.last[-1][0] if position.last else None
        self.nobody_acts()
        self.redo = []
        self.close_dialog()
        self.held = False
        self.at_screen = None
        self.revealed = None
        self._fronted = None
        humans = setup.humans()
        if humans:
            self.tab = nation_of(humans[0][0])
        if len(humans) == 1:
            self.at_screen = humans[0]

    def rename(self, title: str) -> None:
        self.title = title

    def set_speed(self, ms: int) -> None:
        """How long a computer player's turn takes at least."""
        self.setup = replace(self.setup, speed_ms=ms)

    def stop_play(self) -> None:
        """The one place the turn loop is cancelled (a new game, an undo, a replay, a guest's
        picture or move, leaving the Tutorial): a new stretch of play begins, and what began
        in the last one is void. Whoever stops play starts the loop again."""
        self.turn += 1

    def set_busy(self, waiting: bool) -> None:
        """The screen waits for the turn loop (True) or for a person (False)."""
        self.busy = waiting

    def go_online(self, link: Link, waiting: bool = False) -> None:
        """This screen's part in an online game now (``""``: none: no chat, no screens), and
        whether that game still waits for players to join."""
        self.link, self.waiting = link, waiting
        if not link:
            self.chat, self.screens = (), {}

    def hold_behind_dialog(self, held: bool) -> None:
        """A dealt game waits behind a dialog (True), or its turns may begin (False)."""
        self.held = held

    # ------------------------------------------------------------------ the decision

    def decide(self, seat: Seat, actions: list[Action], view: View) -> None:
        """``seat`` (a person's) acts next among ``actions``; ``view`` is that seat's."""
        self.seat, self.actions = seat, actions
        self.pick = Pick.of(actions, view)  # once per decision
        self.group = ""
        self.fold_moves()  # the drawer held the last decision's moves: this one starts in a row

    def controls_seat(self) -> Seat | None:
        """The seat whose controls show: only a human seat held by the player at the screen,
        and nobody's while a replay is on (the live game waits behind it)."""
        if self.seat is not None and self.at_screen and self.seat in self.at_screen \
                and self.travel is None:
            return self.seat
        return None

    def nobody_acts(self) -> None:
        """Nobody acts on this screen now (a computer or a guest thinks, or play stopped)."""
        self.seat, self.actions, self.pick, self.group = None, [], NO_PICK, ""

    def sit(self, player: tuple[Seat, ...] | None) -> None:
        """``player`` is at the screen (None: nobody, during a hot-seat handover). A person
        of the other nation than the revealed one hides that nation's secrets again."""
        if player is None or nation_of(player[0]) != self.revealed:
            self.revealed = None
        self.at_screen = player

    def reveal(self, nation: NationId) -> None:
        """The screen shows ``nation``'s secrets now (its player asked, or took the screen
        past a hand-off screen)."""
        self.revealed = nation

    def touch(self, target: str) -> int | None:
        """A board thing touched (or its control in the bar): the index of the action it
        completes, if it does one. What it offers next comes in one row."""
        self.group = ""
        self.fold_moves()
        done = self.pick.touch(target)
        self._redraw()  # (the half-made choice is the pick's own)
        if done is None and self.pick.chosen:  # a half-made choice goes on elsewhere?
            # a phone shows the part where it goes on: the board's Suppliers for a Module
            # chosen in the centre; the chosen thing itself when its options come in a
            # popover by it (chosen in a wide window, then turned to a phone)
            steps = self.pick.next_steps()
            tabs = {tab_of(t) for t in steps if not t.startswith("opt:")}
            if not tabs and steps:
                tabs = {tab_of(self.pick.chosen[-1])}
            follow = tabs.pop() if len(tabs) == 1 else None
            if follow is not None:
                self.tab = follow
        return done

    def open_group(self, group: str) -> None:
        """The bar lists the controls of ``group`` (or, with "", every control again), in one
        row: the drawer of every move, if open, has served its purpose."""
        self.group = group
        self.fold_moves()

    def cancel_choice(self) -> None:
        self.pick.chosen, self.group = (), ""
        self._redraw()

    def show_tab(self, tab: Tab) -> None:
        """Which part of the table is in front on a phone: a nation's board or the centre
        (the person's choice, or the part of the table a hint points at)."""
        self.tab = tab

    def toggle_menu(self) -> None:
        """Open a phone's header menu, or close it when open."""
        self.menu = not self.menu

    def close_menu(self) -> bool:
        """Close a phone's header menu; True when it was open."""
        was, self.menu = self.menu, False
        return was

    def fold_moves(self) -> None:
        """The drawer of every move back into the bar's one row: it served one list of
        controls, and the person chose from it (open, it covers the boards or pushes them up)."""
        if self.drawer == "moves":
            self.drawer = ""

    def open_drawer(self, name: str) -> None:
        """Pull the dock's drawer ``name`` open ("moves": every control of the decision
        wrapped in rows; "log": the whole Mission log), or push it back when it is open."""
        self.drawer = "" if self.drawer == name else name

    def front(self, seat: Seat, pointed: Tab | None = None) -> None:
        """The board in front on a phone for ``seat``'s decision (made with :meth:`decide`):
        the part the Tutorial points at; else the seat's own board when the last decision
        here was another seat's; else the board the person has in front (acting on the
        rival's board, it stays there). Unless the Tutorial points, a part that holds none of
        the things the decision may touch gives way to one that does: the seat's own board
        first, then the centre (a phone showing nothing to touch asks the person to hunt)."""
        if pointed:
            self.tab = pointed
        else:
            if seat != self._fronted:
                self.tab = nation_of(seat)
            holding = {tab_of(thing) for thing in self.pick.marked()} - {None}
            if holding and self.tab not in holding:
                self.tab = next(tab for tab in (nation_of(seat), "centre", *game.NATIONS)
                                if tab in holding)
        self._fronted = seat

    # ------------------------------------------------------------------ moves and the log

    def moved(self, seat: Seat, position: Position, told: list[Told], redo: bool = False,
              touched: frozenset[str] = frozenset()) -> None:
        """``seat`` moved, to ``position``: the log tells it, and the board marks what its
        events ``touched``. A new move (not a redo) ends what Redo could do."""
        if not redo:
            self.redo = []
        self.position = position
        self.last_seat = seat
        self.group = ""
        self.log = [*self.log, *told]
        self.touched = [*self.touched[1 - TRAIL_MOVES:], (seat, touched)]

    def heard(self, seat: str, told: list[Told], touched: frozenset[str]) -> None:
        """A move made on another screen (a guest hears the host's): the log tells it, and the
        board marks what it touched; whose turn comes next at a tie stays this screen's."""
        self.log = [*self.log, *told]
        self.touched = [*self.touched[1 - TRAIL_MOVES:], (seat, touched)]

    def tell(self, *told: Told) -> None:
        """Lines for the log that no move of this table brings (a guest joined, the AI)."""
        self.log = [*self.log, *told]

    def retold(self, old: Told, new: Told) -> bool:
        """Line ``old`` (the very one told, looked for from the newest) says ``new`` now;
        False when ``old`` is no longer in the log (it was told again since). The log is a
        new list then, as after every change, so the page draws it again."""
        for index in range(len(self.log) - 1, -1, -1):
            if self.log[index] is old:
                self.log = [*self.log[:index], new, *self.log[index + 1:]]
                return True
        return False

    def retell(self, log: list[Told]) -> None:
        """The whole log told again (another language, an undo, a guest's first picture)."""
        self.log = log

    def undone(self, position: Position, count: int, redo: Move, log: list[Told]) -> None:
        """Undo took back the last ``count`` actions, back to ``position``; ``redo``, the
        first of them, is kept for Redo."""
        self.redo = [*self.redo, redo]
        self.position = position
        self.last_seat = position.last[-1][0] if position.last else None
        self.log = log
        self.touched = self.touched[:-count]
        self.nobody_acts()

    def take_redo(self) -> Move | None:
        """The move Redo takes now, if the seat at hand may take it (else Redo is forgotten)."""
        if not self.redo:
            return None
        seat, action = self.redo[-1]
        if seat != self.seat or action not in self.actions:
            self.redo = []
            return None
        self.redo = self.redo[:-1]
        return seat, action

    # ------------------------------------------------------------------ a guest's table

    def picture(self, setup: Setup, at_screen: tuple[Seat, ...], position: Position,
                seat: Seat | None, actions: list[Action], pick: Pick) -> None:
        """A guest's screen: the host's latest picture, drawn as it is (``position``), and
        the decision it asks of this screen's ``seat``, if any."""
        self.setup, self.at_screen, self.position = setup, at_screen, position
        self.seat, self.actions, self.pick, self.group = seat, actions, pick, ""
        if seat is not None:
            self.front(seat)

    def sent(self, seat: Seat) -> None:
        """A guest's move went to the host: nobody acts here until its answer comes."""
        self.last_seat = seat
        self.nobody_acts()

    # ------------------------------------------------------------------ dialogs

    def open_dialog(self, kind: Dialog, markup: str) -> None:
        """A dialog of ``kind`` up over the table, showing ``markup`` (drawn by the paint);
        opened again, it shows its new markup (and what a Copy button said stays said)."""
        if kind != self.dialog:
            self.copied = None
        self.dialog, self.dialog_markup = kind, markup

    def tell_copied(self, status: str, words: str) -> None:
        """The element ``status`` under a Copy button of the dialog up says ``words``."""
        if self.dialog:
            self.copied = (status, words)

    @property
    def replaying(self) -> bool:
        """A replay is on the table (the game waits behind it)."""
        return self.travel is not None

    def travel_to(self, travel: Travel | None) -> None:
        """A replay on the table, at its position (None: the game again)."""
        self.travel = travel

    def put_up(self, name: Overlay, markup: str) -> None:
        """Overlay ``name`` over the table, showing ``markup`` (put up again: its new markup)."""
        self.up = {**self.up, name: markup}

    def take_down(self, name: Overlay) -> None:
        """Overlay ``name`` taken away (if it was up)."""
        if name in self.up:
            self.up = {kept: markup for kept, markup in self.up.items() if kept != name}

    def close_dialog(self) -> None:
        self.dialog, self.dialog_markup, self.copied = "", "", None

    # ------------------------------------------------------------------ what helps the person

    def speak(self, language: str) -> None:
        """Every word drawn from now on is in ``language``."""
        self.language = language

    def window_changed(self) -> None:
        """The window took another size: the table is drawn again (a half-made choice's
        popover placed again by its thing)."""
        self._redraw()

    def switch_sound(self, on: bool) -> None:
        self.sound = on

    def current_hint(self) -> Hint | None:
        """The hint on show, while it still fits the decision at hand."""
        hint = self.hint
        if hint is None or hint.seat != self.controls_seat() or hint.moves != self.position.moves:
            return None
        return hint

    def look_for_hint(self, looking: bool) -> None:
        """The computer looks for a hint (True), or is done looking."""
        self.hinting = looking

    def give_hint(self, hint: Hint | None, taken: NationId | None = None) -> None:
        """``hint`` on show (None: none); ``taken``: the nation it counts for."""
        self.hint = hint
        if taken is not None:
            self.hints_taken = {**self.hints_taken, taken: self.hints_taken[taken] + 1}

    def count_hints(self, taken: dict[str, int]) -> None:
        """A new or loaded game: no hint on show or sought, ``taken`` by each nation so far."""
        self.hint, self.hinting, self.hints_taken = None, False, taken

    def guide_to(self, guide: Guide) -> None:
        """The guide of play (the Tutorial, a rule example, none) where it stands now."""
        self.guide = guide

    def nudge(self, nudged: bool) -> None:
        """The person tried another move than the one the guide waits for (True), or took
        that one (False)."""
        self.guide = replace(self.guide, nudged=nudged)

    def time_discussion(self, deadline: dict[NationId, float]) -> None:
        """When each nation's strategic discussion ends (none: no countdown runs)."""
        self.deadline = deadline

    # ------------------------------------------------------------------ an online game

    def seat_screens(self, screens: dict[str, dict[str, str]]) -> None:
        """Where each seat of the online game is played (the turn indicator says it)."""
        if screens != self.screens:  # (a copy: the referee's own changes as it goes)
            self.screens = {seat: dict(where) for seat, where in screens.items()}

    def hear_chat(self, chat: tuple[tuple[str, str], ...]) -> None:
        """The online game's chat, oldest line first."""
        self.chat = chat

    def host_at(self, moves: int) -> None:
        """A guest's screen shows the host's picture after ``moves`` moves."""
        self.host_moves = moves
