"""What each kind of engine action looks like in the UI, in one table: :data:`LOOKS`.

For every action kind of the engine (game/actions.py) a :class:`Look` holds

* ``path``: the board paths it is taken through (:data:`ui.model.targets.PATHS`);
* ``label``: its control in the action bar, as (inner html, plain title);
* ``group``: the group of the bar it is gathered in, as (key, label), if it is gathered;
* ``name``: the short plain name a hint opens with.

A new action kind gets one row here (tests/test_ui_looks.py checks that every kind has one).
``ui.markup.controls`` and ``ui.markup.hinttext`` look things up here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.rules.choices import Choices
from game.rules.records import View

from ..model.targets import PATHS, PathsOf
from ..words.i18n import _, ngettext
from ..words.names import (
    PAYLOAD_ICON,
    card_name,
    content,
    deck_name,
    deck_tile,
    duration,
    mission_name,
    module_name,
    nation_name,
    payload_name,
    percent,
    place_name,
    risk_name,
)
from .html import e, icon
from .tiles import tile_svg

Fields = dict[str, Any]  # an action's dict form (Action.to_dict)
LabelOf = Callable[[Fields, View, Choices], tuple[str, str]]
GroupOf = Callable[[Fields, View], tuple[str, str]]
NameOf = Callable[[Fields, View], str]


@dataclass(frozen=True)
class Look:
    """How one kind of action shows: board paths, bar label, bar group, hint name."""

    path: PathsOf
    label: LabelOf | None  # None: the engine's description of the action
    name: NameOf
    group: GroupOf | None = None  # None: shown directly in the bar


# --------------------------------------------------------------------------- helpers


def _me(view: View) -> str:
    return view.nation or ""


def _stack_name(view: View, nation: str, place: int) -> str:
    stack = view.nations[nation].places[place - 1].stack
    return card_name(stack.card) if stack else _("place {place}").format(place=place)


def _where(board: str, place: int) -> str:
    """'USA place 4': a place of a Politics board."""
    return _("{board} place {place}").format(board=nation_name(board), place=place)


def _risk_where(view: View, risk: str) -> str:
    for m in view.missions:
        if any(r.id == risk for r in m.risks):
            return mission_name(m.id)
    return _("Moon")


def _iconed(name: str, text: str) -> str:
    """An icon before a translated text (escaped)."""
    return f"{icon(name)} {e(text)}"


def _words(text: str, **icons: str) -> str:
    """A translated text as markup, with icons (markup) put in its ``{name}`` fields."""
    return e(text).format(**icons)


def _plain(text: Callable[[], str], title: Callable[[], str] = lambda: "") -> LabelOf:
    """A label of fixed words (translated when shown)."""
    return lambda d, view, choices: (e(text()), title())


def _named(text: Callable[[], str]) -> NameOf:
    """A hint name of fixed words (translated when shown)."""
    return lambda d, view: text()


def _fixed_group(text: Callable[[Fields, View], str]) -> GroupOf:
    """A group keyed by the action kind alone."""
    return lambda d, view: (str(d["type"]), text(d, view))


def _delivered(ends: int) -> str:
    return ngettext("Delivered after {count} round end", "Delivered after {count} round ends",
                    ends).format(count=ends)


# --------------------------------------------------------------------------- labels


def _split_label(d: Fields, view: View, choices: Choices) -> tuple[str, str]:
    """An Adaptivity split with the success chance the engine computed for it."""
    split = (d["s"], d["e"], d["c"])
    options = view.decision.splits if view.decision else ()
    odds = next((o.odds for o in options if o.split == split), None)
    best = bool(options) and options[0].split == split
    text = f"{icon('adapt')} S+{d['s']} E+{d['e']} C+{d['c']}"
    if odds is not None:
        text += f" · {percent(odds)}" + (" ★ " + e(_("best")) if best else "")
    return text, _("Split Adaptivity for this launch")


def _launch_label(d: Fields, view: View, choices: Choices) -> tuple[str, str]:
    chance = choices.odds.get(d["mission"])
    odds = "?" if chance is None else percent(chance)
    words = _("Launch to {mission}").format(mission=mission_name(d["mission"]))
    return (f"{icon('rocket')} {e(words)} <b class='odds'>{odds}</b>",
            _("Exact chance of success with the rocket as it stands: {odds}").format(odds=odds))


def _keep_label(d: Fields, view: View, choices: Choices) -> tuple[str, str]:
    index = d["index"]
    pending = view.nations[view.nation].pending if view.nation else None
    tiles = pending.tiles if pending else ()
    tile = tiles[index] if index < len(tiles) else None
    pic = f'<span class="mini">{tile_svg(tile)}</span>' if tile else ""
    words = _("Keep {tile}").format(tile=deck_tile(tile.deck)) if tile else _("Keep the tile")
    return f"{pic} {e(words)}", _("The other goes face up on the Research pile")


def _install_label(d: Fields, view: View, choices: Choices) -> tuple[str, str]:
    slot = d["slot"]
    mods = view.nations[view.nation].modules if view.nation else ()
    current = mods[slot] if slot < len(mods) else None
    if current:
        words = _("Install into slot M{slot} (replaces {module})").format(
            slot=slot + 1, module=module_name(current.id))
    else:
        words = _("Install into slot M{slot} (empty)").format(slot=slot + 1)
    return e(words), ""


def _stack_hint(text: Callable[[], str]) -> NameOf:
    """A hint name about a stack of the acting nation's Politics board."""
    return lambda d, view: text().format(stack=_stack_name(view, _me(view), d["place"]))


