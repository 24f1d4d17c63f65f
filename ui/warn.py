"""The words of a confirmation before a risky action (the numbers come from game.stakes).

Pure Python (no browser), so it is unit-tested in CPython (tests/test_ui_warn.py).
"""

from __future__ import annotations

from game.actions import Action, Launch
from game.stakes import Stakes

from .html import e
from .names import REASONS, mission_name

CAUSES = {"abort": "Aborting the launch", "influence": "Trading Popularity for Influence",
          "tie": "Paying to win the tie"}


def _ending(stakes: Stakes) -> str:
    """'USA wins (the rival's Popularity fell to zero)'."""
    reason = stakes.end_reason or ""
    return f"{stakes.winner} wins ({REASONS.get(reason, reason)})"


def warning_text(stakes: Stakes, action: Action) -> str:
    """One or two sentences saying what is at stake, in the player's words."""
    left = f"you have {stakes.popularity}"
    if stakes.odds is not None and isinstance(action, Launch):
        # With the rocket as it stands: the Engineer may still improve it, so a launch's
        # failure is never told as certain.
        where = mission_name(action.mission)
        lose = " If it does, you lose the game." if stakes.loss > 0 else ""
        if stakes.cause == "delay":
            return (f"Launch toward {where} with {stakes.odds * 100:.0f}% success: the rocket "
                    f"does not carry the payload yet, and a delay costs {stakes.cost} "
                    f"Popularity, {left}.{lose}")
        return (f"Launch toward {where} with {stakes.odds * 100:.0f}% success: a failure costs "
                f"{stakes.cost} Popularity, {left}.{lose}")
    ends = f" This ends the game: {_ending(stakes)}." if stakes.loss >= 1.0 else ""
    if stakes.cause in CAUSES:
        return (f"{CAUSES[stakes.cause]} costs {stakes.cost} Popularity, {left}: it leaves "
                f"{stakes.worst}.{ends}")
    if stakes.loss >= 1.0:
        return f"This action ends the game against you: {_ending(stakes)}."
    if stakes.loss > 0:
        return f"What this sets off can end the game against you: {_ending(stakes)}."
    return f"What this sets off can drop your Popularity to {stakes.worst}, {left}."


def confirm_html(text: str, label: str) -> str:
    """The confirmation dialog: the stakes in words, Cancel (the default) and the action."""
    return (f'<div class="dlg confirm" role="alertdialog" aria-modal="true" '
            f'aria-labelledby="cf-t" aria-describedby="cf-d" data-testid="confirm">'
            f'<h2 id="cf-t">Are you sure?</h2><p id="cf-d" data-testid="confirm-text">{e(text)}'
            f'</p><div class="dlg-b"><button type="button" data-cmd="confirm-no" '
            f'data-testid="confirm-no">Cancel</button><button type="button" class="primary" '
            f'data-cmd="confirm-yes" data-testid="confirm-yes">{e(label)}</button></div></div>')
