"""The second reading of the seeds (issue 26): each defect it found, with the exact answer
worked by hand, and the places where xingguo and nanchang share code but not a rule.

Each body is a round or a hand as a client sends it; the arithmetic is in the comment
above the test, and the test holds every number of it.
"""

from __future__ import annotations

import copy

import pytest

from tests.api.jiangxi_cases import received
from tests.settle_props import check_invariants


def settle(post, body):
    status, answer = post("/settle", body)
    assert status == 200, answer
    check_invariants(answer)
    return answer


def seats(answer, field="indicator"):
    return next(j for j in answer["jing"] if j["indicator"] == field)["seats"]


# ---------------------------------------------------------------- 1. nanchang has no 包

# A drawn round (黄庄: jing still settle, rules.drawn_round's default). 上精 4m: 正精 4m (2),
# 副精 5m (1). Seat 1 holds 4m 4m (4) and chowed 5m6m7m from seat 0, taking the 5m (1):
# 5 → 冲关 5 × 2 = 10. Seat 2 holds a 5m (1), so seat 1 is not 霸王精.
DRAWN_CHOW = {
    "variant": "nanchang", "dealer": 0, "jing": {"indicator": "4m"},
    "players": [
        {"hand": "123p456p789p11sEN"},
        {"hand": "44m123s456sWW",
         "melds": [{"type": "chow", "tiles": "567m", "from": 0, "claimed": "5m"}]},
        {"hand": "5m789s11pSSNCFPP"},
        {"hand": "234p567p88sCCFPN"},
    ],
    "result": {"winners": []},
}


def test_nanchang_claimed_jing_is_paid_by_each_not_by_its_discarder(post):
    # Seed 002 has no 包: each other seat pays seat 1 its 10 (xingguo's F组 4 would make
    # seat 0 pay all 30). Seat 2's 1 is paid by each.
    # seat 0: −10 −1 = −11 · seat 1: +30 −1 = +29 · seat 2: −10 +3 = −7 · seat 3: −10 −1 = −11
    answer = settle(post, DRAWN_CHOW)
    assert answer["deltas"] == [-11, 29, -7, -11]
    assert received(answer, 1, "jing") == [(0, 10), (2, 10), (3, 10)]
    upper = seats(answer)[1]
    assert (upper["count"], upper["score"], upper["paid_by"]) == (5, 10, None)


def test_nanchang_chow_of_jing_needs_no_claimed_tile(post):
    # Without 包 nothing depends on which tile of the chow was claimed: the same answer.
    body = copy.deepcopy(DRAWN_CHOW)
    del body["players"][1]["melds"][0]["claimed"]
    assert settle(post, body)["deltas"] == [-11, 29, -7, -11]


def test_xingguo_keeps_its_bao(post):
    # The same chow in xingguo (indicator 4m out of play; seat 2's 5m keeps seat 1 from 霸精):
    # 4m 4m + the chowed 5m = 5, made 冲关 by seat 0's 5m: seat 0 pays 3 × 10 = 30 alone.
    status, answer = post("/jing", {
        "variant": "xingguo", "indicator": "4m",
        "players": [{"hand": "1p"}, {"hand": "44m", "melds": [
            {"type": "chow", "tiles": "567m", "from": 0, "claimed": "5m"}]},
            {"hand": "5m"}, {"hand": "1p"}]})
    assert status == 200, answer
    assert received(answer, 1, "jing") == [(0, 30)]
    assert answer["deltas"] == [-31, 29, 3, -1]


# ---------------------------------------------------------------- 2. nanchang 精钓地胡

