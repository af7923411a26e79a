"""How often a worker's garbage collector makes a full pass.

CPython's cyclic collector makes a full pass (every tracked object in the process) once ten
passes of its middle generation have run and the objects promoted since the last full pass
are a quarter of the old ones. A worker's old objects are mostly the core's caches, and a
long request (a review, an expected-value advice) fills them: a review of one seat of a
median round grew them enough for five full passes, each walking every cache entry, 12 % of
the review's time (docs/PERFORMANCE.md, "Expected values and reviews"). Our objects seldom
form cycles (reference counting frees them), so the full passes find almost nothing.

:data:`THRESHOLDS` keeps the young passes as they are (every 700 new objects, and every
tenth of them the middle generation) and asks for a full pass only after 100 middle passes:
at most one per 700,000 objects kept. The memory a worker may hold is bounded as before by
``WORKER_MAX_RSS_MIB`` (docs/RELIABILITY.md, "Memory", measured with this pace).
gunicorn.conf.py sets it in the master, whose workers inherit it at fork; ``make bench``
sets it too, so the in-process figures are a worker's.

:func:`paused` stops the collector for the length of one expected-value computation (a
review, an ``/advise`` with ``expected`` or a log): such a request makes millions of
objects that live as long as its graphs, and the young passes walked them again and again
for nothing (a four-seat review leaves 77 objects in cycles); it took a tenth of a review.
The passes resume after the answer, and the memory bound above is unchanged.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

# (young, middle, full): Python's default is (700, 10, 10)
THRESHOLDS = (700, 10, 100)


def set_pace() -> None:
    """Set :data:`THRESHOLDS` for this process (and the processes it forks later)."""
    gc.set_threshold(*THRESHOLDS)


class _Pause:
    """The outermost open :func:`paused` block of this process, and whether the collector
    ran before it (requests are greenlets of one thread, and a block does no I/O, so no
    other request runs inside one: a field, no lock)."""

    owner: object | None = None
    resume = False


@contextmanager
def paused() -> Iterator[None]:
    """The cyclic collector stopped until the block ends (nested blocks: the outermost).
    The time budget's alarm may raise anywhere, even where a block's exit would start the
    collector again: :func:`close_skipped` closes such a block before the next request, and
    each block acts only while it is the one open (its own token), so a block whose exit was
    skipped, finalized later, leaves a later block alone."""
    if _Pause.owner is not None:  # nested: the outermost block stops and restarts it
        yield
        return
    owner = object()
    try:
        _Pause.owner = owner
        _Pause.resume = gc.isenabled()
        gc.disable()
        yield
    finally:
        if _Pause.owner is owner:
            _Pause.owner = None
            if _Pause.resume:
                gc.enable()


def close_skipped() -> None:
    """Between requests no block is open, so one that is was left by an alarm that skipped
    its exit: close it, the collector running again as before it (else that worker would
    keep it stopped, its memory growing, or never stop it again for a review, a tenth
    slower). The views call it before each request's budget. (Under ``WORKER_CLASS=gthread``,
    kept for the benchmark's comparison, another thread's block may be open: it is closed
    too, and that review runs with the collector on.)"""
    if _Pause.owner is not None:
        _Pause.owner = None
        if _Pause.resume:
            gc.enable()
