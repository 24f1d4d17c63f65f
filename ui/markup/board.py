"""One nation's team board: the Politician strip and the Engineer strip.

Every thing a person can act on carries ``marks.at(target)`` (see :mod:`ui.model.targets`): it is
marked and clickable only while the engine offers an action through it.
"""

from __future__ import annotations

from collections.abc import Callable

from game import NATIONS
from game.core.names import NationId
from game.rules.records import (
    HandCard,
    NationView,
    PlaceView,
    RiskView,
    StackView,
    View,
)

from ..model.targets import target_id
from ..words.i18n import _, ngettext
from ..words.names import (
    bonus_words,
    card_effects,
    card_icon,
    card_levels,
    card_name,
    category_name,
    deck_tile,
    mission_name,
    module_name,
    nation_name,
    need_words,
    payload_name,
    percent,
    place_name,
    region_words,
    risk_flavour,
    risk_name,
    role_name,
)
from ..words.rules import tip
from .html import NO_MARKS, Marks, art, attrs, detail, e, effect_html, emblem, icon, rule_link
from .tiles import blueprint_html, tile_svg


def _param_words() -> tuple[tuple[str, str], ...]:
    return (("S", _("Structure")), ("E", _("Electronics")), ("C", _("Code")),
            ("adapt", _("Adaptivity")))


def _count(name: str, value: int, title: str, cls: str = "", target: str = "") -> str:
    """A counter; ``target`` (marks when it can be touched) carries its own tooltip."""
    tip = "" if "data-target" in target else f' title="{e(title)}"'
    return (f'<span class="count {cls}"{tip}{target}>{icon(name, title=title)}'
            f"<b>{value}</b></span>")


def _chip(marks: Marks, target: str, text: str) -> str:
    """A small board control that exists only while its action is legal (a pass, a finish)."""
    if target not in marks:
        return ""
    return f'<span class="chip"{marks.at(target)}>{text}</span>'


def _tokens(stack: StackView, viewer: str | None) -> str:
    """Face-down tokens as counts per nation; kinds only for the viewer's own."""
    out = []
    for nation in NATIONS:
        mine = [t for t in stack.tokens if t.nation == nation]
        if not mine:
            continue
        name = nation_name(nation)
        if nation == viewer:
            kinds = [t.kind for t in mine]
            inf, blf = kinds.count("influence"), kinds.count("bluff")
            title = _("{nation}: {influence} Influence, {bluff} Bluff").format(
                nation=name, influence=inf, bluff=blf)
            out.append(f'<span class="tok {nation.lower()}"{attrs(title=title)}>'
                       f'{icon("influence")}{inf}{icon("bluff")}{blf}</span>')
        else:
            title = ngettext("{nation}: {count} face-down token",
                             "{nation}: {count} face-down tokens", len(mine)).format(
                nation=name, count=len(mine))
            out.append(f'<span class="tok {nation.lower()}"{attrs(title=title)}>'
                       f'{icon("token")}&times;{len(mine)} {e(name)}</span>')
    return "".join(out)


def _place(place: PlaceView, viewer: str | None, nation: NationId, marks: Marks) -> str:
    stack = place.stack
    cat = category_name(place.category)
    index = place.index
    body = ""
    if stack:
        lv = stack.level
        levels = "".join(f'<li class="{"on" if i + 1 == lv else ""}">L{i + 1}: '
                         f"{effect_html(effect)}</li>"
                         for i, effect in enumerate(stack.levels))
        level = _("level {level}").format(level=lv)
        if stack.covered:
            cover = (_("covered by {card}").format(card=card_name(stack.cover))
                     if stack.cover else _("covered"))
            level = f"{level} · {cover}"
        body = (f'<div class="stack" data-rule="evaluation" title="{e(tip("evaluation"))}"'
                f'{marks.at(target_id("stack", nation, index))}>'
                f'{icon(card_icon(stack.card), "cardic")}'
                f'<div><b>{e(card_name(stack.card))}</b>'
                f'<small> {e(level)}</small><ul class="levels">{levels}</ul>'
                f'<div class="toks">{_tokens(stack, viewer)}</div></div></div>')
    dim = " blocked" if stack else ""
    return (f'<li class="place{dim}"><div class="pl"{marks.at(target_id("place", nation, index))}>'
            f'{art(f"place-{index}")}'
            f'<div class="pl-h"><span class="pl-n">{index}</span>'
            f'<span class="pl-name">{e(place_name(nation, index))}</span></div>'
            f'<div class="pl-eff" title="{e(cat)}"><small>{e(cat)}:</small> '
            f'{effect_html(place.effect)}</div></div>{body}</li>')


