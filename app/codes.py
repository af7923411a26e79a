"""Every stable error code a client can meet: the domain's (rules/error_codes.py) and the
web layer's own (malformed JSON, unknown fields, a missing route, …), declared here once.

:data:`CODES` (code → one-line meaning) is the single list that the contract (openapi.yaml's
``x-known-values``), docs/errors.md and tests/contract/test_error_codes.py read. A released
code is never renamed or given another meaning; new ones may be added.
"""

from __future__ import annotations

import re
from typing import Any

from rules.error_codes import CODES as DOMAIN_CODES
from rules.error_codes import (
    FIELD_NOT_ALLOWED_VALUE,
    FIELD_REQUIRED,
    FIELD_WRONG_LENGTH,
    FIELD_WRONG_TYPE,
)
from rules.text import Text

WEB_CODES: dict[str, str] = {}


def _code(name: str, meaning: str) -> str:
    WEB_CODES[name] = meaning
    return name


REQUEST_INVALID = _code("request.invalid", "The problem of every 422: the request is JSON "
                                           "but breaks rules; each entry of errors[] says "
                                           "which and where.")
JSON_MALFORMED = _code("json.malformed", "The body is not valid JSON (syntax, NaN, Infinity).")
JSON_TOO_DEEP = _code("json.too_deep", "The body nests arrays/objects deeper than allowed.")
JSON_DUPLICATE_KEY = _code("json.duplicate_key", "An object of the body has a key twice.")
JSON_BAD_ENCODING = _code("json.bad_encoding", "The body is not UTF-8, or holds a lone "
                                               "UTF-16 surrogate escape.")
BODY_NOT_OBJECT = _code("body.not_object", "The body is JSON but not an object.")
BODY_TOO_LARGE = _code("body.too_large", "The body is larger than the endpoint's limit.")
MEDIA_TYPE_UNSUPPORTED = _code("media_type.unsupported",
                               "The body is not sent as application/json.")
NUMBER_OUT_OF_RANGE = _code("number.out_of_range", "A number the service cannot hold "
                                                   "(past ±(2^53 - 1), or 1e400).")
FIELD_UNKNOWN = _code("field.unknown", "A field the request does not have (a typo?).")
FIELD_OUT_OF_RANGE = _code("field.out_of_range", "A number is outside its allowed range.")
FIELD_INVALID = _code("field.invalid", "A value is not acceptable and no more precise code "
                                       "applies.")
SEAT_INVALID = _code("seat.invalid", "A seat is not a number 0-3.")
HTTP_BAD_REQUEST = _code("http.bad_request", "The HTTP request itself is malformed.")
HTTP_NOT_FOUND = _code("http.not_found", "No such resource.")
HTTP_METHOD_NOT_ALLOWED = _code("http.method_not_allowed", "The resource does not answer "
                                                           "this method (see Allow).")
HTTP_REQUEST_LINE_TOO_LONG = _code("http.request_line_too_long",
                                   "The request line (method, path, query) is too long.")
HTTP_HEADERS_TOO_LARGE = _code("http.headers_too_large",
                               "The request has too many or too large headers.")
HTTP_ERROR = _code("http.error", "Another HTTP-level error; the status says which.")
SERVER_OVER_BUDGET = _code("server.over_budget", "The request was stopped after its time "
                                                 "budget; the detail says what to do.")
SERVER_NOT_READY = _code("server.not_ready", "The service is not ready to answer.")
SERVER_INTERNAL = _code("server.internal", "The server failed; the failure is logged.")

CODES: dict[str, str] = {**DOMAIN_CODES, **WEB_CODES}

_BY_STATUS = {400: HTTP_BAD_REQUEST, 404: HTTP_NOT_FOUND, 405: HTTP_METHOD_NOT_ALLOWED,
              413: BODY_TOO_LARGE, 414: HTTP_REQUEST_LINE_TOO_LONG,
              415: MEDIA_TYPE_UNSUPPORTED, 422: REQUEST_INVALID, 431: HTTP_HEADERS_TOO_LARGE,
              500: SERVER_INTERNAL, 503: SERVER_NOT_READY}


