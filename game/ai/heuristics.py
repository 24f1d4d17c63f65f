"""Shared judgement for the computer players: values of effects, rocket strength, plans.

Everything here reads a :class:`Game` that is a *determinization* of the seat's view, and only
looks at what that seat could see (its own secrets, public facts): the sampled hidden parts
are never consulted, so the numbers are the same for every determinization of one view. The
cards, tiles and board numbers are those of the game's own content (``game.content``), passed
on where only numbers are given.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.blueprint import module_satisfied, placeable_cells, rocket_parameters
from ..core.content import Content, Effect
from ..core.names import NationId
from ..core.state import Nation
from ..engine import Game
from ..rules.position import has_payload
from .pathodds import PathOdds, best_split_probability_by_id, content_key

WIN = 40.0  # value of winning the game, in Popularity points


def strength(content: Content, s: int, e: int, c: int, adapt: int, sabotage: int = 0
             ) -> tuple[float, ...]:
    """Mean one-card pass chance (with one Test token) against each of ``content``'s risk
    levels 0..3 (remembered)."""
    key = (content_key(content), s, e, c, adapt, sabotage)
    found = _STRENGTHS.get(key)
    if found is None:
        out = []
        for level in range(4):
            risks = [r for r in content.risks.values() if r.level == level]
            total = 0.0
            for risk in risks:
                total += best_split_probability_by_id(content, [risk.id], [1], (s, e, c), adapt,
                                                      sabotage, 1)
            out.append(total / len(risks))
        found = _STRENGTHS[key] = tuple(out)
    return found


_STRENGTHS: dict[tuple[int, ...], tuple[float, ...]] = {}


def rocket_score(content: Content, params: Sequence[int], stage: int) -> float:
    """How good a rocket is for a nation at ``stage`` (0: beginning .. 3: Moon-ready), against
    ``content``'s risks."""
    st = strength(content, params[0], params[1], params[2], params[3])
    weights = ((1.0, 1.0, 0.3, 0.1), (0.3, 1.0, 1.0, 0.4), (0.1, 0.4, 1.0, 1.0),
               (0.0, 0.2, 0.6, 1.5))[min(stage, 3)]
    base = sum(w * v for w, v in zip(weights, st, strict=True))
    return base + 0.01 * (params[0] + params[1] + params[2] + 1.5 * params[3]) + \
        0.01 * min(params[0], params[1], params[2])


def stage_of(game: Game, nation: NationId) -> int:
    """Highest Mission level this nation completed, capped at 3 (0 if none)."""
    missions = game.content.missions
    done = [missions[m].level for m, nat, _ in game.state.completed if nat == nation]
    best = max(done, default=-1) + 1
    gate = any(missions[m].level == 3 for m, _, _ in game.state.completed)
    return 3 if gate else max(0, min(3, best))


def pop_value(popularity: int) -> float:
    """Worth of one Popularity point: more when the nation is close to losing."""
    if popularity <= 2:
        return 3.0
    if popularity <= 4:
        return 1.8
    if popularity <= 6:
        return 1.3
    return 1.0


MONEY_PER_POINT = 7.0  # money medium trades for one Popularity point


def effect_value(content: Content, effect: Effect, own: Nation, rival: Nation,
                 rounds_left: float = 6.0, money_per_point: float = MONEY_PER_POINT) -> float:
    """An effect's worth for ``own`` in Popularity points (Popularity capped by ``content``'s
    board)."""
    top = content.board.popularity_max
    gain = min(effect.popularity, top - own.popularity)
    v = gain * pop_value(own.popularity)
    budget_w = 0.25 + 0.06 * rounds_left
    v += effect.budget * budget_w
    v -= effect.opponent_budget * budget_w
    v += effect.money / money_per_point
    v -= effect.opponent_popularity * 0.8 * pop_value(rival.popularity)
    v += effect.sabotage * 0.6
    v += min(effect.remove_sabotage, own.sabotage) * 1.5
    v += effect.test_steal * 0.4 + effect.tech_steal * 0.9 + effect.free_research * 1.3
    return v


def payload_cells(game: Game, nation: NationId) -> list[int]:
    """Blueprint cells holding a Payload tile with no marker yet."""
    n = game.state.nations[nation]
    tiles = game.content.tiles
    return [i for i, cell in enumerate(n.blueprint) if cell is not None
            and tiles[cell[0]].deck == "P" and i not in n.payloads]


def has_payload_tile(content: Content, n: Nation) -> bool:
    return any(c is not None and content.tiles[c[0]].deck == "P" for c in n.blueprint)


def payload_ready(game: Game, nation: NationId, mission: str) -> bool:
    content = game.content
    required = content.missions[mission].payload
    if required == "none":
        return True
    state = game.state
    return has_payload(content.rulesets[state.ruleset], state.nations[nation], mission, required)


