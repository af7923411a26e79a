"""Which worker may go when its memory passes ``WORKER_MAX_RSS_MIB``: one at a time, and only
while another is listening.

Why: each worker listens on a socket of its own (``reuse_port``, gunicorn.conf.py), so the
master holds none. A worker that goes closes its socket; if every worker did at once (they
grow alike under one load), nothing would listen until the master had forked fresh ones,
and new connections would be refused (measured with one worker: every request sent while
its successor booted was refused). So a worker goes only while another one is listening and
not going itself, and a lone worker never goes.

The workers share a directory (made by the master in gunicorn.conf.py, named to the workers
by ``MAHJONG_WORKERS_DIR``): one file per worker, named by its pid, saying ``listening``
(written when it has booted) or ``going``; a lock file makes the check and the mark one
step. The master removes a worker's file when it
exits (``child_exit``); a file whose process is gone is ignored all the same.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

DIRECTORY_ENV = "MAHJONG_WORKERS_DIR"  # the shared directory, set by gunicorn.conf.py
LISTENING = "listening"
GOING = "going"
LOCK = "lock"


def mark_listening(directory: str, pid: int) -> None:
    """The worker ``pid`` has booted and listens."""
    _write(Path(directory), pid, LISTENING)


def forget(directory: str, pid: int) -> None:
    """The worker ``pid`` has exited."""
    (Path(directory) / str(pid)).unlink(missing_ok=True)


def may_go(directory: str, pid: int) -> bool:
    """Mark the worker ``pid`` as going and say yes, if another live worker is listening
    and none is going; else no (it may ask again after its next request)."""
    folder = Path(directory)
    with open(folder / LOCK, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            others = [state for other, state in _states(folder) if other != pid]
            if GOING in others or LISTENING not in others:
                return False
            _write(folder, pid, GOING)
            return True
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _states(folder: Path) -> list[tuple[int, str]]:
    """(pid, state) of every live worker with a file."""
    found = []
    for path in folder.iterdir():
        if not path.name.isdigit() or not _alive(int(path.name)):
            continue
        try:
            found.append((int(path.name), path.read_text().strip()))
        except OSError:
            continue  # removed meanwhile: its worker exited
    return found


def _alive(pid: int) -> bool:
    """Is there a process ``pid`` (signal 0 checks, sends nothing)?"""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # it exists, owned by another user
    return True


def _write(folder: Path, pid: int, state: str) -> None:
    """Write the state whole (a reader sees the old file or the new one, never half)."""
    fresh = folder / f".{pid}.tmp"
    fresh.write_text(state)
    os.replace(fresh, folder / str(pid))
