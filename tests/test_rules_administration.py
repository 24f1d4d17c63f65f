"""Phase 4: evaluation, ties, escalation, obstruction, places and the end-of-round order."""

from __future__ import annotations

import pytest

from game.core import actions as A
from game.core.events import (
    Changed,
    Delivered,
    Evaluated,
    Event,
    Income,
    ManeuverObstructed,
    ManeuverWon,
    RoundBegun,
)
from game.core.state import Stack
from game.engine import Game
from tests.conftest import engineers_pass, events_of, kinds, new, poke, pol, to_engineering

INF, BLUFF = "influence", "bluff"


def administration(stacks: dict[str, dict[int, Stack]], seed: int = 1) -> Game:
    """Round 1 after both Politicians aborted (Popularity 9 each), the given stacks on the
    boards, the Engineers passed: the game waits for the USSR's Maneuver decisions."""
    g = new(seed)
    to_engineering(g)
    for nation, placed in stacks.items():
        for place, stack in placed.items():
            g.state.nations[nation].stacks[place - 1] = stack
    poke(g)
    engineers_pass(g)
    return g


def tokens(usa: int = 0, ussr: int = 0, usa_bluff: int = 0, ussr_bluff: int = 0) -> list[
        tuple[str, str]]:
    return ([("USA", INF)] * usa + [("USSR", INF)] * ussr + [("USA", BLUFF)] * usa_bluff
            + [("USSR", BLUFF)] * ussr_bluff)


def pop(g: Game, nation: str) -> int:
    return g.state.nations[nation].popularity


# ---------------------------------------------------------------------------- evaluation


@pytest.mark.rule("evaluation")
def test_owner_with_more_influence_wins_the_visible_level() -> None:
    g = administration({"USSR": {1: Stack("USSR:press_conference", tokens=tokens(1, 2))}})
    assert (g.phase, g.to_act()) == ("administration", ["USSR.politician"])
    assert A.Evaluate(1) in g.legal_actions(pol("USSR"))
    events = g.apply(pol("USSR"), A.Evaluate(1))
    assert events_of(events, Evaluated)[0].own == 2
    assert events_of(events, ManeuverWon)[0].level == 1
    assert pop(g, "USSR") == 9 + 1
    assert "USSR:press_conference" in g.state.nations["USSR"].discard
    assert g.state.nations["USSR"].stacks[0] is None and g.round == 2


@pytest.mark.rule("evaluation")
def test_bluff_counts_zero() -> None:
    g = administration({"USSR": {2: Stack("USSR:press_conference",
                                          tokens=tokens(usa=2, ussr=1, ussr_bluff=4))}})
    g.apply(pol("USSR"), A.Evaluate(2))
    assert pop(g, "USSR") == 9  # obstructed: nothing for the owner
    assert pop(g, "USA") == 9 + 1  # USA's empty place 3 pays the obstructor


@pytest.mark.rule("evaluation")
def test_first_player_decides_all_stacks_before_the_other() -> None:
    g = administration({
        "USSR": {1: Stack("USSR:industry_contract", tokens=tokens(ussr=1)),
                 2: Stack("USSR:covert_operation", tokens=tokens(ussr=1))},
        "USA": {1: Stack("USA:industry_contract", tokens=tokens(usa=1))},
    })
    assert g.legal_actions(pol("USA")) == []
    g.apply(pol("USSR"), A.Evaluate(2))
    assert g.to_act() == ["USSR.politician"]
    assert g.state.nations["USA"].sabotage == 1  # covert operation: on the rival
    g.apply(pol("USSR"), A.Evaluate(1))
    assert g.to_act() == ["USA.politician"]
    usa_money = g.state.nations["USA"].money
    g.apply(pol("USA"), A.Evaluate(1))
    assert g.round == 2
    # +5 from the card, then income 27; place 1 holds the evaluated stack: no +2.
    assert g.state.nations["USA"].money == usa_money + 5 + 27


# ---------------------------------------------------------------------------- tie


