"""Repository scripts as modules, for the tests: ``scripts/`` and ``bench/`` are not packages."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_script(name: str, relative: str) -> ModuleType:
    """``ROOT/relative`` loaded once as module ``name``. It is registered before it runs:
    dataclasses look their module up in ``sys.modules`` while they are defined."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
