"""A real gunicorn server, started exactly as `make run` starts it, on a free port."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# The Makefile's `run` command (run from ROOT).
GUNICORN = [str(Path(sys.executable).parent / "gunicorn"), "-c", "gunicorn.conf.py",
            "app:create_app()"]


def spawn_server(port: int, config: str = "gunicorn.conf.py", **env: str) -> subprocess.Popen:
    """gunicorn with the project's config file (or ``config``, a path from ROOT), like the
    Makefile's `run` target, not yet answering (:func:`start_server` waits for that).

    Its log goes to a file, never to a pipe nobody reads: a worker blocks writing its
    request log lines once a pipe's 64 KiB buffer is full (a few hundred requests)."""
    environment = {**os.environ, "PORT": str(port), "HOST": "127.0.0.1",
                   "WEB_CONCURRENCY": "2", "ACCESS_LOG": "/dev/null", **env}
    log = tempfile.TemporaryFile()  # noqa: SIM115 (closed by stop_server with the process)
    command = [*GUNICORN[:2], config, *GUNICORN[3:]]
    process = subprocess.Popen(command, cwd=ROOT, env=environment,
                               stdout=subprocess.DEVNULL, stderr=log)
    process.log = log  # type: ignore[attr-defined]
    return process


def start_server(port: int, **env: str) -> subprocess.Popen:
    """:func:`spawn_server`, once it answers /healthz."""
    process = spawn_server(port, **env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited: {server_log(process)[-2000:]}")
        try:
            if requests.get(f"http://127.0.0.1:{port}/healthz", timeout=1).ok:
                return process
        except (requests.ConnectionError, requests.Timeout):
            # not listening yet, or listening while its workers still boot: a slow machine
            # took over a second to answer the first /healthz, and 49 tests errored at once
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("gunicorn did not answer /healthz within 30 s")


def server_log(process: subprocess.Popen) -> str:
    """What a server started by :func:`start_server` has written to stderr so far."""
    log = process.log  # type: ignore[attr-defined]
    log.seek(0)
    return log.read().decode(errors="replace")


def stop_server(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
    log = getattr(process, "log", None)
    if log is not None:
        log.close()


@pytest.fixture(scope="session")
def server_url():
    port = free_port()
    process = start_server(port)
    yield f"http://127.0.0.1:{port}"
    stop_server(process)