@pytest.mark.rule("tie")
def test_tie_owner_pays_two_popularity_and_wins() -> None:
    g = administration({"USSR": {1: Stack("USSR:press_conference", tokens=tokens(2, 2))}})
    g.apply(pol("USSR"), A.Evaluate(1))
    assert g.legal_actions(pol("USSR")) == [A.PayForTie(), A.ConcedeTie()]
    g.apply(pol("USSR"), A.PayForTie())
    assert pop(g, "USSR") == 9 - 2 + 1
    assert pop(g, "USA") == 9


@pytest.mark.rule("tie")
def test_tie_conceded_gives_the_rival_its_obstruction_places() -> None:
    g = administration({"USSR": {1: Stack("USSR:press_conference")}})  # 0 against 0
    g.apply(pol("USSR"), A.Evaluate(1))
    g.apply(pol("USSR"), A.ConcedeTie())
    assert pop(g, "USSR") == 9
    assert pop(g, "USA") == 10  # place 3: +1 Popularity
    assert g.state.nations["USSR"].sabotage == 1  # place 4: Sabotage on the obstructed


@pytest.mark.rule("tie")
def test_paying_for_a_tie_may_cost_the_game() -> None:
    g = administration({"USSR": {1: Stack("USSR:press_conference")}})
    g.state.nations["USSR"].popularity = 2
    g.apply(pol("USSR"), A.Evaluate(1))
    g.apply(pol("USSR"), A.PayForTie())
    assert (g.is_over, g.winner, g.end_reason) == (True, "USA", "popularity")
    assert pop(g, "USSR") == 0  # the card's +1 never came


# ---------------------------------------------------------------------------- escalation


@pytest.mark.rule("escalation")
def test_first_escalation_covers_with_a_hand_card_and_keeps_the_tokens() -> None:
    g = administration({"USSR": {3: Stack("USSR:press_conference", tokens=tokens(1, 1))}})
    ussr = g.state.nations["USSR"]
    cover = ussr.hand[0]
    options = {a for a in g.legal_actions(pol("USSR")) if isinstance(a, A.Escalate)}
    assert options == {A.Escalate(3, card) for card in ussr.hand}
    g.apply(pol("USSR"), A.Escalate(3, cover))
    assert cover not in ussr.hand
    stack = ussr.stacks[2]
    assert stack is not None and (stack.level, stack.cover) == (2, cover)
    assert stack.tokens == tokens(1, 1)
    assert g.round == 2 and stack.fate is None  # stays on its place
    assert len(ussr.hand) == 4  # refilled after the cover left the hand
    assert cover not in ussr.discard


@pytest.mark.rule("escalation")
def test_second_escalation_slides_the_cover_and_level3_must_be_evaluated() -> None:
    g = administration({"USSR": {1: Stack("USSR:press_conference", cover="USSR:smear_campaign",
                                          level=2, tokens=tokens(ussr=1))}})
    hand = list(g.state.nations["USSR"].hand)
    assert {a for a in g.legal_actions(pol("USSR"))} == {A.Evaluate(1), A.Escalate(1, "")}
    g.apply(pol("USSR"), A.Escalate(1, ""))
    assert g.state.nations["USSR"].hand == hand
    stack = g.state.nations["USSR"].stacks[0]
    assert stack is not None and stack.level == 3
    to_engineering(g)
    engineers_pass(g)
    assert g.legal_actions(pol("USSR")) == [A.Evaluate(1)]
    g.apply(pol("USSR"), A.Evaluate(1))
    ussr = g.state.nations["USSR"]
    # Popularity: 9, then -1 for round 2's abort, +3 for the level-3 reward.
    assert ussr.popularity == 9 - 1 + 3
    assert "USSR:press_conference" in ussr.discard and "USSR:smear_campaign" in ussr.discard


@pytest.mark.rule("escalation")
def test_escalated_stack_pays_its_lowest_visible_level() -> None:
    g = administration({"USSR": {1: Stack("USSR:industry_contract", cover="USSR:budget_hearing",
                                          level=2, tokens=tokens(ussr=1))}})
    money = g.state.nations["USSR"].money
    g.apply(pol("USSR"), A.Evaluate(1))
    assert g.state.nations["USSR"].money == money + 9 + 27  # level 2: 9 money


