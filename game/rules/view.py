"""What one seat may see: a pure function from the full state to a JSON-safe dict.

A team shares everything it knows (its members talk openly), so a seat sees its own
nation's hand, token kinds, cover cards and pending draws. Nobody sees the other nation's
hand or token kinds, any deck order, face-down Moon risks, or the random generator.
``seat=None`` gives the spectator view: public information only.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..core.blueprint import matched_pairs, module_satisfied, rocket_parameters
from ..core.content import MOON, NATIONS, Content
from ..core.effects import describe_effect
from ..core.state import Nation, Stack
from .odds import split_odds
from .position import GameLike


class Viewed(GameLike, Protocol):
    """What the view reads of a game (:class:`game.Game`): its state, content, rockets and
    whose moment it is."""

    def to_act(self) -> list[str]: ...


def _tile(content: Content, tile_id: str | None, rotation: int = 0) -> dict[str, Any] | None:
    if tile_id is None:
        return None
    tile = content.tiles[tile_id]
    return {"id": tile_id, "deck": tile.deck, "centre": tile.centre,
            "edges": "".join(tile.edges_at(rotation)), "rotation": rotation}


def _risk(content: Content, risk_id: str, tests: tuple[int, int],
          rockets: dict[str, tuple[int, int, int, int]]) -> dict[str, Any]:
    """A face-up Risk card; each range says whether each nation's rocket (without its
    Adaptivity) meets that range's minimums."""
    risk = content.risks[risk_id]
    return {
        "id": risk_id, "name": risk.name, "level": risk.level, "flavour": risk.flavour,
        "ranges": [{"from": r.low, "to": r.high, "S": r.minimum[0], "E": r.minimum[1],
                    "C": r.minimum[2],
                    "meets": {n: all(p >= m for p, m in zip(rockets[n][:3], r.minimum,
                                                            strict=True))
                              for n in NATIONS}}
                   for r in risk.ranges],
        "tests": {"USA": tests[0], "USSR": tests[1]},
    }


def _mission(content: Content, mission_id: str) -> dict[str, Any]:
    m = content.missions[mission_id]
    return {"id": m.id, "name": m.name, "level": m.level, "year": m.year,
            "flavour": m.flavour, "payload": m.payload, "reward": m.reward.to_dict(),
            "reward_text": describe_effect(m.reward)}


def _stack(content: Content, stack: Stack, viewer: str | None, owner: str) -> dict[str, Any]:
    card = content.maneuver_card(stack.card)
    return {
        "card": stack.card, "name": card.names[owner], "flavour": card.flavour,
        "levels": [lv.to_dict() for lv in card.levels],
        "levels_text": [describe_effect(lv) for lv in card.levels],
        "level": stack.level, "covered": stack.cover is not None,
        "cover": stack.cover if viewer == owner else None,
        "tokens": [{"nation": who, "kind": kind if who == viewer else None}
                   for who, kind in stack.tokens],
        "fate": stack.fate,
    }


def _nation(game: Viewed, n: Nation, viewer: str | None,
            rockets: dict[str, tuple[int, int, int, int]]) -> dict[str, Any]:
    content = game.content
    own = viewer == n.name
    cols = content.board.cols
    params = rockets[n.name]
    pending: dict[str, Any] | None = None
    if n.pending is not None:
        what = n.pending[0]
        pending = {"what": what}
        if own or what != "keep":
            if what == "keep":
                pending["tiles"] = [_tile(content, t) for t in n.pending[1:]]
            elif what == "place":
                pending["tile"] = _tile(content, n.pending[1])
                pending["source"] = n.pending[2]
            else:
                module = content.modules[n.pending[1]]
                pending["module"] = {"id": module.id, "name": module.name}
    places = []
    for place in content.places:
        stack = n.stacks[place.index - 1]
        places.append({
            "index": place.index, "name": place.names[n.name], "category": place.category,
            "effect": place.effect.to_dict(), "effect_text": describe_effect(place.effect),
            "stack": _stack(content, stack, viewer, n.name) if stack is not None else None,
        })
    modules: list[dict[str, Any] | None] = []
    for module_id in n.modules:
        if module_id is None:
            modules.append(None)
            continue
        module = content.modules[module_id]
        modules.append({"id": module_id, "name": module.name, "region": module.region,
                        "cells": sorted(module.cells), "need": dict(module.need),
                        "bonus": dict(zip(("S", "E", "C", "adapt"), module.bonus,
                                          strict=True)),
                        "active": module_satisfied(module, n.blueprint, content)})
    suppliers = []
    for price, item in zip(content.board.supplier_prices, n.suppliers, strict=True):
        entry: dict[str, Any] = {"price": price, "item": None}
        if item is not None:
            kind, ident = item.split(":", 1)
            entry["item"] = (_tile(content, ident) if kind == "T" else
                             {"module": ident, "name": content.modules[ident].name})
        suppliers.append(entry)
    return {
        "name": n.name,
        "popularity": n.popularity, "budget": n.budget, "money": n.money,
        "hand": n.hand[:] if own else None, "hand_size": len(n.hand),
        "hand_cards": [{"id": card, "name": content.maneuver_card(card).names[n.name],
                        "levels_text": [describe_effect(lv)
                                        for lv in content.maneuver_card(card).levels]}
                       for card in n.hand] if own else None,
        "deck_size": len(n.deck), "discard": n.discard[:],
        "tokens": {"influence": n.influence, "bluff": n.bluff} if own else None,
        "tokens_left": n.influence + n.bluff, "raised_influence": n.raised,
        "places": places,
        "launch": n.launch,
        "blueprint": [
            None if cell is None else {**(_tile(content, cell[0], cell[1]) or {}),
                                       "row": i // cols, "col": i % cols,
                                       "payload": n.payloads.get(i)}
            for i, cell in enumerate(n.blueprint)],
        "matches": [list(m) for m in matched_pairs(n.blueprint)],
        "parameters": {"S": params[0], "E": params[1], "C": params[2], "adapt": params[3]},
        "modules": modules,
        "line": {d: _tile(content, t) for d, t in n.line.items()},
        "suppliers": suppliers,
        "booked": [list(b) for b in n.booked],
        "sabotage": n.sabotage, "test_steal": n.test_steal, "tech_steal": n.tech_steal,
        "free_research": n.free_research,
        "engineer_passed": n.engineer_passed, "pending": pending,
        "moon_path": [_risk(content, r, game.state.tests.get(r, (0, 0)), rockets) if up else None
                      for r, up in zip(n.moon_path, n.moon_up, strict=True)],
        "discussed": n.discussed,
    }


