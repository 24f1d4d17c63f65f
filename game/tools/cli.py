"""``python -m game``: simulate random games, benchmark the engine, or play in a terminal."""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from ..core.errors import IllegalAction
from ..core.events import (
    Event,
    Explosion,
    GameOver,
    LaunchDelayed,
    ManeuverObstructed,
    ManeuverWon,
    MissionSuccess,
    RiskRolled,
    event_to_plain,
)
from ..core.names import Seat
from ..core.plain import to_plain
from ..engine import Game, new_game
from ..rules.odds import launch_odds
from ..rules.terms import ENGINEER, RULESETS, nation_of
from .simulate import play_random, random_step, simulate


def _print_summary(summary: dict[str, Any], out: TextIO) -> None:
    print(f"games {summary['games']} ({summary['players']} players, {summary['ruleset']}), "
          f"finished {summary['finished']}, unfinished {summary['unfinished']}", file=out)
    print(f"winners: {summary['winners']}", file=out)
    print(f"end reasons: {summary['end_reasons']}", file=out)
    r = summary["rounds"]
    print(f"rounds: median {r['median']}, min {r['min']}, max {r['max']}", file=out)
    print(f"missions completed by level: {summary['missions_by_level']}", file=out)
    print(f"actions {summary['actions']} in {summary['seconds']} s = "
          f"{summary['actions_per_s']} actions/s", file=out)


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    summary = simulate(args.games, args.seed, args.players, args.ruleset, args.max_rounds)
    _print_summary(summary, out)
    if args.json:
        print(json.dumps(summary, sort_keys=True), file=out)
    return 0 if summary["unfinished"] == 0 else 1


def _timed(repeat: int, fn: Callable[[], object]) -> float:
    """Best-of-three mean seconds per call."""
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, (time.perf_counter() - started) / repeat)
    return best


def cmd_bench(args: argparse.Namespace, out: TextIO) -> int:
    started = time.perf_counter()
    actions = 0
    for i in range(args.games):
        outcome = play_random(new_game(args.seed + i, ruleset=args.ruleset),
                              random.Random(args.seed + i), 500)
        actions += outcome.actions
    seconds = time.perf_counter() - started
    # A position with a placement pending (the widest choice) for the per-operation figures.
    game = new_game(args.seed, ruleset=args.ruleset)
    rng = random.Random(args.seed)
    while not any(n.pending and n.pending[0] == "place" for n in game.state.nations.values()):
        random_step(game, rng)
        if game.is_over:
            game, rng = new_game(rng.randrange(1 << 30), ruleset=args.ruleset), rng
    seat = next(ENGINEER[name] for name, n in game.state.nations.items()
                if n.pending and n.pending[0] == "place")
    text = game.to_json()

    def legal() -> object:
        game.forget_cache()
        return game.legal_actions(seat)

    from ..save import load

    view = game.view(seat)
    figures = {
        "games": args.games, "actions": actions, "seconds": round(seconds, 3),
        "actions_per_s": round(actions / seconds),
        "games_per_s": round(args.games / seconds, 2),
        "clone_us": round(_timed(2000, game.clone) * 1e6, 2),
        "legal_actions_us": round(_timed(2000, legal) * 1e6, 2),
        "view_us": round(_timed(200, lambda: game.view(seat)) * 1e6, 1),
        # what the online host sends each seat and the page hands the AI's worker
        "view_to_plain_us": round(_timed(200, lambda: to_plain(view)) * 1e6, 1),
        "to_json_us": round(_timed(200, game.to_json) * 1e6, 1),
        "load_ms": round(_timed(5, lambda: load(text)) * 1e3, 2),
        "load_log_length": game.log_size,
        "legal_actions_count": len(game.legal_actions(seat)),
        "python": sys.version.split()[0],
    }
    print(f"{figures['actions_per_s']} actions/s, {figures['games_per_s']} games/s "
          f"({actions} actions in {args.games} random games, one core)", file=out)
    print(f"clone {figures['clone_us']} us, legal_actions {figures['legal_actions_us']} us, "
          f"view {figures['view_us']} us (to plain data {figures['view_to_plain_us']} us), "
          f"to_json {figures['to_json_us']} us, "
          f"load {figures['load_ms']} ms ({figures['load_log_length']} logged actions)", file=out)
    if args.json:
        print(json.dumps(figures, sort_keys=True), file=out)
    return 0


