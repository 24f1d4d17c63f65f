"""Information states: rebuild a full engine :class:`Game` from one seat's view.

:func:`determinize` samples everything the seat cannot see, uniformly among the
possibilities the view leaves open: the rival's hand and cover cards, the kinds of the
rival's tokens, every deck's contents and order, face-down Moon risks, the tiles of a rival's
undecided Research, and the random generator's seed. The result is a legal engine state whose
view for the same seat equals the input view exactly.

It sits above the engine and below the AI: the AI's search samples its worlds with it, and
:mod:`game.analysis.sampled` (warnings and hints) its games.
"""

from __future__ import annotations

import random
from typing import Any

from ..core.content import MOON, NATIONS, TECH_DECKS, load_content
from ..core.rng import Rng
from ..core.state import Nation, Stack, State, Token
from ..engine import Game


def _ids(items: list[Any]) -> list[str]:
    return [item["id"] for item in items if item is not None]


def _shuffled(items: list[str], rng: random.Random) -> list[str]:
    out = sorted(items)
    rng.shuffle(out)
    return out


def _opponent_tokens(view: dict[str, Any], nation: str, rng: random.Random
                     ) -> tuple[int, int, dict[tuple[str, int, int], str]]:
    """Sample the rival's unplaced (influence, bluff) and the kind of each placed token.

    This round the rival held ``4 + raised`` Influence and ``4 (+1 as First Player)`` Bluff.
    Tokens on stacks laid this round (no cover) were placed this round; the rest of this
    round's placed tokens sit somewhere on older (covered) stacks, whose other tokens come
    from earlier rounds and are sampled half and half.
    """
    board = load_content().board.start
    nv = view["nations"][nation]
    left = nv["tokens_left"]
    phase = view["phase"]
    if phase in ("discussion", "maneuvers", "politics", "engineering", "launches",
                 "administration") and view["round"] >= 1:
        influence = board["influence"] + nv["raised_influence"]
        bluff = board["bluff"] + (board["first_player_bluff"]
                                  if view["first_player"] == nation else 0)
    else:
        influence, bluff = 0, 0
    total = influence + bluff
    placed = max(0, total - left)
    positions_new: list[tuple[str, int, int]] = []
    positions_old: list[tuple[str, int, int]] = []
    for board_nation in NATIONS:
        for place in view["nations"][board_nation]["places"]:
            stack = place["stack"]
            if stack is None:
                continue
            for i, token in enumerate(stack["tokens"]):
                if token["nation"] == nation:
                    key = (board_nation, place["index"], i)
                    (positions_old if stack["covered"] else positions_new).append(key)
    if total < left or placed < len(positions_new) or placed > len(positions_new) + len(
            positions_old):
        # Inconsistent with a fresh supply (cannot happen in a real game): sample freely.
        kinds: dict[tuple[str, int, int], str] = {
            key: rng.choice(("influence", "bluff")) for key in positions_new + positions_old}
        inf_left = rng.randint(0, left)
        return inf_left, left - inf_left, kinds
    supply = ["influence"] * influence + ["bluff"] * bluff
    rng.shuffle(supply)
    used, remaining = supply[:placed], supply[placed:]
    old_this_round = rng.sample(positions_old, placed - len(positions_new))
    kinds = {}
    for key, kind in zip(positions_new + old_this_round, used, strict=True):
        kinds[key] = kind
    for key in positions_old:
        if key not in kinds:
            kinds[key] = rng.choice(("influence", "bluff"))
    inf_left = remaining.count("influence")
    return inf_left, len(remaining) - inf_left, kinds


