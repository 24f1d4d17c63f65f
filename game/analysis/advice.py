"""Why an action helps: a consequence of it the engine confirms, as the acting seat can work
it out.

A hint names an action (the Hard AI's choice) and gives one :class:`Reason` in the player's
words ("Test Four-inch flight: your odds toward Luna 1 go from 44% to 71%"). This module finds
it; the UI words it. A reason is what the action itself gains, with it against without it;
never a cost (a cost is what a confirmation says), and never a guess at something hidden:

* ``launch``: a launch decision's chance, the rocket as it stands (exact, :func:`launch_odds`);
* ``odds``: the chance to complete the Mission the rocket aims at (for a Test, the Mission or
  Moon path that holds its risk), before and after;
* ``split``: an Adaptivity split's odds against the next best split's;
* a number the action's own rule raises for the actor (or lowers for the rival: Popularity,
  Budget, money, Sabotage, a rocket parameter): only the events the action emitted count
  (:attr:`Game.own_events`), never what the automatic steps after it do whatever was chosen
  (the launches, the round's fixed Budget drop);
* ``build_odds`` / ``build``: a tile taken (from the Development Line, the Research pile or a
  Research draw), placed where it helps most: the target's odds, else the parameter it
  raises most, with the most the target's risks ask of that parameter (``need``);
* ``tests``: a Test that moves no odds by a whole point: the Test tokens on its risk;
* ``support`` / ``bluff`` / ``stack`` / ``evaluate`` / ``escalate``: Influence on a place, a
  card on a stack, a stack counted or raised a level, each with what winning it gives its
  owner (``won``) and what an obstruction gives the obstructor (``blocked``: the effects of
  the obstructor's empty Obstruction places, V0.10.4 "Evaluation"), and the place's own
  effect a card covers while it lies there (``covered``);
* ``mission`` (a Mission joins the table, and the rocket's mean odds toward the ones it could
  be), ``moon`` (a Moon risk turned up: it can be tested now), ``suppliers`` (a tile sent to
  be installed free), ``slot`` (a Module whose bonus waits for its condition), ``hold`` (the
  tokens a finished support keeps for a later turn), ``influence`` (Influence bought),
  ``abort`` (the best launch open and what its failure costs), ``concede`` (the Popularity a
  tie conceded keeps);
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
from ..core.content import Effect
from ..core.errors import IllegalAction
from ..core.events import Changed, Evaluated, Liftoff
from ..core.names import NATIONS, NationId, Seat
from ..engine import Game
from ..rules.odds import (
    launch_odds,
    launch_path,
    launch_targets,
    mission_of_risk,
    path_chance,
    split_odds,
)
from ..rules.terms import nation_of, other
from .sampled import Outcome, outcomes
from .stakes import Stakes, stakes

PARAMETERS = ("structure", "electronics", "code")
LONG_SHOT = 0.10  # a launch under this chance is flagged plainly
# what an action's own events may change, most telling first ("rival_" for the rival's), and
# which way is a gain for the actor: a change the other way is a cost, never a reason
GAINS = {"popularity": 1, "rival_popularity": -1, "budget": 1, "rival_budget": -1,
         "rival_sabotage": 1, "sabotage": -1, "money": 1, "test_steal": 1, "tech_steal": 1,
         "free_research": 1}
NUMBERS = tuple(GAINS)
TILE_TAKING = (A.TakeFromLine, A.TakeFromPile, A.Research, A.KeepTile)
CONCRETE = frozenset({"launch", "odds", "split", "tests", *NUMBERS, *PARAMETERS, "build",
                      "build_odds", "support", "bluff", "stack", "evaluate", "escalate",
                      "mission", "moon", "module", "suppliers", "slot", "hold", "influence",
                      "abort", "concede", "save", "keep", "only"})


@dataclass(frozen=True, slots=True)
class Reason:
    """One consequence of an action: ``before`` without it, ``after`` with it (a mean over
    sampled games where the seat cannot know the outcome)."""

    kind: str  # see the module's docstring; ``win`` is the AI's own terms
    before: float
    after: float
    subject: str = ""  # a Mission id, a place ("USA:2"), a tile deck, a Module, a Mission level
    alternative: A.Action | None = None  # ``win``: the next best move it was compared with
    rival: int = 0  # ``support``/``bluff``/``evaluate``: the rival's tokens on that place
    flags: tuple[str, ...] = ()  # "long_shot", "warned"
    card: str = ""  # the Maneuver card of a place
    won: Effect | None = None  # what the card's owner gets by winning it
    blocked: tuple[Effect, ...] = ()  # what obstructing it gives the obstructor
    covered: Effect | None = None  # the place's own effect, lost while a card lies on it
    mission: str = ""  # ``build``: the Mission whose risks give ``need``; ``tests``: the path
    need: int = 0  # ``build``: the most that Mission's face-up risks ask of the parameter
    chance: float = 0.0  # ``evaluate``: the chance to win it; ``mission``: the rocket's mean
    # chance to pass the risks of the Missions it could be (their payload aside)
    reach: float | None = None  # ``launch``: the best the Engineer can reach this round
    steps: tuple[str, ...] = ()  # ``launch``: how ("payload:satellite", "tile:E", "tests:2")

    @property
    def concrete(self) -> bool:
        """Whether it states a consequence on the table (not only the AI's estimate)."""
        return self.kind in CONCRETE


def target(game: Game, nation: NationId) -> str | None:
    """The Mission the nation's rocket is measured against: the one its Politician launches
    toward this round, else the active Mission (or the Moon) it is likeliest to complete."""
    candidates = launch_targets(game)
    chosen = game.state.nations[nation].launch
    if chosen in candidates:  # (once flown it may have left the table)
        return chosen
    if not candidates:
        return None
    return max(candidates, key=lambda m: (launch_odds(game, nation, m), -candidates.index(m)))


def obstruction_gains(game: Game, obstructor: NationId) -> tuple[Effect, ...]:
    """What ``obstructor`` receives for obstructing a rival's Maneuver now: the effects of its
    own Obstruction places that no Maneuver stack covers (V0.10.4, "Evaluation")."""
    stacks = game.state.nations[obstructor].stacks
    return tuple(place.effect for place in game.content.places
                 if place.category == "obstruction" and stacks[place.index - 1] is None)


def place_effect(game: Game, index: int) -> Effect:
    """The printed effect of a Politics-board place (1-4)."""
    return next(place.effect for place in game.content.places if place.index == index)


def _flown(outcome: Outcome, nation: NationId) -> bool:
    return any(isinstance(ev, Liftoff) and ev.nation == nation for ev in outcome.events)


def _own_changes(outcome: Outcome, nation: NationId) -> dict[str, int]:
    """What the action's own rule changed, by ``NUMBERS`` name."""
    found: dict[str, int] = {}
    for ev in outcome.events[1:outcome.game.own_events]:
        if isinstance(ev, Changed):
            key = ev.what if ev.nation == nation else f"rival_{ev.what}"
            found[key] = found.get(key, 0) + ev.by
    return found


def _tokens(game: Game, board: NationId, place: int, nation: NationId) -> tuple[int, int, int]:
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


def advise(game: Game, seat: Seat, action: A.Action) -> Reason | None:
    """The strongest confirmed consequence of ``action`` by ``seat`` (see :class:`Reason`),
    flagged; None when it changes nothing on the table now.

    Raises :class:`IllegalAction` (and changes nothing) when the action is not legal now.
    """
    reason = consequence(game, seat, action)
    return None if reason is None else flagged(reason, stakes(game, seat, action))


def consequence(game: Game, seat: Seat, action: A.Action) -> Reason | None:
    """:func:`advise` without its flags."""
    legal = game.legal_actions(seat)
    if action not in legal:
        raise IllegalAction(f"{action.describe()} is not a legal action for {seat} now.")
    return _consequence(game, seat, action, legal)


def _consequence(game: Game, seat: Seat, action: A.Action, legal: list[A.Action]
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
    if isinstance(action, A.Abort):
        return _abort(game, seat, legal)
    samples = list(outcomes(game, seat, action))
    flew = any(_flown(o, nation) for o in samples)
    # a Test is measured on the path that holds its risk; anything else on the target's
    mission = (mission_of_risk(game, nation, action.risk) if isinstance(action, A.Test)
               else target(game, nation))
    if isinstance(action, TILE_TAKING) and not flew:
        return _build(game, seat, mission, samples)
    if mission is not None and not flew:
        before = launch_odds(game, nation, mission)
        after = sum(_odds(o.game, nation, mission) for o in samples) / len(samples)
        if round(after * 100) > round(before * 100):
            return Reason("odds", before, after, mission)
    if isinstance(action, A.Test):  # a Test rolls nothing and hides nothing: one sample
        index = NATIONS.index(nation)
        had = game.state.tests.get(action.risk, (0, 0))[index]
        now = samples[0].game.state.tests.get(action.risk, (0, 0))[index]
        return Reason("tests", had, now, action.risk, mission=mission or "")
    state = game.state
    mine, rival = state.nations[nation], state.nations[other(nation)]
    changes = [_own_changes(o, nation) for o in samples]
    for name, gain in GAINS.items():
        delta = sum(c.get(name, 0) for c in changes) / len(samples)
        if round(delta) == 0 or delta * gain < 0:
            continue
        who, attribute = (rival, name[6:]) if name.startswith("rival_") else (mine, name)
        before = getattr(who, attribute)
        return Reason(name, before, before + delta)
    if not flew:
        raised = _raised(game, nation, [o.game for o in samples])
        if raised is not None:
            return raised
    return _on_the_table(game, seat, action, samples)


def _raised(game: Game, nation: NationId, after: list[Game]) -> Reason | None:
    """The rocket parameter raised most (a mean over ``after``), if any rises by a whole
    point (a lowered one is a cost, not a reason)."""
    best: Reason | None = None
    for index, name in enumerate(PARAMETERS):
        before = game.parameters(nation)[index]
        mean = sum(g.parameters(nation)[index] for g in after) / len(after)
        if round(mean) > before and (best is None or mean - before > best.after - best.before):
            best = Reason(name, before, mean)
    return best


def _odds(game: Game, nation: NationId, mission: str) -> float:
    try:
        return launch_odds(game, nation, mission)
    except ValueError:  # the Mission left the table in this sample
        return 0.0


def need(game: Game, nation: NationId, mission: str, parameter: int) -> int:
    """The most ``mission``'s face-up risks ask of a rocket parameter (0 S, 1 E, 2 C) at any
    roll: with that much, no roll fails on it."""
    path = launch_path(game, nation, mission)
    known = path[0] if path is not None else []
    risks = game.content.risks
    return max((r.minimum[parameter] for k in known for r in risks[k].ranges), default=0)


def _placed(sample: Game, seat: Seat) -> list[Game]:
    """``sample`` (an Engineer owing a tile's placement, or a choice of two researched
    tiles) after each way to place the tile (each tile, for a choice)."""
    nation = nation_of(seat)
    pending = sample.state.nations[nation].pending
    if pending is None:
        return []
    firsts = ([A.KeepTile(0), A.KeepTile(1)] if pending[0] == "keep" else [None])
    found: list[Game] = []
    for first in firsts:
        start = sample
        if first is not None:
            start = sample.clone()
            start.apply(seat, first)
        for action in start.legal_actions(seat):
            if isinstance(action, A.PlaceTile):
                trial = start.clone()
                trial.apply(seat, action)
                found.append(trial)
    return found


def _build(game: Game, seat: Seat, mission: str | None, samples: list[Outcome]
           ) -> Reason | None:
    """A tile taken, placed where it helps most: the target's odds (a mean over the
    samples), else the parameter it raises most, with what the target's risks ask of it."""
    nation = nation_of(seat)
    per_sample = [_placed(o.game, seat) for o in samples]
    if not all(per_sample):
        return None
    if mission is not None:
        before = launch_odds(game, nation, mission)
        after = sum(max(_odds(t, nation, mission) for t in trials)
                    for trials in per_sample) / len(per_sample)
        if round(after * 100) > round(before * 100):
            return Reason("build_odds", before, after, mission)
    best: Reason | None = None
    for index, name in enumerate(PARAMETERS):
        before = game.parameters(nation)[index]
        after = sum(max(t.parameters(nation)[index] for t in trials)
                    for trials in per_sample) / len(per_sample)
        if round(after) > before and (best is None or after - before > best.after - best.before):
            asked = need(game, nation, mission, index) if mission is not None else 0
            best = Reason("build", before, after, name, mission=mission or "", need=asked)
    return best


def _abort(game: Game, seat: Seat, legal: list[A.Action]) -> Reason | None:
    """The best launch open instead, the rocket as it stands, and what its failure costs."""
    launches = [a for a in legal if isinstance(a, A.Launch)]
    if not launches:
        return None
    nation = nation_of(seat)
    best = max(launches, key=lambda a: (launch_odds(game, nation, a.mission),
                                        -launches.index(a)))
    return Reason("abort", launch_odds(game, nation, best.mission),
                  stakes(game, seat, best).failure, best.mission,
                  rival=game.content.board.penalties["abort"])


def _stack_reason(game: Game, kind: str, nation: NationId, board: NationId, place: int,
                  before: float, after: float, rival: int) -> Reason:
    """A reason about the Maneuver on ``board``'s ``place``: what winning it gives its owner
    (at its level now) and what obstructing it gives the other nation now."""
    stack = game.state.nations[board].stacks[place - 1]
    assert stack is not None  # tokens and evaluations go on laid cards only
    card = game.content.maneuver_card(stack.card)
    return Reason(kind, before, after, f"{board}:{place}", rival=rival, card=stack.card,
                  won=card.levels[stack.level - 1], blocked=obstruction_gains(game, other(board)),
                  covered=place_effect(game, place))


def _on_the_table(game: Game, seat: Seat, action: A.Action, samples: list[Outcome]
                  ) -> Reason | None:
    """What the action puts on the table, as the seat sees it after (no number moves yet:
    it counts later, when the place is evaluated or the tile built)."""
    nation = nation_of(seat)
    n = game.state.nations[nation]
    content = game.content
    if isinstance(action, A.Evaluate):
        influence, _mine, rival = _tokens(game, nation, action.place, nation)
        wins = sum(any(isinstance(e, Evaluated) and e.own > e.rival for e in o.events)
                   for o in samples)
        return replace(_stack_reason(game, "evaluate", nation, nation, action.place, influence,
                                     rival, rival), chance=wins / len(samples))
    if isinstance(action, A.Escalate):
        stack = n.stacks[action.place - 1]
        assert stack is not None
        return replace(_stack_reason(game, "escalate", nation, nation, action.place,
                                     stack.level, stack.level + 1, 0),
                       won=content.maneuver_card(stack.card).levels[stack.level])
    if isinstance(action, A.ExploreMoon):
        return Reason("moon", sum(n.moon_up), sum(n.moon_up) + 1, str(len(n.moon_path)))
    if isinstance(action, A.PassEngineer):
        return Reason("save", n.money, n.money)
    if isinstance(action, A.PassManeuvers):
        return Reason("keep", len(n.hand), len(n.hand))
    if isinstance(action, A.FinishSupport):
        return Reason("hold", n.influence, n.bluff)
    if isinstance(action, A.RaiseInfluence):
        return Reason("influence", n.influence, n.influence + action.amount)
    if isinstance(action, A.ConcedeTie):
        return Reason("concede", n.popularity, content.board.penalties["tie"])
    if isinstance(action, A.PlaceToken):
        influence, mine, rival = _tokens(game, action.board, action.place, nation)
        if action.token == "influence":
            return _stack_reason(game, "support", nation, action.board, action.place,
                                 influence, influence + 1, rival)
        return _stack_reason(game, "bluff", nation, action.board, action.place, mine, mine + 1,
                             rival)
    if isinstance(action, A.PlayManeuver):
        card = content.maneuver_card(action.card)
        return Reason("stack", 0, 1, f"{nation}:{action.place}", card=action.card,
                      won=card.levels[0], blocked=obstruction_gains(game, other(nation)),
                      covered=place_effect(game, action.place))
    if isinstance(action, A.LineToSuppliers):
        return Reason("suppliers", len(n.suppliers), content.board.costs["line"], action.deck)
    if isinstance(action, A.InstallModule):
        return Reason("slot", 0, 1, n.pending[1] if n.pending else "")
    if isinstance(action, A.OrderModule):
        return Reason("module", 0, 1, action.module)
    if isinstance(action, A.AnnounceMission):
        active = len(game.state.active)
        # its payload aside: the Engineer loads that when the rocket is aimed at it
        mean = sum(path_chance(o.game, nation, o.game.state.active[-1][0])
                   for o in samples) / len(samples)
        return Reason("mission", active, active + 1, str(action.level), chance=mean)
    return None
