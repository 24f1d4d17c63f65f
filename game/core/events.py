"""Every kind of event the engine emits (``Position.emit``), as a typed record.

An event tells what a move did, and every field of it is public: any seat may see it (the
engine keeps secrets out of its events: an action's own event carries only its kind, never a
token's kind or a cover card). So a record's fields are its public fields: the referee sends
a guest every event whole (game.online.referee), in the plain form :func:`event_to_plain`
writes and :func:`event_from_plain` reads back. The log tells each kind and the board marks
where it happened, or leaves it out by name (ui.words.narration, ui.model.marks); the tests
fail on a kind without either (tests/test_events.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .names import NationId, Seat
from .plain import RecordError, from_plain, to_plain


@dataclass(slots=True)
class Event:
    """Base of all events; ``kind`` is the ``"type"`` of its plain form.

    Not frozen, unlike the view's records: the engine makes thousands per AI decision, and a
    frozen dataclass's ``__init__`` (a call of ``object.__setattr__`` per field) costs 2.4
    times a plain slotted one's (818 against 342 ns for a Changed). Nothing changes an event
    once it is emitted."""

    kind: ClassVar[str] = ""


# --- the game's frame ------------------------------------------------------------------------

@dataclass(slots=True)
class ActionTaken(Event):
    """The move itself, first of its events: who made it and its kind (never its secrets)."""

    kind: ClassVar[str] = "action"
    seat: Seat
    action: str  # the action's kind (game.core.actions)


@dataclass(slots=True)
class RoundBegun(Event):
    kind: ClassVar[str] = "round"
    round: int
    first: str  # the First Player's nation


@dataclass(slots=True)
class PhaseBegun(Event):
    kind: ClassVar[str] = "phase"
    phase: str


@dataclass(slots=True)
class Changed(Event):
    """A nation's track or stock changed: Popularity, Budget, money, Sabotage, steals..."""

    kind: ClassVar[str] = "change"
    nation: NationId
    what: str
    by: int
    now: int
    source: str  # what caused it ("round", "delay", "explosion", "maneuver:<card>", ...)


@dataclass(slots=True)
class GameOver(Event):
    kind: ClassVar[str] = "game_over"
    winner: str
    reason: str


# --- Politicians ------------------------------------------------------------------------------

@dataclass(slots=True)
class DiscussionOver(Event):
    kind: ClassVar[str] = "discussion_over"
    nation: NationId


@dataclass(slots=True)
class ManeuverPlayed(Event):
    kind: ClassVar[str] = "maneuver_played"
    nation: NationId
    card: str
    place: int


@dataclass(slots=True)
class ManeuversPassed(Event):
    kind: ClassVar[str] = "maneuvers_passed"
    nation: NationId


@dataclass(slots=True)
class TokenPlaced(Event):
    """A Support token placed face down: its kind stays secret."""

    kind: ClassVar[str] = "token_placed"
    nation: NationId
    board: NationId  # the nation whose Politics board it lies on
    place: int


@dataclass(slots=True)
class SupportDone(Event):
    kind: ClassVar[str] = "support_done"
    nation: NationId
    tokens: int


@dataclass(slots=True)
class MissionAnnounced(Event):
    kind: ClassVar[str] = "mission_announced"
    nation: NationId
    mission: str
    risks: tuple[str, ...]


@dataclass(slots=True)
class LaunchDecided(Event):
    kind: ClassVar[str] = "launch_decided"
    nation: NationId
    mission: str


@dataclass(slots=True)
class LaunchAborted(Event):
    kind: ClassVar[str] = "launch_aborted"
    nation: NationId


# --- Administration ---------------------------------------------------------------------------

@dataclass(slots=True)
class Delivered(Event):
    """A supplier's tile or module delivered to the nation's Engineer."""

    kind: ClassVar[str] = "delivery"
    nation: NationId
    item: str
    item_kind: str  # "tile" or "module"


