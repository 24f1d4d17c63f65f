"""Why an action helps: a consequence of it the engine confirms, as the acting seat can work
it out.

A hint names an action (the Hard AI's choice) and gives one :class:`Reason` in the player's
words ("Test Four-inch flight: your odds toward Luna 1 go from 44% to 71%"). This module finds
it; the UI words it. A reason is what the action itself changes, with it against without it:

* ``launch``: a launch decision's chance, the rocket as it stands (exact, :func:`launch_odds`);
* ``odds``: the chance to complete the Mission the rocket aims at (for a Test, the Mission or
  Moon path that holds its risk), before and after;
* ``split``: an Adaptivity split's odds against the next best split's;
* a number the action's own rule changes (Popularity, Budget, money, Sabotage, a rocket
  parameter): only the events the action emitted count (:attr:`Game.own_events`), never what
  the automatic steps after it do whatever was chosen (the launches, the round's fixed
  Budget drop);
* ``tests``: a Test that moves no odds by a whole point: the Test tokens on its risk;
* ``support`` / ``bluff`` / ``stack`` / ``evaluate`` / ``tile`` / ``module`` / ``mission`` /
  ``moon``: what it puts on the table (Influence on a place, a card on a stack, the Influence
  counted at an evaluation, a tile to build, an order, a Mission, a Moon risk turned up);
* ``save`` / ``keep``: what a pass keeps for later rounds (money, Maneuver cards);
* ``only``: the one legal move.

Where none of these exists :func:`advise` answers None, and :func:`game.ai.advisor.explain`
(the AI sits on the engine, not under it) gives the ``win`` reason in the AI's own terms.

Like :mod:`game.analysis.stakes` it uses only what the seat knows: exact odds, and everything
else on games sampled from the seat's view (:mod:`game.analysis.sampled`), averaged, so a
reason never tells a hidden card, token or die. ``flags`` says what a player must hear with
it: ``long_shot`` (a launch under 10%) and ``warned`` (:func:`game.analysis.stakes` would ask
before it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core import actions as A
from ..core.content import MOON, NATIONS
from ..core.errors import IllegalAction
from ..core.events import Changed, Evaluated, Liftoff
from ..engine import Game
from ..rules.odds import launch_odds, launch_targets, split_odds
from ..rules.terms import nation_of, other
from .sampled import Outcome, outcomes
from .stakes import Stakes, stakes

PARAMETERS = ("structure", "electronics", "code")
LONG_SHOT = 0.10  # a launch under this chance is flagged plainly
# what an action's own events may change, most telling first ("rival_" for the rival's)
NUMBERS = ("popularity", "rival_popularity", "budget", "rival_budget", "rival_sabotage",
           "sabotage", "money", "test_steal", "tech_steal", "free_research")
GAINS_ONLY = frozenset({"money", "test_steal", "tech_steal", "free_research", "rival_sabotage"})
CONCRETE = frozenset({"launch", "odds", "split", "tests", *NUMBERS, *PARAMETERS, "support",
                      "bluff", "stack", "evaluate", "tile", "module", "mission", "moon", "save",
                      "keep", "only"})


@dataclass(frozen=True, slots=True)
class Reason:
    """One consequence of an action: ``before`` without it, ``after`` with it (a mean over
    sampled games where the seat cannot know the outcome)."""

    kind: str  # see the module's docstring; ``win`` is the AI's own terms
    before: float
    after: float
    subject: str = ""  # a Mission id, a place ("USA:2"), a tile deck, a Module, a Mission level
    alternative: A.Action | None = None  # ``win``: the next best move it was compared with
    rival: int = 0  # ``support``/``bluff``: the rival's tokens on that place
    flags: tuple[str, ...] = ()  # "long_shot", "warned"

    @property
    def concrete(self) -> bool:
        """Whether it states a consequence on the table (not only the AI's estimate)."""
        return self.kind in CONCRETE


def target(game: Game, nation: str) -> str | None:
    """The Mission the nation's rocket is measured against: the one its Politician launches
    toward this round, else the active Mission (or the Moon) it is likeliest to complete."""
    candidates = launch_targets(game)
    chosen = game.state.nations[nation].launch
    if chosen in candidates:  # (once flown it may have left the table)
        return chosen
    if not candidates:
        return None
    return max(candidates, key=lambda m: (launch_odds(game, nation, m), -candidates.index(m)))


def _flown(outcome: Outcome, nation: str) -> bool:
    return any(isinstance(ev, Liftoff) and ev.nation == nation for ev in outcome.events)


def _own_changes(outcome: Outcome, nation: str) -> dict[str, int]:
    """What the action's own rule changed, by ``NUMBERS`` name."""
    found: dict[str, int] = {}
    for ev in outcome.events[1:outcome.game.own_events]:
        if isinstance(ev, Changed):
            key = ev.what if ev.nation == nation else f"rival_{ev.what}"
            found[key] = found.get(key, 0) + ev.by
    return found


def _tokens(game: Game, board: str, place: int, nation: str) -> tuple[int, int, int]:
    """(the nation's Influence, its tokens, the rival's tokens) on a place's stack."""
    stack = game.state.nations[board].stacks[place - 1]
    tokens = stack.tokens if stack is not None else []
    mine = [kind for who, kind in tokens if who == nation]
    return mine.count("influence"), len(mine), len(tokens) - len(mine)


def flagged(reason: Reason, at_stake: Stakes) -> Reason:
    """``reason`` with what a player must hear with it: a launch under :data:`LONG_SHOT`, a
    move :func:`game.analysis.stakes` asks about first (``at_stake``, computed once by the
    caller)."""
    found = ("long_shot",) if reason.kind == "launch" and reason.after < LONG_SHOT else ()
    return replace(reason, flags=(*found, "warned") if at_stake.warn else found)


def advise(game: Game, seat: str, action: A.Action) -> Reason | None:
    """The strongest confirmed consequence of ``action`` by ``seat`` (see :class:`Reason`),
    flagged; None when it changes nothing on the table now.

    Raises :class:`IllegalAction` (and changes nothing) when the action is not legal now.
    """
    reason = consequence(game, seat, action)
    return None if reason is None else flagged(reason, stakes(game, seat, action))


def consequence(game: Game, seat: str, action: A.Action) -> Reason | None:
    """:func:`advise` without its flags."""
    legal = game.legal_actions(seat)
    if action not in legal:
        raise IllegalAction(f"{action.describe()} is not a legal action for {seat} now.")
    return _consequence(game, seat, action, legal)


def _consequence(game: Game, seat: str, action: A.Action, legal: list[A.Action]
                 ) -> Reason | None:
    nation = nation_of(seat)
    if isinstance(action, A.Launch):
        odds = launch_odds(game, nation, action.mission)
        return Reason("launch", odds, odds, action.mission)
    if len(legal) == 1:
        return Reason("only", 0, 0)
    if isinstance(action, A.SetAdaptivity):  # the last choice before the rocket flies
        flying = game.state.nations[nation].launch or ""
        table = split_odds(game, nation, flying)
        chosen = (action.s, action.e, action.c)
        others = [odds for split, odds in table if split != chosen]
        return Reason("split", max(others, default=0.0), dict(table)[chosen], flying)
    samples = list(outcomes(game, seat, action))
    flew = any(_flown(o, nation) for o in samples)
    # a Test is measured on the path that holds its risk; anything else on the target's
    mission = (_path_of(game, nation, action.risk) if isinstance(action, A.Test)
               else target(game, nation))
    if mission is not None and not flew:
        before = launch_odds(game, nation, mission)
        after = sum(_odds(o.game, nation, mission) for o in samples) / len(samples)
        if round(before * 100) != round(after * 100):
            return Reason("odds", before, after, mission)
    if isinstance(action, A.Test):  # a Test rolls nothing and hides nothing: one sample
        index = NATIONS.index(nation)
        had = game.state.tests.get(action.risk, (0, 0))[index]
        now = samples[0].game.state.tests.get(action.risk, (0, 0))[index]
        return Reason("tests", had, now, action.risk)
    state = game.state
    mine, rival = state.nations[nation], state.nations[other(nation)]
    changes = [_own_changes(o, nation) for o in samples]
    for name in NUMBERS:
        delta = sum(c.get(name, 0) for c in changes) / len(samples)
        if round(delta) == 0 or (name in GAINS_ONLY and delta < 0):
            continue
        who, attribute = (rival, name[6:]) if name.startswith("rival_") else (mine, name)
        before = getattr(who, attribute)
        return Reason(name, before, before + delta)
    if not flew:
        for index, name in enumerate(PARAMETERS):
            before = game.parameters(nation)[index]
            after = sum(o.game.parameters(nation)[index] for o in samples) / len(samples)
            if round(after) != before:
                return Reason(name, before, after)
    return _on_the_table(game, seat, action, samples)


def _odds(game: Game, nation: str, mission: str) -> float:
    try:
        return launch_odds(game, nation, mission)
    except ValueError:  # the Mission left the table in this sample
        return 0.0


def _path_of(game: Game, nation: str, risk: str) -> str | None:
    """The active Mission (or the Moon) whose path holds ``risk``, for ``nation``."""
    state = game.state
    for mission, risks in state.active:
        if risk in risks:
            return mission
    if game.content.rulesets[state.ruleset].moon == "display" and \
            risk in state.nations[nation].moon_path:
        return MOON
    return None


def _on_the_table(game: Game, seat: str, action: A.Action, samples: list[Outcome]
                  ) -> Reason | None:
    """What the action puts on the table, as the seat sees it after (no number moves yet:
    it counts later, when the place is evaluated or the tile built)."""
    nation = nation_of(seat)
    n = game.state.nations[nation]
    if isinstance(action, A.Evaluate):
        ev = next(e for e in samples[0].events if isinstance(e, Evaluated))
        return Reason("evaluate", ev.own, ev.rival, f"{nation}:{action.place}")
    if isinstance(action, A.ExploreMoon):
        return Reason("moon", sum(n.moon_up), sum(n.moon_up) + 1, str(len(n.moon_path)))
    if isinstance(action, A.PassEngineer):
        return Reason("save", n.money, n.money)
    if isinstance(action, A.PassManeuvers):
        return Reason("keep", len(n.hand), len(n.hand))
    if isinstance(action, A.PlaceToken):
        influence, mine, rival = _tokens(game, action.board, action.place, nation)
        where = f"{action.board}:{action.place}"
        if action.token == "influence":
            return Reason("support", influence, influence + 1, where, rival=rival)
        return Reason("bluff", mine, mine + 1, where, rival=rival)
    if isinstance(action, A.PlayManeuver):
        return Reason("stack", 0, 1, f"{action.card}:{nation}:{action.place}")
    if isinstance(action, A.Research | A.TakeFromLine | A.TakeFromPile | A.KeepTile |
                  A.LineToSuppliers):
        return Reason("tile", 0, 1)
    if isinstance(action, A.OrderModule):
        return Reason("module", 0, 1, action.module)
    if isinstance(action, A.AnnounceMission):
        active = len(game.state.active)
        return Reason("mission", active, active + 1, str(action.level))
    return None