def _token_name(d: Fields, view: View) -> str:
    text = (_("Support {stack} with Influence") if d["token"] == "influence"
            else _("Support {stack} with a Bluff"))
    return text.format(stack=_stack_name(view, d["board"], d["place"]))


def _token_group(d: Fields, view: View) -> tuple[str, str]:
    name = _stack_name(view, d["board"], d["place"])
    return (f"tok:{d['board']}:{d['place']}",
            _("Support {stack} ({where})").format(stack=name,
                                                  where=_where(d["board"], d["place"])))


# --------------------------------------------------------------------------- the table

LOOKS: dict[str, Look] = {
    "end_discussion": Look(
        PATHS["end_discussion"],
        _plain(lambda: _("End the discussion"), lambda: _("Skip the rest of the {time}").format(
            time=duration(content().board.discussion_seconds))),
        _named(lambda: _("End the discussion"))),
    "play_maneuver": Look(
        PATHS["play_maneuver"],
        lambda d, view, choices: (
            e(_("on {place}: {name}").format(place=d["place"],
                                             name=place_name(_me(view), d["place"]))),
            _("Covers this place's printed effect while the stack lies there")),
        lambda d, view: _("Play {card} on place {place}").format(card=card_name(d["card"]),
                                                                 place=d["place"]),
        group=lambda d, view: (f"card:{d['card']}",
                               _("Play {card}").format(card=card_name(d["card"])))),
    "pass_maneuvers": Look(
        PATHS["pass_maneuvers"],
        _plain(lambda: _("Pass"), lambda: _("Play no more Maneuver cards (you may play "
                                             "again if the rival plays one)")),
        _named(lambda: _("Pass"))),
    "place_token": Look(
        PATHS["place_token"],
        lambda d, view, choices: (
            _iconed(d["token"], _("Influence") if d["token"] == "influence" else _("Bluff")),
            _("Influence counts at evaluation; Bluff counts zero. Face down to the rival.")),
        _token_name,
        group=_token_group),
    "finish_support": Look(
        PATHS["finish_support"],
        _plain(lambda: _("Finish supporting"), lambda: _("Done placing tokens")),
        _named(lambda: _("Finish supporting"))),
    "announce_mission": Look(
        PATHS["announce_mission"],
        lambda d, view, choices: (e(_("Announce level {level} Mission").format(level=d["level"])),
                            _("Draw a Mission of this level with its Risks")),
        lambda d, view: _("Announce a level {level} Mission").format(level=d["level"])),
    "raise_influence": Look(
        PATHS["raise_influence"],
        lambda d, view, choices: (
            _words(_("Pay {amount} {popularity} for +{amount} {influence}"),
                   amount=str(d["amount"]), popularity=icon("popularity"),
                   influence=icon("influence")),
            _("Once per round")),
        lambda d, view: _("Buy {amount} Influence").format(amount=d["amount"]),
        group=_fixed_group(lambda d, view: _("Trade Popularity for Influence"))),
    "launch": Look(
        PATHS["launch"],
        _launch_label,
        lambda d, view: _("Launch toward {mission}").format(mission=mission_name(d["mission"]))),
    "abort": Look(
        PATHS["abort"],
        lambda d, view, choices: (_iconed("rocket", _("Abort launch (-{cost} Popularity)").format(
            cost=view.penalties["abort"])), _("Topple the rocket this round")),
        _named(lambda: _("Abort the launch"))),
    "claim_reward": Look(
        PATHS["claim_reward"],
        _plain(lambda: _("Claim the Mission reward")),
        _named(lambda: _("Claim the Mission reward"))),
    "explore_moon": Look(
        PATHS["explore_moon"],
        lambda d, view, choices: (
            _iconed("moon", _("Explore Moon risk {slot} instead").format(slot=d["slot"] + 1)),
            _("Forgo the reward; turn a Moon risk face up")),
        _named(lambda: _("Explore a Moon risk"))),
    "evaluate": Look(
        PATHS["evaluate"],
        lambda d, view, choices: (
            e(_("Evaluate {stack}").format(stack=_stack_name(view, _me(view), d["place"]))),
            _("Place {place}").format(place=d["place"])),
        _stack_hint(lambda: _("Evaluate {stack}"))),
    "escalate": Look(
        PATHS["escalate"],
        lambda d, view, choices: (
            e(_("Cover with {card}").format(card=card_name(d["card"])) if d["card"]
              else _("Escalate to the next level")),
            _("Raise the stack's level")),
        _stack_hint(lambda: _("Escalate {stack}")),
        group=lambda d, view: (f"esc:{d['place']}", _("Escalate {stack}").format(
            stack=_stack_name(view, _me(view), d["place"])))),
    "pay_for_tie": Look(
        PATHS["pay_for_tie"],
        lambda d, view, choices: (_words(_("Pay {amount} {popularity} and win the tie"),
                                   amount=str(view.penalties["tie"]),
                                   popularity=icon("popularity")), ""),
        _named(lambda: _("Pay to win the tie"))),
    "concede_tie": Look(
        PATHS["concede_tie"],
        _plain(lambda: _("Concede the tie"), lambda: _("The rival succeeds in an Obstruction")),
        _named(lambda: _("Concede the tie"))),
    "take_from_line": Look(
        PATHS["take_from_line"],
        lambda d, view, choices: (_iconed(d["deck"], _(
            "Install {deck} from the Development Line ({cost}$)").format(
                deck=deck_name(d["deck"]), cost=view.costs["line"])), ""),
        lambda d, view: _("Install {deck} from the Development Line").format(
            deck=deck_name(d["deck"]))),
    "research": Look(
        PATHS["research"],
        lambda d, view, choices: (f"{icon(d['first'])}{e(deck_name(d['first']))} + "
                            f"{icon(d['second'])}{e(deck_name(d['second']))}",
                            _("Keep one tile, the other goes on the pile")),
        lambda d, view: _("Research {first} and {second}").format(
            first=deck_name(d["first"]), second=deck_name(d["second"])),
        group=_fixed_group(lambda d, view: _("Research two tiles ({cost}$)").format(
            cost=view.costs["research"]))),
    "take_from_pile": Look(
        PATHS["take_from_pile"],
        lambda d, view, choices: (e(_("Install the top Research tile ({cost}$)").format(
            cost=view.costs["pile"])), ""),
        _named(lambda: _("Install the top Research tile"))),
    "keep_tile": Look(
        PATHS["keep_tile"],
        _keep_label,
        _named(lambda: _("Keep this tile"))),
    "place_tile": Look(  # no label: the bar shows placements itself (controls._placement)
        PATHS["place_tile"],
        None,
        _named(lambda: _("Place the tile here"))),
    "line_to_suppliers": Look(
        PATHS["line_to_suppliers"],
        lambda d, view, choices: (_iconed(d["deck"], _("{deck} to the {price}$ space").format(
            deck=deck_name(d["deck"]), price=view.supplier_prices[0])), ""),  # into space 0
        lambda d, view: _("Send {deck} to the Suppliers line").format(deck=deck_name(d["deck"])),
        group=_fixed_group(lambda d, view: _("Send a Development tile to Suppliers (free)"))),
    "order_module": Look(
        PATHS["order_module"],
        lambda d, view, choices: (
            e(_("into the {price}$ space").format(price=view.supplier_prices[d["space"]])),
            _delivered(len(view.supplier_prices) - d["space"])),
        lambda d, view: _("Order {module}").format(module=module_name(d["module"])),
        group=lambda d, view: (f"order:{d['module']}",
                               _("Order {module}").format(module=module_name(d["module"])))),
    "test": Look(
        PATHS["test"],
        lambda d, view, choices: (f"{icon('test')} {e(risk_name(d['risk']))} "
                            f"<small>({e(_risk_where(view, d['risk']))})</small>", ""),
        lambda d, view: _("Test {risk}").format(risk=risk_name(d["risk"])),
        group=_fixed_group(lambda d, view: _("Test a Risk ({cost}$)").format(
            cost=view.costs["test"]))),
    "remove_sabotage": Look(
        PATHS["remove_sabotage"],
        lambda d, view, choices: (_words(_("Remove {count} {sabotage} ({cost}$)"),
                                   count=str(d["count"]), sabotage=icon("sabotage"),
                                   cost=str(view.costs["anti_sabotage_base"] + d["count"])),
                            ""),
        lambda d, view: _("Remove {count} Sabotage").format(count=d["count"]),
        group=_fixed_group(lambda d, view: _("Anti-Sabotage ({cost}$ + 1 each)").format(
            cost=view.costs["anti_sabotage_base"]))),
    "load_payload": Look(
        PATHS["load_payload"],
        lambda d, view, choices: (_iconed(PAYLOAD_ICON[d["payload"]], _(
            "{payload} on row {row}, col {col} ({cost}$)").format(
                payload=payload_name(d["payload"]), row=d["row"] + 1, col=d["col"] + 1,
                cost=view.payload_costs[d["payload"]])), ""),
        lambda d, view: _("Load {payload}").format(payload=payload_name(d["payload"])),
        group=_fixed_group(lambda d, view: _("Load a payload"))),
    "book_payload": Look(
        PATHS["book_payload"],
        lambda d, view, choices: (_iconed(PAYLOAD_ICON[d["payload"]], _(
            "{payload} for {mission} ({cost}$)").format(
                payload=payload_name(d["payload"]), mission=mission_name(d["mission"]),
                cost=view.payload_costs[d["payload"]])), ""),
        lambda d, view: _("Book {payload} onto {mission}").format(
            payload=payload_name(d["payload"]), mission=mission_name(str(d["mission"]))),
        group=_fixed_group(lambda d, view: _("Book a payload"))),
    "steal_test": Look(
        PATHS["steal_test"],
        lambda d, view, choices: (f"{icon('teststeal')} {e(risk_name(d['risk']))}", ""),
        lambda d, view: _("Steal a Test on {risk}").format(risk=risk_name(d["risk"])),
        group=_fixed_group(lambda d, view: _("Steal test results"))),
    "steal_tech": Look(
        PATHS["steal_tech"],
        lambda d, view, choices: (f"{icon('techsteal')} {e(deck_tile(d['deck']))}", ""),
        lambda d, view: _("Steal {deck} from the rival's Development Line").format(
            deck=deck_name(d["deck"])),
        group=_fixed_group(lambda d, view: _("Steal technology"))),
    "install_module": Look(
        PATHS["install_module"],
        _install_label,
        _named(lambda: _("Install the Module"))),
    "set_adaptivity": Look(
        PATHS["set_adaptivity"],
        _split_label,
        lambda d, view: _("Split Adaptivity {s}/{e}/{c}").format(s=d["s"], e=d["e"], c=d["c"])),
    "pass": Look(
        PATHS["pass"],
        _plain(lambda: _("Pass (done this round)"),
               lambda: _("Take no more Engineer actions this round")),
        _named(lambda: _("Pass"))),
}
