"""The balance lab (``python -m game lab``): rule variants judged by many games between AIs.

Each variant (``game.tools.variant``; the base rules always among them) plays ``games``
games, the AI levels of a league dealt in turn to the USA and the USSR (every ordered pair
of the levels asked for: both nations play each pairing). Game ``i`` of every variant is
the base's game ``i`` (its deal and its players' seed) under the variant's rules, so the
variants are compared game by game and a change shows in the games it changes; a variant
identical to the base (an A/A control) plays with seeds of its own, or it would replay the
base's games: it is an honest control.

Every finished game is one line of the ``out`` file (JSON), so a sweep can be stopped and
resumed: the games it holds are not played again. :func:`judge` turns the games into the
report: per variant, each nation's and the First Player's win rate with a 95% Wilson
interval, how games end and how long they last, Missions completed by level, launches and
their success, how often each Maneuver, Module and tile is used and how its users fare; and
between each variant and the base, the differences that are significant (paired two-sided
tests at 5%, Holm-corrected over every comparison of the run, the test named with each).
"""

from __future__ import annotations

import hashlib
import math
import random
import statistics
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..ai import LEVELS
from ..ai.base import AI
from ..core.content import load_content, use_content
from ..core.events import ManeuverPlayed, MissionSuccess, ModuleInstalled, TilePlaced, flights
from ..core.names import NATIONS, SEATS, NationId
from ..engine import new_game
from ..rules.terms import nation_of
from .records import append_record, end_cut_line, read_records
from .tournament import OPENSPIEL_BOTS, computer_player, wilson
from .variant import DEFAULT_RULESET, Variant, base_variant, parse_variant, read_variant

ALPHA = 0.05
# The Hard level searches a number of iterations, not a time (its default): a game must be
# the same whatever the machine's load. About what the browser's 1.4 s allow.
HARD_ITERATIONS = 1_000
MAX_ROUNDS = 40  # a game still going then is unfinished (none is, at the AI levels)
USED = ("maneuvers", "modules", "tiles")  # what the report counts the use of


@dataclass(frozen=True)
class Task:
    """One game of a sweep: under which variant, its seed, who plays which nation."""

    variant: str  # the variant's name
    digest: str  # of its file and the engine: a changed file is another variant
    text: str  # its file's text ("" for the base): a worker elsewhere needs no file
    ruleset: str
    seed: int  # the deal's (the decks, the dice)
    play: int  # the players' choices and who moves first when two may
    usa: str  # AI levels
    ussr: str

    @property
    def key(self) -> str:
        return (f"{self.variant}:{self.digest}:{self.seed}:{self.play}:{self.usa}:"
                f"{self.ussr}")


@dataclass
class LabGame:
    """What the report needs of one game."""

    variant: str
    digest: str
    seed: int  # the deal's
    play: int  # the players'
    levels: dict[str, str]  # nation -> AI level
    winner: str | None  # None: unfinished
    end_reason: str | None  # moon_landing, popularity, budget
    rounds: int
    missions: dict[str, list[str]]  # nation -> Missions completed (ids)
    launches: dict[NationId, list[int]]  # nation -> [lift-offs, successes, launches delayed]
    used: dict[str, dict[str, list[str]]]  # nation -> USED kind -> ids (each once)
    seconds: float = 0.0

    @property
    def key(self) -> str:
        return (f"{self.variant}:{self.digest}:{self.seed}:{self.play}:"
                f"{self.levels['USA']}:{self.levels['USSR']}")

    @property
    def pair(self) -> tuple[int, str, str]:
        """What it shares with its pair in another variant: the deal and the levels."""
        return (self.seed, self.levels["USA"], self.levels["USSR"])


def variant_seed(seed: int, name: str) -> int:
    """The first seed of one stream of a run's seeds: of a variant's play (by its name), or
    of the deals (:data:`DEALS`)."""
    return int(hashlib.sha256(f"{seed} {name}".encode()).hexdigest()[:12], 16)


# The stream of the deals' seeds: a name no variant has (a variant's is its file's name,
# which holds no "/"), so no control replays the base's games.
DEALS = "/deals"


def league(levels: list[str]) -> list[tuple[str, str]]:
    """(USA level, USSR level) of every pairing, each nation playing each side."""
    return [(usa, ussr) for usa in levels for ussr in levels]


