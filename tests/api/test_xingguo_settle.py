"""xingguo /settle: hu + jing + kongs + events for all four players, each round worked by hand.

Seat tiles are chosen so that every copy count stays within four (three for the 正精, whose
indicator is out of play).
"""

from __future__ import annotations

import copy

import pytest

from tests.api.jiangxi_cases import received
from tests.settle_props import check_invariants, check_rotation

# Round 1 — dealer seat 0, jing 5s (正) / 6s (副). Seat 1 self-draws 有精平胡 on 9m.
#   hu: 闲家平胡有精自摸 4+2+2 (A3): seat 0 pays 4, seats 2 and 3 pay 2 → seat 1 +8.
#   jing: seat 1 holds a 5s (2), seat 2 a 6s (1), seat 3 discarded a 5s (2, 丢精算自己的精);
#         each collects its count from each other seat.
#   kong: seat 2's concealed kong of 9p, 2 from each.
#   seat 0: −4 −(2+1+2) −2 = −11 · seat 1: +8 +6 −1 −2 −2 = +9
#   seat 2: −2 +3 −2 −2 +6 = +3 · seat 3: −2 +6 −2 −1 −2 = −1
ROUND_1 = {
    "variant": "xingguo", "dealer": 0, "jing": {"indicator": "5s"},
    "players": [
        {"hand": "234s789s444p777pN"},
        {"hand": "123m456m789m12p5sEE"},
        {"hand": "123s888p6sCCC", "melds": [{"type": "concealed_kong", "tiles": "9999p"}]},
        {"hand": "234m567m11sFFFWP", "discards": "5s9m"},
    ],
    "result": {"winners": [1], "win_tile": "9m", "win_type": "self_draw"},
}

# Round 2 — dealer seat 2, jing 9m (正) / 1m (副, 9→1). Seat 0 wins 德国大七 on seat 3's 4p.
#   hu: 闲家点闲家德国大七 16+21+8 (C10): dealer seat 2 pays 16, discarder seat 3 pays 21,
#       seat 1 pays 8 → seat 0 +45.
#   jing: seat 1's exposed kong of 1m counts 4 → 4 from each; seat 2 punged 9m from seat 0:
#         2 × 3 = 6, 冲关 18 — its own two 9m count 4, the claimed one made it 冲关, so seat 0
#         pays 3 × 18 = 54 alone (F组 4 包).
#   jing kong: seat 1's 碰杠精 (1m from seat 3): 20 × 3 = 60 paid by seat 3 alone (F组 5).
#   跟庄 once: the dealer seat 2 pays 5 to each.
#   seat 0: +45 −4 −54 +5 = −8 · seat 1: −8 +12 +60 +5 = +69
#   seat 2: −16 −4 +54 −15 = +19 · seat 3: −21 −4 −60 +5 = −80
ROUND_2 = {
    "variant": "xingguo", "dealer": 2, "jing": {"indicator": "9m"},
    "players": [
        {"hand": "222p333s777s44p", "melds": [{"type": "pung", "tiles": "888s", "from": 2}]},
        {"hand": "345p678pWWWS", "melds": [{"type": "kong", "tiles": "1111m", "from": 3}]},
        {"hand": "234m567mCCCF", "melds": [{"type": "pung", "tiles": "999m", "from": 0}]},
        {"hand": "456s99p111pNNNPP"},
    ],
    "result": {"winners": [0], "win_tile": "4p", "win_type": "discard", "discarder": 3},
    "events": [{"type": "follow_dealer", "rounds": 1}],
}


def settle(post, body):
    status, answer = post("/settle", body)
    assert status == 200, answer
    check_invariants(answer)
    return answer


def test_round_1_hu_jing_kong(post):
    answer = settle(post, ROUND_1)
    assert answer["deltas"] == [-11, 9, 3, -1]
    assert received(answer, 1, "hu") == [(0, 4), (2, 2), (3, 2)]
    assert received(answer, 2, "kong") == [(0, 2), (1, 2), (3, 2)]
    assert [s["count"] for s in answer["jing"][0]["seats"]] == [0, 2, 1, 2]
    assert answer["winners"][0]["evaluation"]["total"] == 8


def test_round_2_liability_pung_kong_of_jing_follow_dealer(post):
    answer = settle(post, ROUND_2)
    assert answer["deltas"] == [-8, 69, 19, -80]
    assert received(answer, 0, "hu") == [(1, 8), (2, 16), (3, 21)]
    assert received(answer, 2, "jing") == [(0, 54)]
    assert received(answer, 1, "jing_kong") == [(3, 60)]
    assert received(answer, 0, "follow_dealer") == [(2, 5)]