def build_view(game: Viewed, seat: str | None) -> dict[str, Any]:
    """The JSON-safe view of ``game`` for ``seat`` (``None``: a spectator)."""
    s = game.state
    content = game.content
    viewer = seat.split(".")[0] if seat else None
    rules = content.rulesets[s.ruleset]
    rockets = {name: rocket_parameters(s.nations[name].blueprint, s.nations[name].modules,
                                       content) for name in NATIONS}
    missions = []
    for mission_id, risks in s.active:
        entry = _mission(content, mission_id)
        entry["risks"] = [_risk(content, r, s.tests.get(r, (0, 0)), rockets) for r in risks]
        entry["launching"] = [nat for nat, m in s.launches if m == mission_id]
        missions.append(entry)
    decision: dict[str, Any] | None = None
    if s.decision is not None:
        what, nation, about = s.decision
        decision = {"what": what, "nation": nation, "about": about}
        if what == "adapt":
            decision["splits"] = [{"split": list(split), "odds": odds}
                                  for split, odds in split_odds(game, nation, about)]
    return {
        "seat": seat,
        "nation": viewer,
        "ruleset": s.ruleset, "ruleset_title": rules.title, "players": s.players,
        "pair": s.pair,
        "round": s.round, "phase": s.phase, "first_player": s.first, "turn": s.turn,
        "to_act": game.to_act(),
        "over": s.phase == "over", "winner": s.winner, "end_reason": s.end_reason,
        "budget_gap_limit": rules.budget_gap, "budget_gap_inclusive": rules.budget_gap_inclusive,
        "test_bonus": rules.test_bonus, "payload_tiles": rules.payload_tiles,
        "popularity_max": content.board.popularity_max,
        "nations": {name: _nation(game, s.nations[name], viewer, rockets) for name in NATIONS},
        "missions": missions,
        "moon": {**_mission(content, MOON), "on_display": rules.moon == "display",
                 "gate_open": any(content.missions[m].level == 3 for m, _, _ in s.completed),
                 "in_deck": bool(s.mission_decks.get(4))},
        "mission_decks": {str(level): len(deck) for level, deck in sorted(s.mission_decks.items())},
        "completed": [{"mission": m, "name": content.missions[m].name,
                       "level": content.missions[m].level, "nation": nat, "round": rnd}
                      for m, nat, rnd in s.completed],
        "research": {
            "decks": {d: len(v) for d, v in s.tile_decks.items()},
            "pile": [_tile(content, t) for t in s.research_pile],
            "module_row": [None if m is None else
                           {"id": m, "name": content.modules[m].name,
                            "region": content.modules[m].region,
                            "need": dict(content.modules[m].need),
                            "bonus": dict(zip(("S", "E", "C", "adapt"),
                                              content.modules[m].bonus, strict=True))}
                           for m in s.module_row],
            "module_deck": len(s.module_deck),
            "lost_tiles": s.lost_tiles[:],
            "module_discard": s.module_discard[:],
        },
        "risk_decks": {str(k): len(v) for k, v in sorted(s.risk_decks.items())},
        "risk_discards": {str(k): v[:] for k, v in sorted(s.risk_discards.items())},
        "launches": [{"nation": nat, "mission": m} for nat, m in s.launches],
        "launch_step": s.launch_step,
        "decision": decision,
        "evaluator": s.evaluator,
        "support_tokens": s.support,
        "passes": s.passes,
        "moon_winners": s.moon_winners[:],
        "costs": dict(content.board.costs), "payload_costs": dict(content.board.payload_costs),
        "supplier_prices": list(content.board.supplier_prices),
        "penalties": dict(content.board.penalties),
    }
