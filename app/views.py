"""The HTTP endpoints: parse with a schema, call the domain, dump with a schema.

No scoring happens here; every rule lives in :mod:`rules`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import orjson
from flask import Blueprint, Response, current_app, g, request
from gunicorn.http.errors import ParseException
from werkzeug.exceptions import RequestEntityTooLarge

import rules
from app import codes, collector, i18n, limits, over_budget
from app.edge import within_budget
from app.places import Form
from app.problems import TITLES, Problem, entry, invalid_detail
from app.schemas import answers
from app.schemas import requests as req_schemas
from app.schemas import responses as out
from rules.seat_advice import SeatAdvice
from rules.text import Text, msg

bp = Blueprint("api", __name__)

# The request schemas load and check every body (marshmallow, the documented way); the
# answers are written out by app/schemas/answers.py, which tests hold to the response
# schemas' own dump and to the contract.
_EVALUATE_IN = req_schemas.EvaluateSchema()
_SETTLE_IN = req_schemas.SettleSchema()
_JING_IN = req_schemas.JingRequestSchema()
_MATCH_IN = req_schemas.MatchSchema()
_ADVISE_IN = req_schemas.AdviseSchema()
_REPLAY_IN = req_schemas.ReplaySchema()
_REVIEW_IN = req_schemas.ReviewSchema()
_VARIANTS_OUT = out.VariantsResponseSchema()


class _Refused(ValueError):
    """What the strict parser's hooks refuse, with a message meant for the client."""

    def __init__(self, message: Text, code: str):
        super().__init__(str(message))
        self.message = message
        self.code = code


def _reject_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise _Refused(msg("duplicate key {key!r} in an object", key=key),
                           codes.JSON_DUPLICATE_KEY)
        obj[key] = value
    return obj


def _reject_constant(name: str) -> Any:
    raise _Refused(msg("{name} is not a JSON number", name=name), codes.JSON_MALFORMED)


def json_body(most: int | None = None) -> dict[str, Any]:
    """The request body as a JSON object, or a 415/400/413/422 problem; a body over
    ``most`` bytes (default MAX_CONTENT_LENGTH) is a 413."""
    environ = request.environ
    # The usual header, exactly: its mimetype is itself (werkzeug would parse it to that).
    if environ.get("CONTENT_TYPE") != "application/json":
        mimetype = request.mimetype or ""
        if mimetype != "application/json" and not mimetype.endswith("+json"):
            got = msg("got {mimetype!r}", mimetype=mimetype) if mimetype \
                else msg("got no content type")
            raise Problem(415, msg("send the body as JSON with 'Content-Type: "
                                   "application/json' ({got})", got=got),
                          code=codes.MEDIA_TYPE_UNSUPPORTED)
    config = current_app.config
    if most is not None:
        request.max_content_length = most  # what werkzeug's get_data checks too
    raw = _read_body(environ, config["MAX_CONTENT_LENGTH"] if most is None else most)
    depth = config["APP_CONFIG"].max_json_depth
    data = parse_fast(raw, depth)
    if data is None:
        data = parse_strict(raw, depth)
    if not isinstance(data, dict):
        raise Problem(422, msg("the body must be a JSON object"),
                      [entry("body", msg("expected an object, got {kind}",
                                         kind=limits.json_type(data)),
                             codes.BODY_NOT_OBJECT)], code=codes.REQUEST_INVALID)
    return data


def _read_body(environ: dict[str, Any], most: int) -> bytes:
    """The raw body, at most ``most`` bytes (MAX_CONTENT_LENGTH), or a 413.

    With a Content-Length within the limit (every ordinary request) it is read straight from
    the server's input: what werkzeug's ``get_data`` reads too, without its stream wrapper
    reading in chunks (a third of json_body in a py-spy profile under gunicorn). A body of
    unknown length (``Transfer-Encoding: chunked``) is read until its end or one byte past
    the limit, so a chunked body over the limit is a 413 like any other: werkzeug's stream
    would cut it at the limit and hand on the first 64 KiB as if that were all of it.
    """
    length = _content_length(environ)
    if length is not None and length <= most:
        return environ["wsgi.input"].read(length)
    if length is not None:
        raise RequestEntityTooLarge()
    stream, parts, size = environ["wsgi.input"], [], 0
    while size <= most:
        part = _read_chunks(stream, min(65536, most + 1 - size))
        if not part:
            break
        parts.append(part)
        size += len(part)
    if size > most:
        raise RequestEntityTooLarge()
    return b"".join(parts)


