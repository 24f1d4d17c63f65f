"""Exact launch arithmetic over the eight-sided Risk Die.

A risk check: roll d8, subtract Sabotage (0 or less explodes), add the nation's Test tokens
times the ruleset's bonus, look up the range, and every parameter must reach its minimum.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from .content import Risk

if TYPE_CHECKING:
    from .engine import Game

Split = tuple[int, int, int]


def passes(risk: Risk, die: int, sabotage: int, tests: int, test_bonus: int,
           params: Sequence[int]) -> tuple[bool, int, int]:
    """(passed, value after sabotage and tests, index of the range used) for one roll."""
    value = die - sabotage
    if value <= 0:
        return False, value, -1
    value += tests * test_bonus
    for index, risk_range in enumerate(risk.ranges):
        if value <= risk_range.high or index == 2:
            low_s, low_e, low_c = risk_range.minimum
            ok = params[0] >= low_s and params[1] >= low_e and params[2] >= low_c
            return ok, value, index
    raise AssertionError("unreachable: the top range catches every value")


def pass_probability(risk: Risk, sabotage: int, tests: int, test_bonus: int,
                     params: Sequence[int]) -> float:
    """Chance, over the d8, that the rocket survives this risk."""
    wins = sum(1 for die in range(1, 9)
               if passes(risk, die, sabotage, tests, test_bonus, params)[0])
    return wins / 8


def splits(adaptivity: int) -> Iterator[Split]:
    """Every way to divide Adaptivity points among Structure, Electronics and Code."""
    for s in range(adaptivity + 1):
        for e in range(adaptivity - s + 1):
            yield (s, e, adaptivity - s - e)


def best_split(risks: Sequence[Risk], tests: Sequence[int], base: Sequence[int],
               adaptivity: int, sabotage: int, test_bonus: int) -> tuple[Split, float]:
    """The Adaptivity split that maximises the chance of passing every known risk."""
    best: tuple[Split, float] = ((0, 0, 0), -1.0)
    for split in splits(adaptivity):
        params = (base[0] + split[0], base[1] + split[1], base[2] + split[2])
        chance = 1.0
        for risk, count in zip(risks, tests, strict=True):
            chance *= pass_probability(risk, sabotage, count, test_bonus, params)
            if chance == 0.0:
                break
        if chance > best[1]:
            best = (split, chance)
    return best


def success_probability(known: Sequence[Risk], known_tests: Sequence[int], hidden: int,
                        pool: Sequence[Risk], base: Sequence[int], adaptivity: int,
                        sabotage: int, test_bonus: int) -> float:
    """Chance of passing ``known`` risks plus ``hidden`` face-down cards drawn from ``pool``.

    Face-down Moon risks turn up before the Adaptivity split is chosen, so the split is
    optimised per possible set of cards; the result averages over every such set.
    """
    if hidden == 0:
        return best_split(known, known_tests, base, adaptivity, sabotage, test_bonus)[1]
    if len(pool) < hidden:
        return 0.0
    all_splits = list(splits(adaptivity))
    per_card: dict[str, list[float]] = {}
    for risk in [*known, *pool]:
        if risk.id not in per_card:
            per_card[risk.id] = [
                pass_probability(risk, sabotage, 0, test_bonus,
                                 (base[0] + s[0], base[1] + s[1], base[2] + s[2]))
                for s in all_splits]
    known_chance = [
        [pass_probability(r, sabotage, t, test_bonus,
                          (base[0] + s[0], base[1] + s[1], base[2] + s[2]))
         for s in all_splits]
        for r, t in zip(known, known_tests, strict=True)]
    total = 0.0
    count = 0
    for chosen in combinations(pool, hidden):
        best = 0.0
        for k in range(len(all_splits)):
            chance = 1.0
            for row in known_chance:
                chance *= row[k]
            for risk in chosen:
                chance *= per_card[risk.id][k]
            best = max(best, chance)
        total += best
        count += 1
    return total / count


def launch_path(game: Game, nation: str, mission: str
                ) -> tuple[list[str], list[int], int, list[str]] | None:
    """What ``nation`` sees of the risks between it and ``mission``: (the face-up risk ids in
    path order, the nation's Test tokens on each, how many are face down, the ids of the
    cards a face-down one could be), or None when ``mission`` is neither active nor the Moon
    on display. The pool holds the level-3 risks no one can see, in content order; it never
    depends on a hidden card. The AI's search weighs paths through this after every move,
    so it is written for speed."""
    from .content import MOON, NATIONS

    state = game.state
    content = game._content
    n = state.nations[nation]
    index = NATIONS.index(nation)
    tests = state.tests
    if mission == MOON and content.rulesets[state.ruleset].moon == "display":
        known = [r for r, up in zip(n.moon_path, n.moon_up, strict=True) if up]
        hidden = len(n.moon_path) - len(known)
        pool: list[str] = []
        if hidden:
            seen = {r for _, path in state.active for r in path}
            for name in NATIONS:
                m = state.nations[name]
                seen.update(r for r, up in zip(m.moon_path, m.moon_up, strict=True) if up)
            seen.update(r for pile in state.risk_discards.values() for r in pile)
            pool = [r.id for r in content.risks.values() if r.level == 3 and r.id not in seen]
        return known, [tests[r][index] if r in tests else 0 for r in known], hidden, pool
    for active, risks in state.active:  # a loop, not dict(state.active): it runs per move
        if active == mission:
            return (list(risks), [tests[r][index] if r in tests else 0 for r in risks], 0,
                    [])
    return None


def launch_odds(game: Game, nation: str, mission: str | None = None) -> float:
    """Exact chance that ``nation``'s rocket, as it stands, completes ``mission``.

    ``mission`` defaults to the Mission the nation's Politician launched toward this round.
    Counts Test tokens, Sabotage and the best Adaptivity split; 0.0 without the required
    payload. Face-down Moon risks are averaged over every card the nation cannot see, so the
    number never reveals a hidden card. A rival completing the Mission first is not counted.
    """
    from .content import NATIONS

    state = game.state
    content = game._content
    if nation not in NATIONS:
        raise ValueError(f"unknown nation {nation!r}")
    n = state.nations[nation]
    target = mission if mission is not None else n.launch
    if not target:
        raise ValueError(f"{nation} has not chosen a Mission to launch toward")
    path = launch_path(game, nation, target)
    if path is None:
        raise ValueError(f"{target!r} is not an active Mission")
    required = content.missions[target].payload
    if required != "none" and not game._has_payload(n, target, required):
        return 0.0
    known, tests, hidden, pool = path
    params = game.parameters(nation)
    return success_probability(
        [content.risks[r] for r in known], tests, hidden, [content.risks[r] for r in pool],
        params[:3], params[3], n.sabotage, content.rulesets[state.ruleset].test_bonus)


def split_odds(game: Game, nation: str, mission: str) -> list[tuple[Split, float]]:
    """The chance of completing ``mission`` for every Adaptivity split, with the Moon's risks
    already face up (as they are when the split is chosen), best first."""
    from .content import MOON, NATIONS

    state = game.state
    content = game._content
    rules = content.rulesets[state.ruleset]
    n = state.nations[nation]
    if mission == MOON and rules.moon == "display":
        path = [r for r, up in zip(n.moon_path, n.moon_up, strict=True) if up]
    else:
        path = list(dict(state.active).get(mission, ()))
    risks = [content.risks[r] for r in path]
    index = NATIONS.index(nation)
    tests = [state.tests.get(r, (0, 0))[index] for r in path]
    base = game.parameters(nation)
    found = []
    for split in splits(base[3]):
        params = (base[0] + split[0], base[1] + split[1], base[2] + split[2])
        chance = 1.0
        for risk, count in zip(risks, tests, strict=True):
            chance *= pass_probability(risk, n.sabotage, count, rules.test_bonus, params)
        found.append((split, chance))
    found.sort(key=lambda pair: -pair[1])
    return found