@pytest.mark.parametrize("body", [ROUND_1, ROUND_2], ids=["round 1", "round 2"])
def test_rotation(post, body):
    check_rotation(lambda b: settle(post, b), body)


def test_e4_false_win(post):
    # E组 4: 诈胡 -60 = -20 -20 -20
    body = copy.deepcopy(ROUND_1)
    body["events"] = [{"type": "false_win", "seat": 3}]
    answer = settle(post, body)
    assert sorted((t["to"], t["amount"]) for t in answer["ledger"]
                  if t["reason"] == "false_win") == [(0, 20), (1, 20), (2, 20)]
    assert answer["deltas"][3] == -1 - 60


@pytest.mark.parametrize("rounds", [1, 3])
def test_e8_follow_dealer(post, rounds):
    # E组 8: 第一轮出牌跟庄家 -15 = -5 -5 -5, 可跟无数轮，每轮庄家 -15
    body = copy.deepcopy(ROUND_1)
    body["events"] = [{"type": "follow_dealer", "rounds": rounds}]
    answer = settle(post, body)
    assert [t["amount"] for t in answer["ledger"] if t["reason"] == "follow_dealer"] == \
        [5 * rounds] * 3
    assert answer["deltas"][0] == -11 - 15 * rounds


@pytest.mark.parametrize("kind", ["kong", "added_kong", "concealed_kong"])
def test_e5_every_kong_takes_two_from_each(post, kind):
    # E组 5: 暗杠、碰杠、补杠 +2 +2+2=6 — seat 2's 9p kong in every kind.
    body = copy.deepcopy(ROUND_1)
    meld = {"type": kind, "tiles": "9999p"}
    if kind != "concealed_kong":
        meld["from"] = 1
    body["players"][2]["melds"] = [meld]
    answer = settle(post, body)
    assert received(answer, 2, "kong") == [(0, 2), (1, 2), (3, 2)]


# Supplement 6 — seat 2 holds a concealed kong of the 副精 6s (4 jing); dealer seat 0 self-
# draws 德国平胡 (no jing); seat 1 may hold a 5s so that seat 2 is not 霸精.
def kong_of_jing_round(seat_1: str, seat_2: str) -> dict:
    return {
        "variant": "xingguo", "dealer": 0, "jing": {"indicator": "5s"},
        "players": [
            {"hand": "123m456m789m123pEE"},
            {"hand": seat_1},
            {"hand": seat_2, "melds": [{"type": "concealed_kong", "tiles": "6666s"}]},
            {"hand": "234m567m11sFFFWP"},
        ],
        "result": {"winners": [0], "win_tile": "9m", "win_type": "self_draw"},
    }


SUPPLEMENT_6 = [
    ("普通暗杠精 每人（20+4）X3=72子", "234s789s444p777p5s", "123s888pCCCN", 4),
    ("暗杠精霸精 每人（20+8）X3=84子", "234s789s444p777pN", "123s888pCCCN", 8),
    # 暗杠精又冲关: 6s×4 (4) + a 5s (2) = 6 → 冲关 18
    ("暗杠精又冲关 每人20+冲关精计子 (20+18)X3=114", "234s789s444p777p5s", "123s888pCCC5s", 18),
]


@pytest.mark.parametrize(("line", "seat_1", "seat_2", "jing_each"), SUPPLEMENT_6,
                         ids=[f"补充6 {s[0]}" for s in SUPPLEMENT_6])
def test_supplement_6_concealed_kong_of_jing(post, line, seat_1, seat_2, jing_each):
    answer = settle(post, kong_of_jing_round(seat_1, seat_2))
    assert received(answer, 2, "jing_kong") == [(0, 20), (1, 20), (3, 20)]
    assert received(answer, 2, "jing") == [(0, jing_each), (1, jing_each), (3, jing_each)]
    assert not received(answer, 2, "kong")  # instead of the 2 of a plain kong


def test_drawn_round_is_void(post):
    # 四.7 和牌…此局全作废: nothing is paid, not even kongs, jing or events.
    body = copy.deepcopy(ROUND_2)
    body["players"][0]["hand"] = "222p333s777s4p"
    body["result"] = {"winners": []}
    answer = settle(post, body)
    assert answer["deltas"] == [0, 0, 0, 0] and answer["ledger"] == []
    assert answer["notes"]


def test_qiang_gang_paid_by_the_robbed_player(post):
    # 补充 5: 闲家平胡德国抢 47, all paid by seat 3 whose 9m pung was being extended.
    body = copy.deepcopy(ROUND_1)
    body["players"][1]["hand"] = "123m456m789m123pEE"
    body["players"][3] = {"hand": "234m567mFFFW", "melds": [
        {"type": "pung", "tiles": "999m", "from": 0}]}
    body["players"][2]["hand"] = "123s888p5sCCC"
    body["result"] = {"winners": [1], "win_tile": "9m", "win_type": "rob_kong", "discarder": 3}
    answer = settle(post, body)
    assert received(answer, 1, "hu") == [(3, 47)]
    assert not received(answer, 3, "kong")  # the robbed kong scores nothing


