"""The game log: plain words with the right articles, grouped by round and phase, oldest
first, with a run of one kind by one nation told as one line."""

from __future__ import annotations

import random

import game
from game.ai import get_ai
from game.core.events import (
    Changed,
    ManeuverPlayed,
    PayloadLoaded,
    RoundBegun,
    TileTaken,
    TokenPlaced,
)
from ui.markup.logbook import chapters, log_html, merged, runs
from ui.words.narration import Told, describe, lines, note, with_article


def test_articles() -> None:
    assert with_article("Electronics") == "an Electronics"
    assert with_article("Structure") == "a Structure"
    assert with_article("Astronaut") == "an Astronaut"
    taken = TileTaken(nation="USA", tile="E3", source="line")
    assert describe(taken) == "USA took an Electronics tile from the line."
    loaded = PayloadLoaded(nation="USSR", payload="astrodog")
    assert describe(loaded) == "USSR loaded an Astrodog."


def test_change_words_have_no_underscores() -> None:
    ev = Changed(nation="USA", what="free_research", by=1, now=1, source="maneuver:x")
    assert describe(ev) == "USA Free research +1 → 1 (maneuver)."


def _token(nation: str, board: str, place: int) -> TokenPlaced:
    return TokenPlaced(nation=nation, board=board, place=place)


def test_a_run_of_tokens_is_one_line_and_other_nations_break_it() -> None:
    told = [t for place in (4, 2, 4, 4) for t in lines([_token("USSR", "USA", place)],
                                                       note="AI medium")]
    told += lines([_token("USA", "USA", 1)])
    grouped = runs(told)
    assert [len(r) for r in grouped] == [4, 1]
    assert merged(grouped[0]) == ("USSR placed 4 face-down tokens: 3 on USA place 4, "
                                  "1 on USA place 2. (AI medium)")
    assert grouped[1][0].line == "USA placed a face-down token on USA place 1."


def test_changes_in_a_row_share_their_source() -> None:
    evs = [Changed(nation="USSR", what=w, by=b, now=n, source=s)
           for w, b, n, s in (("popularity", 1, 11, "mission"), ("money", 3, 4, "mission"),
                              ("money", 2, 6, "place"))]
    (run,) = runs(lines(evs))
    assert merged(run) == "USSR Popularity +1 → 11, Money +3 → 4 (mission), Money +2 → 6 (place)."


def test_kinds_that_are_the_story_are_never_merged() -> None:
    played = [ManeuverPlayed(nation="USA", card=c, place=1)
              for c in ("USA:press_conference", "USA:smear_campaign")]
    assert [len(r) for r in runs(lines(played))] == [1, 1]


def _played_log(seed: int) -> list[Told]:
    g = game.new_game(seed, players=2)
    ai, rng = get_ai("medium"), random.Random(seed)
    told = [note("New game")]
    step = 0
    while not g.is_over and g.round < 40:
        seats = g.to_act()
        seat = seats[step % len(seats)]
        step += 1
        told += lines(g.apply(seat, ai.choose(g.view(seat), g.legal_actions(seat), rng)))
    assert g.is_over
    return told


def test_a_whole_game_reads_by_round_and_phase_oldest_first() -> None:
    told = _played_log(5)
    book = chapters(told)
    assert book[0].title == "New game"
    assert book[1].title == "Round 1 · Maneuver cards"
    numbers = [c.round for c in book[1:]]
    assert numbers == sorted(numbers) and numbers[-1] > 2  # oldest first
    order = ["Maneuver cards", "Politics", "Engineering", "Launches", "Administration"]
    for c in book[1:]:
        assert c.title.split(" · ")[1] in order
    round_two = [c.title for c in book if c.round == 2]
    assert round_two[:2] == ["Round 2 · Maneuver cards", "Round 2 · Politics"]
    text = "\n".join(line for c in book for line in c.lines)
    assert "Phase:" not in text and " a Electronics" not in text
    assert "face-down tokens:" in text  # the AI's runs are merged...
    assert len(text.splitlines()) < len(told)  # ...so the book is shorter than the events
    assert "GAME OVER" in book[-1].lines[-1]


def test_log_html_shows_the_newest_chapters_escaped() -> None:
    told = [note("<b>New</b> game"), *lines([RoundBegun(round=2, first="USA")])]
    html = log_html(told)
    assert "&lt;b&gt;New&lt;/b&gt;" in html and "<b>New" not in html
    assert html.index("New game") < html.index("Round 2")
    assert log_html(told, shown=1).count('class="ch"') == 1
