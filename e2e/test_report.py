"""The post-game report in the browser: at the end of a game against the AI, and in a replay
at its current step, four charts (uPlot, loaded only when the report opens) each beside a
table of the same numbers, worked out on the page in slices."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

from conftest import NetworkLog
from helpers import csp_violations, near_the_end, open_saved, play_until_over, settle
from playwright.sync_api import Page, expect

REPORT_MS = 60_000
CHARTS = ["standing", "launches", "missions", "chances"]
Opener = Callable[[str], float]


def _charts_loaded(page: Page) -> bool:
    """Whether the page has run the charting library (the service worker may well have
    fetched it already, for offline play: that is a download, not a load)."""
    return bool(page.evaluate("typeof window.uPlot !== 'undefined' || "
                              "document.querySelector('script[src*=\"uplot\"]') !== null"))


def table_rounds(page: Page) -> list[int]:
    """The first and last round of the Popularity and Budget table (its words: 'Round 8, ...')."""
    cells = page.locator('[data-table="standing"] tbody th').all_inner_texts()
    numbers = [int(re.findall(r"\d+", cell)[0]) for cell in cells]
    return [numbers[0], numbers[-1]]


def _assert_whole_report(page: Page) -> None:
    expect(page.locator("body")).to_have_attribute("data-report", "ready", timeout=REPORT_MS)
    report = page.get_by_test_id("report")
    charts = report.get_by_test_id("report-chart")
    assert [c.get_attribute("data-chart") for c in charts.all()] == CHARTS
    for chart in charts.all():
        box = chart.locator("[data-chart-box]")
        expect(box).to_have_attribute("data-drawn", "1")
        assert box.get_attribute("aria-hidden") == "true"
        canvas = box.locator("canvas")
        expect(canvas).to_have_count(1)
        size = canvas.bounding_box()
        assert size is not None and size["width"] > 200 and size["height"] > 150
        # The key names every line, area, point shape and threshold as it is drawn.
        key = box.get_by_test_id("chart-key").locator("li")
        assert key.count() >= 2
        expect(key.first).to_be_visible()
        # The round axis ticks the rounds played, the last one last (never one past it).
        ticks = box.evaluate("b => b.moonshotChart.axes[0]._splits")
        rows = table_rounds(page)
        assert ticks[0] == rows[0] and ticks[-1] == rows[-1], (ticks, rows)
        table = chart.get_by_test_id("report-table")
        expect(table).to_be_visible()
        assert table.locator("tbody tr").count() >= 1
        assert table.locator("caption").inner_text().strip()


def test_a_game_against_the_ai_ends_on_a_report_with_four_charts_and_their_tables(
    page: Page, site_url: str, net: NetworkLog, csp_watch: None,
    screenshot: Callable[[str], Path],
) -> None:
    """A person (the USA, playing by clicks) against a medium AI to the end (a whole game,
    opened near its end); the end screen opens the report. The charting library is loaded
    then, not with the game."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_saved(page, site_url, near_the_end(8))
    settle(page)
    play_until_over(page, random.Random(8))
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    assert not _charts_loaded(page)  # nothing of the report loads with the game
    page.get_by_test_id("end-report").click()
    _assert_whole_report(page)
    assert _charts_loaded(page)
    report = page.get_by_test_id("report")
    winner = page.get_by_test_id("end-screen").get_attribute("data-winner")
    expect(report.locator("h2")).to_contain_text(f"{winner} won")
    expect(report.get_by_test_id("report-swings").locator("li")).to_have_count(3)
    swings = report.get_by_test_id("report-swings").inner_text()
    assert re.search(r"Round \d+", swings)
    assert "the chances moved" not in swings  # each swing with its cause
    # Popularity solid, Budget dashed, in the key as on the lines; one chance line, two areas.
    standing = report.locator('[data-chart="standing"] [data-testid="chart-key"] li')
    assert standing.filter(has_text="USA Popularity").get_attribute("data-dash") == "0"
    assert standing.filter(has_text="USA Budget").get_attribute("data-dash") == "1"
    assert report.locator('[data-chart="chances"] canvas').count() == 1
    assert report.locator('[data-chart="chances"]').evaluate(
        "f => f.querySelector('[data-chart-box]').moonshotChart.series.length") == 2
    expect(report.get_by_test_id("report-hints").locator("li")).to_have_count(2)
    screenshot("report-end")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("report-overlay")).to_be_hidden()
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    assert csp_violations(page) == []
    net.assert_clean()


def test_a_replay_shows_the_report_at_its_current_step(
    page: Page, site_url: str, net: NetworkLog, csp_watch: None,
    screenshot: Callable[[str], Path],
) -> None:
    """A finished game replayed back to an earlier step: the report tells the story up to
    that step only, and stepping on closes it (its numbers would be stale)."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_saved(page, site_url, near_the_end(3, people=False))  # the computers end it
    expect(page.get_by_test_id("end-screen")).to_be_visible(timeout=240_000)
    page.get_by_test_id("end-replay").click()
    replay = page.get_by_test_id("replay")
    total = int(replay.get_attribute("data-total") or 0)
    page.get_by_test_id("rp-first").click()
    # to a round in the middle of the game by its timeline, and a step on, as a player would
    rounds = page.get_by_test_id("rp-round")
    middle = rounds.nth(rounds.count() // 2)
    jumped = int(middle.get_attribute("data-step") or 0)
    middle.click()
    expect(replay).to_have_attribute("data-step", str(jumped))
    page.get_by_test_id("rp-next").click()
    step = jumped + 1
    expect(replay).to_have_attribute("data-step", str(step))
    assert 0 < step < total
    page.get_by_test_id("rp-report").click()
    _assert_whole_report(page)
    report = page.get_by_test_id("report")
    assert report.get_attribute("data-step") == str(step)
    expect(report.locator("h2")).to_contain_text(f"up to action {step} of {total}")
    last_row = report.locator('[data-table="standing"] tbody tr').last
    expect(last_row).to_contain_text("at this step")
    screenshot("report-replay-390")
    page.get_by_test_id("report-close").click()
    expect(page.get_by_test_id("report-overlay")).to_be_hidden()
    page.get_by_test_id("rp-next").click()
    expect(replay).to_have_attribute("data-step", str(step + 1))
    assert csp_violations(page) == []
    net.assert_clean()
