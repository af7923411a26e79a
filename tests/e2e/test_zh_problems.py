"""Every kind of problem the real server answers is Chinese under ``Accept-Language: zh``
(issue 41 §4): those gunicorn writes itself before the app sees the request (a request line
over 4,096 bytes, too many or too large headers, HTTP it cannot read, an ``Expect`` or a
transfer coding it does not take) as well as the app's own (malformed JSON, a missing route,
a body too large, an invalid request, a request past its time budget, …).

Each request goes over a socket to gunicorn started as ``make run`` starts it; each answer's
title, detail and errors[].message must hold Chinese and no English word outside what
docs/languages.md lets stay as written (tests/i18n/words.py), and keep the numbers it is
about (the request line's length and the limit).
"""

from __future__ import annotations

import json
import re
import socket
import time
from typing import NamedTuple

import pytest

from app import codes
from app.gunicorn_errors import READ_MORE_SECONDS
from tests.e2e.conftest import free_port, start_server, stop_server
from tests.i18n.words import CJK, foreign_words, sentences


class Answer(NamedTuple):
    status: int
    headers: dict[str, str]
    problem: dict
    seconds: float


def ask(server_url: str, request: bytes) -> Answer:
    """Send ``request`` as it is and read the answer (its head, then Content-Length bytes).
    The connection is kept alive as a client's is: on ``Connection: close`` the server
    closes at once after a 413 it answers without reading the body, and the body left
    unread resets the connection (a known limit, not the language's). A reset connection
    fails the test: the client must get the answer."""
    host, port = server_url.removeprefix("http://").split(":")
    started = time.monotonic()
    with socket.create_connection((host, int(port)), timeout=10) as conn:
        conn.sendall(request)
        answer = b""
        while b"\r\n\r\n" not in answer or len(answer) < _length(answer):
            chunk = conn.recv(65536)
            if not chunk:
                break
            answer += chunk
    seconds = time.monotonic() - started
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v for k, v in (line.split(": ", 1) for line in lines[1:])}
    return Answer(int(lines[0].split()[1]), headers, json.loads(body), seconds)


def _length(answer: bytes) -> int:
    """How long the whole answer is, once its head has come."""
    head, _, _ = answer.partition(b"\r\n\r\n")
    found = re.search(rb"(?im)^content-length: *(\d+)", head)
    return len(head) + 4 + int(found[1])


def http(method: str, target: str, headers: tuple[str, ...] = (), body: bytes = b"",
         language: str = "zh") -> bytes:
    """A request as a client would send it, asking for ``language``."""
    lines = [f"{method} {target} HTTP/1.1", "Host: localhost", f"Accept-Language: {language}",
             *headers]
    if body and not any(h.lower().startswith("transfer-encoding") for h in headers):
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


def post(body: bytes, content_type: str = "application/json", target: str = "/evaluate",
         headers: tuple[str, ...] = ()) -> bytes:
    return http("POST", target, (f"Content-Type: {content_type}", *headers), body)


HAND = b'{"variant": "qinzhou", "hand": "123m456p789s111sEE"}'
# The slowest valid request (tests/e2e/test_public_edge.py): it cannot meet a tiny budget.
SLOWEST = (b'{"variant": "xingguo", "jing": {"indicator": "3p"}, "win_type": "self_draw", '
           b'"hand": "5m6m7m7m3p3p3p4p4p4p7p1s2s"}')
ZH_HEAD = "Host: localhost\r\nAccept-Language: zh\r\n"


class Case(NamedTuple):
    name: str
    request: bytes
    status: int
    code: str
    says: tuple[str, ...] = ()  # what the detail must keep (numbers, the client's input)


