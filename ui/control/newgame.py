"""The start screen and the New game dialog: the start screen's game against the computer, the
dialog opened from the header or the start screen, redrawn as its choices change, and Start
(an online game keeps its ICE setting for next time)."""

from __future__ import annotations

import random
from dataclasses import replace

from game import SEATS

from ..loop.messages import (
    CancelNewGame,
    Handle,
    LeaveOnline,
    Msg,
    NewGameChanged,
    NewOnline,
    OpenNewGame,
    PlayComputer,
    StartGame,
    on,
)
from ..model.players import Setup
from ..model.roles import Dealer, Hosted, Overlays, Replays, Saving, Screen
from ..model.table import Table
from ..platform.port import Platform
from ..screens.newgameform import dialog_html, host_plays, online_setup, setup_from_form
from ..screens.online import ICE_KEY, RELAYS_KEY, parse_ice, parse_relays
from ..screens.start import START_LEVELS, start_html

LEVEL_KEY = "moonshot.start-level"  # the start screen's last chosen level (localStorage)
_seeds = random.Random()


class NewGame:
    """Offers :class:`ui.model.roles.StartScreen`."""

    def __init__(self, dom: Platform, table: Table, screen: Screen, dealer: Dealer,
                 overlays: Overlays, saving: Saving, replays: Replays,
                 hosting: Hosted) -> None:
        self.dom = dom
        self.table = table
        self.screen = screen
        self.dealer = dealer
        self.overlays = overlays
        self.saving = saving
        self.replays = replays
        self.hosting = hosting
        self.setup: Setup | None = None  # the choices on show (None: the dialog is closed)
        self.from_start = False  # opened from the start screen: Cancel goes back there

    def handlers(self) -> list[tuple[type[Msg], Handle]]:
        return [on(PlayComputer, lambda m: self.play_computer(m.level)),
                on(LeaveOnline, lambda _m: self.leave_online()),
                on(OpenNewGame, lambda _m: self.open()), on(StartGame, self.start),
                on(NewOnline, self.online),
                on(CancelNewGame, lambda _m: self.cancel()),
                on(NewGameChanged, lambda m: self.host_seat(m) if m.kind == "host"
                   else self.changed(m))]

    # ------------------------------------------------------------------ the start screen

    def open_start(self) -> None:
        """The start screen (:mod:`ui.screens.start`), over the table of a game not yet started."""
        self.table.open_dialog("start", start_html(self.saving.resumable(), self.start_level()))
        self.table.set_busy(False)
        self.screen.after_paint(lambda: self.dom.focus_first('#dialog .st-go.primary'))

    def start_level(self) -> str:
        """The computer's level last chosen on the start screen (Easy at first)."""
        level = self.dom.storage_get(LEVEL_KEY) or ""
        return level if level in START_LEVELS else START_LEVELS[0]

    def play_computer(self, level: str) -> None:
        """The start screen's game: the USA here against the computer's USSR, a fresh deal."""
        level = level if level in START_LEVELS else self.start_level()
        self.dom.storage_set(LEVEL_KEY, level)
        setup = Setup(seed=_seeds.randrange(1, 1_000_000))
        setup.levels = {seat: level for seat in SEATS if setup.ai[seat]}
        self.dealer.new_game(setup)

    def leave_online(self) -> None:
        """Leave the online game (:mod:`ui.links.joining`): back to the start screen."""
        self.dealer.new_game(Setup(), run=False)
        self.open_start()

    # ------------------------------------------------------------------ the New game dialog

    def open(self) -> None:
        table = self.table
        self.from_start = table.dialog == "start"
        if self.replays.on:
            self.replays.exit()
        self.setup = replace(table.setup.copy(), seed=table.setup.seed + 1)
        table.open_dialog("new", "")
        self.draw()
        self.screen.after_paint(
            lambda: self.dom.focus_first('#dialog input[name="players"]:checked'))

    def draw(self, ice: str | None = None, relays: str | None = None) -> None:
        """The dialog again (its choices, or the language, changed)."""
        if self.setup is not None and self.table.dialog == "new":
            ice = self.hosting.ice_text() if ice is None else ice
            relays = self.hosting.relays_text() if relays is None else relays
            self.table.open_dialog("new", dialog_html(self.setup, ice, relays))

    def cancel(self) -> None:
        if self.from_start:
            self.open_start()  # back where the dialog was opened from
        else:
            self.screen.close_dialog()

    def online(self, form: NewOnline) -> None:
        self.setup = online_setup(setup_from_form(form.values, form.seats))
        self.draw()

    def start(self, form: StartGame) -> None:
        values = form.values
        setup = setup_from_form(values, form.seats)
        if setup.guests() and "ice" in values:
            try:
                parse_ice(values["ice"])
                parse_relays(values.get("relays", ""))
            except ValueError as why:
                self.overlays.notice(str(why))
                return
            self.dom.storage_set(ICE_KEY, values["ice"])
            self.dom.storage_set(RELAYS_KEY, values.get("relays", ""))
        self.dealer.new_game(setup)

    def host_seat(self, form: NewGameChanged) -> None:
        """"You play" chose the player at this screen: every other person goes online."""
        if self.setup is None:
            return
        values = form.values
        key = values.get("host", "")
        chosen = setup_from_form(values, form.seats)
        if key not in [g[0] for g in chosen.groups()]:
            return
        self.setup = host_plays(chosen, key)
        self.draw(values.get("ice"), values.get("relays"))
        self.screen.after_paint(lambda: self.dom.focus_first('#newgame select[name="host"]'))

    def changed(self, form: NewGameChanged) -> None:
        """The players, the pair or a seat changed: the dialog is redrawn only when rows or
        the online setting come or go, and the keyboard stays where it was."""
        if self.setup is None:
            return
        values = form.values
        chosen = setup_from_form(values, form.seats)
        if form.kind == "seat" and bool(chosen.guests()) == bool(self.setup.guests()):
            self.setup = chosen  # nothing else in the dialog changes
            return
        self.setup = chosen
        self.draw(values.get("ice"), values.get("relays"))
        if form.seat:
            field = f'#newgame select[data-seat="{form.seat}"]'
            self.screen.after_paint(lambda: self.dom.focus_first(field))
