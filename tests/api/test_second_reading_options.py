"""The seed lines the second reading found missing (issue 26), through the request names
clients use: per-player flags, qinzhou 地胡 and 十八罗汉 + 十二张落地, guangdong 包先不包后
(claim_order), nanchang 照镜子 (rules.zhao_jing_zi) and 回头上下翻
(rules.hui_tou_shang_xia_fan, jing.previous_lower_indicator).

Every number is worked by hand in the comment above the assertion that holds it.
"""

from __future__ import annotations

import copy

import pytest

from tests.api.test_nanchang_settle import ROUND_B
from tests.api.test_qinzhou_settle import EXAMPLE_B
from tests.settle_props import check_invariants


def settle(post, body):
    status, answer = post("/settle", body)
    assert status == 200, answer
    check_invariants(answer)
    return answer


def refused(post, path, body):
    status, answer = post(path, body)
    assert status == 422, answer
    return [e["field"] for e in answer["errors"]], answer["errors"]


# ---------------------------------------------------------------- qinzhou

# EXAMPLE_B is seed 003 §3.2 例B: 东 (seat 0, dealer) discards the 8s; 南 wins 对对胡 (2 fan),
# 西 七对 (2 fan); horses 1m5m9m1p5p9p on 东's numbers (1/5/9), 2m6m on 南's (2/6), 3m7m on
# 西's (3/7); seat 1, the first winner after the discarder, owns them. Base 1.


def with_flags(body, seat, flags, dealt=None):
    body = copy.deepcopy(body)
    body["players"][seat]["flags"] = flags
    if dealt is not None:
        body["players"][seat]["dealt"] = dealt
    return body


def test_qinzhou_di_hu_of_one_winner_of_several(post):
    # 南's own 地胡 (players[1].flags): 对对胡 2 + 地胡 2 = 4 fan; 西 keeps 2.
    # hu: 0 → 1 4, 0 → 2 2. Horses: 2 on 南 × 4 = 8, 2 on 西 × 2 = 4, both from the discarder
    # to the owner; 6 on 东 (the discarder): the owner pays 西 6 × 2 = 12.
    # seat 0: −4 −2 −8 −4 = −18 · seat 1: +4 +8 +4 −12 = +4 · seat 2: +2 +12 = +14
    answer = settle(post, with_flags(EXAMPLE_B, 1, {"earthly": True}))
    assert answer["deltas"] == [-18, 4, 14, 0]
    fans = {w["seat"]: {p["id"]: p["value"] for p in w["evaluation"]["patterns"]}
            for w in answer["winners"]}
    assert fans == {1: {"dui_dui_hu": 2, "di_hu": 2}, 2: {"qi_dui": 2}}


def test_qinzhou_di_hu_of_the_second_winner(post):
    # 西's own 地胡: 七对 2 + 地胡 2 = 4; 南 2. hu: 0 → 1 2, 0 → 2 4. Horses: 2 on 南 × 2 = 4,
    # 2 on 西 × 4 = 8 to the owner; 6 on 东: the owner pays 西 6 × 4 = 24.
    # seat 0: −2 −4 −4 −8 = −18 · seat 1: +2 +4 +8 −24 = −10 · seat 2: +4 +24 = +28
    answer = settle(post, with_flags(EXAMPLE_B, 2, {"earthly": True}))
    assert answer["deltas"] == [-18, -10, 28, 0]


def test_qinzhou_di_hu_with_a_ready_dealt_hand(post):
    # 6.11 非莊家起牌后在開始摸牌之前立刻聽牌: 南 was dealt 222s444s666pEEE8s, ready on 8s.
    answer = settle(post, with_flags(EXAMPLE_B, 1, {"earthly": True},
                                     dealt="222s444s666pEEE8s"))
    assert answer["deltas"] == [-18, 4, 14, 0]


def test_qinzhou_di_hu_needs_the_dealt_hand_ready(post):
    fields, errors = refused(post, "/settle", with_flags(
        EXAMPLE_B, 1, {"earthly": True}, dealt="123m456m789pESWN"))
    assert fields == ["players[1].dealt"]
    assert "立刻聽牌" in errors[0]["message"]


