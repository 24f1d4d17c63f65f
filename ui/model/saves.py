"""Saved games: the export envelope (also what autosave keeps), its validation, summaries.

Pure Python (no browser), so it is unit-tested in CPython (tests/test_ui_saves.py).

An export is JSON text::

    {"format": "moonshot-export", "version": 1,
     "title": "USA (Ann) vs USSR (AI)", "saved_at": "2026-11-22 10:15 UTC",
     "seats": {"USA.politician": "human", ..., "USSR.engineer": "ai"},
     "names": {"USA.politician": "Ann", ...},          # optional, per seat
     "levels": {"USSR.politician": "medium", ...},     # optional, per AI seat (else medium)
     "hints": {"USA": 2, "USSR": 0},                   # optional, hints each nation took
     "save": {...}}                                      # Game.to_json() as an object

``save`` carries the format version, ruleset, seed, player count, the full action log and the
final state; :func:`parse` hands it to ``game.load``, which replays the log through the rules
and compares the state, so an illegal move or an edited number is refused with a message.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import game
from game import NATIONS, SEATS
from game.core.reading import SAVE, Unreadable, read_json
from game.rules.terms import nation_of
from game.save import FORMAT as ENGINE_FORMAT
from game.save import load_data

from ..words.i18n import _, ngettext
from ..words.names import nation_name
from ..words.refusals import unreadable_words
from .players import DEFAULT_LEVEL, LEVEL_LETTERS, Setup, nearest_pace

FORMAT = "moonshot-export"
VERSION = 1
BUG_FORMAT = "moonshot-bug-report"
MAX_NAME = 60
KEY_PREFIX = "moonshot.save."
CURRENT_KEY = "moonshot.current"
EMBED_PREFIX = "moonshot.embed."  # an embed's own saves: moonshot.embed.<scope>.save.<id>


@dataclass(frozen=True)
class SaveKeys:
    """Where a page keeps its games: each under ``prefix`` + its id, and the id of the one
    to offer for Continue under ``current``."""

    prefix: str
    current: str

    def owns(self, key: str) -> bool:
        return key.startswith(self.prefix)


MAIN_KEYS = SaveKeys(KEY_PREFIX, CURRENT_KEY)
_ids = random.Random()  # the random part of a new save id


def save_keys(embedded: bool, query: str) -> SaveKeys | None:
    """The keys a page saves under: the main site's; an embedded game's own, apart from the
    main site's and from every other embed's (named by its parameters), when the page that
    embeds it asks with ``save=1``; or None: an embed keeps nothing by default (a reader
    of a rules page tries a game; the main site's Continue must not change)."""
    if not embedded:
        return MAIN_KEYS
    params = sorted(part for part in query.lstrip("?").split("&")
                    if part and not part.startswith("save="))
    if "save=1" not in query.lstrip("?").split("&"):
        return None
    scope = hashlib.sha256("&".join(params).encode()).hexdigest()[:12]
    return SaveKeys(f"{EMBED_PREFIX}{scope}.save.", f"{EMBED_PREFIX}{scope}.current")


class SaveError(Exception):
    """A file or stored entry that cannot be used; the message is meant for the player."""


@dataclass
class Loaded:
    """A validated export: the game and the app's metadata."""

    game: game.Game
    setup: Setup
    title: str = ""
    saved_at: str = ""
    raw_state: dict[str, Any] = field(default_factory=dict)
    hints: dict[str, int] = field(default_factory=dict)  # hints taken, by nation
    read_as: str = ""  # what was made of a file that is not an export (a sentence), or ""


def now_text() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")


def new_save_id() -> str:
    """A fresh id for a game's autosave (time first, so ids sort as they were made)."""
    return f"{int(time.time() * 1000):x}-{_ids.getrandbits(24):06x}"


def default_title(setup: Setup) -> str:
    sides = []
    for nation in NATIONS:
        players = [g for g in setup.groups() if nation_of(g[0]) == nation]
        who = " & ".join(_("AI") if setup.ai.get(g[0], False) else setup.display_name(g[0])
                         for g in players)
        name = nation_name(nation)
        sides.append(_("{nation} ({players})").format(nation=name, players=who)
                     if who != name else name)
    return _("{usa} vs {ussr}").format(usa=sides[0], ussr=sides[1])


def envelope(g: game.Game, setup: Setup, title: str = "", saved_at: str = "",
             hints: dict[str, int] | None = None) -> dict[str, Any]:
    """The export object of a game (also what autosave stores)."""
    return {
        "format": FORMAT, "version": VERSION,
        "title": title or default_title(setup), "saved_at": saved_at or now_text(),
        "seats": {seat: "ai" if setup.is_ai(seat) else "online" if setup.is_remote(seat)
                  else "human" for seat in SEATS},
        "names": {seat: setup.names[seat] for seat in SEATS if setup.names.get(seat)},
        "levels": {seat: setup.level(seat) for seat in SEATS if setup.is_ai(seat)},
        "speed": setup.speed_ms,
        "hints": {nation: hints.get(nation, 0) for nation in NATIONS} if hints else {},
        "save": json.loads(g.to_json()),
    }


def export_text(g: game.Game, setup: Setup, title: str = "", saved_at: str = "",
                hints: dict[str, int] | None = None) -> str:
    return json.dumps(envelope(g, setup, title, saved_at, hints), indent=1)


def bug_report_text(g: game.Game | None, setup: Setup, error: str) -> str:
    """The export of the game in progress plus the error text (what a bug report holds)."""
    report: dict[str, Any] = {"format": BUG_FORMAT, "version": VERSION, "error": error,
                              "saved_at": now_text()}
    if g is not None:
        try:
            report["export"] = envelope(g, setup)
        except Exception as exc:  # the report must come out even if the game is broken
            report["export_error"] = repr(exc)
    return json.dumps(report, indent=1)


def file_name(g: game.Game | None, prefix: str = "moonshot") -> str:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M")
    if g is None:  # (a guest's bug report: the host holds the game)
        return f"{prefix}-{stamp}.json"
    return f"{prefix}-seed{g.seed}-round{g.round}-{stamp}.json"


# --------------------------------------------------------------------------- reading


def read_envelope(text: object) -> dict[str, Any]:
    """The JSON object of a stored entry or a file (its text or bytes), read by the one
    bounded reader (:func:`game.core.reading.read_json`); anything else raises :class:`SaveError`
    in the player's words."""
    try:
        data = read_json(text, SAVE)
    except Unreadable as exc:
        raise SaveError(unreadable_words(exc)) from None
    if not isinstance(data, dict):
        raise SaveError(_("This is not a Moonshot saved game."))
    return data


def _text_field(data: dict[str, Any], key: str, limit: int = 200) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or len(value) > limit:
        raise SaveError(_("The '{field}' field must be text of at most {limit} characters.")
                        .format(field=key, limit=limit))
    return value


def _seats(data: dict[str, Any], setup: Setup) -> dict[str, str]:
    """Who plays each seat: 'human' (here), 'ai' or 'online' (a guest of a hosted game)."""
    seats = data.get("seats")
    if not isinstance(seats, dict) or set(seats) != set(SEATS):
        raise SaveError(_("The file must say for each of the 4 seats "
                          "(USA/USSR politician/engineer) whether it is 'human', 'ai' or "
                          "'online'."))
    kinds: dict[str, str] = {}
    for seat in SEATS:
        kind = seats[seat]
        if kind not in ("human", "ai", "online"):
            raise SaveError(_("Seat {seat} must be 'human', 'ai' or 'online', not {value}.")
                            .format(seat=seat, value=repr(str(kind)[:20])))
        kinds[seat] = kind
    for group in setup.groups():
        if len({kinds[s] for s in group}) > 1:
            raise SaveError(_("Seats {first} and {second} belong to one player in a "
                              "{count}-player game but are not played alike (human, AI or "
                              "online).").format(
                first=group[0], second=group[-1], count=setup.players))
    return kinds


def _levels(data: dict[str, Any], setup: Setup) -> dict[str, str]:
    """The AI level of each AI seat ('levels' is optional: files written before the levels,
    and missing seats, play the default level)."""
    levels = data.get("levels", {})
    if not isinstance(levels, dict) or not set(levels) <= set(SEATS):
        raise SaveError(_("The 'levels' field must map AI seats to AI levels."))
    for seat, level in levels.items():
        if level not in LEVEL_LETTERS:
            raise SaveError(_("Seat {seat} has an unknown AI level {level} (one of "
                              "{levels}).").format(seat=seat, level=repr(str(level)[:20]),
                                                   levels=", ".join(LEVEL_LETTERS)))
    out: dict[str, str] = {}
    for group in setup.groups():  # a player's seats play at the level of its first seat
        if setup.ai[group[0]]:
            for seat in group:
                out[seat] = levels.get(group[0], DEFAULT_LEVEL)
    return out


def hints_of(data: dict[str, Any]) -> dict[str, int]:
    """How many hints each nation took ('hints' is optional: none before hints existed)."""
    hints = data.get("hints", {})
    if not isinstance(hints, dict) or not set(hints) <= set(NATIONS) or not all(
            isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 100_000
            for n in hints.values()):
        raise SaveError(_("The 'hints' field must map nations to how many hints they took."))
    return {nation: int(hints.get(nation, 0)) for nation in NATIONS}


def _names(data: dict[str, Any]) -> dict[str, str]:
    names = data.get("names", {})
    if not isinstance(names, dict) or not set(names) <= set(SEATS):
        raise SaveError(_("The 'names' field must map seats to player names."))
    out: dict[str, str] = {}
    for seat, name in names.items():
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise SaveError(_("The name of {seat} must be text of at most {limit} "
                              "characters.").format(seat=seat, limit=MAX_NAME))
        if name.strip():
            out[seat] = name.strip()
    return out


ENVELOPE_FIELDS = frozenset({"format", "version", "title", "saved_at", "seats", "names",
                             "levels", "speed", "hints", "save"})
BUG_FIELDS = frozenset({"format", "version", "error", "saved_at", "export", "export_error"})


def _exact(data: dict[str, Any], fields: frozenset[str]) -> None:
    """One exact format: a field the game never writes is a sign of another program's file
    or of an edit, and is refused by name."""
    unknown = sorted(set(data) - fields)
    if unknown:
        raise SaveError(_("It has a field no saved game has: {field}.").format(
            field=json.dumps(unknown[0])[:40]))


def _version(data: dict[str, Any], words: str) -> None:
    """``words`` (with {version} and {supported}) unless the version is exactly ours."""
    if not _this_version(data):
        raise SaveError(words.format(version=json.dumps(data.get("version"))[:20],
                                     supported=VERSION))


def _this_version(data: dict[str, Any]) -> bool:
    """The file says exactly the version this game writes (not True, 1.0 nor "1")."""
    version = data.get("version")
    return type(version) is int and version == VERSION


def parse(text: object) -> Loaded:
    """Validate an export completely; anything wrong raises :class:`SaveError`.

    A bare ``Game.to_json()`` save is accepted too (every seat is then human), and so is a
    bug report (the export inside it); ``Loaded.read_as`` then says what was made of it."""
    data = read_envelope(text)
    read_as = ""
    if data.get("format") == ENGINE_FORMAT:  # a bare engine save: the engine checks it
        data = {"format": FORMAT, "version": VERSION, "save": data,
                "seats": {seat: "human" for seat in SEATS}}
        read_as = _("It was a bare engine save: every seat is played on this screen.")
    elif data.get("format") == BUG_FORMAT:
        _exact(data, BUG_FIELDS)
        _version(data, _("It is a bug report of version {version}; this game reads version "
                         "{supported}, written as a number."))
        if not isinstance(data.get("export"), dict):
            raise SaveError(_("This bug report holds no game."))
        data = data["export"]
        read_as = _("It was a bug report: the game inside it was imported, the error left "
                    "aside.")
    if data.get("format") != FORMAT:
        raise SaveError(_("This is not a Moonshot saved game (format {format}).").format(
            format=json.dumps(data.get("format"))[:30]))
    _exact(data, ENVELOPE_FIELDS)
    _version(data, _("It is a saved game of version {version}; this game reads version "
                     "{supported}, written as a number."))
    save = data.get("save")
    if not isinstance(save, dict):
        raise SaveError(_("The file holds no game: its 'save' field is missing or is not a "
                          "game record."))
    try:
        loaded = load_data(save)
    except game.BadSave as exc:
        raise SaveError(str(exc)) from None
    setup = Setup(players=loaded.players, pair=loaded.state.pair or "USA",
                  ruleset=loaded.ruleset, seed=loaded.seed)
    kinds = _seats(data, setup)
    setup.ai = {seat: kind == "ai" for seat, kind in kinds.items()}
    setup.remote = {seat: kind == "online" for seat, kind in kinds.items()}
    setup.levels = _levels(data, setup)
    setup.names = _names(data)
    speed = data.get("speed", setup.speed_ms)
    if type(speed) is not int:
        raise SaveError(_("The 'speed' field must be a whole number of milliseconds."))
    setup.speed_ms = nearest_pace(speed)
    return Loaded(loaded, setup, _text_field(data, "title"), _text_field(data, "saved_at", 40),
                  save["state"], hints_of(data), read_as)


# --------------------------------------------------------------------------- listing


@dataclass
class Summary:
    """One stored entry as the Saved games list shows it (cheap: no replay)."""

    key: str
    ok: bool
    title: str = ""
    saved_at: str = ""
    detail: str = ""
    over: bool = False
    moves: int = 0
    error: str = ""


def summarize(key: str, text: object) -> Summary:
    """A quick look at a stored entry; never raises (a broken entry comes back not ok)."""
    try:
        data = read_envelope(text)
        if data.get("format") != FORMAT or not _this_version(data):
            raise SaveError(_("not a Moonshot saved game of this version"))
        save = data.get("save")
        state = save.get("state") if isinstance(save, dict) else None
        log = save.get("log") if isinstance(save, dict) else None
        if not isinstance(state, dict) or not isinstance(log, list):
            raise SaveError(_("the game data is missing"))
        winner = state.get("winner")
        round_ = state.get("round")
        players = save.get("players") if isinstance(save, dict) else None
        count = players if isinstance(players, int) else 0
        if winner:
            detail = ngettext("{count} player · {nation} won in round {round}",
                              "{count} players · {nation} won in round {round}", count).format(
                count=players, nation=nation_name(str(winner)), round=round_)
        else:
            detail = ngettext("{count} player · round {round} · {phase}",
                              "{count} players · round {round} · {phase}", count).format(
                count=players, round=round_, phase=_phase_word(str(state.get("phase"))))
        return Summary(key, True, str(data.get("title", ""))[:200],
                       str(data.get("saved_at", ""))[:40], detail, bool(winner), len(log))
    except SaveError as exc:
        return Summary(key, False, error=str(exc))
    except Exception as exc:  # anything odd in storage is "unreadable", never a crash
        return Summary(key, False, error=_("unreadable ({error})").format(
            error=type(exc).__name__))


def _phase_word(phase: str) -> str:
    """A phase as a saved game's summary tells it: 'engineering'."""
    # Translators: the phase a saved game stopped in, in its summary ("round 3 · politics").
    words = {"discussion": _("discussion"), "maneuvers": _("maneuvers"),
             "politics": _("politics"), "engineering": _("engineering"),
             "launches": _("launches"), "administration": _("administration"),
             "over": _("over")}
    return words.get(phase, phase)


def sorted_summaries(entries: dict[str, str], prefix: str = KEY_PREFIX) -> list[Summary]:
    found = [summarize(key, text) for key, text in entries.items()
             if key.startswith(prefix)]
    return sorted(found, key=lambda s: (s.ok, s.saved_at, s.key), reverse=True)
