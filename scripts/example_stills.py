"""The rules page's live rule examples, drawn at build time: each example (ui/model/examples.toml)
as a still picture of the part of the table it is about, with the thing to try highlighted,
in a <figure> that a "Try it" button makes live (public/rules-examples.js, one embedded game
for every example of the page).

The picture is the game's own markup (ui.markup), drawn by CPython from the example's
position exactly as the app draws it, in the page's language; it is inert (nothing in it can
be focused or clicked), so the page stays a page until the reader asks.
"""

from __future__ import annotations

import re
import sys
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _imports() -> None:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


def still_html(ident: str) -> str:
    """The still picture of example ``ident`` in the current language (ui.words.i18n.use)."""
    _imports()
    from ui.markup.board import board_html
    from ui.markup.centre import centre_html
    from ui.markup.html import Marks
    from ui.model.examples import examples
    from ui.model.targets import Pick
    from ui.words.names import role_name

    example = examples()[ident]
    g = example.position()
    view = g.view(example.seat)
    actions = g.legal_actions(example.seat)
    pick = Pick.of(actions, view)
    index = actions.index(example.action)
    route = next(path for path, i in pick.routes if i == index)
    marks = Marks({route[0]}, "", route[0], set())
    odds = g.choices(example.seat).odds  # the example's seat is of its nation
    if example.show == "centre":
        return centre_html(view, marks, odds)
    return board_html(view, example.nation, marks=marks,
                      acting=role_name(example.seat.split(".")[1]), odds=odds)


def figure_html(ident: str, try_label: str, loading: str) -> str:
    """The example's <figure>: its still picture, its caption, and the Try it button."""
    _imports()
    from ui.model.examples import examples

    example = examples()[ident]
    caption, try_text, _after = example.words()
    return (f'<figure class="rx" id="example-{ident}" data-example="{ident}" '
            f'data-show="{example.show}" data-loading="{escape(loading)}">'
            f'<div class="rx-still" inert aria-hidden="true">{still_html(ident)}</div>'
            f"<figcaption><p>{escape(caption)}</p><p><i>{escape(try_text)}</i></p>"
            f'<button type="button" class="rx-try" data-testid="try-{ident}">'
            f"{escape(try_label)}</button></figcaption></figure>\n")


def with_examples(html: str, lang: str, try_label: str, loading: str) -> str:
    """The rules page's article with each example's figure at the end of its section (before
    the next heading of the same or a higher level)."""
    _imports()
    from ui.model.examples import examples
    from ui.words.i18n import use

    use(lang)
    try:
        ends: dict[int, str] = {}  # where a section ends in the text as written: its figures
        for example in examples().values():
            opening = re.search(rf'<h([23]) id="{re.escape(example.section)}">', html)
            if opening is None:
                raise ValueError(f"example {example.id}: no section {example.section!r}")
            following = re.compile(rf"<h[2-{opening.group(1)}][ >]").search(html, opening.end())
            at = following.start() if following else len(html)
            ends[at] = ends.get(at, "") + figure_html(example.id, try_label, loading)
        for at in sorted(ends, reverse=True):  # the last first: earlier places stay put
            html = html[:at] + ends[at] + html[at:]
    finally:
        use("en")
    return html
