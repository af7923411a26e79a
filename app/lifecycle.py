"""gunicorn server hooks (used by gunicorn.conf.py).

Each worker listens on its own socket (gunicorn's ``reuse_port``, set in gunicorn.conf.py:
the kernel spreads new connections over the workers' sockets by a hash of each client's
address and port). On SIGTERM each gevent worker closes its server, and with it its
listening socket, at once, then lets its in-flight requests finish (up to
``graceful_timeout``): once every worker has let go, new connections are refused
(ECONNREFUSED) instead of waiting in a backlog nobody reads (tests/e2e/test_shutdown.py).
The former gthread workers kept the socket open until they were done; a hook here used to
close it for them, and is gone with them.

With ``reuse_port`` the master binds nothing, and a second server started on the same port
would join the first instead of failing: :func:`refuse_a_taken_port` makes it fail, as it
would without ``reuse_port``.

Its :class:`Logger` keeps gunicorn's access log off unless ``ACCESS_LOG`` asks for one, and
has gunicorn's "Listening at:" line name the addresses the workers listen at (the master,
which logs it, holds no socket).

A stop signal that reaches a worker while it boots is held until the worker can act on it
(:func:`hold_stops_for_fork`, :func:`post_worker_init`): gunicorn sets up a worker's signal
handlers only after gevent has patched its modules, and until then the master's handlers,
copied by the fork, caught a SIGTERM and dropped it, so a server stopped right after it
started (a restart, an orchestrator scaling in) waited ``graceful_timeout`` (20 s) for a
worker that never heard the stop. The signals are held from before the fork: gunicorn's
``post_fork`` hook, where the worker held them until 1.7.1, comes after the worker has
logged its boot and opened its sockets, and a stop sent in that gap was still lost (a CI
run under load: 20.1 s).

A worker whose resident memory passes ``WORKER_MAX_RSS_MIB`` after a request is replaced
(:func:`replace_when_large`; one at a time, while another listens: :mod:`app.retirement`):
the core's caches are bounded by entries, not bytes, and emptying them does not give the
memory back (docs/RELIABILITY.md, "Memory").

It also makes gunicorn's own error answers (a request line or headers over the limits,
malformed HTTP) ``application/problem+json`` like every other error, instead of an HTML page,
in the reader's language (app/gunicorn_errors.py).
"""

from __future__ import annotations

import os
import signal
import socket
import sys
from typing import Any

from gunicorn import glogging, util

from app import draining, gunicorn_errors, metrics, retirement

# what gunicorn's master sends a worker to stop it (SIGKILL and SIGABRT, its last resorts
# after graceful_timeout and timeout, cannot or need not wait)
STOP_SIGNALS = frozenset({signal.SIGTERM, signal.SIGINT, signal.SIGQUIT})


_release_registered = False


def hold_stops_for_fork() -> None:
    """In the master, just before it forks a worker (gunicorn's ``pre_fork``): hold the
    stop signals. A forked process starts with its parent's signal mask, so the worker holds
    them from its first instruction: a stop sent to it at any moment of its boot stays
    pending, not lost, until :func:`post_worker_init`, when its own handlers are in place.
    The master lets them go as soon as the fork returns in it (a stop sent to the master
    meanwhile is then delivered); a fork that is not a worker's (gunicorn's re-exec on
    USR2) never holds them."""
    global _release_registered
    if not _release_registered:
        os.register_at_fork(after_in_parent=_release_stops)
        _release_registered = True
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)


def _release_stops() -> None:
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)


def post_worker_init(worker: Any) -> None:
    """In each worker, booted: gunicorn's error pages become problems in the reader's
    language (gunicorn has no setting for the body of the errors it answers itself;
    ``util.write_error`` is what writes them); then a stop held during the boot reaches the
    worker's own handler, which stops it as gracefully as any other. Last, it says it
    listens (:mod:`app.retirement`): another worker past ``WORKER_MAX_RSS_MIB`` may go."""
    gunicorn_errors.install(worker)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    directory = os.environ.get(retirement.DIRECTORY_ENV)
    if directory:  # it listens: another worker may now go (replace_when_large)
        retirement.mark_listening(directory, worker.pid)


PAGE_BYTES = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def resident_mib() -> float | None:
    """This process's resident memory (RSS) in MiB, from ``/proc/self/statm`` (a few µs);
    None where there is no such file (not Linux)."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return pages * PAGE_BYTES / 2**20


def replace_when_large(worker: Any, limit_mib: int, directory: str) -> bool:
    """After a request: the worker's RSS goes to ``mahjong_worker_resident_memory_bytes``;
    if it has passed ``limit_mib`` (0: never) and the worker may go now
    (:func:`app.retirement.may_go`: another worker listens, none is going), it takes no new
    connection and exits once its requests in flight are answered, and the master starts a
    fresh one (gunicorn's own ``max_requests`` path: ``worker.alive`` False; counted in
    ``mahjong_workers_replaced_total``). Past the limit but not allowed yet, it asks again
    after its next request.

    Why not empty the caches instead: Python keeps most of the freed memory (measured: a
    worker at 248 MiB after four reviews was at 183 MiB with every cache emptied, and at
    275 MiB after four more). Only a new process bounds the memory; it forks from the
    preloaded master in milliseconds, its caches empty. Returns whether it was asked to go."""
    rss = resident_mib()
    if rss is not None:
        metrics.WORKER_MEMORY.set(rss * 2**20)
    if not limit_mib or not worker.alive:
        return False
    if rss is None or rss <= limit_mib or not retirement.may_go(directory, worker.pid):
        return False
    worker.log.info("Worker %s uses %.0f MiB, more than WORKER_MAX_RSS_MIB (%d): it is "
                    "replaced once its requests in flight are answered.", worker.pid, rss,
                    limit_mib)
    worker.alive = False
    metrics.WORKERS_REPLACED.inc()
    draining.close_listeners()  # no new connection waits on it while it finishes
    return True


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

    def info(self, msg: str, *args: Any, **kwargs: Any) -> None:
        """gunicorn's "Listening at: %s (%s)" names the master's sockets, and with
        ``reuse_port`` the master has none (each worker binds its own): the line said
        ``Listening at:  (1234)``. It names the configured addresses instead."""
        if msg.startswith("Listening at: %s") and args and not args[0]:
            msg = msg.replace("%s", "%s (each worker on its own socket, SO_REUSEPORT)", 1)
            args = (listening_at(self.cfg.address), *args[1:])
        super().info(msg, *args, **kwargs)


def listening_at(addresses: list[Any]) -> str:
    """The addresses as gunicorn names its own sockets: ``http://127.0.0.1:8000``, a unix
    socket as ``unix:<path>``, a file descriptor as ``fd://<n>``."""
    named = []
    for address in addresses:
        if isinstance(address, tuple):
            host = f"[{address[0]}]" if util.is_ipv6(address[0]) else address[0]
            named.append(f"http://{host}:{address[1]}")
        elif isinstance(address, int):
            named.append(f"fd://{address}")
        else:
            named.append(f"unix:{address}")
    return ",".join(named)
