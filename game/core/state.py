"""The complete, mutable state of a game: plain data with cheap explicit copies.

Nothing here knows a rule. Everything derivable (Rocket Parameters, whose turn it is in
words, mission levels completed) is computed by the engine, not stored. Every list holds
only immutable items (strings, ints, tuples), so a copy needs one level of list copying.

Copies are what search pays for (thousands per AI decision), so two parts are shared
between a state and its copies instead of copied, and the engine replaces them rather than
changing them: the draw piles (tuples, in ``mission_decks``, ``risk_decks``,
``risk_discards`` and ``tile_decks``) and the :class:`Stack` objects on the Politics boards
(the engine swaps in ``stack.copy()`` before changing one). ``tests/invariants.check_clone``
catches a change that reaches a copy.
"""

from __future__ import annotations

from typing import Any

from .names import NationId, Phase
from .rng import Rng

Token = tuple[NationId, str]  # (nation that placed it, "influence" | "bluff")
Pile = tuple[str, ...]  # a draw pile, top card last


class Stack:
    """A Maneuver card on a Politics-board place, with its cover card and tokens."""

    __slots__ = ("card", "cover", "fate", "level", "tokens")

    def __init__(self, card: str, cover: str | None = None, level: int = 1,
                 tokens: list[Token] | None = None, fate: str | None = None) -> None:
        self.card = card
        self.cover = cover  # the hand card laid over it at the first escalation
        self.level = level  # lowest visible level, 1..3
        self.tokens: list[Token] = tokens if tokens is not None else []
        self.fate = fate  # this round's end: None, "escalated", "won", "obstructed"

    def copy(self) -> Stack:
        return Stack(self.card, self.cover, self.level, self.tokens[:], self.fate)

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "cover": self.cover, "level": self.level,
                "tokens": [list(t) for t in self.tokens], "fate": self.fate}


class Nation:
    """One nation's team: Politician and Engineer share it (a team talks openly)."""

    __slots__ = (
        "blueprint",
        "bluff",
        "booked",
        "budget",
        "deck",
        "discard",
        "discussed",
        "engineer_passed",
        "free_research",
        "hand",
        "influence",
        "launch",
        "line",
        "modules",
        "money",
        "moon_path",
        "moon_up",
        "name",
        "payloads",
        "pending",
        "popularity",
        "raised",
        "sabotage",
        "stacks",
        "suppliers",
        "tech_steal",
        "test_steal",
    )

    def __init__(self, name: NationId) -> None:
        self.name = name
        self.popularity = 0
        self.budget = 0
        self.money = 0
        # Politician
        self.hand: list[str] = []
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.influence = 0
        self.bluff = 0
        self.raised = 0  # Popularity traded for Influence this round (once per round)
        self.stacks: list[Stack | None] = [None, None, None, None]
        self.launch: str | None = None  # mission id, "" after an abort, None before deciding
        self.discussed = False
        # Engineer
        self.blueprint: list[tuple[str, int] | None] = []
        self.payloads: dict[int, str] = {}  # blueprint cell -> payload marker (v0.10.4)
        self.booked: list[tuple[str, str]] = []  # (mission, payload) bought onto a Mission
        self.modules: list[str | None] = []
        self.line: dict[str, str | None] = {}
        self.suppliers: list[str | None] = []  # "T:<tile>" or "M:<module>"
        self.sabotage = 0
        self.test_steal = 0
        self.tech_steal = 0
        self.free_research = 0
        self.engineer_passed = False
        self.pending: tuple[str, ...] | None = None  # a decision the Engineer owes
        self.moon_path: list[str] = []
        self.moon_up: list[bool] = []

    def copy(self) -> Nation:
        other = Nation.__new__(Nation)
        other.name = self.name
        other.popularity = self.popularity
        other.budget = self.budget
        other.money = self.money
        other.hand = self.hand[:]
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.influence = self.influence
        other.bluff = self.bluff
        other.raised = self.raised
        other.stacks = self.stacks[:]  # shared: the engine copies a Stack before changing it
        other.launch = self.launch
        other.discussed = self.discussed
        other.blueprint = self.blueprint[:]
        other.payloads = dict(self.payloads)
        other.booked = self.booked[:]
        other.modules = self.modules[:]
        other.line = dict(self.line)
        other.suppliers = self.suppliers[:]
        other.sabotage = self.sabotage
        other.test_steal = self.test_steal
        other.tech_steal = self.tech_steal
        other.free_research = self.free_research
        other.engineer_passed = self.engineer_passed
        other.pending = self.pending
        other.moon_path = self.moon_path[:]
        other.moon_up = self.moon_up[:]
        return other

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for name in self.__slots__:
            value = getattr(self, name)
            if name == "stacks":
                value = [s.to_dict() if s is not None else None for s in value]
            elif name == "payloads":
                value = {str(k): v for k, v in sorted(value.items())}
            elif name in ("blueprint", "booked"):
                value = [list(c) if c is not None else None for c in value]
            elif name == "pending":
                value = list(value) if value is not None else None
            elif isinstance(value, list):
                value = value[:]
            elif isinstance(value, dict):
                value = dict(value)
            data[name] = value
        return data


