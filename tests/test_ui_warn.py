"""ui.warn: a risky action's stakes in words."""

from __future__ import annotations

from game import actions as A
from game.stakes import stakes
from tests.test_stakes import SPUTNIK, politics
from ui.warn import confirm_html, warning_text


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
