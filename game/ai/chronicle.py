"""A game's story in numbers, for the post-game report: rebuilt from the seed and the log.

:func:`chronicle` replays a game (all of it, or up to a step, for a replay) and collects
Popularity, Budget and completed Missions at the start of every round, every launch with its
odds before the die and its outcome, and each nation's chance to win at the start of every
Politics phase and every launch phase (:func:`game.ai.winprob.win_probability`, from the
spectator view, so the curve never uses a card nobody had seen at that moment). The
:func:`swings` are the largest changes of that chance between two points, each with its
cause: the launch whose outcome moved it most, else a delay, a change of Popularity or of
Budget (never the round's fixed drop, which both nations pay), a launch decided, a rocket's
better or worse odds, or a Mission completed by a launch nobody doubted. Words are the UI's
business: this gives numbers.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from itertools import pairwise

from ..analysis.history import fresh
from ..core.actions import Action
from ..core.events import Changed, flights
from ..core.names import NATIONS, NationId, Seat
from ..engine import Game
from ..rules.odds import launch_odds, launch_targets
from .base import finish
from .winprob import SAMPLES, STEPS, win_probability_steps

CURVE_PHASES = ("politics", "launches")
MIN_SURPRISE = 0.05  # a launch this sure of its outcome explains a swing only as a last resort
MIN_ROCKET = 0.05  # a smaller change of a rocket's best odds explains no swing


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
    nation: NationId
    mission: str
    odds: float | None  # exact chance before the die; None for a delayed launch
    outcome: str  # "success", "explosion" or "delayed"
    reason: str = ""  # why a launch was delayed: "completed" (first by the rival), "payload"


@dataclass(frozen=True, slots=True)
class CurvePoint:
    step: int
    round: int
    phase: str
    usa: float  # the USA's chance to win; the USSR's is 1 - usa


@dataclass(frozen=True, slots=True)
class Shift:
    """A public number of one nation that moved between two curve points: its Popularity,
    its Budget (what moves and evaluations changed, not the round's fixed drop: ``before``
    and ``after`` then count from 0), the launch its Politician decided (toward ``mission``:
    ``after`` is the rocket's odds at launch time, ``before`` the even odds it is weighed
    against), or its rocket's odds toward ``mission``."""

    kind: str  # "popularity", "budget", "decided" or "rocket"
    nation: NationId
    before: float
    after: float
    mission: str | None = None

    @property
    def by(self) -> float:
        return self.after - self.before


@dataclass(frozen=True, slots=True)
class Swing:
    """A change of the USA's chance between two consecutive curve points, with its cause:
    ``launch`` (a launch whose outcome, or delay, went the swing's way) or else ``shift``
    (the public number that moved most the swing's way); neither only when nothing did."""

    start: CurvePoint
    end: CurvePoint
    launch: LaunchPoint | None
    shift: Shift | None = None

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


def story(start: Game, log: Sequence[tuple[Seat, Action]], seed: int = 0,
          samples: int = SAMPLES, steps: int = STEPS) -> Chronicle:
    """The numbers of the story that ``log`` tells from ``start`` (a game before any action,
    played on in place; every action is checked by the engine as it is applied)."""
    return finish(story_steps(start, log, seed, samples, steps))


def story_steps(start: Game, log: Sequence[tuple[Seat, Action]], seed: int = 0,
                samples: int = SAMPLES, steps: int = STEPS) -> Generator[None, None, Chronicle]:
    """:func:`story` in steps of an action or a simulation each, for a page that gives the
    browser its thread back between them (a whole game's story is seconds of simulations)."""
    current = start
    rules = current.content.rulesets[current.ruleset]
    rng = random.Random(seed)
    rows = [_row(current, 0)]
    launches: list[LaunchPoint] = []
    curve: list[CurvePoint] = []
    moved = dict.fromkeys(NATIONS, 0)  # Budget changed by anything but the round's drop
    marks: list[Numbers] = []

    def score(step: int) -> Generator[None, None, None]:
        chance = (yield from win_probability_steps(current.view(None), rng, samples,
                                                   steps))["USA"]
        curve.append(CurvePoint(step, current.round, current.phase, chance))
        marks.append(_numbers(current, moved))

    yield from score(0)
    for step, (seat, action) in enumerate(log, start=1):
        yield
        before = current.clone()
        phase, round_ = current.phase, current.round
        events = current.apply(seat, action)
        for event in events:
            if isinstance(event, Changed) and event.what == "budget" and event.source != "round":
                moved[event.nation] += event.by
        launches.extend(
            LaunchPoint(step, round_, f.nation, f.mission,
                        None if f.outcome == "delayed" else launch_odds(before, f.nation,
                                                                        f.mission),
                        f.outcome, f.reason)
            for f in flights(events))
        if current.round != round_:
            rows.append(_row(current, step))
        if current.is_over or (current.phase != phase and current.phase in CURVE_PHASES):
            yield from score(step)
    if rows[-1].step != len(log):
        rows.append(_row(current, len(log)))
    curve_t = tuple(curve)
    return Chronicle(len(log), tuple(rows), tuple(launches), curve_t,
                     swings(curve_t, launches, marks), rules.budget_gap,
                     rules.budget_gap_inclusive, current.winner)


