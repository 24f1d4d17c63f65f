"""The phone bench's network floor (bench/load_time.py): what no page can beat on a network,
its bytes at the bandwidth and its chain of round trips, worked out from request spans."""

from __future__ import annotations

from types import ModuleType

import pytest

from tests.scripts import load_script


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_script("load_time", "bench/load_time.py")


def test_the_chain_counts_requests_that_waited_for_one_another(bench: ModuleType) -> None:
    assert bench.round_trips([]) == 0
    # the page, then its script, then two files the script asked for at once, then one more
    page, script = (0.0, 100.0), (120.0, 200.0)
    both = [(210.0, 400.0), (215.0, 300.0)]
    last = (310.0, 350.0)  # started once the shorter of the two had ended
    assert bench.round_trips([last, *both, script, page]) == 4
    assert bench.round_trips([page, (50.0, 90.0), (60.0, 80.0)]) == 1  # all at once


def test_the_floor_is_the_bytes_at_the_bandwidth_plus_the_round_trips(bench: ModuleType) -> None:
    fast = bench.NETWORKS["Fast 4G"]
    seconds = bench.network_floor(5_000_000, 6, fast)
    assert seconds == pytest.approx(5_000_000 / fast["download"] + 6 * fast["latency"] / 1000)
    assert 5.0 < seconds < 6.0  # 8.1 Mbit/s and 165 ms round trips
    assert bench.network_floor(0, 0, fast) == 0
