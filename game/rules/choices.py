"""What a seat's screen shows of its decision that only the rules can work out: the exact
chance of its rocket on every Mission, a rival's chance on the Moon, and where each placement
of a pending tile leaves its rocket.

Worked out once per position for a seat (:meth:`game.Game.choices`) and sent to a guest beside
its view (game.online.referee), so a screen is drawn from records (the view and these), never
from a game of its own. Like the view, it tells a seat nothing it could not work out itself:
odds average over every card the seat cannot see (:func:`game.rules.odds.launch_odds`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.actions import PlaceTile
from ..core.blueprint import rocket_parameters
from ..core.content import MOON
from ..core.names import NationId, Seat
from .odds import launch_odds, launch_targets
from .position import GameLike
from .records import Parameters, PlacedTile
from .terms import nation_of, other
from .view import placed_tile


@dataclass(frozen=True, slots=True)
class Placement:
    """Where placing the pending tile on one space, turned one way, leaves the rocket."""

    tile: PlacedTile
    parameters: Parameters


@dataclass(frozen=True, slots=True)
class Choices:
    seat: Seat | None
    odds: dict[str, float]  # Mission -> the chance of the seat's rocket as it stands
    rival_moon: float | None  # the rival's chance on the Moon, when it launches there
    placements: dict[str, Placement]  # placement_key(action) -> what that placement gives


NO_CHOICES = Choices(seat=None, odds={}, rival_moon=None, placements={})


def placement_key(action: PlaceTile) -> str:
    return f"{action.row}:{action.col}:{action.rotation}"


def build_choices(game: GameLike, seat: Seat | None, legal: Sequence[object]) -> Choices:
    """The choices of ``seat`` (None: a spectator, who has none) whose legal actions are
    ``legal``."""
    if seat is None:
        return NO_CHOICES
    nation = nation_of(seat)
    rival = other(nation)
    moon_bound = (rival, MOON) in game.state.launches
    return Choices(
        seat=seat,
        odds={mission: launch_odds(game, nation, mission) for mission in launch_targets(game)},
        rival_moon=launch_odds(game, rival, MOON) if moon_bound else None,
        placements={placement_key(action): _placement(game, nation, action)
                    for action in legal if isinstance(action, PlaceTile)})


def _placement(game: GameLike, nation: NationId, action: PlaceTile) -> Placement:
    """The pending tile laid as ``action`` says, on a copy of the blueprint: the rocket's
    parameters follow from the blueprint and the modules alone (game.core.blueprint)."""
    content = game.content
    n = game.state.nations[nation]
    assert n.pending is not None and n.pending[0] == "place"
    laid = (n.pending[1], action.rotation)
    cols = content.board.cols
    cell = action.row * cols + action.col
    blueprint = list(n.blueprint)
    blueprint[cell] = laid
    placed = placed_tile(content, laid, cell, cols, None)  # a covered tile's payload goes
    return Placement(tile=placed, parameters=Parameters(
        *rocket_parameters(blueprint, n.modules, content)))
