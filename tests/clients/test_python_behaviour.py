"""The Python client's transport rules, against a scripted fake server (tests/clients/conftest).

Retried: a 503 and a connection that fails, up to ``retries`` more tries. Never retried: any
4xx (the same body fails the same way), a 500, a read that timed out, a 503 of a request
stopped after its time budget (``server.over_budget``: the same body is as slow again).
Counting the requests the server saw is what tells the two apart.
"""

from __future__ import annotations

import time

import mahjong_scoring_client.client as client_module
import pytest
import requests
from mahjong_scoring_client import Client, ProblemError

from tests.clients.conftest import Step

PROBLEM = "application/problem+json"
SETTLED = {"variant": "qinzhou", "deltas": [1, -1, 0, 0], "ledger": [], "ruleset": {}}


def unavailable(**headers: str) -> Step:
    return Step(503, {"type": "urn:x:unavailable", "title": "Service Unavailable",
                      "status": 503, "detail": "restarting"}, PROBLEM, headers)


@pytest.fixture()
def pauses(monkeypatch) -> list[float]:
    """The waits between tries, recorded instead of slept."""
    recorded: list[float] = []
    monkeypatch.setattr(client_module, "_pause", recorded.append)
    return recorded


def test_a_503_is_retried_until_an_answer(fake_server, pauses):
    fake_server.script(unavailable(), unavailable(), Step(200, SETTLED))
    settlement = Client(fake_server.url, retries=2).settle({"variant": "qinzhou"})
    assert settlement["deltas"] == [1, -1, 0, 0]
    assert len(fake_server.seen) == 3  # 1 try + 2 retries
    assert {s.path for s in fake_server.seen} == {"/settle"}
    assert all(s.body == {"variant": "qinzhou"} for s in fake_server.seen)


def test_retries_back_off_or_follow_retry_after(fake_server, pauses):
    """backoff 0.5: after try 1 a Retry-After of 2 s is followed; after try 2 (none given)
    the backoff is 0.5 × 2¹ = 1.0 s."""
    fake_server.script(unavailable(**{"Retry-After": "2"}), unavailable(), Step(200, SETTLED))
    Client(fake_server.url, retries=2, backoff=0.5).settle({"variant": "qinzhou"})
    assert pauses == [2.0, 1.0]


def test_a_503_that_lasts_is_raised_after_the_last_try(fake_server, pauses):
    fake_server.script(*[unavailable() for _ in range(5)])
    with pytest.raises(ProblemError) as raised:
        Client(fake_server.url, retries=3).evaluate({"variant": "qinzhou", "hand": "1m"})
    assert raised.value.status == 503 and raised.value.detail == "restarting"
    assert len(fake_server.seen) == 4  # 1 try + 3 retries, then the 503 is the answer
    assert len(pauses) == 3


def test_a_request_stopped_after_its_time_budget_is_not_retried(fake_server, pauses):
    """A four-seat review past the service's budget: retried, it was stopped again after the
    same 8 s of a worker, three times over; its detail says what to ask instead."""
    stopped = {"type": "urn:mahjong-scoring:problem:over-budget",
               "title": "Service Unavailable", "status": 503, "code": "server.over_budget",
               "detail": "the request was stopped after its time budget of 8 s: review one "
                         "seat at a time (seat 0 to 3)"}
    fake_server.script(Step(503, stopped, PROBLEM, {"Retry-After": "1"}), Step(200, SETTLED))
    with pytest.raises(ProblemError) as raised:
        Client(fake_server.url, retries=2).review({"variant": "nanchang"})  # type: ignore[typeddict-item]
    assert raised.value.code == "server.over_budget"
    assert raised.value.detail.endswith("review one seat at a time (seat 0 to 3)")
    assert len(fake_server.seen) == 1 and pauses == []


def test_a_503_that_is_not_a_problem_is_retried(fake_server, pauses):
    """A proxy's own 503 page (not JSON): the service may be restarting behind it."""
    fake_server.script(Step(503, b"<html>busy</html>", "text/html"), Step(200, SETTLED))
    settlement = Client(fake_server.url, retries=2).settle({"variant": "qinzhou"})
    assert settlement["deltas"] == [1, -1, 0, 0] and len(fake_server.seen) == 2


@pytest.mark.parametrize("status", [400, 404, 413, 415, 422, 429, 500])
def test_no_retry_on_a_4xx_or_a_500(fake_server, pauses, status):
    problem = {"type": "urn:x", "title": "No", "status": status, "detail": "nope"}
    fake_server.script(Step(status, problem, PROBLEM), Step(200, SETTLED))
    with pytest.raises(ProblemError) as raised:
        Client(fake_server.url, retries=3).settle({"variant": "qinzhou"})
    assert raised.value.status == status
    assert len(fake_server.seen) == 1 and pauses == []


