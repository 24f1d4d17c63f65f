"""Moonshot through OpenSpiel's Python game API (``pyspiel``), so OpenSpiel's bots play it.

OpenSpiel (the ``open_spiel`` package of the ``lab`` extra) ships search bots for games of
hidden information behind one game API; this module is the adapter, and an outside yardstick
for the computer players: ``python -m game tournament --a hard --b ismcts``.

- :class:`MoonshotGame` (registered as ``python_moonshot``): two players, the USA (0) and the
  USSR (1), each playing both of its nation's seats (the engine's two-player game).
- :class:`ActionCodes`: every action the content allows as one integer, a mixed-radix number
  over its fields' values (a Maneuver card by nation and name, a place, a deck...), so a code
  means one action in every position and every sampled world.
- Chance is sampled (``SAMPLED_STOCHASTIC``): the engine rolls its dice and shuffles its
  decks with the seeded generator its state holds. When two seats may act at once (both
  Engineers in the Engineering phase) the state's own generator picks which one moves next,
  as the lab's games do.
- Information: a player's information state is the view of its nation
  (:meth:`game.Game.view`), which holds everything a team knows and no secret of the rival,
  with the seat to act; :meth:`MoonshotState.resample_from_infostate` samples a full world
  consistent with it (:func:`game.analysis.infostate.determinize`), the world ISMCTS searches.
- :class:`OpenSpielAI`: OpenSpiel's ISMCTS (or MCTS on one sampled world) as a computer
  player of :mod:`game.ai` (``choose(view, legal, rng, budget)``), for tournaments and the lab.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ..ai.base import Budget, Stats, seat_of
from ..analysis.infostate import determinize
from ..core.actions import ACTION_TYPES, Action
from ..core.content import (
    MOON,
    PARAMETERS,
    PAYLOADS,
    TECH_DECKS,
    TOKEN_KINDS,
    Content,
    load_content,
)
from ..core.errors import IllegalAction
from ..core.names import NATIONS, Seat
from ..engine import Game, new_game
from ..rules.records import View
from ..rules.terms import PLACES, POLITICIAN, RULESETS, nation_of

SHORT_NAME = "python_moonshot"
BOTS = ("ismcts", "mcts")
# Sabotage has no cap in the rules, but a code space needs one: removing more than this many
# at once (never seen: the cost grows with the count) is left out of a bot's choices.
MOST_SABOTAGE_REMOVED = 24
# The rules end every game (the Budget falls each round), but bound none's moves: OpenSpiel
# needs a bound, so a game is over, undecided, at this many (a game of Medium players takes
# about 400, a random one about 50).
MOST_MOVES = 20_000
# Simulations per decision when neither a time nor a count is given: about a second of
# ISMCTS in CPython here (each samples a world and plays it out at random).
SIMULATIONS = 60
UCT_C = 2.0
DEFAULTS: dict[str, Any] = {"seed": 0, "ruleset": RULESETS[0]}  # the game's parameters


def _domains(content: Content) -> dict[str, dict[str, Sequence[object]]]:
    """The values each field of each kind of action can take under ``content``."""
    board = content.board
    cards = [f"{nation}:{key}" for nation in NATIONS for key in sorted(content.maneuvers)]
    missions = sorted(content.missions)
    risks = sorted(content.risks)
    rows, cols = range(board.rows), range(board.cols)
    # Adaptivity comes from Modules alone (tiles' icons count toward S, E and C).
    adapt = range(board.module_slots * max(m.bonus[3] for m in content.modules.values()) + 1)
    return {
        "play_maneuver": {"card": cards, "place": PLACES},
        "place_token": {"board": NATIONS, "place": PLACES, "token": TOKEN_KINDS},
        "announce_mission": {"level": sorted({m.level for m in content.missions.values()})},
        "raise_influence": {"amount": range(1, board.popularity_max)},
        "launch": {"mission": missions},
        "explore_moon": {"slot": range(len(content.missions[MOON].risks))},
        "evaluate": {"place": PLACES},
        "escalate": {"place": PLACES, "card": ["", *cards]},
        "take_from_line": {"deck": PARAMETERS},
        "research": {"first": TECH_DECKS, "second": TECH_DECKS},
        "keep_tile": {"index": (0, 1)},
        "place_tile": {"row": rows, "col": cols, "rotation": range(4)},
        "line_to_suppliers": {"deck": PARAMETERS},
        "order_module": {"module": sorted(content.modules),
                         "space": range(len(board.supplier_prices))},
        "test": {"risk": risks},
        "remove_sabotage": {"count": range(1, MOST_SABOTAGE_REMOVED + 1)},
        "load_payload": {"payload": PAYLOADS, "row": rows, "col": cols},
        "book_payload": {"payload": PAYLOADS, "mission": missions},
        "steal_test": {"risk": risks},
        "steal_tech": {"deck": PARAMETERS},
        "install_module": {"slot": range(board.module_slots)},
        "set_adaptivity": {"s": adapt, "e": adapt, "c": adapt},
    }


@dataclass(frozen=True)
class _Kind:
    cls: type[Action]
    offset: int
    names: tuple[str, ...]
    values: tuple[tuple[object, ...], ...]  # per field, its values in code order
    index: tuple[dict[object, int], ...]  # per field, value -> its digit

    @property
    def size(self) -> int:
        size = 1
        for values in self.values:
            size *= len(values)
        return size


class ActionCodes:
    """Actions as integers 0 .. ``size``-1 and back: each kind of action a block of codes,
    each of its fields a digit (its values' order fixed by the content). Never changed once
    made, so a state's copy shares it."""

    def __init__(self, content: Content) -> None:
        domains = _domains(content)
        self._known: dict[Action, int | None] = {}
        self._kinds: dict[type[Action], _Kind] = {}
        self._blocks: list[_Kind] = []
        offset = 0
        for kind, cls in ACTION_TYPES.items():
            names = tuple(f.name for f in fields(cls))
            known = domains.get(kind, {})
            if set(names) != set(known):  # a new field must be given its values here
                raise ValueError(f"no values for the fields of {kind}: {names}")
            values = tuple(tuple(known[name]) for name in names)
            block = _Kind(cls, offset, names, values,
                          tuple({v: i for i, v in enumerate(vs)} for vs in values))
            self._kinds[cls] = block
            self._blocks.append(block)
            offset += block.size
        self.size = offset

    def __deepcopy__(self, memo: dict[int, object]) -> ActionCodes:
        return self

    def code(self, action: Action) -> int:
        """The code of ``action``; ValueError for a value the content does not hold."""
        found = self.code_of(action)
        return self._coded(action) if found is None else found  # the former raises

    def code_of(self, action: Action) -> int | None:
        """The code of ``action``, None if it has none (see :data:`MOST_SABOTAGE_REMOVED`);
        one dictionary lookup for an action seen before (this runs for every legal action
        of every position a search passes)."""
        found = self._known.get(action, -1)
        if found == -1:
            try:
                found = self._coded(action)
            except ValueError:
                found = None
            self._known[action] = found
        return found

    def _coded(self, action: Action) -> int:
        kind = self._kinds[type(action)]
        code = 0
        for name, values, index in zip(kind.names, kind.values, kind.index, strict=True):
            value = getattr(action, name)
            if value not in index:
                raise ValueError(f"{action!r}: {name} is not one of the {len(values)} coded")
            code = code * len(values) + index[value]
        return kind.offset + code

    def action(self, code: int) -> Action:
        """The action of ``code``; ValueError outside 0 .. size-1."""
        if not 0 <= code < self.size:
            raise ValueError(f"action code {code} is not in 0..{self.size - 1}")
        kind = next(k for k in reversed(self._blocks) if k.offset <= code)
        rest = code - kind.offset
        digits: list[object] = []
        for values in reversed(kind.values):
            rest, digit = divmod(rest, len(values))
            digits.append(values[digit])
        return kind.cls(*reversed(digits))


def game_type() -> Any:
    """OpenSpiel's description of Moonshot."""
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Moonshot: The Next Giant Leap",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=len(NATIONS),
        min_num_players=len(NATIONS),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=DEFAULTS,
    )


