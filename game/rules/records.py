"""The typed records of what one seat may see: :func:`game.rules.view.build_view` makes a
:class:`View`; the screen, the AI, the referee and :func:`game.analysis.infostate.determinize`
read it. Every record is frozen; its plain JSON form (for the AI's worker and a guest) is
:func:`game.core.plain.to_plain`, read back by :func:`game.core.plain.from_plain`.

A field that holds ``None`` for a seat that may not see it says so in its comment; a team
shares everything it knows, nobody sees the rival's hand or token kinds.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.content import Effect
from ..core.names import NationId, Phase, Seat


@dataclass(frozen=True, slots=True)
class Parameters:
    """A rocket's Structure, Electronics and Code (the letters its tiles show) and its
    Adaptivity; a module's bonus has the same four."""

    S: int
    E: int
    C: int
    adapt: int

    def of(self, letter: str) -> int:
        """The parameter a letter of :data:`game.core.content.PARAMETERS` names."""
        return {"S": self.S, "E": self.E, "C": self.C}[letter]


@dataclass(frozen=True, slots=True)
class TileView:
    id: str
    deck: str
    centre: str
    edges: str  # the four edge icons, N E S W, as the tile lies at ``rotation``
    rotation: int


@dataclass(frozen=True, slots=True)
class PlacedTile(TileView):
    """A tile on a blueprint cell."""

    row: int
    col: int
    payload: str | None  # the payload marker loaded on it (v0.10.4), if any


@dataclass(frozen=True, slots=True)
class RiskRange:
    low: int  # the die rolls it covers, low..high
    high: int
    minimum: tuple[int, int, int]  # the S, E and C a rocket needs to pass it
    meets: dict[NationId, bool]  # nation -> its rocket meets the minimum (Adaptivity aside)


@dataclass(frozen=True, slots=True)
class RiskView:
    """A face-up Risk card."""

    id: str
    name: str
    level: int
    flavour: str
    ranges: tuple[RiskRange, ...]
    tests: dict[NationId, int]  # nation -> its test tokens on this card


@dataclass(frozen=True, slots=True)
class MissionView:
    id: str
    name: str
    level: int
    year: int
    flavour: str
    payload: str  # "none" or the payload it needs
    reward: Effect


@dataclass(frozen=True, slots=True)
class ActiveMission(MissionView):
    """A Mission on display, with its face-up Risks and who launches toward it."""

    risks: tuple[RiskView, ...]
    launching: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MoonView(MissionView):
    on_display: bool  # the ruleset shows the Moon from the start
    gate_open: bool  # a level-3 Mission is done, so the Moon can be reached
    in_deck: bool


@dataclass(frozen=True, slots=True)
class TokenView:
    nation: NationId
    kind: str | None  # "influence" or "bluff"; None unless the viewer's own


@dataclass(frozen=True, slots=True)
class StackView:
    """A Maneuver card on a Politics-board place, and the tokens on it."""

    card: str
    name: str
    flavour: str
    levels: tuple[Effect, ...]
    level: int
    covered: bool
    cover: str | None  # the cover card; None unless the viewer's own
    tokens: tuple[TokenView, ...]
    fate: str | None  # this round's end: None, "escalated", "won", "obstructed"


@dataclass(frozen=True, slots=True)
class PlaceView:
    index: int
    name: str
    category: str
    effect: Effect
    stack: StackView | None


@dataclass(frozen=True, slots=True)
class ModuleView:
    """A module of a blueprint, of the module row or on a supplier space."""

    id: str
    name: str
    region: str
    need: dict[str, int]  # what it needs, by what content names ("filled", "S", ...)
    bonus: Parameters


@dataclass(frozen=True, slots=True)
class InstalledModule(ModuleView):
    cells: tuple[int, ...]
    active: bool  # its needs are met


