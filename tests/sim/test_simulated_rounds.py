"""Simulated rounds of every variant, played through the play engine, replayed from their
logs and settled, with every invariant.

The simulator (tests/sim/engine.py) chooses among the engine's legal actions, so each round
is a legal log. Each one must replay as ``finished``; the /settle body the replay derives
must be the one the simulator's engine derived; settling it must give the replay's
settlement; and the settlement keeps every invariant (zero-sum, a ledger that adds up, seat
rotation, every tile notation giving the same answer).

SIM_ROUNDS (default 1,000 per variant: enough that every kind of win, claim, kong and fact
appears, checked by ``_enough``) sets how many; ``make sim`` runs 20,000. Every round is
replayed in process; every HTTP_EVERY-th also through the HTTP layer (POST /replay, then its
``settle_request`` to POST /settle).
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

import rules
from app.schemas import answers
from app.schemas.requests import ReplaySchema, SettleSchema
from rules.model import Jing
from rules.play import FINISHED
from rules.tiles import CODES, NAMES_ZH, UNICODE_CHARS, parse_tiles, to_counts
from rules.variants import VARIANTS
from tests.brute import brute_shapes
from tests.settle_props import check_invariants, rotate, rotated_deltas
from tests.sim.engine import Simulator

ROUNDS = int(os.environ.get("SIM_ROUNDS", 1000))
HTTP_EVERY = 20
SCORED = [name for name, v in VARIANTS.items() if v.scored]
_REPLAY, _SETTLE = ReplaySchema(), SettleSchema()


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
        moved = {k: convert(v) if k in ("hand", "discards", "dealt") else v
                 for k, v in player.items()}
        if "melds" in player:
            moved["melds"] = [{**m, "tiles": convert(m["tiles"])} for m in player["melds"]]
        out["players"].append(moved)
    if "horses" in request:
        out["horses"] = convert(request["horses"]) if request["horses"] else []
    return out


def _settled(body: dict) -> dict:
    """/settle's answer to ``body``, in process (the dict the endpoint writes)."""
    return answers.settlement(rules.settle(_SETTLE.load(body)))


@pytest.mark.parametrize("variant", SCORED)
def test_simulated_logs_replay_and_settle(variant, client):
    stats: Counter[str] = Counter()
    for seed in range(ROUNDS):
        played = Simulator(variant, seed).play()
        answer = rules.replay(_REPLAY.load(played.log))
        assert answer.status == FINISHED, (seed, played.log)
        assert answer.settle_request is not None and answer.settlement is not None
        derived = answers.settle_request(answer.settle_request)
        assert derived == played.request, seed
        settlement = answers.settlement(answer.settlement)
        assert _settled(derived) == settlement, seed
        check_invariants(settlement)
        assert sorted(w["seat"] for w in settlement["winners"]) == sorted(played.winners)
        declared = set(VARIANTS[variant].patterns)  # GET /variants lists them
        for winner in settlement["winners"]:
            assert winner["evaluation"]["winning"], seed
            ids = {p["id"] for p in winner["evaluation"]["patterns"]}
            assert ids <= declared, (seed, ids - declared)
        if not played.winners:
            assert not [t for t in settlement["ledger"] if t["reason"] == "hu"]
        stats[played.win_type or "drawn"] += 1
        stats.update(f"fact {code}" for code in {f.code for f in answer.facts})
        stats.update(f"meld {m['type']}" for p in derived["players"] for m in p.get("melds", []))
        if seed % HTTP_EVERY == 0:
            _over_http(client, played, seed)
    _enough(variant, stats)


def _over_http(client, played, seed: int) -> None:
    """The same round through the HTTP layer: /replay, its settle_request to /settle, the
    request rotated by some seats and written in another notation."""
    response = client.post("/replay", json=played.log)
    assert response.status_code == 200, (seed, response.get_json())
    answer = response.get_json()
    assert answer["status"] == FINISHED and answer["settle_request"] == played.request
    alone = client.post("/settle", json=answer["settle_request"])
    assert alone.status_code == 200, (seed, alone.get_json())
    assert alone.get_json() == answer["settlement"], seed
    by = seed % 3 + 1
    moved = client.post("/settle", json=rotate(played.request, by)).get_json()
    assert moved["deltas"] == rotated_deltas(answer["settlement"]["deltas"], by), seed
    style = ("array", "chinese", "unicode", "codes")[seed // HTTP_EVERY % 4]
    same = client.post("/settle", json=_notations(played.request, style)).get_json()
    assert same["deltas"] == answer["settlement"]["deltas"], (seed, style)


def _enough(variant: str, stats: Counter[str]) -> None:
    """The rounds reach what they test: wins of every kind, claims and kongs of every kind,
    drawn rounds where the simulated players let walls run out, and the variant's facts."""
    assert stats["drawn"] < ROUNDS * 3 // 4, f"too few wins to test scoring: {stats}"
    if ROUNDS < 500:
        return
    wanted = {"self_draw", "discard", "kong_replacement", "rob_kong", "meld chow",
              "meld pung", "meld kong", "meld added_kong", "meld concealed_kong"}
    play = VARIANTS[variant].play_rules
    if play.false_win:
        wanted.add("fact false_win")
    if play.pass_lock.value != "none":
        wanted |= {"fact win_passed", "fact lock_released"}
    if play.wait_lock_option:
        wanted.add("fact wait_locked")
    if play.bao_feeds:
        wanted.add("fact bao_feed")
    if VARIANTS[variant].takes_horses:
        wanted.add("fact horses")
    missing = {w for w in wanted if not stats[w]}
    assert not missing, (missing, stats)


@pytest.mark.parametrize("variant", SCORED)
def test_every_winner_is_complete_by_brute_force(variant, client):
    """/evaluate's "winning" is checked against the brute force (hands with ≤ 2 wilds)."""
    checked = 0
    for seed in range(0, min(ROUNDS, 120), 3):
        played = Simulator(variant, 10_000 + seed).play()
        for seat in played.winners:
            player = played.request["players"][seat]
            body = {"variant": variant, "hand": player["hand"],
                    "melds": player.get("melds", []),
                    "win_tile": played.request["result"].get("win_tile"),
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