def _read_chunks(stream: Any, size: int) -> bytes:
    """Up to ``size`` bytes of a chunked body, or a 400 when its chunks cannot be read: the
    server's chunk reader raises then (gunicorn a ParseException, werkzeug an OSError),
    which is the client's malformed body, not the server's failure (it was a 500)."""
    try:
        return stream.read(size)
    except (ParseException, OSError, ValueError):
        raise Problem(400, msg("the chunked body cannot be read: a chunk's size line or its "
                               "end is malformed; send the body with 'Content-Length', or "
                               "as chunks that 'Transfer-Encoding: chunked' defines"),
                      code=codes.HTTP_BAD_REQUEST, title=TITLES[400],
                      kind="malformed-http") from None


def _content_length(environ: dict[str, Any]) -> int | None:
    """``request.content_length``: read from the environ when the header is plain ASCII
    digits and there is no Transfer-Encoding (werkzeug then gives the same int), else
    werkzeug's own answer (a chunked body, a sign, spaces, no header...)."""
    length = environ.get("CONTENT_LENGTH")
    if (type(length) is str and length.isdigit() and length.isascii()
            and "HTTP_TRANSFER_ENCODING" not in environ):
        return int(length)
    return request.content_length


# An integer of 16 digits or more may be past 2^53 - 1 (limits.SAFE_INTEGER), the most the
# service holds: orjson would read it (as an int up to 64 bits, else a float), the strict
# parser names it in a 422. Found by mapping every digit to "0" and anything else to " " and
# looking for 16 zeros in a row: two C-level passes, where a regex took 6 us per /settle.
_DIGITS_AS_ZEROS = bytes(0x30 if 0x30 <= b <= 0x39 else 0x20 for b in range(256))
_LONG_NUMBER = b"0" * len(str(limits.SAFE_INTEGER))


def parse_fast(raw: bytes, depth: int) -> Any:
    """The body as :func:`parse_strict` reads it, by orjson, for an ordinary body; ``None``
    when only :func:`parse_strict` can tell (it then gives the answer, errors included).

    :func:`parse_strict` costs about 20 us for a /settle body (Python's json with a hook
    per object, and a regex pass over every string for the depth limit); this is a few us.
    orjson refuses everything the json module refuses here (malformed JSON, NaN and
    Infinity, invalid UTF-8, lone surrogate escapes, nesting past 1,024), so a refusal
    only sends the body to :func:`parse_strict`. What it would accept differently is ruled
    out before or after parsing:

    * long integers (see ``_LONG_NUMBER``);
    * duplicate keys, which orjson lets the last one win: every key of the document is
      followed by a ``:`` outside strings, so a body whose parsed objects hold as many keys
      as it has ``:`` bytes in all has no duplicate (a ``:`` inside a string, as in a
      rule's text value, only makes the count differ and sends the body to the strict way);
    * nesting deeper than ``depth``: the parsed tree has the same depth as the body.
    """
    if _LONG_NUMBER in raw.translate(_DIGITS_AS_ZEROS):
        return None
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None
    keys, deepest = limits.keys_and_depth(data, depth)
    if deepest > depth or keys != raw.count(b":"):
        return None
    return data


