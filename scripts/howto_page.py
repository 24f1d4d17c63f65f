"""The illustrated "How to play" pages: docs/howto.md as howto.html, docs/howto.hu.md as
howto.hu.html, by markdown-it-py at build time (as the rules page; raw HTML is escaped).

The guide is a run of sections, each opened by a ``{#id}`` line and a ``##`` heading, with
the same ids in every language. A section holds exactly one image, a drawn SVG from
public/howto/ that both languages share (so it has no words; the alt text carries them),
and a paragraph starting with a link to the rules reference (styled as the section's way
on). Each section becomes a card: heading, figure, text. The Markdown before the first
section is the lead above the section list; the title heading names the page (<title>).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from html import escape
from pathlib import Path, PurePosixPath

from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.attrs import attrs_block_plugin


@dataclass(frozen=True)
class Language:
    """One version of the guide: its files and the words of the page around the Markdown."""

    code: str
    source: str  # in docs/
    page: str  # in the site
    rules: str  # the rules reference page in this language
    name: str  # the language in itself, for the link from the other version
    subtitle: str
    rules_label: str
    play: str
    pages: str  # accessible name of the header's links
    contents: str  # accessible name of the section list


LANGUAGES = (
    Language("en", "howto.md", "howto.html", "rules.html", "English", "How to play",
             "Rules reference", "Play the game", "Pages", "Contents"),
    Language("hu", "howto.hu.md", "howto.hu.html", "rules.hu.html", "Magyar",
             "Hogyan játsszunk?", "Szabálykönyv", "Irány a játék", "Oldalak",
             "Tartalom"),
)


@dataclass
class Image:
    src: str
    alt: str


@dataclass
class Section:
    anchor: str
    title: str  # plain text (the contents list)
    heading: str  # the heading's Markdown
    body: list[Token] = field(default_factory=list)
    images: list[Image] = field(default_factory=list)


@dataclass
class Guide:
    title: str
    lead: list[Token]
    sections: list[Section]


def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False}).enable("table").use(attrs_block_plugin)


def _image_of(tokens: list[Token], i: int) -> Token | None:
    """The image token if tokens[i:i+3] is a paragraph holding nothing but one image."""
    if tokens[i].type != "paragraph_open" or i + 2 >= len(tokens):
        return None
    children = tokens[i + 1].children or []
    if len(children) == 1 and children[0].type == "image":
        return children[0]
    return None


def parse(markdown: str) -> Guide:
    """The guide's title, lead and sections (each ``##`` heading opens one)."""
    tokens = _parser().parse(markdown)
    title = ""
    lead: list[Token] = []
    sections: list[Section] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.type == "heading_open" and token.tag in ("h1", "h2"):
            text = "".join(child.content for child in tokens[i + 1].children or []
                           if child.type in ("text", "code_inline"))
            if token.tag == "h1":
                title = text
            else:
                sections.append(Section(str(token.attrs.get("id", "")), text,
                                        tokens[i + 1].content))
            i += 3  # open, inline, close
            continue
        image = _image_of(tokens, i)
        if image is not None and sections:
            alt = "".join(child.content for child in image.children or [])
            sections[-1].images.append(Image(str(image.attrs["src"]), alt))
            i += 3
            continue
        (sections[-1].body if sections else lead).append(token)
        i += 1
    return Guide(title, lead, sections)


def check(guide: Guide, art: Path) -> None:
    """Raise ValueError unless every section has an id and exactly one image that is a
    site file below howto/ (looked up in ``art``, the folder that becomes the site root)."""
    seen: set[str] = set()
    for section in guide.sections:
        if not section.anchor:
            raise ValueError(f"section {section.title!r} has no {{#id}} line")
        if section.anchor in seen:
            raise ValueError(f"section id {section.anchor!r} is used twice")
        seen.add(section.anchor)
        if len(section.images) != 1:
            raise ValueError(f"section {section.anchor!r} has {len(section.images)} images, "
                             "not 1")
        src = PurePosixPath(section.images[0].src)
        if src.parts[:1] != ("howto",) or ".." in src.parts or not (art / src).is_file():
            raise ValueError(f"section {section.anchor!r}: no image public/{src}")
        if not section.images[0].alt.strip():
            raise ValueError(f"section {section.anchor!r}: the image has no alt text")


