"""Helpers for the Jiangxi API tests: request bodies for one hand and for a round."""

from __future__ import annotations

from typing import Any


def hand_body(variant: str, hand: str, *, jing: str, win_type: str = "self_draw",
              win_tile: str | None = None, dealer: bool = False,
              discarder_is_dealer: bool | None = None, melds: list | None = None,
              flags: dict | None = None, rules: dict | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"variant": variant, "hand": hand, "jing": {"indicator": jing},
                            "win_type": win_type, "dealer": dealer}
    if win_tile is not None:
        body["win_tile"] = win_tile
    if discarder_is_dealer is not None:
        body["discarder_is_dealer"] = discarder_is_dealer
    if melds:
        body["melds"] = melds
    if flags:
        body["flags"] = flags
    if rules:
        body["rules"] = rules
    return body


def amounts(answer: dict[str, Any]) -> list[int]:
    """The payments in the seed's order (dealer, discarder, the others)."""
    return [p["amount"] for p in answer["payments"]]


def ids(answer: dict[str, Any]) -> set[str]:
    return {p["id"] for p in answer["patterns"]}


def received(answer: dict[str, Any], seat: int, reason: str) -> list[tuple[int, int]]:
    """(payer, amount) of every ledger line paying ``seat`` for ``reason``."""
    return sorted((t["from"], t["amount"]) for t in answer["ledger"]
                  if t["to"] == seat and t["reason"] == reason)
