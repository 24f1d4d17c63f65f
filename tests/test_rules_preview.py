"""The preview ruleset: +2 per test, booked payloads, the Moon in its own deck, gap 15."""

from __future__ import annotations

import pytest

from game.core import actions as A
from game.core.events import LaunchDelayed, Liftoff, RiskRolled
from game.engine import Game
from tests.conftest import (
    eng,
    engineers_pass,
    events_of,
    force_rolls,
    kinds,
    new,
    pass_maneuvers,
    poke,
    pol,
    to_engineering,
)


@pytest.fixture
def p() -> Game:
    return new(1, ruleset="preview")


@pytest.mark.rule("preview")
@pytest.mark.parametrize(("ruleset", "value", "passed"), [("v0.10.4", 5, False),
                                                          ("preview", 6, True)])
def test_a_test_token_adds_two_in_preview(ruleset: str, value: int, passed: bool) -> None:
    g = new(1, ruleset=ruleset)
    pass_maneuvers(g)
    g.apply(pol("USSR"), A.Abort())
    g.apply(pol("USA"), A.Launch("M0-SPUTNIK"))
    g.state.active[0] = ("M0-SPUTNIK", ("R0-LEAK",))  # 4-5 needs S 1, 6-8 nothing
    g.state.tests["R0-LEAK"] = (1, 0)
    force_rolls(g, [4])
    roll = events_of(engineers_pass(g), RiskRolled)[0]
    assert (roll.value, roll.passed) == (value, passed)


@pytest.mark.rule("preview")
def test_setup_has_no_payload_tiles_no_moon_paths_and_a_level4_deck(p: Game) -> None:
    assert p.state.tile_decks["P"] == ()
    assert p.state.mission_decks[4] == ("MOON",)
    assert all(n.moon_path == [] for n in p.state.nations.values())
    to_engineering(p)
    legal = p.legal_actions(eng("USA"))
    assert all("P" not in (a.first, a.second) for a in legal if isinstance(a, A.Research))
    assert "load_payload" not in kinds(legal)


@pytest.mark.rule("preview")
def test_payload_is_booked_onto_a_mission_once_per_nation(p: Game) -> None:
    pass_maneuvers(p)
    p.apply(pol("USSR"), A.AnnounceMission(1))
    mission = p.state.active[-1][0]
    required = p.content.missions[mission].payload
    p.apply(pol("USA"), A.Launch(mission))
    p.apply(pol("USSR"), A.Abort())
    books = [a for a in p.legal_actions(eng("USA")) if isinstance(a, A.BookPayload)]
    assert books == [A.BookPayload(required, mission)]  # level 0 needs none; only its kind
    cost = {"astrodog": 2, "satellite": 5, "astronaut": 7}[required]
    p.apply(eng("USA"), A.BookPayload(required, mission))
    usa = p.state.nations["USA"]
    assert usa.booked == [(mission, required)] and usa.money == 30 - cost
    assert "book_payload" not in kinds(p.legal_actions(eng("USA")))


@pytest.mark.rule("preview")
def test_booked_payload_flies_and_is_used_up_missing_one_delays(p: Game) -> None:
    pass_maneuvers(p)
    p.apply(pol("USSR"), A.AnnounceMission(1))
    mission, risks = p.state.active[-1]
    required = p.content.missions[mission].payload
    p.apply(pol("USA"), A.Launch(mission))
    p.apply(pol("USSR"), A.Launch(mission))
    p.state.nations["USA"].booked = [(mission, required)]
    p.state.nations["USSR"].booked = [("M0-SPUTNIK", required)]  # on the wrong Mission
    for risk in risks:
        p.state.tests[risk] = (0, 0)
    poke(p)
    force_rolls(p, [1, 1])
    events = engineers_pass(p)
    assert events_of(events, Liftoff)[0].payloads == (required,)
    assert p.state.nations["USA"].booked == []
    assert events_of(events, LaunchDelayed)[0].nation == "USSR"
    assert events_of(events, LaunchDelayed)[0].reason == "payload"


@pytest.mark.rule("preview")
def test_completed_mission_loses_every_booking_on_it(p: Game) -> None:
    pass_maneuvers(p)
    p.apply(pol("USSR"), A.Launch("M0-SPUTNIK"))
    p.apply(pol("USA"), A.Abort())
    p.state.nations["USA"].booked = [("M0-SPUTNIK", "satellite")]
    poke(p)
    force_rolls(p, [8])
    engineers_pass(p)
    assert p.state.completed == [("M0-SPUTNIK", "USSR", 1)]
    assert p.state.nations["USA"].booked == []


@pytest.mark.rule("preview")
def test_moon_is_announced_after_the_gate_with_face_up_level3_risks(p: Game) -> None:
    pass_maneuvers(p)
    assert A.AnnounceMission(4) not in p.legal_actions(pol("USSR"))
    assert A.Launch("MOON") not in p.legal_actions(pol("USSR"))
    p.state.completed.append(("M3-VOSKHOD2", "USSR", 0))
    poke(p)
    p.apply(pol("USSR"), A.AnnounceMission(4))
    mission, risks = p.state.active[-1]
    assert mission == "MOON" and p.state.mission_decks[4] == ()
    assert len(risks) == 3 and all(p.content.risks[r].level == 3 for r in risks)
    # Like the displayed Moon it does not count toward three: one more may come.
    assert A.AnnounceMission(2) in p.legal_actions(pol("USA"))
    p.apply(pol("USA"), A.AnnounceMission(2))
    assert "announce_mission" not in kinds(p.legal_actions(pol("USSR")))
    p.apply(pol("USSR"), A.Abort())
    p.apply(pol("USA"), A.Launch("MOON"))
    tests = {a.risk for a in p.legal_actions(eng("USSR")) if isinstance(a, A.Test)}
    assert set(risks) <= tests  # face up for both nations


@pytest.mark.rule("preview")
def test_moon_can_be_announced_beside_three_active_missions(p: Game) -> None:
    pass_maneuvers(p)
    p.apply(pol("USSR"), A.AnnounceMission(1))
    assert sum(m != "MOON" for m, _ in p.state.active) == 3
    assert A.AnnounceMission(4) not in p.legal_actions(pol("USA"))  # gate closed
    p.state.completed.append(("M3-GEMINI8", "USA", 0))
    poke(p)
    assert {a.level for a in p.legal_actions(pol("USA"))
            if isinstance(a, A.AnnounceMission)} == {4}


@pytest.mark.rule("preview")
def test_no_moon_exploring_in_preview(p: Game) -> None:
    pass_maneuvers(p)
    p.apply(pol("USSR"), A.AnnounceMission(1))
    mission = p.state.active[-1][0]
    p.apply(pol("USA"), A.Abort())
    p.apply(pol("USSR"), A.Launch(mission))
    p.state.active[-1] = (mission, ("R0-PAD",))
    p.state.tests["R0-PAD"] = (0, 0)
    p.state.nations["USSR"].booked = [(mission, p.content.missions[mission].payload)]
    poke(p)
    force_rolls(p, [8])
    engineers_pass(p)
    assert p.round == 2  # reward paid at once, no decision offered
    assert p.state.nations["USSR"].popularity == 11


@pytest.mark.rule("preview")
def test_budget_gap_of_exactly_15_ends_only_the_preview() -> None:
    for ruleset, over in (("v0.10.4", False), ("preview", True)):
        g = new(2, ruleset=ruleset)
        to_engineering(g)
        g.state.nations["USA"].budget = 45
        poke(g)
        engineers_pass(g)
        assert g.is_over is over
        assert g.winner == ("USA" if over else None)
