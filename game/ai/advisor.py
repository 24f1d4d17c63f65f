"""A hint's reason, always: the engine's confirmed consequence of the move
(:func:`game.analysis.advice.consequence`), else why the AI prefers it in its own terms.

The ``win`` reason compares the AI's estimated chance to win (:func:`game.ai.value.value`
after :func:`game.ai.winprob.simulate`, the medium policy for every seat) with the move and
with the next best, on the same games sampled from the seat's view with the same simulation
seeds: paired, so only the move differs.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..analysis.advice import LONG_SHOT, Reason, consequence, flagged
from ..analysis.infostate import determinize
from ..analysis.sampled import seeded_by
from ..analysis.stakes import Stakes, stakes
from ..core import actions as A
from ..core.names import Seat
from ..engine import Game
from ..rules.terms import nation_of
from .medium import medium_move
from .reach import reach
from .value import value
from .winprob import simulate

WIN_SAMPLES = 8  # paired sampled games for the estimate
WIN_STEPS = 24  # moves simulated from each (as game.ai.winprob)


def explain(game: Game, seat: Seat, action: A.Action, at_stake: Stakes | None = None
            ) -> Reason:
    """Why ``action`` by ``seat``: a confirmed consequence, else the ``win`` comparison,
    flagged (``at_stake``: :func:`game.analysis.stakes` of the action, when the caller has it).

    Raises :class:`game.IllegalAction` (and changes nothing) when it is not legal now.
    """
    reason = consequence(game, seat, action) or _win(game, seat, action,
                                                     game.legal_actions(seat))
    if isinstance(action, A.Launch) and reason.after < LONG_SHOT:
        found = reach(game, nation_of(seat), action.mission)
        reason = replace(reason, reach=found.odds, steps=found.steps)
    return flagged(reason, at_stake or stakes(game, seat, action))


def second_look(game: Game, seat: Seat, action: A.Action) -> A.Action:
    """The move a hint recommends for the AI's choice ``action``: the same, unless it is a
    launch under :data:`LONG_SHOT` that the Engineer cannot raise to it this round; then the
    launch the Engineer can raise highest if one reaches it, else aborting when an abort
    costs less Popularity than the long shot's failure."""
    if not isinstance(action, A.Launch):
        return action
    nation = nation_of(seat)
    legal = game.legal_actions(seat)
    reached = {a: reach(game, nation, a.mission).odds  # each launch's plan worked out once
               for a in legal if isinstance(a, A.Launch)}
    if reached[action] >= LONG_SHOT:
        return action
    best = max(reached, key=reached.__getitem__)
    if reached[best] >= LONG_SHOT:
        return best
    failure = stakes(game, seat, action).failure
    if A.Abort() in legal and game.content.board.penalties["abort"] < failure:
        return A.Abort()
    return action


def next_best(game: Game, seat: Seat, action: A.Action, legal: list[A.Action]) -> A.Action | None:
    """The move the hint is compared with: the medium policy's if it differs, else passing
    (or the first other legal move)."""
    view = game.view(seat)
    rng = seeded_by(view, seat, "next")
    world = determinize(view, rng)
    medium = medium_move(world, seat, world.legal_actions(seat), rng)
    if medium != action and medium in legal:
        return medium
    for quiet in (A.PassEngineer(), A.PassManeuvers(), A.FinishSupport()):
        if quiet != action and quiet in legal:
            return quiet
    return next((a for a in legal if a != action), None)


def _win(game: Game, seat: Seat, action: A.Action, legal: list[A.Action]) -> Reason:
    """The AI's estimated chance to win with ``action`` and with the next best, on the same
    sampled games with the same simulation seeds (paired, so only the move differs)."""
    nation = nation_of(seat)
    alternative = next_best(game, seat, action, legal)
    view = game.view(seat)
    rng = seeded_by(view, seat, action, "win")
    totals = [0.0, 0.0]
    for _ in range(WIN_SAMPLES):
        world = determinize(view, rng)
        seed = rng.getrandbits(32)
        for slot, move in enumerate((action, alternative)):
            if move is None:
                continue
            trial = world.clone()
            trial.apply(seat, move)
            simulate(trial, WIN_STEPS, random.Random(seed))
            totals[slot] += value(trial, nation)
    after = totals[0] / WIN_SAMPLES
    before = totals[1] / WIN_SAMPLES if alternative is not None else after
    if round(before * 100) > round(after * 100):
        # The search that chose the move looked deeper than these few games: the move
        # stands, but a hint never names a move it rates higher than the one it gives.
        return Reason("win", after, after)
    return Reason("win", before, after, alternative=alternative)
