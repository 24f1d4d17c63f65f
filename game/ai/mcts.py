"""The "hard" level: information-set Monte Carlo search over determinizations.

For a decision worth searching (Politician choices: Maneuver cards, Support, announcing,
launch or abort, reward or Moon exploration, evaluation, ties), the search:

1. draws a *determinization* of the view per iteration (:func:`determinize`), so hidden cards,
   token kinds and deck orders are sampled, never read;
2. picks one of this seat's candidate actions by UCB1 over the statistics shared by all
   determinizations (ISMCTS at the root: an action's value is averaged over information
   states); the first pass over the candidates reuses one determinization for all of them
   (common random numbers), which sharpens the comparison when iterations are few;
3. plays every seat with the medium heuristics until a horizon (the end of the next round's
   launches, or the end of the game);
4. scores the horizon with :func:`evaluate` (Popularity, Budget, rocket, Missions, Moon).

The candidates are the medium move plus the structurally different alternatives; the medium
move wins unless another candidate is clearly better. Engineer micro-decisions (tile
placement, buying) are left to the medium heuristics: they are many, cheap and well judged.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from .. import actions as A
from ..actions import Action
from ..content import NATIONS
from ..engine import Game
from .base import Budget, Stats
from .heuristics import CONTENT, other, rocket_score
from .infostate import determinize
from .medium import card_value, medium_move

DEFAULT_SECONDS = 1.2  # measured: a full-budget decision ends well under 1.5 s
MARGIN = 0.02  # how much better than the medium move an alternative must look


def _nation_score(game: Game, nation: str) -> float:
    s = game.state
    n = s.nations[nation]
    pop = n.popularity
    pop_term = pop if pop > 4 else pop - (5 - pop) * 1.5
    done = sum(CONTENT.missions[m].level + 1 for m, nat, _ in s.completed if nat == nation)
    params = game.parameters(nation)
    return (1.2 * pop_term + 0.35 * n.budget + n.money / 8.0
            + 6.0 * rocket_score(params, 3) + 0.6 * done + 0.5 * sum(n.moon_up)
            - 0.8 * n.sabotage + 0.3 * (n.test_steal + n.free_research) + 0.5 * n.tech_steal)


def evaluate(game: Game, nation: str) -> float:
    """Worth of a position for ``nation`` in [-1, 1]."""
    s = game.state
    if s.phase == "over":
        return 1.0 if s.winner == nation else -1.0
    score = _nation_score(game, nation) - _nation_score(game, other(nation))
    gap = s.nations[nation].budget - s.nations[other(nation)].budget
    score += 0.15 * gap * abs(gap) / 15.0  # a Budget gap near 15 is close to a win
    return math.tanh(score / 8.0)


def rollout(game: Game, nation: str, rng: random.Random, horizon_round: int,
            max_steps: int = 400) -> float:
    step = 0
    while not game.is_over and step < max_steps:
        if game.round > horizon_round or (game.round == horizon_round and
                                          game.phase == "administration"):
            break
        seats = game.to_act()
        seat = seats[step % len(seats)]
        step += 1
        legal = game.legal_actions(seat)
        game.apply(seat, medium_move(game, seat, legal, rng))
    return evaluate(game, nation)


def candidates(game: Game, seat: str, legal: list[Action], rng: random.Random
               ) -> list[Action]:
    """The medium move first, then the alternatives worth comparing (a few at most)."""
    nation, role = seat.split(".")
    if role != "politician" or len(legal) <= 1:
        return []
    base = medium_move(game, seat, legal, rng)
    out: list[Action] = [base]
    phase = game.state.phase

    def add(action: Action) -> None:
        if action in legal and action not in out:
            out.append(action)

    if phase == "maneuvers":
        add(A.PassManeuvers())
        n = game.state.nations[nation]
        plays = [a for a in legal if isinstance(a, A.PlayManeuver)]
        by_value = sorted(sorted(set(n.hand)),
                          key=lambda c: -card_value(game, nation, c, 1))
        for card in by_value[:3]:
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
            add(A.RaiseInfluence(1))
            tokens = [a for a in legal if isinstance(a, A.PlaceToken) and
                      a.token == "influence"]
            for a in tokens[:3]:
                add(a)
    else:
        for a in legal:
            add(a)
    return out[:10]


class HardAI:
    """Determinized Monte Carlo search with the medium heuristics as rollout policy."""

    name = "hard"

    def __init__(self, iterations: int | None = None, seconds: float | None = None) -> None:
        self.iterations = iterations
        self.seconds = seconds
        self.last_stats = Stats()

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random,
               budget: Budget | None = None) -> Action:
        return self.choose_with_stats(view, legal, rng, budget)[0]

    def choose_with_stats(self, view: dict[str, Any], legal: list[Action],
                          rng: random.Random, budget: Budget | None = None
                          ) -> tuple[Action, Stats]:
        if not legal:
            raise ValueError("no legal action to choose from")
        started = time.perf_counter()
        if len(legal) == 1:
            self.last_stats = Stats(seconds=time.perf_counter() - started)
            return legal[0], self.last_stats
        seat: str = view["seat"]
        nation = seat.split(".")[0]
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
            action = cands[0] if cands else medium_move(root, seat, legal, rng)
            self.last_stats = Stats(seconds=time.perf_counter() - started)
            return action, self.last_stats
        horizon = root.round + 1
        totals = [0.0] * len(cands)
        squares = [0.0] * len(cands)
        visits = [0] * len(cands)
        done = 0
        seed = rng.getrandbits(32)

        def out_of_budget() -> bool:
            if max_iter is not None and done >= max_iter:
                return True
            return limit is not None and time.perf_counter() - started >= limit

        def run(index: int, world: Game, world_seed: int) -> None:
            nonlocal done
            trial = world.clone()
            trial.apply(seat, cands[index])
            value = rollout(trial, nation, random.Random(world_seed), horizon)
            totals[index] += value
            squares[index] += value * value
            visits[index] += 1
            done += 1

        # First pass: every candidate on the same determinization.
        world = determinize(view, random.Random(seed))
        for i in range(len(cands)):
            if out_of_budget() and done >= 1:
                break
            run(i, world, seed)
        k = 1
        while not out_of_budget():
            log_n = math.log(max(1, sum(visits)))
            best_i, best_u = 0, -1e9
            for i in range(len(cands)):
                if visits[i] == 0:
                    u = 1e9 - i
                else:
                    u = totals[i] / visits[i] + 0.6 * math.sqrt(log_n / visits[i])
                if u > best_u:
                    best_i, best_u = i, u
            k += 1
            world_seed = seed + k
            run(best_i, determinize(view, random.Random(world_seed)), world_seed)
        means = [totals[i] / visits[i] if visits[i] else -2.0 for i in range(len(cands))]
        choice = 0
        for i in range(1, len(cands)):
            if visits[i] < 2 or visits[0] < 2:
                continue
            var_i = max(0.0, squares[i] / visits[i] - means[i] ** 2)
            var_0 = max(0.0, squares[0] / visits[0] - means[0] ** 2)
            error = math.sqrt(var_i / visits[i] + var_0 / visits[0])
            if means[i] - means[0] > MARGIN + 1.5 * error and means[i] > means[choice]:
                choice = i
        action = cands[choice]
        self.last_stats = Stats(seconds=time.perf_counter() - started, iterations=done,
                                candidates=len(cands),
                                extra={"means": [round(m, 3) for m in means],
                                       "visits": visits[:], "nations": list(NATIONS)})
        return action, self.last_stats
