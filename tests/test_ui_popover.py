"""Where a half-made choice's options go by the thing chosen (ui/platform/popover.py): under
it, else over it, else beside it, else scrolled in the larger room (a phone), never over the
board's head (the money and odds the decision needs) nor under the dock."""

from __future__ import annotations

from ui.platform.popover import GAP, MIN_POPOVER_ROOM, popover_spot

DESK = (1280.0, 800.0)
PHONE = (390.0, 844.0)


def test_under_the_anchor_when_it_fits_there() -> None:
    assert popover_spot((100, 100, 160, 140), (200, 150), DESK, 796, 4) == (100, 144, None)


def test_over_the_anchor_when_only_that_room_holds_it() -> None:
    left, top, most = popover_spot((100, 600, 160, 640), (200, 300), DESK, 700, 4)
    assert (left, top, most) == (100, 600 - 300 - GAP, None)


def test_beside_it_when_neither_room_holds_it_and_never_above_the_boards_head() -> None:
    left, top, most = popover_spot((100, 300, 160, 340), (200, 500), DESK, 700, 250)
    assert left == 160 + GAP and most is None
    assert top == max(250, min(300, 700 - 500))
    right_edge = popover_spot((1100, 300, 1270, 340), (200, 500), DESK, 700, 4)
    assert right_edge[0] == 1100 - 200 - GAP  # no room right of it: left of it


def test_a_phone_scrolls_it_in_the_larger_room_and_keeps_it_in_the_window() -> None:
    left, top, most = popover_spot((20, 500, 370, 540), (350, 700), PHONE, 760, 120)
    assert most == max(760 - 540 - GAP, 500 - GAP - 120) >= MIN_POPOVER_ROOM
    assert top == 120  # the room over it is the larger: from under the board's head
    assert GAP <= left <= PHONE[0] - 350 - GAP


def test_no_room_at_all_puts_it_under_as_far_as_the_window_allows() -> None:
    _left, top, most = popover_spot((20, 60, 370, 780), (350, 400), PHONE, 800, 50)
    assert most is None and top == max(GAP, min(780 + GAP, PHONE[1] - 400 - GAP))
