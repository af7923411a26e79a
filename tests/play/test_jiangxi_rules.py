"""RULINGS "Play rules (POST /replay)", the xingguo and nanchang sections: 跟庄/抄庄, 诈胡,
passing a win (free in xingguo, 胡先不胡后 in nanchang), what nanchang refuses as a win, and
the flat 天胡/地胡 payments, each by a hand-worked log that passes and one that breaks it at
a known action.

Jing 发 (``F``) unless a test says otherwise: 正精 发, 副精 白. When nobody holds either, an
xingguo win is 德国 and 霸胡 (×2), a nanchang win 德中德 (×4 + 5 from a responsible payer).
The amounts are worked out by hand from docs/rules/xingguo.md, docs/rules/nanchang.md and the
seeds' tables.
"""

from __future__ import annotations

import pytest

from tests.play.logs import body, replay
from tests.play.test_common_rules import (
    DEAL,
    FA,
    LAST_WALL,
    NC,
    OTHERS,
    ROB,
    ROB_DEAL,
    ROB_WALL,
    TO_LAST,
    TO_NINE,
    TWO_DEAL,
    TWO_WALL,
    WALL,
    XG,
    deltas,
    facts,
    illegal,
    legal,
    refused,
    request,
)


def codes(answer, code: str) -> list[tuple[int, int | None]]:
    """(action, seat) of each fact of ``code``."""
    return [(index, seat) for index, c, seat in facts(answer) if c == code]


# ---------------------------------------------------------------------------- 跟庄 / 抄庄

# Every seat holds one E and one S; seat 1 also 123m 456p 789s 11s and draws 7m, 8m, then
# 9m. Two go-arounds follow the dealer (E, then S), then seat 1 self-draws.
FOLLOW_DEAL = ["1m5m9m2p3p9p9p2s4s6sCCES", "123m456p789s11sES", "2m4m6m1p3p7p3s5s6sWWES",
               "3m7m8m2p8p4s5s6sNNCES"]
FOLLOW_WALL = "7m5p6p7p8m9s1p4m9m5s"
FOLLOWED = ("0dE 1D 1dE 2D 2dE 3D 3dE 0D 0dS 1D 1dS 2D 2dS 3D 3dS 0D 0d9p 1D 1h")


@pytest.mark.parametrize(("variant", "expected"), [
    # xingguo: 闲家德国自摸 ×2 霸胡 21 + 13 + 13; the dealer pays 5 × 2 to each.
    (XG, [-21 - 30, 47 + 10, -13 + 10, -13 + 10]),
    # nanchang 德中德 自摸: the dealer 4 × 2 × 2 = 16 → 69, the others 8 → 37; 抄庄 5 × 2.
    (NC, [-69 - 30, 143 + 10, -37 + 10, -37 + 10]),
])
def test_follow_dealer_two_go_arounds(variant, expected):
    """The three others follow the dealer's E, then its S: two rounds, the dealer pays 5 to
    each per round (seed 000 E组 8 "第一轮出牌跟庄家：-15= -5 -5 -5 可跟无数轮，每轮 庄家 -15";
    002 奖励分 6 "抄庄：庄家向其他三家每家支付5子")."""
    answer = replay(variant, 0, FOLLOW_DEAL, FOLLOWED, jing=FA, wall=FOLLOW_WALL)
    # Each go-around counts when its fourth discard goes unclaimed: at the dealer's draw.
    assert codes(answer, "follow_dealer") == [(7, 0), (15, 0)]
    assert request(answer)["events"] == [{"type": "follow_dealer", "rounds": 2}]
    assert request(answer)["result"] == {"winners": [1], "win_tile": "9m",
                                         "win_type": "self_draw"}
    assert deltas(answer) == expected


def test_follow_dealer_counts_only_while_every_go_around_was_followed():
    """Seat 2 keeps its E in the first go-around: nothing counts, not even the second
    go-around that all four follow (RULINGS xingguo 跟庄: "each next go-around counts while
    every go-around before it was followed"; seed 000 E组 8 "第一轮出牌跟庄家")."""
    text = FOLLOWED.replace("2D 2dE", "2D 2d5p")
    answer = replay(XG, 0, FOLLOW_DEAL, text, jing=FA, wall=FOLLOW_WALL)
    assert codes(answer, "follow_dealer") == []
    assert "events" not in request(answer)
    assert deltas(answer) == [-21, 47, -13, -13]


