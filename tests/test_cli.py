"""The command line: simulate's summary, bench's figures and a terminal game, as subprocesses."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], input=stdin,
                          capture_output=True, text=True, timeout=300)


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
    done = run("bench", "--games", "10", "--json")
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["actions_per_s"] > 0 and figures["clone_us"] > 0
    assert "actions/s" in done.stdout


def test_play_takes_numbered_choices_and_rejects_nonsense() -> None:
    # Enter at the handover, then a nonsense answer, then option 1 a few times, then quit.
    answers = "\n" + "banana\n" + "1\n" * 6 + "q\n"
    done = run("play", "--seed", "4", stdin=answers)
    assert done.returncode == 0, done.stderr
    assert "Pass to the USSR player" in done.stdout
    assert "Please type one of the numbers shown." in done.stdout
    assert "USSR.politician to act" in done.stdout
    assert "1. Play a Maneuver card" in done.stdout


def test_play_ends_cleanly_when_input_runs_out() -> None:
    done = run("play", "--seed", "4", stdin="\n1\n")
    assert done.returncode == 0 and "Bye." in done.stdout
