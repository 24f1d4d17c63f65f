"""Games between computer players, and their summary (``python -m game tournament``)."""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..ai import get_ai
from ..ai.base import AI, Budget
from ..core.actions import Action
from ..core.content import load_content
from ..core.names import NATIONS, NationId, Seat
from ..engine import Game, new_game
from ..rules.terms import nation_of, other
from .records import append_record, end_cut_line, read_records

# OpenSpiel's search bots (game.tools.openspiel), players beside the AI levels.
OPENSPIEL_BOTS = ("ismcts", "mcts")


@dataclass
class GameResult:
    seed: int
    a_nation: NationId
    winner: str | None
    end_reason: str | None
    rounds: int
    missions_by_level: dict[int, int]
    seconds: dict[str, float] = field(default_factory=dict)  # side -> thinking time
    decisions: dict[str, int] = field(default_factory=dict)
    iterations: dict[str, int] = field(default_factory=dict)

    @property
    def a_won(self) -> bool:
        return self.winner is not None and self.winner == self.a_nation

    @property
    def b_won(self) -> bool:
        return self.winner is not None and self.winner != self.a_nation


def computer_player(name: str, iterations: int | None = None,
                    seconds: float | None = None) -> AI:
    """A fresh player: an AI level (:func:`game.ai.get_ai`) or one of OpenSpiel's bots
    (:data:`OPENSPIEL_BOTS`, with the ``lab`` extra installed)."""
    if name in OPENSPIEL_BOTS:
        try:
            from .openspiel import OpenSpielAI
        except ImportError as missing:
            raise RuntimeError(f"{name} is OpenSpiel's, which is not installed here "
                             f"({missing}): pip install -e '.[lab]'") from None
        return OpenSpielAI(name, iterations)
    return get_ai(name, iterations=iterations, seconds=seconds)


def play_game(a: str, b: str, seed: int, a_nation: NationId, *, players: int = 2,
              ruleset: str = "v0.10.4", iterations: int | None = None,
              seconds: float | None = None, max_rounds: int = 40,
              watch: Callable[[Game], None] | None = None) -> GameResult:
    """One game: side ``a`` plays ``a_nation`` (both of its seats), side ``b`` the other.
    ``watch`` sees the game before every decision (to sample positions from it)."""
    game = new_game(seed, players=players, ruleset=ruleset)
    side_of = {a_nation: "a", other(a_nation): "b"}
    level = {"a": a, "b": b}
    ais = {seat: computer_player(level[side_of[nation_of(seat)]], iterations=iterations,
                                 seconds=seconds)
           for seat in ("USA.politician", "USA.engineer", "USSR.politician", "USSR.engineer")}
    rngs = {seat: random.Random(seed * 7919 + i) for i, seat in enumerate(sorted(ais))}
    budget = Budget(seconds=seconds, iterations=iterations)
    spent = {"a": 0.0, "b": 0.0}
    decisions = {"a": 0, "b": 0}
    iters = {"a": 0, "b": 0}
    step = 0
    while not game.is_over and game.round <= max_rounds:
        seats = game.to_act()
        seat = seats[step % len(seats)]
        step += 1
        if watch is not None:
            watch(game)
        legal = game.legal_actions(seat)
        side = side_of[nation_of(seat)]
        started = time.perf_counter()
        action = ais[seat].choose(game.view(seat), legal, rngs[seat], budget)
        spent[side] += time.perf_counter() - started
        decisions[side] += 1
        iters[side] += ais[seat].last_stats.iterations
        game.apply(seat, action)
    missions = load_content().missions
    by_level = Counter(missions[m].level for m, _, _ in game.state.completed)
    return GameResult(seed, a_nation, game.winner, game.end_reason if game.is_over else None,
                      game.round, dict(by_level), spent, decisions, iters)


def medium_moves(seed: int, players: int = 2) -> Iterator[tuple[Game, Seat, list[Action],
                                                                 Action]]:
    """Every move of a whole game the medium AI plays for every seat (a random one of the
    seats that may act): (the game, the seat, its legal actions, the move), before the move
    is applied. Whole games reach every phase and most kinds of action."""
    g = new_game(seed, players=players)
    ai = get_ai("medium")
    rng = random.Random(seed)
    while not g.is_over:
        seat = rng.choice(g.to_act())
        legal = g.legal_actions(seat)
        move = ai.choose(g.view(seat), legal, rng)
        yield g, seat, legal, move
        g.apply(seat, move)


Task = tuple[str, str, int, NationId, int, str, int | None, float | None]


def _play(args: Task) -> tuple[Task, GameResult]:
    a, b, seed, a_nation, players, ruleset, iterations, seconds = args
    return args, play_game(a, b, seed, a_nation, players=players, ruleset=ruleset,
                           iterations=iterations, seconds=seconds)