# Dealer seat 0's first discard, an E, completes seat 1's 精钓: four sets and a lone 4m (上精
# 4m: 正精 4m, 副精 5m) — 胡牌方式 6 精钓地胡, the one 精钓 that may take a discard. Seat 1
# counts 2 (its 4m), seat 2 counts 1 (its 5m).
JING_DIAO_DI_HU = {
    "variant": "nanchang", "dealer": 0, "jing": {"indicator": "4m"},
    "players": [
        {"hand": "123p456p789p11sSN"},
        {"hand": "123s456s789s123p4mE"},
        {"hand": "5m789s11pSSNCFPP"},
        {"hand": "234p567p88sCCFPN"},
    ],
    "result": {"winners": [1], "win_tile": "E", "win_type": "discard", "discarder": 0,
               "flags": {"earthly": True}},
}


def test_nanchang_jing_diao_di_hu_is_paid_as_di_hu(post):
    # Paid as 地胡 (胡牌分 7): 20 from each, no doubling — only 天胡 stacks with 精钓.
    # jing: seat 1's 2 and seat 2's 1 from each.
    # seat 0: −20 −2 −1 = −23 · seat 1: +60 +6 −1 = +65 · seat 2: −20 −2 +3 = −19
    # seat 3: −20 −2 −1 = −23
    answer = settle(post, JING_DIAO_DI_HU)
    assert answer["deltas"] == [-23, 65, -19, -23]
    assert received(answer, 1, "hu") == [(0, 20), (2, 20), (3, 20)]
    patterns = {p["id"]: p["value"] for p in answer["winners"][0]["evaluation"]["patterns"]}
    assert patterns["di_hu"] == 20 and patterns["jing_diao"] is None


def test_xingguo_jing_diao_di_hu_stays_forty(post):
    # xingguo 补充 7: 精吊地胡 每家40子 (the same hand; indicator 4m, so 5m is 副精).
    status, answer = post("/evaluate", {
        "variant": "xingguo", "hand": "123s456s789s123p4mE", "win_tile": "E",
        "win_type": "discard", "discarder_is_dealer": True, "flags": {"earthly": True},
        "jing": {"indicator": "4m"}})
    assert status == 200, answer
    assert [p["amount"] for p in answer["payments"]] == [40, 40, 40]


# ---------------------------------------------------------------- 3. an impossible rob

# Robbing an added kong (抢杠) takes the fourth copy of a tile: the other three are the
# robbed player's pung. So the winner holds that tile once — the winning tile — and no other
# copy may be anywhere: 3 (the pung) + 1 (the win tile) = 4 already.
JING = {"xingguo": {"indicator": "C"}, "nanchang": {"indicator": "C"}}
VARIANTS = ("xingguo", "nanchang", "qinzhou", "guangdong")


def rob(variant, hand, **extra):
    body = {"variant": variant, "hand": hand, "win_type": "rob_kong", **extra}
    if variant in JING:
        body["jing"] = JING[variant]
    return body


