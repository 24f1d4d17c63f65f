"""The About box under the Mission log: what this edition is and what it runs on (the version
and the engine's details stay folded away there, off the table)."""

from __future__ import annotations

import sys
from functools import cache

from game import __version__

from ..words.i18n import _


@cache
def versions() -> tuple[str, str]:
    """(this edition's version, the Python version running it). Not from the installed
    distribution's metadata: importlib.metadata brings the email package with it, which
    Pyodide compiles from source in about 140 ms before the first screen."""
    python = ".".join(str(part) for part in sys.version_info[:3])
    return __version__, python


def about_text(version: str, python: str) -> str:
    """The About box's words for edition ``version`` running on Python ``python``."""
    what = _("Moonshot: The Next Giant Leap, the digital edition, version {version}.").format(
        version=version)
    how = _("It runs entirely in your browser: the rules engine and the computer players are "
            "Python {python}, run by Pyodide (WebAssembly). No server sees your games; they "
            "are saved in this browser.").format(python=python)
    return f"{what} {how}"
