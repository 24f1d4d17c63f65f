"""What scripts/test prints at its end: each phase's time (install, ruff, mypy, unit, e2e) and
its outcome, the slowest tests of the unit and browser runs together (from their JUnit
XML), so every run says where its time went, and last each failed test with the first lines
of why (CI keeps a run's first and last lines: the middle, where pytest says why, may be cut).

    python scripts/test_summary.py RUN_DIR           # RUN_DIR/phases.tsv and RUN_DIR/*.xml
    python scripts/test_summary.py --files XML...    # seconds per test file, as Markdown
                                                     # (docs/testing.md's tables)
"""

from __future__ import annotations

import sys
import time
import xml.etree.ElementTree as ElementTree
from pathlib import Path

SLOWEST = 15
WHY_LINES = 4  # lines of a failure's text under its test


def phases(run: Path) -> list[tuple[str, float, str]]:
    """(phase, seconds, "ok" or "failed") in the order they ran."""
    rows = []
    table = run / "phases.tsv"
    for line in table.read_text(encoding="utf-8").splitlines() if table.exists() else []:
        name, seconds, outcome = line.split("\t")
        rows.append((name, float(seconds), outcome))
    return rows


def tests(run: Path) -> list[tuple[float, str]]:
    """(seconds, phase: file::test) of every test case in the run's JUnit files."""
    found = []
    for report in sorted(run.glob("*.xml")):
        for case in ElementTree.parse(report).getroot().iter("testcase"):
            name = f"{case.get('classname', '')}::{case.get('name', '')}"
            found.append((float(case.get("time", "0")), f"{report.stem}: {name}"))
    return sorted(found, reverse=True)


def failures(run: Path) -> list[tuple[str, list[str]]]:
    """(phase: file::test, the first lines of its failure or error) of every test that failed
    in the run's JUnit files."""
    found = []
    for report in sorted(run.glob("*.xml")):
        for case in ElementTree.parse(report).getroot().iter("testcase"):
            for bad in (*case.iter("failure"), *case.iter("error")):
                text = bad.get("message") or bad.text or ""
                why = [line.strip() for line in text.splitlines() if line.strip()][:WHY_LINES]
                name = f"{case.get('classname', '')}::{case.get('name', '')}"
                found.append((f"{report.stem}: {name}", why))
    return found


def per_file(reports: list[Path]) -> str:
    """A Markdown table of each test file's tests and seconds (setup, call and teardown), and
    for the browser tests the game pages they started (e2e/conftest.py)."""
    files: dict[str, list[float]] = {}
    started: dict[str, int] = {}
    for report in reports:
        for case in ElementTree.parse(report).getroot().iter("testcase"):
            module = case.get("classname", "").split(".")
            name = f"{next((p for p in module if p.startswith('test_')), module[-1])}.py"
            files.setdefault(name, []).append(float(case.get("time", "0")))
            for prop in case.iter("property"):
                if prop.get("name") == "pages":
                    started[name] = started.get(name, 0) + int(prop.get("value", "0"))
    loads = " pages |" if started else ""
    rows = [f"| file | tests | seconds |{loads}", "|---|---:|---:|" + ("---:|" if started
                                                                    else "")]
    for name, times in sorted(files.items(), key=lambda item: -sum(item[1])):
        rows.append(f"| {name} | {len(times)} | {sum(times):.0f} |"
                    + (f" {started.get(name, 0)} |" if started else ""))
    return "\n".join(rows)


def summary(run: Path) -> str:
    lines = ["", "==> where the time went"]
    rows = phases(run)
    for name, seconds, outcome in rows:
        lines.append(f"  {name:<10} {seconds:8.1f} s  {outcome}")
    started = run / "started"  # the wall time from the start, the summing's gaps too
    total = (time.time() - float(started.read_text(encoding="utf-8")) if started.exists()
             else sum(s for _n, s, _o in rows))
    lines.append(f"  {'total':<10} {total:8.1f} s")
    cases = tests(run)
    if cases:
        lines.append(f"  slowest {min(SLOWEST, len(cases))} of {len(cases)} tests:")
        lines += [f"  {seconds:8.1f} s  {name}" for seconds, name in cases[:SLOWEST]]
    failed = failures(run)
    if failed:
        lines.append(f"  failed {len(failed)}:")
        for name, why in failed:
            lines.append(f"    {name}")
            lines += [f"      {line[:200]}" for line in why]
    return "\n".join(lines)


if __name__ == "__main__":
    if sys.argv[1] == "--files":
        print(per_file([Path(arg) for arg in sys.argv[2:]]))
    else:
        print(summary(Path(sys.argv[1])))
