"""Whole games played by uniformly random legal moves, and their summary.

Used by ``python -m game simulate`` and ``bench``, and by the tests. There is no hidden cap:
a game that passes ``max_rounds`` stops and is reported as unfinished.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ..core.content import load_content
from ..engine import Game, new_game

T = TypeVar("T")


@dataclass
class Outcome:
    finished: bool
    winner: str | None
    end_reason: str | None
    rounds: int
    actions: int
    missions_by_level: Counter[int]


def pick(items: Sequence[T], rng: random.Random) -> T:
    """``rng.choice(items)``: the same draws, so the same games, without its two nested calls.

    ``choice`` calls ``_randbelow``, which calls ``_randbelow_with_getrandbits``; in Pyodide a
    Python call costs about twice its CPython time, and the bench's random mover draws twice
    per action, so these calls were its largest cost there. The loop below is theirs.
    """
    count = len(items)
    if not count:
        raise IndexError("Cannot choose from an empty sequence")
    bits = count.bit_length()
    index = rng.getrandbits(bits)
    while index >= count:
        index = rng.getrandbits(bits)
    return items[index]


def random_step(game: Game, rng: random.Random) -> None:
    """One uniformly random legal move by one of the seats that may act."""
    seat = pick(game.to_act(), rng)
    game.apply(seat, pick(game.legal_actions(seat), rng))


def play_random(game: Game, rng: random.Random, max_rounds: int) -> Outcome:
    """Play ``game`` to its end (or past ``max_rounds``) with random legal moves."""
    actions = 0
    while not game.is_over and game.round <= max_rounds:
        random_step(game, rng)
        actions += 1
    missions = load_content().missions
    by_level: Counter[int] = Counter(missions[m].level for m, _, _ in game.state.completed)
    return Outcome(game.is_over, game.winner, game.end_reason, game.round, actions, by_level)


def simulate(games: int, seed: int, players: int = 2, ruleset: str = "v0.10.4",
             max_rounds: int = 500) -> dict[str, Any]:
    """Play ``games`` random games (seeds ``seed``, ``seed+1``, ...) and summarise them."""
    started = time.perf_counter()
    outcomes = []
    for i in range(games):
        game = new_game(seed + i, players=players, ruleset=ruleset)
        outcomes.append(play_random(game, random.Random(seed + i), max_rounds))
    seconds = time.perf_counter() - started
    rounds = [o.rounds for o in outcomes]
    levels: Counter[int] = Counter()
    for outcome in outcomes:
        levels.update(outcome.missions_by_level)
    actions = sum(o.actions for o in outcomes)
    return {
        "games": games, "seed": seed, "players": players, "ruleset": ruleset,
        "finished": sum(o.finished for o in outcomes),
        "unfinished": sum(not o.finished for o in outcomes),
        "winners": dict(sorted(Counter(o.winner or "none" for o in outcomes).items())),
        "end_reasons": dict(sorted(Counter(o.end_reason or "unfinished"
                                           for o in outcomes).items())),
        "rounds": {"median": statistics.median(rounds) if rounds else 0,
                   "min": min(rounds, default=0), "max": max(rounds, default=0)},
        "missions_by_level": {str(level): levels.get(level, 0) for level in range(5)},
        "actions": actions,
        "seconds": round(seconds, 3),
        "actions_per_s": round(actions / seconds) if seconds else 0,
    }
