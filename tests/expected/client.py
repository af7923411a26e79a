"""The HTTP client the expected-value tests post through (tests/expected/test_hand_worked.py,
test_log_mode.py): the app with request logging off, each JSON answer held to openapi.yaml
as tests/conftest.py's client holds it."""

from __future__ import annotations

from typing import Any

from app import create_app
from app.config import Config
from tests.contract import spec_schema

# A scoring request past its time budget is a 503 (app/config.py): log mode's larger
# questions can take seconds on a busy machine; the tests check the numbers, not the time.
_APP = create_app(Config(log_requests=False, request_budget_seconds=120))
CLIENT = _APP.test_client()

def contract_problems(path: str, status: int, answer: Any, media: str) -> list[str]:
    return spec_schema.answer_errors(path, "post", status, media, answer)


def post(path: str, body: Any) -> tuple[int, Any]:
    """``(status, json)`` of ``POST path``; fails on an answer outside the contract."""
    response = CLIENT.post(path, json=body)
    answer = response.get_json()
    problems = contract_problems(path, response.status_code, answer, response.mimetype)
    assert not problems, "an answer outside the contract:\n" + "\n".join(problems[:5])
    return response.status_code, answer
