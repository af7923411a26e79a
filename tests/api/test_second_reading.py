"""The second reading of the seeds (issue 26): each defect it found, with the exact answer
worked by hand, and the places where xingguo and nanchang share code but not a rule.

Each body is a round or a hand as a client sends it; the arithmetic is in the comment
above the test, and the test holds every number of it.
"""

from __future__ import annotations

import copy

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
