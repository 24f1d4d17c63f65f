"""Refused actions raise IllegalAction and leave the game byte-for-byte unchanged."""

from __future__ import annotations

from typing import Any

import pytest

import game
from game.core import actions as A
from game.engine import Game
from tests.conftest import eng, new, pass_maneuvers, poke, pol, to_engineering


def refused(g: Game, seat: Any, action: Any, match: str | None = None) -> None:
    before = g.to_json()
    legal_before = {s: g.legal_actions(s) for s in game.SEATS}
    with pytest.raises(game.IllegalAction, match=match):
        g.apply(seat, action)
    assert g.to_json() == before
    assert {s: g.legal_actions(s) for s in game.SEATS} == legal_before


@pytest.mark.rule("seats")
def test_wrong_seat_is_refused(g: Game) -> None:
    refused(g, pol("USA"), A.PassManeuvers(), match="not USA politician's moment")
    refused(g, "USSR.astronaut", A.PassManeuvers(), match="Unknown seat")
    refused(g, None, A.PassManeuvers())


@pytest.mark.rule("round")
def test_wrong_phase_is_refused(g: Game) -> None:
    refused(g, eng("USSR"), A.TakeFromLine("S"))  # Engineers wait in a 2-player game
    refused(g, pol("USSR"), A.Abort())  # launch decisions come after Maneuvers
    refused(g, pol("USSR"), A.Evaluate(1))
    pass_maneuvers(g)
    refused(g, pol("USSR"), A.PlayManeuver(g.state.nations["USSR"].hand[0], 1))


@pytest.mark.rule("eng-line")
def test_unaffordable_actions_are_refused() -> None:
    g = new(1)
    to_engineering(g)
    usa = g.state.nations["USA"]
    usa.money = 3
    poke(g)
    refused(g, eng("USA"), A.TakeFromLine("S"), match="costs 7")
    refused(g, eng("USA"), A.Research("S", "E"), match="costs 10")
    refused(g, eng("USA"), A.Test(g.state.active[0][1][0]), match="costs 4")
    refused(g, eng("USA"), A.OrderModule(g.state.module_row[0], 1),  # type: ignore[arg-type]
            match="costs 13")


@pytest.mark.rule("blueprint")
@pytest.mark.parametrize("where", [(0, 0, 0), (3, 0, 0), (0, 5, 0), (-1, 2, 0), (1, 2, 4),
                                   (1, 2, -1)])
def test_bad_placements_are_refused(where: tuple[int, int, int]) -> None:
    g = new(1)
    to_engineering(g)
    g.apply(eng("USA"), A.TakeFromLine("S"))
    g.apply(eng("USA"), A.PlaceTile(1, 3, 0))
    g.apply(eng("USA"), A.TakeFromLine("E"))
    # (0, 0) is not next to (1, 3); the others are off the grid or a bad rotation.
    refused(g, eng("USA"), A.PlaceTile(*where), match="A tile must go")


@pytest.mark.rule("eng-pass")
def test_pending_decision_blocks_everything_else() -> None:
    g = new(1)
    to_engineering(g)
    g.apply(eng("USSR"), A.Research("S", "C"))
    refused(g, eng("USSR"), A.PassEngineer())
    refused(g, eng("USSR"), A.PlaceTile(0, 0, 0))  # keep a tile first
    g.apply(eng("USSR"), A.KeepTile(0))
    refused(g, eng("USSR"), A.KeepTile(1))


@pytest.mark.rule("seats")
@pytest.mark.parametrize("data", [
    {"type": "teleport"}, {"type": "abort", "extra": 1}, {"type": "test"},
    {"type": "place_tile", "row": "1", "col": 0, "rotation": 0},
    {"type": "place_tile", "row": True, "col": 0, "rotation": 0}, ["abort"], None,
])
def test_malformed_action_dicts_are_refused(g: Game, data: Any) -> None:
    before = g.to_json()
    with pytest.raises(game.IllegalAction):
        g.apply(pol("USSR"), game.action_from_dict(data))
    assert g.to_json() == before


@pytest.mark.rule("seats")
@pytest.mark.parametrize("action", [{"type": "pass_maneuvers"}, "pass_maneuvers", 7])
def test_non_actions_are_refused_without_change(g: Game, action: Any) -> None:
    refused(g, pol("USSR"), action, match="not an action")


@pytest.mark.rule("end-game")
def test_nothing_is_legal_after_the_game_ends(g: Game) -> None:
    pass_maneuvers(g)
    g.state.nations["USSR"].popularity = 1
    poke(g)
    g.apply(pol("USSR"), A.Abort())
    assert g.is_over
    for seat in game.SEATS:
        assert g.legal_actions(seat) == []
    refused(g, pol("USA"), A.Abort(), match="over")


@pytest.mark.rule("round")
def test_round_trip_through_a_save_replays_to_the_same_game() -> None:
    g = new(3)
    to_engineering(g)
    g.apply(eng("USA"), A.TakeFromLine("C"))
    g.apply(eng("USA"), A.PlaceTile(0, 0, 2))
    loaded = game.load(g.to_json())
    assert loaded == g and loaded.to_json() == g.to_json()
    tampered = g.to_json().replace('"money":23', '"money":99', 1)
    assert tampered != g.to_json()
    with pytest.raises(game.BadSave):
        game.load(tampered)
