"""What a nation's Engineer can still make of a launch this round, from what both nations see.

A hint for a launch decision under 10% says what would raise it (issue 40): the payload the
Mission needs, a Development-line tile at its best place, and the Tests that raise the odds
most, bought greedily while the Engineer's money lasts. Everything here is public: the
blueprint, the money, the line, the Risk cards and their Test tokens. Modules ordered now
arrive after the launches, and a Research draw is hidden, so neither counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.blueprint import rocket_parameters
from ..core.names import NationId
from ..engine import Game
from ..rules.odds import launch_odds
from .heuristics import best_placement, payload_cells, payload_ready, stage_of
from .pathodds import PathOdds

MAX_TESTS = 8  # the most Tests a plan buys (more never pays at these odds)


@dataclass(frozen=True, slots=True)
class Reach:
    """The best odds found and the steps that reach them, in order: ``payload:<kind>`` (a
    payload marker bought), ``tile:<deck>`` (the line tile of that deck installed at its best
    place), ``tests:<count>``."""

    odds: float
    steps: tuple[str, ...]


def reach(game: Game, nation: NationId, mission: str) -> Reach:
    """The best chance ``nation``'s Engineer can give a launch toward ``mission`` this round
    (the rocket as it stands when the Engineer has passed or cannot pay anything)."""
    n = game.state.nations[nation]
    now = Reach(launch_odds(game, nation, mission), ())
    if n.engineer_passed or game.is_over:
        return now
    content = game.content
    costs = content.board.costs
    payload: tuple[str, ...] = ()
    spent = 0
    required = content.missions[mission].payload
    if required != "none" and not payload_ready(game, nation, mission):
        cost = content.board.payload_costs[required]
        needs_tile = (content.rulesets[game.state.ruleset].payload_tiles
                      and not payload_cells(game, nation))
        if needs_tile or n.money < cost:
            return now  # no place for the marker (a Payload tile is a hidden draw) or no money
        payload, spent = (f"payload:{required}",), cost
    plans = [(game.parameters(nation), spent, payload)]
    stage = stage_of(game, nation)
    for deck in ("S", "E", "C"):
        tile = n.line.get(deck)
        if tile and n.money - spent >= costs["line"]:
            _, cell, rotation = best_placement(game, nation, tile, stage)
            cells = list(n.blueprint)
            cells[cell] = (tile, rotation)
            plans.append((rocket_parameters(cells, n.modules, content), spent + costs["line"],
                          (*payload, f"tile:{deck}")))
    best = now
    for params, used, steps in plans:
        odds, bought, _ = PathOdds(game, nation, mission, params).test_plan(
            n.money - used, costs["test"], MAX_TESTS)
        if odds > best.odds + 1e-9:
            best = Reach(odds, (*steps, f"tests:{bought}") if bought else steps)
    return best
