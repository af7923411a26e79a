"""Game-shaped requests for every variant: never a 5xx, always a documented answer.

See game_requests.py for why this complements schemathesis. A 200 from /settle or /jing with
deltas must also be zero-sum with a ledger that adds up.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings

from tests.contract import game_requests as games
from tests.contract import spec_schema
from tests.settle_props import check_invariants

# A longer hunt: GAME_EXAMPLES=5000 make test
RUNS = settings(max_examples=int(os.environ.get("GAME_EXAMPLES", 150)), derandomize=True,
                deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _check(client, path: str, body: dict) -> dict:
    response = client.post(path, json=body)
    assert response.status_code in (200, 422), (response.status_code, body)
    answer = response.get_json()
    schema = spec_schema.response_schema(path, "post", response.status_code, response.mimetype)
    problems = spec_schema.errors(answer, schema)
    assert not problems, (problems, body, answer)
    if response.status_code == 422:
        assert answer["errors"], answer  # a 422 always names the field
    return answer if response.status_code == 200 else {}


@pytest.fixture(scope="module")
def game_client(app):
    return app.test_client()


@RUNS
@given(body=games.evaluate_requests())
def test_evaluate_game_hands(game_client, body):
    answer = _check(game_client, "/evaluate", body)
    if answer.get("winning"):
        assert answer["decomposition"], answer


@RUNS
@given(body=games.settle_requests())
def test_settle_game_rounds(game_client, body):
    answer = _check(game_client, "/settle", body)
    if answer:
        check_invariants(answer)


@RUNS
@given(body=games.jing_requests())
def test_jing_game_tables(game_client, body):
    answer = _check(game_client, "/jing", body)
    if answer.get("deltas") is not None:
        check_invariants(answer)


@RUNS
@given(body=games.match_requests())
def test_match_game_tables(game_client, body):
    answer = _check(game_client, "/match", body)
    if answer:
        for entry in answer["rounds"]:
            check_invariants(entry)
        assert answer["totals"] == answer["rounds"][-1]["totals"]


def test_the_deal_reaches_the_rules(game_client):
    """The builder is useful only if most hands pass validation and many of them win."""
    statuses, wins = [], 0
    for seed in range(200):
        response = game_client.post("/evaluate", json=games.build_evaluate(random.Random(seed)))
        statuses.append(response.status_code)
        wins += bool(response.status_code == 200 and response.get_json()["winning"])
    assert statuses.count(200) > 120, statuses.count(200)
    assert wins > 60, wins
