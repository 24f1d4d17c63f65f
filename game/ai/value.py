"""How good a position is: a nation's chance to win, from a handful of numbers on the board.

:func:`value` is a logistic model over :func:`features` of a full engine state (a real game,
or a determinization of a seat's view). The features compare the two nations (each is the
nation's number minus its rival's), so ``value(g, "USA") + value(g, "USSR") == 1`` (up to
floating-point rounding).
The weights are data (``game/ai/value.toml``), fitted by ``python -m game fit-value`` to the
outcomes of games between medium players (:func:`fit`, Newton's method on the log-likelihood
with a small ridge penalty). :mod:`game.ai.winprob` looks a few moves ahead with it. (The
hard level's search scores its rollouts with its own hand-weighted
``game.ai.montecarlo.evaluate``: searches scored by this value at a short horizon lost to
medium; see docs/architecture.md, "The AI".)
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from ..core.content import MOON
from ..core.names import NationId
from ..engine import Game
from ..rules.terms import other
from .heuristics import rocket_score, stage_of
from .pathodds import path_odds

WEIGHTS_FILE = Path(__file__).with_name("value.toml")

FEATURES = (
    "popularity",    # Popularity lead, per 10 points
    "danger",        # how much closer the rival is to losing on Popularity (0 loses)
    "budget",        # Budget lead, per 10
    "gap_pressure",  # the Budget gap's share of the gap that ends the game, cubed, signed
    "money",         # money lead, per 20
    "missions",      # completed Missions, each worth its level + 1, per 10
    "stage",         # highest Mission level completed (3 once the Moon is open), per 3
    "rocket",        # rocket quality for the nation's stage (game.ai.heuristics.rocket_score)
    "moon",          # odds toward the Moon once it is open
    "late_popularity",  # Popularity lead weighted by how far the game has gone
)


def _danger(popularity: int) -> float:
    return max(0, 5 - popularity) ** 2 / 25.0


def _side(game: Game, nation: NationId, gate: bool) -> tuple[float, ...]:
    s = game.state
    n = s.nations[nation]
    stage = stage_of(game, nation)
    content = game.content
    done = sum(content.missions[m].level + 1 for m, who, _ in s.completed if who == nation)
    moon = path_odds(game, nation, MOON) if gate and s.phase != "over" else 0.0
    return (n.popularity / 10.0, -_danger(n.popularity), n.budget / 10.0, n.money / 20.0,
            done / 10.0, stage / 3.0, rocket_score(content, game.parameters(nation), stage),
            moon)


def features(game: Game, nation: NationId) -> tuple[float, ...]:
    """The numbers :func:`value` weighs, for ``nation`` against its rival (see FEATURES)."""
    s = game.state
    content = game.content
    gate = any(content.missions[m].level == 3 for m, _, _ in s.completed)
    mine, theirs = _side(game, nation, gate), _side(game, other(nation), gate)
    diff = [a - b for a, b in zip(mine, theirs, strict=True)]
    gap = s.nations[nation].budget - s.nations[other(nation)].budget
    limit = content.rulesets[s.ruleset].budget_gap
    progress = min(1.0, s.round / 10.0)
    popularity, danger, budget, money, missions, stage, rocket, moon = diff
    return (popularity, danger, budget, math.copysign(min(1.0, abs(gap) / limit) ** 3, gap),
            money, missions, stage, rocket, moon, progress * popularity)


@cache
def weights() -> tuple[float, ...]:
    """The fitted weights, one per feature, from ``game/ai/value.toml``."""
    data = tomllib.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    fitted = data["weights"]
    if sorted(fitted) != sorted(FEATURES):
        raise ValueError(f"{WEIGHTS_FILE.name} must weigh exactly: {', '.join(FEATURES)}")
    return tuple(float(fitted[name]) for name in FEATURES)


def logistic(x: float) -> float:
    if x < -40:
        return 0.0
    if x > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def value(game: Game, nation: NationId) -> float:
    """``nation``'s chance to win from this full state (1 or 0 once the game is over)."""
    if game.is_over:
        return 1.0 if game.winner == nation else 0.0
    return logistic(sum(w * f for w, f in zip(weights(), features(game, nation), strict=True)))


def fit(samples: Sequence[tuple[Sequence[float], bool]], ridge: float = 1.0,
        rounds: int = 25) -> tuple[float, ...]:
    """Logistic-regression weights (no intercept: the features are antisymmetric) for
    ``samples`` of (features, won), by Newton's method with an L2 ``ridge`` penalty."""
    size = len(FEATURES)
    w = [0.0] * size
    for _ in range(rounds):
        grad = [-ridge * x for x in w]
        hess = [[ridge if i == j else 0.0 for j in range(size)] for i in range(size)]
        for row, won in samples:
            p = logistic(sum(a * b for a, b in zip(w, row, strict=True)))
            err = (1.0 if won else 0.0) - p
            weight = p * (1.0 - p)
            for i in range(size):
                grad[i] += err * row[i]
                hi = hess[i]
                wi = weight * row[i]
                for j in range(i, size):
                    hi[j] += wi * row[j]
        for i in range(size):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = _solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(x) for x in step) < 1e-7:
            break
    return tuple(w)


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve ``matrix @ x == vector`` (symmetric positive definite) by Gaussian elimination."""
    n = len(vector)
    a = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, n):
            factor = a[r][col] / a[col][col]
            for c in range(col, n + 1):
                a[r][c] -= factor * a[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x
