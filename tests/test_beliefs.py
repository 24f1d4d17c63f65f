"""game.ai.beliefs: the coach's reading of the hidden table, counted over games sampled from
the seat's own view, never a peek."""

from __future__ import annotations

from collections import Counter

from game.ai.beliefs import SAMPLES, beliefs
from game.analysis.infostate import determinize
from game.analysis.sampled import seeded_by
from game.engine import Game
from game.tools.tournament import medium_moves
from tests.test_messages import english_sentences
from tests.test_stakes import same_view_other_secrets
from ui.markup.html import e
from ui.screens.reading import reading_html
from ui.words import i18n
from ui.words.names import card_name, percent


def contested(seed: int = 3) -> tuple[Game, str]:
    """A Politics turn of the USA's Politician, the USSR undecided, with the USSR's tokens on
    the boards (whole medium games from ``seed``)."""
    for g, seat, _legal, _move in medium_moves(seed):
        state = g.state
        rival_tokens = any(st and any(who == "USSR" for who, _ in st.tokens)
                           for name in ("USA", "USSR") for st in state.nations[name].stacks)
        if seat == "USA.politician" and g.phase == "politics" and rival_tokens \
                and state.nations["USSR"].launch is None:
            return g.clone(), seat
    raise AssertionError("no such position")


def test_the_reading_is_counted_over_games_sampled_from_the_seats_view() -> None:
    g, seat = contested()
    view = g.view(seat)
    reading = beliefs(view, seat)
    assert reading.rival == "USSR" and reading.samples == SAMPLES
    # the same samples, drawn again here: the hand shares are theirs
    rng = seeded_by(view, seat, "beliefs")
    holds: Counter[str] = Counter()
    for _ in range(SAMPLES):
        world = determinize(view, rng)
        holds.update(set(world.state.nations["USSR"].hand))
        if view.nations["USSR"].launch is None:
            rng.getrandbits(32)  # the playout's seed, drawn as the reading draws it
    assert dict(reading.hand) == {card: n / SAMPLES for card, n in holds.items()}
    assert all(card.startswith("USSR:") for card, _ in reading.hand)
    assert reading.hand_size == len(g.state.nations["USSR"].hand)
    assert reading.tokens and all(0.0 <= t.bluffs <= 1.0 for t in reading.tokens)
    for t in reading.tokens:
        stack = g.state.nations[t.board].stacks[t.place - 1]
        assert stack is not None and t.card == stack.card
        assert t.tokens == sum(1 for who, _ in stack.tokens if who == "USSR")
        assert (t.bluffs * t.tokens * SAMPLES) == round(t.bluffs * t.tokens * SAMPLES)
    assert not reading.launch_known and reading.launch_samples == SAMPLES
    assert abs(sum(chance for _, chance in reading.launch) - 1.0) < 1e-9
    print(f"\nthe USSR's hand: {reading.hand[:3]}; its tokens: {reading.tokens}; "
          f"its launch: {reading.launch}")


def test_the_same_view_gives_the_same_numbers_whatever_is_hidden() -> None:
    g, seat = contested()
    first = beliefs(g.view(seat), seat)
    assert beliefs(g.clone().view(seat), seat) == first
    # other real dice, another hand for the rival, other decks: the same view, the same
    # numbers (same_view_other_secrets changes what the USSR cannot see: read as the USSR)
    g2 = next(iter(same_view_other_secrets(g)))
    ussr = "USSR.politician"
    assert g2.view(ussr) == g.view(ussr)
    assert beliefs(g2.view(ussr), ussr) == beliefs(g.view(ussr), ussr)
    assert g2.state.nations["USA"].hand != g.state.nations["USA"].hand or \
        g2.state.tile_decks != g.state.tile_decks


def test_a_decided_launch_is_read_as_it_is_shown() -> None:
    for g, seat, _legal, _move in medium_moves(5):
        rival = g.state.nations["USSR"]
        if seat == "USA.politician" and rival.launch:
            reading = beliefs(g.view(seat), seat)
            assert reading.launch_known and reading.launch == ((rival.launch, 1.0),)
            return
    raise AssertionError("no decided launch")


def test_the_reading_shows_in_english_and_in_hungarian() -> None:
    g, seat = contested()
    reading = beliefs(g.view(seat), seat)
    try:
        i18n.use("en")
        english = reading_html(reading)
        assert "What does the computer think?" in english
        assert f"It deals {SAMPLES} games that fit everything you can see" in english
        assert e("The USSR's hand") in english
        assert "Where the USSR launches this round" in english
        top, share = reading.hand[0]
        assert e(f"{card_name(top)}: in {percent(share)} of the games") in english
        i18n.use("hu")
        hungarian = reading_html(reading)
        assert "Mit gondol a számítógép?" in hungarian
        leaks = sorted(s for s in english_sentences() if s in hungarian)
        assert not leaks, leaks
    finally:
        i18n.use("en")
