"""The balance lab on a real Dask cluster (game.tools.cluster): a local scheduler and two
worker processes, started by the test; the same sweep gives the same numbers as one machine."""

from __future__ import annotations

import io
import json
from pathlib import Path

from distributed import LocalCluster

from game.tools.cli import main
from game.tools.cluster import dask_runner
from game.tools.lab import run_lab
from tests.scripts import ROOT
from tests.test_lab import without_time

VARIANTS = ROOT / "variants"


def test_a_sweep_through_a_local_dask_cluster_reports_what_one_machine_does(
    tmp_path: Path,
) -> None:
    variants = [VARIANTS / "cheaper-research.toml", VARIANTS / "ussr-head-start.toml"]
    here = run_lab(variants, 10, ["random", "medium"], seed=2, jobs=1)
    out = tmp_path / "games.jsonl"
    # ":0", as Dask's own tests: None still takes port 8787 and warns when another
    # scheduler holds it (dask/distributed#8136)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=":0") as cluster:
        address = cluster.scheduler_address
        there = run_lab(variants, 10, ["random", "medium"], seed=2, out=out,
                        runner=dask_runner(address))
        assert without_time(there) == without_time(here)
        assert len(out.read_text().splitlines()) == 30
        # the command line, on the same cluster: resumed from the same file, nothing to play
        text = io.StringIO()
        report = tmp_path / "report.json"
        assert main(["lab", *map(str, variants), "--games", "10", "--levels", "random,medium",
                     "--seed", "2", "--cluster", address, "--out", str(out), "--json",
                     str(report)], text) == 0
    assert len(out.read_text().splitlines()) == 30
    assert without_time(json.loads(report.read_text())) == without_time(here)
    assert "ussr-head-start: The USSR starts with 5 more Money (10 games)" in text.getvalue()
