"""The icons (public/icons.svg) a player must tell apart at a glance differ in shape, not only
in colour or in a small glyph (issue 23): an Influence token is a disc, a Bluff a diamond."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

SVG = "{http://www.w3.org/2000/svg}"
ICONS = Path(__file__).resolve().parent.parent / "public" / "icons.svg"


def outline(symbol_id: str) -> str:
    """The tag (and rotation) of the symbol's first drawn element: its silhouette."""
    root = ET.parse(ICONS).getroot()
    symbol = next(s for s in root.iter(f"{SVG}symbol") if s.get("id") == symbol_id)
    first = next(el for el in symbol if el.tag != f"{SVG}title")
    return first.tag.removeprefix(SVG) + (" " + first.get("transform", "")).rstrip()


def test_influence_and_bluff_have_different_silhouettes() -> None:
    assert outline("i-influence") == "circle"
    assert outline("i-bluff") == "rect rotate(45 12 12)"  # a diamond
