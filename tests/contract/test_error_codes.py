"""Stable error codes (issue 21): every problem and every ``errors[]`` entry carries a
``code`` from the one registry (app/codes.py, which holds rules/error_codes.py's), and that
registry, the contract (openapi.yaml's ``x-known-values``) and docs/errors.md list the
same codes.

FUZZ_CASES (default 3000) sets how many mutated requests the corpus check sends.
"""

from __future__ import annotations

import copy
import os
import re
from collections import Counter
from pathlib import Path

import orjson
import pytest
import yaml
from marshmallow import Schema, fields, validate

from app import codes
from app.codes import CODES, Message, code_of
from app.examples import _ROUND, _ROUND_ACTIONS
from app.gunicorn_errors import write_problem
from app.schemas import requests as request_schemas
from rules.error_codes import CODES as DOMAIN_CODES
from tests.gunicorn_socket import SentBytes
from tests.hostile.mutations import corpus, mutate
from tests.play.logs import body

ROOT = Path(__file__).resolve().parents[2]
CASES = int(os.environ.get("FUZZ_CASES", 3000))
CODE = re.compile(r"[a-z]+(_[a-z]+)*\.[a-z]+(_[a-z]+)*")


def _known_values(schema: str) -> list[str]:
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    return spec["components"]["schemas"][schema]["properties"]["code"]["x-known-values"]


def _documented() -> list[str]:
    """The codes docs/errors.md lists: the first cell of each row of its tables."""
    text = (ROOT / "docs" / "errors.md").read_text()
    return re.findall(r"^\| `([a-z_.]+)` \|", text, re.M)


def test_every_code_is_a_dotted_lower_case_name_declared_once():
    assert all(CODE.fullmatch(code) for code in CODES), [c for c in CODES if not CODE.fullmatch(c)]
    assert not set(DOMAIN_CODES) & set(codes.WEB_CODES)  # each is declared in one place
    assert len(CODES) == len(DOMAIN_CODES) + len(codes.WEB_CODES)
    assert all(meaning.strip() for meaning in CODES.values())


@pytest.mark.parametrize("schema", ["Problem", "ProblemError"])
def test_the_contract_lists_exactly_the_registered_codes(schema):
    listed = _known_values(schema)
    assert sorted(listed) == sorted(CODES)
    assert len(listed) == len(set(listed))


def test_the_docs_list_exactly_the_registered_codes_once_each():
    documented = _documented()
    assert sorted(documented) == sorted(CODES), \
        set(documented) ^ set(CODES)
    assert len(documented) == len(set(documented))


def test_the_readme_and_the_rules_book_point_at_the_codes():
    assert "docs/errors.md" in (ROOT / "README.md").read_text()
    assert "../errors.md" in (ROOT / "docs" / "rules" / "README.md").read_text()


def _problem_faults(response) -> list[str]:
    """What is wrong with a 4xx answer's codes (nothing when every code is registered)."""
    body = response.get_json(silent=True)
    if not isinstance(body, dict):
        return [f"{response.status_code} answer is not a problem object"]
    faults = []
    if body.get("code") not in CODES or body["code"] == codes.FIELD_INVALID:
        faults.append(f"problem code {body.get('code')!r}")
    for entry in body.get("errors", []):
        if entry.get("code") not in CODES or entry["code"] == codes.FIELD_INVALID:
            faults.append(f"{entry.get('field')}: code {entry.get('code')!r} for "
                          f"{entry.get('message')!r}")
        if "position" in entry and not isinstance(entry["position"], int):
            faults.append(f"{entry['field']}: position {entry['position']!r}")
    return faults


