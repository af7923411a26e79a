"""The public edge against the real server (issue 23): each attack a hostile client on the
open internet can make, tried on gunicorn started as `make run` starts it, with raw sockets
where a well-behaved client library would not send such bytes.

docs/RELIABILITY.md ("The public edge") lists each attack, its numbers and the test here.
"""

from __future__ import annotations

import json
import re
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import requests

from rules.variants import VARIANTS
from tests.e2e.conftest import free_port, start_server, stop_server
from tests.sim.engine import Simulator
from tools.attacks import (
    ANSWER_WITHIN,
    CHUNKED_HEAD,
    DRIBBLE,
    DRIBBLE_OPENING,
    EVALUATE,
    Attackers,
    body_of,
    chunked,
    made_up_methods,
    normal_requests_answered,
    raw_exchange,
    status_of,
)

SLOWEST = {"variant": "xingguo", "jing": {"indicator": "3p"},
           "hand": "5m6m7m7m3p3p3p4p4p4p7p1s2s", "win_type": "self_draw"}


@contextmanager
def served(**env: str) -> Iterator[tuple[str, int]]:
    """A server of our own (the attacks must not slow the shared one), as `make run`."""
    port = free_port()
    process = start_server(port, **env)
    try:
        yield f"http://127.0.0.1:{port}", port
    finally:
        stop_server(process)


def test_64_clients_dribbling_header_bytes_do_not_stop_normal_requests():
    """Each connection sends a request line, then one header byte per second. Under the
    former gthread workers (2 × 2 threads) 8 such clients stopped every other request."""
    with served() as (url, port), Attackers(port, 64, DRIBBLE_OPENING, DRIBBLE) as attack:
        took = normal_requests_answered(url, 6)
    assert attack.connected == 64
    assert took and max(took) < ANSWER_WITHIN, took


def test_200_idle_connections_do_not_stop_normal_requests():
    with served() as (url, port), Attackers(port, 200, b"") as attack:
        took = normal_requests_answered(url, 4)
    assert attack.connected == 200
    assert took and max(took) < ANSWER_WITHIN, took


def test_a_dribbler_is_cut_off_once_its_headers_are_late():
    """The request line and headers must arrive within ``keepalive`` (5 s): a dribbler's
    connection is then closed, so dribblers cannot pile up for ever."""
    with served() as (_url, port):
        conn = socket.create_connection(("127.0.0.1", port), timeout=15)
        conn.sendall(b"GET /healthz HTTP/1.1\r\n")
        started = time.monotonic()
        closed_after = None
        try:
            while time.monotonic() - started < 12:
                conn.sendall(b"X")
                time.sleep(0.5)
        except OSError:
            closed_after = time.monotonic() - started
        conn.close()
    assert closed_after is not None and closed_after < 10, closed_after


def _metrics_size(url: str) -> int:
    return len(requests.get(f"{url}/metrics", timeout=10).content)


def _label_values(text: str) -> dict[str, set[str]]:
    values: dict[str, set[str]] = {}
    for name, value in re.findall(r'(\w+)="([^"]*)"', text):
        values.setdefault(name, set()).add(value)
    return values


def test_made_up_methods_and_paths_keep_metrics_small_and_every_label_bounded():
    with served() as (url, port):
        for _ in range(3):  # every route answered once, so the baseline has its series
            requests.get(f"{url}/healthz", timeout=5)
        before = _metrics_size(url)
        for answer in made_up_methods(port, 400):
            assert answer.startswith(b"HTTP/1.1 4"), answer[:80]
        growth = _metrics_size(url) - before
        labels = _label_values(requests.get(f"{url}/metrics", timeout=10).text)
    assert growth < 20_000, growth
    assert labels["method"] <= {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS",
                                "other"}
    assert all(v.startswith("/") or v == "unmatched" for v in labels["endpoint"])
    assert len(labels["endpoint"]) <= 12, labels["endpoint"]
    assert all(re.fullmatch(r"\d{3}|\dxx", v) for v in labels["status"])


def test_a_chunked_body_over_the_limit_is_413_like_a_content_length_body(server_url):
    port = int(server_url.rsplit(":", 1)[1])
    padded = json.dumps(EVALUATE).encode() + b" " * 2_000_000  # valid JSON, then padding
    answer = raw_exchange(port, CHUNKED_HEAD + chunked(padded))
    assert status_of(answer) == 413, answer[:300]
    assert body_of(answer)["detail"] == "the request body is larger than the limit of 64 KiB"
    within = raw_exchange(port, CHUNKED_HEAD + chunked(json.dumps(EVALUATE).encode(), 7))
    assert status_of(within) == 200 and body_of(within)["winning"] is True


INTERNALS = ("sys.", "set_int_max_str_digits", "Traceback", "Error:", "site-packages",
             "object at 0x", "werkzeug", "marshmallow")


