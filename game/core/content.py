"""The game's components, loaded from the TOML files in ``game/content/`` and validated.

Every card, tile and module is data; the engine never has per-card code. A file that breaks
its schema raises :class:`ContentError` naming the file and the entry, at import time.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path
from typing import Any

from .errors import ContentError
from .names import NATIONS, NationId

PARAMETERS = ("S", "E", "C")
TECH_DECKS = ("S", "E", "C", "P")
PAYLOADS = ("astrodog", "satellite", "astronaut")
TOKEN_KINDS = ("influence", "bluff")  # a Politician's face-down tokens
LIVING_PAYLOADS = frozenset({"astrodog", "astronaut"})
PLACE_CATEGORIES = ("per_round", "mission", "obstruction")
MOON = "MOON"


@dataclass(frozen=True, slots=True)
class Effect:
    """A bundle of changes run by :func:`game.core.effects.apply_effect`; zero means 'no change'."""

    popularity: int = 0
    budget: int = 0
    money: int = 0
    opponent_popularity: int = 0
    opponent_budget: int = 0
    sabotage: int = 0
    remove_sabotage: int = 0
    test_steal: int = 0
    tech_steal: int = 0
    free_research: int = 0

    def to_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name)}


EFFECT_KEYS = tuple(f.name for f in fields(Effect))
_NON_NEGATIVE = ("money", "sabotage", "remove_sabotage", "test_steal", "tech_steal",
                 "free_research")


@dataclass(frozen=True, slots=True)
class Mission:
    id: str
    level: int
    name: str
    year: int
    flavour: str
    payload: str  # "none" or one of PAYLOADS
    risks: tuple[int, ...]
    reward: Effect


@dataclass(frozen=True, slots=True)
class RiskRange:
    low: int
    high: int
    minimum: tuple[int, int, int]  # S, E, C


@dataclass(frozen=True, slots=True)
class Risk:
    id: str
    level: int
    name: str
    flavour: str
    ranges: tuple[RiskRange, RiskRange, RiskRange]

    def range_for(self, value: int) -> RiskRange:
        """The range a modified die value falls in; values above 8 use the top range."""
        for risk_range in self.ranges:
            if value <= risk_range.high:
                return risk_range
        return self.ranges[-1]


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    deck: str
    centre: str  # "" on Payload tiles
    edges: tuple[str, str, str, str]  # North, East, South, West; "-" is blank

    def edges_at(self, rotation: int) -> tuple[str, str, str, str]:
        """Edges after turning the tile clockwise ``rotation`` quarter turns."""
        e = self.edges
        r = rotation % 4
        return (e[(0 - r) % 4], e[(1 - r) % 4], e[(2 - r) % 4], e[(3 - r) % 4])


@dataclass(frozen=True, slots=True)
class Module:
    id: str
    name: str
    flavour: str
    region: str  # human words, e.g. "row 1", "rows 2-3", "column 4"
    cells: frozenset[int]
    need: tuple[tuple[str, int], ...]
    bonus: tuple[int, int, int, int]  # S, E, C, adaptivity


@dataclass(frozen=True, slots=True)
class Maneuver:
    key: str
    names: dict[NationId, str]
    flavour: str
    levels: tuple[Effect, Effect, Effect]


@dataclass(frozen=True, slots=True)
class Place:
    index: int
    names: dict[NationId, str]
    category: str
    effect: Effect


@dataclass(frozen=True, slots=True)
class Ruleset:
    name: str
    title: str
    test_bonus: int
    budget_gap: int
    budget_gap_inclusive: bool
    payload_tiles: bool
    moon: str  # "display": on show from setup with hidden paths; "deck": announced like a mission


@dataclass(frozen=True, slots=True)
class Board:
    start: dict[str, int]
    popularity_max: int
    rows: int
    cols: int
    module_slots: int
    supplier_prices: tuple[int, ...]
    module_row: int
    costs: dict[str, int]
    payload_costs: dict[str, int]
    penalties: dict[str, int]
    budget_drop: int
    discussion_seconds: int  # the Strategic discussion's countdown (the app runs it)
    active_missions: int
    # What a nation starts with beyond ``start`` (negative: less), by nation and by
    # HANDICAPPED key: zero in the game; a designer's variant may set it.
    handicap: dict[str, dict[str, int]]

    def start_of(self, nation: NationId, key: str) -> int:
        """What ``nation`` starts the game with of ``key`` (popularity, budget, money, ...)."""
        return self.start[key] + self.handicap[nation].get(key, 0)


@dataclass(frozen=True, slots=True)
class Content:
    board: Board
    rulesets: dict[str, Ruleset]
    missions: dict[str, Mission]
    risks: dict[str, Risk]
    tiles: dict[str, Tile]
    modules: dict[str, Module]
    maneuvers: dict[str, Maneuver]
    places: tuple[Place, ...]

    def maneuver_card(self, card_id: str) -> Maneuver:
        """The design of a nation's card; card ids are ``"<NATION>:<key>"``."""
        return self.maneuvers[card_id.split(":", 1)[1]]


