"""The "hard" level: the medium judgement plus a Moon plan, checked by paired flat Monte Carlo
(every candidate move played out from the same sampled worlds; no tree is grown).

**The policy** (:func:`hard_move`) plays like medium except where the Moon race is decided:

* every Mission success whose level allows it *explores* a face-down Moon risk instead of
  taking the reward, so the whole Moon path is known early;
* from the moment the nation completed a level-2 Mission, the Engineer spends money on Test
  tokens for its revealed Moon risks (Tests stay on the Moon path from round to round,
  unlike the rocket's other upgrades they can never be lost) whenever medium would only buy
  a marginal upgrade or pass, as long as the Test raises the Moon's odds at all
  (:data:`MOON_TEST_GAIN`). The Test chosen is the one with the largest exact gain in the
  Moon's odds (:func:`game.ai.pathodds.path_odds`, hidden risks averaged, never read).

* the Politician trades :data:`CARD_MONEY` (14) money on a Maneuver card for a Popularity
  point where medium trades 7, so it plays, supports and contests cards for Popularity,
  Budget, sabotage and steals before money.

Against medium this is what wins. Measured over 400 seeded policy-only games against medium
(``python -m game tournament --a hard --b medium --iterations 0 --games 400``): the policy
wins 81.0% (Wilson 76.9-84.5%). Without the card rule 71.5%; without it and with Tests bought
only for a whole point of Moon odds 65.0% (47.5% at three points): a Moon path is three
level-3 risks, so one Test moves the product of their odds little while each risk's own odds
rise by an eighth, and small gains add up. Card money at 28 per point, or ignored, gave
81.5% and 82.0% on the same seeds (9.3 per point: 73.5%); on seeds 401-800, 79.0% at 14 and
77.5% ignored: the gain is real, the exact worth is not critical.

**The search** then checks the policy's decisions for both roles: the Politician's (Maneuver
cards, Support, announcing, launch or abort, ties) and the Engineer's for this round's launch
(the policy's Test or pass against the Test that helps the launch most, or keeping the
money). Each iteration draws one *determinization* of the view (:func:`determinize`, hidden
cards and deck orders sampled, never read) and plays **every** candidate on that same world
with the same rollout seed (paired comparisons, common random numbers). Rollouts play the
Politicians by the policy (this nation with :func:`hard_move`, the rival with medium) and
both Engineers by a cheap playout (:func:`playout_engineer`: payload and Tests for this
round's launch, otherwise pass) until a short horizon (the end of this round, or of the
next round's launches for decisions taken during administration), and are scored by
:func:`evaluate`. The cheap Engineer makes a rollout about three times faster, and the launch
odds it and the Politicians weigh are memoized (:mod:`game.ai.pathodds`): about 1,950
iterations a second in CPython, 1,000 in Pyodide. Choices whose worth comes after the horizon
are not searched (Moon exploration against the reward, Evaluate against Escalate, a tile, a
Module or a Moon Test for a later flight): rollouts would misjudge them, and the policy's
measured rules decide. An alternative replaces the policy move only with evidence: at
least :data:`MIN_PAIRS` complete pairs and a mean paired gain above
``MARGIN + Z * standard error``. With few iterations the policy move is played.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Generator

from ..analysis.infostate import determinize
from ..core import actions as A
from ..core.actions import Action
from ..core.content import MOON
from ..core.names import NATIONS, NationId, Seat
from ..engine import Game
from ..rules.records import View
from ..rules.terms import nation_of, other, split_seat
from .base import Budget, Stats, finish, seat_of
from .heuristics import payload_ready, rocket_score, stage_of
from .medium import card_value, choose_engineer, medium_move
from .pathodds import PathOdds, mission_path, path_odds

DEFAULT_SECONDS = 1.4  # measured: 1,000 iterations or more in Pyodide, ending under 1.5 s
MIN_PAIRS = 8  # complete paired iterations needed before the search may overrule the policy
MARGIN = 0.03  # how much better than the policy move an alternative must look ...
Z = 2.5  # ... plus this many standard errors of the paired differences
MOON_TEST_GAIN = 0.001  # smallest gain in Moon odds one Test must bring (see above)
CARD_MONEY = 14.0  # money on a Maneuver card per Popularity point (medium: 7; see above)


# ------------------------------------------------------------------ the policy

def moon_test(game: Game, nation: NationId, legal: list[Action]) -> tuple[Action | None, float]:
    """The Test on one of ``nation``'s face-up Moon risks that raises the Moon odds most."""
    n = game.state.nations[nation]
    if not any(n.moon_up) or n.money < game.content.board.costs["test"]:
        return None, 0.0
    best: tuple[float, Action | None] = (0.0, None)
    for risk, gain in PathOdds(game, nation, MOON).test_gains()[1]:  # the face-up risks
        action = A.Test(risk)
        if action not in legal:
            continue
        if gain > best[0]:
            best = (gain, action)
    return best[1], best[0]