def _hand(name: str, hand: tuple[HandCard, ...], marks: Marks) -> str:
    cards = []
    for card in (c.id for c in hand):
        hint = f"{' / '.join(card_levels(card))}. {tip('maneuvers')}"
        # each level as the card prints it: L1, then its changes as icons and numbers
        levels = "".join(f'<span class="lv"><i>L{n}</i>{effect_html(effect)}</span>'
                         for n, effect in enumerate(card_effects(card), 1))
        cards.append(f'<li><div class="mcard" data-card="{e(card)}" data-rule="maneuvers" '
                     f'title="{e(hint)}"{marks.at(target_id("hand", card))}>'
                     f'{icon(card_icon(card), "mc-i")}<b>{e(card_name(card))}</b>'
                     f'<small>{levels}</small></div></li>')
    done = _chip(marks, target_id("hand-pass", name), e(_("Pass: play no more cards")))
    heading = _("Hand")
    return (f'<div class="hand" data-testid="hand"{detail("hand")}><h4>{e(heading)} '
            f'{rule_link("maneuvers")}</h4>'
            f'<ul>{"".join(cards)}</ul>{done}</div>')


def _launch(n: NationView, marks: Marks, abort_cost: int) -> str:
    launch = n.launch
    if launch is None:
        target = marks.at(target_id("rocket", n.name))
        words = (_("Abort the launch (-{cost} Popularity)").format(cost=abort_cost) if target
                 else _("Launch: undecided"))
        return f'<span class="launch undecided"{target}>{icon("rocket")} {e(words)}</span>'
    if launch == "":
        aborted = _("Launch aborted")
        # the abort's own mark: where the rival's last move happened (ui.model.marks)
        rocket = marks.at(target_id("rocket", n.name))
        return f'<span class="launch aborted"{rocket}>{e(aborted)}</span>'
    going = e(_("Launching to {mission}")).format(mission=f"<b>{e(mission_name(launch))}</b>")
    return f'<span class="launch go">{icon("rocket")} {going}</span>'


def _reward(n: NationView, marks: Marks) -> str:
    target = target_id("reward", n.name)
    if target not in marks:
        return ""
    words = _("Mission completed: claim the reward, or explore a Moon risk instead")
    return f'<div class="decision"{marks.at(target)}>{icon("moon")} {e(words)}</div>'


def politician_html(n: NationView, viewer: str | None, abort_cost: int,
                    marks: Marks = NO_MARKS) -> str:
    """The Politician strip of nation ``n`` (``abort_cost``: the Popularity an abort costs)."""
    own = viewer == n.name
    name = n.name
    if own and n.tokens is not None:
        trade = marks.at(target_id("influence", name), tip=_("Trade Popularity for Influence"))
        toks = (_count("influence", n.tokens.influence, _("Influence tokens left"), "", trade)
                + _count("bluff", n.tokens.bluff, _("Bluff tokens left")))
    else:
        toks = _count("token", n.tokens_left, _("Tokens left (face down)"))
    toks += _chip(marks, target_id("tokens-done", name), e(_("Finish supporting")))
    in_hand = ngettext("{count} card in hand", "{count} cards in hand", n.hand_size).format(
        count=n.hand_size)
    hand = _hand(name, n.hand, marks) if own and n.hand is not None else (
        f'<div class="hand-back">{icon("card")}&times;{e(in_hand)}</div>')
    places = "".join(_place(p, viewer, name, marks) for p in n.places)
    return (f'<section class="strip politician" data-part="politician">'
            f'<h3>{e(role_name("politician"))} {rule_link("round")}</h3>'
            f'<div class="row">{toks}{_launch(n, marks, abort_cost)}</div>{_reward(n, marks)}{hand}'
            f'<ol class="places" data-rule="places"{detail("places")}>{places}</ol></section>')


def _params(n: NationView, marks: Marks) -> str:
    p = n.parameters
    out = []
    for k, t in _param_words():
        target = marks.at(target_id("adapt", n.name)) if k == "adapt" else ""
        value = p.adapt if k == "adapt" else p.of(k)
        out.append(f'<span class="param k{k}" title="{e(t)}"{target}>{icon(k)}<b>{value}</b>'
                   f"<small>{e(t)}</small></span>")
    return f'<div class="params">{"".join(out)}</div>'


