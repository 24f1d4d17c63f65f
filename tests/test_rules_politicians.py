"""Phase 2 for the Politicians: Maneuver placement (2.1) and actions A to D (2.2)."""

from __future__ import annotations

import pytest

import game
from game.core import actions as A
from game.core.events import Changed, MissionAnnounced, RisksReshuffled
from game.core.state import Stack
from game.engine import Game
from game.rules.records import TokenView
from tests.conftest import eng, kinds, new, pass_maneuvers, poke, pol

# ---------------------------------------------------------------------------- maneuvers


@pytest.mark.rule("maneuvers")
def test_cards_go_from_hand_onto_own_empty_places_first_player_first(g: Game) -> None:
    ussr = g.state.nations["USSR"]
    card = ussr.hand[0]
    legal = g.legal_actions(pol("USSR"))
    assert {a.place for a in legal if isinstance(a, A.PlayManeuver)} == {1, 2, 3, 4}
    assert all(a.card in ussr.hand for a in legal if isinstance(a, A.PlayManeuver))
    g.apply(pol("USSR"), A.PlayManeuver(card, 2))
    assert card not in ussr.hand and len(ussr.hand) == 3
    assert ussr.stacks[1] is not None and ussr.stacks[1].card == card
    assert ussr.stacks[1].level == 1 and ussr.stacks[1].tokens == []
    assert g.to_act() == ["USA.politician"]
    # USA's board is still empty; USSR's place 2 is taken for USSR only.
    assert A.PlayManeuver(g.state.nations["USA"].hand[0], 2) in g.legal_actions(pol("USA"))
    g.apply(pol("USA"), A.PassManeuvers())
    assert {a.place for a in g.legal_actions(pol("USSR"))
            if isinstance(a, A.PlayManeuver)} == {1, 3, 4}


@pytest.mark.rule("maneuvers")
def test_a_passer_may_answer_a_card_and_two_passes_in_a_row_end(g: Game) -> None:
    g.apply(pol("USSR"), A.PassManeuvers())
    usa_card = g.state.nations["USA"].hand[0]
    g.apply(pol("USA"), A.PlayManeuver(usa_card, 1))
    assert g.phase == "maneuvers" and g.to_act() == ["USSR.politician"]
    assert "play_maneuver" in kinds(g.legal_actions(pol("USSR")))  # back in after passing
    g.apply(pol("USSR"), A.PlayManeuver(g.state.nations["USSR"].hand[0], 3))
    g.apply(pol("USA"), A.PassManeuvers())
    assert g.phase == "maneuvers"  # one pass only
    g.apply(pol("USSR"), A.PassManeuvers())
    assert g.phase == "politics" and g.to_act() == ["USSR.politician"]


@pytest.mark.rule("maneuvers")
def test_escalated_stack_keeps_its_place_next_round(g: Game) -> None:
    ussr = g.state.nations["USSR"]
    ussr.stacks[0] = Stack("USSR:press_conference", cover="USSR:budget_hearing", level=2)
    poke(g)
    assert {a.place for a in g.legal_actions(pol("USSR"))
            if isinstance(a, A.PlayManeuver)} == {2, 3, 4}


@pytest.mark.rule("maneuvers")
def test_with_an_empty_hand_only_passing_is_left(g: Game) -> None:
    g.state.nations["USSR"].hand = []
    poke(g)
    assert g.legal_actions(pol("USSR")) == [A.PassManeuvers()]


# ---------------------------------------------------------------------------- support


def _stacks_then_politics(g: Game) -> None:
    g.apply(pol("USSR"), A.PlayManeuver(g.state.nations["USSR"].hand[0], 1))
    g.apply(pol("USA"), A.PlayManeuver(g.state.nations["USA"].hand[0], 1))
    pass_maneuvers(g)
    assert g.phase == "politics" and g.state.turn == "USSR"


@pytest.mark.rule("support")
def test_support_needs_two_tokens_before_it_can_finish(g: Game) -> None:
    _stacks_then_politics(g)
    assert A.FinishSupport() not in g.legal_actions(pol("USSR"))
    g.apply(pol("USSR"), A.PlaceToken("USA", 1, "influence"))  # on the rival's card
    legal = g.legal_actions(pol("USSR"))
    assert kinds(legal) == {"place_token"}  # no other action until a second token
    assert g.to_act() == ["USSR.politician"]
    g.apply(pol("USSR"), A.PlaceToken("USSR", 1, "bluff"))
    assert A.FinishSupport() in g.legal_actions(pol("USSR"))
    g.apply(pol("USSR"), A.PlaceToken("USSR", 1, "influence"))
    g.apply(pol("USSR"), A.FinishSupport())
    ussr = g.state.nations["USSR"]
    assert (ussr.influence, ussr.bluff) == (2, 4)
    assert g.state.nations["USA"].stacks[0].tokens == [("USSR", "influence")]  # type: ignore[union-attr]
    assert g.to_act() == ["USA.politician"]


