"""Shared judgement for the computer players: values of effects, rocket strength, odds.

Everything here reads a :class:`Game` that is a *determinization* of the seat's view, and only
looks at what that seat could see (its own secrets, public facts): the sampled hidden parts
are never consulted, so the numbers are the same for every determinization of one view.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from ..blueprint import (
    edges_of,
    geometry,
    module_satisfied,
    placeable_cells,
    rocket_parameters,
)
from ..content import MOON, NATIONS, Effect, Risk, load_content
from ..engine import Game
from ..odds import splits
from ..state import Nation

CONTENT = load_content()
RISKS_BY_LEVEL: dict[int, list[Risk]] = {
    lv: [r for r in CONTENT.risks.values() if r.level == lv] for lv in range(4)}
WIN = 40.0  # value of winning the game, in Popularity points


def other(nation: str) -> str:
    return "USSR" if nation == "USA" else "USA"


@cache
def _pass_count(risk_id: str, sabotage: int, tests: int, bonus: int,
                s: int, e: int, c: int) -> int:
    """Die faces (out of 8) on which the rocket survives the risk."""
    risk = CONTENT.risks[risk_id]
    wins = 0
    for die in range(1, 9):
        value = die - sabotage
        if value <= 0:
            continue
        value += tests * bonus
        for index, rr in enumerate(risk.ranges):
            if value <= rr.high or index == 2:
                lo = rr.minimum
                if s >= lo[0] and e >= lo[1] and c >= lo[2]:
                    wins += 1
                break
    return wins


def pass_prob(risk_id: str, sabotage: int, tests: int, bonus: int,
              params: Sequence[int]) -> float:
    return _pass_count(risk_id, sabotage, tests, bonus, params[0], params[1], params[2]) / 8


def path_odds(risks: Sequence[str], tests: Sequence[int], params: Sequence[int],
              adapt: int, sabotage: int, bonus: int) -> float:
    """Chance of passing every risk, with the best Adaptivity split."""
    best = 0.0
    for split in splits(adapt):
        p = (params[0] + split[0], params[1] + split[1], params[2] + split[2])
        chance = 1.0
        for risk, count in zip(risks, tests, strict=True):
            chance *= pass_prob(risk, sabotage, count, bonus, p)
            if chance == 0.0:
                break
        best = max(best, chance)
        if best >= 1.0:
            break
    return best


_ODDS: dict[tuple[object, ...], float] = {}
_ODDS_MAX = 20_000


def hidden_path_odds(known: Sequence[str], tests: Sequence[int], hidden: int,
                     pool: Sequence[str], params: Sequence[int], adapt: int, sabotage: int,
                     bonus: int) -> float:
    """Like :func:`path_odds` plus ``hidden`` cards drawn from ``pool`` (averaged).

    Memoized: a decision weighs the same paths with the same rocket many times over."""
    key = (tuple(known), tuple(tests), hidden, tuple(pool), params[0], params[1], params[2],
           adapt, sabotage, bonus)
    found = _ODDS.get(key)
    if found is None:
        if len(_ODDS) >= _ODDS_MAX:
            _ODDS.clear()
        found = _ODDS[key] = _hidden_path_odds(known, tests, hidden, pool, params, adapt,
                                               sabotage, bonus)
    return found


def _hidden_path_odds(known: Sequence[str], tests: Sequence[int], hidden: int,
                      pool: Sequence[str], params: Sequence[int], adapt: int, sabotage: int,
                      bonus: int) -> float:
    if hidden == 0:
        return path_odds(known, tests, params, adapt, sabotage, bonus)
    if len(pool) < hidden:
        return 0.0
    total = 0.0
    count = 0
    for chosen in combinations(pool, hidden):
        total += path_odds([*known, *chosen], [*tests, *([0] * hidden)], params, adapt,
                           sabotage, bonus)
        count += 1
    return total / count


@cache
def strength(s: int, e: int, c: int, adapt: int, sabotage: int = 0) -> tuple[float, ...]:
    """Mean one-card pass chance (with one Test token) against each risk level 0..3."""
    out = []
    for level in range(4):
        risks = RISKS_BY_LEVEL[level]
        total = 0.0
        for risk in risks:
            total += path_odds([risk.id], [1], (s, e, c), adapt, sabotage, 1)
        out.append(total / len(risks))
    return tuple(out)


def rocket_score(params: Sequence[int], stage: int) -> float:
    """How good a rocket is for a nation at ``stage`` (0: beginning .. 3: Moon-ready)."""
    st = strength(params[0], params[1], params[2], params[3])
    weights = ((1.0, 1.0, 0.3, 0.1), (0.3, 1.0, 1.0, 0.4), (0.1, 0.4, 1.0, 1.0),
               (0.0, 0.2, 0.6, 1.5))[min(stage, 3)]
    base = sum(w * v for w, v in zip(weights, st, strict=True))
    return base + 0.01 * (params[0] + params[1] + params[2] + 1.5 * params[3]) + \
        0.01 * min(params[0], params[1], params[2])


def stage_of(game: Game, nation: str) -> int:
    """Highest Mission level this nation completed, capped at 3 (0 if none)."""
    done = [CONTENT.missions[m].level for m, nat, _ in game.state.completed if nat == nation]
    best = max(done, default=-1) + 1
    gate = any(CONTENT.missions[m].level == 3 for m, _, _ in game.state.completed)
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


def effect_value(effect: Effect, own: Nation, rival: Nation, rounds_left: float = 6.0,
                 money_per_point: float = MONEY_PER_POINT) -> float:
    """An effect's worth for ``own`` in Popularity points."""
    top = CONTENT.board.popularity_max
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


