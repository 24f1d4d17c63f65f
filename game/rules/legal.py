"""Every legal action of a seat in a position, and why an action is refused.

This is the single source of truth for what is allowed: :meth:`game.Game.apply` accepts
exactly the actions listed here (and explains refusals with :func:`explain`), so the rules are
written once. The lists are rebuilt after every move, so they are assembled from shared,
cached action instances.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..core import actions as A
from ..core.actions import Action
from ..core.blueprint import placeable_cells
from ..core.content import MOON, PAYLOADS, TECH_DECKS, TOKEN_KINDS
from ..core.dice import splits
from ..core.names import NATIONS, NationId, Seat
from ..core.state import Nation, State
from .position import Position
from .terms import PLACES, other, split_seat


@cache
def _act(cls: type[Action], *args: Any) -> Action:
    """One shared instance per distinct action: legal-action lists are rebuilt after every
    move, and a cached frozen action costs a dictionary lookup instead of a construction."""
    return cls(*args)


# Actions every Engineer list may hold, built once (``_act`` would share them too, but a call
# into its cache is dear in WebAssembly and these lists are rebuilt after every move).
_TAKE_FROM_LINE = {d: _act(A.TakeFromLine, d) for d in "SEC"}
_LINE_TO_SUPPLIERS = {d: _act(A.LineToSuppliers, d) for d in "SEC"}
_PASS_ENGINEER = _act(A.PassEngineer)

_KINDS = {(True, True): TOKEN_KINDS, (True, False): ("influence",),
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


def politician_actions(p: Position, nation: NationId) -> list[Action]:
    """The legal actions of ``nation``'s Politician, whose moment it is."""
    s = p.state
    n = s.nations[nation]
    if s.phase == "discussion":
        return [_act(A.EndDiscussion)]
    if s.phase == "maneuvers":
        empty = [place for place in PLACES if n.stacks[place - 1] is None]
        found: list[Action] = [_act(A.PlayManeuver, card, place)
                               for card in sorted(set(n.hand)) for place in empty]
        found.append(_act(A.PassManeuvers))
        return found
    if s.phase == "politics":
        return _politics_actions(p, nation, n)
    if s.phase == "launches" and s.decision is not None:
        _, _, mission = s.decision
        found = [_act(A.ClaimReward)]
        found.extend(_act(A.ExploreMoon, slot) for slot in p.explorable(n, mission))
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


def _politics_actions(p: Position, nation: NationId, n: Nation) -> list[Action]:
    s = p.state
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
    if sum(m != MOON for m, _ in s.active) < p.content.board.active_missions:
        found.extend(_act(A.AnnounceMission, level) for level in sorted(s.mission_decks)
                     if s.mission_decks[level] and level < 4)
    if s.mission_decks.get(4) and moon_gate_open(p):
        found.append(_act(A.AnnounceMission, 4))
    if not n.raised:
        found.extend(_raises(n.popularity))
    found.extend(_act(A.Launch, mission) for mission, _ in s.active)
    if p.rules.moon == "display" and moon_gate_open(p):
        found.append(_act(A.Launch, MOON))
    found.append(_act(A.Abort))
    return found


def engineer_actions(p: Position, nation: NationId) -> list[Action]:
    """The legal actions of ``nation``'s Engineer, whose moment it is."""
    s = p.state
    n = s.nations[nation]
    if s.phase == "discussion" and not n.discussed:
        return [_act(A.EndDiscussion)]
    if n.pending is not None:
        return _pending_actions(p, n)
    if s.phase == "launches":
        if s.decision is not None and s.decision[0] == "adapt":
            adapt = p.parameters(nation)[3]
            return [_act(A.SetAdaptivity, *split) for split in splits(adapt)]
        return []
    # The order is the legal list's order, which the AIs' choices follow: tiles, suppliers,
    # tests and sabotage, payloads, steals, and the pass last.
    found = _tile_actions(p, n)
    found += _supplier_actions(p, n)
    found += _upkeep_actions(p, nation, n)
    found += _payload_actions(p, n)
    found += _steal_actions(s, s.nations[other(nation)], n)
    found.append(_PASS_ENGINEER)
    return found


# Plain loops rather than generators below: they run after every Engineer move.

def _tile_actions(p: Position, n: Nation) -> list[Action]:
    """Taking a tile: from the line, by Research, or from the Research pile."""
    costs = p.content.board.costs
    money = n.money
    found: list[Action] = [_TAKE_FROM_LINE[d] for d in "SEC" if n.line.get(d)] \
        if money >= costs["line"] else []
    if money >= costs["research"] or n.free_research:
        piles = p.state.tile_decks
        found.extend(_research_actions(tuple([
            (d, len(piles[d]) >= 2) for d in TECH_DECKS
            if piles[d] and (d != "P" or p.rules.payload_tiles)])))
    if p.state.research_pile and money >= costs["pile"]:
        found.append(_act(A.TakeFromPile))
    return found