class _Reader:
    """Strict access to one TOML table, so every error names file and entry."""

    def __init__(self, file: str, entry: str, table: Any) -> None:
        self.file = file
        self.entry = entry
        if not isinstance(table, dict):
            self.fail("must be a table")
        self.table: dict[str, Any] = table
        self.used: set[str] = set()

    def fail(self, message: str) -> None:
        raise ContentError(f"{self.file}: {self.entry}: {message}")

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        self.used.add(key)
        if key not in self.table:
            if default is ...:
                self.fail(f"missing key '{key}'")
            return default
        value = self.table[key]
        if isinstance(value, bool) and kind is int:
            self.fail(f"'{key}' must be an integer")
        if not isinstance(value, kind):
            self.fail(f"'{key}' has the wrong type ({type(value).__name__})")
        return value

    def done(self) -> None:
        extra = sorted(set(self.table) - self.used)
        if extra:
            self.fail(f"unknown key(s) {', '.join(extra)}")


Files = dict[str, dict[str, Any]]  # the content files, by name, as parsed from TOML


def _load_toml(name: str, directory: Path | None) -> dict[str, Any]:
    # by default in game/content/, where the wheel installs them (not importlib.resources:
    # in Pyodide its import alone costs 15 ms of the first load)
    folder = directory if directory is not None else Path(__file__).parent.parent / "content"
    text = (folder / name).read_text(encoding="utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{name}: not valid TOML: {exc}") from exc


def content_files(directory: Path | None = None) -> Files:
    """The content files of ``directory`` (default: the package's own), parsed, not checked:
    what a designer's variant (``game.tools.variant``) changes before
    :func:`content_from_files` checks the result as it checks the game's own."""
    return {name: _load_toml(name, directory) for name in CONTENT_FILES}


def _effect(reader: _Reader, key: str, allow_empty: bool = False) -> Effect:
    raw = reader.get(key, dict)
    sub = _Reader(reader.file, f"{reader.entry}.{key}", raw)
    values: dict[str, int] = {}
    for name in EFFECT_KEYS:
        value = sub.get(name, int, 0)
        if name in _NON_NEGATIVE and value < 0:
            sub.fail(f"'{name}' cannot be negative")
        values[name] = value
    sub.done()
    effect = Effect(**values)
    if not allow_empty and not effect.to_dict():
        sub.fail("an effect must change something")
    return effect


def _entries(data: dict[str, Any], file: str, key: str) -> list[Any]:
    if set(data) != {key}:
        raise ContentError(f"{file}: expected only [[{key}]] entries")
    entries = data[key]
    if not isinstance(entries, list) or not entries:
        raise ContentError(f"{file}: [[{key}]] must be a non-empty array of tables")
    return entries


def _unique(file: str, seen: set[str], ident: str) -> None:
    if ident in seen:
        raise ContentError(f"{file}: duplicate id '{ident}'")
    seen.add(ident)


