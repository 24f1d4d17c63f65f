"""Phase 3: launch order, payload check and delays, risk rolls, results and the Moon."""

from __future__ import annotations

from itertools import product

import pytest

import game
from game.core import actions as A
from game.core.content import Risk
from game.core.events import (
    Explosion,
    LaunchDelayed,
    Liftoff,
    MissionSuccess,
    MoonRiskRevealed,
    RiskRolled,
)
from game.engine import Game
from tests.conftest import (
    engineers_pass,
    events_of,
    force_rolls,
    new,
    pass_maneuvers,
    payload_rocket,
    place_tiles,
    poke,
    pol,
    strong_rocket,
)

SPUTNIK, VANGUARD = "M0-SPUTNIK", "M0-VANGUARD"


def launching(usa: str | None = None, ussr: str | None = None,
              extra: tuple[str, tuple[str, ...]] | None = None) -> Game:
    """Round 1 in Engineering, with the given launch decisions (USSR decides first) and
    optionally a third active Mission ``(mission, risks)``."""
    g = new(1)
    pass_maneuvers(g)
    g.state.active = [(SPUTNIK, ("R0-LEAK",)), (VANGUARD, ("R0-WIND",))]
    g.state.tests = {"R0-LEAK": (0, 0), "R0-WIND": (0, 0)}
    if extra:
        g.state.active.append(extra)
        g.state.tests.update({risk: (0, 0) for risk in extra[1]})
    poke(g)
    g.apply(pol("USSR"), A.Launch(ussr) if ussr else A.Abort())
    g.apply(pol("USA"), A.Launch(usa) if usa else A.Abort())
    return g


def popularity(g: Game, nation: str) -> int:
    return g.state.nations[nation].popularity


# ---------------------------------------------------------------------------- launches


@pytest.mark.rule("launches")
def test_launches_follow_decision_order_not_seat_order() -> None:
    g = new(1)
    pass_maneuvers(g)
    g.apply(pol("USSR"), A.AnnounceMission(1))
    g.apply(pol("USA"), A.Launch(VANGUARD))
    g.apply(pol("USSR"), A.Launch(SPUTNIK))
    force_rolls(g, [8, 8])
    events = engineers_pass(g)
    assert [e.nation for e in events_of(events, Liftoff)] == ["USA", "USSR"]
    assert [e.die for e in events_of(events, RiskRolled)] == [8, 8]


@pytest.mark.rule("launches")
def test_rival_completed_same_mission_earlier_this_round_delays(g: Game) -> None:
    g = launching(usa=SPUTNIK, ussr=SPUTNIK)
    force_rolls(g, [8])
    events = engineers_pass(g)
    assert [e.nation for e in events_of(events, Liftoff)] == ["USSR"]
    delayed = events_of(events, LaunchDelayed)
    assert delayed == [LaunchDelayed(nation="USA", mission=SPUTNIK, reason="completed")]
    assert len(events_of(events, RiskRolled)) == 1  # no roll for the delayed rocket
    assert popularity(g, "USA") == 10 - 3
    assert popularity(g, "USSR") == 10 + 1  # Sputnik's reward


@pytest.mark.rule("launches")
def test_rival_failing_first_does_not_delay(g: Game) -> None:
    g = launching(usa=SPUTNIK, ussr=SPUTNIK)
    force_rolls(g, [1, 8])  # USSR's (0, 0, 0) rocket fails 1-3 of R0-LEAK
    events = engineers_pass(g)
    assert [e.nation for e in events_of(events, Liftoff)] == ["USSR", "USA"]
    assert events_of(events, LaunchDelayed) == []
    assert g.state.completed == [(SPUTNIK, "USA", 1)]


# ---------------------------------------------------------------------------- payload check