def _modules(n: NationView, marks: Marks) -> str:
    out = []
    for i, m in enumerate(n.modules):
        if m is None:
            empty = _("empty slot")
            inner = f'<span class="empty-slot">{e(empty)}</span>'
            state = "free"
        else:
            state = "active" if m.active else "inactive"
            shown = _("active") if m.active else _("inactive")
            needs = _("{region}: needs {need}").format(region=region_words(m.id),
                                                       need=need_words(m.need))
            inner = (f'<b>{e(module_name(m.id))}</b><small>{e(needs)}</small>'
                     f'<small class="bonus">{e(bonus_words(m.bonus))} · {e(shown)}</small>')
        install = _("Install into slot M{slot}").format(slot=i + 1)
        target = marks.at(target_id("slot", n.name, i), tip=install)
        out.append(f'<li class="module {state}"'
                   f'{attrs(data_slot=i, data_rule="modules", title=tip("modules"))}>'
                   f'<div class="slot"{target}>{art("module") if m else ""}'
                   f'<span class="slot-n">M{i + 1}</span> {inner}'
                   f"</div></li>")
    label = _("Module slots")
    return f'<ol class="modules"{attrs(aria_label=label)}{detail("modules")}>{"".join(out)}</ol>'


def _line(n: NationView, marks: Marks) -> str:
    name = n.name
    tiles = "".join(
        f'<div class="mini"{marks.at(target_id("line", name, deck), deck_tile(deck))}>'
        f'{tile_svg(t) if t else ""}</div>' for deck, t in n.line.items())
    title = _("Development Line")
    return (f'<div class="devline" data-rule="eng-line"><h4>{e(title)} '
            f'{rule_link("eng-line")}</h4><div class="minis">{tiles}</div></div>')


def _suppliers(n: NationView, marks: Marks) -> str:
    out = []
    for space, s in enumerate(n.suppliers):
        if s.module is not None:
            inner = f'<small class="modname">{e(module_name(s.module.id))}</small>'
        elif s.tile is not None:
            inner = f'<div class="mini">{tile_svg(s.tile)}</div>'
        else:
            inner = '<span class="empty-slot">—</span>'
        space_words = _("The {price}$ space").format(price=s.price)
        target = marks.at(target_id("supplier", n.name, space), tip=space_words)
        out.append(f'<li><div class="space"{target}><span class="price">{s.price}$</span>'
                   f"{inner}</div></li>")
    suppliers, delivery = _("Suppliers"), _("→ delivery")
    return (f'<div class="suppliers" data-rule="delivery"><h4>{e(suppliers)} '
            f'<small>{e(delivery)}</small> {rule_link("delivery")}</h4>'
            f'<ol>{"".join(out)}</ol></div>')


def moon_cards(n: NationView, marks: Marks, face_up: Callable[[RiskView], str]) -> str:
    """A nation's Moon path: face-down cards (explorable ones marked), face-up ones drawn
    by ``face_up(risk)``."""
    out = []
    for slot, risk in enumerate(n.moon_path):
        if risk is None:
            explore = _("Explore Moon risk {slot}").format(slot=slot + 1)
            target = marks.at(target_id("moonrisk", n.name, slot), explore)
            back = _("Face-down Moon risk")
            out.append(f'<li class="back"{attrs(title=back)}{target}>{icon("moon")}</li>')
        else:
            out.append(face_up(risk))
    return "".join(out)


def _moon_path(n: NationView, marks: Marks) -> str:
    cards = moon_cards(n, marks, lambda risk: f'<li class="up"'
                                              f'{attrs(title=risk_flavour(risk.id))}>'
                                              f'{e(risk_name(risk.id))}</li>')
    title = _("Moon path")
    return (f'<div class="moonpath" data-rule="moon"{detail("moonpath")}><h4>{e(title)} '
            f'{rule_link("moon")}</h4>'
            f"<ol>{cards}</ol></div>")


def _pending(n: NationView, marks: Marks) -> str:
    pending = n.pending
    if pending is None:
        return ""
    what = pending.what
    words = {"keep": _("Engineer is choosing a researched tile"),
             "place": _("Engineer is placing a tile"),
             "module": _("Engineer is installing a delivered Module")}.get(what, what)
    if what == "module" and pending.module is not None:  # which: its slot's choice depends on it
        words = _("Engineer is installing a delivered Module: {module}").format(
            module=module_name(pending.module.id))
    out = f'<div class="pending">{e(words)}</div>'
    if pending.tile is not None and what == "place":
        out += f'<div class="mini pend">{tile_svg(pending.tile)}</div>'
    for index, kept in enumerate(pending.tiles):
        keep = _("Keep the {tile}").format(tile=deck_tile(kept.deck))
        target = marks.at(target_id("keep", n.name, index), keep)
        out += f'<div class="mini keep"{target}>{tile_svg(kept)}</div>'
    return out


