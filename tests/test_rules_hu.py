"""The Hungarian rules reference (docs/rules.hu.md) keeps the structure of docs/rules.md.

The translation has the same ``{#id}`` lines, in the same order and before headings of the
same level, opens every section with a ``*Röviden: ...*`` line where the English one has its
``*In short: ...*`` line, and embeds the generated content block unchanged.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

from game.tools.reference import BEGIN, END, content_markdown, extract_block
from tests.scripts import load_script
from ui.words.rulebook import ID_LINE, summaries

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
RULES_HU = ROOT / "docs" / "rules.hu.md"

ANCHOR = re.compile(r"^\{#([a-z0-9-]+)\}$", re.MULTILINE)  # the id line before a heading
HEADING_LINE = re.compile(r"^(#{1,6})\s+\S")
LINK_TARGET = re.compile(r"\]\(#([a-z0-9-]+)\)")
SOURCE_PATH = re.compile(r"\b(?:game|ui|scripts|docs)/[\w./*-]+|\b\w+\.(?:py|toml)\b")


def _en() -> str:
    return RULES.read_text(encoding="utf-8")


def _hu() -> str:
    return RULES_HU.read_text(encoding="utf-8")


def _outside_block(text: str) -> str:
    """The document without its generated block (the marker lines included)."""
    lines = text.splitlines(keepends=True)
    begin = next(i for i, line in enumerate(lines) if line.rstrip("\r\n") == BEGIN)
    end = next(i for i, line in enumerate(lines) if line.rstrip("\r\n") == END)
    return "".join(lines[:begin] + lines[end + 1:])


def _sections(text: str) -> list[tuple[str, int, str]]:
    """(id, heading level, heading line) for every id line, in document order."""
    lines = text.splitlines()
    found = []
    for i, line in enumerate(lines[:-1]):
        ident = ID_LINE.match(line)
        level = HEADING_LINE.match(lines[i + 1])
        if ident is not None and level is not None:
            found.append((ident.group(1), len(level.group(1)), lines[i + 1]))
    return found


def _rules_page() -> ModuleType:
    """scripts/rules_page.py, under the name tests/test_rules_page.py imports it by."""
    return load_script("rules_page", "scripts/rules_page.py")


def _rendered_headings(text: str) -> list[tuple[int, str]]:
    doc = _rules_page().convert(text)
    return [(int(h.level), str(h.anchor)) for h in doc.headings]


def test_the_translation_exists_and_starts_with_a_translated_title() -> None:
    assert RULES_HU.is_file()
    first = _hu().splitlines()[0]
    assert first.startswith("# ") and first != _en().splitlines()[0]
    assert [line for line in _hu().splitlines() if line.startswith("# ")] == [first]


def test_id_lines_equal_the_english_ones_in_the_same_order() -> None:
    assert ANCHOR.findall(_hu()) == ANCHOR.findall(_en())


def test_every_heading_has_an_id_line_at_the_english_level() -> None:
    lines = _hu().splitlines()
    for i, line in enumerate(lines):
        if line.startswith("##"):
            assert i > 0 and ANCHOR.fullmatch(lines[i - 1]), f"heading without id: {line}"
    english = [(ident, level) for ident, level, _ in _sections(_en())]
    hungarian = [(ident, level) for ident, level, _ in _sections(_hu())]
    assert hungarian == english
    assert len(hungarian) == len(ANCHOR.findall(_hu())), "an id line not followed by a heading"


def test_headings_are_translated() -> None:
    english = {ident: heading for ident, _, heading in _sections(_en())}
    same = [heading for ident, _, heading in _sections(_hu()) if heading == english[ident]]
    assert same == []


@pytest.mark.rule("content")
def test_generated_content_block_is_copied_verbatim() -> None:
    block = extract_block(_hu())
    assert block is not None, f"docs/rules.hu.md needs one {BEGIN} ... {END} block"
    assert block == content_markdown()
    assert block == extract_block(_en())


def test_every_section_has_a_hungarian_summary_where_the_english_one_has_one() -> None:
    english = summaries(_en())
    hungarian = {ident: gist for ident, (_, gist) in summaries(_hu(), "hu").items()}
    assert list(hungarian) == list(english)
    missing = [ident for ident, (_, gist) in english.items() if gist and not hungarian[ident]]
    assert missing == []
    assert all(gist.strip() == gist and gist for gist in hungarian.values())


def test_summary_lines_are_exactly_one_per_section() -> None:
    text = _outside_block(_hu())
    count = sum(1 for line in text.splitlines() if line.startswith("*Röviden: "))
    assert count == len(ANCHOR.findall(_hu()))


def test_no_english_summary_and_no_source_file_outside_the_block() -> None:
    text = _outside_block(_hu())
    assert "In short" not in text
    assert SOURCE_PATH.findall(text) == []


def test_links_keep_their_targets() -> None:
    ids = set(ANCHOR.findall(_hu()))
    targets = LINK_TARGET.findall(_outside_block(_hu()))
    assert set(targets) <= ids
    assert targets == LINK_TARGET.findall(_outside_block(_en()))


def test_the_translation_renders_with_the_english_heading_ids() -> None:
    hungarian = _rendered_headings(_hu())
    assert hungarian == _rendered_headings(_en())
    html = _rules_page().convert(_hu()).html
    assert "{#" not in html  # every id line was taken by its heading
    assert "<!--" not in html and "&lt;!--" not in html
