"""One nation's team board: the Politician strip and the Engineer strip.

Every thing a person can act on carries ``marks.at(target)`` (see :mod:`ui.targets`): it is
marked and clickable only while the engine offers an action through it.
"""

from __future__ import annotations

from typing import Any

from .html import NO_MARKS, Marks, attrs, e, emblem, icon
from .names import CATEGORIES, DECKS, PAYLOADS, card_levels, card_name, mission_name
from .rules import rule_link, tip
from .tiles import blueprint_html, tile_svg

PARAMS = (("S", "Structure"), ("E", "Electronics"), ("C", "Code"), ("adapt", "Adaptivity"))


def _count(name: str, value: int, title: str, cls: str = "", target: str = "") -> str:
    """A counter; ``target`` (marks when it can be touched) carries its own tooltip."""
    tip = "" if target else f' title="{e(title)}"'
    return (f'<span class="count {cls}"{tip}{target}>{icon(name, title=title)}'
            f"<b>{value}</b></span>")


def _chip(marks: Marks, target: str, text: str) -> str:
    """A small board control that exists only while its action is legal (a pass, a finish)."""
    if target not in marks:
        return ""
    return f'<span class="chip"{marks.at(target)}>{text}</span>'


def _tokens(stack: dict[str, Any], viewer: str | None) -> str:
    """Face-down tokens as counts per nation; kinds only for the viewer's own."""
    out = []
    for nation in ("USA", "USSR"):
        mine = [t for t in stack["tokens"] if t["nation"] == nation]
        if not mine:
            continue
        if nation == viewer:
            kinds = [t["kind"] for t in mine]
            inf, blf = kinds.count("influence"), kinds.count("bluff")
            out.append(f'<span class="tok {nation.lower()}" title="{nation}: {inf} Influence, '
                       f'{blf} Bluff">{icon("influence")}{inf}{icon("bluff")}{blf}</span>')
        else:
            out.append(f'<span class="tok {nation.lower()}" title="{nation}: {len(mine)} '
                       f'face-down tokens">{icon("token")}&times;{len(mine)} {nation}</span>')
    return "".join(out)


def _place(place: dict[str, Any], viewer: str | None, nation: str, marks: Marks) -> str:
    stack = place["stack"]
    cat = CATEGORIES.get(place["category"], place["category"])
    index = place["index"]
    body = ""
    if stack:
        lv = stack["level"]
        levels = "".join(f'<li class="{"on" if i + 1 == lv else ""}">L{i + 1}: {e(t)}</li>'
                         for i, t in enumerate(stack["levels_text"]))
        cover = ""
        if stack["covered"]:
            cover = (f' · covered by {e(card_name(stack["cover"]))}' if stack["cover"]
                     else " · covered")
        body = (f'<div class="stack" data-rule="evaluation" title="{e(tip("evaluation"))}"'
                f'{marks.at(f"stack:{nation}:{index}")}>'
                f'{icon("card", "cardic")}<div><b>{e(stack["name"])}</b>'
                f'<small> level {lv}{cover}</small><ul class="levels">{levels}</ul>'
                f'<div class="toks">{_tokens(stack, viewer)}</div></div></div>')
    dim = " blocked" if stack else ""
    return (f'<li class="place{dim}"><div class="pl"{marks.at(f"place:{nation}:{index}")}>'
            f'<div class="pl-h"><span class="pl-n">{index}</span>'
            f'<span class="pl-name">{e(place["name"])}</span></div>'
            f'<div class="pl-eff" title="{e(cat)}"><small>{e(cat)}:</small> '
            f'{e(place["effect_text"])}</div></div>{body}</li>')


def _hand(n: dict[str, Any], marks: Marks) -> str:
    cards = []
    for card in n["hand"]:
        levels = " / ".join(card_levels(card))
        hint = f"{levels}. {tip('maneuvers')}"
        cards.append(f'<li><div class="mcard" data-card="{e(card)}" data-rule="maneuvers" '
                     f'title="{e(hint)}"{marks.at(f"hand:{card}")}>'
                     f'<b>{e(card_name(card))}</b><small>{e(levels)}</small></div></li>')
    done = _chip(marks, f"hand-pass:{n['name']}", "Pass: play no more cards")
    return (f'<div class="hand" data-testid="hand"><h4>Hand {rule_link("maneuvers")}</h4>'
            f'<ul>{"".join(cards)}</ul>{done}</div>')


