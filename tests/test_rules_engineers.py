"""Phase 2 for the Engineers: actions a to j and passing."""

from __future__ import annotations

import pytest

import game
from game.core import actions as A
from game.engine import Game
from game.rules.records import Pending
from tests.conftest import eng, engineers_pass, kinds, new, place_tiles, poke, to_engineering


@pytest.fixture
def e() -> Game:
    """Round 1, Engineering phase (both Politicians aborted)."""
    g = new(1)
    to_engineering(g)
    return g


# ---------------------------------------------------------------------------- a. line


@pytest.mark.rule("eng-line")
def test_install_from_line_costs_7_and_refills_from_the_same_deck(e: Game) -> None:
    usa = e.state.nations["USA"]
    tile = usa.line["E"]
    next_e = e.state.tile_decks["E"][-1]
    e.apply(eng("USA"), A.TakeFromLine("E"))
    assert usa.money == 23
    assert usa.line["E"] == next_e
    assert usa.pending == ("place", tile, "line")
    assert kinds(e.legal_actions(eng("USA"))) == {"place_tile"}  # must place first
    e.apply(eng("USA"), A.PlaceTile(1, 1, 0))
    assert usa.blueprint[6] == (tile, 0) and usa.pending is None
    assert e.parameters("USA") == (0, 1, 0, 0)


@pytest.mark.rule("eng-line")
def test_install_from_line_needs_7_money(e: Game) -> None:
    e.state.nations["USA"].money = 6
    poke(e)
    assert "take_from_line" not in kinds(e.legal_actions(eng("USA")))
    with pytest.raises(game.IllegalAction, match="costs 7"):
        e.apply(eng("USA"), A.TakeFromLine("S"))


@pytest.mark.rule("eng-line")
def test_empty_deck_leaves_the_line_space_empty(e: Game) -> None:
    e.state.tile_decks["C"] = ()
    poke(e)
    e.apply(eng("USSR"), A.TakeFromLine("C"))
    assert e.state.nations["USSR"].line["C"] is None
    e.apply(eng("USSR"), A.PlaceTile(0, 0, 0))
    assert A.TakeFromLine("C") not in e.legal_actions(eng("USSR"))


# ---------------------------------------------------------------------------- b. research


@pytest.mark.rule("eng-research")
def test_research_draws_two_keeps_one_and_tops_the_pile_with_the_other(e: Game) -> None:
    usa = e.state.nations["USA"]
    s_top, p_top = e.state.tile_decks["S"][-1], e.state.tile_decks["P"][-1]
    e.apply(eng("USA"), A.Research("P", "S"))  # normalised to S, P
    assert usa.money == 20
    assert usa.pending == ("keep", s_top, p_top)
    assert e.legal_actions(eng("USA")) == [A.KeepTile(0), A.KeepTile(1)]
    e.apply(eng("USA"), A.KeepTile(1))
    assert e.state.research_pile[-1] == s_top
    assert usa.pending == ("place", p_top, "research")
    e.apply(eng("USA"), A.PlaceTile(2, 4, 3))
    assert usa.blueprint[14] == (p_top, 3)


@pytest.mark.rule("eng-research")
def test_research_same_deck_twice_needs_two_tiles_there(e: Game) -> None:
    e.state.tile_decks["C"] = e.state.tile_decks["C"][:1]
    poke(e)
    legal = e.legal_actions(eng("USA"))
    assert A.Research("C", "C") not in legal
    assert A.Research("S", "S") in legal and A.Research("E", "C") in legal


@pytest.mark.rule("eng-research")
def test_free_research_voucher_is_spent_before_money(e: Game) -> None:
    ussr = e.state.nations["USSR"]
    ussr.free_research, ussr.money = 1, 30
    poke(e)
    e.apply(eng("USSR"), A.Research("S", "E"))
    assert (ussr.money, ussr.free_research) == (30, 0)
    e.apply(eng("USSR"), A.KeepTile(0))
    e.apply(eng("USSR"), A.PlaceTile(0, 0, 0))
    ussr.money, ussr.free_research = 3, 1
    poke(e)
    assert A.Research("S", "E") in e.legal_actions(eng("USSR"))  # voucher, no money


