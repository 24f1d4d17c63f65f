"""What one seat may see: a pure function from the full state to a typed :class:`View`.

A team shares everything it knows (its members talk openly), so a seat sees its own
nation's hand, token kinds, cover cards and pending draws. Nobody sees the other nation's
hand or token kinds, any deck order, face-down Moon risks, or the random generator.
``seat=None`` gives the spectator view: public information only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from ..core import actions as A
from ..core.actions import Action
from ..core.blueprint import Cell, matched_pairs, module_satisfied, rocket_parameters
from ..core.content import MOON, Content
from ..core.names import NATIONS, NationId, Seat
from ..core.state import Nation, Stack
from .odds import split_odds
from .position import GameLike
from .records import (
    ActiveMission,
    Completed,
    Decision,
    HandCard,
    InstalledModule,
    Launch,
    ModuleView,
    MoonView,
    NationView,
    Parameters,
    Pending,
    PlacedTile,
    PlaceView,
    Research,
    RiskRange,
    RiskView,
    Split,
    StackView,
    SupplierSpace,
    TileView,
    Tokens,
    TokenView,
    View,
)
from .terms import nation_of


class Viewed(GameLike, Protocol):
    """What the view reads of a game (:class:`game.Game`): its state, content, rockets and
    whose moment it is."""

    def to_act(self) -> list[Seat]: ...


def _tile(content: Content, tile_id: str, rotation: int = 0) -> TileView:
    tile = content.tiles[tile_id]
    return TileView(id=tile_id, deck=tile.deck, centre=tile.centre,
                    edges="".join(tile.edges_at(rotation)), rotation=rotation)


def placed_tile(content: Content, cell: tuple[str, int], index: int, cols: int,
            payload: str | None) -> PlacedTile:
    tile_id, rotation = cell
    tile = content.tiles[tile_id]
    return PlacedTile(id=tile_id, deck=tile.deck, centre=tile.centre,
                      edges="".join(tile.edges_at(rotation)), rotation=rotation,
                      row=index // cols, col=index % cols, payload=payload)


def _risk(content: Content, risk_id: str, tests: tuple[int, int],
          rockets: dict[NationId, tuple[int, int, int, int]]) -> RiskView:
    """A face-up Risk card; each range says whether each nation's rocket (without its
    Adaptivity) meets that range's minimums."""
    risk = content.risks[risk_id]
    return RiskView(
        id=risk_id, name=risk.name, level=risk.level, flavour=risk.flavour,
        ranges=tuple(RiskRange(low=r.low, high=r.high, minimum=r.minimum,
                               meets={n: all(p >= m for p, m in zip(rockets[n][:3], r.minimum,
                                                                    strict=True))
                                      for n in NATIONS})
                     for r in risk.ranges),
        tests={"USA": tests[0], "USSR": tests[1]})


def _module(content: Content, module_id: str) -> ModuleView:
    module = content.modules[module_id]
    return ModuleView(id=module_id, name=module.name, region=module.region,
                      need=dict(module.need), bonus=Parameters(*module.bonus))


def _installed(content: Content, module_id: str, blueprint: list[Cell]) -> InstalledModule:
    module = content.modules[module_id]
    return InstalledModule(id=module_id, name=module.name, region=module.region,
                           need=dict(module.need), bonus=Parameters(*module.bonus),
                           cells=tuple(sorted(module.cells)),
                           active=module_satisfied(module, blueprint, content))


def _stack(content: Content, stack: Stack, viewer: NationId | None,
           owner: NationId) -> StackView:
    card = content.maneuver_card(stack.card)
    return StackView(
        card=stack.card, name=card.names[owner], flavour=card.flavour, levels=card.levels,
        level=stack.level, covered=stack.cover is not None,
        cover=stack.cover if viewer == owner else None,
        tokens=tuple(TokenView(nation=who, kind=kind if who == viewer else None)
                     for who, kind in stack.tokens),
        fate=stack.fate)


