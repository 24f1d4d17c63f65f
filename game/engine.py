"""The game of Moonshot as one object: :class:`Game`, and :func:`new_game` to set one up.

:class:`Game` is the whole public surface and a facade over the rules (:mod:`game.rules`):
it keeps the action log and what it has worked out for the current position (whose moment it
is, each seat's legal actions), and hands everything else to the module that knows it: who
acts to :mod:`~game.rules.turns`, the legal actions and refusals to :mod:`~game.rules.legal`,
each action to its phase's handler and the steps between phases to :mod:`~game.rules.flow`,
the setup to :mod:`~game.rules.setup`, the view to :mod:`game.rules.view` and the save text to
:mod:`~game.rules.saving`. ``legal_actions`` is the single source of truth for what is
allowed: ``apply`` accepts exactly the actions it lists (and explains refusals).
"""

from __future__ import annotations

import json
from typing import Any

from .core.actions import Action
from .core.blueprint import rocket_parameters
from .core.content import Content, Ruleset
from .core.errors import IllegalAction
from .core.events import ActionTaken, Event
from .core.names import NationId, Phase, Seat
from .core.state import State
from .rules.choices import Choices, build_choices
from .rules.flow import HANDLERS, advance
from .rules.legal import engineer_actions, explain, politician_actions
from .rules.position import Position
from .rules.records import View
from .rules.saving import save_text
from .rules.setup import new_state
from .rules.terms import as_seat, split_seat
from .rules.turns import acting
from .rules.view import build_view

# (the log before, seat, action): a game's log as a chain that clones share (see Game.clone)
LogLink = tuple[Any, Seat, Action]


