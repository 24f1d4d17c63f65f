"""A launch show's frames in the page's own overlay (issue 39): the Skip button stands under
the show, never over the dice's ranges or any other part of a frame, and the whole card is in
the window, on a desktop and on a phone. The frames are those the app draws for a real launch
of a whole game the medium AI plays in CPython, each put on the stage as the app puts it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from game.core.events import RiskRolled
from game.tools.tournament import medium_moves
from ui.markup.launchshow import frames
from ui.words.narration import Launch, launch_sequences

# the frame put on the stage: what of it lies under Skip, whether Skip stands under the whole
# stage (nothing of any frame can reach it there), and whether the card is in the window
LOOK = """(markup) => {
  const overlay = document.getElementById('launch');
  overlay.hidden = false;
  const stage = document.getElementById('launch-stage');
  stage.innerHTML = markup;
  // the ranges' widths, as ui/platform/dom.py set_html applies them (through the CSSOM)
  for (const el of stage.querySelectorAll('[data-width]')) el.style.width = el.dataset.width + '%';
  const skip = overlay.querySelector('.skip').getBoundingClientRect();
  const meets = (at) => at.width && at.left < skip.right && skip.left < at.right
    && at.top < skip.bottom && skip.top < at.bottom;
  const under = [...document.querySelectorAll('#launch-stage *')]
    .filter(el => meets(el.getBoundingClientRect())).map(el => el.getAttribute('class'));
  const card = overlay.querySelector('.lcard').getBoundingClientRect();
  return {under, below: skip.top >= stage.getBoundingClientRect().bottom,
          ranges: !!document.querySelector('#launch-stage .ranges'),
          inWindow: card.top >= 0 && card.left >= 0 && card.bottom <= innerHeight
            && card.right <= innerWidth};
}"""


def a_long_launch() -> Launch:
    """The first launch of the medium AI's game 5 that rolls for three Risk cards or more."""
    for g, seat, _legal, move in medium_moves(5):
        for show in launch_sequences(g.clone().apply(seat, move)):
            if sum(isinstance(step, RiskRolled) for step in show.steps) >= 3:
                return show
    raise AssertionError("no launch rolled for three Risk cards")


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_skip_stands_clear_of_every_frame_of_a_launch_show(
    page: Page, site_url: str, open_game: Callable[[str], float], width: int, height: int,
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    open_game(site_url)
    shown = frames(a_long_launch(), test_bonus=1)
    looks = [page.evaluate(LOOK, frame.markup) for frame in shown]
    print(f"{width}x{height}: {len(looks)} frames, "
          f"{sum(look['ranges'] for look in looks)} with the dice's ranges")
    assert sum(look["ranges"] for look in looks) >= 3  # a roll's frame draws its ranges
    for number, look in enumerate(looks):
        assert not look["under"], f"frame {number}: Skip over {look['under']}"
        assert look["below"], f"frame {number}: Skip stands beside the show, not under it"
        assert look["inWindow"], f"frame {number}: the show's card leaves the window"