class _Held:
    """The engine's game inside a state: OpenSpiel clones a Python state by deep copy, and
    the engine's own clone shares what it can (a deep copy would copy the content too)."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, object]) -> _Held:
        return _Held(self.game.clone())


class MoonshotGame(pyspiel.Game):  # type: ignore[misc]
    """Moonshot for OpenSpiel; each new initial state is a new deal (its seed drawn from the
    game's own generator, seeded by the ``seed`` parameter)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.content = load_content()  # the content (a variant's, in the lab) it codes
        self.codes = ActionCodes(self.content)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codes.size, max_chance_outcomes=0,
            num_players=len(NATIONS), min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
            max_game_length=MOST_MOVES)
        super().__init__(game_type(), info, params or {})
        chosen = {**DEFAULTS, **self.get_parameters()}
        self.ruleset: str = chosen["ruleset"]
        if self.ruleset not in RULESETS:
            raise ValueError(f"ruleset {self.ruleset!r} is not one of {', '.join(RULESETS)}")
        self._deals = random.Random(chosen["seed"])

    def new_initial_state(self) -> MoonshotState:
        seed = self._deals.getrandbits(31)
        return MoonshotState(self, new_game(seed, ruleset=self.ruleset), seed)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> MoonshotObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return MoonshotObserver()


