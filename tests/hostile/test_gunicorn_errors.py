"""app/gunicorn_errors.py in parts: the head of a refused request read for its language, a
long request line measured without being kept, and a fault in that reading costing only the
language, never the answer. tests/e2e/test_zh_problems.py drives it through a real gunicorn.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from types import SimpleNamespace

import orjson
import pytest
from gunicorn.http.errors import InvalidResponseHeader, LimitRequestLine

from app import gunicorn_errors
from app.gunicorn_errors import accept_language, describe, handling_errors, read_head
from tests.gunicorn_socket import SentBytes

SETTINGS = SimpleNamespace(limit_request_line=4096, limit_request_fields=50,
                           limit_request_field_size=8190)


@pytest.mark.parametrize(("head", "header"), [
    (b"GET / HTTP/1.1\r\nHost: x\r\nAccept-Language: zh-CN\r\n\r\n", "zh-CN"),
    (b"GET / HTTP/1.1\r\naccept-language : zh\r\nACCEPT-LANGUAGE: en;q=0.1\r\n\r\n",
     "zh, en;q=0.1"),
    (b"GET / HTTP/1.1\nAccept-Language: zh\n\n", "zh"),  # bare LF, as a malformed request
    (b"POST / HTTP/1.1\r\nHost: x\r\n\r\nAccept-Language: zh\r\n", None),  # the body's
    (b"GET /" + b"a" * 9000, None),  # no header came
    (b"\r\nHost: x\r\nAccept-Language: zh\r\n\r\n", "zh"),  # headers after a parsed line
])
def test_the_language_is_read_from_the_head_only(head, header):
    assert accept_language(head) == header


def _client_sends(data: bytes) -> tuple[socket.socket, threading.Thread]:
    """A connected socket whose client sends ``data`` (from a thread), then closes."""
    server, client = socket.socketpair()

    def send() -> None:
        with client, contextlib.suppress(OSError):  # the reader may close before taking all
            client.sendall(data)

    sender = threading.Thread(target=send)
    sender.start()
    return server, sender


def test_a_long_request_line_is_measured_and_not_kept():
    line = b"GET /viewer?log=" + b"a" * 300_000 + b" HTTP/1.1"
    rest = b"\r\nHost: x\r\nAccept-Language: zh\r\n\r\n"
    server, sender = _client_sends(line[8192:] + rest)
    with server:
        head, dropped = read_head(server, line[:8192])
        sender.join()
    assert accept_language(bytes(head)) == "zh"
    assert dropped + head.find(b"\r\n") == len(line)
    assert len(head) < 200_000  # most of the line was dropped as it came


def test_reading_stops_at_the_limit_of_bytes(monkeypatch):
    monkeypatch.setattr(gunicorn_errors, "READ_MORE_BYTES", 100_000)
    server, sender = _client_sends(b"a" * 300_000)
    with server:
        head, dropped = read_head(server, b"GET /")
        assert 100_000 <= dropped + len(head) <= 100_005 + 65536
        server.setblocking(False)
        assert server.recv(1 << 20)  # the rest is left unread
    sender.join()


def test_a_line_under_the_limit_is_said_as_gunicorn_measured_it():
    said = describe(LimitRequestLine(8192, 4096), SETTINGS, None)
    assert str(said) == ("the request line (method, path and query) is more than 8192 bytes, "
                         "over the limit of 4096; send what is long in the body of a POST")
    assert describe(InvalidResponseHeader("X"), SETTINGS) is None  # the app's fault: a 500


def test_a_fault_in_reading_the_language_costs_only_the_language(monkeypatch):
    def broken(*_):
        raise RuntimeError("boom")

    monkeypatch.setattr(gunicorn_errors, "answer_for", broken)
    sock = SentBytes()
    handle = handling_errors(
        lambda req, client, addr, exc: gunicorn_errors.write_problem(client, 414, "", ""),
        SETTINGS)
    handle(None, sock, None, LimitRequestLine(5014, 4096))
    problem = orjson.loads(sock.sent.partition(b"\r\n\r\n")[2])
    assert problem["title"] == "URI Too Long"
    assert problem["code"] == "http.request_line_too_long"
    assert sock not in gunicorn_errors._PENDING


@pytest.mark.parametrize("head", [b"GET / HTTP/1.1\nHost: x\n\n",
                                  b"GET / HTTP/1.1\r\nHost: x\n\r\n"])
def test_a_head_ended_by_bare_line_feeds_is_not_waited_on(head):
    server, client = socket.socketpair()  # the client sends nothing more, and waits
    with server, client:
        started = time.monotonic()
        assert read_head(server, head) == (bytearray(head), 0)
        assert time.monotonic() - started < gunicorn_errors.READ_MORE_SECONDS / 2
