"""Why an action helps: what it changes for its nation, as the acting seat can work it out.

A hint names an action (the Hard AI's choice) and gives one reason in the player's words
("Test Four-inch flight: your odds go from 44% to 71%"). This module finds the numbers; the
UI words them. Like :mod:`game.stakes` it uses only what the seat knows: launch chances from
:func:`game.launch_odds` and everything else measured on games sampled from the seat's view
(:mod:`game.sampled`), averaged over the samples, so the reason never tells a hidden card,
token or die.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import actions as A
from .content import MOON
from .engine import Game
from .errors import IllegalAction
from .odds import launch_odds, split_odds
from .rules.terms import other
from .sampled import outcomes

PARAMETERS = ("structure", "electronics", "code")


@dataclass(frozen=True, slots=True)
class Change:
    """One number before the action and after it (the mean over the sampled games)."""

    before: float
    after: float

    @property
    def delta(self) -> float:
        return self.after - self.before


@dataclass(frozen=True, slots=True)
class Advice:
    """What ``action`` changes for the acting nation (``nation``) and its rival."""

    nation: str
    mission: str | None  # the Mission whose launch odds are compared (None: none to compare)
    odds: Change | None  # the nation's chance to complete ``mission``
    popularity: Change
    rival_popularity: Change
    budget: Change
    rival_budget: Change
    money: Change
    parameters: dict[str, Change]  # structure, electronics, code


def _target(game: Game, nation: str) -> str | None:
    """The Mission the nation's rocket is measured against: the one its Politician launches
    toward this round, else the active Mission (or the Moon) it is likeliest to complete."""
    chosen = game.state.nations[nation].launch
    if chosen:
        return chosen
    candidates = [m for m, _risks in game.state.active]
    if game.content.rulesets[game.state.ruleset].moon == "display":
        candidates.append(MOON)
    if not candidates:
        return None
    return max(candidates, key=lambda m: (launch_odds(game, nation, m), -candidates.index(m)))


def _odds(game: Game, nation: str, mission: str) -> float:
    """The chance to complete ``mission``; once the rocket has flown (in a sampled game), 1
    when it completed the Mission and 0 when it did not."""
    if any(m == mission and who == nation for m, who, _round in game.state.completed):
        return 1.0
    try:
        return launch_odds(game, nation, mission)
    except ValueError:
        return 0.0


def advise(game: Game, seat: str, action: A.Action) -> Advice:
    """What ``action`` by ``seat`` changes for the seat's nation (see :class:`Advice`).

    Raises :class:`IllegalAction` (and changes nothing) when the action is not legal now.
    """
    if action not in game.legal_actions(seat):
        raise IllegalAction(f"{action.describe()} is not a legal action for {seat} now.")
    nation = seat.split(".")[0]
    rival = other(nation)
    mission = action.mission if isinstance(action, A.Launch) else _target(game, nation)
    samples = [] if isinstance(action, A.Launch) else list(outcomes(game, seat, action))

    def change(measure: str) -> Change:
        before = _measure(game, measure, nation, rival)
        if not samples:
            return Change(before, before)
        total = sum(_measure(sample, measure, nation, rival) for sample in samples)
        return Change(before, total / len(samples))

    odds = None
    if mission is not None:
        before = _odds(game, nation, mission)
        if isinstance(action, A.SetAdaptivity):  # the last choice before the rocket flies
            split = (action.s, action.e, action.c)
            after = dict(split_odds(game, nation, mission)).get(split, before)
        elif samples:
            after = sum(_odds(s, nation, mission) for s in samples) / len(samples)
        else:
            after = before
        odds = Change(before, after)
    return Advice(nation, mission, odds, change("popularity"), change("rival_popularity"),
                  change("budget"), change("rival_budget"), change("money"),
                  {name: change(name) for name in PARAMETERS})


def _measure(game: Game, measure: str, nation: str, rival: str) -> float:
    state = game.state
    if measure.startswith("rival_"):
        return float(getattr(state.nations[rival], measure.removeprefix("rival_")))
    if measure in PARAMETERS:
        return float(game.parameters(nation)[PARAMETERS.index(measure)])
    return float(getattr(state.nations[nation], measure))
