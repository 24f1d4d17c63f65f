"""A designer's variant of the rules: a small TOML file of changes to the game's content.

The content files (``game/content/*.toml``) hold every number of the game. A variant names
what it changes, by the file's section and the entry's id, and nothing else::

    [variant]
    title = "Research costs 8"
    about = "Does cheaper Research make the Engineers' race shorter?"
    ruleset = "v0.10.4"              # the ruleset its games are played under (this default)

    [board.costs]                    # board.toml: any number, by its table
    research = 8
    [board.handicap.USSR]            # what one nation starts with beyond [start]
    money = 5
    [rulesets."v0.10.4"]             # rulesets.toml: a ruleset's terms
    test_bonus = 2
    [missions.M2-APOLLO8]            # missions, risks, tiles, modules: by id; maneuvers by
    risks = [2, 2]                   # key, places by index; a field is replaced whole
    [remove]                         # the decks' composition: cards taken out...
    tiles = ["S14"]
    [[add.tiles]]                    # ...and new ones, written as in the content file
    id = "S15"
    deck = "S"
    centre = "S"
    edges = "SS-S"

The changes are made on a copy of the parsed files, which are then checked exactly as the
game's own content is (:func:`game.core.content.content_from_files`), and a game is dealt
under the result: a variant is either whole or refused with :class:`VariantError`, naming
the file, the field and the reason; nothing is half-applied, and nothing in force changes.
"""

from __future__ import annotations

import copy
import hashlib
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..core.content import (
    Content,
    Files,
    content_files,
    content_from_files,
    load_content,
    standard_content,
    use_content,
)
from ..core.errors import ContentError
from ..rules.terms import RULESETS

# The sections of a variant that change one content file's entries: (file, the file's
# array of tables, the field that identifies an entry).
ENTRY_SECTIONS = {
    "missions": ("missions.toml", "mission", "id"),
    "risks": ("risks.toml", "risk", "id"),
    "tiles": ("tiles.toml", "tile", "id"),
    "modules": ("modules.toml", "module", "id"),
    "maneuvers": ("maneuvers.toml", "maneuver", "key"),
    "places": ("places.toml", "place", "index"),
}
SECTIONS = ("variant", "board", "rulesets", *ENTRY_SECTIONS, "remove", "add")
MAX_BYTES = 200_000  # a variant is a few lines; a bigger file is refused unread
DEFAULT_RULESET = "v0.10.4"


class VariantError(ValueError):
    """A variant file that cannot be played, and why (``field``: where in the file)."""

    def __init__(self, file: str, field: str, reason: str) -> None:
        super().__init__(f"{file}: {field}: {reason}" if field else f"{file}: {reason}")
        self.file = file
        self.field = field
        self.reason = reason

    def __reduce__(self) -> tuple[type[VariantError], tuple[str, str, str]]:
        # rebuilt from its three parts when a lab worker process sends it back
        return (VariantError, (self.file, self.field, self.reason))


@dataclass(frozen=True)
class Variant:
    """A variant read and checked: its content, and what it changes in words."""

    name: str  # the file's name without .toml ("base" for the game's own rules)
    title: str
    about: str
    ruleset: str
    content: Content
    changes: tuple[str, ...]  # "board.costs.research: 10 -> 8", "removed tiles S14", ...
    digest: str  # of the file's text and the engine: a sweep resumed with another is another
    text: str  # the file's text ("" for the base): what a lab's worker reads it from


@cache
def engine_digest() -> str:
    """Of the engine's and the AIs' code and the game's content: games played before any of
    them changed are other games (a resumed sweep must not count them)."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted([*root.rglob("*.py"), *root.rglob("*.toml")]):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _digest(text: str) -> str:
    return hashlib.sha256(f"{engine_digest()}\0{text}".encode()).hexdigest()[:16]


def base_variant(ruleset: str = DEFAULT_RULESET) -> Variant:
    """The game's own rules, as a variant with no change (every lab run has it)."""
    return Variant("base", "The rules as they are", "", ruleset, standard_content(), (),
                   _digest(f"base {ruleset}"), "")


def read_variant(path: Path) -> Variant:
    """The variant in the file at ``path`` (:class:`VariantError` if it cannot be played)."""
    name = path.name
    try:
        if path.stat().st_size > MAX_BYTES:
            raise VariantError(name, "", f"longer than {MAX_BYTES:,} bytes")
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise VariantError(name, "", f"cannot be read ({exc})") from None
    return parse_variant(text, name)