@dataclass(frozen=True, slots=True)
class SupplierSpace:
    price: int
    tile: TileView | None
    module: ModuleView | None


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision the Engineer owes: keep a drawn tile, place one, or install a module.
    The rival sees only ``what`` of a keep."""

    what: str  # "keep", "place" or "module" (install one)
    tiles: tuple[TileView, ...]  # keep: the tiles drawn
    tile: TileView | None  # place: the tile
    source: str | None  # place: where it came from
    module: ModuleView | None  # install: the module


@dataclass(frozen=True, slots=True)
class HandCard:
    id: str
    name: str
    levels: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Tokens:
    influence: int
    bluff: int


@dataclass(frozen=True, slots=True)
class NationView:
    name: NationId
    popularity: int
    budget: int
    money: int
    hand: tuple[HandCard, ...] | None  # None unless the viewer's own
    hand_size: int
    deck_size: int
    discard: tuple[str, ...]
    tokens: Tokens | None  # None unless the viewer's own
    tokens_left: int
    raised_influence: int
    places: tuple[PlaceView, ...]
    launch: str | None  # mission id, "" after an abort, None before deciding
    blueprint: tuple[PlacedTile | None, ...]
    matches: tuple[tuple[int, int, str], ...]  # touching cells whose icons match
    parameters: Parameters
    modules: tuple[InstalledModule | None, ...]
    line: dict[str, TileView | None]  # deck -> the tile on its line
    suppliers: tuple[SupplierSpace, ...]
    booked: tuple[tuple[str, str], ...]  # (mission, payload) bought onto a Mission
    sabotage: int
    test_steal: int
    tech_steal: int
    free_research: int
    engineer_passed: bool
    pending: Pending | None
    moon_path: tuple[RiskView | None, ...]  # None: still face down
    discussed: bool


@dataclass(frozen=True, slots=True)
class Split:
    split: tuple[int, int, int]  # Adaptivity added to S, E and C
    odds: float


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the rules wait for outside a turn (e.g. how to split Adaptivity)."""

    what: str
    nation: NationId
    about: str
    splits: tuple[Split, ...]  # for "adapt": every split, best first


@dataclass(frozen=True, slots=True)
class Completed:
    mission: str
    name: str
    level: int
    nation: NationId
    round: int


@dataclass(frozen=True, slots=True)
class Research:
    decks: dict[str, int]  # tile deck -> cards left
    pile: tuple[TileView, ...]
    module_row: tuple[ModuleView | None, ...]
    module_deck: int
    lost_tiles: tuple[str, ...]
    module_discard: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Launch:
    nation: NationId
    mission: str


@dataclass(frozen=True, slots=True)
class View:
    """Everything ``seat`` may see of a game (``seat`` None: a spectator, public only)."""

    seat: Seat | None
    nation: NationId | None
    ruleset: str
    ruleset_title: str
    players: int
    pair: NationId | None  # the nation with two players in a 3-player game
    round: int
    phase: Phase
    first_player: NationId
    turn: NationId | None
    to_act: tuple[Seat, ...]
    over: bool
    winner: NationId | None
    end_reason: str | None
    budget_gap_limit: int
    budget_gap_inclusive: bool
    test_bonus: int
    payload_tiles: bool
    popularity_max: int
    nations: dict[NationId, NationView]
    missions: tuple[ActiveMission, ...]
    moon: MoonView
    mission_decks: dict[str, int]  # level -> cards left
    completed: tuple[Completed, ...]
    research: Research
    risk_decks: dict[str, int]  # level -> cards left
    risk_discards: dict[str, tuple[str, ...]]
    launches: tuple[Launch, ...]
    launch_step: int
    decision: Decision | None
    evaluator: NationId | None
    support_tokens: int
    passes: int
    moon_winners: tuple[NationId, ...]
    costs: dict[str, int]
    payload_costs: dict[str, int]
    supplier_prices: tuple[int, ...]
    penalties: dict[str, int]
