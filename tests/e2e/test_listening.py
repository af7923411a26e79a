"""How the real gunicorn listens: one socket per worker (``reuse_port``), so connections
opened at once are spread over the workers, and a port already taken is refused."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
from pathlib import Path

import pytest

from bench.http import Server
from tests.e2e.conftest import (
    GUNICORN,
    ROOT,
    free_port,
    server_log,
    start_server,
    stop_server,
)

CONNECTIONS = 32
REQUEST = b"GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n"


def _held(workers: list[int], port: int, pool: list[socket.socket]) -> dict[int, int]:
    """How many of the pool's connections each worker holds: the server's end of each is
    found in /proc/net/tcp by its two ports, and its socket inode among the worker's fds."""
    ours = {conn.getsockname()[1] for conn in pool}
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote = (int(address.split(":")[1], 16) for address in fields[1:3])
        if local == port and remote in ours:
            inodes.add(f"socket:[{fields[9]}]")
    return {pid: len(inodes & _socket_links(pid)) for pid in workers}


def _socket_links(pid: int) -> set[str]:
    links = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):  # closed meanwhile
            links.add(os.readlink(fd))
    return links


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_a_pool_of_keep_alive_connections_opened_at_once_reaches_both_workers():
    """With one shared socket, whichever worker woke first took the connection: a pool opened
    at once could all land on one worker (1 wrk run in 9), leaving the other core idle."""
    port = free_port()
    server = start_server(port)
    pool: list[socket.socket] = []
    try:
        workers = Server(server, f"http://127.0.0.1:{port}").settled_workers()
        assert len(workers) == 2  # both booted (the first may answer /healthz alone)
        pool = [socket.create_connection(("127.0.0.1", port), timeout=10)
                for _ in range(CONNECTIONS)]
        for conn in pool:  # each answered: accepted by a worker, and kept alive
            conn.sendall(REQUEST)
            assert conn.recv(65536).startswith(b"HTTP/1.1 200 ")
        held = _held(workers, port, pool)
        assert sum(held.values()) == CONNECTIONS, held
        # by the kernel's hash, each gets 16 ± 3; all on one worker is a 1 in 2^31 chance
        assert all(n >= 4 for n in held.values()), held
    finally:
        for conn in pool:
            conn.close()
        stop_server(server)


def test_the_listening_line_names_the_address():
    """gunicorn logs "Listening at: <the master's sockets> (pid)"; with reuse_port the master
    has none, and `make run` said "Listening at:  (1234)". It names the address now."""
    port = free_port()
    server = start_server(port, LOG_LEVEL="info")  # the line is at info level
    try:
        lines = [json.loads(line) for line in server_log(server).splitlines()
                 if line.startswith("{")]
    finally:
        stop_server(server)
    said = [line["msg"] for line in lines if line["msg"].startswith("Listening at:")]
    assert said == [f"Listening at: http://127.0.0.1:{port} (each worker on its own socket, "
                    f"SO_REUSEPORT) ({server.pid})"]


def test_a_second_server_on_a_taken_port_exits_and_says_why():
    """Each worker binds its own socket with SO_REUSEPORT, which another server of the same
    user could share: the master checks the port first, and a second `make run` fails as it
    would without reuse_port instead of taking half of the first one's connections."""
    port = free_port()
    first = start_server(port)
    try:
        status, log = _start_to_exit(port)
        assert status != 0
        assert "Is another server running on this port?" in log
        assert _answers(port)  # the first one still serves
    finally:
        stop_server(first)


def test_a_port_held_by_any_other_program_is_refused_too():
    port = free_port()
    with socket.socket() as other:
        other.bind(("127.0.0.1", port))
        other.listen()
        status, log = _start_to_exit(port)
    assert status != 0
    assert f"Cannot listen at 127.0.0.1:{port}" in log


def _start_to_exit(port: int) -> tuple[int, str]:
    """Start gunicorn as `make run` does and wait for it to give up: (exit status, log)."""
    process = subprocess.run(GUNICORN, cwd=ROOT, capture_output=True, text=True, timeout=60,
                             env={**os.environ, "PORT": str(port), "HOST": "127.0.0.1"})
    return process.returncode, process.stderr


def _answers(port: int) -> bool:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(REQUEST)
        return conn.recv(65536).startswith(b"HTTP/1.1 200 ")
