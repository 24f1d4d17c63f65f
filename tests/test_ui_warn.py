"""ui.words.warn: a risky action's stakes in words."""

from __future__ import annotations

import game
from game.analysis.stakes import Stakes, Threat, stakes
from game.core import actions as A
from tests.conftest import poke
from tests.test_stakes import SPUTNIK, VANGUARD, engineering, politics
from ui.screens.panels import confirm_html
from ui.words.warn import warning_text


def test_a_low_odds_launch_is_told_with_its_chance_cost_and_popularity() -> None:
    g = politics(popularity=3)
    action = A.Launch(SPUTNIK)
    text = warning_text(stakes(g, "USSR.politician", action))
    assert text == ("Launch toward Sputnik 1 with 38% success: a failure costs 2 Popularity, "
                    "you have 3.")


def test_an_abort_that_loses_says_so() -> None:
    g = politics(popularity=1)
    text = warning_text(stakes(g, "USSR.politician", A.Abort()))
    assert text.startswith("Aborting the launch costs 1 Popularity, you have 1: it leaves 0.")
    assert "This ends the game: USA wins (the rival's Popularity fell to zero)." in text


def test_the_dialog_escapes_its_words() -> None:
    markup = confirm_html("<b>x</b>", "Go <now>")
    assert "<b>x" not in markup and "&lt;b&gt;x" in markup and "Go &lt;now&gt;" in markup


def test_a_launch_that_can_lose_never_says_the_game_is_lost_already() -> None:
    """The Engineer may still improve the rocket: a possible loss, told as one."""
    g = politics(popularity=2)
    action = A.Launch(VANGUARD)
    text = warning_text(stakes(g, "USSR.politician", action))
    assert text == ("Launch toward Vanguard 1 with 50% success: a failure costs 2 Popularity, "
                    "you have 2. If it does, you lose the game.")


def test_a_launch_without_its_payload_is_told_as_a_delay() -> None:
    delay = Stakes("delay", 3, 0, 1.0, odds=0.0, mission=SPUTNIK, failure=3, winner="USA",
                   end_reason="popularity")
    assert warning_text(delay) == (
        "Launch toward Sputnik 1 with 0% success: the rocket does not carry the payload yet, "
        "and a delay costs 3 Popularity, you have 3. If it does, you lose the game.")


def test_paying_for_a_tie_and_what_an_action_sets_off() -> None:
    tie = Stakes("tie", 4, 2, 0.0)
    assert warning_text(tie) == (
        "Paying to win the tie costs 2 Popularity, you have 4: it leaves 2.")
    certain = Stakes("outcome", 2, 0, 1.0, winner="USA", end_reason="popularity")
    assert warning_text(certain) == (
        "This action ends the game against you: USA wins (the rival's Popularity fell to "
        "zero).")
    likely = Stakes("outcome", 2, 0, 0.5, winner="USA", end_reason="popularity")
    assert warning_text(likely).startswith(
        "What this sets off can end the game against you: USA wins")
    drop = Stakes("outcome", 4, 2, 0.0)
    assert warning_text(drop) == (
        "What this sets off can drop your Popularity to 2, you have 4.")


def test_the_engineers_pass_into_a_hopeless_launch_says_it_cannot_succeed() -> None:
    g = politics(popularity=2)
    g.apply("USSR.politician", A.Launch(SPUTNIK))
    g.apply("USA.politician", A.Abort())
    g.state.nations["USSR"].sabotage = 8  # every roll ends at 0 or less
    poke(g)
    text = warning_text(stakes(g, "USSR.engineer", A.PassEngineer()))
    assert text == ("If you pass now, your launch toward Sputnik 1 cannot succeed: no roll "
                    "passes every risk, and the explosion costs 2 Popularity, you have 2. "
                    "This ends the game: USA wins (the rival's Popularity fell to zero).")


def test_the_engineers_pass_into_a_poor_launch_gives_its_odds() -> None:
    text = warning_text(stakes(engineering(SPUTNIK), "USSR.engineer", A.PassEngineer()))
    assert text == ("If you pass now, your launch toward Sputnik 1 flies with 38% success: a "
                    "failure costs 2 Popularity, you have 10.")


def test_a_launch_after_the_rival_toward_the_same_mission_says_who_flies_first() -> None:
    g = politics(popularity=10)
    g.apply("USSR.politician", A.Launch(VANGUARD))
    action = A.Launch(VANGUARD)
    text = warning_text(stakes(g, "USA.politician", action))
    assert text == ("Launch toward Vanguard 1 with 50% success: a failure costs 2 Popularity, "
                    "you have 10. The USSR launches first toward Vanguard 1: if it succeeds "
                    "(50%), your launch is delayed, -3 Popularity.")
    g = politics(popularity=3)
    g.apply("USSR.politician", A.Launch(VANGUARD))
    assert warning_text(stakes(g, "USA.politician", action)).endswith(
        "Your chance of losing the game: 50%.")


def test_a_rivals_moon_attempt_is_announced_with_its_chance_until_the_launches() -> None:
    from game.core.content import MOON
    from ui.markup.frame import rival_moon_html

    g = politics(popularity=10)
    view = g.view("USA.politician")
    assert rival_moon_html(view, g.choices("USA.politician")) == ""  # nobody goes for the Moon
    g.state.nations["USSR"].launch = MOON  # as the USSR Politician's Launch decides it
    g.state.launches.append(("USSR", MOON))
    poke(g)
    chance = game.launch_odds(g, "USSR", MOON)
    markup = rival_moon_html(g.view("USA.politician"), g.choices("USA.politician"))
    assert 'data-testid="rival-moon"' in markup and 'role="alert"' in markup
    assert ("The USSR goes for the Moon this round: its rocket as it stands lands with "
            f"{chance * 100:.0f}%.") in markup
    ussr = "USSR.politician"
    assert rival_moon_html(g.view(ussr), g.choices(ussr)) == ""  # its own attempt: no alarm
    g.state.phase = "administration"
    usa = "USA.politician"
    assert rival_moon_html(g.view(usa), g.choices(usa)) == ""  # flown by now


def test_a_threat_is_told_with_what_it_takes_away() -> None:
    steal = Stakes("", 10, 10, 0.0, threat=Threat("test_steal", "USSR", SPUTNIK, 0.375, 1,
                                                  raised=0.5))
    assert warning_text(steal) == (
        "The USSR holds 1 Test Steal: it can turn this Test token into its own right after, "
        "and your odds toward Sputnik 1 would fall back from 50% to 38%.")
    first = Stakes("outcome", 10, 1, 0.0, threat=Threat("first", "USA", VANGUARD, 0.5, cost=3))
    text = warning_text(first)
    assert text.startswith("The USA launches first toward Vanguard 1: if it succeeds (50%), "
                           "your launch is delayed, -3 Popularity, and what this does toward "
                           "it is lost. ")
    assert text.endswith("can drop your Popularity to 1, you have 10.")  # and what else