def engineer_html(n: NationView, marks: Marks, ghost_cell: int | None) -> str:
    name = n.name
    extras = (_count("sabotage", n.sabotage, _("Sabotage markers on this rocket"), "",
                       marks.at(target_id("sabotage", name), tip=_("Remove Sabotage markers")))
              + _count("teststeal", n.test_steal, _("Test Steal tokens"))
              + _count("techsteal", n.tech_steal, _("Tech Steal tokens")))
    if n.free_research:
        free = _("free Research")
        extras += f'<span class="count">{e(free)} &times;{n.free_research}</span>'
    passed_words = _("passed")
    passed = f'<span class="passed">{e(passed_words)}</span>' if n.engineer_passed else ""
    booked = "".join(f'<span class="count">{e(payload_name(p))} → {e(mission_name(m))}</span>'
                     for p, m in n.booked)
    done = _chip(marks, target_id("eng-pass", name), e(_("Pass: done this round")))
    ghost = n.pending.tile if ghost_cell is not None and n.pending is not None else None
    return (f'<section class="strip engineer" data-part="engineer">'
            f'<h3>{e(role_name("engineer"))} {passed} {rule_link("blueprint")}</h3>'
            f'<div class="row">{extras}{booked}{done}</div>{_params(n, marks)}'
            f'{_pending(n, marks)}{blueprint_html(n, marks, ghost_cell, ghost)}'
            f'{_modules(n, marks)}'
            f'<div class="lines"{detail("lines")}>{_line(n, marks)}{_suppliers(n, marks)}</div>'
            f"{_moon_path(n, marks)}</section>")


def _aim(n: NationView, odds: dict[str, float]) -> str:
    """The launch target on the board's head, with the viewer's odds there when it is the
    viewer's nation: on a phone, where the Mission card is on another tab, still in view."""
    launch = n.launch
    if not launch:
        return ""
    chance = (f' <b class="odds">{e(percent(odds[launch]))}</b>' if launch in odds else "")
    title = _("Launching to {mission}").format(mission=mission_name(launch))
    return (f'<span class="aim"{attrs(title=title, data_testid="target-odds")}>'
            f'{icon("rocket")} {e(mission_name(launch))}{chance}</span>')


def tab_head_html(view: View, nation: NationId, odds: dict[str, float]) -> str:
    """What a phone's tab of ``nation``'s board says of it: its money, and its launch
    target's odds when they are the viewer's (``odds``): the acting nation's money and odds in
    view whichever part of the table is in front (acting on the rival's board, say)."""
    n = view.nations[nation]
    money = _count("money", n.money, _("Money"), "money")
    if not n.launch or n.launch not in odds:
        return money
    title = _("Launching to {mission}").format(mission=mission_name(n.launch))
    return (f'{money}<b class="odds"{attrs(title=title)}>'
            f"{e(percent(odds[n.launch]))}</b>")


def board_html(view: View, nation: NationId, *, marks: Marks = NO_MARKS,
               ghost_cell: int | None = None, acting: str = "",
               odds: dict[str, float] | None = None) -> str:
    """The board of ``nation``; ``acting`` names its seat to act now (shown in its head);
    ``odds``: the viewer's chances by Mission, given for the viewer's own nation."""
    n = view.nations[nation]
    first = ""
    if view.first_player == nation:
        first_words, first_title = _("First player"), _("First Player")
        first = (f'<span class="first"{attrs(title=first_title)}>{icon("first")} '
                 f"{e(first_words)}</span>")
    popularity, budget = _("Popularity"), _("Budget")
    pop = (f'<span class="count">{icon("popularity", title=popularity)}'
           f'<b>{n.popularity}</b></span>')
    bud = f'<span class="count">{icon("budget", title=budget)}<b>{n.budget}</b></span>'
    to_act = _("{seat} to act").format(seat=acting)
    turn = f' <span class="acting">{e(to_act)}</span>' if acting else ""
    talk = _chip(marks, target_id("discussion", nation), e(_("End the discussion")))
    money = _count("money", n.money, _("Money"), "money")  # on the head: always in view
    return (f'<header class="bhead"><h2 class="bname">{emblem(nation)}</h2>'
            f'{turn}{talk}{first}{_aim(n, odds or {})}'
            f'<span class="res">{pop}{bud}{money}</span></header>'
            f"{politician_html(n, view.nation, view.penalties['abort'], marks)}"
            f"{engineer_html(n, marks, ghost_cell)}")