@pytest.mark.rule("escalation")
def test_level1_escalation_needs_a_hand_card() -> None:
    g = new(1)
    to_engineering(g)
    g.state.nations["USSR"].stacks[0] = Stack("USSR:press_conference")
    g.state.nations["USSR"].hand = []
    poke(g)
    engineers_pass(g)
    assert g.legal_actions(pol("USSR")) == [A.Evaluate(1)]


# ---------------------------------------------------------------------------- obstruction


@pytest.mark.rule("obstruction")
def test_obstructor_gets_only_its_own_empty_obstruction_places() -> None:
    g = administration({
        "USSR": {1: Stack("USSR:press_conference", tokens=tokens(usa=1))},
        "USA": {3: Stack("USA:budget_hearing", cover="USA:smear_campaign", level=2)},
    })
    events = g.apply(pol("USSR"), A.Evaluate(1))
    assert events_of(events, ManeuverObstructed)[0].by == "USA"
    assert pop(g, "USA") == 9  # place 3 is covered by a stack: no Popularity
    assert g.state.nations["USSR"].sabotage == 1  # place 4 is empty
    assert pop(g, "USSR") == 9


@pytest.mark.rule("obstruction")
def test_obstruction_pays_nothing_when_both_places_are_taken() -> None:
    g = administration({
        "USSR": {1: Stack("USSR:press_conference", tokens=tokens(usa=2, ussr=1))},
        "USA": {3: Stack("USA:budget_hearing", level=2, cover="USA:smear_campaign"),
                4: Stack("USA:covert_operation", level=2, cover="USA:budget_pressure")},
    })
    g.apply(pol("USSR"), A.Evaluate(1))
    assert pop(g, "USA") == 9 and g.state.nations["USSR"].sabotage == 0


# ---------------------------------------------------------------------------- places


@pytest.mark.rule("places")
def test_per_round_place_pays_only_while_empty() -> None:
    g = new(1)
    to_engineering(g)
    g.state.nations["USA"].stacks[0] = Stack("USA:press_conference", level=2,
                                             cover="USA:budget_hearing", fate=None)
    poke(g)
    money = {n: g.state.nations[n].money for n in ("USA", "USSR")}
    engineers_pass(g)  # USSR has nothing to decide; USA must decide its stack
    g.apply(pol("USA"), A.Escalate(1, ""))
    assert g.state.nations["USSR"].money == money["USSR"] + 2 + 27
    assert g.state.nations["USA"].money == money["USA"] + 27


@pytest.mark.rule("places")
def test_stack_evaluated_this_round_still_blocks_its_place() -> None:
    g = administration({"USSR": {1: Stack("USSR:budget_hearing", tokens=tokens(ussr=1))}})
    money = g.state.nations["USSR"].money
    g.apply(pol("USSR"), A.Evaluate(1))
    assert g.state.nations["USSR"].money == money + 28  # no +2; income from Budget 28


@pytest.mark.rule("places")
def test_successful_mission_place_pays_only_after_a_success() -> None:
    g = new(1)
    from tests.conftest import force_rolls, pass_maneuvers

    pass_maneuvers(g)
    g.apply(pol("USSR"), A.Launch("M0-SPUTNIK"))
    g.apply(pol("USA"), A.Launch("M0-VANGUARD"))
    g.state.active = [("M0-SPUTNIK", ("R0-PAD",)), ("M0-VANGUARD", ("R0-PAD",))]
    g.state.tests = {"R0-PAD": (0, 0)}
    force_rolls(g, [8, 1])  # USSR passes, USA explodes
    engineers_pass(g)
    assert g.state.nations["USSR"].budget == 30 - 3 + 1
    assert g.state.nations["USA"].budget == 30 - 3


# ---------------------------------------------------------------------------- end of round


@pytest.mark.rule("end-of-round")
def test_budget_drops_3_and_income_equals_budget(g: Game) -> None:
    to_engineering(g)
    g.state.nations["USSR"].money = 4
    g.state.nations["USSR"].budget = 10
    g.state.nations["USA"].budget = 2
    poke(g)
    engineers_pass(g)
    assert g.state.nations["USSR"].budget == 7
    assert g.state.nations["USSR"].money == 4 + 2 + 7  # unspent money carries over
    assert g.state.nations["USA"].budget == -1  # may go below zero
    assert g.state.nations["USA"].money == 30 + 2 + 0  # no income from a negative Budget