class MoonshotState(pyspiel.State):  # type: ignore[misc]
    """A position: the engine's game, the seat to act and the seed that picks it when two
    may (a number, not a generator: search copies states thousands of times)."""

    def __init__(self, game: MoonshotGame, engine: Game, chooser: int,
                 seat: Seat | None = None, moves: int = 0) -> None:
        super().__init__(game)
        self._codes = game.codes
        self._held = _Held(engine)
        self._chooser = chooser
        self._moves = moves
        self._seat = seat if seat is not None else self._next_seat()

    @property
    def seat(self) -> str:
        """The seat to act ("" when the game is over)."""
        return self._seat or ""

    @property
    def engine(self) -> Game:
        """The engine's game (full state, secrets included)."""
        return self._held.game

    def _next_seat(self) -> Seat | None:
        if self.is_terminal():
            return None
        seats = self.engine.to_act()
        if len(seats) == 1:
            return seats[0]
        return random.Random(self._chooser * 1_000_003 + self._moves).choice(seats)

    # OpenSpiel's API.

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return NATIONS.index(nation_of(self._seat))

    def _legal_actions(self, player: int) -> list[int]:
        seat = self._seat
        if seat is None or player != self.current_player():  # over, or the other nation's
            return []
        code_of = self._codes.code_of
        return sorted(code for code in map(code_of, self.engine.legal_actions(seat))
                      if code is not None)

    def _apply_action(self, code: int) -> None:
        if self._seat is None:
            raise IllegalAction("The game is over.")
        self.engine.apply(self._seat, self._codes.action(code))
        self._moves += 1
        self._seat = self._next_seat()

    def _action_to_string(self, player: int, code: int) -> str:
        return self._codes.action(code).describe()

    def is_terminal(self) -> bool:
        game = self.engine
        return game.is_over or self._moves >= MOST_MOVES

    def returns(self) -> list[float]:
        winner = self.engine.winner
        if winner is None:
            return [0.0, 0.0]
        return [1.0 if nation == winner else -1.0 for nation in NATIONS]

    def _view_of(self, player: int) -> View:
        """``player``'s nation's view (a nation's seats see alike; the acting one's if it is
        the nation's, so the view names the seat to act)."""
        nation = NATIONS[player]
        seat = self._seat if self._seat is not None and nation_of(self._seat) == nation \
            else POLITICIAN[nation]
        return self.engine.view(seat)

    def seen_by(self, player: int) -> str:
        """What ``player`` knows: the seat to act and its nation's view of the game."""
        return f"{self._seat or 'over'}\n{self._view_of(player)!r}"

    def resample_from_infostate(self, player: int, sampler: Callable[[], float]
                                ) -> MoonshotState:
        """A world ``player`` cannot tell from this one: what its view hides sampled anew
        (the rival's hand and tokens, the decks, the dice to come)."""
        rng = random.Random(int(sampler() * 2**53))
        world = determinize(self._view_of(player), rng)
        return MoonshotState(self.get_game(), world, rng.getrandbits(63), seat=self._seat,
                             moves=self._moves)

    def __str__(self) -> str:
        game = self.engine
        return f"round {game.round}, {game.phase}, {self._seat or 'over'}: " \
               f"{game.fingerprint()}"


class MoonshotObserver:
    """OpenSpiel's observer: strings only (no tensors); a player's observation is its
    information state, the view of its nation."""

    tensor = None
    dict: dict[str, Any] = {}  # noqa: RUF012 (OpenSpiel's observer interface; never written)

    def set_from(self, state: MoonshotState, player: int) -> None:
        """No tensor to fill."""

    def string_from(self, state: MoonshotState, player: int) -> str:
        return state.seen_by(player)


