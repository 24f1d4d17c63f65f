"""The words of a confirmation before a risky action (the numbers come from game.stakes).

Pure Python (no browser), so it is unit-tested in CPython (tests/test_ui_warn.py).
"""

from __future__ import annotations

from game.actions import Action, Launch
from game.stakes import Stakes

from .i18n import _
from .names import mission_name, nation_name, percent, reason_words


def _ending(stakes: Stakes) -> str:
    """'USA wins (the rival's Popularity fell to zero)'."""
    return _("{winner} wins ({reason})").format(winner=nation_name(stakes.winner or ""),
                                                reason=reason_words(stakes.end_reason or ""))


def _cause(cause: str) -> str | None:
    """What a risky action costs, as a whole sentence (None: not a cost of its own)."""
    return {
        "abort": _("Aborting the launch costs {cost} Popularity, you have {left}: it leaves "
                   "{worst}."),
        "influence": _("Trading Popularity for Influence costs {cost} Popularity, you have "
                       "{left}: it leaves {worst}."),
        "tie": _("Paying to win the tie costs {cost} Popularity, you have {left}: it leaves "
                 "{worst}."),
    }.get(cause)


def warning_text(stakes: Stakes, action: Action) -> str:
    """One or two sentences saying what is at stake, in the player's words."""
    left = stakes.popularity
    if stakes.odds is not None and isinstance(action, Launch):
        # With the rocket as it stands: the Engineer may still improve it, so a launch's
        # failure is never told as certain.
        odds = percent(stakes.odds)
        if stakes.cause == "delay":
            text = _("Launch toward {mission} with {odds} success: the rocket does not carry "
                     "the payload yet, and a delay costs {cost} Popularity, you have {left}.")
        else:
            text = _("Launch toward {mission} with {odds} success: a failure costs {cost} "
                     "Popularity, you have {left}.")
        text = text.format(mission=mission_name(action.mission), odds=odds, cost=stakes.cost,
                           left=left)
        if stakes.loss > 0:
            text += " " + _("If it does, you lose the game.")
        return text
    cause = _cause(stakes.cause)
    if cause is not None:
        text = cause.format(cost=stakes.cost, left=left, worst=stakes.worst)
        if stakes.loss >= 1.0:
            text += " " + _("This ends the game: {ending}.").format(ending=_ending(stakes))
        return text
    if stakes.loss >= 1.0:
        return _("This action ends the game against you: {ending}.").format(
            ending=_ending(stakes))
    if stakes.loss > 0:
        return _("What this sets off can end the game against you: {ending}.").format(
            ending=_ending(stakes))
    return _("What this sets off can drop your Popularity to {worst}, you have {left}.").format(
        worst=stakes.worst, left=left)


