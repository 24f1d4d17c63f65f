"""A game's story in numbers, for the post-game report: rebuilt from the seed and the log.

:func:`chronicle` replays a game (all of it, or up to a step, for a replay) and collects
Popularity, Budget and completed Missions at the start of every round, every launch with its
odds before the die and its outcome, and each nation's chance to win at the start of every
Politics phase and every launch phase (:func:`game.ai.winprob.win_probability`, from the
spectator view, so the curve never uses a card nobody had seen at that moment). The
:func:`swings` are the largest changes of that chance between two points, with the launch
that moved it most when there was one. Words are the UI's business: this gives numbers.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from itertools import pairwise
from typing import Any

from ..actions import Action
from ..content import NATIONS, load_content
from ..engine import Game
from ..history import fresh
from ..odds import launch_odds
from .winprob import SAMPLES, STEPS, win_probability

CURVE_PHASES = ("politics", "launches")
MIN_SURPRISE = 0.05  # a launch this sure of its outcome explains no swing


@dataclass(frozen=True, slots=True)
class RoundRow:
    """Where both nations stood when ``round`` began (or at ``step``, for the last row)."""

    round: int
    step: int
    popularity: tuple[int, int]  # USA, USSR
    budget: tuple[int, int]
    missions: tuple[int, int]  # Missions completed so far


@dataclass(frozen=True, slots=True)
class LaunchPoint:
    step: int  # the logged action after which the launch was resolved
    round: int
    nation: str
    mission: str
    odds: float | None  # exact chance before the die; None for a delayed launch
    outcome: str  # "success", "explosion" or "delayed"


@dataclass(frozen=True, slots=True)
class CurvePoint:
    step: int
    round: int
    phase: str
    usa: float  # the USA's chance to win; the USSR's is 1 - usa


@dataclass(frozen=True, slots=True)
class Swing:
    """A change of the USA's chance between two consecutive curve points."""

    start: CurvePoint
    end: CurvePoint
    launch: LaunchPoint | None  # the launch that explains it best, if one flew in between

    @property
    def change(self) -> float:
        return self.end.usa - self.start.usa


@dataclass(frozen=True, slots=True)
class Chronicle:
    steps: int  # logged actions covered
    rounds: tuple[RoundRow, ...]
    launches: tuple[LaunchPoint, ...]
    curve: tuple[CurvePoint, ...]
    swings: tuple[Swing, ...]  # the three largest, largest first
    budget_gap: int  # the Budget gap that ends the game ...
    budget_gap_inclusive: bool  # ... when reached (True) or only when exceeded (False)
    winner: str | None

    def to_dict(self) -> dict[str, Any]:
        """The same numbers as JSON-safe data (what the AI worker sends the page)."""
        return asdict(self)


def _row(game: Game, step: int) -> RoundRow:
    s = game.state
    usa, ussr = (s.nations[n] for n in NATIONS)
    done = tuple(sum(1 for _, who, _ in s.completed if who == n) for n in NATIONS)
    return RoundRow(s.round, step, (usa.popularity, ussr.popularity),
                    (usa.budget, ussr.budget), (done[0], done[1]))


def chronicle(game: Game, upto: int | None = None, seed: int = 0, samples: int = SAMPLES,
              steps: int = STEPS) -> Chronicle:
    """The numbers of ``game``'s story up to logged action ``upto`` (default: all)."""
    return story(fresh(game), game.log if upto is None else game.log[:upto], seed, samples,
                 steps)


def story(start: Game, log: Sequence[tuple[str, Action]], seed: int = 0,
          samples: int = SAMPLES, steps: int = STEPS) -> Chronicle:
    """The numbers of the story that ``log`` tells from ``start`` (a game before any action,
    played on in place; every action is checked by the engine as it is applied)."""
    current = start
    rules = load_content().rulesets[current.ruleset]
    rng = random.Random(seed)
    rows = [_row(current, 0)]
    launches: list[LaunchPoint] = []
    curve: list[CurvePoint] = []

    def score(step: int) -> None:
        chance = win_probability(current.view(None), rng, samples, steps)["USA"]
        curve.append(CurvePoint(step, current.round, current.phase, chance))

    score(0)
    for step, (seat, action) in enumerate(log, start=1):
        before = current.clone()
        phase, round_ = current.phase, current.round
        events = current.apply(seat, action)
        for i, event in enumerate(events):
            if event["type"] == "liftoff":
                nation, mission = event["nation"], event["mission"]
                outcome = next((e["type"] for e in events[i + 1:] if e.get("nation") == nation
                                and e["type"] in ("mission_success", "explosion")), "")
                launches.append(LaunchPoint(
                    step, round_, nation, mission, launch_odds(before, nation, mission),
                    "success" if outcome == "mission_success" else "explosion"))
            elif event["type"] == "launch_delayed":
                launches.append(LaunchPoint(step, round_, event["nation"], event["mission"],
                                            None, "delayed"))
        if current.round != round_:
            rows.append(_row(current, step))
        if current.is_over or (current.phase != phase and current.phase in CURVE_PHASES):
            score(step)
    if rows[-1].step != len(log):
        rows.append(_row(current, len(log)))
    curve_t = tuple(curve)
    return Chronicle(len(log), tuple(rows), tuple(launches), curve_t,
                     swings(curve_t, launches), rules.budget_gap, rules.budget_gap_inclusive,
                     current.winner)


def swings(curve: tuple[CurvePoint, ...], launches: list[LaunchPoint], count: int = 3
           ) -> tuple[Swing, ...]:
    """The ``count`` largest changes between consecutive points, each with the launch in
    between whose outcome was the most surprising in the direction of the change (and
    surprising at all: at least ``MIN_SURPRISE`` likely to have gone the other way)."""
    found: list[Swing] = []
    for start, end in pairwise(curve):
        gain_usa = end.usa >= start.usa
        best: tuple[float, LaunchPoint | None] = (-1.0, None)
        for launch in launches:
            if not start.step < launch.step <= end.step or launch.odds is None:
                continue
            helped_usa = (launch.nation == "USA") == (launch.outcome == "success")
            if helped_usa != gain_usa:
                continue
            surprise = 1.0 - launch.odds if launch.outcome == "success" else launch.odds
            if surprise >= MIN_SURPRISE and surprise > best[0]:
                best = (surprise, launch)
        found.append(Swing(start, end, best[1]))
    found.sort(key=lambda s: -abs(s.change))
    return tuple(found[:count])
