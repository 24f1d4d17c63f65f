"""The Rocket Blueprint: placement, parameters, Modules, Adaptivity and deliveries."""

from __future__ import annotations

import pytest

import game
from game.core import actions as A
from game.core.events import TilePlaced
from game.engine import Game
from tests.conftest import (
    eng,
    engineers_pass,
    events_of,
    force_rolls,
    kinds,
    new,
    pass_maneuvers,
    place_tiles,
    poke,
    pol,
    to_engineering,
)


@pytest.fixture
def e() -> Game:
    g = new(1)
    to_engineering(g)
    return g


def install(g: Game, nation: str, tile: str, row: int, col: int, rot: int) -> TilePlaced:
    """Place ``tile`` through the engine (as if just bought) and return its event."""
    g.state.nations[nation].pending = ("place", tile, "line")
    poke(g)
    events = g.apply(eng(nation), A.PlaceTile(row, col, rot))
    return events_of(events, TilePlaced)[0]


def places(g: Game, nation: str) -> set[tuple[int, int]]:
    return {(a.row, a.col) for a in g.legal_actions(eng(nation)) if isinstance(a, A.PlaceTile)}


# ---------------------------------------------------------------------------- blueprint


@pytest.mark.rule("blueprint")
def test_first_tile_anywhere_then_only_next_to_or_on_an_installed_tile(e: Game) -> None:
    e.state.nations["USA"].pending = ("place", "S01", "line")
    poke(e)
    assert places(e, "USA") == {(r, c) for r in range(3) for c in range(5)}
    assert {a.rotation for a in e.legal_actions(eng("USA"))} == {0, 1, 2, 3}
    e.apply(eng("USA"), A.PlaceTile(1, 2, 0))
    e.state.nations["USA"].pending = ("place", "S02", "line")
    poke(e)
    assert places(e, "USA") == {(1, 2), (0, 2), (2, 2), (1, 1), (1, 3)}
    with pytest.raises(game.IllegalAction):
        e.apply(eng("USA"), A.PlaceTile(0, 1, 0))  # diagonal only


@pytest.mark.rule("blueprint")
def test_covering_a_tile_loses_it_and_recomputes(e: Game) -> None:
    install(e, "USSR", "S02", 0, 0, 0)
    install(e, "USSR", "S02", 1, 0, 0)
    assert e.parameters("USSR") == (3, 0, 0, 0)
    event = install(e, "USSR", "C01", 1, 0, 0)
    assert event.covered == "S02"
    assert e.state.lost_tiles == ["S02"]
    assert e.parameters("USSR") == (1, 0, 1, 0)


# ---------------------------------------------------------------------------- parameters


@pytest.mark.rule("parameters")
def test_centre_icons_count_one_each_payload_tiles_none(e: Game) -> None:
    install(e, "USA", "S01", 0, 0, 0)  # SSS-
    install(e, "USA", "E02", 0, 1, 0)  # E-E-: blank west, no pair
    assert e.parameters("USA") == (1, 1, 0, 0)
    install(e, "USA", "P03", 1, 0, 0)  # --C-: blank north under S01's S
    assert e.parameters("USA") == (1, 1, 0, 0)


@pytest.mark.rule("parameters")
def test_vertical_matched_pair_adds_one(e: Game) -> None:
    install(e, "USA", "S02", 0, 0, 0)  # S-S-: south edge S
    event = install(e, "USA", "S02", 1, 0, 0)  # north edge S
    assert event.parameters == (3, 0, 0, 0)  # 2 centres + 1 pair


@pytest.mark.rule("parameters")
def test_horizontal_match_depends_on_rotation(e: Game) -> None:
    install(e, "USA", "C03", 0, 0, 0)  # CC--: east edge C
    assert install(e, "USA", "C02", 0, 1, 0).parameters == (0, 0, 3, 0)  # west C
    # Turned a quarter clockwise, -C-C shows C north and south, blank west: no pair.
    assert install(e, "USA", "C02", 0, 1, 1).parameters == (0, 0, 2, 0)


@pytest.mark.rule("parameters")
def test_rotation_is_clockwise(e: Game) -> None:
    install(e, "USSR", "S02", 1, 1, 1)  # S-S- turned: S on east and west
    assert e.parameters("USSR") == (1, 0, 0, 0)
    install(e, "USSR", "P01", 1, 0, 1)  # S--- turned once clockwise: S faces east
    assert e.parameters("USSR") == (2, 0, 0, 0)
    install(e, "USSR", "P01", 1, 0, 3)  # three quarter turns: S faces west, away
    assert e.parameters("USSR") == (1, 0, 0, 0)


