"""Security: headers on API answers, no internal detail in errors, never debug mode."""

from __future__ import annotations

import logging
import re
import runpy
from pathlib import Path
from types import SimpleNamespace

import pytest

import rules
from app import create_app

ROOT = Path(__file__).resolve().parents[2]
WINNING = {"variant": "qinzhou", "hand": "123m456p789s111sEE"}


@pytest.mark.parametrize(("method", "path", "body", "status"), [
    ("post", "/evaluate", WINNING, 200),
    ("post", "/evaluate", {"variant": "qinzhou", "hand": "1m"}, 422),
    ("post", "/settle", {"variant": "qinzhou"}, 422),
    ("post", "/jing", {"variant": "guangdong", "indicator": "1m"}, 422),
    ("get", "/variants", None, 200),
    ("get", "/healthz", None, 200),
    ("get", "/no-such-page", None, 404),
    ("delete", "/evaluate", None, 405),
])
def test_api_answers_carry_nosniff_and_no_store(client, method, path, body, status):
    response = getattr(client, method)(path, json=body) if body else \
        getattr(client, method)(path)
    assert response.status_code == status
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Cache-Control"] == "no-store"


def test_a_malformed_body_answer_is_not_cached_either(client):
    response = client.post("/evaluate", data=b"{", content_type="application/json")
    assert response.status_code == 400
    assert response.headers["Cache-Control"] == "no-store"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_the_playground_keeps_its_own_caching(client):
    response = client.get("/")
    assert response.status_code == 200
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers.get("Cache-Control") != "no-store"  # its ETag revalidation stays


def test_an_internal_error_is_a_generic_500_problem(monkeypatch, caplog):
    """A bug deep in the rules: the client learns nothing of it, the log learns everything."""
    secret = "secret-path /srv/app/rules/hu.py line 42 token=abc123"

    def broken(request):
        raise RuntimeError(secret)

    monkeypatch.setattr(rules, "evaluate", broken)
    client = create_app().test_client()
    with caplog.at_level(logging.ERROR, logger="app.errors"):
        response = client.post("/evaluate", json=WINNING)
    assert response.status_code == 500
    assert response.mimetype == "application/problem+json"
    body = response.get_json()
    assert body == {"type": "urn:mahjong-scoring:problem:internal-error",
                    "title": "Internal Server Error", "status": 500,
                    "detail": "the server failed to answer; the failure has been logged",
                    "code": "server.internal"}
    text = response.get_data(as_text=True)
    assert "secret" not in text and "Traceback" not in text and "RuntimeError" not in text
    assert response.headers["Cache-Control"] == "no-store"
    assert secret in caplog.text  # the operator still sees the cause


def test_flask_debug_in_the_environment_does_not_turn_debug_on(monkeypatch):
    monkeypatch.setenv("FLASK_DEBUG", "1")
    app = create_app()
    assert app.debug is False


def test_make_run_serves_with_gunicorn_without_debug_or_reloader():
    makefile = (ROOT / "Makefile").read_text()
    recipe = re.search(r"^run:.*\n((?:\t.*\n)+)", makefile, re.M)
    assert recipe, "no run target"
    command = recipe.group(1)
    assert "gunicorn -c gunicorn.conf.py" in command
    for word in ("--reload", "--debug", "FLASK_DEBUG", "flask run", "app.run", "--log-level debug"):
        assert word not in command, word
    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert not settings.get("reload", False)
    assert settings.get("loglevel", "info") != "debug"


def test_gunicorn_timeouts_are_set():
    """``timeout`` kills a worker whose main loop is stuck; the slowest valid request takes
    under half a second (tests/hostile/test_limits.py), far inside it. ``graceful_timeout``
    lets in-flight requests finish on SIGTERM."""
    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert settings["worker_class"] == "gevent"  # slow clients hold a greenlet, not a thread
    assert settings["worker_connections"] >= 256
    assert settings["post_request"].__doc__.startswith("After each request, let every other")
    assert 10 <= settings["timeout"] <= 120
    assert 5 <= settings["graceful_timeout"] <= settings["timeout"]
    assert settings["keepalive"] <= 75
    assert settings["limit_request_line"] <= 8190
    assert settings["limit_request_fields"] <= 100
    assert settings["post_worker_init"].__module__ == "app.lifecycle"


def test_each_worker_listens_on_its_own_socket_and_a_taken_port_stops_the_master(caplog):
    """``reuse_port`` spreads connections over the workers (tests/e2e/test_listening.py);
    the master, which then binds nothing, still refuses a port that is taken."""
    import socket

    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert settings["reuse_port"] is True
    log = logging.getLogger("test.gunicorn")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        address = taken.getsockname()
        server = SimpleNamespace(master_pid=0, log=log, cfg=SimpleNamespace(
            address=[address, "/tmp/a-unix-socket"]))
        with caplog.at_level(logging.INFO, logger="test.gunicorn"), \
                pytest.raises(SystemExit) as stopped:
            settings["on_starting"](server)
        assert stopped.value.code == 1
        assert f"Cannot listen at 127.0.0.1:{address[1]}" in caplog.text
        server.master_pid = 1234  # a master started by an upgrade (USR2) shares on purpose
        settings["on_starting"](server)
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="test.gunicorn"):
        server.master_pid = 0
        settings["on_starting"](server)  # the port is free again: no exit, nothing refused
    assert "Cannot listen" not in caplog.text


def test_gunicorn_builds_access_log_lines_only_when_access_log_asks_for_them():
    """gunicorn alone turns its access log on because logging is configured, and then builds
    every request's fields for nothing; the shipped logger only when ACCESS_LOG is set."""
    from gunicorn import glogging

    from app.lifecycle import Logger

    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert settings["logger_class"] == "app.lifecycle.Logger"
    quiet = SimpleNamespace(cfg=SimpleNamespace(
        accesslog=None, logconfig=None, logconfig_dict=settings["logconfig_dict"],
        logconfig_json=None, syslog=False, disable_redirect_access_to_syslog=False))
    assert glogging.Logger._compute_access_log_enabled(quiet)  # what it replaces
    assert not Logger._compute_access_log_enabled(quiet)
    quiet.cfg.accesslog = "-"
    assert Logger._compute_access_log_enabled(quiet)