def hard_move(game: Game, seat: Seat, legal: list[Action], rng: random.Random) -> Action:
    """The hard policy: medium's move, except for Moon exploration and Moon Tests."""
    move = medium_move(game, seat, legal, rng, card_money=CARD_MONEY)
    if len(legal) == 1:
        return move
    nation, role = split_seat(seat)
    s = game.state
    if role == "politician":
        if s.phase == "launches":
            explore = [a for a in legal if isinstance(a, A.ExploreMoon)]
            if explore:
                return explore[0]
        return move
    n = s.nations[nation]
    if s.phase != "engineering" or n.pending is not None or n.launch == MOON:
        return move
    if isinstance(move, A.Test | A.LoadPayload | A.Research | A.BookPayload):
        return move  # this round's launch, or a real rebuild, comes first
    if stage_of(game, nation) < 2:
        return move
    test, gain = moon_test(game, nation, legal)
    if test is not None and gain >= MOON_TEST_GAIN:
        return test
    return move


# ------------------------------------------------------------------ the search

def _nation_score(game: Game, nation: NationId) -> float:
    s = game.state
    n = s.nations[nation]
    pop = n.popularity
    pop_term = pop if pop > 4 else pop - (5 - pop) * 1.5
    content = game.content
    done = sum(content.missions[m].level + 1 for m, nat, _ in s.completed if nat == nation)
    params = game.parameters(nation)
    moon = path_odds(game, nation, MOON) if any(n.moon_up) else 0.0
    return (1.2 * pop_term + 0.35 * n.budget + n.money / 8.0
            + 6.0 * rocket_score(content, params, 3) + 0.6 * done + 1.0 * sum(n.moon_up)
            + 12.0 * moon
            - 0.8 * n.sabotage + 0.3 * (n.test_steal + n.free_research) + 0.5 * n.tech_steal)


def evaluate(game: Game, nation: NationId) -> float:
    """Worth of a position for ``nation`` in [-1, 1]."""
    s = game.state
    if s.phase == "over":
        return 1.0 if s.winner == nation else -1.0
    score = _nation_score(game, nation) - _nation_score(game, other(nation))
    gap = s.nations[nation].budget - s.nations[other(nation)].budget
    score += 0.15 * gap * abs(gap) / 15.0  # a Budget gap near 15 is close to a win
    return math.tanh(score / 8.0)


def playout_engineer(game: Game, nation: NationId, legal: list[Action], rng: random.Random
                     ) -> Action:
    """The rollouts' cheap Engineer: this round's launch only (payload, then medium's launch
    preparation), otherwise pass; pending choices and other phases as medium."""
    s = game.state
    n = s.nations[nation]
    if s.phase != "engineering" or n.pending is not None:
        return choose_engineer(game, nation, legal, rng)
    done = legal[-1]  # the engine lists PassEngineer last (a shared instance: found at once)
    target = n.launch
    if not target:
        return done
    if not payload_ready(game, nation, target):
        move = choose_engineer(game, nation, legal, rng)
        if isinstance(move, A.LoadPayload | A.BookPayload | A.Research):
            return move
        return done
    test = launch_test(game, nation, target, legal)
    return test if test is not None else done


