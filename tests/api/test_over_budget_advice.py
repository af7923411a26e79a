"""A review or an expected-value advice stopped at its time budget says what to ask instead.

Issue 43: "a round whose review would pass the request budget answers a clear 422 or 503
with what to do (one seat, ``changes: 0``)". Before, the 503 said "try again later" with
``Retry-After: 1``, for a four-seat review too: asked again, it was stopped again after the
same 8 s of a worker. openapi.yaml and docs/review.md said "ask for one seat, or with changes
0" all along; now the answer says it.

The budgets here are small (a review 0.1 s, any other request 5 ms) and the response cache
is off, so that the work passes them while reading the body stays far inside: the review
body is read in 1-1.5 ms, and each review asked takes 0.23 s or more even with its hands
worked out before (seat 1 with changes 0: 1.03 s the first time, 0.23 s again; seat 0 with
changes 1: 2.6 s, 0.77 s; all four seats, seconds); the advice body is read in under a
millisecond and its question takes 40 ms with every hand it reaches worked out before
(275 ms the first time).
"""

from __future__ import annotations

import logging
from dataclasses import replace

import pytest

from app import codes, create_app, over_budget
from app.config import Config
from rules.model import AdviseRequest, ExpectedAsk, PlayerTiles
from rules.review import ReviewRequest
from rules.text import english
from tests.i18n.words import CJK, foreign_words
from tests.sim.engine import Simulator

LOG = Simulator("nanchang", 43_500).play().log  # a whole round: a review takes seconds
# a 1-shanten guangdong hand: with a hand change, some 10,000 hand states to reach
SLOW_ADVICE = {"variant": "guangdong", "hand": "13m46p79s1358sEWN", "expected": True,
               "changes": 1, "dealer": True}
STOPPED = "the request was stopped after its time budget of {seconds} s"


def _client(**budgets: float):
    app = create_app(replace(Config.from_env(), response_cache=0, **budgets))
    return app.test_client()


@pytest.fixture(scope="module")
def client():
    """Budgets the work passes and reading the body does not."""
    errors = logging.getLogger("app.errors")
    errors.disabled = True  # each 503 logs a warning
    _warm()
    try:
        yield _client(review_budget_seconds=0.1, request_budget_seconds=0.005)
    finally:
        errors.disabled = False


def _warm() -> None:
    """What a worker has done before it serves these requests, done outside their budgets:
    the log's variant set up, its round replayed and a review body loaded. Cold, the first
    review asked here spent over 0.1 s on that on a slow machine and was stopped before it
    had read its body, with the advice for an unread body ("try again later")."""
    roomy = _client()
    assert roomy.post("/replay", json=LOG).status_code == 200
    assert roomy.post("/review", json={**LOG, "changes": 2}).status_code == 422


def _stopped(response) -> dict:
    """The problem of a request stopped at its budget, checked as every such 503 is."""
    assert response.status_code == 503, response.get_data(as_text=True)
    assert response.headers["Retry-After"] == "1"
    assert response.headers["Content-Type"] == "application/problem+json"
    problem = response.get_json()
    assert problem["code"] == codes.SERVER_OVER_BUDGET
    assert problem["type"] == "urn:mahjong-scoring:problem:over-budget"
    return problem


@pytest.mark.parametrize(("asked", "advice"), [
    ({}, "review one seat at a time (seat 0 to 3)"),
    ({"changes": 1}, "review one seat at a time (seat 0 to 3), with changes 0"),
    ({"seat": 0, "changes": 1}, "ask with changes 0"),
    ({"seat": 1}, "review the round up to an earlier action, its log cut there, or try "
                  "again later"),
])
def test_a_review_past_its_budget_says_what_smaller_review_to_ask(client, asked, advice):
    problem = _stopped(client.post("/review", json={**LOG, **asked}))
    assert problem["detail"] == f"{STOPPED.format(seconds=0.1)}: {advice}"


def test_an_expected_value_advice_with_a_hand_change_past_its_budget_says_changes_0(client):
    problem = _stopped(client.post("/advise", json=SLOW_ADVICE))
    assert problem["detail"] == f"{STOPPED.format(seconds=0.005)}: ask with changes 0"


def test_the_advice_is_chinese_for_a_chinese_reader(client):
    response = client.post("/review", json=LOG, headers={"Accept-Language": "zh-CN"})
    problem = _stopped(response)
    assert response.headers["Content-Language"] == "zh-CN"
    assert problem["detail"] == ("请求超过 0.1 秒的时间预算，已被中止："
                                 "请一次只复盘一个座位（seat 取 0 到 3）")
    assert CJK.search(problem["title"]) and foreign_words(problem["detail"]) == []


@pytest.mark.parametrize(("seats", "changes", "advice"), [
    ((0, 1, 2, 3), None, "review one seat at a time (seat 0 to 3)"),
    ((0, 1, 2, 3), 0, "review one seat at a time (seat 0 to 3)"),
    ((1, 3), 1, "review one seat at a time (seat 0 to 3), with changes 0"),
    ((3,), 1, "ask with changes 0"),
    ((3,), 0, "review the round up to an earlier action, its log cut there, or try again "
              "later"),
    ((3,), None, "review the round up to an earlier action, its log cut there, or try again "
                 "later"),
])
def test_the_review_advice_shrinks_the_review_one_step_at_a_time(seats, changes, advice):
    """Seats first (the work of four reviews), then the hand change, then the log."""
    assert english(over_budget.for_review(ReviewRequest(None, seats, changes))) == advice


@pytest.mark.parametrize(("expected", "advice"), [
    (ExpectedAsk(changes=1), "ask with changes 0"),
    (ExpectedAsk(changes=0), None),  # the state budget keeps it well inside: a busy server
    (ExpectedAsk(), None),  # the default, changes 0
    (None, None),  # no expected values: milliseconds of work
])
def test_an_advice_is_told_to_drop_its_hand_change_and_nothing_else(expected, advice):
    query = AdviseRequest("guangdong", PlayerTiles((), ()), expected=expected)
    said = over_budget.for_advice(query)
    assert (None if said is None else english(said)) == advice


def test_a_request_with_no_advice_is_told_to_try_again_later(client):
    """/evaluate's work does not grow with what is asked: only a busy server stops it. (A
    budget of a microsecond: stopped wherever it is, an /evaluate has no advice to give.)"""
    hurried = _client(request_budget_seconds=0.000001)
    body = {"variant": "guangdong", "hand": "123m456p789s11sEE"}
    problem = _stopped(hurried.post("/evaluate", json=body))
    assert problem["detail"] == f"{STOPPED.format(seconds='1e-06')}; try again later"
