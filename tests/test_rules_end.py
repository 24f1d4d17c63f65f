"""End of the game: Popularity 0, the Budget gap (both rulesets) and the Moon tie-breaks."""

from __future__ import annotations

import pytest

import game
from game.core import actions as A
from game.core.events import GameOver, Liftoff, MissionSuccess
from game.core.state import Stack
from game.engine import Game
from tests.conftest import (
    engineers_pass,
    events_of,
    force_rolls,
    new,
    pass_maneuvers,
    poke,
    pol,
    strong_rocket,
    to_engineering,
)


def _over(g: Game) -> tuple[bool, str | None, str | None]:
    return g.is_over, g.winner, g.end_reason


@pytest.mark.rule("end-game")
def test_popularity_zero_loses_at_once(g: Game) -> None:
    pass_maneuvers(g)
    g.state.nations["USSR"].popularity = 1
    poke(g)
    events = g.apply(pol("USSR"), A.Abort())
    assert _over(g) == (True, "USA", "popularity")
    assert g.phase == "over" and g.to_act() == []
    assert events[-1] == GameOver(winner="USA", reason="popularity")
    assert g.legal_actions(pol("USA")) == []
    with pytest.raises(game.IllegalAction, match="over"):
        g.apply(pol("USA"), A.Abort())


@pytest.mark.rule("end-game")
def test_explosion_to_zero_ends_the_game_before_later_launches(g: Game) -> None:
    pass_maneuvers(g)
    g.apply(pol("USSR"), A.Launch("M0-SPUTNIK"))
    g.apply(pol("USA"), A.Launch("M0-VANGUARD"))
    g.state.nations["USSR"].popularity = 2
    g.state.nations["USSR"].sabotage = 8
    poke(g)
    events = engineers_pass(g)
    assert _over(g) == (True, "USA", "popularity")
    assert [e.nation for e in events_of(events, Liftoff)] == ["USSR"]
    assert g.state.nations["USSR"].popularity == 0


@pytest.mark.rule("end-game")
def test_popularity_never_exceeds_12() -> None:
    g = new(1)
    to_engineering(g)  # both abort: 9
    g.state.nations["USSR"].stacks[0] = Stack("USSR:press_conference", level=3,
                                              cover="USSR:budget_hearing",
                                              tokens=[("USSR", "influence")])
    g.state.nations["USSR"].popularity = 11
    poke(g)
    engineers_pass(g)
    g.apply(pol("USSR"), A.Evaluate(1))
    assert g.state.nations["USSR"].popularity == 12


def _budgets_before_round_end(ruleset: str, usa: int, ussr: int) -> Game:
    g = new(1, ruleset=ruleset)
    to_engineering(g)
    g.state.nations["USA"].budget = usa
    g.state.nations["USSR"].budget = ussr
    poke(g)
    engineers_pass(g)
    return g


@pytest.mark.rule("end-game")
@pytest.mark.parametrize(("ruleset", "gap", "over"), [
    ("v0.10.4", 15, False), ("v0.10.4", 16, True),
    ("preview", 14, False), ("preview", 15, True),
])
def test_budget_gap_limit_per_ruleset(ruleset: str, gap: int, over: bool) -> None:
    g = _budgets_before_round_end(ruleset, usa=30, ussr=30 + gap)
    assert g.is_over is over
    if over:
        assert (g.winner, g.end_reason) == ("USSR", "budget")
        assert g.round == 1 and g.state.nations["USA"].money == 30  # no income paid
    else:
        assert g.round == 2


