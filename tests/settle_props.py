"""Invariants every /settle answer must keep, for any variant (used by the variant tests).

* the deltas sum to zero;
* the ledger adds up to the deltas;
* moving every seat (and the dealer) by one moves the deltas by one.
"""

from __future__ import annotations

import copy
from typing import Any


def ledger_deltas(answer: dict[str, Any]) -> list[int]:
    deltas = [0, 0, 0, 0]
    for item in answer["ledger"]:
        assert item["amount"] > 0, item
        deltas[item["from"]] -= item["amount"]
        deltas[item["to"]] += item["amount"]
    return deltas


def check_invariants(answer: dict[str, Any]) -> None:
    assert sum(answer["deltas"]) == 0, answer["deltas"]
    assert ledger_deltas(answer) == answer["deltas"], (answer["ledger"], answer["deltas"])


def rotate(request: dict[str, Any], by: int = 1) -> dict[str, Any]:
    """The same round with every seat moved by ``by`` (players, dealer, winners, `from`, …)."""
    moved = copy.deepcopy(request)

    def seat(s: int | None) -> int | None:
        return None if s is None else (s + by) % 4

    players = moved["players"]
    moved["players"] = [players[(i - by) % 4] for i in range(4)]
    for player in moved["players"]:
        for meld in player.get("melds", []):
            if "from" in meld:
                meld["from"] = seat(meld["from"])
    moved["dealer"] = seat(moved["dealer"])
    result = moved["result"]
    result["winners"] = [seat(w) for w in result["winners"]]
    if result.get("discarder") is not None:
        result["discarder"] = seat(result["discarder"])
    for event in moved.get("events", []):
        if event.get("seat") is not None:
            event["seat"] = seat(event["seat"])
    return moved


def rotated_deltas(deltas: list[int], by: int = 1) -> list[int]:
    return [deltas[(i - by) % 4] for i in range(4)]


def check_rotation(post, request: dict[str, Any]) -> None:
    """``post(body) -> answer dict``; the deltas of every rotation are the rotated deltas."""
    base = post(request)
    check_invariants(base)
    for by in (1, 2, 3):
        moved = post(rotate(request, by))
        check_invariants(moved)
        assert moved["deltas"] == rotated_deltas(base["deltas"], by), (by, moved["deltas"])
