"""How often a person playing against the computer can take back their last action.

    python bench/undo_share.py [--games 10] [--seed 1]

Scripted games: the person holds both USA seats and plays as AI Medium would, the USSR is AI
Medium. Each time the person's turn comes back after one of their actions, it records whether
Undo would take that action back, under the rule on main before issue 9 (never past the
other nation's move) and under the current one (:func:`ui.model.undo.player_undo`: the computer's
answers are taken back too unless one rolled, drew or showed something).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import game
from game.ai import get_ai
from game.analysis.history import Trace, apply_traced
from game.core.names import Seat
from ui.model.players import choose_seat
from ui.model.undo import player_undo

PERSON = ("USA.politician", "USA.engineer")
COMPUTER = frozenset({"USSR.politician", "USSR.engineer"})


def play(seed: int) -> tuple[int, int, int]:
    """(person decisions after an own action, Undo available before, Undo available now)."""
    g = game.new_game(seed)
    ai = get_ai("medium")
    rng = random.Random(seed)
    kept: list[Trace] = []  # as the app keeps them: no replay per decision
    last: Seat | None = None
    acted = False
    asked = before = after = 0
    while not g.is_over:
        seat = choose_seat(g.to_act(), last, g.view(None))
        assert seat is not None
        if seat in PERSON and acted:
            asked += 1
            # The rule before issue 9: back over the person's own latest action unless it
            # rolled, shuffled or drew; never past the other nation's move.
            before += g.log[-1][0] in PERSON and not kept[-1].hidden_changed
            after += player_undo(g, PERSON, COMPUTER, kept)[0] > 0
        action = ai.choose(g.view(seat), g.legal_actions(seat), rng, None)
        kept.append(apply_traced(g, seat, action)[1])
        acted = acted or seat in PERSON
        last = seat
    return asked, before, after


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    totals = [0, 0, 0]
    for seed in range(args.seed, args.seed + args.games):
        for i, value in enumerate(play(seed)):
            totals[i] += value
    asked, before, after = totals
    print(f"{args.games} games vs AI Medium, {asked} times the person's turn came back after "
          f"an own action")
    print(f"Undo available before issue 9: {before} ({100 * before / asked:.1f}%)")
    print(f"Undo available now:           {after} ({100 * after / asked:.1f}%)")


if __name__ == "__main__":
    main()