@pytest.mark.rule("payload-check")
def test_missing_payload_delays_with_minus_3_and_no_roll() -> None:
    g = launching(usa="M1-SPUTNIK2", extra=("M1-SPUTNIK2", ("R1-POGO",)))  # needs an Astrodog
    payload_rocket(g, "USA", "satellite")
    rng_before = g.state.rng.state
    events = engineers_pass(g)
    assert events_of(events, LaunchDelayed)[0].reason == "payload"
    assert events_of(events, RiskRolled) == []
    assert popularity(g, "USA") == 7
    assert g.state.nations["USA"].payloads == {0: "satellite"}  # a delay keeps markers
    assert g.state.rng.state == rng_before  # no die was rolled
    assert any(m == "M1-SPUTNIK2" for m, _ in g.state.active)


@pytest.mark.rule("payload-check")
def test_payload_on_a_payload_tile_lets_the_rocket_fly_and_is_used_up() -> None:
    g = launching(usa="M1-SPUTNIK2", extra=("M1-SPUTNIK2", ("R1-POGO",)))
    payload_rocket(g, "USA", "astrodog")
    force_rolls(g, [1])
    events = engineers_pass(g)
    assert events_of(events, Liftoff)[0].payloads == ("astrodog",)
    assert g.state.nations["USA"].payloads == {}  # used up whatever the result
    assert popularity(g, "USA") == 7  # exploded with a dog aboard


@pytest.mark.rule("payload-check")
def test_level0_missions_need_no_payload() -> None:
    g = launching(ussr=VANGUARD)
    force_rolls(g, [8])
    events = engineers_pass(g)
    assert events_of(events, LaunchDelayed) == []
    assert g.state.completed == [(VANGUARD, "USSR", 1)]


@pytest.mark.rule("payload-check")
def test_launch_odds_is_zero_without_the_payload() -> None:
    g = launching(usa="M1-SPUTNIK2", extra=("M1-SPUTNIK2", ("R0-PAD",)))
    assert game.launch_odds(g, "USA") == 0.0
    payload_rocket(g, "USA", "astrodog")
    assert game.launch_odds(g, "USA") == 3 / 8  # R0-PAD: 6-8 needs nothing


# ---------------------------------------------------------------------------- risk roll


@pytest.mark.rule("risk-roll")
@pytest.mark.parametrize(("tests", "passed"), [(0, False), (1, True)])
def test_a_test_token_adds_one_to_the_roll(tests: int, passed: bool) -> None:
    g = launching(usa=SPUTNIK)
    g.state.tests["R0-LEAK"] = (tests, 3)  # the rival's tokens never help USA
    force_rolls(g, [5])  # R0-LEAK: 4-5 needs S 1, 6-8 needs nothing
    roll = events_of(engineers_pass(g), RiskRolled)[0]
    assert (roll.die, roll.value, roll.passed) == (5, 5 + tests, passed)
    assert roll.range == (2 if passed else 1)


@pytest.mark.rule("risk-roll")
def test_sabotage_turning_a_2_into_0_explodes_whatever_the_tests() -> None:
    g = launching(usa=SPUTNIK)
    g.state.nations["USA"].sabotage = 2
    g.state.tests["R0-LEAK"] = (5, 0)
    force_rolls(g, [2])
    events = engineers_pass(g)
    roll = events_of(events, RiskRolled)[0]
    assert (roll.value, roll.range, roll.passed) == (0, -1, False)
    assert events_of(events, Explosion)[0].nation == "USA"
    assert popularity(g, "USA") == 8


@pytest.mark.rule("risk-roll")
def test_sabotage_is_subtracted_before_tests_are_added() -> None:
    g = launching(usa=SPUTNIK)
    g.state.nations["USA"].sabotage = 2
    g.state.tests["R0-LEAK"] = (5, 0)
    force_rolls(g, [3])  # 3 - 2 = 1 survives, then + 5 = 6: the easy range
    roll = events_of(engineers_pass(g), RiskRolled)[0]
    assert (roll.value, roll.range, roll.passed) == (6, 2, True)