@pytest.mark.rule("support")
def test_rival_sees_where_tokens_went_never_their_kind(g: Game) -> None:
    _stacks_then_politics(g)
    g.apply(pol("USSR"), A.PlaceToken("USSR", 1, "influence"))
    g.apply(pol("USSR"), A.PlaceToken("USSR", 1, "bluff"))
    by_usa = g.view("USA.engineer").nations["USSR"].places[0].stack
    by_ussr = g.view("USSR.engineer").nations["USSR"].places[0].stack
    assert by_usa is not None and by_ussr is not None
    assert by_usa.tokens == (TokenView(nation="USSR", kind=None),) * 2
    assert [t.kind for t in by_ussr.tokens] == ["influence", "bluff"]


@pytest.mark.rule("support")
def test_support_ends_by_itself_when_tokens_run_out_and_is_gone_below_two(g: Game) -> None:
    _stacks_then_politics(g)
    ussr = g.state.nations["USSR"]
    ussr.influence, ussr.bluff = 2, 0
    poke(g)
    g.apply(pol("USSR"), A.PlaceToken("USA", 1, "influence"))
    g.apply(pol("USSR"), A.PlaceToken("USA", 1, "influence"))
    assert g.state.support == 0 and g.to_act() == ["USA.politician"]
    g.apply(pol("USA"), A.AnnounceMission(1))
    assert "place_token" not in kinds(g.legal_actions(pol("USSR")))
    ussr.bluff = 1
    poke(g)
    assert "place_token" not in kinds(g.legal_actions(pol("USSR")))  # one token is too few


@pytest.mark.rule("support")
def test_no_support_without_any_maneuver_on_the_board(g: Game) -> None:
    pass_maneuvers(g)
    assert "place_token" not in kinds(g.legal_actions(pol("USSR")))


# ---------------------------------------------------------------------------- announce


@pytest.mark.rule("announce")
def test_announcing_deals_the_top_card_with_face_up_risks_of_its_levels(g: Game) -> None:
    pass_maneuvers(g)
    content = g.content
    top = g.state.mission_decks[2][-1]
    assert {a.level for a in g.legal_actions(pol("USSR"))
            if isinstance(a, A.AnnounceMission)} == {1, 2, 3}
    events = g.apply(pol("USSR"), A.AnnounceMission(2))
    mission, risks = g.state.active[-1]
    assert mission == top and len(g.state.mission_decks[2]) == 4
    assert [content.risks[r].level for r in risks] == list(content.missions[top].risks)
    assert all(g.state.tests[r] == (0, 0) for r in risks)
    announced = next(e for e in events if isinstance(e, MissionAnnounced))
    assert announced.risks == tuple(risks)
    assert g.to_act() == ["USA.politician"]


@pytest.mark.rule("announce")
def test_no_fourth_active_mission_and_level0_missions_count(g: Game) -> None:
    pass_maneuvers(g)
    g.apply(pol("USSR"), A.AnnounceMission(1))  # 2 level-0 + 1 = 3 active
    assert len(g.state.active) == 3
    assert "announce_mission" not in kinds(g.legal_actions(pol("USA")))
    with pytest.raises(game.IllegalAction):
        g.apply(pol("USA"), A.AnnounceMission(2))


@pytest.mark.rule("announce")
def test_empty_deck_and_the_displayed_moon_cannot_be_announced(g: Game) -> None:
    pass_maneuvers(g)
    g.state.mission_decks[3] = ()
    g.state.completed.append(("M3-LUNA9", "USA", 0))  # even with the Moon gate open
    poke(g)
    levels = {a.level for a in g.legal_actions(pol("USSR")) if isinstance(a, A.AnnounceMission)}
    assert levels == {1, 2}


# ---------------------------------------------------------------------------- influence


@pytest.mark.rule("influence")
def test_raise_influence_trades_popularity_once_per_round(g: Game) -> None:
    pass_maneuvers(g)
    amounts = [a.amount for a in g.legal_actions(pol("USSR"))
               if isinstance(a, A.RaiseInfluence)]
    assert amounts == list(range(1, 10))  # Popularity 10 must stay >= 1
    g.apply(pol("USSR"), A.RaiseInfluence(3))
    ussr = g.state.nations["USSR"]
    assert (ussr.popularity, ussr.influence, ussr.bluff) == (7, 7, 5)
    g.apply(pol("USA"), A.AnnounceMission(1))
    assert "raise_influence" not in kinds(g.legal_actions(pol("USSR")))