def test_every_problem_the_fuzz_corpus_meets_has_a_registered_code(client):
    """Thousands of mutated bodies (tests/hostile/mutations.py): every 4xx problem has a
    code from the registry, and so has each of its errors[]; none falls back to
    ``field.invalid``, so every message marshmallow and the domain write is mapped."""
    bodies = corpus()
    seen: Counter[str] = Counter()
    failures = []
    for seed in range(CASES):
        case = mutate(seed, bodies)
        headers = {"Content-Type": case.content_type} if case.content_type else {}
        response = client.post(case.path, data=case.body, headers=headers)
        if not 400 <= response.status_code < 500:
            continue
        failures += [f"seed {seed} ({case.how}): {f}" for f in _problem_faults(response)]
        body = response.get_json()
        seen[body["code"]] += 1
        seen.update(e["code"] for e in body.get("errors", []))
    assert not failures, "\n".join(failures[:20]) + f"\n{len(failures)} failures"
    # the corpus reaches every layer: the parser, marshmallow, the fields, the domain
    for code in ("json.malformed", "request.invalid", "field.unknown", "field.wrong_type",
                 "field.required", "tile.unknown", "hand.wrong_tile_count", "body.too_large"):
        assert seen[code], (code, seen)


# ----------------------------------------------------------------- hand-picked cases
QINZHOU = {"variant": "qinzhou", "hand": "123m456p789s111sEE", "win_type": "self_draw"}
# A qinzhou round accepted as it is (200): seat 0 draws E to win, 13 tiles elsewhere.
SETTLE = {"variant": "qinzhou", "dealer": 0,
          "players": [{"hand": "123m456p789s111sEE"}, {"hand": "123456789m1234p"},
                      {"hand": "56789p12345s999m"}, {"hand": "6789s5678m19pSSS"}],
          "result": {"winners": [0], "win_type": "self_draw", "win_tile": "E"}}


def _evaluate(**changes):
    return "/evaluate", {**QINZHOU, **changes}


def _settle(**changes):
    return "/settle", {**SETTLE, **changes}


# (code, request, field of the entry carrying it)
ENTRIES = [
    ("variant.unknown", _evaluate(variant="riichi"), "variant"),
    ("variant.not_supported", ("/jing", {"variant": "qinzhou", "indicator": "5p"}), "variant"),
    ("field.required", ("/evaluate", {"variant": "qinzhou"}), "hand"),
    ("field.wrong_type", _evaluate(dealer="yes"), "dealer"),
    ("field.not_used", _evaluate(jing={"indicator": "5p"}), "jing.indicator"),
    ("field.not_allowed_value", _evaluate(win_type="tsumo"), "win_type"),
    ("tile.not_one", _evaluate(win_tile="EE"), "win_tile"),
    ("tile.too_many", _evaluate(hand="123456789m123456789p1s"), "hand"),  # 9 + 9 + 1 = 19
    ("tile.too_many_copies", _evaluate(hand="11111m456p789sEEE"), "hand"),
    ("tile.not_a_wind", _evaluate(round_wind="C"), "round_wind"),
    ("tile.not_held", _evaluate(win_tile="9p", win_type="discard"), "win_tile"),
    ("hand.wrong_tile_count", _evaluate(hand="123m456p"), "hand"),
    ("hand.not_winning", _settle(players=[{"hand": "123m456p789s111sES"}, *SETTLE["players"][1:]],
                                 result={"winners": [0], "win_type": "self_draw",
                                         "win_tile": "S"}), "players[0].hand"),
    ("meld.invalid", _evaluate(hand="456p789s111sEE",
                               melds=[{"type": "chow", "tiles": "135m", "from": 3}]),
     "melds[0].tiles"),
    ("meld.bad_claim", _evaluate(hand="123m456p789sEE",
                                 melds=[{"type": "concealed_kong", "tiles": "1111s", "from": 3}]),
     "melds[0].from"),
    ("win.inconsistent", _settle(result={"winners": [0, 0], "win_type": "self_draw",
                                         "win_tile": "E"}), "result.winners"),
    ("win.impossible_rob", _evaluate(win_tile="E", win_type="rob_kong"), "win_tile"),
    ("flags.inconsistent", _evaluate(flags={"heavenly": True}), "flags.heavenly"),
    ("wind.inconsistent", _evaluate(dealer=True, seat_wind="S"), "seat_wind"),
    ("rules.unknown_option", _evaluate(rules={"nope": 1}), "rules.nope"),
    ("rules.bad_value", _evaluate(rules={"horse_count": "x"}), "rules.horse_count"),
    ("rules.option_off", ("/settle", {
        **SETTLE, "variant": "guangdong", "rules": {"yi_pao_duo_xiang": False},
        "players": [{"hand": "123m456p789s111sEE"}, {"hand": "123456789m123pEE"},
                    *SETTLE["players"][2:]],
        "result": {"winners": [0, 1], "win_type": "discard", "win_tile": "E", "discarder": 2}}),
     "result.winners"),
    ("match.inconsistent", ("/match", {"variant": "qinzhou", "dealer": 0, "rounds": [
        {"players": SETTLE["players"], "result": SETTLE["result"], "dealer": 2}]}),
     "rounds[0].dealer"),
    ("seat.invalid", _settle(dealer=7), "dealer"),
    ("expected.round_over", ("/advise", {"log": {**_ROUND, "actions": _ROUND_ACTIONS},
                                          "seat": 0}), "log"),
    ("field.unknown", _evaluate(foo=1), "foo"),
    ("field.wrong_length", _evaluate(melds=[{"type": "pung", "tiles": "111m", "from": 1}] * 5),
     "melds"),
    ("field.out_of_range", _evaluate(flags={"kong_chain": 9}), "flags.kong_chain"),
]


