"""public/pyodide-demo.html: a page with its own PyScript snippet installs the engine wheel with
micropip from the site itself (micropip too comes from the site) and prints launch odds and a
20-game simulation, the same numbers CPython computes. Root and sub-path, 127.0.0.1 only."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable

import pytest
from conftest import ROOT, NetworkLog, wait_ready
from playwright.sync_api import Page, expect

sys.path.insert(0, str(ROOT))  # the engine from this checkout, whatever pip has installed
import game
from game.tools.simulate import simulate

SHOWN = ("games", "finished", "winners", "end_reasons", "rounds", "actions")


@pytest.mark.parametrize("base_path", ["/", "/moonshot/"])
def test_micropip_demo(
    page: Page, serve_site: Callable[[str], str], net: NetworkLog, base_path: str
) -> None:
    url = serve_site(base_path)
    index = json.loads((ROOT / "dist" / "wheels" / "index.json").read_text())
    page.goto(url + "pyodide-demo.html")
    wait_ready(page, net)
    expect(page.get_by_test_id("status")).to_have_text(
        f"Installed moonshot-game {index['version']} with micropip from {index['file']}.")

    g = game.new_game(seed=7, players=2)
    missions = g.view(None).missions
    rows = page.get_by_test_id("odds").locator("tbody tr")
    expect(rows).to_have_count(len(missions))
    for mission in missions:
        odds = game.launch_odds(g, "USA", mission.id)
        row = page.locator(f'tr[data-mission="{mission.id}"]')
        expect(row).to_contain_text(mission.name)
        expect(row.locator("td.n")).to_have_text(f"{odds:.1%}")

    shown = json.loads(page.get_by_test_id("simulation").inner_text())
    expected = simulate(20, 1)
    assert shown == {key: expected[key] for key in SHOWN}  # Pyodide == CPython, seeded

    lock = json.loads((ROOT / "dist" / "pyodide" / "pyodide-lock.json").read_text())
    micropip = lock["packages"]["micropip"]["file_name"]
    local = [u for u in net.requests if u.startswith("http")]
    assert any(u.endswith(f"/pyodide/{micropip}") for u in local), local
    assert any(u.endswith(f"/wheels/{index['file']}") for u in local), local
    assert all(base_path in u for u in local), local
    net.assert_clean()
