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
