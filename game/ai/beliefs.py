"""The coach's reading of the hidden table: what the computer believes about what a seat
cannot see, counted over games sampled from that seat's own view, as the AI samples its
worlds when it plays (:func:`game.analysis.infostate.determinize`). Never a peek: the
numbers depend on the view alone (and on the seat, which names the view's owner), so the
same view always gives the same numbers and nothing hidden can change them.

Three readings: the Maneuver cards the rival likely holds, the share of the rival's
face-down tokens that are Bluffs on each card it has put them on, and where the rival
launches this round (its Politician's decision played out by the medium policy in each
sampled game, when it is still to come).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from ..analysis.infostate import determinize
from ..analysis.sampled import seeded_by
from ..core.names import NATIONS, NationId, Seat
from ..engine import Game
from ..rules.records import View
from ..rules.terms import other
from .medium import medium_move

SAMPLES = 24  # sampled games behind every number
PLAYOUT_STEPS = 200  # the most moves played in a sample to reach the rival's launch decision


@dataclass(frozen=True, slots=True)
class TokenReading:
    """The rival's face-down tokens on one Maneuver card."""

    board: NationId  # whose Politics board
    place: int
    card: str
    tokens: int  # the rival's tokens there
    bluffs: float  # the share of them that are Bluffs, over the samples


@dataclass(frozen=True, slots=True)
class Beliefs:
    """What the computer believes about the rival from one seat's view."""

    rival: NationId
    samples: int
    hand_size: int
    hand: tuple[tuple[str, float], ...]  # card key, the chance the rival holds one: likeliest first
    tokens: tuple[TokenReading, ...]
    launch: tuple[tuple[str, float], ...]  # mission id ("" an abort), chance: likeliest first
    launch_known: bool  # the rival has decided (the launch is public)
    launch_samples: int  # the sampled games whose playout reached the rival's decision


def beliefs(view: View, seat: Seat, samples: int = SAMPLES) -> Beliefs:
    """The computer's reading of what ``seat`` (the owner of ``view``) cannot see."""
    if view.nation is None:
        raise ValueError("a reading needs a seat's own view")
    rival = other(view.nation)
    rng = seeded_by(view, seat, "beliefs")
    shown = view.nations[rival]
    holds: Counter[str] = Counter()
    bluffs: Counter[tuple[str, int]] = Counter()
    launches: Counter[str] = Counter()
    for _ in range(samples):
        world = determinize(view, rng)
        state = world.state
        holds.update(set(state.nations[rival].hand))
        for board in NATIONS:
            for index, stack in enumerate(state.nations[board].stacks, start=1):
                if stack is not None:
                    bluffs[(board, index)] += sum(1 for who, kind in stack.tokens
                                                  if who == rival and kind == "bluff")
        if shown.launch is None:
            decided = _launch_played_out(world, rival, rng.getrandbits(32))
            if decided is not None:
                launches[decided] += 1
    readings = []
    for board in NATIONS:
        for place in view.nations[board].places:
            laid = place.stack
            count = sum(1 for t in laid.tokens if t.nation == rival) if laid else 0
            if laid is not None and count:
                readings.append(TokenReading(board, place.index, laid.card, count,
                                             bluffs[(board, place.index)] / (count * samples)))
    played = sum(launches.values())
    if shown.launch is not None:
        launch: tuple[tuple[str, float], ...] = ((shown.launch, 1.0),)
    else:
        launch = tuple((m, n / played) for m, n in _likeliest(launches))
    return Beliefs(rival, samples, shown.hand_size,
                   tuple((card, n / samples) for card, n in _likeliest(holds)),
                   tuple(readings), launch, shown.launch is not None, played)


def _likeliest(counts: Counter[str]) -> list[tuple[str, int]]:
    """Most often first; ties in name order (a Counter keeps insertion order, which the
    samples decide)."""
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def _launch_played_out(world: Game, rival: NationId, seed: int) -> str | None:
    """Where ``rival`` launches in ``world`` once the medium policy has played every seat up
    to its decision ("" an abort; None when the playout stops first)."""
    rng = random.Random(seed)
    for step in range(PLAYOUT_STEPS):
        decided = world.state.nations[rival].launch
        if decided is not None:
            return decided
        seats = world.to_act()
        if world.is_over or not seats:
            break
        seat = seats[step % len(seats)]
        world.apply(seat, medium_move(world, seat, world.legal_actions(seat), rng))
    return None
