"""The domain's answers as JSON-ready dicts, written out field by field.

The response schemas (:mod:`app.schemas.responses`) are the contract: openapi.yaml is
generated from them. Dumping an answer through them walks marshmallow's machinery for every
pattern, group, wait and ledger line, which cost more than scoring the hand (issue 25);
these plain functions build the same dicts directly, with no reflection and no generated
code. Two tests keep them honest: each function gives exactly what its schema's ``dump``
gives (tests/api/test_answers.py, on simulated rounds of every variant), and every answer
the test suite receives is validated against the OpenAPI response schemas (tests/conftest.py).
"""

from __future__ import annotations

from typing import Any

from rules.model import (
    Advice,
    DiscardAdvice,
    Evaluation,
    GroupView,
    ImprovingTile,
    JingAnswer,
    JingScore,
    JingSeat,
    MatchAnswer,
    Pattern,
    Payment,
    RoundSettlement,
    Settlement,
    Standing,
    Transfer,
    Wait,
    WaitAdvice,
    WaitValue,
)
from rules.tiles import CODES

Json = dict[str, Any]


def _code(tile: int | None) -> str | None:
    return None if tile is None else CODES[tile]


def _codes(tiles: Any) -> list[str]:
    return list(map(_CODE, tiles))


_CODE = CODES.__getitem__


def pattern(p: Pattern) -> Json:
    return {"id": p.id, "name_zh": p.name_zh, "name_en": p.name_en, "value": p.value,
            "unit": p.unit, "note": p.note}


def group(g: GroupView) -> Json:
    tiles = _codes(g.tiles)  # a group with no jing in it holds what it stands for
    return {"type": g.type, "tiles": tiles, "held": tiles if g.held is g.tiles else _codes(g.held),
            "wild": list(g.wild), "concealed": g.concealed}


def payment(p: Payment) -> Json:
    return {"payer": p.payer, "amount": p.amount, "formula": p.formula}


def wait(w: Wait) -> Json:
    return {"tile": CODES[w.tile], "total": w.total, "patterns": list(w.patterns),
            "note": w.note}


def evaluation(e: Evaluation) -> Json:
    return {
        "winning": e.winning, "reason": e.reason, "message": e.message, "shape": e.shape,
        "patterns": [pattern(p) for p in e.patterns], "multiplier": e.multiplier,
        "fan": e.fan, "decomposition": [group(g) for g in e.decomposition],
        "payments": [payment(p) for p in e.payments], "total": e.total,
        "waits": None if e.waits is None else [wait(w) for w in e.waits],
        "readings": e.readings, "notes": list(e.notes),
    }


def transfer(t: Transfer) -> Json:
    return {"from": t.payer, "to": t.payee, "amount": t.amount, "reason": t.reason,
            "detail": t.detail}


def jing_seat(s: JingSeat) -> Json:
    return {"seat": s.seat, "count": s.count, "score": s.score, "chong_guan": s.chong_guan,
            "ba_jing": s.ba_jing, "paid_by": s.paid_by}


def jing_score(j: JingScore) -> Json:
    return {"indicator": j.indicator, "zheng": CODES[j.zheng], "fu": CODES[j.fu],
            "seats": [jing_seat(s) for s in j.seats]}


def settlement(s: Settlement) -> Json:
    """A /settle answer (without ``variant`` and ``ruleset``: the view adds both)."""
    return {
        "deltas": list(s.deltas), "ledger": [transfer(t) for t in s.ledger],
        "winners": [{"seat": w.seat, "evaluation": evaluation(w.evaluation)}
                    for w in s.winners],
        "jing": [jing_score(j) for j in s.jing], "notes": list(s.notes),
        "next_floor": s.next_floor,
    }


def jing_answer(a: JingAnswer) -> Json:
    return {"jing": [jing_score(j) for j in a.jing],
            "deltas": None if a.deltas is None else list(a.deltas),
            "ledger": None if a.ledger is None else [transfer(t) for t in a.ledger]}


def match_answer(a: MatchAnswer) -> Json:
    """A /match answer: every round as /settle gives it plus what the match derived."""
    return {"rounds": [round_settlement(r) for r in a.rounds], "totals": list(a.totals),
            "standings": standings(a.standings)}


def round_settlement(r: RoundSettlement) -> Json:
    """One round of a /match answer."""
    return {**settlement(r), "dealer": r.dealer, "round_wind": _code(r.round_wind),
            "floor": r.floor, "carried_jing": {k: CODES[v] for k, v in r.carried_jing.items()},
            "totals": list(r.totals)}


def standings(ranked: list[Standing]) -> list[Json]:
    return [{"seat": s.seat, "total": s.total, "rank": s.rank} for s in ranked]


def draw(d: ImprovingTile) -> Json:
    return {"tile": CODES[d.tile], "left": d.left}


def _wait_value(v: WaitValue | None) -> Json | None:
    return None if v is None else {"total": v.total, "patterns": list(v.patterns),
                                   "de_guo": v.de_guo}


def wait_advice(w: WaitAdvice) -> Json:
    return {"tile": CODES[w.tile], "left": w.left, "self_draw": _wait_value(w.self_draw),
            "on_discard": _wait_value(w.on_discard), "note": w.note}


def discard_advice(d: DiscardAdvice) -> Json:
    return {"discard": CODES[d.discard], "shanten": d.shanten,
            "tiles": [draw(t) for t in d.draws], "left_total": d.left_total, "value": d.value,
            "waits": None if d.waits is None else [wait_advice(w) for w in d.waits]}


def advice(a: Advice) -> Json:
    """A /advise answer: the hand's shanten, and its discards or its own 进张."""
    return {"shanten": a.shanten,
            "discards": None if a.discards is None else [discard_advice(d) for d in a.discards],
            "tiles": None if a.draws is None else [draw(t) for t in a.draws],
            "left_total": a.left_total}
