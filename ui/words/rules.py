"""Rules in the app: the one-line summaries of the rules sections and links into rules.html.

rules.html is docs/rules.md built by scripts/build.py; every section has a stable anchor.
The "?" links carry ``data-open-rule``: the app opens its rules panel at that section (an
``<iframe>``); before the app has booted they are plain links to the page.

The titles and summaries are the reference's own. In another language they come from that
language's reference (docs/rules.<code>.md, whose sections have the same ids and open with
their own "In short" line, e.g. ``*Röviden: ...*``), built beside ui/words/rulebook.py as
``rule_summaries.<code>.json``; a section it lacks keeps the English words.
"""

from __future__ import annotations

from functools import cache

from ..markup.html import attrs, e
from ..words import rulebook
from .i18n import DEFAULT, _, language

PAGE = "rules.html"


def page() -> str:
    """The rules page in the player's language (rules.html, rules.hu.html)."""
    code = language()
    return PAGE if code == DEFAULT else f"rules.{code}.html"

# section id -> (title, one-line summary), from the rules reference itself (ui.words.rulebook)
SECTIONS: dict[str, tuple[str, str]] = rulebook.load()
_translated = cache(rulebook.load)  # the sections in another language, read once


def sections() -> dict[str, tuple[str, str]]:
    """Section id -> (title, summary) in the player's language."""
    code = language()
    found = {} if code == DEFAULT else _translated(code)
    return {**SECTIONS, **found} if found else SECTIONS


def title(section: str) -> str:
    return sections().get(section, (section.replace("-", " ").capitalize(), ""))[0]


def tip(section: str) -> str:
    """One line for a ``title`` attribute: the rule's gist and where to read it."""
    name, gist = sections().get(section, (title(section), ""))
    if gist:
        return _("{gist} (rules: {section})").format(gist=gist.rstrip("."), section=name)
    return _("Rules: {section}").format(section=name)


def rule_link(section: str, text: str = "?", cls: str = "rule-q") -> str:
    """A link to a rules section that the app opens in its rules panel."""
    label = _("Rules: {section}").format(section=title(section))
    return (f'<a class="{e(cls)}" href="{page()}#{e(section)}"'
            f'{attrs(data_open_rule=section, data_testid="rule-link")} '
            f'title="{e(label)}" aria-label="{e(label)}">'
            f"{e(text)}</a>")


def howto_page() -> str:
    """The illustrated How to play guide in the player's language."""
    code = language()
    return "howto.html" if code == DEFAULT else f"howto.{code}.html"


def panel_html(section: str, howto: bool = False) -> str:
    """The rules panel: the rules page in a frame, opened at ``section`` (or the How to play
    guide, ``howto``)."""
    src = f"{page()}#{section}" if section else page()
    rules, open_tab = _("Rules"), _("Open in a tab")
    close, reference = _("Close ✕"), _("Rules reference")
    if howto:
        src, rules, reference = howto_page(), _("How to play"), _("How to play")
    return (f'<div class="rules-panel" role="dialog" aria-modal="true"{attrs(aria_label=rules)}>'
            f'<div class="rp-h">'
            f'<a href="{e(src)}" target="_blank" rel="noopener">{e(open_tab)}</a>'
            f'<button data-cmd="close-rules" data-testid="close-rules">{e(close)}</button></div>'
            f'<iframe src="{e(src)}"{attrs(title=reference)} data-testid="rules-frame">'
            f"</iframe></div>")
