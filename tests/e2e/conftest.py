"""A real gunicorn server, started exactly as `make run` starts it, on a free port."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
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


def start_server(port: int, **env: str) -> subprocess.Popen:
    """gunicorn with the project's config file, like the Makefile's `run` target."""
    environment = {**os.environ, "PORT": str(port), "HOST": "127.0.0.1",
                   "WEB_CONCURRENCY": "2", "ACCESS_LOG": "/dev/null", **env}
    process = subprocess.Popen(GUNICORN, cwd=ROOT, env=environment,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited: {process.stderr.read().decode()[-2000:]}")
        try:
            if requests.get(f"http://127.0.0.1:{port}/healthz", timeout=1).ok:
                return process
        except requests.ConnectionError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("gunicorn did not answer /healthz within 30 s")


def stop_server(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()


@pytest.fixture(scope="session")
def server_url():
    port = free_port()
    process = start_server(port)
    yield f"http://127.0.0.1:{port}"
    stop_server(process)
