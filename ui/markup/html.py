"""Tiny helpers to build markup strings (one innerHTML per region is the fast path)."""

from __future__ import annotations

from html import escape

from game.core.content import Effect

from ..words.i18n import _
from ..words.names import AGAINST_OPPONENT, EFFECT_ICON, effect_parts, nation_name
from ..words.rules import page, title


def e(text: object) -> str:
    """Escape any value for use in text or a quoted attribute."""
    return escape(str(text), quote=True)


def icon(name: str, cls: str = "", title: str = "") -> str:
    """An inline SVG icon from the sprite; ``title`` gives it an accessible name.

    The sprite (public/icons.svg) is in the page itself: scripts/build.py puts its symbols in
    every page that draws the table, and ``<use>`` names a symbol of this document. An external
    sprite is a request of its own, and one more for a redraw whose new ``<use>`` finds it out
    of the browser's cache (each one aborted when a quicker redraw removed that ``<use>``)."""
    label = f' role="img" aria-label="{e(title)}"' if title else ' aria-hidden="true"'
    tip = f"<title>{e(title)}</title>" if title else ""
    return (f'<svg class="ic {e(cls)}"{label} viewBox="0 0 24 24">{tip}'
            f'<use href="#i-{e(name)}"/></svg>')


def art(name: str) -> str:
    """A component's drawing from the sprite's card art (``a-NAME``), behind its words: only
    for the eye (the words say everything), and never in the way of a touch."""
    return (f'<svg class="art" aria-hidden="true" focusable="false">'
            f'<use href="#a-{e(name)}" width="100%" height="100%"/></svg>')


# How readily each part of the table gives its room when a column of the table would
# overflow its box: public/scene-fit.js takes the steps of the lowest rank first, and parts
# holding a thing to touch now only after every other, until the column fits. A part folds
# (style.css says what a folded part still shows), tightens (a Mission or the Moon: its Risk
# cards two to a row, their ranges kept and their names in the title) or goes (it leaves the
# column; never a part holding a thing to touch). Flavour and the rules' small print go first,
# a decision's things last.
FOLD, TIGHTEN, GO = "folded", "tight", "gone"
DETAIL_RANKS: dict[str, tuple[tuple[str, int], ...]] = {
    "track": ((FOLD, 1),), "done": ((FOLD, 1),), "lines": ((FOLD, 1), (GO, 6)),
    "moonpath": ((FOLD, 1), (GO, 5)), "hand": ((FOLD, 2), (GO, 8)),
    "modules": ((FOLD, 2), (GO, 7)), "modrow": ((FOLD, 2),),
    "places": ((FOLD, 3), (GO, 9)), "mission": ((FOLD, 3), (TIGHTEN, 10)),
    "moon": ((FOLD, 3), (TIGHTEN, 10)), "blueprint": ((FOLD, 4), (GO, 10)),
    "research": ((FOLD, 5), (GO, 11))}


def detail(part: str) -> str:
    """The attribute naming ``part``'s steps and their ranks in :data:`DETAIL_RANKS`."""
    return f' data-lod="{" ".join(f"{step}:{rank}" for step, rank in DETAIL_RANKS[part])}"'


def effect_html(effect: Effect) -> str:
    """An effect as the cards print it: an icon and a number for each change, the changes
    made to the opponent marked; its words for a screen reader and in the title."""
    chips = []
    rival_word = _("rival")
    for key, amount, words in effect_parts(effect):
        against = key in AGAINST_OPPONENT
        shown = f"\u2212{amount}" if key == "remove_sabotage" else amount.replace("-", "\u2212")
        rival = f"<small>{e(rival_word)}</small>" if against else ""
        chips.append(f'<span class="fx{" opp" if against else ""}" title="{e(words)}">'
                     f'<span class="sr">{e(words)}</span><span aria-hidden="true">{rival}'
                     f'{icon(EFFECT_ICON.get(key, "card"))}{e(shown)}</span></span>')
    return "".join(chips) if chips else e(_("nothing"))


def attrs(**values: object) -> str:
    """``data_x=1`` becomes ``data-x="1"``; None values are left out."""
    return "".join(f' {k.replace("_", "-")}="{e(v)}"' for k, v in values.items()
                   if v is not None)


def emblem(nation: str) -> str:
    """The nation's emblem and name (in the player's words) together: never colour alone."""
    return (f'<span class="emblem {nation.lower()}">{icon(nation.lower(), "em")}'
            f"<b>{e(nation_name(nation))}</b></span>")


class Marks:
    """Which board things the person may touch now (see :mod:`ui.model.targets`), for renderers.

    ``at(target)`` gives the attributes of a thing: ``data-last`` where a rival's last move
    happened (``trail``), and nothing else when it cannot be touched now; else also its
    target id, a mark for the eye (``data-can``, styled), and for the keyboard and assistive
    technology a focusable button (``data-sel`` on the thing already chosen)."""

    def __init__(self, marked: set[str] | None = None, chosen: str = "",
                 hinted: str = "", trail: set[str] | None = None) -> None:
        self.marked = marked or set()
        self.chosen = chosen
        self.hinted = hinted  # the thing a hint says to touch next (``data-hint``)
        self.trail = trail or set()  # where the rival's last moves happened (``data-last``)

    def __contains__(self, target: str) -> bool:
        return target in self.marked

    def at(self, target: str, label: str = "", tip: str = "") -> str:
        """``label`` names a thing that shows no words (a blueprint cell, a tile picture);
        a thing with words of its own is named by them, and ``tip`` says what touching it
        does (a tooltip and, for assistive technology, its description)."""
        last = ' data-last="1"' if target in self.trail else ""
        if target not in self.marked:
            return last
        sel = last + (' data-sel="1" aria-pressed="true"' if target == self.chosen else "")
        if target == self.hinted:
            sel += ' data-hint="1"'

        name = f' aria-label="{e(label)}"' if label else ""
        title = f' title="{e(tip)}"' if tip else ""
        return (f' data-target="{e(target)}" data-can="1" role="button" tabindex="0"'
                f"{sel}{name}{title}")


NO_MARKS = Marks()


def rule_link(section: str, text: str = "?", cls: str = "rule-q") -> str:
    """A link to a rules section that the app opens in its rules panel."""
    label = _("Rules: {section}").format(section=title(section))
    return (f'<a class="{e(cls)}" href="{page()}#{e(section)}"'
            f'{attrs(data_open_rule=section, data_testid="rule-link")} '
            f'title="{e(label)}" aria-label="{e(label)}">'
            f"{e(text)}</a>")