def _launch(n: dict[str, Any], marks: Marks) -> str:
    launch = n["launch"]
    if launch is None:
        target = marks.at(f"rocket:{n['name']}")
        words = "Abort the launch (-1 Popularity)" if target else "Launch: undecided"
        return f'<span class="launch undecided"{target}>{icon("rocket")} {words}</span>'
    if launch == "":
        return '<span class="launch aborted">Launch aborted</span>'
    return (f'<span class="launch go">{icon("rocket")} Launching to '
            f"<b>{e(mission_name(launch))}</b></span>")


def _reward(n: dict[str, Any], marks: Marks) -> str:
    target = f"reward:{n['name']}"
    if target not in marks:
        return ""
    return (f'<div class="decision"{marks.at(target)}>{icon("moon")} Mission completed: '
            f"claim the reward, or explore a Moon risk instead</div>")


def politician_html(n: dict[str, Any], viewer: str | None, marks: Marks = NO_MARKS) -> str:
    own = viewer == n["name"]
    name = n["name"]
    if own and n["tokens"] is not None:
        toks = (_count("influence", n["tokens"]["influence"], "Influence tokens left", "",
                       marks.at(f"influence:{name}", tip="Trade Popularity for Influence"))
                + _count("bluff", n["tokens"]["bluff"], "Bluff tokens left"))
    else:
        toks = _count("token", n["tokens_left"], "Tokens left (face down)")
    toks += _chip(marks, f"tokens-done:{name}", "Finish supporting")
    hand = _hand(n, marks) if own and n["hand"] is not None else (
        f'<div class="hand-back">{icon("card")}&times;{n["hand_size"]} cards in hand</div>')
    places = "".join(_place(p, viewer, name, marks) for p in n["places"])
    return (f'<section class="strip politician" data-part="politician">'
            f'<h3>Politician {rule_link("round")}</h3>'
            f'<div class="row">{toks}{_launch(n, marks)}</div>{_reward(n, marks)}{hand}'
            f'<ol class="places" data-rule="places">{places}</ol></section>')


def _params(n: dict[str, Any], marks: Marks) -> str:
    p = n["parameters"]
    out = []
    for k, t in PARAMS:
        target = marks.at(f"adapt:{n['name']}") if k == "adapt" else ""
        out.append(f'<span class="param k{k}" title="{t}"{target}>{icon(k)}<b>{p[k]}</b>'
                   f"<small>{t}</small></span>")
    return f'<div class="params">{"".join(out)}</div>'


def _modules(n: dict[str, Any], marks: Marks) -> str:
    out = []
    for i, m in enumerate(n["modules"]):
        if m is None:
            inner = '<span class="empty-slot">empty slot</span>'
            state = "free"
        else:
            bonus = " ".join(f"+{v}{k if k != 'adapt' else ' Adapt'}" for k, v in m["bonus"].items()
                             if v)
            need = ", ".join(f"{v} {k}" for k, v in m["need"].items())
            state = "active" if m["active"] else "inactive"
            inner = (f'<b>{e(m["name"])}</b><small>{e(m["region"])}: needs {e(need)}</small>'
                     f'<small class="bonus">{e(bonus)} · {state}</small>')
        target = marks.at(f"slot:{n['name']}:{i}", tip=f"Install into slot M{i + 1}")
        out.append(f'<li class="module {state}"'
                   f'{attrs(data_slot=i, data_rule="modules", title=tip("modules"))}>'
                   f'<div class="slot"{target}><span class="slot-n">M{i + 1}</span>{inner}'
                   f"</div></li>")
    return f'<ol class="modules" aria-label="Module slots">{"".join(out)}</ol>'


def _line(n: dict[str, Any], marks: Marks) -> str:
    name = n["name"]
    tiles = "".join(
        f'<div class="mini"{marks.at(f"line:{name}:{deck}", f"{DECKS[deck]} tile")}>'
        f'{tile_svg(t) if t else ""}</div>' for deck, t in n["line"].items())
    return (f'<div class="devline" data-rule="eng-line"><h4>Development Line '
            f'{rule_link("eng-line")}</h4><div class="minis">{tiles}</div></div>')


def _suppliers(n: dict[str, Any], marks: Marks) -> str:
    out = []
    for space, s in enumerate(n["suppliers"]):
        item = s["item"]
        if item is None:
            inner = '<span class="empty-slot">—</span>'
        elif "module" in item:
            inner = f'<small class="modname">{e(item["name"])}</small>'
        else:
            inner = f'<div class="mini">{tile_svg(item)}</div>'
        target = marks.at(f"supplier:{n['name']}:{space}", tip=f"The {s['price']}$ space")
        out.append(f'<li><div class="space"{target}><span class="price">{s["price"]}$</span>'
                   f"{inner}</div></li>")
    return (f'<div class="suppliers" data-rule="delivery"><h4>Suppliers <small>→ delivery</small> '
            f'{rule_link("delivery")}</h4>'
            f'<ol>{"".join(out)}</ol></div>')


