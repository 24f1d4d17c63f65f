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

from ..words.i18n import _, ngettext
from ..words.names import (
    PAYLOAD_ICON,
    card_name,
    deck_name,
    deck_tile,
    mission_name,
    module_name,
    nation_name,
    payload_name,
    percent,
    place_name,
    risk_name,
)
from ..words.rules import tip
from .html import attrs, e, icon, rule_link
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
    return card_name(str(stack["card"])) if stack else _("place {place}").format(place=place)


def _where(board: str, place: int) -> str:
    """'USA place 4': a place of a Politics board."""
    return _("{board} place {place}").format(board=nation_name(board), place=place)


def group_key(action: Action, view: dict[str, Any]) -> tuple[str, str] | None:
    """(key, label) of the group an action belongs to; None: shown directly."""
    d = _d(action)
    kind = d["type"]
    if kind not in GROUPED:
        return None
    if kind == "play_maneuver":
        return f"card:{d['card']}", _("Play {card}").format(card=card_name(d["card"]))
    if kind == "place_token":
        name = _stack_name(view, d["board"], d["place"])
        return (f"tok:{d['board']}:{d['place']}",
                _("Support {stack} ({where})").format(stack=name,
                                                      where=_where(d["board"], d["place"])))
    if kind == "order_module":
        return f"order:{d['module']}", _("Order {module}").format(module=module_name(d["module"]))
    if kind == "escalate":
        return f"esc:{d['place']}", _("Escalate {stack}").format(
            stack=_stack_name(view, view["nation"], d["place"]))
    costs = view["costs"]
    labels = {
        "raise_influence": _("Trade Popularity for Influence"),
        "research": _("Research two tiles ({cost}$)").format(cost=costs["research"]),
        "line_to_suppliers": _("Send a Development tile to Suppliers (free)"),
        "test": _("Test a Risk ({cost}$)").format(cost=costs["test"]),
        "remove_sabotage": _("Anti-Sabotage ({cost}$ + 1 each)").format(
            cost=costs["anti_sabotage_base"]),
        "load_payload": _("Load a payload"),
        "book_payload": _("Book a payload"),
        "steal_test": _("Steal test results"),
        "steal_tech": _("Steal technology"),
    }
    return kind, labels[kind]


def _risk_where(view: dict[str, Any], risk: str) -> str:
    for m in view["missions"]:
        if any(r["id"] == risk for r in m["risks"]):
            return mission_name(str(m["id"]))
    return _("Moon")


def _iconed(name: str, text: str) -> str:
    """An icon before a translated text (escaped)."""
    return f"{icon(name)} {e(text)}"


def _words(text: str, **icons: str) -> str:
    """A translated text as markup, with icons (markup) put in its ``{name}`` fields."""
    return e(text).format(**icons)