def cmd_search(args: argparse.Namespace, out: TextIO) -> int:
    """How much the hard level searches per decision at its default (browser) budget."""
    from ..ai import get_ai
    from ..ai.base import Stats
    from .tournament import medium_moves

    taken: list[Stats] = []
    for step, (game, seat, legal, _move) in enumerate(medium_moves(args.seed)):
        if len(taken) == args.decisions:
            break
        if len(legal) > 1 and step % args.every == 0:
            hard = get_ai("hard")
            hard.choose(game.view(seat), legal, random.Random(step))
            taken.append(hard.last_stats)
    if not taken:
        print("search: no decision was timed (fewer decisions, or a smaller --every)",
              file=out)
        return 2
    iterations = [stats.iterations for stats in taken]
    seconds = [stats.seconds for stats in taken]
    searched = [n for n in iterations if n]  # a decision with one sensible move is not searched
    figures = {
        "decisions": len(taken), "searched": len(searched),
        "iterations_mean": round(sum(iterations) / len(taken), 1),
        "iterations_min": min(iterations),
        "searched_iterations_mean": round(sum(searched) / len(searched), 1) if searched else 0,
        "searched_iterations_min": min(searched, default=0),
        "seconds_mean": round(sum(seconds) / len(taken), 3),
        "seconds_max": round(max(seconds), 3),
        "iterations_per_s": round(sum(iterations) / sum(seconds)),
        "python": sys.version.split()[0],
    }
    print(f"hard: {figures['decisions']} decisions of a medium game (seed {args.seed}), "
          f"{figures['searched']} searched with {figures['searched_iterations_mean']} "
          f"iterations each on average (fewest {figures['searched_iterations_min']}); "
          f"{figures['seconds_mean']} s a decision (longest {figures['seconds_max']} s), "
          f"{figures['iterations_per_s']} iterations/s", file=out)
    if args.json:
        print(json.dumps(figures, sort_keys=True), file=out)
    return 0


def _status(game: Game, seat: Seat) -> str:
    view = game.view(seat)
    usa, ussr = view.nations["USA"], view.nations["USSR"]
    nation = view.nations[nation_of(seat)]
    params = nation.parameters
    hand = [card.id for card in nation.hand or ()]
    lines = [f"Round {view.round}, {view.phase} - {seat} to act",
             f"  Popularity USA {usa.popularity} / USSR {ussr.popularity}; "
             f"Budget USA {usa.budget} / USSR {ussr.budget}",
             f"  Your money {nation.money}, rocket S{params.S} E{params.E} "
             f"C{params.C} A{params.adapt}, hand {hand}"]
    for mission in view.missions:
        lines.append(f"  Mission {mission.name} (level {mission.level}, "
                     f"payload {mission.payload})")
    return "\n".join(lines)


# The events the terminal game prints after a move: the ones that decide how it goes.
_TOLD: tuple[type[Event], ...] = (RiskRolled, Explosion, MissionSuccess, LaunchDelayed,
                                  GameOver, ManeuverWon, ManeuverObstructed)


def cmd_play(args: argparse.Namespace, out: TextIO, ask: Callable[[str], str]) -> int:
    """Two humans at one terminal: each holds a whole nation; numbered legal actions."""
    game = new_game(args.seed, ruleset=args.ruleset)
    at_screen: str | None = None
    while not game.is_over:
        seat = game.to_act()[0]
        nation = nation_of(seat)
        if nation != at_screen:
            ask(f"\n--- Pass to the {nation} player and press Enter ---")
            at_screen = nation
        print(_status(game, seat), file=out)
        options = game.legal_actions(seat)
        for number, action in enumerate(options, start=1):
            extra = ""
            if action.kind == "launch":
                odds = launch_odds(game, nation, action.to_dict()["mission"])
                extra = f"  [{odds:.0%} success]"
            print(f"  {number:3}. {action.describe()}{extra}", file=out)
        answer = ask("Choose a number (q quits): ").strip()
        if answer.lower() == "q":
            return 0
        try:
            choice = options[int(answer) - 1]
            if int(answer) < 1:
                raise ValueError
            for event in game.apply(seat, choice):
                if isinstance(event, _TOLD):
                    fields = {k: v for k, v in event_to_plain(event).items() if k != "type"}
                    print("   ", fields, event.kind, file=out)
        except (ValueError, IndexError):
            print("Please type one of the numbers shown.", file=out)
        except IllegalAction as exc:
            print(exc, file=out)
    print(f"Game over: {game.winner} wins ({game.end_reason}) in round {game.round}.",
          file=out)
    return 0


