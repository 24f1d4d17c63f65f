"""Calibration of the win probability (:mod:`game.ai.winprob`) against what really happened
in games between medium players: positions it scores at p should be won about p of the time;
and the positions the value function (:mod:`game.ai.value`) is fitted on."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..ai.value import features
from ..ai.winprob import SAMPLES, STEPS, win_probability
from ..core.names import NATIONS, NationId
from ..engine import Game
from ..rules.records import View
from .tournament import play_game


@dataclass
class Position:
    """A moment of a finished game between medium players, and who won that game."""

    seed: int
    step: int  # actions applied before this moment
    round: int
    phase: str
    view: View  # the spectator view
    features: tuple[float, ...]  # value.features(game, "USA") of the full state
    usa_won: bool


def medium_games(games: int, seed: int) -> Iterator[Position]:
    """The start of every phase of ``games`` seeded games between medium players (the
    tournament's games, nations alternating: :func:`game.tools.tournament.play_game`)."""
    for index in range(games):
        yield from _phase_starts(seed + index, NATIONS[index % 2])


def _phase_starts(seed: int, a_nation: NationId) -> list[Position]:
    moments: list[tuple[int, int, str, View, tuple[float, ...]]] = []

    def watch(game: Game) -> None:
        if not moments or moments[-1][1:3] != (game.round, game.phase):
            moments.append((game.log_size, game.round, game.phase, game.view(None),
                            features(game, "USA")))

    winner = play_game("medium", "medium", seed, a_nation, watch=watch).winner
    return [Position(seed, at, rnd, ph, view, feats, winner == "USA")
            for at, rnd, ph, view, feats in moments]


def _calibrate_game(args: tuple[int, int, int, int]) -> list[tuple[float, bool, int, str]]:
    seed, samples, steps, rng_seed = args
    rng = random.Random(rng_seed)
    return [(win_probability(p.view, rng, samples, steps)["USA"], p.usa_won, p.round, p.phase)
            for p in medium_games(1, seed) if p.phase in ("politics", "launches")]


def calibration(games: int, seed: int, *, samples: int = SAMPLES, steps: int = STEPS,
                jobs: int = 1) -> dict[str, Any]:
    """Score the start of Politics and of the launches in ``games`` medium-vs-medium games
    (spectator view) and compare with the outcomes, in deciles of the estimate."""
    tasks = [(seed + i, samples, steps, 7919 * (seed + i)) for i in range(games)]
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            per_game = pool.map(_calibrate_game, tasks, chunksize=1)
    else:
        per_game = [_calibrate_game(t) for t in tasks]
    scored = [row for rows in per_game for row in rows]
    deciles = []
    for d in range(10):
        rows = [(p, won) for p, won, _, _ in scored if min(int(p * 10), 9) == d]
        deciles.append({
            "range": f"{d / 10:.1f}-{(d + 1) / 10:.1f}", "positions": len(rows),
            "mean_estimate": round(sum(p for p, _ in rows) / len(rows), 3) if rows else None,
            "usa_won": round(sum(won for _, won in rows) / len(rows), 3) if rows else None,
        })
    brier = sum((p - won) ** 2 for p, won, _, _ in scored) / len(scored) if scored else 0.0
    return {"games": games, "seed": seed, "samples": samples, "steps": steps,
            "positions": len(scored), "brier": round(brier, 4), "deciles": deciles}


def training_samples(games: int, seed: int) -> list[tuple[tuple[float, ...], bool]]:
    """(features, won) for the USA at every phase start of ``games`` medium games; each
    position counts for the USSR too (features negated), so the fit is symmetric."""
    out: list[tuple[tuple[float, ...], bool]] = []
    for p in medium_games(games, seed):
        out.append((p.features, p.usa_won))
        out.append((tuple(-x for x in p.features), not p.usa_won))
    return out
