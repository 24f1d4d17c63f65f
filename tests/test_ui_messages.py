"""The screen's messages (ui/loop/messages.py): every request a person can make is a typed
message with exactly one handler in the app, every ``data-cmd`` the page draws decodes to one,
and what a message carries from the page is read there once, within its bounds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.fake_platform import FakePlatform
from ui.app import App
from ui.loop.keys import KeyPress, OnScreen, decode_key
from ui.loop.messages import (
    COMMANDS,
    MOST_DIGITS,
    MOST_FIELDS,
    MOST_NAME,
    MOST_TEXT,
    AcceptAnswer,
    CancelChoice,
    CloseReport,
    CloseRules,
    Confirm,
    EndDiscussion,
    Handlers,
    Msg,
    NewGameChanged,
    OnSaved,
    OpenRules,
    PressBarControl,
    Redo,
    ReplayGoto,
    ReplayStep,
    SendChat,
    SetSpeed,
    ShowTab,
    SkipLaunch,
    ToggleMenu,
    Touch,
    Undo,
    decode,
    decode_board,
    decode_change,
    decode_rule_link,
    every_kind,
    on,
)

ROOT = Path(__file__).resolve().parent.parent
# Where the page's markup is written: the Python that draws it, the page and its scripts.
MARKUP = [*sorted((ROOT / "ui").rglob("*.py")), ROOT / "index.html",
          *sorted((ROOT / "public").glob("*.js"))]
WRITTEN = re.compile(r'data-cmd="([a-z-]+)"')


class Carried:
    """A page element for the decoder: its data attributes, value and the page's forms."""

    def __init__(self, value: str = "", forms: dict[str, dict[str, str]] | None = None,
                 **data: str) -> None:
        self.attrs = {k.replace("_", "-"): v for k, v in data.items()}
        self.text = value
        self.forms = forms or {}

    def data(self, key: str) -> str | None:
        return self.attrs.get(key)

    def value(self) -> str:
        return self.text

    def form(self, form_id: str) -> tuple[dict[str, str], dict[str, str]]:
        fields = self.forms.get(form_id, {})
        return ({k: v for k, v in fields.items() if not k.startswith("seat:")},
                {k[5:]: v for k, v in fields.items() if k.startswith("seat:")})

    @property
    def element(self) -> object:
        return self


def test_every_message_class_has_exactly_one_handler_in_the_app() -> None:
    app = App(FakePlatform())
    handled = set(app.input.handlers.by_kind)
    kinds = set(every_kind())
    assert kinds - handled == set(), f"no handler for {sorted(k.__name__ for k in kinds - handled)}"
    assert handled <= kinds


def test_a_message_class_handled_twice_or_not_at_all_is_caught() -> None:
    with pytest.raises(ValueError, match="Undo handled twice"):
        Handlers([on(Undo, lambda _m: None)], [on(Undo, lambda _m: None)])
    handlers = Handlers([on(Undo, lambda _m: None)])
    assert handlers.handle(Undo()) and not handlers.handle(Touch("x"))


def test_every_command_the_page_draws_decodes_and_every_decoded_one_is_drawn() -> None:
    sources = {path: path.read_text(encoding="utf-8") for path in MARKUP
               if path.name != "messages.py"}
    drawn = {cmd for text in sources.values() for cmd in WRITTEN.findall(text)}
    assert drawn and drawn - COMMANDS.keys() == set(), drawn - COMMANDS.keys()
    # names handed to a helper that writes the attribute (the replay's step buttons...)
    quoted = {cmd for cmd in COMMANDS
              if any(f'"{cmd}"' in text for text in sources.values())}
    assert COMMANDS.keys() - quoted == set(), "decoded, never drawn"


def test_each_command_decodes_to_its_message_and_an_unknown_one_to_none() -> None:
    carried = Carried(value="12", key="moonshot.save.1", guest="USSR.engineer", nation="USSR",
                      drawer="log", chapter="2", copy="text", copied="Copied",
                      status="s", forms={"online": {"answer.USSR.engineer": "a1.code"},
                                         "chat": {"chat": "hello"},
                                         "newgame": {"players": "3", "seat:USA": "h"}})
    for cmd in COMMANDS:
        msg = decode(cmd, carried)
        assert isinstance(msg, Msg), cmd
    assert decode("no-such-command", carried) is None
    assert decode("online-accept", carried) == AcceptAnswer("USSR.engineer", "a1.code")
    assert decode("continue", carried) == OnSaved("continue", "moonshot.save.1")
    changed = decode_change("", "seat", Carried(seat="USA", forms={"newgame": {
        "players": "3", "seat:USA": "medium"}}))
    assert changed == NewGameChanged("seat", {"players": "3"}, {"USA": "medium"}, "USA")
    # A click on a field whose change is the message (a list, a file chooser) sends nothing:
    # what is chosen arrives with the change.
    for cmd in ("speed", "lang", "rp-seat", "import"):
        assert decode_board(Carried(value="300", cmd=cmd)) is None
        assert decode_change(cmd, "", Carried(value="300")) is not None


