"""One nation's team board: the Politician strip and the Engineer strip."""

from __future__ import annotations

from typing import Any

from .html import attrs, e, emblem, icon
from .names import CATEGORIES, PAYLOADS, card_levels, card_name, mission_name
from .rules import rule_link, tip
from .tiles import blueprint_html, tile_svg

PARAMS = (("S", "Structure"), ("E", "Electronics"), ("C", "Code"), ("adapt", "Adaptivity"))


def _count(name: str, value: int, title: str, cls: str = "") -> str:
    return (f'<span class="count {cls}" title="{e(title)}">{icon(name, title=title)}'
            f"<b>{value}</b></span>")


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


def _place(place: dict[str, Any], viewer: str | None) -> str:
    stack = place["stack"]
    cat = CATEGORIES.get(place["category"], place["category"])
    body = ""
    if stack:
        lv = stack["level"]
        levels = "".join(f'<li class="{"on" if i + 1 == lv else ""}">L{i + 1}: {e(t)}</li>'
                         for i, t in enumerate(stack["levels_text"]))
        cover = ""
        if stack["covered"]:
            cover = (f' · covered by {e(card_name(stack["cover"]))}' if stack["cover"]
                     else " · covered")
        body = (f'<div class="stack" data-rule="evaluation" title="{e(tip("evaluation"))}">'
                f'{icon("card", "cardic")}<div><b>{e(stack["name"])}</b>'
                f'<small> level {lv}{cover}</small><ul class="levels">{levels}</ul>'
                f'<div class="toks">{_tokens(stack, viewer)}</div></div></div>')
    dim = " blocked" if stack else ""
    return (f'<li class="place{dim}"><div class="pl-h"><span class="pl-n">{place["index"]}</span>'
            f'<span class="pl-name">{e(place["name"])}</span></div>'
            f'<div class="pl-eff" title="{e(cat)}"><small>{e(cat)}:</small> '
            f'{e(place["effect_text"])}</div>{body}</li>')


def _hand(n: dict[str, Any]) -> str:
    cards = []
    for card in n["hand"]:
        levels = " / ".join(card_levels(card))
        hint = f"{levels}. {tip('maneuvers')}"
        cards.append(f'<li class="mcard" data-card="{e(card)}" data-rule="maneuvers" '
                     f'title="{e(hint)}">'
                     f'<b>{e(card_name(card))}</b><small>{e(levels)}</small></li>')
    return (f'<div class="hand" data-testid="hand"><h4>Hand {rule_link("maneuvers")}</h4>'
            f'<ul>{"".join(cards)}</ul></div>')


def _launch(n: dict[str, Any]) -> str:
    launch = n["launch"]
    if launch is None:
        return '<span class="launch undecided">Launch: undecided</span>'
    if launch == "":
        return '<span class="launch aborted">Launch aborted</span>'
    return (f'<span class="launch go">{icon("rocket")} Launching to '
            f"<b>{e(mission_name(launch))}</b></span>")


def politician_html(n: dict[str, Any], viewer: str | None) -> str:
    own = viewer == n["name"]
    if own and n["tokens"] is not None:
        toks = (_count("influence", n["tokens"]["influence"], "Influence tokens left")
                + _count("bluff", n["tokens"]["bluff"], "Bluff tokens left"))
    else:
        toks = _count("token", n["tokens_left"], "Tokens left (face down)")
    hand = _hand(n) if own and n["hand"] is not None else (
        f'<div class="hand-back">{icon("card")}&times;{n["hand_size"]} cards in hand</div>')
    places = "".join(_place(p, viewer) for p in n["places"])
    return (f'<section class="strip politician"><h3>Politician {rule_link("round")}</h3>'
            f'<div class="row">{toks}{_launch(n)}</div>{hand}'
            f'<ol class="places" data-rule="places">{places}</ol></section>')


def _params(n: dict[str, Any]) -> str:
    p = n["parameters"]
    return '<div class="params">' + "".join(
        f'<span class="param k{k}" title="{t}">{icon(k)}<b>{p[k]}</b><small>{t}</small></span>'
        for k, t in PARAMS) + "</div>"


def _modules(n: dict[str, Any], slots_active: bool) -> str:
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
        hl = " target" if slots_active else ""
        out.append(f'<li class="module {state}{hl}"'
                   f'{attrs(data_slot=i, data_rule="modules", title=tip("modules"))}>'
                   f'<span class="slot-n">M{i + 1}</span>{inner}</li>')
    return f'<ol class="modules" aria-label="Module slots">{"".join(out)}</ol>'