def action_label(action: Action, view: dict[str, Any], g: game.Game) -> tuple[str, str]:
    """(inner html, plain title) of one control."""
    d = _d(action)
    kind = d["type"]
    nation = view["nation"] or ""
    costs = view["costs"]
    pay = view["payload_costs"]
    table: dict[str, Callable[[], tuple[str, str]]] = {
        "end_discussion": lambda: (e(_("End the discussion")),
                                   _("Skip the rest of the 2 minutes")),
        "play_maneuver": lambda: (
            e(_("on {place}: {name}").format(place=d["place"],
                                             name=place_name(nation, d["place"]))),
            _("Covers this place's printed effect while the stack lies there")),
        "pass_maneuvers": lambda: (e(_("Pass")), _("Play no more Maneuver cards (you may play "
                                                   "again if the rival plays one)")),
        "place_token": lambda: (
            _iconed(d["token"], _("Influence") if d["token"] == "influence" else _("Bluff")),
            _("Influence counts at evaluation; Bluff counts zero. Face down to the rival.")),
        "finish_support": lambda: (e(_("Finish supporting")), _("Done placing tokens")),
        "announce_mission": lambda: (
            e(_("Announce level {level} Mission").format(level=d["level"])),
            _("Draw a Mission of this level with its Risks")),
        "raise_influence": lambda: (
            _words(_("Pay {amount} {popularity} for +{amount} {influence}"),
                   amount=str(d["amount"]), popularity=icon("popularity"),
                   influence=icon("influence")),
            _("Once per round")),
        "launch": lambda: _launch_label(d["mission"], nation, g),
        "abort": lambda: (_iconed("rocket", _("Abort launch (-1 Popularity)")),
                          _("Topple the rocket this round")),
        "claim_reward": lambda: (e(_("Claim the Mission reward")), ""),
        "explore_moon": lambda: (
            _iconed("moon", _("Explore Moon risk {slot} instead").format(slot=d["slot"] + 1)),
            _("Forgo the reward; turn a Moon risk face up")),
        "evaluate": lambda: (
            e(_("Evaluate {stack}").format(stack=_stack_name(view, nation, d["place"]))),
            _("Place {place}").format(place=d["place"])),
        "escalate": lambda: (
            e(_("Cover with {card}").format(card=card_name(d["card"])) if d["card"]
              else _("Escalate to the next level")),
            _("Raise the stack's level")),
        "pay_for_tie": lambda: (
            _words(_("Pay {amount} {popularity} and win the tie"), amount="2",
                   popularity=icon("popularity")), ""),
        "concede_tie": lambda: (e(_("Concede the tie")),
                                _("The rival succeeds in an Obstruction")),
        "take_from_line": lambda: (
            _iconed(d["deck"], _("Install {deck} from the Development Line ({cost}$)").format(
                deck=deck_name(d["deck"]), cost=costs["line"])), ""),
        "research": lambda: (f"{icon(d['first'])}{e(deck_name(d['first']))} + "
                             f"{icon(d['second'])}{e(deck_name(d['second']))}",
                             _("Keep one tile, the other goes on the pile")),
        "take_from_pile": lambda: (
            e(_("Install the top Research tile ({cost}$)").format(cost=costs["pile"])), ""),
        "keep_tile": lambda: _keep_label(d["index"], view),
        "line_to_suppliers": lambda: (
            _iconed(d["deck"], _("{deck} to the 8$ space").format(deck=deck_name(d["deck"]))),
            ""),
        "order_module": lambda: (
            e(_("into the {price}$ space").format(price=view["supplier_prices"][d["space"]])),
            _delivered(len(view["supplier_prices"]) - d["space"])),
        "test": lambda: (f"{icon('test')} {e(risk_name(d['risk']))} "
                         f"<small>({e(_risk_where(view, d['risk']))})</small>", ""),
        "remove_sabotage": lambda: (
            _words(_("Remove {count} {sabotage} ({cost}$)"), count=str(d["count"]),
                   sabotage=icon("sabotage"),
                   cost=str(costs["anti_sabotage_base"] + d["count"])), ""),
        "load_payload": lambda: (
            _iconed(PAYLOAD_ICON[d["payload"]], _("{payload} on row {row}, col {col} ({cost}$)")
                    .format(payload=payload_name(d["payload"]), row=d["row"] + 1,
                            col=d["col"] + 1, cost=pay[d["payload"]])), ""),
        "book_payload": lambda: (
            _iconed(PAYLOAD_ICON[d["payload"]], _("{payload} for {mission} ({cost}$)").format(
                payload=payload_name(d["payload"]), mission=mission_name(d["mission"]),
                cost=pay[d["payload"]])), ""),
        "steal_test": lambda: (f"{icon('teststeal')} {e(risk_name(d['risk']))}", ""),
        "steal_tech": lambda: (f"{icon('techsteal')} {e(deck_tile(d['deck']))}", ""),
        "install_module": lambda: _install_label(d["slot"], view),
        "set_adaptivity": lambda: _split_label(d, view),
        "pass": lambda: (e(_("Pass (done this round)")),
                         _("Take no more Engineer actions this round")),
    }
    make = table.get(kind)
    return make() if make else (e(action.describe()), "")


