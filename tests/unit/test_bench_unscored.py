"""bench/unscored.py: the shipped app with scoring skipped after each body's first time."""

from __future__ import annotations

import pytest

import rules
from app import create_app, views
from app.config import Config
from bench import bodies, report, unscored
from bench.http import Run

QUIET = Config(log_requests=False)


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
    monkeypatch.setattr(views, "RESPONSE_CACHE", 0)  # as the benchmark runs it
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


def test_the_speed_up_the_domain_needs_to_reach_70_percent():
    # shares of /healthz: 58% scored, 76% with scoring skipped. Per /healthz request the
    # domain costs 1/0.58 - 1/0.76 = 0.408 and 70% leaves it 1/0.7 - 1/0.76 = 0.113.
    assert report.domain_speedup_needed(0.58, 0.76) == pytest.approx(3.62, abs=0.01)
    assert report.domain_speedup_needed(0.72, 0.80) < 1  # reached already
    assert report.domain_speedup_needed(0.50, 0.65) is None  # out of reach at any speed


def test_the_ceiling_section_names_each_endpoints_verdict():
    def result(settle: float) -> dict:
        runs = {"/healthz": 1000.0, "/evaluate": 830.0, "/settle": settle}
        return {"runs": {p: [Run(p, rps, 1.0, 2.0, 100, 0)] for p, rps in runs.items()},
                "load": (2.0, 2.0, 2.0)}

    text = "\n".join(report.unscored_section(result(760.0), result(580.0)))
    assert "/evaluate 83%, so 70% is met with the domain as it is" in text
    assert "/settle 76%, so 70% needs the domain 3.6× faster than now" in text
    assert "| `/settle` | 760 | 76% |" in text
    low = "\n".join(report.unscored_section(result(650.0), result(500.0)))
    assert "/settle 65%, so 70% is out of reach even if scoring took no time" in low