# POST /replay: each action.* code, met by the contract's example round (app/examples.py) or a
# small deal of its own; (code, request, the action it names)
_G = _ROUND["deal"]
_WON = ("3d8s 0D5s 0dE 2pE 2d2m 3c123m 3dW 0D1m 0d6m 1D9p 1d8m 2D3p 2d9m 3D3p 3d3p 2p3p 2d1s "
        "3DN 3dN 2h")  # seat 2 wins on seat 3's 北
_SEAT_2_WAITS_5P = ["55p13579sESWNCFP", "2468m2468p2468sS", "123m456m789m11p46p",
                    "2468m2468p2468sW"]
_SEAT_0_READY_ON_5P = ["123m456m789m11p46pE", "2468m2468p2468sS", "2468m2468p2468sW",
                       "13579m1379pNNNF"]
_SEAT_1_WAITS_5P = ["5p2468m2468p2468sS", "123m456m789m11p46p", "2468m2468p2468sW",
                    "13579m1379pNNNF"]
_FOUR_RED = ["CCCC123m456p789s1s", "2468m2468p2468sS", "2468m2468p2468sW", "13579m1379pNNNF"]


def _gd(text, **more):
    """The guangdong round of the contract's example, its log changed."""
    return "/replay", body("guangdong", 3, _G, text, **{"wall_size": 70, **more})


def _log(variant, deal, text, **more):
    return "/replay", body(variant, 0, deal, text, **more)


