"""The web layer: a Flask application factory around the :mod:`rules` domain."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from app import (
    edge,
    i18n,
    metrics,
    observability,
    ops,
    playground,
    problems,
    rulesbook,
    security,
    views,
)
from app.config import Config

OPENAPI_PATH = Path(__file__).resolve().parent.parent / "openapi.yaml"


def create_app(config: Config | None = None) -> Flask:
    """Build the app; ``gunicorn 'app:create_app()'`` and the tests both start here."""
    config = config or Config.from_env()
    app = Flask(__name__, static_folder=None)  # the playground serves its own assets
    # Never debug mode, whatever FLASK_DEBUG says: no interactive debugger, no tracebacks.
    app.debug = False
    app.config.update(DEBUG=False, PROPAGATE_EXCEPTIONS=False, TESTING=False)
    app.config["MAX_CONTENT_LENGTH"] = config.max_body_bytes
    app.config["APP_CONFIG"] = config
    app.config["OPENAPI_YAML"] = OPENAPI_PATH.read_text(encoding="utf-8") \
        if OPENAPI_PATH.exists() else ""
    app.json.sort_keys = False  # type: ignore[attr-defined]
    i18n.register(app)  # the message catalogues; Content-Language on every answer
    problems.register(app)
    observability.install(app, config)
    security.register(app)  # nosniff; no-store unless a view sets its own caching
    edge.register(app, config)  # /metrics on its own port, when one is configured
    views.register(app, config)  # the API, and its answer cache
    app.register_blueprint(ops.bp)
    metrics.note_compiled_core()  # every module of rules is imported by now
    app.register_blueprint(playground.bp)  # GET / and /embed: the playground page
    app.register_blueprint(rulesbook.bp)  # GET /rules and /rules/<variant>: the rules book
    return app
