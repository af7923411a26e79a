"""Chinese answers (issue 22): with ``Accept-Language: zh-CN`` every sentence of an answer is
Chinese — problem titles and details and each ``errors[].message`` (checked for every error
code), pattern notes, ledger details, notes and the rule options' descriptions (checked on
the contract's examples, simulated rounds, their waits and matches of every variant).

"Chinese" is checked twice over: the text holds Chinese characters, and no English word is
left in it, once the service's own vocabulary is set aside (pattern ids, field names, option
values, tile codes, JSON's words) and the client's own input quoted back ('riichi').
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient
from marshmallow import Schema, fields
from werkzeug import exceptions

import rules
from app import codes, examples
from app.edge import BudgetExceeded
from app.schemas import requests as request_schemas
from bench.bodies import advices
from rules import error_codes, expected, model, play
from tests.contract.test_error_codes import CASES, ENTRIES
from tests.hostile.mutations import corpus, mutate
from tests.i18n.words import CJK
from tests.sim.engine import Simulator, play_match

ZH = {"Accept-Language": "zh-CN"}
TEXT_KEYS = {"title", "detail", "message", "note", "notes", "description", "formula"}
# The words a Chinese sentence may hold as they are: JSON's, HTTP's and the units'.
TECHNICAL = {"JSON", "UTF", "Unicode", "KiB", "POST", "GET", "HTTP", "Content", "Type",
             "application", "json", "null", "true", "false", "openapi", "yaml", "seed",
             "errors", "detail", "title", "code", "BOM", "NaN", "Infinity", "UTF-8", "UTF-16"}
# Problems gunicorn writes itself, before the app sees the request: each code is also
# answered by the app, in Chinese, which the cases below check; gunicorn's own answers are
# checked in Chinese against a real server (tests/e2e/test_zh_problems.py).
GUNICORN_LEVEL = {codes.HTTP_BAD_REQUEST, codes.HTTP_REQUEST_LINE_TOO_LONG,
                  codes.HTTP_HEADERS_TOO_LARGE}


def _schema_fields(schema: Schema) -> Iterator[str]:
    for name, field in schema.fields.items():
        yield field.data_key or name
        inner = getattr(field, "inner", None) or field
        nested = getattr(inner, "schema", None)
        if isinstance(inner, fields.Nested) and isinstance(nested, Schema):
            yield from _schema_fields(nested)


def _vocabulary() -> set[str]:
    words = set(TECHNICAL) | set(model.MELD_KINDS) | set(model.WIN_TYPES)
    words |= set(play.ACTION_TYPES) | set(play.FACT_CODES)
    for variant in rules.describe_variants():
        words |= {variant["name"], *variant["patterns"], *variant["reasons"],
                  *variant["win_types"], *variant["flags"]}
        for option in variant["options"]:
            words |= {option["name"], *map(str, option.get("choices", []))}
    for schema in (request_schemas.EvaluateSchema(), request_schemas.SettleSchema(),
                   request_schemas.JingRequestSchema(), request_schemas.MatchSchema(),
                   request_schemas.AdviseSchema(), request_schemas.ReplaySchema()):
        words |= set(_schema_fields(schema))
    return words


VOCABULARY = _vocabulary()
PATHS = re.compile(r"/[A-Za-z][\w/<>.{}-]*|\\u[0-9a-fA-F]{4}")  # /settle, /rules/<variant>, \ud800
FIELD_PATHS = re.compile(r"[A-Za-z_]\w*(?:\[\d+\]|\.\w+)+")  # players[2].hand, rules.base
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")  # the client's input, said back as it was sent
NUMBERS = re.compile(r"(?<![\w.])[Xx×]?[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")
TILES = re.compile(r"(?<![A-Za-z])(?:[1-9]+[mpsz]|[ESWNCFP])+(?![A-Za-z])")
WORD = re.compile(r"[A-Za-z][A-Za-z0-9_.\[\]/<>-]*")


def english_left(text: str, also: frozenset[str] = frozenset()) -> list[str]:
    """The English words of ``text`` that are not the service's vocabulary (nor ``also``:
    the field names a problem quotes back from the request)."""
    text = QUOTED.sub(" ", text)
    text = NUMBERS.sub(" ", TILES.sub(" ", FIELD_PATHS.sub(" ", PATHS.sub(" ", text))))
    return [w for w in WORD.findall(text)
            if len(w) > 1 and not set("_.[/") & set(w) and w.strip("-") not in VOCABULARY
            and w not in also]


def test_the_english_check_can_fail():
    assert english_left("第 2 张牌 5p 不在手牌中") == []
    assert english_left("未知玩法 'riichi'；请使用 xingguo") == []
    assert english_left("the winner pays 8 (dealer)") == ["the", "winner", "pays"]
    assert english_left("数字 1e400 超出范围") == []
    assert english_left("players[0].hand 须为 win_tile") == []


def untranslated(answer: Any, where: str = "", also: frozenset[str] = frozenset()) -> list[str]:
    """Every sentence of a JSON answer that holds English, with where it is. (A sentence of
    only ids, tiles and numbers, such as a ledger line's formula, is the same in every
    language.)"""
    found = []
    if isinstance(answer, dict):
        for key, value in answer.items():
            here = f"{where}.{key}"
            if key in TEXT_KEYS:
                for i, text in enumerate(value if isinstance(value, list) else [value]):
                    if isinstance(text, str) and english_left(text, also):
                        found.append(f"{here}[{i}]: {text!r} (left: {english_left(text, also)})")
            else:
                found += untranslated(value, here, also)
    elif isinstance(answer, list):
        for i, item in enumerate(answer):
            found += untranslated(item, f"{where}[{i}]", also)
    return found


def test_the_sentence_walk_can_fail():
    assert untranslated({"ledger": [{"detail": "discarder pays"}], "notes": ["无"]}) == [
        ".ledger[0].detail[0]: 'discarder pays' (left: ['pays'])"]


# ------------------------------------------------------------------ every error code
def _post(path: str, body: Any) -> Callable[[FlaskClient], Any]:
    return lambda client: client.post(path, json=body, headers=ZH)


def _raw(data: bytes, content_type: str = "application/json",
         path: str = "/evaluate") -> Callable[[FlaskClient], Any]:
    return lambda client: client.post(path, data=data, content_type=content_type, headers=ZH)


def _get(path: str) -> Callable[[FlaskClient], Any]:
    return lambda client: client.get(path, headers=ZH)


HAND = {"variant": "qinzhou", "hand": "123m456p789s111sEE"}
# (code, how to meet it); the domain's codes come from the error-code tests' cases
WEB_CASES: list[tuple[str, Callable[[FlaskClient], Any]]] = [
    (codes.REQUEST_INVALID, _post("/evaluate", {"variant": "riichi"})),
    (error_codes.TILE_UNKNOWN, _post("/evaluate", {**HAND, "hand": "123m456p789s111sEX"})),
    (error_codes.TILE_UNKNOWN, _post("/evaluate", {**HAND, "hand": ["1m", "2m", "3q"]})),
    (codes.JSON_MALFORMED, _raw(b'{"variant":')),
    (codes.JSON_MALFORMED, _raw(b'{"variant" 1}')),
    (codes.JSON_MALFORMED, _raw(b'{"variant":NaN}')),
    (codes.JSON_TOO_DEEP, _raw(b'{"a":' + b"[" * 40 + b"]" * 40 + b"}")),
    (codes.JSON_DUPLICATE_KEY, _raw(b'{"variant":"qinzhou","variant":"x"}')),
    (codes.JSON_BAD_ENCODING, _raw(b'{"variant":"\xff"}')),
    (codes.JSON_BAD_ENCODING, _raw(b'{"variant":"\\ud800"}')),
    (codes.BODY_NOT_OBJECT, _raw(b"[1]")),
    (codes.BODY_TOO_LARGE, _raw(b'{"variant": "' + b"x" * 70_000 + b'"}')),
    (codes.MEDIA_TYPE_UNSUPPORTED, _raw(b"x", "text/plain")),
    (codes.MEDIA_TYPE_UNSUPPORTED, lambda client: client.post("/evaluate", headers=ZH)),
    (codes.NUMBER_OUT_OF_RANGE, _raw(b'{"variant":"qinzhou","dealer":1e400}')),
    (codes.NUMBER_OUT_OF_RANGE, _raw(b'{"variant":"qinzhou","dealer":' + b"9" * 40 + b"}")),
    (codes.HTTP_NOT_FOUND, _get("/no-such-page")),
    (codes.HTTP_NOT_FOUND, _get("/rules/riichi")),
    (codes.HTTP_METHOD_NOT_ALLOWED, _get("/evaluate")),
]


def _raising(exc: BaseException) -> Callable[..., Any]:
    def evaluate(request: Any) -> Any:
        raise exc
    return evaluate


# codes met when the scoring raises (a stopped request, a crash, werkzeug's own errors)
RAISED = [
    (codes.SERVER_OVER_BUDGET, BudgetExceeded(2.0)),
    (codes.SERVER_INTERNAL, RuntimeError("boom")),
    (codes.HTTP_BAD_REQUEST, exceptions.BadRequest()),
    (codes.HTTP_REQUEST_LINE_TOO_LONG, exceptions.RequestURITooLarge()),
    (codes.HTTP_HEADERS_TOO_LARGE, exceptions.RequestHeaderFieldsTooLarge()),
    (codes.HTTP_ERROR, exceptions.Gone()),
]


def _problem_faults(response) -> list[str]:
    assert response.mimetype == "application/problem+json", response
    assert response.headers["Content-Language"] == "zh-CN"
    body = response.get_json()
    quoted = frozenset(WORD.findall(" ".join(e["field"] for e in body.get("errors", []))))
    assert CJK.search(body["title"]) and CJK.search(body["detail"]), body
    assert all(CJK.search(e["message"]) for e in body.get("errors", [])), body
    return untranslated({k: v for k, v in body.items() if k in ("title", "detail")}, "",
                        quoted) + untranslated(body.get("errors", []), "", quoted)


@pytest.mark.parametrize(("code", "request_", "field"), ENTRIES, ids=[e[0] for e in ENTRIES])
def test_each_domain_error_is_said_in_chinese(client, code, request_, field):
    path, body = request_
    response = client.post(path, json=body, headers=ZH)
    assert code in [e["code"] for e in response.get_json()["errors"]]
    assert not _problem_faults(response)


@pytest.mark.parametrize(("code", "meet"), WEB_CASES,
                         ids=[f"{c}-{i}" for i, (c, _) in enumerate(WEB_CASES)])
def test_each_web_layer_problem_is_said_in_chinese(client, code, meet):
    response = meet(client)
    body = response.get_json()
    assert code in [body["code"], *[e["code"] for e in body.get("errors", [])]], body
    assert not _problem_faults(response)


@pytest.mark.parametrize(("code", "exc"), RAISED, ids=[c for c, _ in RAISED])
def test_each_raised_problem_is_said_in_chinese(app, monkeypatch, code, exc):
    monkeypatch.setattr(rules, "evaluate", _raising(exc))
    client = FlaskClient(app, app.response_class)  # statuses outside the contract, on purpose
    response = client.post("/evaluate", json={**HAND, "hand": "123m456p789s111sES"},
                           headers=ZH)
    assert response.get_json()["code"] == code
    assert not _problem_faults(response)


def test_not_ready_is_said_in_chinese(client, monkeypatch):
    from app import ops

    monkeypatch.setattr(ops, "core_answers", lambda: False)
    response = client.get("/readyz", headers=ZH)
    assert response.get_json()["code"] == codes.SERVER_NOT_READY
    assert not _problem_faults(response)


def test_too_large_is_said_in_chinese(client, monkeypatch):
    """expected.too_large, met with the request's state budget made tiny (the real one,
    10,000 states, takes seconds to reach)."""
    monkeypatch.setattr(expected, "STATES_PER_REQUEST", 5)
    response = client.post("/advise", json={"variant": "qinzhou", "hand": "123m456p789s11s2sEN",
                                            "expected": True}, headers=ZH)
    assert [e["code"] for e in response.get_json()["errors"]] == ["expected.too_large"]
    assert not _problem_faults(response)


def test_every_error_code_is_checked_in_chinese():
    checked = {c for c, *_ in ENTRIES} | {c for c, _ in WEB_CASES} | {c for c, _ in RAISED}
    # field.invalid is the fallback no message reaches (tests/contract/test_error_codes.py);
    # expected.too_large has its own test just above
    checked |= {codes.SERVER_NOT_READY, codes.FIELD_INVALID, "expected.too_large"}
    assert checked == set(codes.CODES), set(codes.CODES) ^ checked
    assert checked >= GUNICORN_LEVEL  # answered in Chinese by the app, too


# ------------------------------------------------------------------ answers
def _example_requests() -> Iterator[tuple[str, dict[str, Any]]]:
    for path, listed in (("/evaluate", examples.EVALUATE), ("/settle", examples.SETTLE),
                         ("/jing", examples.JING), ("/match", examples.MATCH),
                         ("/advise", examples.ADVISE), ("/replay", examples.REPLAY)):
        for _, _, body in listed:
            yield path, body


def _simulated(variant: str, seeds: range) -> Iterator[tuple[str, dict[str, Any]]]:
    for seed in seeds:
        played = Simulator(variant, seed).play()
        settle = played.request
        yield "/settle", settle
        yield "/replay", played.log  # its facts in Chinese too
        yield "/replay", {**played.log, "actions": played.log["actions"][:9]}  # in progress
        for seat, player in enumerate(settle["players"]):
            body = {"variant": variant, "hand": player["hand"],
                    "melds": player.get("melds", []), "dealer": seat == settle["dealer"]}
            if settle.get("jing"):
                body["jing"] = {"indicator": settle["jing"]["indicator"]}
            yield "/evaluate", body
    for body in advices([Simulator(variant, seed).play().request for seed in seeds]):
        yield "/advise", body  # the notes of its waits (精吊, 有精平胡 …) in Chinese too
    yield "/match", play_match(variant, seeds.start, 6)


def test_the_examples_are_answered_in_chinese(client):
    faults = []
    for path, body in _example_requests():
        answer = client.post(path, json=body, headers=ZH).get_json()
        faults += [f"{path} {f}" for f in untranslated(answer)]
    assert not faults, "\n".join(faults[:15]) + f"\n({len(faults)} in all)"


@pytest.mark.parametrize("variant", rules.NAMES)
def test_simulated_rounds_are_answered_in_chinese(client, variant):
    faults, seen = [], 0
    for path, body in _simulated(variant, range(12)):
        response = client.post(path, json=body, headers=ZH)
        if response.status_code != 200:
            continue
        seen += 1
        faults += [f"{path} {f}" for f in untranslated(response.get_json())]
    assert seen > 12
    assert not faults, "\n".join(faults[:15]) + f"\n({len(faults)} in all)"


def test_the_rule_options_are_described_in_chinese(client):
    answer = client.get("/variants", headers=ZH).get_json()
    options = [o for v in answer["variants"] for o in v["options"]]
    faults = untranslated(options) + untranslated(
        [{"description": o["seed"]} for o in options])  # a seed reference's comment too
    assert not faults, "\n".join(faults[:15])


def test_english_is_untouched_by_the_catalogue(client):
    """Without Accept-Language the sentences are the English templates (which quote the
    seeds' Chinese terms, such as 相公, as they always did)."""
    answer = client.post("/evaluate", json={"variant": "qinzhou", "hand": "123m456p"}).get_json()
    assert answer["title"] == "Invalid request"
    assert answer["detail"] == "the request breaks 1 rule(s); see errors (hand)"
    assert answer["errors"][0]["message"].startswith("相公 (wrong tile count): 6 concealed")


def test_the_fuzz_corpus_is_answered_in_chinese(client):
    """Mutated requests (tests/hostile/mutations.py; FUZZ_CASES of them, a third as many as
    the error-code test sends) in Chinese: never a 5xx, and every problem and answer has no
    English left — no Python type name, no parser's own message."""
    bodies = corpus()
    faults: dict[str, int] = {}
    for seed in range(max(CASES // 3, 200)):
        case = mutate(seed, bodies)
        headers = {**ZH, **({"Content-Type": case.content_type} if case.content_type else {})}
        response = client.post(case.path, data=case.body, headers=headers)
        assert response.status_code < 500, (seed, case.how)
        found = _problem_faults(response) if response.status_code >= 400 \
            else untranslated(response.get_json())
        for fault in found:
            faults.setdefault(fault[:160], seed)
    assert not faults, "\n".join(f"seed {s}: {f}" for f, s in list(faults.items())[:10])
