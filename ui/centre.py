"""The shared centre: tracks, active Missions and their Risks, the Moon, the Research Center."""

from __future__ import annotations

from typing import Any

from .html import e, icon
from .names import DECKS, PAYLOAD_ICON, PAYLOADS, PHASES, seat_name
from .rules import rule_link, tip
from .tiles import tile_svg

NATIONS = ("USA", "USSR")


def _marker(nation: str) -> str:
    return f'<span class="mk {nation.lower()}" title="{nation}">{icon(nation.lower())}</span>'


def popularity_track(view: dict[str, Any]) -> str:
    top = view["popularity_max"]
    cells = []
    for value in range(top + 1):
        here = "".join(_marker(n) for n in NATIONS if view["nations"][n]["popularity"] == value)
        zero = "zero" if value == 0 else ""
        cells.append(f'<li class="{zero}"><small>{value}</small>{here}</li>')
    return (f'<div class="track pop"><h4>{icon("popularity")} Popularity</h4>'
            f'<ol>{"".join(cells)}</ol></div>')


def budget_track(view: dict[str, Any]) -> str:
    values = [view["nations"][n]["budget"] for n in NATIONS]
    lo, hi = min(0, *values), max(45, *values)
    marks = "".join(
        f'<span class="bmk {n.lower()}" data-left="{(v - lo) * 100 / (hi - lo):.1f}" '
        f'title="{n} Budget {v}">{icon(n.lower())}<b>{v}</b></span>'
        for n, v in zip(NATIONS, values, strict=True))
    gap = abs(values[0] - values[1])
    limit = view["budget_gap_limit"]
    rule = "reaches" if view["budget_gap_inclusive"] else "exceeds"
    return (f'<div class="track bud"><h4>{icon("budget")} Budget <small>gap {gap} '
            f'(game ends when it {rule} {limit})</small></h4><div class="bbar">{marks}</div></div>')


def _ranges(risk: dict[str, Any], viewer: str | None) -> str:
    """The three d8 ranges as a bar; pass/fail coloured for the viewer's rocket (the view
    says whether each nation's rocket meets each range)."""
    parts = []
    for rg in risk["ranges"]:
        width = (min(rg["to"], 8) - rg["from"] + 1) * 12.5
        state = ""
        if viewer is not None:
            state = " pass" if rg["meets"][viewer] else " fail"
        mark = ("✓" if "pass" in state else "✗") if state else ""
        parts.append(f'<span class="rg{state}" data-width="{width}" '
                     f'title="{rg["from"]}-{rg["to"]}: needs S{rg["S"]} E{rg["E"]} C{rg["C"]}">'
                     f'<i>{rg["from"]}-{rg["to"]}</i><b>S{rg["S"]} E{rg["E"]} C{rg["C"]}</b>'
                     f"<em>{mark}</em></span>")
    return f'<div class="ranges">{"".join(parts)}</div>'


def risk_html(risk: dict[str, Any], view: dict[str, Any]) -> str:
    viewer = view["nation"]
    tests = "".join(
        f'<span class="tests {n.lower()}" title="{n} Test tokens">{icon("test")}{n} '
        f'{risk["tests"][n]}</span>' for n in NATIONS if risk["tests"][n])
    return (f'<li class="risk" data-risk="{e(risk["id"])}" data-rule="risk-roll" '
            f'title="{e(tip("risk-roll"))}"><div class="rk-h">'
            f'<b>{e(risk["name"])}</b><small>L{risk["level"]}</small>{tests}</div>'
            f'{_ranges(risk, viewer)}</li>')


def mission_html(m: dict[str, Any], view: dict[str, Any]) -> str:
    pay = m["payload"]
    pay_html = (f'<span class="payload" title="Needs {PAYLOADS[pay]}">'
                f'{icon(PAYLOAD_ICON[pay])}{PAYLOADS[pay]}</span>' if pay != "none" else "")
    launching = "".join(f'<span class="launching {n.lower()}">{icon("rocket")}{n}</span>'
                        for n in m.get("launching", []))
    risks = "".join(risk_html(r, view) for r in m.get("risks", []))
    return (f'<li class="mission lv{m["level"]}" data-mission="{e(m["id"])}" '
            f'data-rule="launches" title="{e(tip("launches"))}">'
            f'<div class="ms-h"><span class="lvl">L{m["level"]}</span><b>{e(m["name"])}</b>'
            f'<small>{m["year"]}</small>{pay_html}{launching}</div>'
            f'<div class="reward">Reward: {e(m["reward_text"])}</div>'
            f'<ol class="risks">{risks}</ol></li>')


