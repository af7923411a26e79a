"""nanchang /settle and /jing: 上精, 下精 and 回头一笑 each settled on its own, 杠精, kongs,
抄庄, no 包 for a claimed jing, house options, and two rounds worked by hand."""

from __future__ import annotations

import copy

import pytest

from tests.api.jiangxi_cases import received
from tests.settle_props import check_invariants, check_rotation

# Round A — dealer seat 0; 上精 P (正 白板 P, 副 红中 C), 下精 3p (正 3p, 副 4p).
#   hu: seat 2 self-draws 德国平胡 (no 上精 jing); seats 1 and 3 hold jing, so no 德中德:
#       dealer 4×2×2 = 16 → 37, the others 4×2 = 8 → 21: seat 2 +79.
#   上精: seat 1 holds 2 白板 + 3 红中 = 7 → 冲关 7×4 = 28 from each (the seed's example);
#         seat 3's 红中 counts 1 (so seat 1 is not 霸王精).
#   下精: seat 0 holds 3p 3p 4p = 5 → 冲关 10 from each; seat 3's 4p counts 1.
#   kong: seat 3's exposed kong of 9p, 1 from each. 抄庄: the dealer pays 5 to each.
#   seat 0: −37 −28 −1 +30 −1 −1 −15 = −53 · seat 1: −21 +84 −1 −10 −1 −1 +5 = +55
#   seat 2: +79 −28 −1 −10 −1 −1 +5 = +43 · seat 3: −21 −28 +3 −10 +3 +3 +5 = −45
ROUND_A = {
    "variant": "nanchang", "dealer": 0, "jing": {"indicator": "P", "lower_indicator": "3p"},
    "players": [
        {"hand": "334p111s222s888sW"},
        {"hand": "PPCCC678m555pNS"},
        {"hand": "123m456m789m567sEE"},
        {"hand": "4p23499sCFFF", "melds": [{"type": "kong", "tiles": "9999p", "from": 1}]},
    ],
    "result": {"winners": [2], "win_tile": "9m", "win_type": "self_draw"},
    "events": [{"type": "follow_dealer", "rounds": 1}],
}

# Round B — dealer seat 1; 上精 5m/6m, 下精 2s/3s, 回头一笑 E/S on the dealt hands.
#   hu: seat 3 wins 有精小七对 on the dealer's 1p (its 平胡 reading would need the jing and
#       may not take a discard): base 4 × 2 小七 = 8; 庄家点闲家: seat 1 pays 8×2×2 = 32,
#       seats 0 and 2 pay 8: seat 3 +48.
#   杠精: seat 0's concealed kong of 5m (正精): 20 from each, no kong score, out of the count.
#   上精: seat 2 punged 6m (3), seat 3 holds a 6m (1): 3 and 1 from each.
#   下精: seat 2 punged 2s from seat 3: 6 → 冲关 18 from each (the claimed 2s counts for the
#         claimer; nanchang has no 包, so seat 3 pays 18 like the others). Seat 0's 3s: 1.
#   回头一笑: seat 1 was dealt E E (4), nobody else any: 霸王精 8 from each.
#   (hu, 杠精, 上精 seat 2 and seat 3, 下精 seat 2 and seat 0, 回头一笑:)
#   seat 0: −8 +60 −3 −1 −18 +3 −8 = +25 · seat 1: −32 −20 −3 −1 −18 −1 +24 = −51
#   seat 2: −8 −20 +9 −1 +54 −1 −8 = +25 · seat 3: +48 −20 −3 +3 −18 −1 −8 = +1
ROUND_B = {
    "variant": "nanchang", "dealer": 1,
    "jing": {"indicator": "5m", "lower_indicator": "2s", "previous_indicator": "E"},
    "players": [
        {"hand": "789p3sNNNWWF", "melds": [{"type": "concealed_kong", "tiles": "5555m"}],
         "dealt": "123456789m1234p"},
        {"hand": "456p7789m11sCCCP", "dealt": "EE123456789s123p"},
        {"hand": "12344mFF", "melds": [{"type": "pung", "tiles": "666m", "from": 0},
                                       {"type": "pung", "tiles": "222s", "from": 3}],
         "dealt": "123456789pNNWW"},
        {"hand": "11p22p33p44s77s99s8s6m", "dealt": "CCFFPP123m456s7s"},
    ],
    "result": {"winners": [3], "win_tile": "1p", "win_type": "discard", "discarder": 1},
}


