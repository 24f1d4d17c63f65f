"""The New game dialog: opened from the header or the start screen, redrawn as its choices
change, and Start (an online game keeps its ICE setting for next time)."""

from __future__ import annotations

from typing import Any, Protocol

from ..model.players import Setup
from ..model.table import Table
from ..platform.port import Handler, Platform
from ..screens.newgame import dialog_html, host_plays, online_setup, setup_from_form
from ..screens.online import ICE_KEY, parse_ice


class App(Protocol):
    """What the New game dialog asks of the app."""

    @property
    def table(self) -> Table: ...

    def new_game(self, setup: Setup, run: bool = True) -> None: ...
    def open_start(self) -> None: ...
    def close_dialog(self) -> None: ...
    def leave_replay(self) -> None: ...
    def ice_text(self) -> str: ...
    def notice(self, text: str) -> None: ...


class NewGame:
    def __init__(self, app: App, dom: Platform) -> None:
        self.app = app
        self.dom = dom
        self.setup: Setup | None = None  # the choices on show (None: the dialog is closed)
        self.from_start = False  # opened from the start screen: Cancel goes back there

    def commands(self) -> dict[str, Handler]:
        return {
            "open-new": lambda _el: self.open(),
            "start-game": lambda _el: self.start(),
            "new-online": lambda _el: self.online(),
            "cancel-new": lambda _el: self.cancel(),
            "form-players": lambda el: self.changed(el, seat_only=False),
            "form-seat": lambda el: self.changed(el, seat_only=True),
            "form-host": lambda _el: self.host_seat(),
        }

    def open(self) -> None:
        app = self.app
        self.from_start = app.table.dialog == "start"
        app.leave_replay()
        self.setup = app.table.setup.copy()
        self.setup.seed = app.table.setup.seed + 1
        app.table.open_dialog("new")
        self.draw()
        self.dom.show("dialog", True)
        self.dom.focus_first('#dialog input[name="players"]:checked')

    def draw(self, ice: str | None = None) -> None:
        """The dialog again (its choices, or the language, changed)."""
        if self.setup is not None and self.app.table.dialog == "new":
            self.dom.set_html("dialog", dialog_html(self.setup,
                                                    self.app.ice_text() if ice is None else ice))

    def cancel(self) -> None:
        if self.from_start:
            self.app.open_start()  # back where the dialog was opened from
        else:
            self.app.close_dialog()

    def online(self) -> None:
        values, seats = self.dom.form_values("newgame")
        self.setup = online_setup(setup_from_form(values, seats))
        self.draw()

    def start(self) -> None:
        values, seats = self.dom.form_values("newgame")
        setup = setup_from_form(values, seats)
        if setup.guests() and "ice" in values:
            try:
                parse_ice(values["ice"])
            except ValueError as why:
                self.app.notice(str(why))
                return
            self.dom.storage_set(ICE_KEY, values["ice"])
        self.app.new_game(setup)

    def host_seat(self) -> None:
        """"You play" chose the player at this screen: every other person goes online."""
        if self.setup is None:
            return
        values, seats = self.dom.form_values("newgame")
        key = values.get("host", "")
        chosen = setup_from_form(values, seats)
        if key not in [g[0] for g in chosen.groups()]:
            return
        self.setup = host_plays(chosen, key)
        self.draw(values.get("ice", self.app.ice_text()))
        self.dom.focus_first('#newgame select[name="host"]')

    def changed(self, el: Any, seat_only: bool) -> None:
        """The players, the pair or a seat changed: the dialog is redrawn only when rows or
        the online setting come or go, and the keyboard stays where it was."""
        if self.setup is None:
            return
        values, seats = self.dom.form_values("newgame")
        chosen = setup_from_form(values, seats)
        if seat_only and bool(chosen.guests()) == bool(self.setup.guests()):
            self.setup = chosen  # nothing else in the dialog changes
            return
        self.setup = chosen
        self.draw(values.get("ice", self.app.ice_text()))
        seat = self.dom.data(el, "seat")
        if seat:
            self.dom.focus_first(f'#newgame select[data-seat="{seat}"]')