def parse_variant(text: str, file: str = "variant.toml") -> Variant:
    """The variant ``text`` holds; ``file`` names it in errors and gives its name."""
    if len(text) > MAX_BYTES:
        raise VariantError(file, "", f"longer than {MAX_BYTES:,} characters")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(file, "", f"not valid TOML ({exc})") from None
    unknown = sorted(set(data) - set(SECTIONS))
    if unknown:
        raise VariantError(file, unknown[0],
                           f"unknown section (a variant has {', '.join(SECTIONS)})")
    meta = _table(file, "variant", data.get("variant"))
    title = _text(file, "variant.title", meta.pop("title", None))
    about = _text(file, "variant.about", meta.pop("about", ""), empty=True)
    ruleset = _text(file, "variant.ruleset", meta.pop("ruleset", DEFAULT_RULESET))
    if ruleset not in RULESETS:
        raise VariantError(file, "variant.ruleset",
                           f"unknown ruleset {ruleset!r} (the rulesets: {', '.join(RULESETS)})")
    if meta:
        raise VariantError(file, f"variant.{sorted(meta)[0]}",
                           "unknown field (a variant's [variant] has title, about, ruleset)")
    files = copy.deepcopy(content_files())
    changes: list[str] = []
    if "board" in data:
        board = _table(file, "board", data["board"])
        _merge(file, "board", files["board.toml"], board, changes)
    if "rulesets" in data:
        _change_rulesets(file, files, _table(file, "rulesets", data["rulesets"]), ruleset,
                         changes)
    for section in ENTRY_SECTIONS:
        if section in data:
            _change_entries(file, files, section, _table(file, section, data[section]), changes)
    if "remove" in data:
        _remove(file, files, _table(file, "remove", data["remove"]), changes)
    if "add" in data:
        _add(file, files, _table(file, "add", data["add"]), changes)
    try:
        content = content_from_files(files)
    except ContentError as exc:
        raise VariantError(file, "", f"the content it makes is not valid: {exc}") from None
    _deal(file, content, ruleset)
    name = file.removesuffix(".toml")
    return Variant(name, title, about, ruleset, content, tuple(changes), _digest(text), text)


def _deal(file: str, content: Content, ruleset: str) -> None:
    """Deal a game of each size under ``content``: what the checks of the content cannot
    foresee (a setup that runs out of cards) is refused here, not in the middle of a sweep."""
    from ..engine import new_game

    in_force = load_content()
    try:
        use_content(content)
        for players in (2, 3, 4):
            new_game(1, players=players, ruleset=ruleset)
    except Exception as exc:  # whatever the engine trips on: the variant is the cause
        raise VariantError(file, "", f"a game cannot be dealt under it ({type(exc).__name__}: "
                                     f"{exc})") from None
    finally:
        use_content(in_force)


def _table(file: str, field: str, value: object) -> dict[str, Any]:
    if value is None and field == "variant":
        raise VariantError(file, "variant", "missing: a variant starts with [variant] and "
                                            "its title")
    if not isinstance(value, dict):
        raise VariantError(file, field, f"must be a table, not {_kind(value)}")
    return dict(value)


def _text(file: str, field: str, value: object, empty: bool = False) -> str:
    if value is None:
        raise VariantError(file, field, "missing")
    if not isinstance(value, str) or (not empty and not value.strip()):
        raise VariantError(file, field, "must be a non-empty text")
    return value


# TOML's kinds of value in words, bool before int (a bool is an int to Python)
KINDS = ((bool, "true or false"), (int, "a whole number"), (float, "a number with a fraction"),
         (str, "a text"), (list, "a list"), (dict, "a table"))


def _kind(value: object) -> str:
    """The TOML kind of ``value``, in words."""
    return next((words for kind, words in KINDS if isinstance(value, kind)),
                type(value).__name__)


def _replace(file: str, field: str, old: object, new: object, changes: list[str]) -> object:
    """``new`` in place of ``old``, if it is of the same kind; the change in words."""
    if _kind(old) != _kind(new):
        raise VariantError(file, field, f"must be {_kind(old)}, not {_kind(new)}")
    if new != old:
        changes.append(f"{field}: {_shown(old)} -> {_shown(new)}")
    return new