# What Python's json and UTF-8 decoders say, as sentences of the catalogue (the rest, rarer,
# is said as they say it).
_JSON_ERRORS = {
    "Expecting value": msg("Expecting value"),
    "Expecting ',' delimiter": msg("Expecting ',' delimiter"),
    "Expecting ':' delimiter": msg("Expecting ':' delimiter"),
    "Expecting property name enclosed in double quotes":
        msg("Expecting property name enclosed in double quotes"),
    "Unterminated string starting at": msg("Unterminated string starting at"),
    "Extra data": msg("Extra data"),
    "Invalid control character at": msg("Invalid control character at"),
    "Invalid \\escape": msg("Invalid \\escape"),
    "Illegal trailing comma before end of object":
        msg("Illegal trailing comma before end of object"),
    "Illegal trailing comma before end of array":
        msg("Illegal trailing comma before end of array"),
    "invalid start byte": msg("invalid start byte"),
    "invalid continuation byte": msg("invalid continuation byte"),
    "unexpected end of data": msg("unexpected end of data"),
    "Unexpected UTF-8 BOM (decode using utf-8-sig)":
        msg("the body starts with a UTF-8 byte order mark (BOM); send it without one"),
}


def parse_strict(raw: bytes, depth: int) -> Any:
    """The body parsed by the json module, refusing what JSON or this service does not allow
    (deep nesting, duplicate keys, NaN, invalid UTF-8, lone surrogates) with a 400 that
    says what and where."""
    if limits.too_deep(raw, depth):
        raise Problem(400, msg("the body nests arrays/objects more than {depth} levels deep; "
                               "a valid request needs at most {needed}", depth=depth,
                               needed=limits.VALID_REQUEST_DEPTH), code=codes.JSON_TOO_DEEP)
    try:
        data = json.loads(raw.decode("utf-8"), object_pairs_hook=_reject_duplicates,
                          parse_constant=_reject_constant, parse_int=limits.parse_int,
                          parse_float=limits.parse_float)
    except json.JSONDecodeError as exc:
        raise Problem(400, msg("the body is not valid JSON: {error} at line {line} column "
                               "{column} (character {position})",
                               error=_JSON_ERRORS.get(exc.msg, exc.msg),
                               line=exc.lineno, column=exc.colno, position=exc.pos),
                      code=codes.JSON_MALFORMED) from None
    except UnicodeDecodeError as exc:
        raise Problem(400, msg("the body is not valid UTF-8 JSON: byte {position} ({byte}) "
                               "{reason}", position=exc.start,
                               byte=_quoted_byte(exc.object[exc.start]),
                               reason=_JSON_ERRORS.get(exc.reason, exc.reason)),
                      code=codes.JSON_BAD_ENCODING) from None
    except RecursionError:
        raise Problem(400, msg("the body is nested too deeply"),
                      code=codes.JSON_TOO_DEEP) from None
    except _Refused as exc:
        raise Problem(400, msg("the body is not valid JSON: {error}", error=exc.message),
                      code=exc.code) from None
    except ValueError:
        raise Problem(400, msg("the body is not valid JSON"),
                      code=codes.JSON_MALFORMED) from None
    if limits.lone_surrogate(raw, data):
        raise Problem(400, msg("the body has a lone UTF-16 surrogate escape (\\ud800-\\udfff "
                               "without its pair): strings must be Unicode text"),
                      code=codes.JSON_BAD_ENCODING)
    _refuse_out_of_range(data)  # the strict way only: orjson refuses such numbers itself
    return data


def _quoted_byte(byte: int) -> str:
    """A byte of the body quoted back as the client sent it, ``'\\xff'``: Python's bytes
    repr (``b'\\xff'``) put an English letter in the Chinese sentence."""
    return repr(bytes([byte]))[1:]


def _refuse_out_of_range(data: Any) -> None:
    """A 422 naming every number the service cannot hold (see limits.NUMBER_RANGE)."""
    found = limits.out_of_range(data)
    if found:
        errors = [entry(path, msg("the number {number} is out of range: {allowed}",
                                  number=number.shown(), allowed=limits.NUMBER_RANGE),
                        codes.NUMBER_OUT_OF_RANGE) for path, number in found]
        raise Problem(422, invalid_detail(errors), errors, code=codes.REQUEST_INVALID)


def respond(payload: dict[str, Any], status: int = 200) -> Response:
    return Response(i18n.dumps(payload), status=status, mimetype="application/json")


def ruleset(variant: str, given: dict[str, Any]) -> dict[str, Any]:
    """How the answer was scored, for the client to store with the round. Most requests
    give no rule options: their ruleset, the variant's defaults, is resolved once per
    variant and the same dict is used for every answer (it is only ever serialised)."""
    if type(given) is dict and not given:
        cached = _DEFAULT_RULESETS.get(variant)
        if cached is None:
            cached = _DEFAULT_RULESETS[variant] = _resolved_ruleset(variant, given)
        return cached
    return _resolved_ruleset(variant, given)


