"""The summaries of the rules reference (docs/rules.md), read from the reference itself.

Every section of the reference has an id line (``{#support}``) before its heading, and most
open with one line ``*In short: ...*``. Those lines are the one source of every rule summary
the app shows (tooltips of the "?" links and of the action controls): the build writes them
to ``rule_summaries.json`` beside this module; run from the repository, they are read from
the Markdown directly.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

ID_LINE = re.compile(r"^\{#([a-z0-9-]+)\}$")
HEADING = re.compile(r"^#{1,6}\s+(?:[A-Za-z]\.\s+)?(.+?)\s*$")  # "### A. Supporting..."
# How each language's reference opens a section's summary line ("*In short: ...*").
LEADS = {"en": "In short", "hu": "Röviden"}
BUILT = Path(__file__).with_name("rule_summaries.json")
SOURCE = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def _suffix(lang: str) -> str:
    return "" if lang == "en" else f".{lang}"


def summaries(markdown: str, lang: str = "en") -> dict[str, tuple[str, str]]:
    """Section id -> (title, one-line summary or "") for every section of the reference in
    ``lang`` (its summary lines open with ``LEADS[lang]``)."""
    summary_line = re.compile(rf"^\*{re.escape(LEADS[lang])}: (.+)\*$")
    lines = markdown.splitlines()
    found: dict[str, tuple[str, str]] = {}
    for i, line in enumerate(lines[:-1]):
        ident = ID_LINE.match(line)
        heading = HEADING.match(lines[i + 1]) if ident else None
        if ident is None or heading is None:
            continue
        following = next((x for x in lines[i + 2:] if x.strip()), "")
        summary = summary_line.match(following)
        found[ident.group(1)] = (heading.group(1), summary.group(1) if summary else "")
    return found


def load(lang: str = "en") -> dict[str, tuple[str, str]]:
    """The summaries in ``lang`` as built into the site (rule_summaries[.<lang>].json), or
    read from docs/rules[.<lang>].md in the repository; empty when there is no such text."""
    built = BUILT.with_name(f"rule_summaries{_suffix(lang)}.json")
    if built.is_file():
        data = json.loads(built.read_text(encoding="utf-8"))
        return {key: (str(title), str(gist)) for key, (title, gist) in data.items()}
    source = SOURCE.with_name(f"rules{_suffix(lang)}.md")
    if lang not in LEADS or not source.is_file():
        return {}
    return summaries(source.read_text(encoding="utf-8"), lang)
