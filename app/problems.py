"""Every error as application/problem+json (RFC 9457), never a traceback.

``type`` is a stable URN per kind of problem, so a client can branch on it; ``errors`` lists
each offending field of a 422 in the ``players[2].hand`` form.
"""

from __future__ import annotations

import logging
from typing import Any

import orjson
from flask import Flask, Response, request
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from app.edge import BudgetExceeded
from rules import InvalidInput, NotSupported

PROBLEM_JSON = "application/problem+json"
log = logging.getLogger("app.errors")

_TYPES = {
    400: "malformed-json", 404: "not-found", 405: "method-not-allowed",
    413: "body-too-large", 415: "unsupported-media-type", 422: "invalid-request",
    500: "internal-error",
}


class Problem(Exception):
    """Raised by the web layer for a problem it detects itself (bad JSON, content type)."""

    def __init__(self, status: int, detail: str, errors: list[dict[str, str]] | None = None):
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.errors = errors


def problem_type(status: int) -> str:
    return f"urn:mahjong-scoring:problem:{_TYPES.get(status, 'http-' + str(status))}"


def problem_response(status: int, title: str, detail: str,
                     errors: list[dict[str, str]] | None = None,
                     headers: dict[str, str] | None = None, kind: str | None = None) -> Response:
    """A problem+json answer; ``kind`` names its type when the status alone does not."""
    body: dict[str, Any] = {"type": f"urn:mahjong-scoring:problem:{kind}" if kind
                            else problem_type(status), "title": title, "status": status,
                            "detail": detail}
    if errors is not None:
        body["errors"] = errors
    return Response(orjson.dumps(body), status=status, mimetype=PROBLEM_JSON,
                    headers=headers)


def flatten(messages: Any, prefix: str = "") -> list[dict[str, str]]:
    """marshmallow's nested messages → [{"field": "players[2].hand", "message": …}]."""
    if isinstance(messages, str):
        return [{"field": prefix or "body", "message": messages}]
    if isinstance(messages, list):
        out = []
        for item in messages:
            out += flatten(item, prefix)
        return out
    out = []
    for key, value in messages.items():
        if key == "_schema":
            path = prefix
        elif isinstance(key, int):
            path = f"{prefix}[{key}]"
        else:
            path = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, dict) and "value" in value and "key" not in value:
            value = value["value"]  # marshmallow's Dict-field form
        out += flatten(value, path)
    return out


def _invalid(errors: list[dict[str, str]], hint: str = "") -> Response:
    fields_named = ", ".join(dict.fromkeys(e["field"] for e in errors))
    return problem_response(422, "Invalid request",
                            f"the request breaks {len(errors)} rule(s); see errors "
                            f"({fields_named})" + (f". {hint}" if hint else ""), errors)


def register(app: Flask) -> None:
    @app.errorhandler(Problem)
    def _problem(exc: Problem) -> Response:
        titles = {400: "Malformed JSON", 415: "Unsupported media type", 422: "Invalid request"}
        return problem_response(exc.status, titles.get(exc.status, "Bad request"), exc.detail,
                                exc.errors)

    @app.errorhandler(ValidationError)
    def _schema(exc: ValidationError) -> Response:
        return _invalid(flatten(exc.messages))

    @app.errorhandler(InvalidInput)
    def _rules(exc: InvalidInput) -> Response:
        return _invalid([{"field": e.field, "message": e.message} for e in exc.errors],
                        exc.hint)

    @app.errorhandler(NotSupported)
    def _unsupported(exc: NotSupported) -> Response:
        return _invalid([{"field": exc.field, "message": exc.message}])

    @app.errorhandler(BudgetExceeded)
    def _over_budget(exc: BudgetExceeded) -> Response:
        log.warning("request over its time budget", extra={"budget_s": exc.seconds})
        return problem_response(503, "Service Unavailable",
                                f"the request was stopped after its time budget of "
                                f"{exc.seconds:g} s; try again later", headers={"Retry-After": "1"},
                                kind="over-budget")

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException) -> Response:
        status = exc.code or 500
        headers = {}
        if status == 405 and exc.valid_methods:  # type: ignore[attr-defined]
            headers["Allow"] = ", ".join(exc.valid_methods)  # type: ignore[attr-defined]
        detail = {
            404: "no such resource; see GET /openapi.yaml for the endpoints",
            405: "this method is not allowed here",
            413: f"the request body is larger than the limit of "
                 f"{(request.max_content_length or app.config['MAX_CONTENT_LENGTH']) // 1024}"
                 f" KiB{' for POST /match' if request.path == '/match' else ''}",
        }.get(status, exc.description or exc.name)
        return problem_response(status, exc.name, detail, headers=headers)

    @app.errorhandler(Exception)
    def _crash(exc: Exception) -> Response:
        log.exception("unhandled error")
        return problem_response(500, "Internal Server Error",
                                "the server failed to answer; the failure has been logged")
