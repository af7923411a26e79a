"""The limits that keep a hostile body cheap, and the bound on the slowest valid request."""

from __future__ import annotations

import json
import time

import pytest
from flask import request
from werkzeug.test import create_environ

from app import views
from app.limits import keys_and_depth, too_deep
from app.problems import Problem
from app.views import parse_fast, parse_strict
from rules.analysis import clear_caches
from rules.variant import Variant
from tests.hostile.mutations import corpus, mutate

PROBLEM = "application/problem+json"
# The slowest valid request `python -m tools.slowest` found (docs/RELIABILITY.md): xingguo,
# 7 wild jing (3 正精 3p + 4 副精 4p) in a 13-tile hand, asking for every wait.
SLOWEST = {"variant": "xingguo", "jing": {"indicator": "3p"},
           "hand": "5m6m7m7m3p3p3p4p4p4p7p1s2s", "win_type": "self_draw"}


def _raw(client, body: bytes, path: str = "/evaluate"):
    return client.post(path, data=body, headers={"Content-Type": "application/json"})


def _problem(response, status: int) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM
    body = response.get_json()
    assert body["status"] == status and body["title"] and body["detail"]
    return body


@pytest.mark.parametrize(("body", "limit", "deep"), [
    (b"{}", 1, False), (b'{"a":[1]}', 2, False), (b'{"a":[1]}', 1, True),
    (b"[[[]]]", 3, False), (b"[[[]]]", 2, True), (b"[[][]]", 2, False),
    (b'{"a":"[[[[[["}', 1, False), (b'{"a":"\\"[[[["}', 1, False), (b'["\\\\",[[]]]', 2, True),
])
def test_too_deep_counts_brackets_outside_strings(body, limit, deep):
    assert too_deep(body, limit) is deep


def test_a_body_nested_past_the_limit_is_400_naming_the_limit(client):
    body = b'{"variant":"qinzhou","hand":' + b"[" * 17 + b"]" * 17 + b"}"
    detail = _problem(_raw(client, body), 400)["detail"]
    assert "more than 16 levels deep" in detail and "at most 8" in detail


def test_nesting_within_the_limit_reaches_the_schema(client):
    body = b'{"variant":"qinzhou","hand":' + b"[" * 15 + b"]" * 15 + b"}"
    errors = _problem(_raw(client, body), 422)["errors"]
    assert errors[0]["field"].startswith("hand")


@pytest.mark.parametrize("opener", [b"[", b'{"a":'])
def test_very_deep_nesting_is_refused_cheaply(client, opener):
    closer = b"]" if opener == b"[" else b"}"
    depth = (64 * 1024 - 1) // (len(opener) + 1)
    body = opener * depth + b"1" + closer * depth
    assert len(body) < 64 * 1024
    start = time.perf_counter()
    _problem(_raw(client, body), 400)
    assert time.perf_counter() - start < 0.5


def test_a_lone_surrogate_escape_is_400(client):
    body = b'{"variant":"qinzhou","hand":"123m456p789s111sEE","\\ud800x":1}'
    assert "surrogate" in _problem(_raw(client, body), 400)["detail"]


def test_a_paired_surrogate_escape_is_a_tile(client):
    """🀄 (U+1F004, 红中) written as a JSON surrogate pair is fine."""
    body = (b'{"variant":"qinzhou","hand":"123m456p789s111s'
            b'\\ud83c\\udc04\\ud83c\\udc04"}')
    response = _raw(client, body)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["winning"] is True


def test_invalid_utf8_names_the_byte(client):
    body = b'{"variant":"qinzhou","hand":"\xed\xa0\x80"}'
    detail = _problem(_raw(client, body), 400)["detail"]
    assert "not valid UTF-8" in detail and "byte 29" in detail


@pytest.mark.parametrize("word", [b"NaN", b"Infinity", b"-Infinity"])
def test_non_json_numbers_are_400(client, word):
    body = b'{"variant":"qinzhou","dealer":' + word + b',"hand":"123m456p789s111sEE"}'
    assert word.lstrip(b"-").decode() in _problem(_raw(client, body), 400)["detail"]


