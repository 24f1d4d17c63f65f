"""The post-game report: four charts, each beside a table of the same numbers, built from
the story of a game (Thinker.chronicle, worked out on the page in slices) at its end or at any
replay step."""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Callable, Coroutine
from functools import cache
from html import escape
from typing import Any

import pytest

import game
from game.ai.chronicle import Chronicle, CurvePoint, LaunchPoint, Shift, Swing
from game.tools.tournament import medium_moves
from tests.conftest import counting_clock
from tests.fake_platform import FakePlatform
from ui.control.reportdesk import ReportDesk
from ui.control.thinker import Thinker
from ui.model.match import Match
from ui.model.players import Setup
from ui.model.table import Table
from ui.screens.report import CHARTS, report_html, swing_words


@cache
def _finished_save() -> str:
    """A whole game of medium players (the generator applies its last move on exhaustion)."""
    moves = list(medium_moves(4))
    g = moves[-1][0]  # the one game every move was played on
    assert g.is_over
    return g.to_json()


def chronicle(save: str, upto: int, seed: int) -> Chronicle:
    """The report's numbers as the page works them out (ui.control.thinker)."""
    told = asyncio.run(Thinker(FakePlatform()).chronicle(save, upto, seed))
    assert told is not None  # (always wanted here)
    return told


def _story(upto: int | None = None) -> tuple[Chronicle, int]:
    save = _finished_save()
    total = len(json.loads(save)["log"])
    return chronicle(save, total if upto is None else upto, 0), total


def _rows(markup: str, key: str) -> list[list[str]]:
    table = markup.split(f'data-table="{key}">', 1)[1].split("</table>", 1)[0]
    body = table.split("<tbody>", 1)[1]
    rows = [[re.sub(r"<[^>]+>", "", cell) for cell in
             re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)] for row in body.split("</tr>")]
    return [row for row in rows if row]


def _moments(markup: str, key: str) -> list[int]:
    """The steps the rows of table ``key`` open the replay at."""
    table = markup.split(f'data-table="{key}">', 1)[1].split("</table>", 1)[0]
    return [int(step) for step in re.findall(r'data-cmd="rp-goto"[^>]*data-step="(\d+)"', table)]


def test_the_report_of_a_finished_game_has_four_charts_each_with_its_table() -> None:
    data, total = _story()
    markup, specs = report_html(data, {"USA": 2, "USSR": 0}, total, total)
    assert list(specs) == list(CHARTS)
    assert markup.count('data-testid="report-chart"') == 4
    assert markup.count('data-testid="report-table"') == 4
    assert markup.count('aria-hidden="true"></div>') >= 4  # the pictures; the tables speak
    winner = data.winner
    assert f"Game report: {winner} won" in markup
    # Popularity and Budget: one row per round start and one for the end, as drawn.
    rows = _rows(markup, "standing")
    assert len(rows) == len(data.rounds) == len(specs["standing"]["x"])
    assert rows[0][0] == "Round 1, start" and rows[-1][0].endswith("end of the game")
    # Each row opens the replay at its moment; so do the chart's points and the swings.
    assert _moments(markup, "standing") == [r.step for r in data.rounds]
    assert specs["standing"]["steps"] == [r.step for r in data.rounds]
    assert _moments(markup, "launches") == [p.step for p in data.launches]
    assert _moments(markup, "chances") == specs["chances"]["steps"] == [c.step for c in data.curve]
    swings = markup.split('data-testid="report-swings"', 1)[1].split("</ol>", 1)[0]
    assert [int(s) for s in re.findall(r'data-step="(\d+)"', swings)] == [
        s.launch.step if s.launch else s.start.step for s in data.swings]
    for row, drawn in zip(data.rounds, rows, strict=True):
        assert drawn[1:5] == [str(v) for v in (*row.popularity, *row.budget)]
        assert drawn[5] == str(max(row.budget) - data.budget_gap)  # the gap line
    for series in specs["standing"]["series"]:
        assert len(series["values"]) == len(specs["standing"]["x"])
    assert specs["standing"]["thresholds"][0]["value"] == 0  # Popularity 0 loses
    # Launches: every one in the table, the flown ones drawn at their odds.
    launches = _rows(markup, "launches")
    assert len(launches) == len(data.launches) > 0
    flown = [p.odds for p in data.launches if p.odds is not None]
    assert [m["y"] for m in specs["launches"]["marks"]] == [round(odds * 100, 1)
                                                           for odds in flown]
    assert {m["shape"] for m in specs["launches"]["marks"]} <= {"disc", "cross"}
    # Missions by round and the chance to win, point for point.
    assert [r[1:] for r in _rows(markup, "missions")] == [
        [str(v) for v in row.missions] for row in data.rounds]
    chances = _rows(markup, "chances")
    assert len(chances) == len(data.curve) == len(specs["chances"]["x"])
    assert chances[-1][1] in ("100%", "0%")  # the game is over: certain
    assert len(specs["chances"]["marks"]) == len(data.swings) == 3
    # The hints each side took.
    assert "2 hints taken" in markup and "0 hints taken" in markup