def _supplier_actions(p: Position, n: Nation) -> list[Action]:
    """A line's tile moved to the Suppliers, and Modules ordered into free spaces."""
    found: list[Action] = []
    if n.suppliers[0] is None:
        found += [_LINE_TO_SUPPLIERS[d] for d in "SEC" if n.line.get(d)]
    prices = p.content.board.supplier_prices
    free_spaces = [i for i, item in enumerate(n.suppliers) if item is None and
                   prices[i] <= n.money]
    if free_spaces:
        found.extend(_order_actions(tuple(p.state.module_row), tuple(free_spaces)))
    return found


def _upkeep_actions(p: Position, nation: NationId, n: Nation) -> list[Action]:
    """Testing a Risk and removing Sabotage."""
    costs = p.content.board.costs
    found: list[Action] = []
    if n.money >= costs["test"]:
        found.extend(_test_actions(testable_risks(p, nation)))
    for x in range(1, n.sabotage + 1):
        if n.money >= costs["anti_sabotage_base"] + x:
            found.append(_act(A.RemoveSabotage, x))
    return found


def _payload_actions(p: Position, n: Nation) -> list[Action]:
    """Loading a payload onto a Payload tile (v0.10.4), or booking one onto a Mission."""
    payload_costs = p.content.board.payload_costs
    affordable = [payload for payload in PAYLOADS if payload_costs[payload] <= n.money]
    if not affordable:
        return []
    found: list[Action] = []
    if p.rules.payload_tiles:
        cols = p.content.board.cols
        tiles = p.content.tiles
        for cell, placed in enumerate(n.blueprint):
            if placed is not None and cell not in n.payloads and tiles[placed[0]].deck == "P":
                found.extend(_act(A.LoadPayload, payload, cell // cols, cell % cols)
                             for payload in affordable)
        return found
    booked = {m for m, _ in n.booked}
    for mission, _ in p.state.active:
        needed = p.content.missions[mission].payload
        if mission not in booked and needed in affordable:
            found.append(_act(A.BookPayload, needed, mission))
    return found


def _steal_actions(s: State, opponent: Nation, n: Nation) -> list[Action]:
    """A Test Steal or a Tech Steal, while the nation holds one."""
    found: list[Action] = []
    if n.test_steal:
        found.extend(_act(A.StealTest, risk) for risk, counts in sorted(s.tests.items())
                     if counts[NATIONS.index(opponent.name)] > 0)
    if n.tech_steal:
        found.extend(_act(A.StealTech, d) for d in "SEC" if opponent.line.get(d))
    return found


def _pending_actions(p: Position, n: Nation) -> list[Action]:
    assert n.pending is not None
    what = n.pending[0]
    if what == "keep":
        return [_act(A.KeepTile, 0), _act(A.KeepTile, 1)]
    if what == "module":
        return [_act(A.InstallModule, slot) for slot in range(len(n.modules))]
    return list(_placements(tuple(placeable_cells(n.blueprint)), p.content.board.cols))


def testable_risks(p: Position, nation: NationId) -> tuple[str, ...]:
    """The risks on active Missions' paths, then the nation's face-up Moon risks."""
    n = p.state.nations[nation]
    return (*[risk for _, path in p.state.active for risk in path],
            *[r for r, up in zip(n.moon_path, n.moon_up, strict=True) if up])


def moon_gate_open(p: Position) -> bool:
    """Whether a level-3 Mission has been completed (the Moon may be announced or launched)."""
    missions = p.content.missions
    return any(missions[m].level == 3 for m, _, _ in p.state.completed)


def explain(p: Position, seat: Seat, action: Action, acting: list[Seat],
            legal: list[Action]) -> str:
    """Why ``action`` by ``seat`` is refused, in words a player understands (``acting``: the
    seats that may act now; ``legal``: the seat's legal actions)."""
    s = p.state
    nation, role = split_seat(seat)
    n = s.nations[nation]
    if s.phase == "over":
        return "The game is over."
    if seat not in acting:
        waiting = ", ".join(acting)
        return f"It is not {nation} {role}'s moment to act (waiting for {waiting})."
    costs = p.content.board.costs
    need = {"take_from_line": costs["line"], "take_from_pile": costs["pile"],
            "test": costs["test"]}.get(action.kind)
    if action.kind == "research" and not n.free_research:
        need = costs["research"]
    if isinstance(action, A.RemoveSabotage):
        need = costs["anti_sabotage_base"] + action.count
    if isinstance(action, A.OrderModule) and 0 <= action.space < len(n.suppliers):
        need = p.content.board.supplier_prices[action.space]
    if isinstance(action, A.LoadPayload | A.BookPayload) and action.payload in PAYLOADS:
        need = p.content.board.payload_costs[action.payload]
    if need is not None and n.money < need and role == "engineer":
        return f"That costs {need} money; {nation} has {n.money}."
    if isinstance(action, A.PlaceTile) and n.pending and n.pending[0] == "place":
        return ("A tile must go on an installed tile or on an empty space next to one, "
                "inside the blueprint, with a rotation of 0-3.")
    if action.kind in ("launch", "announce_mission") and s.phase == "politics":
        return "That Mission is not available (not active, deck empty, or not yet allowed)."
    kinds = sorted({a.kind for a in legal})
    return (f"{action.describe()} is not allowed now. "
            f"Allowed kinds of action: {', '.join(kinds)}.")