def cmd_tournament(args: argparse.Namespace, out: TextIO) -> int:
    """Computer players against each other, nations swapped every other game."""
    from .tournament import run_tournament

    if args.league:
        return cmd_league(args, out)
    if args.a is None or args.b is None:
        print("tournament: --a and --b are required (or --league)", file=out)
        return 2
    try:
        summary = run_tournament(args.a, args.b, args.games, args.seed, players=args.players,
                                 ruleset=args.ruleset, iterations=args.iterations,
                                 seconds=args.seconds, jobs=args.jobs, out=args.out)
    except RuntimeError as exc:  # an OpenSpiel bot without OpenSpiel installed
        print(f"tournament: {exc}", file=out)
        return 2
    low, high = summary["ci95"]
    print(f"{summary['a']} (a) vs {summary['b']} (b): {summary['games']} games "
          f"({args.players} players, {args.ruleset})", file=out)
    print(f"a wins {summary['a_wins']}, b wins {summary['b_wins']}, unfinished "
          f"{summary['unfinished']}; a win rate {summary['a_win_rate']:.1%} "
          f"(95% CI {low:.1%}-{high:.1%}, Wilson)", file=out)
    print(f"wins by nation: {summary['nation_wins']}", file=out)
    r = summary["rounds"]
    print(f"rounds: mean {r['mean']}, median {r['median']}, min {r['min']}, max {r['max']}",
          file=out)
    print(f"end reasons: {summary['end_reasons']}", file=out)
    print(f"missions completed by level: {summary['missions_by_level']}; games with a "
          f"completion at each level: {summary['games_with_level']}", file=out)
    t = summary["seconds_per_decision"]
    it = summary["iterations_per_decision"]
    print(f"time per decision: a {t['a'] * 1000:.1f} ms, b {t['b'] * 1000:.1f} ms; "
          f"search iterations per decision: a {it['a']}, b {it['b']}; "
          f"wall {summary['seconds']} s", file=out)
    if args.json:
        print(json.dumps(summary, sort_keys=True), file=out)
    return 0


def cmd_league(args: argparse.Namespace, out: TextIO) -> int:
    """Every level against every other and itself, as a Markdown table."""
    from ..ai import LEVELS
    from .league import league, table

    levels = tuple(args.levels.split(","))
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        print(f"tournament: unknown level(s) {', '.join(unknown)}; choose from "
              f"{', '.join(LEVELS)}", file=out)
        return 2
    started = time.perf_counter()
    summaries = league(args.games, args.seed, levels=levels, jobs=args.jobs,
                       players=args.players, ruleset=args.ruleset,
                       iterations=args.iterations, seconds=args.seconds, out=args.out)
    print(table(summaries), file=out)
    print(f"{args.games} games per match, seeds {args.seed}-{args.seed + args.games - 1}; "
          f"wall {time.perf_counter() - started:.0f} s", file=out)
    if args.json:
        print(json.dumps(summaries, sort_keys=True), file=out)
    return 0


def cmd_fit_value(args: argparse.Namespace, out: TextIO) -> int:
    """Fit the position value's weights to medium-vs-medium games and write value.toml."""
    from ..ai.value import FEATURES, WEIGHTS_FILE, fit
    from .calibration import training_samples

    started = time.perf_counter()
    samples = training_samples(args.games, args.seed)
    fitted = fit(samples, ridge=args.ridge)
    lines = ["# The position value's weights (game/ai/value.py), one per feature. Written by",
             f"# python -m game fit-value --games {args.games} --seed {args.seed} "
             f"--ridge {args.ridge}",
             f"# from {len(samples) // 2} positions (each counted for both nations).",
             "", "[weights]"]
    lines += [f"{name} = {w:.6f}" for name, w in zip(FEATURES, fitted, strict=True)]
    WEIGHTS_FILE.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines[4:]), file=out)
    print(f"{len(samples) // 2} positions from {args.games} games in "
          f"{time.perf_counter() - started:.1f} s -> {WEIGHTS_FILE}", file=out)
    return 0


