"""What a person can ask of the screen, as typed messages: one frozen dataclass a request, decoded
in one place (:func:`decode`) from what the page's element carries, with its bounds, and
carried out by the one handler the app registers for its class (:class:`Handlers`).

The markup names a request by its ``data-cmd`` (or, on the board and the action bar, by
``data-act``, ``data-target``, ``data-group`` or ``data-tab``); the keyboard's keys name the same
messages. Nothing past :func:`decode` looks at a command's name or at the element: a handler
gets the message, whose fields are already read and bounded (a key of a saved game, a guest,
a number of at most six digits, a text of at most :data:`MOST_TEXT` characters).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Literal, Protocol, TypeGuard, TypeVar, cast, get_args

from game.core.names import NationId, is_nation

MOST_TEXT = 4000  # characters of a typed or pasted text (an answer code, a chat line)
MOST_NAME = 120  # characters of an id a page element carries (a save's key, a guest, a rule)
MOST_DIGITS = 6  # digits of a number a page element carries
MOST_FIELDS = 64  # fields of a form (the New game dialog has at most 14)

# The parts of the table a phone shows one at a time: a nation's board, or the centre.
Tab = Literal["USA", "USSR", "centre"]
TABS: tuple[Tab, ...] = get_args(Tab)


class Msg:
    """A request of the person's (or of a key), to one handler."""


@dataclass(frozen=True)
class Act(Msg):
    """A control of the action bar: the decision's legal action at ``index``."""
    index: int


@dataclass(frozen=True)
class Touch(Msg):
    """A thing on the board, or an option on it (its target id)."""
    target: str


@dataclass(frozen=True)
class OpenGroup(Msg):
    """A group of the action bar opened ("" for every control again)."""
    group: str


@dataclass(frozen=True)
class ShowTab(Msg):
    """A part of the table in front, on a phone: a nation's board, or the centre."""
    tab: Tab


@dataclass(frozen=True)
class CancelChoice(Msg):
    """A thing touched on the board, or a group of the bar opened, let go (Escape)."""


@dataclass(frozen=True)
class PressBarControl(Msg):
    """The action bar's control of this number (from 1: a digit key), folded or not."""
    number: int


@dataclass(frozen=True)
class Undo(Msg):
    pass


@dataclass(frozen=True)
class Redo(Msg):
    pass


@dataclass(frozen=True)
class ClaimScreen(Msg):
    """The privacy screen's "I am here": the seat's own table shown."""


@dataclass(frozen=True)
class ShowMine(Msg):
    """At a shared screen: my own board again."""


@dataclass(frozen=True)
class EndDiscussion(Msg):
    nation: NationId


@dataclass(frozen=True)
class AskHint(Msg):
    pass


@dataclass(frozen=True)
class ReadTable(Msg):
    """The coach's reading of the hidden table."""


@dataclass(frozen=True)
class OpenRules(Msg):
    """The rules panel (at ``rule``'s anchor, if any), or How to play."""
    rule: str = ""
    howto: bool = False


@dataclass(frozen=True)
class CloseRules(Msg):
    pass


@dataclass(frozen=True)
class SkipLaunch(Msg):
    pass


@dataclass(frozen=True)
class Confirm(Msg):
    """The answer to a risky move's question."""
    yes: bool


@dataclass(frozen=True)
class DismissBanner(Msg):
    pass


@dataclass(frozen=True)
class CloseDialog(Msg):
    pass


@dataclass(frozen=True)
class SetSpeed(Msg):
    """How long a computer player's turn takes at least, in milliseconds."""
    ms: int


@dataclass(frozen=True)
class OpenDrawer(Msg):
    name: str


@dataclass(frozen=True)
class ToggleMenu(Msg):
    pass


@dataclass(frozen=True)
class ToggleLog(Msg):
    pass


@dataclass(frozen=True)
class SetLanguage(Msg):
    code: str


@dataclass(frozen=True)
class ToggleSound(Msg):
    pass


# ------------------------------------------------------------------ saves


@dataclass(frozen=True)
class OpenSaves(Msg):
    pass


SaveDeed = Literal["continue", "take-here", "delete", "export-raw"]


@dataclass(frozen=True)
class OnSaved(Msg):
    """Something done to the saved game ``key``: go on with it, take it to this tab, delete it
    or export it as it is."""
    deed: SaveDeed
    key: str


