"""The balance lab (game.tools.lab): sweeps that resume, reports that count what happened, and
statistics that are honest: an A/A control raises no false alarm beyond its 5%, a planted
imbalance is found. The full-size runs at the Medium level take an hour: --full."""

from __future__ import annotations

import io
import json
import os
import random
from collections.abc import Iterable
from dataclasses import asdict
from pathlib import Path

import pytest

from game.core.content import load_content
from game.engine import new_game
from game.tools.cli import main
from game.tools.lab import (
    DEALS,
    HARD_ITERATIONS,
    LabGame,
    Task,
    compare,
    comparison_line,
    holm,
    league,
    local_runner,
    mcnemar,
    paired_means,
    play,
    player,
    run_lab,
    tasks_for,
    variant_seed,
)
from game.tools.variant import base_variant, parse_variant, read_variant
from tests.scripts import ROOT

VARIANTS = ROOT / "variants"


def write(folder: Path, name: str, body: str) -> Path:
    path = folder / name
    path.write_text(f'[variant]\ntitle = "{name}"\n{body}', encoding="utf-8")
    return path


class Counting:
    """A runner that plays here and remembers which games it was asked for."""

    def __init__(self) -> None:
        self.asked: list[Task] = []

    def __call__(self, tasks: list[Task]) -> Iterable[LabGame]:
        self.asked.extend(tasks)
        return local_runner(1)(tasks)


def without_time(report: dict[str, object]) -> str:
    text = json.dumps(report, sort_keys=True)
    data = json.loads(text)
    data.pop("seconds")
    for v in data["variants"]:
        v["summary"].pop("seconds")
    return json.dumps(data, sort_keys=True)


def test_a_sweep_plays_each_variant_in_the_league_and_counts_what_happened(
    tmp_path: Path,
) -> None:
    swap = write(tmp_path, "swap.toml", '[remove]\ntiles = ["S14"]\n[[add.tiles]]\n'
                 'id = "S15"\ndeck = "S"\ncentre = "S"\nedges = "SS-S"\n')
    report = run_lab([swap], 12, ["random", "medium"], seed=3)
    assert report["levels"] == ["random", "medium"] and report["correction"] == "Holm"
    base, other = report["variants"]
    assert (base["name"], other["name"]) == ("base", "swap")
    assert other["changes"] == ["removed tiles S14", "added tiles S15"]
    for v in (base, other):
        s = v["summary"]
        assert s["games"] == 12
        # every pairing of the league, each nation on each side: 12 games, 3 of each
        assert {pair: rates["USA"]["games"] for pair, rates in s["pairings"].items()} == {
            "medium v medium": 3, "medium v random": 3, "random v medium": 3,
            "random v random": 3}
        usa, ussr = s["nations"]["USA"], s["nations"]["USSR"]
        assert usa["games"] == ussr["games"] == 12
        assert usa["wins"] + ussr["wins"] + s["unfinished"] == 12
        assert sum(s["end_reasons"].values()) == 12
        assert s["launches"]["success"]["wins"] <= s["launches"]["success"]["games"]
        # a Maneuver is played in most games, each nation's share counted apart
        assert max(e["share"] for e in s["used"]["maneuvers"].values()) > 0.5
    # the usage counts list each variant's own cards
    assert "S14" in base["summary"]["used"]["tiles"] and "S15" not in base["summary"]["used"][
        "tiles"]
    assert "S15" in other["summary"]["used"]["tiles"] and "S14" not in other["summary"][
        "used"]["tiles"]
    assert len(other["against_base"]) == 3
    assert all({"measure", "test", "difference", "p", "significant"} <= set(c)
               for c in other["against_base"])
    assert load_content().board.costs["research"] == 10  # the rules in force again


