"""The keyboard, as messages: which key, where it was pressed and what is up on the screen make
one message (or none), and whether the browser's own use of the key is to be stopped.

Keys: 1-9 take the n-th control of the action bar, U undo, R redo, H a hint, L the log, ? the
rules, Escape closes what is on top (the phone's menu, the rules, the report, a question) or
cancels a half-made choice, else skips the launch show; in a replay the arrow keys, Home and
End step through it. Enter or Space on a board thing touches it; Enter in the chat sends it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..platform.port import TYPED_TAGS
from .messages import (
    MOST_NAME,
    MOST_TEXT,
    AskHint,
    CancelChoice,
    CloseReport,
    CloseRules,
    Confirm,
    Msg,
    OpenRules,
    PressBarControl,
    Redo,
    ReplayStep,
    SendChat,
    SkipLaunch,
    ToggleLog,
    ToggleMenu,
    Touch,
    Undo,
)

LETTERS: dict[str, Msg] = {"u": Undo(), "r": Redo(), "h": AskHint(), "?": OpenRules(),
                           "l": ToggleLog()}  # in either case
STEPS: dict[str, Msg] = {"ArrowLeft": ReplayStep("prev"), "ArrowRight": ReplayStep("next"),
                         "Home": ReplayStep("first"), "End": ReplayStep("last")}


@dataclass(frozen=True)
class KeyPress:
    """A key pressed: its name, and the focused element's tag, field name, value and board
    target."""
    key: str
    tag: str = "BODY"
    field: str = ""
    value: str = ""
    target: str | None = None
    modified: bool = False  # Ctrl, Alt or the Meta key held: the browser's, never the game's


@dataclass(frozen=True)
class OnScreen:
    """What is up on the screen, as far as keys are concerned."""
    replay: bool = False
    report: bool = False
    menu: bool = False
    rules: bool = False
    confirm: bool = False  # a risky move's question
    half_chosen: bool = False  # a thing touched on the board, or a group of the bar open
    covered: bool = False  # a dialog or the privacy screen holds the person's eye


def decode_key(press: KeyPress, on: OnScreen) -> tuple[Msg | None, bool]:
    """(the message of ``press``, whether the browser's own use of the key is stopped)."""
    if press.modified:
        return None, False
    for rule in (_replay_step, _escape, _in_a_field_or_on_the_board):
        found = rule(press, on)
        if found is not None:
            return found
    if press.tag in TYPED_TAGS or on.covered or on.rules:
        return None, False
    return shortcut(press.key)


def _replay_step(press: KeyPress, on: OnScreen) -> tuple[Msg, bool] | None:
    """A replay's arrow keys, Home and End (not while a field or the report has them)."""
    if on.replay and not on.report and press.tag not in TYPED_TAGS and press.key in STEPS:
        return STEPS[press.key], False
    return None


def _escape(press: KeyPress, on: OnScreen) -> tuple[Msg, bool] | None:
    return (escape(on), False) if press.key == "Escape" else None


def _in_a_field_or_on_the_board(press: KeyPress, _on: OnScreen) -> tuple[Msg, bool] | None:
    """Enter in the chat sends its line; Enter or Space on a board thing touches it."""
    if press.key == "Enter" and press.field == "chat":
        return SendChat(press.value[:MOST_TEXT]), True
    if press.key in ("Enter", " ") and press.target is not None and press.tag != "BUTTON":
        return Touch(press.target[:MOST_NAME]), True  # a board thing acts like a button
    return None


def escape(on: OnScreen) -> Msg:
    """What Escape closes or cancels: the first of these that is up."""
    for up, msg in ((on.menu, ToggleMenu()), (on.rules, CloseRules()),
                    (on.report, CloseReport()), (on.confirm, Confirm(False)),
                    (on.half_chosen, CancelChoice())):
        if up:
            return msg
    return SkipLaunch()


def shortcut(key: str) -> tuple[Msg | None, bool]:
    """A digit takes the bar's control of that number; a letter its tool."""
    if len(key) == 1 and key in "123456789":
        return PressBarControl(int(key)), True
    return LETTERS.get(key.lower()), False
