"""The documentation's links: README.md stays a short front door (at most 250 lines) that
leads to each part of docs/, and no link of README.md or docs/*.md points at a file that is
not there or at a heading its file does not have (a section moved from one file to another
takes its readers with it). Links inside code (fenced blocks, `spans`) are not links."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
MAX_README_LINES = 250
# The parts of docs/ the README must lead to.
FRONT_DOOR = ("guide.md", "site.md", "architecture.md", "performance.md", "lab.md", "testing.md")
# The How-to-play sources are pages of the built site: their links address it (rules.html,
# howto/*.svg), not this repository, and tests/test_howto.py checks them there.
SITE_PAGES = {"howto.md", "howto.hu.md"}

FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
# A code span: backticks around text, over single line breaks but never a blank line.
CODE_SPAN = re.compile(r"`[^`\n]*(?:\n(?![ \t]*\n)[^`\n]*)*`")
# The end of a link or an image, whatever its text: ](target) or ](target "title").
LINK = re.compile(r"\]\(\s*<?([^()<>\s]+)>?(?:\s+\"[^\"]*\")?\s*\)")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")  # http:, https:, mailto:...
HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$", re.MULTILINE)
# Anchors given by hand: <a id="..."> or <a name="...">, and a {#id} line before a heading
# (the section ids scripts/rules_page.py gives docs/rules.md's pages).
EXPLICIT_ANCHOR = re.compile(r"<a\s[^>]*\b(?:id|name)=\"([^\"]+)\"|^\{#([\w-]+)\}[ \t]*$",
                             re.MULTILINE)


def checked_files() -> list[Path]:
    return [README] + [p for p in sorted(DOCS.glob("*.md")) if p.name not in SITE_PAGES]


def where(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name


def prose(path: Path) -> str:
    """The file's text with its code blanked out (fenced blocks and code spans), line
    numbers kept."""
    lines: list[str] = []
    fence = ""
    for line in path.read_text(encoding="utf-8").split("\n"):
        opening = FENCE.match(line)
        if fence:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                fence = ""
            lines.append("")
        elif opening:
            fence = opening.group(1)
            lines.append("")
        else:
            lines.append(line)
    return CODE_SPAN.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), "\n".join(lines))


def github_slug(heading: str) -> str:
    """The anchor GitHub gives a heading: its words lower-cased, punctuation dropped (but
    '-' and '_'), spaces turned into '-'."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link counts as its text
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every anchor a link may name in the file: its headings' slugs (a repeated one numbered
    -1, -2... as GitHub does) and the anchors given by hand."""
    text = prose(path)
    found: set[str] = set()
    seen: dict[str, int] = {}
    for heading in HEADING.findall(text):
        slug = github_slug(heading)
        found.add(f"{slug}-{seen[slug]}" if slug in seen else slug)
        seen[slug] = seen.get(slug, 0) + 1
    for html_id, line_id in EXPLICIT_ANCHOR.findall(text):
        found.add(html_id or line_id)
    return found


def relative_links(path: Path) -> Iterator[tuple[str, Path, str]]:
    """(where the link is, the file it points at, its anchor or '') for each link of the
    file into this repository."""
    for number, line in enumerate(prose(path).split("\n"), start=1):
        for target in LINK.findall(line):
            if SCHEME.match(target):
                continue
            file_part, _, anchor = target.partition("#")
            file_part = file_part.partition("?")[0]
            linked = (path.parent / unquote(file_part)).resolve() if file_part else path
            yield f"{where(path)}:{number}: {target}", linked, unquote(anchor)


def broken_links(path: Path) -> list[str]:
    return [f"{at} (no such file)" for at, linked, _ in relative_links(path)
            if not linked.exists()]


def broken_anchors(path: Path) -> list[str]:
    known: dict[Path, set[str]] = {}  # each linked file read once
    broken: list[str] = []
    for at, linked, anchor in relative_links(path):
        if anchor and linked.suffix == ".md" and linked.is_file():
            if linked not in known:
                known[linked] = anchors(linked)
            if anchor not in known[linked]:
                broken.append(f"{at} (no such heading in {where(linked)})")
    return broken


def test_the_readme_is_a_short_front_door() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_README_LINES, f"README.md has {len(lines)} lines"


@pytest.mark.parametrize("path", checked_files(), ids=where)
def test_every_link_reaches_a_file(path: Path) -> None:
    broken = broken_links(path)
    assert not broken, "\n".join(broken)


@pytest.mark.parametrize("path", checked_files(), ids=where)
def test_every_anchor_names_a_heading_of_its_file(path: Path) -> None:
    broken = broken_anchors(path)
    assert not broken, "\n".join(broken)


def test_the_readme_leads_to_each_part_of_docs() -> None:
    linked = {target for _, target, _ in relative_links(README)}
    missing = [name for name in FRONT_DOOR if DOCS / name not in linked]
    assert not missing, f"README.md does not link to docs/{', docs/'.join(missing)}"


def test_a_missing_file_or_heading_is_caught_and_code_is_not_a_link(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    (tmp_path / "other.md").write_text("# Other\n\n## Its part (one)\n", encoding="utf-8")
    page.write_text(
        "# Page\n\n## Here, at last\n\n"
        "[fine](other.md#its-part-one) [fine](#here-at-last) [web](https://example.com/x.md)\n"
        "[gone](gone.md) ![gone](pictures/gone.png) [astray](other.md#nowhere) [astray](#there)\n"
        "`[code](span.md)`\n\n```md\n[fenced](fence.md)\n# Not a heading\n```\n",
        encoding="utf-8")
    assert broken_links(page) == ["page.md:6: gone.md (no such file)",
                                  "page.md:6: pictures/gone.png (no such file)"]
    assert broken_anchors(page) == ["page.md:6: other.md#nowhere (no such heading in other.md)",
                                    "page.md:6: #there (no such heading in page.md)"]
    assert anchors(page) == {"page", "here-at-last"}
