"""The test client holds every JSON answer of the suite to the contract (tests/conftest.py
ContractClient, tests/contract/spec_schema.py answer_errors): here, that it can fail."""

from __future__ import annotations

from tests.conftest import ContractClient
from tests.contract.spec_schema import answer_errors, template_of


def test_the_suites_client_checks_every_answer(app):
    assert app.test_client_class is ContractClient


def test_a_wrong_answer_is_caught(client):
    good = client.post("/evaluate", json={"variant": "qinzhou", "hand": "123m456p789s111sEE"})
    body = good.get_json()
    assert answer_errors("/evaluate", "post", 200, "application/json", body) == []
    body["fan"] = "two"
    assert any("fan" in e for e in answer_errors("/evaluate", "post", 200, "application/json",
                                                  body))
    del body["variant"]
    assert any("'variant' is a required property" in e for e in answer_errors(
        "/evaluate", "post", 200, "application/json", body))


def test_an_undocumented_status_is_caught():
    assert answer_errors("/evaluate", "post", 418, "application/json", {}) == [
        "POST /evaluate 418 application/json: not in the contract"]


def test_paths_fall_under_their_templates():
    assert template_of("/rules/xingguo") == "/rules/{variant}"
    assert template_of("/settle") == "/settle"
    assert template_of("/nowhere") is None
