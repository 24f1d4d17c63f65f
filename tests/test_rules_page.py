"""scripts/rules_page.py: docs/rules.md to rules.html with markdown-it-py, raw HTML escaped."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from rules_page import convert, toc_html

RULES = Path(__file__).resolve().parent.parent / "docs" / "rules.md"


def test_raw_html_is_escaped() -> None:
    doc = convert('Hello <script>alert("x")</script> **bold <b>**\n\n<img src=x onerror=y>\n')
    assert "<script>" not in doc.html and "<img" not in doc.html
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in doc.html
    assert "<strong>bold &lt;b&gt;</strong>" in doc.html


def test_unsafe_links_keep_only_their_text() -> None:
    html = convert("[ok](#tie) and [bad](javascript:alert(1)) `<i>`\n").html
    assert '<a href="#tie">ok</a>' in html
    assert 'href="javascript' not in html
    assert "<code>&lt;i&gt;</code>" in html


def test_table() -> None:
    html = convert("| A | B |\n|---|---|\n| 1 | **2** |\n| x \\| y | z |\n").html
    assert "<th>A</th>" in html and "<td><strong>2</strong></td>" in html
    assert "<td>x | y</td>" in html


def test_ids_headings_and_toc() -> None:
    doc = convert("# Title\n\n{#tie}\n## Ties\n\ntext\n\n{#x}\n### Sub `code`\n")
    assert '<h2 id="tie">Ties</h2>' in doc.html
    assert [(h.level, h.anchor, h.text) for h in doc.headings] == [
        (1, "", "Title"), (2, "tie", "Ties"), (3, "x", "Sub code")]
    assert toc_html(doc.headings) == ('<ol class="toc"><li><a href="#tie">Ties</a><ol><li>'
                                      '<a href="#x">Sub code</a></li></ol></li></ol>')


def test_nested_lists() -> None:
    html = convert("1. one\n   more\n2. two\n   - a\n   - b\n3. three\n\n- x\n").html
    assert html.startswith("<ol>\n<li>one\nmore</li>\n<li>two\n<ul>\n<li>a</li>")
    assert "<ul>\n<li>x</li>\n</ul>" in html


def test_the_rules_reference_converts_with_every_section_id() -> None:
    doc = convert(RULES.read_text(encoding="utf-8"))
    anchors = {h.anchor for h in doc.headings}
    assert {"glossary", "tie", "eng-research", "blueprint"} <= anchors
    assert "<!--" not in doc.html and "&lt;!--" not in doc.html
    assert "{#" not in doc.html  # every id line was taken by its heading