def test_follow_dealer_broken_by_a_concealed_kong():
    """Seat 2 draws its fourth W and declares a concealed kong before following: the
    go-around is broken (RULINGS xingguo 跟庄 "any chow, pung or kong (concealed and added
    included …) breaks it"; seed 000 E组 8)."""
    deal = [FOLLOW_DEAL[0], FOLLOW_DEAL[1], "2m4m6m1p3p7p3s5sWWWES", FOLLOW_DEAL[3]]
    text = FOLLOWED.replace("2D 2dE", "2D 2xW 2D 2dE", 1)
    answer = replay(XG, 0, deal, text, jing=FA, wall="7mW6p7p8m9s1p4m9m5p")
    assert codes(answer, "follow_dealer") == []
    assert "events" not in request(answer)
    # The self-drawn win (21 + 13 + 13) and seat 2's concealed kong, 2 from each.
    assert deltas(answer) == [-23, 45, -7, -15]


# The dealer holds 4m 5m 6m, each other seat one 5m.
CHOW_FOLLOW_DEAL = ["4m5m6m2p3p9p9p2s4s6sCCES", "123m5m456p789s11sS", "2m4m6m1p3p7p3s5s6sWW5mS",
                    "3m7m8m2p8p4s5s6sNNC5mS"]


@pytest.mark.parametrize("variant", [XG, NC])
def test_follow_dealer_broken_by_a_claim_of_the_fourth_discard(variant):
    """The dealer chows seat 3's 5m, the go-around's fourth discard: not followed (RULINGS
    跟庄 "… and a claim of the fourth discard"; seed 000 E组 8, 002 奖励分 6)."""
    followed = replay(variant, 0, CHOW_FOLLOW_DEAL, "0d5m 1D 1d5m 2D 2d5m 3D 3d5m 0D",
                      jing=FA, wall="7m5p6p7p")
    assert codes(followed, "follow_dealer") == [(7, 0)]
    claimed = replay(variant, 0, CHOW_FOLLOW_DEAL, "0d5m 1D 1d5m 2D 2d5m 3D 3d5m 0c456m 0dC",
                     jing=FA, wall="7m5p6p7p")
    assert claimed.turn == 1
    assert codes(claimed, "follow_dealer") == []


def test_follow_dealer_goes_in_turn_order():
    """A go-around is the next three seats in turn: seat 3 may not follow before seat 2
    (seed 000 E组 8 "第一轮出牌跟庄家"; 003 行牌規則 4 "順位由下家抓、出牌")."""
    error = illegal(XG, 0, FOLLOW_DEAL, "0dE 1D 1dE 3D", jing=FA, wall=FOLLOW_WALL)
    assert refused(error) == (3, "action.not_your_turn")


# ---------------------------------------------------------------------------- 诈胡 (xingguo)

def test_false_win_on_a_discard_then_a_later_seat_wins():
    """The dealer declares a win on seat 3's 9m that its tiles do not make: 诈胡, it pays 20
    to each, and the 9m is still open: seat 1 passes it, seat 2 wins it (seed 000 E组 4
    "诈胡： -60= -20 -20 -20"; 四.4 "胡前不胡后")."""
    answer = replay(XG, 0, TWO_DEAL, f"{TO_NINE} 0h 2h", jing=FA, wall=TWO_WALL)
    assert codes(answer, "false_win") == [(7, 0)]
    body_ = request(answer)
    assert body_["events"] == [{"type": "false_win", "seat": 0}]
    assert body_["result"] == {"winners": [2], "win_tile": "9m", "win_type": "discard",
                               "discarder": 3}
    # 闲家点闲家 ×2 霸胡 (8 + 13 + 4 to seat 2), and the dealer's 20 to each.
    assert deltas(answer) == [-8 - 60, -4 + 20, 25 + 20, -13 + 20]


