"""Errors gunicorn answers itself, before the app sees the request, are problems too."""

from __future__ import annotations

import json
import socket

import pytest


def _raw(server_url: str, request: bytes) -> tuple[str, dict[str, str], bytes]:
    host, port = server_url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=5) as conn:
        conn.sendall(request)
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return lines[0], headers, body


@pytest.mark.parametrize(("request_bytes", "status", "says", "code"), [
    (b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414,
     "5014 bytes, over the limit of 4096", "http.request_line_too_long"),
    (b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(60))
     + b"\r\n", 431, "more than 50 header fields", "http.headers_too_large"),
    (b"BLAH\r\n\r\n", 400, "'BLAH'", "http.bad_request"),
], ids=["request-line-too-long", "too-many-headers", "malformed-request-line"])
def test_gunicorn_errors_are_problem_json(server_url, request_bytes, status, says, code):
    line, headers, body = _raw(server_url, request_bytes)
    assert line.startswith(f"HTTP/1.1 {status} ")
    assert headers["Content-Type"] == "application/problem+json"
    assert headers["X-Content-Type-Options"] == "nosniff"
    problem = json.loads(body)
    assert problem["status"] == status and problem["title"]
    kind = "malformed-http" if status == 400 else f"http-{status}"
    assert problem["type"] == f"urn:mahjong-scoring:problem:{kind}"
    assert says in problem["detail"]
    assert problem["code"] == code
    assert "<html>" not in body.decode()
    assert headers["Content-Language"] == "en"  # no Accept-Language: English