def moon_html(view: dict[str, Any]) -> str:
    moon = view["moon"]
    if not moon["on_display"]:
        return ""
    paths = []
    for n in NATIONS:
        cards = "".join(
            f'<li class="back" title="Face-down">{icon("moon")}</li>' if r is None else
            f'<li class="up">{risk_html(r, view)}</li>'
            for r in view["nations"][n]["moon_path"])
        paths.append(f'<div class="mpath {n.lower()}">{_marker(n)}<ol>{cards}</ol></div>')
    gate = ("open: a level-3 Mission has been completed" if moon["gate_open"]
            else "closed until a level-3 Mission is completed")
    return (f'<section class="moon" data-rule="moon">{icon("moon", "big")}<div><h3>'
            f'{e(moon["name"])} '
            f'{rule_link("moon")}</h3>'
            f'<small>Needs Astronaut · gate {gate}</small>{"".join(paths)}</div></section>')


def research_html(view: dict[str, Any]) -> str:
    r = view["research"]
    decks = "".join(f'<span class="deck k{d}" title="{DECKS[d]} deck">{icon(d)}<b>{c}</b></span>'
                    for d, c in r["decks"].items())
    pile = (f'<div class="mini">{tile_svg(r["pile"][-1])}</div>' if r["pile"]
            else '<span class="empty-slot">empty</span>')
    mods = []
    for m in r["module_row"]:
        if m is None:
            mods.append('<li class="empty-slot">—</li>')
            continue
        bonus = " ".join(f"+{v}{k if k != 'adapt' else ' Adapt'}" for k, v in m["bonus"].items()
                         if v)
        need = ", ".join(f"{v} {k}" for k, v in m["need"].items())
        mods.append(f'<li class="module"><b>{e(m["name"])}</b><small>{e(m["region"])}: '
                    f'{e(need)}</small><small class="bonus">{e(bonus)}</small></li>')
    return (f'<section class="research" data-rule="eng-research"><h3>Research Center '
            f'{rule_link("eng-research")}</h3><div class="row">{decks}'
            f'<span class="pile">Research pile ({len(r["pile"])}): {pile}</span></div>'
            f'<h4>Module row <small>({r["module_deck"]} in deck)</small></h4>'
            f'<ol class="modrow">{"".join(mods)}</ol></section>')


def status_html(view: dict[str, Any]) -> str:
    acting = ", ".join(seat_name(s) for s in view["to_act"]) or "nobody"
    return (f'<div class="status"><span class="round">Round <b>{view["round"]}</b></span>'
            f'<span class="phase">{e(PHASES.get(view["phase"], view["phase"]))}</span>'
            f'<span class="fp">{icon("first")} {_marker(view["first_player"])}</span>'
            f'<span class="turn">To act: <b>{e(acting)}</b></span>'
            f'<small>{e(view["ruleset_title"])}</small></div>')


def centre_html(view: dict[str, Any]) -> str:
    missions = "".join(mission_html(m, view) for m in view["missions"])
    decks = " · ".join(f"L{lv}: {c}" for lv, c in view["mission_decks"].items())
    done = "".join(f'<li>{_marker(c["nation"])} {e(c["name"])} <small>round {c["round"]}</small>'
                   f"</li>" for c in view["completed"])
    done_html = f'<h4>Completed</h4><ul class="done">{done}</ul>' if done else ""
    return (f'{status_html(view)}{popularity_track(view)}{budget_track(view)}'
            f'<section class="missions"><h3>Active Missions <small>decks {decks}</small> '
            f'{rule_link("launches")}</h3>'
            f'<ol>{missions}</ol>{done_html}</section>{moon_html(view)}{research_html(view)}')