def test_a_dropped_connection_is_retried(fake_server, pauses):
    fake_server.script(Step(drop=True), Step(drop=True), Step(200, SETTLED))
    settlement = Client(fake_server.url, retries=2).settle({"variant": "qinzhou"})
    assert settlement["deltas"] == [1, -1, 0, 0] and len(fake_server.seen) == 3


def test_a_connection_that_keeps_failing_raises_connection_error(fake_server, pauses):
    fake_server.script(*[Step(drop=True) for _ in range(3)])
    with pytest.raises(requests.ConnectionError):
        Client(fake_server.url, retries=2).settle({"variant": "qinzhou"})
    assert len(fake_server.seen) == 3 and len(pauses) == 2


def test_no_server_at_all_is_retried_then_raised(pauses):
    from tests.e2e.conftest import free_port

    with pytest.raises(requests.ConnectionError):
        Client(f"http://127.0.0.1:{free_port()}", retries=2).variants()
    assert len(pauses) == 2


def test_a_read_timeout_is_raised_at_once_and_not_retried(fake_server, pauses):
    fake_server.script(Step(200, SETTLED, hang=5.0), Step(200, SETTLED))
    started = time.monotonic()
    with pytest.raises(requests.ReadTimeout):
        Client(fake_server.url, timeout=(2.0, 0.3), retries=2).settle({"variant": "qinzhou"})
    assert time.monotonic() - started < 2.0  # the 0.3 s read timeout, not the 5 s hang
    assert len(fake_server.seen) == 1 and pauses == []


def test_every_call_has_a_timeout_by_default(fake_server, monkeypatch):
    client = Client(fake_server.url)
    given: list[object] = []
    send = client.session.request

    def spy(*args, **kwargs):
        given.append(kwargs.get("timeout"))
        return send(*args, **kwargs)

    monkeypatch.setattr(client.session, "request", spy)
    fake_server.script(Step(200, {"rules_version": "1", "variants": []}))
    client.variants()
    assert given == [(3.05, 10.0)]


def test_retry_delay():
    """backoff 0.25: 0.25 × 2ⁿ, capped at 10 s; a numeric Retry-After wins (capped too); an
    HTTP-date Retry-After is not read, so the backoff applies."""
    client = Client(retries=1, backoff=0.25)
    assert [client.retry_delay(n) for n in range(4)] == [0.25, 0.5, 1.0, 2.0]
    assert client.retry_delay(6) == 10.0  # 0.25 × 64 = 16 → 10
    assert client.retry_delay(0, "3") == 3.0
    assert client.retry_delay(0, "120") == 10.0
    assert client.retry_delay(1, "Wed, 21 Oct 2026 07:28:00 GMT") == 0.5


def test_accept_language_from_the_client_or_the_call(fake_server):
    fake_server.script(*[Step(200, SETTLED) for _ in range(3)])
    Client(fake_server.url).settle({"variant": "qinzhou"})
    chinese = Client(fake_server.url, accept_language="zh-CN")
    chinese.settle({"variant": "qinzhou"})
    chinese.settle({"variant": "qinzhou"}, accept_language="en")
    assert [s.headers.get("Accept-Language") for s in fake_server.seen] == [None, "zh-CN", "en"]
    assert fake_server.seen[0].headers["Content-Type"] == "application/json"


def test_a_problem_carries_status_code_and_errors_as_given(fake_server):
    errors = [{"field": "players[2].hand", "message": "unknown tile", "code": "unknown-tile",
               "position": 4}]
    fake_server.script(Step(422, {"type": "urn:x:invalid", "title": "Invalid request",
                                  "status": 422, "detail": "see errors",
                                  "code": "invalid-request", "errors": errors}, PROBLEM))
    with pytest.raises(ProblemError) as raised:
        Client(fake_server.url).settle({"variant": "qinzhou"})
    problem = raised.value
    assert (problem.status, problem.code, problem.errors) == (422, "invalid-request", errors)
    assert (problem.type, problem.title, problem.detail) == ("urn:x:invalid", "Invalid request",
                                                             "see errors")
    assert str(problem) == "422 Invalid request: see errors"