def launch_test(game: Game, nation: NationId, target: str, legal: list[Action]) -> Action | None:
    """The Test that raises the odds of this round's launch most, if it brings 2 points."""
    n = game.state.nations[nation]
    if n.money < game.content.board.costs["test"]:
        return None
    odds, gains = PathOdds(game, nation, target).test_gains()
    best: tuple[float, Action | None] = (0.02, None)
    if odds < 0.97:
        for risk, gain in gains:
            if gain >= best[0] and (test := A.Test(risk)) in legal:
                best = (gain, test)
    return best[1]


_ENGINEER_NATION = {f"{nation}.engineer": nation for nation in NATIONS}


def rollout(game: Game, nation: NationId, rng: random.Random, horizon_round: int,
            stop_at_administration: bool, max_steps: int = 400) -> float:
    """Play on (``nation`` with the hard policy, the rival with medium) and evaluate."""
    step = 0
    own = f"{nation}.politician"
    while not game.is_over and step < max_steps:
        if game.round > horizon_round or (stop_at_administration and
                                          game.round == horizon_round and
                                          game.phase == "administration"):
            break
        seats = game.to_act()
        seat = seats[step % len(seats)]
        step += 1
        legal = game.legal_actions(seat)
        if len(legal) == 1:
            game.apply(seat, legal[0])
        elif seat in _ENGINEER_NATION:
            game.apply(seat, playout_engineer(game, _ENGINEER_NATION[seat], legal, rng))
        elif seat == own:
            game.apply(seat, hard_move(game, seat, legal, rng))
        else:
            game.apply(seat, medium_move(game, seat, legal, rng))
    return evaluate(game, nation)


def candidates(game: Game, seat: Seat, legal: list[Action], rng: random.Random
               ) -> list[Action]:
    """The policy move first, then the alternatives worth comparing (a few at most)."""
    nation, role = split_seat(seat)
    if len(legal) <= 1:
        return []
    phase = game.state.phase
    n = game.state.nations[nation]
    if phase == "launches" or (phase == "administration" and game.state.decision is None):
        # Reward or Moon exploration, Evaluate or Escalate: what they bring comes after the
        # horizon (the Moon plan, the next round's evaluation), so rollouts would misjudge
        # them; the policy's measured rules decide.
        return []
    launch = n.launch
    if role == "engineer" and (phase != "engineering" or n.pending is not None or
                               not launch or not payload_ready(game, nation, launch)):
        return []
    base = hard_move(game, seat, legal, rng)
    if role == "engineer" and not (isinstance(base, A.PassEngineer) or (
            isinstance(base, A.Test) and launch is not None
            and base.risk in mission_path(game, nation, launch)[0])):
        return []  # a tile, a Module or a Moon Test pays off over rounds, beyond the horizon
    out: list[Action] = [base]

    def add(action: Action | None) -> None:
        if action is not None and action in legal and action not in out:
            out.append(action)

    if role == "engineer":
        # How much to put into this round's launch, which resolves within the horizon:
        # the policy's move, the Test that helps the launch most, or keeping the money.
        assert n.launch is not None
        add(launch_test(game, nation, n.launch, legal))
        add(A.PassEngineer())
    elif phase == "maneuvers":
        add(A.PassManeuvers())
        plays = [a for a in legal if isinstance(a, A.PlayManeuver)]
        by_value = sorted(sorted(set(n.hand)),
                          key=lambda c: -card_value(game, nation, c, 1, CARD_MONEY))
        for card in by_value[:2]:
            mine = [a for a in plays if a.card == card]
            mine.sort(key=lambda a: (4, 2, 3, 1).index(a.place))
            if mine:
                add(mine[0])
    elif phase == "politics":
        if game.state.support:
            add(A.FinishSupport())
            for a in legal:
                if isinstance(a, A.PlaceToken) and a.token == "influence":
                    add(a)
        else:
            for a in legal:
                if isinstance(a, A.Launch | A.AnnounceMission):
                    add(a)
            add(A.Abort())
            tokens = [a for a in legal if isinstance(a, A.PlaceToken) and
                      a.token == "influence"]
            for a in tokens[:2]:
                add(a)
    else:
        for a in legal:
            add(a)
    return out[:6]


