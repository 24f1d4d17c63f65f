"""Markup of the coach's reading of the hidden table (:func:`game.ai.beliefs.beliefs`): what
the computer believes about the rival from the seat's own view, each number with the games
it was counted over. Opened from a hint's line (ui.control.hints).

Pure Python (strings only), tested in CPython.
"""

from __future__ import annotations

from game.ai.beliefs import Beliefs

from ..markup.html import e
from ..words.i18n import _, ngettext
from ..words.names import card_name, mission_name, nation_name, percent, place_name

SHOWN_CARDS = 5  # the likeliest cards of the rival's hand shown


def _hand(reading: Beliefs, rival: str) -> str:
    title = ngettext("The {rival}'s hand: {count} card", "The {rival}'s hand: {count} cards",
                     reading.hand_size).format(rival=rival, count=reading.hand_size)
    line = _("{card}: in {share} of the games")
    items = "".join(f"<li>{e(line.format(card=card_name(card), share=percent(share)))}</li>"
                    for card, share in reading.hand[:SHOWN_CARDS])
    return f"<h3>{e(title)}</h3><ul>{items}</ul>" if items else f"<h3>{e(title)}</h3>"


def _tokens(reading: Beliefs, rival: str) -> str:
    title = _("Bluffs among the {rival}'s face-down tokens").format(rival=rival)
    if not reading.tokens:
        none = _("The {rival} has no tokens on the boards.").format(rival=rival)
        return f"<h3>{e(title)}</h3><p>{e(none)}</p>"
    items = []
    for t in reading.tokens:
        line = ngettext("{card} at {place}: {count} token, a Bluff in {share} of the games",
                        "{card} at {place}: {count} tokens, {share} of them Bluffs",
                        t.tokens).format(card=card_name(t.card), count=t.tokens,
                                         place=place_name(t.board, t.place),
                                         share=percent(t.bluffs))
        items.append(f"<li>{e(line)}</li>")
    return f"<h3>{e(title)}</h3><ul>{''.join(items)}</ul>"


def _target(mission: str) -> str:
    return mission_name(mission) if mission else _("no launch (an abort)")


def _launch(reading: Beliefs, rival: str) -> str:
    title = _("Where the {rival} launches this round").format(rival=rival)
    if reading.launch_known:
        decided = _("Decided, for all to see: {target}.").format(
            target=_target(reading.launch[0][0]))
        return f"<h3>{e(title)}</h3><p>{e(decided)}</p>"
    items = "".join(f"<li>{e(_target(m))}: {e(percent(share))}</li>"
                    for m, share in reading.launch)
    over = _("Played out by the computer's medium player in {count} of the games.").format(
        count=reading.launch_samples)
    return f"<h3>{e(title)}</h3><ul>{items}</ul><p><small>{e(over)}</small></p>"


def reading_html(reading: Beliefs) -> str:
    """The dialog: the rival's likely hand, its Bluffs, its launch, and how they were found."""
    rival = nation_name(reading.rival)
    title = _("What does the computer think?")
    intro = _("It cannot see the {rival}'s hand, the kinds of its face-down tokens or what it "
              "will do next. It deals {count} games that fit everything you can see, the way "
              "it does when it plays, and counts them: nothing here comes from what you "
              "cannot see.").format(rival=rival, count=reading.samples)
    close = _("Close")
    return (f'<div class="dlg reading" role="dialog" aria-modal="true" aria-labelledby="rd-t" '
            f'data-testid="reading"><h2 id="rd-t">{e(title)}</h2><p>{e(intro)}</p>'
            f"{_hand(reading, rival)}{_tokens(reading, rival)}{_launch(reading, rival)}"
            f'<div class="dlg-b"><button type="button" class="primary" data-cmd="close-dialog" '
            f'data-testid="close-reading">{e(close)}</button></div></div>')
