"""A nation's chance to pass a Mission's path of risks, as the computer players weigh it.

The exact die arithmetic of a launch (sabotage, Test tokens, the rocket's parameters, the best
Adaptivity split), with face-down risks averaged over the cards they could be, never read.
Everything is memoized: the hard search weighs the same paths with the same rockets many
thousands of times a decision. The risks, the Test bonus and the rocket are those of the
content the game is played with (``game.content``), and the memos are keyed by it.

The names: ``pass_probability``, ``best_split`` and ``success_probability`` are the die rules
of :mod:`game.core.dice` (one risk; a known path with the best Adaptivity split; plus face-down
cards); the ``..._by_id`` functions here are the same rules over a content's risk ids,
remembered. :class:`PathOdds` and :func:`path_odds` are one nation's path to one Mission in a
game (payload ignored; :func:`game.rules.odds.launch_odds` is the engine's, payload counted).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from ..core.content import Content
from ..core.dice import pass_probability, splits
from ..core.names import NationId
from ..engine import Game
from ..rules.odds import launch_path

# The memos are keyed by a content's id (a Content does not hash, and hashing all its cards
# would be slow); every content a key was made for is kept here, so no other object can ever
# be given its id.
_CONTENTS: dict[int, Content] = {}


def content_key(content: Content) -> int:
    """``content`` as part of a memo's key: its id, the content kept so the id stays its own."""
    key = id(content)
    if key not in _CONTENTS:
        _CONTENTS[key] = content
    return key


@cache
def _pass_probability_by_id(key: int, risk_id: str, sabotage: int, tests: int, bonus: int,
                            s: int, e: int, c: int) -> float:
    """:func:`pass_probability_by_id` of the content whose :func:`content_key` is ``key``,
    remembered by the risk's id (a Risk hashes all its ranges, slowly)."""
    return pass_probability(_CONTENTS[key].risks[risk_id], sabotage, tests, bonus, (s, e, c))


def pass_probability_by_id(content: Content, risk_id: str, sabotage: int, tests: int,
                           bonus: int, params: Sequence[int]) -> float:
    """:func:`game.core.dice.pass_probability`, the engine's own rule, for ``content``'s risk
    ``risk_id``, remembered."""
    return _pass_probability_by_id(content_key(content), risk_id, sabotage, tests, bonus,
                                   params[0], params[1], params[2])


def best_split_probability_by_id(content: Content, risks: Sequence[str], tests: Sequence[int],
                                 params: Sequence[int], adapt: int, sabotage: int,
                                 bonus: int) -> float:
    """Chance of passing every risk, with the best Adaptivity split: the chance of
    :func:`game.core.dice.best_split` (``tests/test_ai_odds.py`` compares them), over
    ``content``'s risk ids and remembered pass chances, as the search weighs paths thousands
    of times a decision."""
    return _best_split_probability(content_key(content), risks, tests, params, adapt, sabotage,
                                   bonus)


def _best_split_probability(key: int, risks: Sequence[str], tests: Sequence[int],
                            params: Sequence[int], adapt: int, sabotage: int,
                            bonus: int) -> float:
    best = 0.0
    for split in splits(adapt):
        s, e, c = params[0] + split[0], params[1] + split[1], params[2] + split[2]
        chance = 1.0
        for risk, count in zip(risks, tests, strict=True):
            chance *= _pass_probability_by_id(key, risk, sabotage, count, bonus, s, e, c)
            if chance == 0.0:
                break
        best = max(best, chance)
        if best >= 1.0:
            break
    return best


# (known risks, their tests, the rest: content key, hidden count, pool, S, E, C, Adaptivity,
# sabotage, Test bonus) -> the chance; every weighing of a path goes through
# _remembered_success_probability
OddsRest = tuple[int, int, tuple[str, ...], int, int, int, int, int, int]
_ODDS: dict[tuple[tuple[str, ...], tuple[int, ...], OddsRest], float] = {}
_ODDS_MAX = 20_000


def _remembered_success_probability(known: tuple[str, ...], tests: tuple[int, ...],
                                    rest: OddsRest) -> float:
    """:func:`_success_probability_by_id`, memoized: a decision weighs the same paths with
    the same rocket many times over."""
    key = (known, tests, rest)
    found = _ODDS.get(key)
    if found is None:
        if len(_ODDS) >= _ODDS_MAX:
            _ODDS.clear()
        content_id, hidden, pool, s, e, c, adapt, sabotage, bonus = rest
        found = _ODDS[key] = _success_probability_by_id(content_id, known, tests, hidden, pool,
                                                        (s, e, c), adapt, sabotage, bonus)
    return found


def _success_probability_by_id(key: int, known: Sequence[str], tests: Sequence[int],
                               hidden: int, pool: Sequence[str], params: Sequence[int],
                               adapt: int, sabotage: int, bonus: int) -> float:
    """:func:`game.core.dice.success_probability` over risk ids: like
    :func:`best_split_probability_by_id` plus ``hidden`` cards drawn from ``pool``
    (averaged, the split chosen for each)."""
    if hidden == 0:
        return _best_split_probability(key, known, tests, params, adapt, sabotage, bonus)
    if len(pool) < hidden:
        return 0.0
    total = 0.0
    count = 0
    for chosen in combinations(pool, hidden):
        total += _best_split_probability(key, [*known, *chosen], [*tests, *([0] * hidden)],
                                         params, adapt, sabotage, bonus)
        count += 1
    return total / count


