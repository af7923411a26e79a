"""The workers' garbage-collector pace (app/collector.py): set by gunicorn.conf.py in the
master, whose workers inherit it at fork, and by ``make bench`` for its in-process
figures."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

from app import collector
from tests.review.test_worked_logs import broken_ready

ROOT = Path(__file__).resolve().parents[2]


def test_set_pace_asks_for_full_passes_a_tenth_as_often():
    kept = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        collector.set_pace()
        assert gc.get_threshold() == collector.THRESHOLDS == (700, 10, 100)
    finally:
        gc.set_threshold(*kept)


def test_the_server_configuration_sets_the_pace():
    """gunicorn reads gunicorn.conf.py in the master before it forks any worker: the file
    run alone leaves the process at the workers' pace (and nothing else does: a fresh
    interpreter starts at Python's default)."""
    probe = ("import gc, runpy, sys; before = gc.get_threshold(); "
             f"runpy.run_path({str(ROOT / 'gunicorn.conf.py')!r}); "
             "print(before, gc.get_threshold())")
    shown = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                           text=True, check=True, timeout=60).stdout.split("\n")[-2]
    assert shown == f"(700, 10, 10) {collector.THRESHOLDS}"


def test_the_benchmark_measures_at_the_workers_pace(monkeypatch):
    """``make bench`` (here its expected-value part, stopped before it measures) sets the
    pace first: its in-process figures are a worker's."""
    from bench import __main__ as bench_main

    seen = []
    monkeypatch.setenv("BENCH_ONLY", "expected")
    monkeypatch.setattr(bench_main.expected_only, "main",
                        lambda out: seen.append(gc.get_threshold()))
    kept = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        bench_main.main()
    finally:
        gc.set_threshold(*kept)
    assert seen == [collector.THRESHOLDS]


def test_paused_stops_the_collector_for_the_outermost_block_and_no_longer():
    assert gc.isenabled()
    with collector.paused():
        assert not gc.isenabled()
        with collector.paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the outer block is still open
    assert gc.isenabled()


def test_paused_resumes_the_collector_when_the_block_raises():
    """A review stopped by its time budget (an exception in the block) leaves the collector
    running."""
    try:
        with collector.paused():
            raise TimeoutError
    except TimeoutError:
        pass
    assert gc.isenabled()


def test_paused_leaves_a_stopped_collector_stopped():
    gc.disable()
    try:
        with collector.paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_block_whose_exit_was_skipped_is_closed_before_the_next_request(client):
    """An alarm that lands at the very start of a block's exit skips it: the collector
    stayed stopped (the count of open blocks, before, also stayed one too high, so no later
    review stopped it again). The next request closes the block; the skipped one, finalized
    later, leaves a block open then alone."""
    skipped = collector.paused()
    skipped.__enter__()  # its exit never runs, as when an alarm skips it
    try:
        assert not gc.isenabled()
        answer = client.post("/evaluate", json={"variant": "guangdong",
                                                "hand": "123m456p789s11sEE"})
        assert answer.status_code == 200 and gc.isenabled()
        with collector.paused():
            skipped.gen.close()  # finalized now, inside a later block: its finally runs
            assert not gc.isenabled()  # the later block's pause stands
        assert gc.isenabled()
        with collector.paused():  # and later blocks pause it as before
            assert not gc.isenabled()
        assert gc.isenabled()
    finally:  # a failure here must not leave the collector stopped for other tests
        collector.close_skipped()
        gc.enable()


def test_reviews_and_advice_are_worked_out_with_the_collector_paused(client, monkeypatch):
    """The views pause it around the engine (what the benchmark's figures assume), and it
    runs again once the answer is written."""
    import rules

    seen = []
    for name in ("review", "advise"):
        real = getattr(rules, name)

        def spy(query, real=real):
            seen.append(gc.isenabled())
            return real(query)

        monkeypatch.setattr(rules, name, spy)
    advice = client.post("/advise", json={"variant": "guangdong", "hand": "123456789m1234p",
                                          "dealer": True, "expected": True})
    review = client.post("/review", json={**broken_ready("guangdong"), "seat": 0})
    assert advice.status_code == 200, advice.get_json()
    assert review.status_code == 200, review.get_json()
    assert seen == [False, False]
    assert gc.isenabled()
