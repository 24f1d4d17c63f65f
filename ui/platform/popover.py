"""Where a popover goes by its anchor, as plain geometry (the page measures, this decides; the
unit tests try every case in CPython). Boxes are (left, top, right, bottom) in CSS pixels."""

from __future__ import annotations

Box = tuple[float, float, float, float]
GAP = 4.0  # px between the popover and its anchor, or the window's edge
MIN_POPOVER_ROOM = 100  # px: a row of options and a little more, where it must scroll


def popover_spot(anchor: Box, size: tuple[float, float], window: tuple[float, float],
                 floor: float, ceiling: float) -> tuple[float, float, float | None]:
    """(left, top, the most height it may take or None) of a popover of ``size`` for
    ``anchor``, kept between ``ceiling`` (a board's head) and ``floor`` (the dock): under the
    anchor, else over it, else beside it, else in the larger of the two rooms, scrolled
    inside (a phone), else under it as far as the window allows."""
    a_left, a_top, _right, a_bottom = anchor
    width, height = size
    view_w, view_h = window
    left = min(max(GAP, a_left), max(GAP, view_w - width - GAP))
    under, over = floor - a_bottom - GAP, a_top - GAP - ceiling
    if height <= under:
        return left, a_bottom + GAP, None
    if height <= over:
        return left, a_top - height - GAP, None
    beside = _beside(anchor, width, view_w)
    if beside is not None:  # at its height as far as the room allows
        return beside, max(ceiling, min(a_top, floor - height)), None
    if max(under, over) >= MIN_POPOVER_ROOM:  # a window too narrow for beside
        return left, a_bottom + GAP if under >= over else ceiling, max(under, over)
    return left, max(GAP, min(a_bottom + GAP, view_h - height - GAP)), None  # no room at all


def _beside(anchor: Box, width: float, view_w: float) -> float | None:
    """The left edge of a popover right of the anchor, else left of it (None: neither fits)."""
    a_left, _top, a_right, _bottom = anchor
    if a_right + GAP + width <= view_w - GAP:
        return a_right + GAP
    if a_left - GAP - width >= GAP:
        return a_left - width - GAP
    return None
