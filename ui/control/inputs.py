"""Input: clicks and taps (delegated from the document), form changes, and the keyboard, each
made a typed message (:mod:`ui.loop.messages`: decoded there from what the element carries)
and handed to its one handler.

The keys' messages: :mod:`ui.loop.keys`.
"""

from __future__ import annotations

from typing import Any

from ..loop.cycle import Cycle
from ..loop.keys import KeyPress, OnScreen, decode_key
from ..loop.messages import (
    Act,
    Handlers,
    Msg,
    OpenGroup,
    PressBarControl,
    ShowTab,
    ToggleLog,
    ToggleMenu,
    Touch,
    decode_board,
    decode_change,
    decode_rule_link,
)
from ..model.roles import Report, Screen
from ..model.table import Table
from ..platform.port import Platform

# What the board, the bar and their keys ask: a phone's open menu stays as it is for them.
ON_THE_TABLE = (Act, Touch, OpenGroup, ShowTab, ToggleMenu, PressBarControl, ToggleLog)


class Element:
    """A page element as :func:`ui.loop.messages.decode` reads it (the Carrier)."""

    def __init__(self, dom: Platform, el: Any) -> None:
        self.dom = dom
        self.el = el

    def data(self, key: str) -> str | None:
        return self.dom.data(self.el, key)

    def value(self) -> str:
        return str(getattr(self.el, "value", "") or "")

    def form(self, form_id: str) -> tuple[dict[str, str], dict[str, str]]:
        return self.dom.form_values(form_id)

    @property
    def element(self) -> object:
        return self.el


class Input:
    def __init__(self, dom: Platform, table: Table, screen: Screen, report: Report,
                 handlers: Handlers, cycle: Cycle) -> None:
        self.dom = dom
        self.table = table
        self.screen = screen
        self.report = report
        self.handlers = handlers
        self.cycle = cycle

    def send(self, msg: Msg | None) -> bool:
        """Carry out ``msg`` and paint the page once (False when there is no message, or
        nothing handles it)."""
        if msg is None:
            return False
        with self.cycle.message():
            if not isinstance(msg, ON_THE_TABLE):
                self.table.close_menu()  # a tool chosen from a phone's menu
            return self.handlers.handle(msg)

    def on_click(self, event: Any) -> None:
        link = self.dom.closest(event, "[data-open-rule]")
        if link is not None:  # a "?" link: the panel instead of leaving the game
            self.dom.prevent_default(event)
            self.send(decode_rule_link(Element(self.dom, link)))
            return
        el = self.dom.closest(event, "[data-act],[data-group],[data-target],[data-cmd],[data-tab]")
        if el is not None:
            self.send(decode_board(Element(self.dom, el)))

    def on_change(self, event: Any) -> None:
        el = event.target
        name = str(el.name or "") if hasattr(el, "name") else ""
        self.send(decode_change(self.dom.data(el, "cmd") or "", name, Element(self.dom, el)))

    def on_key(self, event: Any) -> None:
        if str(event.key) == "Tab":
            self.dom.keep_tab_inside(event)
            return
        msg, stop = decode_key(self.pressed(event), self.on_screen())
        if stop:
            self.dom.prevent_default(event)
        self.send(msg)

    def pressed(self, event: Any) -> KeyPress:
        el = event.target
        modified = any(bool(getattr(event, name, False))
                       for name in ("ctrlKey", "metaKey", "altKey"))
        return KeyPress(str(event.key), str(getattr(el, "tagName", "")).upper(),
                        str(getattr(el, "name", "") or ""), Element(self.dom, el).value(),
                        self.dom.data(el, "target"), modified)

    def on_screen(self) -> OnScreen:
        table = self.table
        return OnScreen(replay=table.replaying, report=self.report.on, menu=bool(table.menu),
                        rules="rules" in table.up, confirm=table.dialog == "confirm",
                        half_chosen=bool(table.pick.chosen or table.group),
                        covered=bool(table.dialog) or "privacy" in table.up)
