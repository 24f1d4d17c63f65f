"""Long tournaments: every game recorded as it ends and never played twice, and the league
table (every level against every other, and each against itself for the seat balance)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from game.tools.league import league, pairings, table
from game.tools.tournament import play_all, summarise, tasks_for


def test_a_stopped_run_resumes_without_playing_a_game_twice(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    first = tasks_for("easy", "random", 3, seed=10)
    results = play_all(first, out=out)
    assert len(out.read_text().splitlines()) == 3
    more = tasks_for("easy", "random", 5, seed=10)  # the same three games, and two more
    again = play_all(more, out=out)
    assert len(out.read_text().splitlines()) == 5
    for key, result in results.items():
        assert again[key] == result  # read back from the file, not replayed
    fresh = play_all(more)  # and equal to playing them now, but for the time taken
    assert [replace(r, seconds={}) for r in fresh.values()] == [
        replace(r, seconds={}) for r in again.values()]


def test_a_run_stopped_in_the_middle_of_a_line_resumes_and_plays_only_that_game(
    tmp_path: Path,
) -> None:
    """The tournament reads its file as the lab does (game.tools.records): a line a stop
    cut short is skipped, ended, and its game played again; nothing else is."""
    out = tmp_path / "games.jsonl"
    tasks = tasks_for("random", "random", 4, seed=3)
    whole = play_all(tasks, out=out)
    lines = out.read_text().splitlines()
    out.write_text("\n".join(lines[:3]) + "\n" + lines[3][:30], encoding="utf-8")
    again = play_all(tasks, out=out)
    kept = out.read_text().splitlines()
    assert kept[:3] == lines[:3] and kept[3] == lines[3][:30] and len(kept) == 5
    assert json.loads(kept[4])["task"] == json.loads(lines[3])["task"]
    assert [replace(r, seconds={}) for r in again.values()] == [
        replace(r, seconds={}) for r in whole.values()]


def test_the_league_pairs_every_level_with_every_other_and_itself() -> None:
    assert pairings() == [("hard", "medium"), ("hard", "easy"), ("hard", "random"),
                          ("medium", "easy"), ("medium", "random"), ("easy", "random"),
                          ("hard", "hard"), ("medium", "medium"), ("easy", "easy"),
                          ("random", "random")]
    assert pairings(("random", "medium")) == [("medium", "random"), ("medium", "medium"),
                                              ("random", "random")]


def test_the_table_shows_results_and_the_seat_balance_of_mirror_matches() -> None:
    cross = summarise("medium", "random", list(play_all(tasks_for("medium", "random", 2,
                                                                   seed=1)).values()), 0.0)
    mirror = summarise("random", "random", list(play_all(tasks_for("random", "random", 4,
                                                                    seed=1)).values()), 0.0)
    text = table([cross, mirror]).splitlines()
    assert text[0].startswith("| match | games | result |")
    assert text[2].startswith("| medium vs random | 2 | 2-0 | 100.0% (")
    usa, ussr = mirror["nation_wins"].get("USA", 0), mirror["nation_wins"].get("USSR", 0)
    assert text[3].startswith(f"| random vs random (seat balance) | 4 | USA {usa}, USSR {ussr}")
    assert usa + ussr > 0  # random games always end
    fair = 0.45 <= usa / (usa + ussr) <= 0.55  # over the finished games
    assert ("fair" if fair else "outside 45-55%") in text[3]


def test_the_league_plays_under_the_settings_it_is_given(tmp_path: Path) -> None:
    out = tmp_path / "league.jsonl"
    summaries = league(1, 7, levels=("random",), players=3, ruleset="preview", out=out)
    assert [(s["a"], s["b"], s["games"]) for s in summaries] == [("random", "random", 1)]
    task = json.loads(out.read_text().splitlines()[0])["task"]
    assert task[4:6] == [3, "preview"]  # players and ruleset reached the game
