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
from collections.abc import Iterable

from ..core.content import MOON, TECH_DECKS, TOKEN_KINDS, Content, load_content
from ..core.names import NATIONS, NationId
from ..core.rng import Rng
from ..core.state import Nation, Stack, State, Token
from ..engine import Game
from ..rules.records import (
    ModuleView,
    NationView,
    Pending,
    RiskView,
    SupplierSpace,
    TileView,
    View,
)

Position = tuple[str, int, int]  # (board nation, place index, token's index on the stack)


def _ids(items: Iterable[TileView | ModuleView | RiskView | None]) -> list[str]:
    return [item.id for item in items if item is not None]


def _shuffled(items: list[str], rng: random.Random) -> list[str]:
    out = sorted(items)
    rng.shuffle(out)
    return out


def _token_positions(view: View, nation: NationId) -> tuple[list[Position], list[Position]]:
    """Where ``nation``'s tokens lie: on stacks laid this round (no cover yet), and on older
    (covered) stacks."""
    new: list[Position] = []
    old: list[Position] = []
    for board_nation in NATIONS:
        for place in view.nations[board_nation].places:
            stack = place.stack
            if stack is None:
                continue
            for i, token in enumerate(stack.tokens):
                if token.nation == nation:
                    (old if stack.covered else new).append((board_nation, place.index, i))
    return new, old


def _opponent_tokens(view: View, nation: NationId, rng: random.Random
                     ) -> tuple[int, int, dict[Position, str]]:
    """Sample the rival's unplaced (influence, bluff) and the kind of each placed token.

    This round the rival held ``4 + raised`` Influence and ``4 (+1 as First Player)`` Bluff.
    Tokens on stacks laid this round (no cover) were placed this round; the rest of this
    round's placed tokens sit somewhere on older (covered) stacks, whose other tokens come
    from earlier rounds and are sampled half and half.
    """
    board = load_content().board.start
    nv = view.nations[nation]
    left = nv.tokens_left
    if view.phase in ("discussion", "maneuvers", "politics", "engineering", "launches",
                      "administration") and view.round >= 1:
        influence = board["influence"] + nv.raised_influence
        bluff = board["bluff"] + (board["first_player_bluff"]
                                  if view.first_player == nation else 0)
    else:
        influence, bluff = 0, 0
    total = influence + bluff
    placed = max(0, total - left)
    positions_new, positions_old = _token_positions(view, nation)
    if total < left or placed < len(positions_new) or placed > len(positions_new) + len(
            positions_old):
        # Inconsistent with a fresh supply (cannot happen in a real game): sample freely.
        kinds: dict[Position, str] = {
            key: rng.choice(TOKEN_KINDS) for key in positions_new + positions_old}
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
            kinds[key] = rng.choice(TOKEN_KINDS)
    inf_left = remaining.count("influence")
    return inf_left, len(remaining) - inf_left, kinds


def _copy_public(s: State, view: View) -> None:
    """The parts of the state every seat sees as they are."""
    s.round = view.round
    s.phase = view.phase
    s.first = view.first_player
    s.turn = view.turn
    s.passes = view.passes
    s.support = view.support_tokens
    s.active = [(m.id, tuple(r.id for r in m.risks)) for m in view.missions]
    s.completed = [(c.mission, c.nation, c.round) for c in view.completed]
    s.risk_discards = {int(k): v for k, v in view.risk_discards.items()}
    research = view.research
    s.research_pile = _ids(research.pile)
    s.lost_tiles = list(research.lost_tiles)
    s.module_row = [None if m is None else m.id for m in research.module_row]
    s.module_discard = list(research.module_discard)
    s.launches = [(x.nation, x.mission) for x in view.launches]
    s.launch_step = view.launch_step
    d = view.decision
    s.decision = (d.what, d.nation, d.about) if d is not None else None
    s.evaluator = view.evaluator
    s.moon_winners = list(view.moon_winners)
    s.winner = view.winner
    s.end_reason = view.end_reason


def _copy_tests(s: State, view: View) -> None:
    """The test tokens on every face-up Risk."""
    for m in view.missions:
        for r in m.risks:
            s.tests[r.id] = (r.tests["USA"], r.tests["USSR"])
    for name in NATIONS:
        for face_up in view.nations[name].moon_path:
            if face_up is not None:
                s.tests[face_up.id] = (face_up.tests["USA"], face_up.tests["USSR"])


