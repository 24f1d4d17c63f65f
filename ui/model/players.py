"""Who sits where: players, which seats each holds, human or AI, and whose turn on the screen.

Pure Python (no browser), so it can be unit-tested in CPython.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game import SEATS
from game.core.names import NationId, Seat
from game.rules.records import View
from game.rules.terms import ENGINEER, POLITICIAN, nation_of, other, split_seat

from ..words.names import nation_name, seat_name

# URL ``seats`` letters that make a seat an AI, and its level (game.ai levels); ``a`` (the
# letter before levels existed) means the default level. ``h`` is a person.
DEFAULT_LEVEL = "medium"
AI_LEVELS = {"a": DEFAULT_LEVEL, "r": "random", "e": "easy", "m": "medium", "x": "hard"}
LEVEL_LETTERS = {"random": "r", "easy": "e", "medium": "m", "hard": "x"}


@dataclass
class Setup:
    """A new game's choices, as the dialog (or the URL) gives them."""

    players: int = 2
    pair: NationId = "USA"  # with 3 players: the nation played by two people
    ruleset: str = "v0.10.4"
    seed: int = 1
    ai: dict[str, bool] = field(default_factory=lambda: {s: s.startswith("USSR") for s in SEATS})
    speed_ms: int = 300
    names: dict[str, str] = field(default_factory=dict)  # seat -> player name (optional)
    levels: dict[str, str] = field(default_factory=dict)  # AI seat -> AI_LEVELS value
    # seat -> played on a guest's screen in an online game (ui.links.hosting); never also AI
    remote: dict[str, bool] = field(default_factory=dict)

    def groups(self) -> list[tuple[Seat, ...]]:
        """The seats each player holds."""
        if self.players == 2:
            return [SEATS[:2], SEATS[2:]]
        if self.players == 4:
            return [(s,) for s in SEATS]
        solo = other(self.pair)
        return [(POLITICIAN[self.pair],), (ENGINEER[self.pair],),
                (POLITICIAN[solo], ENGINEER[solo])]

    def player_of(self, seat: str) -> tuple[Seat, ...]:
        for group in self.groups():
            if seat in group:
                return group
        raise KeyError(seat)

    def is_ai(self, seat: str) -> bool:
        """A player is an AI when the first seat it holds is marked AI."""
        return self.ai.get(self.player_of(seat)[0], False)

    def level(self, seat: str) -> str:
        """The AI level of the player holding ``seat`` (the level of its first seat)."""
        level = self.levels.get(self.player_of(seat)[0], DEFAULT_LEVEL)
        return level if level in LEVEL_LETTERS else DEFAULT_LEVEL

    def is_remote(self, seat: str) -> bool:
        """A player is online (on a guest's screen) when its first seat is marked remote."""
        return self.remote.get(self.player_of(seat)[0], False)

    def humans(self) -> list[tuple[Seat, ...]]:
        """The people at this screen (not AI, not online)."""
        return [g for g in self.groups()
                if not self.ai.get(g[0], False) and not self.remote.get(g[0], False)]

    def guests(self) -> list[tuple[Seat, ...]]:
        """The seats of each player on another screen (an online game's guests)."""
        return [g for g in self.groups() if self.remote.get(g[0], False)]

    def player_label(self, seat: str) -> str:
        group = self.player_of(seat)
        nation = nation_of(group[0])
        if len(group) == 2:
            return nation_name(nation)
        return seat_name(group[0])

    def display_name(self, seat: str) -> str:
        """The player's own name when given, else the seat label ("USA", "USSR Engineer")."""
        name = self.names.get(self.player_of(seat)[0], "").strip()
        return name or self.player_label(seat)

    def copy(self) -> Setup:
        return Setup(self.players, self.pair, self.ruleset, self.seed, dict(self.ai),
                     self.speed_ms, dict(self.names), dict(self.levels), dict(self.remote))


PACES = (0, 150, 300, 800)  # the AI's pace, milliseconds between its moves (the header's)
PLAYERS = (2, 3, 4)
MAX_SEED = 2**31 - 1  # seeds are 0..MAX_SEED (a saved game keeps whatever seed it has)
MAX_QUERY = 4_096  # characters of a query read; the page's parameters need a hundred
MAX_PARAMETERS = 64  # parts of a query read; none of the page has a dozen
MAX_VALUE = 64  # characters of a value kept (a longer one is cut: too long for any use)


