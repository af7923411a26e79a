"""The answers written out field by field (app/schemas/answers.py) against the response
schemas' own dump: the schemas are the contract (openapi.yaml comes from them), the plain
functions what the views send. Simulated rounds, matches, waits and jing of every variant."""

from __future__ import annotations

import orjson
import pytest

import rules
from app.schemas import answers
from app.schemas import requests as req
from app.schemas import responses as out
from rules.variants import NAMES
from tests.sim.engine import Simulator, play_match


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


def _english(answer):
    """An answer as the app writes it for an English reader: its sentences (rules.text.Text)
    rendered, as the schema's dump renders them with str()."""
    return orjson.loads(orjson.dumps(answer, default=lambda text: text.render()))


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
        assert _english(answers.settlement(answer)) == schema.dump(answer)


@pytest.mark.parametrize("variant", NAMES)
def test_an_evaluation_is_what_its_schema_dumps(variant):
    bodies = [b for s in _settles(variant, 6) for b in _evaluations(s)]
    evaluated = _answered(req.EvaluateSchema(), rules.evaluate, bodies)
    assert any(e.winning for e in evaluated) and any(e.waits for e in evaluated)
    schema = out.EvaluationSchema()
    for answer in evaluated:
        assert _english(answers.evaluation(answer)) == schema.dump(answer)


@pytest.mark.parametrize("variant", ["xingguo", "nanchang"])
def test_a_jing_answer_is_what_its_schema_dumps(variant):
    bodies = [{"variant": variant, "indicator": s["jing"]["indicator"],
               "players": s["players"], "dealer": s["dealer"]} for s in _settles(variant)]
    bodies.append({"variant": variant, "indicator": "5s"})  # no players: the tiles only
    found = _answered(req.JingRequestSchema(), rules.jing, bodies)
    schema = out.JingResponseSchema(exclude=("variant", "ruleset"))
    assert len(found) >= 3 and found[-1].deltas is None  # the last: no players given
    for answer in found:
        assert _english(answers.jing_answer(answer)) == schema.dump(answer)


@pytest.mark.parametrize("variant", NAMES)
def test_a_match_answer_is_what_its_schema_dumps(variant):
    answer = rules.match(req.MatchSchema().load(play_match(variant, 7, 6).body))
    schema = out.MatchResponseSchema(exclude=("variant", "ruleset"))
    assert _english(answers.match_answer(answer)) == schema.dump(answer)


@pytest.mark.parametrize("variant", NAMES)
@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_match_view_writes_each_round_as_the_whole_answer_would(variant, language):
    """views._match writes each round out as it is settled: the very bytes of the answer
    written whole, in both languages."""
    from app import i18n, views

    body = play_match(variant, 11, 6).body
    query = req.MatchSchema().load(body)
    whole = i18n.dumps({"variant": query.variant, **answers.match_answer(rules.match(query)),
                        "ruleset": views.ruleset(query.variant, query.rules)}, language)
    assert views._match(body, language) == whole
