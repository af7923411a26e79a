"""The seed lines the second reading found missing (issue 26), through the request names
clients use: per-player flags, qinzhou 地胡 and 十八罗汉 + 十二张落地, guangdong 包先不包后
(claim_order), nanchang 照镜子 (rules.zhao_jing_zi) and 回头上下翻
(rules.hui_tou_shang_xia_fan, jing.previous_lower_indicator).

Every number is worked by hand in the comment above the assertion that holds it.
"""

from __future__ import annotations

import copy

import pytest

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

# Seed 003 §3.2 例B: 东 (seat 0, dealer) discards the 8s; 南 wins 对对胡 (2 fan), 西 七对
# (2 fan); horses 1m5m9m1p5p9p on 东's numbers (1/5/9), 2m6m on 南's (2/6), 3m7m on 西's
# (3/7); seat 1, the first winner after the discarder, owns them. Base 1.
EXAMPLE_B = {
    "variant": "qinzhou", "dealer": 0,
    "players": [
        {"hand": "234m678m234p678pN"},
        {"hand": "222s444s666pEEE88s"},
        {"hand": "11s33s77p88pSSWW88s"},
        {"hand": "CCCFFFPPP999sN"},
    ],
    "result": {"winners": [1, 2], "win_type": "discard", "discarder": 0, "win_tile": "8s"},
    "horses": "1m5m9m2m6m3m7m1p5p9p",
}


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