def cmd_calibrate(args: argparse.Namespace, out: TextIO) -> int:
    """How well the win probability matches what happened, in deciles."""
    from .calibration import calibration

    started = time.perf_counter()
    table = calibration(args.games, args.seed, samples=args.samples, steps=args.steps,
                        jobs=args.jobs)
    print(f"{table['positions']} positions (start of Politics and of the launches, spectator "
          f"view) in {table['games']} medium-vs-medium games from seed {table['seed']}; "
          f"{table['samples']} samples x {table['steps']} moves each; Brier score "
          f"{table['brier']}; {time.perf_counter() - started:.0f} s", file=out)
    print("| estimate for the USA | positions | mean estimate | USA won |", file=out)
    print("|---|---|---|---|", file=out)
    for row in table["deciles"]:
        mean = "-" if row["mean_estimate"] is None else f"{row['mean_estimate']:.1%}"
        won = "-" if row["usa_won"] is None else f"{row['usa_won']:.1%}"
        print(f"| {row['range']} | {row['positions']} | {mean} | {won} |", file=out)
    if args.json:
        print(json.dumps(table, sort_keys=True), file=out)
    return 0


def cmd_variant(args: argparse.Namespace, out: TextIO) -> int:
    """Check variant files: each one's changes, or why it cannot be played."""
    from .variant import VariantError, read_variant

    refused = 0
    for path in args.files:
        try:
            v = read_variant(path)
        except VariantError as exc:
            refused += 1
            print(f"refused: {exc}", file=out)
            continue
        print(f"{v.name}: {v.title} (ruleset {v.ruleset})", file=out)
        for change in v.changes or ("no change: the rules as they are (an A/A control)",):
            print(f"  {change}", file=out)
    return 1 if refused else 0


def cmd_lab(args: argparse.Namespace, out: TextIO) -> int:
    from .lab import Progress, run_lab, text_report
    from .variant import VariantError

    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    runner = None
    if args.cluster:
        from .cluster import dask_runner

        runner = dask_runner(args.cluster)
    try:
        report = run_lab(args.variants, args.games, levels, seed=args.seed, jobs=args.jobs,
                         out=args.out, ruleset=args.ruleset, runner=runner, progress=Progress(
                             lambda line: print(line, file=sys.stderr, flush=True)))
    except (VariantError, ValueError, RuntimeError) as exc:
        print(f"lab: {exc}", file=out)
        return 2
    print(text_report(report), file=out)
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
        print(f"lab: the report is in {args.json}", file=out)
    return 0