def determinize(view: dict[str, Any], rng: random.Random) -> Game:
    """A full engine game consistent with ``view``, hidden parts sampled from ``rng``."""
    content = load_content()
    rules = content.rulesets[view["ruleset"]]
    me: str | None = view["nation"]
    s = State(view["ruleset"], view["players"], view["pair"], Rng(rng.getrandbits(63)))
    s.round = view["round"]
    s.phase = view["phase"]
    s.first = view["first_player"]
    s.turn = view["turn"]
    s.passes = view["passes"]
    s.support = view["support_tokens"]
    s.active = [(m["id"], tuple(r["id"] for r in m["risks"])) for m in view["missions"]]
    s.completed = [(c["mission"], c["nation"], c["round"]) for c in view["completed"]]
    s.risk_discards = {int(k): tuple(v) for k, v in view["risk_discards"].items()}
    research = view["research"]
    s.research_pile = _ids(research["pile"])
    s.lost_tiles = research["lost_tiles"][:]
    s.module_row = [None if m is None else m["id"] for m in research["module_row"]]
    s.module_discard = research["module_discard"][:]
    s.launches = [(x["nation"], x["mission"]) for x in view["launches"]]
    s.launch_step = view["launch_step"]
    d = view["decision"]
    s.decision = (d["what"], d["nation"], d["about"]) if d is not None else None
    s.evaluator = view["evaluator"]
    s.moon_winners = view["moon_winners"][:]
    s.winner = view["winner"]
    s.end_reason = view["end_reason"]

    # ---- tests on visible risks
    for m in view["missions"]:
        for r in m["risks"]:
            s.tests[r["id"]] = (r["tests"]["USA"], r["tests"]["USSR"])
    for name in NATIONS:
        for r in view["nations"][name]["moon_path"]:
            if r is not None:
                s.tests[r["id"]] = (r["tests"]["USA"], r["tests"]["USSR"])

    # ---- missions
    active_ids = {m for m, _ in s.active}
    done_ids = {m for m, _, _ in s.completed}
    for key, size in view["mission_decks"].items():
        level = int(key)
        if level == 4:
            s.mission_decks[4] = (MOON,) if size else ()
            continue
        pool = [m.id for m in content.missions.values() if m.level == level
                and m.id not in active_ids and m.id not in done_ids]
        s.mission_decks[level] = tuple(_shuffled(pool, rng)[:size])

    # ---- risks: everything not visible is in a deck or face down on a Moon path
    seen_risks: set[str] = {r for _, path in s.active for r in path}
    for pile in s.risk_discards.values():
        seen_risks.update(pile)
    for name in NATIONS:
        seen_risks.update(r["id"] for r in view["nations"][name]["moon_path"] if r is not None)
    unseen: dict[int, list[str]] = {}
    for level in range(4):
        unseen[level] = _shuffled([r.id for r in content.risks.values()
                                   if r.level == level and r.id not in seen_risks], rng)
    moon_paths: dict[str, list[str]] = {}
    for name in NATIONS:
        path = []
        for r in view["nations"][name]["moon_path"]:
            path.append(r["id"] if r is not None else unseen[3].pop())
        moon_paths[name] = path
    for key, size in view["risk_decks"].items():
        level = int(key)
        s.risk_decks[level] = tuple(unseen[level][:size])

    # ---- tiles
    visible_tiles: list[str] = s.research_pile + s.lost_tiles
    modules_seen: list[str] = [m for m in s.module_row if m] + s.module_discard
    hidden_keep: dict[str, int] = {}  # rival nation -> 2 if it owes a "keep" decision
    for name in NATIONS:
        nv = view["nations"][name]
        visible_tiles += _ids(nv["blueprint"])
        visible_tiles += [t["id"] for t in nv["line"].values() if t is not None]
        for entry in nv["suppliers"]:
            item = entry["item"]
            if item is None:
                continue
            if "module" in item:
                modules_seen.append(item["module"])
            else:
                visible_tiles.append(item["id"])
        modules_seen += [m["id"] for m in nv["modules"] if m is not None]
        pending = nv["pending"]
        if pending is not None:
            if pending["what"] == "keep":
                if "tiles" in pending:
                    visible_tiles += _ids(pending["tiles"])
                else:
                    hidden_keep[name] = 2
            elif pending["what"] == "place":
                visible_tiles.append(pending["tile"]["id"])
            else:
                modules_seen.append(pending["module"]["id"])
    seen_tiles = set(visible_tiles)
    deck_sizes: dict[str, int] = research["decks"]
    drawn_hidden: list[str] = []  # unseen tiles that are not in a deck: a rival's Research
    for deck in TECH_DECKS:
        if deck == "P" and not rules.payload_tiles:
            s.tile_decks[deck] = ()
            continue
        pool = _shuffled([t.id for t in content.tiles.values()
                          if t.deck == deck and t.id not in seen_tiles], rng)
        size = deck_sizes.get(deck, 0)
        s.tile_decks[deck] = tuple(pool[:size])
        drawn_hidden += pool[size:]
    rng.shuffle(drawn_hidden)
    seen_modules = set(modules_seen)
    s.module_deck = _shuffled([m for m in content.modules if m not in seen_modules], rng)
    s.module_deck = s.module_deck[:research["module_deck"]]

    # ---- nations
    for name in NATIONS:
        nv = view["nations"][name]
        own = name == me
        n = Nation(name)
        n.popularity = nv["popularity"]
        n.budget = nv["budget"]
        n.money = nv["money"]
        n.discard = nv["discard"][:]
        n.raised = nv["raised_influence"]
        n.launch = nv["launch"]
        n.discussed = nv["discussed"]
        # Maneuver cards
        all_cards = [f"{name}:{key}" for key in content.maneuvers]
        known: list[str] = n.discard[:]
        for place in nv["places"]:
            stack = place["stack"]
            if stack is not None:
                known.append(stack["card"])
                if own and stack["cover"]:
                    known.append(stack["cover"])
        if own:
            n.hand = nv["hand"][:]
            known += n.hand
        pool = [c for c in all_cards if c not in known]
        pool = _shuffled(pool, rng)
        if not own:
            n.hand = sorted(pool[:nv["hand_size"]])
            pool = pool[nv["hand_size"]:]
        stacks: list[Stack | None] = []
        for place in nv["places"]:
            sv = place["stack"]
            if sv is None:
                stacks.append(None)
                continue
            cover: str | None = None
            if sv["covered"]:
                cover = sv["cover"] if own else pool.pop()
            stacks.append(Stack(sv["card"], cover, sv["level"], [], sv["fate"]))
        n.deck = pool[:nv["deck_size"]]
        n.stacks = stacks
        # Tokens on stacks are filled in below, once both nations exist.
        if own:
            n.influence, n.bluff = nv["tokens"]["influence"], nv["tokens"]["bluff"]
        # Engineer
        cols = content.board.cols
        n.blueprint = [None if c is None else (c["id"], c["rotation"])
                       for c in nv["blueprint"]]
        n.payloads = {c["row"] * cols + c["col"]: c["payload"] for c in nv["blueprint"]
                      if c is not None and c["payload"] is not None}
        n.booked = [(b[0], b[1]) for b in nv["booked"]]
        n.modules = [None if m is None else m["id"] for m in nv["modules"]]
        n.line = {k: (None if t is None else t["id"]) for k, t in nv["line"].items()}
        n.suppliers = []
        for entry in nv["suppliers"]:
            item = entry["item"]
            if item is None:
                n.suppliers.append(None)
            elif "module" in item:
                n.suppliers.append(f"M:{item['module']}")
            else:
                n.suppliers.append(f"T:{item['id']}")
        n.sabotage = nv["sabotage"]
        n.test_steal = nv["test_steal"]
        n.tech_steal = nv["tech_steal"]
        n.free_research = nv["free_research"]
        n.engineer_passed = nv["engineer_passed"]
        pending = nv["pending"]
        if pending is None:
            n.pending = None
        elif pending["what"] == "keep":
            if "tiles" in pending:
                n.pending = ("keep", *_ids(pending["tiles"]))
            else:
                n.pending = ("keep", drawn_hidden.pop(), drawn_hidden.pop())
        elif pending["what"] == "place":
            n.pending = ("place", pending["tile"]["id"], pending["source"])
        else:
            n.pending = ("module", pending["module"]["id"])
        n.moon_path = moon_paths[name]
        n.moon_up = [r is not None for r in nv["moon_path"]]
        s.nations[name] = n

    # ---- token kinds
    hidden_kinds: dict[str, dict[tuple[str, int, int], str]] = {}
    for name in NATIONS:
        if name == me:
            continue
        inf_left, bluff_left, kinds = _opponent_tokens(view, name, rng)
        s.nations[name].influence, s.nations[name].bluff = inf_left, bluff_left
        hidden_kinds[name] = kinds
    for board_nation in NATIONS:
        for place in view["nations"][board_nation]["places"]:
            sv = place["stack"]
            if sv is None:
                continue
            stack = s.nations[board_nation].stacks[place["index"] - 1]
            assert stack is not None
            tokens: list[Token] = []
            for i, token in enumerate(sv["tokens"]):
                kind = token["kind"]
                if kind is None:
                    kind = hidden_kinds.get(token["nation"], {}).get(
                        (board_nation, place["index"], i), "bluff")
                tokens.append((token["nation"], kind))
            stack.tokens = tokens
    return Game(s, rng.getrandbits(31), [])
