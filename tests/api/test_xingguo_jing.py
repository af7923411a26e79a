"""xingguo /jing: 正精/副精 from the indicator, and table F (精计子) with 霸精 and 包.

/jing takes whatever tiles it is given, so each player's hand here holds just the tiles that
matter. Indicator 5s: 正精 5s (3 in play, the indicator is out), 副精 6s.
"""

from __future__ import annotations

import pytest

from tests.api.jiangxi_cases import received
from tests.settle_props import check_invariants


def jing_body(hands: list, indicator: str = "5s", **extra) -> dict:
    players = [h if isinstance(h, dict) else {"hand": h} for h in hands]
    return {"variant": "xingguo", "indicator": indicator, "players": players, **extra}


@pytest.mark.parametrize(("indicator", "zheng", "fu"), [
    ("1m", "1m", "2m"),  # 二. 翻开的牌为一万，即一、二万为精，其中一万为正精，二万为副精
    ("N", "N", "E"),  # 二. 如为北风则北东风为精，其中北风为正精，东风为副精
    ("9p", "9p", "1p"), ("P", "P", "C"), ("F", "F", "P"), ("W", "W", "N"),
])
def test_indicator_gives_zheng_and_fu(post, indicator, zheng, fu):
    status, answer = post("/jing", {"variant": "xingguo", "indicator": indicator})
    assert status == 200, answer
    assert [(j["indicator"], j["zheng"], j["fu"]) for j in answer["jing"]] == [
        ("indicator", zheng, fu)]
    assert answer["deltas"] is None


def test_f1_zheng_counts_two_fu_one(post):
    # F组 1: 正精 1精算2精 2+2+2=6; 副精 1精算1精 1+1+1=3
    status, answer = post("/jing", jing_body(["5s", "6s", "1m", "1m"]))
    assert status == 200, answer
    check_invariants(answer)
    assert received(answer, 0, "jing") == [(1, 2), (2, 2), (3, 2)]
    assert received(answer, 1, "jing") == [(0, 1), (2, 1), (3, 1)]
    assert answer["deltas"] == [2 * 3 - 1, 3 - 2, -3, -3]


# F组 2: seat 0 holds N jing; seat 1 the 副精 left over, so nobody is 霸精.
CHONG_GUAN = [
    ("5精2倍冲关 10+10+10=30", "5s5s6s", 10),
    ("6精3倍冲关 18+18+18=54", "5s5s5s", 18),
    ("7精4倍冲关 28+28+28=84", "5s5s5s6s", 28),
    ("8精5倍冲关 40+40+40=120", "5s5s5s6s6s", 40),
    ("9精6倍冲关 54+54+54=162", "5s5s5s6s6s6s", 54),
]


@pytest.mark.parametrize(("line", "hand", "each"), CHONG_GUAN,
                         ids=[f"F2 {c[0]}" for c in CHONG_GUAN])
def test_f2_chong_guan(post, line, hand, each):
    status, answer = post("/jing", jing_body([hand, "6s", "1m", "1m"]))
    assert status == 200, answer
    seat = answer["jing"][0]["seats"][0]
    assert (seat["score"], seat["chong_guan"], seat["ba_jing"]) == (each, True, False)
    assert received(answer, 0, "jing") == [(1, each), (2, each), (3, each)]
    check_invariants(answer)


def test_f2_ten_jing_is_always_ba_jing(post):
    # F组 2: 10精7倍冲关 70+70+70=210. In xingguo only 3 正精 + 4 副精 exist, so a seat with
    # 10 holds every jing and is 霸精 too (F组 3: 精数X2): 140 from each.
    status, answer = post("/jing", jing_body(["5s5s5s6s6s6s6s", "1m", "1m", "1m"]))
    assert status == 200, answer
    seat = answer["jing"][0]["seats"][0]
    assert (seat["count"], seat["score"], seat["ba_jing"]) == (10, 140, True)
    assert received(answer, 0, "jing") == [(1, 140), (2, 140), (3, 140)]


def test_f3_ba_jing_doubles(post):
    # F组 3: 霸精：精数X2 — one 正精, nobody else holds any: 2 × 2 = 4 from each.
    status, answer = post("/jing", jing_body(["5s", "1m", "1m", "1m"]))
    assert status == 200, answer
    assert received(answer, 0, "jing") == [(1, 4), (2, 4), (3, 4)]
    assert answer["jing"][0]["seats"][0]["ba_jing"] is True


def test_f4_discarded_jing_count_for_the_discarder_claimed_for_the_claimer(post):
    # F组 4: 丢精算自己的精; 若被吃或碰，则算别家精. Seat 2 discarded a 5s (2); seat 1 punged
    # three 6s from seat 3 (3); seat 0 holds a 6s (1).
    status, answer = post("/jing", jing_body([
        "6s", {"hand": "1m", "melds": [{"type": "pung", "tiles": "6s6s6s", "from": 3}]},
        {"hand": "1m", "discards": "5s"}, "1m"]))
    assert status == 200, answer
    counts = [s["count"] for s in answer["jing"][0]["seats"]]
    assert counts == [1, 3, 2, 0]
    assert all(s["paid_by"] is None for s in answer["jing"][0]["seats"])
    check_invariants(answer)