@pytest.mark.parametrize(("number", "shown"), [
    (b"9" * 5000, "999999999999... (5000 digits)"),  # Python refuses to convert > 4,300 digits
    (b"-" + b"9" * 30, "-99999999999... (30 digits)"),
    (b"9007199254740992", "9007199254740992"),  # 2^53: one past what JSON clients hold exactly
    (b"1e400", "1e400"), (b"-2.5E999", "-2.5E999"),  # infinity as a double
])
def test_a_number_the_service_cannot_hold_is_422_naming_the_field_and_range(client, number, shown):
    body = b'{"variant":"qinzhou","dealer":' + number + b',"hand":"123m456p789s111sEE"}'
    problem = _problem(_raw(client, body), 422)
    assert problem["errors"] == [{"field": "dealer", "message": (
        f"the number {shown} is out of range: numbers must be finite, and whole numbers "
        "between -9007199254740991 and 9007199254740991 (2^53 - 1)"),
        "code": "number.out_of_range"}]
    assert "sys." not in str(problem) and "set_int_max_str_digits" not in str(problem)


def test_every_out_of_range_number_is_named_by_its_path(client):
    body = (b'{"variant":"qinzhou","dealer":0,"players":[{"hand":"1m"},{"hand":"1m",'
            b'"melds":[{"type":"pung","tiles":"111m","from":1e999}]}],"rules":{"base":'
            + b"1" * 20 + b"}}")
    problem = _problem(client.post("/settle", data=body, content_type="application/json"), 422)
    assert [e["field"] for e in problem["errors"]] == ["players[1].melds[0].from", "rules.base"]


def test_the_largest_safe_integer_reaches_the_schema_and_its_own_range(client):
    body = b'{"variant":"qinzhou","dealer":9007199254740991,"hand":"123m456p789s111sEE"}'
    assert _problem(_raw(client, body), 422)["errors"][0]["field"] == "dealer"


def test_duplicate_keys_are_400_naming_the_key(client):
    body = b'{"variant":"qinzhou","variant":"guangdong","hand":"123m456p789s111sEE"}'
    assert "'variant'" in _problem(_raw(client, body), 400)["detail"]


def test_a_body_over_64_kib_is_413(client):
    body = b'{"variant":"qinzhou","hand":"' + b"1m" * 33_000 + b'"}'
    assert "64 KiB" in _problem(_raw(client, body), 413)["detail"]


@pytest.mark.parametrize(("field", "value", "says"), [
    ("hand", ["1m"] * 19, "at most 18 tiles"),
    ("hand", "1m" * 200, "at most 18 tiles"),
    ("melds", [{"type": "kong", "tiles": "1m1m1m1m1m"}], "at most 4 tiles"),
    ("melds", [{"type": "pung", "tiles": "111m"}] * 5, "Longer than maximum length 4"),
    ("dealer", True, None),  # (a valid field: the hand alone is fine, for contrast below)
    # past 2^53 - 1 the parser names the number before any field sees it (issue 23)
    ("dealer", 2**64, "is out of range"),
    ("flags", {"kong_chain": 10**30}, "is out of range"),
    ("rules", {"horse_count": -(2**70)}, "is out of range"),
    ("flags", {"kong_chain": 2**53 - 1}, "less than or equal to 8"),
])
def test_oversized_fields_name_the_field_and_the_limit(client, field, value, says):
    body = {"variant": "guangdong", "hand": "123m456p789s111sEE", field: value}
    if says is None:
        assert client.post("/evaluate", json=body).status_code == 200
        return
    errors = _problem(client.post("/evaluate", json=body), 422)["errors"]
    assert any(e["field"].startswith(field) and says in e["message"] for e in errors), errors


def test_more_than_30_horses_is_422_naming_horses(client):
    players = [{"hand": "123m456p789s111sE"} for _ in range(4)]
    body = {"variant": "qinzhou", "dealer": 0, "players": players,
            "result": {"winners": []}, "horses": ["1m"] * 31}
    errors = _problem(client.post("/settle", json=body), 422)["errors"]
    assert errors[0]["field"] == "horses" and "at most 30 horses" in errors[0]["message"]


@pytest.mark.parametrize(("events", "field"), [
    ([{"type": "follow_dealer", "rounds": 1}] * 601, "events"),
    ([{"type": "follow_dealer", "rounds": 10**6}], "events[0].rounds"),
])
def test_events_and_rounds_are_bounded(client, events, field):
    body = {"variant": "qinzhou", "dealer": 0, "result": {"winners": []},
            "players": [{"hand": "123m456p789s111sE"}] * 4, "events": events}
    errors = _problem(client.post("/settle", json=body), 422)["errors"]
    assert field in {e["field"] for e in errors}, errors


