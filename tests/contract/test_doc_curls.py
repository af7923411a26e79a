"""Every curl command in README.md and docs/**/*.md (the rules book in docs/rules/ too) runs
against the app and gets the status the doc says (200 unless a ``# → 422``-style comment says
otherwise)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.contract.curls import Curl, commands, parse

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
CURLS = [c for doc in DOCS if doc.exists()
         for c in commands(doc, doc.relative_to(ROOT).as_posix())]


def test_the_readme_has_curl_examples():
    assert any(c.source.startswith("README.md") for c in CURLS)


@pytest.mark.parametrize("curl", CURLS, ids=[c.source for c in CURLS])
def test_doc_curl_gets_the_documented_status(client, curl: Curl):
    response = client.open(curl.path, method=curl.method, headers=curl.headers,
                           data=curl.body.encode() if curl.body is not None else None)
    assert response.status_code == curl.status, \
        f"{curl.text}\n→ {response.status_code} {response.get_data(as_text=True)[:500]}"
    if curl.shows is not None:
        missing = list(differences(curl.shows, response.get_json()))
        assert not missing, f"{curl.source}: the doc shows what the service does not answer: " \
                            f"{missing}"


def differences(shown, actual, where="answer"):
    """Where ``actual`` lacks what the doc shows (objects: shown keys only, "..." skipped;
    lists: as long as the answer's, item by item)."""
    if isinstance(shown, dict):
        if not isinstance(actual, dict):
            yield f"{where}: expected an object, got {actual!r}"
            return
        for key, value in shown.items():
            if key == "...":
                continue
            if key not in actual:
                yield f"{where}.{key}: missing"
            else:
                yield from differences(value, actual[key], f"{where}.{key}")
    elif isinstance(shown, list) and isinstance(actual, list) and len(shown) == len(actual):
        for i, (item, answered) in enumerate(zip(shown, actual, strict=True)):
            yield from differences(item, answered, f"{where}[{i}]")
    elif shown != actual:
        yield f"{where}: doc shows {shown!r}, service answers {actual!r}"


def test_docs_show_answers_that_are_checked():
    assert sum(c.shows is not None for c in CURLS) >= 3


def test_differences():
    shown, actual = {"a": 1, "...": 0, "b": {"c": 2}}, {"a": 1, "b": {"c": 2, "d": 3}}
    assert list(differences(shown, actual)) == []
    assert list(differences({"a": 1}, {"a": 2})) == ["answer.a: doc shows 1, service answers 2"]
    assert list(differences({"a": 1}, {})) == ["answer.a: missing"]
    assert list(differences([{"a": 1}], [{"a": 1, "b": 2}])) == []
    assert list(differences([{"a": 1}], [{"a": 2}])) == \
        ["answer[0].a: doc shows 1, service answers 2"]
    assert list(differences([{"a": 1}], [{"a": 1}, {"a": 1}])) != []


@pytest.mark.parametrize(("text", "method", "path", "status", "body"), [
    ("curl -s localhost:8000/healthz", "GET", "/healthz", 200, None),
    ("curl -s -X POST http://localhost:8000/evaluate -H 'Content-Type: application/json' "
     "-d '{\"a\": \"|\"}' | jq .  # → 422", "POST", "/evaluate", 422, '{"a": "|"}'),
    ("curl -si 'localhost:8000/metrics?x=1'", "GET", "/metrics?x=1", 200, None),
])
def test_curl_parser(text, method, path, status, body):
    curl = parse(text, "t")
    assert (curl.method, curl.path, curl.status, curl.body) == (method, path, status, body)


@pytest.mark.parametrize("text", [
    "curl -s example.com:8000/healthz",  # not the local server
    "curl -s -d @body.json localhost:8000/evaluate",  # a file the test cannot see
    "curl --unknown-option localhost:8000/healthz",
])
def test_curl_parser_refuses_what_it_cannot_run(text):
    with pytest.raises(ValueError):
        parse(text, "t")
