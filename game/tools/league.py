"""Every level against every other, and each against itself for the seat balance
(``python -m game tournament --league``), summarised as the Markdown table of
docs/architecture.md ("The AI")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..ai import LEVELS
from .tournament import Task, play_all, summarise, task_key, tasks_for, wilson

BALANCE = (0.45, 0.55)  # the USA's share of wins between equal levels that counts as fair


def pairings(levels: tuple[str, ...] = LEVELS) -> list[tuple[str, str]]:
    """The stronger level first (LEVELS runs from weakest to strongest), then the mirrors."""
    ordered = [level for level in LEVELS if level in levels]
    cross = [(a, b) for i, a in enumerate(ordered) for b in ordered[:i]]
    cross.sort(key=lambda p: (-LEVELS.index(p[0]), -LEVELS.index(p[1])))
    return cross + [(level, level) for level in reversed(ordered)]


def league(games: int, seed: int, *, levels: tuple[str, ...] = LEVELS, jobs: int = 1,
           players: int = 2, ruleset: str = "v0.10.4", iterations: int | None = None,
           seconds: float | None = None, out: Path | None = None) -> list[dict[str, Any]]:
    """Play every pairing (``games`` games each, nations swapped every other game) in one
    pool of ``jobs`` processes; a summary per pairing, in :func:`pairings` order."""
    plan: list[tuple[tuple[str, str], list[Task]]] = [
        (pair, tasks_for(pair[0], pair[1], games, seed, players=players, ruleset=ruleset,
                         iterations=iterations, seconds=seconds))
        for pair in pairings(levels)]
    results = play_all([t for _, tasks in plan for t in tasks], jobs, out)
    return [summarise(a, b, [results[task_key(t)] for t in tasks], 0.0)
            for (a, b), tasks in plan]


def table(summaries: list[dict[str, Any]]) -> str:
    """The league as a Markdown table: who beat whom, the seat balance of the mirrors, game
    length and how the games ended."""
    lines = ["| match | games | result | win rate (95% Wilson) | USA wins | rounds mean "
             "(min-max) | end reasons | iterations per decision |",
             "|---|---|---|---|---|---|---|---|"]
    for s in summaries:
        n = s["games"]
        usa = s["nation_wins"].get("USA", 0)
        if s["a"] == s["b"]:
            ussr = s["nation_wins"].get("USSR", 0)
            decided = usa + ussr  # the balance is over finished games
            low, high = wilson(usa, decided)
            share = usa / decided if decided else 0.0
            fair = "fair" if BALANCE[0] <= share <= BALANCE[1] else "outside 45-55%"
            match = f"{s['a']} vs {s['a']} (seat balance)"
            result = f"USA {usa}, USSR {ussr}"
            if s["unfinished"]:
                result += f", {s['unfinished']} unfinished"
            rate = f"USA {share:.1%} ({low:.1%}-{high:.1%}), {fair}"
        else:
            low, high = s["ci95"]
            match = f"{s['a']} vs {s['b']}"
            result = f"{s['a_wins']}-{s['b_wins']}"
            rate = f"{s['a_win_rate']:.1%} ({low:.1%}-{high:.1%})"
        r = s["rounds"]
        ends = ", ".join(f"{k} {v}" for k, v in s["end_reasons"].items())
        it = s["iterations_per_decision"]
        iters = " / ".join(f"{side} {it[key]:.0f}" for key, side in (("a", s["a"]),
                                                                      ("b", s["b"]))
                           if side == "hard" and it[key]) or "-"
        lines.append(f"| {match} | {n} | {result} | {rate} | {usa} | {r['mean']} "
                     f"({r['min']}-{r['max']}) | {ends} | {iters} |")
    return "\n".join(lines)
