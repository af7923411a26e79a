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
from app.version import CONTRACT_VERSION

REQUEST_ID = "X-Request-ID"
API_VERSION = "X-API-Version"
_SAFE_ID = re.compile(r"[A-Za-z0-9._:@/+=-]{1,128}")
# W3C Trace Context: version-traceid-parentid-flags, lower-case hex; version ff is invalid,
# and so are an all-zero trace id or parent id.
_TRACEPARENT = re.compile(r"([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})")
access_log = logging.getLogger("app.access")


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


def trace_context(header: str | None) -> tuple[str, str] | None:
    """The trace id and flags of a valid W3C ``traceparent`` header, else None (an invalid
    one is ignored, as the standard asks)."""
    found = _TRACEPARENT.fullmatch((header or "").strip())
    if not found or found[1] == "ff" or set(found[2]) == {"0"} or set(found[3]) == {"0"}:
        return None
    return found[2], found[4]


def install(app: Flask, config: Config) -> None:
    """Register the before/after hooks on ``app``."""
    configure_logging()
    cors = _Cors(frozenset(config.cors_origins), config.cors_methods, config.cors_headers,
                 str(config.cors_max_age))

    @app.before_request
    def _start() -> None:
        g.started = time.perf_counter()
        g.request_id = request_id()
        g.trace = trace_context(request.headers.get("traceparent"))

    @app.after_request
    def _finish(response: Response) -> Response:
        response.headers[REQUEST_ID] = g.get("request_id") or request_id()
        response.headers[API_VERSION] = CONTRACT_VERSION
        trace = g.get("trace")
        if trace:  # W3C Trace Context level 2: this server's part of the trace, returned
            response.headers["traceresponse"] = f"00-{trace[0]}-{_span_id()}-{trace[1]}"
        cors.apply(response)
        seconds = time.perf_counter() - g.get("started", time.perf_counter())
        endpoint = request.url_rule.rule if request.url_rule else "unmatched"
        metrics.observe(endpoint, request.method, response.status_code, seconds)
        if request.path in ("/evaluate", "/settle", "/jing", "/match"):
            metrics.sync_cache_stats_soon()
        if config.log_requests:
            _log(response, seconds)
        return response


def _span_id() -> str:
    return uuid.uuid4().hex[:16]


class _Cors:
    """Allow browser callers from the configured origins; say nothing to others. A preflight
    (OPTIONS with Access-Control-Request-Method) gets the methods and headers allowed and how
    long a browser may keep that answer (CORS_METHODS, CORS_HEADERS, CORS_MAX_AGE)."""

    def __init__(self, origins: frozenset[str], methods: str, headers: str, max_age: str):
        self.origins, self.methods, self.headers, self.max_age = \
            origins, methods, headers, max_age

    def apply(self, response: Response) -> None:
        origin = request.headers.get("Origin")
        if not origin or not self.origins:
            return
        if "*" in self.origins:
            response.headers["Access-Control-Allow-Origin"] = "*"
        elif origin.rstrip("/") in self.origins:
            response.headers["Access-Control-Allow-Origin"] = origin
            response.vary.add("Origin")
        else:
            response.vary.add("Origin")
            return
        response.headers["Access-Control-Expose-Headers"] = \
            f"{REQUEST_ID}, {API_VERSION}, traceresponse, Content-Language"
        if request.method == "OPTIONS" and "Access-Control-Request-Method" in request.headers:
            response.headers["Access-Control-Allow-Methods"] = self.methods
            response.headers["Access-Control-Allow-Headers"] = self.headers
            response.headers["Access-Control-Max-Age"] = self.max_age


def _log(response: Response, seconds: float) -> None:
    access_log.info("request", extra={
        "request_id": g.get("request_id"), "method": request.method, "path": request.path,
        "trace_id": g.trace[0] if g.get("trace") else None,
        "status": response.status_code, "duration_ms": round(seconds * 1000, 3),
        "bytes": response.calculate_content_length(), "variant": g.get("variant"),
        "language": g.get("language"), "remote": request.remote_addr,
        "user_agent": request.user_agent.string or None,
    })