def payload_cells(game: Game, nation: str) -> list[int]:
    """Blueprint cells holding a Payload tile with no marker yet."""
    n = game.state.nations[nation]
    tiles = CONTENT.tiles
    return [i for i, cell in enumerate(n.blueprint) if cell is not None
            and tiles[cell[0]].deck == "P" and i not in n.payloads]


def has_payload_tile(n: Nation) -> bool:
    return any(c is not None and CONTENT.tiles[c[0]].deck == "P" for c in n.blueprint)


def mission_path(game: Game, nation: str, mission: str) -> tuple[list[str], list[int], int,
                                                                 list[str]]:
    """(known risks, own tests on them, hidden count, pool of possible hidden risks)."""
    s = game.state
    index = NATIONS.index(nation)
    rules = CONTENT.rulesets[s.ruleset]
    n = s.nations[nation]
    if mission == MOON and rules.moon == "display":
        known = [r for r, up in zip(n.moon_path, n.moon_up, strict=True) if up]
        hidden = len(n.moon_path) - len(known)
        pool: list[str] = []
        if hidden:
            seen = {r for _, path in s.active for r in path}
            for name in NATIONS:
                m = s.nations[name]
                seen.update(r for r, up in zip(m.moon_path, m.moon_up, strict=True) if up)
            seen.update(r for pile in s.risk_discards.values() for r in pile)
            pool = [r.id for r in RISKS_BY_LEVEL[3] if r.id not in seen]
        return known, [s.tests.get(r, (0, 0))[index] for r in known], hidden, pool
    for active, risks in s.active:  # a loop, not dict(s.active): this runs per rollout step
        if active == mission:
            path = list(risks)
            break
    else:
        path = []
    tests = s.tests
    return path, [tests[r][index] if r in tests else 0 for r in path], 0, []


def raw_odds(game: Game, nation: str, mission: str, extra: dict[str, int] | None = None,
             params: Sequence[int] | None = None, sabotage: int | None = None) -> float:
    """Chance to pass the path (payload ignored), with ``extra`` Test tokens."""
    known, tests, hidden, pool = mission_path(game, nation, mission)
    if extra:
        tests = [t + extra.get(r, 0) for r, t in zip(known, tests, strict=True)]
    n = game.state.nations[nation]
    p = params if params is not None else game.parameters(nation)
    sab = n.sabotage if sabotage is None else sabotage
    bonus = CONTENT.rulesets[game.state.ruleset].test_bonus
    if hidden and len(pool) > 9:
        pool = pool[:9]  # keeps the average cheap; pool order is content order, not hidden
    return hidden_path_odds(known, tests, hidden, pool, p[:3], p[3], sab, bonus)


def payload_ready(game: Game, nation: str, mission: str) -> bool:
    required = CONTENT.missions[mission].payload
    if required == "none":
        return True
    return game._has_payload(game.state.nations[nation], mission, required)


