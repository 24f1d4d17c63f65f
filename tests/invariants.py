"""Checks that must hold after every action of every game (used by the random-game tests)."""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import cache

import game
from game.core import actions as A
from game.core.content import MOON, load_content
from game.core.names import NATIONS
from game.core.plain import to_plain
from game.engine import Game


def _exactly_once(kind: str, found: list[str], expected: set[str]) -> None:
    counts = Counter(found)
    twice = sorted(k for k, n in counts.items() if n > 1)
    assert not twice, f"{kind} in two places: {twice}"
    assert set(counts) == expected, (
        f"{kind} missing {sorted(expected - set(counts))} extra {sorted(set(counts) - expected)}")


def check_conservation(g: Game) -> None:
    """Every card, tile and module is in exactly one place."""
    s = g.state
    content = load_content()
    rules = content.rulesets[s.ruleset]
    missions = [m for deck in s.mission_decks.values() for m in deck]
    missions += [m for m, _ in s.active]
    missions += [m for m, _, _ in s.completed]
    if rules.moon == "display":
        missions.append(MOON)
    moon_copies = missions.count(MOON)
    missions = [m for m in missions if m != MOON] + ([MOON] if moon_copies else [])
    assert moon_copies <= 3  # deck-moon: in deck or active, plus up to two landings
    _exactly_once("mission", missions, set(content.missions))

    risks = [r for deck in s.risk_decks.values() for r in deck]
    risks += [r for pile in s.risk_discards.values() for r in pile]
    risks += [r for _, path in s.active for r in path]
    for n in s.nations.values():
        risks += n.moon_path
    _exactly_once("risk", risks, set(content.risks))

    tiles = [t for deck in s.tile_decks.values() for t in deck]
    tiles += s.research_pile + s.lost_tiles
    modules = s.module_deck + s.module_discard + [m for m in s.module_row if m]
    for n in s.nations.values():
        tiles += [c[0] for c in n.blueprint if c is not None]
        tiles += [t for t in n.line.values() if t]
        for item in n.suppliers:
            if item:
                (tiles if item.startswith("T:") else modules).append(item[2:])
        modules += [m for m in n.modules if m]
        if n.pending is not None:
            if n.pending[0] == "keep":
                tiles += list(n.pending[1:])
            elif n.pending[0] == "place":
                tiles.append(n.pending[1])
            else:
                modules.append(n.pending[1])
    in_play = {t.id for t in content.tiles.values() if rules.payload_tiles or t.deck != "P"}
    _exactly_once("tile", tiles, in_play)
    _exactly_once("module", modules, set(content.modules))

    for name, n in s.nations.items():
        cards = n.hand + n.deck + n.discard
        for stack in n.stacks:
            if stack is not None:
                cards.append(stack.card)
                if stack.cover:
                    cards.append(stack.cover)
        _exactly_once(f"{name} maneuver", cards, {f"{name}:{k}" for k in content.maneuvers})


def check_numbers(g: Game) -> None:
    s = g.state
    top = load_content().board.popularity_max
    for n in s.nations.values():
        assert 0 <= n.popularity <= top
        assert n.money >= 0
        assert min(n.influence, n.bluff, n.sabotage, n.test_steal, n.tech_steal,
                   n.free_research) >= 0
        assert len(n.hand) <= load_content().board.start["hand_size"]
        for stack in n.stacks:
            assert stack is None or 1 <= stack.level <= 3
    for usa, ussr in s.tests.values():
        assert usa >= 0 and ussr >= 0
    assert sum(m != MOON for m, _ in s.active) <= load_content().board.active_missions
    if not g.is_over:
        assert g.to_act(), "nobody can act in a game that is not over"


def secrets_of(g: Game, viewer: str | None) -> set[str]:
    """Ids that the viewer's nation (or a spectator) must never see."""
    s = g.state
    secret: set[str] = set()
    for deck in s.mission_decks.values():
        secret.update(deck)
    secret.discard(MOON)  # the Moon card is public even while it waits in its deck
    for deck in s.risk_decks.values():
        secret.update(deck)
    for deck in s.tile_decks.values():
        secret.update(deck)
    secret.update(s.module_deck)
    for name, n in s.nations.items():
        secret.update(n.deck)
        secret.update(r for r, up in zip(n.moon_path, n.moon_up, strict=True) if not up)
        if name != viewer:
            secret.update(n.hand)
            secret.update(st.cover for st in n.stacks if st is not None and st.cover)
            if n.pending is not None and n.pending[0] == "keep":
                secret.update(n.pending[1:])
    return secret


def check_views(g: Game, seats: tuple[str | None, ...] = (None, *game.SEATS)) -> None:
    """No view of ``seats`` holds a secret of another seat; token kinds show only to their
    owner."""
    rng = str(g.state.rng.state)
    hidden: dict[str | None, list[str]] = {}  # a nation's two seats hide the same things
    for seat in seats:
        viewer = seat.split(".")[0] if seat else None
        view = g.view(seat)
        plain = to_plain(view)
        text = json.dumps(plain)
        assert "rng" not in plain and rng not in text
        # each text of the view (a value or a key) is a JSON string in it, as the secret's own
        # JSON is: one scan of the text per secret (in C) costs the soaks a third of what
        # walking the view's data did
        if viewer not in hidden:
            hidden[viewer] = [_quoted(secret) for secret in secrets_of(g, viewer)]
        leaked = [json.loads(secret) for secret in hidden[viewer] if secret in text]
        assert not leaked, f"{seat} sees {sorted(leaked)}"
        for nation in NATIONS:
            for place in view.nations[nation].places:
                if place.stack is not None:
                    for token in place.stack.tokens:
                        assert (token.kind is not None) == (token.nation == viewer)
            if nation != viewer:
                assert view.nations[nation].hand is None
                assert view.nations[nation].tokens is None