pyspiel.register_game(game_type(), MoonshotGame)


class _TimedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTS, searching for a time instead of a number of simulations (to meet
    another player at equal time per decision): the simulations of its own ``run_search``,
    repeated until the time is up."""

    def __init__(self, game: MoonshotGame, seconds: float, evaluator: Any,
                 random_state: np.random.RandomState) -> None:
        super().__init__(game, evaluator, UCT_C, max_simulations=1,
                         random_state=random_state)
        self._seconds = seconds
        self.simulations = 0

    def run_search(self, state: MoonshotState) -> list[tuple[int, float]]:
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        key = self.get_state_key(state)
        deadline = time.perf_counter() + self._seconds
        self.simulations = 0
        # two at least: the first only expands the root
        while self.simulations < 2 or time.perf_counter() < deadline:
            world = self.sample_root_state(state)
            assert self.get_state_key(world) == key  # as OpenSpiel's own search checks
            self.run_simulation(world)
            self.simulations += 1
        return list(self.get_final_policy(state, self._root_node))


_GAMES: dict[tuple[str, int], MoonshotGame] = {}


def moonshot_game(ruleset: str = RULESETS[0]) -> MoonshotGame:
    """The OpenSpiel game of ``ruleset`` under the content in force (made once per content)."""
    key = (ruleset, id(load_content()))
    if key not in _GAMES:
        _GAMES.clear()
        _GAMES[key] = MoonshotGame({"ruleset": ruleset})
    return _GAMES[key]


class OpenSpielAI:
    """An OpenSpiel bot as a computer player: ``ismcts`` (information-set MCTS over the
    worlds the view leaves open) or ``mcts`` (plain MCTS on one world sampled from the
    view, its dice included), both with OpenSpiel's random-rollout evaluator. A budget's
    seconds make ISMCTS search that long (its choice then depends on the machine's speed,
    as Hard's does); otherwise each bot runs its iterations (or :data:`SIMULATIONS`) and its
    choice depends on the view and the seed alone. MCTS always runs a count."""

    def __init__(self, name: str, iterations: int | None = None) -> None:
        if name not in BOTS:
            raise ValueError(f"unknown OpenSpiel bot {name!r}; choose one of {BOTS}")
        self.name = name
        self.iterations = iterations
        self.last_stats = Stats()

    def choose(self, view: View, legal: list[Action], rng: random.Random,
               budget: Budget | None = None) -> Action:
        started = time.perf_counter()
        seat = seat_of(view)
        if len(legal) == 1:
            self.last_stats = Stats(seconds=time.perf_counter() - started, candidates=1)
            return legal[0]
        game = moonshot_game(view.ruleset)
        state = MoonshotState(game, determinize(view, rng), rng.getrandbits(63), seat=seat)
        randomness = np.random.RandomState(rng.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=randomness)
        count = (budget.iterations if budget is not None and budget.iterations else
                 self.iterations or SIMULATIONS)
        simulations = count
        if self.name == "ismcts":
            seconds = budget.seconds if budget is not None and not budget.iterations else None
            bot = (ismcts.ISMCTSBot(game, evaluator, UCT_C, count, random_state=randomness)
                   if seconds is None else
                   _TimedISMCTS(game, seconds, evaluator, randomness))
            # Its worlds drawn from the seeded generator too (OpenSpiel's default sampler
            # draws from the machine's entropy): one view and seed, one choice.
            bot.set_resampler(lambda s, p: s.resample_from_infostate(p, randomness.uniform))
            code = bot.step(state)
            if isinstance(bot, _TimedISMCTS):
                simulations = bot.simulations
        else:  # no proof: a win proved in one sampled world (its dice too) proves nothing
            code = mcts.MCTSBot(game, UCT_C, count, evaluator, solve=False,
                                random_state=randomness).step(state)
        action = game.codes.action(int(code))
        if action not in legal:  # the bots choose among the state's legal codes
            raise RuntimeError(f"{self.name} chose {action!r}, not a legal action")
        self.last_stats = Stats(seconds=time.perf_counter() - started,
                                iterations=simulations, candidates=len(legal))
        return action

