"""Hints: the Hard AI's choice for the seat at the screen, shown on the board with one reason.

The AI thinks from the seat's view only (:class:`ui.control.hints.Hints`, through
:class:`ui.control.thinker.Thinker` as for an AI seat); the reason comes from
:func:`game.analysis.advice.advise` (also the seat's knowledge only) and is worded here: "Test Pogo
oscillation: your odds toward Luna 1 go from 44% to 71%". This module is pure Python (tested
in CPython).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from game.analysis.advice import LONG_SHOT, Reason
from game.core.actions import Action
from game.core.content import Effect
from game.core.names import is_nation
from game.rules.records import View
from game.rules.terms import other

from ..model.targets import Hint
from ..words.i18n import _, ngettext
from ..words.names import (
    card_name,
    content,
    deck_tile,
    effect_words,
    mission_name,
    module_name,
    nation_name,
    need_words,
    payload_name,
    percent,
    place_name,
    region_words,
    risk_name,
)
from .html import e, icon
from .looks import LOOKS

LEVEL = "hard"  # the AI level that gives hints


# --------------------------------------------------------------------------- words


def action_name(action: Action, view: View) -> str:
    """A short plain name of an action, as a hint opens with it (ui/markup/looks.py)."""
    look = LOOKS.get(type(action))
    return look.name(action, view) if look else action.kind


def _n(value: float) -> int:
    return round(value)


def _numbers() -> dict[str, str]:
    """A number the move's own rule changes, by game.analysis.advice's name."""
    return {
        "popularity": _("your Popularity goes from {before} to {after}"),
        "rival_popularity": _("the {rival}'s Popularity goes from {before} to {after}"),
        "budget": _("your Budget goes from {before} to {after}"),
        "rival_budget": _("the {rival}'s Budget goes from {before} to {after}"),
        "rival_sabotage": _("the {rival}'s rocket gets Sabotage: {before} to {after}"),
        "sabotage": _("your rocket's Sabotage goes from {before} to {after}"),
        "money": _("your money goes from {before} to {after}"),
        "test_steal": _("your Test Steals go from {before} to {after}"),
        "tech_steal": _("your Tech Steals go from {before} to {after}"),
        "free_research": _("your free Research goes from {before} to {after}"),
        "structure": _("your rocket's Structure goes from {before} to {after}"),
        "electronics": _("your rocket's Electronics goes from {before} to {after}"),
        "code": _("your rocket's Code goes from {before} to {after}"),
    }


def _place(where: str) -> str:
    """'USA:2' as the player reads it: the place's name (on whose board)."""
    board, index = where.split(":")
    if not is_nation(board):  # (the engine names places "<nation>:<index>")
        return where
    return _("{place} ({nation})").format(place=place_name(board, int(index)),
                                         nation=nation_name(board))


def _effects(effects: tuple[Effect, ...]) -> str:
    """What a set of effects gives, in words ('nothing' for none)."""
    return ", ".join(effect_words(e) for e in effects) if effects else effect_words(Effect())


def _steps(steps: tuple[str, ...]) -> str:
    """'load a Satellite, install the Electronics tile from the Development Line, 3 Tests'."""
    words = []
    for step in steps:
        kind, value = step.split(":")
        if kind == "payload":
            words.append(_("load the payload ({payload})").format(payload=payload_name(value)))
        elif kind == "tile":
            words.append(_("install the {tile} from the Development Line").format(
                tile=deck_tile(value)))
        else:
            words.append(ngettext("{count} Test", "{count} Tests", int(value)).format(
                count=value))
    return ", ".join(words)


def _launch(reason: Reason) -> str:
    if reason.reach is not None and round(reason.reach * 100) > round(reason.after * 100):
        return _("{odds} as the rocket stands; your Engineer can raise it to {reach} this "
                 "round: {steps}").format(odds=percent(reason.after),
                                          reach=percent(reason.reach),
                                          steps=_steps(reason.steps))
    return _("a {odds} chance of success, the rocket as it stands").format(
        odds=percent(reason.after))


