"""gunicorn settings for `make run` and the container image.

Scoring is CPU-bound pure Python, so one process per usable CPU does the work (the cgroup
quota counts: app/cpus.py). Each worker is a gevent worker: every connection is a greenlet,
so a client that sends its request a byte at a time, or opens a connection and says
nothing, holds only its own greenlet while the worker goes on answering everyone else. With
the former gthread worker each such connection held one of the worker's 2 threads once its
first byte arrived: 8 dribbling clients stopped the server (docs/RELIABILITY.md, "The public
edge", has the numbers and the tests).

Metrics: every worker is a process with its own counters, and a scrape of /metrics reaches
one of them. So this file gives prometheus_client a directory (``PROMETHEUS_MULTIPROC_DIR``)
before the app is imported; each worker writes its values there and /metrics adds them all
up. The directory is emptied at start and removed at exit, and a dead worker's live gauges
are dropped (its counters stay: a counter never goes down). With ``METRICS_PORT`` set (the
image and deploy/ set 9100), /metrics is answered there only, never on the public ``PORT``.

Logs: the app writes one JSON line per request (with its request id); gunicorn's own lines
are JSON too, and its access log is off unless ACCESS_LOG names a file (or ``-``).
"""

import atexit
import gc
import os
import shutil
import tempfile

# Before anything of the app is imported: app/metrics.py reads it at import.
if "PROMETHEUS_MULTIPROC_DIR" not in os.environ:
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="mahjong-metrics-")
    _master = os.getpid()  # workers are forked from this process and must not remove it
    atexit.register(lambda: os.getpid() == _master and shutil.rmtree(
        os.environ["PROMETHEUS_MULTIPROC_DIR"], ignore_errors=True))
METRICS_DIR = os.environ["PROMETHEUS_MULTIPROC_DIR"]
# Where the workers say which of them listens and which is going (app/retirement.py); the
# workers inherit it with the environment.
WORKERS_DIR = os.environ["MAHJONG_WORKERS_DIR"] = tempfile.mkdtemp(prefix="mahjong-workers-")
_starter = os.getpid()
atexit.register(lambda: os.getpid() == _starter and shutil.rmtree(WORKERS_DIR,
                                                                  ignore_errors=True))

from app import collector, lifecycle, retirement  # noqa: E402
from app.cpus import usable_cpus  # noqa: E402

# Full garbage-collection passes a tenth as often (app/collector.py: 12 % of a review);
# the workers inherit it at fork.
collector.set_pace()

_host = os.environ.get("HOST", "0.0.0.0")
bind = [f"{_host}:{os.environ.get('PORT', '8000')}"]
if os.environ.get("METRICS_PORT"):
    bind.append(f"{_host}:{os.environ['METRICS_PORT']}")
workers = int(os.environ.get("WEB_CONCURRENCY") or usable_cpus())
# gevent: slow and idle clients cost a greenlet each, not a thread (see the module doc).
# WORKER_CLASS=gthread brings back the former model; `make bench` measures both side by side
# (docs/PERFORMANCE.md, "Serving model").
worker_class = os.environ.get("WORKER_CLASS", "gevent")
# Connections one worker holds at once (idle, slow or busy); past it the kernel's backlog
# queues them. 2 workers x 1,000 outlast the 200 idle and 64 dribbling connections tested.
worker_connections = int(os.environ.get("WORKER_CONNECTIONS", 1000))
# Only for WORKER_CLASS=gthread (the gevent worker has no thread pool): 2 threads per worker.
threads = int(os.environ.get("THREADS", 2))
# Each worker accepts on its own socket (SO_REUSEPORT) and the kernel spreads new connections
# over them by a hash of the client's address and port. On one shared socket the worker that
# woke first took the connection: a client opening its keep-alive pool at once could land on
# one worker and leave the other core idle for as long as it kept the pool (4 of 36 wrk runs
# at about half the throughput, against 0 of 36 with this; docs/PERFORMANCE.md). on_starting
# checks that nothing else holds the port, which a reused port would otherwise share.
reuse_port = True
# A worker whose resident memory (RSS) passes this many MiB after a request is replaced by a
# fresh one once its requests in flight are answered (0: never). The core's caches are bounded
# by entries, not bytes: a worker serving expected values and reviews grew to 398 MiB in
# 4 minutes, and one review adds up to 165 MiB (docs/RELIABILITY.md, "Memory";
# deploy/deployment.yaml's memory limit is sized from this).
DEFAULT_MAX_RSS_MIB = 400
MAX_RSS_MIB = int(os.environ.get("WORKER_MAX_RSS_MIB", DEFAULT_MAX_RSS_MIB))
timeout = 30  # a worker silent this long is killed and replaced
graceful_timeout = 20  # on SIGTERM, in-flight requests get this long to finish
# A request's line and headers must arrive within this (gevent: gunicorn reads them under
# a gevent.Timeout of `keepalive` seconds), and an idle keep-alive connection is closed after it.
keepalive = 5
preload_app = True
limit_request_line = 4096
limit_request_fields = 50
control_socket_disable = True  # no gunicornc socket in $HOME: nothing uses it, and it clashes
accesslog = os.environ.get("ACCESS_LOG") or None  # the app logs each request already
logger_class = "app.lifecycle.Logger"  # no access-log work per request unless asked for
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info")
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "app.observability.JsonFormatter"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "json",
                            "stream": "ext://sys.stderr"}},
    "root": {"level": "WARNING", "handlers": ["stderr"]},
    "loggers": {
        "gunicorn.error": {"handlers": ["stderr"], "level": loglevel.upper(),
                           "propagate": False},
        # gunicorn turns its access log on whenever logging is configured: keep it quiet
        # unless ACCESS_LOG asks for it.
        "gunicorn.access": {"handlers": ["stderr"], "propagate": False,
                            "level": "INFO" if accesslog else "WARNING"},
    },
}



