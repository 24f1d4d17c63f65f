"""The start screen's preview: what a first visit reads before Python is up."""

from __future__ import annotations

import re

from tests.fake_platform import elements
from ui.screens.start import START_LEVELS, preview_html, start_html


def test_the_start_screens_preview_is_the_start_screen_with_every_control_disabled() -> None:
    """What a first visit reads before Python is up (scripts/build.py writes it into
    index.html): the start screen's words, no control that a click could reach."""
    preview, real = preview_html(), start_html(None, START_LEVELS[0])
    strip = re.compile(r" disabled| aria-busy=\"true\"")
    assert strip.sub("", preview) == real
    controls = [el for el in elements(preview) if el.tagName in ("BUTTON", "INPUT")]
    assert controls and all("disabled" in el.attrs for el in controls)
    assert 'aria-busy="true"' in preview and "The Cold War race to the Moon" in preview
