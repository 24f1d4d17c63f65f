"""The table's parts carry their level-of-detail ranks (ui.markup.html.DETAIL_RANKS), which
public/scene-fit.js reads to fold a column that would overflow: every ranked part is drawn
with its ranks on a late table, and the style sheet says what each one shows folded."""

from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

from game.engine import Game
from game.tools.tournament import medium_moves
from tests.test_ui_scene import _scene
from ui.markup.html import DETAIL_RANKS, FOLD, GO, TIGHTEN
from ui.markup.scene import scene_html

STYLE = Path(__file__).resolve().parent.parent / "public" / "style.css"


class Ranked(HTMLParser):
    """(the part's class that names it, its data-lod) of every ranked element."""

    def __init__(self) -> None:
        super().__init__()
        self.found: Counter[tuple[str, str]] = Counter()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        lod = values.get("data-lod")
        if lod is None:
            return
        classes = (values.get("class") or "").split()
        named = [part for part in DETAIL_RANKS if part in classes]
        assert len(named) == 1, (tag, classes)  # each ranked element is one part
        self.found[(named[0], lod)] += 1


def late_game() -> tuple[Game, str]:
    """Round 8 or later of a whole game: the Moon on display, Missions completed and active."""
    for g, seat, _legal, _move in medium_moves(5):
        view = g.view(seat)
        if (g.round >= 8 and view.moon.on_display and view.completed and view.missions
                and g.phase == "politics"):
            return g, seat
    raise AssertionError("the game never reached a late Politics phase")


def test_every_ranked_part_is_drawn_with_its_ranks_on_a_late_table() -> None:
    g, seat = late_game()
    legal = g.legal_actions(seat)
    regions = scene_html(_scene(g, seat, legal, 0))
    parser = Ranked()
    for region in ("board-USA", "centre", "board-USSR"):
        parser.feed(regions[region])
    drawn = {part: lod for part, lod in parser.found}
    assert set(drawn) == set(DETAIL_RANKS)
    for part, steps in DETAIL_RANKS.items():
        assert drawn[part] == " ".join(f"{step}:{rank}" for step, rank in steps), part
        ranks = [rank for _step, rank in steps]
        assert ranks == sorted(set(ranks)), part  # it folds before it tightens or goes
        assert steps[0][0] == FOLD and all(step in (TIGHTEN, GO) for step, _ in steps[1:])
    # both boards draw their parts: each board's hand (the rival's is face down), places,
    # modules, blueprint and lines; the centre one research center
    assert parser.found[("places", "folded:3 gone:9")] == 2
    assert parser.found[("blueprint", "folded:4 gone:10")] == 2
    assert parser.found[("research", "folded:5 gone:11")] == 1


def test_the_style_sheet_says_how_each_part_folds_and_goes() -> None:
    css = STYLE.read_text(encoding="utf-8")
    for part in DETAIL_RANKS:
        for step in {step for step, _rank in DETAIL_RANKS[part]} - {GO}:
            assert re.search(rf"\.{part}\.{step}\b", css), f"nothing says how .{part} is {step}"
    assert re.search(r"\.gone \{ display: none !important; \}", css)