def query_params(query: str) -> dict[str, str]:
    """The page's query (``?seed=5&lang=hu``) as names and values, the last of a name
    winning; the same small work whatever the address holds."""
    params: dict[str, str] = {}
    for part in query[:MAX_QUERY].lstrip("?").split("&", MAX_PARAMETERS)[:MAX_PARAMETERS]:
        name, sep, value = part.partition("=")
        if sep:
            params[name] = value[:MAX_VALUE]
    return params


def query_param(query: str, key: str, longest: int = 32) -> str:
    """The value of ``key`` in the page's query (``?example=launch&lang=hu``): "" when it is
    absent or longer than ``longest`` (less than MAX_VALUE; no parameter of the page is
    longer)."""
    value = query_params(query).get(key, "")
    return value if len(value) <= longest else ""


def nearest_pace(ms: int) -> int:
    """The offered pace nearest ``ms`` (a link's or a file's; the header shows it)."""
    return min(PACES, key=lambda pace: (abs(pace - ms), pace))


def whole_number(text: str, default: int) -> int:
    """A whole number of a link or a form, ``default`` when the text is none. It converts
    at most 12 digits (thousands of digits cost Python quadratic time): a longer number is
    only very large, and :func:`bounded` clamps it like any other."""
    sign, digits = ("-", text[1:]) if text.startswith("-") else ("", text)
    if not digits.isascii() or not digits.isdigit():
        return default
    if len(digits.lstrip("0")) > 12:
        return -10**12 if sign else 10**12
    return int(sign + digits)


def bounded(setup: Setup) -> Setup:
    """``setup`` with every knob within its range: 2-4 players, a seed of 0..MAX_SEED, an
    offered pace (a link's, a form's or an embedding page's values come here)."""
    setup.players = min(PLAYERS, key=lambda n: (abs(n - setup.players), n))
    setup.seed = max(0, min(MAX_SEED, setup.seed))
    setup.speed_ms = nearest_pace(setup.speed_ms)
    return setup


def parse_query(query: str) -> Setup | None:
    """``?players=2&seats=hhaa&seed=5&ruleset=preview&pair=USSR&speed=0``: a game to start.

    ``seats``: one letter per seat (USA Politician, USA Engineer, USSR Politician, USSR
    Engineer): ``h`` a person, or an AI: ``r``/``e``/``m``/``x`` (random, easy, medium,
    hard), ``a`` the default level (medium)."""
    params = query_params(query)
    if "seed" not in params and "seats" not in params:
        return None
    setup = Setup()
    setup.players = whole_number(params.get("players", ""), 2)
    setup.seed = whole_number(params.get("seed", ""), 1)
    setup.speed_ms = whole_number(params.get("speed", ""), 300)
    bounded(setup)
    setup.pair = "USSR" if params.get("pair") == "USSR" else "USA"
    setup.ruleset = "preview" if params.get("ruleset") == "preview" else "v0.10.4"
    seats = params.get("seats", "")
    if len(seats) == 4:
        letters = dict(zip(SEATS, seats.lower(), strict=True))
        setup.ai = {s: c in AI_LEVELS for s, c in letters.items()}
        setup.levels = {s: AI_LEVELS[c] for s, c in letters.items() if c in AI_LEVELS}
        for group in setup.groups():  # a player's seats are all human or all AI
            for seat in group:
                setup.ai[seat] = setup.ai[group[0]]
                if group[0] in setup.levels:
                    setup.levels[seat] = setup.levels[group[0]]
                else:
                    setup.levels.pop(seat, None)
    return setup


def choose_seat(to_act: Sequence[Seat], last: Seat | None, view: View) -> Seat | None:
    """Which of the seats that may act gets the screen next.

    A seat finishing a pending tile/module decision keeps it; while Politicians and
    Engineers act in the same phase (four people, Phase 2), a Politician's Engineer acts
    right after it, in the same turn of the screen;
    otherwise the nations alternate, so simultaneous Engineers alternate single actions
    (``to_act`` lists the First Player's nation first).
    """
    if not to_act:
        return None
    if last is None:
        return to_act[0]
    nation, role = split_seat(last)
    if last in to_act and view.nations[nation].pending is not None:
        return last
    mate = ENGINEER[nation]
    if role == "politician" and mate in to_act and _both_roles_act(to_act):
        return mate
    others = [s for s in to_act if nation_of(s) != nation] if last in to_act else []
    return others[0] if others else to_act[0]


def _both_roles_act(to_act: Sequence[str]) -> bool:
    """Politicians and Engineers act in the same phase (four people, Phase 2)."""
    return any(split_seat(s)[1] == "politician" for s in to_act)
