"""Where on the board each event happened: the board things (target ids, as
:mod:`ui.model.targets` names them) an event touched, so the screen can mark what the rival's
last moves did there: the Risk a launch rolled on, the stack an evaluation counted.

Every event kind (game.core.events) either has its marks here or is listed in
:data:`UNMARKED`, which says why it has no board thing (tests/test_events.py fails on a kind
with neither).
"""

from __future__ import annotations

from functools import singledispatch

from game.core.events import (
    ActionTaken,
    AdaptivitySplit,
    Changed,
    Delivered,
    DiscussionOver,
    EngineerPassed,
    Evaluated,
    Event,
    Explosion,
    GameOver,
    Income,
    LaunchAborted,
    LaunchDecided,
    LaunchDelayed,
    Liftoff,
    ManeuverEscalated,
    ManeuverObstructed,
    ManeuverPlayed,
    ManeuversPassed,
    ManeuverWon,
    MissionAnnounced,
    MissionSuccess,
    ModuleInstalled,
    ModuleOrdered,
    MoonRiskRevealed,
    PayloadBooked,
    PayloadLoaded,
    PhaseBegun,
    Researched,
    RiskRolled,
    RisksReshuffled,
    RiskTested,
    RoundBegun,
    SabotageRemoved,
    StolenTestToken,
    SupplierTile,
    SupportDone,
    TechStolen,
    TileKept,
    TilePlaced,
    TileTaken,
    TokenPlaced,
)
from game.rules.terms import other

from ..words.names import content

# The kinds with no board thing of their own, and why.
UNMARKED: frozenset[type[Event]] = frozenset({
    ActionTaken,  # the move itself: its board path is marked (ui.model.targets.trail)
    RoundBegun, PhaseBegun, GameOver,  # the header says them
    Changed, Income,  # tracks and stocks, told in the nation's header
    DiscussionOver, ManeuversPassed, SupportDone, EngineerPassed,  # a pass touches nothing
    RisksReshuffled,  # a deck nobody sees into
    ManeuverWon, ManeuverObstructed,  # the stack's evaluation marks it
    Delivered,  # the delivered thing waits in the Engineer's pending choice
    PayloadLoaded,  # its cell is the move's own path
})


@singledispatch
def event_marks(event: Event) -> frozenset[str]:
    """The board things ``event`` touched (none for the kinds of :data:`UNMARKED`)."""
    if type(event) in UNMARKED:
        return frozenset()
    raise TypeError(f"no board marks for {type(event).__name__}: mark it, or list it in "
                    "UNMARKED")


def _on(*things: str) -> frozenset[str]:
    return frozenset(things)


def _line(nation: str, tile: str) -> str:
    return f"line:{nation}:{content().tiles[tile].deck}"


@event_marks.register
def _(event: ManeuverPlayed) -> frozenset[str]:
    return _on(f"place:{event.nation}:{event.place}")


@event_marks.register
def _(event: TokenPlaced) -> frozenset[str]:
    return _on(f"stack:{event.board}:{event.place}")


@event_marks.register
def _(event: MissionAnnounced | LaunchDecided | PayloadBooked | LaunchDelayed | Liftoff |
      MissionSuccess) -> frozenset[str]:
    return _on(f"mission:{event.mission}")


@event_marks.register
def _(event: LaunchAborted) -> frozenset[str]:
    return _on(f"rocket:{event.nation}")


@event_marks.register
def _(event: Evaluated | ManeuverEscalated) -> frozenset[str]:
    return _on(f"stack:{event.nation}:{event.place}")


@event_marks.register
def _(event: TileTaken) -> frozenset[str]:
    return _on("pile" if event.source == "pile" else _line(event.nation, event.tile))


@event_marks.register
def _(event: Researched) -> frozenset[str]:
    return _on(*(f"deck:{deck}" for deck in event.decks))


@event_marks.register
def _(event: TileKept) -> frozenset[str]:
    return _on("pile")  # the other tile went onto the Research pile


@event_marks.register
def _(event: TilePlaced) -> frozenset[str]:
    return _on(f"cell:{event.nation}:{event.row * content().board.cols + event.col}")


@event_marks.register
def _(event: SupplierTile) -> frozenset[str]:
    return _on(f"supplier:{event.nation}:0")


@event_marks.register
def _(event: ModuleOrdered) -> frozenset[str]:
    return _on(f"supplier:{event.nation}:{event.space}")


@event_marks.register
def _(event: ModuleInstalled) -> frozenset[str]:
    return _on(f"slot:{event.nation}:{event.slot}")


@event_marks.register
def _(event: RiskTested | StolenTestToken | RiskRolled) -> frozenset[str]:
    return _on(f"risk:{event.risk}")


@event_marks.register
def _(event: SabotageRemoved) -> frozenset[str]:
    return _on(f"sabotage:{event.nation}")


@event_marks.register
def _(event: TechStolen) -> frozenset[str]:
    return _on(_line(other(event.nation), event.tile))


@event_marks.register
def _(event: MoonRiskRevealed) -> frozenset[str]:
    return _on(f"moonrisk:{event.nation}:{event.slot}")


@event_marks.register
def _(event: AdaptivitySplit) -> frozenset[str]:
    return _on(f"adapt:{event.nation}")


@event_marks.register
def _(event: Explosion) -> frozenset[str]:
    return _on(f"mission:{event.mission}", f"risk:{event.risk}")


MARKED: frozenset[type[Event]] = frozenset(
    kind for kind in event_marks.registry if kind is not object)


def marks_of(events: list[Event]) -> frozenset[str]:
    """Every board thing ``events`` touched."""
    return frozenset().union(*map(event_marks, events))