@pytest.mark.rule("risk-roll")
def test_values_above_8_use_the_top_range() -> None:
    g = launching(ussr=SPUTNIK)
    g.state.active[0] = (SPUTNIK, ("R1-POGO",))  # 7-8 needs S 3; lower ranges need more
    g.state.tests["R1-POGO"] = (0, 4)
    place_tiles(g, "USSR", {(0, 0): ("S03", 0), (0, 1): ("S02", 0), (0, 3): ("S02", 0)})
    assert g.parameters("USSR") == (3, 0, 0, 0)  # S 3, no pair
    force_rolls(g, [8])
    roll = events_of(engineers_pass(g), RiskRolled)[0]
    assert (roll.value, roll.range, roll.needs, roll.passed) == (12, 2, (3, 0, 0), True)


@pytest.mark.rule("risk-roll")
def test_risk_cards_are_rolled_in_path_order_until_one_fails() -> None:
    g = launching(usa="M1-LUNA1", extra=("M1-LUNA1", ("R0-PAD", "R0-CUTOFF", "R0-AZIMUTH")))
    payload_rocket(g, "USA", "satellite")
    force_rolls(g, [7, 2, 8])  # R0-CUTOFF 1-2 needs (1, 2, 0): the rocket has nothing
    events = engineers_pass(g)
    rolls = events_of(events, RiskRolled)
    assert [(r.risk, r.die, r.passed) for r in rolls] == [
        ("R0-PAD", 7, True), ("R0-CUTOFF", 2, False)]
    assert events_of(events, Explosion)[0].risk == "R0-CUTOFF"


@pytest.mark.rule("risk-roll")
def test_launch_odds_matches_brute_force_over_the_dice() -> None:
    g = launching(usa="M1-TIROS", extra=("M1-TIROS", ("R1-TELEMETRY", "R1-STAGING")))
    usa = g.state.nations["USA"]
    usa.modules = ["MOD10", None, None]  # +1 Adaptivity with column 1 filled
    payload_rocket(g, "USA", "satellite")
    place_tiles(g, "USA", {(1, 0): ("E02", 0), (2, 0): ("S02", 0), (0, 1): ("C02", 1),
                           (1, 1): ("E02", 0), (2, 1): ("S02", 0), (1, 2): ("E02", 0),
                           (0, 2): ("C02", 1), (2, 2): ("S02", 0), (0, 3): ("C02", 1)})
    assert g.parameters("USA") == (3, 3, 3, 1)
    usa.sabotage = 1
    g.state.tests["R1-TELEMETRY"] = (2, 0)
    base = g.parameters("USA")
    assert base[3] == 1
    content = g.content
    risks = [content.risks["R1-TELEMETRY"], content.risks["R1-STAGING"]]
    tests = [2, 0]

    def survives(risk: Risk, die: int, count: int, p: tuple[int, ...]) -> bool:
        value = die - 1
        if value <= 0:
            return False
        value += count
        chosen = next((r for r in risk.ranges if r.low <= value <= r.high), risk.ranges[-1])
        return all(have >= need for have, need in zip(p, chosen.minimum, strict=True))

    best = 0.0
    for split in ((1, 0, 0), (0, 1, 0), (0, 0, 1)):
        p = tuple(b + s for b, s in zip(base[:3], split, strict=True))
        wins = sum(1 for d1, d2 in product(range(1, 9), repeat=2)
                   if survives(risks[0], d1, tests[0], p) and survives(risks[1], d2, 0, p))
        best = max(best, wins / 64)
    assert 0.0 < best < 1.0
    assert game.launch_odds(g, "USA") == pytest.approx(best)


# ---------------------------------------------------------------------------- explosion


@pytest.mark.rule("explosion")
@pytest.mark.parametrize(("payload", "after"), [(None, 8), ("satellite", 8), ("astrodog", 7),
                                                ("astronaut", 7)])