def test_a_sweep_stopped_and_resumed_plays_only_what_is_missing_and_says_the_same(
    tmp_path: Path,
) -> None:
    cheaper = VARIANTS / "cheaper-research.toml"
    whole = run_lab([cheaper], 8, ["random"], seed=5)
    out = tmp_path / "games.jsonl"
    first = Counting()
    run_lab([cheaper], 8, ["random"], seed=5, out=out, runner=first)
    assert len(first.asked) == 16 and len(out.read_text().splitlines()) == 16
    # stopped: the last three games lost, one of them cut in the middle of its line
    lines = out.read_text().splitlines()
    out.write_text("\n".join(lines[:13]) + "\n" + lines[13][:40], encoding="utf-8")
    again = Counting()
    resumed = run_lab([cheaper], 8, ["random"], seed=5, out=out, runner=again)
    assert sorted(t.key for t in again.asked) == sorted(
        LabGame(**json.loads(line)).key for line in lines[13:])
    assert without_time(resumed) == without_time(whole)
    # nothing left to play
    done = Counting()
    run_lab([cheaper], 8, ["random"], seed=5, out=out, runner=done)
    assert done.asked == []


def test_two_processes_play_the_same_games_as_one() -> None:
    head = VARIANTS / "ussr-head-start.toml"
    alone = run_lab([head], 6, ["random"], seed=9, jobs=1)
    two = run_lab([head], 6, ["random"], seed=9, jobs=2)
    assert without_time(two) == without_time(alone)


def test_variants_play_the_base_s_games_and_a_control_its_own() -> None:
    base, same = base_variant(), parse_variant('[variant]\ntitle = "A/A"\n', "same.toml")
    cheaper = read_variant(VARIANTS / "cheaper-research.toml")
    tasks = tasks_for([base, same, cheaper], 3, 1, ["easy", "hard"])
    # interleaved: a sweep stopped half-way has played as much of each variant
    assert [t.variant for t in tasks] == ["base", "same", "cheaper-research"] * 3
    bases, controls, changed = tasks[::3], tasks[1::3], tasks[2::3]
    # game i of each variant: the base's deal and levels (a pair) ...
    assert [t.seed for t in bases] == [variant_seed(1, DEALS) + i for i in range(3)]
    for other in (controls, changed):
        assert [(t.seed, t.usa, t.ussr) for t in other] == [(t.seed, t.usa, t.ussr)
                                                             for t in bases]
    # ... and its players' seed, but for the control, which would replay the base's games
    assert [t.play for t in changed] == [t.play for t in bases]
    assert [t.play for t in controls] == [variant_seed(1, "same") + i for i in range(3)]
    assert {t.play for t in controls}.isdisjoint(t.play for t in bases)
    # a control named like the deals' stream still plays its own seeds
    deals = parse_variant('[variant]\ntitle = "A/A"\n', "deals.toml")
    assert {t.play for t in tasks_for([base, deals], 3, 1, ["easy"])[1::2]}.isdisjoint(
        t.play for t in bases)
    assert [(t.usa, t.ussr) for t in bases] == [("easy", "easy"), ("easy", "hard"),
                                                ("hard", "easy")]
    assert league(["a", "b"]) == [("a", "a"), ("a", "b"), ("b", "a"), ("b", "b")]


def test_a_variant_that_changes_nothing_plays_the_bases_games_move_for_move() -> None:
    """What makes the A/A control's differences chance alone: on the same seeds, the rules
    again play the very same games."""
    base, path = base_variant(), VARIANTS / "same-rules.toml"
    same = read_variant(path)
    for usa, ussr in (("random", "medium"), ("medium", "medium")):
        one = play(Task("base", base.digest, "", base.ruleset, 11, 12, usa, ussr))
        two = play(Task(same.name, same.digest, same.text, same.ruleset, 11, 12, usa, ussr))
        assert two.variant == "same-rules" and one.winner is not None
        assert {**asdict(one), "seconds": 0} == {**asdict(two), "seconds": 0, "variant": "base",
                                                 "digest": base.digest}


def test_the_lab_s_hard_player_searches_iterations_not_seconds() -> None:
    """A game of the lab must not depend on the machine's load: the Hard level, which
    otherwise searches for 1.4 s, searches a fixed number of iterations."""
    g = new_game(4)
    seat = g.to_act()[0]
    moves = set()
    for _ in range(2):
        hard = player("hard")
        moves.add((hard.choose(g.view(seat), g.legal_actions(seat), random.Random(4)),
                   hard.last_stats.iterations))
    assert len(moves) == 1 and 0 < moves.pop()[1] <= HARD_ITERATIONS