def _load_missions(files: Files) -> dict[str, Mission]:
    file = "missions.toml"
    missions: dict[str, Mission] = {}
    for i, raw in enumerate(_entries(files[file], file, "mission")):
        r = _Reader(file, f"mission #{i + 1}", raw)
        ident = r.get("id", str)
        r.entry = f"mission '{ident}'"
        _unique(file, set(missions), ident)
        level = r.get("level", int)
        if not 0 <= level <= 4:
            r.fail("level must be 0..4")
        payload = r.get("payload", str)
        if payload != "none" and payload not in PAYLOADS:
            r.fail(f"unknown payload '{payload}'")
        risks = r.get("risks", list)
        if not risks or not all(isinstance(x, int) and 0 <= x <= 3 for x in risks):
            r.fail("risks must be a non-empty list of risk levels 0..3")
        mission = Mission(ident, level, r.get("name", str), r.get("year", int),
                          r.get("flavour", str), payload, tuple(risks),
                          _effect(r, "reward", allow_empty=level == 4))
        r.done()
        missions[ident] = mission
    by_level = [sum(1 for m in missions.values() if m.level == lv) for lv in range(5)]
    if by_level[0] != 2:
        raise ContentError(f"{file}: there must be exactly two level-0 missions")
    if any(n == 0 for n in by_level[1:4]):
        raise ContentError(f"{file}: levels 1, 2 and 3 each need at least one mission")
    if MOON not in missions or missions[MOON].level != 4 or by_level[4] != 1:
        raise ContentError(f"{file}: the only level-4 mission must be '{MOON}'")
    return missions


def _load_risks(files: Files) -> dict[str, Risk]:
    file = "risks.toml"
    risks: dict[str, Risk] = {}
    for i, raw in enumerate(_entries(files[file], file, "risk")):
        r = _Reader(file, f"risk #{i + 1}", raw)
        ident = r.get("id", str)
        r.entry = f"risk '{ident}'"
        _unique(file, set(risks), ident)
        level = r.get("level", int)
        if not 0 <= level <= 3:
            r.fail("level must be 0..3")
        raw_ranges = r.get("ranges", list)
        if len(raw_ranges) != 3:
            r.fail("a risk has exactly three ranges")
        ranges: list[RiskRange] = []
        expected_low = 1
        for j, raw_range in enumerate(raw_ranges):
            rr = _Reader(file, f"{r.entry} range {j + 1}", raw_range)
            low, high = rr.get("from", int), rr.get("to", int)
            minimum = (rr.get("S", int), rr.get("E", int), rr.get("C", int))
            rr.done()
            if low != expected_low or high < low:
                rr.fail(f"ranges must be contiguous from 1 (expected to start at {expected_low})")
            if min(minimum) < 0:
                rr.fail("minimums cannot be negative")
            if ranges and any(a > b for a, b in zip(minimum, ranges[-1].minimum, strict=True)):
                rr.fail("a higher range cannot demand more than a lower one")
            expected_low = high + 1
            ranges.append(RiskRange(low, high, minimum))
        if ranges[-1].high != 8:
            r.fail("the ranges must end at 8")
        risks[ident] = Risk(ident, level, r.get("name", str), r.get("flavour", str),
                            (ranges[0], ranges[1], ranges[2]))
        r.done()
    return risks


def _load_tiles(files: Files) -> dict[str, Tile]:
    file = "tiles.toml"
    tiles: dict[str, Tile] = {}
    for i, raw in enumerate(_entries(files[file], file, "tile")):
        r = _Reader(file, f"tile #{i + 1}", raw)
        ident = r.get("id", str)
        r.entry = f"tile '{ident}'"
        _unique(file, set(tiles), ident)
        deck, centre, edges = r.get("deck", str), r.get("centre", str), r.get("edges", str)
        r.done()
        if deck not in TECH_DECKS:
            r.fail(f"unknown deck '{deck}'")
        if (deck == "P") != (centre == "") or (centre and centre != deck):
            r.fail("the centre icon must match the deck (none on Payload tiles)")
        if len(edges) != 4 or any(c not in "SEC-" for c in edges):
            r.fail("edges must be four characters of S, E, C or -")
        tiles[ident] = Tile(ident, deck, centre, (edges[0], edges[1], edges[2], edges[3]))
    for deck in TECH_DECKS:
        if not any(t.deck == deck for t in tiles.values()):
            raise ContentError(f"{file}: the {deck} deck is empty")
    return tiles