def settle(post, body):
    status, answer = post("/settle", body)
    assert status == 200, answer
    check_invariants(answer)
    return answer


def scores(answer, field):
    return next(j for j in answer["jing"] if j["indicator"] == field)["seats"]


def test_round_a(post):
    answer = settle(post, ROUND_A)
    assert answer["deltas"] == [-53, 55, 43, -45]
    assert received(answer, 2, "hu") == [(0, 37), (1, 21), (3, 21)]
    upper, lower = scores(answer, "indicator"), scores(answer, "lower_indicator")
    assert (upper[1]["count"], upper[1]["score"], upper[1]["chong_guan"]) == (7, 28, True)
    assert (lower[0]["count"], lower[0]["score"]) == (5, 10)
    assert received(answer, 3, "kong") == [(0, 1), (1, 1), (2, 1)]
    assert received(answer, 1, "follow_dealer") == [(0, 5)]


def test_round_b(post):
    answer = settle(post, ROUND_B)
    assert answer["deltas"] == [25, -51, 25, 1]
    assert received(answer, 3, "hu") == [(0, 8), (1, 32), (2, 8)]
    assert answer["winners"][0]["evaluation"]["shape"] == "xiao_qi_dui"
    assert received(answer, 0, "jing_kong") == [(1, 20), (2, 20), (3, 20)]
    assert not received(answer, 0, "kong")
    assert scores(answer, "indicator")[0]["count"] == 0  # the 杠精 tiles leave the count
    lower = scores(answer, "lower_indicator")[2]
    assert (lower["count"], lower["score"], lower["paid_by"]) == (6, 18, None)
    assert received(answer, 2, "jing") == [(0, 3), (0, 18), (1, 3), (1, 18), (3, 3), (3, 18)]
    back = scores(answer, "previous_indicator")
    assert (back[1]["count"], back[1]["score"], back[1]["ba_jing"]) == (4, 8, True)


@pytest.mark.parametrize("body", [ROUND_A, ROUND_B], ids=["round A", "round B"])
def test_rotation(post, body):
    check_rotation(lambda b: settle(post, b), body)


def test_each_indicator_is_its_own_ledger_line(post):
    answer = settle(post, ROUND_B)
    details = [t["detail"] for t in answer["ledger"] if t["reason"] == "jing"]
    assert any(d.startswith("上精") for d in details)
    assert any(d.startswith("下精") for d in details)
    assert any(d.startswith("回头一笑") for d in details)


def test_mai_lei_counts_hand_and_melds_and_nobody_is_liable(post):
    # 埋雷: the 下精 is buried until the end; seat 2's 18 is paid by each (no 包).
    body = copy.deepcopy(ROUND_B)
    body["rules"] = {"lower_jing_mode": "mai_lei"}
    body["players"][1]["discards"] = "3s"  # a discarded 下精 never counts in 埋雷
    answer = settle(post, {**body, "rules": {"lower_jing_mode": "mai_lei",
                                             "count_discarded_jing": True}})
    lower = scores(answer, "lower_indicator")
    assert lower[2]["paid_by"] is None and lower[1]["count"] == 0
    # seat 2 collects 3 (上精: its 6m pung) and 18 (下精) from each
    assert received(answer, 2, "jing") == [(0, 3), (0, 18), (1, 3), (1, 18), (3, 3), (3, 18)]


def test_discarded_jing_count_only_with_the_option(post):
    body = copy.deepcopy(ROUND_A)
    body["players"][0] = {"hand": "34p111s222s888sWN", "discards": "3p"}
    body["players"][1]["hand"] = "PPCCC678m555pWS"
    off = settle(post, body)
    on = settle(post, {**body, "rules": {"count_discarded_jing": True}})
    assert scores(off, "lower_indicator")[0]["count"] == 3
    assert scores(on, "lower_indicator")[0]["count"] == 5


@pytest.mark.parametrize(("option", "each"), [(True, 56), (False, 28)])
def test_ba_wang_jing(post, option, each):
    # 霸王精: 四个玩家中仅有一个有精…另外三家需要付给霸王精双倍 — seat 1's 7 with nobody else
    # holding 上精 jing (seat 3's 红中 swapped for a 发).
    body = copy.deepcopy(ROUND_A)
    body["players"][3]["hand"] = "4p23499sFFFN"
    body["players"][0]["hand"] = "334p111s222s888sE"
    answer = settle(post, {**body, "rules": {"ba_wang_jing": option}})
    assert received(answer, 1, "jing") == [(0, each), (2, each), (3, each)]


