"""A worker past WORKER_MAX_RSS_MIB is asked to go (app/lifecycle.py), one at a time and
only while another listens (app/retirement.py), and the tool that measures the server's
memory reads the deploy manifest's limit (tools/memory.py). The real gunicorn's side is
tests/e2e/test_memory_limit.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from app import lifecycle, retirement
from tools.memory import failures, limit_mib, mib, tracebacks


class _Worker:
    """What the hook reads of a gunicorn worker: ``alive``, ``pid`` and ``log.info``."""

    def __init__(self):
        self.alive = True
        self.pid = os.getpid()
        self.lines: list[str] = []
        self.log = self

    def info(self, message: str, *args) -> None:
        self.lines.append(message % args)


def test_this_process_reads_its_own_resident_memory():
    rss = lifecycle.resident_mib()
    assert rss is not None and 5 < rss < 10_000


def _gone_pid() -> int:
    """The pid of a process that has exited."""
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


@pytest.fixture
def workers(tmp_path):
    """A shared directory where this process is a listening worker, and so is another live
    process (the test runner's parent)."""
    retirement.mark_listening(str(tmp_path), os.getpid())
    retirement.mark_listening(str(tmp_path), os.getppid())
    return str(tmp_path)


@pytest.mark.parametrize(("limit", "goes"), [(0, False), (1_000_000, False), (1, True)])
def test_a_worker_goes_only_past_a_set_limit(workers, limit, goes):
    worker = _Worker()
    assert lifecycle.replace_when_large(worker, limit, workers) is goes
    assert worker.alive is not goes
    assert len(worker.lines) == (1 if goes else 0)
    if goes:
        assert str(os.getpid()) in worker.lines[0]
        assert "WORKER_MAX_RSS_MIB (1)" in worker.lines[0]


def test_a_worker_already_going_is_not_told_twice(workers):
    worker = _Worker()
    assert lifecycle.replace_when_large(worker, 1, workers)
    assert not lifecycle.replace_when_large(worker, 1, workers)
    assert len(worker.lines) == 1


def test_no_proc_file_means_no_replacement(workers, monkeypatch):
    monkeypatch.setattr(lifecycle, "resident_mib", lambda: None)
    worker = _Worker()
    assert not lifecycle.replace_when_large(worker, 1, workers)
    assert worker.alive


def test_one_worker_goes_at_a_time(workers):
    """Both past the limit: the first goes; the second waits until the first has exited
    and its successor listens."""
    me, other = os.getpid(), os.getppid()
    assert retirement.may_go(workers, other)
    assert not retirement.may_go(workers, me)  # the other is going
    retirement.forget(workers, other)  # it exited
    assert not retirement.may_go(workers, me)  # nobody else listens yet
    retirement.mark_listening(workers, other)  # its successor booted (a live pid)
    assert retirement.may_go(workers, me)


def test_a_lone_worker_never_goes(tmp_path):
    retirement.mark_listening(str(tmp_path), os.getpid())
    worker = _Worker()
    assert not lifecycle.replace_when_large(worker, 1, str(tmp_path))
    assert worker.alive and not worker.lines


def test_the_file_of_a_worker_that_is_gone_counts_for_nothing(tmp_path):
    """A worker killed without the master's ``child_exit`` leaves its file: it neither
    listens nor blocks another from going."""
    folder = str(tmp_path)
    retirement.mark_listening(folder, os.getpid())
    retirement.mark_listening(folder, _gone_pid())
    assert not retirement.may_go(folder, os.getpid())
    (tmp_path / str(os.getppid())).write_text(retirement.LISTENING)
    gone = _gone_pid()
    (tmp_path / str(gone)).write_text(retirement.GOING)
    assert retirement.may_go(folder, os.getpid())


@pytest.mark.parametrize(("written", "expected"), [("512Mi", 512), ("1Gi", 1024),
                                                  ("1536Mi", 1536)])
def test_the_memory_tool_reads_the_manifests_limit(tmp_path: Path, written, expected):
    manifest = tmp_path / "deployment.yaml"
    manifest.write_text(
        "kind: Service\n---\nkind: Deployment\nspec:\n  template:\n    spec:\n"
        "      containers:\n        - resources:\n            requests: {memory: 64Mi}\n"
        f"            limits: {{cpu: '2', memory: {written}}}\n")
    assert limit_mib(manifest) == expected


def test_a_quantity_in_other_units_is_refused():
    with pytest.raises(ValueError, match="Mi or Gi"):
        mib("1G")


def test_the_shipped_manifest_has_a_limit_the_tool_reads():
    assert limit_mib() >= 512


def _served_after_close(server_class) -> bytes:
    """A connection made (by a plain socket, the hub not running, as while a worker is busy)
    to a server that then closes: what the client reads. gevent runs without monkey
    patching here: its own sockets, its hub run only by ``gevent.sleep``. The server is
    made as gunicorn's gevent worker makes it: on a listening socket, with
    ``partial(handle, listener)``, and the handler asks the listener its name once it has
    the connection, as gunicorn's does."""
    import socket
    from functools import partial

    import gevent
    from gevent import socket as gevent_socket
    from gevent.pool import Pool

    def answer(listener, client, _address):
        gevent.sleep(0)  # gunicorn reads the request first: the listener may be closed
        port = listener.getsockname()[1]
        client.sendall(b"served on %d" % port)
        client.close()

    listener = gevent_socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    port = listener.getsockname()[1]
    server = server_class(listener, handle=partial(answer, listener), spawn=Pool(4))
    server.start()
    client = socket.create_connection(server.address, timeout=5)  # queued: never accepted
    server.close()
    gevent.sleep(0.05)  # the hub runs: a drained connection's handler answers
    try:
        return client.recv(64).replace(b" on %d" % port, b"")
    except ConnectionResetError:
        return b"reset"
    finally:
        client.close()


def test_a_queued_connection_is_served_when_the_server_closes():
    from app.draining import DrainingStreamServer

    assert _served_after_close(DrainingStreamServer) == b"served"


def test_gevents_own_server_resets_it():
    """Why app/draining.py exists: gevent's server closes with the connection queued."""
    from gevent.server import StreamServer

    assert _served_after_close(StreamServer) in (b"reset", b"")


def test_a_replaced_worker_closes_its_listening_sockets_at_once(workers, monkeypatch):
    from app import draining

    closed = []
    monkeypatch.setattr(draining, "close_listeners", lambda: closed.append(True))
    assert lifecycle.replace_when_large(_Worker(), 1, workers)
    assert closed == [True]


def test_the_memory_and_the_replacements_are_metrics(workers):
    from app import metrics

    before = metrics.WORKERS_REPLACED._value.get()
    assert not lifecycle.replace_when_large(_Worker(), 0, workers)  # off: still measured
    rss = lifecycle.resident_mib()
    assert abs(metrics.WORKER_MEMORY._value.get() - rss * 2**20) < 64 * 2**20
    assert metrics.WORKERS_REPLACED._value.get() == before
    assert lifecycle.replace_when_large(_Worker(), 1, workers)
    assert metrics.WORKERS_REPLACED._value.get() == before + 1


def test_the_memory_tool_counts_the_time_budgets_503_as_an_answer():
    """A request past its time budget answers 503 server.over_budget, as documented, on
    any endpoint (a loaded machine meets it now and then); any other 5xx, or no answer at
    all, is an error."""
    answered = Counter({("/advise", 200): 9, ("/advise", "503 server.over_budget"): 1,
                        ("/review", "503 server.over_budget"): 2, ("/review", 422): 3})
    assert failures(answered) == 0
    assert failures(answered + Counter({("/advise", 503): 1})) == 1  # not the budget's
    assert failures(answered + Counter({("/review", 500): 2})) == 2
    assert failures(answered + Counter({("/advise", "ConnectionError"): 1})) == 1


def test_a_failed_run_shows_the_servers_tracebacks():
    """A run with an error answer prints what the server logged of it (the log goes with
    the server): the ``exc`` of the app's JSON lines and gunicorn's plain tracebacks, from
    the first line to the exception's, the first three."""
    trace = ("Traceback (most recent call last):\n  File \"rules/review.py\", line 9, in f\n"
             "    g()\nKeyError: {n}")
    lines = ["[INFO] booted", json.dumps({"level": "error", "msg": "unhandled error",
                                          "exc": trace.format(n=0)}),
             json.dumps({"level": "info", "msg": "GET /health"}), "{not json",
             *trace.format(n=1).splitlines(), "[INFO] next",
             json.dumps({"exc": trace.format(n=2)}), json.dumps({"exc": trace.format(n=3)})]
    found = tracebacks("\n".join(lines) + "\n")
    assert found == [trace.format(n=n) for n in range(3)]
    assert tracebacks("[INFO] booted\n") == []
