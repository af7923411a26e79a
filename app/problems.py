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

from app import codes, i18n, over_budget
from app.edge import BudgetExceeded, stop_alarm
from app.places import current_form, json_path
from rules import InvalidInput, NotSupported
from rules.text import Sentence, Text, msg

PROBLEM_JSON = "application/problem+json"
log = logging.getLogger("app.errors")

_TYPES = {
    400: "malformed-json", 404: "not-found", 405: "method-not-allowed",
    413: "body-too-large", 415: "unsupported-media-type", 422: "invalid-request",
    500: "internal-error",
}


class Problem(Exception):
    """Raised by the web layer for a problem it detects itself (bad JSON, content type)."""

    def __init__(self, status: int, detail: Sentence, errors: list[dict[str, Any]] | None = None,
                 *, code: str, title: Text | None = None, kind: str | None = None):
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.errors = errors
        self.code = code
        self.title = title  # default: the status's (a 400 is malformed JSON)
        self.kind = kind  # the problem type's last part; default: the status's


def problem_type(status: int) -> str:
    return f"urn:mahjong-scoring:problem:{_TYPES.get(status, 'http-' + str(status))}"


def problem_response(status: int, title: Sentence, detail: Sentence,
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


def entry(field: str, message: Sentence, code: str, position: int | None = None
          ) -> dict[str, Any]:
    """One entry of a problem's ``errors``; ``position`` only where there is one. The
    message is kept a sentence (:class:`rules.text.Text`), rendered in the reader's
    language when the answer is written."""
    out: dict[str, Any] = {"field": field, "message": _sentence(message), "code": code}
    if position is not None:
        out["position"] = position
    return out


def _sentence(message: Sentence) -> Text:
    if isinstance(message, Text):
        return message
    return codes.as_message(message).text()


def flatten(messages: Any, prefix: str = "") -> list[dict[str, Any]]:
    """marshmallow's nested messages → [{"field": "players[2].hand", "message": …, "code": …}]."""
    if isinstance(messages, str):
        message = codes.as_message(messages)
        return [entry(prefix or "body", message.text(), message.code, message.position)]
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


def invalid_detail(errors: list[dict[str, Any]], hint: Sentence = "") -> Text:
    """The detail of a 422: how many rules the request breaks, and where."""
    fields = list(dict.fromkeys(e["field"] for e in errors))
    if hint:
        return msg("the request breaks {count} rule(s); see errors ({fields}). {hint}",
                   count=len(errors), fields=fields, hint=hint)
    return msg("the request breaks {count} rule(s); see errors ({fields})",
               count=len(errors), fields=fields)


def _invalid(errors: list[dict[str, Any]], hint: Sentence = "") -> Response:
    return problem_response(422, TITLES[422], invalid_detail(errors, hint), errors,
                            code=codes.REQUEST_INVALID)


# A problem's title, by status: what the service itself detects (Problem) first, then the
# HTTP statuses werkzeug raises (its English names, here as sentences of the catalogue).
TITLES: dict[int, Text] = {
    400: msg("Bad Request"), 404: msg("Not Found"), 405: msg("Method Not Allowed"),
    413: msg("Request Entity Too Large"), 414: msg("URI Too Long"),
    415: msg("Unsupported Media Type"), 417: msg("Expectation Failed"),
    422: msg("Invalid request"), 431: msg("Request Header Fields Too Large"),
    500: msg("Internal Server Error"), 501: msg("Not Implemented"),
    503: msg("Service Unavailable"),
}
_PROBLEM_TITLES = {400: msg("Malformed JSON"), 415: msg("Unsupported media type")}


def register(app: Flask) -> None:
    @app.errorhandler(Problem)
    def _problem(exc: Problem) -> Response:
        title = exc.title or _PROBLEM_TITLES.get(exc.status) or TITLES.get(exc.status,
                                                                            TITLES[400])
        return problem_response(exc.status, title, exc.detail, exc.errors, kind=exc.kind,
                                code=exc.code)

    @app.errorhandler(ValidationError)
    def _schema(exc: ValidationError) -> Response:
        return _invalid(flatten(exc.messages))

    @app.errorhandler(InvalidInput)
    def _rules(exc: InvalidInput) -> Response:
        form = current_form()
        return _invalid([entry(json_path(e.place, form), e.message, e.code, e.position)
                         for e in exc.errors],
                        exc.hint)

    @app.errorhandler(NotSupported)
    def _unsupported(exc: NotSupported) -> Response:
        return _invalid([entry(json_path(exc.place, current_form()), exc.message, exc.code)])

    @app.errorhandler(BudgetExceeded)
    def _over_budget(exc: BudgetExceeded) -> Response:
        stop_alarm()  # whatever code the last alarm landed in, none outlives the request
        log.warning("request over its time budget", extra={"budget_s": exc.seconds})
        advice = over_budget.said()  # what smaller question to ask (a review, an EV advice)
        detail = msg("the request was stopped after its time budget of {seconds:g} s; "
                     "try again later", seconds=exc.seconds) if advice is None else msg(
            "the request was stopped after its time budget of {seconds:g} s: {advice}",
            seconds=exc.seconds, advice=advice)
        return problem_response(503, TITLES[503], detail, headers={"Retry-After": "1"},
                                kind="over-budget", code=codes.SERVER_OVER_BUDGET)

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException) -> Response:
        status = exc.code or 500
        headers = {}
        if status == 405 and exc.valid_methods:  # type: ignore[attr-defined]
            headers["Allow"] = ", ".join(exc.valid_methods)  # type: ignore[attr-defined]
        title = TITLES.get(status) or msg("HTTP error {status}", status=status)
        return problem_response(status, title, _http_detail(app, exc),
                                headers=headers, code=codes.for_status(status))

    @app.errorhandler(Exception)
    def _crash(exc: Exception) -> Response:
        log.exception("unhandled error")
        return problem_response(500, TITLES[500],
                                msg("the server failed to answer; the failure has been logged"),
                                code=codes.SERVER_INTERNAL)


def _http_detail(app: Flask, exc: HTTPException) -> Sentence:
    """What to do about an HTTP-level problem (werkzeug's descriptions are English only)."""
    if exc.code == 404:
        return msg("no such resource; see GET /openapi.yaml for the endpoints")
    if exc.code == 405:
        return msg("this method is not allowed here")
    if exc.code == 413:
        kib = (request.max_content_length or app.config["MAX_CONTENT_LENGTH"]) // 1024
        if request.path in ("/match", "/replay"):  # (their own limits)
            return msg("the request body is larger than the limit of {kib} KiB for POST "
                       "{path}", kib=kib, path=request.path)
        return msg("the request body is larger than the limit of {kib} KiB", kib=kib)
    return generic_detail(exc.code or 500)


def generic_detail(status: int) -> Text:
    """What a problem known only by its status says (werkzeug's, gunicorn's)."""
    return _GENERIC_DETAILS.get(status) or msg("the request cannot be answered (HTTP {status})",
                                                status=status)


_GENERIC_DETAILS = {
    400: msg("the server cannot read this request"),
    414: msg("the request line (method, path and query) is too long"),
    415: msg("send the body as JSON with 'Content-Type: application/json'"),
    431: msg("the request's headers are too many or too large"),
    500: msg("the server failed to answer; the failure has been logged"),
    503: msg("the service cannot answer now; try again later"),
}
