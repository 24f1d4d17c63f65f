"""The balance lab's games on a Dask cluster, when a sweep outgrows one machine.

Dask's ``distributed`` (not Ray): a pure-Python package of a few MB on PyPI, a scheduler and
workers started by two commands (``dask scheduler``, ``dask worker ADDRESS``) on any machine
with Python, and a local cluster in a second or two for the tests; Ray's wheel is some
60 MB of native code with its own daemons, for actors and GPUs the lab has no use for.

Every worker needs this engine installed (``pip install -e .`` of the same commit): a task
carries its variant's text, not a file, and a worker whose engine or content differs from
the sweep's refuses its games (their digest would differ), which ends the sweep. A game
depends on its task alone (the seed, the levels, the variant; the Hard level searches
iterations, not seconds), so a cluster reports the very numbers one machine does. Each
worker should run one thread (``--nthreads 1``): the engine's content is a process-wide
setting, so the games of a many-threaded worker wait for one another.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .lab import LabGame, Runner, Task, play


def dask_runner(address: str) -> Runner:
    """Games played by the workers of the Dask scheduler at ``address`` (``tcp://host:8786``),
    handed back as each ends (the sweep writes each to its file at once)."""
    def run(tasks: list[Task]) -> Iterable[LabGame]:
        return _run(address, tasks)
    return run


def _run(address: str, tasks: list[Task]) -> Iterator[LabGame]:
    """The games, as each ends; whatever goes wrong on the cluster ends the sweep with a
    :class:`RuntimeError` that says what (the games already written stay in the file)."""
    if not tasks:
        return
    try:
        from distributed import Client, as_completed  # only a cluster's run needs it
    except ImportError as exc:
        raise RuntimeError(f"the lab's cluster needs Dask's distributed: pip install -e "
                           f"'.[lab]' ({exc})") from None
    try:
        client = Client(address, timeout="20s")
    except (OSError, TimeoutError) as exc:
        raise RuntimeError(f"no Dask scheduler answers at {address} ({exc})") from None
    with client:
        # pure=False: two tasks never share a result by their arguments' hash; batch_size
        # sends the tasks to the scheduler in messages of 500
        futures = client.map(play, tasks, pure=False, batch_size=500)
        for future in as_completed(futures):
            try:
                game = future.result()
            except Exception as exc:  # a worker's error, a killed worker, a cancellation
                raise RuntimeError(f"a game failed on the cluster: {type(exc).__name__}: "
                                   f"{exc}") from None
            yield game
            future.release()
