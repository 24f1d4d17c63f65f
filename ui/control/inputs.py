"""Input: clicks and taps (delegated from the document), form changes, and the keyboard, each
made a typed message (:mod:`ui.loop.messages`: decoded there from what the element carries)
and handed to its one handler.

Keys: 1-9 take the n-th control of the action bar, U undo, R redo, H a hint, L the log, ? the
rules, Escape cancels a half-made choice (or closes the rules, or skips the launch show); in a
replay the arrow keys, Home and End step through it.
"""

from __future__ import annotations

from typing import Any

from ..loop.messages import (
    MOST_NAME,
    Act,
    AskHint,
    CloseReport,
    CloseRules,
    Confirm,
    Handlers,
    Msg,
    OpenGroup,
    OpenRules,
    Redo,
    ReplayStep,
    ShowTab,
    SkipLaunch,
    ToggleLog,
    ToggleMenu,
    Touch,
    Undo,
    decode,
    decode_board,
    decode_change,
)
from ..markup.controls import BAR_CONTROLS
from ..model.roles import Replays, Report, Screen, TurnLoop
from ..model.table import Table
from ..platform.port import TYPED_TAGS, Platform

KEYS: dict[str, Msg] = {"u": Undo(), "r": Redo(), "h": AskHint(), "?": OpenRules(),
                        "l": ToggleLog()}  # letters in either case
STEPS: dict[str, Msg] = {"ArrowLeft": ReplayStep("prev"), "ArrowRight": ReplayStep("next"),
                         "Home": ReplayStep("first"), "End": ReplayStep("last")}
# What the board and the bar ask: a phone's open menu stays as it is for them.
ON_THE_TABLE = (Act, Touch, OpenGroup, ShowTab, ToggleMenu)


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
    def __init__(self, dom: Platform, table: Table, screen: Screen, turns: TurnLoop,
                 replays: Replays, report: Report, handlers: Handlers) -> None:
        self.dom = dom
        self.table = table
        self.screen = screen
        self.turns = turns
        self.replays = replays
        self.report = report
        self.handlers = handlers

    def send(self, msg: Msg | None) -> bool:
        """Carry out ``msg`` (False when there is none, or nothing handles it)."""
        if msg is None:
            return False
        if not isinstance(msg, ON_THE_TABLE) and self.table.close_menu():
            self.screen.render()  # a tool chosen from a phone's menu
        return self.handlers.handle(msg)

    def on_click(self, event: Any) -> None:
        link = self.dom.closest(event, "[data-open-rule]")
        if link is not None:  # a "?" link: the panel instead of leaving the game
            self.dom.prevent_default(event)
            self.send(OpenRules(Element(self.dom, link).data("open-rule") or ""))
            return
        el = self.dom.closest(event, "[data-act],[data-group],[data-target],[data-cmd],[data-tab]")
        if el is not None:
            self.send(decode_board(Element(self.dom, el)))

    def on_change(self, event: Any) -> None:
        el = event.target
        name = str(el.name or "") if hasattr(el, "name") else ""
        self.send(decode_change(self.dom.data(el, "cmd") or "", name, Element(self.dom, el)))

    def on_key(self, event: Any) -> None:
        key = str(event.key)
        if key == "Tab":
            self.dom.keep_tab_inside(event)
            return
        tag = str(getattr(event.target, "tagName", "")).upper()
        typing = tag in TYPED_TAGS
        if bool(getattr(event, "ctrlKey", False)) or bool(getattr(event, "metaKey", False)) \
                or bool(getattr(event, "altKey", False)):
            return
        if self.replays.on and not typing and key in STEPS and not self.report.on:
            self.send(STEPS[key])
            return
        if key == "Escape":
            self.escape()
            return
        if key == "Enter" and str(getattr(event.target, "name", "")) == "chat":
            self.dom.prevent_default(event)
            self.send(decode("chat-send", Element(self.dom, event.target)))
            return
        target = self.dom.data(event.target, "target")
        if key in ("Enter", " ") and target is not None and tag != "BUTTON":
            self.dom.prevent_default(event)  # a board thing acts like a button
            self.send(Touch(target[:MOST_NAME]))
            return
        if typing or self.table.dialog or self.dom.is_shown("rules") \
                or self.dom.is_shown("privacy"):
            return
        if key in "123456789" and len(key) == 1:
            if self.dom.click_nth(BAR_CONTROLS, int(key) - 1):
                self.dom.prevent_default(event)
        elif key.lower() in KEYS:
            self.send(KEYS[key.lower()])

    def escape(self) -> None:
        if self.table.menu:
            self.send(ToggleMenu())
        elif self.dom.is_shown("rules"):
            self.send(CloseRules())
        elif self.report.on:
            self.send(CloseReport())
        elif self.table.dialog == "confirm":
            self.send(Confirm(False))
        elif self.half_chosen:
            self.cancel_choice()
        else:
            self.send(SkipLaunch())

    @property
    def half_chosen(self) -> bool:
        """A thing touched on the board, or a group of the bar opened (Escape undoes it)."""
        return bool(self.table.pick.chosen or self.table.group)

    def cancel_choice(self) -> None:
        self.table.cancel_choice()
        self.screen.render()
        self.turns.focus_decision()
