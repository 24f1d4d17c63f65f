"""scripts/markdown_lite.py: the Markdown subset that builds rules.html from docs/rules.md."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from markdown_lite import convert, toc_html


def test_raw_html_is_escaped() -> None:
    doc = convert('Hello <script>alert("x")</script> **bold <b>**\n\n<img src=x onerror=y>\n')
    assert "<script>" not in doc.html and "<img" not in doc.html
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in doc.html
    assert "<strong>bold &lt;b&gt;</strong>" in doc.html


def test_unsafe_links_keep_only_their_text() -> None:
    html = convert("[ok](#tie) and [bad](javascript:alert(1)) `<i>`\n").html
    assert '<a href="#tie">ok</a>' in html
    assert "javascript" not in html
    assert "<code>&lt;i&gt;</code>" in html


def test_table() -> None:
    html = convert("| A | B |\n|---|---|\n| 1 | **2** |\n| x \\| y | z |\n").html
    assert "<thead><tr><th>A</th><th>B</th></tr></thead>" in html
    assert "<tr><td>1</td><td><strong>2</strong></td></tr>" in html
    assert "<td>x | y</td>" in html


def test_anchors_headings_and_toc() -> None:
    doc = convert('# Title\n\n<a id="tie"></a>\n## Ties\n\ntext\n\n<a id="x"></a>\n'
                  "### Sub [link](#tie)\n")
    assert '<a id="tie"></a>\n<h2>Ties</h2>' in doc.html
    assert [(h.level, h.anchor, h.text) for h in doc.headings] == [
        (1, "title", "Title"), (2, "tie", "Ties"), (3, "x", "Sub link")]
    toc = toc_html(doc.headings)
    assert toc == ('<ol class="toc"><li><a href="#tie">Ties</a><ol><li><a href="#x">Sub link'
                   "</a></li></ol></li></ol>")


def test_nested_lists_and_continuations() -> None:
    html = convert("1. one\n   more\n2. two\n   - a\n   - b\n3. three\n\n- x\n").html
    assert html.startswith("<ol><li>one more</li><li>two<ul><li>a</li><li>b</li></ul></li>"
                           "<li>three</li></ol>")
    assert "<ul><li>x</li></ul>" in html


def test_the_rules_reference_converts() -> None:
    text = (Path(__file__).resolve().parent.parent / "docs" / "rules.md").read_text()
    doc = convert(text)
    anchors = {h.anchor for h in doc.headings}
    assert {"glossary", "tie", "eng-research", "blueprint"} <= anchors
    assert "<!--" not in doc.html