def test_the_biggest_swings_are_told_in_words() -> None:
    data, _ = _story()
    told = [swing_words(s) for s in data.swings]
    for swing, words in zip(data.swings, told, strict=True):
        launch = swing.launch
        if launch is not None and launch.odds is not None:
            odds = f"{launch.odds * 100:.0f}%"
            outcome = "succeeded" if launch.outcome == "success" else "exploded"
            assert words.startswith(f"Round {launch.round}: {launch.nation}'s launch "
                                    f"toward ")
            assert f" at {odds} {outcome}" in words
        assert f"USA {swing.start.usa * 100:.0f}% → {swing.end.usa * 100:.0f}%" in words
        assert "the chances moved" not in words


def _swing(launch: LaunchPoint | None = None, shift: Shift | None = None,
           phase: str = "politics") -> Swing:
    """A swing from ``phase`` to the next curve point (Launches after Politics, else the
    next round's Politics)."""
    after = ("launches", 4) if phase == "politics" else ("politics", 4 + (phase == "launches"))
    return Swing(CurvePoint(step=10, round=4, phase=phase, usa=0.6),
                 CurvePoint(step=40, round=after[1], phase=after[0], usa=0.35),
                 launch, shift)


@pytest.mark.parametrize(("launch", "shift", "phase", "words"), [
    (LaunchPoint(step=20, round=4, nation="USA", mission="M0-VANGUARD", odds=None,
                 outcome="delayed", reason="completed"), None, "politics",
     "Round 4: USA's launch toward Vanguard 1 was delayed: the rival completed it first"),
    (LaunchPoint(step=20, round=4, nation="USA", mission="M0-VANGUARD", odds=None,
                 outcome="delayed", reason="payload"), None, "politics",
     "Round 4: USA's launch toward Vanguard 1 was delayed: the rocket lacked its payload"),
    (LaunchPoint(step=20, round=4, nation="USA", mission="M0-VANGUARD", odds=0.4,
                 outcome="explosion", reason=""), None, "politics",
     "Round 4: USA's launch toward Vanguard 1 at 40% exploded"),
    (None, Shift(kind="popularity", nation="USA", before=6, after=3, mission=None),
     "launches", "Round 4: USA's Popularity went from 6 to 3"),
    (None, Shift(kind="budget", nation="USSR", before=0, after=5, mission=None),
     "politics", "Round 4: USSR gained 5 Budget"),
    (None, Shift(kind="decided", nation="USA", before=0.5, after=0.125,
                 mission="M0-VANGUARD"), "politics",
     "Round 4: USA decided to launch toward Vanguard 1 at 12%"),
    (None, Shift(kind="rocket", nation="USSR", before=0.25, after=0.75,
                 mission="MOON"), "politics",
     "Round 4: USSR's rocket went from 25% to 75% toward Moon Landing"),
    (None, None, "maneuvers", "Round 4: the Maneuver cards played"),
    (None, None, "launches", "Round 5: the Maneuver cards played"),
    (None, None, "politics", "Round 4: the Politicians' and Engineers' moves"),
])
def test_a_swing_is_told_with_its_cause(launch: LaunchPoint | None, shift: Shift | None,
                                        phase: str, words: str) -> None:
    told = swing_words(_swing(launch, shift, phase))
    assert told == f"{words} (USA 60% → 35%)"


