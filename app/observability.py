"""What every request goes through besides its view: request id, JSON log line, metrics,
CORS and the security headers.

Kept out of the views so that every answer, including errors, 404s and 405s, is counted,
logged and labelled the same way.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
import uuid
from datetime import UTC, datetime
from typing import Any

from flask import Flask, Response, g, has_request_context, request

from app import metrics
from app.config import Config

REQUEST_ID = "X-Request-ID"
_SAFE_ID = re.compile(r"[A-Za-z0-9._:@/+=-]{1,128}")
access_log = logging.getLogger("app.access")

CORS_METHODS = "GET, POST, OPTIONS"
CORS_HEADERS = "Content-Type, X-Request-ID"
CORS_MAX_AGE = "600"


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, the request id and extras."""

    RESERVED = frozenset(logging.makeLogRecord({}).__dict__) | {"message", "asctime"}

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(), "logger": record.name,
            "pid": record.process, "msg": record.getMessage(),
        }
        if has_request_context() and "request_id" in g and "request_id" not in record.__dict__:
            line["request_id"] = g.request_id
        line.update({k: v for k, v in record.__dict__.items() if k not in self.RESERVED})
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


class StderrHandler(logging.StreamHandler):
    """Writes to whatever ``sys.stderr`` is at the time (test runners swap it)."""

    @property  # type: ignore[override]
    def stream(self):
        return sys.stderr

    @stream.setter
    def stream(self, _value) -> None:
        pass


def configure_logging() -> None:
    """Send the app's loggers to stderr as JSON lines (once per process)."""
    root = logging.getLogger("app")
    if any(isinstance(h.formatter, JsonFormatter) for h in root.handlers):
        return
    handler = StderrHandler()
    handler.setFormatter(JsonFormatter())
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    root.propagate = False


def request_id() -> str:
    """The caller's X-Request-ID when it is a sane token, else a fresh one."""
    given = request.headers.get(REQUEST_ID, "")
    return given if _SAFE_ID.fullmatch(given) else uuid.uuid4().hex


def install(app: Flask, config: Config) -> None:
    """Register the before/after hooks on ``app``."""
    configure_logging()
    origins = frozenset(config.cors_origins)

    @app.before_request
    def _start() -> None:
        g.started = time.perf_counter()
        g.request_id = request_id()

    @app.after_request
    def _finish(response: Response) -> Response:
        response.headers[REQUEST_ID] = g.get("request_id") or request_id()
        _cors(response, origins)
        seconds = time.perf_counter() - g.get("started", time.perf_counter())
        endpoint = request.url_rule.rule if request.url_rule else "unmatched"
        metrics.observe(endpoint, request.method, response.status_code, seconds)
        if request.path in ("/evaluate", "/settle", "/jing", "/match"):
            metrics.sync_cache_stats_soon()
        if config.log_requests:
            _log(response, seconds)
        return response


def _cors(response: Response, origins: frozenset[str]) -> None:
    """Allow browser callers from the configured origins; say nothing to others."""
    origin = request.headers.get("Origin")
    if not origin or not origins:
        return
    if "*" in origins:
        response.headers["Access-Control-Allow-Origin"] = "*"
    elif origin.rstrip("/") in origins:
        response.headers["Access-Control-Allow-Origin"] = origin
        response.vary.add("Origin")
    else:
        response.vary.add("Origin")
        return
    response.headers["Access-Control-Expose-Headers"] = REQUEST_ID
    if request.method == "OPTIONS" and "Access-Control-Request-Method" in request.headers:
        response.headers["Access-Control-Allow-Methods"] = CORS_METHODS
        response.headers["Access-Control-Allow-Headers"] = CORS_HEADERS
        response.headers["Access-Control-Max-Age"] = CORS_MAX_AGE


def _log(response: Response, seconds: float) -> None:
    access_log.info("request", extra={
        "request_id": g.get("request_id"), "method": request.method, "path": request.path,
        "status": response.status_code, "duration_ms": round(seconds * 1000, 3),
        "bytes": response.calculate_content_length(), "variant": g.get("variant"),
        "remote": request.remote_addr, "user_agent": request.user_agent.string or None,
    })
