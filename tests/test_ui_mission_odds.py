"""Odds wherever a decision uses them: every Mission card (and the Moon on display) shows the
launch odds of the viewer's rocket as it stands, in every phase, recomputed on every redraw
(so the Engineer sees the target's odds move as the rocket changes)."""

from __future__ import annotations

import random
import re

import game
from tests.fake_platform import FakePlatform, elements
from tests.test_ui_app import person_to_act, play_on_board, run_app, settle
from ui.app import App
from ui.markup.centre import centre_html
from ui.markup.html import Marks


def odds_shown(html: str) -> list[str]:
    """The odds printed on the cards of ``html`` (the centre), in card order."""
    return re.findall(r'data-testid="mission-odds">([^<]*)<', html)


def test_the_odds_are_the_engines_for_every_card_on_the_table() -> None:
    g = game.new_game(6)
    view = g.view("USA.politician")
    odds = g.choices("USA.politician").odds
    expected = [m.id for m in view.missions] + (
        [view.moon.id] if view.moon.on_display else [])
    assert list(odds) == expected and len(expected) >= 3
    assert all(odds[m] == game.launch_odds(g, "USA", m) for m in expected)


def test_a_card_shows_its_odds_bright_when_a_launch_there_can_be_decided() -> None:
    g = game.new_game(6)
    view = g.view("USA.politician")
    odds = g.choices("USA.politician").odds
    first = view.missions[0].id
    html = centre_html(view, Marks({f"mission:{first}"}), odds)
    shown = elements(html, testid="mission-odds")
    assert len(shown) == len(odds)
    classes = [el.attrs.get("class", "") for el in shown]
    assert classes[0] == "odds" and all(c == "odds later" for c in classes[1:])
    assert centre_html(view, Marks(), {}).count('data-testid="mission-odds"') == 0


def test_the_person_sees_the_odds_in_every_phase_and_they_follow_the_rocket() -> None:
    async def play(app: App, dom: FakePlatform) -> None:
        rng = random.Random(5)
        phases: set[str] = set()
        building: dict[tuple[int, tuple[str, ...]], set[tuple[str, ...]]] = {}
        for _ in range(150):
            await settle(app)
            if app.match.game.is_over:
                break
            person_to_act(app)
            g = app.match.game
            view = g.view(app.viewer())
            cards = tuple(m.id for m in view.missions)
            shown = odds_shown(dom.regions["centre"])
            assert len(shown) == len(cards) + (1 if view.moon.on_display else 0)
            phases.add(g.phase)
            if g.phase == "engineering":  # the same cards within a round: the rocket moves
                building.setdefault((g.round, cards), set()).add(tuple(shown))
            play_on_board(app, dom, rng.randrange(len(app.table.actions)))
        assert {"maneuvers", "politics", "engineering"} <= phases, phases
        assert any(len(seen) > 1 for seen in building.values()), building

    run_app(play, "?players=2&seats=hhee&seed=5&speed=0")
