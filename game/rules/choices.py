"""What a seat's screen shows of its decision that only the rules can work out: the exact
chance of its rocket on every Mission, a rival's chance on the Moon, and where each placement
of a pending tile leaves its rocket.

Worked out once per position for a seat (:meth:`game.Game.choices`) and sent to a guest beside
its view (game.online.referee), so a screen is drawn from records (the view and these), never
from a game of its own. Like the view, it tells a seat nothing it could not work out itself:
odds average over every card the seat cannot see (:func:`game.rules.odds.launch_odds`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import PlaceTile
from ..core.blueprint import rocket_parameters
from ..core.content import MOON
from .odds import launch_odds
from .position import GameLike
from .records import Parameters, PlacedTile
from .terms import nation_of, other


@dataclass(frozen=True, slots=True)
class Placement:
    """Where placing the pending tile on one space, turned one way, leaves the rocket."""

    tile: PlacedTile
    parameters: Parameters


@dataclass(frozen=True, slots=True)
class Choices:
    seat: str | None
    odds: dict[str, float]  # Mission -> the chance of the seat's rocket as it stands
    rival_moon: float | None  # the rival's chance on the Moon, when it launches there
    placements: dict[str, Placement]  # placement_key(action) -> what that placement gives


NO_CHOICES = Choices(seat=None, odds={}, rival_moon=None, placements={})


def placement_key(action: PlaceTile) -> str:
    return f"{action.row}:{action.col}:{action.rotation}"


def build_choices(game: GameLike, seat: str | None, legal: list[object]) -> Choices:
    """The choices of ``seat`` (None: a spectator, who has none) whose legal actions are
    ``legal``."""
    if seat is None:
        return NO_CHOICES
    nation = nation_of(seat)
    state = game.state
    targets = [mission for mission, _ in state.active]
    if game.content.rulesets[state.ruleset].moon == "display":
        targets.append(MOON)
    rival = other(nation)
    moon_bound = (rival, MOON) in state.launches
    return Choices(
        seat=seat,
        odds={mission: launch_odds(game, nation, mission) for mission in targets},
        rival_moon=launch_odds(game, rival, MOON) if moon_bound else None,
        placements={placement_key(action): _placement(game, nation, action)
                    for action in legal if isinstance(action, PlaceTile)})


def _placement(game: GameLike, nation: str, action: PlaceTile) -> Placement:
    """The pending tile laid as ``action`` says, on a copy of the blueprint: the rocket's
    parameters follow from the blueprint and the modules alone (game.core.blueprint)."""
    content = game.content
    n = game.state.nations[nation]
    assert n.pending is not None and n.pending[0] == "place"
    tile_id = n.pending[1]
    cols = content.board.cols
    cell = action.row * cols + action.col
    blueprint = list(n.blueprint)
    blueprint[cell] = (tile_id, action.rotation)
    tile = content.tiles[tile_id]
    placed = PlacedTile(id=tile_id, deck=tile.deck, centre=tile.centre,
                        edges="".join(tile.edges_at(action.rotation)),
                        rotation=action.rotation, row=action.row, col=action.col,
                        payload=None)  # a covered tile's payload goes with it
    return Placement(tile=placed, parameters=Parameters(
        *rocket_parameters(blueprint, n.modules, content)))