def svg_size(path: Path) -> tuple[int, int]:
    """Width and height of an SVG's viewBox: the <img> reserves its space before it loads."""
    try:
        box = ET.parse(path).getroot().get("viewBox", "").split()
    except ET.ParseError as err:
        raise ValueError(f"{path.name} is not well-formed: {err}") from err
    if len(box) != 4:
        raise ValueError(f"{path.name}: no viewBox")
    return round(float(box[2])), round(float(box[3]))


def _section_html(md: MarkdownIt, number: int, section: Section, lang: Language,
                  art: Path) -> str:
    image = section.images[0]
    width, height = svg_size(art / image.src)
    body = list(section.body)
    for i, token in enumerate(body[:-1]):
        children = body[i + 1].children or []
        if (token.type == "paragraph_open" and children and children[0].type == "link_open"
                and str(children[0].attrs.get("href", "")).startswith(lang.rules)):
            token.attrSet("class", "more")
    heading = md.renderInline(section.heading)
    return (f'<section class="step" aria-labelledby="{escape(section.anchor)}">\n'
            f'<h2 id="{escape(section.anchor)}"><span class="no" aria-hidden="true">{number}'
            f"</span> {heading}</h2>\n"
            f'<figure><img src="./{escape(image.src)}" alt="{escape(image.alt)}" '
            f'width="{width}" height="{height}"></figure>\n'
            f'<div class="text">\n{md.renderer.render(body, md.options, {})}</div>\n</section>\n')


def page_html(markdown: str, lang: Language, art: Path, csp: str) -> str:
    """The whole page for one language. ``art`` is public/ (the SVGs are read for their
    size); ``csp`` the Content-Security-Policy, the rules page's: no script at all."""
    md = _parser()
    guide = parse(markdown)
    check(guide, art)
    other = next(o for o in LANGUAGES if o.code != lang.code)
    toc = "".join(f'<li><a href="#{escape(s.anchor)}">{escape(s.title)}</a></li>'
                  for s in guide.sections)
    sections = "".join(_section_html(md, n, s, lang, art)
                       for n, s in enumerate(guide.sections, start=1))
    return (
        f'<!doctype html>\n<html lang="{lang.code}">\n<head>\n  <meta charset="utf-8">\n'
        f'  <meta http-equiv="Content-Security-Policy" content="{csp}">\n'
        '  <meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"  <title>{escape(guide.title)}</title>\n"
        '  <link rel="icon" href="data:,">\n'
        f'  <link rel="alternate" hreflang="{other.code}" href="./{other.page}">\n'
        '  <link rel="stylesheet" href="./style.css">\n'
        '  <link rel="stylesheet" href="./howto.css">\n</head>\n'
        f'<body class="howto-page">\n<header class="top"><h1>MOONSHOT <small>'
        f"{escape(lang.subtitle)}</small></h1>"
        f'<nav class="tools" aria-label="{escape(lang.pages)}">'
        f'<a href="./{lang.rules}">{escape(lang.rules_label)}</a>'
        f'<a class="lang" href="./{other.page}" hreflang="{other.code}" lang="{other.code}">'
        f"{escape(other.name)}</a>"
        f'<a href="./index.html" target="_top">{escape(lang.play)}</a></nav></header>\n'
        f'<main class="howto">\n<div class="intro">\n'
        f"{md.renderer.render(guide.lead, md.options, {})}"
        f'<nav class="toc" aria-label="{escape(lang.contents)}"><ol>{toc}</ol></nav>\n</div>\n'
        f"{sections}</main>\n</body>\n</html>\n")
