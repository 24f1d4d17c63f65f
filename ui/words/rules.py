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


def howto_page() -> str:
    """The illustrated How to play guide in the player's language."""
    code = language()
    return "howto.html" if code == DEFAULT else f"howto.{code}.html"


