"""Simulated matches: /match must equal the rounds settled one by one through /settle, with
the dealer, round wind, floor and 回头一笑 the simulated table carried into each. A third of
the rounds are sent as their logs (the /replay form), mixed with settled rounds.

The table's rotation is written in tests/sim/engine.py (``play_match``), apart from the
service's rules/matches.py. SIM_MATCHES (default 3 per setting) sets how many matches.
"""

from __future__ import annotations

import os
from itertools import pairwise

import pytest

from tests.settle_props import check_invariants
from tests.sim.engine import play_match

MATCHES = int(os.environ.get("SIM_MATCHES", 3))
LOGS = 1 / 3  # the share of rounds sent as logs
ROUNDS = 16
# Every variant with its defaults, and the settings that change what a match carries.
SETTINGS = [
    ("xingguo", {}), ("nanchang", {}), ("qinzhou", {}), ("guangdong", {}),
    ("nanchang", {"pa_lou_ti": "man_shang_man_xia"}),
    ("nanchang", {"pa_lou_ti": "die_zhi_di_ceng", "floor": 2, "hui_tou_yi_xiao": False}),
    ("xingguo", {"dealer_passes_on_draw": True}),
    ("qinzhou", {"dealer_passes_on_draw": True, "horse_count": 10}),
]
SETTLED = ("deltas", "ledger", "winners", "jing", "notes", "next_floor")


@pytest.mark.parametrize(("variant", "options"), SETTINGS,
                         ids=[f"{v}-{'-'.join(o) or 'defaults'}" for v, o in SETTINGS])
def test_a_match_is_its_rounds_settled_one_by_one(variant, options, client):
    for n in range(MATCHES):
        played = play_match(variant, 500 + n, ROUNDS, options, logs=LOGS)
        assert any("actions" in r for r in played.body["rounds"])
        response = client.post("/match", json=played.body)
        assert response.status_code == 200, (n, response.get_json())
        answer = response.get_json()
        assert len(answer["rounds"]) == ROUNDS
        running = [0, 0, 0, 0]
        for i, (got, body) in enumerate(zip(answer["rounds"], played.rounds, strict=True)):
            alone = client.post("/settle", json=body)
            assert alone.status_code == 200, (n, i, alone.get_json())
            single = alone.get_json()
            check_invariants(single)
            assert {k: got[k] for k in SETTLED} == {k: single[k] for k in SETTLED}, (n, i)
            assert got["dealer"] == played.dealers[i], (n, i)
            assert got["round_wind"] == played.winds[i], (n, i)
            assert got["floor"] == played.floors[i], (n, i)
            assert got["carried_jing"] == played.carried[i], (n, i)
            running = [t + d for t, d in zip(running, single["deltas"], strict=True)]
            assert got["totals"] == running, (n, i)
        assert answer["totals"] == running and sum(running) == 0
        assert [s["total"] for s in answer["standings"]] == sorted(running, reverse=True)
        assert sorted(s["seat"] for s in answer["standings"]) == [0, 1, 2, 3]


def test_the_simulated_matches_reach_what_they_test():
    """Across the matches above: streaks, draws, deals passing, a turned wind, floors that
    rise and fall, and 回头一笑 carried, so that the comparison covers each."""
    seen = set()
    for variant, options in SETTINGS:
        for n in range(MATCHES):
            played = play_match(variant, 500 + n, ROUNDS, options)
            pairs = list(pairwise(played.dealers))
            if any(a == b for a, b in pairs):
                seen.add("streak or draw kept the deal")
            if any(a != b for a, b in pairs):
                seen.add("deal passed")
            if variant == "qinzhou" and any((b - a) % 4 > 1 for a, b in pairs):
                seen.add("qinzhou winner took the deal across the table")
            if any(not r["result"]["winners"] for r in played.rounds):
                seen.add(f"{variant} drawn round")
            if len({w for w in played.winds if w}) > 1:
                seen.add("round wind turned")
            floors = [f for f in played.floors if f is not None]
            if any(b > a for a, b in pairwise(floors)):
                seen.add("floor rose")
            if any(b < a for a, b in pairwise(floors)):
                seen.add("floor fell")
            if any(played.carried):
                seen.add("回头一笑 carried")
    wanted = {"streak or draw kept the deal", "deal passed", "round wind turned",
              "qinzhou winner took the deal across the table", "floor rose", "floor fell",
              "回头一笑 carried", *(f"{v} drawn round" for v, _ in SETTINGS)}
    assert wanted <= seen, wanted - seen


def test_a_logged_round_that_has_not_ended_is_refused(client):
    """A match's rounds are finished: a log that stops with tiles to draw is a 422 naming
    that round's actions."""
    played = play_match("guangdong", 600, 2, logs=1.0)
    rounds = played.body["rounds"]
    rounds[1] = {**rounds[1], "actions": rounds[1]["actions"][:5]}
    response = client.post("/match", json=played.body)
    assert response.status_code == 422
    error = response.get_json()["errors"][0]
    assert (error["field"], error["code"]) == ("rounds[1].actions", "match.unfinished_round")


def test_a_logged_round_is_dealt_by_the_derived_dealer(client):
    """The match derives the dealer: a log whose deal gives another seat the 14 tiles is a
    422 naming the round's deal."""
    played = play_match("xingguo", 601, 2, logs=1.0)
    second = played.body["rounds"][1]
    dealer = played.dealers[1]
    other = (dealer + 1) % 4
    deal = list(second["deal"])
    deal[dealer], deal[other] = deal[other], deal[dealer]  # the 14 tiles to another seat
    played.body["rounds"][1] = {**second, "deal": deal}
    response = client.post("/match", json=played.body)
    assert response.status_code == 422
    fields = {e["field"] for e in response.get_json()["errors"]}
    assert f"rounds[1].deal[{dealer}]" in fields, response.get_json()


def test_a_round_is_settled_or_logged_not_both(client):
    played = play_match("qinzhou", 602, 1)
    settled = played.body["rounds"][0]
    both = {**settled, "deal": played.logs[0]["deal"], "actions": played.logs[0]["actions"]}
    response = client.post("/match", json={**played.body, "rounds": [both]})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["field"] == "rounds[0].deal"
