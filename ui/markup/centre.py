"""The shared centre: tracks, active Missions and their Risks, the Moon, the Research Center."""

from __future__ import annotations

from collections.abc import Sequence

from game import NATIONS
from game.core.names import NationId
from game.rules.records import ActiveMission, RiskView, View

from ..model.targets import target_id
from ..words.i18n import _
from ..words.names import (
    PAYLOAD_ICON,
    bonus_words,
    deck_name,
    mission_name,
    module_name,
    nation_name,
    need_words,
    payload_name,
    percent,
    phase_name,
    region_words,
    risk_name,
    ruleset_title,
    seat_name,
)
from ..words.rules import tip
from .board import moon_cards
from .html import NO_MARKS, Marks, art, attrs, detail, e, effect_html, icon, rule_link
from .tiles import tile_svg

FLIGHTS = 4  # the flights drawn in the sprite (a-flight-0 to a-flight-3)


def _marker(nation: NationId) -> str:
    return (f'<span class="mk {nation.lower()}"{attrs(title=nation_name(nation))}>'
            f"{icon(nation.lower())}</span>")


def popularity_track(view: View) -> str:
    top = view.popularity_max
    cells = []
    zero_title, loses = _("At 0 Popularity a nation loses"), _("loses")
    for value in range(top + 1):
        here = "".join(_marker(n) for n in NATIONS if view.nations[n].popularity == value)
        zero = f' class="zero"{attrs(title=zero_title)}' if value == 0 else ""
        mark = f"<em>{e(loses)}</em>" if value == 0 else ""
        cells.append(f'<li{zero}><small>{value}</small>{mark}{here}</li>')
    own = view.nation
    stand = ""
    if own:
        left = view.nations[own].popularity
        danger = " danger" if left <= 3 else ""
        words = _("{nation} has {left} Popularity: at 0 it loses the game").format(
            nation=nation_name(own), left=left)
        stand = f'<p class="stand{danger}" data-testid="popularity-stand">{e(words)}</p>'
    title = _("Popularity")
    return (f'<div class="track pop"{detail("track")}><h4>{icon("popularity")} {e(title)}</h4>'
            f'<ol>{"".join(cells)}</ol>{stand}</div>')


def _budget_of(nation: NationId, budget: int) -> str:
    return _("{nation} Budget {budget}").format(nation=nation_name(nation), budget=budget)


def _tests_of(nation: NationId) -> str:
    return _("{nation} Test tokens").format(nation=nation_name(nation))


def budget_track(view: View) -> str:
    values = [view.nations[n].budget for n in NATIONS]
    lo, hi = min(0, *values), max(45, *values)
    marks = "".join(
        f'<span class="bmk {n.lower()}" data-left="{(v - lo) * 100 / (hi - lo):.1f}"'
        f"{attrs(title=_budget_of(n, v))}>{icon(n.lower())}<b>{v}</b></span>"
        for n, v in zip(NATIONS, values, strict=True))
    gap = abs(values[0] - values[1])
    limit = view.budget_gap_limit
    inclusive = view.budget_gap_inclusive
    leader = NATIONS[0] if values[0] >= values[1] else NATIONS[1]
    behind = NATIONS[1] if leader == NATIONS[0] else NATIONS[0]
    ends = limit if inclusive else limit + 1
    room = ends - gap
    if gap:
        stand = _("{nation} loses if the gap grows by {room} more").format(
            nation=nation_name(behind), room=room)
    elif inclusive:
        stand = _("either nation loses when the gap reaches {limit}").format(limit=limit)
    else:
        stand = _("either nation loses when the gap exceeds {limit}").format(limit=limit)
    ends_words = (_("gap {gap}: the game ends when it reaches {limit}") if inclusive
                  else _("gap {gap}: the game ends when it exceeds {limit}")).format(
        gap=gap, limit=limit)
    title = _("Budget")
    return (f'<div class="track bud"{detail("track")}><h4>{icon("budget")} {e(title)} '
            f'<small>{e(ends_words)}'
            f'</small></h4><div class="bbar">{marks}</div>'
            f'<p class="stand{" danger" if gap and room <= 5 else ""}" data-testid="budget-stand">'
            f"{e(stand)}</p></div>")


def _ranges(risk: RiskView, viewer: NationId | None) -> str:
    """The three d8 ranges as a bar; pass/fail coloured for the viewer's rocket (the view
    says whether each nation's rocket meets each range)."""
    parts = []
    for rg in risk.ranges:
        width = (min(rg.high, 8) - rg.low + 1) * 12.5
        state = ""
        if viewer is not None:
            state = " pass" if rg.meets[viewer] else " fail"
        mark = ("✓" if "pass" in state else "✗") if state else ""
        s, e_, c = rg.minimum
        needs = _("{low}-{high}: needs {needs}").format(
            low=rg.low, high=rg.high, needs=f"S{s} E{e_} C{c}")
        # a one-number range says its number once: "8", not "8-8" (a narrow box)
        rolls = str(rg.low) if rg.low == rg.high else f"{rg.low}-{rg.high}"
        parts.append(f'<span class="rg{state}" data-width="{width}"{attrs(title=needs)}>'
                     f"<i>{rolls}</i><b>S{s} E{e_} C{c}</b>"
                     f"<em>{mark}</em></span>")
    return f'<div class="ranges">{"".join(parts)}</div>'


