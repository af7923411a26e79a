"""gunicorn server hooks for a clean shutdown (used by gunicorn.conf.py).

Each worker listens on its own socket (gunicorn's ``reuse_port``, set in gunicorn.conf.py:
the kernel spreads new connections over the workers' sockets by a hash of each client's
address and port). On SIGTERM the master tells each worker to stop; a gthread worker stops
accepting at once but keeps its socket open until its in-flight requests are answered (up to
``graceful_timeout``). Meanwhile the kernel still completes new TCP handshakes into that
socket's listen backlog, and nobody will ever answer them: a client connecting during the
drain hangs, then gets a reset when the worker exits.

:func:`post_worker_init` makes each worker close its listening socket as soon as it stops
accepting. Once every worker has let go, new connections are refused at once (ECONNREFUSED)
while the in-flight requests finish on their own, already-accepted connections. When one
worker stops alone (a reload, HUP, or a worker replaced) the kernel sends new connections to
the other workers' sockets; only a connection already waiting in the stopping worker's own
backlog is reset, where one shared socket would have let another worker take it. Requests
take milliseconds, so that backlog is nearly always empty.

With ``reuse_port`` the master binds nothing, and a second server started on the same port
would join the first instead of failing: :func:`refuse_a_taken_port` makes it fail, as it
would without ``reuse_port``.

Its :class:`Logger` keeps gunicorn's access log off unless ``ACCESS_LOG`` asks for one.

It also makes gunicorn's own error answers (a request line or headers over the limits,
malformed HTTP) ``application/problem+json`` like every other error, instead of an HTML page.
"""

from __future__ import annotations

import socket
import sys
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


def refuse_a_taken_port(server: Any) -> None:
    """In the master, at start: exit if something already listens on a configured port.

    With ``reuse_port`` the workers bind their sockets themselves, with SO_REUSEPORT: where
    another process (a server started earlier, by the same user) holds the port with it too,
    the kernel would let them share it and split the connections between the two servers.
    A plain bind, as gunicorn's master makes without ``reuse_port``, fails instead. A master
    started by an upgrade (USR2, ``master_pid`` set) shares the port with the old one on
    purpose and is not checked.
    """
    if server.master_pid:
        return
    for address in server.cfg.address:
        if not isinstance(address, tuple):
            continue  # a unix socket or a file descriptor: nothing shared by port number
        family = socket.AF_INET6 if util.is_ipv6(address[0]) else socket.AF_INET
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as exc:
                server.log.error("Cannot listen at %s:%s: %s. Is another server running on "
                                 "this port? Stop it or choose another PORT.",
                                 address[0], address[1], exc.strerror or exc)
                sys.exit(1)
    server.log.info("Each worker listens at %s on its own socket (SO_REUSEPORT)",
                    ", ".join(f"{a[0]}:{a[1]}" if isinstance(a, tuple) else str(a)
                              for a in server.cfg.address))


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
