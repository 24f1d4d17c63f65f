"""Input: clicks and taps (delegated from the document), form changes, and the keyboard.

Every ``data-cmd`` of the page is looked up in one table of commands that the controllers
contribute (:data:`Commands`, put together by the app); the keys below are commands too.

Keys: 1-9 take the n-th control of the action bar, U undo, R redo, H a hint, L the log, ? the
rules, Escape cancels a half-made choice (or closes the rules, or skips the launch show); in a
replay the arrow keys, Home and End step through it.
"""

from __future__ import annotations

from typing import Any

from ..markup.controls import BAR_CONTROLS
from ..model.roles import Overlays, Replays, Report, Screen, TurnLoop
from ..model.table import Table
from ..platform.port import TYPED_TAGS, Commands, Platform

KEYS = {"u": "undo", "r": "redo", "h": "hint", "?": "rules"}  # letters in either case
STEPS = {"ArrowLeft": "rp-prev", "ArrowRight": "rp-next", "Home": "rp-first", "End": "rp-last"}
CHANGES = ("speed", "import", "rp-seat", "lang")  # the commands a form control's change sends
FORM_FIELDS = {"players": "form-players", "pair": "form-players", "seat": "form-seat",
               "host": "form-host"}


class Input:
    def __init__(self, dom: Platform, table: Table, screen: Screen, turns: TurnLoop,
                 overlays: Overlays, replays: Replays, report: Report,
                 commands: Commands) -> None:
        self.dom = dom
        self.table = table
        self.screen = screen
        self.turns = turns
        self.overlays = overlays
        self.replays = replays
        self.report = report
        self.commands = commands

    def run(self, cmd: str, el: Any = None) -> bool:
        """Carry out command ``cmd`` (False when no controller knows it)."""
        handler = self.commands.get(cmd)
        if handler is None:
            return False
        if cmd != "menu" and self.table.close_menu():  # a tool chosen from a phone's menu
            self.screen.render()
        handler(el)
        return True

    def on_click(self, event: Any) -> None:
        link = self.dom.closest(event, "[data-open-rule]")
        if link is not None:  # a "?" link: the panel instead of leaving the game
            self.dom.prevent_default(event)
            self.overlays.rules(self.dom.data(link, "open-rule") or "")
            return
        el = self.dom.closest(event, "[data-act],[data-group],[data-target],[data-cmd],[data-tab]")
        if el is None:
            return
        act = self.dom.data(el, "act")
        if act is not None:
            self.turns.try_act(int(act))
            return
        target = self.dom.data(el, "target")
        if target is not None:
            self.turns.touch(target)
            return
        group = self.dom.data(el, "group")
        if group is not None:
            self.table.open_group(group)
            self.screen.render()
            if self.table.seat is not None:  # what the group's controls touch, in view
                self.turns.bring_into_view(self.table.seat)
            self.dom.focus_first(BAR_CONTROLS)
            return
        tab = self.dom.data(el, "tab")
        if tab is not None:
            self.table.show_tab(tab)
            self.screen.render()
            return
        self.run(self.dom.data(el, "cmd") or "", el)

    def on_change(self, event: Any) -> None:
        el = event.target
        cmd = self.dom.data(el, "cmd") or ""
        if cmd in CHANGES:
            self.run(cmd, el)
            return
        name = str(el.name or "") if hasattr(el, "name") else ""
        if name in FORM_FIELDS:  # the New game dialog's players, pair or a seat changed
            self.run(FORM_FIELDS[name], el)

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
            self.run(STEPS[key])
            return
        if key == "Escape":
            self.escape()
            return
        if key == "Enter" and str(getattr(event.target, "name", "")) == "chat":
            self.dom.prevent_default(event)
            self.run("chat-send")
            return
        target = self.dom.data(event.target, "target")
        if key in ("Enter", " ") and target is not None and tag != "BUTTON":
            self.dom.prevent_default(event)  # a board thing acts like a button
            self.turns.touch(target)
            return
        if typing or self.table.dialog or self.dom.is_shown("rules") \
                or self.dom.is_shown("privacy"):
            return
        if key in "123456789" and len(key) == 1:
            if self.dom.click_nth(BAR_CONTROLS, int(key) - 1):
                self.dom.prevent_default(event)
        elif key.lower() == "l":
            self.dom.toggle_log()
        elif key.lower() in KEYS:
            self.run(KEYS[key.lower()])

    def escape(self) -> None:
        if self.table.menu:
            self.run("menu")
        elif self.dom.is_shown("rules"):
            self.run("close-rules")
        elif self.report.on:
            self.run("close-report")
        elif self.table.dialog == "confirm":
            self.run("confirm-no")
        elif self.half_chosen:
            self.cancel_choice()
        else:
            self.run("skip-launch")

    @property
    def half_chosen(self) -> bool:
        """A thing touched on the board, or a group of the bar opened (Escape undoes it)."""
        return bool(self.table.pick.chosen or self.table.group)

    def cancel_choice(self) -> None:
        self.table.cancel_choice()
        self.screen.render()
        self.turns.focus_decision()
