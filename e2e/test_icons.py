"""Icons told apart from font glyphs: the Bluff token once read as U+FFFD, the replacement
character a font draws for a broken byte (a black diamond holding a question mark), in token
counts and in the action bar's words. Each icon and each glyph is drawn by the browser, its ink
cropped and scaled to one grid, and compared cell by cell."""

from __future__ import annotations

import io

from PIL import Image
from playwright.sync_api import Page

GRID = 32
# What the Bluff token must not look like: the replacement character, the diamonds and the
# question mark it was drawn from.
GLYPHS = {"replacement character": "\ufffd", "black diamond": "\u25c6",
          "diamond in diamond": "\u25c8", "question mark": "?",
          "white hexagon": "\u2b21", "black hexagon": "\u2b22"}
LIMIT = 0.6  # at most this share of ink cells in common (intersection over union)
# Lays the icons and the glyphs out on the game's page (whose sprite holds the icons), each in
# a white cell at the top of everything, in the page's own font. Styles go through the CSSOM:
# the page's policy refuses style attributes.
LAY_OUT = """names => {
    const board = document.createElement("div");
    Object.assign(board.style, { position: "fixed", inset: "0", zIndex: "99999",
                                 background: "#fff", color: "#000" });
    const cell = (id) => {
        const span = document.createElement("span");
        span.id = id;
        Object.assign(span.style, { display: "inline-block", width: "96px", height: "96px",
            lineHeight: "96px", textAlign: "center", fontSize: "80px", color: "#000" });
        board.append(span);
        return span;
    };
    for (const name of names.icons) {
        const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        svg.setAttribute("width", "96"); svg.setAttribute("height", "96");
        const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
        use.setAttribute("href", "#i-" + name);
        svg.append(use);
        cell("icon-" + name).append(svg);
    }
    names.glyphs.forEach((glyph, n) => { cell("glyph-" + n).textContent = glyph; });
    document.body.append(board);
}"""


def ink(png: bytes) -> list[bool]:
    """The picture's dark cells on a GRID x GRID grid, its ink's bounding box filling it."""
    gray = Image.open(io.BytesIO(png)).convert("L")
    dark = gray.point(lambda v: 255 if v < 128 else 0)
    box = dark.getbbox()
    assert box, "nothing drawn"
    cells = dark.crop(box).resize((GRID, GRID), Image.Resampling.BOX)
    return [v >= 128 for v in cells.tobytes()]  # mode L: a byte a cell


def overlap(a: list[bool], b: list[bool]) -> float:
    both = sum(x and y for x, y in zip(a, b, strict=True))
    either = sum(x or y for x, y in zip(a, b, strict=True))
    return both / either


def test_the_bluff_token_looks_like_no_glyph_and_not_like_influence(
    page: Page, site_url: str,
) -> None:
    page.goto(site_url)  # the static page: its sprite is there before Python starts
    page.evaluate(LAY_OUT, {"icons": ["bluff", "influence"], "glyphs": list(GLYPHS.values())})
    bluff = ink(page.locator("#icon-bluff").screenshot())
    influence = ink(page.locator("#icon-influence").screenshot())
    shares = {"Influence token": overlap(bluff, influence)}
    for n, name in enumerate(GLYPHS):
        shares[name] = overlap(bluff, ink(page.locator(f"#glyph-{n}").screenshot()))
    print("the Bluff token's ink in common with: " + ", ".join(
        f"{name} {share:.2f}" for name, share in shares.items()))
    assert all(share <= LIMIT for share in shares.values()), shares