def test_explosion_costs_2_or_3_with_life_aboard(payload: str | None, after: int) -> None:
    g = launching(usa=SPUTNIK)  # Sputnik needs no payload: lives aboard still count
    if payload:
        payload_rocket(g, "USA", payload)
    force_rolls(g, [1])
    events = engineers_pass(g)
    assert events_of(events, Explosion)[0].lives == (payload in ("astrodog", "astronaut"))
    assert popularity(g, "USA") == after


@pytest.mark.rule("explosion")
def test_failed_mission_stays_active_with_its_tests() -> None:
    g = launching(usa=SPUTNIK)
    g.state.tests["R0-LEAK"] = (1, 2)
    force_rolls(g, [1])
    engineers_pass(g)
    assert (SPUTNIK, ("R0-LEAK",)) in g.state.active
    assert g.state.tests["R0-LEAK"] == (1, 2)
    assert g.state.completed == []


# ---------------------------------------------------------------------------- success


@pytest.mark.rule("mission-success")
def test_success_pays_the_reward_and_the_mission_leaves_play() -> None:
    g = launching(usa=SPUTNIK)
    g.state.tests["R0-LEAK"] = (1, 2)
    force_rolls(g, [8])
    events = engineers_pass(g)
    assert events_of(events, MissionSuccess)[0].nation == "USA"
    assert popularity(g, "USA") == 11  # reward +1 Popularity
    assert all(m != SPUTNIK for m, _ in g.state.active)
    assert "R0-LEAK" not in g.state.tests
    assert "R0-LEAK" in g.state.risk_discards[0]
    assert g.state.completed == [(SPUTNIK, "USA", 1)]
    usa = g.state.nations["USA"]
    # Budget 30 - 3 + 1 (place 2); money 30 + 3 reward + 2 (place 1) + 28 income.
    assert (usa.money, usa.budget) == (63, 28)


@pytest.mark.rule("mission-success")
def test_reward_tokens_go_to_the_engineer() -> None:
    g = launching(ussr="M1-EXPLORER", extra=("M1-EXPLORER", ("R0-PAD",)))
    g.state.nations["USSR"].moon_up = [True, True, True]  # nothing left to explore
    payload_rocket(g, "USSR", "satellite")
    force_rolls(g, [8])
    engineers_pass(g)
    ussr = g.state.nations["USSR"]
    assert ussr.test_steal == 1 and ussr.budget == 30 + 2 - 3 + 1


# ---------------------------------------------------------------------------- moon


def _level1_success(explored: int) -> Game:
    g = launching(ussr="M1-EXPLORER", extra=("M1-EXPLORER", ("R0-PAD",)))
    g.state.nations["USSR"].moon_up = [True] * explored + [False] * (3 - explored)
    payload_rocket(g, "USSR", "satellite")
    force_rolls(g, [8])
    engineers_pass(g)
    return g


@pytest.mark.rule("moon")
def test_completing_a_level1_mission_offers_to_explore_instead_of_the_reward() -> None:
    g = _level1_success(0)
    assert g.phase == "launches" and g.to_act() == ["USSR.politician"]
    assert g.legal_actions(pol("USSR")) == [A.ClaimReward(), A.ExploreMoon(0),
                                            A.ExploreMoon(1), A.ExploreMoon(2)]
    ussr = g.state.nations["USSR"]
    g.apply(pol("USSR"), A.ExploreMoon(1))
    assert ussr.moon_up == [False, True, False]
    assert ussr.popularity == 10 and ussr.test_steal == 0  # the reward was forgone
    assert g.view("USA.politician").nations["USSR"].moon_path[1].id == ussr.moon_path[1]
    assert g.state.tests[ussr.moon_path[1]] == (0, 0)


@pytest.mark.rule("moon")
def test_claiming_the_reward_instead() -> None:
    g = _level1_success(0)
    g.apply(pol("USSR"), A.ClaimReward())
    ussr = g.state.nations["USSR"]
    assert ussr.moon_up == [False] * 3
    assert ussr.popularity == 11 and ussr.test_steal == 1


