"""The Engineers' actions: taking, researching, placing and stealing tiles, ordering and
installing Modules, Tests, Sabotage removal, payloads, and passing."""

from __future__ import annotations

from ...core import actions as A
from ...core.events import (
    EngineerPassed,
    ModuleInstalled,
    ModuleOrdered,
    PayloadBooked,
    PayloadLoaded,
    Researched,
    RiskTested,
    SabotageRemoved,
    StolenTestToken,
    SupplierTile,
    TechStolen,
    TileKept,
    TilePlaced,
    TileTaken,
)
from ...core.names import NationId
from ...core.state import Nation
from ..handlers import handles
from ..position import Position, draw
from ..terms import other


def _refill_line(p: Position, n: Nation, deck: str) -> None:
    piles = p.state.tile_decks
    n.line[deck] = draw(piles, deck) if piles[deck] else None


def do_take_from_line(p: Position, nation: NationId, action: A.TakeFromLine) -> None:
    n = p.state.nations[nation]
    n.money -= p.content.board.costs["line"]
    tile = n.line[action.deck]
    assert tile is not None
    _refill_line(p, n, action.deck)
    n.pending = ("place", tile, "line")
    p.emit(TileTaken(nation=nation, tile=tile, source="line"))


def do_research(p: Position, nation: NationId, action: A.Research) -> None:
    s = p.state
    n = s.nations[nation]
    if n.free_research:
        n.free_research -= 1
    else:
        n.money -= p.content.board.costs["research"]
    first = draw(s.tile_decks, action.first)
    second = draw(s.tile_decks, action.second)
    n.pending = ("keep", first, second)
    p.emit(Researched(nation=nation, decks=(action.first, action.second)))


def do_keep_tile(p: Position, nation: NationId, action: A.KeepTile) -> None:
    s = p.state
    n = s.nations[nation]
    assert n.pending is not None
    kept, dropped = n.pending[1 + action.index], n.pending[2 - action.index]
    s.research_pile.append(dropped)
    n.pending = ("place", kept, "research")
    p.emit(TileKept(nation=nation, tile=kept, discarded=dropped))


def do_take_from_pile(p: Position, nation: NationId, action: A.TakeFromPile) -> None:
    s = p.state
    n = s.nations[nation]
    n.money -= p.content.board.costs["pile"]
    tile = s.research_pile.pop()
    n.pending = ("place", tile, "pile")
    p.emit(TileTaken(nation=nation, tile=tile, source="pile"))


def do_place_tile(p: Position, nation: NationId, action: A.PlaceTile) -> None:
    s = p.state
    n = s.nations[nation]
    assert n.pending is not None
    tile = n.pending[1]
    cell = action.row * p.content.board.cols + action.col
    covered = n.blueprint[cell]
    if covered is not None:
        s.lost_tiles.append(covered[0])
        n.payloads.pop(cell, None)
    n.blueprint[cell] = (tile, action.rotation)
    n.pending = None
    p.emit(TilePlaced(nation=nation, tile=tile, row=action.row, col=action.col,
                      rotation=action.rotation, covered=covered[0] if covered else None,
                      parameters=p.parameters(nation)))


def do_line_to_suppliers(p: Position, nation: NationId, action: A.LineToSuppliers) -> None:
    n = p.state.nations[nation]
    tile = n.line[action.deck]
    assert tile is not None  # legal only from a line that shows a tile
    n.suppliers[0] = f"T:{tile}"
    _refill_line(p, n, action.deck)
    p.emit(SupplierTile(nation=nation, tile=tile))


def do_order_module(p: Position, nation: NationId, action: A.OrderModule) -> None:
    s = p.state
    n = s.nations[nation]
    n.money -= p.content.board.supplier_prices[action.space]
    index = s.module_row.index(action.module)
    if not s.module_deck and s.module_discard:
        s.module_deck.extend(s.module_discard)
        s.module_discard.clear()
        s.rng.shuffle(s.module_deck)
    s.module_row[index] = s.module_deck.pop() if s.module_deck else None
    n.suppliers[action.space] = f"M:{action.module}"
    p.emit(ModuleOrdered(nation=nation, module=action.module, space=action.space))


