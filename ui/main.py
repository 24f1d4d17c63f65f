"""Entry point of the page: start the Moonshot app (PyScript runs this file) once the saved
games are read from disk (public/store.js began reading them when the page started)."""

import asyncio
import traceback

from ui.platform import dom, stdlib

# First of all: the standard modules the build left for later come when first imported.
stdlib.install(lambda: dom.fetch_now(dom.site_url("./pyodide/python_stdlib_rest.zip")))

from ui.app import App  # noqa: E402 (after the finder above)


async def main() -> None:
    await dom.store_ready()
    App(dom).start()


def told(task: asyncio.Future[None]) -> None:
    """A start that failed says why in the console (a task's error is otherwise unseen)."""
    error = None if task.cancelled() else task.exception()
    if error is not None:
        dom.console_warn("".join(traceback.format_exception(error)))


RUNNING: set[asyncio.Future[None]] = set()  # a task nobody holds may be collected
started = asyncio.ensure_future(main())
started.add_done_callback(told)
RUNNING.add(started)
