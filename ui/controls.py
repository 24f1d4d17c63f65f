"""The action bar: every legal action of the acting seat, grouped so no bar is a wall of buttons.

Nothing here decides what is allowed: the controls are exactly ``legal_actions(seat)``.
Previews (a tile's resulting parameters) come from applying the action to a clone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import game
from game.actions import Action

from .html import attrs, e, icon
from .names import DECKS, PAYLOAD_ICON, PAYLOADS, card_name, mission_name, module_name, risk_name
from .rules import rule_link, tip
from .tiles import COLS, tile_svg

GROUPED = {"play_maneuver", "place_token", "raise_influence", "research", "line_to_suppliers",
           "order_module", "test", "remove_sabotage", "load_payload", "book_payload",
           "steal_test", "steal_tech", "escalate"}


@dataclass
class BarState:
    """What the person at the screen has opened in the bar (reset after every action)."""

    group: str = ""
    cell: int | None = None


def _d(action: Action) -> dict[str, Any]:
    return action.to_dict()


def _stack_name(view: dict[str, Any], nation: str, place: int) -> str:
    stack = view["nations"][nation]["places"][place - 1]["stack"]
    return str(stack["name"]) if stack else f"place {place}"


def group_key(action: Action, view: dict[str, Any]) -> tuple[str, str] | None:
    """(key, label) of the group an action belongs to; None: shown directly."""
    d = _d(action)
    kind = d["type"]
    if kind not in GROUPED:
        return None
    if kind == "play_maneuver":
        return f"card:{d['card']}", f"Play {card_name(d['card'])}"
    if kind == "place_token":
        name = _stack_name(view, d["board"], d["place"])
        return (f"tok:{d['board']}:{d['place']}",
                f"Support {name} ({d['board']} place {d['place']})")
    if kind == "order_module":
        return f"order:{d['module']}", f"Order {module_name(d['module'])}"
    if kind == "escalate":
        return f"esc:{d['place']}", f"Escalate {_stack_name(view, view['nation'], d['place'])}"
    costs = view["costs"]
    labels = {
        "raise_influence": "Trade Popularity for Influence",
        "research": f"Research two tiles ({costs['research']}$)",
        "line_to_suppliers": "Send a Development tile to Suppliers (free)",
        "test": f"Test a Risk ({costs['test']}$)",
        "remove_sabotage": f"Anti-Sabotage ({costs['anti_sabotage_base']}$ + 1 each)",
        "load_payload": "Load a payload",
        "book_payload": "Book a payload",
        "steal_test": "Steal test results",
        "steal_tech": "Steal technology",
    }
    return kind, labels[kind]


def _risk_where(view: dict[str, Any], risk: str) -> str:
    for m in view["missions"]:
        if any(r["id"] == risk for r in m["risks"]):
            return str(m["name"])
    return "Moon"


def action_label(action: Action, view: dict[str, Any], g: game.Game) -> tuple[str, str]:
    """(inner html, plain title) of one control."""
    d = _d(action)
    kind = d["type"]
    nation = view["nation"] or ""
    costs = view["costs"]
    pay = view["payload_costs"]
    table: dict[str, Callable[[], tuple[str, str]]] = {
        "end_discussion": lambda: ("End the discussion", "Skip the rest of the 2 minutes"),
        "play_maneuver": lambda: (
            f"on {d['place']}: {e(view['nations'][nation]['places'][d['place'] - 1]['name'])}",
            "Covers this place's printed effect while the stack lies there"),
        "pass_maneuvers": lambda: ("Pass", "Play no more Maneuver cards (you may play again "
                                           "if the rival plays one)"),
        "place_token": lambda: (
            f"{icon(d['token'])} {d['token'].capitalize()}",
            "Influence counts at evaluation; Bluff counts zero. Face down to the rival."),
        "finish_support": lambda: ("Finish supporting", "Done placing tokens"),
        "announce_mission": lambda: (f"Announce level {d['level']} Mission",
                                     "Draw a Mission of this level with its Risks"),
        "raise_influence": lambda: (
            f"Pay {d['amount']} {icon('popularity')} for +{d['amount']} {icon('influence')}",
            "Once per round"),
        "launch": lambda: _launch_label(d["mission"], nation, g),
        "abort": lambda: (f"{icon('rocket')} Abort launch (-1 Popularity)",
                          "Topple the rocket this round"),
        "claim_reward": lambda: ("Claim the Mission reward", ""),
        "explore_moon": lambda: (f"{icon('moon')} Explore Moon risk {d['slot'] + 1} instead",
                                 "Forgo the reward; turn a Moon risk face up"),
        "evaluate": lambda: (f"Evaluate {e(_stack_name(view, nation, d['place']))}",
                             f"Place {d['place']}"),
        "escalate": lambda: ((f"Cover with {e(card_name(d['card']))}" if d["card"]
                              else "Escalate to the next level"), "Raise the stack's level"),
        "pay_for_tie": lambda: (f"Pay 2 {icon('popularity')} and win the tie", ""),
        "concede_tie": lambda: ("Concede the tie", "The rival succeeds in an Obstruction"),
        "take_from_line": lambda: (f"{icon(d['deck'])} Install {DECKS[d['deck']]} from the "
                                   f"Development Line ({costs['line']}$)", ""),
        "research": lambda: (f"{icon(d['first'])}{DECKS[d['first']]} + {icon(d['second'])}"
                             f"{DECKS[d['second']]}", "Keep one tile, the other goes on the pile"),
        "take_from_pile": lambda: (f"Install the top Research tile ({costs['pile']}$)", ""),
        "keep_tile": lambda: _keep_label(d["index"], view),
        "line_to_suppliers": lambda: (f"{icon(d['deck'])} {DECKS[d['deck']]} to the 8$ space",
                                      ""),
        "order_module": lambda: (
            f"into the {view['supplier_prices'][d['space']]}$ space",
            f"Delivered after {len(view['supplier_prices']) - d['space']} round end(s)"),
        "test": lambda: (f"{icon('test')} {e(risk_name(d['risk']))} "
                         f"<small>({e(_risk_where(view, d['risk']))})</small>", ""),
        "remove_sabotage": lambda: (
            f"Remove {d['count']} {icon('sabotage')} ({costs['anti_sabotage_base'] + d['count']}$)",
            ""),
        "load_payload": lambda: (
            f"{icon(PAYLOAD_ICON[d['payload']])} {PAYLOADS[d['payload']]} on row {d['row'] + 1}, "
            f"col {d['col'] + 1} ({pay[d['payload']]}$)", ""),
        "book_payload": lambda: (
            f"{icon(PAYLOAD_ICON[d['payload']])} {PAYLOADS[d['payload']]} for "
            f"{e(mission_name(d['mission']))} ({pay[d['payload']]}$)", ""),
        "steal_test": lambda: (f"{icon('teststeal')} {e(risk_name(d['risk']))}", ""),
        "steal_tech": lambda: (f"{icon('techsteal')} {DECKS[d['deck']]} tile", ""),
        "install_module": lambda: _install_label(d["slot"], view),
        "set_adaptivity": lambda: _split_label(d, view),
        "pass": lambda: ("Pass (done this round)", "Take no more Engineer actions this round"),
    }
    make = table.get(kind)
    return make() if make else (e(action.describe()), "")


def _split_label(d: dict[str, Any], view: dict[str, Any]) -> tuple[str, str]:
    """An Adaptivity split with the success chance the engine computed for it."""
    split = [d["s"], d["e"], d["c"]]
    decision = view.get("decision") or {}
    options = decision.get("splits", [])
    odds = next((o["odds"] for o in options if o["split"] == split), None)
    best = bool(options) and options[0]["split"] == split
    text = f"{icon('adapt')} S+{d['s']} E+{d['e']} C+{d['c']}"
    if odds is not None:
        text += f" · {odds * 100:.0f}%" + (" ★ best" if best else "")
    return text, "Split Adaptivity for this launch"


def _launch_label(mission: str, nation: str, g: game.Game) -> tuple[str, str]:
    try:
        odds = f"{game.launch_odds(g, nation, mission) * 100:.0f}%"
    except ValueError:
        odds = "?"
    return (f"{icon('rocket')} Launch to {e(mission_name(mission))} <b class='odds'>{odds}</b>",
            f"Exact chance of success with the rocket as it stands: {odds}")


def _keep_label(index: int, view: dict[str, Any]) -> tuple[str, str]:
    pending = view["nations"][view["nation"]]["pending"] if view["nation"] else None
    tiles = (pending or {}).get("tiles") or []
    tile = tiles[index] if index < len(tiles) else None
    pic = f'<span class="mini">{tile_svg(tile)}</span>' if tile else ""
    words = DECKS.get(tile["deck"], "") if tile else ""
    return f"{pic} Keep {words} tile", "The other goes face up on the Research pile"


def _install_label(slot: int, view: dict[str, Any]) -> tuple[str, str]:
    mods = view["nations"][view["nation"]]["modules"] if view["nation"] else []
    current = mods[slot] if slot < len(mods) else None
    extra = f" (replaces {e(current['name'])})" if current else " (empty)"
    return f"Install into slot M{slot + 1}{extra}", ""


def _button(index: int, action: Action, inner: str, title: str, cls: str = "") -> str:
    d = _d(action)
    title = f"{title}. {tip(action.rule)}" if title else tip(action.rule)
    extra = {f"data_{k}": v for k, v in d.items() if k != "type"}
    return (f'<button class="act {cls} k-{d["type"]}" data-testid="action"'
            f'{attrs(data_act=index, data_kind=d["type"], title=title or None, **extra)}>'
            f"{inner}</button>")


def rotation_html(g: game.Game, seat: str, action: Action) -> str:
    """A rotation of the pending tile: the tile as it would lie, and the S/E/C it gives."""
    nation = seat.split(".")[0]
    d = _d(action)
    cell = d["row"] * COLS + d["col"]
    before = g.view(seat)["nations"][nation]["parameters"]
    trial = g.clone()
    trial.apply(seat, action)
    after_view = trial.view(seat)["nations"][nation]
    p = after_view["parameters"]
    tile = after_view["blueprint"][cell]
    deltas = " ".join(
        f'<span class="k{k}">{icon(k)}{p[k]}'
        f'{f"<sup>+{p[k] - before[k]}</sup>" if p[k] > before[k] else ""}</span>'
        for k in ("S", "E", "C"))
    pic = f'<span class="mini">{tile_svg(tile)}</span>' if tile else ""
    return f"{pic}<span>{d['rotation'] * 90}° {deltas}</span>"


def option_html(g: game.Game, seat: str, action: Action, view: dict[str, Any]) -> str:
    """The words (and picture) of an action offered on a board thing."""
    if action.kind == "place_tile":
        return rotation_html(g, seat, action)
    return action_label(action, view, g)[0]


def _placement(g: game.Game, seat: str, actions: list[Action], cell: int | None) -> str:
    """Pending tile placement: pick a cell (or touch it on the blueprint), then a rotation
    with its resulting S/E/C."""
    nation = seat.split(".")[0]
    cells = sorted({_d(a)["row"] * COLS + _d(a)["col"] for a in actions})
    hint = tip("blueprint")
    if cell is None or cell not in cells:
        buttons = "".join(
            f'<button class="act cellpick" data-testid="action"'
            f'{attrs(data_kind="place_cell", data_target=f"cell:{nation}:{c}", title=hint)}>'
            f"Row {c // COLS + 1}, column {c % COLS + 1}</button>"
            for c in cells)
        return (f'<p class="hint">Place the tile: touch a marked space on your blueprint, or '
                f'choose it here {rule_link("blueprint")}</p>'
                f'<div class="opts">{buttons}</div>')
    out = []
    for index, action in enumerate(actions):
        d = _d(action)
        if d["row"] * COLS + d["col"] != cell:
            continue
        out.append(_button(index, action, rotation_html(g, seat, action),
                           f"Rotate {d['rotation'] * 90} degrees", "rot"))
    back = (f'<button class="act back" data-testid="action" data-kind="back"'
            f'{attrs(data_target=f"cell:{nation}:{cell}")} title="Choose another space">'
            f"← another space</button>")
    return (f'<p class="hint">Row {cell // COLS + 1}, column {cell % COLS + 1}: '
            f'choose a rotation {rule_link("blueprint")}</p>'
            f'<div class="opts">{"".join(out)}{back}</div>')


def bar_html(g: game.Game, seat: str, actions: list[Action], view: dict[str, Any],
             bar: BarState) -> str:
    """Markup of the action bar for ``seat`` (whose ``view`` is given)."""
    if actions and all(a.kind == "place_tile" for a in actions):
        return _placement(g, seat, actions, bar.cell)
    groups: dict[str, list[int]] = {}
    labels: dict[str, str] = {}
    order: list[tuple[str, int]] = []
    for index, action in enumerate(actions):
        found = group_key(action, view)
        if found is None:
            order.append(("", index))
            continue
        key, label = found
        if key not in groups:
            groups[key] = []
            labels[key] = label
            order.append((key, -1))
        groups[key].append(index)
    if bar.group and bar.group in groups:
        opts = "".join(_button(i, actions[i], *action_label(actions[i], view, g))
                       for i in groups[bar.group])
        back = ('<button class="act back" data-testid="action-group" data-group="" '
                'title="Back to all actions">← back</button>')
        rule = actions[groups[bar.group][0]].rule
        return (f'<p class="hint">{e(labels[bar.group])} {rule_link(rule)}</p>'
                f'<div class="opts">{opts}{back}</div>')
    out = []
    rules = [actions[index if not key else groups[key][0]].rule for key, index in order]
    for n, (key, index) in enumerate(order):
        if not key:
            out.append(_button(index, actions[index], *action_label(actions[index], view, g)))
        elif len(groups[key]) == 1:
            i = groups[key][0]
            inner, title = action_label(actions[i], view, g)
            out.append(_button(i, actions[i], f"{e(labels[key])}: {inner}", title))
        else:
            out.append(f'<button class="act grp" data-testid="action-group"'
                       f'{attrs(data_group=key, title=tip(rules[n]))}>{e(labels[key])} ▸'
                       f"</button>")
        if n + 1 == len(rules) or rules[n + 1] != rules[n]:
            out.append(rule_link(rules[n]))  # one "?" after each run of controls of a rule
    return f'<div class="opts">{"".join(out)}</div>'