@pytest.mark.parametrize(("seat", "flags", "field"), [
    (0, {"earthly": True}, "players[0].flags"),  # seat 0 did not win
    (1, {"heavenly": True}, "players[1].flags.heavenly"),  # 天胡 is the dealer's
    (1, {"no_jing_held": True}, "players[1].flags.no_jing_held"),  # not a qinzhou flag
])
def test_player_flags_errors_name_the_seat(post, seat, flags, field):
    fields, _ = refused(post, "/settle", with_flags(EXAMPLE_B, seat, flags))
    assert field in fields


def test_qinzhou_shi_ba_luo_han_and_shi_er_zhang_luo_di_add_up(post):
    # RULINGS: 十八罗汉 excludes only 对对胡. Four exposed kongs and the pair: 十八罗汉 18 +
    # 十二张落地 2 = 20 fan. Self-drawn, base 1: 20 from each = 60; each kong takes 1 from each
    # other player: the winner 4 × 3 = +12, the others −4. Seat 1: +72, the others −24.
    melds = [{"type": "kong", "tiles": "1111m", "from": 2},
             {"type": "kong", "tiles": "EEEE", "from": 0},
             {"type": "added_kong", "tiles": "9999s", "from": 3},
             {"type": "kong", "tiles": "5555p", "from": 3}]
    status, answer = post("/evaluate", {"variant": "qinzhou", "hand": "22p", "melds": melds,
                                        "win_tile": "2p", "win_type": "self_draw"})
    assert status == 200, answer
    assert {p["id"]: p["value"] for p in answer["patterns"]} == {
        "shi_ba_luo_han": 18, "shi_er_zhang_luo_di": 2}
    assert (answer["fan"], answer["total"]) == (20, 60)
    body = {"variant": "qinzhou", "dealer": 0, "players": [
        {"hand": "234m678m234p678pN"}, {"hand": "22p", "melds": melds},
        {"hand": "11s33s77p88pSSWNC"}, {"hand": "CCFFFPPP888sSW"}],
        "result": {"winners": [1], "win_type": "self_draw", "win_tile": "2p"}}
    answer = settle(post, body)
    assert answer["deltas"] == [-24, 72, -24, -24]


# ---------------------------------------------------------------- guangdong

def test_guangdong_ren_hu_of_one_winner_of_two(post):
    # 一炮多响 on the dealer's first discard, a 5m. Seat 1's own 人和 (players[1].flags):
    # 6 fan = 64 (beyond the cap, nothing added; its 平和 is not counted). Seat 2's 鸡和 0 fan
    # = 1. The discarder pays both: seat 0 −65.
    body = {"variant": "guangdong", "dealer": 0, "players": [
        {"hand": "222p333p666m777m8m"},
        {"hand": "123m456p789s234s55m", "flags": {"human": True}},
        {"hand": "345m678p111s999sEE"},
        {"hand": "111p666s888m999mN"}],
        "result": {"winners": [1, 2], "win_type": "discard", "discarder": 0, "win_tile": "5m"}}
    answer = settle(post, body)
    assert answer["deltas"] == [-65, 64, 1, 0]
    assert [p["id"] for p in answer["winners"][0]["evaluation"]["patterns"]] == ["ren_hu"]


def test_guangdong_own_flag_contradiction_names_the_seat(post):
    # 地和 is a non-dealer's first draw: won on a discard it is a 422 on that seat's flag.
    body = {"variant": "guangdong", "dealer": 0, "players": [
        {"hand": "222p333p666m777m8m"},
        {"hand": "123m456p789s234s55m", "flags": {"earthly": True}},
        {"hand": "345m678p111s999sEE"},
        {"hand": "111p666s888m999mN"}],
        "result": {"winners": [1, 2], "win_type": "discard", "discarder": 0, "win_tile": "5m"}}
    fields, _ = refused(post, "/settle", body)
    assert "result.win_type" in fields


