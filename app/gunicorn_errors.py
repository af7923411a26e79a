"""The errors gunicorn answers itself, as problems in the reader's language.

gunicorn refuses some requests before the app sees them: a request line over
``limit_request_line`` (414), too many or too large headers (431), HTTP it cannot read (400),
an ``Expect`` it cannot meet (417), a transfer coding it does not know (501). It writes an
HTML page with an English sentence (``util.write_error``); :func:`write_problem` writes a
problem+json instead, like every other answer of the service, its title and detail in the
language ``Accept-Language`` asks for, gunicorn's numbers kept in the sentence.

The language needs the request's headers, which gunicorn has not parsed when it refuses the
request line. :func:`handling_errors` wraps the worker's ``handle_error`` (which is given
the exception, then calls ``util.write_error`` with the socket only) and reads them first:

* what gunicorn had already read, from the parser's buffers in the exception's traceback
  (a request line under 8 KiB arrives with its headers in gunicorn's first read), then
* the rest of the request's head from the socket, at most :data:`READ_MORE_BYTES` in
  :data:`READ_MORE_SECONDS`, only when the head is not complete yet (a request line of
  20 KB). Reading it also spares the client a reset connection: a socket closed with
  unread bytes sends a TCP RST, and a browser then shows "connection reset" instead of the
  414. The request line's true length comes with it, where gunicorn knew only that it had
  read 8,192 bytes of it.

Nothing of this runs for a request gunicorn reads without fault.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from gunicorn import util
from gunicorn.http import errors as http_errors

from app import codes, i18n
from app.problems import PROBLEM_JSON, TITLES, generic_detail, problem_type
from rules.text import Text, msg

READ_MORE_SECONDS = 1.0  # how long to wait for the rest of a refused request's head
READ_MORE_BYTES = 1 << 20  # and how much of it to read, at most
_KEEP = 64 * 1024  # the most of a request line kept while reading past it
_QUOTE = 80  # the most characters of the client's input quoted back
log = logging.getLogger("app.errors")

# socket → (language, detail) of the problem gunicorn is about to write on it
_PENDING: dict[Any, tuple[str, Text | None]] = {}


def install(worker: Any) -> None:
    """In each worker: gunicorn's error pages become problems in the reader's language.
    (gunicorn has no setting for the body of the errors it answers itself.)"""
    util.write_error = write_problem
    worker.handle_error = handling_errors(worker.handle_error, worker.cfg)


def handling_errors(handle_error: Callable[..., None], cfg: Any) -> Callable[..., None]:
    """``handle_error`` that first works out the answer's language and detail from the
    exception and the request's head, for :func:`write_problem` to find by its socket."""

    def handle(req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        try:
            _PENDING[client] = answer_for(req, client, exc, cfg)
        except Exception:  # a fault here must not cost the answer: it is said in English
            log.exception("could not read the language of a request gunicorn refused")
            _PENDING.pop(client, None)
        try:
            handle_error(req, client, addr, exc)
        finally:
            _PENDING.pop(client, None)

    return handle


def answer_for(req: Any, sock: Any, exc: BaseException, cfg: Any) -> tuple[str, Text | None]:
    """The language and the detail of the problem gunicorn answers for ``exc``."""
    headers = parsed_headers(req, exc)
    line_length: int | None = None
    if headers is not None:
        header = ", ".join(v for name, v in headers if name.upper() == "ACCEPT-LANGUAGE")
    else:
        head, dropped = read_head(sock, bytes_read(exc))
        header = accept_language(bytes(head))
        line_length = _line_length(head, dropped)
    return i18n.negotiate(header or None), describe(exc, cfg, line_length)


def parsed_headers(req: Any, exc: BaseException) -> list[tuple[str, str]] | None:
    """The request's headers where gunicorn had parsed them before the fault (a transfer
    coding it does not know, a Content-Length twice): on the request it was building
    (``req``, the exception's, or ``self`` in a frame of gunicorn.http), else None."""
    candidates = [req, getattr(exc, "req", None)]
    candidates += [frame.f_locals.get("self") for frame in _parser_frames(exc)]
    for candidate in candidates:
        headers = getattr(candidate, "headers", None)
        if isinstance(headers, list) and headers:
            return headers
    return None


def _parser_frames(exc: BaseException) -> list[Any]:
    """The frames of gunicorn's HTTP parser in the exception's traceback."""
    frames, tb = [], exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_globals.get("__name__", "").startswith("gunicorn.http"):
            frames.append(tb.tb_frame)
        tb = tb.tb_next
    return frames


# ------------------------------------------------------------------ the request's head
def bytes_read(exc: BaseException) -> bytes:
    """What gunicorn's parser had read of the request when it raised ``exc``: its largest
    buffer (``buf``, ``data``) among the frames of gunicorn.http in the traceback."""
    found = b""
    for frame in _parser_frames(exc):
        for name in ("buf", "data"):
            value = frame.f_locals.get(name)
            if isinstance(value, bytes | bytearray) and len(value) > len(found):
                found = bytes(value)
    return found


def read_head(sock: Any, got: bytes) -> tuple[bytearray, int]:
    """The request's head: ``got`` and, while its end (an empty line) has not come, what
    the client sends next, within READ_MORE_SECONDS and READ_MORE_BYTES. Returns it and how
    many bytes of a long request line were dropped from its front (only _KEEP are kept)."""
    head, dropped, read = bytearray(got), 0, 0
    deadline = time.monotonic() + READ_MORE_SECONDS
    previous = sock.gettimeout()
    try:
        while not _ended(head) and read < READ_MORE_BYTES:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            sock.settimeout(left)
            chunk = sock.recv(min(65536, READ_MORE_BYTES - read))
            if not chunk:
                break
            read += len(chunk)
            head += chunk
            if len(head) > _KEEP and b"\r\n" not in head:  # still in the request line
                dropped += len(head) - 1
                del head[:-1]
    except OSError:
        pass  # a timeout, or the client went away: what came is all there is
    finally:
        sock.settimeout(previous)
    return head, dropped


def _ended(head: bytearray) -> bool:
    """Whether the head's empty line has come (after CRLF, or a bare LF: malformed HTTP is
    refused as quickly as the rest)."""
    return b"\r\n\r\n" in head or b"\n\n" in head or b"\n\r\n" in head


def _line_length(head: bytearray, dropped: int) -> int | None:
    end = head.find(b"\r\n")
    return dropped + end if end >= 0 else None


def accept_language(head: bytes) -> str | None:
    """The Accept-Language of a request's head (several joined by commas), None without
    one. Lines may end with CRLF or a bare LF (a malformed request is still read)."""
    found, started = [], False
    for line in head.splitlines():
        if not line:
            if started:
                break  # the end of the head: what follows is the body
            continue
        started = True
        name, colon, value = line.partition(b":")
        if colon and name.strip().lower() == b"accept-language":
            found.append(value.strip().decode("latin-1"))
    return ", ".join(found) or None


# ------------------------------------------------------------------ what went wrong
def describe(exc: BaseException, cfg: Any, line_length: int | None = None) -> Text | None:
    """What is wrong with the request and how to send it instead, gunicorn's numbers kept;
    None where the status's own sentence says it (a 500, a fault this service never meets)."""
    for kind, say in _SAYINGS:
        if isinstance(exc, kind):
            return say(exc, cfg, line_length)
    return None


def _quoted(value: Any) -> str:
    """The client's input, as it is quoted back in a sentence (``{x!r}``), cut short."""
    text = value if isinstance(value, str) else str(value)
    return text if len(text) <= _QUOTE else text[:_QUOTE] + "…"


def _request_line(exc: Any, cfg: Any, line_length: int | None) -> Text:
    limit = cfg.limit_request_line
    if line_length is not None and line_length > limit:
        return msg("the request line (method, path and query) is {size} bytes, over the "
                   "limit of {limit}; send what is long in the body of a POST",
                   size=line_length, limit=limit)
    read = exc.size if isinstance(exc.size, int) else limit
    return msg("the request line (method, path and query) is more than {size} bytes, over "
               "the limit of {limit}; send what is long in the body of a POST",
               size=read, limit=limit)


def _headers_too_large(exc: Any, cfg: Any, _: int | None) -> Text | None:
    said = str(exc)
    if said == "limit request headers fields":
        return msg("the request has more than {limit} header fields; send fewer",
                   limit=cfg.limit_request_fields)
    if said == "limit request headers fields size":
        return msg("a header field is larger than {limit} bytes; send it shorter",
                   limit=cfg.limit_request_field_size)
    if said == "max buffer headers":
        return msg("the request's headers are larger than {limit} bytes in all; send fewer "
                   "or shorter ones",
                   limit=cfg.limit_request_fields * (cfg.limit_request_field_size + 2))
    return None


def _bad_line(exc: Any, *_: Any) -> Text:
    if exc.req == "bare LF as line terminator":
        return _bare_lf()
    return msg("the request line is not HTTP ({line!r}): send a method, a path and "
               "'HTTP/1.1', separated by single spaces", line=_quoted(exc.req))


def _bare_lf() -> Text:
    return msg("a line of the request's head ends with a bare line feed; end each line "
               "with '\\r\\n'")


def _bad_version(exc: Any, *_: Any) -> Text:
    version = exc.version
    if isinstance(version, tuple):
        version = "HTTP/" + ".".join(map(str, version))
    return msg("the HTTP version {version!r} is not supported; send 'HTTP/1.1'",
               version=_quoted(version))


def _bad_header(exc: Any, *_: Any) -> Text:
    name = str(exc.hdr)
    if name == "bare LF as line terminator":
        return _bare_lf()
    if name.upper() == "CONTENT-LENGTH":
        return msg("the header 'Content-Length' is not valid: send it once, as digits, and "
                   "never with 'Transfer-Encoding'")
    if name.upper() == "TRANSFER-ENCODING":
        return msg("the header 'Transfer-Encoding' is not valid: send 'chunked' once, "
                   "last, and never with 'Content-Length'")
    if _raised_in(exc) == "_apply_header_policy":  # a header said once at most
        return msg("the header {name!r} is sent more than once; send it once",
                   name=_quoted(name))
    return msg("the header {name!r} cannot be read: send 'Name: value' on one line, the value "
               "without control characters", name=_quoted(name))


def _raised_in(exc: BaseException) -> str:
    """The name of the function that raised ``exc`` (its traceback's last frame)."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb.tb_frame.f_code.co_name if tb is not None else ""


_SAYINGS: tuple[tuple[type[BaseException], Callable[..., Text | None]], ...] = (
    # the app's own fault (a 500): said by the status
    ((http_errors.InvalidResponseHeader, http_errors.InvalidResponseHeaderName),
     lambda *_: None),
    (http_errors.LimitRequestLine, _request_line),
    (http_errors.LimitRequestHeaders, _headers_too_large),
    (http_errors.InvalidRequestLine, _bad_line),
    (http_errors.InvalidRequestMethod,
     lambda exc, *_: msg("{method!r} is not an HTTP method; send GET or POST",
                         method=_quoted(exc.method))),
    (http_errors.InvalidHTTPVersion, _bad_version),
    (http_errors.ObsoleteFolding,
     lambda exc, *_: msg("the header {name!r} is folded over several lines; send each "
                         "header on one line", name=_quoted(exc.hdr))),
    (http_errors.InvalidHeaderName,
     lambda exc, *_: msg("the header name {name!r} is not valid: a name is letters, digits "
                         "and '-'", name=_quoted(exc.hdr))),
    (http_errors.InvalidHeader, _bad_header),
    (http_errors.UnsupportedTransferCoding,
     lambda exc, *_: msg("the transfer coding {coding!r} is not supported; send the body "
                         "with 'Content-Length' or 'Transfer-Encoding: chunked'",
                         coding=_quoted(exc.hdr))),
    (http_errors.ExpectationFailed,
     lambda exc, *_: msg("the expectation {expect!r} cannot be met; send no 'Expect' header, "
                         "or 'Expect: 100-continue'", expect=_quoted(exc.expect))),
    (http_errors.InvalidSchemeHeaders,
     lambda *_: msg("the headers that say the scheme ('X-Forwarded-Proto', "
                    "'X-Forwarded-Ssl', …) contradict each other; send one")),
)


# ------------------------------------------------------------------ the answer
def write_problem(sock: Any, status: int, reason: str, message: str) -> None:
    """gunicorn's ``util.write_error`` (an HTML page), written as a problem instead, with
    the code of its status (``http.request_line_too_long`` for a 414, …), in the language
    and with the detail :func:`handling_errors` found for this socket (English and the
    status's own sentence without them: gunicorn's ``message`` is English only)."""
    language, detail = _PENDING.get(sock, (i18n.DEFAULT, None))
    title = TITLES.get(status) or msg("HTTP error {status}", status=status)
    kind = "urn:mahjong-scoring:problem:malformed-http" if status == 400 else problem_type(status)
    body = i18n.dumps({"type": kind, "title": title, "status": status,
                       "detail": detail or generic_detail(status),
                       "code": codes.for_status(status)}, language)
    head = (f"HTTP/1.1 {status} {i18n.english(title)}\r\nConnection: close\r\n"
            f"Content-Type: {PROBLEM_JSON}\r\nX-Content-Type-Options: nosniff\r\n"
            f"Cache-Control: no-store\r\n"
            f"Content-Language: {i18n.CONTENT_LANGUAGE[language]}\r\n"
            f"Vary: Accept-Language\r\nContent-Length: {len(body)}\r\n\r\n")
    util.write_nonblock(sock, head.encode("latin-1") + body)