def _pending(content: Content, pending: tuple[str, ...] | None, own: bool) -> Pending | None:
    if pending is None:
        return None
    what = pending[0]
    if what == "keep":
        tiles = tuple(_tile(content, t) for t in pending[1:]) if own else ()
        return Pending(what=what, tiles=tiles, tile=None, source=None, module=None)
    if what == "place":
        return Pending(what=what, tiles=(), tile=_tile(content, pending[1]), source=pending[2],
                       module=None)
    return Pending(what=what, tiles=(), tile=None, source=None,
                   module=_module(content, pending[1]))


def _supplier(content: Content, price: int, item: str | None) -> SupplierSpace:
    if item is None:
        return SupplierSpace(price=price, tile=None, module=None)
    kind, ident = item.split(":", 1)
    if kind == "T":
        return SupplierSpace(price=price, tile=_tile(content, ident), module=None)
    return SupplierSpace(price=price, tile=None, module=_module(content, ident))


def _nation(game: Viewed, n: Nation, viewer: NationId | None,
            rockets: dict[NationId, tuple[int, int, int, int]]) -> NationView:
    content = game.content
    own = viewer == n.name
    cols = content.board.cols
    places = tuple(
        PlaceView(index=place.index, name=place.names[n.name], category=place.category,
                  effect=place.effect,
                  stack=None if (stack := n.stacks[place.index - 1]) is None
                  else _stack(content, stack, viewer, n.name))
        for place in content.places)
    modules = tuple(
        None if module_id is None else _installed(content, module_id, n.blueprint)
        for module_id in n.modules)
    hand = tuple(HandCard(id=card, name=content.maneuver_card(card).names[n.name],
                          levels=content.maneuver_card(card).levels)
                 for card in n.hand) if own else None  # the rival's: never built
    return NationView(
        name=n.name, popularity=n.popularity, budget=n.budget, money=n.money,
        hand=hand, hand_size=len(n.hand),
        deck_size=len(n.deck), discard=tuple(n.discard),
        tokens=Tokens(influence=n.influence, bluff=n.bluff) if own else None,
        tokens_left=n.influence + n.bluff, raised_influence=n.raised,
        places=places,
        launch=n.launch,
        blueprint=tuple(None if cell is None else
                        placed_tile(content, cell, i, cols, n.payloads.get(i))
                        for i, cell in enumerate(n.blueprint)),
        matches=tuple(matched_pairs(n.blueprint)),
        parameters=Parameters(*rockets[n.name]),
        modules=modules,
        line={d: None if t is None else _tile(content, t) for d, t in n.line.items()},
        suppliers=tuple(_supplier(content, price, item) for price, item
                        in zip(content.board.supplier_prices, n.suppliers, strict=True)),
        booked=tuple(n.booked),
        sabotage=n.sabotage, test_steal=n.test_steal, tech_steal=n.tech_steal,
        free_research=n.free_research,
        engineer_passed=n.engineer_passed, pending=_pending(content, n.pending, own),
        moon_path=tuple(_risk(content, r, game.state.tests.get(r, (0, 0)), rockets) if up
                        else None for r, up in zip(n.moon_path, n.moon_up, strict=True)),
        discussed=n.discussed)


