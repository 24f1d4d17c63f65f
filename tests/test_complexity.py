"""No function of ui/ is hard to change: its cyclomatic complexity (radon's measure: one, plus
one for each branch, loop, handler, comprehension and boolean operator) at most
:data:`CEILING` (the turn loop was 35, the hint's reason 26, a guest's picture 23)."""

from __future__ import annotations

from pathlib import Path

from radon.complexity import cc_visit
from radon.visitors import Class, Function

ROOT = Path(__file__).resolve().parent.parent
CEILING = 12


def measured() -> dict[str, int]:
    """Every function and method of ui/ with its complexity."""
    found: dict[str, int] = {}
    for path in sorted((ROOT / "ui").rglob("*.py")):
        module = path.relative_to(ROOT).as_posix()
        for block in cc_visit(path.read_text(encoding="utf-8")):
            blocks = block.methods if isinstance(block, Class) else [block]
            for function in blocks:
                assert isinstance(function, Function)
                found[f"{module}: {function.fullname}"] = function.complexity
    return found


def test_no_function_of_ui_is_more_complex_than_the_ceiling() -> None:
    found = measured()
    assert len(found) > 500  # every module read
    too_complex = {name: c for name, c in found.items() if c > CEILING}
    assert not too_complex, f"above {CEILING} (split them): {too_complex}"
