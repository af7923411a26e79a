"""rules.advise held to what we did not write for it (issue 31): every discard's numbers
against the analysis core's own waits and /evaluate's answers for the 13 tiles left, on
simulated hands of every variant (jing wild where the variant makes them), and the copies
left counted by hand.

* the core's ``waits`` of the 13 tiles left are the shapes' waits; those with a copy the
  player has not seen are the live ones (issue 36: a fifth copy does not exist). Without
  wilds a discard is ready (shanten 0) exactly when a live wait exists; with wild jing when
  a shaped wait exists (a drawn jing may stand in for a copy that is gone). Its 进张
  (``tiles``) are the live waits (a drawn jing among them), and its ``waits`` name the same
  tiles;
* the waits and their values are what ``rules.evaluate`` answers for those 13 tiles, as a
  self-draw and as a discard (a discard value only where that win type is allowed), less
  the waits with no copy left;
* ``left`` is 4 minus what the hand (the discard included), its melds, ``visible`` and a
  flipped indicator out of play hold, never 0;
* the discards come in the contract's order.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import rules
from bench.advice import advice_hand
from bench.bodies import advices, rounds
from rules.analysis import waits as core_waits
from rules.hand import HandView
from rules.model import (
    DISCARD,
    SELF_DRAW,
    AdviseRequest,
    EvaluateRequest,
    Jing,
    Meld,
    PlayerTiles,
)
from rules.tiles import parse_tiles
from rules.variants import VARIANTS
from tests.unit.test_wait_classes import both_ways, two_evaluations

SIMULATED = 24  # rounds per variant (about two advice bodies each)


def _from_body(body: dict) -> AdviseRequest:
    melds = tuple(Meld(m["type"], tuple(parse_tiles(m["tiles"])), m.get("from"))
                  for m in body.get("melds", []))
    jing = Jing(indicator=parse_tiles(body["jing"]["indicator"])[0]) if body.get("jing") \
        else Jing()
    wind = parse_tiles(body["seat_wind"])[0] if body.get("seat_wind") else None
    return AdviseRequest(body["variant"], PlayerTiles(tuple(parse_tiles(body["hand"])), melds),
                         jing, tuple(parse_tiles(body["visible"])), body["dealer"], wind)


def _requests() -> list[AdviseRequest]:
    out = [_from_body(b) for b in advices(rounds(SIMULATED, seed=31_031))]
    rng = random.Random(31_032)
    for jing in (0, 1, 2, 3):  # hands by jing held, near-complete or dealt
        for variant in (("xingguo", "nanchang") if jing else ("guangdong", "qinzhou")):
            out += [advice_hand(rng, variant, jing) for _ in range(12)]
    return out


REQUESTS = _requests()


def _evaluated(request: AdviseRequest, concealed: tuple[int, ...], win_type: str):
    query = EvaluateRequest(request.variant, PlayerTiles(concealed, request.hand.melds),
                            win_type=win_type, dealer=request.dealer,
                            seat_wind=request.seat_wind, round_wind=request.round_wind,
                            jing=request.jing, rules=request.rules)
    return rules.evaluate(query).waits or []


def _seen(variant, request: AdviseRequest) -> Counter:
    seen = Counter(request.hand.all_held()) + Counter(request.visible)
    for _, tiles in variant.out_of_play(request.jing):
        seen.update(tiles)
    return seen


def test_the_oracle_sees_hands_of_every_kind():
    variants = Counter(r.variant for r in REQUESTS)
    assert set(variants) == {"xingguo", "nanchang", "qinzhou", "guangdong"}
    shanten = Counter(rules.advise(r).shanten for r in REQUESTS)
    assert {-1, 0, 1, 2} <= set(shanten), shanten


@pytest.mark.parametrize("index", range(0, len(REQUESTS)))
def test_each_discard_agrees_with_the_core_and_with_evaluate(index):
    request = REQUESTS[index]
    variant = VARIANTS[request.variant]
    advice = rules.advise(request)
    kinds = variant.wild_kinds(request.jing)
    seen = _seen(variant, request)
    assert sorted(d.discard for d in advice.discards) == sorted({*request.hand.concealed})
    for entry in advice.discards:
        concealed = list(request.hand.concealed)
        concealed.remove(entry.discard)
        view = HandView.of(PlayerTiles(tuple(concealed), request.hand.melds), kinds)
        shaped = core_waits(view.natural, view.wilds, variant.shapes, len(view.melds), kinds)
        live = [t for t in shaped if seen[t] < 4]
        assert (entry.shanten == 0) == bool(shaped if kinds else live), (request, entry.discard)
        assert all(d.left == 4 - seen[d.tile] > 0 for d in entry.draws)
        assert entry.left_total == sum(d.left for d in entry.draws)
        if entry.shanten != 0:
            assert entry.waits is None
            continue
        assert [d.tile for d in entry.draws] == [w.tile for w in entry.waits] == sorted(live)
        for win_type, field in ((SELF_DRAW, "self_draw"), (DISCARD, "on_discard")):
            evaluated = {w.tile: w for w in _evaluated(request, tuple(concealed), win_type)
                         if seen[w.tile] < 4}
            assert [w.tile for w in entry.waits] == list(evaluated) or win_type == DISCARD
            for wait in entry.waits:
                value, said = getattr(wait, field), evaluated.get(wait.tile)
                if value is None:  # not allowed so: /evaluate fell back or could not win
                    assert said is None or said.won_by != win_type or said.total is None
                else:
                    assert (value.total, value.patterns) == (said.total, said.patterns)
                    assert said.won_by == win_type


def test_a_ready_discards_waits_are_the_two_evaluations_in_every_variant():
    """``Variant.waits_both_ways`` (what /advise values a ready discard's waits with, given
    its 进张 as the tiles that complete it) answers what /evaluate says of the 13 tiles
    asked as a self-draw and as a discard: tile, total, pattern ids, note and win type."""
    checked = Counter()
    for request in REQUESTS:
        variant = VARIANTS[request.variant]
        for entry in rules.advise(request).discards:
            if entry.shanten != 0:
                continue
            concealed = list(request.hand.concealed)
            concealed.remove(entry.discard)
            query = EvaluateRequest(request.variant, PlayerTiles(tuple(concealed),
                                                                 request.hand.melds),
                                    dealer=request.dealer, seat_wind=request.seat_wind,
                                    round_wind=request.round_wind, jing=request.jing,
                                    rules=request.rules)
            view = HandView.of(PlayerTiles(tuple(concealed), request.hand.melds),
                               variant.wild_kinds(request.jing))
            shaped = core_waits(view.natural, view.wilds, variant.shapes, len(view.melds),
                                variant.wild_kinds(request.jing))
            assert both_ways(query, shaped) == two_evaluations(query), (request, entry)
            checked[request.variant] += 1
    assert min(checked[v] for v in VARIANTS) >= 10, checked


def test_the_discards_come_in_the_contracts_order():
    for request in REQUESTS[:60]:
        entries = rules.advise(request).discards
        keys = [(e.shanten, -e.left_total, -e.value, e.discard) for e in entries]
        assert keys == sorted(keys)