class Game:
    """One game of Moonshot. Create with :func:`new_game` or :func:`game.load`."""

    # Slots: search clones a game thousands of times per decision, and reads these often.
    __slots__ = ("_choices", "_legal", "_log", "_log_size", "_own", "_p", "_seats", "_seed")

    def __init__(self, state: State, seed: int, log: list[tuple[Seat, Action]]) -> None:
        self._p = Position(state)
        self._seed = seed
        self._log: LogLink | None = None
        for seat, action in log:
            self._log = (self._log, seat, action)
        self._log_size = len(log)
        self._legal: dict[str, list[Action]] = {}
        self._choices: dict[str | None, Choices] = {}  # per seat, for the current position
        self._seats: list[Seat] | None = None  # to_act() of this position, once computed
        self._own = 0  # events of the last apply that its action's own rule emitted

    # ------------------------------------------------------------------ public properties

    @property
    def own_events(self) -> int:
        """How many of the events the last :meth:`apply` returned its action's own rule
        emitted (the "action" event first); the rest are the automatic steps that followed
        (launches, evaluations, the round's fixed changes), which happen whatever was chosen.
        """
        return self._own

    @property
    def state(self) -> State:
        """The full state (secrets included): for the engine, tests and tools, never a UI."""
        return self._p.state

    @property
    def content(self) -> Content:
        """The content (cards, tiles, board) the game is played with."""
        return self._p.content

    @property
    def rules(self) -> Ruleset:
        """The terms of the ruleset the game is played under (Test bonus, Budget gap, ...)."""
        return self._p.rules

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def log(self) -> list[tuple[Seat, Action]]:
        """Every (seat, action) applied since setup, in order (a new list)."""
        entries: list[tuple[Seat, Action]] = []
        link = self._log
        while link is not None:
            link, seat, action = link
            entries.append((seat, action))
        entries.reverse()
        return entries

    @property
    def log_size(self) -> int:
        """How many actions have been applied since setup (``len(game.log)``, without a list)."""
        return self._log_size

    @property
    def ruleset(self) -> str:
        return self._p.state.ruleset

    @property
    def players(self) -> int:
        return self._p.state.players

    @property
    def round(self) -> int:
        return self._p.state.round

    @property
    def phase(self) -> Phase:
        return self._p.state.phase

    @property
    def is_over(self) -> bool:
        return self._p.state.phase == "over"

    @property
    def winner(self) -> NationId | None:
        return self._p.state.winner

    @property
    def end_reason(self) -> str | None:
        return self._p.state.end_reason

    def clone(self) -> Game:
        """An independent copy; changing either never changes the other.

        Search clones thousands of times per decision, so this skips ``__init__``: the log
        chain is immutable and shared, and so are the position's cached legal actions.
        """
        other_game: Game = Game.__new__(Game)
        other_game._p = self._p.copy()
        other_game._seed = self._seed
        other_game._log = self._log
        other_game._log_size = self._log_size
        other_game._legal = self._legal.copy()
        other_game._choices = {}  # a screen's, not search's: worked out when asked
        other_game._seats = self._seats
        other_game._own = self._own
        return other_game

    def forget_cache(self) -> None:
        """Drop what was computed for the current position (whose turn, the legal actions):
        for tests and tools that change ``state`` by hand."""
        self._legal = {}
        self._choices = {}
        self._seats = None

    def __eq__(self, other_game: object) -> bool:
        if not isinstance(other_game, Game):
            return NotImplemented
        return (self._p.state.to_dict() == other_game._p.state.to_dict()
                and self.log == other_game.log)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def fingerprint(self) -> str:
        """A canonical text of the state, equal for equal states (for hashing and tests)."""
        return json.dumps(self._p.state.to_dict(), sort_keys=True, separators=(",", ":"))

    def view(self, seat: Seat | None) -> View:
        """Everything ``seat`` may see (``None``: the public spectator view); its JSON form is
        :func:`game.core.plain.to_plain`."""
        return build_view(self, None if seat is None else as_seat(seat))

    def to_json(self) -> str:
        """The complete game, including the random generator, as JSON text."""
        return save_text(self._p.state, self._seed, self.log)

    def parameters(self, nation: NationId) -> tuple[int, int, int, int]:
        """Structure, Electronics, Code and Adaptivity of a nation's rocket as it stands."""
        p = self._p
        n = p.state.nations[nation]
        return rocket_parameters(n.blueprint, n.modules, p.content)

    # ------------------------------------------------------------------ who acts

    def to_act(self) -> list[Seat]:
        """The seats that may act now; several when the rules are simultaneous."""
        return self._acting()[:]

    def _acting(self) -> list[Seat]:
        """``to_act()``, computed once per position (callers must not change the list)."""
        if self._seats is None:
            self._seats = acting(self._p)
        return self._seats

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, seat: Seat) -> list[Action]:
        """Every action ``seat`` may take now (empty when it is not that seat's moment)."""
        return self._cached_legal(seat)[:]

    def choices(self, seat: Seat | None) -> Choices:
        """What ``seat``'s screen shows of its decision that only the rules can work out (its
        odds on every Mission, a rival's on the Moon, its placements' outcomes); ``None``: the
        spectator, who has none. Worked out once per position."""
        known = self._choices.get(seat)
        if known is None:
            legal = self._cached_legal(seat) if seat is not None else []
            known = self._choices[seat] = build_choices(self, seat, legal)
        return known

    def _cached_legal(self, seat: Seat) -> list[Action]:
        """The legal actions of ``seat``, computed once per position (callers must not
        change the list)."""
        known = self._legal
        if seat in known:  # not .get(): see split_seat
            return known[seat]
        nation, role = split_seat(seat)
        if seat not in self._acting():
            cached = []
        elif role == "politician":
            cached = politician_actions(self._p, nation)
        else:
            cached = engineer_actions(self._p, nation)
        known[seat] = cached
        return cached

    # ------------------------------------------------------------------ applying

    def apply(self, seat: Seat, action: Action) -> list[Event]:
        """Apply a legal action and return the events it caused, in order.

        Raises :class:`IllegalAction` (and changes nothing) for anything the rules forbid.
        """
        nation, _ = split_seat(seat)
        legal = self._cached_legal(seat)
        for allowed in legal:  # legal lists hold shared instances: identity first, it is fast
            if allowed is action:
                break
        else:
            if not isinstance(action, Action):
                raise IllegalAction("That is not an action.")
            if action not in legal:
                raise IllegalAction(explain(self._p, seat, action, self._acting(), legal))
        self._legal = {}
        self._choices = {}
        self._seats = None
        self._log = (self._log, seat, action)
        self._log_size += 1
        p = self._p
        # Only the kind: the action may hold a secret (a token's kind, a cover card).
        p.events = []
        p.emit(ActionTaken(seat=seat, action=action.kind))
        HANDLERS[type(action)](p, nation, action)
        self._own = len(p.events)
        advance(p)
        return p.events


def new_game(seed: int, *, players: int = 2, ruleset: str = "v0.10.4",
             pair: str = "USA") -> Game:
    """Set up a new game.

    ``players`` is 2 (each player holds a whole nation), 3 (``pair`` is the nation played by
    two people) or 4 (one seat each). ``ruleset`` is ``"v0.10.4"`` or ``"preview"``.
    """
    return Game(new_state(seed, players=players, ruleset=ruleset, pair=pair), seed, [])