class State:
    """Everything about one game at one moment, including the random generator."""

    __slots__ = (
        "active",
        "completed",
        "decision",
        "end_reason",
        "evaluator",
        "first",
        "launch_step",
        "launches",
        "lost_tiles",
        "mission_decks",
        "module_deck",
        "module_discard",
        "module_row",
        "moon_winners",
        "nations",
        "pair",
        "passes",
        "phase",
        "players",
        "research_pile",
        "risk_decks",
        "risk_discards",
        "rng",
        "round",
        "ruleset",
        "support",
        "tests",
        "tile_decks",
        "turn",
        "winner",
    )

    def __init__(self, ruleset: str, players: int, pair: NationId | None, rng: Rng) -> None:
        self.ruleset = ruleset
        self.players = players
        self.pair = pair  # the nation with two players in a 3-player game
        self.rng = rng
        self.round = 0
        self.phase: Phase = "setup"
        self.first: NationId = "USSR"
        self.turn: NationId | None = None  # the Politician whose turn it is
        self.passes = 0  # consecutive passes while placing Maneuver cards
        self.support = 0  # tokens placed so far in the Support action under way
        self.mission_decks: dict[int, Pile] = {}
        self.active: list[tuple[str, tuple[str, ...]]] = []  # (mission, its risk cards)
        self.completed: list[tuple[str, NationId, int]] = []  # (mission, nation, round)
        self.risk_decks: dict[int, Pile] = {}
        self.risk_discards: dict[int, Pile] = {}
        self.tests: dict[str, tuple[int, int]] = {}  # risk -> (USA tokens, USSR tokens)
        self.tile_decks: dict[str, Pile] = {}
        self.research_pile: list[str] = []
        self.lost_tiles: list[str] = []
        self.module_deck: list[str] = []
        self.module_row: list[str | None] = []
        self.module_discard: list[str] = []
        self.launches: list[tuple[NationId, str]] = []  # (nation, mission) in decision order
        self.launch_step = 0
        self.decision: tuple[str, NationId, str] | None = None  # (what, nation, about)
        self.evaluator: NationId | None = None
        self.moon_winners: list[NationId] = []
        self.winner: NationId | None = None
        self.end_reason: str | None = None
        self.nations: dict[NationId, Nation] = {}

    def copy(self) -> State:
        other = State.__new__(State)
        other.ruleset = self.ruleset
        other.players = self.players
        other.pair = self.pair
        other.rng = Rng(self.rng.state)
        other.round = self.round
        other.phase = self.phase
        other.first = self.first
        other.turn = self.turn
        other.passes = self.passes
        other.support = self.support
        other.mission_decks = self.mission_decks.copy()  # piles are tuples: shared
        other.active = self.active[:]
        other.completed = self.completed[:]
        other.risk_decks = self.risk_decks.copy()
        other.risk_discards = self.risk_discards.copy()
        other.tests = dict(self.tests)
        other.tile_decks = self.tile_decks.copy()
        other.research_pile = self.research_pile[:]
        other.lost_tiles = self.lost_tiles[:]
        other.module_deck = self.module_deck[:]
        other.module_row = self.module_row[:]
        other.module_discard = self.module_discard[:]
        other.launches = self.launches[:]
        other.launch_step = self.launch_step
        other.decision = self.decision
        other.evaluator = self.evaluator
        other.moon_winners = self.moon_winners[:]
        other.winner = self.winner
        other.end_reason = self.end_reason
        other.nations = {k: v.copy() for k, v in self.nations.items()}
        return other

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict of the whole state (the save format's ``state``)."""
        return {
            "ruleset": self.ruleset, "players": self.players, "pair": self.pair,
            "rng": str(self.rng.state), "round": self.round, "phase": self.phase,
            "first": self.first, "turn": self.turn, "passes": self.passes,
            "support": self.support,
            "mission_decks": {str(k): list(v) for k, v in sorted(self.mission_decks.items())},
            "active": [[m, list(r)] for m, r in self.active],
            "completed": [list(c) for c in self.completed],
            "risk_decks": {str(k): list(v) for k, v in sorted(self.risk_decks.items())},
            "risk_discards": {str(k): list(v) for k, v in sorted(self.risk_discards.items())},
            "tests": {k: list(v) for k, v in sorted(self.tests.items())},
            "tile_decks": {k: list(v) for k, v in sorted(self.tile_decks.items())},
            "research_pile": self.research_pile[:], "lost_tiles": self.lost_tiles[:],
            "module_deck": self.module_deck[:], "module_row": self.module_row[:],
            "module_discard": self.module_discard[:],
            "launches": [list(x) for x in self.launches], "launch_step": self.launch_step,
            "decision": list(self.decision) if self.decision else None,
            "evaluator": self.evaluator, "moon_winners": self.moon_winners[:],
            "winner": self.winner, "end_reason": self.end_reason,
            "nations": {k: v.to_dict() for k, v in self.nations.items()},
        }