@pytest.mark.rule("parameters")
def test_different_icons_and_blank_edges_add_nothing(e: Game) -> None:
    install(e, "USA", "S01", 0, 0, 0)  # SSS-: east S
    install(e, "USA", "E01", 0, 1, 0)  # -EEE: west E
    install(e, "USA", "C02", 1, 1, 1)  # C-C- after turn: north C meets E01's south E
    assert e.parameters("USA") == (1, 1, 1, 0)
    assert e.view("USA.engineer").nations["USA"].matches == ()


@pytest.mark.rule("parameters")
def test_a_tile_matching_on_several_sides_counts_every_pair(e: Game) -> None:
    place_tiles(e, "USA", {(0, 1): ("S02", 0), (2, 1): ("S02", 0), (1, 0): ("S03", 1),
                           (1, 2): ("S02", 1)})
    # SSSE turned once clockwise shows E north and S east, south and west.
    install(e, "USA", "S04", 1, 1, 1)
    # Pairs with (2,1), (1,0) and (1,2); (0,1)'s S meets the E: none there.
    assert e.parameters("USA") == (5 + 3, 0, 0, 0)


# ---------------------------------------------------------------------------- modules


@pytest.mark.rule("modules")
def test_row_module_bonus_only_while_its_condition_holds(e: Game) -> None:
    usa = e.state.nations["USA"]
    usa.modules = ["MOD02", None, None]  # row 1 with 4 tiles: +1 S, +1 E
    place_tiles(e, "USA", {(0, 0): ("C02", 0), (0, 1): ("C02", 0), (0, 2): ("C02", 0)})
    assert e.parameters("USA") == (0, 0, 3 + 2, 0)  # -C-C in a row: C pairs between
    install(e, "USA", "C02", 0, 3, 0)
    assert e.parameters("USA") == (1, 1, 4 + 3, 0)


@pytest.mark.rule("modules")
def test_module_matches_count_only_pairs_inside_the_region(e: Game) -> None:
    usa = e.state.nations["USA"]
    usa.modules = [None, "MOD03", None]  # row 2: two E centres and one pair: +2 E
    place_tiles(e, "USA", {(1, 1): ("E02", 1)})  # E on east and west
    install(e, "USA", "E03", 1, 2, 2)  # --EE turned twice: EE-- (west blank)
    assert e.parameters("USA") == (0, 2, 0, 0)  # no pair, no bonus
    install(e, "USA", "E03", 1, 2, 0)  # west E now meets the pair
    assert e.parameters("USA") == (0, 2 + 1 + 2, 0, 0)
    place_tiles(e, "USA", {(1, 2): ("E02", 0), (0, 2): ("E02", 0)})
    # E02 upright: the pair crosses rows 1-2 only, outside the row-2 region.
    assert e.parameters("USA") == (0, 3 + 1, 0, 0)


@pytest.mark.rule("modules")
def test_column_module_with_payload_condition(e: Game) -> None:
    usa = e.state.nations["USA"]
    usa.modules = [None, None, "MOD09"]  # column 3 needs a Payload tile: +1 S
    place_tiles(e, "USA", {(1, 2): ("S03", 0)})
    assert e.parameters("USA") == (1, 0, 0, 0)
    install(e, "USA", "P06", 2, 2, 0)
    assert e.parameters("USA") == (2, 0, 0, 0)


# ---------------------------------------------------------------------------- adaptivity


def _adaptive_launch(split: tuple[int, int, int]) -> Game:
    g = new(1)
    pass_maneuvers(g)
    g.apply(pol("USSR"), A.Abort())
    g.apply(pol("USA"), A.Launch("M0-SPUTNIK"))
    g.state.active[0] = ("M0-SPUTNIK", ("R0-LEAK",))  # 4-5: needs S >= 1
    g.state.tests = {"R0-LEAK": (0, 0)}
    usa = g.state.nations["USA"]
    usa.modules = ["MOD10", None, None]  # column 1 filled: +1 Adaptivity
    place_tiles(g, "USA", {(0, 0): ("E02", 0), (1, 0): ("E02", 0), (2, 0): ("E02", 0)})
    assert g.parameters("USA") == (0, 5, 0, 1)
    force_rolls(g, [4])
    engineers_pass(g)
    assert g.phase == "launches" and g.to_act() == ["USA.engineer"]
    assert set(g.legal_actions(eng("USA"))) == {A.SetAdaptivity(1, 0, 0),
                                                A.SetAdaptivity(0, 1, 0),
                                                A.SetAdaptivity(0, 0, 1)}
    g.apply(eng("USA"), A.SetAdaptivity(*split))
    return g


@pytest.mark.rule("adaptivity")
def test_adaptivity_split_on_structure_passes_the_check() -> None:
    g = _adaptive_launch((1, 0, 0))
    assert g.state.completed == [("M0-SPUTNIK", "USA", 1)]


