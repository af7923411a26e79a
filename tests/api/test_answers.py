"""The answers written out field by field (app/schemas/answers.py) against the response
schemas' own dump: the schemas are the contract (openapi.yaml comes from them), the plain
functions what the views send. Simulated rounds, matches, waits and jing of every variant."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

import rules
from app.schemas import answers
from app.schemas import requests as req
from app.schemas import responses as out
from rules.text import Text
from rules.variants import NAMES
from tests.sim.engine import Simulator, play_match


def _english(value: Any) -> str:
    if isinstance(value, Text):
        return str(value)
    raise TypeError(type(value).__name__)


def _sent(data: dict) -> Any:
    """``data`` as the JSON an English answer carries: a sentence (a Text in the answer, its
    English in the schema's dump) compares by what the client reads."""
    return orjson.loads(orjson.dumps(data, default=_english))


def _settles(variant: str, n: int = 10) -> list[dict]:
    return [Simulator(variant, seed).play().request for seed in range(n)]


def _evaluations(settle: dict) -> list[dict]:
    """Each seat's tiles as an /evaluate body: winners complete, the others waiting or not."""
    bodies = []
    for seat, player in enumerate(settle["players"]):
        body = {"variant": settle["variant"], "hand": player["hand"],
                "melds": player.get("melds", []), "dealer": seat == settle["dealer"]}
        if settle.get("jing"):
            body["jing"] = {"indicator": settle["jing"]["indicator"]}
        bodies.append(body)
    return bodies


def _answered(schema, entry, bodies):
    found = []
    for body in bodies:
        try:
            found.append(entry(schema.load(body)))
        except (rules.InvalidInput, rules.NotSupported):
            continue
    return found


@pytest.mark.parametrize("variant", NAMES)
def test_a_settlement_is_what_its_schema_dumps(variant):
    settled = _answered(req.SettleSchema(), rules.settle, _settles(variant))
    assert settled
    schema = out.SettlementSchema(exclude=("variant", "ruleset"))
    for answer in settled:
        assert _sent(answers.settlement(answer)) == _sent(schema.dump(answer))


@pytest.mark.parametrize("variant", NAMES)
def test_an_evaluation_is_what_its_schema_dumps(variant):
    bodies = [b for s in _settles(variant, 6) for b in _evaluations(s)]
    evaluated = _answered(req.EvaluateSchema(), rules.evaluate, bodies)
    assert any(e.winning for e in evaluated) and any(e.waits for e in evaluated)
    schema = out.EvaluationSchema()
    for answer in evaluated:
        assert _sent(answers.evaluation(answer)) == _sent(schema.dump(answer))


@pytest.mark.parametrize("variant", ["xingguo", "nanchang"])
def test_a_jing_answer_is_what_its_schema_dumps(variant):
    bodies = [{"variant": variant, "indicator": s["jing"]["indicator"],
               "players": s["players"], "dealer": s["dealer"]} for s in _settles(variant)]
    bodies.append({"variant": variant, "indicator": "5s"})  # no players: the tiles only
    found = _answered(req.JingRequestSchema(), rules.jing, bodies)
    schema = out.JingResponseSchema(exclude=("variant", "ruleset"))
    assert len(found) >= 3 and found[-1].deltas is None  # the last: no players given
    for answer in found:
        assert _sent(answers.jing_answer(answer)) == _sent(schema.dump(answer))


@pytest.mark.parametrize("variant", NAMES)
def test_a_match_answer_is_what_its_schema_dumps(variant):
    answer = rules.match(req.MatchSchema().load(play_match(variant, 7, 6).body))
    schema = out.MatchResponseSchema(exclude=("variant", "ruleset"))
    assert _sent(answers.match_answer(answer)) == _sent(schema.dump(answer))
