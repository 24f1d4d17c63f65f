"""The build ships Pyodide with WebAssembly stack switching turned off (scripts/build.py says
why), and stops when a Pyodide upgrade changes the probe it turns off."""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts.build import (
    STACK_SWITCHING_OFF,
    STACK_SWITCHING_PROBE,
    BuildError,
    without_stack_switching,
)

RUNTIME = Path(__file__).resolve().parent.parent / "node_modules/pyodide/pyodide.asm.mjs"


@pytest.mark.skipif(not RUNTIME.is_file(), reason="npm ci has not run")
def test_the_pinned_pyodide_loses_its_probe_and_nothing_else() -> None:
    runtime = RUNTIME.read_bytes()
    shipped = without_stack_switching(runtime)
    assert STACK_SWITCHING_PROBE not in shipped
    assert b'"Suspending"in WebAssembly' not in shipped
    before, _, after = runtime.partition(STACK_SWITCHING_PROBE)
    assert shipped == before + STACK_SWITCHING_OFF + after


@pytest.mark.parametrize("times", [0, 2])
def test_a_runtime_without_exactly_one_probe_stops_the_build(times: int) -> None:
    runtime = b"let a=1;" + STACK_SWITCHING_PROBE * times + b"let b=2;"
    with pytest.raises(BuildError, match=f"{times} times"):
        without_stack_switching(runtime)