@pytest.mark.rule("eng-research")
def test_research_needs_10_money(e: Game) -> None:
    e.state.nations["USA"].money = 9
    poke(e)
    assert "research" not in kinds(e.legal_actions(eng("USA")))


# ---------------------------------------------------------------------------- c. pile


@pytest.mark.rule("eng-pile")
def test_pile_installs_the_top_tile_for_10(e: Game) -> None:
    assert "take_from_pile" not in kinds(e.legal_actions(eng("USSR")))  # empty pile
    e.state.research_pile = ["C03", "S05"]
    poke(e)
    e.apply(eng("USSR"), A.TakeFromPile())
    ussr = e.state.nations["USSR"]
    assert ussr.money == 20 and e.state.research_pile == ["C03"]
    assert ussr.pending == ("place", "S05", "pile")
    ussr.money = 9
    e.apply(eng("USSR"), A.PlaceTile(0, 0, 0))
    assert "take_from_pile" not in kinds(e.legal_actions(eng("USSR")))


# ---------------------------------------------------------------------------- d/e. suppliers


@pytest.mark.rule("eng-suppliers")
def test_line_tile_to_suppliers_is_free_only_when_8_space_is_empty(e: Game) -> None:
    usa = e.state.nations["USA"]
    assert "line_to_suppliers" not in kinds(e.legal_actions(eng("USA")))  # setup Module
    usa.suppliers[0] = None
    poke(e)
    tile = usa.line["S"]
    e.apply(eng("USA"), A.LineToSuppliers("S"))
    assert usa.suppliers[0] == f"T:{tile}" and usa.money == 30
    assert usa.line["S"] is not None and usa.line["S"] != tile
    assert "line_to_suppliers" not in kinds(e.legal_actions(eng("USA")))


@pytest.mark.rule("eng-suppliers")
def test_order_module_pays_the_space_price_and_refills_the_row(e: Game) -> None:
    usa = e.state.nations["USA"]
    module = e.state.module_row[2]
    refill = e.state.module_deck[-1]
    spaces = {a.space for a in e.legal_actions(eng("USA")) if isinstance(a, A.OrderModule)}
    assert spaces == {1, 2}  # the 8$ space holds the setup Module
    e.apply(eng("USA"), A.OrderModule(module, 1))
    assert usa.money == 17 and usa.suppliers[1] == f"M:{module}"
    assert e.state.module_row[2] == refill
    # 17 money left: the 20$ space is out of reach, the 8$ and 13$ spaces are full.
    assert "order_module" not in kinds(e.legal_actions(eng("USA")))


@pytest.mark.rule("eng-suppliers")
def test_order_module_unaffordable_space_is_refused(e: Game) -> None:
    usa = e.state.nations["USA"]
    usa.money = 19
    poke(e)
    spaces = {a.space for a in e.legal_actions(eng("USA")) if isinstance(a, A.OrderModule)}
    assert spaces == {1}
    with pytest.raises(game.IllegalAction, match="costs 20"):
        e.apply(eng("USA"), A.OrderModule(e.state.module_row[0], 2))  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- module install


@pytest.mark.rule("eng-module")
def test_delivered_module_goes_into_a_chosen_slot_replacing_and_discarding(e: Game) -> None:
    usa = e.state.nations["USA"]
    usa.modules = ["MOD01", None, None]
    usa.pending = ("module", "MOD02")
    poke(e)
    assert e.legal_actions(eng("USA")) == [A.InstallModule(0), A.InstallModule(1),
                                           A.InstallModule(2)]
    e.apply(eng("USA"), A.InstallModule(0))
    assert usa.modules == ["MOD02", None, None]
    assert e.state.module_discard == ["MOD01"]
    assert usa.pending is None


# ---------------------------------------------------------------------------- f. test


@pytest.mark.rule("eng-test")
def test_test_costs_4_per_token_and_counts_per_nation(e: Game) -> None:
    risk = e.state.active[0][1][0]
    e.apply(eng("USA"), A.Test(risk))
    e.apply(eng("USA"), A.Test(risk))
    e.apply(eng("USSR"), A.Test(risk))
    assert e.state.tests[risk] == (2, 1)
    assert e.state.nations["USA"].money == 22 and e.state.nations["USSR"].money == 26
    e.state.nations["USA"].money = 3
    poke(e)
    assert "test" not in kinds(e.legal_actions(eng("USA")))


