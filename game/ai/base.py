"""The one interface every computer player level shares."""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from ..core.actions import Action
from ..core.names import Seat
from ..rules.records import View


@dataclass(frozen=True)
class Budget:
    """How much thinking a decision may take: wall-clock seconds and/or search iterations.

    ``None`` means no limit of that kind; the search stops at whichever limit comes first.
    """

    seconds: float | None = 1.5
    iterations: int | None = None


@dataclass
class Stats:
    """What the last decision cost (the search levels fill in ``iterations``)."""

    seconds: float = 0.0
    iterations: int = 0
    candidates: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


class AI(Protocol):
    name: str
    last_stats: Stats

    def choose(self, view: View, legal: list[Action], rng: random.Random,
               budget: Budget | None = None) -> Action: ...


T = TypeVar("T")


def finish(steps: Generator[None, None, T]) -> T:
    """What a stepwise computation returns, its steps taken one after another at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


def seat_of(view: View) -> Seat:
    """The seat an AI chooses for; the spectator's view has none."""
    if view.seat is None:
        raise ValueError("an AI chooses for a seat, not for the spectator")
    return view.seat
