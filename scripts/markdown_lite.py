"""A small Markdown-subset to HTML converter (standard library only) for docs/rules.md.

Supported: ATX headings, paragraphs, bullet and numbered lists (nested by indentation,
continuation lines joined to their item), pipe tables, ``**bold**``, ```code```,
``[text](href)`` links, and raw ``<a id="..."></a>`` lines, kept as anchors (the next
heading takes the id for the table of contents). Single-line HTML comments are dropped.
Everything else is escaped: no raw HTML reaches the output.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape

ANCHOR = re.compile(r'^\s*<a id="([A-Za-z0-9_-]+)"></a>\s*$')
COMMENT = re.compile(r"^\s*<!--.*-->\s*$")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
ITEM = re.compile(r"^( *)([-*+]|\d+[.)])\s+(.*)$")
INLINE = re.compile(r"`([^`]+)`|\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)")
SAFE_HREF = re.compile(r"^(#[A-Za-z0-9_-]*|[A-Za-z0-9_./-]+(#[A-Za-z0-9_-]*)?)$")


@dataclass
class Heading:
    level: int
    anchor: str
    text: str


@dataclass
class Document:
    html: str
    headings: list[Heading] = field(default_factory=list)


def e(text: str) -> str:
    return escape(text, quote=True)


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"


def inline(text: str) -> str:
    """Escape ``text`` and render its code spans, bold and links."""
    out: list[str] = []
    pos = 0
    for m in INLINE.finditer(text):
        out.append(e(text[pos:m.start()]))
        code, bold, label, href = m.groups()
        if code is not None:
            out.append(f"<code>{e(code)}</code>")
        elif bold is not None:
            out.append(f"<strong>{inline(bold)}</strong>")
        elif SAFE_HREF.match(href):
            out.append(f'<a href="{e(href)}">{inline(label)}</a>')
        else:  # javascript:, other hosts...: the text only
            out.append(inline(label))
        pos = m.end()
    out.append(e(text[pos:]))
    return "".join(out)


def plain(text: str) -> str:
    """The text of inline Markdown without its markup (for the table of contents)."""
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    return text.replace("**", "").replace("`", "")


def _cells(line: str) -> list[str]:
    line = line.strip()
    line = line[1:] if line.startswith("|") else line
    line = line[:-1] if line.endswith("|") and not line.endswith("\\|") else line
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line)]


def _table(lines: list[str]) -> str:
    rows = [_cells(line) for line in lines]
    head: list[str] = []
    if len(rows) > 1 and all(re.fullmatch(r":?-+:?", c) for c in rows[1]):
        head, rows = rows[0], rows[2:]
    out = ['<div class="table"><table>']
    if head:
        out.append("<thead><tr>" + "".join(f"<th>{inline(c)}</th>" for c in head)
                   + "</tr></thead>")
    out.append("<tbody>" + "".join(
        "<tr>" + "".join(f"<td>{inline(c)}</td>" for c in row) + "</tr>" for row in rows)
        + "</tbody></table></div>")
    return "".join(out)


def _list(items: list[tuple[int, str, str]], start: int) -> tuple[str, int]:
    """Render items[start:] that share the first item's indentation (deeper ones nest)."""
    indent, marker, _ = items[start]
    ordered = marker[0].isdigit()
    tag = "ol" if ordered else "ul"
    first = int(marker[:-1]) if ordered else 1
    out = [f'<{tag} start="{first}">' if first != 1 else f"<{tag}>"]
    i = start
    while i < len(items) and items[i][0] >= indent:
        text = items[i][2]
        i += 1
        inner = ""
        while i < len(items) and items[i][0] > indent:
            nested, i = _list(items, i)
            inner += nested
        out.append(f"<li>{inline(text)}{inner}</li>")
    out.append(f"</{tag}>")
    return "".join(out), i


def convert(markdown: str) -> Document:
    """The HTML of ``markdown`` and its headings (with their anchors, for a contents list)."""
    lines = markdown.replace("\r\n", "\n").split("\n")
    out: list[str] = []
    headings: list[Heading] = []
    pending: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip() or COMMENT.match(line):
            i += 1
            continue
        anchor = ANCHOR.match(line)
        if anchor:
            pending.append(anchor.group(1))
            out.append(f'<a id="{anchor.group(1)}"></a>')
            i += 1
            continue
        heading = HEADING.match(line)
        if heading:
            level, text = len(heading.group(1)), heading.group(2)
            ident = pending[-1] if pending else slug(text)
            id_attr = "" if pending else f' id="{e(ident)}"'
            headings.append(Heading(level, ident, plain(text)))
            out.append(f"<h{level}{id_attr}>{inline(text)}</h{level}>")
            pending = []
            i += 1
            continue
        pending = []
        if line.lstrip().startswith("|"):
            block = []
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                block.append(lines[i])
                i += 1
            out.append(_table(block))
            continue
        if ITEM.match(line):
            items: list[tuple[int, str, str]] = []
            while i < len(lines) and lines[i].strip():
                m = ITEM.match(lines[i])
                if m:
                    items.append((len(m.group(1)), m.group(2), m.group(3)))
                elif lines[i].startswith(" ") and items:
                    indent, marker, text = items[-1]
                    items[-1] = (indent, marker, f"{text} {lines[i].strip()}")
                else:
                    break
                i += 1
            pos = 0
            while pos < len(items):
                html, pos = _list(items, pos)
                out.append(html)
            continue
        para = []
        while i < len(lines) and lines[i].strip() and not (
                ANCHOR.match(lines[i]) or HEADING.match(lines[i]) or ITEM.match(lines[i])
                or lines[i].lstrip().startswith("|") or COMMENT.match(lines[i])):
            para.append(lines[i].strip())
            i += 1
        out.append(f"<p>{inline(' '.join(para))}</p>")
    return Document("\n".join(out) + "\n", headings)


def toc_html(headings: list[Heading], levels: tuple[int, int] = (2, 3)) -> str:
    """A nested contents list of the headings at ``levels`` (two levels deep)."""
    top = levels[0]
    out: list[str] = []
    open_sub = False
    for h in headings:
        if h.level not in levels:
            continue
        link = f'<a href="#{e(h.anchor)}">{e(h.text)}</a>'
        if h.level == top:
            if open_sub:
                out.append("</ol></li>")
                open_sub = False
            elif out:
                out.append("</li>")
            out.append(f"<li>{link}")
        else:
            if not out:
                out.append("<li>")
            if not open_sub:
                out.append("<ol>")
                open_sub = True
            out.append(f"<li>{link}</li>")
    if out:
        out.append("</ol></li>" if open_sub else "</li>")
    return f'<ol class="toc">{"".join(out)}</ol>'
