"""gunicorn settings for `make run` and the container image.

Scoring is CPU-bound pure Python, so one process per core does the work; threads in each
worker keep slow clients and keep-alive connections from blocking the CPU.
"""

import gc
import multiprocessing
import os

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count()))
worker_class = "gthread"
# 2 threads: one can read a slow client or wait on a keep-alive connection while the other
# scores; more only add GIL hand-offs (docs/PERFORMANCE.md, "Worker model": 1, 2, 4 compared)
threads = int(os.environ.get("THREADS", 2))
timeout = 30  # a worker silent this long is killed and replaced
graceful_timeout = 20  # on SIGTERM, in-flight requests get this long to finish
keepalive = 5
preload_app = True
limit_request_line = 4096
limit_request_fields = 50
accesslog = os.environ.get("ACCESS_LOG", "-")
errorlog = "-"


def pre_fork(server, worker):
    """In the master, before each worker is forked: the objects built at import (tile and
    suit tables, schemas) live as long as the process, so take them out of the garbage
    collector's full passes; the workers' pages holding them then also stay shared."""
    gc.freeze()