def tasks_for(variants: list[Variant], games: int, seed: int, levels: list[str]) -> list[Task]:
    """``games`` games of each variant, the league's pairings dealt in turn; the variants
    interleaved, so a sweep stopped half-way has played as much of each.

    Game ``i`` of every variant is game ``i`` of the base (the first variant) under the
    variant's rules: the same deal, levels and play seed (common random numbers: the
    variants are compared game by game, and a change shows in the games it changes, not
    blurred by every game's luck). A variant that changes nothing, a control, would play the
    base's very games: it plays with its own seeds, so an A/A control is other games.
    """
    pairs = league(levels)
    deals = variant_seed(seed, DEALS)
    plays = {v.name: variant_seed(seed, v.name) if i and not v.changes else deals
             for i, v in enumerate(variants)}
    return [Task(v.name, v.digest, v.text, v.ruleset, deals + i, plays[v.name] + i,
                 *pairs[i % len(pairs)])
            for i in range(games) for v in variants]


_VARIANTS: dict[str, Variant] = {}  # read once per process
# One content in force per process: a worker running games on threads plays one at a time.
_PLAYING = threading.Lock()


def _variant_of(task: Task) -> Variant:
    key = f"{task.variant}:{task.digest}"
    if key not in _VARIANTS:
        v = (parse_variant(task.text, f"{task.variant}.toml") if task.text
             else base_variant(task.ruleset))
        if v.digest != task.digest:  # the same text: the engine here is not the sweep's
            raise RuntimeError(f"{task.variant}: this worker's engine or content differs "
                               f"from the one that began the sweep")
        _VARIANTS[key] = v
    return _VARIANTS[key]


def player(level: str) -> AI:
    """A computer player of ``level`` whose moves depend on the game and the seed alone (an
    OpenSpiel bot runs its default number of simulations)."""
    return computer_player(level, iterations=None if level in OPENSPIEL_BOTS
                           else HARD_ITERATIONS)


def play(task: Task) -> LabGame:
    """One game of ``task``, its variant in force (and left in force: the next game is
    likely the same variant's, and a switch empties the engine's caches)."""
    with _PLAYING:
        use_content(_variant_of(task).content)
        return _played(task)


def _played(task: Task) -> LabGame:
    started = time.perf_counter()
    game = new_game(task.seed, ruleset=task.ruleset)
    levels = {"USA": task.usa, "USSR": task.ussr}
    ais = {seat: player(levels[nation_of(seat)]) for seat in SEATS}
    rng = random.Random(task.play)
    used: dict[str, dict[str, set[str]]] = {n: {kind: set() for kind in USED} for n in NATIONS}
    missions: dict[str, list[str]] = {n: [] for n in NATIONS}
    launches = {n: [0, 0, 0] for n in NATIONS}
    while not game.is_over and game.round <= MAX_ROUNDS:
        seat = rng.choice(game.to_act())
        events = game.apply(seat, ais[seat].choose(game.view(seat), game.legal_actions(seat),
                                                   rng))
        for event in events:
            if isinstance(event, ManeuverPlayed):
                used[event.nation]["maneuvers"].add(event.card.split(":", 1)[1])
            elif isinstance(event, ModuleInstalled):
                used[event.nation]["modules"].add(event.module)
            elif isinstance(event, TilePlaced):
                used[event.nation]["tiles"].add(event.tile)
            elif isinstance(event, MissionSuccess):
                missions[event.nation].append(event.mission)
        for flight in flights(events):
            counts = launches[flight.nation]
            counts[0] += flight.outcome != "delayed"
            counts[1] += flight.outcome == "success"
            counts[2] += flight.outcome == "delayed"
    return LabGame(task.variant, task.digest, task.seed, task.play, levels,
                   game.winner if game.is_over else None,
                   game.end_reason if game.is_over else None, game.round, missions, launches,
                   {n: {kind: sorted(ids) for kind, ids in kinds.items()}
                    for n, kinds in used.items()},
                   round(time.perf_counter() - started, 3))


def played(out: Path | None) -> dict[str, LabGame]:
    """The games ``out`` already holds, by key (a line cut short by a stop is skipped)."""
    return {g.key: g for g in read_records(out, lambda data: LabGame(**data))}