def test_a_run_is_one_ruleset_against_the_base_under_it(tmp_path: Path) -> None:
    preview = write(tmp_path, "p.toml", 'ruleset = "preview"\n[board.costs]\nresearch = 8\n')
    with pytest.raises(ValueError, match=r"played under preview, v0.10.4: one ruleset a run"):
        run_lab([preview, VARIANTS / "cheaper-research.toml"], 2, ["random"])
    report = run_lab([preview], 2, ["random"])
    assert [v["ruleset"] for v in report["variants"]] == ["preview", "preview"]


def test_the_tests_give_the_textbook_answers() -> None:
    # McNemar: 2 pairs one way, 10 the other: 2 * (1 + 12 + 66) / 2**12 = 0.0386
    assert mcnemar(2, 10) == pytest.approx(158 / 4096)
    assert mcnemar(10, 2) == mcnemar(2, 10)
    assert mcnemar(5, 5) == mcnemar(0, 0) == 1.0
    assert mcnemar(1_000, 1_200) == pytest.approx(2.18e-5, rel=0.01)  # as scipy's binomtest
    # differences 1, -1, 2, 0 (x10): mean 0.5, sd 1.1323, se 0.1790, z 2.79, p 0.0052
    diff, p = paired_means([1.0, -1.0, 2.0, 0.0] * 10)
    assert diff == pytest.approx(0.5) and p == pytest.approx(0.00523, rel=0.01)
    assert paired_means([1.0] * 30) == (1.0, 0.0)  # every pair alike: certain
    assert paired_means([0.0] * 30) == (0.0, 1.0)
    # Holm: 0.01 <= 0.05/3, 0.02 <= 0.05/2, 0.04 <= 0.05/1: all three; with 0.03 second
    # (0.03 > 0.025) it and everything after it are not
    found = [{"p": 0.04}, {"p": 0.01}, {"p": 0.02}]
    holm(found)
    assert [c["significant"] for c in found] == [True, True, True]
    found = [{"p": 0.04}, {"p": 0.01}, {"p": 0.03}]
    holm(found)
    assert [c["significant"] for c in found] == [False, True, False]


def _game(variant: str, seed: int, winner: str, rounds: int, moon: bool) -> LabGame:
    return LabGame(variant, "d", seed, seed + 1, {"USA": "medium", "USSR": "medium"}, winner,
                   "moon_landing" if moon else "popularity", rounds, {}, {}, {})


def test_variants_are_compared_deal_by_deal() -> None:
    """The pairs are the games of one deal and levels; only the pairs that differ count."""
    base = [_game("base", i, "USSR" if i < 20 else "USA", 10, i < 30) for i in range(40)]
    # the same deals: 8 of the base's USA wins now the USSR's, 1 the other way; one round
    # longer each; the Moon reached in the same games; and a game with no pair (ignored)
    other = [_game("v", i, "USSR" if i < 19 or 20 <= i < 28 else "USA", 11, i < 30)
             for i in range(40)] + [_game("v", 99, "USSR", 30, True)]
    wins, rounds, moon = compare(base, other)
    assert wins["pairs"] == 40
    assert wins["difference"] == pytest.approx(7 / 40)
    assert wins["p"] == pytest.approx(mcnemar(1, 8), abs=1e-6) and wins["p"] < 0.05
    assert (rounds["difference"], rounds["p"]) == (1.0, 0.0)
    assert (moon["difference"], moon["p"]) == (0.0, 1.0)


def significant(report: dict[str, object]) -> list[str]:
    variants = report["variants"]
    assert isinstance(variants, list)
    return [c["measure"] for v in variants for c in v.get("against_base", [])
            if c["significant"]]