def main(argv: Sequence[str] | None = None, out: TextIO | None = None,
         ask: Callable[[str], str] = input) -> int:
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m game",
                                     description="Moonshot rules engine tools")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random games and summarise them")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    sim.add_argument("--ruleset", choices=RULESETS, default="v0.10.4")
    sim.add_argument("--max-rounds", type=int, default=500,
                     help="safety limit; games past it are reported as unfinished")
    sim.add_argument("--json", action="store_true", help="end with one JSON summary line")
    bench = sub.add_parser("bench", help="engine speed on one core")
    bench.add_argument("--games", type=int, default=300)
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--ruleset", choices=RULESETS, default="v0.10.4")
    bench.add_argument("--json", action="store_true")
    search = sub.add_parser("search", help="the hard level's search per decision")
    search.add_argument("--decisions", type=int, default=30)
    search.add_argument("--every", type=int, default=7, help="time every n-th decision")
    search.add_argument("--seed", type=int, default=1)
    search.add_argument("--json", action="store_true")
    play = sub.add_parser("play", help="a terminal game for two humans")
    play.add_argument("--seed", type=int, default=random.randrange(1 << 30))
    play.add_argument("--ruleset", choices=RULESETS, default="v0.10.4")
    tour = sub.add_parser("tournament", help="computer players against each other")
    from ..ai import LEVELS as levels
    from ..ai.montecarlo import DEFAULT_SECONDS
    from ..ai.winprob import SAMPLES, STEPS
    from .tournament import OPENSPIEL_BOTS

    tour.add_argument("--a", choices=(*levels, *OPENSPIEL_BOTS),
                      help="a player: an AI level or an OpenSpiel bot (the lab extra)")
    tour.add_argument("--b", choices=(*levels, *OPENSPIEL_BOTS))
    tour.add_argument("--league", action="store_true",
                      help="every level against every other and itself (seat balance)")
    tour.add_argument("--levels", default=",".join(levels),
                      help="the levels in the league, comma-separated")
    tour.add_argument("--out", type=Path, default=None,
                      help="append each game to this JSON-lines file; games already in it "
                           "are not played again")
    tour.add_argument("--games", type=int, default=20)
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--iterations", type=int, default=None,
                      help="cap on the hard level's search iterations per decision")
    tour.add_argument("--seconds", type=float, default=None,
                      help=f"time limit per hard decision (default {DEFAULT_SECONDS} s, the "
                           "browser's, without --iterations)")
    tour.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    tour.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    tour.add_argument("--ruleset", choices=RULESETS, default="v0.10.4")
    tour.add_argument("--json", action="store_true", help="end with one JSON summary line")
    value = sub.add_parser("fit-value", help="fit the position value to medium games")
    value.add_argument("--games", type=int, default=400)
    value.add_argument("--seed", type=int, default=100_000)
    value.add_argument("--ridge", type=float, default=1.0)
    cal = sub.add_parser("calibrate", help="win probability against real outcomes")
    cal.add_argument("--games", type=int, default=500)
    cal.add_argument("--seed", type=int, default=1)
    cal.add_argument("--samples", type=int, default=SAMPLES,
                     help="determinizations per estimate")
    cal.add_argument("--steps", type=int, default=STEPS, help="moves simulated from each")
    cal.add_argument("--jobs", type=int, default=1, help="games scored in parallel")
    cal.add_argument("--json", action="store_true")
    variant = sub.add_parser("variant", help="check rule variant files (TOML)")
    variant.add_argument("files", type=Path, nargs="+")
    lab = sub.add_parser("lab", help="rule variants judged by games between AIs")
    lab.add_argument("variants", type=Path, nargs="*",
                     help="variant files (TOML); the base rules are always played too")
    lab.add_argument("--games", type=int, default=200, help="games of each variant")
    lab.add_argument("--levels", default="medium",
                     help="AI levels, comma-separated: every pairing, both nations")
    lab.add_argument("--seed", type=int, default=1)
    lab.add_argument("--ruleset", choices=RULESETS, default=None,
                     help="the ruleset of a run (default: the variants', else v0.10.4)")
    cores = (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")  # not macOS
             else os.cpu_count() or 1)
    lab.add_argument("--jobs", type=int, default=cores,
                     help="games played in parallel (default: every core)")
    lab.add_argument("--out", type=Path, default=None,
                     help="append each game to this JSON-lines file; games already in it "
                          "are not played again (stop and resume a sweep)")
    lab.add_argument("--json", type=Path, default=None, help="write the report here (JSON)")
    lab.add_argument("--cluster", default=None, metavar="ADDRESS",
                     help="play on the Dask cluster whose scheduler is at ADDRESS "
                          "(tcp://host:8786) instead of this machine's cores (--jobs is "
                          "then the cluster's)")
    args = parser.parse_args(argv)
    if args.command == "variant":
        return cmd_variant(args, out)
    if args.command == "lab":
        return cmd_lab(args, out)
    if args.command == "simulate":
        return cmd_simulate(args, out)
    if args.command == "bench":
        return cmd_bench(args, out)
    if args.command == "search":
        return cmd_search(args, out)
    if args.command == "tournament":
        return cmd_tournament(args, out)
    if args.command == "fit-value":
        return cmd_fit_value(args, out)
    if args.command == "calibrate":
        return cmd_calibrate(args, out)
    try:
        return cmd_play(args, out, ask)
    except (EOFError, KeyboardInterrupt):
        print("\nBye.", file=out)
        return 0
