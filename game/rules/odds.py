"""The odds of a game's launches: what a nation can work out of its path to a Mission.

The die arithmetic itself is :mod:`game.core.dice` (its names are importable from here too, as
before); this module reads a game's state to apply it.
"""

from __future__ import annotations

from ..core.content import MOON
from ..core.dice import Split, pass_probability, splits, success_probability
from ..core.names import NATIONS, NationId
from .position import GameLike, has_payload

__all__ = ["launch_odds", "launch_path", "launch_targets", "mission_of_risk", "path_chance",
           "split_odds"]


def launch_targets(game: GameLike) -> list[str]:
    """What a rocket may be launched toward now: every active Mission, in table order, and
    the Moon when the ruleset puts it on display."""
    state = game.state
    targets = [mission for mission, _risks in state.active]
    if game.content.rulesets[state.ruleset].moon == "display":
        targets.append(MOON)
    return targets


def mission_of_risk(game: GameLike, nation: NationId, risk: str) -> str | None:
    """The active Mission (or the Moon on display) whose path holds ``risk``, for ``nation``."""
    state = game.state
    for mission, risks in state.active:
        if risk in risks:
            return mission
    if game.content.rulesets[state.ruleset].moon == "display" and \
            risk in state.nations[nation].moon_path:
        return MOON
    return None


def launch_path(game: GameLike, nation: NationId, mission: str
                ) -> tuple[list[str], list[int], int, list[str]] | None:
    """What ``nation`` sees of the risks between it and ``mission``: (the face-up risk ids in
    path order, the nation's Test tokens on each, how many are face down, the ids of the
    cards a face-down one could be), or None when ``mission`` is neither active nor the Moon
    on display. The pool holds the level-3 risks no one can see, in content order; it never
    depends on a hidden card. The AI's search weighs paths through this after every move,
    so it is written for speed."""
    state = game.state
    content = game.content
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


def launch_odds(game: GameLike, nation: NationId, mission: str | None = None) -> float:
    """Exact chance that ``nation``'s rocket, as it stands, completes ``mission``.

    ``mission`` defaults to the Mission the nation's Politician launched toward this round.
    Counts Test tokens, Sabotage and the best Adaptivity split; 0.0 without the required
    payload. Face-down Moon risks are averaged over every card the nation cannot see, so the
    number never reveals a hidden card. A rival completing the Mission first is not counted.
    """
    state = game.state
    content = game.content
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
    if required != "none" and not has_payload(content.rulesets[state.ruleset], n, target,
                                              required):
        return 0.0
    return _chance(game, nation, path)


def path_chance(game: GameLike, nation: NationId, mission: str) -> float:
    """:func:`launch_odds` with the payload aside: the chance that ``nation``'s rocket, as it
    stands, passes every risk between it and ``mission``."""
    path = launch_path(game, nation, mission)
    if path is None:
        raise ValueError(f"{mission!r} is not an active Mission")
    return _chance(game, nation, path)


def _chance(game: GameLike, nation: NationId,
            path: tuple[list[str], list[int], int, list[str]]) -> float:
    content = game.content
    state = game.state
    known, tests, hidden, pool = path
    params = game.parameters(nation)
    return success_probability(
        [content.risks[r] for r in known], tests, hidden, [content.risks[r] for r in pool],
        params[:3], params[3], state.nations[nation].sabotage,
        content.rulesets[state.ruleset].test_bonus)


def split_odds(game: GameLike, nation: NationId, mission: str) -> list[tuple[Split, float]]:
    """The chance of completing ``mission`` for every Adaptivity split, with the Moon's risks
    already face up (as they are when the split is chosen), best first."""
    state = game.state
    content = game.content
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