def for_status(status: int) -> str:
    """The code of a problem known only by its HTTP status (werkzeug's, gunicorn's)."""
    return _BY_STATUS.get(status, HTTP_ERROR)


class Message(str):
    """A marshmallow error message that carries its code (and a tile string's character
    ``position``): marshmallow stores the message as given, so the code reaches
    :func:`app.problems.flatten` with the message's field path. ``format`` keeps the code,
    so a field's ``default_error_messages`` and a validator's ``error`` can be Messages.

    It also keeps its English ``template`` and the ``params`` marshmallow formatted it with,
    so :meth:`text` gives the sentence for the reader's catalogue (app/i18n.py); the string
    itself is the English, what marshmallow and the logs see."""

    code: str
    position: int | None
    template: str
    params: dict[str, Any]

    def __new__(cls, text: str | Text, code: str, position: int | None = None,
                params: dict[str, Any] | None = None) -> Message:
        if isinstance(text, Text):
            template, params = text.template, text.params
        else:
            template, params = text, params or {}
        message = super().__new__(cls, str.format(template, **params) if params else template)
        message.code = code
        message.position = position
        message.template = template
        message.params = params
        return message

    def format(self, *args: Any, **kwargs: Any) -> Message:
        return Message(self.template, self.code, self.position, kwargs)

    def text(self) -> Text:
        return Text(self.template, self.params)

    def __getnewargs__(self) -> tuple[str, str, int | None, dict[str, Any]]:  # type: ignore[override]
        """copy, deepcopy and pickle rebuild it with its code (str's own drops it)."""
        return self.template, self.code, self.position, self.params


# marshmallow's own messages, which its fields and validators write (the project's fields
# write Messages), as the templates they are formatted from: a message is read back into its
# template and values (:func:`as_message`), so it has a code and is translated like any other.
_MARSHMALLOW = (
    Message("Missing data for required field.", FIELD_REQUIRED),
    Message("Unknown field.", FIELD_UNKNOWN),
    Message("Field may not be null.", FIELD_WRONG_TYPE),
    Message("Invalid type.", FIELD_WRONG_TYPE),
    Message("Invalid input type.", FIELD_WRONG_TYPE),
    Message("Not a valid string.", FIELD_WRONG_TYPE),
    Message("Not a valid list.", FIELD_WRONG_TYPE),
    Message("Not a valid mapping type.", FIELD_WRONG_TYPE),
    Message("Must be one of: {choices}.", FIELD_NOT_ALLOWED_VALUE),
    Message("Longer than maximum length {max}.", FIELD_WRONG_LENGTH),
    Message("Shorter than minimum length {min}.", FIELD_WRONG_LENGTH),
    Message("Length must be {equal}.", FIELD_WRONG_LENGTH),
    Message("Length must be between {min} and {max}.", FIELD_WRONG_LENGTH),
    Message("Must be greater than or equal to {min}.", FIELD_OUT_OF_RANGE),
    Message("Must be less than or equal to {max}.", FIELD_OUT_OF_RANGE),
    Message("Must be greater than or equal to {min} and less than or equal to {max}.",
            FIELD_OUT_OF_RANGE),
)
# Longest first: a Range message with both bounds is not read as one with only its minimum.
_PATTERNS = tuple(
    (re.compile(re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+?)", re.escape(m.template)) + r"\Z"), m)
    for m in sorted(_MARSHMALLOW, key=lambda m: -len(m.template)))


def as_message(message: str) -> Message:
    """An error message as a :class:`Message`: itself, or marshmallow's own read back into
    its template (the same English), or, failing that, the text as it is with
    ``field.invalid`` (a test keeps that from happening)."""
    if isinstance(message, Message):
        return message
    for pattern, known in _PATTERNS:
        found = pattern.match(message)
        if found:
            return Message(known.template, known.code, params=found.groupdict())
    return Message(message, FIELD_INVALID)


def code_of(message: str) -> str:
    """The code of one error message (see :func:`as_message`)."""
    return as_message(message).code