def _region(reader: _Reader, rows: int, cols: int) -> tuple[str, frozenset[int]]:
    raw = reader.get("region", dict)
    sub = _Reader(reader.file, f"{reader.entry}.region", raw)
    if "rows" in raw:
        chosen = sub.get("rows", list)
        sub.done()
        if not 1 <= len(chosen) <= 2 or not all(isinstance(x, int) and 1 <= x <= rows
                                                for x in chosen):
            sub.fail(f"rows must be one or two row numbers 1..{rows}")
        words = f"row {chosen[0]}" if len(chosen) == 1 else f"rows {chosen[0]}-{chosen[-1]}"
        return words, frozenset((row - 1) * cols + c for row in chosen for c in range(cols))
    column = sub.get("column", int)
    sub.done()
    if not 1 <= column <= cols:
        sub.fail(f"column must be 1..{cols}")
    return f"column {column}", frozenset(r * cols + column - 1 for r in range(rows))


def _load_modules(board: Board, files: Files) -> dict[str, Module]:
    file = "modules.toml"
    modules: dict[str, Module] = {}
    for i, raw in enumerate(_entries(files[file], file, "module")):
        r = _Reader(file, f"module #{i + 1}", raw)
        ident = r.get("id", str)
        r.entry = f"module '{ident}'"
        _unique(file, set(modules), ident)
        words, cells = _region(r, board.rows, board.cols)
        need_reader = _Reader(file, f"{r.entry}.need", r.get("need", dict))
        need = tuple((k, need_reader.get(k, int)) for k in ("filled", "S", "E", "C", "payload",
                                                            "matches") if k in need_reader.table)
        need_reader.done()
        if not need or any(v < 1 for _, v in need):
            need_reader.fail("a module needs one or more conditions, each at least 1")
        bonus_reader = _Reader(file, f"{r.entry}.bonus", r.get("bonus", dict))
        bonus = tuple(bonus_reader.get(k, int, 0) for k in ("S", "E", "C", "adapt"))
        bonus_reader.done()
        if min(bonus) < 0 or sum(bonus) == 0:
            bonus_reader.fail("a bonus must add at least one point and none negative")
        modules[ident] = Module(ident, r.get("name", str), r.get("flavour", str), words, cells,
                                need, (bonus[0], bonus[1], bonus[2], bonus[3]))
        r.done()
    return modules


def _names(reader: _Reader) -> dict[NationId, str]:
    sub = _Reader(reader.file, f"{reader.entry}.names", reader.get("names", dict))
    names = {nation: sub.get(nation, str) for nation in NATIONS}
    sub.done()
    return names


def _load_maneuvers(files: Files) -> dict[str, Maneuver]:
    file = "maneuvers.toml"
    cards: dict[str, Maneuver] = {}
    for i, raw in enumerate(_entries(files[file], file, "maneuver")):
        r = _Reader(file, f"maneuver #{i + 1}", raw)
        key = r.get("key", str)
        r.entry = f"maneuver '{key}'"
        _unique(file, set(cards), key)
        if not key or ":" in key:
            r.fail("a key must be non-empty and contain no ':'")
        levels = r.get("levels", list)
        if len(levels) != 3:
            r.fail("a maneuver has exactly three levels")
        effects = [_effect(_Reader(file, r.entry, {"level": lv}), "level") for lv in levels]
        cards[key] = Maneuver(key, _names(r), r.get("flavour", str),
                              (effects[0], effects[1], effects[2]))
        r.done()
    return cards


def _load_places(files: Files) -> tuple[Place, ...]:
    file = "places.toml"
    places: list[Place] = []
    for i, raw in enumerate(_entries(files[file], file, "place")):
        r = _Reader(file, f"place #{i + 1}", raw)
        index = r.get("index", int)
        if index != i + 1:
            r.fail("places must be listed in order with index 1..4")
        category = r.get("category", str)
        if category not in PLACE_CATEGORIES:
            r.fail(f"unknown category '{category}'")
        places.append(Place(index, _names(r), category, _effect(r, "effect")))
        r.done()
    if len(places) != 4:
        raise ContentError(f"{file}: a Politics board has exactly four places")
    return tuple(places)