def refused(post, path, body):
    status, answer = post(path, body)
    assert status == 422, answer
    return answer["errors"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_rob_of_a_tile_the_hand_holds_twice_is_refused(post, variant):
    # The hand: 123m 456p 789s 234s + the pair 55m, "robbing" a 5m: 3 + 2 = 5 copies.
    errors = refused(post, "/evaluate", rob(variant, "123m456p789s234s55m", win_tile="5m"))
    assert [e["field"] for e in errors] == ["win_tile"]
    assert "3 + 2 > 4" in errors[0]["message"] and "fourth 5m" in errors[0]["message"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_rob_of_a_tile_also_in_a_meld_is_refused(post, variant):
    # 456m holds the robbed 5m; the chow 567m another: the pung's 3 + 2 = 5.
    errors = refused(post, "/evaluate", rob(variant, "456p789s456mEE", win_tile="5m", melds=[
        {"type": "chow", "tiles": "567m"}]))
    assert [e["field"] for e in errors] == ["win_tile"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_same_hand_robbing_a_tile_held_once_is_scored(post, variant):
    status, answer = post("/evaluate", rob(variant, "123m456p789s234s55m", win_tile="3s"))
    assert status == 200 and answer["winning"] is True, answer


@pytest.mark.parametrize(("variant", "hand"), [
    ("guangdong", "111m222p333s444sEE"),  # every tile a pung or the pair
    ("qinzhou", "11m33m55p77p99sEESS"),  # seven pairs can never rob a kong
    ("xingguo", "111m222p333s444sEE"), ("nanchang", "111m222p333s444sEE"),
])
def test_without_win_tile_some_tile_must_be_held_once(post, variant, hand):
    errors = refused(post, "/evaluate", rob(variant, hand))
    assert [e["field"] for e in errors] == ["win_type"]
    assert "no tile of this hand can have been robbed" in errors[0]["message"]


def test_xingguo_cannot_rob_the_flipped_indicator_kind(post):
    # xingguo takes the indicator out of play (5m): pung 3 + indicator 1 = 4, no 5m is left
    # to add to the kong. The 5m in hand is 正精 standing in for the E of the pair.
    errors = refused(post, "/evaluate", {
        "variant": "xingguo", "hand": "123m456p789s234sE5m", "win_type": "rob_kong",
        "win_tile": "5m", "jing": {"indicator": "5m"}})
    assert [e["field"] for e in errors] == ["win_tile"]
    assert "1 flipped out of play" in errors[0]["message"]


# seat 2 tries to add a 7m to its pung of 7m; seat 1 robs it (平和 on 7m8m9m).
ROBBER = "789m456p789s234s55p"
ROBBED = {"hand": "111p222p333s1s", "melds": [{"type": "pung", "tiles": "777m", "from": 0}]}


def rob_round(seat0: str) -> dict:
    return {"variant": "guangdong", "dealer": 0,
            "players": [{"hand": seat0}, {"hand": ROBBER}, ROBBED, {"hand": "EEESSSWWWNNNF"}],
            "result": {"winners": [1], "win_type": "rob_kong", "discarder": 2,
                       "win_tile": "7m"}}


def test_settle_a_rob_with_a_fifth_copy_elsewhere_is_refused(post):
    # Seat 0 holds a 7m: pung 3 + the winner's 1 + seat 0's 1 = 5.
    errors = refused(post, "/settle", rob_round("444p666m888m9p9p7m"))
    assert [e["field"] for e in errors] == ["result.win_tile"]
    message = errors[0]["message"]
    assert "counts 5" in message and "1 in players[0].hand" in message
    assert "3 in players[2].melds[0]" in message


def test_settle_a_rob_the_winner_holds_twice_is_refused(post):
    # Seat 1's 平和 has the pair 7m 7m: the robbed 7m and another one, 3 + 2 = 5.
    body = rob_round("444p666m888m9p9pFF")
    body["players"][1] = {"hand": "77m123m456p789s234s"}
    errors = refused(post, "/settle", body)
    assert [e["field"] for e in errors] == ["players[1].hand"]


def test_settle_the_possible_rob(post):
    # 平和 1 + 自摸 1 (抢杠 当自摸) raised to 3 fan = 8 a share; the robbed seat pays 3 × 8.
    answer = settle(post, rob_round("444p666m888m9p9pFF"))
    assert answer["deltas"] == [0, 24, -24, 0]


@pytest.mark.parametrize("variant", ("xingguo", "nanchang", "guangdong"))
def test_settle_a_rob_needs_the_robbed_tile(post, variant):
    body = rob_round("444p666m888m9p9pFF")
    body["variant"] = variant
    if variant in JING:
        body["jing"] = {"indicator": "C"}
    del body["result"]["win_tile"]
    errors = refused(post, "/settle", body)
    assert "result.win_tile" in [e["field"] for e in errors]


def test_a_wait_that_cannot_be_robbed_is_priced_as_a_self_draw(post):
    # Waiting on 5m with a 5m in hand: a robbed 5m would be the fifth. 平和 1 + 自摸 1 = 2 fan
    # = 4 from each, 12 in all, and the note says why it is not a rob. Waiting on 1s/4s is a
    # rob: 平和 1 + 自摸 1 raised to 3 = 8 × 3 = 24, from the robbed player.
    status, answer = post("/evaluate", {"variant": "guangdong", "hand": "123m456p789s234s5m",
                                        "win_type": "rob_kong"})
    assert status == 200, answer
    [wait] = answer["waits"]
    assert (wait["tile"], wait["total"]) == ("5m", 12)
    assert "5m cannot be robbed" in wait["note"]
    status, answer = post("/evaluate", {"variant": "guangdong", "hand": "123m456p789s23s55m",
                                        "win_type": "rob_kong"})
    assert [(w["tile"], w["total"]) for w in answer["waits"]] == [("1s", 24), ("4s", 24)]


# ---------------------------------------------------------------- 4. nanchang 天胡 精钓

TIAN_HU = {"hand": "123m456m789m123pE5s", "win_tile": "E", "win_type": "self_draw",
           "dealer": True, "flags": {"heavenly": True}, "jing": {"indicator": "5s"}}


def test_nanchang_tian_hu_jing_diao_is_a_lone_jing_and_any_tile(post):
    # The dealer's dealt 14: four sets, and the 5s (上精 5s, wild) pairing the E: 精钓.
    # 胡牌分 6 天胡 可以和精吊叠加: 20 × 2 = 40 from each, 120 in all.
    status, answer = post("/evaluate", {"variant": "nanchang", **TIAN_HU})
    assert status == 200, answer
    assert [p["amount"] for p in answer["payments"]] == [40, 40, 40]
    assert answer["total"] == 120
    assert {p["id"]: p["value"] for p in answer["patterns"]}["jing_diao"] == 2
    pair = [g for g in answer["decomposition"] if g["type"] == "pair"]
    assert pair[0]["held"] == ["E", "5s"] and pair[0]["wild"] == [False, True]


def test_xingguo_tian_hu_jing_diao_is_still_a_pair_of_two_jing(post):
    # xingguo 补充 7: 精吊天胡 即对子由两个精构成. The same hand is a plain 天胡: 20 each; with
    # two jing as the pair (5s 6s) it is 40 each.
    status, plain = post("/evaluate", {"variant": "xingguo", **TIAN_HU})
    assert status == 200, plain
    assert [p["amount"] for p in plain["payments"]] == [20, 20, 20]
    assert "jing_diao" not in {p["id"] for p in plain["patterns"]}
    status, two = post("/evaluate", {"variant": "xingguo", **TIAN_HU,
                                     "hand": "123m456m789m123p5s6s", "win_tile": "6s"})
    assert [p["amount"] for p in two["payments"]] == [40, 40, 40]


# ---------------------------------------------------------------- 5. a jing won on a discard

def test_nanchang_jing_won_on_a_discard_may_be_wild(post):
    # 精牌介绍 2: a discarded jing is only itself — 胡牌则不做此限定. The 5s (上精) won on a
    # discard pairs the E as a wild: 小七对 有精, which may take a discard. 闲家点闲家:
    # 4 × 2 小七对 = 8 a share; the discarder ×2 = 16, the dealer ×2 = 16, the other 8: 40.
    status, answer = post("/evaluate", {
        "variant": "nanchang", "hand": "11m22m33m44p55p66pE5s", "win_tile": "5s",
        "win_type": "discard", "discarder_is_dealer": False, "jing": {"indicator": "5s"}})
    assert status == 200, answer
    assert answer["winning"] is True and answer["shape"] == "xiao_qi_dui"
    assert [p["amount"] for p in answer["payments"]] == [16, 16, 8]
    assert answer["total"] == 40
    pair = [g for g in answer["decomposition"] if g["held"] == ["E", "5s"]]
    assert pair and pair[0]["wild"] == [False, True]
    # The issue's own body (no discarder_is_dealer: priced as 闲家点闲家, with a note).
    status, same = post("/evaluate", {
        "variant": "nanchang", "hand": "11m22m33m44p55p66pE5s", "win_tile": "5s",
        "win_type": "discard", "jing": {"indicator": "5s"}})
    assert (same["winning"], same["shape"], same["total"]) == (True, "xiao_qi_dui", 40)


def test_nanchang_jing_robbed_from_a_kong_may_be_wild(post):
    # The same for a robbed kong: the robbed 5m (上精 5m, 4 in play in nanchang) pairs the E
    # as a wild. 有精平胡 may rob (憋自摸 bars only 点炮). Valued as the winner's self-draw ×2:
    # 4 × 2 抢杠 = 8; self-draw shares: the dealer 8 × 2 自摸 × 2 庄家 = 32, the others
    # 8 × 2 = 16 each: 32 + 16 + 16 = 64, all from the robbed player.
    status, answer = post("/evaluate", {
        "variant": "nanchang", "hand": "123m456p789s234sE5m", "win_type": "rob_kong",
        "win_tile": "5m", "jing": {"indicator": "5m"}})
    assert status == 200, answer
    assert [(p["payer"], p["amount"]) for p in answer["payments"]] == [("robbed", 64)]


def test_xingguo_jing_won_on_a_discard_is_only_itself(post):
    # xingguo's seed is silent: the discarded 5s is read as itself, and E stays alone.
    status, answer = post("/evaluate", {
        "variant": "xingguo", "hand": "11m22m33m44p55p66pE5s", "win_tile": "5s",
        "win_type": "discard", "jing": {"indicator": "5s"}})
    assert status == 200, answer
    assert answer["winning"] is False and answer["reason"] == "not_complete"



# ---------------------------------------------------------------- shared code, own seeds

def test_nanchang_di_hu_is_won_on_the_dealers_first_discard_only(post):
    # nanchang 胡牌方式 5 地胡：庄家打出第一张牌，就有人胡牌 — a win on that discard; a
    # self-drawn 地胡 is a 422. xingguo's seed does not say how 地胡 is won: a first draw is
    # accepted there, 20 from each (E组 2 普通地胡 20+20+20).
    hand = {"hand": "123m456m789m123pEE", "win_tile": "9m", "win_type": "self_draw",
            "flags": {"earthly": True}}
    errors = refused(post, "/evaluate", {"variant": "nanchang", "jing": {"indicator": "5s"},
                                         **hand})
    assert [e["field"] for e in errors] == ["flags.earthly"]
    assert "win_type discard" in errors[0]["message"]
    status, answer = post("/evaluate", {"variant": "xingguo", "jing": {"indicator": "5s"},
                                        **hand})
    assert status == 200, answer
    assert [p["amount"] for p in answer["payments"]] == [20, 20, 20]


# ---------------------------------------------------------------- xingguo 霸胡 and 包

# 上精 8s (out of play): 正精 8s, 副精 9s; nobody holds either. Seat 1 self-draws 德国平胡 on
# 9m; seat 2's concealed kong of 9p takes 2 from each.
BA_HU = {
    "variant": "xingguo", "dealer": 0, "jing": {"indicator": "8s"},
    "players": [
        {"hand": "234s567s444p777pN"},
        {"hand": "123m456m789m123pEE"},
        {"hand": "123s888p7sCCC", "melds": [{"type": "concealed_kong", "tiles": "9999p"}]},
        {"hand": "234m567m11sFFFWP", "discards": "9m"},
    ],
    "result": {"winners": [1], "win_tile": "9m", "win_type": "self_draw"},
}


def test_ba_hu_when_every_jing_count_is_zero(post):
    # 霸胡 ×2: dealer 1 × 2 霸胡 × 2 自摸 × 2 庄家 = 8 → 德国 8 × 2 + 5 = 21; the others
    # 1 × 2 × 2 = 4 → 13. Kong: seat 2 +6.
    answer = settle(post, BA_HU)
    assert received(answer, 1, "hu") == [(0, 21), (2, 13), (3, 13)]
    assert answer["deltas"] == [-21 - 2, 47 - 2, -13 + 6, -13 - 2]


@pytest.mark.parametrize("seat", [3, 1], ids=["another seat", "the winner"])
def test_a_discarded_jing_counts_against_ba_hu(post, seat):
    # RULINGS: 霸胡 counts jing as the jing score does, discards included (丢精算自己的精). A
    # discarded 9s (副精) is 1: no 霸胡, even with ba_hu_restored. 德国 without it: dealer
    # 1 × 2 × 2 = 4 → 13, the others 2 → 9. The discarder is the only holder: 霸精 1 × 2 = 2
    # from each.
    body = copy.deepcopy(BA_HU)
    body["players"][seat]["discards"] = "9m9s" if seat == 3 else "9s"
    for rules in ({}, {"ba_hu_restored": True}):
        answer = settle(post, {**body, "rules": rules})
        assert received(answer, 1, "hu") == [(0, 13), (2, 9), (3, 9)]
        assert received(answer, seat, "jing") == sorted((s, 2) for s in range(4) if s != seat)


def test_ba_hu_restored_when_the_winner_reads_its_jing_as_themselves(post):
    # The winner holds 888s (the three 正精 in play) read as a pung: 德国. The other three
    # count none. With rules.ba_hu_restored (补充 8 胡家的精胡牌时已还原): 21 + 13 + 13 = 47;
    # without: 德国 13 + 9 + 9 = 31. Its jing: 3 × 2 = 6, 冲关 6 × 3 = 18, 霸精 × 2 = 36 each.
    body = copy.deepcopy(BA_HU)
    body["players"][1]["hand"] = "123m456m789m888sEE"
    plain = settle(post, body)
    assert received(plain, 1, "hu") == [(0, 13), (2, 9), (3, 9)]
    restored = settle(post, {**body, "rules": {"ba_hu_restored": True}})
    assert received(restored, 1, "hu") == [(0, 21), (2, 13), (3, 13)]
    assert received(restored, 1, "jing") == [(0, 36), (2, 36), (3, 36)]
    # seat 0: −21 −36 −2 · seat 1: +47 +108 −2 · seat 2: −13 −36 +6 · seat 3: −13 −36 −2
    assert restored["deltas"] == [-59, 153, -43, -51]


def test_no_jing_held_flag_is_refused_when_a_seat_discarded_jing(post):
    body = copy.deepcopy(BA_HU)
    body["players"][3]["discards"] = "9m9s"
    body["result"]["flags"] = {"no_jing_held": True}
    errors = refused(post, "/settle", body)
    assert [e["field"] for e in errors] == ["result.flags.no_jing_held"]
    assert "seat 3 counts jing" in errors[0]["message"]


def test_xingguo_bao_when_the_claim_makes_ba_jing_of_a_seat_already_chong_guan(post):
    # 上精 5s (正精, 3 in play) / 6s (副精). Seat 1 holds 5s 5s 6s (5: already 冲关) and
    # punged 6s 6s + seat 3's 6s (the claimed 6s counts 1): 8 → 冲关 8 × 5 = 40, and nobody
    # else holds any: 霸精 × 2 = 80. Already 冲关, so that claim did not make it 冲关; but
    # before it the 6s counted for seat 3 (丢精算自己的精): the claim made it 霸精, and seat
    # 3 pays 3 × 80 = 240 alone (F组 4 丢精时若构成霸精).
    status, answer = post("/jing", {
        "variant": "xingguo", "indicator": "5s",
        "players": [{"hand": "1m"}, {"hand": "5s5s6s", "melds": [
            {"type": "pung", "tiles": "6s6s6s", "from": 3}]}, {"hand": "1m"}, {"hand": "1m"}]})
    assert status == 200, answer
    seat = answer["jing"][0]["seats"][1]
    assert (seat["count"], seat["score"], seat["paid_by"]) == (8, 80, 3)
    assert received(answer, 1, "jing") == [(3, 240)]