def _resolved_ruleset(variant: str, given: dict[str, Any]) -> dict[str, Any]:
    return {"variant": variant, "options": rules.resolved_rules(variant, given),
            "version": rules.RULES_VERSION}


_DEFAULT_RULESETS: dict[str, dict[str, Any]] = {}  # variant → its ruleset without options


def _evaluate(data: dict[str, Any], language: str) -> bytes:
    query = _EVALUATE_IN.load(data)
    answer = rules.evaluate(query)
    return i18n.dumps({"variant": query.variant, **answers.evaluation(answer),
                        "ruleset": ruleset(query.variant, query.rules)}, language)


def _settle(data: dict[str, Any], language: str) -> bytes:
    query = _SETTLE_IN.load(data)
    answer = rules.settle(query)
    return i18n.dumps({"variant": query.variant, **answers.settlement(answer),
                        "ruleset": ruleset(query.variant, query.rules)}, language)


def _jing(data: dict[str, Any], language: str) -> bytes:
    query = _JING_IN.load(data)
    answer = rules.jing(query)
    return i18n.dumps({"variant": query.variant, **answers.jing_answer(answer),
                        "ruleset": ruleset(query.variant, query.rules)}, language)


def _advise(data: dict[str, Any], language: str) -> bytes:
    if data.get("log") is not None:  # log mode: a place of the domain is the log's
        g.form = Form.ADVISE_LOG
    query = _ADVISE_IN.load(data)
    over_budget.remember(over_budget.for_advice(query))
    with collector.paused():  # worth a tenth of an expected-value answer (make bench)
        answer = rules.advise(query)
    if isinstance(answer, SeatAdvice):  # log mode: the rules are the log's
        return i18n.dumps({"variant": query.variant, **answers.seat_advice(answer),
                           "ruleset": ruleset(query.variant, query.log.rules)}, language)
    return i18n.dumps({"variant": query.variant, **answers.advice(answer),
                        "ruleset": ruleset(query.variant, query.rules)}, language)


def _review(data: dict[str, Any], language: str) -> bytes:
    query = _REVIEW_IN.load(data)
    over_budget.remember(over_budget.for_review(query))
    with collector.paused():  # worth a tenth of a review (make bench)
        answer = rules.review(query)
    return i18n.dumps({"variant": query.log.variant, **answers.review_answer(answer),
                       "ruleset": ruleset(query.log.variant, query.log.rules)}, language)


def _replay(data: dict[str, Any], language: str) -> bytes:
    query = _REPLAY_IN.load(data)
    answer = rules.replay(query)
    given = ruleset(query.variant, query.rules)
    return i18n.dumps({"variant": query.variant, **answers.replay_answer(answer, given),
                       "ruleset": given}, language)


def _match(data: dict[str, Any], language: str) -> bytes:
    """``answers.match_answer(rules.match(query))``, each round written out as soon as it is
    settled (and then let go): holding every round's answer until the end kept the garbage
    collector scanning them, 45% more time a round in a 64-round match (issue 30)."""
    query = _MATCH_IN.load(data)
    rounds, totals = [], [0, 0, 0, 0]
    for played in rules.match_rounds(query):
        rounds.append(orjson.Fragment(i18n.dumps(answers.round_settlement(played), language)))
        totals = played.totals
    return i18n.dumps({"variant": query.variant, "rounds": rounds, "totals": totals,
                       "standings": answers.standings(rules.standings(totals)),
                       "ruleset": ruleset(query.variant, query.rules)}, language)


Endpoint = Callable[[dict[str, Any], str], bytes]  # (request, language) → answer body


