"""The table drawn from records alone (ui.markup.scene): a guest's table (its position: the
referee's message read, ui.model.match.Position.pictured) is drawn exactly as the host's table
(its position: its game's, Position.of) draws the same seat, region by region."""

from __future__ import annotations

import json
import random

import game
from game.core.actions import Action
from game.online.guestlink import Picture, read_picture
from game.online.referee import Referee
from tests.invariants import purposeful_move
from ui.markup.controls import BarState
from ui.markup.frame import Bar
from ui.markup.html import Marks
from ui.markup.scene import Scene, scene_html
from ui.model.match import Position
from ui.model.targets import Pick


def _scene(shown: Position, seat: str, legal: list[Action], chosen: int) -> Scene:
    """The frame of ``seat``'s decision with the first step of its ``chosen`` action taken
    (so the options on the chosen thing show too)."""
    view = shown.view(seat)
    pick = Pick.of(legal, view)
    route = next((path for path, index in pick.routes if index == chosen), ())
    if len(route) > 1:
        pick = Pick.of(legal, view, route[:1])
    marks = Marks(pick.marked(), pick.chosen[-1] if pick.chosen else "")
    bar = Bar(seat, legal, BarState(cell=pick.chosen_cell()), False, {}, (0, 0, ""), False,
              True, None)
    return Scene(view=view, choices=shown.choices(seat), marks=marks, pick=pick, bar=bar)


def _guests_scene(message: str, seat: str, chosen: int, moves: int) -> dict[str, str]:
    """What a guest's screen draws from the host's message alone: no game at hand."""
    picture = read_picture(json.loads(message))
    assert isinstance(picture, Picture)
    position = Position.pictured(picture, moves)
    return scene_html(_scene(position, seat, picture.legals[seat], chosen))


def test_a_guests_table_is_drawn_from_the_referees_messages_alone() -> None:
    drawn = 0
    for ruleset, players, seed in (("v0.10.4", 2, 3), ("preview", 4, 5)):
        g = game.new_game(seed, players=players, ruleset=ruleset)
        referee = Referee.for_game(g, {"guest": game.SEATS})  # the guest plays every seat
        referee.connect("guest")
        rng = random.Random(seed)
        while not g.is_over and g.round < 10:
            seat = rng.choice(g.to_act())
            legal = g.legal_actions(seat)
            chosen = rng.randrange(len(legal))
            if drawn % 3 == 0 or legal[chosen].kind == "place_tile":
                message = referee.broadcast()[0][1]
                hosts = scene_html(_scene(Position.of(g), seat, legal, chosen))
                guests = _guests_scene(message, seat, chosen, g.log_size)
                for region, markup in hosts.items():
                    assert guests[region] == markup, region
                assert hosts["actions"] and hosts["board-USA"] and hosts["centre"]
            drawn += 1
            g.apply(seat, purposeful_move(g, seat, rng))  # as the guest would send it
    assert drawn > 100
