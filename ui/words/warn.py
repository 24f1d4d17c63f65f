"""The words of a confirmation before a risky action (the numbers come from game.stakes).

Pure Python (no browser), so it is unit-tested in CPython (tests/test_ui_warn.py).
"""

from __future__ import annotations

from dataclasses import replace

from game.analysis.stakes import Stakes, Threat

from .i18n import _, ngettext
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


def _launch_text(stakes: Stakes, mission: str) -> str:
    """A launch's chance and what it costs: as decided (the rocket may still improve) or
    as committed by the Engineer's Pass (the rocket is final)."""
    odds, left, cost = percent(stakes.odds or 0.0), stakes.popularity, stakes.failure
    committed = stakes.committed
    if committed and stakes.odds == 0.0:
        text = (_("If you pass now, your launch toward {mission} cannot succeed: the rocket "
                  "does not carry the payload, and the delay costs {cost} Popularity, you "
                  "have {left}.") if stakes.cause == "delay" else
                _("If you pass now, your launch toward {mission} cannot succeed: no roll "
                  "passes every risk, and the explosion costs {cost} Popularity, you have "
                  "{left}."))
    elif committed:
        text = _("If you pass now, your launch toward {mission} flies with {odds} success: a "
                 "failure costs {cost} Popularity, you have {left}.")
    elif stakes.cause == "delay":
        text = _("Launch toward {mission} with {odds} success: the rocket does not carry "
                 "the payload yet, and a delay costs {cost} Popularity, you have {left}.")
    else:
        text = _("Launch toward {mission} with {odds} success: a failure costs {cost} "
                 "Popularity, you have {left}.")
    return text.format(mission=mission, odds=odds, cost=cost, left=left)


def _first_text(stakes: Stakes, mission: str, rival: str) -> str:
    """'The USSR launches first toward Telstar 1: if it succeeds (46%), your launch is
    delayed, -3 Popularity.'"""
    return _("The {rival} launches first toward {mission}: if it succeeds ({chance}), your "
             "launch is delayed, -{cost} Popularity.").format(
        rival=rival, mission=mission, chance=percent(stakes.first), cost=stakes.delayed)


def _threat_text(threat: Threat) -> str:
    """What a visible rival resource can take away right after the action."""
    mission, rival = mission_name(threat.mission), nation_name(threat.rival)
    if threat.kind == "first":
        return _("The {rival} launches first toward {mission}: if it succeeds ({chance}), your "
                 "launch is delayed, -{cost} Popularity, and what this does toward it is lost."
                 ).format(rival=rival, mission=mission, chance=percent(threat.odds),
                          cost=threat.cost)
    return ngettext("The {rival} holds {count} Test Steal: it can turn this Test token into "
                    "its own right after, and your odds toward {mission} would fall back "
                    "from {raised} to {odds}.",
                    "The {rival} holds {count} Test Steals: it can turn this Test token into "
                    "its own right after, and your odds toward {mission} would fall back "
                    "from {raised} to {odds}.", threat.count).format(
        rival=rival, count=threat.count, mission=mission, odds=percent(threat.odds),
        raised=percent(threat.raised))


def warning_text(stakes: Stakes) -> str:
    """One or two sentences saying what is at stake, in the player's words."""
    if stakes.threat is not None:
        text = _threat_text(stakes.threat)
        rest = replace(stakes, threat=None)
        return f"{text} {warning_text(rest)}" if rest.warn else text
    if stakes.odds is not None:  # a launch decided, or committed by the Engineer's Pass
        return _launch_warning(stakes)
    cause = _cause(stakes.cause)
    if cause is not None:
        text = cause.format(cost=stakes.cost, left=stakes.popularity, worst=stakes.worst)
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
        worst=stakes.worst, left=stakes.popularity)


def _launch_warning(stakes: Stakes) -> str:
    """A launch's odds, what failing first costs, and whether it can lose the game. Before the
    Pass the Engineer may still improve the rocket, so a launch's failure is told as certain
    only once the Engineer passes."""
    mission = mission_name(stakes.mission or "")
    text = _launch_text(stakes, mission)
    if stakes.first > 0:
        text += " " + _first_text(stakes, mission, nation_name(stakes.rival or ""))
    if stakes.loss >= 1.0 and stakes.committed:
        text += " " + _("This ends the game: {ending}.").format(ending=_ending(stakes))
    elif stakes.loss > 0 and stakes.first > 0:
        text += " " + _("Your chance of losing the game: {chance}.").format(
            chance=percent(stakes.loss))
    elif stakes.loss > 0:
        text += " " + _("If it does, you lose the game.")
    return text
