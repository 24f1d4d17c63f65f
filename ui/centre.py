"""The shared centre: tracks, active Missions and their Risks, the Moon, the Research Center."""

from __future__ import annotations

from typing import Any

from .board import moon_cards
from .html import NO_MARKS, Marks, e, icon
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
        zero = ' class="zero" title="At 0 Popularity a nation loses"' if value == 0 else ""
        mark = "<em>loses</em>" if value == 0 else ""
        cells.append(f'<li{zero}><small>{value}</small>{mark}{here}</li>')
    own = view["nation"]
    stand = ""
    if own:
        left = view["nations"][own]["popularity"]
        danger = " danger" if left <= 3 else ""
        stand = (f'<p class="stand{danger}" data-testid="popularity-stand">{own} has {left} '
                 f"Popularity: at 0 it loses the game</p>")
    return (f'<div class="track pop"><h4>{icon("popularity")} Popularity</h4>'
            f'<ol>{"".join(cells)}</ol>{stand}</div>')


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
    leader = NATIONS[0] if values[0] >= values[1] else NATIONS[1]
    behind = NATIONS[1] if leader == NATIONS[0] else NATIONS[0]
    ends = limit if view["budget_gap_inclusive"] else limit + 1
    room = ends - gap
    stand = (f"{behind} loses if the gap grows by {room} more" if gap else
             f"either nation loses when the gap {rule} {limit}")
    return (f'<div class="track bud"><h4>{icon("budget")} Budget <small>gap {gap}: '
            f'the game ends when it {rule} {limit}</small></h4><div class="bbar">{marks}</div>'
            f'<p class="stand{" danger" if gap and room <= 5 else ""}" data-testid="budget-stand">'
            f"{e(stand)}</p></div>")


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


def risk_html(risk: dict[str, Any], view: dict[str, Any], marks: Marks = NO_MARKS) -> str:
    viewer = view["nation"]
    tests = "".join(
        f'<span class="tests {n.lower()}" title="{n} Test tokens">{icon("test")}{n} '
        f'{risk["tests"][n]}</span>' for n in NATIONS if risk["tests"][n])
    target = marks.at(f"risk:{risk['id']}")
    return (f'<li class="risk" data-risk="{e(risk["id"])}" data-rule="risk-roll" '
            f'title="{e(tip("risk-roll"))}"><div class="rk"{target}>'
            f'<div class="rk-h"><b>{e(risk["name"])}</b><small>L{risk["level"]}</small>{tests}'
            f'</div>{_ranges(risk, viewer)}</div></li>')


def _odds(mission: str, odds: dict[str, float], marks: Marks) -> str:
    """A launch target's exact chance of success, printed on the card itself."""
    if f"mission:{mission}" not in marks or mission not in odds:
        return ""
    return f'<b class="odds" title="Chance of success">launch {odds[mission] * 100:.0f}%</b>'


def mission_html(m: dict[str, Any], view: dict[str, Any], marks: Marks = NO_MARKS,
                 odds: dict[str, float] | None = None) -> str:
    pay = m["payload"]
    pay_html = (f'<span class="payload" title="Needs {PAYLOADS[pay]}">'
                f'{icon(PAYLOAD_ICON[pay])}{PAYLOADS[pay]}</span>' if pay != "none" else "")
    launching = "".join(f'<span class="launching {n.lower()}">{icon("rocket")}{n}</span>'
                        for n in m.get("launching", []))
    risks = "".join(risk_html(r, view, marks) for r in m.get("risks", []))
    target = marks.at(f"mission:{m['id']}")
    return (f'<li class="mission lv{m["level"]}" data-mission="{e(m["id"])}" '
            f'data-rule="launches" title="{e(tip("launches"))}">'
            f'<div class="ms-t"{target}><div class="ms-h"><span class="lvl">L{m["level"]}</span>'
            f'<b>{e(m["name"])}</b><small>{m["year"]}</small>{pay_html}{launching}'
            f'{_odds(m["id"], odds or {}, marks)}</div>'
            f'<div class="reward">Reward: {e(m["reward_text"])}</div></div>'
            f'<ol class="risks">{risks}</ol></li>')


