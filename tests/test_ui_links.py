"""Every knob a link, a form or an embedding page sets is clamped to its range: players,
seed, the AI's pace; odd values fall back to defaults, huge ones to the bound, and no value
costs more than a few digits' work."""

from __future__ import annotations

import pytest

import ui.model.players as players_module
from ui.links.embed import command_setup
from ui.model.players import MAX_PARAMETERS, MAX_SEED, PACES, Setup, parse_query, query_params
from ui.screens.newgameform import setup_from_form
from ui.words.names import speed_words

HUGE = "9" * 5_000

# (query, players, seed, pace)
ODD: list[tuple[str, int, int, int]] = [
    ("seed=5&speed=2000000000", 2, 5, 800),
    ("seed=5&speed=10^12", 2, 5, 300),
    ("seed=5&speed=1000000000000", 2, 5, 800),
    ("seed=5&speed=-5", 2, 5, 0),
    ("seed=5&speed=200", 2, 5, 150),
    ("seed=5&speed=500", 2, 5, 300),
    ("seed=5&speed=600", 2, 5, 800),
    ("seed=5&speed=", 2, 5, 300),
    ("seed=5&speed=fast", 2, 5, 300),
    ("seed=5&speed=1e3", 2, 5, 300),
    ("seed=5&speed=" + HUGE, 2, 5, 800),
    ("seed=-3", 2, 0, 300),
    ("seed=" + HUGE, 2, MAX_SEED, 300),
    ("seed=-" + HUGE, 2, 0, 300),
    ("seed=2147483648", 2, MAX_SEED, 300),
    ("seed=0x10", 2, 1, 300),
    ("seed=3.5", 2, 1, 300),
    ("seed=%31", 2, 1, 300),
    ("seed=١٢", 2, 1, 300),  # Arabic-Indic digits: Python's int() would take them
    ("seed=+4", 2, 1, 300),
    ("seed=007", 2, 7, 300),
    ("seed=4&players=9", 4, 4, 300),
    ("seed=4&players=0", 2, 4, 300),
    ("seed=4&players=-2", 2, 4, 300),
    ("seed=4&players=3", 3, 4, 300),
    ("seed=4&players=" + HUGE, 4, 4, 300),
    ("seed=4&players=two", 2, 4, 300),
    ("seats=hhaa&players=4&speed=0", 4, 1, 0),
    ("seed=4&" + "x=1&" * 10_000 + "speed=0", 2, 4, 300),  # past the parameters read
    ("seed=4&seed=9", 2, 9, 300),
    ("seed=4&ruleset=v99&pair=MARS", 2, 4, 300),
]


def test_thirty_odd_values() -> None:
    assert len(ODD) >= 30


@pytest.mark.parametrize(("query", "players", "seed", "pace"), ODD)
def test_a_links_odd_values_are_clamped_in_bounded_work(
        query: str, players: int, seed: int, pace: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same small work whatever the address holds, counted: at most MAX_PARAMETERS parts
    read, no number of more than 13 characters converted (Python converts thousands of
    digits in quadratic time)."""
    converted: list[str] = []

    def spy(text: str) -> int:
        converted.append(text)
        return int(text)

    monkeypatch.setattr(players_module, "int", spy, raising=False)  # the module's int()
    setup = parse_query(query)
    assert setup is not None
    assert (setup.players, setup.seed, setup.speed_ms) == (players, seed, pace)
    assert (setup.ruleset, setup.pair) == ("v0.10.4", "USA")
    assert len(query_params(query)) <= MAX_PARAMETERS
    assert all(len(text) <= 13 for text in converted), [len(t) for t in converted]


def test_the_paces_are_the_ones_the_header_offers() -> None:
    assert tuple(speed_words()) == PACES


def test_the_new_game_form_and_an_embed_command_clamp_alike() -> None:
    form = setup_from_form({"players": "7", "seed": HUGE, "speed": "2000000000"}, {})
    assert (form.players, form.seed, form.speed_ms) == (4, MAX_SEED, 800)
    form = setup_from_form({"players": "", "seed": " 12 ", "speed": "-1"}, {})
    assert (form.players, form.seed, form.speed_ms) == (2, 12, 0)
    sent = command_setup('{"type": "new-game", "players": 9, "seed": -4, "speed": 99999}')
    assert sent is not None
    assert (sent.players, sent.seed, sent.speed_ms) == (4, 0, 800)
    assert command_setup('{"type": "new-game", "seed": ' + "9" * 30 + "}") is None
    assert Setup().speed_ms in PACES
