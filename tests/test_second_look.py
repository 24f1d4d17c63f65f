"""Cheap checks of branches the hint-truth games reach only at full size (tests/
test_hint_truth.py plays two of its six games by default): the hint's second look at a long
shot of a launch, the AI's path-odds cache when full, a save's pair or seed of a wrong kind."""

from __future__ import annotations

import json

import pytest

import game
from game.ai import pathodds
from game.ai.advisor import second_look
from game.ai.reach import reach
from game.analysis.advice import LONG_SHOT
from game.analysis.stakes import stakes
from game.core import actions as A
from game.rules.terms import nation_of
from game.tools.tournament import medium_moves


def test_a_long_shot_of_a_launch_gives_way_to_a_better_launch_or_an_abort() -> None:
    """Every launch under LONG_SHOT offered in whole medium games: the second look gives the
    best launch when that one reaches LONG_SHOT, else Abort when aborting costs less than the
    failure, else the launch itself; a launch at LONG_SHOT or more is kept."""
    seen = {"kept": 0, "better": 0, "abort": 0, "long shot": 0}
    for seed in range(6):
        for g, seat, legal, _move in medium_moves(seed):
            launches = [a for a in legal if isinstance(a, A.Launch)]
            if not launches:
                continue
            nation = nation_of(seat)
            odds = {a: reach(g, nation, a.mission).odds for a in launches}
            for launch in launches:
                chosen = second_look(g, seat, launch)
                if odds[launch] >= LONG_SHOT:
                    assert chosen == launch
                    seen["kept"] += 1
                elif max(odds.values()) >= LONG_SHOT:
                    assert chosen in launches and odds[chosen] == max(odds.values())
                    seen["better"] += 1
                elif chosen == A.Abort():
                    assert g.content.board.penalties["abort"] < stakes(g, seat, launch).failure
                    seen["abort"] += 1
                else:
                    assert chosen == launch
                    seen["long shot"] += 1
    print(f"second looks at launches: {seen}")
    assert seen["better"] and (seen["abort"] or seen["long shot"]) and seen["kept"]


def test_the_path_odds_cache_starts_again_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """The AI's cache of path odds is bounded: full, it is emptied before the next odds are
    kept, and those are the same odds."""
    g = next(g for g, _seat, legal, _move in medium_moves(3)
             if any(isinstance(a, A.Launch) for a in legal))
    mission = g.state.active[0][0]
    first = pathodds.path_odds(g, "USA", mission)
    full = {("a full cache",): 0.5}
    monkeypatch.setattr(pathodds, "_ODDS", full)
    monkeypatch.setattr(pathodds, "_ODDS_MAX", 1)
    assert pathodds.path_odds(g, "USA", mission) == first
    assert ("a full cache",) not in full and len(full) == 1


@pytest.mark.parametrize(("field", "value", "words"), [
    ("pair", "MARS", "'pair' must be USA or USSR"),
    ("seed", True, "seed must be an integer"),
    ("seed", "4", "seed must be an integer"),
])
def test_a_save_with_a_wrong_pair_or_seed_is_refused(field: str, value: object,
                                                      words: str) -> None:
    data = json.loads(game.new_game(4, players=3).to_json())
    data[field] = value
    with pytest.raises(game.BadSave, match=words):
        game.load(json.dumps(data))