def _load_board(files: Files) -> Board:
    file = "board.toml"
    data = files[file]
    top = _Reader(file, "board", data)

    def table(name: str, keys: tuple[str, ...]) -> dict[str, int]:
        sub = _Reader(file, f"[{name}]", top.get(name.split(".")[0], dict))
        if "." in name:
            sub = _Reader(file, f"[{name}]", sub.get(name.split(".")[1], dict))
        values = {k: sub.get(k, int) for k in keys}
        if "." not in name:
            sub.used.update(k for k in sub.table if isinstance(sub.table[k], dict))
        sub.done()
        if min(values.values()) < 0:
            sub.fail("numbers cannot be negative")
        return values

    start = table("start", ("popularity", "budget", "money", "influence", "bluff",
                            "first_player_bluff", "hand_size"))
    tracks = table("tracks", ("popularity_max",))
    blueprint = table("blueprint", ("rows", "cols", "module_slots"))
    suppliers = _Reader(file, "[suppliers]", top.get("suppliers", dict))
    prices = suppliers.get("prices", list)
    suppliers.done()
    if len(prices) < 1 or not all(isinstance(p, int) and p > 0 for p in prices):
        suppliers.fail("prices must be positive integers")
    research = table("research", ("module_row",))
    costs = table("costs", ("line", "research", "pile", "test", "anti_sabotage_base"))
    payload_costs = table("costs.payload", PAYLOADS)
    penalties = table("penalties", ("abort", "explosion", "explosion_with_life", "delay", "tie"))
    round_numbers = table("round", ("budget_drop", "discussion_seconds"))
    if round_numbers["discussion_seconds"] < 1:
        raise ContentError(f"{file}: [round]: discussion_seconds must be positive")
    limits = table("limits", ("active_missions",))
    handicap = _handicap(top, start, tracks["popularity_max"])
    top.done()
    return Board(start, tracks["popularity_max"], blueprint["rows"], blueprint["cols"],
                 blueprint["module_slots"], tuple(prices), research["module_row"], costs,
                 payload_costs, penalties, round_numbers["budget_drop"],
                 round_numbers["discussion_seconds"], limits["active_missions"], handicap)


HANDICAPPED = ("popularity", "budget", "money")


def _handicap(top: _Reader, start: dict[str, int], popularity_max: int
              ) -> dict[str, dict[str, int]]:
    """``[handicap]`` (optional, each nation's too): per nation, what it starts with beyond
    ``[start]``; each start must stay on its track (Popularity 0..the track's top, Budget
    and Money not negative)."""
    table = _Reader(top.file, "[handicap]", top.get("handicap", dict, {}))
    found: dict[str, dict[str, int]] = {}
    for nation in NATIONS:
        sub = _Reader(top.file, f"[handicap.{nation}]", table.get(nation, dict, {}))
        found[nation] = {key: sub.get(key, int, 0) for key in HANDICAPPED}
        sub.done()
        for key, extra in found[nation].items():
            top_of = popularity_max if key == "popularity" else None
            if start[key] + extra < 0 or (top_of is not None and start[key] + extra > top_of):
                sub.fail(f"{nation} would start with {start[key] + extra} {key.capitalize()} "
                         f"(from 0{f' to {top_of}' if top_of is not None else ''})")
    table.done()
    return found


def _load_rulesets(files: Files) -> dict[str, Ruleset]:
    file = "rulesets.toml"
    data = files[file]
    top = _Reader(file, "rulesets", data)
    entries = top.get("ruleset", dict)
    top.done()
    rulesets: dict[str, Ruleset] = {}
    for name, raw in entries.items():
        r = _Reader(file, f"ruleset '{name}'", raw)
        moon = r.get("moon", str)
        if moon not in ("display", "deck"):
            r.fail("moon must be 'display' or 'deck'")
        rulesets[name] = Ruleset(name, r.get("title", str), r.get("test_bonus", int),
                                 r.get("budget_gap", int), r.get("budget_gap_inclusive", bool),
                                 r.get("payload_tiles", bool), moon)
        r.done()
    return rulesets