CASES = [
    # the app's own problems
    Case("malformed-json", post(b'{"variant":'), 400, codes.JSON_MALFORMED),
    Case("too-deep", post(b'{"a":' + b"[" * 40 + b"]" * 40 + b"}"), 400, codes.JSON_TOO_DEEP,
         ("16",)),
    Case("duplicate-key", post(b'{"variant":"qinzhou","variant":"x"}'), 400,
         codes.JSON_DUPLICATE_KEY, ("'variant'",)),
    Case("bad-encoding", post(b'{"variant":"\xff"}'), 400, codes.JSON_BAD_ENCODING),
    Case("not-found", http("GET", "/no-such-page"), 404, codes.HTTP_NOT_FOUND),
    Case("no-rules-page", http("GET", "/rules/riichi"), 404, codes.HTTP_NOT_FOUND,
         ("'riichi'",)),
    Case("method-not-allowed", http("GET", "/evaluate"), 405, codes.HTTP_METHOD_NOT_ALLOWED),
    Case("body-too-large", post(b'{"variant": "' + b"x" * 70_000 + b'"}'), 413,
         codes.BODY_TOO_LARGE, ("64",)),
    Case("media-type", post(HAND, "text/plain"), 415, codes.MEDIA_TYPE_UNSUPPORTED),
    Case("invalid-request", post(b'{"variant": "riichi"}'), 422, codes.REQUEST_INVALID,
         ("variant",)),
    Case("rules-book-language", http("GET", "/rules?lang=fr"), 400,
         codes.FIELD_NOT_ALLOWED_VALUE, ("'fr'",)),
    Case("malformed-chunked-body", post(b"zz\r\n{}\r\n0\r\n\r\n",
                                        headers=("Transfer-Encoding: chunked",)),
         400, codes.HTTP_BAD_REQUEST),
    # gunicorn's own, before the app sees the request
    Case("request-line-5014", http("GET", "/" + "a" * 5000), 414,
         codes.HTTP_REQUEST_LINE_TOO_LONG, ("5014", "4096")),
    Case("request-line-20014", http("GET", "/viewer?log=" + "a" * 19_989), 414,
         codes.HTTP_REQUEST_LINE_TOO_LONG, ("20014", "4096")),
    Case("too-many-headers", http("GET", "/healthz", tuple(f"X-{i}: 1" for i in range(60))),
         431, codes.HTTP_HEADERS_TOO_LARGE, ("50",)),
    Case("header-too-large", http("GET", "/healthz", ("X-Big: " + "a" * 9000,)), 431,
         codes.HTTP_HEADERS_TOO_LARGE, ("8190",)),
    Case("malformed-request-line", f"BLAH\r\n{ZH_HEAD}\r\n".encode(), 400,
         codes.HTTP_BAD_REQUEST, ("'BLAH'",)),
    Case("bad-method", f"G@T / HTTP/1.1\r\n{ZH_HEAD}\r\n".encode(), 400, codes.HTTP_BAD_REQUEST,
         ("'G@T'",)),
    Case("bad-version", f"GET / HTTP/2.7\r\n{ZH_HEAD}\r\n".encode(), 400,
         codes.HTTP_BAD_REQUEST, ("HTTP/2.7",)),
    Case("bare-lf", f"GET / HTTP/1.1\n{ZH_HEAD}\r\n".encode(), 400, codes.HTTP_BAD_REQUEST),
    Case("bad-header-name", http("GET", "/healthz", ("Ho st: x",)), 400,
         codes.HTTP_BAD_REQUEST, ("'Ho st'",)),
    Case("control-character", http("GET", "/healthz", ("X-A: a\x01b",)), 400,
         codes.HTTP_BAD_REQUEST, ("'X-A'",)),
    Case("host-twice", http("GET", "/healthz", ("Host: other",)), 400, codes.HTTP_BAD_REQUEST,
         ("'HOST'",)),
    Case("folded-header", http("GET", "/healthz", ("X-A: 1", "  2")), 400,
         codes.HTTP_BAD_REQUEST, ("'X-A'",)),
    Case("content-length-twice", post(HAND, headers=("Content-Length: 3",)), 400,
         codes.HTTP_BAD_REQUEST, ("'Content-Length'",)),
    Case("expectation", post(HAND, headers=("Expect: magic",)), 417, codes.HTTP_ERROR,
         ("'magic'",)),
    Case("transfer-coding", post(b"0\r\n\r\n", headers=("Transfer-Encoding: foo",)), 501,
         codes.HTTP_ERROR, ("'foo'",)),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_every_kind_of_problem_is_chinese(server_url, case):
    answer = ask(server_url, case.request)
    problem = answer.problem
    assert (answer.status, problem["status"], problem["code"]) == \
        (case.status, case.status, case.code), problem
    assert answer.headers["content-type"] == "application/problem+json"
    assert answer.headers["content-language"] == "zh-CN"
    assert CJK.search(problem["title"]) and CJK.search(problem["detail"]), problem
    said = sentences(problem)
    assert {key for key, _ in said} >= {"title", "detail"}
    assert [(key, text, foreign_words(text)) for key, text in said
            if foreign_words(text)] == []
    for kept in case.says:
        assert kept in problem["detail"] or any(kept in e["field"] or kept in e["message"]
                                                for e in problem.get("errors", [])), problem


def test_a_request_past_its_time_budget_is_chinese():
    """The 503 of a request stopped after its time budget, on a server of its own whose
    budget the slowest valid request cannot meet."""
    port = free_port()
    process = start_server(port, REQUEST_BUDGET_SECONDS="0.0005", RESPONSE_CACHE="0",
                           WEB_CONCURRENCY="1")
    try:
        answer = ask(f"http://127.0.0.1:{port}", post(SLOWEST))
    finally:
        stop_server(process)
    assert (answer.status, answer.problem["code"]) == (503, codes.SERVER_OVER_BUDGET)
    assert answer.headers["content-language"] == "zh-CN"
    assert CJK.search(answer.problem["title"]) and CJK.search(answer.problem["detail"])
    assert [text for _, text in sentences(answer.problem) if foreign_words(text)] == []
    assert "0.0005" in answer.problem["detail"]


def test_the_cases_meet_every_problem_code_a_request_can_cause():
    """Every problem code of the web layer but the server's own faults (a crash, a core that
    fails its probe: tests/i18n/test_chinese_answers.py raises them in Chinese) and the
    codes of errors[] entries (their problem is request.invalid); the time budget's has a
    test of its own above."""
    faults = {codes.SERVER_INTERNAL, codes.SERVER_NOT_READY}
    entries_only = {codes.BODY_NOT_OBJECT, codes.NUMBER_OUT_OF_RANGE, codes.FIELD_UNKNOWN,
                    codes.FIELD_OUT_OF_RANGE, codes.FIELD_INVALID, codes.SEAT_INVALID}
    met = {c.code for c in CASES} | {codes.SERVER_OVER_BUDGET}
    assert met >= set(codes.WEB_CODES) - faults - entries_only
    assert {c.status for c in CASES} >= {400, 404, 405, 413, 414, 415, 417, 422, 431, 501}


def test_english_stays_english(server_url):
    """The same refusals without Accept-Language: English, with the same numbers."""
    answer = ask(server_url, http("GET", "/" + "a" * 5000, language="en"))
    assert answer.headers["content-language"] == "en"
    assert answer.problem["title"] == "URI Too Long"
    assert answer.problem["detail"].startswith(
        "the request line (method, path and query) is 5014 bytes, over the limit of 4096")
    answer = ask(server_url, http("GET", "/healthz", tuple(f"X-{i}: 1" for i in range(60)),
                                  language="en"))
    assert answer.problem["detail"] == "the request has more than 50 header fields; send fewer"


def test_a_long_request_line_is_answered_at_once_and_in_full(server_url):
    """A request line past gunicorn's first read (8 KiB): its headers are read after the
    refusal, so the answer is in the reader's language, says the line's true length, and
    comes whole (a socket closed with unread bytes sends a reset, which browsers show
    instead of the answer). The head is complete: nothing is waited for."""
    answer = ask(server_url, http("GET", "/viewer?log=" + "a" * 199_989))
    assert answer.status == 414 and answer.headers["content-language"] == "zh-CN"
    assert "200014" in answer.problem["detail"]
    assert answer.seconds < READ_MORE_SECONDS


def test_a_head_that_never_ends_is_waited_for_only_so_long(server_url):
    """A request line over the limit whose head never ends: answered after
    READ_MORE_SECONDS (not when the client gives up), in the language of the headers that
    came."""
    host, port = server_url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as conn:
        started = time.monotonic()
        conn.sendall(b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nAccept-Language: zh\r\n")
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
        waited = time.monotonic() - started
    assert answer.startswith(b"HTTP/1.1 414 ")
    assert READ_MORE_SECONDS * 0.9 <= waited < READ_MORE_SECONDS + 3
    assert b"Content-Language: zh-CN" in answer  # the header that came is read
