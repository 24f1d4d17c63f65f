"""Technology tiles as SVG squares, and the 3x5 Rocket Blueprint grid."""

from __future__ import annotations

from game.rules.records import NationView, TileView

from ..model.targets import target_id
from ..words.i18n import _
from ..words.names import PAYLOAD_ICON, content, deck_tile, payload_name
from ..words.rules import tip
from .html import NO_MARKS, Marks, detail, e

COLS = content().board.cols  # the Rocket Blueprint's columns (game/content/board.toml)
EDGES = "NESW"
# Where each edge's mark sits (x, y of its centre) in a 100x100 tile.
EDGE_AT = {"N": (50, 8), "E": (92, 50), "S": (50, 92), "W": (8, 50)}


def matched_edges(matches: tuple[tuple[int, int, str], ...],
                  cols: int = COLS) -> set[tuple[int, str]]:
    """(cell, edge) of every matched edge, from the view's ``matches`` pairs."""
    found: set[tuple[int, str]] = set()
    for a, b, _icon in matches:
        lo, hi = min(a, b), max(a, b)
        if hi == lo + 1:
            found |= {(lo, "E"), (hi, "W")}
        else:
            found |= {(lo, "S"), (hi, "N")}
    return found


def _use(name: str, x: float, y: float, size: float, cls: str = "") -> str:
    return (f'<use href="#i-{name}" x="{x - size / 2:g}" y="{y - size / 2:g}" '
            f'width="{size:g}" height="{size:g}" class="{cls}"/>')


def tile_svg(tile: TileView, matched: frozenset[str] = frozenset(),
             payload: str | None = None, cls: str = "") -> str:
    """One tile: the centre icon large, each edge icon a small mark on its edge."""
    deck = tile.deck
    parts = [f'<rect class="tbg d{deck}" x="2" y="2" width="96" height="96" rx="8"/>']
    if tile.centre:
        parts.append(_use(tile.centre, 50, 50, 44, "tc"))
    elif deck == "P":
        parts.append('<rect class="bay" x="28" y="28" width="44" height="44" rx="22"/>')
        parts.append(_use(PAYLOAD_ICON.get(payload or "", "P"), 50, 50, 34, "tc"))
    for edge, icon in zip(EDGES, tile.edges, strict=True):
        if icon == "-":
            continue
        x, y = EDGE_AT[edge]
        hit = " match" if edge in matched else ""
        wide = edge in "NS"
        w, h = (34, 15) if wide else (15, 34)
        parts.append(f'<rect class="edge k{icon}{hit}" x="{x - w / 2:g}" y="{y - h / 2:g}" '
                     f'width="{w}" height="{h}" rx="4"/>')
        parts.append(_use(icon, x, y, 12, "em-i"))
    if payload:
        words = _("{tile} {id}, edges {edges}, carrying {payload}").format(
            tile=deck_tile(deck), id=tile.id, edges=tile.edges,
            payload=payload_name(payload))
    else:
        words = _("{tile} {id}, edges {edges}").format(tile=deck_tile(deck), id=tile.id,
                                                       edges=tile.edges)
    return (f'<svg class="tile {e(cls)}" viewBox="0 0 100 100" role="img" '
            f'aria-label="{e(words)}"><title>{e(words)}</title>{"".join(parts)}</svg>')


def blueprint_html(nation: NationView, marks: Marks = NO_MARKS,
                   ghost_cell: int | None = None, ghost: TileView | None = None) -> str:
    """The grid; cells the person may act on (a placement, a payload) are marked targets."""
    matched = matched_edges(nation.matches)
    cells = []
    for i, cell in enumerate(nation.blueprint):
        row, col = divmod(i, COLS)
        edges = frozenset(edge for c, edge in matched if c == i)
        inner = ""
        if cell is not None:
            inner = tile_svg(cell, edges, cell.payload)
        elif ghost is not None and ghost_cell == i:
            inner = tile_svg(ghost, cls="ghost")
        cell_words = _("Row {row}, column {column}").format(row=row + 1, column=col + 1)
        target = marks.at(target_id("cell", nation.name, i), cell_words)
        empty = "" if cell is not None else " empty"
        cells.append(f'<div class="cell{empty}"{target}>{inner}</div>')
    label = _("Rocket Blueprint")
    return (f'<div class="blueprint"{detail("blueprint")} role="group" aria-label="{e(label)}" '
            f'data-rule="blueprint" title="{e(tip("blueprint"))}">'
            f'{"".join(cells)}</div>')