class AnswerCache:
    """A bounded LRU of answer bodies; only successful answers are kept.

    One per app (``app.extensions["answer_cache"]``, built by :func:`register` from
    ``RESPONSE_CACHE`` in the app's config), keyed on the canonical request (its JSON with
    sorted keys) and the answer's language: the service is stateless, so a request asked
    again (a client re-asking for the waits of the same hand, a retried /settle) gets the
    same bytes without being scored again. docs/PERFORMANCE.md has numbers with and without
    it."""

    def __init__(self, size: int):
        self.size = size
        self._cached = lru_cache(maxsize=size)(self._compute) if size > 0 else None

    @staticmethod
    def _compute(endpoint: Endpoint, canonical: bytes, language: str) -> bytes:
        return endpoint(orjson.loads(canonical), language)

    def answer(self, endpoint: Endpoint, data: dict[str, Any], language: str) -> bytes:
        if self._cached is None:
            return endpoint(data, language)
        key = canonical(data)
        return endpoint(data, language) if key is None \
            else self._cached(endpoint, key, language)


def register(app: Any, config: Any) -> None:
    """The API's routes, and the app's own answer cache (``RESPONSE_CACHE`` entries)."""
    app.extensions["answer_cache"] = AnswerCache(config.response_cache)
    app.register_blueprint(bp)


def canonical(data: dict[str, Any]) -> bytes | None:
    """The request as a cache key: its JSON with sorted keys (the same for any key order
    and spacing), or None when orjson cannot write it (an integer beyond 64 bits)."""
    try:
        return orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
    except orjson.JSONEncodeError:
        return None


def _answer(endpoint: Endpoint, most: int | None = None,
            seconds: float | None = None) -> Response:
    """``endpoint``'s answer to the body (at most ``most`` bytes; default
    MAX_CONTENT_LENGTH), within its time budget (``seconds``; default the request's), from
    the answer cache when it has it."""
    data = json_body(most)
    if data.get("variant") in rules.NAMES:
        g.variant = data["variant"]  # for the request's log line
    cache = current_app.extensions["answer_cache"]
    if seconds is None:
        seconds = current_app.config["APP_CONFIG"].request_budget_seconds
    language = i18n.language()
    collector.close_skipped()  # a block an alarm left open in an earlier request
    body = within_budget(seconds, lambda: cache.answer(endpoint, data, language))
    return Response(body, mimetype="application/json")


@bp.post("/evaluate")
def evaluate() -> Response:
    return _answer(_evaluate)


@bp.post("/settle")
def settle() -> Response:
    return _answer(_settle)


@bp.post("/advise")
def advise() -> Response:
    return _answer(_advise)


@bp.post("/replay")
def replay() -> Response:
    """A round from its action log. Its own body limit (MAX_REPLAY_BODY_BYTES, 128 KiB: a
    round's log of up to 600 actions); answers are cached as any scoring answer."""
    return _answer(_replay, current_app.config["APP_CONFIG"].max_replay_body_bytes)


@bp.post("/review")
def review() -> Response:
    """A played round, decision by decision. A /replay body (MAX_REPLAY_BODY_BYTES) and its
    own time budget (REVIEW_BUDGET_SECONDS: every decision is valued)."""
    config = current_app.config["APP_CONFIG"]
    return _answer(_review, config.max_replay_body_bytes, config.review_budget_seconds)


@bp.post("/jing")
def jing() -> Response:
    return _answer(_jing)


@bp.post("/match")
def match() -> Response:
    """A whole match. Its own body limit (MAX_MATCH_BODY_BYTES, 1 MiB: 64 rounds fit
    however the tiles are written); not kept in the answer cache, whose entries would be
    some 200 KiB each here (a body and its answer) against a few KiB for /settle."""
    data = json_body(current_app.config["APP_CONFIG"].max_match_body_bytes)
    if data.get("variant") in rules.NAMES:
        g.variant = data["variant"]
    return Response(_match(data, i18n.language()), mimetype="application/json")


@bp.get("/variants")
def variants() -> Response:
    return respond(_VARIANTS_OUT.dump({"rules_version": rules.RULES_VERSION,
                                       "variants": rules.describe_variants()}))


@bp.get("/healthz")
def healthz() -> Response:
    return respond({"status": "ok"})


@bp.get("/openapi.yaml")
def openapi() -> Response:
    return Response(current_app.config["OPENAPI_YAML"], mimetype="application/yaml")
