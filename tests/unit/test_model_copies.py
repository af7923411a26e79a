"""The cheap copies of request values (rules/model.py) equal what dataclasses.replace gives."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.model import EvaluateRequest, Meld, PlayerTiles, Result, SettleRequest
from rules.tiles import parse_tiles, to_counts


def _request() -> EvaluateRequest:
    hand = PlayerTiles(tuple(parse_tiles("123m456p789s11sE")), (Meld("pung", (31, 31, 31)),))
    return EvaluateRequest("guangdong", hand, win_type="discard", seat_wind=28)


def test_changed_equals_replace_and_leaves_the_original_alone():
    request = _request()
    copy = request.changed(win_tile=27, rules={"cap": 4})
    assert copy == replace(request, win_tile=27, rules={"cap": 4})
    assert request.win_tile is None and request.rules == {}


def test_changed_refuses_a_field_that_does_not_exist():
    with pytest.raises(TypeError, match="win_tiles"):
        _request().changed(win_tiles=27)


def test_a_settle_request_changes_the_same_way():
    request = SettleRequest("qinzhou", 1, (_request().hand,) * 4, Result((0,), 27, "discard", 2))
    copy = request.changed(rules={"base": 2})
    assert copy == replace(request, rules={"base": 2}) and request.rules == {}
    with pytest.raises(TypeError, match="SettleRequest has no field among \\['rule'\\]"):
        request.changed(rule={})


def test_with_concealed_counts_the_new_tiles():
    hand = _request().hand
    assert hand.counts == to_counts(hand.concealed)  # worked out, and kept
    more = hand.with_concealed(tuple(sorted((*hand.concealed, 27))))
    assert more == replace(hand, concealed=tuple(sorted((*hand.concealed, 27))))
    assert more.counts == to_counts(more.concealed) != hand.counts