def build_view(game: Viewed, seat: Seat | None) -> View:
    """What ``seat`` may see of ``game`` (``None``: a spectator)."""
    s = game.state
    content = game.content
    viewer = nation_of(seat) if seat else None
    rules = content.rulesets[s.ruleset]
    rockets = {name: rocket_parameters(s.nations[name].blueprint, s.nations[name].modules,
                                       content) for name in NATIONS}
    missions = tuple(
        ActiveMission(id=m.id, name=m.name, level=m.level, year=m.year, flavour=m.flavour,
                      payload=m.payload, reward=m.reward,
                      risks=tuple(_risk(content, r, s.tests.get(r, (0, 0)), rockets)
                                  for r in risks),
                      launching=tuple(nat for nat, at in s.launches if at == m.id))
        for m, risks in ((content.missions[mission_id], risks) for mission_id, risks in s.active))
    moon = content.missions[MOON]
    decision: Decision | None = None
    if s.decision is not None:
        what, nation, about = s.decision
        splits = (tuple(Split(split=split, odds=odds)
                        for split, odds in split_odds(game, nation, about))
                  if what == "adapt" else ())
        decision = Decision(what=what, nation=nation, about=about, splits=splits)
    return View(
        seat=seat,
        nation=viewer,
        ruleset=s.ruleset, ruleset_title=rules.title, players=s.players,
        pair=s.pair,
        round=s.round, phase=s.phase, first_player=s.first, turn=s.turn,
        to_act=tuple(game.to_act()),
        over=s.phase == "over", winner=s.winner, end_reason=s.end_reason,
        budget_gap_limit=rules.budget_gap, budget_gap_inclusive=rules.budget_gap_inclusive,
        test_bonus=rules.test_bonus, payload_tiles=rules.payload_tiles,
        popularity_max=content.board.popularity_max,
        nations={name: _nation(game, s.nations[name], viewer, rockets) for name in NATIONS},
        missions=missions,
        moon=MoonView(id=moon.id, name=moon.name, level=moon.level, year=moon.year,
                      flavour=moon.flavour, payload=moon.payload, reward=moon.reward,
                      on_display=rules.moon == "display",
                      gate_open=any(content.missions[m].level == 3 for m, _, _ in s.completed),
                      in_deck=bool(s.mission_decks.get(4))),
        mission_decks={str(level): len(deck) for level, deck in sorted(s.mission_decks.items())},
        completed=tuple(Completed(mission=m, name=content.missions[m].name,
                                  level=content.missions[m].level, nation=nat, round=rnd)
                        for m, nat, rnd in s.completed),
        research=Research(
            decks={d: len(v) for d, v in s.tile_decks.items()},
            pile=tuple(_tile(content, t) for t in s.research_pile),
            module_row=tuple(None if m is None else _module(content, m) for m in s.module_row),
            module_deck=len(s.module_deck),
            lost_tiles=tuple(s.lost_tiles),
            module_discard=tuple(s.module_discard)),
        risk_decks={str(k): len(v) for k, v in sorted(s.risk_decks.items())},
        risk_discards={str(k): tuple(v) for k, v in sorted(s.risk_discards.items())},
        launches=tuple(Launch(nation=nat, mission=m) for nat, m in s.launches),
        launch_step=s.launch_step,
        decision=decision,
        evaluator=s.evaluator,
        support_tokens=s.support,
        passes=s.passes,
        moon_winners=tuple(s.moon_winners),
        costs=dict(content.board.costs), payload_costs=dict(content.board.payload_costs),
        supplier_prices=tuple(content.board.supplier_prices),
        penalties=dict(content.board.penalties))


def secret_choice(actions: Sequence[Action]) -> str:
    """What a decision among ``actions`` must show that only its nation may see: "research"
    (the two tiles a Research draw offers: the options themselves), "mine" (the Politician's
    hand or the kinds of its tokens: a Maneuver card to play, a token to place, a hand card
    to cover an escalated stack with), or "" (every option is public)."""
    if any(isinstance(a, A.KeepTile) for a in actions):
        return "research"
    if any(isinstance(a, A.PlayManeuver | A.PlaceToken) or
           (isinstance(a, A.Escalate) and a.card) for a in actions):
        return "mine"
    return ""


def secrets_hidden(own: View, public: View) -> View:
    """``own`` (a seat's view) as a screen shared with the other nation's people shows it
    until the seat's player asks for their secrets: everything ``public`` (the spectator
    view of the same moment) shows, named for the seat, so its nation's hand, token kinds,
    cover cards and a pending Research draw stay off the screen."""
    return replace(public, seat=own.seat, nation=own.nation)
