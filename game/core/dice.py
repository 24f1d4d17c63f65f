"""Exact launch arithmetic over the eight-sided Risk Die: pure numbers, no game.

A risk check: roll d8, subtract Sabotage (0 or less explodes), add the nation's Test tokens
times the ruleset's bonus, look up the range, and every parameter must reach its minimum.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from .content import Risk

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