def test_what_a_message_carries_is_bounded_whatever_the_page_holds() -> None:
    huge = "9" * 100_000
    assert decode("speed", Carried(value=huge)) is None
    assert decode("speed", Carried(value="-5")) is None
    assert decode("speed", Carried(value="9" * MOST_DIGITS)) == SetSpeed(int("9" * MOST_DIGITS))
    # a nation is read as one (game.core.names), or the command is nothing
    assert decode("end-discussion", Carried(nation="USSR")) == EndDiscussion("USSR")
    assert decode("end-discussion", Carried(nation="MARS")) is None
    assert decode("end-discussion", Carried(nation=huge)) is None
    # a phone's tab is one of the table's parts, or the touch is nothing
    assert decode_board(Carried(tab="centre")) == ShowTab("centre")
    assert decode_board(Carried(tab="MARS")) is None and decode_board(Carried(tab=huge)) is None
    assert decode("rp-goto", Carried(chapter=huge, step="abc")) is None
    assert decode("rp-goto", Carried(step="42")) == ReplayGoto(None, 42)
    saved = decode("delete-save", Carried(key="k" * 100_000))
    assert isinstance(saved, OnSaved) and len(saved.key) == MOST_NAME
    pasted = decode("online-accept", Carried(guest="g", forms={"online": {"answer.g": huge}}))
    assert isinstance(pasted, AcceptAnswer) and len(pasted.answer) == MOST_TEXT
    assert decode_board(Carried(act=huge)) is None
    touched = decode_board(Carried(target="t" * 100_000, cmd="undo"))
    assert isinstance(touched, Touch) and len(touched.target) == MOST_NAME
    assert decode_board(Carried(cmd="undo")) == Undo()
    rule = decode_rule_link(Carried(open_rule="r" * 100_000))
    assert isinstance(rule, OpenRules) and len(rule.rule) == MOST_NAME
    many = {f"f{i}": "x" for i in range(10_000)}
    form = decode_change("", "players", Carried(forms={"newgame": many}))
    assert isinstance(form, NewGameChanged) and len(form.values) <= MOST_FIELDS


@pytest.mark.parametrize(("press", "on", "wanted"), [
    (KeyPress("u"), OnScreen(), (Undo(), False)),
    (KeyPress("R"), OnScreen(), (Redo(), False)),
    (KeyPress("3"), OnScreen(), (PressBarControl(3), True)),
    (KeyPress("0"), OnScreen(), (None, False)),
    (KeyPress("u", modified=True), OnScreen(), (None, False)),
    (KeyPress("u", tag="INPUT"), OnScreen(), (None, False)),
    (KeyPress("u"), OnScreen(covered=True), (None, False)),
    (KeyPress("h"), OnScreen(rules=True), (None, False)),
    (KeyPress("ArrowRight"), OnScreen(replay=True), (ReplayStep("next"), False)),
    (KeyPress("ArrowRight"), OnScreen(replay=True, report=True), (None, False)),
    (KeyPress("Home", tag="SELECT"), OnScreen(replay=True), (None, False)),
    (KeyPress("Escape"), OnScreen(menu=True, rules=True), (ToggleMenu(), False)),
    (KeyPress("Escape"), OnScreen(rules=True, report=True), (CloseRules(), False)),
    (KeyPress("Escape"), OnScreen(report=True, confirm=True), (CloseReport(), False)),
    (KeyPress("Escape"), OnScreen(confirm=True, half_chosen=True), (Confirm(False), False)),
    (KeyPress("Escape"), OnScreen(half_chosen=True), (CancelChoice(), False)),
    (KeyPress("Escape"), OnScreen(), (SkipLaunch(), False)),
    (KeyPress("Enter", tag="INPUT", field="chat", value="hi"), OnScreen(covered=True),
     (SendChat("hi"), True)),
    (KeyPress(" ", tag="DIV", target="cell:USA:7"), OnScreen(), (Touch("cell:USA:7"), True)),
    (KeyPress("Enter", tag="BUTTON", target="cell:USA:7"), OnScreen(), (None, False)),
])
def test_each_key_is_its_message_where_it_is_pressed(press: KeyPress, on: OnScreen,
                                                     wanted: tuple[Msg | None, bool]) -> None:
    assert decode_key(press, on) == wanted


def test_what_a_key_carries_is_bounded() -> None:
    chat, stop = decode_key(KeyPress("Enter", field="chat", value="x" * 100_000), OnScreen())
    assert stop and isinstance(chat, SendChat) and len(chat.text) == MOST_TEXT
    touch, _stop = decode_key(KeyPress("Enter", tag="DIV", target="t" * 100_000), OnScreen())
    assert isinstance(touch, Touch) and len(touch.target) == MOST_NAME