def moon_html(view: dict[str, Any], marks: Marks = NO_MARKS,
              odds: dict[str, float] | None = None) -> str:
    moon = view["moon"]
    if not moon["on_display"]:
        return ""
    paths = []
    for n in NATIONS:
        cards = moon_cards(view["nations"][n], marks,
                           lambda r: f'<li class="up"><ol>{risk_html(r, view, marks)}</ol></li>')
        paths.append(f'<div class="mpath {n.lower()}">{_marker(n)}<ol>{cards}</ol></div>')
    gate = ("open: a level-3 Mission has been completed" if moon["gate_open"]
            else "closed until a level-3 Mission is completed")
    target = marks.at(f"mission:{moon['id']}")
    return (f'<section class="moon" data-rule="moon">{icon("moon", "big")}<div>'
            f'<div class="ms-t"{target}><h3>'
            f'{e(moon["name"])} {rule_link("moon")}</h3>'
            f'<small>Needs Astronaut · gate {gate}</small>{_odds(moon["id"], odds or {}, marks)}'
            f'</div>{"".join(paths)}</div></section>')


def _deck_marks(deck: str, marks: Marks) -> str:
    """A Technology deck's tooltip: what touching it does when it can be touched."""
    return (marks.at(f"deck:{deck}", tip=f"Research from the {DECKS[deck]} deck")
            or f' title="{DECKS[deck]} deck"')


def research_html(view: dict[str, Any], marks: Marks = NO_MARKS) -> str:
    r = view["research"]
    decks = "".join(f'<span class="deck k{d}"{_deck_marks(d, marks)}>{icon(d)}<b>{c}</b></span>'
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
        target = marks.at(f"modrow:{m['id']}")
        mods.append(f'<li class="module"><div class="slot"{target}>'
                    f'<b>{e(m["name"])}</b><small>{e(m["region"])}: '
                    f'{e(need)}</small><small class="bonus">{e(bonus)}</small></div></li>')
    return (f'<section class="research" data-rule="eng-research"><h3>Research Center '
            f'{rule_link("eng-research")}</h3><div class="row">{decks}'
            f'<span class="pile"{marks.at("pile", tip="Install the top Research tile")}>'
            f'Research pile ({len(r["pile"])}): {pile}</span></div>'
            f'<h4>Module row <small>({r["module_deck"]} in deck)</small></h4>'
            f'<ol class="modrow">{"".join(mods)}</ol></section>')


def status_html(view: dict[str, Any]) -> str:
    acting = ", ".join(seat_name(s) for s in view["to_act"]) or "nobody"
    return (f'<div class="status"><span class="round">Round <b>{view["round"]}</b></span>'
            f'<span class="phase">{e(PHASES.get(view["phase"], view["phase"]))}</span>'
            f'<span class="fp">{icon("first")} {_marker(view["first_player"])}</span>'
            f'<span class="turn">To act: <b>{e(acting)}</b></span>'
            f'<small>{e(view["ruleset_title"])}</small></div>')


def _mission_decks(view: dict[str, Any], marks: Marks) -> str:
    return "".join(
        f'<span class="mdeck"{marks.at(f"mdeck:{lv}", tip=f"Announce a level {lv} Mission")}>'
        f"L{lv} <small>{c} left</small></span>"
        for lv, c in view["mission_decks"].items())


def centre_html(view: dict[str, Any], marks: Marks = NO_MARKS,
                odds: dict[str, float] | None = None) -> str:
    """The centre; ``odds``: exact launch chances of the Missions the viewer may launch to."""
    missions = "".join(mission_html(m, view, marks, odds) for m in view["missions"])
    done = "".join(f'<li>{_marker(c["nation"])} {e(c["name"])} <small>round {c["round"]}</small>'
                   f"</li>" for c in view["completed"])
    done_html = f'<h4>Completed</h4><ul class="done">{done}</ul>' if done else ""
    return (f'{status_html(view)}{popularity_track(view)}{budget_track(view)}'
            f'<section class="missions"><h3>Active Missions {rule_link("launches")}</h3>'
            f'<div class="mdecks"><small>Mission decks</small>{_mission_decks(view, marks)}</div>'
            f'<ol>{missions}</ol>{done_html}</section>{moon_html(view, marks, odds)}'
            f'{research_html(view, marks)}')
