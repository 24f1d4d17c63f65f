"""Computer players for Moonshot.

Every level has the same interface::

    ai = get_ai("medium")
    action = ai.choose(game.view(seat), game.legal_actions(seat), random.Random(1))

An AI sees only the seat's view (:class:`game.rules.records.View`) and that seat's legal
actions; hidden information is sampled by :func:`game.analysis.infostate.determinize`. Same
view, same legal actions and the same ``rng`` state give the same action.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from ..analysis.infostate import determinize
from ..core.actions import Action
from ..rules.records import View
from .base import AI, Budget, Stats, finish
from .levels import HeuristicAI, RandomAI
from .montecarlo import PairedMonteCarloAI

LEVELS = ("random", "easy", "medium", "hard")


def get_ai(name: str, iterations: int | None = None, seconds: float | None = None) -> AI:
    """A fresh player of the named level; ``iterations``/``seconds`` set hard's default budget."""
    if name == "random":
        return RandomAI()
    if name == "easy":
        return HeuristicAI("easy", shallow=True)
    if name == "medium":
        return HeuristicAI("medium", shallow=False)
    if name == "hard":
        return PairedMonteCarloAI(iterations=iterations, seconds=seconds)
    raise ValueError(f"unknown AI level {name!r}; choose one of {', '.join(LEVELS)}")


def stepwise(ai: AI, view: View, legal: list[Action], rng: random.Random
             ) -> Generator[None, None, Action]:
    """``ai``'s choice as steps to take one at a time, with other work between them: hard's
    search a rollout a step (:meth:`PairedMonteCarloAI.search`); the levels that answer in
    milliseconds in one step. :func:`finish` takes them all at once (``ai.choose``)."""
    if isinstance(ai, PairedMonteCarloAI):
        return (yield from ai.search(view, legal, rng))
    return ai.choose(view, legal, rng)


__all__ = ["AI", "LEVELS", "Budget", "HeuristicAI", "PairedMonteCarloAI", "RandomAI", "Stats",
           "determinize", "finish", "get_ai", "stepwise"]