class PairedMonteCarloAI:
    """The hard level: its policy, overruled only where paired determinized rollouts (flat
    Monte Carlo over the candidate moves) show a better move."""

    name = "hard"

    def __init__(self, iterations: int | None = None, seconds: float | None = None) -> None:
        self.iterations = iterations
        self.seconds = seconds
        self.last_stats = Stats()

    def choose(self, view: View, legal: list[Action], rng: random.Random,
               budget: Budget | None = None) -> Action:
        return self.choose_with_stats(view, legal, rng, budget)[0]

    def choose_with_stats(self, view: View, legal: list[Action],
                          rng: random.Random, budget: Budget | None = None
                          ) -> tuple[Action, Stats]:
        return finish(self.search(view, legal, rng, budget)), self.last_stats

    def search(self, view: View, legal: list[Action], rng: random.Random,
               budget: Budget | None = None) -> Generator[None, None, Action]:
        """The choice, one rollout at a time: the generator yields after each, so whoever
        drives it may do other work between them (a page gives the browser its thread back:
        ``ui/control/thinker.py``), and returns the action. The time budget counts the time
        spent in it, not between its steps, so a search sliced so is the same search."""
        if not legal:
            raise ValueError("no legal action to choose from")
        spent = 0.0  # seconds of work before the last step's resumption
        resumed = time.perf_counter()

        def elapsed() -> float:
            return spent + time.perf_counter() - resumed

        if len(legal) == 1:
            self.last_stats = Stats(seconds=elapsed())
            return legal[0]
        seat = seat_of(view)
        nation = nation_of(seat)
        max_iter = self.iterations
        limit = self.seconds
        if budget is not None:
            max_iter = budget.iterations if budget.iterations is not None else max_iter
            limit = budget.seconds if budget.seconds is not None else limit
        if limit is None and max_iter is None:
            limit = DEFAULT_SECONDS
        root = determinize(view, rng)
        cands = candidates(root, seat, legal, rng)
        if len(cands) <= 1:
            action = cands[0] if cands else hard_move(root, seat, legal, rng)
            if action not in legal:  # never happens by design; stay legal regardless
                action = legal[0]
            self.last_stats = Stats(seconds=elapsed())
            return action
        if root.phase in ("launches", "administration"):
            horizon, stop_admin = root.round + 1, True
        else:
            horizon, stop_admin = root.round, False
        count = len(cands)
        values: list[list[float]] = [[] for _ in cands]
        done = 0
        seed = rng.getrandbits(32)

        def out_of_budget() -> bool:
            if max_iter is not None and done >= max_iter:
                return True
            return limit is not None and elapsed() >= limit

        k = 0
        while not out_of_budget():
            # One paired iteration: the same world and the same rollout seed for everyone.
            k += 1
            world_seed = (seed + 7919 * k) & 0xFFFFFFFF
            world = determinize(view, random.Random(world_seed))
            row: list[float] = []
            for cand in cands:
                if out_of_budget():
                    break
                trial = world.clone()
                trial.apply(seat, cand)
                row.append(rollout(trial, nation, random.Random(world_seed), horizon,
                                   stop_admin))
                done += 1
                spent = elapsed()
                yield
                resumed = time.perf_counter()
            if len(row) < count:
                break  # an unfinished iteration is not a pair; it is not counted
            for i, value in enumerate(row):
                values[i].append(value)
        pairs = len(values[0])
        gains = [0.0] * count
        choice = 0
        if pairs >= MIN_PAIRS:
            best = 0.0
            for i in range(1, count):
                diffs = [values[i][j] - values[0][j] for j in range(pairs)]
                mean = sum(diffs) / pairs
                var = sum((d - mean) ** 2 for d in diffs) / (pairs - 1)
                gains[i] = mean
                if mean > MARGIN + Z * math.sqrt(var / pairs) and mean > best:
                    best, choice = mean, i
        action = cands[choice]
        means = [sum(v) / len(v) if v else 0.0 for v in values]
        self.last_stats = Stats(seconds=elapsed(), iterations=done,
                                candidates=count,
                                extra={"means": [round(m, 3) for m in means],
                                       "gains": [round(g, 3) for g in gains],
                                       "pairs": pairs, "nations": list(NATIONS)})
        return action