def do_test(p: Position, nation: NationId, action: A.Test) -> None:
    s = p.state
    s.nations[nation].money -= p.content.board.costs["test"]
    usa, ussr = s.tests.get(action.risk, (0, 0))
    s.tests[action.risk] = (usa + 1, ussr) if nation == "USA" else (usa, ussr + 1)
    p.emit(RiskTested(nation=nation, risk=action.risk))


def do_remove_sabotage(p: Position, nation: NationId, action: A.RemoveSabotage) -> None:
    n = p.state.nations[nation]
    n.money -= p.content.board.costs["anti_sabotage_base"] + action.count
    n.sabotage -= action.count
    p.emit(SabotageRemoved(nation=nation, count=action.count))


def do_load_payload(p: Position, nation: NationId, action: A.LoadPayload) -> None:
    n = p.state.nations[nation]
    n.money -= p.content.board.payload_costs[action.payload]
    n.payloads[action.row * p.content.board.cols + action.col] = action.payload
    p.emit(PayloadLoaded(nation=nation, payload=action.payload))


def do_book_payload(p: Position, nation: NationId, action: A.BookPayload) -> None:
    n = p.state.nations[nation]
    n.money -= p.content.board.payload_costs[action.payload]
    n.booked.append((action.mission, action.payload))
    p.emit(PayloadBooked(nation=nation, payload=action.payload, mission=action.mission))


def do_steal_test(p: Position, nation: NationId, action: A.StealTest) -> None:
    s = p.state
    s.nations[nation].test_steal -= 1
    usa, ussr = s.tests[action.risk]
    s.tests[action.risk] = (usa + 1, ussr - 1) if nation == "USA" else (usa - 1, ussr + 1)
    p.emit(StolenTestToken(nation=nation, risk=action.risk))


def do_steal_tech(p: Position, nation: NationId, action: A.StealTech) -> None:
    s = p.state
    n = s.nations[nation]
    victim = s.nations[other(nation)]
    n.tech_steal -= 1
    tile = victim.line[action.deck]
    assert tile is not None
    _refill_line(p, victim, action.deck)
    n.pending = ("place", tile, "steal")
    p.emit(TechStolen(nation=nation, tile=tile))


def do_install_module(p: Position, nation: NationId, action: A.InstallModule) -> None:
    s = p.state
    n = s.nations[nation]
    assert n.pending is not None
    module = n.pending[1]
    replaced = n.modules[action.slot]
    if replaced is not None:
        s.module_discard.append(replaced)
    n.modules[action.slot] = module
    n.pending = None
    p.emit(ModuleInstalled(nation=nation, module=module, slot=action.slot,
                           replaced=replaced, parameters=p.parameters(nation)))


def do_pass(p: Position, nation: NationId, action: A.PassEngineer) -> None:
    p.state.nations[nation].engineer_passed = True
    p.emit(EngineerPassed(nation=nation))


# The kinds of action this phase takes, each with its handler (game.rules.flow merges the
# tables of the phases).
HANDLERS = (
    handles(A.TakeFromLine, do_take_from_line),
    handles(A.Research, do_research),
    handles(A.KeepTile, do_keep_tile),
    handles(A.TakeFromPile, do_take_from_pile),
    handles(A.PlaceTile, do_place_tile),
    handles(A.LineToSuppliers, do_line_to_suppliers),
    handles(A.OrderModule, do_order_module),
    handles(A.Test, do_test),
    handles(A.RemoveSabotage, do_remove_sabotage),
    handles(A.LoadPayload, do_load_payload),
    handles(A.BookPayload, do_book_payload),
    handles(A.StealTest, do_steal_test),
    handles(A.StealTech, do_steal_tech),
    handles(A.InstallModule, do_install_module),
    handles(A.PassEngineer, do_pass),
)
