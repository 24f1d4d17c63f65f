"""Effects drawn as the cards print them (ui.markup.html.effect_html): an icon and a number
for each change, the opponent's marked, the words kept for a screen reader."""

from __future__ import annotations

import re

from game.core.content import Effect, load_content
from ui.markup.html import effect_html
from ui.words.names import EFFECT_ICON, effect_parts, effect_words


def test_each_change_is_an_icon_and_a_number_with_its_words() -> None:
    drawn = effect_html(Effect(money=2, remove_sabotage=1, opponent_popularity=-1))
    chips = re.findall(r'<span class="fx( opp)?" title="([^"]+)">', drawn)
    assert [words for _, words in chips] == ["+2 money", "-1 opponent Popularity",
                                             "1 own Sabotage removed"]
    assert [bool(opp) for opp, _ in chips] == [False, True, False]  # the opponent's marked
    assert drawn.count("<small>rival</small>") == 1
    assert "#i-money" in drawn and "#i-sabotage" in drawn and "#i-popularity" in drawn
    # the numbers as printed: a removal and a loss with a true minus sign
    shown = re.findall(r"</svg>([^<]+)</span></span>", drawn)
    assert shown == ["+2", "\u22121", "\u22121"]


def test_every_cards_effects_keep_their_words_and_have_an_icon() -> None:
    content = load_content()
    effects = [level for card in content.maneuvers.values() for level in card.levels]
    assert effects
    for effect in effects:
        drawn = effect_html(effect)
        for key, _amount, words in effect_parts(effect):
            assert key in EFFECT_ICON, key
            assert f'<span class="sr">{words}</span>' in drawn
        assert ", ".join(w for _, _, w in effect_parts(effect)) == effect_words(effect)