@dataclass(frozen=True)
class ReplaySaved(Msg):
    key: str


@dataclass(frozen=True)
class Export(Msg):
    pass


@dataclass(frozen=True)
class BugReport(Msg):
    pass


@dataclass(frozen=True)
class ImportFile(Msg):
    """A file chosen in the import field (``source``: the field, which holds it)."""
    source: object = field(compare=False)


# ------------------------------------------------------------------ replays, report, sharing

ReplayEnd = Literal["first", "prev", "next", "last"]


@dataclass(frozen=True)
class ReplayStep(Msg):
    to: ReplayEnd


@dataclass(frozen=True)
class ReplayGoto(Msg):
    """A chapter of the timeline, or a moment the report names (one of the two)."""
    chapter: int | None = None
    step: int | None = None


@dataclass(frozen=True)
class ReplaySeat(Msg):
    """Whose view the replay shows."""
    seat: str


@dataclass(frozen=True)
class ReplayPlay(Msg):
    pass


@dataclass(frozen=True)
class ReplayExit(Msg):
    pass


@dataclass(frozen=True)
class ReplayThisGame(Msg):
    pass


@dataclass(frozen=True)
class OpenReport(Msg):
    pass


@dataclass(frozen=True)
class CloseReport(Msg):
    pass


@dataclass(frozen=True)
class Share(Msg):
    pass


# ------------------------------------------------------------------ the Tutorial, an example


@dataclass(frozen=True)
class TutorialBegin(Msg):
    pass


@dataclass(frozen=True)
class TutorialNext(Msg):
    pass


@dataclass(frozen=True)
class TutorialLeave(Msg):
    pass


@dataclass(frozen=True)
class TutorialFresh(Msg):
    """The Tutorial's game dealt again from its start."""


@dataclass(frozen=True)
class ExampleReset(Msg):
    pass


# ------------------------------------------------------------------ a new game


@dataclass(frozen=True)
class PlayComputer(Msg):
    """The start screen's game against the computer, at ``level``."""
    level: str


@dataclass(frozen=True)
class OpenNewGame(Msg):
    pass


@dataclass(frozen=True)
class CancelNewGame(Msg):
    pass


@dataclass(frozen=True)
class StartGame(Msg):
    """The New game dialog's Start: the form's values as they are (as ``NewGameChanged``)."""
    values: Mapping[str, str]
    seats: Mapping[str, str]


@dataclass(frozen=True)
class NewOnline(Msg):
    """The New game dialog's "Play online": the form's values as they are."""
    values: Mapping[str, str]
    seats: Mapping[str, str]


@dataclass(frozen=True)
class LeaveOnline(Msg):
    pass


FormKind = Literal["players", "seat", "host"]


@dataclass(frozen=True)
class NewGameChanged(Msg):
    """A field of the New game dialog changed (the players or the pair, a seat, "You play"):
    the form's values as they are now, and the seat whose field it was, if one."""
    kind: FormKind
    values: Mapping[str, str]
    seats: Mapping[str, str]
    seat: str = ""


# ------------------------------------------------------------------ online


@dataclass(frozen=True)
class OnlinePanel(Msg):
    pass


@dataclass(frozen=True)
class Invite(Msg):
    """A fresh invitation for ``guest``."""
    guest: str


@dataclass(frozen=True)
class AcceptAnswer(Msg):
    """The answer code pasted for ``guest``."""
    guest: str
    answer: str


@dataclass(frozen=True)
class SendChat(Msg):
    text: str


@dataclass(frozen=True)
class Copy(Msg):
    """A Copy button: ``text`` to the clipboard; ``copied`` said under it in ``status``."""
    text: str
    copied: str
    status: str


# ------------------------------------------------------------------ decoding


class Carrier(Protocol):
    """The page element a request came from, as the decoder reads it."""

    def data(self, key: str) -> str | None:
        """Its ``data-<key>``."""
        ...

    def value(self) -> str:
        """Its value (a form field's)."""
        ...

    def form(self, form_id: str) -> tuple[dict[str, str], dict[str, str]]:
        """(named field values, seat choices) of the page's form ``form_id``."""
        ...

    @property
    def element(self) -> object:
        """The element itself (what a file field holds is read from it)."""
        ...


def _name(text: str | None) -> str:
    return (text or "")[:MOST_NAME]


def _is_tab(text: str) -> TypeGuard[Tab]:
    return text in TABS