ACTION_ENTRIES = [
    ("action.not_your_turn", _gd("3d8s 1D"), "actions[1]"),
    ("action.tile_not_held", _gd("3d5p"), "actions[0]"),
    ("action.wrong_draw", ("/replay", body("guangdong", 3, _G, "3d8s 0D9m", wall="5s1m")),
     "actions[1]"),
    ("action.tile_required", _gd("3d8s 0D"), "actions[1]"),
    ("action.tile_unavailable", _gd("3d8s 0D2s 0d2s 1D2s"), "actions[3]"),
    ("action.wall_empty", _log("guangdong", _FOUR_RED, "0xC", wall_size=0), "actions[0]"),
    ("action.chow_not_next", _gd("3d8s 1c678s"), "actions[1]"),
    ("action.bad_meld", _gd("3d8s 0c689s"), "actions[1]"),
    ("action.no_claim", _gd("3pE"), "actions[0]"),
    ("action.claim_after_win", _gd(_WON + " 0pN"), "actions[20]"),
    ("action.second_winner", _gd(_WON + " 2h"), "actions[20]"),
    ("action.win_locked", _log("guangdong", _SEAT_2_WAITS_5P, "0d5p 1D5p 1d5p 2h"),
     "actions[3]"),
    ("action.not_a_win", _gd("3d8s 0h"), "actions[1]"),
    ("action.nothing_to_win", _gd("3d8s 0D5s 1h"), "actions[2]"),
    ("action.rob_not_allowed", _log("guangdong", _FOUR_RED, "0xC 1h"), "actions[1]"),
    ("action.kong_not_allowed", _gd("3d8s 0D5s 0dE 2pE 2xE"), "actions[4]"),
    ("action.wait_changed", _log("qinzhou", _SEAT_0_READY_ON_5P,
                                 "0dE 1D1s 1d1s 2D1s 2d1s 3D1s 3d1s 0D9s 0d4p"), "actions[8]"),
    ("action.must_win", _log("qinzhou", _SEAT_1_WAITS_5P, "0d5p 1D1s", rules={"must_win": True}),
     "actions[1]"),
    ("action.after_end", _gd(_WON + " 1D"), "actions[20]"),
    ("match.unfinished_round", ("/match", {"variant": "guangdong", "dealer": 3, "rounds": [
        {k: v for k, v in _gd("3d8s 0D5s")[1].items() if k not in ("variant", "dealer")}]}),
     "rounds[0].actions"),
]
ENTRIES += ACTION_ENTRIES


def test_the_settle_example_is_accepted(post):
    status, answer = post("/settle", SETTLE)
    assert status == 200, answer


@pytest.mark.parametrize(("code", "request_", "field"), ENTRIES, ids=[e[0] for e in ENTRIES])
def test_each_kind_of_mistake_has_its_code(post, code, request_, field):
    path, body = request_
    status, problem = post(path, body)
    assert status == 422 and problem["code"] == "request.invalid", problem
    assert {"field": field, "code": code} in [
        {"field": e["field"], "code": e["code"]} for e in problem["errors"]], problem["errors"]


def _documented_example(code: str) -> tuple[str, str]:
    """(field, message) of ``code``'s row in docs/errors.md: its example cell."""
    text = (ROOT / "docs" / "errors.md").read_text()
    row = re.search(rf"^\| `{re.escape(code)}` \| [^|]* \| `([^`]+)`: (.*) \|$", text, re.M)
    assert row, f"docs/errors.md: no example row for {code}"
    return row.group(1), row.group(2)


@pytest.mark.parametrize(("code", "request_", "field"),
                         [e for e in ACTION_ENTRIES if e[0].startswith("action.")],
                         ids=[e[0] for e in ACTION_ENTRIES if e[0].startswith("action.")])
def test_each_action_codes_documented_example_is_what_the_service_says(post, code, request_,
                                                                       field):
    """docs/errors.md shows each action code's message as the service words it, rule and
    seed line and all (the seed of the example's own variant, or the common ruling)."""
    status, problem = post(*request_)
    assert status == 422, problem
    said = {e["field"]: e["message"] for e in problem["errors"] if e["code"] == code}
    assert _documented_example(code) == (field, said[field])


@pytest.mark.parametrize(("hand", "position"), [
    ("123m456p789s111sEX", 17),  # X is the 18th character
    ("12x3m", 2),  # the digits at 0 need a suit letter; found x at 2
    ("123m0p", 4),  # 0p: ranks are 1-9, the 0 is at 4
    ("123m10p", 4),  # 10p: ranks are 1-9, the tile as written starts at 4
    ("东南西北一x", 4),  # the numeral 一 at 4 is not followed by 万, 筒 or 条
    ("ESWNCFP1m2m9z", 11),  # 9z: honours are 1z-7z, the 9 is at 11
])
def test_an_unknown_tile_names_its_character_index(post, hand, position):
    status, problem = post("/evaluate", {"variant": "qinzhou", "hand": hand})
    assert status == 422
    entry = problem["errors"][0]
    assert entry == {"field": "hand", "message": entry["message"], "code": "tile.unknown",
                     "position": position}
    assert f"index {position}" in entry["message"]