@pytest.mark.parametrize("number", [b"9" * 5000, b"1e400", b"-" + b"1" * 40])
def test_a_number_past_the_range_is_422_naming_the_field_over_http(server_url, number):
    body = b'{"variant":"qinzhou","hand":"123m456p789s111sEE","dealer":' + number + b"}"
    response = requests.post(f"{server_url}/evaluate", data=body, timeout=10,
                             headers={"Content-Type": "application/json"})
    assert response.status_code == 422
    problem = response.json()
    assert [e["field"] for e in problem["errors"]] == ["dealer"]
    assert "out of range" in problem["errors"][0]["message"]
    assert not [word for word in INTERNALS if word in response.text]


def test_fifteen_unknown_rule_keys_are_fifteen_short_errors_and_the_valid_keys_once(server_url):
    given = {f"made_up_{i}": True for i in range(15)}
    response = requests.post(f"{server_url}/evaluate", json={**EVALUATE, "rules": given},
                             timeout=10)
    problem = response.json()
    assert response.status_code == 422 and len(problem["errors"]) == 15
    assert {e["message"] for e in problem["errors"]} == {
        "unknown rule option for qinzhou; the problem's detail lists the valid ones"}
    assert problem["detail"].count("horse_count") == 1
    names = ", ".join(sorted(o.name for o in VARIANTS["qinzhou"].options))
    assert problem["detail"].endswith(f"the rule options of qinzhou are: {names}")


def test_a_request_past_its_time_budget_is_503_with_retry_after_and_the_worker_serves_on():
    with served(REQUEST_BUDGET_SECONDS="0.0005", RESPONSE_CACHE="0") as (url, _port):
        slow = requests.post(f"{url}/evaluate", json=SLOWEST, timeout=10)
        after = [requests.get(f"{url}/healthz", timeout=5).status_code for _ in range(4)]
    assert slow.status_code == 503, slow.text
    assert slow.headers["Retry-After"] == "1"
    assert slow.headers["Content-Type"] == "application/problem+json"
    assert slow.json()["type"] == "urn:mahjong-scoring:problem:over-budget"
    assert after == [200] * 4


def test_a_review_past_its_budget_says_review_one_seat_and_the_worker_serves_on():
    """All four seats of a round are the work of four reviews: a 503 that said "try again
    later" had the client ask for the same work again. (tests/api/test_over_budget_advice.py
    holds each advice; here the real server, its gevent worker and its alarm.)"""
    log = Simulator("nanchang", 43_500).play().log
    # one worker: the requests after the review meet any alarm it left armed
    with served(REVIEW_BUDGET_SECONDS="0.1", RESPONSE_CACHE="0", WEB_CONCURRENCY="1") as (
            url, _port):
        slow = requests.post(f"{url}/review", json=log, timeout=10)
        scored = requests.post(f"{url}/evaluate", json=EVALUATE, timeout=10)
        one = requests.post(f"{url}/review", json={**log, "seat": 3}, timeout=10)
        after = [requests.get(f"{url}/healthz", timeout=5).status_code for _ in range(4)]
    assert scored.status_code == 200, scored.text
    assert slow.status_code == 503 and slow.headers["Retry-After"] == "1", slow.text
    assert slow.json()["detail"] == ("the request was stopped after its time budget of 0.1 s: "
                                     "review one seat at a time (seat 0 to 3)")
    # seat 3 alone takes 1.1 s with its hands new (its review is then refused, past its
    # state budget): stopped at 0.1 s, it is told the next smaller review
    assert one.status_code == 503, one.text
    assert one.json()["detail"].endswith(": review the round up to an earlier action, its "
                                         "log cut there, or try again later")
    assert after == [200] * 4


def test_the_shipped_budget_lets_the_slowest_valid_request_through(server_url):
    response = requests.post(f"{server_url}/evaluate", json=SLOWEST, timeout=10)
    assert response.status_code == 200 and response.json()["reason"] == "waiting"


def test_with_a_metrics_port_metrics_leave_the_public_port():
    metrics_port = free_port()
    with served(METRICS_PORT=str(metrics_port)) as (url, _port):
        public = requests.get(f"{url}/metrics", timeout=5)
        private = requests.get(f"http://127.0.0.1:{metrics_port}/metrics", timeout=5)
        api_on_private = requests.post(f"http://127.0.0.1:{metrics_port}/evaluate",
                                       json=EVALUATE, timeout=5)
        api_on_public = requests.post(f"{url}/evaluate", json=EVALUATE, timeout=5)
    assert public.status_code == 404 and public.headers["Content-Type"] == \
        "application/problem+json"
    assert private.status_code == 200 and "mahjong_http_requests_total" in private.text
    assert api_on_private.status_code == 404
    assert api_on_public.status_code == 200
