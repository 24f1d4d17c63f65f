"""Rules in the app: the one-line summaries of the rules sections and links into rules.html.

rules.html is docs/rules.md built by scripts/build.py; every section has a stable anchor.
The "?" links carry ``data-open-rule``: the app opens its rules panel at that section (an
``<iframe>``); before the app has booted they are plain links to the page.
"""

from __future__ import annotations

from .html import attrs, e
from .rulebook import load

PAGE = "rules.html"

# section id -> (title, one-line summary), from the rules reference itself (ui.rulebook)
SECTIONS: dict[str, tuple[str, str]] = load()


def title(section: str) -> str:
    return SECTIONS.get(section, (section.replace("-", " ").capitalize(), ""))[0]


def tip(section: str) -> str:
    """One line for a ``title`` attribute: the rule's gist and where to read it."""
    name, gist = SECTIONS.get(section, (title(section), ""))
    return f"{gist.rstrip('.')} (rules: {name})" if gist else f"Rules: {name}"


def rule_link(section: str, text: str = "?", cls: str = "rule-q") -> str:
    """A link to a rules section that the app opens in its rules panel."""
    return (f'<a class="{e(cls)}" href="{PAGE}#{e(section)}"'
            f'{attrs(data_open_rule=section, data_testid="rule-link")} '
            f'title="Rules: {e(title(section))}" aria-label="Rules: {e(title(section))}">'
            f"{e(text)}</a>")


def panel_html(section: str) -> str:
    """The rules panel: the rules page in a frame, opened at ``section``."""
    src = f"{PAGE}#{section}" if section else PAGE
    return (f'<div class="rules-panel" role="dialog" aria-modal="true" aria-label="Rules">'
            f'<div class="rp-h">'
            f'<a href="{e(src)}" target="_blank" rel="noopener">Open in a tab</a>'
            f'<button data-cmd="close-rules" data-testid="close-rules">Close ✕</button></div>'
            f'<iframe src="{e(src)}" title="Rules reference" data-testid="rules-frame">'
            f"</iframe></div>")
