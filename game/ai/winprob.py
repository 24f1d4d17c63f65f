"""Each nation's chance to win, estimated from what one seat (or a spectator) may see.

:func:`win_probability` samples the hidden information (:func:`determinize`), plays a short
simulation from each sample with the medium policy for every seat, and averages
:func:`game.ai.value.value` where the simulations stop. Once the game is over the answer is
certain. :mod:`game.tools.calibration` checks the estimate against what really happened
in games between medium players.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ..analysis.infostate import determinize
from ..core.names import NATIONS
from ..engine import Game
from ..rules.records import View
from .base import finish
from .medium import medium_move
from .value import value

SAMPLES = 8  # determinizations per estimate
STEPS = 24  # moves simulated from each before the position is scored


def win_probability(view: View, rng: random.Random, samples: int = SAMPLES,
                    steps: int = STEPS) -> dict[str, float]:
    """{"USA": p, "USSR": 1 - p} from ``view`` (a seat's, or the spectator view)."""
    return finish(win_probability_steps(view, rng, samples, steps))


def win_probability_steps(view: View, rng: random.Random, samples: int = SAMPLES,
                          steps: int = STEPS) -> Generator[None, None, dict[str, float]]:
    """:func:`win_probability` a simulation a step, for a page that gives the browser its
    thread back between them (the same draws from ``rng``, the same answer)."""
    if view.phase == "over":
        return {nation: 1.0 if view.winner == nation else 0.0 for nation in NATIONS}
    total = 0.0
    for _ in range(samples):
        game = determinize(view, rng)
        simulate(game, steps, rng)
        total += value(game, "USA")
        yield
    usa = total / samples
    return {"USA": usa, "USSR": 1.0 - usa}


def simulate(game: Game, steps: int, rng: random.Random) -> None:
    """Play ``steps`` moves (fewer if the game ends) with the medium policy for every seat."""
    for step in range(steps):
        if game.is_over:
            return
        seats = game.to_act()
        seat = seats[step % len(seats)]
        game.apply(seat, medium_move(game, seat, game.legal_actions(seat), rng))


__all__ = ["SAMPLES", "STEPS", "simulate", "win_probability", "win_probability_steps"]
