"""Whose moment it is: the seats that may act in a position (several when the rules let
them act at once)."""

from __future__ import annotations

from ..core.names import NationId, Seat
from .position import Position
from .terms import ENGINEER, ENGINEER_PHASES_4P, POLITICIAN, other


def engineer_can_act(p: Position, nation: NationId) -> bool:
    s = p.state
    n = s.nations[nation]
    if n.pending is not None:
        return True
    if s.phase == "engineering" or (s.players == 4 and s.phase in ENGINEER_PHASES_4P):
        return not n.engineer_passed
    return False


def acting(p: Position) -> list[Seat]:
    """The seats that may act now, First Player's nation first."""
    s = p.state
    order = (s.first, other(s.first))
    if s.phase == "over":
        return []
    if s.phase == "discussion":
        return [seat for n in order if n in p.duo_nations() and not s.nations[n].discussed
                for seat in (POLITICIAN[n], ENGINEER[n])]
    seats: list[Seat] = []
    if s.phase in ("maneuvers", "politics") and s.turn is not None:
        seats.append(POLITICIAN[s.turn])
    if s.phase == "launches" and s.decision is not None:
        what, nation, _ = s.decision
        seats.append(ENGINEER[nation] if what == "adapt" else POLITICIAN[nation])
    if s.phase == "administration" and s.evaluator is not None:
        seats.append(POLITICIAN[s.evaluator])
    for nation in order:
        if engineer_can_act(p, nation):
            seats.append(ENGINEER[nation])
    return seats
