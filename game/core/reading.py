"""One reader for JSON text the running game did not just write itself: a guest's or the
host's message, an invitation code, a stored or imported save, a bug report, an embedding
page's command.

Python's JSON parser recurses (a text nested some thousands deep kills Pyodide's
interpreter, past any ``except``) and reads a long number in quadratic time, so a text is
measured before it is parsed: its length, its nesting and its longest number, each against
the :class:`Bounds` of its kind, in two regular-expression passes that are linear in the
text. What it then parses is exact JSON: no NaN or Infinity, no key twice in one object. A
file's bytes must be UTF-8 (a UTF-8 byte order mark, which some editors write, is passed
over; UTF-16 and other encodings are refused). Every refusal is an
:class:`Unreadable` with a reason and the figures the player's words need (the screen words
it: :mod:`ui.words.refusals`), never the parser's own message.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from itertools import accumulate
from typing import Any

__all__ = ["Bounds", "Unreadable", "decode", "read_json", "shape"]


@dataclass(frozen=True, slots=True)
class Bounds:
    """How much one kind of text may hold: characters, nesting depth, digits of a number."""

    chars: int
    depth: int
    digits: int


# A saved game nests 9 deep and is some tens of thousands of characters (a 180-move game
# exported with indentation: 32 KB); its longest number is a seed.
SAVE = Bounds(chars=2_000_000, depth=24, digits=20)

# The reasons of a refusal (``Unreadable.reason``) and the figures each carries.
REASONS = {
    "not-text": (), "empty": (), "too-long": ("limit",), "too-deep": ("limit",),
    "long-number": ("limit",), "utf-16": (), "not-utf-8": ("at",),
    "not-json": ("line", "column"), "number-word": (), "repeated-key": (),
}

# A JSON string (escapes included; one left open runs to the end, so the scan never starts
# again from each quote: linear), brackets, and any run of digits.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
_DEPTH = {"[": 1, "{": 1, "]": -1, "}": -1}


class Unreadable(ValueError):
    """A text refused before or while it was parsed: why (one of :data:`REASONS`) and the
    figures its words need. ``str()`` is a plain English sentence (the host's log)."""

    def __init__(self, reason: str, **figures: int) -> None:
        assert reason in REASONS and set(figures) == set(REASONS[reason]), reason
        self.reason = reason
        self.figures = figures
        super().__init__(_ENGLISH[reason].format(**figures))


_ENGLISH = {
    "not-text": "it is not text",
    "empty": "it is empty",
    "too-long": "it may hold at most {limit} characters",
    "too-deep": "it may nest at most {limit} deep",
    "long-number": "a number may have at most {limit} digits",
    "utf-16": "it is UTF-16 text, not UTF-8",
    "not-utf-8": "byte {at} is not UTF-8 text",
    "not-json": "it is not JSON (line {line}, column {column})",
    "number-word": "it holds NaN or Infinity, which JSON has not",
    "repeated-key": "it names one field twice",
}


def decode(data: bytes) -> str:
    """A file's bytes as text: UTF-8 only, as the game writes it (UTF-16 or a byte that is
    not UTF-8 is refused, never guessed at). A UTF-8 byte order mark is passed over: an
    editor that saved the file may have written one, it can mean nothing else (RFC 8259
    section 8.1 lets a reader ignore it), and what follows is checked as any text is."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    head = data[:64]
    if head[:2] in (b"\xff\xfe", b"\xfe\xff") or (
            len(head) >= 8 and (head[1::2].count(0) * 2 >= len(head) - 1
                                or head[0::2].count(0) * 2 >= len(head) - 1)):
        raise Unreadable("utf-16")  # (every other byte 0: UTF-16 text of a Latin script)
    if b"\x00" in head:
        raise Unreadable("not-text")  # a picture, an archive...
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Unreadable("not-utf-8", at=exc.start + 1) from None


@cache
def _longer_than(digits: int) -> re.Pattern[str]:
    """A run of more than ``digits`` digits (one pattern per kind of text, made once)."""
    return re.compile(rf"\d{{{digits + 1},}}")


def shape(text: str, bounds: Bounds) -> Unreadable | None:
    """Why ``text`` cannot be parsed within ``bounds`` (too long, nested too deep, a number
    too long), judged without parsing it; None when it may be parsed."""
    if len(text) > bounds.chars:
        return Unreadable("too-long", limit=bounds.chars)
    bare = _STRING.sub('""', text)  # brackets and digits inside strings are only text
    depth = max(accumulate(_DEPTH[c] for c in _BRACKETS.findall(bare)), default=0)
    if depth > bounds.depth:
        return Unreadable("too-deep", limit=bounds.depth)
    if _longer_than(bounds.digits).search(bare):
        return Unreadable("long-number", limit=bounds.digits)
    return None


def _no_number_words(word: str) -> Any:
    raise Unreadable("number-word")


def _one_of_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        raise Unreadable("repeated-key")
    return found


def read_json(text: object, bounds: Bounds) -> Any:
    """The JSON value of ``text`` (a str, or a file's bytes), read only within ``bounds``;
    :class:`Unreadable` says why not."""
    if isinstance(text, bytes | bytearray):
        if len(text) > 4 * bounds.chars:  # not even decoded when it cannot fit
            raise Unreadable("too-long", limit=bounds.chars)
        text = decode(bytes(text))
    if not isinstance(text, str):
        raise Unreadable("not-text")
    refusal = shape(text, bounds)  # first: its length, before anything copies the text
    if refusal is not None:
        raise refusal
    if not text.strip():
        raise Unreadable("empty")
    try:
        return json.loads(text, parse_constant=_no_number_words,
                          object_pairs_hook=_one_of_each)
    except json.JSONDecodeError as exc:
        raise Unreadable("not-json", line=exc.lineno, column=exc.colno) from None
