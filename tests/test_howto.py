"""The How-to-play guide: docs/howto.md and docs/howto.hu.md, the drawings in public/howto/,
and the pages scripts/build.py makes of them (write_howto; no full build needed)."""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType

import pytest

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parent.parent
ART = ROOT / "public" / "howto"
sys.path.insert(0, str(ROOT / "scripts"))
from howto_page import LANGUAGES, Language, page_html, parse  # noqa: E402

ID_LINE = re.compile(r"^\{#([\w-]+)\}\n(#+) ", re.MULTILINE)
# The guide's drawings stay small: each is a few kilobytes (about 2 KB gzipped).
MAX_SVG_BYTES = 10_240
# Drawn elements only: anything that shows text or pulls in another document is out.
NO_TEXT = {"text", "tspan", "textPath", "foreignObject", "image", "script", "style", "a"}


def source(lang: Language) -> str:
    return (ROOT / "docs" / lang.source).read_text(encoding="utf-8")


def rules_ids() -> set[str]:
    return set(re.findall(r"^\{#([\w-]+)\}$", (ROOT / "docs" / "rules.md").read_text(),
                          re.MULTILINE))


def build_module() -> ModuleType:
    """scripts/build.py as a module (its name would clash with the build/ cache folder)."""
    return load_script("moonshot_build", "scripts/build.py")


class Page(HTMLParser):
    """Every start tag of a page with its attributes, in order."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))

    def all(self, tag: str) -> list[dict[str, str]]:
        return [attrs for name, attrs in self.tags if name == tag]


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Language code -> the page build.py writes."""
    out = tmp_path_factory.mktemp("howto")
    build_module().write_howto(out)
    return {lang.code: (out / lang.page).read_text(encoding="utf-8") for lang in LANGUAGES}


def test_both_languages_have_the_same_sections_in_the_same_order() -> None:
    found = {lang.code: ID_LINE.findall(source(lang)) for lang in LANGUAGES}
    english = found["en"]
    assert len(english) >= 8 and all(level == "##" for _, level in english)
    for code, ids in found.items():
        assert ids == english, code
    for lang in LANGUAGES:  # and the parser sees them as the guide's sections
        assert [s.anchor for s in parse(source(lang)).sections] == [i for i, _ in english]


@pytest.mark.parametrize("lang", LANGUAGES, ids=lambda lang: lang.code)
def test_every_section_has_one_drawing_with_words_in_its_alt_text(lang: Language) -> None:
    for section in parse(source(lang)).sections:
        assert len(section.images) == 1, section.anchor
        image = section.images[0]
        assert image.src.startswith("howto/") and (ROOT / "public" / image.src).is_file()
        assert len(image.alt.split()) >= 8, (section.anchor, image.alt)


def test_the_languages_share_the_drawings_and_not_the_alt_texts() -> None:
    en, hu = (parse(source(lang)).sections for lang in LANGUAGES)
    for a, b in zip(en, hu, strict=True):
        assert a.images[0].src == b.images[0].src, a.anchor
        assert a.images[0].alt != b.images[0].alt, a.anchor
    used = {s.images[0].src for s in en}
    assert used == {f"howto/{p.name}" for p in ART.glob("*.svg")}  # none unused


@pytest.mark.parametrize("path", sorted(ART.glob("*.svg")), ids=lambda p: p.name)
def test_drawings_are_small_self_contained_svgs_without_words(path: Path) -> None:
    assert path.stat().st_size <= MAX_SVG_BYTES
    root = ET.parse(path).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    box = root.get("viewBox", "").split()
    assert len(box) == 4 and float(box[2]) > 0 and float(box[3]) > 0
    for element in root.iter():
        name = element.tag.rpartition("}")[2]
        assert name not in NO_TEXT, name
        for attr, value in element.attrib.items():
            if attr.rpartition("}")[2] == "href":
                assert value.startswith("#"), value  # the page's CSP allows no other source
            assert "url(" not in value or value.startswith("url(#"), value
    ids = {e.get("id") for e in root.iter()}
    for href in re.findall(r'href="#([^"]+)"|url\(#([^)]+)\)', path.read_text()):
        assert (href[0] or href[1]) in ids


@pytest.mark.parametrize("lang", LANGUAGES, ids=lambda lang: lang.code)
def test_built_page(lang: Language, pages: dict[str, str]) -> None:
    html = pages[lang.code]
    page = Page(html)
    assert page.all("html") == [{"lang": lang.code}]
    assert not page.all("script") and "<script" not in html.lower()
    assert not [a for _, attrs in page.tags for a in attrs if a.startswith("on")]
    csp = [m["content"] for m in page.all("meta") if m.get("http-equiv")]
    assert csp and "script-src 'none'" in csp[0] and "img-src 'self' data:" in csp[0]

    sections = page.all("section")
    images = page.all("img")
    assert len(sections) == len(images) == len(ID_LINE.findall(source(lang)))
    for img in images:
        assert img["alt"].strip() and img["src"].startswith("./howto/")
        assert int(img["width"]) > 0 and int(img["height"]) > 0

    ids = {attrs["id"] for _, attrs in page.tags if "id" in attrs}
    known = rules_ids()
    links = [a["href"] for a in page.all("a")]
    rule_links = [h for h in links if h.split("#")[0] in (f"./{lang.rules}", lang.rules)]
    assert len(rule_links) > len(sections)  # one per section at least, and the header's
    for href in rule_links:
        anchor = href.partition("#")[2]
        assert not anchor or anchor in known, href
    other = next(o for o in LANGUAGES if o is not lang)
    for href in links:
        if href.startswith("#"):
            assert href[1:] in ids, href
        assert href.removeprefix("./").split("#")[0] != other.rules, href
    switch = [a for a in page.all("a") if a["href"] == f"./{other.page}"]
    assert switch and switch[0]["hreflang"] == other.code
    play = [a for a in page.all("a") if a["href"] == "./index.html"]
    assert play and play[0]["target"] == "_top"


def test_a_section_without_its_drawing_is_a_build_error() -> None:
    markdown = "# Guide\n\n{#goal}\n## Goal\n\nNo picture here.\n"
    with pytest.raises(ValueError, match="has 0 images"):
        page_html(markdown, LANGUAGES[0], ROOT / "public", "default-src 'self'")
    missing = "# Guide\n\n{#goal}\n## Goal\n\n![A picture.](howto/none.svg)\n"
    with pytest.raises(ValueError, match="no image"):
        page_html(missing, LANGUAGES[0], ROOT / "public", "default-src 'self'")
