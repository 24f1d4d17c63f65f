"""Entry point of the page: start the Moonshot app (PyScript runs this file)."""

from ui.app import App
from ui.platform import dom

App(dom).start()