def on_starting(server):
    """Refuse a port something else listens on (see ``reuse_port``); start from empty
    metric files: values of an earlier run must not be added in."""
    refuse_a_taken_port(server)
    os.makedirs(METRICS_DIR, exist_ok=True)
    for name in os.listdir(METRICS_DIR):
        if name.endswith(".db"):
            os.remove(os.path.join(METRICS_DIR, name))


def child_exit(server, worker):
    """Drop the live gauges of a worker that exited (crashed, recycled or shut down), and its
    listening state (app/retirement.py)."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid, METRICS_DIR)
    retirement.forget(WORKERS_DIR, worker.pid)


def worker_exit(server, worker):
    """In a worker that is exiting: copy the core's cache counters one last time (a scoring
    request copies them at most once a second, app/metrics.py)."""
    from app import metrics

    metrics.sync_cache_stats()


def post_fork(server, worker):
    """In each new worker: how many core modules it runs compiled, for /metrics
    (app/metrics.py). The master's own value does not count: on_starting empties the metric
    files after the app is preloaded, and a worker's gauge starts at 0."""
    from app import metrics

    metrics.note_compiled_core()


def pre_fork(server, worker):
    """In the master, before each worker is forked: the objects built at import (tile and
    suit tables, schemas) live as long as the process, so take them out of the garbage
    collector's full passes; the workers' pages holding them then also stay shared. And the
    stop signals are held, so the worker starts holding them (app/lifecycle.py)."""
    gc.freeze()
    lifecycle.hold_stops_for_fork()


# Stopping workers let go of the listening socket, so new connections are refused during the
# drain instead of hanging in the backlog; a stop that reaches a worker while it boots is held
# until the worker can act on it (pre_fork above, post_worker_init); gunicorn's own errors are
# problem+json (app/lifecycle.py).
from app.lifecycle import post_worker_init, refuse_a_taken_port  # noqa: E402, F401

if worker_class == "gevent":
    # a worker that closes its socket serves what is queued on it first (app/draining.py)
    from app import draining

    draining.install()


def post_request(worker, req, environ, resp):
    """After each request, let every other connection of the worker have its turn first.

    Without it a gevent worker served a few keep-alive connections again and again while
    others waited: wrk's p99 on /settle was 370-930 ms against a p50 of 1 ms, though no
    request took the app over 5 ms. ``gevent.idle()`` waits until the loop has run every
    ready greenlet: p99 21 ms (gthread: 30 ms) at the same throughput (docs/PERFORMANCE.md).

    Then a worker past ``WORKER_MAX_RSS_MIB`` is asked to go (app/lifecycle.py): the answer
    has been written by now, and the worker's other requests in flight still finish."""
    if worker_class == "gevent":
        import gevent

        gevent.idle()
    lifecycle.replace_when_large(worker, MAX_RSS_MIB, WORKERS_DIR)
