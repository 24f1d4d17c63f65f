"""How play flows: the handler of each kind of action, the automatic steps between phases,
and the start of a round."""

from __future__ import annotations

from ..core import actions as A
from ..core.actions import Action
from ..core.events import PhaseBegun, RoundBegun
from .handlers import Handler
from .phases import administration, engineering, launches, politics
from .phases.administration import begin_administration, finish_round, undecided
from .phases.launches import run_launches
from .position import Position
from .terms import other


def _merged(*tables: tuple[tuple[type[Action], Handler], ...]) -> dict[type[Action], Handler]:
    """One handler for each class of action, from the phase modules' tables."""
    merged: dict[type[Action], Handler] = {}
    for table in tables:
        for cls, handler in table:
            assert cls not in merged, f"two handlers for {cls.kind!r}"
            merged[cls] = handler
    missing = set(A.ACTION_TYPES.values()) - set(merged)
    assert not missing, f"no handler for {sorted(cls.kind for cls in missing)}"
    return merged


# Dispatch by type: ``apply`` looks the handler up once per action.
HANDLERS = _merged(politics.HANDLERS, engineering.HANDLERS, launches.HANDLERS,
                   administration.HANDLERS)


def begin_round(p: Position) -> None:
    s = p.state
    start = p.content.board.start
    s.round += 1
    s.passes = 0
    s.support = 0
    s.turn = s.first
    s.launches = []
    s.launch_step = 0
    s.moon_winners = []
    for name, n in s.nations.items():
        n.influence = start["influence"]
        n.bluff = start["bluff"] + (start["first_player_bluff"] if name == s.first else 0)
        n.raised = 0
        n.launch = None
        n.engineer_passed = False
        n.discussed = False
    s.phase = "discussion" if p.duo_nations() else "maneuvers"
    p.emit(RoundBegun(round=s.round, first=s.first))


def advance(p: Position) -> None:
    """Run every automatic step until a seat must decide or the game is over."""
    s = p.state
    usa, ussr = s.nations["USA"], s.nations["USSR"]
    while s.phase != "over":
        if s.phase == "discussion":
            if any(not s.nations[n].discussed for n in p.duo_nations()):
                return
            s.phase = "maneuvers"
        elif s.phase == "maneuvers":
            if s.passes < 2:
                return
            s.phase = "politics"
            s.turn = s.first
            p.emit(PhaseBegun(phase="politics"))
        elif s.phase == "politics":
            if usa.launch is None or ussr.launch is None:
                return
            s.turn = None
            s.phase = "engineering"
            p.emit(PhaseBegun(phase="engineering"))
        elif s.phase == "engineering":
            if usa.pending is not None or ussr.pending is not None or \
                    not usa.engineer_passed or not ussr.engineer_passed:
                return
            s.phase = "launches"
            p.emit(PhaseBegun(phase="launches"))
        elif s.phase == "launches":
            if not run_launches(p):
                return
            begin_administration(p)
        elif s.phase == "administration":
            if usa.pending is not None or ussr.pending is not None or \
                    s.decision is not None:
                return
            if s.evaluator is None:
                s.evaluator = s.first
            while s.evaluator is not None and not undecided(p, s.evaluator):
                s.evaluator = other(s.evaluator) if s.evaluator == s.first else None
            if s.evaluator is not None:
                return
            if finish_round(p):
                begin_round(p)
        else:
            return