def _nation(text: str | None) -> NationId | None:
    """The nation ``text`` names (None: it names none)."""
    return text if is_nation(text) else None


def _number(text: str | None) -> int | None:
    text = text or ""
    return int(text) if text.isdecimal() and len(text) <= MOST_DIGITS else None


def _speed(c: Carrier) -> Msg | None:
    ms = _number(c.value())
    return None if ms is None else SetSpeed(ms)


def _goto(c: Carrier) -> Msg | None:
    chapter, step = _number(c.data("chapter")), _number(c.data("step"))
    return None if chapter is None and step is None else ReplayGoto(chapter, step)


def _saved(deed: SaveDeed) -> Callable[[Carrier], Msg]:
    return lambda c: OnSaved(deed, _name(c.data("key")))


def _changed(kind: FormKind) -> Callable[[Carrier], Msg]:
    def read(c: Carrier) -> Msg:
        values, seats = c.form("newgame")
        return NewGameChanged(kind, _bounded(values), _bounded(seats), _name(c.data("seat")))
    return read


def _new_game(kind: type[StartGame] | type[NewOnline]) -> Callable[[Carrier], Msg]:
    def read(c: Carrier) -> Msg:
        values, seats = c.form("newgame")
        return kind(_bounded(values), _bounded(seats))
    return read


def _bounded(fields: dict[str, str]) -> dict[str, str]:
    return {_name(k): v[:MOST_TEXT] for k, v in islice(fields.items(), MOST_FIELDS)}


def _accept(c: Carrier) -> Msg:
    guest = _name(c.data("guest"))
    values, _seats = c.form("online")
    return AcceptAnswer(guest, values.get(f"answer.{guest}", "")[:MOST_TEXT])


def _chat(c: Carrier) -> Msg:
    values, _seats = c.form("chat")
    return SendChat(values.get("chat", "")[:MOST_TEXT])


def _copy(c: Carrier) -> Msg:
    return Copy((c.data("copy") or "")[:MOST_TEXT], _name(c.data("copied")),
                _name(c.data("status")))


def _start_level(c: Carrier) -> Msg:
    values, _seats = c.form("startform")
    return PlayComputer(_name(values.get("start-level")))


def _fixed(msg: Msg) -> Callable[[Carrier], Msg]:
    return lambda _c: msg


# Every ``data-cmd`` of the page and how its message is read from the element that carries it.
COMMANDS: Mapping[str, Callable[[Carrier], Msg | None]] = {
    "undo": _fixed(Undo()), "redo": _fixed(Redo()), "privacy": _fixed(ClaimScreen()),
    "show-mine": _fixed(ShowMine()),
    "end-discussion": lambda c: None if (n := _nation(c.data("nation"))) is None
                                else EndDiscussion(n),
    "hint": _fixed(AskHint()), "reading": _fixed(ReadTable()),
    "rules": _fixed(OpenRules()), "howto": _fixed(OpenRules(howto=True)),
    "close-rules": _fixed(CloseRules()), "skip-launch": _fixed(SkipLaunch()),
    "confirm-yes": _fixed(Confirm(True)), "confirm-no": _fixed(Confirm(False)),
    "dismiss": _fixed(DismissBanner()),
    "close-dialog": _fixed(CloseDialog()), "resume-new": _fixed(CloseDialog()),
    "speed": _speed, "drawer": lambda c: OpenDrawer(_name(c.data("drawer"))),
    "menu": _fixed(ToggleMenu()), "lang": lambda c: SetLanguage(_name(c.value())),
    "sound": _fixed(ToggleSound()),
    "open-saves": _fixed(OpenSaves()), "continue": _saved("continue"),
    "take-here": _saved("take-here"), "delete-save": _saved("delete"),
    "export-raw": _saved("export-raw"),
    "replay-saved": lambda c: ReplaySaved(_name(c.data("key"))),
    "export": _fixed(Export()), "bug-report": _fixed(BugReport()),
    "import": lambda c: ImportFile(c.element),
    "rp-first": _fixed(ReplayStep("first")), "rp-prev": _fixed(ReplayStep("prev")),
    "rp-next": _fixed(ReplayStep("next")), "rp-last": _fixed(ReplayStep("last")),
    "rp-goto": _goto, "rp-seat": lambda c: ReplaySeat(_name(c.value())),
    "rp-play": _fixed(ReplayPlay()), "rp-exit": _fixed(ReplayExit()),
    "replay": _fixed(ReplayThisGame()),
    "report": _fixed(OpenReport()), "close-report": _fixed(CloseReport()),
    "share": _fixed(Share()),
    "tutorial": _fixed(TutorialBegin()), "tour-next": _fixed(TutorialNext()),
    "tour-leave": _fixed(TutorialLeave()), "tour-fresh": _fixed(TutorialFresh()),
    "example-reset": _fixed(ExampleReset()),
    "start-play": _start_level, "open-new": _fixed(OpenNewGame()),
    "cancel-new": _fixed(CancelNewGame()), "start-game": _new_game(StartGame),
    "new-online": _new_game(NewOnline), "leave-online": _fixed(LeaveOnline()),
    "online-panel": _fixed(OnlinePanel()),
    "online-invite": lambda c: Invite(_name(c.data("guest"))),
    "online-accept": _accept, "chat-send": _chat, "copy": _copy,
}
# The commands a form field's change sends; a click on the field sends nothing (it opens a
# list or a file chooser: what is chosen arrives as the change).
ON_CHANGE = frozenset({"speed", "import", "rp-seat", "lang"})
# The New game dialog's fields whose change is a message, by the field's name.
FORM_FIELDS: Mapping[str, Callable[[Carrier], Msg | None]] = {
    "players": _changed("players"), "pair": _changed("players"), "seat": _changed("seat"),
    "host": _changed("host")}
