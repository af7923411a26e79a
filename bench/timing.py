"""Timing helpers: medians of per-call time over several rounds, side by side."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any


def per_call_ns(fn: Callable[[Any], Any], items: Sequence[Any], rounds: int = 7,
                before_round: Callable[[], None] | None = None,
                clock: Callable[[], int] = time.perf_counter_ns) -> float:
    """Median over ``rounds`` of (time to call ``fn`` on every item) / len(items), in ns.

    ``clock=time.thread_time_ns`` counts only this thread's CPU time: on a shared machine
    another process taking the core then does not count against whichever side was running.
    """
    samples = []
    for _ in range(rounds):
        if before_round:
            before_round()
        start = clock()
        for item in items:
            fn(item)
        samples.append((clock() - start) / len(items))
    return statistics.median(samples)


def latencies_ns(fn: Callable[[Any], Any], items: Sequence[Any], repeat: int = 3,
                 before_each: Callable[[], None] | None = None,
                 clock: Callable[[], int] = time.perf_counter_ns) -> list[int]:
    """Every single call's latency (for percentiles); ``clock`` as for :func:`per_call_ns`."""
    out = []
    for _ in range(repeat):
        for item in items:
            if before_each:
                before_each()
            start = clock()
            fn(item)
            out.append(clock() - start)
    return out


def percentile(values: Sequence[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def fmt_us(ns: float) -> str:
    return f"{ns / 1000:.2f} µs" if ns < 1_000_000 else f"{ns / 1_000_000:.2f} ms"
