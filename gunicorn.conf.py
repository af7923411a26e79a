"""gunicorn settings for `make run` and the container image.

Scoring is CPU-bound pure Python, so one process per core does the work; threads in each
worker keep slow clients and keep-alive connections from blocking the CPU.
"""

import multiprocessing
import os

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count()))
worker_class = "gthread"
threads = int(os.environ.get("THREADS", 4))
timeout = 30  # a worker silent this long is killed and replaced
graceful_timeout = 20  # on SIGTERM, in-flight requests get this long to finish
keepalive = 5
preload_app = True
limit_request_line = 4096
limit_request_fields = 50
accesslog = os.environ.get("ACCESS_LOG", "-")
errorlog = "-"

# Stopping workers let go of the listening socket, so new connections are refused during the
# drain instead of hanging in the backlog; gunicorn's own errors are problem+json
# (app/lifecycle.py).
from app.lifecycle import post_worker_init  # noqa: E402, F401
