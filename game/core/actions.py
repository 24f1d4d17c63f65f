"""Every move a seat can make, as frozen, hashable values with a JSON form.

An action names *what* is done, never *who* does it: :meth:`game.Game.apply` takes the seat
separately. ``action_from_dict(a.to_dict()) == a`` for every action.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal, get_args, get_origin, get_type_hints

from .errors import IllegalAction
from .names import NationId


@dataclass(frozen=True, slots=True)
class Action:
    """Base of all actions; ``kind`` is the ``"type"`` of its dict form."""

    kind: ClassVar[str] = ""
    label: ClassVar[str] = ""
    rule: ClassVar[str] = ""  # the section id in docs/rules.md that governs it

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.kind}
        for f in fields(self):
            data[f.name] = getattr(self, f.name)
        return data

    def describe(self) -> str:
        """Short plain words for menus and logs (the UI adds names from the view)."""
        args = ", ".join(str(getattr(self, f.name)) for f in fields(self))
        return f"{self.label} ({args})" if args else self.label


# --- Phase 1 -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class EndDiscussion(Action):
    kind: ClassVar[str] = "end_discussion"
    label: ClassVar[str] = "End the strategic discussion"
    rule: ClassVar[str] = "discussion"


# --- Politicians -----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlayManeuver(Action):
    kind: ClassVar[str] = "play_maneuver"
    label: ClassVar[str] = "Play a Maneuver card"
    rule: ClassVar[str] = "maneuvers"
    card: str
    place: int  # 1..4


@dataclass(frozen=True, slots=True)
class PassManeuvers(Action):
    kind: ClassVar[str] = "pass_maneuvers"
    label: ClassVar[str] = "Pass (no more Maneuver cards)"
    rule: ClassVar[str] = "maneuvers"


@dataclass(frozen=True, slots=True)
class PlaceToken(Action):
    kind: ClassVar[str] = "place_token"
    label: ClassVar[str] = "Place a token face down"
    rule: ClassVar[str] = "support"
    board: NationId  # the nation whose Maneuver stack receives the token
    place: int
    token: str  # "influence" or "bluff"


@dataclass(frozen=True, slots=True)
class FinishSupport(Action):
    kind: ClassVar[str] = "finish_support"
    label: ClassVar[str] = "Finish supporting"
    rule: ClassVar[str] = "support"


@dataclass(frozen=True, slots=True)
class AnnounceMission(Action):
    kind: ClassVar[str] = "announce_mission"
    label: ClassVar[str] = "Announce a Mission"
    rule: ClassVar[str] = "announce"
    level: int


@dataclass(frozen=True, slots=True)
class RaiseInfluence(Action):
    kind: ClassVar[str] = "raise_influence"
    label: ClassVar[str] = "Trade Popularity for Influence"
    rule: ClassVar[str] = "influence"
    amount: int


@dataclass(frozen=True, slots=True)
class Launch(Action):
    kind: ClassVar[str] = "launch"
    label: ClassVar[str] = "Decide to launch"
    rule: ClassVar[str] = "launch-decision"
    mission: str


@dataclass(frozen=True, slots=True)
class Abort(Action):
    kind: ClassVar[str] = "abort"
    label: ClassVar[str] = "Abort this round's launch"
    rule: ClassVar[str] = "launch-decision"


@dataclass(frozen=True, slots=True)
class ClaimReward(Action):
    kind: ClassVar[str] = "claim_reward"
    label: ClassVar[str] = "Claim the Mission reward"
    rule: ClassVar[str] = "mission-success"


@dataclass(frozen=True, slots=True)
class ExploreMoon(Action):
    kind: ClassVar[str] = "explore_moon"
    label: ClassVar[str] = "Forgo the reward to explore a Moon risk"
    rule: ClassVar[str] = "moon"
    slot: int  # 0..2 on the nation's own Moon path


@dataclass(frozen=True, slots=True)
class Evaluate(Action):
    kind: ClassVar[str] = "evaluate"
    label: ClassVar[str] = "Evaluate a Maneuver"
    rule: ClassVar[str] = "evaluation"
    place: int


@dataclass(frozen=True, slots=True)
class Escalate(Action):
    kind: ClassVar[str] = "escalate"
    label: ClassVar[str] = "Escalate a Maneuver"
    rule: ClassVar[str] = "escalation"
    place: int
    card: str  # the hand card laid over it at the first escalation; "" at the second


@dataclass(frozen=True, slots=True)
class PayForTie(Action):
    kind: ClassVar[str] = "pay_for_tie"
    label: ClassVar[str] = "Pay Popularity to win the tie"
    rule: ClassVar[str] = "tie"


@dataclass(frozen=True, slots=True)
class ConcedeTie(Action):
    kind: ClassVar[str] = "concede_tie"
    label: ClassVar[str] = "Concede the tie (opponent obstructs)"
    rule: ClassVar[str] = "tie"


# --- Engineers -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class TakeFromLine(Action):
    kind: ClassVar[str] = "take_from_line"
    label: ClassVar[str] = "Install from the Development Line"
    rule: ClassVar[str] = "eng-line"
    deck: str


@dataclass(frozen=True, slots=True)
class Research(Action):
    """Draw two tiles; ``first``/``second`` are decks in S, E, C, P order (normalised)."""

    kind: ClassVar[str] = "research"
    label: ClassVar[str] = "Research two tiles"
    rule: ClassVar[str] = "eng-research"
    first: str
    second: str

    def __post_init__(self) -> None:
        order = "SECP"
        if (isinstance(self.first, str) and isinstance(self.second, str)
                and self.first in order and self.second in order
                and order.index(self.first) > order.index(self.second)):
            first, second = self.second, self.first
            object.__setattr__(self, "first", first)
            object.__setattr__(self, "second", second)


@dataclass(frozen=True, slots=True)
class TakeFromPile(Action):
    kind: ClassVar[str] = "take_from_pile"
    label: ClassVar[str] = "Install the top Research tile"
    rule: ClassVar[str] = "eng-pile"


@dataclass(frozen=True, slots=True)
class KeepTile(Action):
    kind: ClassVar[str] = "keep_tile"
    label: ClassVar[str] = "Keep a researched tile"
    rule: ClassVar[str] = "eng-research"
    index: int  # 0 or 1


@dataclass(frozen=True, slots=True)
class PlaceTile(Action):
    kind: ClassVar[str] = "place_tile"
    label: ClassVar[str] = "Place the tile"
    rule: ClassVar[str] = "blueprint"
    row: int  # 0-based
    col: int
    rotation: int  # quarter turns clockwise, 0..3


@dataclass(frozen=True, slots=True)
class LineToSuppliers(Action):
    kind: ClassVar[str] = "line_to_suppliers"
    label: ClassVar[str] = "Send a Development tile to the Suppliers line"
    rule: ClassVar[str] = "eng-suppliers"
    deck: str


@dataclass(frozen=True, slots=True)
class OrderModule(Action):
    kind: ClassVar[str] = "order_module"
    label: ClassVar[str] = "Order a Module"
    rule: ClassVar[str] = "eng-module"
    module: str
    space: int  # index into the Suppliers line (0 = cheapest, longest lead time)


@dataclass(frozen=True, slots=True)
class Test(Action):
    kind: ClassVar[str] = "test"
    label: ClassVar[str] = "Test a Risk"
    rule: ClassVar[str] = "eng-test"
    risk: str


@dataclass(frozen=True, slots=True)
class RemoveSabotage(Action):
    kind: ClassVar[str] = "remove_sabotage"
    label: ClassVar[str] = "Anti-Sabotage"
    rule: ClassVar[str] = "eng-sabotage"
    count: int


@dataclass(frozen=True, slots=True)
class LoadPayload(Action):
    kind: ClassVar[str] = "load_payload"
    label: ClassVar[str] = "Load a payload onto a Payload tile"
    rule: ClassVar[str] = "eng-payload"
    payload: str
    row: int
    col: int


@dataclass(frozen=True, slots=True)
class BookPayload(Action):
    kind: ClassVar[str] = "book_payload"
    label: ClassVar[str] = "Put a payload on a Mission (preview rules)"
    rule: ClassVar[str] = "preview"
    payload: str
    mission: str


@dataclass(frozen=True, slots=True)
class StealTest(Action):
    kind: ClassVar[str] = "steal_test"
    label: ClassVar[str] = "Steal test results"
    rule: ClassVar[str] = "eng-test-steal"
    risk: str


@dataclass(frozen=True, slots=True)
class StealTech(Action):
    kind: ClassVar[str] = "steal_tech"
    label: ClassVar[str] = "Steal technology"
    rule: ClassVar[str] = "eng-tech-steal"
    deck: str


@dataclass(frozen=True, slots=True)
class InstallModule(Action):
    kind: ClassVar[str] = "install_module"
    label: ClassVar[str] = "Install the delivered Module"
    rule: ClassVar[str] = "delivery"
    slot: int


@dataclass(frozen=True, slots=True)
class SetAdaptivity(Action):
    kind: ClassVar[str] = "set_adaptivity"
    label: ClassVar[str] = "Split Adaptivity"
    rule: ClassVar[str] = "adaptivity"
    s: int
    e: int
    c: int


@dataclass(frozen=True, slots=True)
class PassEngineer(Action):
    kind: ClassVar[str] = "pass"
    label: ClassVar[str] = "Pass (done for this round)"
    rule: ClassVar[str] = "eng-pass"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls for cls in (
        EndDiscussion, PlayManeuver, PassManeuvers, PlaceToken, FinishSupport, AnnounceMission,
        RaiseInfluence, Launch, Abort, ClaimReward, ExploreMoon, Evaluate, Escalate, PayForTie,
        ConcedeTie, TakeFromLine, Research, TakeFromPile, KeepTile, PlaceTile, LineToSuppliers,
        OrderModule, Test, RemoveSabotage, LoadPayload, BookPayload, StealTest, StealTech,
        InstallModule, SetAdaptivity, PassEngineer,
    )
}

# each field of each action class and its type (a name's: its Literal), read once
_FIELD_TYPES: dict[type[Action], dict[str, Any]] = {
    cls: {f.name: get_type_hints(cls)[f.name] for f in fields(cls)}
    for cls in ACTION_TYPES.values()}


def action_from_dict(data: Any) -> Action:
    """Rebuild an action from its dict form; anything malformed raises :class:`IllegalAction`."""
    if not isinstance(data, dict):
        raise IllegalAction("An action must be a JSON object.")
    kind = data.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise IllegalAction(f"Unknown action type {kind!r}.")
    expected = _FIELD_TYPES[cls]
    extra = set(data) - set(expected) - {"type"}
    if extra:
        raise IllegalAction(f"Unexpected field(s) for {kind}: {', '.join(sorted(extra))}.")
    values: dict[str, Any] = {}
    for name, annotation in expected.items():
        if name not in data:
            raise IllegalAction(f"The {kind} action needs the field '{name}'.")
        value = data[name]
        want = int if annotation is int else str
        if isinstance(value, bool) or not isinstance(value, want):
            raise IllegalAction(f"Field '{name}' of {kind} must be {want.__name__}.")
        if get_origin(annotation) is Literal and value not in get_args(annotation):
            raise IllegalAction(f"Field '{name}' of {kind} must be one of "
                                f"{', '.join(get_args(annotation))}.")
        values[name] = value
    return cls(**values)

