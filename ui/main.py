"""Entry point of the page: start the Moonshot app (PyScript runs this file) once the saved
games are read from disk (public/store.js began reading them when the page started)."""

import asyncio
import traceback

from ui.app import App
from ui.platform import dom


async def main() -> None:
    await dom.store_ready()
    App(dom).start()


def told(task: asyncio.Future[None]) -> None:
    """A start that failed says why in the console (a task's error is otherwise unseen)."""
    if not task.cancelled() and task.exception() is not None:
        error = task.exception()
        dom.console_warn("".join(traceback.format_exception(error)) if error else "")


RUNNING: set[asyncio.Future[None]] = set()  # a task nobody holds may be collected
started = asyncio.ensure_future(main())
started.add_done_callback(told)
RUNNING.add(started)
