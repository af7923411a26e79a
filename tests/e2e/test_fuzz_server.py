"""The fuzzer of tests/hostile/test_fuzz.py, sent to the real server over HTTP (issue 23).

The Flask test client skips gunicorn's HTTP parser, its error pages and the worker; here every
mutated request crosses them, on keep-alive connections as a client's pool would send them.
FUZZ_SERVER_CASES (default 2,000) sets how many; the same seeds as the in-process fuzz.
"""

from __future__ import annotations

import os
from collections import Counter

import requests

from tests.hostile.mutations import corpus, mutate
from tests.hostile.test_fuzz import check_answer

CASES = int(os.environ.get("FUZZ_SERVER_CASES", 2000))


class Answer:
    """A ``requests`` response seen through the few members of Flask's test response that
    :func:`check_answer` reads."""

    def __init__(self, response: requests.Response):
        self.response = response
        self.status_code = response.status_code
        self.mimetype = response.headers.get("Content-Type", "").split(";")[0].strip()
        self.is_json = self.mimetype == "application/json"

    def get_data(self, as_text: bool = False) -> str | bytes:
        return self.response.text if as_text else self.response.content

    def get_json(self, silent: bool = False):
        try:
            return self.response.json()
        except ValueError:
            if silent:
                return None
            raise


def test_mutated_requests_over_http_never_fail_the_contract(server_url):
    bodies = corpus()
    statuses: Counter[int] = Counter()
    failures = []
    with requests.Session() as session:
        for seed in range(CASES):
            case = mutate(seed, bodies)
            headers = {"Content-Type": case.content_type} if case.content_type else {}
            response = session.post(server_url + case.path, data=case.body, headers=headers,
                                    timeout=30)
            statuses[response.status_code] += 1
            problem = check_answer(case, Answer(response))
            if problem:
                failures.append(f"seed {seed} ({case.path}, {case.how}): {problem}")
    assert not failures, "\n".join(failures[:20]) + f"\n{len(failures)} failures; {statuses}"
    assert statuses[400] and statuses[422] and statuses[200] and statuses[413], statuses