@pytest.mark.rule("adaptivity")
def test_adaptivity_split_elsewhere_fails_the_check_and_is_for_that_launch_only() -> None:
    g = _adaptive_launch((0, 0, 1))
    assert g.state.completed == []
    assert g.state.nations["USA"].popularity == 8
    assert g.parameters("USA") == (0, 5, 0, 1)


@pytest.mark.rule("adaptivity")
def test_no_adaptivity_decision_without_adaptivity(e: Game) -> None:
    assert "set_adaptivity" not in kinds(e.legal_actions(eng("USA")))


# ---------------------------------------------------------------------------- delivery


def _round(g: Game) -> None:
    to_engineering(g)
    engineers_pass(g)


@pytest.mark.rule("delivery")
def test_8_dollar_item_arrives_after_three_round_ends(g: Game) -> None:
    usa = g.state.nations["USA"]
    module = usa.suppliers[0][2:]  # type: ignore[index]
    _round(g)
    assert usa.suppliers == [None, f"M:{module}", None] and g.round == 2
    _round(g)
    assert usa.suppliers == [None, None, f"M:{module}"] and g.round == 3
    to_engineering(g)
    engineers_pass(g)
    assert g.phase == "administration" and g.round == 3
    assert usa.suppliers == [None, None, None]
    assert usa.pending == ("module", module)
    assert "USA.engineer" in g.to_act() and "USSR.engineer" in g.to_act()
    g.apply(eng("USA"), A.InstallModule(1))
    g.apply(eng("USSR"), A.InstallModule(0))
    assert usa.modules == [None, module, None]
    assert g.round == 4


@pytest.mark.rule("delivery")
def test_20_dollar_order_arrives_at_the_end_of_the_same_round(e: Game) -> None:
    module = e.state.module_row[0]
    assert module is not None
    e.apply(eng("USSR"), A.OrderModule(module, 2))
    engineers_pass(e)
    assert (e.phase, e.round) == ("administration", 1)
    assert e.state.nations["USSR"].pending == ("module", module)
    assert e.to_act() == ["USSR.engineer"]


@pytest.mark.rule("delivery")
def test_13_dollar_order_arrives_after_two_round_ends(e: Game) -> None:
    module = e.state.module_row[3]
    assert module is not None
    e.apply(eng("USA"), A.OrderModule(module, 1))
    engineers_pass(e)
    assert e.round == 2 and e.state.nations["USA"].suppliers[2] == f"M:{module}"
    _round(e)
    assert e.state.nations["USA"].pending == ("module", module)


@pytest.mark.rule("delivery")
def test_delivered_tile_is_placed_for_free(e: Game) -> None:
    usa = e.state.nations["USA"]
    usa.suppliers = [None, None, "T:C13"]
    poke(e)
    engineers_pass(e)
    assert usa.pending == ("place", "C13", "delivery")
    money = usa.money
    e.apply(eng("USA"), A.PlaceTile(2, 2, 0))
    assert usa.blueprint[12] == ("C13", 0)
    assert e.round == 2
    assert usa.money == money + 2 + 27  # place 1 and income only: the tile was free


@pytest.mark.rule("blueprint")
def test_rows_do_not_wrap_around(e: Game) -> None:
    install(e, "USA", "S02", 0, 4, 1)  # S on east and west
    assert (1, 0) not in places(e, "USA")
    place_tiles(e, "USA", {(1, 0): ("S02", 1)})  # cell 5 follows cell 4 in memory only
    assert e.parameters("USA") == (2, 0, 0, 0)


def test_memoized_parameters_equal_a_fresh_sum_for_every_blueprint_of_random_games(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The AIs' memo of rocket_parameters never changes an answer, and stays bounded."""
    import random

    from game.core import blueprint
    from game.core.content import load_content

    content = load_content()
    seen = 0
    for seed in range(1, 40):
        g = game.new_game(seed)
        rng = random.Random(seed)
        while not g.is_over and seen < 3000:
            seat = rng.choice(g.to_act())
            g.apply(seat, rng.choice(g.legal_actions(seat)))
            for nation in ("USA", "USSR"):
                n = g.state.nations[nation]
                fresh = blueprint._parameters(n.blueprint, n.modules, content)
                assert blueprint.rocket_parameters(n.blueprint, n.modules) == fresh
                assert g.parameters(nation) == fresh
                seen += 1
    assert seen == 3000
    monkeypatch.setattr(blueprint, "_PARAMETERS_MAX", 10)
    tiles = sorted(content.tiles)
    for i in range(25):
        cells: list[blueprint.Cell] = [None] * (content.board.rows * content.board.cols)
        cells[i % len(cells)] = (tiles[i], 0)
        blueprint.rocket_parameters(cells, [None])
        assert len(blueprint._PARAMETERS) <= 10