def risk_html(risk: RiskView, view: View, marks: Marks = NO_MARKS) -> str:
    viewer = view.nation
    tests = "".join(
        f'<span class="tests {n.lower()}"{attrs(title=_tests_of(n))}>'
        f'{icon("test")}<span class="tn">{e(nation_name(n))} </span>{risk.tests[n]}</span>'
        for n in NATIONS if risk.tests[n])
    target = marks.at(target_id("risk", risk.id))
    # the name leads the title: a tight card (two to a row) shows no name
    title = f"{risk_name(risk.id)}: {tip('risk-roll')}"
    return (f'<li class="risk" data-risk="{e(risk.id)}" data-rule="risk-roll" '
            f'title="{e(title)}"><div class="rk"{target}>'
            f'<div class="rk-h">{icon("risk", "rk-i")}<b>{e(risk_name(risk.id))}</b>'
            f'<small>L{risk.level}</small>{tests}</div>{_ranges(risk, viewer)}</div></li>')


def _odds(mission: str, odds: dict[str, float], marks: Marks) -> str:
    """The chance of success of a launch to this card with the viewer's rocket as it stands,
    printed on the card itself in every phase (bright when a launch there can be decided)."""
    if mission not in odds:
        return ""
    title = _("Chance of success of your rocket as it stands")
    words = _("launch {odds}").format(odds=percent(odds[mission]))
    now = "" if target_id("mission", mission) in marks else " later"
    return (f'<b class="odds{now}"{attrs(title=title, data_testid="mission-odds")}>'
            f'{e(words)}</b>')


def _aimed(nations: Sequence[str], moon: bool = False) -> tuple[str, str]:
    """The nations launching to a card this round: a band in words and its colour on the card
    (where no one can miss it), and the card's classes for its border."""
    bands = []
    for n in nations:
        words = (_("{nation} attempts the Moon this round") if moon
                 else _("{nation} launches here this round")).format(nation=nation_name(n))
        bands.append(f'<div class="launching {n.lower()}"'
                     f'{attrs(data_testid="launching", data_nation=n)}>'
                     f'{icon("rocket")} {e(words)}</div>')
    return "".join(bands), "".join(f" aim-{n.lower()}" for n in nations)


def flight_art(level: int) -> str:
    """A Mission card's picture: the flight its level asks for (a hop, an orbit, a high
    orbit, the way to the Moon); levels past the drawn ones share the last."""
    return f"flight-{min(level, FLIGHTS - 1)}"


def mission_html(m: ActiveMission, view: View, marks: Marks = NO_MARKS,
                 odds: dict[str, float] | None = None) -> str:
    pay = m.payload
    pay_html = ""
    if pay != "none":
        needs = _("Needs {payload}").format(payload=payload_name(pay))
        pay_html = (f'<span class="payload"{attrs(title=needs)}>'
                    f"{icon(PAYLOAD_ICON[pay])}{e(payload_name(pay))}</span>")
    launching, aim = _aimed(m.launching)
    reward = e(_("Reward: {reward}")).format(reward=effect_html(m.reward))
    risks = "".join(risk_html(r, view, marks) for r in m.risks)
    target = marks.at(target_id("mission", m.id))
    return (f'<li class="mission lv{m.level}{aim}" data-mission="{e(m.id)}"{detail("mission")} '
            f'data-rule="launches" title="{e(tip("launches"))}">'
            f'<div class="ms-t"{target}>{art(flight_art(m.level))}{launching}<div class="ms-h">'
            f'<span class="lvl">L{m.level}</span>'
            f'<b>{e(mission_name(m.id))}</b><small class="year">{m.year}</small>{pay_html}'
            f'{_odds(m.id, odds or {}, marks)}</div>'
            f'<div class="reward">{reward}</div></div>'
            f'<ol class="risks">{risks}</ol></li>')


def moon_html(view: View, marks: Marks = NO_MARKS,
              odds: dict[str, float] | None = None) -> str:
    moon = view.moon
    if not moon.on_display:
        return ""
    paths = []
    for n in NATIONS:
        cards = moon_cards(view.nations[n], marks,
                           lambda r: f'<li class="up"><ol>{risk_html(r, view, marks)}</ol></li>')
        paths.append(f'<div class="mpath {n.lower()}">{_marker(n)}<ol>{cards}</ol></div>')
    gate = (_("Needs Astronaut · gate open: a level-3 Mission has been completed")
            if moon.gate_open
            else _("Needs Astronaut · gate closed until a level-3 Mission is completed"))
    target = marks.at(target_id("mission", moon.id))
    launching, aim = _aimed([launch.nation for launch in view.launches
                             if launch.mission == moon.id], moon=True)
    # the rules link stands beside the card's head, not in it: the head is a button when the
    # Moon may be launched toward, and a link inside a button is out of reach of assistive
    # technology (axe: nested-interactive)
    return (f'<section class="moon{aim}" data-rule="moon"{detail("moon")}>{art("lunar")}'
            f'{icon("moon", "big")}<div>'
            f'<div class="ms-t"{target}>{launching}<h3>'
            f'{e(mission_name(moon.id))}</h3>'
            f'<small>{e(gate)}</small>{_odds(moon.id, odds or {}, marks)}'
            f'</div>{"".join(paths)}</div>{rule_link("moon")}</section>')