def _line(n: dict[str, Any]) -> str:
    tiles = "".join(f'<div class="mini">{tile_svg(t) if t else ""}</div>'
                    for t in n["line"].values())
    return (f'<div class="devline" data-rule="eng-line"><h4>Development Line '
            f'{rule_link("eng-line")}</h4><div class="minis">{tiles}</div></div>')


def _suppliers(n: dict[str, Any]) -> str:
    out = []
    for s in n["suppliers"]:
        item = s["item"]
        if item is None:
            inner = '<span class="empty-slot">—</span>'
        elif "module" in item:
            inner = f'<small class="modname">{e(item["name"])}</small>'
        else:
            inner = f'<div class="mini">{tile_svg(item)}</div>'
        out.append(f'<li><span class="price">{s["price"]}$</span>{inner}</li>')
    return (f'<div class="suppliers" data-rule="delivery"><h4>Suppliers <small>→ delivery</small> '
            f'{rule_link("delivery")}</h4>'
            f'<ol>{"".join(out)}</ol></div>')


def _moon_path(n: dict[str, Any]) -> str:
    out = []
    for risk in n["moon_path"]:
        if risk is None:
            out.append(f'<li class="back" title="Face-down Moon risk">{icon("moon")}</li>')
        else:
            out.append(f'<li class="up" title="{e(risk["flavour"])}">{e(risk["name"])}</li>')
    return (f'<div class="moonpath" data-rule="moon"><h4>Moon path {rule_link("moon")}</h4>'
            f'<ol>{"".join(out)}</ol></div>')


def engineer_html(n: dict[str, Any], legal_cells: set[int] | None, chosen: int | None,
                  ghost: dict[str, Any] | None, slots_active: bool) -> str:
    extras = (_count("money", n["money"], "Money", "money")
              + _count("sabotage", n["sabotage"], "Sabotage markers on this rocket")
              + _count("teststeal", n["test_steal"], "Test Steal tokens")
              + _count("techsteal", n["tech_steal"], "Tech Steal tokens"))
    if n["free_research"]:
        extras += f'<span class="count">free Research &times;{n["free_research"]}</span>'
    pending = ""
    if n["pending"]:
        what = n["pending"]["what"]
        words = {"keep": "choosing a researched tile", "place": "placing a tile",
                 "module": "installing a delivered Module"}.get(what, what)
        pending = f'<div class="pending">Engineer is {e(words)}</div>'
        tile = n["pending"].get("tile")
        if tile and what == "place":
            pending += f'<div class="mini pend">{tile_svg(tile)}</div>'
    passed = '<span class="passed">passed</span>' if n["engineer_passed"] else ""
    booked = "".join(f'<span class="count">{e(PAYLOADS.get(p, p))} → {e(mission_name(m))}</span>'
                     for p, m in n["booked"])
    return (f'<section class="strip engineer"><h3>Engineer {passed} {rule_link("blueprint")}'
            f"</h3>"
            f'<div class="row">{extras}{booked}</div>{_params(n)}{pending}'
            f'{blueprint_html(n, legal_cells, chosen, ghost)}{_modules(n, slots_active)}'
            f'<div class="lines">{_line(n)}{_suppliers(n)}</div>{_moon_path(n)}</section>')


def board_html(view: dict[str, Any], nation: str, *, legal_cells: set[int] | None = None,
               chosen: int | None = None, ghost: dict[str, Any] | None = None,
               slots_active: bool = False, acting: bool = False) -> str:
    n = view["nations"][nation]
    first = (f'<span class="first" title="First Player">{icon("first")} First player</span>'
             if view["first_player"] == nation else "")
    pop = (f'<span class="count">{icon("popularity", title="Popularity")}'
           f'<b>{n["popularity"]}</b></span>')
    bud = f'<span class="count">{icon("budget", title="Budget")}<b>{n["budget"]}</b></span>'
    turn = ' <span class="acting">to act</span>' if acting else ""
    return (f'<header class="bhead">{emblem(nation)}{turn}{first}{pop}{bud}</header>'
            f"{politician_html(n, view['nation'])}"
            f"{engineer_html(n, legal_cells, chosen, ghost, slots_active)}")
