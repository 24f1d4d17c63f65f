"""ui.words.warn: a risky action's stakes in words."""

from __future__ import annotations

from game import actions as A
from game.stakes import Stakes, stakes
from tests.test_stakes import SPUTNIK, VANGUARD, politics
from ui.screens.panels import confirm_html
from ui.words.warn import warning_text


def test_a_low_odds_launch_is_told_with_its_chance_cost_and_popularity() -> None:
    g = politics(popularity=3)
    action = A.Launch(SPUTNIK)
    text = warning_text(stakes(g, "USSR.politician", action), action)
    assert text == ("Launch toward Sputnik 1 with 38% success: a failure costs 2 Popularity, "
                    "you have 3.")


def test_an_abort_that_loses_says_so() -> None:
    g = politics(popularity=1)
    text = warning_text(stakes(g, "USSR.politician", A.Abort()), A.Abort())
    assert text.startswith("Aborting the launch costs 1 Popularity, you have 1: it leaves 0.")
    assert "This ends the game: USA wins (the rival's Popularity fell to zero)." in text


def test_the_dialog_escapes_its_words() -> None:
    markup = confirm_html("<b>x</b>", "Go <now>")
    assert "<b>x" not in markup and "&lt;b&gt;x" in markup and "Go &lt;now&gt;" in markup


def test_a_launch_that_can_lose_never_says_the_game_is_lost_already() -> None:
    """The Engineer may still improve the rocket: a possible loss, told as one."""
    g = politics(popularity=2)
    action = A.Launch(VANGUARD)
    text = warning_text(stakes(g, "USSR.politician", action), action)
    assert text == ("Launch toward Vanguard 1 with 50% success: a failure costs 2 Popularity, "
                    "you have 2. If it does, you lose the game.")


def test_a_launch_without_its_payload_is_told_as_a_delay() -> None:
    action = A.Launch(SPUTNIK)
    delay = Stakes("delay", 3, 0, 1.0, odds=0.0, winner="USA", end_reason="popularity")
    assert warning_text(delay, action) == (
        "Launch toward Sputnik 1 with 0% success: the rocket does not carry the payload yet, "
        "and a delay costs 3 Popularity, you have 3. If it does, you lose the game.")


def test_paying_for_a_tie_and_what_an_action_sets_off() -> None:
    tie = Stakes("tie", 4, 2, 0.0)
    assert warning_text(tie, A.PayForTie()) == (
        "Paying to win the tie costs 2 Popularity, you have 4: it leaves 2.")
    certain = Stakes("outcome", 2, 0, 1.0, winner="USA", end_reason="popularity")
    assert warning_text(certain, A.PassEngineer()) == (
        "This action ends the game against you: USA wins (the rival's Popularity fell to "
        "zero).")
    likely = Stakes("outcome", 2, 0, 0.5, winner="USA", end_reason="popularity")
    assert warning_text(likely, A.PassEngineer()).startswith(
        "What this sets off can end the game against you: USA wins")
    drop = Stakes("outcome", 4, 2, 0.0)
    assert warning_text(drop, A.PassEngineer()) == (
        "What this sets off can drop your Popularity to 2, you have 4.")
