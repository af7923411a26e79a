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
"""

from __future__ import annotations

from typing import Any


def post_worker_init(worker: Any) -> None:
    """Wrap a gthread worker's accept switch: when it turns accepting off for good (the
    worker is stopping), it also closes the worker's listening sockets."""
    switch = getattr(worker, "set_accept_enabled", None)
    if switch is None:  # not a gthread worker: nothing to do
        return

    def set_accept_enabled(enabled: bool) -> None:
        switch(enabled)
        if not enabled and not worker.alive:
            for listener in worker.sockets:
                listener.close()  # idempotent: gunicorn's socket ignores a second close

    worker.set_accept_enabled = set_accept_enabled
