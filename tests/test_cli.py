"""The command line: simulate's summary as a subprocess (``python -m game`` itself); bench's
figures, the search's, a league and a terminal game in this process (``game.tools.cli.main``
with its output and its input in memory: covered, and no Python started for each)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.tools.cli import main


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], input=stdin,
                          capture_output=True, text=True, timeout=300)


@dataclass
class Done:
    """What a command did: its exit code and what it wrote."""

    returncode: int
    stdout: str


def cli(*args: str, stdin: str = "") -> Done:
    """``python -m game ARGS`` in this process: the lines of ``stdin`` answer its questions
    (then EOFError, as an exhausted terminal), each question written out as input() does."""
    out = io.StringIO()
    answers = iter(stdin.splitlines())

    def ask(question: str) -> str:
        out.write(question)
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    try:
        code = main(list(args), out, ask)
    except SystemExit as exit_:  # argparse refusing the arguments
        code = int(exit_.code or 0)
    return Done(code, out.getvalue())


@pytest.mark.parametrize(("players", "ruleset"), [(2, "v0.10.4"), (3, "preview"), (4, "v0.10.4")])
def test_simulate_finishes_every_game_and_prints_a_json_summary(players: int,
                                                                ruleset: str) -> None:
    done = run("simulate", "--games", "25", "--seed", "1", "--players", str(players),
               "--ruleset", ruleset, "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    for key in ("games", "finished", "winners", "end_reasons", "rounds",
                "missions_by_level", "actions", "actions_per_s"):
        assert key in summary
    assert summary["games"] == summary["finished"] == 25
    assert sum(summary["winners"].values()) == 25
    assert set(summary["end_reasons"]) <= {"popularity", "budget", "moon_landing"}
    assert summary["rounds"]["min"] <= summary["rounds"]["median"] <= summary["rounds"]["max"]
    assert "finished 25" in done.stdout


def test_simulate_reports_games_past_the_safety_limit_as_unfinished() -> None:
    done = run("simulate", "--games", "5", "--seed", "1", "--max-rounds", "0", "--json")
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert done.returncode == 1
    assert summary["unfinished"] == 5 and summary["end_reasons"] == {"unfinished": 5}


def test_bench_prints_its_figures() -> None:
    done = cli("bench", "--games", "10", "--json")
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["actions_per_s"] > 0 and figures["clone_us"] > 0
    assert figures["view_to_plain_us"] > 0
    assert "actions/s" in done.stdout and "to plain data" in done.stdout


def test_play_takes_numbered_choices_and_rejects_nonsense() -> None:
    # Enter at the handover, then a nonsense answer, then option 1 a few times, then quit.
    answers = "\n" + "banana\n" + "1\n" * 6 + "q\n"
    done = cli("play", "--seed", "4", stdin=answers)
    assert done.returncode == 0
    assert "Pass to the USSR player" in done.stdout
    assert "Please type one of the numbers shown." in done.stdout
    assert "USSR.politician to act" in done.stdout
    assert "1. Play a Maneuver card" in done.stdout


def test_play_ends_cleanly_when_input_runs_out() -> None:
    done = cli("play", "--seed", "4", stdin="\n1\n")
    assert done.returncode == 0 and "Bye." in done.stdout


def test_search_reports_the_hard_levels_iterations_per_decision() -> None:
    done = cli("search", "--decisions", "3", "--every", "5", "--seed", "2", "--json")
    assert done.returncode == 0
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["decisions"] == 3
    assert figures["iterations_min"] <= figures["iterations_mean"]
    assert figures["searched"] >= 1 and figures["iterations_mean"] > 0  # it really searched
    assert 0 < figures["searched_iterations_min"] <= figures["searched_iterations_mean"]
    assert figures["searched_iterations_mean"] >= figures["iterations_mean"]
    assert 0 < figures["seconds_mean"] <= figures["seconds_max"]
    assert done.stdout.startswith("hard: 3 decisions of a medium game (seed 2)")
    nothing = cli("search", "--decisions", "0")
    assert nothing.returncode == 2 and "no decision was timed" in nothing.stdout


def test_tournament_league_prints_its_table_and_resumes_from_its_file(tmp_path: Path) -> None:
    out = tmp_path / "league.jsonl"
    args = ("tournament", "--league", "--levels", "random,easy", "--games", "2",
            "--seed", "3", "--out", str(out))
    first = cli(*args)
    assert first.returncode == 0
    assert "| easy vs random | 2 |" in first.stdout
    assert "| random vs random (seat balance) | 2 |" in first.stdout
    assert len(out.read_text().splitlines()) == 6  # three matches of two games
    again = cli(*args)
    assert again.stdout.splitlines()[:5] == first.stdout.splitlines()[:5]
    assert len(out.read_text().splitlines()) == 6  # nothing played twice
    assert cli("tournament", "--league", "--levels", "genius").returncode == 2
