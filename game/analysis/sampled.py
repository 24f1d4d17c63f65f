"""An action tried on games sampled from what its seat knows (for warnings and hints).

The samples come from :func:`game.analysis.infostate.determinize` of the seat's view, with their own
dice, and the random source is seeded by that view: the same view and action always give the
same samples, and nothing hidden from the seat (the real dice, the real hidden cards) changes
them, so nothing derived from them can give a secret away.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from ..core import actions as A
from ..core.events import Event
from ..core.names import Seat
from ..engine import Game
from ..rules.records import View
from .history import apply_traced
from .infostate import determinize

SAMPLES = 8  # sampled games for an action whose outcome the seat cannot work out alone


@dataclass(frozen=True, slots=True)
class Outcome:
    """A sampled game just after the action, and the events the action caused in it (the
    first :attr:`Game.own_events` of them by its own rule)."""

    game: Game
    events: list[Event]


def seeded_by(view: View, *salt: object) -> random.Random:
    """A random source seeded by the whole of ``view`` and ``salt``: the view's repr, which
    equal views share (records and insertion-ordered dicts: no addresses), at an eighth of
    its JSON form's cost (0.12 against 1.04 ms), paid on every move a person makes."""
    return random.Random("|".join((repr(view), *map(str, salt))))


def outcomes(game: Game, seat: Seat, action: A.Action, count: int = SAMPLES
             ) -> Iterator[Outcome]:
    """Up to ``count`` sampled games just after ``action`` (legal for ``seat``); only one
    when the action used no dice and nothing hidden (every sample would end alike)."""
    view = game.view(seat)
    rng = seeded_by(view, seat, action)
    for played in range(count):
        sample = determinize(view, rng)
        # Legal in every sample: legality depends on the view only.
        events, trace = apply_traced(sample, seat, action)
        yield Outcome(sample, events)
        if played == 0 and not trace.hidden_changed and not trace.shown:
            return
