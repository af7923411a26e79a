"""The walked schemas (app/schemas/compiled.py) against marshmallow's own load and dump.

Loading must give the same request objects for valid bodies and the very same
ValidationError (messages and field paths) for invalid ones; dumping must give the same
JSON-ready dicts, on simulated rounds of every variant and on mutated bodies.
"""

from __future__ import annotations

import copy
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

import rules
from app import views
from app.schemas import requests as req
from app.schemas import responses as out
from app.schemas.compiled import FastDumper, FastLoader
from rules.variants import NAMES
from tests.sim.engine import Simulator, play_match

SCHEMAS = {"settle": req.SettleSchema, "evaluate": req.EvaluateSchema,
           "jing": req.JingRequestSchema, "match": req.MatchSchema}


def _rounds(variant: str, n: int = 12) -> list[dict]:
    return [Simulator(variant, seed).play().request for seed in range(n)]


def _evaluate_bodies(settle: dict) -> list[dict]:
    """Each player's tiles as an /evaluate body (winners complete, the others waiting)."""
    bodies = []
    for seat, player in enumerate(settle["players"]):
        body = {"variant": settle["variant"], "hand": player["hand"],
                "melds": player.get("melds", []), "dealer": seat == settle["dealer"]}
        if settle.get("jing"):
            body["jing"] = {"indicator": settle["jing"]["indicator"]}
        bodies.append(body)
    return bodies


def _jing_body(settle: dict) -> dict | None:
    if not settle.get("jing"):
        return None
    return {"variant": settle["variant"], "indicator": settle["jing"]["indicator"],
            "players": settle["players"], "dealer": settle["dealer"]}


BODIES: dict[str, list[dict]] = {"settle": [], "evaluate": [], "jing": [], "match": []}
for _variant in NAMES:
    BODIES["match"].append(play_match(_variant, 7, 6).body)
    for _settle in _rounds(_variant):
        BODIES["settle"].append(_settle)
        BODIES["evaluate"] += _evaluate_bodies(_settle)
        if (_jing := _jing_body(_settle)) is not None:
            BODIES["jing"].append(_jing)


def _load_both(kind: str, body: object):
    """(marshmallow's result or error messages, the fast loader's)."""
    schema = SCHEMAS[kind]()
    answers = []
    for loader in (schema.load, FastLoader(SCHEMAS[kind]()).load):
        try:
            answers.append(("ok", loader(copy.deepcopy(body))))
        except ValidationError as exc:
            answers.append(("error", exc.messages))
    return answers


@pytest.mark.parametrize("kind", sorted(SCHEMAS))
def test_valid_bodies_load_the_same(kind):
    assert BODIES[kind], kind
    for body in BODIES[kind]:
        slow, fast = _load_both(kind, body)
        assert slow[0] == "ok", (body, slow)
        assert fast == slow


def _answers():
    settle_out, eval_out = out.SettlementSchema(), out.EvaluationSchema()
    for body in BODIES["settle"]:
        try:
            answer = rules.settle(req.SettleSchema().load(body))
        except (rules.InvalidInput, rules.NotSupported):
            continue
        yield settle_out, answer
    for body in BODIES["evaluate"]:
        try:
            answer = rules.evaluate(req.EvaluateSchema().load(body))
        except (rules.InvalidInput, rules.NotSupported):
            continue
        yield eval_out, answer
    match_out = out.MatchResponseSchema()
    for body in BODIES["match"]:
        yield match_out, rules.match(req.MatchSchema().load(body))


def test_answers_dump_the_same():
    dumped = 0
    for schema, answer in _answers():
        assert FastDumper(schema).dump(answer) == schema.dump(answer)
        dumped += 1
    assert dumped > 50


@pytest.mark.parametrize("rules_value", [
    {}, {"jing_dui_wild": True, "cap": 64, "nested": {"x": [1]}}, {"k" * 64: 1},
    {"k" * 65: 1}, {"a": None, "k" * 70: 2, "b" * 80: 3}, [], "x", None, 3])
def test_rule_options_load_the_same(rules_value):
    body = {"variant": "qinzhou", "hand": "123m456p789s111sEE", "rules": rules_value}
    slow, fast = _load_both("evaluate", body)
    assert fast == slow


def test_the_views_dumpers_give_the_whole_schemas_dump():
    """The views dump answers without the variant and ruleset fields (they add both)."""
    for schema, answer in _answers():
        fast = {out.SettlementSchema: views._SETTLEMENT_OUT,
                out.EvaluationSchema: views._EVALUATION_OUT,
                out.MatchResponseSchema: views._MATCH_OUT}[type(schema)]
        assert list(fast.dump(answer).items()) == list(schema.dump(answer).items())


def test_a_missing_attribute_is_left_out_as_marshmallow_does():
    schema = out.PatternSchema()
    partial = {"id": "ji_hu", "name_zh": "鸡和", "name_en": "Chicken hand"}
    assert FastDumper(schema).dump(partial) == schema.dump(partial)


# ------------------------------------------------------------------ mutated bodies

JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.text(max_size=6),
                 st.sampled_from(["1m", "E", "123m", "中", "🀇", "10m", "self_draw", "x"]),
                 st.lists(st.sampled_from(["1m", "E", 3, None]), max_size=3),
                 st.dictionaries(st.sampled_from(["type", "tiles", "from", "zz"]),
                                 st.sampled_from(["pung", "111m", 0, None]), max_size=2))