@pytest.mark.rule("eng-test")
def test_only_face_up_risks_can_be_tested(e: Game) -> None:
    usa = e.state.nations["USA"]
    hidden = usa.moon_path[0]
    targets = {a.risk for a in e.legal_actions(eng("USA")) if isinstance(a, A.Test)}
    assert targets == {r for _, path in e.state.active for r in path}
    assert hidden not in targets
    usa.moon_up[0] = True
    e.state.tests[hidden] = (0, 0)
    poke(e)
    targets = {a.risk for a in e.legal_actions(eng("USA")) if isinstance(a, A.Test)}
    assert hidden in targets
    assert hidden not in {a.risk for a in e.legal_actions(eng("USSR")) if isinstance(a, A.Test)}


# ---------------------------------------------------------------------------- g. sabotage


@pytest.mark.rule("eng-sabotage")
def test_anti_sabotage_costs_10_plus_x(e: Game) -> None:
    ussr = e.state.nations["USSR"]
    ussr.sabotage, ussr.money = 3, 12
    poke(e)
    counts = [a.count for a in e.legal_actions(eng("USSR")) if isinstance(a, A.RemoveSabotage)]
    assert counts == [1, 2]  # 13 is too much
    e.apply(eng("USSR"), A.RemoveSabotage(2))
    assert (ussr.sabotage, ussr.money) == (1, 0)
    assert "remove_sabotage" not in kinds(e.legal_actions(eng("USA")))  # none to remove


# ---------------------------------------------------------------------------- h. payload


@pytest.mark.rule("eng-payload")
def test_payload_prices_and_only_on_empty_payload_tiles(e: Game) -> None:
    place_tiles(e, "USA", {(0, 0): ("P01", 0), (0, 1): ("S02", 0), (0, 2): ("P02", 0)})
    legal = [a for a in e.legal_actions(eng("USA")) if isinstance(a, A.LoadPayload)]
    assert {(a.row, a.col) for a in legal} == {(0, 0), (0, 2)}
    usa = e.state.nations["USA"]
    e.apply(eng("USA"), A.LoadPayload("astrodog", 0, 0))
    assert usa.money == 28
    e.apply(eng("USA"), A.LoadPayload("satellite", 0, 2))
    assert usa.money == 23
    assert usa.payloads == {0: "astrodog", 2: "satellite"}
    assert "load_payload" not in kinds(e.legal_actions(eng("USA")))  # both tiles loaded
    usa.payloads = {}
    usa.money = 6
    poke(e)
    affordable = {a.payload for a in e.legal_actions(eng("USA")) if isinstance(a, A.LoadPayload)}
    assert affordable == {"astrodog", "satellite"}  # astronaut costs 7


@pytest.mark.rule("eng-payload")
def test_covering_a_loaded_payload_tile_loses_the_marker(e: Game) -> None:
    place_tiles(e, "USSR", {(0, 0): ("P01", 0)})
    e.state.nations["USSR"].payloads = {0: "astronaut"}
    poke(e)
    e.apply(eng("USSR"), A.TakeFromLine("S"))
    e.apply(eng("USSR"), A.PlaceTile(0, 0, 0))
    assert e.state.nations["USSR"].payloads == {}
    assert e.state.lost_tiles == ["P01"]


# ---------------------------------------------------------------------------- i/j. steals


@pytest.mark.rule("eng-test-steal")
def test_test_steal_flips_one_rival_token(e: Game) -> None:
    risk = e.state.active[1][1][0]
    e.state.tests[risk] = (2, 0)
    e.state.nations["USSR"].test_steal = 1
    poke(e)
    steals = [a for a in e.legal_actions(eng("USSR")) if isinstance(a, A.StealTest)]
    assert steals == [A.StealTest(risk)]  # only cards carrying a rival token
    money = e.state.nations["USSR"].money
    e.apply(eng("USSR"), A.StealTest(risk))
    assert e.state.tests[risk] == (1, 1)
    assert e.state.nations["USSR"].test_steal == 0
    assert e.state.nations["USSR"].money == money
    assert "steal_test" not in kinds(e.legal_actions(eng("USSR")))


