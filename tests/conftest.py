"""Shared fixtures: the app, its test client, and a JSON poster."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools import compile_core  # noqa: E402

# A compiled module built from an older source would test that source, not this one: before
# anything imports rules, refuse to run (make test rebuilds it on its own).
if _stale := compile_core.stale():
    raise pytest.UsageError(
        f"the compiled core is older than its sources ({', '.join(_stale)}): "
        "run make compile, or python -m tools.compile_core --clean to test pure Python")

from flask.testing import FlaskClient  # noqa: E402

from app import create_app, views  # noqa: E402
from tests import toolchains  # noqa: E402
from tests.contract import spec_schema  # noqa: E402


def pytest_terminal_summary(terminalreporter) -> None:
    """Which optional tools this run had (chromium, node): their tests are skipped without
    them, each skip's reason listed above, unless required (tests/toolchains.py)."""
    terminalreporter.section("optional tools")
    for line in toolchains.report():
        terminalreporter.write_line(line)


class ContractClient(FlaskClient):
    """The test client, holding every JSON answer it receives to the contract: each must be
    documented in openapi.yaml and valid against its response schema (issue 25: the
    answers are written out by plain functions, so this is what keeps them the contract's)."""

    def open(self, *args, **kwargs):
        response = super().open(*args, **kwargs)
        media = response.mimetype
        if media in ("application/json", "application/problem+json") and response.data:
            request = response.request
            problems = spec_schema.answer_errors(request.path, request.method.lower(),
                                                 response.status_code, media,
                                                 response.get_json(silent=True))
            assert not problems, "an answer outside the contract:\n" + "\n".join(problems[:5])
        return response


@pytest.fixture(scope="session")
def app():
    application = create_app()
    application.test_client_class = ContractClient
    return application


@pytest.fixture()
def client(app):
    # Each test starts with an empty answer cache (app/views.py): an answer kept from an
    # earlier test must not hide what this one changes (a monkeypatched rule, say).
    app.extensions["answer_cache"] = views.AnswerCache(app.extensions["answer_cache"].size)
    return app.test_client()


@pytest.fixture()
def post(client):
    """``post(path, body)`` → (status, json); fails loudly on a non-JSON answer."""

    def _post(path: str, body, **kwargs):
        response = client.post(path, json=body, **kwargs)
        assert response.is_json or response.mimetype == "application/problem+json", response
        return response.status_code, response.get_json()

    return _post