def test_a_bad_tile_in_an_array_is_named_by_its_item_and_index(post):
    status, problem = post("/evaluate", {"variant": "qinzhou", "hand": ["1m", "2m", "3q"]})
    assert status == 422
    # "3q": the digit at 0 has no suit letter, and reading fails at the q (index 1)
    assert problem["errors"] == [{"field": "hand[2]", "code": "tile.unknown", "position": 1,
                                  "message": problem["errors"][0]["message"]}]


def test_errors_without_a_tile_string_have_no_position(post):
    status, problem = post(*_evaluate(hand="123m456p"))
    assert status == 422 and "position" not in problem["errors"][0]


@pytest.mark.parametrize(("raw", "code"), [
    (b'{"variant":', "json.malformed"),
    (b'{"variant":NaN}', "json.malformed"),
    (b'{"variant":"qinzhou","variant":"x"}', "json.duplicate_key"),
    (b'{"variant":"\xff"}', "json.bad_encoding"),
    (b'{"a":' + b"[" * 40 + b"]" * 40 + b"}", "json.too_deep"),
])
def test_a_malformed_body_is_a_400_with_its_code(client, raw, code):
    response = client.post("/evaluate", data=raw, content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["code"] == code


def test_the_web_layer_problems_have_their_codes(client):
    def code(response, status):
        assert response.status_code == status, response.get_data(as_text=True)
        return response.get_json()["code"]

    assert code(client.post("/evaluate", data=b"[1]", content_type="application/json"),
                422) == "request.invalid"
    assert code(client.post("/evaluate", data=b"x", content_type="text/plain"),
                415) == "media_type.unsupported"
    too_big = b'{"variant": "' + b"x" * 70_000 + b'"}'  # past the 64 KiB limit
    assert code(client.post("/evaluate", data=too_big, content_type="application/json"),
                413) == "body.too_large"
    assert code(client.get("/no-such-page"), 404) == "http.not_found"
    assert code(client.get("/rules/riichi"), 404) == "http.not_found"
    assert code(client.get("/evaluate"), 405) == "http.method_not_allowed"
    out_of_range = client.post("/evaluate", data=b'{"variant":"qinzhou","dealer":1e400}',
                               content_type="application/json")
    assert code(out_of_range, 422) == "request.invalid"
    assert out_of_range.get_json()["errors"][0]["code"] == "number.out_of_range"
    not_object = client.post("/evaluate", data=b"[1]", content_type="application/json")
    assert not_object.get_json()["errors"][0]["code"] == "body.not_object"


@pytest.mark.parametrize(("status", "reason", "code"), [
    (400, "Bad Request", "http.bad_request"),
    (414, "Request-URI Too Long", "http.request_line_too_long"),
    (431, "Request Header Fields Too Large", "http.headers_too_large"),
    (408, "Request Timeout", "http.error"),
])
def test_gunicorn_level_errors_carry_a_code(status, reason, code):
    sock = SentBytes()
    write_problem(sock, status, reason, "Request Line is too large (5014 > 4096)")
    head, _, body = sock.sent.partition(b"\r\n\r\n")
    assert head.startswith(f"HTTP/1.1 {status} ".encode())
    problem = orjson.loads(body)
    assert problem["code"] == code and problem["status"] == status
    assert code in CODES


def test_a_message_keeps_its_code_through_marshmallow_formatting():
    message = Message("at most {maximum} tiles here, got {count}", "tile.too_many", 3)
    formatted = message.format(maximum=4, count=5)
    assert formatted == "at most 4 tiles here, got 5"
    assert (formatted.code, formatted.position) == ("tile.too_many", 3)
    assert code_of(formatted) == "tile.too_many"
    copied = copy.deepcopy(formatted)  # marshmallow copies fields (and their messages)
    assert (copied, copied.code, copied.position) == ("at most 4 tiles here, got 5",
                                                      "tile.too_many", 3)


@pytest.mark.parametrize(("message", "code"), [
    ("Missing data for required field.", "field.required"),
    ("Unknown field.", "field.unknown"),
    ("Field may not be null.", "field.wrong_type"),
    ("Not a valid string.", "field.wrong_type"),
    ("Must be one of: chow, pung.", "field.not_allowed_value"),
    ("Longer than maximum length 4.", "field.wrong_length"),
    ("Must be greater than or equal to 1 and less than or equal to 100.", "field.out_of_range"),
    ("a message nobody maps", "field.invalid"),
])
def test_marshmallow_s_own_messages_map_to_codes(message, code):
    assert code_of(message) == code



def _messages(schema: Schema, path: str = "") -> list[tuple[str, str]]:
    """(field path, message) for every message a request schema can answer with: the
    unknown field's, a non-object's, each field's required/null/type messages and its
    validators'."""
    out = [(path or "body", schema.error_messages[k]) for k in ("unknown", "type")]
    for name, field in schema.fields.items():
        out += _field_messages(field, f"{path}.{name}" if path else name)
    return out


def _field_messages(field: fields.Field, path: str) -> list[tuple[str, str]]:
    raised = ("required", "null", "type", "invalid", "too_many", "range")
    out = [(path, field.error_messages[k]) for k in raised if k in field.error_messages]
    out += [(path, m) for v in field.validators for m in _validator_messages(v)]
    if isinstance(field, fields.Nested):
        out += _messages(field.schema, path)
    if isinstance(field, fields.List):
        out += _field_messages(field.inner, f"{path}[0]")
    if isinstance(field, fields.Dict) and field.key_field is not None:
        out += _field_messages(field.key_field, f"{path}.<key>")
    return out


def _validator_messages(validator: validate.Validator) -> list[str]:
    """The message a validator answers with, as it is configured (marshmallow's own, or
    the ``error`` given)."""
    if validator.error:
        return [validator.error]
    if isinstance(validator, validate.OneOf):
        return [validator.default_message]
    if isinstance(validator, validate.Length) and validator.equal is not None:
        return [validator.message_equal]
    assert isinstance(validator, validate.Length | validate.Range), validator
    if validator.min is not None and validator.max is not None:
        return [validator.message_all]
    return [validator.message_min if validator.min is not None else validator.message_max]


REQUEST_SCHEMAS = [request_schemas.EvaluateSchema, request_schemas.SettleSchema,
                   request_schemas.MatchSchema, request_schemas.JingRequestSchema]


@pytest.mark.parametrize("schema", REQUEST_SCHEMAS, ids=lambda s: s.__name__)
def test_every_message_a_request_schema_can_answer_has_a_precise_code(schema):
    """Not left to the fuzzer's luck: every message each field of each request body can
    answer with maps to a registered code other than the ``field.invalid`` fallback."""
    found = _messages(schema())
    shown = {str(message) for _, message in found}
    # the walk reaches marshmallow's messages, the nested schemas' and the project's fields'
    assert {"Unknown field.", "Invalid input type.", "Must be one of: {choices}.",
            "must be a seat number 0-3" if schema is not request_schemas.EvaluateSchema
            else "must be true or false", "at most {maximum} tiles here, got {count}"} <= shown
    unmapped = [(path, message) for path, message in found
                if code_of(message) not in CODES or code_of(message) == codes.FIELD_INVALID]
    assert not unmapped, unmapped
