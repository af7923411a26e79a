"""bench/unscored.py: the shipped app with scoring skipped after each body's first time."""

from __future__ import annotations

import pytest

import rules
from app import create_app, views
from app.config import Config
from bench import bodies, unscored

QUIET = Config(log_requests=False, response_cache=0)  # as the benchmark runs it


@pytest.fixture
def counted(monkeypatch):
    """Calls into the domain and loads of a /settle body, counted; every name that
    ``unscored.create_app`` replaces is restored after the test."""
    calls = {"settle": 0, "load": 0}
    real_settle, real_loader = rules.settle, views._SETTLE_IN

    def settle(query):
        calls["settle"] += 1
        return real_settle(query)

    class Loader:
        def load(self, data):
            calls["load"] += 1
            return real_loader.load(data)

    monkeypatch.setattr(rules, "settle", settle)
    monkeypatch.setattr(views, "_SETTLE_IN", Loader())
    monkeypatch.setattr(rules, "evaluate", rules.evaluate)
    monkeypatch.setattr(views, "_EVALUATE_IN", views._EVALUATE_IN)
    return calls


def test_each_body_is_scored_once_loaded_every_time_and_answered_the_same(counted):
    body = bodies.rounds(1)[0]
    shipped = create_app(QUIET).test_client().post("/settle", json=body)
    client = unscored.create_app(QUIET).test_client()
    counted.update(settle=0, load=0)
    answers = [client.post("/settle", json=body) for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert {a.data for a in answers} == {shipped.data}
    assert counted == {"settle": 1, "load": 3}


def test_a_refused_body_gets_the_shipped_apps_problem(counted):
    body = {**bodies.rounds(1)[0], "dealer": 7}
    shipped = create_app(QUIET).test_client().post("/settle", json=body)
    answer = unscored.create_app(QUIET).test_client().post("/settle", json=body)
    assert answer.status_code == 422
    assert answer.json == shipped.json
    assert counted["settle"] == 0



def test_a_body_without_a_cache_key_keeps_its_own_query():
    """A body orjson cannot write (an integer beyond 64 bits) has no key: never the query
    of another such body."""

    class Echo:
        def load(self, data):
            return dict(data)

    loader = unscored.SameQuery(Echo())
    same = [loader.load({"n": 1}), loader.load({"n": 1})]
    huge = [loader.load({"n": 10 ** 30}), loader.load({"n": 10 ** 31})]
    assert same[0] is same[1]
    assert huge == [{"n": 10 ** 30}, {"n": 10 ** 31}]