def _shown(value: object) -> str:
    """``value`` as TOML writes it."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_shown(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return f'"{value}"' if isinstance(value, str) else str(value)


def _merge(file: str, field: str, base: dict[str, Any], change: dict[str, Any],
           changes: list[str]) -> None:
    """The board's tables, merged down to their numbers: only what the board has."""
    for key, value in change.items():
        where = f"{field}.{key}"
        if key not in base:
            raise VariantError(file, where, f"unknown field ({field} has {', '.join(base)})")
        if isinstance(base[key], dict):
            _merge(file, where, base[key], _table(file, where, value), changes)
        else:
            base[key] = _replace(file, where, base[key], value, changes)


def _change_rulesets(file: str, files: Files, change: dict[str, Any], ruleset: str,
                     changes: list[str]) -> None:
    rulesets = files["rulesets.toml"]["ruleset"]
    for name, fields in change.items():
        if name not in rulesets:
            raise VariantError(file, f"rulesets.{name}",
                               f"no such ruleset (the rulesets: {', '.join(rulesets)})")
        if name != ruleset:  # it would change nothing of the games played
            raise VariantError(file, f"rulesets.{name}",
                               f"the variant's games are played under {ruleset!r} "
                               f"([variant] ruleset): change that one")
        _change_fields(file, f"rulesets.{name}", rulesets[name],
                       _table(file, f"rulesets.{name}", fields), (), changes)


def _entries(files: Files, section: str) -> list[dict[str, Any]]:
    name, array, _ident = ENTRY_SECTIONS[section]
    entries: list[dict[str, Any]] = files[name][array]
    return entries


def _ident(entry: dict[str, Any], section: str) -> str:
    return str(entry.get(ENTRY_SECTIONS[section][2]))


def _change_entries(file: str, files: Files, section: str, change: dict[str, Any],
                    changes: list[str]) -> None:
    entries = {_ident(entry, section): entry for entry in _entries(files, section)}
    for ident, fields in change.items():
        where = f"{section}.{ident}"
        if ident not in entries:
            raise VariantError(file, where, f"no such entry in {ENTRY_SECTIONS[section][0]} "
                                            f"(by {ENTRY_SECTIONS[section][2]})")
        _change_fields(file, where, entries[ident], _table(file, where, fields),
                       (ENTRY_SECTIONS[section][2],), changes)


def _change_fields(file: str, field: str, entry: dict[str, Any], change: dict[str, Any],
                   fixed: tuple[str, ...], changes: list[str]) -> None:
    """An entry's fields, each replaced whole (an effect, a list of ranges)."""
    for key, value in change.items():
        where = f"{field}.{key}"
        if key in fixed:
            raise VariantError(file, where, "cannot be changed: remove the entry and add "
                                            "another")
        if key not in entry:
            raise VariantError(file, where, f"unknown field ({field} has {', '.join(entry)})")
        entry[key] = _replace(file, where, entry[key], value, changes)


def _remove(file: str, files: Files, change: dict[str, Any], changes: list[str]) -> None:
    for section, idents in change.items():
        where = f"remove.{section}"
        if section not in ENTRY_SECTIONS:
            raise VariantError(file, where, f"unknown deck (one of {', '.join(ENTRY_SECTIONS)})")
        if not isinstance(idents, list) or not idents:
            raise VariantError(file, where, "must be a non-empty list of ids")
        entries = _entries(files, section)
        held = {_ident(entry, section) for entry in entries}
        for ident in idents:
            if str(ident) not in held:
                raise VariantError(file, where, f"no entry {ident!r} to remove (or named twice)")
            held.discard(str(ident))
        gone = {str(ident) for ident in idents}
        entries[:] = [entry for entry in entries if _ident(entry, section) not in gone]
        changes.append(f"removed {section} {', '.join(str(i) for i in idents)}")


def _add(file: str, files: Files, change: dict[str, Any], changes: list[str]) -> None:
    for section, added in change.items():
        where = f"add.{section}"
        if section not in ENTRY_SECTIONS:
            raise VariantError(file, where, f"unknown deck (one of {', '.join(ENTRY_SECTIONS)})")
        if not isinstance(added, list) or not added or \
                not all(isinstance(entry, dict) for entry in added):
            raise VariantError(file, where, f"must be entries: [[{where}]] tables")
        _entries(files, section).extend(added)
        changes.append(f"added {section} {', '.join(_ident(entry, section) for entry in added)}")