def test_f4_claimed_jing_that_makes_chong_guan_is_paid_by_its_discarder(post):
    # F组 4: 别家若已构成冲关，则精上计子由丢精者一个人包. Seat 1 holds 5s 6s 6s (4) and chowed
    # 3s4s5s from seat 0 taking the 5s (2): 6 → 冲关 18, made by seat 0's 5s: seat 0 pays
    # 3 × 18 = 54 alone. Seat 2's 6s keeps it from being 霸精.
    status, answer = post("/jing", jing_body([
        "1m", {"hand": "5s6s6s", "melds": [{"type": "chow", "tiles": "345s", "from": 0,
                                            "claimed": "5s"}]},
        "6s", "1m"]))
    assert status == 200, answer
    seat = answer["jing"][0]["seats"][1]
    assert (seat["count"], seat["score"], seat["paid_by"]) == (6, 18, 0)
    assert received(answer, 1, "jing") == [(0, 54)]
    check_invariants(answer)


def test_f4_claimed_jing_before_chong_guan_is_not_liable(post):
    # Seat 1 holds 5s6s6s (4) and chowed 4s5s6s taking the 6s (1): 4 + 3 = 7. Without the
    # claimed 6s it counts 6, already 冲关, so nobody is liable: everyone pays f(7) = 28.
    status, answer = post("/jing", jing_body([
        "1m", {"hand": "5s6s6s", "melds": [{"type": "chow", "tiles": "456s", "from": 0,
                                            "claimed": "6s"}]},
        "6s", "1m"]))
    assert status == 200, answer
    seat = answer["jing"][0]["seats"][1]
    assert (seat["count"], seat["paid_by"]) == (7, None)
    assert received(answer, 1, "jing") == [(0, 28), (2, 28), (3, 28)]


def test_f4_claimed_jing_that_makes_ba_jing_is_paid_by_its_discarder(post):
    # F组 4: 丢精时若构成霸精（改变精的状态时），由丢精者包精计子. Seat 1 punged 6s from seat 3 and
    # is the only holder: 3 × 2 (霸精) = 6 from each, all 18 paid by seat 3.
    status, answer = post("/jing", jing_body([
        "1m", {"hand": "1m", "melds": [{"type": "pung", "tiles": "6s6s6s", "from": 3}]},
        "1m", "1m"]))
    assert status == 200, answer
    assert received(answer, 1, "jing") == [(3, 18)]
    assert answer["jing"][0]["seats"][1]["paid_by"] == 3


@pytest.mark.parametrize(("hand", "meld", "field"), [
    # 5s6s (3) + chow 345s (2) = 5: 冲关 if the chowed tile was the 5s, not otherwise
    ("5s6s", {"type": "chow", "tiles": "345s", "from": 0}, "players[1].melds[0].claimed"),
    # a pung of 5s (6) with nothing else: 冲关 made by the claimed 5s, but from whom?
    ("1m", {"type": "pung", "tiles": "5s5s5s"}, "players[1].melds[0].from"),
])
def test_liability_needs_to_know_the_claim(post, hand, meld, field):
    status, answer = post("/jing", jing_body(["1m", {"hand": hand, "melds": [meld]},
                                              "6s", "1m"]))
    assert status == 422, answer
    assert answer["errors"][0]["field"] == field


def test_a_claim_that_cannot_matter_needs_no_detail(post):
    # pung of 5s (6) + 6s6s (2) = 8: still 冲关 without the claimed 5s, so no 'from' needed.
    status, answer = post("/jing", jing_body([
        "1m", {"hand": "6s6s", "melds": [{"type": "pung", "tiles": "5s5s5s"}]}, "6s", "1m"]))
    assert status == 200, answer
    assert received(answer, 1, "jing") == [(0, 40), (2, 40), (3, 40)]


@pytest.mark.parametrize(("body", "field"), [
    ({"variant": "xingguo", "indicator": "5s", "lower_indicator": "1m"},
     "jing.lower_indicator"),
    ({"variant": "xingguo", "indicator": "5s", "players": [{"hand": "5s5s5s"},
                                                           {"hand": "5s"}, {"hand": ""},
                                                           {"hand": ""}]},
     "jing.indicator"),
    ({"variant": "xingguo", "indicator": "5s", "players": [{"hand": "5s"}]}, "players"),
    ({"variant": "xingguo", "indicator": "5x"}, "indicator"),
])
def test_jing_errors(post, body, field):
    status, answer = post("/jing", body)
    assert status == 422, answer
    assert field in [e["field"] for e in answer["errors"]]