def _deck_marks(deck: str, marks: Marks) -> str:
    """A Technology deck's tooltip: what touching it does when it can be touched."""
    name = deck_name(deck)
    at = marks.at(target_id("deck", deck), tip=_("Research from the {deck} deck").format(deck=name))
    return at if "data-target" in at else at + attrs(title=_("{deck} deck").format(deck=name))


def research_html(view: View, marks: Marks = NO_MARKS) -> str:
    r = view.research
    decks = "".join(f'<span class="deck k{d}"{_deck_marks(d, marks)}>{icon(d)}<b>{c}</b></span>'
                    for d, c in r.decks.items())
    empty = _("empty")
    top = r.pile[-1] if r.pile else None
    pile = (f'<div class="mini">{tile_svg(top)}</div>' if top is not None
            else f'<span class="empty-slot">{e(empty)}</span>')
    mods = []
    for m in r.module_row:
        if m is None:
            mods.append('<li class="empty-slot">—</li>')
            continue
        need = _("{region}: {need}").format(region=region_words(m.id), need=need_words(m.need))
        target = marks.at(target_id("modrow", m.id))
        mods.append(f'<li class="module"><div class="slot"{target}>{art("module")}'
                    f'<b>{e(module_name(m.id))}</b><small>{e(need)}</small>'
                    f'<small class="bonus">{e(bonus_words(m.bonus))}</small></div></li>')
    centre = _("Research Center")
    install = _("Install the top Research tile")
    pile_words = _("Research pile ({count}):").format(count=len(r.pile))
    row = _("Module row")
    in_deck = _("({count} in deck)").format(count=r.module_deck)
    return (f'<section class="research" data-rule="eng-research"{detail("research")}>'
            f'<h3>{e(centre)} '
            f'{rule_link("eng-research")}</h3><div class="row">{decks}'
            f'<span class="pile"{marks.at("pile", tip=install)}>'
            f"{e(pile_words)} {pile}</span></div>"
            f"<h4>{e(row)} <small>{e(in_deck)}</small></h4>"
            f'<ol class="modrow"{detail("modrow")}>{"".join(mods)}</ol></section>')


def status_html(view: View) -> str:
    acting = ", ".join(seat_name(s) for s in view.to_act) or _("nobody")
    round_words = e(_("Round {round}")).format(round=f"<b>{view.round}</b>")
    to_act = e(_("To act: {seats}")).format(seats=f"<b>{e(acting)}</b>")
    return (f'<div class="status"><span class="round">{round_words}</span>'
            f'<span class="phase">{e(phase_name(view.phase))}</span>'
            f'<span class="fp">{icon("first")} {_marker(view.first_player)}</span>'
            f'<span class="turn">{to_act}</span>'
            f'<small>{e(ruleset_title(view.ruleset))}</small></div>')


def _mission_decks(view: View, marks: Marks) -> str:
    out = []
    for lv, c in view.mission_decks.items():
        announce = _("Announce a level {level} Mission").format(level=lv)
        left = _("{count} left").format(count=c)
        out.append(f'<span class="mdeck"{marks.at(target_id("mdeck", lv), tip=announce)}>'
                   f"L{lv} <small>{e(left)}</small></span>")
    return "".join(out)


def _round(number: int) -> str:
    """'round 3': when a Mission was completed."""
    return _("round {round}").format(round=number)


def centre_html(view: View, marks: Marks = NO_MARKS,
                odds: dict[str, float] | None = None) -> str:
    """The centre; ``odds``: exact launch chances of the Missions the viewer may launch to."""
    missions = "".join(mission_html(m, view, marks, odds) for m in view.missions)
    done = "".join(f"<li>{_marker(c.nation)} {e(mission_name(c.mission))} "
                   f"<small>{e(_round(c.round))}</small></li>" for c in view.completed)
    completed, active, decks = _("Completed"), _("Active Missions"), _("Mission decks")
    done_html = (f'<div class="done"{detail("done")}><h4>{e(completed)} '
                 f'<small>{len(view.completed)}</small></h4><ul>{done}</ul></div>'
                 if done else "")
    return (f'{status_html(view)}{popularity_track(view)}{budget_track(view)}'
            f'<section class="missions"><h3>{e(active)} {rule_link("launches")}</h3>'
            f'<div class="mdecks"><small>{e(decks)}</small>{_mission_decks(view, marks)}</div>'
            f'<ol>{missions}</ol>{done_html}</section>{moon_html(view, marks, odds)}'
            f'{research_html(view, marks)}')
