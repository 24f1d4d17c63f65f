"""The computer players without search: random, and the heuristic player of the easy and
medium levels (:mod:`game.ai.medium`). Hard is :mod:`game.ai.montecarlo`; the four levels are
made by :func:`game.ai.get_ai`."""

from __future__ import annotations

import random
import time

from ..analysis.infostate import determinize
from ..core.actions import Action
from ..rules.records import View
from .base import Budget, Stats, seat_of
from .medium import medium_move


class RandomAI:
    """Uniformly random among the legal actions."""

    name = "random"

    def __init__(self) -> None:
        self.last_stats = Stats()

    def choose(self, view: View, legal: list[Action], rng: random.Random,
               budget: Budget | None = None) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return rng.choice(legal)


class HeuristicAI:
    """Judgement without search, on one determinization of the view."""

    def __init__(self, name: str, shallow: bool) -> None:
        self.name = name
        self.shallow = shallow
        self.last_stats = Stats()

    def choose(self, view: View, legal: list[Action], rng: random.Random,
               budget: Budget | None = None) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        started = time.perf_counter()
        if len(legal) == 1:
            action = legal[0]
        else:
            seat = seat_of(view)
            game = determinize(view, rng)
            action = medium_move(game, seat, legal, rng, shallow=self.shallow)
            if action not in legal:  # never happens by design; stay legal regardless
                action = legal[0]
        self.last_stats = Stats(seconds=time.perf_counter() - started)
        return action