def _table(reason: Reason, view: View, rival: str) -> str | None:
    """A reason about a Maneuver on a Politics board, in words; None for another kind."""
    kind, before, after = reason.kind, _n(reason.before), _n(reason.after)
    if kind not in ("support", "bluff", "stack", "evaluate", "escalate"):
        return None
    board = reason.subject.split(":")[0]
    card, place = card_name(reason.card), _place(reason.subject)
    won = effect_words(reason.won) if reason.won else ""
    blocked = _effects(reason.blocked)
    covered = effect_words(reason.covered) if reason.covered else ""
    if kind == "stack":
        return _("if you win it there you get {won}; if the {rival} obstructs it, the {rival} "
                 "gets {blocked}; while it lies there, {place} does not pay its own "
                 "{covered}").format(won=won, rival=rival, blocked=blocked, place=place,
                                     covered=covered)
    if kind == "bluff":
        return _("the {rival} sees {after} of your tokens on {card} at {place} and cannot "
                 "tell which are Bluffs: a Bluff counts zero").format(
            rival=rival, after=after, card=card, place=place)
    if kind == "evaluate":
        return _("your {own} Influence on {card} against the {rival}'s tokens there, {tokens} "
                 "(a Bluff counts zero): by what you can see, a {chance} chance you win its "
                 "{won}; once evaluated, the card leaves {place}, which pays its own {covered} "
                 "again from next round").format(own=before, tokens=reason.rival, rival=rival,
                                                 card=card, chance=percent(reason.chance),
                                                 won=won, place=place, covered=covered)
    if kind == "escalate":
        return _("{card} goes up to level {level}: winning it later gives {won}").format(
            card=card, level=after, won=won)
    if board == (view.nation or "USA"):
        return _("your Influence on {card} at {place} goes from {before} to {after}, against "
                 "the {rival}'s tokens there, {tokens}: winning it gives you {won}").format(
            card=card, place=place, before=before, after=after, tokens=reason.rival,
            rival=rival, won=won)
    return _("your Influence against the {rival}'s {card} at {place} goes from {before} to "
             "{after}, against the {rival}'s tokens there, {tokens}: obstructing it gives you "
             "{blocked} and keeps {won} from the {rival}").format(
        rival=rival, card=card, place=place, before=before, after=after, tokens=reason.rival,
        blocked=blocked, won=won)


def _build(reason: Reason) -> str:
    parameter = {"structure": _("Structure"), "electronics": _("Electronics"),
                 "code": _("Code")}[reason.subject]
    text = _("placed where it helps most, it raises your rocket's {parameter} from {before} "
             "to {after}").format(parameter=parameter, before=_n(reason.before),
                                  after=_n(reason.after))
    if reason.mission and reason.need > reason.after:
        text += " " + _("({mission}'s risks ask up to {need})").format(
            mission=mission_name(reason.mission), need=reason.need)
    return text


def _module(module: str) -> str:
    found = content().modules.get(module)
    need = need_words(dict(found.need)) if found else ""
    return _("{module} is installed: its bonus counts once it has {need} in {region}").format(
        module=module_name(module), need=need, region=region_words(module))


def why_text(reason: Reason, view: View) -> str:
    """The consequence (or the AI's estimate) in the player's words, without the move."""
    rival = nation_name(other(view.nation or "USA"))
    told = _WHY.get(reason.kind)
    if told is not None:
        return told(reason, view, rival)
    number = _numbers().get(reason.kind)
    if number is not None:
        return number.format(rival=rival, before=_n(reason.before), after=_n(reason.after))
    table = _table(reason, view, rival)
    if table is not None:
        return table
    return _estimate(reason, view)


def _estimate(reason: Reason, view: View) -> str:
    """The search's own reason: its estimate of the chance to win."""
    if reason.alternative is not None:
        return _("the computer rates your chance to win at {after} with it, {before} with "
                 "{other}").format(after=percent(reason.after), before=percent(reason.before),
                                   other=action_name(reason.alternative, view))
    return _("the computer rates your chance to win at {after} with it").format(
        after=percent(reason.after))


def _odds(r: Reason, _view: View, _rival: str) -> str:
    return _("your odds toward {mission} go from {before} to {after}").format(
        mission=mission_name(r.subject), before=percent(r.before), after=percent(r.after))


def _build_odds(r: Reason, _view: View, _rival: str) -> str:
    return _("placed where it helps most, it takes your odds toward {mission} from "
             "{before} to {after}").format(mission=mission_name(r.subject),
                                           before=percent(r.before), after=percent(r.after))


def _split(r: Reason, _view: View, _rival: str) -> str:
    return _("{after} toward {mission} with this split (the next best split: {before})"
             ).format(mission=mission_name(r.subject), before=percent(r.before),
                      after=percent(r.after))


def _tests(r: Reason, _view: View, _rival: str) -> str:
    if r.mission:
        return _("your Test tokens on {risk}, on the way to {mission}, go from {before} to "
                 "{after}").format(risk=risk_name(r.subject), before=_n(r.before),
                                   after=_n(r.after), mission=mission_name(r.mission))
    return _("your Test tokens on {risk} go from {before} to {after}").format(
        risk=risk_name(r.subject), before=_n(r.before), after=_n(r.after))


def _moon(r: Reason, _view: View, _rival: str) -> str:
    return _("a Moon risk turns face up ({after} of your {count} known), so your Engineer "
             "can test it before the landing: a face-down risk cannot be tested").format(
        after=_n(r.after), count=r.subject)


