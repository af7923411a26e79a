"""The public edge: a request's time budget, and /metrics kept off the public port.

Both are registered by the app factory from ``app.config["APP_CONFIG"]``.

**Time budget.** Every scoring request (load, score, dump) runs under a budget
(``REQUEST_BUDGET_SECONDS``, 2 s by default; the slowest valid request measured takes about
90 ms). Past it the request stops with a 503 and ``Retry-After``, so a slow path found one
day in the scorer costs one answer, not a worker. The budget is an interval timer
(``SIGALRM``) whose handler raises :class:`BudgetExceeded` in the code that is running:
scoring is pure CPU work with no I/O, so under the gevent worker (one OS thread, every
connection a greenlet) nothing else runs while it computes and the alarm lands in it. The
alarm repeats every ``REPEAT`` seconds until the budget is disarmed, so code that catches
the first one and goes on (a fallback path after its ``except``) is stopped by the next; an
alarm whose raise Python swallows (in a garbage collector's callback) is remembered, and the
block ends over its budget. A repeat that rings while the budget's own exception is on its
way out (an ``except`` or ``finally`` clause, a context manager's ``__exit__``, the 503's
handler) stops the timer instead of raising again: raised there, it once escaped the
``finally`` that disarms the timer (a four-seat review that paused for longer than
``REPEAT`` as it unwound), and the timer rang on in Flask's error handling (a 500), in the
worker's next request (a 503 after 34 ms) and in its loop (the worker died).
Python delivers signals to the main thread only: under a thread-pool server
(``WORKER_CLASS=gthread``) the budget is off, and docs/RELIABILITY.md says so.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from flask import Flask, abort, request

from app.config import Config

T = TypeVar("T")
REPEAT = 0.05  # seconds between repeated alarms once the budget is spent


class BudgetExceeded(Exception):
    """A request ran past its time budget (answered 503 with Retry-After)."""

    def __init__(self, seconds: float):
        super().__init__(f"over the budget of {seconds:g} s")
        self.seconds = seconds


class _Alarm:
    """The one armed budget of this process (requests are scored one at a time per OS
    thread, and only the main thread can take the alarm)."""

    seconds = 0.0
    armed = False
    rang = False  # the budget ran out in this block (even if the raise was swallowed)
    owner: object | None = None  # the block whose budget is armed (:func:`time_budget`)

    @classmethod
    def ring(cls, _signum: int, _frame: Any) -> None:
        if not cls.armed:
            return
        cls.rang = True
        if isinstance(sys.exc_info()[1], BudgetExceeded):
            cls.stop()  # its exception is leaving the block already: no second one
            return
        raise BudgetExceeded(cls.seconds)

    @classmethod
    def stop(cls, owner: object | None = None) -> None:
        """Disarm the timer; with ``owner``, only if that block's budget is the one armed
        (a block whose exit was skipped, finalized later, leaves a later block's alone)."""
        if owner is not None and cls.owner is not owner:
            return
        cls.armed = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        cls.owner = None


def stop_alarm() -> None:
    """Disarm any budget still armed: the 503's handler calls it first, so that no alarm
    outlives the request it stopped, whatever code an alarm landed in."""
    _Alarm.stop()


def budget_available() -> bool:
    """Can a budget interrupt work here? Only in the process's main OS thread: gevent's
    greenlets all run there, a gthread worker's threads do not. (On Linux the main thread's
    id is the process id; gevent's patched ``threading`` names each greenlet a thread of its
    own, so ``threading.main_thread()`` cannot tell.)"""
    if not hasattr(signal, "setitimer"):
        return False
    if sys.platform == "linux":
        return threading.get_native_id() == os.getpid()
    return threading.current_thread() is threading.main_thread()


@contextmanager
def time_budget(seconds: float) -> Iterator[None]:
    """Run the block under a budget of ``seconds`` (0 or less: no budget). The block must
    do no I/O: under gevent a greenlet switch would hand the alarm to another request."""
    if seconds <= 0 or _Alarm.armed or not budget_available():
        yield
        return
    if signal.getsignal(signal.SIGALRM) is not _Alarm.ring:
        signal.signal(signal.SIGALRM, _Alarm.ring)
    owner = object()
    _Alarm.seconds, _Alarm.rang, _Alarm.owner = seconds, False, owner
    try:  # armed inside: an alarm that rings at once is still disarmed by the finally
        _Alarm.armed = True
        signal.setitimer(signal.ITIMER_REAL, seconds, REPEAT)
        yield
    finally:
        try:  # an alarm ringing here, at the very end, must not leave the budget armed
            _Alarm.stop(owner)
        finally:
            _Alarm.stop(owner)
    # An alarm that landed where Python swallows exceptions (a garbage collector's callback,
    # a __del__) still spent the budget: the request is over it all the same.
    if _Alarm.rang:
        raise BudgetExceeded(seconds)


def within_budget(seconds: float, work: Callable[[], T]) -> T:
    with time_budget(seconds):
        return work()


def register(app: Flask, config: Config) -> None:
    """With a metrics port configured, /metrics answers there and only there: the public
    port never shows the service's internals, the metrics port shows nothing else."""
    if not config.metrics_port:
        return
    metrics_port = str(config.metrics_port)

    @app.before_request
    def _split_ports() -> None:
        on_metrics_port = request.environ.get("SERVER_PORT") == metrics_port
        if (request.path == "/metrics") != on_metrics_port:
            abort(404)
