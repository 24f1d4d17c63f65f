"""The board as the controller: which things on the board each legal action is taken through.

Every legal action of the acting seat is a *path*: the board things a person touches, in
order, such as a card in hand and then a Politics-board place, or a blueprint cell and then a
rotation offered on that cell. Things are named by target ids (``"hand:USA:press_conference"``,
``"cell:USSR:7"``); options offered on the thing last touched start with ``"opt:"``.

:class:`Pick` follows a half-made choice: what is marked as actionable now, which options
show on the chosen thing, and what a touch does. It only ever completes an action from
``legal_actions``: the engine stays the only judge of what is allowed.

Pure Python (no browser), so every path is checked in CPython (tests/test_ui_targets.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.actions import Action

from ..words.names import content

COLS = content().board.cols  # the Rocket Blueprint's columns (game/content/board.toml)

Path = tuple[str, ...]


def _decision_place(view: dict[str, Any]) -> str:
    decision = view.get("decision") or {}
    return str(decision.get("about", ""))


def paths(action: Action, view: dict[str, Any]) -> list[Path]:
    """The ways to take ``action`` on the board, as target ids touched in order."""
    d = action.to_dict()
    kind = d["type"]
    me = view["nation"] or ""
    rival = "USSR" if me == "USA" else "USA"
    simple: dict[str, Path] = {
        "end_discussion": (f"discussion:{me}",),
        "pass_maneuvers": (f"hand-pass:{me}",),
        "finish_support": (f"tokens-done:{me}",),
        "abort": (f"rocket:{me}",),
        "take_from_pile": ("pile",),
        "pass": (f"eng-pass:{me}",),
    }
    if kind in simple:
        return [simple[kind]]
    if kind == "play_maneuver":
        return [(f"hand:{d['card']}", f"place:{me}:{d['place']}")]
    if kind == "place_token":
        return [(f"stack:{d['board']}:{d['place']}", f"opt:{d['token']}")]
    if kind == "announce_mission":
        return [(f"mdeck:{d['level']}",)]
    if kind == "raise_influence":
        return [(f"influence:{me}", f"opt:{d['amount']}")]
    if kind == "launch":
        return [(f"mission:{d['mission']}",)]
    if kind == "claim_reward":
        return [(f"reward:{me}", "opt:claim")]
    if kind == "explore_moon":
        return [(f"reward:{me}", f"opt:explore:{d['slot']}"), (f"moonrisk:{me}:{d['slot']}",)]
    if kind == "evaluate":
        return [(f"stack:{me}:{d['place']}", "opt:evaluate")]
    if kind == "escalate":
        return [(f"stack:{me}:{d['place']}", f"opt:escalate:{d['card']}")]
    if kind in ("pay_for_tie", "concede_tie"):
        return [(f"stack:{me}:{_decision_place(view)}", f"opt:{kind}")]
    if kind == "take_from_line":
        return [(f"line:{me}:{d['deck']}", "opt:install")]
    if kind == "line_to_suppliers":
        return [(f"line:{me}:{d['deck']}", "opt:suppliers")]
    if kind == "steal_tech":
        return [(f"line:{rival}:{d['deck']}", "opt:steal")]
    if kind == "research":
        first, second = d["first"], d["second"]
        found: list[Path] = [(f"deck:{first}", f"opt:{second}")]
        if first != second:
            found.append((f"deck:{second}", f"opt:{first}"))
        return found
    if kind == "keep_tile":
        return [(f"keep:{me}:{d['index']}",)]
    if kind == "place_tile":
        return [(f"cell:{me}:{d['row'] * COLS + d['col']}", f"opt:rot{d['rotation']}")]
    if kind == "load_payload":
        return [(f"cell:{me}:{d['row'] * COLS + d['col']}", f"opt:{d['payload']}")]
    if kind == "order_module":
        return [(f"modrow:{d['module']}", f"supplier:{me}:{d['space']}")]
    if kind == "test":
        return [(f"risk:{d['risk']}", "opt:test")]
    if kind == "steal_test":
        return [(f"risk:{d['risk']}", "opt:steal")]
    if kind == "remove_sabotage":
        return [(f"sabotage:{me}", f"opt:{d['count']}")]
    if kind == "book_payload":
        return [(f"mission:{d['mission']}", f"opt:{d['payload']}")]
    if kind == "install_module":
        return [(f"slot:{me}:{d['slot']}",)]
    if kind == "set_adaptivity":
        return [(f"adapt:{me}", f"opt:{d['s']}-{d['e']}-{d['c']}")]
    raise ValueError(f"no board path for {kind}")


@dataclass
class Pick:
    """A half-made choice on the board among ``actions`` (the seat's legal actions)."""

    routes: list[tuple[Path, int]]  # every path, with the index of its action
    chosen: Path = ()

    @classmethod
    def of(cls, actions: list[Action], view: dict[str, Any], chosen: Path = ()) -> Pick:
        routes = [(path, i) for i, action in enumerate(actions) for path in paths(action, view)]
        pick = cls(routes)
        if pick._following(chosen):
            pick.chosen = chosen
        return pick

    def _following(self, prefix: Path) -> list[tuple[Path, int]]:
        n = len(prefix)
        return [(p, i) for p, i in self.routes if p[:n] == prefix and len(p) > n]

    def next_steps(self) -> dict[str, list[int]]:
        """The things (or options) that may be touched next, with the actions they lead to."""
        found: dict[str, list[int]] = {}
        for path, index in self._following(self.chosen):
            found.setdefault(path[len(self.chosen)], []).append(index)
        return found

    def marked(self) -> set[str]:
        """Board things marked as actionable now: the next steps (not options), and the thing
        already chosen (touching it again cancels)."""
        marks = {t for t in self.next_steps() if not t.startswith("opt:")}
        return marks | set(self.chosen[-1:])

    def options(self) -> list[tuple[str, int]]:
        """Options offered on the chosen thing: (option id, action index), in action order."""
        if not self.chosen:
            return []
        steps = self.next_steps()
        return sorted(((t, ix[0]) for t, ix in steps.items() if t.startswith("opt:")),
                      key=lambda pair: pair[1])

    def chosen_cell(self) -> int | None:
        """The blueprint cell chosen first (a tile's placement or a payload), if any."""
        first = self.chosen[0] if self.chosen else ""
        return int(first.rsplit(":", 1)[1]) if first.startswith("cell:") else None

    def touch(self, target: str) -> int | None:
        """Touch a board thing or an option: returns the index of the action it completes
        (as soon as only one action is left that way), or None (the choice moved on, was
        cancelled, or the touch did nothing). Touching another first thing starts over."""
        if self.chosen and target == self.chosen[-1]:
            self.chosen = ()  # a second touch on the chosen thing cancels
            return None
        for prefix in ((*self.chosen, target), (target,)):
            step = len(prefix) - 1
            leads = {i for p, i in self._following(prefix[:-1]) if p[step] == target}
            if not leads:
                continue
            if len(leads) == 1:  # only one action left this way: take it
                self.chosen = ()
                return leads.pop()
            self.chosen = prefix
            return None
        return None


NO_PICK = Pick([])  # no decision at hand: nothing marked, nothing to choose
