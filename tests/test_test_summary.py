"""scripts/test's last words (scripts/test_summary.py): each phase's time, the slowest tests,
and each failed test with the first lines of why, read from the run's JUnit files."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent

JUNIT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest" tests="3">
<testcase classname="e2e.test_online" name="test_rejoin" time="44.7">
<failure message="AssertionError: failed requests:&#10;  http://x/icons.svg: net::ERR_ABORTED&#10;\
a&#10;b&#10;c">
long traceback</failure></testcase>
<testcase classname="e2e.test_engines" name="test_last_rounds[webkit]" time="28.9">
<error message="">selenium InvalidSessionIdException: session deleted</error></testcase>
<testcase classname="e2e.test_start" name="test_fine" time="3.0"/>
</testsuite></testsuites>
"""


def summary_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("test_summary", ROOT / "scripts" /
                                                  "test_summary.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_summary_ends_with_each_failed_test_and_why(tmp_path: Path) -> None:
    (tmp_path / "phases.tsv").write_text("unit\t650.0\tok\ne2e\t1007.2\tfailed\n")
    (tmp_path / "e2e.xml").write_text(JUNIT)
    text = summary_module().summary(tmp_path)
    lines = text.splitlines()
    assert "  e2e          1007.2 s  failed" in lines
    assert lines.index("  slowest 3 of 3 tests:") < lines.index("  failed 2:")
    tail = lines[lines.index("  failed 2:") + 1:]
    assert tail == ["    e2e: e2e.test_online::test_rejoin",
                    "      AssertionError: failed requests:",
                    "      http://x/icons.svg: net::ERR_ABORTED", "      a", "      b",
                    "    e2e: e2e.test_engines::test_last_rounds[webkit]",
                    "      selenium InvalidSessionIdException: session deleted"]


def test_a_green_run_names_no_failure(tmp_path: Path) -> None:
    (tmp_path / "e2e.xml").write_text(JUNIT.split("<testcase classname=\"e2e.test_online\"")[0]
                                      + "</testsuite></testsuites>")
    assert "failed" not in summary_module().summary(tmp_path)
