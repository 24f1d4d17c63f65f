"""The numbers of a game's story (game.ai.chronicle), for the post-game report and replays."""

from __future__ import annotations

import random
from functools import cache
from itertools import pairwise

from game.ai.chronicle import Chronicle, chronicle
from game.ai.winprob import simulate
from game.engine import Game, new_game


@cache
def _finished(seed: int) -> tuple[Game, Chronicle]:
    g = new_game(seed)
    simulate(g, 5000, random.Random(seed))
    assert g.is_over
    return g, chronicle(g, seed=1, samples=2, steps=8)


def test_rounds_start_at_the_setup_and_end_at_the_last_action() -> None:
    g, c = _finished(8)
    first = c.rounds[0]
    assert (first.round, first.step, first.popularity, first.missions) == (1, 0, (10, 10),
                                                                             (0, 0))
    assert [r.round for r in c.rounds] == sorted(r.round for r in c.rounds)
    last = c.rounds[-1]
    usa, ussr = g.state.nations["USA"], g.state.nations["USSR"]
    assert last.step == c.steps == g.log_size
    assert last.popularity == (usa.popularity, ussr.popularity)
    assert last.budget == (usa.budget, ussr.budget)
    assert sum(last.missions) == len(g.state.completed)
    assert c.budget_gap > 0 and c.winner == g.winner


def test_every_launch_is_listed_with_its_odds_and_outcome() -> None:
    g, c = _finished(8)
    events = []
    probe = new_game(g.seed)
    for seat, action in g.log:
        events.extend(probe.apply(seat, action))
    flights = sum(e["type"] == "liftoff" for e in events)
    delays = sum(e["type"] == "launch_delayed" for e in events)
    successes = sum(e["type"] == "mission_success" for e in events)
    assert len(c.launches) == flights + delays and flights > 0
    assert sum(p.outcome == "success" for p in c.launches) == successes
    for point in c.launches:
        if point.outcome == "delayed":
            assert point.odds is None
        else:
            assert point.odds is not None and 0.0 <= point.odds <= 1.0
        assert 1 <= point.step <= c.steps


def test_the_curve_ends_certain_and_the_swings_are_the_largest_moves() -> None:
    g, c = _finished(8)
    assert c.curve[0].step == 0 and c.curve[-1].step == c.steps
    assert c.curve[-1].usa == (1.0 if g.winner == "USA" else 0.0)
    assert all(0.0 <= p.usa <= 1.0 for p in c.curve)
    moves = sorted((abs(b.usa - a.usa) for a, b in pairwise(c.curve)),
                   reverse=True)
    assert [abs(s.change) for s in c.swings] == moves[:3]
    for swing in c.swings:
        if swing.launch is not None:
            assert swing.start.step < swing.launch.step <= swing.end.step
            helped_usa = (swing.launch.nation == "USA") == (swing.launch.outcome == "success")
            assert helped_usa == (swing.change >= 0)


def test_a_replay_at_a_step_shows_the_story_so_far() -> None:
    g, whole = _finished(9)
    upto = whole.steps // 2
    part = chronicle(g, upto=upto, seed=1, samples=2, steps=8)
    assert part.steps == upto and part.winner is None
    assert part.launches == tuple(p for p in whole.launches if p.step <= upto)
    assert part.curve == whole.curve[:len(part.curve)]
    starts = tuple(r for r in whole.rounds if r.step <= upto)
    if starts[-1].step == upto:
        assert part.rounds == starts
    else:
        assert part.rounds[:-1] == starts and part.rounds[-1].step == upto


def test_a_swing_is_explained_only_by_a_launch_that_could_have_gone_the_other_way() -> None:
    from game.ai.chronicle import CurvePoint, LaunchPoint, swings

    start, end = CurvePoint(0, 1, "politics", 0.6), CurvePoint(9, 1, "launches", 0.3)
    sure = LaunchPoint(4, 1, "USSR", "M0-SPUTNIK", 1.0, "success")  # could not have failed
    long_shot = LaunchPoint(5, 1, "USSR", "M1-LUNA1", 0.3, "success")
    against = LaunchPoint(6, 1, "USA", "M0-VANGUARD", 0.4, "success")  # helped the USA
    assert swings((start, end), [sure])[0].launch is None
    assert swings((start, end), [sure, long_shot, against])[0].launch == long_shot
    assert swings((start, end), [against])[0].launch is None
