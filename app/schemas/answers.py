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
    Expected,
    Flags,
    GroupView,
    ImprovingTile,
    JingAnswer,
    JingScore,
    JingSeat,
    MatchAnswer,
    Meld,
    Pattern,
    Payment,
    RoundSettlement,
    Settlement,
    SettleRequest,
    Standing,
    Transfer,
    Wait,
    WaitAdvice,
    WaitValue,
)
from rules.play import Action, Fact, ReplayAnswer, SeatView
from rules.review import Decision, Review, Summary
from rules.seat_advice import SeatAdvice
from rules.tiles import CODES, compact, compact_in_order

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
    return {"indicator": j.indicator, "source": j.source, "zheng": CODES[j.zheng],
            "fu": CODES[j.fu],
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
    out = {"discard": CODES[d.discard], "shanten": d.shanten,
           "tiles": [draw(t) for t in d.draws], "left_total": d.left_total, "value": d.value,
           "waits": None if d.waits is None else [wait_advice(w) for w in d.waits]}
    if d.expected is not None:
        out.update(expected_numbers(d.expected))
    return out


def expected_numbers(e: Expected) -> Json:
    """The model's two numbers (null where the hand is more than 3 from ready)."""
    return {"win_probability": e.win_probability, "expected_score": e.expected_score}


def seat_advice(a: SeatAdvice) -> Json:
    """A /advise answer in log mode: the seat's own advice, its actions valued, the best."""
    out = advice(a.advice)
    out["seat"] = a.seat
    out["actions"] = [{**action(v.action), **expected_numbers(v.expected)} for v in a.actions]
    out["best"] = None if a.best is None else action(a.best)
    return out


def advice(a: Advice) -> Json:
    """A /advise answer: the hand's shanten, and its discards or its own 进张; with
    ``expected``, the model's numbers, the inputs it used and the best discard."""
    out: Json = {
        "shanten": a.shanten,
        "discards": None if a.discards is None else [discard_advice(d) for d in a.discards],
        "tiles": None if a.draws is None else [draw(t) for t in a.draws],
        "left_total": a.left_total}
    if a.inputs is not None:
        out["expected"] = {"draws_left": a.inputs.draws_left, "changes": a.inputs.changes,
                           "objective": a.inputs.objective}
        out["best"] = None if a.best is None else CODES[a.best]
        if a.expected is not None:
            out.update(expected_numbers(a.expected))
    return out


# ---------------------------------------------------------------------------- POST /replay

def _compact(tiles: Any) -> str:
    """Tiles as a compact string, in their order (a pond, a wall): ``"59m1s8mE"``."""
    return compact_in_order(tiles)


def meld(m: Meld) -> Json:
    """A meld as a request writes it (/settle's ``players[].melds[]``)."""
    out: Json = {"type": m.kind, "tiles": compact(m.tiles)}
    if m.source is not None:
        out["from"] = m.source
    if m.claimed is not None:
        out["claimed"] = CODES[m.claimed]
    if m.order is not None:
        out["claim_order"] = m.order
    return out


def flags(f: Flags) -> Json:
    """The flags that are on (and a kong chain), as a request writes them."""
    return {name: value for name, value in f.__dict__.items() if value}


def settle_request(r: SettleRequest) -> Json:
    """A /settle body, as a client would write it: posting it to /settle settles it."""
    players = []
    for p in r.players:
        player: Json = {"hand": compact(p.concealed)}
        if p.melds:
            player["melds"] = [meld(m) for m in p.melds]
        if p.discards:
            player["discards"] = _compact(p.discards)
        if p.dealt is not None:
            player["dealt"] = compact(p.dealt)
        if p.flags is not None and flags(p.flags):
            player["flags"] = flags(p.flags)
        players.append(player)
    result: Json = {"winners": list(r.result.winners)}
    if r.result.win_tile is not None:
        result["win_tile"] = CODES[r.result.win_tile]
    if r.result.win_type is not None:
        result["win_type"] = r.result.win_type
    if r.result.discarder is not None:
        result["discarder"] = r.result.discarder
    if flags(r.result.flags):
        result["flags"] = flags(r.result.flags)
    body: Json = {"variant": r.variant, "dealer": r.dealer, "players": players,
                  "result": result}
    jing = {name: CODES[tile] for name, tile in r.jing.__dict__.items() if tile is not None}
    if jing:
        body["jing"] = jing
    if r.events:
        body["events"] = [{"type": e.type, "rounds": e.rounds} if e.type == "follow_dealer"
                          else {"type": e.type, "seat": e.seat} for e in r.events]
    if r.horses:
        body["horses"] = _compact(r.horses)
    if r.round_wind is not None:
        body["round_wind"] = CODES[r.round_wind]
    if r.rules:
        body["rules"] = dict(r.rules)
    return body


def action(a: Action) -> Json:
    """An action as a log writes it."""
    out: Json = {"seat": a.seat, "type": a.type}
    if a.tile is not None:
        out["tile"] = CODES[a.tile]
    if a.tiles is not None:
        out["tiles"] = _compact(a.tiles)
    if a.missing:
        out["missing"] = list(a.missing)
    return out


def fact(f: Fact) -> Json:
    return {"action": f.action, "code": f.code, "seat": f.seat, "detail": f.detail}


def seat_view(s: SeatView) -> Json:
    return {"hand": _codes(s.concealed), "melds": [meld(m) for m in s.melds],
            "discards": _codes(s.discards)}


def replay_answer(a: ReplayAnswer, ruleset: Json) -> Json:
    """A /replay answer (without ``variant`` and ``ruleset``: the view adds both); a
    finished round's settlement is what /settle answers for its ``settle_request``."""
    out: Json = {"status": a.status, "facts": [fact(f) for f in a.facts]}
    if a.settle_request is not None and a.settlement is not None:
        request = settle_request(a.settle_request)
        out["settle_request"] = request
        out["settlement"] = {"variant": request["variant"], **settlement(a.settlement),
                             "ruleset": ruleset}
    if a.seats is not None:
        out["turn"] = a.turn
        out["seats"] = [seat_view(s) for s in a.seats]
    if a.legal is not None:
        out["legal"] = [[action(x) for x in seat] for seat in a.legal]
    return out


# ---------------------------------------------------------------------------- POST /review

def review_answer(r: Review) -> Json:
    """A /review answer: the model's inputs, and each seat's decisions and summary."""
    return {"expected": {"changes": r.inputs.changes, "objective": r.inputs.objective},
            "seats": [{"seat": s.seat, "decisions": [decision(d) for d in s.decisions],
                       "summary": review_summary(s.summary)} for s in r.seats]}


def decision(d: Decision) -> Json:
    return {"action": d.action, "draws_left": d.draws_left, "played": action(d.played),
            "best": None if d.best is None else action(d.best),
            "played_value": d.played_value, "best_value": d.best_value, "loss": d.loss,
            "too_large": d.too_large}


def review_summary(s: Summary) -> Json:
    return {"decisions": s.decisions, "agreement": s.agreement, "total_loss": s.total_loss,
            "largest": list(s.largest), "too_large": s.too_large}