def moon_cards(n: dict[str, Any], marks: Marks, face_up: Any) -> str:
    """A nation's Moon path: face-down cards (explorable ones marked), face-up ones drawn
    by ``face_up(risk)``."""
    out = []
    for slot, risk in enumerate(n["moon_path"]):
        if risk is None:
            target = marks.at(f"moonrisk:{n['name']}:{slot}", f"Explore Moon risk {slot + 1}")
            out.append(f'<li class="back" title="Face-down Moon risk"{target}>{icon("moon")}'
                       f"</li>")
        else:
            out.append(face_up(risk))
    return "".join(out)


def _moon_path(n: dict[str, Any], marks: Marks) -> str:
    cards = moon_cards(n, marks, lambda risk: f'<li class="up" title="{e(risk["flavour"])}">'
                                              f'{e(risk["name"])}</li>')
    return (f'<div class="moonpath" data-rule="moon"><h4>Moon path {rule_link("moon")}</h4>'
            f"<ol>{cards}</ol></div>")


def _pending(n: dict[str, Any], marks: Marks) -> str:
    if not n["pending"]:
        return ""
    what = n["pending"]["what"]
    words = {"keep": "choosing a researched tile", "place": "placing a tile",
             "module": "installing a delivered Module"}.get(what, what)
    out = f'<div class="pending">Engineer is {e(words)}</div>'
    tile = n["pending"].get("tile")
    if tile and what == "place":
        out += f'<div class="mini pend">{tile_svg(tile)}</div>'
    for index, kept in enumerate(n["pending"].get("tiles") or []):
        target = marks.at(f"keep:{n['name']}:{index}", f"Keep the {DECKS[kept['deck']]} tile")
        out += f'<div class="mini keep"{target}>{tile_svg(kept)}</div>'
    return out


def engineer_html(n: dict[str, Any], marks: Marks, ghost_cell: int | None) -> str:
    name = n["name"]
    extras = (_count("money", n["money"], "Money", "money")
              + _count("sabotage", n["sabotage"], "Sabotage markers on this rocket", "",
                       marks.at(f"sabotage:{name}", tip="Remove Sabotage markers"))
              + _count("teststeal", n["test_steal"], "Test Steal tokens")
              + _count("techsteal", n["tech_steal"], "Tech Steal tokens"))
    if n["free_research"]:
        extras += f'<span class="count">free Research &times;{n["free_research"]}</span>'
    passed = '<span class="passed">passed</span>' if n["engineer_passed"] else ""
    booked = "".join(f'<span class="count">{e(PAYLOADS.get(p, p))} → {e(mission_name(m))}</span>'
                     for p, m in n["booked"])
    done = _chip(marks, f"eng-pass:{name}", "Pass: done this round")
    ghost = (n["pending"] or {}).get("tile") if ghost_cell is not None else None
    return (f'<section class="strip engineer" data-part="engineer"><h3>Engineer {passed} '
            f'{rule_link("blueprint")}</h3>'
            f'<div class="row">{extras}{booked}{done}</div>{_params(n, marks)}'
            f'{_pending(n, marks)}{blueprint_html(n, marks, ghost_cell, ghost)}'
            f'{_modules(n, marks)}'
            f'<div class="lines">{_line(n, marks)}{_suppliers(n, marks)}</div>'
            f"{_moon_path(n, marks)}</section>")


def board_html(view: dict[str, Any], nation: str, *, marks: Marks = NO_MARKS,
               ghost_cell: int | None = None, acting: str = "") -> str:
    """The board of ``nation``; ``acting`` names its seat to act now (shown in its head)."""
    n = view["nations"][nation]
    first = (f'<span class="first" title="First Player">{icon("first")} First player</span>'
             if view["first_player"] == nation else "")
    pop = (f'<span class="count">{icon("popularity", title="Popularity")}'
           f'<b>{n["popularity"]}</b></span>')
    bud = f'<span class="count">{icon("budget", title="Budget")}<b>{n["budget"]}</b></span>'
    turn = f' <span class="acting">{e(acting)} to act</span>' if acting else ""
    talk = _chip(marks, f"discussion:{nation}", "End the discussion")
    return (f'<header class="bhead"><h2 class="bname">{emblem(nation)}</h2>'
            f"{turn}{talk}{first}{pop}{bud}</header>"
            f"{politician_html(n, view['nation'], marks)}"
            f"{engineer_html(n, marks, ghost_cell)}")
