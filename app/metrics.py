"""Prometheus metrics: requests by endpoint and status, latency, and the core's cache hit rates.

Under gunicorn every worker is its own process with its own counters and its own caches, and
a scrape reaches only one of them. gunicorn.conf.py therefore sets ``PROMETHEUS_MULTIPROC_DIR``
before the app is imported: prometheus_client then keeps each worker's values in files there,
and :func:`render` adds them all up, so any worker answers for the whole server. Without that
variable (tests, a single process) the values live in this process's memory.

The core's caches (``rules.analysis.cache_stats()``) are plain ``lru_cache`` counters inside
each worker; :func:`sync_cache_stats` copies their growth into Prometheus counters, so they
add up across workers like every other counter. A scoring request calls
:func:`sync_cache_stats_soon`, which copies at most once per ``CACHE_SYNC_SECONDS``: a copy
reads every cache's counters and writes a dozen values (to files under gunicorn), which
cost a tenth of a /settle request when done after each one. A scrape of this worker and
a worker's exit (gunicorn.conf.py) copy at once, so nothing is lost, only up to a second late.
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
import threading
import time
from collections.abc import Iterator

from prometheus_client import (
    CONTENT_TYPE_PLAIN_0_0_4,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
    multiprocess,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from rules.analysis import cache_stats

CONTENT_TYPE = CONTENT_TYPE_PLAIN_0_0_4
disable_created_metrics()  # no *_created series: they double the output and nobody graphs them
PREFIX = "mahjong"
MULTIPROCESS = bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))

# Scoring takes well under a millisecond for most hands and up to tens of ms with many wilds.
LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
                   2.5, 5.0, 10.0)

# In single-process mode the metrics live in this registry; in multiprocess mode they are
# written to files and a scrape reads them back with a fresh registry (see render()).
REGISTRY = CollectorRegistry(auto_describe=True)

REQUESTS = Counter(f"{PREFIX}_http_requests_total", "HTTP requests answered.",
                   ("endpoint", "method", "status"), registry=REGISTRY)
LATENCY = Histogram(f"{PREFIX}_http_request_duration_seconds",
                    "Time from request start to response, in seconds.",
                    ("endpoint", "method", "status"), buckets=LATENCY_BUCKETS,
                    registry=REGISTRY)
CACHE_HITS = Counter(f"{PREFIX}_core_cache_hits_total",
                     "Hits of the hand-analysis core's caches.", ("cache",), registry=REGISTRY)
CACHE_MISSES = Counter(f"{PREFIX}_core_cache_misses_total",
                       "Misses of the hand-analysis core's caches.", ("cache",),
                       registry=REGISTRY)
CACHE_ENTRIES = Gauge(f"{PREFIX}_core_cache_entries",
                      "Entries held by the core's caches (summed over live workers).",
                      ("cache",), registry=REGISTRY, multiprocess_mode="livesum")
WORKER_MEMORY = Gauge(f"{PREFIX}_worker_resident_memory_bytes",
                      "Resident memory (RSS) of the largest live worker, read after each of "
                      "its requests.", registry=REGISTRY, multiprocess_mode="livemax")
WORKERS_REPLACED = Counter(f"{PREFIX}_workers_replaced_total",
                           "Workers replaced for passing WORKER_MAX_RSS_MIB after a request.",
                           registry=REGISTRY)

CORE_COMPILED = Gauge(f"{PREFIX}_core_compiled_modules",
                      "Modules of the hand-analysis core that run compiled (make compile), the "
                      "fewest of any live worker: 0 means pure Python, a quarter slower.",
                      registry=REGISTRY, multiprocess_mode="livemin")

_seen: dict[str, tuple[int, int]] = {}
_seen_lock = threading.Lock()
CACHE_SYNC_SECONDS = 1.0
_next_sync = 0.0  # time.monotonic() after which the next scoring request copies again


# Every label takes its values from a fixed set, whatever a client sends: each new value is
# a new series in every worker's file, and 400 made-up methods once grew /metrics from 4.6 kB
# to 825 kB. The endpoint is the route's template (or "unmatched"), never the raw path.
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
STATUSES = frozenset({200, 204, 304, 400, 404, 405, 413, 415, 422, 500, 503})


def method_label(method: str) -> str:
    return method if method in METHODS else "other"


def status_label(status: int) -> str:
    """The status itself when the service answers it; else its class (``4xx``)."""
    return str(status) if status in STATUSES else f"{status // 100}xx"


def observe(endpoint: str, method: str, status: int, seconds: float) -> None:
    """Count one answered request and its latency (``endpoint``: a route template)."""
    labels = (endpoint, method_label(method), status_label(status))
    REQUESTS.labels(*labels).inc()
    LATENCY.labels(*labels).observe(seconds)


EXTENSIONS = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def note_compiled_core() -> int:
    """Count the modules of ``rules`` this process imported compiled (an extension module
    beside its source, tools/compile_core.py) into :data:`CORE_COMPILED`: an image or a
    machine whose core did not compile serves the same answers more slowly, which only
    this shows."""
    compiled = sum(1 for name, module in list(sys.modules.items())
                   if name.split(".")[0] == "rules"
                   and str(getattr(module, "__file__", None) or "").endswith(EXTENSIONS))
    CORE_COMPILED.set(compiled)
    return compiled


def sync_cache_stats() -> None:
    """Add the core caches' hits and misses since the last call to the counters."""
    stats = cache_stats()
    with _seen_lock:
        for name, s in stats.items():
            hits, misses = _seen.get(name, (0, 0))
            # lru_cache counters only grow, unless someone called cache_clear(): then restart.
            if s["hits"] < hits or s["misses"] < misses:
                hits = misses = 0
            if s["hits"] > hits:
                CACHE_HITS.labels(name).inc(s["hits"] - hits)
            if s["misses"] > misses:
                CACHE_MISSES.labels(name).inc(s["misses"] - misses)
            CACHE_ENTRIES.labels(name).set(s["size"])
            _seen[name] = (s["hits"], s["misses"])


