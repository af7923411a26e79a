"""A gevent worker's listening sockets, closed without dropping the connections queued on them.

Why: each worker listens on a socket of its own (``reuse_port``, gunicorn.conf.py), and the
kernel queues a new connection on one of them by a hash of the client's address. A worker
busy with a request accepts nothing meanwhile, so connections wait in its queue, and when
the worker closes the socket (replaced past ``WORKER_MAX_RSS_MIB``, or stopped) the kernel
resets them: `make memory` lost 4 requests of 190 to "connection reset" while 27 workers were
replaced, each a connection made just after a worker's last answer, queued on a socket the
worker was about to close. (On one socket shared by every worker the others would have
taken them.)

So :class:`DrainingStreamServer`'s ``close`` first accepts what is queued, into the server's
pool, which the worker waits for before it exits; and a worker that is to be replaced closes
its sockets at once (:func:`close_listeners`), not at its main loop's next turn, a second or
a long request later, so no new connection is queued on it meanwhile.

gunicorn's gevent worker builds its servers from the name ``StreamServer`` of its module
(``gunicorn.workers.ggevent``): :func:`install` gives that name this subclass. gunicorn has
no setting for the server class of its plain gevent worker.

gunicorn's handler asks the listening socket for its name (``getsockname``) once the
request is read, and a connection drained at close is read after the socket closed: a
fresh-clone CI run lost one so (``OSError: Bad file descriptor``). So the handler is given
the listener with its name read when the server was made (:class:`_NamedListener`).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from gevent.server import StreamServer

# this worker's servers (gunicorn starts one per listening socket in each worker process)
_SERVERS: list[DrainingStreamServer] = []


class _NamedListener:
    """A listening socket whose name stays known once it is closed; anything else is the
    socket's."""

    def __init__(self, sock: Any):
        self._sock = sock
        self._name = sock.getsockname()

    def getsockname(self) -> Any:
        return self._name

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


class DrainingStreamServer(StreamServer):
    """gevent's ``StreamServer``, serving the connections queued on its socket before it
    closes it."""

    def __init__(self, listener: Any, handle: Any = None, *args: Any, **kwargs: Any):
        # gunicorn's handle is ``partial(worker.handle, listener)``
        if isinstance(handle, partial) and handle.args[:1] and handle.args[0] is listener:
            handle = partial(handle.func, _NamedListener(listener), *handle.args[1:],
                             **handle.keywords)
        super().__init__(listener, handle, *args, **kwargs)

    def start(self) -> None:
        super().start()
        _SERVERS.append(self)

    def close(self) -> None:
        if self.closed:
            return
        self._drain()
        super().close()

    def _drain(self) -> None:
        """Accept every queued connection and hand each to the pool (``do_read`` answers
        None once none is left: the socket never waits for one)."""
        while True:
            try:
                accepted = self.do_read()
            except OSError:
                return
            if not accepted:
                return
            self.do_handle(*accepted)


def close_listeners() -> None:
    """Close this worker's listening sockets now, serving what is queued on them."""
    for server in _SERVERS:
        server.close()


def install() -> None:
    """Have gunicorn's gevent worker build :class:`DrainingStreamServer` servers."""
    from gunicorn.workers import ggevent

    ggevent.StreamServer = DrainingStreamServer