def test_false_win_on_a_discard_the_round_goes_on():
    """After a 诈胡 on a discard the next seat draws as if it were not there (RULINGS xingguo
    诈胡 "the discard goes to the next claimer or seat"; seed 000 E组 4 "诈胡")."""
    answer = replay(XG, 0, DEAL, f"{TO_NINE} 2h 0D", jing=FA, wall="3m1p9m4m5m")
    assert answer.status == "in_progress" and answer.turn == 0
    assert codes(answer, "false_win") == [(7, 2)]
    # And seat 1, before seat 2 in turn, may still take the 9m (nothing else changed).
    won = replay(XG, 0, DEAL, f"{TO_NINE} 2h 1h", jing=FA, wall="3m1p9m4m5m")
    assert request(won)["result"]["winners"] == [1]
    assert request(won)["events"] == [{"type": "false_win", "seat": 2}]
    # Or another seat claims it: seat 3 pungs seat 1's 7m after seat 2's 诈胡 on it.
    punged = replay(XG, 0, DEAL, "0d1m 1D 1d7m 2h 3p7m", jing=FA, wall=WALL)
    assert punged.turn == 3 and codes(punged, "false_win") == [(3, 2)]


def test_false_win_after_a_self_draw_the_seat_still_discards():
    """Seat 1 declares a win on its drawn 7m: 诈胡; it still discards, and later wins on the
    dealer's 9m (seed 000 E组 4 "诈胡： -60= -20 -20 -20")."""
    text = "0d1m 1D 1h 1d7m 2D 2d6m 3D 3d7p 0D 0d9m 1h"
    answer = replay(XG, 0, DEAL, text, jing=FA, wall=WALL)
    assert codes(answer, "false_win") == [(2, 1)]
    assert request(answer)["events"] == [{"type": "false_win", "seat": 1}]
    # 庄家点闲家德国平胡 ×2 霸胡: 21 + 4 + 4 to seat 1, which pays 20 to each.
    assert deltas(answer) == [-21 + 20, 29 - 60, -4 + 20, -4 + 20]
    error = illegal(XG, 0, DEAL, "0d1m 1D 1h 2D", jing=FA, wall=WALL)
    assert refused(error) == (3, "action.not_your_turn")


# Seat 1 is 精吊: four sets and a lone 白 (副精).
JING_DIAO_DEAL = [DEAL[0], "123m456p789s111sP", DEAL[2], DEAL[3]]
# Seat 1 is 有精平胡 on 8s: 7s + 白 (wild) and 99m.
YOU_JING_DEAL = [DEAL[0], "123m456p7sP111s9m9m", DEAL[2], DEAL[3]]
LATER = "0d1m 1D 1d7m 2D 2d6m 3D 3d7p 0D"  # the dealer draws the 8s


@pytest.mark.parametrize(("deal", "discard"), [(JING_DIAO_DEAL, "0d5m"),
                                               (YOU_JING_DEAL, "0d8s")])
def test_false_win_jing_diao_or_you_jing_ping_hu_on_a_discard(deal, discard):
    """精吊 and 有精平胡 may not win on a discard: in xingguo such a win is a 诈胡 (seed 000 四.5
    "有精平胡不能抓点炮"; 四.9 "已构成精吊结构，不能抓德国点炮或抢杠"; E组 4 "诈胡")."""
    answer = replay(XG, 0, deal, f"{LATER} {discard} 1h 1D", jing=FA, wall=WALL)
    assert answer.status == "in_progress" and answer.turn == 1
    assert codes(answer, "false_win") == [(9, 1)]


@pytest.mark.parametrize(("deal", "wall", "expected"), [
    # 闲家有精平胡精吊 (D组 4 "8+4+4=16"); seat 1's 白 is the only jing: 1, 霸精 ×2.
    (JING_DIAO_DEAL, WALL, [-8 - 2, 16 + 6, -4 - 2, -4 - 2]),
    # 闲家平胡有精自摸 (A组 3 "4+2+2=8") on the 8s, and the same jing.
    (YOU_JING_DEAL, "8s6m7p", [-4 - 2, 8 + 6, -2 - 2, -2 - 2]),
])
def test_jing_diao_and_you_jing_ping_hu_win_by_self_draw(deal, wall, expected):
    """The same hands win by self-draw (seed 000 四.5 "有精平胡不能抓点炮"; D组 4)."""
    answer = replay(XG, 0, deal, "0d1m 1D 1h", jing=FA, wall=wall)
    assert request(answer)["result"]["win_type"] == "self_draw"
    assert codes(answer, "false_win") == []
    assert deltas(answer) == expected