def test_kongs_concealed_two_exposed_one(post):
    body = copy.deepcopy(ROUND_A)
    body["players"][3]["melds"] = [{"type": "concealed_kong", "tiles": "9999p"}]
    assert received(settle(post, body), 3, "kong") == [(0, 2), (1, 2), (2, 2)]
    body["players"][3]["melds"] = [{"type": "added_kong", "tiles": "9999p", "from": 2}]
    assert received(settle(post, body), 3, "kong") == [(0, 1), (1, 1), (2, 1)]


def test_gang_fu_jing_takes_ten(post):
    # 杠精: 杠副精10分 — a kong of 红中 (副精) in round A.
    body = copy.deepcopy(ROUND_A)
    body["players"][1] = {"hand": "PP678m555pNS", "melds": [
        {"type": "concealed_kong", "tiles": "CCCC"}]}
    body["players"][3]["hand"] = "4p23499sWFFF"
    body["players"][0]["hand"] = "334p111s222s888sN"
    answer = settle(post, body)
    assert received(answer, 1, "jing_kong") == [(0, 10), (2, 10), (3, 10)]
    assert scores(answer, "indicator")[1]["count"] == 4  # 白板 ×2 only


def test_de_zhong_de_read_from_the_tiles(post):
    # Round A without any 上精 jing outside the winner: 德中德 ×4 +5:
    # dealer 16 × 4 + 5 = 69, the others 8 × 4 + 5 = 37.
    body = copy.deepcopy(ROUND_A)
    body["players"][1]["hand"] = "67899m555pNNSWW"
    body["players"][3]["hand"] = "4p23499sSFFF"
    answer = settle(post, body)
    assert received(answer, 2, "hu") == [(0, 69), (1, 37), (3, 37)]
    assert "de_zhong_de" in {p["id"] for p in answer["winners"][0]["evaluation"]["patterns"]}


def test_no_liability_for_ba_wang_jing_either(post):
    # A claimed 下精 that makes seat 2 霸王 is not paid by its discarder in nanchang (seed 002
    # has no 包): seat 0's 3s removed, seat 2's pung of 3s from seat 3 (3): 霸王 ×2 = 6, paid
    # by each.
    body = copy.deepcopy(ROUND_B)
    body["players"][0]["hand"] = "789p4sNNNWWF"
    body["players"][2]["melds"][1] = {"type": "pung", "tiles": "333s", "from": 3}
    answer = settle(post, body)
    lower = scores(answer, "lower_indicator")
    assert (lower[2]["count"], lower[2]["ba_jing"], lower[2]["paid_by"]) == (3, True, None)


@pytest.mark.parametrize(("mode", "winner", "nxt"), [
    ("man_shang_man_xia", 0, 4), ("man_shang_man_xia", 2, 2), ("die_zhi_di_ceng", 2, 1),
])
def test_pa_lou_ti_next_floor(post, mode, winner, nxt):
    # 慢上慢下: 连庄 上1楼, 闲家赢了 楼数-1; 跌至底层: 闲家赢了直接从1楼开始
    body = copy.deepcopy(ROUND_A)
    body["rules"] = {"pa_lou_ti": mode, "floor": 3}
    if winner == 0:
        body["dealer"] = 2
        body["events"] = []
    answer = settle(post, body)
    assert answer["next_floor"] == nxt
    evaluation = answer["winners"][0]["evaluation"]
    assert {"id": "pa_lou_ti", "value": 4} in [{"id": p["id"], "value": p["value"]}
                                              for p in evaluation["patterns"]]


@pytest.mark.parametrize(("option", "void"), [("jing_and_kongs", False), ("void", True)])
def test_drawn_round(post, option, void):
    # 黄庄时计和局: no hu; by default jing, kongs and 抄庄 still settle (与胡牌无关).
    body = copy.deepcopy(ROUND_A)
    body["players"][2]["hand"] = "123m456m78m567sEE"
    body["result"] = {"winners": []}
    body["rules"] = {"drawn_round": option}
    answer = settle(post, body)
    assert not received(answer, 2, "hu")
    if void:
        assert answer["deltas"] == [0, 0, 0, 0]
    else:
        assert received(answer, 1, "jing") == [(0, 28), (2, 28), (3, 28)]
        assert received(answer, 3, "kong") == [(0, 1), (1, 1), (2, 1)]