def _step(event: Event) -> tuple[str, str | None, str | None] | None:
    """An end-of-round step's kind, nation and source (None: not such a step)."""
    match event:
        case Changed():
            return (event.kind, event.nation, event.source)
        case Income():
            return (event.kind, event.nation, None)
        case RoundBegun():
            return (event.kind, None, None)
    return None


@pytest.mark.rule("end-of-round")
def test_steps_run_in_the_ruled_order() -> None:
    g = new(1)
    to_engineering(g)
    ussr = g.state.nations["USSR"]
    ussr.stacks[1] = Stack("USSR:industry_contract", tokens=tokens(ussr=1))
    ussr.suppliers = [None, None, "T:S02"]
    poke(g)
    events = engineers_pass(g)
    order = [(e.kind, e.source if isinstance(e, Changed) else None) for e in events
             if isinstance(e, Changed | Delivered)]
    assert order[:3] == [("change", "round"), ("change", "round"), ("delivery", None)]
    assert g.to_act() == ["USSR.engineer"]  # the delivery is placed before evaluation
    g.apply("USSR.engineer", A.PlaceTile(0, 0, 0))
    assert g.to_act() == ["USSR.politician"]
    events = g.apply(pol("USSR"), A.Evaluate(2))
    steps = [step for e in events if (step := _step(e))]
    assert steps == [
        ("change", "USSR", "maneuver:USSR:industry_contract"),  # evaluation pays at once
        ("change", "USSR", "place:1"), ("change", "USA", "place:1"),  # First Player first
        ("income", "USSR", None), ("income", "USA", None),
        ("round", None, None),
    ]
    assert g.state.first == "USA"


@pytest.mark.rule("end-of-round")
def test_tokens_are_discarded_and_hands_refill_to_four(g: Game) -> None:
    from tests.conftest import pass_maneuvers

    g.apply(pol("USSR"), A.PlayManeuver(g.state.nations["USSR"].hand[0], 1))
    pass_maneuvers(g)
    g.apply(pol("USSR"), A.RaiseInfluence(2))
    g.apply(pol("USA"), A.Abort())
    g.apply(pol("USSR"), A.PlaceToken("USSR", 1, "influence"))
    g.apply(pol("USSR"), A.PlaceToken("USSR", 1, "influence"))
    g.apply(pol("USSR"), A.FinishSupport())
    g.apply(pol("USSR"), A.Abort())
    engineers_pass(g)
    g.apply(pol("USSR"), A.Evaluate(1))
    ussr = g.state.nations["USSR"]
    assert len(ussr.hand) == 4 and len(ussr.deck) == 7
    assert (ussr.influence, ussr.bluff) == (4, 4)  # fresh round-2 tokens, no extra


@pytest.mark.rule("end-of-round")
def test_empty_deck_reshuffles_the_discards(g: Game) -> None:
    to_engineering(g)
    ussr = g.state.nations["USSR"]
    ussr.discard = ussr.deck + ussr.hand[2:]
    ussr.deck, ussr.hand = [], ussr.hand[:2]
    poke(g)
    engineers_pass(g)
    assert len(ussr.hand) == 4 and len(ussr.deck) == 8 and ussr.discard == []
    assert len(set(ussr.hand + ussr.deck)) == 12


@pytest.mark.rule("end-of-round")
def test_hand_stays_short_when_deck_and_discard_are_empty(g: Game) -> None:
    to_engineering(g)
    ussr = g.state.nations["USSR"]
    ussr.deck, ussr.hand = [], ussr.hand[:1]
    poke(g)
    engineers_pass(g)
    assert len(ussr.hand) == 1
    assert kinds(g.legal_actions(pol("USA"))) == {"play_maneuver", "pass_maneuvers"}


@pytest.mark.rule("end-of-round")
def test_round_budget_drop_is_one_change_for_both_nations(g: Game) -> None:
    to_engineering(g)
    g.state.nations["USA"].budget = 45  # USSR (First Player) drops first: 45 - 27 = 18
    poke(g)
    engineers_pass(g)
    assert not g.is_over and g.round == 2  # both drop, then the gap (15) is checked