def _save(r: Reason, _view: View, _rival: str) -> str:
    return _("you keep your {money} money for later rounds").format(money=_n(r.after))


def _keep(r: Reason, _view: View, _rival: str) -> str:
    return _("you keep your {count} Maneuver cards in hand for later").format(
        count=_n(r.after))


def _hold(r: Reason, _view: View, rival: str) -> str:
    return _("you keep {influence} Influence and {bluff} Bluff tokens for a later turn "
             "this round, after the {rival} moves").format(
        influence=_n(r.before), bluff=_n(r.after), rival=rival)


def _influence(r: Reason, _view: View, _rival: str) -> str:
    return _("your Influence tokens for this round go from {before} to {after}").format(
        before=_n(r.before), after=_n(r.after))


def _abort(r: Reason, _view: View, _rival: str) -> str:
    return _("the best launch open, toward {mission}, has {odds} as the rocket stands, "
             "and a failure costs {cost} Popularity; aborting costs {abort}").format(
        mission=mission_name(r.subject), odds=percent(r.before), cost=_n(r.after),
        abort=r.rival)


def _concede(r: Reason, _view: View, _rival: str) -> str:
    return _("you keep your {popularity} Popularity: winning the tie costs {cost}").format(
        popularity=_n(r.before), cost=_n(r.after))


def _suppliers(r: Reason, _view: View, _rival: str) -> str:
    return ngettext("the tile waits on your Suppliers line and is installed free after "
                    "{rounds} round end (installing it now costs {cost})",
                    "the tile waits on your Suppliers line and is installed free after "
                    "{rounds} round ends (installing it now costs {cost})",
                    _n(r.before)).format(rounds=_n(r.before), cost=_n(r.after))


def _ordered(r: Reason, _view: View, _rival: str) -> str:
    return _("{module} is ordered: its bonus counts once it is delivered").format(
        module=module_name(r.subject))


def _new_mission(r: Reason, _view: View, _rival: str) -> str:
    return _("a level {level} Mission joins the table ({count} to aim at): your rocket "
             "as it stands passes its risks {chance} of the time, over the Missions it "
             "could be, once it carries the payload").format(
        level=r.subject, count=_n(r.after), chance=percent(r.chance))


# The reasons told by a sentence of their own, by kind (the numbers' and the tables' below).
_WHY: dict[str, Callable[[Reason, View, str], str]] = {
    "launch": lambda r, _view, _rival: _launch(r),
    "odds": _odds, "build_odds": _build_odds, "split": _split,
    "build": lambda r, _view, _rival: _build(r),
    "tests": _tests, "moon": _moon, "save": _save, "keep": _keep, "hold": _hold,
    "influence": _influence, "abort": _abort, "concede": _concede, "suppliers": _suppliers,
    "slot": lambda r, _view, _rival: _module(r.subject),
    "module": _ordered, "mission": _new_mission,
    "only": lambda _r, _view, _rival: _("the only move here"),
}


def reason_text(reason: Reason, action: Action, view: View, warning: str = "") -> str:
    """One line: the move and its reason, then what a player must hear with it (a long-shot
    launch, or the confirmation's ``warning`` for a move the game asks about)."""
    name = action_name(action, view)
    if reason.alternative is not None and action_name(reason.alternative, view) == name:
        reason = replace(reason, alternative=None)  # "… 49% with Install the Module" says nothing
    text = _("{action}: {reason}.").format(action=name, reason=why_text(reason, view))
    if "long_shot" in reason.flags and (reason.reach is None or reason.reach < LONG_SHOT):
        text += " " + _("Careful: under {odds}, a long shot unless the rocket improves.").format(
            odds=percent(LONG_SHOT))
    if "warned" in reason.flags and warning:
        text += " " + _("Careful: {warning}").format(warning=warning)
    return text


def hint_html(thinking: bool, can_ask: bool) -> str:
    """The Hint button of the action bar (busy while the computer ``thinking``)."""
    if not can_ask:
        return ""
    busy = thinking
    label = _("Thinking…") if busy else _("Hint")
    tip = _("Ask the computer (Hard) what it would do here")
    state = ' disabled aria-busy="true"' if busy else ""
    return (f'<button type="button" class="hint-b" data-cmd="hint" data-testid="hint" '
            f'title="{e(tip)}"{state}>{icon("hint")} {e(label)}</button>')


def hint_line_html(hint: Hint | None) -> str:
    if hint is None:
        return ""
    read = ""
    if hint.index >= 0:  # the computer's reading of what the player cannot see, on request
        label = _("What does the computer think?")
        read = (f' <button type="button" class="read-b" data-cmd="reading" '
                f'data-testid="reading-open">{e(label)}</button>')
    return (f'<p class="hint-line">{icon("hint")} <span data-testid="hint-reason" '
            f'role="status">{e(hint.reason)}</span>{read}</p>')
