"""Stacked walls: rounds the random games reach too rarely, played by the same engine.

一炮三响 (three players win on one discard) reaches the settlement's rarest paths: one
discarder paying three winners, qinzhou's horses owned by the first winner only, guangdong's
raise to 3 fan. The engine plays them from a wall stacked so that the dealer's loosest tile
is the one all three others wait on.
"""

from __future__ import annotations

import pytest

from rules.tiles import parse_tiles
from rules.variants import VARIANTS
from tests.settle_props import check_invariants, rotate, rotated_deltas
from tests.sim.engine import Simulator, stacked_wall

# The dealer (seat 0) draws 白 P and discards it; seats 1-3 each wait on P for their pair.
THREE_WAIT_ON_P = [
    "123m456m789m123p4p",  # dealer: P is its loosest tile
    "123s456s789sEEEP",
    "123m456m789mSSSP",
    "123p456p789pWWWP",
]
SEVERAL = [name for name, v in VARIANTS.items() if v.scored and v.max_winners >= 3]


def _three_winners(variant: str, seed: int):
    hands = [parse_tiles(h) for h in THREE_WAIT_ON_P]
    wall = stacked_wall(hands, parse_tiles("P"), seed)
    return Simulator(variant, seed, wall=wall, dealer=0, stray=0.0).play()


@pytest.mark.parametrize("variant", SEVERAL)
@pytest.mark.parametrize("seed", range(3))
def test_one_discard_three_winners(variant, seed, client):
    played = _three_winners(variant, seed)
    assert played.winners == [1, 2, 3] and played.win_type == "discard"
    assert played.request["result"]["discarder"] == 0
    response = client.post("/settle", json=played.request)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    check_invariants(answer)
    assert sorted(w["seat"] for w in answer["winners"]) == [1, 2, 3]
    hu = [t for t in answer["ledger"] if t["reason"] == "hu"]
    assert {t["from"] for t in hu} == {0} and {t["to"] for t in hu} == {1, 2, 3}
    assert answer["deltas"][0] < 0 and sum(answer["deltas"][1:]) > 0
    if variant != "qinzhou":  # (qinzhou: a winner may pay another's horses, seed 003 例 B)
        assert all(d > 0 for d in answer["deltas"][1:])
    moved = client.post("/settle", json=rotate(played.request, 2)).get_json()
    assert moved["deltas"] == rotated_deltas(answer["deltas"], 2)


def test_only_one_winner_when_the_table_plays_without_yi_pao_duo_xiang(client):
    hands = [parse_tiles(h) for h in THREE_WAIT_ON_P]
    wall = stacked_wall(hands, parse_tiles("P"))
    played = Simulator("guangdong", 0, {"yi_pao_duo_xiang": False}, wall=wall, dealer=0,
                       stray=0.0).play()
    assert played.winners == [1]  # 截胡: the first seat after the discarder
    answer = client.post("/settle", json=played.request).get_json()
    check_invariants(answer)
    assert [w["seat"] for w in answer["winners"]] == [1]


def test_a_stacked_wall_never_holds_a_fifth_copy():
    with pytest.raises(ValueError):
        stacked_wall([parse_tiles("PPPPP12345m6789m")] * 4, [])