@pytest.mark.rule("influence")
def test_raise_influence_unavailable_at_popularity_one(g: Game) -> None:
    pass_maneuvers(g)
    g.state.nations["USSR"].popularity = 1
    poke(g)
    assert "raise_influence" not in kinds(g.legal_actions(pol("USSR")))
    with pytest.raises(game.IllegalAction):
        g.apply(pol("USSR"), A.RaiseInfluence(1))


# ---------------------------------------------------------------------------- launch decision


@pytest.mark.rule("launch-decision")
def test_launch_is_the_last_action_and_the_rival_keeps_acting_alone(g: Game) -> None:
    pass_maneuvers(g)
    g.apply(pol("USSR"), A.Launch("M0-SPUTNIK"))
    assert g.state.nations["USSR"].launch == "M0-SPUTNIK"
    assert g.to_act() == ["USA.politician"]
    g.apply(pol("USA"), A.AnnounceMission(1))
    assert g.to_act() == ["USA.politician"]  # still USA: USSR has decided
    assert g.legal_actions(pol("USSR")) == []
    new_mission = g.state.active[-1][0]
    assert A.Launch(new_mission) in g.legal_actions(pol("USA"))  # announced this round
    g.apply(pol("USA"), A.Launch("M0-SPUTNIK"))  # the same Mission is allowed
    assert g.phase == "engineering"
    assert g.state.launches == [("USSR", "M0-SPUTNIK"), ("USA", "M0-SPUTNIK")]


@pytest.mark.rule("launch-decision")
def test_abort_costs_one_popularity_at_once(g: Game) -> None:
    pass_maneuvers(g)
    events = g.apply(pol("USSR"), A.Abort())
    assert g.state.nations["USSR"].popularity == 9
    assert g.state.nations["USSR"].launch == ""
    assert any(isinstance(e, Changed) and e.source == "abort" for e in events)
    assert g.state.launches == []


@pytest.mark.rule("launch-decision")
def test_launch_targets_only_active_missions_and_moon_after_gate(g: Game) -> None:
    pass_maneuvers(g)
    targets = {a.mission for a in g.legal_actions(pol("USSR")) if isinstance(a, A.Launch)}
    assert targets == {"M0-SPUTNIK", "M0-VANGUARD"}
    with pytest.raises(game.IllegalAction):
        g.apply(pol("USSR"), A.Launch("MOON"))
    with pytest.raises(game.IllegalAction):
        g.apply(pol("USSR"), A.Launch("M1-EXPLORER"))  # not active
    g.state.completed.append(("M3-APOLLO8", "USA", 0))
    poke(g)
    assert A.Launch("MOON") in g.legal_actions(pol("USSR"))


@pytest.mark.rule("launch-decision")
def test_four_players_engineers_act_interleaved_with_politicians() -> None:
    g = new(4, players=4)
    for seat in ("USSR.politician", "USA.politician"):
        g.apply(seat, A.EndDiscussion())
    assert g.phase == "maneuvers"
    assert g.to_act() == ["USSR.politician", "USSR.engineer", "USA.engineer"]
    g.apply(eng("USA"), A.TakeFromLine("S"))
    g.apply(eng("USA"), A.PlaceTile(1, 2, 0))
    g.apply(pol("USSR"), A.PassManeuvers())
    g.apply(eng("USSR"), A.Test(g.state.active[0][1][0]))
    g.apply(pol("USA"), A.PassManeuvers())
    assert g.phase == "politics"
    g.apply(eng("USSR"), A.PassEngineer())
    g.apply(pol("USSR"), A.Abort())
    g.apply(pol("USA"), A.AnnounceMission(1))
    assert "USA.engineer" in g.to_act() and "USSR.engineer" not in g.to_act()
    g.apply(pol("USA"), A.Abort())
    assert g.phase == "engineering"
    assert g.to_act() == ["USA.engineer"]
    assert g.state.nations["USA"].money == 23 and g.state.nations["USSR"].money == 26


@pytest.mark.rule("announce")
def test_empty_risk_deck_reshuffles_its_discards(g: Game) -> None:
    pass_maneuvers(g)
    g.state.risk_decks[1] = ()
    g.state.risk_discards[1] = ("R1-POGO", "R1-STAGING", "R1-CUTOFF")
    poke(g)
    events = g.apply(pol("USSR"), A.AnnounceMission(1))
    assert any(isinstance(e, RisksReshuffled) and e.level == 1 for e in events)
    drawn = g.state.active[-1][1]
    assert g.state.risk_discards[1] == ()
    assert sorted([*drawn, *g.state.risk_decks[1]]) == ["R1-CUTOFF", "R1-POGO", "R1-STAGING"]