def _deal_missions(s: State, view: View, content: Content, rng: random.Random) -> None:
    """Each Mission deck: the Missions of its level neither on display nor done."""
    out = {m for m, _ in s.active} | {m for m, _, _ in s.completed}
    for key, size in view.mission_decks.items():
        level = int(key)
        if level == 4:
            s.mission_decks[4] = (MOON,) if size else ()
            continue
        pool = [m.id for m in content.missions.values() if m.level == level and m.id not in out]
        s.mission_decks[level] = tuple(_shuffled(pool, rng)[:size])


def _deal_risks(s: State, view: View, content: Content, rng: random.Random
                ) -> dict[NationId, list[str]]:
    """Every Risk not visible goes to a deck or face down on a Moon path; the Moon paths,
    by nation."""
    seen: set[str] = {r for _, path in s.active for r in path}
    for pile in s.risk_discards.values():
        seen.update(pile)
    for name in NATIONS:
        seen.update(_ids(view.nations[name].moon_path))
    unseen = {level: _shuffled([r.id for r in content.risks.values()
                                if r.level == level and r.id not in seen], rng)
              for level in range(4)}
    moon_paths = {name: [r.id if r is not None else unseen[3].pop()
                         for r in view.nations[name].moon_path] for name in NATIONS}
    for key, size in view.risk_decks.items():
        s.risk_decks[int(key)] = tuple(unseen[int(key)][:size])
    return moon_paths


def _seen_tiles_and_modules(view: View) -> tuple[set[str], set[str]]:
    """The ids of every tile and every module ``view`` shows."""
    research = view.research
    tiles = _ids(research.pile) + list(research.lost_tiles)
    modules = _ids(research.module_row) + list(research.module_discard)
    for name in NATIONS:
        nv = view.nations[name]
        tiles += _ids(nv.blueprint) + _ids(nv.line.values())
        tiles += _ids(space.tile for space in nv.suppliers)
        modules += _ids(space.module for space in nv.suppliers) + _ids(nv.modules)
        if nv.pending is not None:  # a rival's keep shows no tiles
            tiles += _ids((*nv.pending.tiles, nv.pending.tile))
            modules += _ids((nv.pending.module,))
    return set(tiles), set(modules)


def _deal_tiles(s: State, view: View, content: Content, rng: random.Random) -> list[str]:
    """The tile and module decks from what nobody sees; the unseen tiles left over (drawn by
    a rival's undecided Research), shuffled."""
    seen_tiles, seen_modules = _seen_tiles_and_modules(view)
    drawn_hidden: list[str] = []
    for deck in TECH_DECKS:
        if deck == "P" and not view.payload_tiles:
            s.tile_decks[deck] = ()
            continue
        pool = _shuffled([t.id for t in content.tiles.values()
                          if t.deck == deck and t.id not in seen_tiles], rng)
        size = view.research.decks.get(deck, 0)
        s.tile_decks[deck] = tuple(pool[:size])
        drawn_hidden += pool[size:]
    rng.shuffle(drawn_hidden)
    s.module_deck = _shuffled([m for m in content.modules if m not in seen_modules], rng)
    s.module_deck = s.module_deck[:view.research.module_deck]
    return drawn_hidden


def _deal_maneuvers(n: Nation, nv: NationView, own: bool, content: Content,
                    rng: random.Random) -> None:
    """A nation's hand, deck and stacks: the rival's hand, deck and covers from the cards
    nobody has seen (tokens come later, once both nations exist)."""
    known = list(nv.discard)
    for place in nv.places:
        if place.stack is not None:
            known.append(place.stack.card)
            if own and place.stack.cover:
                known.append(place.stack.cover)
    hand = None if nv.hand is None else [card.id for card in nv.hand]
    known += hand or []
    all_cards = [f"{n.name}:{key}" for key in content.maneuvers]
    pool = _shuffled([card for card in all_cards if card not in known], rng)
    if hand is None:
        hand, pool = sorted(pool[:nv.hand_size]), pool[nv.hand_size:]
    n.hand = hand
    stacks: list[Stack | None] = []
    for place in nv.places:
        sv = place.stack
        if sv is None:
            stacks.append(None)
            continue
        cover = (sv.cover if own else pool.pop()) if sv.covered else None
        stacks.append(Stack(sv.card, cover, sv.level, [], sv.fate))
    n.deck = pool[:nv.deck_size]
    n.stacks = stacks


