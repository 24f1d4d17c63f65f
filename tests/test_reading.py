"""The one reader of outside text (game.core.reading) and the saved-game reader built on it
(ui.model.saves.parse): 40 damaged texts (sizes, depths, numbers, encodings, nested copies),
each refused in the player's words, in bounded time, the parser never reached by what would
kill it; and no refusal names a Python function, module or limit."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

import pytest

import game
from game.core.reading import REASONS, SAVE, Bounds, Unreadable, read_json, shape
from ui.model.players import Setup
from ui.model.saves import (
    SaveError,
    bug_report_text,
    export_text,
    parse,
    read_envelope,
    summarize,
)
from ui.words.i18n import use
from ui.words.refusals import reason_words
from ui.words.refusals import unreadable_words as words_for

from .test_ui_saves import played

# What a refusal must never say: a Python name, module, exception, limit or representation.
DEVELOPER = re.compile(
    r"sys\.|\w\(\)|Error\b|Exception|Traceback|int_max|set_int|recursion|stack size|"
    r"json\.|JSON object|Expecting|\bdict\b|\blist\b|\bstr\b|\bint\b|NoneType|\brepr\b|"
    r"line \d+ column|\(char \d+\)|b'|\\x[0-9a-f]{2}|\bmodule\b|\blimit\b",
    re.IGNORECASE)


def _game() -> game.Game:
    return played(11, 60)


def _export() -> dict[str, Any]:
    return json.loads(export_text(_game(), Setup(seed=11)))


def _text(data: Any) -> str:
    return json.dumps(data, indent=1)


def _changed(change: Callable[[dict[str, Any]], object]) -> str:
    data = _export()
    change(data)
    return _text(data)


def _nest(depth: int, inner: str = "0") -> str:
    return "[" * depth + inner + "]" * depth


def damaged() -> dict[str, tuple[str | bytes, str]]:
    """name -> (the text or file bytes, words its refusal must hold)."""
    good = _text(_export())
    data = good.encode()
    bug = json.loads(bug_report_text(_game(), Setup(seed=11), "boom"))
    return {
        # sizes
        "empty": ("", "empty"),
        "blank": (" \n\t ", "empty"),
        "5 MB string": (json.dumps("x" * 5_000_000), "longer than any saved game"),
        "export padded to 2 MB": (good + " " * SAVE.chars, "longer than any saved game"),
        "10 MB file": (b" " * 10_000_000, "longer than any saved game"),
        "3 MB of spaces": (" " * 3_000_000, "longer than any saved game"),  # measured first
        # depths
        "100,000 deep": ("[" * 100_000, "nest deeper"),
        "10,000 deep, closed": (_nest(10_000), "nest deeper"),
        "objects 10,000 deep": ('{"a":' * 10_000 + "1" + "}" * 10_000, "nest deeper"),
        "25 deep in names": (_changed(lambda d: d.update(names=json.loads(_nest(25)))),
                             "nest deeper"),
        "brackets in a title": (_changed(lambda d: d.update(title="[" * 10_000)),
                                "at most 200 characters"),
        # numbers
        "5,000-digit version": ('{"format": "moonshot-export", "version": '
                                + "1" * 5_000 + "}", "longer than 20 digits"),
        "30-digit seed": (_changed(lambda d: d["save"].update(seed=10**30)),
                          "longer than 20 digits"),
        "version as text": (_changed(lambda d: d.update(version="1")), "written as a number"),
        "version 1.0": (_changed(lambda d: d.update(version=1.0)), "written as a number"),
        "version true": (_changed(lambda d: d.update(version=True)), "written as a number"),
        "version 2": (_changed(lambda d: d.update(version=2)), "version 2"),
        "NaN": (good.replace('"speed": 300', '"speed": NaN'), "NaN or Infinity"),
        "Infinity": (good.replace('"speed": 300', '"speed": Infinity'), "NaN or Infinity"),
        "1e999": (good.replace('"speed": 300', '"speed": 1e999'), "whole number"),
        "speed as text": (_changed(lambda d: d.update(speed="300")), "whole number"),
        # encodings
        "UTF-16 LE": (good.encode("utf-16"), "UTF-16"),
        "UTF-16 BE": (b"\xfe\xff" + good.encode("utf-16-be"), "UTF-16"),
        "UTF-16 without a mark": (good.encode("utf-16-le"), "UTF-16"),
        "byte order mark, then a cut export": (b"\xef\xbb\xbf" + data[: len(data) // 2],
                                               "truncated"),
        "0xFF for a comma": (data.replace(b",", b"\xff", 1), "is not UTF-8"),
        "Latin-1 title": (good.replace('"title": "', '"title": "Café ', 1).encode("latin-1"),
                          "is not UTF-8"),
        "cut inside a character": ("Ő".encode()[:1] + data, "is not UTF-8"),
        "a picture": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(200), "not text"),
        "U+FFFD for a comma": (good.replace(",", "\ufffd", 1), "damaged at line"),
        "NUL in the text": (good.replace(",", "\x00", 1), "damaged at line"),
        # nested copies and wrong shapes
        "save as text": (_changed(lambda d: d.update(save=json.dumps(d["save"]))),
                         "holds no game"),
        "export in save": (_changed(lambda d: d.update(save=_export())),
                           "not a Moonshot save"),
        "bug report in a bug report": (_text({**bug, "export": bug}), "not a Moonshot"),
        "bug report's export as text": (_text({**bug, "export": _text(bug["export"])}),
                                        "holds no game"),
        "bug report of an edited export": (_text({**bug, "export": {
            **bug["export"], "save": {**bug["export"]["save"], "seed": 12}}}),
            "not a legal move"),
        "bug report with a field more": (_text({**bug, "note": 1}), '"note"'),
        "export with a field more": (_changed(lambda d: d.update(extra=1)), '"extra"'),
        "a field twice": (good.replace('"title":', '"save": 1, "title":', 1), "twice"),
        "a list": (_text([_export()]), "not a Moonshot saved game"),
        "the export as a string": (json.dumps(good), "not a Moonshot saved game"),
        "truncated": (good[: len(good) * 2 // 3], "truncated"),
        "two exports": (good + good, "damaged at line"),
        "log as an object": (_changed(lambda d: d["save"].update(log={})), "no action log"),
    }


CASES = damaged()


def test_forty_damaged_texts() -> None:
    assert len(CASES) >= 40


@pytest.mark.parametrize("name", list(CASES))
def test_each_damaged_text_is_refused_in_the_players_words_in_bounded_work(
        name: str, parsed: list[str], applied: list[int]) -> None:
    """Bounded work, counted: whatever reaches Python's JSON parser is within a save's
    bounds (it recurses, and reads a long number in quadratic time), and no more actions
    are replayed than the longest log the reader accepts (a stall would be minutes; the
    times are printed)."""
    text, must = CASES[name]
    most = len(_game().log)  # every damaged text holds this game's log, or less
    applied[0] = 0
    started = time.perf_counter()
    with pytest.raises(SaveError) as refusal:
        parse(text)
    took = time.perf_counter() - started
    said = str(refusal.value)
    print(f"{name}: {took * 1000:.1f} ms, {applied[0]} actions replayed: {said[:90]}")
    assert must in said, said
    assert not DEVELOPER.search(said), said
    assert len(said) < 300
    assert all(shape(seen, SAVE) is None for seen in parsed), name
    assert applied[0] <= most, name
    # The Saved games list takes a quick look at a stored entry through the same reader:
    # what the reader refuses is listed as unreadable, never raising.
    if isinstance(text, str):
        summary = summarize("moonshot.save.x", text)
        try:
            read_envelope(text)
        except SaveError as exc:
            assert not summary.ok and summary.error == str(exc), summary
        assert not DEVELOPER.search(summary.error), summary.error
        if name.startswith("version"):  # the list never offers what Continue refuses
            assert not summary.ok


def test_an_export_an_editor_saved_with_a_byte_order_mark_is_imported() -> None:
    """Some editors write a UTF-8 byte order mark when they save: it is passed over, and the
    game behind it is read and replayed as any export's (UTF-16, with or without its mark,
    is still refused: the damaged texts above)."""
    g = _game()
    data = export_text(g, Setup(seed=11)).encode()
    loaded = parse(b"\xef\xbb\xbf" + data)
    assert loaded.game == g and loaded.game.log == g.log and loaded.read_as == ""
    assert read_json(b"\xef\xbb\xbf[1]", Bounds(10, 2, 2)) == [1]
    with pytest.raises(SaveError, match="UTF-16"):  # a UTF-8 mark makes no UTF-16 text UTF-8
        parse(b"\xef\xbb\xbf" + data.decode().encode("utf-16-le"))


def test_what_was_made_of_a_file_that_is_not_an_export_is_said() -> None:
    g = _game()
    assert parse(export_text(g, Setup(seed=11))).read_as == ""
    assert "bare engine save" in parse(g.to_json()).read_as
    report = parse(bug_report_text(g, Setup(seed=11), "boom"))
    assert report.game == g and "bug report" in report.read_as


def test_the_reader_measures_before_it_parses() -> None:
    """Nesting, numbers and size are judged by the shape of the text alone: brackets and
    digits inside strings are words; the bounds are the kind's own."""
    small = Bounds(chars=100, depth=3, digits=4)
    assert read_json('{"a": ["[[[[[[", "12345678"]}', small) == {"a": ["[[[[[[", "12345678"]}
    for text, reason in (("[[[[0]]]]", "too-deep"), ("[12345]", "long-number"),
                         ("[" + " " * 100 + "]", "too-long"), ('{"a": 1, "a": 2}',
                                                              "repeated-key"),
                         ("[NaN]", "number-word"), ("[1,]", "not-json"), (None, "not-text"),
                         (b"\xff\xfe[\x000\x00]\x00", "utf-16"), (b"[0]\xff", "not-utf-8")):
        with pytest.raises(Unreadable) as refusal:
            read_json(text, small)
        assert refusal.value.reason == reason, (text, refusal.value.reason)
    assert shape('"' + "[" * 50 + '"', small) is None
    assert read_json(b"[1]", small) == [1]


def test_every_reason_has_words_in_both_languages_without_developer_words() -> None:
    for language in ("en", "hu"):
        use(language)
        try:
            sentences = reason_words()
            assert set(sentences) == set(REASONS)
            for reason, figures in REASONS.items():
                said = words_for(Unreadable(reason, **dict.fromkeys(figures, 7)))
                assert said.endswith(".") and "{" not in said, said
                assert not DEVELOPER.search(said), said
        finally:
            use("en")
