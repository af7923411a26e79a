"""Every error as application/problem+json (RFC 9457), never a traceback.

``type`` is a stable URN per kind of problem and ``code`` a stable code (app/codes.py), so a
client can branch on either; ``errors`` lists each offending field of a 422 in the
``players[2].hand`` form, each with its own ``code`` and, for a tile string, the ``position``
(character index) where reading failed.
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response, request
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from app import codes, i18n
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

    def __init__(self, status: int, detail: str, errors: list[dict[str, Any]] | None = None,
                 *, code: str):
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.errors = errors
        self.code = code


def problem_type(status: int) -> str:
    return f"urn:mahjong-scoring:problem:{_TYPES.get(status, 'http-' + str(status))}"


def problem_response(status: int, title: str, detail: str,
                     errors: list[dict[str, Any]] | None = None,
                     headers: dict[str, str] | None = None, kind: str | None = None, *,
                     code: str) -> Response:
    """A problem+json answer; ``kind`` names its type when the status alone does not."""
    body: dict[str, Any] = {"type": f"urn:mahjong-scoring:problem:{kind}" if kind
                            else problem_type(status), "title": title, "status": status,
                            "detail": detail, "code": code}
    if errors is not None:
        body["errors"] = errors
    return Response(i18n.dumps(body), status=status, mimetype=PROBLEM_JSON,
                    headers=headers)


def entry(field: str, message: str, code: str, position: int | None = None) -> dict[str, Any]:
    """One entry of a problem's ``errors``; ``position`` only where there is one."""
    out: dict[str, Any] = {"field": field, "message": str(message), "code": code}
    if position is not None:
        out["position"] = position
    return out


def flatten(messages: Any, prefix: str = "") -> list[dict[str, Any]]:
    """marshmallow's nested messages → [{"field": "players[2].hand", "message": …, "code": …}]."""
    if isinstance(messages, str):
        return [entry(prefix or "body", messages, codes.code_of(messages),
                      getattr(messages, "position", None))]
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


def _invalid(errors: list[dict[str, Any]], hint: str = "") -> Response:
    fields_named = ", ".join(dict.fromkeys(e["field"] for e in errors))
    return problem_response(422, "Invalid request",
                            f"the request breaks {len(errors)} rule(s); see errors "
                            f"({fields_named})" + (f". {hint}" if hint else ""), errors,
                            code=codes.REQUEST_INVALID)


def register(app: Flask) -> None:
    @app.errorhandler(Problem)
    def _problem(exc: Problem) -> Response:
        titles = {400: "Malformed JSON", 415: "Unsupported media type", 422: "Invalid request"}
        return problem_response(exc.status, titles.get(exc.status, "Bad request"), exc.detail,
                                exc.errors, code=exc.code)

    @app.errorhandler(ValidationError)
    def _schema(exc: ValidationError) -> Response:
        return _invalid(flatten(exc.messages))

    @app.errorhandler(InvalidInput)
    def _rules(exc: InvalidInput) -> Response:
        return _invalid([entry(e.field, e.message, e.code, e.position) for e in exc.errors],
                        exc.hint)

    @app.errorhandler(NotSupported)
    def _unsupported(exc: NotSupported) -> Response:
        return _invalid([entry(exc.field, exc.message, exc.code)])

    @app.errorhandler(BudgetExceeded)
    def _over_budget(exc: BudgetExceeded) -> Response:
        log.warning("request over its time budget", extra={"budget_s": exc.seconds})
        return problem_response(503, "Service Unavailable",
                                f"the request was stopped after its time budget of "
                                f"{exc.seconds:g} s; try again later", headers={"Retry-After": "1"},
                                kind="over-budget", code=codes.SERVER_OVER_BUDGET)

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
        return problem_response(status, exc.name, detail, headers=headers,
                                code=codes.for_status(status))

    @app.errorhandler(Exception)
    def _crash(exc: Exception) -> Response:
        log.exception("unhandled error")
        return problem_response(500, "Internal Server Error",
                                "the server failed to answer; the failure has been logged",
                                code=codes.SERVER_INTERNAL)