def _paths(node, prefix=()):
    """Every (container path, key) in a JSON body."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield prefix, key
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield prefix, i
            yield from _paths(value, (*prefix, i))


@st.composite
def mutated(draw):
    kind = draw(st.sampled_from(sorted(SCHEMAS)))
    body = copy.deepcopy(draw(st.sampled_from(BODIES[kind])))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(body))
        if not paths:
            break
        where, key = draw(st.sampled_from(paths))
        parent = body
        for step in where:
            parent = parent[step]
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "replace":
            parent[key] = draw(JUNK)
        elif action == "delete":
            del parent[key]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["zz", "from", "type", "rules"]))] = draw(JUNK)
        else:
            parent.append(draw(JUNK))
    return kind, body


@settings(max_examples=int(os.environ.get("SCHEMA_EXAMPLES", 300)), deadline=None,
          derandomize=not os.environ.get("SCHEMA_RANDOM"),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated())
def test_mutated_bodies_load_or_fail_the_same(case):
    kind, body = case
    slow, fast = _load_both(kind, body)
    assert fast == slow


# ------------------------------------------------ the fast path alone, no fallback

def _fast_only(kind: str, body: object):
    """The generated loader's own answer, without FastLoader's fallback to marshmallow:
    ("ok", result), or ("gave up", the exception's type)."""
    try:
        return "ok", FastLoader(SCHEMAS[kind]())._load(copy.deepcopy(body))
    except Exception as exc:  # any exception is a give-up
        return "gave up", type(exc).__name__


@pytest.mark.parametrize("kind", sorted(SCHEMAS))
def test_the_fast_path_loads_every_simulated_body_itself(kind):
    """Valid bodies never need marshmallow (else the speed is silently gone), and what
    the generated code gives is marshmallow's result."""
    for body in BODIES[kind]:
        assert _fast_only(kind, body) == ("ok", SCHEMAS[kind]().load(copy.deepcopy(body)))


@settings(max_examples=int(os.environ.get("SCHEMA_EXAMPLES", 300)), deadline=None,
          derandomize=not os.environ.get("SCHEMA_RANDOM"),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated())
def test_what_the_fast_path_accepts_marshmallow_accepts_the_same(case):
    """A mutated body the generated code loads by itself (a seat of 4, a meld type not in
    the list, a fifth player... must make it give up) loads the same with marshmallow."""
    kind, body = case
    verdict, fast = _fast_only(kind, body)
    if verdict == "ok":
        assert _load_both(kind, body)[0] == ("ok", fast)


def _one_more(items: list) -> list:
    return [*items, items[0]] if items else items


@pytest.mark.parametrize("where, value", [
    (("dealer",), 4), (("dealer",), -1), (("dealer",), True), (("variant",), "xingguo "),
    (("players", 0, "melds", 0, "from"), 4), (("players", 0, "melds", 0, "type"), "Pung"),
    (("players", 0, "melds", 0, "tiles"), "1m1m1m1m1m"), (("players",), _one_more),
    (("players", 0, "melds"), lambda melds: _one_more(_one_more(_one_more(melds)))),
    (("result", "flags"), {"kong_chain": 9}), (("result", "flags"), {"kong_chain": -1}),
    (("result", "flags"), {"heavenly": 1}), (("result", "winners"), [4]),
    (("result", "win_type"), "self-draw"), (("jing", "indicator"), "0m"),
    (("players",), "many"), (("events",), [{"type": "follow_dealer"}] * 17)])
def test_edge_values_make_the_fast_path_give_up(where, value):
    """Values just past what the generated tests accept (ranges, choices, lengths, types):
    the generated code gives up, or (a fifth meld of a 3-meld hand) gives marshmallow's
    result. ``value`` may be a function of the value it replaces."""
    tried = 0
    for kind, original in [(k, b) for k in sorted(SCHEMAS) for b in BODIES[k]]:
        body = copy.deepcopy(original)
        parent = body
        try:
            for step in where[:-1]:
                parent = parent[step]
            old = parent.get(where[-1]) if isinstance(parent, dict) else parent[where[-1]]
        except (KeyError, IndexError):
            continue
        parent[where[-1]] = value(old) if callable(value) else value
        verdict, fast = _fast_only(kind, body)
        slow = _load_both(kind, body)[0]
        assert (verdict, fast) == slow if verdict == "ok" else slow[0] == "error", body
        tried += 1
    assert tried, "no body has that path"


class _Group:
    """A decomposition group as the domain might give it, tiles of any kind."""

    def __init__(self, tiles: list):
        self.type, self.tiles, self.held, self.wild, self.concealed = \
            "chow", tiles, list(reversed(tiles)), [True, False, 1], True


@pytest.mark.parametrize("tiles", [[0, 8, 9, 33], [], [None, 5], [-1, -34], [True, False, 2],
                                   (4, 5, 6)])
def test_tile_codes_dump_as_the_field_dumps_them(tiles):
    """Tile ids in 0-33 are dumped from a table; anything else goes through the field."""
    schema = out.GroupSchema()
    assert FastDumper(schema).dump(_Group(tiles)) == schema.dump(_Group(tiles))
    wait = {"tile": tiles[0] if tiles else 0, "total": 3}
    assert FastDumper(out.WaitSchema()).dump(wait) == out.WaitSchema().dump(wait)


@pytest.mark.parametrize("variant", NAMES)
def test_a_ruleset_without_options_is_the_resolved_one(variant):
    """The views keep each variant's default ruleset; it is what resolving gives."""
    for _ in range(2):
        assert views.ruleset(variant, {}) == views._resolved_ruleset(variant, {}) == {
            "variant": variant, "options": rules.resolved_rules(variant, {}),
            "version": rules.RULES_VERSION}