# Which of the board's and the bar's attributes makes which message (the first one found).
BOARD: tuple[tuple[str, Callable[[str], Msg | None]], ...] = (
    ("act", lambda text: None if (n := _number(text)) is None else Act(n)),
    ("target", lambda text: Touch(_name(text))),
    ("group", lambda text: OpenGroup(_name(text))),
    ("tab", lambda text: ShowTab(text) if _is_tab(text) else None),
)


def decode(command: str, carrier: Carrier) -> Msg | None:
    """The message of ``data-cmd`` ``command`` on ``carrier`` (None: no such command, or
    what it carries is out of bounds)."""
    read = COMMANDS.get(command)
    return None if read is None else read(carrier)


def decode_change(command: str, field_name: str, carrier: Carrier) -> Msg | None:
    """The message of a form field's change: its ``data-cmd`` if that is one a change sends,
    else the New game dialog's field of that name, else None."""
    if command in ON_CHANGE:
        return decode(command, carrier)
    read = FORM_FIELDS.get(field_name)
    return None if read is None else read(carrier)


def decode_board(carrier: Carrier) -> Msg | None:
    """The message of a board thing or a bar control (its ``data-act``, ``-target``,
    ``-group`` or ``-tab``), else of its ``data-cmd``."""
    for key, read in BOARD:
        text = carrier.data(key)
        if text is not None:
            return read(text)
    command = carrier.data("cmd") or ""
    return None if command in ON_CHANGE else decode(command, carrier)


def decode_rule_link(carrier: Carrier) -> Msg:
    """A "?" link's message: the rules panel at the rule it names."""
    return OpenRules(_name(carrier.data("open-rule")))


# ------------------------------------------------------------------ handling

M = TypeVar("M", bound=Msg)
Handle = Callable[[Any], object]  # a handler of one message class (typed by :func:`on`)


def on(kind: type[M], handle: Callable[[M], object]) -> tuple[type[Msg], Handle]:
    """One entry of a part's handlers: messages of ``kind`` go to ``handle``."""
    return kind, cast(Handle, handle)


class Handlers:
    """Each message class's one handler, put together from the parts' entries."""

    def __init__(self, *parts: list[tuple[type[Msg], Handle]]) -> None:
        self.by_kind: dict[type[Msg], Handle] = {}
        for part in parts:
            for kind, handle in part:
                if kind in self.by_kind:
                    raise ValueError(f"{kind.__name__} handled twice")
                self.by_kind[kind] = handle

    def handle(self, msg: Msg) -> bool:
        """Carry out ``msg`` (False when nothing handles its class)."""
        handle = self.by_kind.get(type(msg))
        if handle is None:
            return False
        handle(msg)
        return True


def every_kind() -> Iterator[type[Msg]]:
    """Every message class there is."""
    pending = list(Msg.__subclasses__())
    while pending:
        kind = pending.pop()
        yield kind
        pending.extend(kind.__subclasses__())