# 包先不包后 (seed 004 七.5 例二). Seat 3 fed both 12-tile landings: seat 1's (its 4th exposed
# meld, the pung of 中) and seat 2's (the pung of 7s). Seat 2 self-draws 鸡和 on 5m:
# 鸡和 0 + 自摸 1 = 1 fan = 2 a share (seat wind W, round wind E: no wind pung).
def two_landings(order_1: int | None, order_2: int | None) -> dict:
    melds_1 = [{"type": "chow", "tiles": "123p", "from": 0},
               {"type": "pung", "tiles": "666s", "from": 2},
               {"type": "pung", "tiles": "888m", "from": 0},
               {"type": "pung", "tiles": "CCC", "from": 3}]
    melds_2 = [{"type": "chow", "tiles": "123m", "from": 1},
               {"type": "pung", "tiles": "999p", "from": 0},
               {"type": "chow", "tiles": "456s", "from": 1},
               {"type": "pung", "tiles": "777s", "from": 3}]
    for melds, order in ((melds_1, order_1), (melds_2, order_2)):
        if order is not None:
            melds[3]["claim_order"] = order
    return {"variant": "guangdong", "dealer": 0, "players": [
        {"hand": "234p567p11sSSSNN"}, {"hand": "W", "melds": melds_1},
        {"hand": "55m", "melds": melds_2}, {"hand": "EEEFFFPPP99s1s2s"}],
        "result": {"winners": [2], "win_type": "self_draw", "win_tile": "5m"}}


def test_bao_xian_bu_bao_hou_the_later_landing_is_not_paid_by_its_feeder(post):
    # Seat 3 fed seat 1's landing first (claim 7 < 9): it is liable for seat 1 only, so each
    # other player pays seat 2's self-draw: 2 from each, seat 2 +6.
    answer = settle(post, two_landings(7, 9))
    assert answer["deltas"] == [-2, -2, 6, -2]
    assert all("包先不包后" in t["detail"] for t in answer["ledger"])


def test_bao_xian_bu_bao_hou_the_first_landing_is_paid_by_its_feeder(post):
    # Seat 2's landing came first (claim 9 < 11): seat 3 pays all three shares, 3 × 2 = 6.
    answer = settle(post, two_landings(11, 9))
    assert answer["deltas"] == [0, 0, 6, -6]
    assert [t["from"] for t in answer["ledger"]] == [3]


@pytest.mark.parametrize("orders", [(None, None), (7, None), (None, 9)])
def test_bao_xian_bu_bao_hou_without_claim_order_takes_this_landing_as_the_first(post, orders):
    # RULINGS: two landings fed by one seat that the request cannot order — the one being
    # settled is taken as the first, and the ledger note says so: seat 3 pays 3 × 2 = 6.
    answer = settle(post, two_landings(*orders))
    assert answer["deltas"] == [0, 0, 6, -6]
    [line] = answer["ledger"]
    assert "taken as the first" in line["detail"] and "seat 1" in line["detail"]
    assert any("taken as the first" in n for n in answer["notes"])


def test_claim_order_errors(post):
    # a player's melds are listed in the order made: 12 then 9 is impossible
    body = two_landings(7, 9)
    body["players"][2]["melds"][0]["claim_order"] = 12
    fields, errors = refused(post, "/settle", body)
    assert fields == ["players[2].melds[3].claim_order"]
    assert "comes before 12" in errors[0]["message"]
    # each place in the round's order is one claim's
    fields, errors = refused(post, "/settle", two_landings(9, 9))
    assert fields == ["players[2].melds[3].claim_order"]
    assert "players[1].melds[3]" in errors[0]["message"]
    # a place is a whole number from 0
    fields, _ = refused(post, "/settle", two_landings(-1, 9))
    assert fields == ["players[1].melds[3].claim_order"]
    # a concealed kong is not claimed
    fields, _ = refused(post, "/evaluate", {
        "variant": "guangdong", "hand": "123m456p789s55m", "melds": [
            {"type": "concealed_kong", "tiles": "EEEE", "claim_order": 2}]})
    assert fields == ["melds[0].claim_order"]


# ---------------------------------------------------------------- nanchang

# ROUND_B is test_nanchang_settle.py's round B: dealer seat 1; 上精 5m, 下精 2s, 回头一笑 E on
# the dealt hands. Its deltas are [25, -51, 25, 1] (worked there).


def entries(answer, field):
    return [j for j in answer["jing"] if j["indicator"] == field]


