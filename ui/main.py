"""Entry point of the page: start the Moonshot app (PyScript runs this file)."""

import importlib.metadata
import sys

from ui.app import App
from ui.platform import dom

python = ".".join(str(part) for part in sys.version_info[:3])
dom.set_text_by_testid(
    "boot", f"Python {python} · moonshot-game {importlib.metadata.version('moonshot-game')}")
App(dom).start()
