"""The browser app's AI seats in pure Python: levels from the URL, the new-game dialog and
saved games, and the page's ``Thinker`` (a legal action, reproducible, thought in slices)."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

import game
from game import SEATS
from tests.conftest import counting_clock
from tests.fake_platform import FakePlatform
from ui.model.players import Setup, parse_query
from ui.model.saves import SaveError, envelope, parse
from ui.screens.newgameform import dialog_html, setup_from_form


def levels_of(setup: Setup) -> dict[str, str | None]:
    return {s: setup.level(s) if setup.is_ai(s) else None for s in SEATS}


def test_the_url_seat_letters_choose_person_or_ai_level() -> None:
    setup = parse_query("?players=4&seats=hrex&seed=2")
    assert setup is not None
    assert levels_of(setup) == {"USA.politician": None, "USA.engineer": "random",
                                "USSR.politician": "easy", "USSR.engineer": "hard"}
    old = parse_query("?seats=hhaa")  # `a`, the letter before levels: the default, medium
    assert old is not None and levels_of(old)["USSR.engineer"] == "medium"
    two = parse_query("?players=2&seats=hhxe")  # a player's seats take its first seat's letter
    assert two is not None and levels_of(two)["USSR.engineer"] == "hard"
    assert Setup().level("USSR.politician") == "medium"  # the default game


def test_the_dialog_offers_each_level_and_reads_it_back() -> None:
    setup = Setup(players=4)
    setup.ai = {s: s.startswith("USSR") for s in SEATS}
    setup.levels = {"USSR.politician": "hard"}
    html = dialog_html(setup)
    for label in ("Human", "AI Random", "AI Easy", "AI Medium", "AI Hard"):
        assert f">{label}</option>" in html
    assert '<option value="x" selected>AI Hard</option>' in html  # USSR Politician
    assert '<option value="m" selected>AI Medium</option>' in html  # USSR Engineer: default
    read = setup_from_form({"players": "4"}, {"USA.politician": "h", "USA.engineer": "r",
                                              "USSR.politician": "x", "USSR.engineer": "e"})
    assert levels_of(read) == {"USA.politician": None, "USA.engineer": "random",
                               "USSR.politician": "hard", "USSR.engineer": "easy"}


def test_saved_games_keep_the_levels_and_older_files_still_load() -> None:
    g = game.new_game(5)
    setup = Setup(seed=5)
    setup.levels = {"USSR.politician": "easy", "USSR.engineer": "easy"}
    data = envelope(g, setup)
    assert data["seats"]["USSR.engineer"] == "ai"  # unchanged for readers without levels
    assert data["levels"] == {"USSR.politician": "easy", "USSR.engineer": "easy"}
    assert levels_of(parse(json.dumps(data)).setup)["USSR.engineer"] == "easy"
    del data["levels"]  # written before the levels existed: the AI plays medium
    assert levels_of(parse(json.dumps(data)).setup)["USSR.engineer"] == "medium"
    data["levels"] = {"USSR.politician": "genius"}
    with pytest.raises(SaveError, match="unknown AI level"):
        parse(json.dumps(data))


def position_in_round_one() -> tuple[game.Game, game.Seat, list[game.Action]]:
    """Somewhere into round 1, with a few decisions behind: the seat to act and its choices."""
    g = game.new_game(9)
    rng = random.Random(9)
    for _ in range(30):
        seat = g.to_act()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    seat = g.to_act()[0]
    return g, seat, g.legal_actions(seat)


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_every_level_chooses_a_legal_action_on_the_page_reproducibly(
    level: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Thinker.choose, from the seat's view and legal actions only: the same seed, the same
    answer, a timed search's too; a search's iterations and own time are on the page."""
    from game.ai import montecarlo
    from ui.control.thinker import Thinker

    monkeypatch.setattr(montecarlo, "DEFAULT_SECONDS", 0.2)  # hard: a short search is enough here
    # The search's clock counts its own readings (a millisecond each): a budget of 0.2 s is
    # then a number of iterations, the same in every run and on any machine.
    monkeypatch.setattr(montecarlo, "time", counting_clock(0.001))
    g, seat, legal = position_in_round_one()
    dom = FakePlatform()
    mind = Thinker(dom)
    first = asyncio.run(mind.choose(g.view(seat), legal, level, 4))
    again = asyncio.run(mind.choose(g.view(seat), legal, level, 4))
    assert first in legal and again == first
    assert dom.body["ai-moves"] == "2"
    assert json.loads(dom.body["ai-timing"])[level][0] == 2
    searched = json.loads(dom.body.get("ai-search", "{}"))
    if level == "hard":  # a search stops at its budget, to the reading
        decisions, iterations, fewest, longest_ms = searched["hard"]
        assert decisions == 2 and iterations == 2 * fewest > 20
        assert 200 <= longest_ms <= 203, searched
    else:
        assert searched == {}


def test_a_search_on_the_page_thinks_in_slices_and_gives_the_thread_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Hard's search runs on the page a slice at a time, the event loop's other tasks (the
    browser's input and frames) running between slices, and its answer is the search's in
    one go (``ai.choose``)."""
    from game.ai import get_ai, montecarlo
    from ui.control import thinker as thinking

    monkeypatch.setattr(montecarlo, "DEFAULT_SECONDS", 0.2)
    monkeypatch.setattr(montecarlo, "time", counting_clock(0.001))  # (see the test above)
    monkeypatch.setattr(thinking, "time", counting_clock(0.001))  # a slice: ten readings
    g, seat, legal = position_in_round_one()

    async def main() -> tuple[object, int, int]:
        dom = FakePlatform()
        mind = thinking.Thinker(dom)
        ticks = 0

        async def browser() -> None:
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0)

        beside = asyncio.ensure_future(browser())
        action = await mind.choose(g.view(seat), legal, "hard", 4)
        beside.cancel()
        return action, dom.breaths, ticks

    action, breaths, ticks = asyncio.run(main())
    whole = get_ai("hard")
    assert action == whole.choose(g.view(seat), legal, random.Random(4))
    iterations = whole.last_stats.iterations
    assert iterations > 20 and breaths >= iterations // 12  # ~11 a slice
    assert ticks >= breaths  # the other tasks ran while it thought


def test_a_search_no_longer_wanted_stops_at_the_next_breath_and_answers_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Thinker.choose asks ``wanted`` after each breath: once the answer is not wanted (the
    decision moved on), the search stops there, answers None and counts no move."""
    from game.ai import montecarlo
    from ui.control import thinker as thinking

    monkeypatch.setattr(montecarlo, "time", counting_clock(0.001))
    monkeypatch.setattr(thinking, "time", counting_clock(0.001))
    g, seat, legal = position_in_round_one()
    dom = FakePlatform()
    asked = 0

    def wanted() -> bool:
        nonlocal asked
        asked += 1
        return asked < 3

    mind = thinking.Thinker(dom)
    answer = asyncio.run(mind.choose(g.view(seat), legal, "hard", 4, wanted=wanted))
    assert answer is None and asked == 3 and dom.breaths == 3
    assert "ai-moves" not in dom.body and "ai-search" not in dom.body
