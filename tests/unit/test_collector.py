"""The workers' garbage-collector pace (app/collector.py): set by gunicorn.conf.py in the
master, whose workers inherit it at fork, and by ``make bench`` for its in-process
figures."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

from app import collector

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
