"""Simulated rounds of every scored variant, settled through the API, with every invariant.

SIM_ROUNDS (default 120 per variant) sets how many; CI runs the default, a soak run more.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

from rules.model import Jing
from rules.tiles import CODES, NAMES_ZH, UNICODE_CHARS, parse_tiles, to_counts
from rules.variants import VARIANTS
from tests.brute import brute_shapes
from tests.settle_props import check_invariants, rotate, rotated_deltas
from tests.sim.engine import Simulator

ROUNDS = int(os.environ.get("SIM_ROUNDS", 120))
SCORED = [name for name, v in VARIANTS.items() if v.scored]
# The only reasons a variant may give for refusing a hand the core calls complete are its
# own restrictions (``Variant.reasons``; RULINGS: 精吊 and 有精平胡 win only by self-draw).
# Anything else, above all "not_complete", would mean the variant and the core disagree.


def _notations(request: dict, style: str) -> dict:
    """The same request with every tile string rewritten in another notation."""
    def convert(text: str):
        tiles = parse_tiles(text)
        if style == "array":
            return [CODES[t] for t in tiles]
        if style == "chinese":
            return "".join(NAMES_ZH[t] for t in tiles)
        if style == "unicode":
            return "".join(UNICODE_CHARS[t] for t in tiles)
        return "".join(CODES[t] for t in tiles)

    out = dict(request)
    out["players"] = []
    for player in request["players"]:
        moved = {k: convert(v) if k in ("hand", "discards") else v for k, v in player.items()}
        if "melds" in player:
            moved["melds"] = [{**m, "tiles": convert(m["tiles"])} for m in player["melds"]]
        out["players"].append(moved)
    if "horses" in request:
        out["horses"] = convert("".join(request["horses"])) if request["horses"] else []
    return out


@pytest.mark.parametrize("variant", SCORED)
def test_simulated_rounds_settle_with_every_invariant(variant, client):
    stats: Counter[str] = Counter()
    for seed in range(ROUNDS):
        played = Simulator(variant, seed).play()
        response = client.post("/settle", json=played.request)
        assert response.status_code == 200, (seed, response.get_json(), played.request)
        answer = response.get_json()
        check_invariants(answer)
        assert sorted(w["seat"] for w in answer["winners"]) == sorted(played.winners)
        assert all(w["evaluation"]["winning"] for w in answer["winners"])
        declared = set(VARIANTS[variant].patterns)  # GET /variants lists them
        for winner in answer["winners"]:
            ids = {p["id"] for p in winner["evaluation"]["patterns"]}
            assert ids <= declared, (seed, ids - declared)
        if not played.winners:
            assert not [t for t in answer["ledger"] if t["reason"] == "hu"]
        stats[played.win_type or "drawn"] += 1
        for reason in played.refused:
            assert reason in VARIANTS[variant].reasons, (seed, reason)
            stats[f"refused {reason}"] += 1
        if seed % 4 == 0:
            by = seed % 3 + 1
            moved = client.post("/settle", json=rotate(played.request, by)).get_json()
            assert moved["deltas"] == rotated_deltas(answer["deltas"], by), seed
        if seed % 5 == 0:
            style = ("array", "chinese", "unicode", "codes")[seed // 5 % 4]
            same = client.post("/settle", json=_notations(played.request, style)).get_json()
            assert same["deltas"] == answer["deltas"], (seed, style)
    wins = ROUNDS - stats["drawn"]
    assert wins >= ROUNDS // 4, f"too few wins to test scoring: {stats}"


@pytest.mark.parametrize("variant", SCORED)
def test_every_winner_is_complete_by_brute_force(variant, client):
    """/evaluate's "winning" is checked against the brute force (hands with ≤ 2 wilds)."""
    checked = 0
    for seed in range(0, ROUNDS, 3):
        played = Simulator(variant, 10_000 + seed).play()
        for seat in played.winners:
            player = played.request["players"][seat]
            body = {"variant": variant, "hand": player["hand"],
                    "melds": player.get("melds", []),
                    "win_tile": played.request["result"]["win_tile"],
                    "win_type": played.request["result"]["win_type"],
                    "dealer": seat == played.request["dealer"],
                    "rules": played.request.get("rules", {})}
            if "jing" in played.request:
                body["jing"] = {"indicator": played.request["jing"]["indicator"]}
            answer = client.post("/evaluate", json=body).get_json()
            if not answer.get("winning"):
                continue  # e.g. a flag only /settle derives; /settle judged it above
            variant_obj = VARIANTS[variant]
            kinds = variant_obj.wild_kinds(_jing(body))
            concealed = parse_tiles(player["hand"])
            naturals = [t for t in concealed if t not in kinds]
            wilds = len(concealed) - len(naturals)
            if wilds > 2:
                continue
            shapes = brute_shapes(to_counts(naturals), wilds,
                                  variant_obj.shapes.honour_chows,
                                  variant_obj.shapes.seven_pairs,
                                  variant_obj.shapes.four_as_two_pairs,
                                  variant_obj.shapes.shi_san_lan,
                                  variant_obj.shapes.shi_san_yao,
                                  len(player.get("melds", [])))
            assert shapes, (seed, seat, body)
            checked += 1
    assert checked >= 5


def _jing(body: dict) -> Jing:
    indicator = body.get("jing", {}).get("indicator")
    return Jing(parse_tiles(indicator)[0] if indicator else None)
