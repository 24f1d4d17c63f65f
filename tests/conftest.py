"""Shared helpers for the per-rule tests: scenario set-up, forced dice, phase stepping.

Scenarios poke ``g.state`` directly, then call :func:`poke` so the per-seat cache of legal
actions is dropped; after that only the public API (``apply``/``legal_actions``) is used.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from types import SimpleNamespace
from typing import Any, TypeVar

import pytest

import game
from game.core import actions as A
from game.core.content import use_content
from game.core.events import Event
from game.core.rng import Rng
from game.engine import Game


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--full", action="store_true",
                     help="the full sizes: the random-game soaks at their full count and the "
                          "tests marked full (the balance lab's full-size runs: hours)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked full run with --full only (scripts/test --full, the weekly workflow)."""
    if config.getoption("--full"):
        return
    skip = pytest.mark.skip(reason="a full-size run: --full (scripts/test --full)")
    for item in items:
        if "full" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def full(request: pytest.FixtureRequest) -> bool:
    """The run is at full size (--full): a test that plays many games plays them all."""
    return bool(request.config.getoption("--full"))


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text handed to Python's JSON parser from now on, wherever it is called from (a
    test asserts what reached the parser instead of timing it: the parser recurses, and
    reads a long number in quadratic time)."""
    texts: list[str] = []
    loads = json.loads

    def spy(text: str | bytes, *args: Any, **kwargs: Any) -> Any:
        texts.append(text if isinstance(text, str) else text.decode())
        return loads(text, *args, **kwargs)

    monkeypatch.setattr(json, "loads", spy)
    return texts


@pytest.fixture
def applied(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many actions every Game applies from now on (``applied[0]``): the work of a replay,
    counted instead of timed."""
    count = [0]
    apply = Game.apply

    def counted(self: Game, seat: str, action: Any) -> list[Event]:
        count[0] += 1
        return apply(self, seat, action)

    monkeypatch.setattr(Game, "apply", counted)
    return count


def counting_clock(tick: float) -> SimpleNamespace:
    """A ``time`` for a module whose clock each reading moves on by ``tick`` seconds: a time
    budget becomes a number of readings, the same on every machine (a test patches the
    module's ``time`` with it)."""
    readings = itertools.count()
    return SimpleNamespace(perf_counter=lambda: next(readings) * tick)


@pytest.fixture(autouse=True)
def the_games_own_content() -> Iterator[None]:
    """Every test ends with the game's own content in force, whatever variant it played
    (the balance lab's games leave theirs in force for the next one)."""
    yield
    use_content(None)


def pol(nation: str) -> str:
    return f"{nation}.politician"


def eng(nation: str) -> str:
    return f"{nation}.engineer"


def poke(g: Game) -> Game:
    """Forget the cached legal actions after the state was changed by hand."""
    g.forget_cache()
    return g


@cache
def _rng_state_for(rolls: tuple[int, ...]) -> int:
    state = 1
    while True:
        rng = Rng(state)
        if all(rng.d8() == want for want in rolls):
            return state
        state += 1


def rng_for_rolls(rolls: Sequence[int]) -> int:
    """An Rng state whose next d8 rolls are exactly ``rolls`` (searched, then cached)."""
    assert all(1 <= r <= 8 for r in rolls) and len(rolls) <= 5
    return _rng_state_for(tuple(rolls))


def force_rolls(g: Game, rolls: Sequence[int]) -> None:
    g.state.rng.state = rng_for_rolls(rolls)


def new(seed: int = 1, **kwargs: Any) -> Game:
    return game.new_game(seed, **kwargs)


def kinds(actions: Iterable[A.Action]) -> set[str]:
    return {a.kind for a in actions}


def pass_maneuvers(g: Game) -> None:
    """Both Politicians pass in 2.1 (discussion, if any, is ended first)."""
    while g.phase == "discussion":
        seat = g.to_act()[0]
        g.apply(seat, A.EndDiscussion())
    assert g.phase == "maneuvers"
    while g.phase == "maneuvers":
        g.apply(g.to_act()[0], A.PassManeuvers())


def decide(g: Game, usa: A.Action | None = None, ussr: A.Action | None = None) -> None:
    """Both Politicians take their launch decision (default: abort) in turn order."""
    choice = {"USA": usa or A.Abort(), "USSR": ussr or A.Abort()}
    while g.phase == "politics" and not g.is_over:
        nation = g.state.turn
        assert nation is not None
        g.apply(pol(nation), choice[nation])


def to_engineering(g: Game, usa: A.Action | None = None, ussr: A.Action | None = None) -> None:
    pass_maneuvers(g)
    decide(g, usa, ussr)
    assert g.phase == "engineering"


def engineers_pass(g: Game) -> list[Event]:
    """Both Engineers pass; returns every event caused (launches follow at once)."""
    events: list[Event] = []
    for nation in ("USSR", "USA"):
        if A.PassEngineer() in g.legal_actions(eng(nation)):
            events.extend(g.apply(eng(nation), A.PassEngineer()))
    return events


def place_tiles(g: Game, nation: str, cells: dict[tuple[int, int], tuple[str, int]]) -> None:
    """Lay tiles on a blueprint by hand: ``{(row, col): (tile_id, rotation)}``."""
    cols = g.content.board.cols
    bp = g.state.nations[nation].blueprint
    for (row, col), cell in cells.items():
        bp[row * cols + col] = cell
    poke(g)


E = TypeVar("E", bound=Event)


def events_of(events: Iterable[Event], kind: type[E]) -> list[E]:
    """The events of class ``kind``, in order."""
    return [e for e in events if isinstance(e, kind)]


def payload_rocket(g: Game, nation: str, payload: str = "astronaut") -> None:
    """A rocket of one Payload tile at (0, 0) carrying ``payload`` (parameters 0, 0, 0)."""
    place_tiles(g, nation, {(0, 0): ("P01", 0)})
    g.state.nations[nation].payloads = {0: payload}
    poke(g)


def strong_rocket(g: Game, nation: str, payload: str | None = "astronaut") -> None:
    """A full blueprint with three Modules, parameters (10, 12, 10): enough for the top range
    of every Risk card (a roll of 8, or a lower roll lifted by Test tokens, always passes);
    an Astronaut on the Payload tile at (2, 4) unless ``payload`` is None."""
    cells: dict[tuple[int, int], tuple[str, int]] = {}
    for col in range(5):
        cells[(0, col)] = ("S02", 1)  # S on east and west
        cells[(1, col)] = ("E02", 1)  # E on east and west
        cells[(2, col)] = ("C02", 0) if col < 4 else ("P01", 0)
    place_tiles(g, nation, cells)
    s = g.state
    modules = ["MOD02", "MOD03", "MOD06"]
    # Taken from the shared zones. When both nations get a strong rocket, both blueprints
    # show these Modules: a shortcut for launch scenarios (MOD06 is in every set that
    # reaches 10 everywhere), never checked against conservation.
    for module in modules:
        s.module_deck = [m for m in s.module_deck if m != module]
        s.module_row = [None if m == module else m for m in s.module_row]
        for n in s.nations.values():
            n.suppliers = [None if item == f"M:{module}" else item for item in n.suppliers]
    s.nations[nation].modules = modules
    poke(g)
    assert g.parameters(nation) == (10, 12, 10, 0)
    g.state.nations[nation].payloads = {14: payload} if payload else {}


@pytest.fixture
def g() -> Game:
    """A fresh two-player v0.10.4 game (seed 1), in round 1's Maneuver subphase."""
    return new(1)
