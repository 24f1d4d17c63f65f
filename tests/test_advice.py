"""game.advice: a confirmed consequence of an action, from the acting seat's knowledge only."""

from __future__ import annotations

import random

import pytest

import game
from game.ai import get_ai
from game.analysis.advice import advise, target
from game.core import actions as A
from game.rules.odds import launch_odds, split_odds
from game.tools.tournament import medium_moves
from tests.conftest import pol
from tests.test_stakes import SPUTNIK, VANGUARD, engineering, politics, same_view_other_secrets


def test_a_launch_is_judged_by_its_own_odds() -> None:
    g = politics()
    advice = advise(g, pol("USSR"), A.Launch(VANGUARD))
    odds = launch_odds(g, "USSR", VANGUARD)
    assert advice is not None and advice.kind == "launch" and advice.subject == VANGUARD
    assert advice.before == advice.after == odds == 0.5 and advice.flags == ()


def test_without_a_launch_the_likeliest_mission_is_measured() -> None:
    g = politics()
    assert target(g, "USSR") == VANGUARD  # 50% against Sputnik's 37.5%
    advice = advise(g, pol("USSR"), A.AnnounceMission(1))
    # the odds toward Vanguard do not move: what it does is put a new Mission out
    assert advice is not None and advice.kind == "mission"
    assert (advice.before, advice.after) == (2, 3)


def test_a_test_raises_the_odds_of_the_mission_launched_toward() -> None:
    """The Engineer's Test token on a Risk of the Mission its nation launches toward."""
    g = engineering(SPUTNIK)
    engineer = "USSR.engineer"
    test = next(a for a in g.legal_actions(engineer)
                if isinstance(a, A.Test) and a.risk == "R0-LEAK")
    advice = advise(g, engineer, test)
    assert advice is not None and advice.kind == "odds" and advice.subject == SPUTNIK
    assert advice.before == launch_odds(g, "USSR", SPUTNIK)
    after = g.clone()
    after.apply(engineer, test)  # a Test rolls nothing and hides nothing: exact
    assert advice.after == launch_odds(after, "USSR", SPUTNIK) > advice.before


def test_adaptivity_is_judged_by_the_split_it_chooses() -> None:
    for seed in range(40):
        g = game.new_game(seed)
        rng = random.Random(seed)
        while not g.is_over:
            seat = g.to_act()[0]
            actions = g.legal_actions(seat)
            splits = [a for a in actions if isinstance(a, A.SetAdaptivity)]
            if len(splits) > 1:
                nation = seat.split(".")[0]
                mission = g.state.nations[nation].launch
                assert mission
                table = dict(split_odds(g, nation, mission))
                for action in splits:
                    advice = advise(g, seat, action)
                    chosen = (action.s, action.e, action.c)
                    assert advice is not None and advice.kind == "split"
                    assert advice.after == table[chosen]
                    assert advice.before == max(o for s, o in table.items() if s != chosen)
                return
            g.apply(seat, get_ai("medium").choose(g.view(seat), actions, rng))
    pytest.fail("no Adaptivity choice in 40 games")


def test_the_answer_uses_only_the_seats_information() -> None:
    """The real dice, the rival's hand and the decks do not change the advice."""
    g = engineering(VANGUARD)
    seat = "USSR.engineer"
    research = next(a for a in g.legal_actions(seat) if isinstance(a, A.Research))
    first = advise(g, seat, research)
    for other in same_view_other_secrets(g):
        assert other.view(seat) == g.view(seat)
        assert advise(other, seat, research) == first


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    g = politics()
    before = g.to_json()
    with pytest.raises(game.IllegalAction):
        advise(g, pol("USA"), A.Abort())
    advise(g, pol("USSR"), A.Launch(SPUTNIK))
    assert g.to_json() == before


def test_every_kind_of_action_can_be_advised_in_whole_games() -> None:
    kinds: set[str] = set()
    for seed in range(3):
        sample = random.Random(seed)
        for g, seat, _, chosen in medium_moves(seed, players=2 + seed):
            if sample.random() < 0.3:
                before = g.to_json()
                advice = advise(g, seat, chosen)
                assert g.to_json() == before
                if advice is not None:
                    assert advice.concrete
                    if advice.kind in ("launch", "odds"):
                        assert 0.0 <= advice.after <= 1.0
                kinds.add(chosen.kind)
    assert {"play_maneuver", "place_token", "take_from_line", "place_tile", "launch"} <= kinds
