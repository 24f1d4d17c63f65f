"""The state of a new game: decks shuffled from the seed, hands dealt, the level-0 Missions
(and, on display, the Moon's face-down risks) drawn, and the first round begun."""

from __future__ import annotations

from functools import cache

from ..core.blueprint import geometry
from ..core.content import MOON, TECH_DECKS, load_content, when_content_changes
from ..core.names import NATIONS
from ..core.rng import Rng
from ..core.state import Nation, Pile, State
from .flow import begin_round
from .position import Position, draw
from .terms import RULESETS


@cache
def sorted_decks() -> dict[str, tuple[str, ...]]:
    """Every draw pile's cards in id order, before the setup shuffles them: "M1".."M3"
    (Missions by level), "R0".."R3" (Risks by level), and "S", "E", "C", "P" (tiles)."""
    content = load_content()
    decks = {f"M{lv}": tuple(sorted(m.id for m in content.missions.values() if m.level == lv))
             for lv in (1, 2, 3)}
    decks.update({f"R{lv}": tuple(sorted(r.id for r in content.risks.values()
                                         if r.level == lv)) for lv in range(4)})
    decks.update({d: tuple(sorted(t.id for t in content.tiles.values() if t.deck == d))
                  for d in TECH_DECKS})
    return decks


when_content_changes(sorted_decks.cache_clear)


def new_state(seed: int, *, players: int = 2, ruleset: str = "v0.10.4",
              pair: str = "USA") -> State:
    """The state of a new game, ready for the first action (see :func:`game.new_game`)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError("seed must be an integer")
    if players not in (2, 3, 4):
        raise ValueError("players must be 2, 3 or 4")
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; choose one of {', '.join(RULESETS)}")
    if pair not in NATIONS:
        raise ValueError("pair must be 'USA' or 'USSR'")
    content = load_content()
    rules = content.rulesets[ruleset]
    board = content.board
    rng = Rng(seed)
    s = State(ruleset, players, pair if players == 3 else None, rng)

    def shuffled(ids: tuple[str, ...]) -> Pile:
        cards = list(ids)
        rng.shuffle(cards)
        return tuple(cards)

    decks = sorted_decks()
    for level in (1, 2, 3):
        s.mission_decks[level] = shuffled(decks[f"M{level}"])
    if rules.moon == "deck":
        s.mission_decks[4] = (MOON,)
    for level in range(4):
        s.risk_decks[level] = shuffled(decks[f"R{level}"])
        s.risk_discards[level] = ()
    for deck in TECH_DECKS:
        # The preview rules have no Payload tiles.
        s.tile_decks[deck] = shuffled(decks[deck] if deck != "P" or rules.payload_tiles
                                      else ())
    s.module_deck = sorted(content.modules)
    rng.shuffle(s.module_deck)
    s.module_row = [s.module_deck.pop() for _ in range(board.module_row)]

    for name in NATIONS:
        n = Nation(name)
        n.popularity = board.start_of(name, "popularity")
        n.budget = board.start_of(name, "budget")
        n.money = board.start_of(name, "money")
        n.deck = sorted(f"{name}:{key}" for key in content.maneuvers)
        rng.shuffle(n.deck)
        n.hand = [n.deck.pop() for _ in range(board.start["hand_size"])]
        n.blueprint = [None] * (board.rows * board.cols)
        n.modules = [None] * board.module_slots
        n.suppliers = [None] * len(board.supplier_prices)
        n.suppliers[0] = f"M:{s.module_deck.pop()}"
        for deck in ("S", "E", "C"):
            n.line[deck] = draw(s.tile_decks, deck)
        s.nations[name] = n

    p = Position(s, content)
    for mission in sorted(m.id for m in content.missions.values() if m.level == 0):
        risks = tuple(p.draw_risk(level) for level in content.missions[mission].risks)
        s.active.append((mission, risks))
        for risk in risks:
            s.tests[risk] = (0, 0)
    if rules.moon == "display":
        for name in NATIONS:
            n = s.nations[name]
            n.moon_path = [p.draw_risk(level) for level in content.missions[MOON].risks]
            n.moon_up = [False] * len(n.moon_path)
    begin_round(p)
    assert geometry().size == board.rows * board.cols
    return s