Runner = Callable[[list[Task]], Iterable[LabGame]]


def local_runner(jobs: int) -> Runner:
    """Games played here, ``jobs`` processes at a time (1: in this process)."""
    def run(tasks: list[Task]) -> Iterable[LabGame]:
        if jobs <= 1 or len(tasks) <= 1:
            yield from (play(t) for t in tasks)
            return
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            yield from pool.imap_unordered(play, tasks, chunksize=4)
    return run


def sweep(tasks: list[Task], run: Runner, out: Path | None = None,
          progress: Callable[[int, int], None] | None = None) -> list[LabGame]:
    """Every task's game, in the tasks' order: those ``out`` holds, the rest played by
    ``run`` and appended to ``out`` as each ends."""
    results = played(out)
    todo = [t for t in tasks if t.key not in results]
    done = len(tasks) - len(todo)
    if out is not None and todo:
        end_cut_line(out)
    if progress is not None:
        progress(done, len(tasks))
    for g in run(todo):
        results[g.key] = g
        done += 1
        if out is not None:
            append_record(out, asdict(g))
        if progress is not None:
            progress(done, len(tasks))
    return [results[t.key] for t in tasks]


# ---------------------------------------------------------------------------- the report


def rate(wins: int, n: int) -> dict[str, Any]:
    low, high = wilson(wins, n)
    return {"wins": wins, "games": n, "rate": round(wins / n, 4) if n else 0.0,
            "ci95": [round(low, 4), round(high, 4)]}


def summary(games: list[LabGame]) -> dict[str, Any]:
    """One variant's games, summarised."""
    n = len(games)
    finished = [g for g in games if g.winner is not None]
    rounds = [g.rounds for g in finished]
    nation_wins = {nation: rate(sum(g.winner == nation for g in games), n) for nation in NATIONS}
    by_level: Counter[int] = Counter()
    missions = load_content().missions
    for g in games:
        by_level.update(missions[m].level for ids in g.missions.values() for m in ids
                        if m in missions)
    lifted, succeeded, delayed = (sum(g.launches[nation][i] for g in games for nation in NATIONS)
                                  for i in range(3))
    pairings: dict[str, list[LabGame]] = {}
    for g in games:
        pairings.setdefault(f"{g.levels['USA']} v {g.levels['USSR']}", []).append(g)
    return {
        "games": n,
        "unfinished": n - len(finished),
        "nations": nation_wins,
        "pairings": {pair: {nation: rate(sum(g.winner == nation for g in gs), len(gs))
                            for nation in NATIONS} for pair, gs in sorted(pairings.items())},
        "end_reasons": dict(sorted(Counter(g.end_reason or "unfinished"
                                           for g in games).items())),
        "rounds": {"mean": round(statistics.fmean(rounds), 3) if rounds else 0.0,
                   "sd": round(statistics.stdev(rounds), 3) if len(rounds) > 1 else 0.0,
                   "median": statistics.median(rounds) if rounds else 0,
                   "min": min(rounds, default=0), "max": max(rounds, default=0),
                   # finished games by the round they ended in
                   "ended_in": {str(r): count for r, count in sorted(Counter(rounds).items())}},
        "missions_per_game": {str(lv): round(by_level[lv] / n, 4) if n else 0.0
                              for lv in range(5)},
        "launches": {"per_game": round(lifted / n, 3) if n else 0.0,
                     "success": rate(succeeded, lifted),
                     "delayed_per_game": round(delayed / n, 3) if n else 0.0},
        "used": _usage(games),
        "seconds": round(sum(g.seconds for g in games), 1),
    }


def _usage(games: list[LabGame]) -> dict[str, dict[str, dict[str, Any]]]:
    """Per kind and id: in what share of a nation's games it was used, and that nation's
    win rate with it and without it."""
    content = load_content()
    every = {"maneuvers": sorted(content.maneuvers), "modules": sorted(content.modules),
             "tiles": sorted(content.tiles)}
    found: dict[str, dict[str, dict[str, Any]]] = {}
    sides = [(g, nation) for g in games for nation in NATIONS]
    for kind in USED:
        found[kind] = {}
        for ident in every[kind]:
            with_it = [(g, nation) for g, nation in sides if ident in g.used[nation][kind]]
            without = [(g, nation) for g, nation in sides if ident not in g.used[nation][kind]]
            found[kind][ident] = {
                "share": round(len(with_it) / len(sides), 4) if sides else 0.0,
                "with": rate(sum(g.winner == nation for g, nation in with_it), len(with_it)),
                "without": rate(sum(g.winner == nation for g, nation in without),
                                len(without)),
            }
    return found


