"""The game's names as types: a nation, a seat's role, a seat, a phase. Each is a ``Literal``
(mypy checks every comparison and assignment against it) with the tuple of its values in the
rules' order, so outside text (a save, a guest's message, a URL) is parsed to one of them once,
at the edge, and the code past it holds the name itself.
"""

from __future__ import annotations

from typing import Literal, TypeGuard, get_args

NationId = Literal["USA", "USSR"]
Role = Literal["politician", "engineer"]
Seat = Literal["USA.politician", "USA.engineer", "USSR.politician", "USSR.engineer"]
# "setup" only while a game is dealt; "over" once it has ended
Phase = Literal["setup", "discussion", "maneuvers", "politics", "engineering", "launches",
                "administration", "over"]

NATIONS: tuple[NationId, ...] = get_args(NationId)
ROLES: tuple[Role, ...] = get_args(Role)
SEATS: tuple[Seat, ...] = get_args(Seat)
PHASES: tuple[Phase, ...] = get_args(Phase)[1:]  # (the phases a game is in, once dealt)


def is_seat(text: object) -> TypeGuard[Seat]:
    """``text`` is a seat's name (read from outside: a save, a message, a form)."""
    return text in SEATS


def is_nation(text: object) -> TypeGuard[NationId]:
    """``text`` is a nation's name."""
    return text in NATIONS