def _delivered(ends: int) -> str:
    return ngettext("Delivered after {count} round end", "Delivered after {count} round ends",
                    ends).format(count=ends)


def _split_label(d: dict[str, Any], view: dict[str, Any]) -> tuple[str, str]:
    """An Adaptivity split with the success chance the engine computed for it."""
    split = [d["s"], d["e"], d["c"]]
    decision = view.get("decision") or {}
    options = decision.get("splits", [])
    odds = next((o["odds"] for o in options if o["split"] == split), None)
    best = bool(options) and options[0]["split"] == split
    text = f"{icon('adapt')} S+{d['s']} E+{d['e']} C+{d['c']}"
    if odds is not None:
        text += f" · {percent(odds)}" + (" ★ " + e(_("best")) if best else "")
    return text, _("Split Adaptivity for this launch")


def _launch_label(mission: str, nation: str, g: game.Game) -> tuple[str, str]:
    try:
        odds = percent(game.launch_odds(g, nation, mission))
    except ValueError:
        odds = "?"
    words = _("Launch to {mission}").format(mission=mission_name(mission))
    return (f"{icon('rocket')} {e(words)} <b class='odds'>{odds}</b>",
            _("Exact chance of success with the rocket as it stands: {odds}").format(odds=odds))


def _keep_label(index: int, view: dict[str, Any]) -> tuple[str, str]:
    pending = view["nations"][view["nation"]]["pending"] if view["nation"] else None
    tiles = (pending or {}).get("tiles") or []
    tile = tiles[index] if index < len(tiles) else None
    pic = f'<span class="mini">{tile_svg(tile)}</span>' if tile else ""
    words = _("Keep {tile}").format(tile=deck_tile(tile["deck"])) if tile else _("Keep the tile")
    return f"{pic} {e(words)}", _("The other goes face up on the Research pile")


def _install_label(slot: int, view: dict[str, Any]) -> tuple[str, str]:
    mods = view["nations"][view["nation"]]["modules"] if view["nation"] else []
    current = mods[slot] if slot < len(mods) else None
    if current:
        words = _("Install into slot M{slot} (replaces {module})").format(
            slot=slot + 1, module=module_name(str(current["id"])))
    else:
        words = _("Install into slot M{slot} (empty)").format(slot=slot + 1)
    return e(words), ""


def _button(index: int, action: Action, inner: str, title: str, cls: str = "") -> str:
    d = _d(action)
    title = f"{title.rstrip('.')}. {tip(action.rule)}" if title else tip(action.rule)
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
            f"{e(_cell_words(c))}</button>"
            for c in cells)
        place = _("Place the tile: touch a marked space on your blueprint, or choose it here")
        return (f'<p class="hint">{e(place)} {rule_link("blueprint")}</p>'
                f'<div class="opts">{buttons}</div>')
    out = []
    for index, action in enumerate(actions):
        d = _d(action)
        if d["row"] * COLS + d["col"] != cell:
            continue
        rotate = _("Rotate {degrees} degrees").format(degrees=d["rotation"] * 90)
        out.append(_button(index, action, rotation_html(g, seat, action), rotate, "rot"))
    another, choose = _("← another space"), _("Choose another space")
    back = (f'<button class="act back" data-testid="action" data-kind="back"'
            f'{attrs(data_target=f"cell:{nation}:{cell}", title=choose)}>'
            f"{e(another)}</button>")
    row, column = divmod(cell, COLS)
    rotation = _("Row {row}, column {column}: choose a rotation").format(row=row + 1,
                                                                        column=column + 1)
    return (f'<p class="hint">{e(rotation)} {rule_link("blueprint")}</p>'
            f'<div class="opts">{"".join(out)}{back}</div>')


def _cell_words(cell: int) -> str:
    row, column = divmod(cell, COLS)
    return _("Row {row}, column {column}").format(row=row + 1, column=column + 1)


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
        back_words, back_title = _("← back"), _("Back to all actions")
        back = (f'<button class="act back" data-testid="action-group" data-group=""'
                f'{attrs(title=back_title)}>{e(back_words)}</button>')
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
