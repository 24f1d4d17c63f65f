"""Entry point of the page: start the Moonshot app (PyScript runs this file) once the saved
games are read from disk (public/store.js began reading them when the page started)."""

import asyncio

from ui.app import App
from ui.platform import dom


async def main() -> None:
    await dom.store_ready()
    App(dom).start()


RUNNING: set[asyncio.Future[None]] = set()  # a task nobody holds may be collected
RUNNING.add(asyncio.ensure_future(main()))
