"""game.stakes: what an action risks for its actor, from the actor's own information only."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

import game
from game.analysis.stakes import LOW_ODDS, stakes
from game.core import actions as A
from game.engine import Game
from game.rules.odds import mission_of_risk
from game.tools.tournament import medium_moves
from tests.conftest import new, pass_maneuvers, poke, pol

SPUTNIK, VANGUARD = "M0-SPUTNIK", "M0-VANGUARD"


def politics(popularity: int = 10) -> Game:
    """Round 1, USSR Politician to act in Politics; Sputnik (37.5% for an empty rocket) and
    Vanguard (50%) active; both nations at ``popularity``."""
    g = new(1)
    pass_maneuvers(g)
    g.state.active = [(SPUTNIK, ("R0-LEAK",)), (VANGUARD, ("R0-WIND",))]
    g.state.tests = {"R0-LEAK": (0, 0), "R0-WIND": (0, 0)}
    for n in g.state.nations.values():
        n.popularity = popularity
    return poke(g)


def engineering(mission: str, popularity: int = 10) -> Game:
    """:func:`politics`, then the USSR launches toward ``mission``, the USA aborts and its
    Engineer passes: the USSR Engineer to act."""
    g = politics(popularity)
    g.apply(pol("USSR"), A.Launch(mission))
    g.apply(pol("USA"), A.Abort())
    g.apply("USA.engineer", A.PassEngineer())
    return poke(g)


def same_view_other_secrets(g: Game) -> Iterator[Game]:
    """Copies of ``g`` with other real dice, another USA hand and reversed tile decks: what
    the USSR sees is the same (an answer from the USSR's knowledge must not change)."""
    for flip in (1, 2, 0x5DEECE66D, 0xFFFF):
        other = g.clone()
        other.state.rng.state ^= flip
        usa = other.state.nations["USA"]
        usa.hand, usa.deck = usa.deck[: len(usa.hand)], usa.hand + usa.deck[len(usa.hand):]
        piles = other.state.tile_decks
        for key, deck in piles.items():  # piles are tuples shared with g: replace them
            piles[key] = deck[::-1]
        yield poke(other)


def test_a_low_odds_launch_warns_with_its_chance_and_cost() -> None:
    g = politics(popularity=3)
    s = stakes(g, pol("USSR"), A.Launch(SPUTNIK))
    assert s.odds == pytest.approx(game.launch_odds(g, "USSR", SPUTNIK)) == 0.375
    assert s.cause == "launch" and s.popularity == 3 and s.cost == 2 and s.worst == 1
    assert s.loss == 0.0 and s.warn


def test_a_launch_whose_failure_loses_the_game_gives_the_chance_of_losing() -> None:
    g = politics(popularity=2)
    s = stakes(g, pol("USSR"), A.Launch(VANGUARD))
    assert s.odds == 0.5 and s.worst == 0
    assert s.loss == pytest.approx(0.5) and s.winner == "USA" and s.end_reason == "popularity"


def test_a_safe_launch_with_popularity_to_spare_needs_no_confirmation() -> None:
    g = politics(popularity=10)
    s = stakes(g, pol("USSR"), A.Launch(VANGUARD))
    assert s.odds is not None and s.odds >= LOW_ODDS and s.worst == 8 and not s.warn


def test_a_launch_without_its_payload_is_a_certain_delay() -> None:
    g = politics(popularity=4)
    needs = next(m for m in g.content.missions.values()
                 if m.level == 1 and m.payload == "satellite")
    g.state.active.append((needs.id, ()))
    poke(g)
    s = stakes(g, pol("USSR"), A.Launch(needs.id))
    assert s.odds == 0.0 and s.cause == "delay" and s.cost == 3 and s.worst == 1 and s.warn


@pytest.mark.parametrize(("popularity", "loses"), [(1, True), (3, False), (4, False)])
def test_aborting_costs_one_popularity_and_loses_at_one(popularity: int, loses: bool) -> None:
    g = politics(popularity=popularity)
    s = stakes(g, pol("USSR"), A.Abort())
    assert s.cause == "abort" and s.worst == popularity - 1
    assert (s.loss == 1.0) is loses and (s.winner == "USA") is loses
    assert s.warn is (popularity - 1 <= 2)


def test_trading_popularity_down_to_two_warns() -> None:
    g = politics(popularity=5)
    assert stakes(g, pol("USSR"), A.RaiseInfluence(3)).warn
    assert not stakes(g, pol("USSR"), A.RaiseInfluence(2)).warn


def test_an_action_that_sets_off_a_hopeless_launch_ends_the_game_against_its_actor() -> None:
    """The last Engineer pass starts the launches: a rocket sure to explode at Popularity 2
    loses the game, which the Engineer is told before passing (exactly: the launch odds)."""
    g = politics(popularity=2)
    g.apply(pol("USSR"), A.Launch(SPUTNIK))
    g.apply(pol("USA"), A.Abort())
    g.state.nations["USSR"].sabotage = 8  # every roll ends at 0 or less: a certain explosion
    poke(g)
    g.apply("USA.engineer", A.PassEngineer())
    s = stakes(g, "USSR.engineer", A.PassEngineer())
    assert s.cause == "launch" and s.odds == 0.0 and s.committed
    assert s.loss == 1.0 and s.worst == 0
    assert s.winner == "USA" and s.end_reason == "popularity" and s.warn


def test_the_answer_uses_only_the_actors_information() -> None:
    """The real dice, the rival's hand and the decks do not change the answer."""
    g = engineering(VANGUARD, popularity=2)
    first = stakes(g, "USSR.engineer", A.PassEngineer())
    for other in same_view_other_secrets(g):  # several real dice states: one answer
        assert other.view("USSR.engineer") == g.view("USSR.engineer")
        assert stakes(other, "USSR.engineer", A.PassEngineer()) == first
    assert 0.0 < first.loss < 1.0  # Vanguard at 50%: some sampled flights fail


def test_a_harmless_action_is_not_flagged_and_an_illegal_one_is_refused() -> None:
    g = politics(popularity=10)
    s = stakes(g, pol("USSR"), A.AnnounceMission(1))
    assert not s.warn and s.loss == 0.0 and s.cause == ""
    before = g.to_json()
    with pytest.raises(game.IllegalAction):
        stakes(g, pol("USA"), A.Abort())
    assert g.to_json() == before


def test_an_action_that_uses_nothing_hidden_ends_the_same_in_every_sample() -> None:
    """Why one sample is enough for such an action (stakes stops after it): when it rolls no
    die, draws nothing and shows nothing, every game sampled from the view ends alike."""
    import random

    from game.analysis.history import apply_traced
    from game.analysis.infostate import determinize

    plain = 0
    for seed in range(4):
        g = game.new_game(seed, players=2 + seed % 3)
        rng = random.Random(seed)
        while not g.is_over and g.round < 8:
            seat = rng.choice(g.to_act())
            view, actions = g.view(seat), g.legal_actions(seat)
            nation = seat.split(".")[0]
            for action in actions[:4]:
                outcomes = set()
                for k in range(6):
                    sample = determinize(view, random.Random(k))
                    trace = apply_traced(sample, seat, action)[1]
                    if k == 0 and (trace.hidden_changed or trace.shown):
                        break
                    outcomes.add((sample.state.nations[nation].popularity, sample.winner))
                else:
                    plain += 1
                    assert len(outcomes) == 1, (action, outcomes)
            g.apply(seat, rng.choice(actions))
    assert plain > 100


def test_the_engineers_pass_into_a_launch_under_half_warns_with_the_exact_odds() -> None:
    """Whether or not the rival Engineer has passed: the Pass makes the rocket final."""
    g = engineering(SPUTNIK, popularity=10)
    s = stakes(g, "USSR.engineer", A.PassEngineer())
    assert s.committed and s.cause == "launch"
    assert s.odds == pytest.approx(game.launch_odds(g, "USSR", SPUTNIK)) == 0.375
    assert s.failure == 2 and s.worst == 8 and s.loss == 0.0 and s.warn
    assert not stakes(engineering(VANGUARD), "USSR.engineer", A.PassEngineer()).warn  # 50%


def test_the_pass_of_an_engineer_whose_politician_aborted_is_harmless() -> None:
    g = politics()
    g.apply(pol("USSR"), A.Abort())
    g.apply(pol("USA"), A.Launch(VANGUARD))
    s = stakes(g, "USSR.engineer", A.PassEngineer())
    assert not s.committed and s.odds is None and not s.warn


def test_a_launch_toward_the_mission_the_rival_flies_to_first_gives_its_chance() -> None:
    """The USSR decided first: its launch toward Vanguard flies first, and if it completes
    Vanguard the USA's launch there is delayed (-3 Popularity)."""
    g = politics(popularity=10)
    g.apply(pol("USSR"), A.Launch(VANGUARD))
    rival = game.launch_odds(g, "USSR", VANGUARD)
    s = stakes(g, pol("USA"), A.Launch(VANGUARD))
    assert s.first == pytest.approx(rival) == 0.5 and s.delayed == 3
    assert s.odds == 0.5 and s.success == pytest.approx(0.25)
    assert s.worst == 7 and s.warn
    other = stakes(g, pol("USA"), A.Launch(SPUTNIK))  # nobody flies to Sputnik first
    assert other.first == 0.0 and other.delayed == 0


def test_a_rival_flying_first_makes_a_delay_at_low_popularity_a_possible_loss() -> None:
    g = politics(popularity=3)
    g.apply(pol("USSR"), A.Launch(VANGUARD))
    s = stakes(g, pol("USA"), A.Launch(VANGUARD))
    # lost when the USSR completes it first (0.5), or when it does not and the USA's
    # rocket explodes (-2 leaves 1: not a loss)
    assert s.loss == pytest.approx(0.5) and s.winner == "USSR" and s.worst == 0


def test_the_nation_that_decided_first_flies_first() -> None:
    g = politics()
    g.apply(pol("USSR"), A.Launch(VANGUARD))
    g.apply(pol("USA"), A.Launch(VANGUARD))
    assert stakes(g, "USSR.engineer", A.PassEngineer()).first == 0.0
    usa = stakes(g, "USA.engineer", A.PassEngineer())
    assert usa.first == 0.5 and usa.committed and usa.success == pytest.approx(0.25)
    assert usa.warn  # under half once the rival's chance is counted


def first_position(wanted: Callable[[Game, str, list[A.Action]], A.Action | None],
                   seeds: range = range(40)) -> tuple[Game, str, A.Action]:
    """The first move of whole medium games (``seeds`` in turn) that ``wanted`` names: the
    game just before it, its seat and the move."""
    for seed in seeds:
        for g, seat, legal, _ in medium_moves(seed):
            action = wanted(g, seat, legal)
            if action is not None:
                return g.clone(), seat, action
    raise AssertionError("no such position")


def gain(g: Game, seat: str, test: A.Test) -> float:
    """How much a Test raises the odds toward the Mission whose path holds its risk (0 when
    not by a whole point)."""
    mission = mission_of_risk(g, "USA", test.risk)
    assert mission is not None
    tested = g.clone()
    tested.apply(seat, test)
    before, after = game.launch_odds(g, "USA", mission), game.launch_odds(tested, "USA", mission)
    return after - before if round(after * 100) > round(before * 100) else 0.0


def test_a_test_while_the_rival_holds_a_test_steal_is_told_what_the_steal_would_undo() -> None:
    def test_under_a_steal(g: Game, seat: str, legal: list[A.Action]) -> A.Action | None:
        rival = g.state.nations["USSR"]
        if seat != "USA.engineer" or not rival.test_steal:
            return None
        return next((a for a in legal if isinstance(a, A.Test)  # (not flown to first)
                     and mission_of_risk(g, "USA", a.risk) != rival.launch
                     and gain(g, seat, a) > 0), None)

    g, seat, test = first_position(test_under_a_steal)
    assert isinstance(test, A.Test)
    at_stake = stakes(g, seat, test)
    threat = at_stake.threat
    mission = mission_of_risk(g, "USA", test.risk)
    assert threat is not None and at_stake.warn
    assert (threat.kind, threat.rival, threat.mission) == ("test_steal", "USSR", mission)
    assert threat.count == g.state.nations["USSR"].test_steal
    assert mission is not None and threat.odds == game.launch_odds(g, "USA", mission)
    assert threat.raised == threat.odds + gain(g, seat, test)
    # a Test that raises nothing loses nothing, and without the Test Steal nothing is taken
    idle = next((a for a in g.legal_actions(seat) if isinstance(a, A.Test)
                 and not gain(g, seat, a)), None)
    assert idle is None or stakes(g, seat, idle).threat is None
    spent = g.clone()
    spent.state.nations["USSR"].test_steal = 0
    assert stakes(poke(spent), seat, test).threat is None


def test_a_test_toward_a_mission_the_rival_flies_to_first_is_told_the_delay() -> None:
    """A completed Mission leaves the table with its Risk cards and their Test tokens: a Test
    for a launch the rival flies first may be lost with it. A payload loaded onto a Payload
    tile stays aboard through a delay (V0.10.4): nothing of it is lost."""
    def behind(g: Game, seat: str, legal: list[A.Action]) -> A.Action | None:
        state = g.state
        mission = state.nations["USA"].launch
        if seat != "USA.engineer" or not mission or state.nations["USSR"].launch != mission \
                or state.launches[0][0] != "USSR" or g.phase != "engineering" \
                or not game.launch_odds(g, "USSR", mission):
            return None
        return next((a for a in legal if isinstance(a, A.Test)
                     and mission_of_risk(g, "USA", a.risk) == mission), None)

    g, seat, test = first_position(behind, range(120))
    mission = g.state.nations["USA"].launch
    threat = stakes(g, seat, test).threat
    assert threat is not None and mission
    assert (threat.kind, threat.rival, threat.mission) == ("first", "USSR", mission)
    assert threat.odds == game.launch_odds(g, "USSR", mission) > 0
    assert threat.cost == min(3, g.state.nations["USA"].popularity)
    load = next((a for a in g.legal_actions(seat) if isinstance(a, A.LoadPayload)), None)
    assert load is None or stakes(g, seat, load).threat is None
