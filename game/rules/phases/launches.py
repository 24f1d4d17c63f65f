"""Phase 3: the launches, in decision order: delays, the Adaptivity split, the risk rolls,
explosions and successes, Mission rewards, face-down Moon risks, and a Moon landing."""

from __future__ import annotations

from ...core import actions as A
from ...core.content import LIVING_PAYLOADS, MOON
from ...core.dice import passes
from ...core.events import (
    AdaptivitySplit,
    Explosion,
    LaunchDelayed,
    Liftoff,
    MissionSuccess,
    MoonRiskRevealed,
    RiskRolled,
)
from ...core.names import NATIONS, NationId
from ..handlers import handles
from ..position import Position, aboard, has_payload


def run_launches(p: Position) -> bool:
    """Resolve launches in decision order; False while a seat owes a decision."""
    s = p.state
    while s.phase == "launches":
        if s.decision is not None:
            return False
        if s.launch_step >= len(s.launches):
            return _settle_moon(p)
        nation, mission = s.launches[s.launch_step]
        if not _start_launch(p, nation, mission):
            continue
        if p.parameters(nation)[3] > 0:
            s.decision = ("adapt", nation, mission)
            return False
        _fly(p, nation, mission, (0, 0, 0))
    return False


def _start_launch(p: Position, nation: NationId, mission: str) -> bool:
    """Delay checks; False when the launch is delayed (and so over)."""
    s = p.state
    n = s.nations[nation]
    required = p.content.missions[mission].payload
    on_display = mission == MOON and p.rules.moon == "display"
    reason = None
    if not on_display and all(m != mission for m, _ in s.active):
        reason = "completed"
    elif required != "none" and not has_payload(p.rules, n, mission, required):
        reason = "payload"
    if reason is None:
        if on_display:
            for slot, up in enumerate(n.moon_up):
                if not up:
                    n.moon_up[slot] = True
                    s.tests[n.moon_path[slot]] = (0, 0)
                    p.emit(MoonRiskRevealed(nation=nation, slot=slot,
                                            risk=n.moon_path[slot]))
        return True
    s.launch_step += 1
    p.emit(LaunchDelayed(nation=nation, mission=mission, reason=reason))
    p.change_popularity(nation, -p.content.board.penalties["delay"], "delay")
    return False


def do_set_adaptivity(p: Position, nation: NationId, action: A.SetAdaptivity) -> None:
    s = p.state
    assert s.decision is not None
    mission = s.decision[2]
    s.decision = None
    p.emit(AdaptivitySplit(nation=nation, split=(action.s, action.e, action.c)))
    _fly(p, nation, mission, (action.s, action.e, action.c))


def _fly(p: Position, nation: NationId, mission: str, split: tuple[int, int, int]) -> None:
    s = p.state
    n = s.nations[nation]
    s.launch_step += 1
    base = p.parameters(nation)
    params = (base[0] + split[0], base[1] + split[1], base[2] + split[2])
    if mission == MOON and p.rules.moon == "display":
        path: tuple[str, ...] = tuple(n.moon_path)
    else:
        path = next(r for m, r in s.active if m == mission)
    carried = aboard(p.rules, n, mission)
    if p.rules.payload_tiles:
        n.payloads.clear()
    else:
        n.booked = [(m, payload) for m, payload in n.booked if m != mission]
    index = NATIONS.index(nation)
    p.emit(Liftoff(nation=nation, mission=mission, parameters=params,
                   sabotage=n.sabotage, payloads=tuple(carried)))
    for risk_id in path:
        risk = p.content.risks[risk_id]
        tests = s.tests.get(risk_id, (0, 0))[index]
        die = s.rng.d8()
        ok, value, used = passes(risk, die, n.sabotage, tests, p.rules.test_bonus, params)
        p.emit(RiskRolled(nation=nation, mission=mission, risk=risk_id, die=die,
                          sabotage=n.sabotage, tests=tests, value=value, range=used,
                          needs=risk.ranges[used].minimum if used >= 0 else None,
                          passed=ok))
        if not ok:
            living = any(payload in LIVING_PAYLOADS for payload in carried)
            penalty = p.content.board.penalties[
                "explosion_with_life" if living else "explosion"]
            p.emit(Explosion(nation=nation, mission=mission, risk=risk_id, lives=living))
            p.change_popularity(nation, -penalty, "explosion")
            return
    _succeed(p, nation, mission)


def _succeed(p: Position, nation: NationId, mission: str) -> None:
    s = p.state
    s.completed.append((mission, nation, s.round))
    p.emit(MissionSuccess(nation=nation, mission=mission))
    if mission == MOON:
        # The Moon card stays: the rival may still land this round (both rulesets).
        s.moon_winners.append(nation)
        rival_pending = any(nat != nation and m == MOON
                            for nat, m in s.launches[s.launch_step:])
        if not rival_pending:
            _settle_moon(p)
        return
    _retire_mission(p, mission)
    if p.explorable(s.nations[nation], mission):
        s.decision = ("reward", nation, mission)
    else:
        p.effect(nation, p.content.missions[mission].reward, f"mission:{mission}")


def _retire_mission(p: Position, mission: str) -> None:
    s = p.state
    risks = next(r for m, r in s.active if m == mission)
    s.active = [(m, r) for m, r in s.active if m != mission]
    for risk in risks:
        level = p.content.risks[risk].level
        s.risk_discards[level] = (*s.risk_discards[level], risk)
        s.tests.pop(risk, None)
    for n in s.nations.values():
        n.booked = [(m, payload) for m, payload in n.booked if m != mission]


def _settle_moon(p: Position) -> bool:
    """After a Moon success (or all launches): the landing nation(s) decide the game."""
    s = p.state
    if s.phase == "over":
        return False
    winners = s.moon_winners
    if not winners:
        return True
    if len(winners) == 1:
        p.finish(winners[0], "moon_landing")
    else:
        a, b = winners[0], winners[1]
        pa, pb = s.nations[a].popularity, s.nations[b].popularity
        p.finish(a if pa >= pb else b, "moon_landing")
    return False


def do_claim_reward(p: Position, nation: NationId, action: A.ClaimReward) -> None:
    s = p.state
    assert s.decision is not None
    mission = s.decision[2]
    s.decision = None
    p.effect(nation, p.content.missions[mission].reward, f"mission:{mission}")


def do_explore_moon(p: Position, nation: NationId, action: A.ExploreMoon) -> None:
    s = p.state
    n = s.nations[nation]
    s.decision = None
    n.moon_up[action.slot] = True
    s.tests[n.moon_path[action.slot]] = (0, 0)
    p.emit(MoonRiskRevealed(nation=nation, slot=action.slot,
                            risk=n.moon_path[action.slot]))


# The kinds of action this phase takes, each with its handler (game.rules.flow merges the
# tables of the phases).
HANDLERS = (
    handles(A.SetAdaptivity, do_set_adaptivity),
    handles(A.ClaimReward, do_claim_reward),
    handles(A.ExploreMoon, do_explore_moon),
)