def test_ba_hu_is_read_from_the_tiles(post):
    # Nobody holds jing (indicator 8s, no 8s/9s anywhere): 闲家平胡德国自摸 ×2 霸胡:
    # dealer 1×2×2×2 = 8 → 21; the others 4 → 13.
    body = copy.deepcopy(ROUND_1)
    body["jing"] = {"indicator": "8s"}
    body["players"][0]["hand"] = "234s567s444p777pN"
    body["players"][1]["hand"] = "123m456m789m123pEE"
    body["players"][2]["hand"] = "123s888p7sCCC"
    body["players"][3]["discards"] = "9m"
    answer = settle(post, body)
    evaluation = answer["winners"][0]["evaluation"]
    assert "ba_hu" in {p["id"] for p in evaluation["patterns"]}
    assert received(answer, 1, "hu") == [(0, 21), (2, 13), (3, 13)]


@pytest.mark.parametrize(("patch", "field"), [
    ({"result": {"winners": [1, 2], "win_tile": "9m", "win_type": "discard",
                 "discarder": 3}}, "result.winners"),  # 胡前不胡后: one winner per discard
    ({"result": {"winners": [1], "win_tile": "9m", "win_type": "discard", "discarder": 3}},
     "players[1].hand"),  # 有精平胡不能抓点炮
    ({"result": {"winners": [1], "win_tile": "9m", "win_type": "self_draw",
                 "flags": {"no_jing_held": True}}}, "result.flags.no_jing_held"),
    ({"result": {"winners": [1], "win_tile": "9m", "win_type": "rob_kong", "discarder": 3}},
     "result.discarder"),  # seat 3 has no pung of 9m to extend
    ({"result": {"winners": [1], "win_tile": "9m", "win_type": "self_draw",
                 "flags": {"heavenly": True}}}, "result.flags.heavenly"),
])
def test_bad_rounds(post, patch, field):
    status, answer = post("/settle", {**ROUND_1, **patch})
    assert status == 422, answer
    assert field in [e["field"] for e in answer["errors"]]


def test_kong_of_jing_claimed_needs_its_discarder(post):
    body = copy.deepcopy(ROUND_2)
    del body["players"][1]["melds"][0]["from"]
    status, answer = post("/settle", body)
    assert status == 422
    assert answer["errors"][0]["field"] == "players[1].melds[0].from"


def test_winning_on_a_discarded_jing_that_makes_chong_guan(post):
    # F组 4 for the winning discard: seat 1 holds 5s 6s (3) and wins 德国 (123m 456m 11p 345s
    # 567s) on seat 3's 5s, read as itself: 2 + 2 + 1 = 5 → 冲关 10, made by that 5s, so
    # seat 3 pays 3 × 10 = 30 alone (seat 2's 6s keeps seat 1 from being 霸精).
    body = copy.deepcopy(ROUND_1)
    body["players"][1]["hand"] = "123m456m11p345s567s"
    body["players"][3]["discards"] = "9m"
    body["result"] = {"winners": [1], "win_tile": "5s", "win_type": "discard", "discarder": 3}
    answer = settle(post, body)
    seat = answer["jing"][0]["seats"][1]
    assert (seat["count"], seat["chong_guan"], seat["paid_by"]) == (5, True, 3)
    assert received(answer, 1, "jing") == [(3, 30)]


def test_the_winning_tile_is_needed_when_it_decides_liability(post):
    body = copy.deepcopy(ROUND_1)
    body["players"][1]["hand"] = "123m456m11p345s567s"
    body["players"][3]["discards"] = "9m"
    body["result"] = {"winners": [1], "win_type": "discard", "discarder": 3}
    status, answer = post("/settle", body)
    assert status == 422
    assert answer["errors"][0]["field"] == "result.win_tile"


def test_earthly_win_on_a_discard_comes_from_the_dealer(post):
    body = copy.deepcopy(ROUND_1)
    body["players"][1]["hand"] = "123m456m789m123pEE"
    body["players"][3]["discards"] = "5s"
    body["result"] = {"winners": [1], "win_tile": "9m", "win_type": "discard", "discarder": 3,
                      "flags": {"earthly": True}}
    status, answer = post("/settle", body)
    assert status == 422 and answer["errors"][0]["field"] == "result.flags.earthly"
    body["result"]["discarder"] = 0
    answer = settle(post, body)
    assert received(answer, 1, "hu") == [(0, 20), (2, 20), (3, 20)]  # E组 2 地胡 20+20+20