def _supplier(space: SupplierSpace) -> str | None:
    if space.module is not None:
        return f"M:{space.module.id}"
    return None if space.tile is None else f"T:{space.tile.id}"


def _pending(pending: Pending | None, own: bool, drawn_hidden: list[str]
             ) -> tuple[str, ...] | None:
    """The Engineer's pending decision; a rival's keep draws two of the hidden tiles."""
    if pending is None:
        return None
    if pending.what == "keep":
        if own:
            return (pending.what, *_ids(pending.tiles))
        return (pending.what, drawn_hidden.pop(), drawn_hidden.pop())
    if pending.tile is not None and pending.source is not None:
        return (pending.what, pending.tile.id, pending.source)
    if pending.module is not None:
        return (pending.what, pending.module.id)
    raise ValueError(f"a pending {pending.what!r} without its tile or module")


def _copy_engineer(n: Nation, nv: NationView, cols: int) -> None:
    """The Engineer's side of a nation, all of it public."""
    n.blueprint = [None if c is None else (c.id, c.rotation) for c in nv.blueprint]
    n.payloads = {c.row * cols + c.col: c.payload for c in nv.blueprint
                  if c is not None and c.payload is not None}
    n.booked = list(nv.booked)
    n.modules = [None if m is None else m.id for m in nv.modules]
    n.line = {k: (None if t is None else t.id) for k, t in nv.line.items()}
    n.suppliers = [_supplier(space) for space in nv.suppliers]
    n.sabotage = nv.sabotage
    n.test_steal = nv.test_steal
    n.tech_steal = nv.tech_steal
    n.free_research = nv.free_research
    n.engineer_passed = nv.engineer_passed


def _nation(nv: NationView, own: bool, content: Content, rng: random.Random,
            moon_path: list[str], drawn_hidden: list[str]) -> Nation:
    n = Nation(nv.name)
    n.popularity = nv.popularity
    n.budget = nv.budget
    n.money = nv.money
    n.discard = list(nv.discard)
    n.raised = nv.raised_influence
    n.launch = nv.launch
    n.discussed = nv.discussed
    _deal_maneuvers(n, nv, own, content, rng)
    if nv.tokens is not None:  # the rival's are sampled once both nations exist
        n.influence, n.bluff = nv.tokens.influence, nv.tokens.bluff
    _copy_engineer(n, nv, content.board.cols)
    n.pending = _pending(nv.pending, own, drawn_hidden)
    n.moon_path = moon_path
    n.moon_up = [r is not None for r in nv.moon_path]
    return n


def _place_tokens(s: State, view: View, me: str | None, rng: random.Random) -> None:
    """Each rival's unplaced tokens and the kinds of its placed ones, then every stack's
    tokens."""
    hidden_kinds: dict[str, dict[Position, str]] = {}
    for name in NATIONS:
        if name == me:
            continue
        inf_left, bluff_left, kinds = _opponent_tokens(view, name, rng)
        s.nations[name].influence, s.nations[name].bluff = inf_left, bluff_left
        hidden_kinds[name] = kinds
    for board_nation in NATIONS:
        for place in view.nations[board_nation].places:
            if place.stack is None:
                continue
            stack = s.nations[board_nation].stacks[place.index - 1]
            assert stack is not None  # made by _deal_maneuvers from the same place
            tokens: list[Token] = []
            for i, token in enumerate(place.stack.tokens):
                kind = token.kind
                if kind is None:
                    kind = hidden_kinds.get(token.nation, {}).get(
                        (board_nation, place.index, i), "bluff")
                tokens.append((token.nation, kind))
            stack.tokens = tokens


def determinize(view: View, rng: random.Random) -> Game:
    """A full engine game consistent with ``view``, hidden parts sampled from ``rng``.

    The steps draw from ``rng`` in a fixed order, so one view and seed give one game."""
    content = load_content()
    s = State(view.ruleset, view.players, view.pair, Rng(rng.getrandbits(63)))
    _copy_public(s, view)
    _copy_tests(s, view)
    _deal_missions(s, view, content, rng)
    moon_paths = _deal_risks(s, view, content, rng)
    drawn_hidden = _deal_tiles(s, view, content, rng)
    for name in NATIONS:
        s.nations[name] = _nation(view.nations[name], name == view.nation, content, rng,
                                  moon_paths[name], drawn_hidden)
    _place_tokens(s, view, view.nation, rng)
    return Game(s, rng.getrandbits(31), [])