def test_hui_tou_shang_xia_fan_scores_last_rounds_lower_jing_too(post):
    # 回头上下翻 with last round's 下精 1m (正精 1m ×2, 副精 2m ×1) on the dealt hands: seat 0
    # (…1m 2m…) 3, seat 3 (…1m 2m…) 3: each collects 3 from each. 上精 E: seat 1's 8 as before.
    # seat 0: +9 −3 · seat 1: −3 −3 · seat 2: −3 −3 · seat 3: −3 +9, on [25, −51, 25, 1]:
    # [31, −57, 19, 7].
    body = copy.deepcopy(ROUND_B)
    body["jing"]["previous_lower_indicator"] = "1m"
    body["rules"] = {"hui_tou_shang_xia_fan": True}
    answer = settle(post, body)
    assert answer["deltas"] == [31, -57, 19, 7]
    [lower] = entries(answer, "previous_lower_indicator")
    assert (lower["zheng"], lower["fu"]) == ("1m", "2m")
    assert [s["count"] for s in lower["seats"]] == [3, 0, 0, 3]
    details = [t["detail"] for t in answer["ledger"] if t["reason"] == "jing"]
    assert any(d.startswith("回头上下翻(下精)") for d in details)
    assert any(d.startswith("回头上下翻(上精)") for d in details)


def test_hui_tou_shang_xia_fan_is_an_option(post):
    body = copy.deepcopy(ROUND_B)
    body["jing"]["previous_lower_indicator"] = "1m"
    fields, _ = refused(post, "/settle", body)
    assert fields == ["jing.previous_lower_indicator"]
    fields, _ = refused(post, "/evaluate", {"variant": "xingguo", "hand": "123m456m789m123pEE",
                                            "jing": {"indicator": "5s",
                                                     "previous_lower_indicator": "1m"}})
    assert fields == ["jing.previous_lower_indicator"]


def test_hui_tou_shang_xia_fan_needs_the_dealt_hands(post):
    body = copy.deepcopy(ROUND_B)
    for player in body["players"]:
        del player["dealt"]
    body["jing"] = {"indicator": "5m", "previous_lower_indicator": "1m"}
    body["rules"] = {"hui_tou_shang_xia_fan": True}
    fields, errors = refused(post, "/settle", body)
    assert fields == ["players[0].dealt"] and "回头上下翻" in errors[0]["message"]


def test_hui_tou_shang_xia_fan_on_jing(post):
    # /jing takes the tiles it is given. 上精 P: nobody. Last 上精 E (E ×2, S ×1): seat 0 2,
    # seat 1 4. Last 下精 3p (3p ×2, 4p ×1): seat 0 3p 3p 4p = 5, 冲关 10, nobody else: 霸王精
    # ×2 = 20 from each.
    # seat 0: +6 −4 +60 = +62 · seat 1: −2 +12 −20 = −10 · seats 2, 3: −2 −4 −20 = −26
    status, answer = post("/jing", {
        "variant": "nanchang", "indicator": "P", "previous_indicator": "E",
        "previous_lower_indicator": "3p", "rules": {"hui_tou_shang_xia_fan": True},
        "players": [{"hand": "3p3p4pE"}, {"hand": "EE"}, {"hand": "1m"}, {"hand": "1m"}]})
    assert status == 200, answer
    check_invariants(answer)
    assert answer["deltas"] == [62, -10, -26, -26]
    [lower] = entries(answer, "previous_lower_indicator")
    assert (lower["seats"][0]["score"], lower["seats"][0]["ba_jing"]) == (20, True)


def test_zhao_jing_zi_settles_each_pair_of_the_dealt_hands_that_reaches_5(post):
    # 照镜子 on round B's dealt hands, every tile T as 正精 (×2) and its successor as 副精:
    #   seat 2 (…NNWW): W/N = 2 × 2 + 2 = 6 → 冲关 18; nobody else holds W or N: 霸王冲关 36.
    #   seat 3 (CCFFPP…): 中/发 = 2 × 2 + 2 = 6, 发/白 6, 白/中 6 → each 36 (nobody else holds
    #   a dragon). No other pair reaches 5 (seat 1's E/S is 4).
    #   seat 3: +3 × 108 −36 = +288 · seat 2: +108 −108 = 0 · seats 0, 1: −108 −36 = −144
    #   on [25, −51, 25, 1]: [−119, −195, 25, 289].
    body = copy.deepcopy(ROUND_B)
    body["rules"] = {"zhao_jing_zi": True}
    answer = settle(post, body)
    assert answer["deltas"] == [-119, -195, 25, 289]
    mirror = entries(answer, "zhao_jing_zi")
    assert [(j["zheng"], j["fu"]) for j in mirror] == [("W", "N"), ("C", "F"), ("F", "P"),
                                                        ("P", "C")]
    assert [[s["score"] for s in j["seats"]] for j in mirror] == [
        [0, 0, 36, 0], [0, 0, 0, 36], [0, 0, 0, 36], [0, 0, 0, 36]]
    lines = [t for t in answer["ledger"] if t["detail"].startswith("照镜子")]
    assert len(lines) == 4 * 3 and all("霸王冲关 ×2" in t["detail"] for t in lines)


