"""gunicorn server hooks for a clean shutdown (used by gunicorn.conf.py).

On SIGTERM the gunicorn master closes its copy of the listening socket and tells each worker
to stop; a gthread worker stops accepting at once but keeps its own copy of the socket open
until its in-flight requests are answered (up to ``graceful_timeout``). Meanwhile the kernel
still completes new TCP handshakes into the listen backlog, and nobody will ever answer them:
a client connecting during the drain hangs, then gets a reset when the worker exits.

:func:`post_worker_init` makes each worker close its copy of the listening socket as soon as
it stops accepting. Once the master and every worker have let go, the kernel closes the
socket, so new connections are refused at once (ECONNREFUSED) while the in-flight requests
finish on their own, already-accepted connections. During a reload (HUP) or when a single
worker is recycled the master still holds the socket, so nothing is refused then.

Its :class:`Logger` keeps gunicorn's access log off unless ``ACCESS_LOG`` asks for one.

It also makes gunicorn's own error answers (a request line or headers over the limits,
malformed HTTP) ``application/problem+json`` like every other error, instead of an HTML page.
"""

from __future__ import annotations

from typing import Any

import orjson
from gunicorn import glogging, util

from app.problems import PROBLEM_JSON, problem_type


def post_worker_init(worker: Any) -> None:
    """In each worker: gunicorn's error pages become problems, and the gthread accept switch
    also closes the worker's listening sockets when it turns accepting off for good (the
    worker is stopping)."""
    util.write_error = write_problem
    switch = getattr(worker, "set_accept_enabled", None)
    if switch is None:  # not a gthread worker: nothing to do
        return

    def set_accept_enabled(enabled: bool) -> None:
        switch(enabled)
        if not enabled and not worker.alive:
            for listener in worker.sockets:
                listener.close()  # idempotent: gunicorn's socket ignores a second close

    worker.set_accept_enabled = set_accept_enabled


def write_problem(sock: Any, status: int, reason: str, message: str) -> None:
    """gunicorn's ``util.write_error`` (an HTML page), written as a problem instead."""
    kind = "urn:mahjong-scoring:problem:malformed-http" if status == 400 else problem_type(status)
    body = orjson.dumps({"type": kind, "title": reason, "status": status,
                         "detail": message or reason})
    head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
            f"Content-Type: {PROBLEM_JSON}\r\nX-Content-Type-Options: nosniff\r\n"
            f"Cache-Control: no-store\r\nContent-Length: {len(body)}\r\n\r\n")
    util.write_nonblock(sock, head.encode("latin-1") + body)


class Logger(glogging.Logger):
    """gunicorn's logger, with its access log on only when ``accesslog`` names a file.

    gunicorn turns the access log on whenever logging is configured (``logconfig_dict``, set
    for the JSON lines), and then builds every request's access-log fields only for the
    ``gunicorn.access`` logger to drop them at WARNING level: about 5% of a worker's time per
    /healthz under wrk (py-spy --gil). The app writes its own line per request (with the
    request id); ``ACCESS_LOG`` still adds gunicorn's.
    """

    def _compute_access_log_enabled(self) -> bool:
        return bool(self.cfg.accesslog)
