"""Shared fixtures: the app, its test client, and a JSON poster."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from app import create_app  # noqa: E402


@pytest.fixture(scope="session")
def app():
    return create_app()


@pytest.fixture()
def client(app):
    # Each test starts with an empty answer cache (app/views.py): an answer kept from an
    # earlier test must not hide what this one changes (a monkeypatched rule, say).
    app.extensions.pop("answer_cache", None)
    return app.test_client()


@pytest.fixture()
def post(client):
    """``post(path, body)`` → (status, json); fails loudly on a non-JSON answer."""

    def _post(path: str, body, **kwargs):
        response = client.post(path, json=body, **kwargs)
        assert response.is_json or response.mimetype == "application/problem+json", response
        return response.status_code, response.get_json()

    return _post