def test_the_charts_run_to_the_last_round_and_draw_the_chance_as_one_split_line() -> None:
    data, total = _story()
    _, specs = report_html(data, {}, total, total)
    first, last = data.rounds[0].round, data.rounds[-1].round
    for key in CHARTS:
        assert specs[key]["rounds"] == [first, last]  # the axis's ticks: no round past it
        xs = specs[key]["x"] if key != "launches" else [m["x"] for m in specs[key]["marks"]]
        assert all(first <= x < last + 1 for x in xs), key
    chance = specs["chances"]
    assert len(chance["series"]) == 1 and chance["series"][0]["label"] == "USA's chance to win"
    assert chance["split"]["above"]["label"] == "USSR's chance to win (the rest)"
    assert chance["split"]["below"]["colour"] != chance["split"]["above"]["colour"]
    # The key tells Popularity (solid) from Budget (dashed) for each nation.
    styles = {s["label"]: bool(s.get("dash")) for s in specs["standing"]["series"]}
    assert styles["USA Popularity"] is False and styles["USA Budget"] is True
    assert styles["USSR Popularity"] is False and styles["USSR Budget"] is True
    shapes = {item["label"]: item.get("shape") for item in specs["launches"]["legend"]}
    assert shapes["success"] == "disc" and shapes["explosion"] == "cross"
    assert shapes["USA"] == shapes["USSR"] == "disc"  # the points' colours, not areas


def test_a_replay_step_reports_the_story_so_far_only() -> None:
    whole, total = _story()
    step = total // 2
    data, _ = _story(step)
    assert data.steps == step and data.winner is None
    markup, specs = report_html(data, {}, step, total)
    assert f"up to action {step} of {total}" in markup
    assert _rows(markup, "standing")[-1][0].endswith("at this step")
    # What happened before the step is told the same way as in the whole game's report.
    assert data.launches == tuple(p for p in whole.launches if p.step <= step)
    assert data.rounds[:-1] == whole.rounds[:len(data.rounds) - 1]
    assert len(specs) == 4


def test_the_page_checks_every_action_of_the_log() -> None:
    save = json.loads(_finished_save())
    save["log"][3]["action"] = {"type": "launch", "mission": "MOON"}
    with pytest.raises(game.IllegalAction):
        chronicle(json.dumps(save), 10, 0)


@pytest.mark.parametrize(("ruleset", "words"), [
    ("v0.10.4", "falls more than 15 behind the rival's (below the grey line)"),
    ("preview", "falls 15 or more behind the rival's (onto or below the grey line)")])
def test_the_budget_gap_is_told_as_each_ruleset_ends_the_game(ruleset: str, words: str) -> None:
    g = game.new_game(2, ruleset=ruleset)
    rng = random.Random(2)
    for _ in range(12):
        seat = g.to_act()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    data = chronicle(g.to_json(), g.log_size, 0)
    inclusive = game.load_content().rulesets[ruleset].budget_gap_inclusive
    assert data.budget_gap_inclusive is inclusive
    markup, specs = report_html(data, {}, g.log_size, g.log_size)
    assert escape(words) in markup
    line = specs["standing"]["series"][-1]["values"]
    assert line == [max(r.budget) - data.budget_gap for r in data.rounds]


