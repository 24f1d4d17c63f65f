"""The rules of Moonshot: legal actions, applying them, and the automatic steps between.

:class:`Game` is the whole public surface. ``legal_actions`` is the single source of truth
for what is allowed: ``apply`` accepts exactly the actions it lists (and explains refusals),
so the rules are written once.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from . import actions as A
from .actions import Action
from .blueprint import geometry, placeable_cells, rocket_parameters
from .content import LIVING_PAYLOADS, MOON, NATIONS, PAYLOADS, TECH_DECKS, load_content
from .dice import passes, splits
from .effects import apply_effect
from .errors import IllegalAction
from .rng import Rng
from .state import Nation, Pile, Stack, State

SEATS = ("USA.politician", "USA.engineer", "USSR.politician", "USSR.engineer")
RULESETS = ("v0.10.4", "preview")
PHASES = ("discussion", "maneuvers", "politics", "engineering", "launches", "administration",
          "over")
ENGINEER_PHASES_4P = ("maneuvers", "politics", "engineering")
PLACES = (1, 2, 3, 4)

# (the log before, seat, action): a game's log as a chain that clones share (see Game.clone)
LogLink = tuple[Any, str, Action]


@cache
def _act(cls: type[Action], *args: Any) -> Action:
    """One shared instance per distinct action: legal-action lists are rebuilt after every
    move, and a cached frozen action costs a dictionary lookup instead of a construction."""
    return cls(*args)


def other(nation: str) -> str:
    return "USSR" if nation == "USA" else "USA"


def _draw(piles: dict[Any, Pile], key: Any) -> str:
    """Take the top card of a pile; piles are tuples shared with copies, so it is replaced."""
    pile = piles[key]
    piles[key] = pile[:-1]
    return pile[-1]


_SEAT_PARTS: dict[str, tuple[str, str]] = {
    seat: (seat.split(".")[0], seat.split(".")[1]) for seat in SEATS}
POLITICIAN = {nation: f"{nation}.politician" for nation in NATIONS}
ENGINEER = {nation: f"{nation}.engineer" for nation in NATIONS}


def _split_seat(seat: object) -> tuple[str, str]:
    # A subscript, not .get() and isinstance(): in Pyodide a call into a builtin costs several
    # times its CPython price, and this runs twice per action.
    try:
        return _SEAT_PARTS[seat]  # type: ignore[index]
    except (KeyError, TypeError):
        raise IllegalAction(f"Unknown seat {seat!r}; seats are {', '.join(SEATS)}.") from None


# Actions every Engineer list may hold, built once (``_act`` would share them too, but a call
# into its cache is dear in WebAssembly and these lists are rebuilt after every move).
_TAKE_FROM_LINE = {d: _act(A.TakeFromLine, d) for d in "SEC"}
_LINE_TO_SUPPLIERS = {d: _act(A.LineToSuppliers, d) for d in "SEC"}
_PASS_ENGINEER = _act(A.PassEngineer)

_KINDS = {(True, True): ("influence", "bluff"), (True, False): ("influence",),
          (False, True): ("bluff",), (False, False): ()}


@cache
def _token_actions(kinds: tuple[str, ...], *laid: tuple[bool, ...]) -> tuple[Action, ...]:
    """Every PlaceToken of ``kinds`` onto the laid stacks (``laid``: per nation, per place)."""
    return tuple(A.PlaceToken(board, place, kind)
                 for board, places in zip(NATIONS, laid, strict=True)
                 for place, present in zip(PLACES, places, strict=True) if present
                 for kind in kinds)


@cache
def _research_actions(decks: tuple[tuple[str, bool], ...]) -> tuple[Action, ...]:
    """Every Research of two tiles from ``decks`` ((deck, holds two or more) per open deck):
    two decks, or one deck twice when it holds two tiles."""
    return tuple(A.Research(first, second)
                 for i, (first, two) in enumerate(decks) for second, _ in decks[i:]
                 if first != second or two)


@cache
def _order_actions(row: tuple[str | None, ...], spaces: tuple[int, ...]) -> tuple[Action, ...]:
    """Every OrderModule of a Module in the row onto one of the affordable free spaces."""
    return tuple(A.OrderModule(module, space)
                 for module in row if module is not None for space in spaces)


@cache
def _test_actions(risks: tuple[str, ...]) -> tuple[Action, ...]:
    """A Test on each of ``risks``, in their order."""
    return tuple(A.Test(risk) for risk in risks)


@cache
def _raises(popularity: int) -> tuple[Action, ...]:
    """Trading 1 .. popularity-1 Popularity for Influence (never all of it)."""
    return tuple(A.RaiseInfluence(x) for x in range(1, popularity))


@cache
def _placements(cells: tuple[int, ...], cols: int) -> tuple[Action, ...]:
    """Every PlaceTile onto ``cells`` in each rotation (the widest legal list, so cached)."""
    return tuple(A.PlaceTile(cell // cols, cell % cols, rotation)
                 for cell in cells for rotation in range(4))


class Game:
    """One game of Moonshot. Create with :func:`new_game` or :func:`game.load`."""

    def __init__(self, state: State, seed: int, log: list[tuple[str, Action]]) -> None:
        self._s = state
        self._seed = seed
        self._log: LogLink | None = None
        for seat, action in log:
            self._log = (self._log, seat, action)
        self._log_size = len(log)
        self._content = load_content()
        self._rules = self._content.rulesets[state.ruleset]
        self._legal: dict[str, list[Action]] = {}
        self._seats: list[str] | None = None  # to_act() of this position, once computed
        self._events: list[dict[str, Any]] = []

    # ------------------------------------------------------------------ public properties

    @property
    def state(self) -> State:
        """The full state (secrets included): for the engine, tests and tools, never a UI."""
        return self._s

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def log(self) -> list[tuple[str, Action]]:
        """Every (seat, action) applied since setup, in order (a new list)."""
        entries: list[tuple[str, Action]] = []
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
        return self._s.ruleset

    @property
    def players(self) -> int:
        return self._s.players

    @property
    def round(self) -> int:
        return self._s.round

    @property
    def phase(self) -> str:
        return self._s.phase

    @property
    def is_over(self) -> bool:
        return self._s.phase == "over"

    @property
    def winner(self) -> str | None:
        return self._s.winner

    @property
    def end_reason(self) -> str | None:
        return self._s.end_reason

    def clone(self) -> Game:
        """An independent copy; changing either never changes the other.

        Search clones thousands of times per decision, so this skips ``__init__``: the log
        chain is immutable and shared, and so are the position's cached legal actions.
        """
        other_game = Game.__new__(Game)
        other_game._s = self._s.copy()
        other_game._seed = self._seed
        other_game._log = self._log
        other_game._log_size = self._log_size
        other_game._content = self._content
        other_game._rules = self._rules
        other_game._legal = self._legal.copy()
        other_game._seats = self._seats
        other_game._events = []
        return other_game

    def forget_cache(self) -> None:
        """Drop what was computed for the current position (whose turn, the legal actions):
        for tests and tools that change ``state`` by hand."""
        self._legal = {}
        self._seats = None

    def __eq__(self, other_game: object) -> bool:
        if not isinstance(other_game, Game):
            return NotImplemented
        return self._s.to_dict() == other_game._s.to_dict() and self.log == other_game.log

    __hash__ = None  # type: ignore[assignment]  # mutable

    def fingerprint(self) -> str:
        """A canonical text of the state, equal for equal states (for hashing and tests)."""
        return json.dumps(self._s.to_dict(), sort_keys=True, separators=(",", ":"))

    def view(self, seat: str | None) -> dict[str, Any]:
        """Everything ``seat`` may see (``None``: the public spectator view), JSON-safe."""
        from .view import build_view  # the view module imports this one

        if seat is not None:
            _split_seat(seat)
        return build_view(self, seat)

    def to_json(self) -> str:
        """The complete game, including the random generator, as JSON text."""
        from .save import to_json

        return to_json(self)

    def parameters(self, nation: str) -> tuple[int, int, int, int]:
        """Structure, Electronics, Code and Adaptivity of a nation's rocket as it stands."""
        n = self._s.nations[nation]
        return rocket_parameters(n.blueprint, n.modules, self._content)

    # ------------------------------------------------------------------ who acts

    def _duo_nations(self) -> tuple[str, ...]:
        if self._s.players == 4:
            return NATIONS
        if self._s.players == 3 and self._s.pair:
            return (self._s.pair,)
        return ()

    def _engineer_can_act(self, nation: str) -> bool:
        s = self._s
        n = s.nations[nation]
        if n.pending is not None:
            return True
        if s.phase == "engineering" or (s.players == 4 and s.phase in ENGINEER_PHASES_4P):
            return not n.engineer_passed
        return False

    def to_act(self) -> list[str]:
        """The seats that may act now; several when the rules are simultaneous."""
        return self._acting()[:]

    def _acting(self) -> list[str]:
        """``to_act()``, computed once per position (callers must not change the list)."""
        if self._seats is None:
            self._seats = self._find_acting()
        return self._seats

    def _find_acting(self) -> list[str]:
        s = self._s
        order = (s.first, other(s.first))
        if s.phase == "over":
            return []
        if s.phase == "discussion":
            return [f"{n}.{role}" for n in order if n in self._duo_nations()
                    and not s.nations[n].discussed for role in ("politician", "engineer")]
        seats: list[str] = []
        if s.phase in ("maneuvers", "politics") and s.turn is not None:
            seats.append(POLITICIAN[s.turn])
        if s.phase == "launches" and s.decision is not None:
            what, nation, _ = s.decision
            seats.append(ENGINEER[nation] if what == "adapt" else POLITICIAN[nation])
        if s.phase == "administration" and s.evaluator is not None:
            seats.append(POLITICIAN[s.evaluator])
        for nation in order:
            if self._engineer_can_act(nation):
                seats.append(ENGINEER[nation])
        return seats

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, seat: str) -> list[Action]:
        """Every action ``seat`` may take now (empty when it is not that seat's moment)."""
        return self._cached_legal(seat)[:]

    def _cached_legal(self, seat: str) -> list[Action]:
        """The legal actions of ``seat``, computed once per position (callers must not
        change the list)."""
        known = self._legal
        if seat in known:  # not .get(): see _split_seat
            return known[seat]
        nation, role = _split_seat(seat)
        if seat not in self._acting():
            cached = []
        elif role == "politician":
            cached = self._politician_actions(nation)
        else:
            cached = self._engineer_actions(nation)
        known[seat] = cached
        return cached

    def _politician_actions(self, nation: str) -> list[Action]:
        s = self._s
        n = s.nations[nation]
        if s.phase == "discussion":
            return [_act(A.EndDiscussion)]
        if s.phase == "maneuvers":
            empty = [p for p in PLACES if n.stacks[p - 1] is None]
            found: list[Action] = [_act(A.PlayManeuver, card, place)
                                   for card in sorted(set(n.hand)) for place in empty]
            found.append(_act(A.PassManeuvers))
            return found
        if s.phase == "politics":
            return self._politics_actions(nation, n)
        if s.phase == "launches" and s.decision is not None:
            _, _, mission = s.decision
            found = [_act(A.ClaimReward)]
            found.extend(_act(A.ExploreMoon, slot) for slot in self._explorable(n, mission))
            return found
        if s.phase == "administration":
            if s.decision is not None:
                return [_act(A.PayForTie), _act(A.ConcedeTie)]
            found = []
            for place in PLACES:
                stack = n.stacks[place - 1]
                if stack is None or stack.fate is not None:
                    continue
                found.append(_act(A.Evaluate, place))
                if stack.level == 1:
                    found.extend(_act(A.Escalate, place, card) for card in sorted(set(n.hand)))
                elif stack.level == 2:
                    found.append(_act(A.Escalate, place, ""))
            return found
        return []

    def _politics_actions(self, nation: str, n: Nation) -> list[Action]:
        s = self._s
        found: list[Action] = []
        if s.support or n.influence + n.bluff >= 2:
            kinds = _KINDS[n.influence > 0, n.bluff > 0]
            # One cached list per pattern of laid stacks: this runs after every Politics move.
            first, second = (s.nations[board].stacks for board in NATIONS)
            found.extend(_token_actions(kinds, tuple([st is not None for st in first]),
                                        tuple([st is not None for st in second])))
        if s.support:
            if s.support >= 2:
                found.append(_act(A.FinishSupport))
            return found
        # The Moon never counts toward the active-Mission limit, in either ruleset.
        if sum(m != MOON for m, _ in s.active) < self._content.board.active_missions:
            found.extend(_act(A.AnnounceMission, level) for level in sorted(s.mission_decks)
                         if s.mission_decks[level] and level < 4)
        if s.mission_decks.get(4) and self._moon_gate_open():
            found.append(_act(A.AnnounceMission, 4))
        if not n.raised:
            found.extend(_raises(n.popularity))
        found.extend(_act(A.Launch, mission) for mission, _ in s.active)
        if self._rules.moon == "display" and self._moon_gate_open():
            found.append(_act(A.Launch, MOON))
        found.append(_act(A.Abort))
        return found

    def _engineer_actions(self, nation: str) -> list[Action]:
        s = self._s
        n = s.nations[nation]
        if s.phase == "discussion" and not n.discussed:
            return [_act(A.EndDiscussion)]
        if n.pending is not None:
            return self._pending_actions(n)
        if s.phase == "launches":
            if s.decision is not None and s.decision[0] == "adapt":
                adapt = self.parameters(nation)[3]
                return [_act(A.SetAdaptivity, *split) for split in splits(adapt)]
            return []
        costs = self._content.board.costs
        money = n.money
        opponent = s.nations[other(nation)]
        line = n.line
        # Plain loops rather than generators below: this runs after every Engineer move.
        line_decks = [d for d in "SEC" if line.get(d)]
        found: list[Action] = [_TAKE_FROM_LINE[d] for d in line_decks] \
            if money >= costs["line"] else []
        if money >= costs["research"] or n.free_research:
            piles = s.tile_decks
            found.extend(_research_actions(tuple([
                (d, len(piles[d]) >= 2) for d in TECH_DECKS
                if piles[d] and (d != "P" or self._rules.payload_tiles)])))
        if s.research_pile and money >= costs["pile"]:
            found.append(_act(A.TakeFromPile))
        if n.suppliers[0] is None:
            found += [_LINE_TO_SUPPLIERS[d] for d in line_decks]
        prices = self._content.board.supplier_prices
        free_spaces = [i for i, item in enumerate(n.suppliers) if item is None and
                       prices[i] <= money]
        if free_spaces:
            found.extend(_order_actions(tuple(s.module_row), tuple(free_spaces)))
        if money >= costs["test"]:
            found.extend(_test_actions(self._testable_risks(nation)))
        for x in range(1, n.sabotage + 1):
            if money >= costs["anti_sabotage_base"] + x:
                found.append(_act(A.RemoveSabotage, x))
        payload_costs = self._content.board.payload_costs
        affordable = [p for p in PAYLOADS if payload_costs[p] <= money]
        if self._rules.payload_tiles:
            if affordable:
                cols = self._content.board.cols
                tiles = self._content.tiles
                for cell, placed in enumerate(n.blueprint):
                    if placed is not None and cell not in n.payloads and \
                            tiles[placed[0]].deck == "P":
                        found.extend(_act(A.LoadPayload, p, cell // cols, cell % cols)
                                     for p in affordable)
        else:
            booked = {m for m, _ in n.booked}
            for mission, _ in s.active:
                needed = self._content.missions[mission].payload
                if mission not in booked and needed in affordable:
                    found.append(_act(A.BookPayload, needed, mission))
        if n.test_steal:
            found.extend(_act(A.StealTest, risk) for risk, counts in sorted(s.tests.items())
                         if counts[NATIONS.index(opponent.name)] > 0)
        if n.tech_steal:
            found.extend(_act(A.StealTech, d) for d in "SEC" if opponent.line.get(d))
        found.append(_PASS_ENGINEER)
        return found

    def _pending_actions(self, n: Nation) -> list[Action]:
        assert n.pending is not None
        what = n.pending[0]
        if what == "keep":
            return [_act(A.KeepTile, 0), _act(A.KeepTile, 1)]
        if what == "module":
            return [_act(A.InstallModule, slot) for slot in range(len(n.modules))]
        return list(_placements(tuple(placeable_cells(n.blueprint)), self._content.board.cols))

    def _testable_risks(self, nation: str) -> tuple[str, ...]:
        """The risks on active Missions' paths, then the nation's face-up Moon risks."""
        n = self._s.nations[nation]
        return (*[risk for _, path in self._s.active for risk in path],
                *[r for r, up in zip(n.moon_path, n.moon_up, strict=True) if up])

    def _moon_gate_open(self) -> bool:
        missions = self._content.missions
        return any(missions[m].level == 3 for m, _, _ in self._s.completed)

    def _explorable(self, n: Nation, mission: str) -> list[int]:
        if self._rules.moon != "display":
            return []
        if sum(n.moon_up) + 1 > self._content.missions[mission].level:
            return []
        return [slot for slot, up in enumerate(n.moon_up) if not up]

    # ------------------------------------------------------------------ applying

    def apply(self, seat: str, action: Action) -> list[dict[str, Any]]:
        """Apply a legal action and return the events it caused, in order.

        Raises :class:`IllegalAction` (and changes nothing) for anything the rules forbid.
        """
        nation, _ = _split_seat(seat)
        legal = self._cached_legal(seat)
        for allowed in legal:  # legal lists hold shared instances: identity first, it is fast
            if allowed is action:
                break
        else:
            if not isinstance(action, Action):
                raise IllegalAction("That is not an action.")
            if action not in legal:
                raise IllegalAction(self._explain(seat, action))
        self._legal = {}
        self._seats = None
        self._log = (self._log, seat, action)
        self._log_size += 1
        # Only the kind: the dict may hold a secret (a token's kind, a cover card).
        self._events = [{"type": "action", "seat": seat, "kind": action.kind}]
        _HANDLERS[type(action)](self, nation, action)
        self._advance()
        return self._events

    def _emit(self, event: str, **data: Any) -> None:
        data["type"] = event
        self._events.append(data)

    def _explain(self, seat: str, action: Action) -> str:
        """Why an action is refused, in words a player understands."""
        s = self._s
        nation, role = seat.split(".")
        n = s.nations[nation]
        if s.phase == "over":
            return "The game is over."
        if seat not in self._acting():
            waiting = ", ".join(self._acting())
            return f"It is not {nation} {role}'s moment to act (waiting for {waiting})."
        costs = self._content.board.costs
        need = {"take_from_line": costs["line"], "take_from_pile": costs["pile"],
                "test": costs["test"]}.get(action.kind)
        if action.kind == "research" and not n.free_research:
            need = costs["research"]
        if isinstance(action, A.RemoveSabotage):
            need = costs["anti_sabotage_base"] + action.count
        if isinstance(action, A.OrderModule) and 0 <= action.space < len(n.suppliers):
            need = self._content.board.supplier_prices[action.space]
        if isinstance(action, A.LoadPayload | A.BookPayload) and action.payload in PAYLOADS:
            need = self._content.board.payload_costs[action.payload]
        if need is not None and n.money < need and role == "engineer":
            return f"That costs {need} money; {nation} has {n.money}."
        if isinstance(action, A.PlaceTile) and n.pending and n.pending[0] == "place":
            return ("A tile must go on an installed tile or on an empty space next to one, "
                    "inside the blueprint, with a rotation of 0-3.")
        if action.kind in ("launch", "announce_mission") and s.phase == "politics":
            return "That Mission is not available (not active, deck empty, or not yet allowed)."
        kinds = sorted({a.kind for a in self.legal_actions(seat)})
        return (f"{action.describe()} is not allowed now. "
                f"Allowed kinds of action: {', '.join(kinds)}.")

    # ------------------------------------------------------------------ end conditions

    def _check_end(self) -> bool:
        """End the game at once if a nation's Popularity hit 0 or the Budget gap is too wide."""
        s = self._s
        if s.phase == "over":
            return True
        for name in (s.first, other(s.first)):
            if s.nations[name].popularity <= 0:
                if s.moon_winners:
                    # The landing already decided the game; the rival's flight was its last
                    # chance to land too, not a way to lose on Popularity.
                    self._finish(s.moon_winners[0], "moon_landing")
                else:
                    self._finish(other(name), "popularity")
                return True
        usa, ussr = s.nations["USA"].budget, s.nations["USSR"].budget
        gap = abs(usa - ussr)
        limit = self._rules.budget_gap
        if gap > limit or (self._rules.budget_gap_inclusive and gap >= limit):
            self._finish("USA" if usa > ussr else "USSR", "budget")
            return True
        return False

    def _finish(self, winner: str, reason: str) -> None:
        s = self._s
        s.winner = winner
        s.end_reason = reason
        s.phase = "over"
        s.turn = None
        s.decision = None
        s.evaluator = None
        self._emit("game_over", winner=winner, reason=reason)

    def _change_popularity(self, nation: str, amount: int, source: str) -> bool:
        n = self._s.nations[nation]
        before = n.popularity
        n.popularity = max(0, min(self._content.board.popularity_max, before + amount))
        self._emit("change", nation=nation, what="popularity", by=n.popularity - before,
                   now=n.popularity, source=source)
        return self._check_end()

    def _effect(self, nation: str, effect: Any, source: str) -> bool:
        s = self._s
        apply_effect(s.nations[nation], s.nations[other(nation)], effect, source,
                     self._content.board.popularity_max, self._emit, self._check_end)
        return s.phase == "over"

    # ------------------------------------------------------------------ rounds

    def _begin_round(self) -> None:
        s = self._s
        start = self._content.board.start
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
        s.phase = "discussion" if self._duo_nations() else "maneuvers"
        self._emit("round", round=s.round, first=s.first)

    def _advance(self) -> None:
        """Run every automatic step until a seat must decide or the game is over."""
        s = self._s
        usa, ussr = s.nations["USA"], s.nations["USSR"]
        while s.phase != "over":
            if s.phase == "discussion":
                if any(not s.nations[n].discussed for n in self._duo_nations()):
                    return
                s.phase = "maneuvers"
            elif s.phase == "maneuvers":
                if s.passes < 2:
                    return
                s.phase = "politics"
                s.turn = s.first
                self._emit("phase", phase="politics")
            elif s.phase == "politics":
                if usa.launch is None or ussr.launch is None:
                    return
                s.turn = None
                s.phase = "engineering"
                self._emit("phase", phase="engineering")
            elif s.phase == "engineering":
                if usa.pending is not None or ussr.pending is not None or \
                        not usa.engineer_passed or not ussr.engineer_passed:
                    return
                s.phase = "launches"
                self._emit("phase", phase="launches")
            elif s.phase == "launches":
                if not self._run_launches():
                    return
                self._begin_administration()
            elif s.phase == "administration":
                if usa.pending is not None or ussr.pending is not None or \
                        s.decision is not None:
                    return
                if s.evaluator is None:
                    s.evaluator = s.first
                while s.evaluator is not None and not self._undecided(s.evaluator):
                    s.evaluator = other(s.evaluator) if s.evaluator == s.first else None
                if s.evaluator is not None:
                    return
                self._finish_round()
            else:
                return

    def _undecided(self, nation: str) -> bool:
        return any(st is not None and st.fate is None for st in self._s.nations[nation].stacks)

    # ------------------------------------------------------------------ phase 1 and 2.1

    def _do_end_discussion(self, nation: str, action: A.EndDiscussion) -> None:
        self._s.nations[nation].discussed = True
        self._emit("discussion_over", nation=nation)

    def _do_play_maneuver(self, nation: str, action: A.PlayManeuver) -> None:
        s = self._s
        n = s.nations[nation]
        n.hand.remove(action.card)
        n.stacks[action.place - 1] = Stack(action.card)
        s.passes = 0
        s.turn = other(nation)
        self._emit("maneuver_played", nation=nation, card=action.card, place=action.place)

    def _do_pass_maneuvers(self, nation: str, action: A.PassManeuvers) -> None:
        s = self._s
        s.passes += 1
        s.turn = other(nation)
        self._emit("maneuvers_passed", nation=nation)

    # ------------------------------------------------------------------ 2.2 politicians

    def _next_politician(self, nation: str) -> None:
        s = self._s
        s.turn = other(nation) if s.nations[other(nation)].launch is None else nation
        if s.nations[s.turn].launch is not None:
            s.turn = None

    def _do_place_token(self, nation: str, action: A.PlaceToken) -> None:
        s = self._s
        n = s.nations[nation]
        if action.token == "influence":
            n.influence -= 1
        else:
            n.bluff -= 1
        stack = self._changing_stack(action.board, action.place)
        stack.tokens.append((nation, action.token))
        s.support += 1
        self._emit("token_placed", nation=nation, board=action.board, place=action.place)
        if s.support >= 2 and n.influence + n.bluff == 0:
            self._do_finish_support(nation, A.FinishSupport())

    def _do_finish_support(self, nation: str, action: A.FinishSupport) -> None:
        s = self._s
        self._emit("support_done", nation=nation, tokens=s.support)
        s.support = 0
        self._next_politician(nation)

    def _do_announce_mission(self, nation: str, action: A.AnnounceMission) -> None:
        s = self._s
        mission = _draw(s.mission_decks, action.level)
        risks = tuple(self._draw_risk(level) for level in self._content.missions[mission].risks)
        s.active.append((mission, risks))
        for risk in risks:
            s.tests[risk] = (0, 0)
        self._emit("mission_announced", nation=nation, mission=mission, risks=list(risks))
        self._next_politician(nation)

    def _draw_risk(self, level: int) -> str:
        s = self._s
        if not s.risk_decks[level]:
            deck = list(s.risk_discards[level])
            s.rng.shuffle(deck)
            s.risk_decks[level] = tuple(deck)
            s.risk_discards[level] = ()
            self._emit("risks_reshuffled", level=level)
        return _draw(s.risk_decks, level)

    def _do_raise_influence(self, nation: str, action: A.RaiseInfluence) -> None:
        n = self._s.nations[nation]
        n.raised = action.amount
        n.influence += action.amount
        self._change_popularity(nation, -action.amount, "influence")
        self._next_politician(nation)

    def _do_launch(self, nation: str, action: A.Launch) -> None:
        s = self._s
        s.nations[nation].launch = action.mission
        s.launches.append((nation, action.mission))
        self._emit("launch_decided", nation=nation, mission=action.mission)
        self._next_politician(nation)

    def _do_abort(self, nation: str, action: A.Abort) -> None:
        self._s.nations[nation].launch = ""
        self._emit("launch_aborted", nation=nation)
        if not self._change_popularity(nation, -self._content.board.penalties["abort"],
                                       "abort"):
            self._next_politician(nation)

    # ------------------------------------------------------------------ engineers

    def _refill_line(self, n: Nation, deck: str) -> None:
        piles = self._s.tile_decks
        n.line[deck] = _draw(piles, deck) if piles[deck] else None

    def _do_take_from_line(self, nation: str, action: A.TakeFromLine) -> None:
        n = self._s.nations[nation]
        n.money -= self._content.board.costs["line"]
        tile = n.line[action.deck]
        assert tile is not None
        self._refill_line(n, action.deck)
        n.pending = ("place", tile, "line")
        self._emit("tile_taken", nation=nation, tile=tile, source="line")

    def _do_research(self, nation: str, action: A.Research) -> None:
        s = self._s
        n = s.nations[nation]
        if n.free_research:
            n.free_research -= 1
        else:
            n.money -= self._content.board.costs["research"]
        first = _draw(s.tile_decks, action.first)
        second = _draw(s.tile_decks, action.second)
        n.pending = ("keep", first, second)
        self._emit("research", nation=nation, decks=[action.first, action.second])

    def _do_keep_tile(self, nation: str, action: A.KeepTile) -> None:
        s = self._s
        n = s.nations[nation]
        assert n.pending is not None
        kept, dropped = n.pending[1 + action.index], n.pending[2 - action.index]
        s.research_pile.append(dropped)
        n.pending = ("place", kept, "research")
        self._emit("tile_kept", nation=nation, tile=kept, discarded=dropped)

    def _do_take_from_pile(self, nation: str, action: A.TakeFromPile) -> None:
        s = self._s
        n = s.nations[nation]
        n.money -= self._content.board.costs["pile"]
        tile = s.research_pile.pop()
        n.pending = ("place", tile, "pile")
        self._emit("tile_taken", nation=nation, tile=tile, source="pile")

    def _do_place_tile(self, nation: str, action: A.PlaceTile) -> None:
        s = self._s
        n = s.nations[nation]
        assert n.pending is not None
        tile = n.pending[1]
        cell = action.row * self._content.board.cols + action.col
        covered = n.blueprint[cell]
        if covered is not None:
            s.lost_tiles.append(covered[0])
            n.payloads.pop(cell, None)
        n.blueprint[cell] = (tile, action.rotation)
        n.pending = None
        self._emit("tile_placed", nation=nation, tile=tile, row=action.row, col=action.col,
                   rotation=action.rotation, covered=covered[0] if covered else None,
                   parameters=list(self.parameters(nation)))

    def _do_line_to_suppliers(self, nation: str, action: A.LineToSuppliers) -> None:
        n = self._s.nations[nation]
        tile = n.line[action.deck]
        n.suppliers[0] = f"T:{tile}"
        self._refill_line(n, action.deck)
        self._emit("supplier_tile", nation=nation, tile=tile)

    def _do_order_module(self, nation: str, action: A.OrderModule) -> None:
        s = self._s
        n = s.nations[nation]
        n.money -= self._content.board.supplier_prices[action.space]
        index = s.module_row.index(action.module)
        if not s.module_deck and s.module_discard:
            s.module_deck.extend(s.module_discard)
            s.module_discard.clear()
            s.rng.shuffle(s.module_deck)
        s.module_row[index] = s.module_deck.pop() if s.module_deck else None
        n.suppliers[action.space] = f"M:{action.module}"
        self._emit("module_ordered", nation=nation, module=action.module, space=action.space)

    def _do_test(self, nation: str, action: A.Test) -> None:
        s = self._s
        s.nations[nation].money -= self._content.board.costs["test"]
        usa, ussr = s.tests.get(action.risk, (0, 0))
        s.tests[action.risk] = (usa + 1, ussr) if nation == "USA" else (usa, ussr + 1)
        self._emit("tested", nation=nation, risk=action.risk)

    def _do_remove_sabotage(self, nation: str, action: A.RemoveSabotage) -> None:
        n = self._s.nations[nation]
        n.money -= self._content.board.costs["anti_sabotage_base"] + action.count
        n.sabotage -= action.count
        self._emit("sabotage_removed", nation=nation, count=action.count)

    def _do_load_payload(self, nation: str, action: A.LoadPayload) -> None:
        n = self._s.nations[nation]
        n.money -= self._content.board.payload_costs[action.payload]
        n.payloads[action.row * self._content.board.cols + action.col] = action.payload
        self._emit("payload_loaded", nation=nation, payload=action.payload)

    def _do_book_payload(self, nation: str, action: A.BookPayload) -> None:
        n = self._s.nations[nation]
        n.money -= self._content.board.payload_costs[action.payload]
        n.booked.append((action.mission, action.payload))
        self._emit("payload_booked", nation=nation, payload=action.payload,
                   mission=action.mission)

    def _do_steal_test(self, nation: str, action: A.StealTest) -> None:
        s = self._s
        s.nations[nation].test_steal -= 1
        usa, ussr = s.tests[action.risk]
        s.tests[action.risk] = (usa + 1, ussr - 1) if nation == "USA" else (usa - 1, ussr + 1)
        self._emit("test_stolen", nation=nation, risk=action.risk)

    def _do_steal_tech(self, nation: str, action: A.StealTech) -> None:
        s = self._s
        n = s.nations[nation]
        victim = s.nations[other(nation)]
        n.tech_steal -= 1
        tile = victim.line[action.deck]
        assert tile is not None
        self._refill_line(victim, action.deck)
        n.pending = ("place", tile, "steal")
        self._emit("tech_stolen", nation=nation, tile=tile)

    def _do_install_module(self, nation: str, action: A.InstallModule) -> None:
        s = self._s
        n = s.nations[nation]
        assert n.pending is not None
        module = n.pending[1]
        replaced = n.modules[action.slot]
        if replaced is not None:
            s.module_discard.append(replaced)
        n.modules[action.slot] = module
        n.pending = None
        self._emit("module_installed", nation=nation, module=module, slot=action.slot,
                   replaced=replaced, parameters=list(self.parameters(nation)))

    def _do_pass(self, nation: str, action: A.PassEngineer) -> None:
        self._s.nations[nation].engineer_passed = True
        self._emit("engineer_passed", nation=nation)

    # ------------------------------------------------------------------ phase 3: launches

    def _run_launches(self) -> bool:
        """Resolve launches in decision order; False while a seat owes a decision."""
        s = self._s
        while s.phase == "launches":
            if s.decision is not None:
                return False
            if s.launch_step >= len(s.launches):
                return self._settle_moon()
            nation, mission = s.launches[s.launch_step]
            if not self._start_launch(nation, mission):
                continue
            if self.parameters(nation)[3] > 0:
                s.decision = ("adapt", nation, mission)
                return False
            self._fly(nation, mission, (0, 0, 0))
        return False

    def _start_launch(self, nation: str, mission: str) -> bool:
        """Delay checks; False when the launch is delayed (and so over)."""
        s = self._s
        n = s.nations[nation]
        required = self._content.missions[mission].payload
        on_display = mission == MOON and self._rules.moon == "display"
        reason = None
        if not on_display and all(m != mission for m, _ in s.active):
            reason = "completed"
        elif required != "none" and not self._has_payload(n, mission, required):
            reason = "payload"
        if reason is None:
            if on_display:
                for slot, up in enumerate(n.moon_up):
                    if not up:
                        n.moon_up[slot] = True
                        s.tests[n.moon_path[slot]] = (0, 0)
                        self._emit("moon_risk_revealed", nation=nation, slot=slot,
                                   risk=n.moon_path[slot])
            return True
        s.launch_step += 1
        self._emit("launch_delayed", nation=nation, mission=mission, reason=reason)
        self._change_popularity(nation, -self._content.board.penalties["delay"], "delay")
        return False

    def _aboard(self, n: Nation, mission: str) -> list[str]:
        """The payload markers a launch of ``n`` toward ``mission`` would carry."""
        if self._rules.payload_tiles:
            return list(n.payloads.values())
        return [p for m, p in n.booked if m == mission]

    def _has_payload(self, n: Nation, mission: str, required: str) -> bool:
        if self._rules.payload_tiles:
            return required in n.payloads.values()
        return (mission, required) in n.booked

    def _do_set_adaptivity(self, nation: str, action: A.SetAdaptivity) -> None:
        s = self._s
        assert s.decision is not None
        mission = s.decision[2]
        s.decision = None
        self._emit("adaptivity", nation=nation, split=[action.s, action.e, action.c])
        self._fly(nation, mission, (action.s, action.e, action.c))

    def _fly(self, nation: str, mission: str, split: tuple[int, int, int]) -> None:
        s = self._s
        n = s.nations[nation]
        s.launch_step += 1
        base = self.parameters(nation)
        params = (base[0] + split[0], base[1] + split[1], base[2] + split[2])
        if mission == MOON and self._rules.moon == "display":
            path: tuple[str, ...] = tuple(n.moon_path)
        else:
            path = next(r for m, r in s.active if m == mission)
        aboard = self._aboard(n, mission)
        if self._rules.payload_tiles:
            n.payloads.clear()
        else:
            n.booked = [(m, p) for m, p in n.booked if m != mission]
        index = NATIONS.index(nation)
        self._emit("liftoff", nation=nation, mission=mission, parameters=list(params),
                   sabotage=n.sabotage, payloads=aboard)
        for risk_id in path:
            risk = self._content.risks[risk_id]
            tests = s.tests.get(risk_id, (0, 0))[index]
            die = s.rng.d8()
            ok, value, used = passes(risk, die, n.sabotage, tests, self._rules.test_bonus,
                                     params)
            self._emit("risk_roll", nation=nation, mission=mission, risk=risk_id, die=die,
                       sabotage=n.sabotage, tests=tests, value=value, range=used,
                       needs=list(risk.ranges[used].minimum) if used >= 0 else None,
                       passed=ok)
            if not ok:
                living = any(p in LIVING_PAYLOADS for p in aboard)
                penalty = self._content.board.penalties[
                    "explosion_with_life" if living else "explosion"]
                self._emit("explosion", nation=nation, mission=mission, risk=risk_id,
                           lives=living)
                self._change_popularity(nation, -penalty, "explosion")
                return
        self._succeed(nation, mission)

    def _succeed(self, nation: str, mission: str) -> None:
        s = self._s
        s.completed.append((mission, nation, s.round))
        self._emit("mission_success", nation=nation, mission=mission)
        if mission == MOON:
            # The Moon card stays: the rival may still land this round (both rulesets).
            s.moon_winners.append(nation)
            rival_pending = any(nat != nation and m == MOON
                                for nat, m in s.launches[s.launch_step:])
            if not rival_pending:
                self._settle_moon()
            return
        self._retire_mission(mission)
        if self._explorable(s.nations[nation], mission):
            s.decision = ("reward", nation, mission)
        else:
            self._effect(nation, self._content.missions[mission].reward, f"mission:{mission}")

    def _retire_mission(self, mission: str) -> None:
        s = self._s
        risks = next(r for m, r in s.active if m == mission)
        s.active = [(m, r) for m, r in s.active if m != mission]
        for risk in risks:
            level = self._content.risks[risk].level
            s.risk_discards[level] = (*s.risk_discards[level], risk)
            s.tests.pop(risk, None)
        for n in s.nations.values():
            n.booked = [(m, p) for m, p in n.booked if m != mission]

    def _settle_moon(self) -> bool:
        """After a Moon success (or all launches): the landing nation(s) decide the game."""
        s = self._s
        if s.phase == "over":
            return False
        winners = s.moon_winners
        if not winners:
            return True
        if len(winners) == 1:
            self._finish(winners[0], "moon_landing")
        else:
            a, b = winners[0], winners[1]
            pa, pb = s.nations[a].popularity, s.nations[b].popularity
            self._finish(a if pa >= pb else b, "moon_landing")
        return False

    def _do_claim_reward(self, nation: str, action: A.ClaimReward) -> None:
        s = self._s
        assert s.decision is not None
        mission = s.decision[2]
        s.decision = None
        self._effect(nation, self._content.missions[mission].reward, f"mission:{mission}")

    def _do_explore_moon(self, nation: str, action: A.ExploreMoon) -> None:
        s = self._s
        n = s.nations[nation]
        s.decision = None
        n.moon_up[action.slot] = True
        s.tests[n.moon_path[action.slot]] = (0, 0)
        self._emit("moon_risk_revealed", nation=nation, slot=action.slot,
                   risk=n.moon_path[action.slot])

    # ------------------------------------------------------------------ phase 4

    def _begin_administration(self) -> None:
        s = self._s
        s.phase = "administration"
        s.evaluator = None
        self._emit("phase", phase="administration")
        drop = self._content.board.budget_drop
        for name in (s.first, other(s.first)):
            n = s.nations[name]
            n.budget -= drop
            self._emit("change", nation=name, what="budget", by=-drop, now=n.budget,
                       source="round")
        if self._check_end():
            return
        for name in (s.first, other(s.first)):
            n = s.nations[name]
            delivered = n.suppliers[-1]
            n.suppliers = [None, *n.suppliers[:-1]]
            if delivered is not None:
                kind, item = delivered.split(":", 1)
                n.pending = ("place", item, "delivery") if kind == "T" else ("module", item)
                self._emit("delivery", nation=name, item=item,
                           kind="tile" if kind == "T" else "module")

    def _do_evaluate(self, nation: str, action: A.Evaluate) -> None:
        s = self._s
        n = s.nations[nation]
        stack = n.stacks[action.place - 1]
        assert stack is not None
        own = sum(1 for who, kind in stack.tokens if who == nation and kind == "influence")
        rival = sum(1 for who, kind in stack.tokens if who != nation and kind == "influence")
        self._emit("evaluation", nation=nation, place=action.place, card=stack.card,
                   level=stack.level, tokens=[list(t) for t in stack.tokens], own=own,
                   rival=rival)
        if own > rival:
            self._win_stack(nation, action.place)
        elif rival > own:
            self._obstruct(nation, action.place)
        else:
            s.decision = ("tie", nation, str(action.place))

    def _changing_stack(self, nation: str, place: int) -> Stack:
        """The stack at ``place``, replaced by its own copy first: copies of the state share
        Stack objects, so one is never changed where it stands."""
        stacks = self._s.nations[nation].stacks
        stack = stacks[place - 1]
        assert stack is not None
        stacks[place - 1] = stack = stack.copy()
        return stack

    def _win_stack(self, nation: str, place: int) -> None:
        stack = self._changing_stack(nation, place)
        stack.fate = "won"
        card = self._content.maneuver_card(stack.card)
        self._emit("maneuver_won", nation=nation, card=stack.card, level=stack.level)
        self._effect(nation, card.levels[stack.level - 1], f"maneuver:{stack.card}")

    def _obstruct(self, nation: str, place: int) -> None:
        s = self._s
        stack = self._changing_stack(nation, place)
        stack.fate = "obstructed"
        rival = other(nation)
        self._emit("maneuver_obstructed", nation=nation, card=stack.card, by=rival)
        for board_place in self._content.places:
            empty = s.nations[rival].stacks[board_place.index - 1] is None
            if board_place.category == "obstruction" and empty and \
                    self._effect(rival, board_place.effect, f"place:{board_place.index}"):
                return

    def _do_pay_for_tie(self, nation: str, action: A.PayForTie) -> None:
        s = self._s
        assert s.decision is not None
        place = int(s.decision[2])
        s.decision = None
        if not self._change_popularity(nation, -self._content.board.penalties["tie"], "tie"):
            self._win_stack(nation, place)

    def _do_concede_tie(self, nation: str, action: A.ConcedeTie) -> None:
        s = self._s
        assert s.decision is not None
        place = int(s.decision[2])
        s.decision = None
        self._obstruct(nation, place)

    def _do_escalate(self, nation: str, action: A.Escalate) -> None:
        n = self._s.nations[nation]
        stack = self._changing_stack(nation, action.place)
        if stack.level == 1:
            n.hand.remove(action.card)
            stack.cover = action.card
        stack.level += 1
        stack.fate = "escalated"
        self._emit("maneuver_escalated", nation=nation, place=action.place, level=stack.level)

    def _finish_round(self) -> None:
        s = self._s
        board = self._content.board
        order = (s.first, other(s.first))
        for name in order:
            n = s.nations[name]
            succeeded = any(nat == name and rnd == s.round for _, nat, rnd in s.completed)
            for place in self._content.places:
                if n.stacks[place.index - 1] is not None:
                    continue
                pays = place.category == "per_round" or (
                    place.category == "mission" and succeeded)
                if pays and self._effect(name, place.effect, f"place:{place.index}"):
                    return
        for name in order:
            n = s.nations[name]
            for i, stack in enumerate(n.stacks):
                if stack is None:
                    continue
                if stack.fate in ("won", "obstructed"):
                    n.discard.append(stack.card)
                    if stack.cover is not None:
                        n.discard.append(stack.cover)
                    n.stacks[i] = None
                elif stack.fate is not None:
                    self._changing_stack(name, i + 1).fate = None
            n.influence = n.bluff = 0
            drawn = 0
            while len(n.hand) < board.start["hand_size"]:
                if not n.deck:
                    if not n.discard:
                        break
                    n.deck.extend(n.discard)
                    n.discard.clear()
                    s.rng.shuffle(n.deck)
                n.hand.append(n.deck.pop())
                drawn += 1
            income = max(0, n.budget)
            n.money += income
            self._emit("income", nation=name, money=income, drawn=drawn)
        s.evaluator = None
        s.first = other(s.first)
        self._begin_round()


@cache
def _sorted_decks() -> dict[str, tuple[str, ...]]:
    """Every draw pile's cards in id order, before the setup shuffles them: "M1".."M3"
    (Missions by level), "R0".."R3" (Risks by level), and "S", "E", "C", "P" (tiles)."""
    content = load_content()
    decks = {f"M{lv}": tuple(sorted(m.id for m in content.missions.values() if m.level == lv))
             for lv in (1, 2, 3)}
    decks.update({f"R{lv}": tuple(sorted(r.id for r in content.risks.values()
                                         if r.level == lv)) for lv in range(4)})
    decks.update({d: tuple(sorted(t.id for t in content.tiles.values() if t.deck == d))
                  for d in TECH_DECKS})
    return decks


_HANDLERS: dict[type[Action], Any] = {
    cls: getattr(Game, f"_do_{kind}") for kind, cls in A.ACTION_TYPES.items()}


def new_game(seed: int, *, players: int = 2, ruleset: str = "v0.10.4",
             pair: str = "USA") -> Game:
    """Set up a new game.

    ``players`` is 2 (each player holds a whole nation), 3 (``pair`` is the nation played by
    two people) or 4 (one seat each). ``ruleset`` is ``"v0.10.4"`` or ``"preview"``.
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError("seed must be an integer")
    if players not in (2, 3, 4):
        raise ValueError("players must be 2, 3 or 4")
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; choose one of {', '.join(RULESETS)}")
    if pair not in NATIONS:
        raise ValueError("pair must be 'USA' or 'USSR'")
    content = load_content()
    rules = content.rulesets[ruleset]
    board = content.board
    rng = Rng(seed)
    s = State(ruleset, players, pair if players == 3 else None, rng)

    def shuffled(ids: tuple[str, ...]) -> Pile:
        cards = list(ids)
        rng.shuffle(cards)
        return tuple(cards)

    decks = _sorted_decks()
    for level in (1, 2, 3):
        s.mission_decks[level] = shuffled(decks[f"M{level}"])
    if rules.moon == "deck":
        s.mission_decks[4] = (MOON,)
    for level in range(4):
        s.risk_decks[level] = shuffled(decks[f"R{level}"])
        s.risk_discards[level] = ()
    for deck in TECH_DECKS:
        # The preview rules have no Payload tiles.
        s.tile_decks[deck] = shuffled(decks[deck] if deck != "P" or rules.payload_tiles
                                      else ())
    s.module_deck = sorted(content.modules)
    rng.shuffle(s.module_deck)
    s.module_row = [s.module_deck.pop() for _ in range(board.module_row)]

    for name in NATIONS:
        n = Nation(name)
        n.popularity = board.start["popularity"]
        n.budget = board.start["budget"]
        n.money = board.start["money"]
        n.deck = sorted(f"{name}:{key}" for key in content.maneuvers)
        rng.shuffle(n.deck)
        n.hand = [n.deck.pop() for _ in range(board.start["hand_size"])]
        n.blueprint = [None] * (board.rows * board.cols)
        n.modules = [None] * board.module_slots
        n.suppliers = [None] * len(board.supplier_prices)
        n.suppliers[0] = f"M:{s.module_deck.pop()}"
        for deck in ("S", "E", "C"):
            n.line[deck] = _draw(s.tile_decks, deck)
        s.nations[name] = n

    game = Game(s, seed, [])
    for mission in sorted(m.id for m in content.missions.values() if m.level == 0):
        risks = tuple(game._draw_risk(level) for level in content.missions[mission].risks)
        s.active.append((mission, risks))
        for risk in risks:
            s.tests[risk] = (0, 0)
    if rules.moon == "display":
        for name in NATIONS:
            n = s.nations[name]
            n.moon_path = [game._draw_risk(level) for level in content.missions[MOON].risks]
            n.moon_up = [False] * len(n.moon_path)
    game._begin_round()
    game._events = []
    assert geometry().size == board.rows * board.cols
    return game