@pytest.mark.rule("moon")
def test_face_up_moon_risks_may_not_exceed_the_mission_level() -> None:
    g = _level1_success(1)  # one already up: a level-1 Mission cannot show a second
    assert g.round == 2
    assert g.state.nations["USSR"].popularity == 11  # reward paid at once


@pytest.mark.rule("moon")
def test_level0_missions_never_explore() -> None:
    g = launching(ussr=SPUTNIK)
    force_rolls(g, [8])
    engineers_pass(g)
    assert g.round == 2 and g.state.nations["USSR"].popularity == 11


def _moon_round(usa: bool, ussr: bool, gate: bool = True) -> Game:
    g = new(1)
    if gate:
        g.state.completed.append(("M3-APOLLO8", "USA", 0))
    pass_maneuvers(g)
    g.apply(pol("USSR"), A.Launch("MOON") if ussr else A.Abort())
    g.apply(pol("USA"), A.Launch("MOON") if usa else A.Abort())
    for nation in ("USA", "USSR"):
        strong_rocket(g, nation)
    return g


@pytest.mark.rule("moon")
def test_moon_gate_needs_a_completed_level3_mission_by_either_nation(g: Game) -> None:
    pass_maneuvers(g)
    assert A.Launch("MOON") not in g.legal_actions(pol("USSR"))
    g.state.completed.append(("M2-LUNA2", "USSR", 0))
    poke(g)
    assert A.Launch("MOON") not in g.legal_actions(pol("USSR"))
    g.state.completed.append(("M3-LUNA9", "USA", 0))  # the rival's level 3 opens it
    poke(g)
    assert A.Launch("MOON") in g.legal_actions(pol("USSR"))


@pytest.mark.rule("moon")
def test_face_down_risks_turn_up_at_liftoff_and_a_landing_wins() -> None:
    g = _moon_round(usa=True, ussr=False)
    usa = g.state.nations["USA"]
    usa.moon_up = [False, True, False]
    g.state.tests[usa.moon_path[1]] = (7, 0)
    poke(g)
    force_rolls(g, [8, 8, 8])
    events = engineers_pass(g)
    assert [e.slot for e in events_of(events, MoonRiskRevealed)] == [0, 2]
    assert [r.risk for r in events_of(events, RiskRolled)] == usa.moon_path
    assert events_of(events, RiskRolled)[1].tests == 7
    assert (g.is_over, g.winner, g.end_reason) == (True, "USA", "moon_landing")
    assert g.to_act() == []


@pytest.mark.rule("moon")
def test_failed_landing_leaves_the_path_face_up_with_tests() -> None:
    g = _moon_round(usa=False, ussr=True)
    ussr = g.state.nations["USSR"]
    ussr.sabotage = 1
    force_rolls(g, [8, 1])
    engineers_pass(g)
    assert not g.is_over
    assert ussr.moon_up == [True, True, True]
    assert ussr.popularity == 7  # astronaut aboard
    assert all(g.state.tests[r] == (0, 0) for r in ussr.moon_path)


@pytest.mark.rule("moon")
def test_delayed_moon_launch_reveals_nothing() -> None:
    g = _moon_round(usa=True, ussr=False)
    g.state.nations["USA"].payloads = {14: "satellite"}
    poke(g)
    events = engineers_pass(g)
    assert events_of(events, MoonRiskRevealed) == []
    assert g.state.nations["USA"].moon_up == [False] * 3
    assert popularity(g, "USA") == 7


def _both_land(usa_pop: int, ussr_pop: int) -> Game:
    g = _moon_round(usa=True, ussr=True)
    g.state.nations["USA"].popularity = usa_pop
    g.state.nations["USSR"].popularity = ussr_pop
    for n in g.state.nations.values():
        n.moon_up = [True, True, True]  # explored earlier
        for risk in n.moon_path:
            g.state.tests[risk] = (7, 7)  # every roll reaches the top range
    poke(g)
    events = engineers_pass(g)
    assert [e.nation for e in events_of(events, MissionSuccess)] == ["USSR", "USA"]
    return g


