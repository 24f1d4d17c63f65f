"""Where on the board each event happened: the board things (target ids, as
:mod:`ui.model.targets` names them) an event touched, so the screen can mark what the rival's
last moves did there: the Risk a launch rolled on, the stack an evaluation counted.

Every event kind (game.core.events) either has its marks here or is listed in
:data:`UNMARKED`, which says why it has no board thing (tests/test_events.py fails on a kind
with neither).
"""

from __future__ import annotations

from functools import singledispatch

from game.core import events as E
from game.core.names import NationId
from game.rules.terms import other

from ..words.names import content
from .targets import target_id

# The kinds with no board thing of their own, and why.
UNMARKED: frozenset[type[E.Event]] = frozenset({
    E.ActionTaken,  # the move itself: its board path is marked (ui.model.targets.trail)
    E.RoundBegun, E.PhaseBegun, E.GameOver,  # the header says them
    E.Changed, E.Income,  # tracks and stocks, told in the nation's header
    E.DiscussionOver, E.ManeuversPassed, E.SupportDone, E.EngineerPassed,  # a pass touches nothing
    E.RisksReshuffled,  # a deck nobody sees into
    E.ManeuverWon, E.ManeuverObstructed,  # the stack's evaluation marks it
    E.Delivered,  # the delivered thing waits in the Engineer's pending choice
    E.PayloadLoaded,  # its cell is the move's own path
})


@singledispatch
def event_marks(event: E.Event) -> frozenset[str]:
    """The board things ``event`` touched (none for the kinds of :data:`UNMARKED`)."""
    if type(event) in UNMARKED:
        return frozenset()
    raise TypeError(f"no board marks for {type(event).__name__}: mark it, or list it in "
                    "UNMARKED")


def _on(*things: str) -> frozenset[str]:
    return frozenset(things)


def _line(nation: NationId, tile: str) -> str:
    return target_id("line", nation, content().tiles[tile].deck)


@event_marks.register
def _(event: E.ManeuverPlayed) -> frozenset[str]:
    return _on(target_id("place", event.nation, event.place))


@event_marks.register
def _(event: E.TokenPlaced) -> frozenset[str]:
    return _on(target_id("stack", event.board, event.place))


@event_marks.register
def _(event: E.MissionAnnounced | E.LaunchDecided | E.PayloadBooked | E.LaunchDelayed | E.Liftoff |
      E.MissionSuccess) -> frozenset[str]:
    return _on(target_id("mission", event.mission))


@event_marks.register
def _(event: E.LaunchAborted) -> frozenset[str]:
    return _on(target_id("rocket", event.nation))


@event_marks.register
def _(event: E.Evaluated | E.ManeuverEscalated) -> frozenset[str]:
    return _on(target_id("stack", event.nation, event.place))


@event_marks.register
def _(event: E.TileTaken) -> frozenset[str]:
    return _on("pile" if event.source == "pile" else _line(event.nation, event.tile))


@event_marks.register
def _(event: E.Researched) -> frozenset[str]:
    return _on(*(target_id("deck", deck) for deck in event.decks))


@event_marks.register
def _(event: E.TileKept) -> frozenset[str]:
    return _on("pile")  # the other tile went onto the Research pile


@event_marks.register
def _(event: E.TilePlaced) -> frozenset[str]:
    return _on(target_id("cell", event.nation, event.row * content().board.cols + event.col))


@event_marks.register
def _(event: E.SupplierTile) -> frozenset[str]:
    return _on(target_id("supplier", event.nation, 0))


@event_marks.register
def _(event: E.ModuleOrdered) -> frozenset[str]:
    return _on(target_id("supplier", event.nation, event.space))


@event_marks.register
def _(event: E.ModuleInstalled) -> frozenset[str]:
    return _on(target_id("slot", event.nation, event.slot))


@event_marks.register
def _(event: E.RiskTested | E.StolenTestToken | E.RiskRolled) -> frozenset[str]:
    return _on(target_id("risk", event.risk))


@event_marks.register
def _(event: E.SabotageRemoved) -> frozenset[str]:
    return _on(target_id("sabotage", event.nation))


@event_marks.register
def _(event: E.TechStolen) -> frozenset[str]:
    return _on(_line(other(event.nation), event.tile))


@event_marks.register
def _(event: E.MoonRiskRevealed) -> frozenset[str]:
    return _on(target_id("moonrisk", event.nation, event.slot))


@event_marks.register
def _(event: E.AdaptivitySplit) -> frozenset[str]:
    return _on(target_id("adapt", event.nation))


@event_marks.register
def _(event: E.Explosion) -> frozenset[str]:
    return _on(target_id("mission", event.mission), target_id("risk", event.risk))


MARKED: frozenset[type[E.Event]] = frozenset(
    kind for kind in event_marks.registry if kind is not object)


def marks_of(events: list[E.Event]) -> frozenset[str]:
    """Every board thing ``events`` touched."""
    return frozenset().union(*map(event_marks, events))