@pytest.mark.rule("end-game")
def test_budget_gap_checked_after_every_change_mid_evaluation() -> None:
    g = new(1)
    to_engineering(g)
    g.state.nations["USSR"].budget = 30 + 15
    g.state.nations["USSR"].stacks[0] = Stack("USSR:budget_hearing",
                                              tokens=[("USSR", "influence")])
    g.state.nations["USA"].stacks[0] = Stack("USA:press_conference",
                                             tokens=[("USA", "influence")])
    poke(g)
    engineers_pass(g)
    assert not g.is_over  # 42 against 27: exactly 15
    g.apply(pol("USSR"), A.Evaluate(1))
    assert _over(g) == (True, "USSR", "budget")
    assert g.state.nations["USA"].stacks[0].fate is None  # type: ignore[union-attr]


@pytest.mark.rule("end-game")
def test_effect_stops_part_way_when_the_game_ends() -> None:
    g = new(1)
    to_engineering(g)
    g.state.nations["USSR"].budget = 30 + 14
    # Level 3 of the national goal: +2 Budget, +1 Popularity, -1 rival Budget.
    g.state.nations["USSR"].stacks[0] = Stack("USSR:national_goal", level=3,
                                              cover="USSR:budget_hearing",
                                              tokens=[("USSR", "influence")])
    poke(g)
    engineers_pass(g)
    g.apply(pol("USSR"), A.Evaluate(1))
    usa, ussr = g.state.nations["USA"], g.state.nations["USSR"]
    assert _over(g) == (True, "USSR", "budget")
    assert (ussr.popularity, ussr.budget) == (9 + 1, 41 + 2)  # own Popularity first
    assert usa.budget == 27  # the rival's -1 never applied


def _moon_both(ruleset: str, usa_pop: int, ussr_pop: int) -> Game:
    """Both nations launch to the Moon with rockets that cannot fail; USSR decides first."""
    g = new(1, ruleset=ruleset)
    g.state.completed.append(("M3-APOLLO8", "USA", 0))
    pass_maneuvers(g)
    if ruleset == "preview":
        g.apply(pol("USSR"), A.AnnounceMission(4))
        g.apply(pol("USA"), A.RaiseInfluence(1))  # anything but a launch decision
    g.apply(pol("USSR"), A.Launch("MOON"))
    g.apply(pol("USA"), A.Launch("MOON"))
    for name, pop in (("USA", usa_pop), ("USSR", ussr_pop)):
        n = g.state.nations[name]
        strong_rocket(g, name, payload="astronaut" if ruleset == "v0.10.4" else None)
        n.popularity = pop
        if ruleset == "preview":
            n.booked = [("MOON", "astronaut")]
        else:
            n.moon_up = [True, True, True]
    risks = [r for n in g.state.nations.values() for r in n.moon_path] + \
        [r for m, path in g.state.active if m == "MOON" for r in path]
    for risk in risks:
        g.state.tests[risk] = (7, 7)
    poke(g)
    return g


@pytest.mark.rule("end-game")
@pytest.mark.parametrize("ruleset", game.RULESETS)
@pytest.mark.parametrize(("usa_pop", "ussr_pop", "winner"), [(10, 9, "USA"), (9, 10, "USSR"),
                                                               (9, 9, "USSR")])
def test_both_moon_landings_in_one_round(ruleset: str, usa_pop: int, ussr_pop: int,
                                         winner: str) -> None:
    g = _moon_both(ruleset, usa_pop, ussr_pop)
    assert g.state.launches == [("USSR", "MOON"), ("USA", "MOON")]
    events = engineers_pass(g)
    assert [e.nation for e in events_of(events, MissionSuccess)] == ["USSR", "USA"]
    assert _over(g) == (True, winner, "moon_landing")


@pytest.mark.rule("end-game")
@pytest.mark.parametrize("ruleset", game.RULESETS)
def test_single_moon_landing_wins_even_with_less_popularity(ruleset: str) -> None:
    g = _moon_both(ruleset, usa_pop=3, ussr_pop=12)
    g.state.nations["USSR"].sabotage = 8
    poke(g)
    force_rolls(g, [8, 8, 8, 8])
    engineers_pass(g)
    assert _over(g) == (True, "USA", "moon_landing")
