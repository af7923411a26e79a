"""A wait's value (rules/variant.py ``wait_value``) is what the hand scores when it wins on
that tile: the shortcut it takes (no second validation, no decomposition) changes nothing."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import pytest

import rules
from app.views import _EVALUATE_IN
from bench.bodies import evaluations, rounds
from rules.model import SELF_DRAW, EvaluateRequest, PlayerTiles
from rules.tiles import parse_tiles

VARIANTS = ("guangdong", "qinzhou", "xingguo", "nanchang")


@lru_cache(maxsize=1)
def _simulated() -> list[dict]:
    """/evaluate bodies of every hand of simulated rounds (bench/bodies.py)."""
    return evaluations(rounds(30, seed=4_200_000), waiting_share=1)


def _waiting_requests(variant: str) -> list[EvaluateRequest]:
    """The 13-tile hands of one variant, every other one asking for discard wins."""
    bodies = [b for b in _simulated() if b["variant"] == variant and "win_type" not in b]
    found = []
    for n, body in enumerate(bodies):
        body = {**body, "win_type": "discard"} if n % 2 else body
        request = _EVALUATE_IN.load(body)
        if rules.evaluate(request).waits:
            found.append(request)
    return found


def _won(request: EvaluateRequest, tile: int, win_type: str) -> rules.Evaluation:
    hand = replace(request.hand, concealed=tuple(sorted((*request.hand.concealed, tile))))
    query = replace(request, hand=hand, win_tile=tile, win_type=win_type)
    if win_type == SELF_DRAW:
        query = replace(query, discarder_is_dealer=None)
    return rules.evaluate(query)


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_wait_is_worth_what_the_won_hand_scores(variant):
    requests = _waiting_requests(variant)
    assert len(requests) >= 10, "too few waiting hands to compare"
    for request in requests:
        for wait in rules.evaluate(request).waits:
            asked = request.win_type or SELF_DRAW
            won = _won(request, wait.tile, asked)
            if not won.winning:  # the wait says it wins only by self-draw
                assert str(wait.note).startswith(f"only by {SELF_DRAW}"), (request, wait)
                won = _won(request, wait.tile, SELF_DRAW)
            assert won.winning, (request, wait)
            assert (wait.total, wait.patterns) == (won.total, [p.id for p in won.patterns])
            assert won.decomposition  # the full evaluation still shows its reading


def test_a_wait_with_no_copy_left_is_dead():
    """Before, the waits were scored as 14-tile requests whose four-copies check counted the
    player's discards: 5p held once and discarded three times raised "5 copies of 5p"."""
    hand = PlayerTiles(tuple(parse_tiles("123456789m1235p")), discards=(13, 13, 13))
    answer = rules.evaluate(EvaluateRequest("guangdong", hand))
    assert (answer.reason, answer.waits) == ("not_ready", [])
    assert str(answer.message).startswith("only 5p would complete this hand")
    live = PlayerTiles(hand.concealed, discards=(13, 13))
    assert [w.tile for w in rules.evaluate(EvaluateRequest("guangdong", live)).waits] == [13]
