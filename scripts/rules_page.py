"""docs/rules.md as HTML, by markdown-it-py (CommonMark with tables) at build time.

Raw HTML in the Markdown is never passed through: it is escaped like any text. Section ids
are given by a ``{#id}`` line before a heading (mdit-py-plugins' block attributes), and the
single-line HTML comments that fence the generated content block are dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape

from markdown_it import MarkdownIt
from mdit_py_plugins.attrs import attrs_block_plugin

COMMENT_LINE = re.compile(r"^\s*<!--.*-->\s*$", re.MULTILINE)


@dataclass
class Heading:
    level: int
    anchor: str
    text: str


@dataclass
class Document:
    html: str
    headings: list[Heading] = field(default_factory=list)


def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False}).enable("table").use(attrs_block_plugin)


def convert(markdown: str) -> Document:
    """The Markdown as HTML, and its headings in order (``anchor`` is the heading's id)."""
    md = _parser()
    tokens = md.parse(COMMENT_LINE.sub("", markdown))
    headings = []
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            inline = tokens[i + 1]
            text = "".join(child.content for child in inline.children or []
                           if child.type in ("text", "code_inline"))
            headings.append(Heading(int(token.tag[1]), str(token.attrs.get("id", "")), text))
    return Document(md.renderer.render(tokens, md.options, {}), headings)


def toc_html(headings: list[Heading], levels: tuple[int, int] = (2, 3)) -> str:
    """A nested contents list of the headings at ``levels`` that have an id."""
    top, sub = levels
    items: list[tuple[Heading, list[Heading]]] = []
    for h in headings:
        if not h.anchor:
            continue
        if h.level == top:
            items.append((h, []))
        elif h.level == sub and items:
            items[-1][1].append(h)

    def link(h: Heading) -> str:
        return f'<a href="#{escape(h.anchor)}">{escape(h.text)}</a>'

    return '<ol class="toc">' + "".join(
        f"<li>{link(h)}"
        + (f'<ol>{"".join(f"<li>{link(s)}</li>" for s in subs)}</ol>' if subs else "")
        + "</li>" for h, subs in items) + "</ol>"