@dataclass(frozen=True, slots=True)
class Numbers:
    """Each nation's public numbers at a curve point (USA, USSR order)."""

    popularity: tuple[int, ...]
    budget_moved: tuple[int, ...]  # the Budget moves and evaluations changed so far
    odds: tuple[dict[str, float], ...]  # its rocket's odds toward every open target
    decided: tuple[str, ...]  # the target its Politician decided to launch toward, or ""


def _numbers(game: Game, moved: dict[NationId, int]) -> Numbers:
    nations = [game.state.nations[n] for n in NATIONS]
    targets = launch_targets(game)  # face-down Moon risks averaged over the unseen cards
    return Numbers(tuple(n.popularity for n in nations), tuple(moved[n] for n in NATIONS),
                   tuple({t: launch_odds(game, n, t) for t in targets} for n in NATIONS),
                   tuple(n.launch or "" for n in nations))


def _toward(gain_usa: bool, shift: Shift) -> float:
    """How far a shift went the swing's way (negative: against it)."""
    return shift.by if (shift.nation == "USA") == gain_usa else -shift.by


def _shift(start: Numbers, end: Numbers, gain_usa: bool) -> Shift | None:
    """The public number that moved most the swing's way, by kind: Popularity first, then
    Budget, then a launch decided (above even odds for the nation the swing favoured, below
    for the other), then a rocket's odds toward a target open at both points (by
    ``MIN_ROCKET``)."""
    kinds: list[tuple[float, list[Shift]]] = [(1, []), (1, []), (0, []), (MIN_ROCKET, [])]
    for i, nation in enumerate(NATIONS):
        kinds[0][1].append(Shift("popularity", nation, start.popularity[i],
                                 end.popularity[i]))
        kinds[1][1].append(Shift("budget", nation, 0,
                                 end.budget_moved[i] - start.budget_moved[i]))
        target = end.decided[i]
        if target and target != start.decided[i] and target in end.odds[i]:
            kinds[2][1].append(Shift("decided", nation, 0.5, end.odds[i][target], target))
        kinds[3][1].extend(Shift("rocket", nation, then, end.odds[i][target], target)
                           for target, then in start.odds[i].items() if target in end.odds[i])
    for floor, shifts in kinds:
        best = max(shifts, key=lambda s: _toward(gain_usa, s), default=None)
        if best is not None and _toward(gain_usa, best) >= floor and best.by:
            return best
    return None


def swings(curve: tuple[CurvePoint, ...], launches: list[LaunchPoint],
           marks: Sequence[Numbers], count: int = 3) -> tuple[Swing, ...]:
    """The ``count`` largest changes between consecutive points, each with its cause: the
    launch in between whose outcome was the most surprising in the direction of the change
    (at least ``MIN_SURPRISE`` likely to have gone the other way), else a launch of the
    nation the change hurt that was delayed, else the Popularity, Budget or rocket odds that
    moved most its way (``marks``: the public numbers at each curve point), else a launch
    that went its way, however sure."""
    found: list[Swing] = []
    for index, (start, end) in enumerate(pairwise(curve)):
        gain_usa = end.usa >= start.usa
        between = [p for p in launches if start.step < p.step <= end.step]
        flown: list[tuple[float, LaunchPoint]] = []
        for launch in between:
            if launch.odds is None:
                continue
            helped_usa = (launch.nation == "USA") == (launch.outcome == "success")
            if helped_usa == gain_usa:
                surprise = 1.0 - launch.odds if launch.outcome == "success" else launch.odds
                flown.append((surprise, launch))
        flown.sort(key=lambda pair: -pair[0])
        hurt = "USSR" if gain_usa else "USA"
        delayed = [p for p in between if p.outcome == "delayed" and p.nation == hurt]
        if flown and flown[0][0] >= MIN_SURPRISE:
            found.append(Swing(start, end, flown[0][1]))
        elif delayed:
            found.append(Swing(start, end, delayed[0]))
        else:
            shift = _shift(marks[index], marks[index + 1], gain_usa)
            sure = flown[0][1] if flown and shift is None else None
            found.append(Swing(start, end, sure, shift))
    found.sort(key=lambda s: -abs(s.change))
    return tuple(found[:count])
