"""Input: clicks and taps (delegated from the document), form changes, and the keyboard.

Keys: 1-9 take the n-th control of the action bar, U undo, R redo, H a hint, L the log, ? the
rules, Escape cancels a half-made choice (or closes the rules, or skips the launch show); in a
replay the arrow keys, Home and End step through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model.players import Setup
from ..model.saves import KEY_PREFIX
from ..platform import dom
from ..screens.newgame import dialog_html, online_setup, setup_from_form
from ..screens.online import ICE_KEY, parse_ice
from .replay import STEPS

if TYPE_CHECKING:
    from ..app import App

BAR_CONTROLS = '#actions [data-testid="action"], #actions [data-testid="action-group"]'


class Input:
    def __init__(self, app: App) -> None:
        self.app = app
        self.from_start = False  # the New game dialog was opened from the start screen

    def on_click(self, event: Any) -> None:
        app = self.app
        link = dom.closest(event, "[data-open-rule]")
        if link is not None:  # a "?" link: the panel instead of leaving the game
            dom.prevent_default(event)
            app.overlays.rules(dom.data(link, "open-rule") or "")
            return
        el = dom.closest(event, "[data-act],[data-group],[data-target],[data-cmd],[data-tab]")
        if el is None:
            return
        act = dom.data(el, "act")
        if act is not None:
            app.try_act(int(act))
            return
        target = dom.data(el, "target")
        if target is not None:
            app.touch(target)
            return
        group = dom.data(el, "group")
        if group is not None:
            app.group = group
            app.render()
            dom.focus_first(BAR_CONTROLS)
            return
        tab = dom.data(el, "tab")
        if tab is not None:
            app.tab = tab
            app.render()
            return
        self.command(dom.data(el, "cmd") or "", el)

    def command(self, cmd: str, el: Any = None) -> None:
        app = self.app
        key = (dom.data(el, "key") or "") if el is not None else ""
        saved = key.startswith(KEY_PREFIX)
        if cmd.startswith("rp-") and cmd != "rp-seat":
            if cmd == "rp-exit":
                app.replays.exit()
            else:
                app.replays.step(cmd)
        elif cmd == "undo":
            app.undo()
        elif cmd == "redo":
            app.redo_one()
        elif cmd == "open-saves":
            app.shelf.open()
        elif cmd == "cancel-new" and self.from_start:
            app.open_start()  # back where the New game dialog was opened from
        elif cmd in ("close-dialog", "resume-new", "cancel-new"):
            app.close_dialog()
        elif cmd == "start-play":
            values, _seats = dom.form_values("startform")
            app.play_computer(values.get("start-level", ""))
        elif cmd == "continue" and saved:
            app.shelf.continue_saved(key)
        elif cmd == "delete-save" and saved:
            app.shelf.delete(key)
        elif cmd == "replay-saved" and saved:
            app.replays.saved(key)
        elif cmd == "replay":
            app.replays.current()
        elif cmd == "report":
            app.gamereport.open()
        elif cmd == "close-report":
            app.gamereport.close()
        elif cmd == "export":
            app.shelf.export()
        elif cmd == "bug-report":
            app.shelf.bug_report()
        elif cmd == "dismiss":
            dom.show("banner", False)
        elif cmd == "privacy":
            app.claim_screen()
        elif cmd == "open-new":
            self.open_new()
        elif cmd == "start-game":
            self.start_game()
        elif cmd == "new-online":
            values, seats = dom.form_values("newgame")
            app.dialog_setup = online_setup(setup_from_form(values, seats))
            dom.set_html("dialog", dialog_html(app.dialog_setup, app.hosting.ice_text()))
        elif cmd == "online-panel" and app.hosting.on:
            app.hosting.open_panel()
        elif cmd == "online-invite" and el is not None:
            app.spawn(app.hosting.invite(dom.data(el, "guest") or ""))
        elif cmd == "online-accept" and el is not None:
            guest = dom.data(el, "guest") or ""
            values, _seats = dom.form_values("online")
            app.spawn(app.hosting.accept(guest, values.get(f"answer.{guest}", "")))
        elif cmd == "copy" and el is not None:
            app.spawn(dom.copy_text(dom.data(el, "copy") or ""))
        elif cmd == "chat-send":
            self.send_chat()
        elif cmd == "leave-online":
            app.new_game(Setup(), run=False)  # leaves the online game (ui.control.joining)
            app.open_start()
        elif cmd == "rules":
            app.overlays.rules()
        elif cmd == "hint":
            app.hints.ask()
        elif cmd == "howto":
            app.overlays.rules(howto=True)
        elif cmd == "tutorial":
            app.tour.begin()
        elif cmd == "tour-next":
            app.tour.next()
        elif cmd == "tour-leave":
            app.tour.leave()
        elif cmd == "close-rules":
            app.overlays.close_rules()
        elif cmd == "skip-launch":
            app.overlays.skip_show = True
        elif cmd in ("confirm-yes", "confirm-no"):
            app.overlays.answer(cmd == "confirm-yes")

    def start_game(self) -> None:
        """The New game dialog's Start: an online game keeps its ICE setting for next time."""
        app = self.app
        values, seats = dom.form_values("newgame")
        setup = setup_from_form(values, seats)
        if setup.guests() and "ice" in values:
            try:
                parse_ice(values["ice"])
            except ValueError as why:
                app.notice(str(why))
                return
            dom.storage_set(ICE_KEY, values["ice"])
        app.new_game(setup)

    def send_chat(self) -> None:
        app = self.app
        values, _seats = dom.form_values("chat")
        text = values.get("chat", "")
        if not text.strip():
            return
        if app.joining.on:
            app.joining.say(text)
        else:
            app.hosting.say(text)
        dom.set_value('#chat input[name="chat"]', "")

    def open_new(self) -> None:
        app = self.app
        self.from_start = app.dialog_kind == "start"
        if app.replays.on:
            app.replays.exit()
        app.dialog_setup = app.setup.copy()
        app.dialog_setup.seed = app.setup.seed + 1
        app.dialog_kind = "new"
        dom.set_html("dialog", dialog_html(app.dialog_setup, app.hosting.ice_text()))
        dom.show("dialog", True)
        dom.focus_first('#dialog input[name="players"]:checked')

    def on_change(self, event: Any) -> None:
        app = self.app
        el = event.target
        name = str(el.name or "") if hasattr(el, "name") else ""
        cmd = dom.data(el, "cmd")
        if cmd == "speed":
            app.setup.speed_ms = int(el.value)
        elif cmd == "import":
            app.spawn(app.shelf.import_file(el))
        elif cmd == "rp-seat":
            app.replays.choose_seat(str(el.value))
        elif cmd == "lang":
            app.set_language(str(el.value), remember=True)
        elif name in ("players", "pair", "seat") and app.dialog_setup is not None:
            values, seats = dom.form_values("newgame")
            chosen = setup_from_form(values, seats)
            if name == "seat" and bool(chosen.guests()) == bool(app.dialog_setup.guests()):
                app.dialog_setup = chosen  # nothing else in the dialog changes
                return
            app.dialog_setup = chosen  # other seat rows, or the online setting, come or go
            dom.set_html("dialog", dialog_html(chosen, values.get("ice", app.hosting.ice_text())))
            seat = dom.data(el, "seat")
            if seat:  # the keyboard stays where it was
                dom.focus_first(f'#newgame select[data-seat="{seat}"]')

    def on_key(self, event: Any) -> None:
        app = self.app
        key = str(event.key)
        tag = str(getattr(event.target, "tagName", "")).upper()
        typing = tag in ("SELECT", "INPUT", "TEXTAREA")
        if bool(getattr(event, "ctrlKey", False)) or bool(getattr(event, "metaKey", False)) \
                or bool(getattr(event, "altKey", False)):
            return
        if app.replays.on and not typing and key in STEPS and not app.gamereport.on:
            app.replays.step(STEPS[key])
            return
        if key == "Escape":
            self.escape()
            return
        if key == "Enter" and str(getattr(event.target, "name", "")) == "chat":
            dom.prevent_default(event)
            self.send_chat()
            return
        target = dom.data(event.target, "target") if hasattr(event.target, "getAttribute") \
            else None
        if key in ("Enter", " ") and target is not None and tag != "BUTTON":
            dom.prevent_default(event)  # a board thing acts like a button
            app.touch(target)
            return
        if typing or app.dialog_kind or dom.is_shown("rules") or dom.is_shown("privacy"):
            return
        if key in "123456789" and len(key) == 1:
            if dom.click_nth(BAR_CONTROLS, int(key) - 1):
                dom.prevent_default(event)
        elif key in ("u", "U"):
            app.undo()
        elif key in ("r", "R"):
            app.redo_one()
        elif key in ("l", "L"):
            dom.toggle_log()
        elif key in ("h", "H") and not app.tour.active:
            app.hints.ask()
        elif key == "?":
            app.overlays.rules()

    def escape(self) -> None:
        app = self.app
        if dom.is_shown("rules"):
            app.overlays.close_rules()
        elif app.gamereport.on:
            app.gamereport.close()
        elif app.dialog_kind == "confirm":
            app.overlays.answer(False)
        elif app.pick.chosen or app.group:
            app.pick.chosen, app.group = (), ""
            app.render()
            app.focus_decision()
        else:
            app.overlays.skip_show = True