def test_the_slowest_valid_request_is_bounded_by_the_algorithm(client, monkeypatch):
    """Waits cost at most 34 candidate tiles × 2 win types scorings (each reading list capped
    at 512 by the core), whatever the hand: count the scorings, and time it cold."""
    calls = []
    evaluate = Variant.evaluate

    def counting(self, request):
        calls.append(request.win_tile)
        return evaluate(self, request)

    monkeypatch.setattr(Variant, "evaluate", counting)
    clear_caches()
    start = time.perf_counter()
    response = client.post("/evaluate", json=SLOWEST)
    seconds = time.perf_counter() - start
    body = response.get_json()
    assert response.status_code == 200 and body["reason"] == "waiting", body
    assert len(body["waits"]) >= 30  # seven wilds: nearly every tile completes it
    assert len(calls) <= 1 + 2 * 34, len(calls)
    assert seconds < 3.0, f"{seconds:.2f} s cold (measured 0.46 s; gunicorn timeout 30 s)"


def test_the_slowest_request_is_valid_json_for_curl():
    """docs/RELIABILITY.md shows it as a curl body: keep it serialisable as written."""
    assert json.loads(json.dumps(SLOWEST)) == SLOWEST


# ------------------------------------------------------------- the two ways of parsing
def _strict(raw: bytes, depth: int = 16):
    """parse_strict's answer: the parsed body, or the problem it raises."""
    try:
        return "ok", parse_strict(raw, depth)
    except Problem as problem:
        return "problem", problem.status, problem.detail


def test_the_fast_parse_gives_the_strict_parse_or_steps_aside():
    """json_body tries orjson first (parse_fast) and falls back on the json module
    (parse_strict): over valid and fuzzed bodies, the fast way either declines or gives
    exactly what the strict way gives, never a body the strict way refuses."""
    bodies = corpus()
    raws = [json.dumps(body, ensure_ascii=False).encode() for _, body in bodies]
    raws += [mutate(seed, bodies).body for seed in range(3000)]
    raws += [b'{"a":1,"a":2}', b'{"a":{"b":1,"b":1}}', b'{"a":"x:y"}', b'{"a":1e400}',
             b'{"a":18446744073709551616}', b'{"a":-9223372036854775809}',
             b'{"a":9223372036854775807}', b'{"a":-9223372036854775808}', b'{"a":NaN}',
             b'{"a":"\\ud800"}', b'{"a":"\\ud83c\\udc04"}', b'\xef\xbb\xbf{}', b'{"a":[]}',
             b'[' * 16 + b']' * 16, b'[' * 17 + b']' * 17, b'{"a":"\xed\xa0\x80"}', b'"x"']
    fast_ones = 0
    for raw in raws:
        fast = parse_fast(raw, 16)
        if fast is not None:
            fast_ones += 1
            strict = _strict(raw)
            assert strict == ("ok", fast) and repr(strict[1]) == repr(fast), raw[:200]
    assert fast_ones > len(bodies)  # every valid body, and many mutated ones, go the fast way


@pytest.mark.parametrize(("raw", "keys", "depth"), [
    (b'{}', 0, 1), (b'[]', 0, 1), (b'1', 0, 0), (b'{"a":{"b":[1,{"c":2,"d":3}]}}', 4, 4),
    (b'[' * 30 + b']' * 30, 0, 17),  # the walk stops past the limit
])
def test_keys_and_depth(raw, keys, depth):
    assert keys_and_depth(json.loads(raw), 16) == (keys, depth)


@pytest.mark.parametrize("length", ["5", "0", "007", "", " 5", "5 ", "+5", "-5", "5_0", "٥",
                                    "²", "1e3", "x", None])
@pytest.mark.parametrize("transfer_encoding", [None, "chunked", "gzip, chunked", "identity"])
def test_the_content_length_read_from_the_environ_is_werkzeugs(app, length,
                                                              transfer_encoding):
    environ = create_environ("/evaluate", method="POST", data=b"12345")
    environ.pop("CONTENT_LENGTH", None)
    if length is not None:
        environ["CONTENT_LENGTH"] = length
    if transfer_encoding is not None:
        environ["HTTP_TRANSFER_ENCODING"] = transfer_encoding
    with app.request_context(environ):
        assert views._content_length(environ) == request.content_length


@pytest.mark.parametrize("content_type", [
    "application/json", "application/json; charset=utf-8", "Application/JSON",
    "application/problem+json", "application/jsonx", "text/plain", "application/json ", ""])
def test_a_json_content_type_is_read_as_werkzeug_reads_it(client, content_type):
    """The exact usual header skips werkzeug's parse; any other goes through it."""
    response = client.post("/evaluate", data=b'{"variant": "xingguo", "hand": "1m"}',
                           headers={"Content-Type": content_type})
    json_like = content_type.split(";")[0].strip().lower()
    expected_415 = json_like != "application/json" and not json_like.endswith("+json")
    assert (response.status_code == 415) == expected_415, response.get_json()