@pytest.mark.parametrize(("text", "index"), [
    ("0d1m 1D 2h", 2),  # seat 1 holds 14: nothing is offered to seat 2
    ("0d1m 1c123m 1h", 2),  # the chow's claimer discards; it has drawn nothing
    ("0d9m 0h", 1),  # the dealer's own discard
    ("0d9m 1h8m", 1),  # the tile offered is the 9m
])
def test_a_win_where_no_tile_is_offered_is_illegal(text, index):
    """A ``win`` where no tile is offered is not a 诈胡 but an illegal action (RULINGS xingguo
    诈胡 "A win where no tile is offered to it … is not a 诈胡 but an illegal action";
    seed 000 E组 4 "诈胡")."""
    assert refused(illegal(XG, 0, DEAL, text, jing=FA, wall=WALL)) == (
        index, "action.nothing_to_win")


def test_robbing_a_concealed_kong_is_no_false_win():
    """Robbing a concealed kong is illegal in xingguo too, not a 诈胡 (seed 002 胡牌方式 3
    "抢杠只能发生在加杠动作中，暗杠明杠不算")."""
    deal = ["1111m456p789s111s9m", *OTHERS]
    assert refused(illegal(XG, 0, deal, "0x1m 2h", jing=FA, wall="3m9m")) == (
        1, "action.rob_not_allowed")


def test_false_win_on_an_added_kong():
    """Seat 2 "robs" the dealer's added 9p with tiles that do not win: xingguo takes it as a
    诈胡 and the dealer draws its replacement; nanchang refuses it (RULINGS xingguo 诈胡 "a
    tile that is really offered (… an added kong just declared)"; seed 000 E组 4)."""
    answer = replay(XG, 0, ROB_DEAL, f"{ROB} 2h 0D", jing=FA, wall=ROB_WALL)
    assert answer.status == "in_progress" and answer.turn == 0
    assert codes(answer, "false_win") == [(17, 2)]
    assert refused(illegal(NC, 0, ROB_DEAL, f"{ROB} 2h", jing=FA, wall=ROB_WALL)) == (
        17, "action.not_a_win")


# Seat 1 robs the dealer's added 9p: as 精吊 (lone 白), or as 有精平胡 (7p + 白 for 8p).
ROB_JING_DIAO = [DEAL[0], "123m456s789s111sP", *ROB_DEAL[2:]]
ROB_YOU_JING = [DEAL[0], "123m7pP789s111s5m5m", *ROB_DEAL[2:]]


def test_jing_diao_may_not_rob_a_kong():
    """精吊 wins by self-draw only, not by robbing a kong: 诈胡 in xingguo, illegal in nanchang
    (seed 000 四.9 "已构成精吊结构，不能抓德国点炮或抢杠"; 002 精钓 "不允许胡他家只能自摸")."""
    answer = replay(XG, 0, ROB_JING_DIAO, f"{ROB} 1h 0D", jing=FA, wall=ROB_WALL)
    assert codes(answer, "false_win") == [(17, 1)]
    assert refused(illegal(NC, 0, ROB_JING_DIAO, f"{ROB} 1h", jing=FA, wall=ROB_WALL)) == (
        17, "action.not_a_win")


@pytest.mark.parametrize(("variant", "expected"), [
    # 补充 5 "闲家平胡有精抢：16子" from the robbed dealer; seat 1's 白: 霸精 2 from each.
    (XG, [-16 - 2, 16 + 6, -2, -2]),
    # nanchang: as a self-draw ×2: the dealer's share 4 × 2 × 2 × 2 = 32, the others' 16.
    (NC, [-64 - 2, 64 + 6, -2, -2]),
])
def test_you_jing_ping_hu_may_rob_a_kong(variant, expected):
    """有精平胡 may not win on a discard, but robbing a kong is valued as a self-draw (seed
    000 补充 5 "闲家平胡有精抢：16子"; 002 胡牌分 4 "抢杠：X2。可视作自摸")."""
    answer = replay(variant, 0, ROB_YOU_JING, f"{ROB} 1h", jing=FA, wall=ROB_WALL)
    assert request(answer)["result"]["win_type"] == "rob_kong"
    assert deltas(answer) == expected