def test_zhao_jing_zi_without_ba_wang_jing(post):
    # rules.ba_wang_jing false: no ×2, 18 a pair: seat 3 +3 × 54 −18 = +144, seat 2 +54 −54
    # = 0, seats 0 and 1 −54 −18 = −72: [25 − 72, −51 − 72, 25, 1 + 144]. (Round B's own
    # 回头一笑 霸王精 falls too: seat 1's 4 is paid 4, not 8: seats 0, 2, 3 +4, seat 1 −12.)
    body = copy.deepcopy(ROUND_B)
    body["rules"] = {"zhao_jing_zi": True, "ba_wang_jing": False}
    answer = settle(post, body)
    assert answer["deltas"] == [25 - 72 + 4, -51 - 72 - 12, 25 + 4, 1 + 144 + 4]


def test_zhao_jing_zi_needs_the_dealt_hands_and_is_off_by_default(post):
    body = copy.deepcopy(ROUND_B)
    assert not entries(settle(post, body), "zhao_jing_zi")
    for player in body["players"]:
        del player["dealt"]
    body["jing"] = {"indicator": "5m", "lower_indicator": "2s"}
    body["rules"] = {"zhao_jing_zi": True}
    fields, errors = refused(post, "/settle", body)
    assert fields == ["players[0].dealt"] and "照镜子" in errors[0]["message"]


def test_zhao_jing_zi_on_jing(post):
    # /jing with the hands as given: seat 0 5m 5m 6m = 5 → 冲关 10; seat 1's 6m keeps it from
    # 霸王冲关 and scores nothing itself (1 < 5). 上精 E: nobody. [30, −10, −10, −10].
    status, answer = post("/jing", {
        "variant": "nanchang", "indicator": "E", "rules": {"zhao_jing_zi": True},
        "players": [{"hand": "5m5m6m"}, {"hand": "6m"}, {"hand": "1p"}, {"hand": "1p"}]})
    assert status == 200, answer
    assert answer["deltas"] == [30, -10, -10, -10]
    [mirror] = entries(answer, "zhao_jing_zi")
    assert (mirror["zheng"], mirror["fu"]) == ("5m", "6m")
    assert [(s["count"], s["score"]) for s in mirror["seats"]] == [(5, 10), (1, 0), (0, 0),
                                                                   (0, 0)]


# ---------------------------------------------------------------- the new names load the same

@pytest.mark.parametrize(("kind", "body", "probe"), [
    ("settle", with_flags(EXAMPLE_B, 1, {"earthly": True, "last_tile": False}),
     lambda r: r.players[1].flags.earthly and r.players[0].flags is None),
    ("settle", two_landings(7, 9),
     lambda r: (r.players[1].melds[3].order, r.players[2].melds[3].order) == (7, 9)),
    ("settle", {**ROUND_B, "jing": {**ROUND_B["jing"], "previous_lower_indicator": "1m"}},
     lambda r: r.jing.previous_lower_indicator == 0),  # 1m is tile 0
    ("jing", {"variant": "nanchang", "indicator": "P", "previous_lower_indicator": "3p",
              "players": [{"hand": "3p", "flags": None}, {"hand": "E"}, {"hand": "1m"},
                          {"hand": "1m"}]},
     lambda r: r.jing.previous_lower_indicator == 11),  # 3p is tile 9 + 2
], ids=["players flags", "claim_order", "previous_lower_indicator", "jing"])
def test_the_schemas_read_the_new_fields(kind, body, probe):
    from app.schemas import requests as req
    schema = {"settle": req.SettleSchema, "jing": req.JingRequestSchema}[kind]
    assert probe(schema().load(copy.deepcopy(body)))


def test_qinzhou_di_hu_dealt_hand_counts_copies(post):
    fields, errors = refused(post, "/settle", with_flags(
        EXAMPLE_B, 1, {"earthly": True}, dealt="11111m2222m333m4m"))
    assert fields == ["players[1].dealt"]
    assert "5 copies of 1m" in errors[0]["message"]