def _check_risk_supply(missions: dict[str, Mission], risks: dict[str, Risk],
                       board: Board) -> None:
    """Every level's Risk deck must cover the most cards that can be in play at once."""
    for level in range(4):
        per_mission = max((m.risks.count(level) for m in missions.values() if m.level < 4),
                          default=0)
        moon = missions[MOON].risks.count(level)
        # Display moon: two face-down paths; deck moon: one more active card. Either way the
        # Moon sits beside the full number of active Missions.
        need = 2 * moon + board.active_missions * per_mission
        have = sum(1 for r in risks.values() if r.level == level)
        if have < need:
            raise ContentError(f"risks.toml: level {level} has {have} cards but play can "
                               f"demand {need} at once")


CONTENT_FILES = ("board.toml", "missions.toml", "risks.toml", "rulesets.toml", "tiles.toml",
                 "modules.toml", "maneuvers.toml", "places.toml")


def read_content(directory: Path | None = None) -> Content:
    """Load and validate the content files of ``directory`` (default: the package's own)."""
    return content_from_files(content_files(directory))


def content_from_files(files: Files) -> Content:
    """The content the parsed ``files`` hold, checked (:class:`ContentError` names the file,
    the entry and what is wrong)."""
    board = _load_board(files)
    missions = _load_missions(files)
    risks = _load_risks(files)
    _check_risk_supply(missions, risks, board)
    tiles, modules, maneuvers = (_load_tiles(files), _load_modules(board, files),
                                 _load_maneuvers(files))
    _check_setup_supply(board, tiles, modules, maneuvers)
    return Content(board, _load_rulesets(files), missions, risks, tiles, modules, maneuvers,
                   _load_places(files))


def _check_setup_supply(board: Board, tiles: dict[str, Tile], modules: dict[str, Module],
                        maneuvers: dict[str, Maneuver]) -> None:
    """The setup deals a tile of each deck to each nation's line, a Module to each nation's
    supplier beside the Research row, and a hand of Maneuvers from each nation's deck."""
    for deck in PARAMETERS:
        have = sum(1 for t in tiles.values() if t.deck == deck)
        if have < len(NATIONS):
            raise ContentError(f"tiles.toml: the {deck} deck has {have} tile(s) but the "
                               f"setup deals {len(NATIONS)}")
    need = board.module_row + len(NATIONS)
    if len(modules) < need:
        raise ContentError(f"modules.toml: {len(modules)} Modules but the setup deals {need}")
    if len(maneuvers) < board.start["hand_size"]:
        raise ContentError(f"maneuvers.toml: {len(maneuvers)} Maneuvers but a hand holds "
                           f"{board.start['hand_size']}")


@cache
def standard_content() -> Content:
    """The game's own content, from ``game/content/`` (read and checked once per process)."""
    return read_content()


_in_force: Content | None = None  # a designer's variant (use_content), else the game's own
_forgetters: list[Callable[[], None]] = []


def load_content() -> Content:
    """The content games are played with: the game's own, unless a variant is in force."""
    return _in_force if _in_force is not None else standard_content()


def when_content_changes(forget: Callable[[], None]) -> None:
    """Have ``forget`` called whenever :func:`use_content` changes the content in force: the
    engine's caches of what the content implies (the decks, the blueprint's shape) register
    here, since this module must not import them."""
    _forgetters.append(forget)


def use_content(content: Content | None) -> None:
    """Play the games this process makes from now on with ``content`` (``None``: the game's
    own). For the balance lab's worker processes, one variant at a time: a game carries no
    content of its own, so two contents must never be in force in one process at once (the
    lab holds :data:`CONTENT_LOCK` while its games are played)."""
    global _in_force
    if content is standard_content():
        content = None
    if content is _in_force:
        return
    _in_force = content
    for forget in _forgetters:
        forget()