# ---------------------------------------------------------------------------- passing a win

# Seat 1 passes seat 3's 9m, then the dealer discards its own 9m.
PASS = f"{TO_NINE} 0D 0d9m 1h"
PASS_WALL = "3m1p9m4m5m"


def test_xingguo_passing_a_win_is_free():
    """xingguo has no lock: seat 1 passes seat 3's 9m and wins on the dealer's (RULINGS
    xingguo "Passing a win is free (the seed has no lock)"; seed 000 四.4 "胡前不胡后")."""
    answer = replay(XG, 0, DEAL, PASS, jing=FA, wall=PASS_WALL)
    assert codes(answer, "win_passed") == []
    assert request(answer)["result"] == {"winners": [1], "win_tile": "9m",
                                         "win_type": "discard", "discarder": 0}
    # 庄家点闲家德国平胡 (A组 8 "13+2+2=17") ×2 霸胡.
    assert deltas(answer) == [-21, 29, -4, -4]


def test_nanchang_a_passed_win_locks_discards():
    """胡先不胡后: seat 1 passed seat 3's 9m; before it draws or discards it may not win on
    the dealer's 9m (seed 002 胡牌方式 8 "同一圈中有弃胡，则不允许再胡牌（精钓时需要自摸），
    直到自己抓牌了或者出牌了，才能胡他家的牌")."""
    error = illegal(NC, 0, DEAL, PASS, jing=FA, wall=PASS_WALL)
    assert refused(error) == (9, "action.win_locked")
    assert "胡先不胡后" in str(error)
    # The lock is a fact at the draw that closed the 9m.
    held = replay(NC, 0, DEAL, f"{TO_NINE} 0D 0d9m", jing=FA, wall=PASS_WALL)
    assert codes(held, "win_passed") == [(7, 1)]
    assert held.status == "in_progress" and legal(held, 1) == [{"seat": 1, "type": "draw",
                                                              "tile": "5m"}]


def test_nanchang_lock_released_by_its_own_draw():
    """After its own draw seat 1 may win on a discard again (seed 002 胡牌方式 8 "直到自己
    抓牌了")."""
    text = f"{TO_NINE} 0D 0d4m 1D 1d5m 2D 2d9m 1h"
    answer = replay(NC, 0, DEAL, text, jing=FA, wall="3m1p9m4m5m9m")
    assert codes(answer, "win_passed") == [(7, 1)]
    assert codes(answer, "lock_released") == [(9, 1)]
    assert request(answer)["result"] == {"winners": [1], "win_tile": "9m",
                                         "win_type": "discard", "discarder": 2}
    # 德中德: the dealer 4 × 2 = 8 → 32, the discarder 8 → 37, seat 3 4 → 16.
    assert deltas(answer) == [-32, 85, -37, -16]


def test_nanchang_lock_released_by_its_own_discard_not_by_a_pung():
    """Seat 1 passed the 9m, pungs the dealer's 1s (still held), discards (released) and
    wins on seat 2's 9m (seed 002 胡牌方式 8 "直到自己抓牌了或者出牌了")."""
    text = f"{TO_NINE} 0D 0d1s 1p1s 1d1s 2D 2d9m 1h"
    answer = replay(NC, 0, DEAL, text, jing=FA, wall="3m1p9m1s9m")
    assert codes(answer, "lock_released") == [(10, 1)]
    assert request(answer)["players"][1]["melds"] == [
        {"type": "pung", "tiles": "111s", "from": 0, "claimed": "1s", "claim_order": 0}]
    assert deltas(answer) == [-32, 85, -37, -16]


def test_nanchang_self_draw_is_never_locked():
    """Seat 1 passed the 9m and self-draws the last 9m (seed 002 胡牌方式 8 "（精钓时需要自摸）":
    the lock is on others' tiles)."""
    answer = replay(NC, 0, DEAL, f"{TO_NINE} 0D 0d4m 1D 1h", jing=FA, wall="3m1p9m4m9m5m")
    assert request(answer)["result"] == {"winners": [1], "win_tile": "9m",
                                         "win_type": "self_draw"}
    # 德中德 自摸: the dealer 16 → 69, the others 8 → 37.
    assert deltas(answer) == [-69, 143, -37, -37]