def normal_p(z: float) -> float:
    """The two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def mcnemar(b: int, c: int) -> float:
    """The two-sided p of McNemar's exact test: of the pairs that differ, ``b`` went one way
    and ``c`` the other (a binomial test of ``b`` in ``b + c`` at one half)."""
    n = b + c
    if not n:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(b, c) + 1))
    return min(1.0, 2 * tail / (1 << n))


def paired_means(differences: list[float]) -> tuple[float, float]:
    """(mean difference, two-sided p) of paired differences by the paired t-test; with the
    hundreds of pairs of a sweep the t distribution is the normal one, which is used."""
    if len(differences) < 2:
        return 0.0, 1.0
    mean = statistics.fmean(differences)
    se = statistics.stdev(differences) / math.sqrt(len(differences))
    if not se:  # every pair differs alike: the difference is certain
        return mean, (0.0 if mean else 1.0)
    return mean, normal_p(mean / se)


# What each variant is compared with the base on, and the test used, game by game against
# the base's game of the same deal and levels. Not the First Player's win rate: the rules
# give the USSR the marker in round 1, so it is the USSR's.
COMPARED = (
    ("USSR win rate", "McNemar's exact test"),
    ("rounds per finished game", "paired t-test"),
    ("Moon landings", "McNemar's exact test"),
)


def compare(base: list[LabGame], other: list[LabGame]) -> list[dict[str, Any]]:
    """Each measure of :data:`COMPARED`, ``other`` against ``base`` over the pairs of games
    with the same deal and levels: the difference and its p-value (significance is decided
    over the whole run: :func:`holm`)."""
    of_base = {g.pair: g for g in base}
    pairs = [(of_base[g.pair], g) for g in other if g.pair in of_base]

    def flips(test: Callable[[LabGame], bool]) -> tuple[float, float]:
        lost = sum(test(a) and not test(b) for a, b in pairs)
        gained = sum(test(b) and not test(a) for a, b in pairs)
        return ((gained - lost) / len(pairs) if pairs else 0.0), mcnemar(lost, gained)

    found = []
    for (name, test_name), (diff, p) in zip(COMPARED, (
        flips(lambda g: g.winner == "USSR"),
        paired_means([float(b.rounds - a.rounds) for a, b in pairs
                      if a.winner is not None and b.winner is not None]),
        flips(lambda g: g.end_reason == "moon_landing"),
    ), strict=True):
        found.append({"measure": name, "test": test_name, "difference": round(diff, 4),
                      "p": round(p, 6), "pairs": len(pairs)})
    return found


def holm(comparisons: list[dict[str, Any]], alpha: float = ALPHA) -> None:
    """Mark each comparison significant or not by Holm's step-down method over all of
    them (the chance of any false alarm in the run stays under ``alpha``)."""
    ordered = sorted(comparisons, key=lambda c: c["p"])
    still = True
    for i, c in enumerate(ordered):
        still = still and c["p"] <= alpha / (len(ordered) - i)
        c["significant"] = still


def judge(variants: list[Variant], games: list[LabGame], levels: list[str], seed: int,
          seconds: float) -> dict[str, Any]:
    """The report of a run (JSON-ready): every variant's summary, and each against the
    base."""
    by_variant: dict[str, list[LabGame]] = {v.name: [] for v in variants}
    for g in games:
        by_variant[g.variant].append(g)
    report: dict[str, Any] = {
        "levels": levels, "seed": seed, "seconds": round(seconds, 1), "alpha": ALPHA,
        "correction": "Holm", "variants": [],
    }
    comparisons: list[dict[str, Any]] = []
    base = by_variant[variants[0].name]
    for v in variants:
        entry: dict[str, Any] = {"name": v.name, "title": v.title, "about": v.about,
                                 "ruleset": v.ruleset, "changes": list(v.changes),
                                 "digest": v.digest}
        in_force = load_content()
        use_content(v.content)  # the usage counts list the variant's own cards
        try:
            entry["summary"] = summary(by_variant[v.name])
        finally:
            use_content(in_force)
        if v is not variants[0]:
            entry["against_base"] = compare(base, by_variant[v.name])
            comparisons.extend(entry["against_base"])
        report["variants"].append(entry)
    holm(comparisons)
    return report


@dataclass
class Progress:
    """Prints a line now and then on a long run: done, rate and the time left."""

    out: Callable[[str], None]
    every: float = 10.0  # seconds between lines
    started: float = field(default_factory=time.perf_counter)
    last: float = 0.0
    first_done: int = -1

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if self.first_done < 0:
            self.first_done = done
        if done not in (self.first_done, total) and now - self.last < self.every:
            return
        self.last = now
        fresh = done - self.first_done
        speed = fresh / (now - self.started) if now > self.started else 0.0
        left = f", about {(total - done) / speed:.0f} s left" if speed and done < total else ""
        self.out(f"lab: {done}/{total} games ({speed:.1f} a second{left})")


def text_report(report: dict[str, Any]) -> str:
    """The report in a few lines per variant, for the terminal."""
    lines = [f"lab: {', '.join(report['levels'])}; seed {report['seed']}; "
             f"{report['seconds']} s"]
    for v in report["variants"]:
        s = v["summary"]
        usa, ussr = s["nations"]["USA"], s["nations"]["USSR"]
        lines.append(f"{v['name']}: {v['title']} ({s['games']} games)")
        lines.extend(f"  changes {change}" for change in v["changes"])
        lines.append(f"  USA {_pct(usa)}  USSR {_pct(ussr)} (the USSR is round 1's First "
                     f"Player)")
        lines.append(f"  ends {s['end_reasons']}; rounds mean {s['rounds']['mean']} "
                     f"(median {s['rounds']['median']}); lift-offs {s['launches']['per_game']}"
                     f" a game, {_pct(s['launches']['success'])} succeed")
        lines.extend(f"  vs base: {comparison_line(c)}" for c in v.get("against_base", []))
    return "\n".join(lines)


def comparison_line(c: dict[str, Any]) -> str:
    """One comparison with the base: the measure, the difference, p, the test and verdict."""
    mark = "SIGNIFICANT" if c["significant"] else "no significant difference"
    return f"{c['measure']} {c['difference']:+.4f}, p {c['p']:.4f} ({c['test']}): {mark}"


def _pct(r: dict[str, Any]) -> str:
    low, high = r["ci95"]
    return f"{r['rate']:.1%} [{low:.1%}, {high:.1%}]"


def run_lab(paths: list[Path], games: int, levels: list[str], seed: int = 1, jobs: int = 1,
            out: Path | None = None, ruleset: str | None = None,
            progress: Callable[[int, int], None] | None = None,
            runner: Runner | None = None) -> dict[str, Any]:
    """Read the variants (the base first, under the first variant's ruleset unless
    ``ruleset`` says), play the sweep and judge it."""
    unknown = [level for level in levels if level not in (*LEVELS, *OPENSPIEL_BOTS)]
    if not levels or unknown:
        raise ValueError(f"levels are some of {', '.join((*LEVELS, *OPENSPIEL_BOTS))}"
                         + (f" (not {', '.join(unknown)})" if unknown else ""))
    if games < 1:
        raise ValueError("a lab run plays at least one game of each variant")
    read = [read_variant(p) for p in paths]
    names = Counter(v.name for v in read)
    if "base" in names or any(count > 1 for count in names.values()):
        raise ValueError("each variant needs its own file name, and none may be 'base'")
    rulesets = {v.ruleset for v in read} | ({ruleset} if ruleset else set())
    if len(rulesets) > 1:
        raise ValueError(f"the variants are played under {', '.join(sorted(rulesets))}: one "
                         f"ruleset a run, against the base under it")
    base = base_variant(rulesets.pop() if rulesets else DEFAULT_RULESET)
    variants = [base, *read]
    started = time.perf_counter()
    tasks = tasks_for(variants, games, seed, levels)
    in_force = load_content()
    try:
        results = sweep(tasks, runner or local_runner(jobs), out, progress)
    finally:
        use_content(in_force)  # a game played here left its variant in force
    return judge(variants, results, levels, seed, time.perf_counter() - started)