def mission_path(game: Game, nation: NationId, mission: str) -> tuple[list[str], list[int], int,
                                                                 list[str]]:
    """(known risks, own tests on them, hidden count, pool of possible hidden risks):
    :func:`game.rules.odds.launch_path`, an empty path for a Mission that is not active."""
    return launch_path(game, nation, mission) or ([], [], 0, [])


class PathOdds:
    """The chance that one nation passes one Mission's path (payload ignored), prepared once
    so that many Test plans can be weighed: ``odds({risk: tests})`` looks only the answer up.
    A Test plan is weighed after every Politics and Engineer move of a rollout, so finding
    the path and the rocket once per plan instead of once per weighing matters.

    ``params`` and ``sabotage`` replace the rocket's own (a tile or a removal considered)."""

    __slots__ = ("_base", "_known", "_rest", "_tests", "known")

    def __init__(self, game: Game, nation: NationId, mission: str,
                 params: Sequence[int] | None = None, sabotage: int | None = None) -> None:
        known, tests, hidden, pool = mission_path(game, nation, mission)
        n = game.state.nations[nation]
        p = params if params is not None else game.parameters(nation)
        sab = n.sabotage if sabotage is None else sabotage
        content = game.content
        bonus = content.rulesets[game.state.ruleset].test_bonus
        if hidden and len(pool) > 9:
            pool = pool[:9]  # keeps the average cheap; pool order is content order, not hidden
        self.known = known
        self._known = tuple(known)
        self._tests = tests
        # everything the odds depend on but the path and its Tests
        self._rest: OddsRest = (content_key(content), hidden, tuple(pool), p[0], p[1], p[2],
                                p[3], sab, bonus)
        self._base = (self._known, tuple(tests), self._rest)  # the memos' key, as it stands

    def odds(self, extra: dict[str, int] | None = None) -> float:
        """The chance with ``extra`` Test tokens on known risks (none by default)."""
        if not extra:
            return _remembered_success_probability(self._known, self._base[1], self._rest)
        tests = tuple([t + extra.get(r, 0) for r, t in zip(self.known, self._tests, strict=True)])
        return _remembered_success_probability(self._known, tests, self._rest)

    def test_gains(self) -> tuple[float, tuple[tuple[str, float], ...]]:
        """(the odds, then per known risk the odds gained by one more Test on it).

        Memoized: the rollouts' Engineers weigh their launch's Tests after every move."""
        found = _GAINS.get(self._base)
        if found is None:
            if len(_GAINS) >= _GAINS_MAX:
                _GAINS.clear()
            odds = self.odds()
            found = _GAINS[self._base] = (odds, tuple((risk, self.odds({risk: 1}) - odds)
                                               for risk in self.known))
        return found

    def test_plan(self, budget: int, test_cost: int, max_tests: int
                  ) -> tuple[float, int, dict[str, int]]:
        """(odds, Tests bought, Tests per risk) of the greedy plan that buys, while
        ``budget`` lasts, the Test that raises the odds most, as long as it brings 3 points.

        Memoized: every Politics move of a rollout weighs the same launches again."""
        key = (self._base, budget, test_cost, max_tests)
        found = _PLANS.get(key)
        if found is None:
            if len(_PLANS) >= _PLANS_MAX:
                _PLANS.clear()
            found = _PLANS[key] = self._greedy(budget, test_cost, max_tests)
        odds, bought, extra = found
        return odds, bought, dict(extra)

    def _greedy(self, budget: int, test_cost: int, max_tests: int
                ) -> tuple[float, int, dict[str, int]]:
        known = self.known
        extra: dict[str, int] = {}
        odds = self.odds()
        bought = 0
        for _ in range(max_tests):
            if budget - bought * test_cost < test_cost or not known:
                break
            best_gain, best_risk = 0.0, ""
            for risk in known:
                extra[risk] = extra.get(risk, 0) + 1
                gain = self.odds(extra) - odds
                extra[risk] -= 1
                if gain > best_gain + 1e-9:
                    best_gain, best_risk = gain, risk
            if best_gain < 0.03:
                break
            extra[best_risk] = extra.get(best_risk, 0) + 1
            odds += best_gain
            bought += 1
        return odds, bought, {k: v for k, v in extra.items() if v}


_PLANS: dict[tuple[object, ...], tuple[float, int, dict[str, int]]] = {}
_PLANS_MAX = 20_000
_GAINS: dict[tuple[object, ...], tuple[float, tuple[tuple[str, float], ...]]] = {}
_GAINS_MAX = 20_000


def path_odds(game: Game, nation: NationId, mission: str, extra: dict[str, int] | None = None,
              params: Sequence[int] | None = None, sabotage: int | None = None) -> float:
    """Chance to pass the path (payload ignored), with ``extra`` Test tokens: what
    :class:`PathOdds` gives, for one weighing."""
    return PathOdds(game, nation, mission, params, sabotage).odds(extra)