def sync_cache_stats_soon() -> None:
    """After a scoring request: :func:`sync_cache_stats` if the last copy is
    ``CACHE_SYNC_SECONDS`` old (the first request of a worker always copies)."""
    global _next_sync
    now = time.monotonic()
    if now >= _next_sync:  # two threads may both copy once: harmless, the copy is locked
        _next_sync = now + CACHE_SYNC_SECONDS
        sync_cache_stats()


class _Scrape(Collector):
    """One scrape: the collected metrics, plus ``mahjong_core_cache_hit_ratio``.

    The ratio (hits / (hits + misses) per cache, over all workers) is computed here from the
    summed counters, because a ratio cannot be summed across workers.
    """

    def __init__(self, metrics: list[Metric]):
        self.metrics = metrics

    def collect(self) -> Iterator[Metric]:
        yield from self.metrics
        totals: dict[str, list[float]] = {}
        for family in self.metrics:
            for sample in family.samples:
                slot = {f"{PREFIX}_core_cache_hits_total": 0,
                        f"{PREFIX}_core_cache_misses_total": 1}.get(sample.name)
                if slot is not None:
                    totals.setdefault(sample.labels["cache"], [0.0, 0.0])[slot] += sample.value
        ratio = GaugeMetricFamily(f"{PREFIX}_core_cache_hit_ratio",
                                  "Share of the core's cache look-ups that were hits since "
                                  "start, all workers.", labels=("cache",))
        for name, (hits, misses) in sorted(totals.items()):
            if hits + misses:
                ratio.add_metric((name,), hits / (hits + misses))
        yield ratio


def render() -> bytes:
    """The Prometheus text exposition of every metric (all workers in multiprocess mode)."""
    sync_cache_stats()
    if MULTIPROCESS:
        source = CollectorRegistry()
        multiprocess.MultiProcessCollector(source)
    else:
        source = REGISTRY
    scrape = CollectorRegistry(auto_describe=False)
    scrape.register(_Scrape(list(source.collect())))
    return generate_latest(scrape)