@dataclass(slots=True)
class Evaluated(Event):
    """A Maneuver stack's tokens turned face up and counted."""

    kind: ClassVar[str] = "evaluation"
    nation: NationId
    place: int
    card: str
    level: int
    tokens: tuple[tuple[str, str], ...]  # (nation, token kind), now public
    own: int
    rival: int


@dataclass(slots=True)
class ManeuverWon(Event):
    kind: ClassVar[str] = "maneuver_won"
    nation: NationId
    card: str
    level: int


@dataclass(slots=True)
class ManeuverObstructed(Event):
    kind: ClassVar[str] = "maneuver_obstructed"
    nation: NationId
    card: str
    by: str  # the rival who obstructed it


@dataclass(slots=True)
class ManeuverEscalated(Event):
    kind: ClassVar[str] = "maneuver_escalated"
    nation: NationId
    place: int
    level: int


@dataclass(slots=True)
class Income(Event):
    kind: ClassVar[str] = "income"
    nation: NationId
    money: int
    drawn: int  # Maneuver cards drawn


@dataclass(slots=True)
class RisksReshuffled(Event):
    kind: ClassVar[str] = "risks_reshuffled"
    level: int


# --- Engineers ---------------------------------------------------------------------------------

@dataclass(slots=True)
class TileTaken(Event):
    kind: ClassVar[str] = "tile_taken"
    nation: NationId
    tile: str
    source: str  # "line" or "pile"


@dataclass(slots=True)
class Researched(Event):
    """Two tiles drawn from these decks; which they are stays with the nation."""

    kind: ClassVar[str] = "research"
    nation: NationId
    decks: tuple[str, str]


@dataclass(slots=True)
class TileKept(Event):
    kind: ClassVar[str] = "tile_kept"
    nation: NationId
    tile: str
    discarded: str  # onto the Research pile


@dataclass(slots=True)
class TilePlaced(Event):
    kind: ClassVar[str] = "tile_placed"
    nation: NationId
    tile: str
    row: int
    col: int
    rotation: int
    covered: str | None  # the tile it covered
    parameters: tuple[int, int, int, int]  # the rocket's S, E, C, Adaptivity after it


@dataclass(slots=True)
class SupplierTile(Event):
    """A line's tile moved to the Suppliers."""

    kind: ClassVar[str] = "supplier_tile"
    nation: NationId
    tile: str


@dataclass(slots=True)
class ModuleOrdered(Event):
    kind: ClassVar[str] = "module_ordered"
    nation: NationId
    module: str
    space: int


@dataclass(slots=True)
class ModuleInstalled(Event):
    kind: ClassVar[str] = "module_installed"
    nation: NationId
    module: str
    slot: int
    replaced: str | None
    parameters: tuple[int, int, int, int]


@dataclass(slots=True)
class RiskTested(Event):
    kind: ClassVar[str] = "tested"
    nation: NationId
    risk: str


@dataclass(slots=True)
class SabotageRemoved(Event):
    kind: ClassVar[str] = "sabotage_removed"
    nation: NationId
    count: int


@dataclass(slots=True)
class PayloadLoaded(Event):
    kind: ClassVar[str] = "payload_loaded"
    nation: NationId
    payload: str


@dataclass(slots=True)
class PayloadBooked(Event):
    kind: ClassVar[str] = "payload_booked"
    nation: NationId
    payload: str
    mission: str


@dataclass(slots=True)
class StolenTestToken(Event):
    kind: ClassVar[str] = "test_stolen"
    nation: NationId
    risk: str


@dataclass(slots=True)
class TechStolen(Event):
    kind: ClassVar[str] = "tech_stolen"
    nation: NationId
    tile: str


@dataclass(slots=True)
class EngineerPassed(Event):
    kind: ClassVar[str] = "engineer_passed"
    nation: NationId


# --- Launches ----------------------------------------------------------------------------------

@dataclass(slots=True)
class MoonRiskRevealed(Event):
    kind: ClassVar[str] = "moon_risk_revealed"
    nation: NationId
    slot: int
    risk: str


