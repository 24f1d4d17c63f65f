"""What an action puts at stake for the nation that takes it: the numbers a warning needs.

The app asks for a confirmation before an action that would or could end the game against
the actor, a launch decision under 50% success, a launch toward a Mission the rival flies to
first this round, the Engineer's Pass that commits a launch under 50%, or an action that can
drop the actor's Popularity to 2 or less (:attr:`Stakes.warn`). This module answers; the UI
only words it.

Only what the acting seat knows is used, so the answer never gives away a hidden card, a
token's kind or the next die roll: Popularity costs are public arithmetic, a launch's chance
is :func:`game.launch_odds` (face-down Moon risks averaged over the cards the nation has not
seen; a rival flying first is public, its chance the same arithmetic), and any other action
is tried on a few games sampled from the seat's own view (:mod:`game.analysis.sampled`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from ..core import actions as A
from ..core.content import LIVING_PAYLOADS, MOON
from ..core.errors import IllegalAction
from ..core.names import NationId, Seat
from ..engine import Game
from ..rules.odds import launch_odds, mission_of_risk
from ..rules.position import aboard, has_payload
from ..rules.terms import nation_of, other
from .sampled import outcomes

LOW_POPULARITY = 2  # a Popularity this low (or lower) after an action earns a warning
LOW_ODDS = 0.5  # a launch decision below this chance of success earns a warning


@dataclass(frozen=True, slots=True)
class Threat:
    """A visible rival resource that can take an action's value away right after it.

    ``kind`` is ``"test_steal"`` (the rival holds ``count`` Test Steals: one turns a Test
    token of this nation's into its own; ``odds`` is the chance toward ``mission`` the
    nation has without this Test) or ``"first"`` (the rival launches toward ``mission``
    earlier this round: if it succeeds, with chance ``odds``, this nation's launch is delayed
    and the action's gain toward it is lost: ``cost`` Popularity)."""

    kind: str
    rival: str
    mission: str
    odds: float
    count: int = 0
    cost: int = 0
    raised: float = 0.0


@dataclass(frozen=True, slots=True)
class Stakes:
    """What an action risks for its actor's nation.

    ``cause`` says why Popularity may fall: ``"launch"`` (an explosion), ``"delay"`` (a launch
    without its payload), ``"abort"``, ``"influence"``, ``"tie"``, or ``"outcome"`` (whatever
    the action sets off, measured on sampled games); ``""`` when nothing is lost.
    """

    cause: str
    popularity: int  # the actor's Popularity now
    worst: int  # its lowest Popularity once the action (and a failed launch) has played out
    loss: float  # the chance that the action ends the game against the actor (0.0 to 1.0)
    odds: float | None = None  # the launch's chance of success, its rocket as it stands
    mission: str | None = None  # the Mission launched toward
    first: float = 0.0  # the chance the rival, launching earlier, completes the Mission first
    rival: str | None = None  # that rival (None when nobody flies to the Mission first)
    failure: int = 0  # Popularity a failed launch costs (an explosion, or a delay for want of
    # its payload), no more than the nation has
    delayed: int = 0  # Popularity lost when the rival completes the Mission first
    committed: bool = False  # the Engineer's Pass: the rocket is final, this launch will fly
    winner: str | None = None  # who wins when the action loses the game
    end_reason: str | None = None  # how ("popularity", "budget", "moon_landing")
    threat: Threat | None = None  # a rival resource that can take the action's gain away

    @property
    def cost(self) -> int:
        """Popularity lost in the worst case."""
        return self.popularity - self.worst

    @property
    def success(self) -> float:
        """The chance the launch completes its Mission: the rocket's odds, unless the rival
        completes it first (0.0 for an action that launches nothing)."""
        return (self.odds or 0.0) * (1.0 - self.first)

    @property
    def warn(self) -> bool:
        """Whether a player should confirm this action first."""
        if self.loss > 0 or self.threat is not None:
            return True
        if self.odds is not None and self.success < LOW_ODDS:
            return True
        if self.first > 0 and not self.committed:  # the Politician may still choose another
            return True
        return self.worst < self.popularity and self.worst <= LOW_POPULARITY


def _fixed_cost(popularity: int, cost: int, cause: str, rival: str) -> Stakes:
    worst = max(0, popularity - cost)
    lost = worst == 0
    return Stakes(cause, popularity, worst, 1.0 if lost else 0.0,
                  winner=rival if lost else None, end_reason="popularity" if lost else None)


def _first(game: Game, nation: NationId, mission: str) -> float:
    """The chance that the rival, launching toward ``mission`` earlier this round, completes
    it first (a completed Mission delays every later launch toward it). The Moon stays on
    display for both, so it is never taken first."""
    if mission == MOON:
        return 0.0
    for who, target in game.state.launches:
        if who == nation:
            return 0.0  # this nation flies first (decided first)
        if target == mission:
            return launch_odds(game, who, mission)
    return 0.0


def _launch(game: Game, nation: NationId, mission: str, committed: bool = False) -> Stakes:
    """A launch toward ``mission``, the rocket as it stands (before the Engineer's Pass it may
    still improve): a failure explodes it (or, without the payload, delays it), and a rival
    completing the Mission first delays it."""
    n = game.state.nations[nation]
    content = game.content
    rules = content.rulesets[game.ruleset]
    penalties = content.board.penalties
    odds = launch_odds(game, nation, mission)
    first = _first(game, nation, mission)
    required = content.missions[mission].payload
    if required != "none" and not has_payload(rules, n, mission, required):
        cause, cost = "delay", penalties["delay"]
    else:
        carried = aboard(rules, n, mission)
        living = required in LIVING_PAYLOADS or any(p in LIVING_PAYLOADS for p in carried)
        cause, cost = "launch", penalties["explosion_with_life" if living else "explosion"]
    after_failure = max(0, n.popularity - cost)
    after_delay = max(0, n.popularity - penalties["delay"])
    worst = n.popularity
    if odds < 1.0:
        worst = after_failure
    if first > 0:
        worst = min(worst, after_delay)
    loss = ((1.0 - first) * (1.0 - odds) * (after_failure == 0)
            + first * (after_delay == 0))
    return Stakes(cause, n.popularity, worst, loss, odds=odds, mission=mission, first=first,
                  rival=other(nation) if first > 0 else None,
                  failure=n.popularity - after_failure,
                  delayed=n.popularity - after_delay if first > 0 else 0, committed=committed,
                  winner=other(nation) if loss else None,
                  end_reason="popularity" if loss else None)


def _sampled(game: Game, seat: Seat, action: A.Action, nation: NationId) -> Stakes:
    """Play the action on games sampled from the seat's view and see where it leads."""
    popularity = game.state.nations[nation].popularity
    worst, losses, played = popularity, 0, 0
    endings: Counter[tuple[str, str]] = Counter()
    for outcome in outcomes(game, seat, action):
        sample = outcome.game
        played += 1
        worst = min(worst, sample.state.nations[nation].popularity)
        if sample.is_over and sample.winner != nation:
            losses += 1
            endings[(sample.winner or "", sample.end_reason or "")] += 1
    ending = endings.most_common(1)[0][0] if endings else None
    return Stakes("outcome" if worst < popularity or losses else "", popularity, worst,
                  losses / played, winner=ending[0] if ending else None,
                  end_reason=ending[1] if ending else None)


def stakes(game: Game, seat: Seat, action: A.Action) -> Stakes:
    """What ``action`` by ``seat`` puts at stake for the seat's nation (see :class:`Stakes`).

    Raises :class:`IllegalAction` (and changes nothing) when the action is not legal now.
    """
    if action not in game.legal_actions(seat):
        raise IllegalAction(f"{action.describe()} is not a legal action for {seat} now.")
    nation = nation_of(seat)
    if isinstance(action, A.Launch):
        return _launch(game, nation, action.mission)
    launch = game.state.nations[nation].launch
    if isinstance(action, A.PassEngineer) and launch:
        return _launch(game, nation, launch, committed=True)
    rival = other(nation)
    popularity = game.state.nations[nation].popularity
    penalties = game.content.board.penalties
    if isinstance(action, A.Abort):
        return _fixed_cost(popularity, penalties["abort"], "abort", rival)
    if isinstance(action, A.RaiseInfluence):
        return _fixed_cost(popularity, action.amount, "influence", rival)
    if isinstance(action, A.PayForTie):
        return _fixed_cost(popularity, penalties["tie"], "tie", rival)
    return replace(_sampled(game, seat, action, nation), threat=_threat(game, seat, action))


def _threat(game: Game, seat: Seat, action: A.Action) -> Threat | None:
    """What the rival can visibly take away from an Engineer's Test or payload: a Test
    Steal it holds (a Test), a launch of its own toward the same Mission earlier this round
    (a Test on that Mission's path, a payload booked onto it: a completed Mission leaves the
    table with its Test tokens and booked payloads)."""
    nation = nation_of(seat)
    state = game.state
    rival = state.nations[other(nation)]
    launch = state.nations[nation].launch
    if isinstance(action, A.Test):
        mission = mission_of_risk(game, nation, action.risk)
        if mission is None:
            return None
        first = _first(game, nation, mission) if launch == mission else 0.0
        if first > 0:
            return _flown_first(game, nation, mission, first)
        if rival.test_steal:
            before = launch_odds(game, nation, mission)
            tested = game.clone()
            tested.apply(seat, action)
            after = launch_odds(tested, nation, mission)
            if round(after * 100) > round(before * 100):  # a gain the steal would undo
                return Threat("test_steal", other(nation), mission, before, rival.test_steal,
                              raised=after)
        return None
    # A payload booked onto the Mission leaves with it (Preview); one loaded onto a Payload
    # tile stays aboard through a delay (V0.10.4), so nothing of it is lost.
    if isinstance(action, A.BookPayload) and action.mission == launch:
        first = _first(game, nation, launch)
        return _flown_first(game, nation, launch, first) if first > 0 else None
    return None


def _flown_first(game: Game, nation: NationId, mission: str, first: float) -> Threat:
    """The rival flies to ``mission`` first and completes it with chance ``first``."""
    popularity = game.state.nations[nation].popularity
    delay = game.content.board.penalties["delay"]
    return Threat("first", other(nation), mission, first,
                  cost=popularity - max(0, popularity - delay))