def task_key(task: Task) -> str:
    return json.dumps(list(task))


def _recorded(entry: dict[str, Any]) -> tuple[str, GameResult]:
    result = dict(entry["result"])
    result["missions_by_level"] = {int(k): v for k, v in result["missions_by_level"].items()}
    return task_key(tuple(entry["task"])), GameResult(**result)


def played(out: Path | None) -> dict[str, GameResult]:
    """Games already recorded in ``out`` (one JSON line per game), by their task; a line
    cut short by a stop is skipped."""
    return dict(read_records(out, _recorded))


def play_all(tasks: list[Task], jobs: int = 1, out: Path | None = None
             ) -> dict[str, GameResult]:
    """Every task's result, played ``jobs`` at a time. With ``out``, each finished game is
    appended to it at once, and games it already holds are not played again (a long run
    can be stopped and resumed)."""
    results = played(out)
    todo = [t for t in tasks if task_key(t) not in results]
    if out is not None and todo:
        end_cut_line(out)

    def record(done: Iterable[tuple[Task, GameResult]]) -> None:
        for task, result in done:
            results[task_key(task)] = result
            if out is not None:
                append_record(out, {"task": list(task), "result": asdict(result)})

    if jobs > 1 and len(todo) > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            record(pool.imap_unordered(_play, todo, chunksize=1))
    else:
        record(_play(t) for t in todo)
    return {task_key(t): results[task_key(t)] for t in tasks}


def tasks_for(a: str, b: str, games: int, seed: int, *, players: int = 2,
              ruleset: str = "v0.10.4", iterations: int | None = None,
              seconds: float | None = None) -> list[Task]:
    """``games`` games, nations swapped every other game."""
    return [(a, b, seed + i, NATIONS[i % 2], players, ruleset, iterations, seconds)
            for i in range(games)]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def run_tournament(a: str, b: str, games: int, seed: int, *, players: int = 2,
                   ruleset: str = "v0.10.4", iterations: int | None = None,
                   seconds: float | None = None, jobs: int = 1,
                   out: Path | None = None) -> dict[str, Any]:
    """Play ``games`` games, nations swapped every other game, and summarise them."""
    tasks = tasks_for(a, b, games, seed, players=players, ruleset=ruleset,
                      iterations=iterations, seconds=seconds)
    started = time.perf_counter()
    results = list(play_all(tasks, jobs, out).values())
    return summarise(a, b, results, time.perf_counter() - started)


def summarise(a: str, b: str, results: list[GameResult], seconds: float) -> dict[str, Any]:
    n = len(results)
    a_wins = sum(r.a_won for r in results)
    b_wins = sum(r.b_won for r in results)
    low, high = wilson(a_wins, n)
    rounds = [r.rounds for r in results]
    levels: Counter[int] = Counter()
    games_with_level: Counter[int] = Counter()
    for r in results:
        levels.update(r.missions_by_level)
        games_with_level.update(lv for lv, count in r.missions_by_level.items() if count)
    nation_wins = Counter(r.winner or "none" for r in results)

    def per_decision(side: str) -> float:
        total = sum(r.seconds.get(side, 0.0) for r in results)
        count = sum(r.decisions.get(side, 0) for r in results)
        return total / count if count else 0.0

    def iterations(side: str) -> float:
        total = sum(r.iterations.get(side, 0) for r in results)
        count = sum(r.decisions.get(side, 0) for r in results)
        return total / count if count else 0.0

    return {
        "a": a, "b": b, "games": n, "a_wins": a_wins, "b_wins": b_wins,
        "unfinished": n - a_wins - b_wins,
        "a_win_rate": round(a_wins / n, 4) if n else 0.0,
        "ci95": [round(low, 4), round(high, 4)],
        "nation_wins": dict(sorted(nation_wins.items())),
        "rounds": {"mean": round(statistics.mean(rounds), 2) if rounds else 0,
                   "median": statistics.median(rounds) if rounds else 0,
                   "min": min(rounds, default=0), "max": max(rounds, default=0)},
        "end_reasons": dict(sorted(Counter(r.end_reason or "unfinished"
                                           for r in results).items())),
        "missions_by_level": {str(lv): levels.get(lv, 0) for lv in range(5)},
        "games_with_level": {str(lv): games_with_level.get(lv, 0) for lv in range(5)},
        "seconds_per_decision": {"a": round(per_decision("a"), 5),
                                 "b": round(per_decision("b"), 5)},
        "iterations_per_decision": {"a": round(iterations("a"), 2),
                                    "b": round(iterations("b"), 2)},
        "seconds": round(seconds, 2),
    }