@pytest.mark.rule("moon")
@pytest.mark.parametrize(("usa_pop", "ussr_pop", "winner"), [(9, 8, "USA"), (8, 9, "USSR"),
                                                               (8, 8, "USSR")])
def test_both_land_in_one_round_more_popularity_wins_then_first_launcher(
        usa_pop: int, ussr_pop: int, winner: str) -> None:
    g = _both_land(usa_pop, ussr_pop)
    assert (g.winner, g.end_reason) == (winner, "moon_landing")


@pytest.mark.rule("moon")
def test_first_lander_wins_when_the_rival_moon_launch_explodes() -> None:
    g = _moon_round(usa=True, ussr=True)
    g.state.nations["USA"].popularity = 12
    usa_path = g.state.nations["USA"].moon_path
    g.state.nations["USSR"].moon_up = [True, True, True]
    for risk in g.state.nations["USSR"].moon_path:
        g.state.tests[risk] = (0, 7)
    g.state.nations["USA"].sabotage = 8  # every USA roll explodes
    poke(g)
    events = engineers_pass(g)
    assert events_of(events, Explosion)[0].nation == "USA"
    assert events_of(events, RiskRolled)[-1].risk == usa_path[0]
    assert (g.winner, g.end_reason) == ("USSR", "moon_landing")


@pytest.mark.rule("moon")
def test_a_rival_falling_to_zero_popularity_after_a_landing_still_ends_by_the_landing() -> None:
    g = _moon_round(usa=True, ussr=True)
    g.state.nations["USA"].popularity = 1  # the explosion will take USA to 0
    g.state.nations["USSR"].moon_up = [True, True, True]
    for risk in g.state.nations["USSR"].moon_path:
        g.state.tests[risk] = (0, 7)
    g.state.nations["USA"].sabotage = 8
    poke(g)
    engineers_pass(g)
    assert g.state.nations["USA"].popularity == 0
    assert (g.winner, g.end_reason) == ("USSR", "moon_landing")


@pytest.mark.rule("payload-check")
def test_completed_is_checked_before_the_missing_payload() -> None:
    g = new(1)
    pass_maneuvers(g)
    g.state.active.append(("M1-EXPLORER", ("R0-PAD",)))
    g.state.tests["R0-PAD"] = (0, 0)
    poke(g)
    g.apply(pol("USSR"), A.RaiseInfluence(1))
    g.apply(pol("USA"), A.Launch("M1-EXPLORER"))
    g.apply(pol("USSR"), A.Launch("M1-EXPLORER"))  # and USSR has no Satellite either
    payload_rocket(g, "USA", "satellite")
    force_rolls(g, [8])
    engineers_pass(g)
    events = g.apply(pol("USA"), A.ClaimReward())
    assert events_of(events, LaunchDelayed)[0].reason == "completed"
    assert popularity(g, "USSR") == 10 - 1 - 3


@pytest.mark.rule("moon")
def test_moon_odds_never_reveal_which_card_is_face_down() -> None:
    g = new(1)
    g.state.completed.append(("M3-APOLLO8", "USSR", 0))
    strong_rocket(g, "USA")
    usa = g.state.nations["USA"]
    usa.moon_up = [True, False, False]
    other = g.clone()
    unseen = g.state.risk_decks[3][0]
    other.state.nations["USA"].moon_path[2] = unseen  # a different hidden card
    other.state.risk_decks[3] = (usa.moon_path[2], *g.state.risk_decks[3][1:])
    odds = game.launch_odds(g, "USA", "MOON")
    assert 0.0 < odds < 1.0
    assert game.launch_odds(other, "USA", "MOON") == odds
    usa.payloads = {}
    assert game.launch_odds(g, "USA", "MOON") == 0.0
