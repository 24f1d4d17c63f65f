"""Rocket Blueprint geometry and the Rocket Parameters derived from it.

A blueprint is a list of cells (row-major); each cell is ``None`` or ``(tile_id, rotation)``.
Parameters are never stored: :func:`rocket_parameters` computes them from the cells and the
installed Modules every time (centre icons + matched edge pairs + satisfied Module bonuses).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from .content import Content, Module, load_content, when_content_changes

Cell = tuple[str, int] | None
Parameters = tuple[int, int, int, int]  # Structure, Electronics, Code, Adaptivity

_INDEX = {"S": 0, "E": 1, "C": 2}


class Geometry:
    """Neighbour tables for a rows x cols grid, computed once."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows = rows
        self.cols = cols
        self.size = rows * cols
        # (cell a, edge of a, cell b, edge of b) for every touching pair, each pair once.
        pairs: list[tuple[int, int, int, int]] = []
        neighbours: list[list[int]] = [[] for _ in range(self.size)]
        for r in range(rows):
            for c in range(cols):
                i = r * cols + c
                if c + 1 < cols:
                    pairs.append((i, 1, i + 1, 3))
                if r + 1 < rows:
                    pairs.append((i, 2, i + cols, 0))
        for a, _, b, _ in pairs:
            neighbours[a].append(b)
            neighbours[b].append(a)
        self.pairs = tuple(pairs)
        self.neighbours = tuple(tuple(n) for n in neighbours)


@cache
def geometry() -> Geometry:
    board = load_content().board
    return Geometry(board.rows, board.cols)


@cache
def _edge_table() -> dict[tuple[str, int], tuple[str, str, str, str]]:
    return {(t.id, r): t.edges_at(r) for t in load_content().tiles.values() for r in range(4)}



def matched_pairs(cells: Sequence[Cell]) -> list[tuple[int, int, str]]:
    """Every touching pair of tiles whose shared edge shows the same icon on both sides."""
    table = _edge_table()
    found = []
    for a, edge_a, b, edge_b in geometry().pairs:
        cell_a, cell_b = cells[a], cells[b]
        if cell_a is not None and cell_b is not None:
            icon = table[cell_a][edge_a]
            if icon != "-" and icon == table[cell_b][edge_b]:
                found.append((a, b, icon))
    return found


def module_satisfied(module: Module, cells: Sequence[Cell], content: Content) -> bool:
    """Whether the blueprint meets every condition of a Module over its region."""
    region = module.cells
    tiles = content.tiles
    for key, amount in module.need:
        if key == "filled":
            count = sum(1 for i in region if cells[i] is not None)
        elif key == "payload":
            count = sum(1 for i in region if (c := cells[i]) is not None
                        and tiles[c[0]].deck == "P")
        elif key == "matches":
            count = sum(1 for a, b, _ in matched_pairs(cells) if a in region and b in region)
        else:
            count = sum(1 for i in region if (c := cells[i]) is not None
                        and tiles[c[0]].centre == key)
        if count < amount:
            return False
    return True


_PARAMETERS: dict[tuple[tuple[Cell, ...], tuple[str | None, ...]], Parameters] = {}
_PARAMETERS_MAX = 20_000  # about 5 MB at most (the web build too)


def rocket_parameters(cells: Sequence[Cell], modules: Sequence[str | None],
                      content: Content | None = None) -> Parameters:
    """Structure, Electronics, Code and Adaptivity of a blueprint with its Modules.

    Memoized for the content in force: the AIs ask about the same blueprints (and the same
    trial placements) thousands of times per decision, and a key costs a tenth of the sum.
    """
    in_force = load_content()
    if content is not None and content is not in_force:
        return _parameters(cells, modules, content)
    key = (tuple(cells), tuple(modules))
    found = _PARAMETERS.get(key)
    if found is None:
        if len(_PARAMETERS) >= _PARAMETERS_MAX:
            _PARAMETERS.clear()
        found = _PARAMETERS[key] = _parameters(cells, modules, in_force)
    return found


def _forget_the_content() -> None:
    """Another content in force (a designer's variant): its shapes and sums differ."""
    geometry.cache_clear()
    _edge_table.cache_clear()
    _PARAMETERS.clear()


when_content_changes(_forget_the_content)


def _parameters(cells: Sequence[Cell], modules: Sequence[str | None],
                content: Content) -> Parameters:
    totals = [0, 0, 0, 0]
    tiles = content.tiles
    for cell in cells:
        if cell is not None:
            centre = tiles[cell[0]].centre
            if centre:
                totals[_INDEX[centre]] += 1
    for _, _, icon in matched_pairs(cells):
        totals[_INDEX[icon]] += 1
    for module_id in modules:
        if module_id is not None:
            module = content.modules[module_id]
            if module_satisfied(module, cells, content):
                for i in range(4):
                    totals[i] += module.bonus[i]
    return (totals[0], totals[1], totals[2], totals[3])


def placeable_cells(cells: Sequence[Cell]) -> list[int]:
    """Cells a new tile may go on: anywhere on an empty blueprint; otherwise on an installed
    tile (covering it) or on an empty cell orthogonally next to one."""
    if not any(cells):  # an installed cell is a (tile, rotation) tuple, never empty
        return list(range(len(cells)))
    neighbours = geometry().neighbours
    found = []
    for i, cell in enumerate(cells):
        if cell is not None:
            found.append(i)
            continue
        for n in neighbours[i]:  # plain loops: a generator per cell costs more than the test
            if cells[n] is not None:
                found.append(i)
                break
    return found
