"""The request schemas' shortcuts (app/schemas/fields.py Shortcut, the quick_* functions of
app/schemas/requests.py) against the schemas alone: the same request objects for every body
they load, the same errors (messages and field paths) for every body they refuse."""

from __future__ import annotations

import copy
import json
import os

import pytest
from marshmallow import ValidationError

from app.schemas import requests as req
from app.schemas.fields import Shortcut
from tests.hostile.mutations import corpus, mutate

SCHEMAS = {"/evaluate": req.EvaluateSchema(), "/settle": req.SettleSchema(),
           "/jing": req.JingRequestSchema(), "/match": req.MatchSchema(),
           "/advise": req.AdviseSchema(), "/replay": req.ReplaySchema()}
CASES = int(os.environ.get("SHORTCUT_CASES", 1500))


def _load(schema, body):
    try:
        return "loaded", schema.load(copy.deepcopy(body))
    except ValidationError as error:
        return "refused", error.messages


def _both(schema, body):
    Shortcut.enabled = True
    quick = _load(schema, body)
    Shortcut.enabled = False
    try:
        alone = _load(schema, body)
    finally:
        Shortcut.enabled = True
    return quick, alone


@pytest.fixture(scope="module")
def bodies():
    return corpus()


def test_valid_bodies_load_the_same_and_take_the_shortcuts(bodies):
    taken = 0
    for path, body in bodies:
        quick, alone = _both(SCHEMAS[path], body)
        assert quick == alone, (path, body)
        taken += quick[0] == "loaded"
    assert taken == len(bodies)


QUICK = {"/evaluate": req.quick_evaluate, "/settle": req.quick_settle,
         "/jing": None, "/match": req.quick_match, "/advise": req.quick_advise,
         "/replay": req.quick_replay}


def test_every_valid_body_is_loaded_whole_by_its_quick_loader(bodies):
    for path, body in bodies:
        quick = QUICK[path]
        assert quick is None or quick(copy.deepcopy(body)) is not None, (path, body)


def test_mutated_bodies_load_or_fail_the_same(bodies):
    compared = 0
    for seed in range(CASES):
        case = mutate(seed, bodies)
        try:
            body = json.loads(case.body)
        except (ValueError, UnicodeDecodeError, RecursionError):
            continue  # the parser refuses it before any schema
        if not isinstance(body, dict):
            continue
        quick, alone = _both(SCHEMAS.get(case.path, SCHEMAS["/settle"]), body)
        assert quick == alone, f"seed {seed} ({case.how})"
        compared += 1
    assert compared > CASES // 2


@pytest.mark.parametrize(("quick", "value"), [
    (req.quick_meld, {"type": "pung", "tiles": ["1m", "1m", "1m"]}),  # an array: the schema's
    (req.quick_meld, {"type": "pung", "tiles": "111m", "from": True}),
    (req.quick_meld, {"type": "pung", "tiles": "111m", "claim_order": -1}),
    (req.quick_meld, {"type": "pong", "tiles": "111m"}),
    (req.quick_meld, {"type": ["pung"], "tiles": "111m"}),  # once a TypeError: found by the fuzz
    (req.quick_meld, {"type": "pung", "tiles": "11111m"}),
    (req.quick_player, {"hand": "1m", "flags": {}}),
    (req.quick_player, {"hand": "1m", "melds": [{}]}),
    (req.quick_jing, {"indicator": 5}),
    (req.quick_flags, {"kong_chain": 9}),
    (req.quick_flags, {"heavenly": 1}),
    (req.quick_evaluate, {"variant": "guangdong", "hand": "1m", "dealer": None}),
    (req.quick_evaluate, {"variant": "guangdong", "hand": "1m", "win_tile": ""}),
    (req.quick_evaluate, {"variant": "guangdong", "hand": "1m", "rules": {"x" * 65: 1}}),
    (req.quick_evaluate, {"variant": "mahjong", "hand": "1m"}),
    (req.quick_evaluate, {"variant": "guangdong", "hand": "1m", "extra": 1}),
    (req.quick_result, {"winners": [4]}),
    (req.quick_result, {"winners": [True]}),
    (req.quick_result, {"winners": [0], "discarder": "1"}),
    (req.quick_event, {"type": "false_win"}),  # the seat is required
    (req.quick_event, {"type": "follow_dealer", "rounds": 0}),
    (req.quick_settle, {"variant": "guangdong", "dealer": 0, "players": [{"hand": "1m"}] * 3,
                        "result": {"winners": []}}),
    (req.quick_settle, {"variant": "guangdong", "dealer": 0, "players": [{"hand": "1m"}] * 4,
                        "result": {"winners": []}, "horses": ["1m", 5]}),
    (req.quick_match, {"variant": "guangdong", "dealer": 0, "rounds": []}),
])
def test_what_a_shortcut_cannot_vouch_for_goes_to_the_schema(quick, value):
    assert quick(value) is None