def test_nanchang_a_passed_robbed_kong_locks_too():
    """Seat 1 could rob the dealer's added 9p and lets it stand: it may not win on the
    dealer's next discard, 6p (seed 002 胡牌方式 8 "同一圈中有弃胡"); xingguo lets it."""
    wall = "3m4m9p1p2s3s9p6p"
    text = f"{ROB} 0D 0d6p 1h"
    error = illegal(NC, 0, ROB_DEAL, text, jing=FA, wall=wall)
    assert refused(error) == (19, "action.win_locked")
    passed = replay(NC, 0, ROB_DEAL, f"{ROB} 0D", jing=FA, wall=wall)
    assert (17, 1) in codes(passed, "win_passed")
    free = replay(XG, 0, ROB_DEAL, text, jing=FA, wall=wall)
    # 庄家点闲家德国平胡 ×2 霸胡 (21 + 4 + 4), and the dealer's added kong 2 from each.
    assert deltas(free) == [-21 + 6, 29 - 2, -4 - 2, -4 - 2]


# ---------------------------------------------------------------------------- nanchang: no 诈胡

@pytest.mark.parametrize(("text", "index"), [
    ("0d1m 1D 1h", 2),  # seat 1's drawn 7m completes nothing
    ("0d5m 1h", 1),  # nor the dealer's 5m
])
def test_nanchang_an_incomplete_win_is_illegal(text, index):
    """nanchang has no 诈胡 payment: a win it would not accept is illegal (RULINGS nanchang
    "A win the variant would not accept is illegal")."""
    assert refused(illegal(NC, 0, DEAL, text, jing=FA, wall=WALL)) == (
        index, "action.not_a_win")
    # The same logs in xingguo are 诈胡.
    assert codes(replay(XG, 0, DEAL, text, jing=FA, wall=WALL), "false_win") == [(index, 1)]


@pytest.mark.parametrize(("deal", "discard"), [(JING_DIAO_DEAL, "0d5m"),
                                               (YOU_JING_DEAL, "0d8s")])
def test_nanchang_jing_diao_and_you_jing_ping_hu_not_on_a_discard(deal, discard):
    """精钓 and 有精平胡 may not win on a discard (seed 002 精牌类型 精钓 "进入精钓状态后，
    不允许胡他家只能自摸"; 胡牌方式 9 "憋自摸：有精小胡时，点炮不能胡")."""
    error = illegal(NC, 0, deal, f"{LATER} {discard} 1h", jing=FA, wall=WALL)
    assert refused(error) == (9, "action.not_a_win")


@pytest.mark.parametrize(("deal", "wall", "expected"), [
    # 精钓 自摸: the dealer 4 × 2 精钓 × 2 自摸 × 2 庄家 = 32, the others 16; seat 1's 白 is
    # the only jing: 1, 霸王精 ×2.
    (JING_DIAO_DEAL, WALL, [-32 - 2, 64 + 6, -16 - 2, -16 - 2]),
    # 有精平胡 自摸: the dealer 4 × 2 × 2 = 16, the others 8; the same jing.
    (YOU_JING_DEAL, "8s6m7p", [-16 - 2, 32 + 6, -8 - 2, -8 - 2]),
])
def test_nanchang_jing_diao_and_you_jing_ping_hu_self_draw(deal, wall, expected):
    """Both win by self-draw (seed 002 胡牌分 8 "精钓：X2。用精牌单钓，自摸胡牌")."""
    answer = replay(NC, 0, deal, "0d1m 1D 1h", jing=FA, wall=wall)
    assert request(answer)["result"]["win_type"] == "self_draw"
    assert deltas(answer) == expected


# ---------------------------------------------------------------------------- 天胡 / 地胡 paid flat