@pytest.mark.rule("eng-tech-steal")
def test_tech_steal_installs_a_rival_line_tile_for_free(e: Game) -> None:
    usa, ussr = e.state.nations["USA"], e.state.nations["USSR"]
    assert "steal_tech" not in kinds(e.legal_actions(eng("USA")))
    usa.tech_steal = 1
    poke(e)
    tile = ussr.line["C"]
    refill = e.state.tile_decks["C"][-1]
    e.apply(eng("USA"), A.StealTech("C"))
    assert usa.pending == ("place", tile, "steal") and usa.money == 30
    assert ussr.line["C"] == refill and usa.tech_steal == 0
    e.apply(eng("USA"), A.PlaceTile(1, 1, 0))
    assert usa.blueprint[6] == (tile, 0)


# ---------------------------------------------------------------------------- pass


@pytest.mark.rule("eng-pass")
def test_pass_needs_no_pending_decision_and_launches_wait_for_both(e: Game) -> None:
    e.apply(eng("USA"), A.TakeFromLine("S"))
    assert A.PassEngineer() not in e.legal_actions(eng("USA"))
    e.apply(eng("USA"), A.PlaceTile(0, 0, 0))
    e.apply(eng("USA"), A.PassEngineer())
    assert e.phase == "engineering" and e.to_act() == ["USSR.engineer"]
    e.apply(eng("USSR"), A.Test(e.state.active[0][1][0]))
    e.apply(eng("USSR"), A.PassEngineer())
    assert e.round == 2  # launches and round end ran


@pytest.mark.rule("eng-pass")
def test_engineer_may_pass_during_maneuvers_with_four_players() -> None:
    g = new(1, players=4)
    g.apply(eng("USSR"), A.EndDiscussion())
    g.apply(eng("USA"), A.EndDiscussion())
    g.apply(eng("USSR"), A.PassEngineer())
    g.apply(eng("USA"), A.PassEngineer())
    assert g.phase == "maneuvers" and g.to_act() == ["USSR.politician"]
    g.apply("USSR.politician", A.PassManeuvers())
    g.apply("USA.politician", A.PassManeuvers())
    g.apply("USSR.politician", A.Abort())
    g.apply("USA.politician", A.Abort())
    assert g.round == 2  # nothing left to wait for
    assert engineers_pass(g) == []


@pytest.mark.rule("eng-suppliers")
def test_module_row_refills_from_shuffled_discards_then_stays_empty(e: Game) -> None:
    e.state.module_deck = []
    e.state.module_discard = ["MOD05"]
    poke(e)
    first, second = e.state.module_row[0], e.state.module_row[1]
    assert first is not None and second is not None
    e.apply(eng("USA"), A.OrderModule(first, 1))
    assert e.state.module_row[0] == "MOD05" and e.state.module_discard == []
    e.apply(eng("USSR"), A.OrderModule(second, 1))
    assert e.state.module_row[1] is None
    assert {a.module for a in e.legal_actions(eng("USA")) if isinstance(a, A.OrderModule)} \
        <= {m for m in e.state.module_row if m}


@pytest.mark.rule("eng-test-steal")
def test_test_steal_works_on_the_rivals_face_up_moon_path(e: Game) -> None:
    usa = e.state.nations["USA"]
    usa.moon_up[0] = True
    risk = usa.moon_path[0]
    e.state.tests[risk] = (2, 0)
    e.state.nations["USSR"].test_steal = 1
    poke(e)
    e.apply(eng("USSR"), A.StealTest(risk))
    assert e.state.tests[risk] == (1, 1)


@pytest.mark.rule("eng-research")
def test_rival_sees_that_a_tile_is_being_chosen_but_not_which(e: Game) -> None:
    e.apply(eng("USSR"), A.Research("E", "E"))
    own = e.view("USSR.politician").nations["USSR"].pending
    theirs = e.view("USA.engineer").nations["USSR"].pending
    assert own is not None and own.what == "keep" and len(own.tiles) == 2
    assert theirs == Pending(what="keep", tiles=(), tile=None, source=None, module=None)
