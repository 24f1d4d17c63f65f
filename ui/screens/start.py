"""Markup of the start screen: what a first visit (no URL parameters) shows before any game.

It says what the game is and what wins it, and offers every way in: Continue (when a game is
saved on this browser), Play against the computer (a level to choose), and the New game
dialog with every option, beside the ways to learn: the Tutorial (:mod:`ui.control.tour`)
and the rules reference.
"""

from __future__ import annotations

from ..markup.html import attrs, e, icon
from ..model.saves import Summary
from ..words.i18n import _
from .panels import actions_words

# The computer's levels offered on the start screen (game.ai levels), easiest first.
START_LEVELS = ("easy", "medium", "hard")


def level_words() -> dict[str, tuple[str, str]]:
    """Level -> (its name, what playing it is like)."""
    return {
        "easy": (_("Easy"), _("Learning the game")),
        "medium": (_("Medium"), _("A fair fight")),
        "hard": (_("Hard"), _("Thinks ahead")),
    }


def start_html(offer: Summary | None, level: str) -> str:
    """The start screen; ``offer`` is the saved game Continue opens, ``level`` the computer's
    level chosen last time."""
    words = level_words()
    levels = "".join(
        f'<label class="st-level"><input type="radio" name="start-level"'
        f'{attrs(value=name, data_testid=f"start-level-{name}")}'
        f'{" checked" if name == level else ""}><b>{e(words[name][0])}</b>'
        f"<small>{e(words[name][1])}</small></label>"
        for name in START_LEVELS)
    play_cls = "" if offer else " primary"
    you = _("You play the USA; the computer plays the USSR.")
    rules = _("Rules")
    tutorial = _("Tutorial: learn by playing")
    howto = _("How to play")
    new = _("New game (all options)")
    saves = _("Saved games")
    resume = ""
    if offer is not None:
        moves = actions_words(offer.moves)
        go_on = _("Continue")
        resume = (
            f'<button type="button" class="st-go primary" data-testid="start-continue"'
            f'{attrs(data_cmd="continue", data_key=offer.key)}>'
            f'<b>{e(go_on)}</b><small>{e(offer.title)} · {e(offer.detail)} · '
            f"{e(moves)}</small></button>")
    lead = _("The Cold War race to the Moon. Each nation is a team: a Politician who plays "
              "Maneuvers, bluffs and decides launches, and an Engineer who builds the rocket.")
    goal = _("be the first nation to land on the Moon. A nation whose Popularity falls to 0 "
             "loses at once.")
    goal_is = _("The goal:")
    play = _("Play against the computer")
    return (
        f'<div class="dlg start" role="dialog" aria-modal="true" aria-labelledby="st-t" '
        f'data-testid="start">'
        f'<h2 id="st-t">{icon("rocket", "big")} MOONSHOT <small>The Next Giant Leap</small></h2>'
        f'<p class="st-lead">{e(lead)}</p>'
        f'<p class="st-goal"><b>{e(goal_is)}</b> {e(goal)}</p>'
        f"{resume}"
        f'<form id="startform"><fieldset class="vs"><legend>{e(play)}</legend>'
        f'<p class="st-you">{e(you)}</p>'
        f'<div class="st-levels">{levels}</div>'
        f'<button type="button" class="st-go{play_cls}" data-cmd="start-play" '
        f'data-testid="start-play"><b>{e(play)}</b></button>'
        f"</fieldset></form>"
        f'<div class="st-more">'
        f'<button type="button" data-cmd="tutorial" data-testid="start-tutorial">'
        f'{icon("rocket")} {e(tutorial)}</button>'
        f'<button type="button" data-cmd="howto" data-testid="start-howto">'
        f"{e(howto)}</button>"
        f'<button type="button" data-cmd="rules" data-testid="start-rules">'
        f'{icon("card")} {e(rules)}</button>'
        f'<button type="button" data-cmd="open-saves" data-testid="start-saves">'
        f"{e(saves)}</button>"
        f'<button type="button" data-cmd="open-new" data-testid="start-new">'
        f"{e(new)}</button></div></div>")


def preview_html() -> str:
    """The start screen as a first visit shows it before Python is up (the build writes it
    into index.html in each language; public/boot.js puts the reader's in the dialog): what
    the game is, at once, with every control disabled until the game is ready and draws the
    real one in its place."""
    markup = start_html(None, START_LEVELS[0])
    return (markup.replace("<button ", "<button disabled ").replace("<input ", "<input disabled ")
            .replace('data-testid="start"', 'data-testid="start" aria-busy="true"', 1))
