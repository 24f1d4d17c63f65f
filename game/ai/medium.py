"""Heuristic play for both roles (the "medium" level, and the rollout policy of "hard").

:func:`medium_move` works on a determinization of the seat's view and only reads what that
seat may see. ``easy`` uses the same judgement in a shallower way (:func:`easy_move`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from itertools import chain

from ..core import actions as A
from ..core.actions import Action
from ..core.blueprint import module_satisfied, rocket_parameters
from ..core.content import LIVING_PAYLOADS, MOON, TECH_DECKS
from ..core.names import NATIONS, NationId, Seat
from ..core.state import Nation, Stack
from ..engine import Game
from ..rules.terms import other, split_seat
from .heuristics import (
    MONEY_PER_POINT,
    WIN,
    best_placement,
    current_score,
    effect_value,
    has_payload_tile,
    payload_cells,
    payload_ready,
    pop_value,
    prep_plan,
    rocket_score,
    stage_of,
    strength,
)
from .pathodds import PathOdds, content_key, mission_path, pass_probability_by_id, path_odds

PLACE_ORDER = (4, 2, 3, 1)  # which Politics-board places to give up first


def _rounds_left(game: Game) -> float:
    return max(2.0, 12.0 - game.round)


# ------------------------------------------------------------------ politicians

def card_value(game: Game, nation: NationId, card: str, level: int,
               money: float = MONEY_PER_POINT) -> float:
    """A Maneuver card's worth at ``level`` for ``nation`` (``money``: money per Popularity
    point)."""
    nations = game.state.nations
    n = nations[nation]
    rival = nations[other(nation)]
    # Memoized on all that effect_value reads: Support choices ask for every stack's worth
    # on every token, in every rollout of the hard search.
    content = game.content
    key = (card, level, n.popularity, n.sabotage, rival.popularity, game.round, money,
           content_key(content))
    try:
        return _CARD_VALUES[key]
    except KeyError:
        pass
    effect = content.maneuver_card(card).levels[level - 1]
    value = effect_value(content, effect, n, rival, _rounds_left(game), money)
    if len(_CARD_VALUES) >= _CARD_VALUES_MAX:
        _CARD_VALUES.clear()
    _CARD_VALUES[key] = value
    return value


_CARD_VALUES: dict[tuple[object, ...], float] = {}
_CARD_VALUES_MAX = 50_000


def _stack_counts(stack: Stack, board: NationId, viewer: NationId) -> tuple[int, int, int]:
    """(owner tokens, rival tokens, viewer's own Influence) on ``board``'s ``stack``, as
    ``viewer`` sees."""
    owner = rival = mine = 0
    for who, kind in stack.tokens:  # one pass (Support choices ask this for every stack)
        if who == board:
            owner += 1
        else:
            rival += 1
        if who == viewer and kind == "influence":
            mine += 1
    return owner, rival, mine


def choose_maneuver(game: Game, nation: NationId, legal: list[Action],
                    money: float = MONEY_PER_POINT) -> Action:
    n = game.state.nations[nation]
    plays = [a for a in legal if isinstance(a, A.PlayManeuver)]
    if not plays:
        return A.PassManeuvers()
    on_board = sum(1 for st in n.stacks if st is not None)
    if on_board >= 2:
        return A.PassManeuvers()
    best_card = max(sorted(set(n.hand)), key=lambda c: card_value(game, nation, c, 1, money))
    if card_value(game, nation, best_card, 1, money) < 0.6:
        return A.PassManeuvers()
    for place in PLACE_ORDER:
        action = A.PlayManeuver(best_card, place)
        if action in plays:
            return action
    return A.PassManeuvers()


def _support_targets(game: Game, nation: NationId, money: float
                     ) -> list[tuple[float, NationId, int, int]]:
    """(value, board, place, Influence still needed) for stacks worth fighting for."""
    nations = game.state.nations
    out = []
    for board in NATIONS:
        for place, stack in enumerate(nations[board].stacks, 1):
            if stack is None or stack.fate is not None:
                continue
            owner_tokens, rival_tokens, mine = _stack_counts(stack, board, nation)
            if board == nation:
                value = card_value(game, nation, stack.card, stack.level, money)
                need = rival_tokens + 1 - mine
            else:
                value = card_value(game, board, stack.card, stack.level, money) * 0.8 + 0.6
                need = owner_tokens + 1 - mine
            if need > 0:
                out.append((value, board, place, need))
    out.sort(key=lambda x: (-x[0], x[3], x[1], x[2]))
    return out


def choose_politics(game: Game, nation: NationId, legal: list[Action], rng: random.Random,
                    shallow: bool = False, money: float = MONEY_PER_POINT) -> Action:
    s = game.state
    n = s.nations[nation]
    tokens: list[A.PlaceToken] = []
    announce: list[A.AnnounceMission] = []
    launches: list[A.Launch] = []
    for a in legal:  # one pass: this runs on every Politics move of every rollout
        if isinstance(a, A.PlaceToken):
            tokens.append(a)
        elif isinstance(a, A.AnnounceMission):
            announce.append(a)
        elif isinstance(a, A.Launch):
            launches.append(a)
    if tokens and not shallow:
        pick = _support_choice(game, nation, tokens, money)
        if pick is not None:
            return pick
    if s.support:
        return A.FinishSupport() if A.FinishSupport() in legal else tokens[0]
    # Announce a Mission when nothing active suits the rocket.
    launch, ev_launch = best_launch(game, nation, launches)
    if announce and ev_launch < 0.3 and not shallow:
        pick = _announce_choice(game, nation, announce)
        if pick is not None:
            return pick
    abort_cost = -1.0 * pop_value(n.popularity)
    if n.popularity <= game.content.board.penalties["abort"]:
        abort_cost = -WIN
    if launch is not None and ev_launch > abort_cost:
        return launch
    return A.Abort()


def _support_choice(game: Game, nation: NationId, tokens: list[A.PlaceToken], money: float
                    ) -> Action | None:
    s = game.state
    n = s.nations[nation]
    targets = [t for t in _support_targets(game, nation, money)
               if t[0] > 0.4 and t[3] <= n.influence]
    if n.influence and targets:
        _, board, place, _ = targets[0]
        action = A.PlaceToken(board, place, "influence")
        if action in tokens:
            return action
    if s.support == 1 and n.bluff:
        own = [a for a in tokens if a.token == "bluff" and a.board == other(nation)]
        own = own or [a for a in tokens if a.token == "bluff"]
        if own:
            return own[0]
    if s.support == 1 and n.influence:
        return next(a for a in tokens if a.token == "influence")
    return None


def _announce_choice(game: Game, nation: NationId, announce: list[A.AnnounceMission]
                     ) -> Action | None:
    params = game.parameters(nation)
    sab = game.state.nations[nation].sabotage
    best: tuple[float, int] | None = None
    for action in announce:
        level = action.level
        if level >= 4:
            continue
        shape = {1: [1, 1], 2: [1, 2], 3: [2, 3]}[level]
        # One tested card of each level on the path, averaged over that level's cards.
        per_level = strength(game.content, params[0], params[1], params[2], params[3], sab)
        chance = 1.0
        for risk_level in shape:
            chance *= per_level[risk_level]
        value = chance * (1.0 + level)
        if chance >= 0.3 and (best is None or value > best[0]):
            best = (value, level)
    return A.AnnounceMission(best[1]) if best is not None else None


def mission_value(game: Game, nation: NationId, mission: str) -> float:
    if mission == MOON:
        return WIN
    n = game.state.nations[nation]
    rival = game.state.nations[other(nation)]
    content = game.content
    m = content.missions[mission]
    value = effect_value(content, m.reward, n, rival, _rounds_left(game))
    if m.level == 3 and not any(content.missions[c].level == 3
                                for c, _, _ in game.state.completed):
        value += 1.5  # opens the Moon gate
    return value + 0.3 * m.level


def launch_ev(game: Game, nation: NationId, mission: str) -> float:
    """Expected worth (Popularity points) of deciding to launch toward ``mission`` now."""
    s = game.state
    n = s.nations[nation]
    odds, spent, _, possible = prep_plan(game, nation, mission)
    if not possible:
        return -3.0 * pop_value(n.popularity) - 5.0
    # A rival who already decided on the same Mission flies first.
    rival_first = any(nat != nation and m == mission for nat, m in s.launches)
    race = 0.0
    if rival_first and mission != MOON:
        race = min(0.9, path_odds(game, other(nation), mission) + 0.15)
    content = game.content
    payload = content.missions[mission].payload
    living = payload in LIVING_PAYLOADS or any(
        p in LIVING_PAYLOADS for p in n.payloads.values())
    penalty = content.board.penalties["explosion_with_life" if living else "explosion"]
    pv = pop_value(n.popularity)
    lose = WIN if n.popularity <= penalty else penalty * pv
    delay = content.board.penalties["delay"]
    lose_delay = WIN if n.popularity <= delay else delay * pv
    gain = mission_value(game, nation, mission)
    p = odds * (1 - race)
    return p * gain - (1 - race) * (1 - odds) * lose - race * lose_delay - spent / 14.0


def best_launch(game: Game, nation: NationId,
                legal: Sequence[Action]) -> tuple[Action | None, float]:
    best: tuple[Action | None, float] = (None, -1e9)
    for action in legal:
        if isinstance(action, A.Launch):
            ev = launch_ev(game, nation, action.mission)
            if ev > best[1]:
                best = (action, ev)
    return best


def choose_reward(game: Game, nation: NationId, legal: list[Action]) -> Action:
    explore = [a for a in legal if isinstance(a, A.ExploreMoon)]
    s = game.state
    assert s.decision is not None
    mission = s.decision[2]
    n = s.nations[nation]
    level = game.content.missions[mission].level
    if explore and level >= 2 and n.popularity >= 7 and stage_of(game, nation) >= 2:
        return explore[0]
    return A.ClaimReward()


def choose_administration(game: Game, nation: NationId, legal: list[Action],
                          money: float = MONEY_PER_POINT) -> Action:
    s = game.state
    n = s.nations[nation]
    if s.decision is not None:  # a tie
        place = int(s.decision[2])
        stack = n.stacks[place - 1]
        assert stack is not None
        value = card_value(game, nation, stack.card, stack.level, money)
        cost = game.content.board.penalties["tie"]
        if n.popularity > cost + 2 and value > cost * pop_value(n.popularity - cost) + 0.5:
            return A.PayForTie()
        return A.ConcedeTie()
    evaluations = [a for a in legal if isinstance(a, A.Evaluate)]
    for action in evaluations:
        stack = n.stacks[action.place - 1]
        assert stack is not None
        _, rival_tokens, mine = _stack_counts(stack, nation, nation)
        if stack.level == 1 and rival_tokens == 0 and mine == 0 and n.hand:
            # Unsupported and unchallenged: raise the stakes, cover with the weakest card.
            cover = min(sorted(set(n.hand)), key=lambda c: card_value(game, nation, c, 1, money))
            if (card_value(game, nation, stack.card, 2, money)
                    > card_value(game, nation, cover, 1, money) + 1):
                esc = A.Escalate(action.place, cover)
                if esc in legal:
                    return esc
        return action
    return legal[0]


# ------------------------------------------------------------------ engineers

def choose_pending(game: Game, nation: NationId, legal: list[Action]) -> Action:
    n = game.state.nations[nation]
    assert n.pending is not None
    content = game.content
    stage = stage_of(game, nation)
    what = n.pending[0]
    if what == "place":
        _, cell, rotation = best_placement(game, nation, n.pending[1], stage)
        cols = content.board.cols
        action = A.PlaceTile(cell // cols, cell % cols, rotation)
        return action if action in legal else legal[0]
    if what == "keep":
        scores = []
        for i, tile in enumerate(n.pending[1:]):
            score = best_placement(game, nation, tile, stage)[0]
            if content.tiles[tile].deck == "P" and not has_payload_tile(content, n):
                score += 0.5
            scores.append((score, -i))
        return A.KeepTile(-max(scores)[1])
    module = n.pending[1]
    best = (-1e9, 0)
    for slot in range(len(n.modules)):
        mods = n.modules[:]
        mods[slot] = module
        score = rocket_score(content, rocket_parameters(n.blueprint, mods, content), stage)
        if n.modules[slot] is None:
            score += 0.001
        if score > best[0]:
            best = (score, slot)
    return A.InstallModule(best[1])


def _tile_gain(game: Game, nation: NationId, tile: str, stage: int, base: float) -> float:
    return best_placement(game, nation, tile, stage)[0] - base


Option = tuple[float, Action]  # (worth per money, action)


def choose_engineer(game: Game, nation: NationId, legal: list[Action], rng: random.Random,
                    shallow: bool = False) -> Action:
    """The Engineer's policy, one step after another: a pending choice or the adaptivity
    split; this round's launch (payload, steals, preparation); sabotage; then building."""
    s = game.state
    n = s.nations[nation]
    if n.pending is not None:
        return choose_pending(game, nation, legal)
    if s.phase == "launches":
        return choose_split(game, nation, legal)
    legal_set = set(legal)
    stage = stage_of(game, nation)
    target = n.launch or ""
    # 1. A launch this round: payload first, then whatever raises the odds most per money.
    pick = _payload_action(game, nation, target, legal_set)
    if pick is None:
        pick = _steal_action(game, nation, target, stage, legal)
    if pick is None and not shallow:
        pick = _prepare_launch(game, nation, target, legal_set)
    if pick is None and not shallow:
        pick = _remove_sabotage(n, legal_set)
    if pick is not None:
        return pick
    # 2. Build toward the next Mission level.
    return _build_action(game, nation, stage, legal, legal_set, shallow)


def _payload_action(game: Game, nation: NationId, target: str, legal_set: set[Action]
                    ) -> Action | None:
    """Get the payload of this round's launch aboard, if it is not yet."""
    if not target or payload_ready(game, nation, target):
        return None
    content = game.content
    required = content.missions[target].payload
    if content.rulesets[game.state.ruleset].payload_tiles:
        return _payload_tile_action(game, nation, required, legal_set)
    action = A.BookPayload(required, target)
    return action if action in legal_set else None


def _payload_tile_action(game: Game, nation: NationId, required: str, legal_set: set[Action]
                         ) -> Action | None:
    """With payload tiles: load the payload on a payload cell, or research for such a cell."""
    s = game.state
    cells = payload_cells(game, nation)
    if cells:
        cols = game.content.board.cols
        action = A.LoadPayload(required, cells[0] // cols, cells[0] % cols)
        return action if action in legal_set else None
    if s.tile_decks.get("P"):
        second = "P" if len(s.tile_decks["P"]) >= 2 else "S"
        research = A.Research("P", second)
        if research in legal_set:
            return research
    return None


def _steal_action(game: Game, nation: NationId, target: str, stage: int, legal: list[Action]
                  ) -> Action | None:
    """Use a steal the nation holds: a Test (toward this round's Mission) or a tech tile."""
    n = game.state.nations[nation]
    if n.test_steal:
        pick = _steal_test(game, target, legal)
        if pick is not None:
            return pick
    if n.tech_steal:
        return _steal_tech(game, nation, stage)
    return None


def _steal_test(game: Game, target: str, legal: list[Action]) -> Action | None:
    """The Test to steal: first one of this round's Mission's risks, then by risk."""
    steals = [a for a in legal if isinstance(a, A.StealTest)]
    if not steals:
        return None
    own_risks = set(dict(game.state.active).get(target, ())) if target else set()
    steals.sort(key=lambda a: (a.risk not in own_risks, a.risk))
    return steals[0]


def _steal_tech(game: Game, nation: NationId, stage: int) -> Action | None:
    """Steal the rival's line tile that improves the rocket most, if any does."""
    base = current_score(game, nation, stage)
    rival = game.state.nations[other(nation)]
    best_steal = max(((_tile_gain(game, nation, t, stage, base), d)
                      for d, t in sorted(rival.line.items()) if t), default=None)
    if best_steal is not None and best_steal[0] > 0:
        return A.StealTech(best_steal[1])
    return None


def _prepare_launch(game: Game, nation: NationId, target: str, legal_set: set[Action]
                    ) -> Action | None:
    """Raise this round's launch odds, once its payload is aboard."""
    if target and payload_ready(game, nation, target):
        return _launch_prep(game, nation, target, legal_set)
    return None


def _remove_sabotage(n: Nation, legal_set: set[Action]) -> Action | None:
    """Remove as much sabotage as allowed, when there is plenty of it or money to spare."""
    if not n.sabotage:
        return None
    for count in range(n.sabotage, 0, -1):
        action = A.RemoveSabotage(count)
        if action in legal_set and (n.sabotage >= 2 or n.money >= 25):
            return action
    return None


def _build_action(game: Game, nation: NationId, stage: int, legal: list[Action],
                  legal_set: set[Action], shallow: bool) -> Action:
    """The build worth most per money (line, pile, research, a module), else a supplier
    order from the line, else pass."""
    n = game.state.nations[nation]
    base = current_score(game, nation, stage)
    options = _line_options(game, nation, stage, base)
    options += _pile_options(game, nation, stage, base)
    if not shallow:
        options += _research_options(game, nation, stage, legal_set, options)
    module = _module_choice(game, nation, stage, legal)
    if module is not None:
        options.append(module)
    options.sort(key=lambda o: -o[0])
    if options and options[0][0] > 0.0005:
        return options[0][1]
    if n.suppliers[0] is None:
        send = _supplier_send(game, nation, stage, base, legal)
        if send is not None:
            return send
    return A.PassEngineer()


def _line_options(game: Game, nation: NationId, stage: int, base: float) -> list[Option]:
    """Taking each tech tile from the nation's line."""
    n = game.state.nations[nation]
    cost = game.content.board.costs["line"]
    options: list[Option] = []
    if n.money >= cost:
        for deck in ("S", "E", "C"):
            tile = n.line.get(deck)
            if tile:
                gain = _tile_gain(game, nation, tile, stage, base)
                options.append((gain / cost, A.TakeFromLine(deck)))
    return options


def _pile_options(game: Game, nation: NationId, stage: int, base: float) -> list[Option]:
    """Taking the research pile's top tile (a first payload tile is worth a bonus)."""
    s = game.state
    n = s.nations[nation]
    content = game.content
    cost = content.board.costs["pile"]
    if not s.research_pile or n.money < cost:
        return []
    top = s.research_pile[-1]
    gain = _tile_gain(game, nation, top, stage, base)
    if content.tiles[top].deck == "P" and not has_payload_tile(content, n):
        gain += 0.3
    return [(gain / cost, A.TakeFromPile())]


def _research_options(game: Game, nation: NationId, stage: int, legal_set: set[Action],
                      options: list[Option]) -> list[Option]:
    """Research (the weakest deck, or a payload tile still missing), valued from the best
    of the ``options`` found so far."""
    n = game.state.nations[nation]
    content = game.content
    costs = content.board.costs
    if not (n.money >= costs["research"] or n.free_research):
        return []
    research, need_p = _research_pick(game, nation, stage)
    if research not in legal_set:
        return []
    line_best = max((o[0] for o in options), default=0.0) * costs["line"]
    value = max(line_best, 0.03) * 1.15 + (0.3 if need_p else 0.0)
    price = 0.1 if n.free_research else costs["research"]
    return [(value / price, research)]


def _research_pick(game: Game, nation: NationId, stage: int) -> tuple[A.Research, bool]:
    """The Research to do, and whether the rocket still needs a payload tile (then one of
    the two decks is the payload deck, if it has tiles)."""
    s = game.state
    content = game.content
    rules = content.rulesets[s.ruleset]
    need_p = (rules.payload_tiles and not has_payload_tile(content, s.nations[nation])
              and stage >= 1)
    weakest = _weakest_deck(game, nation)
    pair = ("P", weakest) if need_p and s.tile_decks.get("P") else (weakest, weakest)
    return A.Research(*pair), need_p


def _supplier_send(game: Game, nation: NationId, stage: int, base: float, legal: list[Action]
                   ) -> Action | None:
    """Send the line tile that would improve the rocket most to the suppliers."""
    n = game.state.nations[nation]
    sends = [a for a in legal if isinstance(a, A.LineToSuppliers)]
    if not sends:
        return None
    return max(sends, key=lambda a: (_tile_gain(
        game, nation, n.line[a.deck] or "", stage, base), a.deck))


def _weakest_deck(game: Game, nation: NationId) -> str:
    params = game.parameters(nation)
    decks = [d for d in ("S", "E", "C") if len(game.state.tile_decks[d]) >= 2]
    if not decks:
        return next((d for d in TECH_DECKS if game.state.tile_decks[d]), "S")
    return min(decks, key=lambda d: (params["SEC".index(d)], d))


def _module_choice(game: Game, nation: NationId, stage: int, legal: list[Action]
                   ) -> tuple[float, Action] | None:

    n = game.state.nations[nation]
    orders = [a for a in legal if isinstance(a, A.OrderModule)]
    if not orders:
        return None
    base = current_score(game, nation, stage)
    best: tuple[float, Action] | None = None
    content = game.content
    prices = content.board.supplier_prices
    pending_modules = sum(1 for it in n.suppliers if it and it.startswith("M:"))
    if pending_modules >= 1:
        return None
    for module_id in sorted({a.module for a in orders}):
        module = content.modules[module_id]
        if not module_satisfied(module, n.blueprint, content):
            continue
        gain = -1e9
        for slot in range(len(n.modules)):
            mods = n.modules[:]
            mods[slot] = module_id
            gain = max(gain, rocket_score(content, rocket_parameters(n.blueprint, mods, content),
                                          stage) - base)
        if gain <= 0:
            continue
        spaces = sorted((a.space for a in orders if a.module == module_id),
                        key=lambda sp: (-sp if game.round >= 5 else sp))
        space = spaces[0]
        ratio = gain / prices[space]
        if best is None or ratio > best[0]:
            best = (ratio, A.OrderModule(module_id, space))
    return best


def _launch_prep(game: Game, nation: NationId, target: str, legal: set[Action]) -> Action | None:
    """The action that raises this round's launch odds most per money, if worth it."""
    odds, gains = PathOdds(game, nation, target).test_gains()
    if odds >= 0.97:
        return None
    candidates = chain(_test_prep(game, gains, legal),
                       _line_prep(game, nation, target, odds),
                       _sabotage_prep(game, nation, target, odds, legal))
    best: Option | None = None
    for ratio, action in candidates:  # the first of the best ratios
        if best is None or ratio > best[0]:
            best = (ratio, action)
    value = mission_value(game, nation, target)
    if best is not None and best[0] * value * 7 > 0.02:
        return best[1]
    return None


def _test_prep(game: Game, gains: Iterable[tuple[str, float]], legal: set[Action]
               ) -> Iterator[Option]:
    """Tests that raise the launch odds enough, with their gain per money."""
    cost = game.content.board.costs["test"]
    for risk, gain in gains:
        action = A.Test(risk)
        if action in legal and gain >= 0.02:
            yield gain / cost, action


def _line_prep(game: Game, nation: NationId, target: str, odds: float) -> Iterator[Option]:
    """Line tiles that, placed at their best, raise the launch odds enough."""
    n = game.state.nations[nation]
    content = game.content
    cost = content.board.costs["line"]
    if n.money < cost:
        return
    stage = stage_of(game, nation)
    for deck in ("S", "E", "C"):
        tile = n.line.get(deck)
        if not tile:
            continue
        _, cell, rotation = best_placement(game, nation, tile, stage)
        cells = n.blueprint[:]
        cells[cell] = (tile, rotation)
        params = rocket_parameters(cells, n.modules, content)
        gain = path_odds(game, nation, target, params=params) - odds
        if gain >= 0.03:
            yield gain / cost, A.TakeFromLine(deck)


def _sabotage_prep(game: Game, nation: NationId, target: str, odds: float, legal: set[Action]
                   ) -> Iterator[Option]:
    """Sabotage removals that raise the launch odds enough."""
    n = game.state.nations[nation]
    base_cost = game.content.board.costs["anti_sabotage_base"]
    for count in range(1, n.sabotage + 1):
        action = A.RemoveSabotage(count)
        if action in legal:
            gain = path_odds(game, nation, target, sabotage=n.sabotage - count) - odds
            if gain >= 0.05:
                yield gain / (base_cost + count), action


def choose_split(game: Game, nation: NationId, legal: list[Action]) -> Action:
    s = game.state
    assert s.decision is not None
    mission = s.decision[2]
    known, tests, _, _ = mission_path(game, nation, mission)
    params = game.parameters(nation)
    n = s.nations[nation]
    content = game.content
    bonus = content.rulesets[s.ruleset].test_bonus
    best: tuple[float, Action] | None = None
    for action in legal:
        assert isinstance(action, A.SetAdaptivity)
        p = (params[0] + action.s, params[1] + action.e, params[2] + action.c)
        chance = 1.0
        for risk, count in zip(known, tests, strict=True):
            chance *= pass_probability_by_id(content, risk, n.sabotage, count, bonus, p)
        if best is None or chance > best[0]:
            best = (chance, action)
    assert best is not None
    return best[1]


# ------------------------------------------------------------------ dispatch

def medium_move(game: Game, seat: Seat, legal: list[Action], rng: random.Random,
                shallow: bool = False, card_money: float = MONEY_PER_POINT) -> Action:
    """The medium player's move for ``seat`` in the (determinized) ``game``.

    ``card_money`` is how much money on a Maneuver card the Politician trades for one
    Popularity point; the hard level asks for more (:mod:`game.ai.montecarlo`)."""
    if len(legal) == 1:
        return legal[0]
    nation, role = split_seat(seat)
    phase = game.state.phase  # (a discussion's one action per seat is returned above)
    if role == "engineer":
        return choose_engineer(game, nation, legal, rng, shallow)
    if phase == "maneuvers":
        return choose_maneuver(game, nation, legal, card_money)
    if phase == "politics":
        return choose_politics(game, nation, legal, rng, shallow, card_money)
    if phase == "launches":
        return choose_reward(game, nation, legal)
    if phase == "administration":
        return choose_administration(game, nation, legal, card_money)
    return legal[0]