def prep_plan(game: Game, nation: str, mission: str, money: int | None = None,
              max_tests: int = 8) -> tuple[float, int, dict[str, int], bool]:
    """What the Engineer can still do for a launch this round.

    Returns (odds after a greedy plan, money it spends, tests per risk, payload possible).
    """
    n = game.state.nations[nation]
    cash = n.money if money is None else money
    required = CONTENT.missions[mission].payload
    rules = CONTENT.rulesets[game.state.ruleset]
    spent = 0
    if required != "none" and not payload_ready(game, nation, mission):
        cost = CONTENT.board.payload_costs[required]
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
    extra: dict[str, int] = {}
    odds = raw_odds(game, nation, mission)
    known = mission_path(game, nation, mission)[0]
    test_cost = CONTENT.board.costs["test"]
    for _ in range(max_tests):
        if cash - spent < test_cost or not known:
            break
        best_gain, best_risk = 0.0, ""
        for risk in known:
            extra[risk] = extra.get(risk, 0) + 1
            gain = raw_odds(game, nation, mission, extra) - odds
            extra[risk] -= 1
            if gain > best_gain + 1e-9:
                best_gain, best_risk = gain, risk
        if best_gain < 0.03:
            break
        extra[best_risk] = extra.get(best_risk, 0) + 1
        odds += best_gain
        spent += test_cost
    return odds, spent, {k: v for k, v in extra.items() if v}, True


_PLACEMENTS: dict[tuple[object, ...], tuple[float, int, int]] = {}


def best_placement(game: Game, nation: str, tile: str, stage: int,
                   modules: Sequence[str | None] | None = None
                   ) -> tuple[float, int, int]:
    """(score after the best placement, cell, rotation) for putting ``tile`` on the rocket.

    Memoized on everything the answer depends on (blueprint, Modules, ordered Modules,
    payload markers, tile, stage): the search replays the same Engineer states many times.
    """
    n = game.state.nations[nation]
    key = (tuple(n.blueprint), tuple(n.modules if modules is None else modules),
           tuple(n.suppliers), tuple(sorted(n.payloads)), tile, stage)
    found = _PLACEMENTS.get(key)
    if found is None:
        if len(_PLACEMENTS) >= 20_000:  # a few MB at most (the web build too)
            _PLACEMENTS.clear()
        found = _PLACEMENTS[key] = _best_placement(game, nation, tile, stage, modules)
    return found


def _best_placement(game: Game, nation: str, tile: str, stage: int,
                    modules: Sequence[str | None] | None = None
                    ) -> tuple[float, int, int]:

    n = game.state.nations[nation]
    cells = n.blueprint[:]
    mods = n.modules if modules is None else modules
    wanted = _wanted_modules(n)
    best = (-1e9, 0, 0)
    is_payload = CONTENT.tiles[tile].deck == "P"
    has_p = has_payload_tile(n)
    for cell in placeable_cells(n.blueprint):
        before = cells[cell]
        if before is not None and CONTENT.tiles[before[0]].deck == "P" and not is_payload:
            covering_payload = True
        else:
            covering_payload = False
        seen_edges: set[tuple[str, ...]] = set()
        for rotation in range(4):
            edges = CONTENT.tiles[tile].edges_at(rotation)
            if edges in seen_edges:
                continue
            seen_edges.add(edges)
            cells[cell] = (tile, rotation)
            params = rocket_parameters(cells, mods, CONTENT)
            score = rocket_score(params, stage)
            score += 0.002 * _open_edges(cells, cell)
            if before is not None:
                score -= 0.01  # a covered tile is lost for good
                if cell in n.payloads:
                    score -= 1.0  # and so is its payload marker
            if covering_payload and sum(
                    1 for c in cells if c is not None and CONTENT.tiles[c[0]].deck == "P") == 0:
                score -= 0.5
            if is_payload and not has_p:
                score += 0.0
            for module in wanted:
                if module_satisfied(CONTENT.modules[module], cells, CONTENT):
                    score += 0.02
            if score > best[0]:
                best = (score, cell, rotation)
        cells[cell] = before
    return best


def _wanted_modules(n: Nation) -> list[str]:
    return [item[2:] for item in n.suppliers if item is not None and item.startswith("M:")]


def _open_edges(cells: Sequence[tuple[str, int] | None], cell: int) -> int:

    geo = geometry()
    here = cells[cell]
    assert here is not None
    edges = edges_of(here)
    r, c = divmod(cell, geo.cols)
    count = 0
    for edge, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
        rr, cc = r + dr, c + dc
        if 0 <= rr < geo.rows and 0 <= cc < geo.cols and cells[rr * geo.cols + cc] is None \
                and edges[edge] != "-":
            count += 1
    return count


def current_score(game: Game, nation: str, stage: int) -> float:
    return rocket_score(game.parameters(nation), stage)