@pytest.mark.no_cover  # 2,400 games: what they run, the lab's other tests cover
def test_an_a_a_control_raises_no_false_alarm_in_19_of_20_runs() -> None:
    """The rules against themselves under other seeds, 20 runs of 60 games a side at the
    Random level (fast): significant differences in at most one run."""
    alarms = []
    for seed in range(1, 21):
        # in this process: a pool of two costs more CPU than its games (2.5 s a run over two
        # cores against 3.5 s on one), and the unit run keeps both cores busy already (the
        # same games either way: test_two_processes_play_the_same_games_as_one)
        report = run_lab([VARIANTS / "same-rules.toml"], 60, ["random"], seed=seed, jobs=1)
        if significant(report):
            alarms.append((seed, significant(report)))
    print(f"A/A at Random, 20 runs of 60 games a side: false alarms {alarms}")
    assert len(alarms) <= 1, alarms


def test_a_planted_imbalance_is_found(tmp_path: Path) -> None:
    """At the Random level games end by Popularity within two rounds: a USA starting with
    2 Popularity instead of 10 is a plain imbalance, found in 100 games a side (the
    Medium-level one, 5 Money, needs thousands of games: --full)."""
    down = write(tmp_path, "usa-down.toml", "[board.handicap.USA]\npopularity = -8\n")
    report = run_lab([down], 100, ["random"], seed=1, jobs=1)  # (as the A/A control's)
    found = report["variants"][1]["against_base"][0]
    print(f"USA -8 Popularity at Random, 100 games a side: {found}")
    assert found["measure"] == "USSR win rate" and found["significant"]
    assert found["difference"] > 0.15


def test_the_command_line_checks_variants_and_runs_the_lab(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    bad = write(tmp_path, "bad.toml", "[board.costs]\nresearch = -1\n")
    out = io.StringIO()
    assert main(["variant", str(VARIANTS / "cheaper-research.toml"), str(bad)], out) == 1
    text = out.getvalue()
    assert "cheaper-research: Research costs 8 (ruleset v0.10.4)" in text
    assert "board.costs.research: 10 -> 8" in text
    assert "refused: bad.toml: the content it makes is not valid" in text
    out = io.StringIO()
    report = tmp_path / "report.json"
    assert main(["lab", str(VARIANTS / "cheaper-research.toml"), "--games", "4", "--levels",
                 "random", "--jobs", "1", "--json", str(report)], out) == 0
    text = out.getvalue()
    assert "base: The rules as they are (4 games)" in text and "vs base: USSR win rate" in text
    data = json.loads(report.read_text())
    assert [v["name"] for v in data["variants"]] == ["base", "cheaper-research"]
    assert "lab: 8/8 games" in capsys.readouterr().err
    out = io.StringIO()
    assert main(["lab", "--levels", "genius"], out) == 2
    assert "levels are some of random, easy, medium, hard, ismcts, mcts (not genius)" \
        in out.getvalue()


@pytest.mark.full
def test_full_size_a_a_at_medium_raises_no_false_alarm_in_19_of_20_runs() -> None:
    alarms = []
    for seed in range(1, 21):
        report = run_lab([VARIANTS / "same-rules.toml"], 400, ["medium"], seed=seed,
                         jobs=os.cpu_count() or 2)
        # Each run takes about four minutes: its figures are printed as it ends.
        print(f"run {seed}: " + "; ".join(map(comparison_line,
                                              report["variants"][1]["against_base"])),
              flush=True)
        if found := significant(report):
            alarms.append((seed, found))
    print(f"A/A at Medium, 20 runs of 400 games a side: false alarms {alarms}")
    assert len(alarms) <= 1, alarms


@pytest.mark.full
def test_full_size_the_ussr_head_start_of_5_money_is_found_at_medium() -> None:
    report = run_lab([VARIANTS / "ussr-head-start.toml"], 5000, ["medium"], seed=1,
                     jobs=os.cpu_count() or 2)
    found = report["variants"][1]["against_base"][0]
    print(f"USSR +5 Money at Medium, 5,000 games a side: {comparison_line(found)}")
    assert found["significant"] and found["difference"] > 0