def test_a_problem_without_code_or_errors(fake_server):
    fake_server.script(Step(415, {"type": "urn:x", "title": "Unsupported Media Type",
                                  "status": 415, "detail": "send JSON"}, PROBLEM))
    with pytest.raises(ProblemError) as raised:
        Client(fake_server.url).jing({"variant": "xingguo", "indicator": "5s"})
    assert (raised.value.status, raised.value.code, raised.value.errors) == (415, None, [])


def test_an_answer_that_is_not_problem_json_still_raises_problem_error(fake_server):
    fake_server.script(Step(502, b"<html>Bad Gateway</html>", "text/html"))
    with pytest.raises(ProblemError) as raised:
        Client(fake_server.url).variants()
    problem = raised.value
    assert (problem.status, problem.code, problem.errors) == (502, None, [])
    assert problem.detail == "<html>Bad Gateway</html>" and problem.body == {}


def test_negative_retries_are_refused():
    with pytest.raises(ValueError, match="retries"):
        Client(retries=-1)


@pytest.mark.parametrize(("call", "method", "path", "body"), [
    (lambda c: c.evaluate({"variant": "qinzhou", "hand": "1m"}), "POST", "/evaluate",
     {"variant": "qinzhou", "hand": "1m"}),
    (lambda c: c.settle({"variant": "qinzhou"}), "POST", "/settle", {"variant": "qinzhou"}),
    (lambda c: c.jing({"variant": "xingguo", "indicator": "5s"}), "POST", "/jing",
     {"variant": "xingguo", "indicator": "5s"}),
    (lambda c: c.match({"variant": "qinzhou", "dealer": 0, "rounds": []}), "POST", "/match",
     {"variant": "qinzhou", "dealer": 0, "rounds": []}),
    (lambda c: c.advise({"variant": "qinzhou", "hand": "1m"}), "POST", "/advise",
     {"variant": "qinzhou", "hand": "1m"}),
    (lambda c: c.replay({"variant": "qinzhou", "dealer": 0, "deal": [], "actions": []}), "POST",
     "/replay", {"variant": "qinzhou", "dealer": 0, "deal": [], "actions": []}),
    (lambda c: c.variants(), "GET", "/variants", None),
])
def test_each_method_calls_its_endpoint(fake_server, call, method, path, body):
    fake_server.script(Step(200, {"answer": path}))
    assert call(Client(fake_server.url + "/")) == {"answer": path}  # a trailing / is dropped
    (seen,) = fake_server.seen
    assert (seen.method, seen.path, seen.body) == (method, path, body)
    assert seen.headers["Accept"] == "application/json, application/problem+json"


def test_advise_sends_the_models_keywords_given_and_no_other(fake_server):
    """expected, objective, draws_left, changes join the request (a copy: the caller's dict is
    not changed); a keyword left out is not sent; log mode is {"log", "seat"} and the
    keywords."""
    hand = {"variant": "qinzhou", "hand": "1m"}
    fake_server.script(Step(200, {}), Step(200, {}), Step(200, {}), Step(200, {}))
    client = Client(fake_server.url)
    client.advise(hand, expected=True)
    client.advise(hand, expected=True, objective="win", draws_left=6, changes=1)
    client.advise_log({"variant": "qinzhou", "dealer": 0, "deal": [], "actions": []}, 2)
    client.advise_log({"variant": "qinzhou", "dealer": 0, "deal": [], "actions": []}, 1,
                      objective="win", draws_left=0, changes=0)
    assert [s.body for s in fake_server.seen] == [
        {**hand, "expected": True},
        {**hand, "expected": True, "objective": "win", "draws_left": 6, "changes": 1},
        {"log": {"variant": "qinzhou", "dealer": 0, "deal": [], "actions": []}, "seat": 2},
        {"log": {"variant": "qinzhou", "dealer": 0, "deal": [], "actions": []}, "seat": 1,
         "objective": "win", "draws_left": 0, "changes": 0},
    ]
    assert all(s.path == "/advise" and s.method == "POST" for s in fake_server.seen)
    assert hand == {"variant": "qinzhou", "hand": "1m"}


def test_a_keyword_that_contradicts_the_request_is_refused_before_sending(fake_server):
    client = Client(fake_server.url)
    with pytest.raises(ValueError, match="draws_left is given twice"):
        client.advise({"variant": "qinzhou", "hand": "1m", "expected": True, "draws_left": 6},
                      draws_left=7)
    assert fake_server.seen == []
    fake_server.script(Step(200, {}))
    client.advise({"variant": "qinzhou", "hand": "1m", "expected": True}, expected=True)
    assert fake_server.seen[0].body == {"variant": "qinzhou", "hand": "1m", "expected": True}