def prep_plan(game: Game, nation: NationId, mission: str, money: int | None = None,
              max_tests: int = 8) -> tuple[float, int, dict[str, int], bool]:
    """What the Engineer can still do for a launch this round.

    Returns (odds after a greedy plan, money it spends, tests per risk, payload possible).
    """
    n = game.state.nations[nation]
    cash = n.money if money is None else money
    content = game.content
    required = content.missions[mission].payload
    rules = content.rulesets[game.state.ruleset]
    spent = 0
    if required != "none" and not payload_ready(game, nation, mission):
        cost = content.board.payload_costs[required]
        if rules.payload_tiles:
            if payload_cells(game, nation) and cash >= cost:
                spent += cost
            elif game.state.tile_decks.get("P") and cash >= cost + 10:
                spent += cost + 10
            else:
                return 0.0, 0, {}, False
        else:
            if cash < cost:
                return 0.0, 0, {}, False
            spent += cost
    path = PathOdds(game, nation, mission)
    test_cost = content.board.costs["test"]
    odds, bought, extra = path.test_plan(cash - spent, test_cost, max_tests)
    return odds, spent + bought * test_cost, extra, True


_PLACEMENTS: dict[tuple[object, ...], tuple[float, int, int]] = {}


def best_placement(game: Game, nation: NationId, tile: str, stage: int,
                   modules: Sequence[str | None] | None = None
                   ) -> tuple[float, int, int]:
    """(score after the best placement, cell, rotation) for putting ``tile`` on the rocket.

    Memoized on everything the answer depends on (blueprint, Modules, ordered Modules,
    payload markers, tile, stage, the content): the search replays the same Engineer states
    many times.
    """
    n = game.state.nations[nation]
    key = (tuple(n.blueprint), tuple(n.modules if modules is None else modules),
           tuple(n.suppliers), tuple(sorted(n.payloads)), tile, stage,
           content_key(game.content))
    found = _PLACEMENTS.get(key)
    if found is None:
        if len(_PLACEMENTS) >= 20_000:  # a few MB at most (the web build too)
            _PLACEMENTS.clear()
        found = _PLACEMENTS[key] = _best_placement(game, nation, tile, stage, modules)
    return found


def _best_placement(game: Game, nation: NationId, tile: str, stage: int,
                    modules: Sequence[str | None] | None = None
                    ) -> tuple[float, int, int]:

    n = game.state.nations[nation]
    content = game.content
    tiles = content.tiles
    cells = n.blueprint[:]
    mods = n.modules if modules is None else modules
    wanted = _wanted_modules(n)
    best = (-1e9, 0, 0)
    is_payload = tiles[tile].deck == "P"
    has_p = has_payload_tile(content, n)
    for cell in placeable_cells(n.blueprint):
        before = cells[cell]
        if before is not None and tiles[before[0]].deck == "P" and not is_payload:
            covering_payload = True
        else:
            covering_payload = False
        seen_edges: set[tuple[str, ...]] = set()
        for rotation in range(4):
            edges = tiles[tile].edges_at(rotation)
            if edges in seen_edges:
                continue
            seen_edges.add(edges)
            cells[cell] = (tile, rotation)
            params = rocket_parameters(cells, mods, content)
            score = rocket_score(content, params, stage)
            score += 0.002 * _open_edges(content, cells, cell)
            if before is not None:
                score -= 0.01  # a covered tile is lost for good
                if cell in n.payloads:
                    score -= 1.0  # and so is its payload marker
            if covering_payload and sum(
                    1 for c in cells if c is not None and tiles[c[0]].deck == "P") == 0:
                score -= 0.5
            if is_payload and not has_p:
                score += 0.0
            for module in wanted:
                if module_satisfied(content.modules[module], cells, content):
                    score += 0.02
            if score > best[0]:
                best = (score, cell, rotation)
        cells[cell] = before
    return best


def _wanted_modules(n: Nation) -> list[str]:
    return [item[2:] for item in n.suppliers if item is not None and item.startswith("M:")]


def _open_edges(content: Content, cells: Sequence[tuple[str, int] | None], cell: int) -> int:
    """How many edges of the tile at ``cell`` face an empty cell of ``content``'s blueprint."""
    board = content.board
    here = cells[cell]
    assert here is not None
    edges = content.tiles[here[0]].edges_at(here[1])
    r, c = divmod(cell, board.cols)
    count = 0
    for edge, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
        rr, cc = r + dr, c + dc
        if 0 <= rr < board.rows and 0 <= cc < board.cols and cells[rr * board.cols + cc] is None \
                and edges[edge] != "-":
            count += 1
    return count


def current_score(game: Game, nation: NationId, stage: int) -> float:
    return rocket_score(game.content, game.parameters(nation), stage)