@pytest.mark.parametrize(("variant", "dealt", "expected"), [
    # An ordinary 天胡: 20 from each, whatever the shape (nobody holds jing).
    (XG, "123m456p789s111s99m", [60, -20, -20, -20]),
    (NC, "123m456p789s111s99m", [60, -20, -20, -20]),
    # 9m + 白: nanchang's 精钓天胡 (a pair of one jing and any tile), 40 each; in xingguo
    # 精吊天胡 needs a pair of two jing, so 20. The dealer's 白 is the only jing: 2 each.
    (NC, "123m456p789s111s9mP", [120 + 6, -42, -42, -42]),
    (XG, "123m456p789s111s9mP", [60 + 6, -22, -22, -22]),
    # 发 + 白: xingguo's 精吊天胡, 40 each; jing 2 + 1 = 3, 霸精 6 from each.
    (XG, "123m456p789s111sFP", [120 + 18, -46, -46, -46]),
])
def test_heavenly_is_paid_flat(variant, dealt, expected):
    """天胡 is 20 from each, 40 with 精钓/精吊, no other factor (seed 002 胡牌分 6 "天胡：一家
    20子。庄家起手14张满足胡牌条件，视为天和，可以和精吊叠加"; 000 补充 7 "精吊天胡：即对子由
    两个精构成 每家40子")."""
    answer = replay(variant, 0, [dealt, *OTHERS], "0h", jing=FA, wall=WALL)
    assert codes(answer, "heavenly") == [(0, 0)]
    assert request(answer)["result"] == {"winners": [0], "win_type": "self_draw",
                                         "flags": {"heavenly": True}}
    assert deltas(answer) == expected


@pytest.mark.parametrize("variant", [XG, NC])
def test_heavenly_only_a_complete_dealt_hand(variant):
    """The dealer's dealt 14 that do not win: nanchang refuses it; xingguo takes it as a 诈胡
    (seed 002 胡牌方式 4 "天胡：庄家的起手牌，即为胡牌牌形")."""
    if variant == NC:
        assert refused(illegal(NC, 0, DEAL, "0h", jing=FA, wall=WALL)) == (
            0, "action.not_a_win")
    else:
        answer = replay(XG, 0, DEAL, "0h 0d1m", jing=FA, wall=WALL)
        assert codes(answer, "false_win") == [(0, 0)] and answer.turn == 1


@pytest.mark.parametrize(("variant", "expected"), [
    # 精钓地胡 is 地胡 in nanchang: 20 each, no doubling; seat 1's 白: 2 from each.
    (NC, [-22, 60 + 6, -22, -22]),
    # xingguo 精吊地胡 (补充 7 "精吊地胡：即你打任何牌都可胡 每家40子"): 40 each.
    (XG, [-42, 120 + 6, -42, -42]),
])
def test_earthly_jing_diao_wins_the_dealers_first_discard(variant, expected):
    """A non-dealer's 精钓 may win on the dealer's first discard, the one discard it may win
    (seed 002 胡牌方式 6 "精钓地胡：庄家出第一张牌形成闲家精钓胡牌"; 胡牌分 7 "地胡：一家20子
    ……不计算庄家、点炮等翻倍条件")."""
    answer = replay(variant, 0, JING_DIAO_DEAL, "0d1m 1h", jing=FA, wall=WALL)
    assert codes(answer, "earthly") == [(1, 1)]
    assert request(answer)["result"] == {"winners": [1], "win_tile": "1m",
                                         "win_type": "discard", "discarder": 0,
                                         "flags": {"earthly": True}}
    assert deltas(answer) == expected


# ---------------------------------------------------------------------------- a claimed jing

# Seat 2 holds one 白 (副精), seat 3 two; seat 3 pungs seat 2's 白 and is then the only seat
# holding jing. Seat 1 wins on the dealer's 9m.
CLAIMED_JING_DEAL = [DEAL[0], DEAL[1], "2m4m6m1p3p7p3s5s6sWWNP", "7m7m8m2p8p4s5s6s6sSNPP"]
CLAIMED_JING = "0d1m 1D 1d7m 2D 2dP 3pP 3dN 0D 0d9m 1h"


