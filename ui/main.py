"""Boot script of the page (temporary scaffolding until the game UI replaces it).

Proves the offline pipeline end to end: Pyodide started, PyScript ran this file, and the
engine wheel was unpacked into the interpreter (its metadata is readable).
"""

import importlib
import importlib.metadata
import sys
from types import ModuleType

from pyscript import document  # type: ignore[import-not-found]


def engine() -> ModuleType:
    """The rules engine, imported on first use."""
    return importlib.import_module("game")


def boot() -> None:
    python = ".".join(str(part) for part in sys.version_info[:3])
    engine_version = importlib.metadata.version("moonshot-game")
    status = document.querySelector('[data-testid="boot"]')
    status.textContent = f"Python {python} · moonshot-game {engine_version}"
    document.body.dataset.ready = "1"


boot()