def test_the_standing_table_groups_its_columns_by_measure() -> None:
    # Two heading rows, "Popularity" and "Budget" over a column per nation, so the table
    # fits a phone's width; each group heading spans its columns for a screen reader.
    data, total = _story()
    markup, _ = report_html(data, {"USA": 0, "USSR": 0}, total, total)
    table = markup.split('data-table="standing">', 1)[1].split("</table>", 1)[0]
    head = table.split("<thead>", 1)[1].split("</thead>", 1)[0]
    top, under = re.findall(r"<tr>(.*?)</tr>", head)
    assert re.findall(r"<th[^>]*>(.*?)</th>", top) == ["When", "Popularity", "Budget"]
    assert 'scope="colgroup" colspan="2">Popularity' in top
    assert 'scope="colgroup" colspan="3">Budget' in top and top.count('rowspan="2"') == 1
    assert re.findall(r"<th[^>]*>(.*?)</th>", under) == ["USA", "USSR", "USA", "USSR",
                                                         "grey line"]
    assert table.count("<colgroup") == 3
    assert all(len(row) == 6 for row in _rows(markup, "standing"))


class _Around:
    """What the report desk is given besides the page and the computer players: the app's
    screen (drawn at once: what is shown is the page's here) and tasks (kept to be awaited
    here), its notices, and the hints taken (``subject``'s last: the report's subject is the
    game on the table)."""

    def __init__(self, subject: tuple[str, int, int, dict[str, int]]) -> None:
        self.subject = subject
        self.spawned: list[Coroutine[Any, Any, None]] = []
        self.notices: list[str] = []
        self.on = True

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        self.spawned.append(coro)

    def render(self) -> None:
        pass

    def render_over(self) -> None:
        pass

    def after_paint(self, effect: Callable[[], object]) -> None:
        effect()

    def draw_log(self) -> None:
        pass

    def close_dialog(self) -> None:
        pass

    def show_end(self) -> None:
        pass

    def report(self, exc: BaseException) -> None:
        raise exc

    def notice(self, text: str) -> None:
        self.notices.append(text)

    @property
    def taken(self) -> dict[str, int]:
        return self.subject[3]


def test_the_report_is_worked_out_on_the_page_in_slices_and_is_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The story's simulations (seconds of them) run a slice at a time: the browser gets the
    thread back between slices (Platform.breathe) while the report says it is loading, and
    the report then drawn is the one the whole story gives."""
    from ui.control import thinker as thinking

    # each step a millisecond of the clock: a slice is ten steps, on any machine
    monkeypatch.setattr(thinking, "time", counting_clock(0.001))
    save = _finished_save()
    total = len(json.loads(save)["log"])
    hints = {"USA": 2, "USSR": 0}
    dom = FakePlatform()
    around = _Around((save, total, total, hints))
    thinker = Thinker(dom)
    match = Match(game.load(save))
    table = Table(Setup(), match.position(), "t")
    table.count_hints(hints)
    desk = ReportDesk(dom, table, match, around, around, around, thinker)
    seen_loading: list[str] = []

    async def open_report() -> None:
        desk.open()
        filling = asyncio.ensure_future(around.spawned.pop())
        while not filling.done():
            seen_loading.append(dom.body["report"])
            await asyncio.sleep(0)

    asyncio.run(open_report())
    steps = len(json.loads(save)["log"]) + 8 * 10  # an action each, and a simulation each
    assert dom.breaths >= steps // 10 and seen_loading[-1] == "loading"
    assert len(seen_loading) > dom.breaths // 2  # the loop ran between the slices
    assert dom.body["report"] == "ready" and around.notices == []
    markup, specs = report_html(_story()[0], hints, total, total)
    assert table.up["report"] == markup  # (the app's paint draws it)
    assert dom.charts == {key: json.dumps(spec) for key, spec in specs.items()}