@pytest.mark.parametrize(("variant", "expected"), [
    # xingguo: the claim made seat 3 霸精 (seat 2 held a 白 before it), so seat 2 pays its
    # whole jing score alone: 3, ×2 霸精, from three payers = 18. The hu: 庄家点闲家德国平胡
    # (A组 8 "13+2+2=17"; no 霸胡, seat 3 holds jing).
    (XG, [-13, 17, -2 - 18, -2 + 18]),
    # nanchang has no 包: each pays seat 3's 3 × 2 (霸王精) = 6. The hu is 德国 (seat 3 holds
    # jing): the dealer-discarder 4 × 2 × 2 = 16 → 37, the others 4 → 8.
    (NC, [-37 - 6, 53 - 6, -8 - 6, -8 + 18]),
])
def test_a_claimed_jing_counts_for_the_claimer_from_the_log(variant, expected):
    """The pung's ``from`` comes from the log: a claimed jing counts for the claimer, and in
    xingguo its discarder pays when the claim made the claimer 霸精 (seed 000 F组 4 "若被吃或碰，
    则算别家精 … 构成霸精（改变精的状态时），由丢精者包精计子"; 002 精牌介绍 2 "吃、碰、杠、胡的
    精与自己手抓的精享有同样的奖励分数")."""
    answer = replay(variant, 0, CLAIMED_JING_DEAL, CLAIMED_JING, jing=FA, wall="7m6m7p8s")
    body_ = request(answer)
    assert body_["players"][3]["melds"] == [
        {"type": "pung", "tiles": "PPP", "from": 2, "claimed": "P", "claim_order": 0}]
    assert "discards" not in body_["players"][2]  # its 白 was claimed: not in its pond
    assert deltas(answer) == expected


# ---------------------------------------------------------------------------- a drawn round

@pytest.mark.parametrize(("variant", "expected"), [
    (XG, [0, 0, 0, 0]),  # 和牌: 此局全作废
    (NC, [-2, 6, -2, -2]),  # 黄庄: the jing are still scored (seat 1's 白, 霸王精)
])
def test_drawn_round_jing(variant, expected):
    """A drawn round pays no hu; xingguo voids it all, nanchang still scores the jing (seed
    000 四.7 "和牌：摸牌到翻精处无人胡牌，则称和牌，此局全作废"; 002 精牌介绍 3 "每盘结束时，将精牌
    单独拿出来计算结果，与胡牌无关")."""
    answer = replay(variant, 0, JING_DIAO_DEAL, f"{TO_LAST} 0dE", jing=FA, wall=LAST_WALL)
    assert codes(answer, "drawn_round") == [(8, None)]
    assert request(answer)["result"] == {"winners": []}
    assert deltas(answer) == expected


# ---------------------------------------------------------------------------- HTTP

@pytest.fixture(scope="module")
def client():
    from app import create_app
    from app.config import Config
    return create_app(Config(log_requests=False)).test_client()


def test_http_nanchang_win_locked_is_a_422(client):
    """POST /replay: 胡先不胡后 broken at actions[9] (seed 002 胡牌方式 8 "同一圈中有弃胡")."""
    response = client.post("/replay", json=body(NC, 0, DEAL, PASS, jing=FA, wall=PASS_WALL))
    assert response.status_code == 422
    first = response.get_json()["errors"][0]
    assert (first["field"], first["code"]) == ("actions[9]", "action.win_locked")


@pytest.mark.parametrize("variant", [XG, NC])
def test_http_follow_dealer_settles_the_same(client, variant):
    """The settle request of a round with 跟庄/抄庄, posted to /settle, settles the same
    (seed 000 E组 8 "每轮 庄家 -15"; 002 奖励分 6 "抄庄")."""
    response = client.post("/replay", json=body(variant, 0, FOLLOW_DEAL, FOLLOWED, jing=FA,
                                                wall=FOLLOW_WALL))
    assert response.status_code == 200
    answer = response.get_json()
    assert answer["settle_request"]["events"] == [{"type": "follow_dealer", "rounds": 2}]
    assert [f["code"] for f in answer["facts"]] == ["follow_dealer", "follow_dealer"]
    settled = client.post("/settle", json=answer["settle_request"])
    assert settled.status_code == 200
    assert settled.get_json()["deltas"] == answer["settlement"]["deltas"]
    assert settled.get_json()["ledger"] == answer["settlement"]["ledger"]