@dataclass(slots=True)
class LaunchDelayed(Event):
    kind: ClassVar[str] = "launch_delayed"
    nation: NationId
    mission: str
    reason: str


@dataclass(slots=True)
class AdaptivitySplit(Event):
    kind: ClassVar[str] = "adaptivity"
    nation: NationId
    split: tuple[int, int, int]  # added to S, E and C


@dataclass(slots=True)
class Liftoff(Event):
    kind: ClassVar[str] = "liftoff"
    nation: NationId
    mission: str
    parameters: tuple[int, int, int]  # S, E and C as it flies
    payloads: tuple[str, ...]
    sabotage: int


@dataclass(slots=True)
class RiskRolled(Event):
    kind: ClassVar[str] = "risk_roll"
    nation: NationId
    mission: str
    risk: str
    die: int
    sabotage: int
    tests: int
    value: int  # the die after sabotage and tests
    range: int  # the index of the range it fell in; -1: none
    needs: tuple[int, int, int] | None  # that range's S, E and C minimums
    passed: bool


@dataclass(slots=True)
class Explosion(Event):
    kind: ClassVar[str] = "explosion"
    nation: NationId
    mission: str
    risk: str
    lives: bool  # living payloads were aboard


@dataclass(slots=True)
class MissionSuccess(Event):
    kind: ClassVar[str] = "mission_success"
    nation: NationId
    mission: str


KINDS: tuple[type[Event], ...] = (
    ActionTaken, RoundBegun, PhaseBegun, Changed, GameOver,
    DiscussionOver, ManeuverPlayed, ManeuversPassed, TokenPlaced, SupportDone,
    MissionAnnounced, LaunchDecided, LaunchAborted,
    Delivered, Evaluated, ManeuverWon, ManeuverObstructed, ManeuverEscalated, Income,
    RisksReshuffled,
    TileTaken, Researched, TileKept, TilePlaced, SupplierTile, ModuleOrdered,
    ModuleInstalled, RiskTested, SabotageRemoved, PayloadLoaded, PayloadBooked, StolenTestToken,
    TechStolen, EngineerPassed,
    MoonRiskRevealed, LaunchDelayed, AdaptivitySplit, Liftoff, RiskRolled, Explosion,
    MissionSuccess,
)
EVENTS: dict[str, type[Event]] = {kind.kind: kind for kind in KINDS}


@dataclass(frozen=True, slots=True)
class Flight:
    """How one launch ended, read from the events of the action that resolved it."""

    nation: NationId
    mission: str
    outcome: str  # "success", "explosion" or "delayed"
    reason: str = ""  # a delay's: "completed" (first by the rival) or "payload"


def flights(events: list[Event]) -> list[Flight]:
    """The launches an action's events resolved, in the order they flew: a liftoff ends in
    its nation's next success or explosion; a delayed launch never lifted off."""
    found = []
    for i, event in enumerate(events):
        if isinstance(event, Liftoff):
            ending = next((e for e in events[i + 1:] if isinstance(e, MissionSuccess | Explosion)
                           and e.nation == event.nation), None)
            outcome = "success" if isinstance(ending, MissionSuccess) else "explosion"
            found.append(Flight(event.nation, event.mission, outcome))
        elif isinstance(event, LaunchDelayed):
            found.append(Flight(event.nation, event.mission, "delayed", event.reason))
    return found


def event_to_plain(event: Event) -> dict[str, Any]:
    """The JSON-safe form of ``event``: its fields and its kind as ``"type"``."""
    return {"type": event.kind, **to_plain(event)}


def event_from_plain(data: object) -> Event:
    """The event that ``data`` (as :func:`event_to_plain` writes it) holds; anything else
    raises :class:`game.core.plain.RecordError`."""
    if not isinstance(data, dict):
        raise RecordError("an event: not a mapping")
    name = data.get("type")
    kind = EVENTS.get(name) if isinstance(name, str) else None
    if kind is None:
        raise RecordError("an event of no known kind")
    return from_plain(kind, {key: value for key, value in data.items() if key != "type"})
