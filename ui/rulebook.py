"""The summaries of the rules reference (docs/rules.md), read from the reference itself.

Every section of the reference has an id line (``{#support}``) before its heading, and most
open with one line ``*In short: ...*``. Those lines are the one source of every rule summary
the app shows (tooltips of the "?" links and of the action controls): the build writes them
to ``ui/rule_summaries.json`` beside this module; run from the repository, they are read from
the Markdown directly.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

ID_LINE = re.compile(r"^\{#([a-z0-9-]+)\}$")
HEADING = re.compile(r"^#{1,6}\s+(?:[A-Za-z]\.\s+)?(.+?)\s*$")  # "### A. Supporting..."
SUMMARY = re.compile(r"^\*In short: (.+)\*$")
BUILT = Path(__file__).with_name("rule_summaries.json")
SOURCE = Path(__file__).resolve().parent.parent / "docs" / "rules.md"


def summaries(markdown: str) -> dict[str, tuple[str, str]]:
    """Section id -> (title, one-line summary or "") for every section of the reference."""
    lines = markdown.splitlines()
    found: dict[str, tuple[str, str]] = {}
    for i, line in enumerate(lines[:-1]):
        ident = ID_LINE.match(line)
        heading = HEADING.match(lines[i + 1]) if ident else None
        if ident is None or heading is None:
            continue
        following = next((x for x in lines[i + 2:] if x.strip()), "")
        summary = SUMMARY.match(following)
        found[ident.group(1)] = (heading.group(1), summary.group(1) if summary else "")
    return found


def load() -> dict[str, tuple[str, str]]:
    """The summaries as built into the site, or read from docs/rules.md in the repository."""
    if BUILT.is_file():
        data = json.loads(BUILT.read_text(encoding="utf-8"))
        return {key: (str(title), str(gist)) for key, (title, gist) in data.items()}
    return summaries(SOURCE.read_text(encoding="utf-8"))