def test_hui_tou_yi_xiao_needs_the_dealt_hands(post):
    body = copy.deepcopy(ROUND_B)
    for player in body["players"]:
        del player["dealt"]
    status, answer = post("/settle", body)
    assert status == 422
    assert answer["errors"][0]["field"] == "players[0].dealt"


@pytest.mark.parametrize(("patch", "field"), [
    ({"rules": {"hui_tou_yi_xiao": False}}, "jing.previous_indicator"),
    ({"rules": {"floor": 3}}, "rules.floor"),
])
def test_bad_rounds(post, patch, field):
    status, answer = post("/settle", {**ROUND_B, **patch})
    assert status == 422, answer
    assert field in [e["field"] for e in answer["errors"]]


def test_jing_endpoint_three_indicators(post):
    # /jing with 上精 P, 下精 3p and 回头一笑 E: each gets its own 正精/副精 and scores.
    status, answer = post("/jing", {
        "variant": "nanchang", "indicator": "P", "lower_indicator": "3p",
        "previous_indicator": "E",
        "players": [{"hand": "PPCCC"}, {"hand": "3p4pC"}, {"hand": "EE"}, {"hand": "1m"}]})
    assert status == 200, answer
    check_invariants(answer)
    assert [(j["indicator"], j["zheng"], j["fu"]) for j in answer["jing"]] == [
        ("indicator", "P", "C"), ("lower_indicator", "3p", "4p"),
        ("previous_indicator", "E", "S")]
    upper = answer["jing"][0]["seats"]
    assert (upper[0]["count"], upper[0]["score"]) == (7, 28)  # 2 白板 + 3 红中 → 28 each
    assert received(answer, 0, "jing") == [(1, 28), (2, 28), (3, 28)]


def test_jing_endpoint_without_players(post):
    status, answer = post("/jing", {"variant": "nanchang", "indicator": "9s",
                                    "lower_indicator": "N"})
    assert status == 200
    assert [(j["zheng"], j["fu"]) for j in answer["jing"]] == [("9s", "1s"), ("N", "E")]


# 奖励分 4: 冲关 5分x2 6分x3⋯⋯10x7. Seat 0 holds N of the 上精 白板 (正精, 4 in play) and
# 红中 (副精); seat 1 one 红中, so nobody is 霸王精.
NANCHANG_CHONG_GUAN = [
    ("5分x2 = 10", "PPC", 10), ("6分x3 = 18", "PPP", 18), ("7分x4 = 28", "PPPC", 28),
    ("8分x5 = 40", "PPPP", 40), ("9分x6 = 54", "PPPPC", 54), ("10x7 = 70", "PPPPCC", 70),
]


@pytest.mark.parametrize(("line", "hand", "each"), NANCHANG_CHONG_GUAN,
                         ids=[f"冲关 {c[0]}" for c in NANCHANG_CHONG_GUAN])
def test_chong_guan_table(post, line, hand, each):
    status, answer = post("/jing", {"variant": "nanchang", "indicator": "P", "players": [
        {"hand": hand}, {"hand": "C"}, {"hand": "1m"}, {"hand": "1m"}]})
    assert status == 200, answer
    assert received(answer, 0, "jing") == [(1, each), (2, each), (3, each)]


def test_variants_list_every_option_with_default_and_seed(client):
    answer = client.get("/variants").get_json()
    by_name = {v["name"]: v for v in answer["variants"]}
    for name, expected in [
        ("xingguo", {"kong_chain": "double_each", "ba_hu_restored": False,
                     "dealer_passes_on_draw": False}),
        ("nanchang", {"lower_jing_mode": "xia_fan", "hui_tou_yi_xiao": True,
                      "hui_tou_shang_xia_fan": False, "zhao_jing_zi": False,
                      "count_discarded_jing": False, "ba_wang_jing": True, "pa_lou_ti": "off",
                      "floor": 1, "kong_chain": "once", "drawn_round": "jing_and_kongs",
                      "false_win_points": 20, "dealer_passes_on_draw": False}),
    ]:
        variant = by_name[name]
        assert variant["scored"] is True
        assert {o["name"]: o["default"] for o in variant["options"]} == expected
        assert all(o["seed"] and o["description"] for o in variant["options"])


def test_dealt_hands_only_with_hui_tou_yi_xiao(post):
    body = copy.deepcopy(ROUND_B)
    body["jing"] = {"indicator": "5m", "lower_indicator": "2s"}
    status, answer = post("/settle", body)
    assert status == 422
    assert answer["errors"][0]["field"] == "players[0].dealt"