@cache
def _quoted(secret: str) -> str:
    """``secret`` as a JSON string (ids recur all game: each is quoted once a run)."""
    return json.dumps(secret)


def some_seats(rng: random.Random) -> tuple[str | None, ...]:
    """The spectator and one seat of each nation, drawn anew at each action: a whole game's
    views are looked at from every seat, at three views an action instead of five."""
    return (None, *(rng.choice([seat for seat in game.SEATS if seat.startswith(nation + ".")])
                    for nation in NATIONS))


def check_clone(g: Game, rng: random.Random) -> None:
    """A clone equals its source, and moves on the source never reach the clone."""
    copy = g.clone()
    before = copy.fingerprint()
    assert before == g.fingerprint() and copy == g
    if not g.is_over:
        probe = g.clone()
        seat = rng.choice(probe.to_act())
        probe.apply(seat, rng.choice(probe.legal_actions(seat)))
        assert copy.fingerprint() == before == g.fingerprint()


def _greedy_placement(g: Game, seat: str, options: list[A.Action]) -> A.Action:
    nation = seat.split(".")[0]
    best: tuple[int, A.Action] | None = None
    for action in options:
        trial = g.clone()
        trial.apply(seat, action)
        score = sum(trial.parameters(nation)[:3]) * 10 + min(trial.parameters(nation)[:3])
        if best is None or score > best[0]:
            best = (score, action)
    assert best is not None
    return best[1]


def purposeful_move(g: Game, seat: str, rng: random.Random) -> A.Action:
    """A random move biased toward playing the game out: launches with a real chance, no
    races, ties conceded, engineers that build greedily, test their target and load its
    payload before passing. It reaches every mission level and the Moon."""
    options = g.legal_actions(seat)
    nation = seat.split(".")[0]
    s = g.state
    n = s.nations[nation]
    kinds = {a.kind for a in options}
    if "concede_tie" in kinds:
        return A.ConcedeTie()
    if "place_tile" in kinds:
        return _greedy_placement(g, seat, options)
    if "launch" in kinds and rng.random() < 0.85:
        rival = {m for nat, m in s.launches if nat != nation}
        odds = sorted(((game.launch_odds(g, nation, a.mission), a.mission, a) for a in options
                       if isinstance(a, A.Launch) and a.mission not in rival),
                      key=lambda x: (x[0], load_content().missions[x[1]].level))
        if odds and odds[-1][0] >= 0.3:
            return odds[-1][2]
        announce = [a for a in options if isinstance(a, A.AnnounceMission)]
        if announce and rng.random() < 0.5:
            return rng.choice(announce)
        tokens = [a for a in options if isinstance(a, A.PlaceToken)]
        if tokens and rng.random() < 0.5:
            return rng.choice(tokens)
        return A.Abort()
    options = [a for a in options if not isinstance(a, A.RaiseInfluence) or a.amount == 1]
    if "pass" in kinds and n.pending is None:
        target = n.launch or ""
        if target:
            wanted = load_content().missions[target].payload
            for a in options:
                if isinstance(a, A.LoadPayload | A.BookPayload) and a.payload == wanted and \
                        wanted not in n.payloads.values() and (target, wanted) not in n.booked:
                    return a
            risks = dict(s.active).get(target, ())
            tests = [a for a in options if isinstance(a, A.Test) and a.risk in risks]
            if tests and rng.random() < 0.5:
                return rng.choice(tests)
        if n.money >= 7 and rng.random() < 0.9:
            builders = [a for a in options if a.kind in ("take_from_line", "research",
                                                         "take_from_pile", "order_module")]
            if builders:
                return rng.choice(builders)
        if rng.random() < 0.7:
            return A.PassEngineer()
    return rng.choice(options)


def play_checked(seed: int, players: int, ruleset: str, *, policy: str = "uniform",
                 full_round_trip: bool = False, max_rounds: int = 400) -> Game:
    """Play one game, checking every invariant after every action; returns the final game."""
    g = game.new_game(seed, players=players, ruleset=ruleset)
    rng = random.Random(seed)
    checker = random.Random(seed + 1)
    steps = 0
    while not g.is_over:
        assert g.round <= max_rounds, f"seed {seed}: no end after {max_rounds} rounds"
        seat = rng.choice(g.to_act())
        action = (purposeful_move(g, seat, rng) if policy == "purposeful"
                  else rng.choice(g.legal_actions(seat)))
        assert game.action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
        g.apply(seat, action)
        steps += 1
        check_conservation(g)
        check_numbers(g)
        check_views(g, some_seats(checker))
        check_clone(g, checker)
        if full_round_trip or steps % 40 == 0:
            assert game.load(g.to_json()) == g
    assert game.load(g.to_json()) == g
    return g
