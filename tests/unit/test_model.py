"""The request dataclasses' own helpers."""

from __future__ import annotations

from dataclasses import fields, replace

from rules.model import (
    EvaluateRequest,
    Event,
    Flags,
    Jing,
    Meld,
    PlayerTiles,
    Result,
    SettleRequest,
)


def _distinct(cls):
    """Every field of ``cls`` set to a value no default has, so a field left out shows."""
    hand = PlayerTiles((0, 1, 2), (Meld("pung", (5, 5, 5)),))
    values = {"variant": "v", "hand": hand, "win_tile": 2, "win_type": "discard",
              "dealer": True, "discarder_is_dealer": False, "seat_wind": 28, "round_wind": 29,
              "jing": Jing(3), "flags": Flags(heavenly=True), "rules": {"a": 1},
              "players": (hand,) * 4, "result": Result((1,), 2, "discard", 0),
              "events": (Event("follow_dealer"),), "horses": (4,)}
    return cls(**{f.name: values[f.name] if f.name != "dealer" or cls is EvaluateRequest
                  else 1 for f in fields(cls)})


def test_with_rules_is_replace_of_the_rules_alone():
    for cls in (EvaluateRequest, SettleRequest):
        request = _distinct(cls)
        assert request.with_rules({"b": 2}) == replace(request, rules={"b": 2})


def test_with_win_type_is_replace_of_the_win_type_alone():
    request = _distinct(EvaluateRequest)
    assert request.with_win_type("rob_kong") == replace(request, win_type="rob_kong")
