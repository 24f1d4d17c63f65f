"""Entry point of the page: start the Moonshot app (PyScript runs this file) once the saved
games are read from disk (public/store.js began reading them when the page started)."""

import asyncio
import traceback

from ui.platform import precompiled

precompiled.install()  # before any class of the app is made (ui/platform/precompiled.py)

from ui.platform import dom, stdlib  # noqa: E402 (after the compiled methods above)

dom.mark("moonshot: python")  # the start's trace (bench/load_time.py --mode phone)

# First of all: the standard modules the build left for later come when first imported.
REST_OF_STDLIB = dom.site_url("./pyodide/python_stdlib_rest.zip")
LATER = stdlib.install(lambda: dom.fetch_now(REST_OF_STDLIB))

from ui.app import App  # noqa: E402 (after the finder above)

dom.mark("moonshot: imported")


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
if LATER is not None:  # for offline play, a copy of the rest from the service worker
    RUNNING.add(asyncio.ensure_future(dom.keep_for_offline(REST_OF_STDLIB, LATER.keep)))
