"""Hostile input: thousands of mutated requests, and not one 5xx or unstructured error.

FUZZ_CASES (default 3000) sets how many mutations run; a soak run sets more. Every failure
names the seed that replays it (``mutate(seed, corpus())``).
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

from rules.variants import VARIANTS
from tests.hostile.mutations import Case, corpus, mutate
from tests.settle_props import check_invariants

CASES = int(os.environ.get("FUZZ_CASES", 3000))
PROBLEM = "application/problem+json"
LEAKS = ("Traceback", 'File "/', "site-packages", "Error:", "werkzeug", "marshmallow.")


@pytest.fixture(scope="module")
def bodies():
    return corpus()


def check_answer(case: Case, response) -> str:
    """Why the answer breaks the contract (an empty string when it keeps it)."""
    status = response.status_code
    text = response.get_data(as_text=True)
    if status >= 500:
        return f"{status}: {text[:300]}"
    leaked = [word for word in LEAKS if word in text and status != 200]
    if leaked:
        return f"internal detail {leaked} in {text[:300]}"
    if status < 400:
        if not response.is_json:
            return f"{status} answer is not JSON"
        if case.path == "/settle":
            check_invariants(response.get_json())
        if case.path == "/match":
            for entry in response.get_json()["rounds"]:
                check_invariants(entry)
        return ""
    if response.mimetype != PROBLEM:
        return f"{status} answer has content type {response.mimetype}"
    body = response.get_json(silent=True)
    if not isinstance(body, dict):
        return f"{status} problem body is not an object: {text[:200]}"
    for key, kind in (("type", str), ("title", str), ("status", int), ("detail", str)):
        if not isinstance(body.get(key), kind) or not body[key]:
            return f"problem without {key}: {body}"
    if body["status"] != status:
        return f"problem status {body['status']} on a {status} answer"
    if status == 422:
        errors = body.get("errors")
        if not errors or not all(isinstance(e.get("field"), str) and e["field"]
                                 and isinstance(e.get("message"), str) and e["message"]
                                 for e in errors):
            return f"422 without precise errors[]: {body}"
    return ""


def test_the_corpus_is_valid(client, bodies):
    """The fuzzer starts from requests the service accepts; a variant not scored yet may
    refuse them (422) until its scoring is merged."""
    for path, body in bodies:
        response = client.post(path, json=body)
        if VARIANTS[body["variant"]].scored:
            assert response.status_code == 200, (path, body, response.get_json())
        else:
            assert response.status_code in (200, 422), (path, body, response.get_json())


def test_mutated_requests_never_fail_the_contract(client, bodies):
    statuses: Counter[int] = Counter()
    failures = []
    for seed in range(CASES):
        case = mutate(seed, bodies)
        headers = {"Content-Type": case.content_type} if case.content_type else {}
        response = client.post(case.path, data=case.body, headers=headers)
        statuses[response.status_code] += 1
        problem = check_answer(case, response)
        if problem:
            failures.append(f"seed {seed} ({case.path}, {case.how}): {problem}")
    assert not failures, "\n".join(failures[:20]) + f"\n{len(failures)} failures; {statuses}"
    # the mix must reach past the parser: malformed, invalid and accepted bodies all occur
    assert statuses[400] and statuses[422] and statuses[200] and statuses[413], statuses
