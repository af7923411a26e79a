"""guangdong's play rules (RULINGS "Play rules", guangdong, and the common rules as guangdong
applies them), each worked by hand: a legal log and what the rule changes in its answer (facts
at their action index, the derived flags, the winners, the melds' ``from`` and
``claim_order``, who pays, the deltas worked out from docs/rules/guangdong.md), and a log that
breaks it at a known index.

Tables used throughout (dealer 0, East; round wind East; base 1, score = 2^fan, cap 3):

* ``J0``, ``J1``, ``J2``, ``J3``: hands far from ready (no two tiles of a suit within 2);
* ``R2``: seat 2, ``123456789m 11p 2p N``: it draws 3p and throws N (action 4 of ``OPEN``),
  leaving ``123456789m 11p 23p`` ready on 1p 4p. A win there is 平和 (four chows), 1 fan: 2 on
  a discard; self-drawn 平和 + 自摸 = 2 fan, 4 from each.
"""

from __future__ import annotations

from typing import Any

import pytest

from app import create_app
from app.config import Config
from rules.error_codes import (
    ACTION_AFTER_END,
    ACTION_CHOW_NOT_NEXT,
    ACTION_NO_CLAIM,
    ACTION_NOT_A_WIN,
    ACTION_NOTHING_TO_WIN,
    ACTION_ROB_NOT_ALLOWED,
    ACTION_SECOND_WINNER,
    ACTION_WIN_LOCKED,
)
from rules.play import IllegalAction, ReplayAnswer
from tests.play.logs import body, deltas, facts, ledger, replay, request, said

J0 = "147m258p369sSWNCF"
J1 = "147m258p369sSWNC"
J2 = "258m369p147sSWNP"
J3 = "258m369p147sSWEP"
R2 = "123m456m789m11p2pN"
DEAL = [J0, J1, R2, J3]
# Seat 2 is ready on 1p 4p from action 4 on.
OPEN = "0dF 1DE 1dE 2D3p 2dN"
# Seat 1's dealt 13 are ready on 1p 4p.
READY = "123m456m789m11p23p"


# ---------------------------------------------------------------------------- helpers

def play(text: str, deal: list[str] | None = None, dealer: int = 0,
         **more: Any) -> ReplayAnswer:
    return replay("guangdong", dealer, deal or DEAL, text, **more)


def refused(text: str, deal: list[str] | None = None, dealer: int = 0,
            **more: Any) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        play(text, deal, dealer, **more)
    return caught.value












def meld(kind: str, tiles: str, source: int, claimed: str, order: int) -> dict[str, Any]:
    return {"type": kind, "tiles": tiles, "from": source, "claimed": claimed,
            "claim_order": order}


@pytest.fixture(scope="module")
def client():
    return create_app(Config(log_requests=False)).test_client()


# ---------------------------------------------------------------------------- 漏和

def test_lou_he_the_same_tile_is_locked():
    """漏和 (seed 004 五): 「…玩家A却放弃不和，那若对家C或上家D打出相同的一张牌时，玩家A是不能和那
    一张的」. Seat 2 could win on seat 3's 1p and lets seat 0 draw (7); seat 0's 1p (8) may not be
    won on (9)."""
    error = refused(OPEN + " 3D1p 3d1p 0D1p 0d1p 2h")
    assert (error.index, error.code) == (9, ACTION_WIN_LOCKED)
    assert "漏和" in said(error) and "004 五" in said(error)
    answer = play(OPEN + " 3D1p 3d1p 0D1p 0d1p")
    assert answer.legal is not None
    assert "win" not in [a.type for a in answer.legal[2]]


def test_lou_he_another_tile_is_not_locked():
    """漏和 (seed 004 五): 「…打出相同的一张牌时，玩家A是不能和那一张的」 — that tile only. Seat 2,
    locked on 1p at 7, wins on seat 0's 4p: 平和 1 fan, 2 from the dealer."""
    offered = play(OPEN + " 3D1p 3d1p 0D4p 0d4p")
    assert offered.legal is not None
    assert "win" in [a.type for a in offered.legal[2]]
    answer = play(OPEN + " 3D1p 3d1p 0D4p 0d4p 2h")
    assert facts(answer) == [(7, "win_passed", 2)]
    assert request(answer)["result"] == {"winners": [2], "win_tile": "4p",
                                         "win_type": "discard", "discarder": 0}
    assert deltas(answer) == [-2, 0, 2, 0]


def test_lou_he_a_chow_releases_it():
    """漏和 (seed 004 五): 「除非玩家A有进行动牌的情况，动牌的意思在于碰、上、杠、模牌的。当有动牌
    后，那不能和那一张的规则便解除」. Seat 2 chows seat 1's 4m (11: ``lock_released``) and then
    wins on seat 3's second 1p: 平和 (the chow is one of the four chows), 2 from seat 3."""
    answer = play(OPEN + " 3D1p 3d1p 0D9s 0d9s 1D4m 1d4m 2c456m 2d4m 3D1p 3d1p 2h")
    assert facts(answer) == [(7, "win_passed", 2), (11, "lock_released", 2)]
    settle = request(answer)
    assert settle["players"][2]["melds"] == [meld("chow", "456m", 1, "4m", 0)]
    assert settle["result"] == {"winners": [2], "win_tile": "1p", "win_type": "discard",
                                "discarder": 3}
    assert deltas(answer) == [0, 0, 2, -2]


def test_lou_he_a_draw_releases_it():
    """漏和 (seed 004 五): 「动牌的意思在于碰、上、杠、模牌的」: seat 2's own draw (11) frees it,
    and it wins on seat 3's next 1p (15)."""
    answer = play(OPEN + " 3D1p 3d1p 0D9s 0d9s 1D9p 1d9p 2D9p 2d9p 3D1p 3d1p 2h")
    assert facts(answer) == [(7, "win_passed", 2), (11, "lock_released", 2)]
    assert deltas(answer) == [0, 0, 2, -2]


def test_lou_he_self_draw_of_the_passed_tile_is_not_locked():
    """漏和 (seed 004 五): 「玩家A是不能和那一张的」 — on a discard; it may self-draw 1p (11-12):
    平和 + 自摸, 2 fan, 4 from each."""
    answer = play(OPEN + " 3D1p 3d1p 0D9s 0d9s 1D9p 1d9p 2D1p 2h")
    assert request(answer)["result"] == {"winners": [2], "win_tile": "1p",
                                         "win_type": "self_draw"}
    assert deltas(answer) == [-4, -4, 12, -4]


# Seat 2 (ready on 1p 4p, 55p its pair) passes seat 1's 4p, which seat 3 pungs (11: locked on
# 4p); seat 3 konges the dealer's 中 (15), draws the last 4p and adds it (17): seat 2 has not
# moved since.
ROB_DEAL = ["147m258p369sSWNFC", "147m258p369sSWN4p", "123m456m789m55p2pN",
            "258m369p14s44pCCC"]
ROB_LOG = ("0dF 1DE 1dE 2D3p 2dN 3DW 3dW 0D9m 0d9m 1D9m 1d4p 3p4p 3d1s 0DS 0dC 3kC 3D4p "
           "3a4p")


def test_lou_he_robbing_a_kong_is_not_locked():
    """漏和 (seed 004 五): 「那若对家C或上家D打出相同的一张牌时」 — a discard; 七.7 「明刻开明杠，
    可以被抢杠和」. Seat 2, locked on 4p since 11, robs seat 3's added 4p (18): 平和 1 + 自摸 1 (a
    robbed kong counts as self-drawn) = 2, raised to 3 (抢杠): 8 × 3 = 24 from the robbed seat
    alone. (qinzhou's 漏胡 refuses this very log: tests/play/test_qinzhou_rules.py.)"""
    answer = play(ROB_LOG + " 2h", ROB_DEAL)
    assert (11, "win_passed", 2) in facts(answer)
    assert (18, "robbed_kong", 2) in facts(answer)
    settle = request(answer)
    assert settle["result"] == {"winners": [2], "win_tile": "4p", "win_type": "rob_kong",
                                "discarder": 3}
    assert settle["players"][3]["melds"] == [meld("pung", "444p", 1, "4p", 0),
                                             meld("kong", "CCCC", 0, "C", 1)]
    assert deltas(answer) == [0, 0, 24, -24]
    assert ledger(answer) == [(3, 2, 24, "hu")]


# ---------------------------------------------------------------------------- 抢杠

def test_qiang_gang_not_a_concealed_kong():
    """抢杠 (seed 004 七.7): 「暗杠不可抢杠和」. The dealer's concealed 1s (0) cannot be robbed
    (1)."""
    deal = ["123m456m789m1111s2p", J1, "258m369p258sSWNP", "258m369p47sSWEPN"]
    error = refused("0x1s 1h", deal)
    assert (error.index, error.code) == (1, ACTION_ROB_NOT_ALLOWED)


def test_qiang_gang_not_a_kong_claimed_from_a_discard():
    """抢杠 (seed 004 七.7): 「暗刻开明杠，不算抢杠和，和牌者只能和点杠那张牌」. Seat 3 konges seat
    1's 4p (11); seat 2 could have won on the discard but may not rob the kong (12)."""
    deal = [J0, J1, R2, "258m369p147s444pS"]
    error = refused("0dF 1DE 1dE 2D3p 2dN 3DW 3dW 0D9m 0d9m 1D4p 1d4p 3k4p 2h", deal)
    assert (error.index, error.code) == (12, ACTION_ROB_NOT_ALLOWED)


# ---------------------------------------------------------------------------- 一炮多响

# Seat 1 throws N (2): ready on 1p 4p (99p its pair). Seat 2 throws 西 (4): ready on 4p
# (123456789s 77p 35p). Seat 3 was dealt 中中中 发发发 白白 999m 56p: ready on 4p 7p. The
# dealer throws 4p (9).
MULTI_DEAL = ["147m258p369sESWN1s", "123m456m789m99p2pN", "123s456s789s77p5pW",
              "CCCFFFPP999m56p"]
MULTI_LOG = "0dE 1D3p 1dN 2D3p 2dW 3D2s 3d2s 0D4p 0d4p"


def test_yi_pao_san_xiang_three_winners_in_turn_order():
    """一炮三响 (seed 004 七.1): 「同一张牌点三个炮，点炮者包三家。和牌者不满3番牌型，按照3番满计算
    ，大于3番的牌型，按照实际牌型计算」. The log's wins come 3, 1, 2; the request lists them in
    turn order after the dealer: 1, 2, 3. Seats 1 and 2 (平和, 1 fan) are raised to 3 fan, 8 each;
    seat 3's 小三元 keeps its 5 fan, 32. The dealer pays 48."""
    answer = play(MULTI_LOG + " 3h 1h 2h", MULTI_DEAL)
    assert request(answer)["result"] == {"winners": [1, 2, 3], "win_tile": "4p",
                                         "win_type": "discard", "discarder": 0}
    assert deltas(answer) == [-48, 8, 8, 32]
    assert ledger(answer) == [(0, 1, 8, "hu"), (0, 2, 8, "hu"), (0, 3, 32, "hu")]


def test_yi_pao_duo_xiang_two_winners_are_not_raised():
    """一炮多响 (seed 004 五): 「允许一炮多响」. Two winners, seats 1 (平和 1 fan: 2) and 3 (小三元:
    32); seat 2 lets it go. Not 一炮三响: nothing is raised. The dealer pays 34."""
    answer = play(MULTI_LOG + " 3h 1h", MULTI_DEAL)
    assert request(answer)["result"]["winners"] == [1, 3]
    assert deltas(answer) == [-34, 2, 0, 32]


@pytest.mark.parametrize("wins", ["1h 2h", "3h 1h"])
def test_yi_pao_duo_xiang_off_one_winner(wins):
    """一炮多响 (seed 004 五): 「允许一炮多响」, option ``yi_pao_duo_xiang`` false: one winner on a
    discard; a second ``win`` (10) is refused, whichever seat won first."""
    error = refused(f"{MULTI_LOG} {wins}", MULTI_DEAL, rules={"yi_pao_duo_xiang": False})
    assert (error.index, error.code) == (10, ACTION_SECOND_WINNER)


def test_yi_pao_duo_xiang_off_a_later_seat_may_take_it():
    """一炮多响 (seed 004 五): 「允许一炮多响」, off: the seat that chooses to win takes the tile;
    seats 1 and 2 before it passed. Seat 3's 小三元 alone: 32 from the dealer."""
    answer = play(MULTI_LOG + " 3h", MULTI_DEAL, rules={"yi_pao_duo_xiang": False})
    assert request(answer)["result"] == {"winners": [3], "win_tile": "4p",
                                         "win_type": "discard", "discarder": 0}
    assert deltas(answer) == [-32, 0, 0, 32]


# ---------------------------------------------------------------------------- 包自摸

# Seat 1 chows the dealer's 1m (1) and 4m (9), pungs seat 2's 9p (13) and seat 3's 7s (19: the
# fourth exposed meld), waits on 白 alone and self-draws it (27).
LANDING_DEAL = ["1m4m258p369sESWNC6m", "23m56m99p77sP1s9sEN", "9p147m258s369pSWF",
                "7s147p258m369sSWC"]
LANDING_LOG = ("0d1m 1c123m 1dE 2D8m 2d8m 3D8m 3d8m 0D8m 0d4m 1c456m 1dN 2D5s 2d9p 1p9p "
               "1d1s 2D6s 2d6s 3D2s 3d7s 1p7s 1d9s 2D3s 2d3s 3D4s 3d4s 0D5s 0d5s 1DP 1h")


def test_bao_zi_mo_twelve_tiles_landed_the_feeder_pays():
    """包自摸 (seed 004 七.5): 「十二张落地包自摸…该名打出者A必须承担包自摸的责任」. Seat 3 fed seat
    1's fourth exposed meld (19: a ``bao_feed`` fact). Seat 1 self-draws: 鸡和 + 自摸, 1 fan, 2
    a share; seat 3 pays all three shares, 6, and is the ledger's one payer."""
    answer = play(LANDING_LOG, LANDING_DEAL)
    assert [f for f in facts(answer) if f[1] == "bao_feed"] == [(19, "bao_feed", 3)]
    settle = request(answer)
    assert settle["players"][1]["melds"] == [
        meld("chow", "123m", 0, "1m", 0), meld("chow", "456m", 0, "4m", 1),
        meld("pung", "999p", 2, "9p", 2), meld("pung", "777s", 3, "7s", 3)]
    assert settle["result"] == {"winners": [1], "win_tile": "P", "win_type": "self_draw"}
    assert deltas(answer) == [0, 6, 0, -6]
    assert ledger(answer) == [(3, 1, 6, "hu")]


# Seat 3 feeds the fourth meld of seat 1's landing (25, claim_order 5) and then of seat 2's
# (37, claim_order 7): seat 1 pungs 1m 5m (dealer), 9m (seat 2), 2s (seat 3) and waits on 白;
# seat 2 pungs 3p (dealer), 7p (seat 1), 4s (dealer), 8s (seat 3) and waits on 发.
TWO_DEAL = ["1m5m3p4s7m2p8p3s9sNCFW4m", "11m55m99m22sPESW7p", "33p77p44s88sF1p9p6s9m",
            "2s8s36m25p6pESWNCP"]
TWO_LOG = ("0d1m 1p1m 1dE 2D6m 2d6m 3D6m 3d6m 0D7s 0d3p 2p3p 2d1p 3D7s 3d7s 0D1s 0d5m 1p5m "
           "1dS 2D1s 2d9m 1p9m 1d7p 2p7p 2d9p 3D1s 3d2s 1p2s 1dW 2D2m 2d2m 3D2m 3d2m 0D2m "
           "0d4s 2p4s 2d6s 3D4m 3d8s 2p8s 2d1s 3D6p 3d6p 0D6p 0d6p")


def test_bao_xian_bu_bao_hou_the_later_landing_pays_as_usual():
    """包先不包后 (seed 004 七.5 例二): 「玩家A放一张让玩家B12张落地达成，及后玩家A再放一张让玩家C或
    D12张落地达成，此时玩家A只需要承担包玩家B自摸的责任，不需要承包玩家C和D」. Seat 3 fed seat 1's
    landing first (claim_order 5), then seat 2's (7). Seat 2 self-draws 发: 碰碰和 2 + 自摸 1 =
    3 fan, 8 a share, and each other player pays its own 8."""
    answer = play(TWO_LOG + " 1D3m 1d3m 2DF 2h", TWO_DEAL)
    assert next(f for f in facts(answer) if f[1] == "bao_feed") == (25, "bao_feed", 3)
    settle = request(answer)
    assert settle["players"][1]["melds"][-1] == meld("pung", "222s", 3, "2s", 5)
    assert settle["players"][2]["melds"] == [
        meld("pung", "333p", 0, "3p", 1), meld("pung", "777p", 1, "7p", 4),
        meld("pung", "444s", 0, "4s", 6), meld("pung", "888s", 3, "8s", 7)]
    assert deltas(answer) == [-8, -8, 24, -8]
    assert sorted(ledger(answer)) == [(0, 2, 8, "hu"), (1, 2, 8, "hu"), (3, 2, 8, "hu")]


def test_bao_xian_bu_bao_hou_the_first_landing_is_paid_by_its_feeder():
    """包先不包后 (seed 004 七.5 例二): 「此时玩家A只需要承担包玩家B自摸的责任」. In the same round
    seat 1 self-draws its 白 instead: 碰碰和 2 + 自摸 1 = 3 fan, and seat 3 pays the three shares,
    24."""
    answer = play(TWO_LOG + " 1DP 1h", TWO_DEAL)
    assert deltas(answer) == [0, 24, 0, -24]
    assert ledger(answer) == [(3, 1, 24, "hu")]


def test_bao_zi_mo_the_fourth_meld_is_a_claim_the_rules_allow():
    """包自摸 (seed 004 七.5): 「若玩家A打出一张牌让其中一名玩家做成十二张落地」 — by a claim the
    seed allows: 三 「庄家的下家……有权力吃或碰那张牌，其它两家则只可碰或杠那张牌」. Seat 1 may pung
    seat 3's 7s but not chow it (19)."""
    text = LANDING_LOG[:LANDING_LOG.index("1p7s")] + "1c789s"
    error = refused(text, LANDING_DEAL)
    assert (error.index, error.code) == (19, ACTION_CHOW_NOT_NEXT)


# Seat 1 pungs 中 (dealer), 发 (seat 2), 白 (seat 3: the last dragon pung, 11).
SAN_YUAN_OPEN = "0dC 1pC 1dE 2D6m 2dF 1pF 1dS 2D6m 2d6m 3D6m 3dP 1pP 1dW"


def test_bao_zi_mo_da_san_yuan_the_last_dragons_feeder_pays():
    """特殊牌型包自摸 (seed 004 七.6): 「大三元：玩家已碰出红中、白板、发财，任意2款．若有人打出余
    下一款者，那人则需承担包自摸的责任」. Seat 3 fed the 白 (11); seat 1 self-draws 9s: 大三元 6
    fan, 64 a share, all three paid by seat 3: 192."""
    deal = [J0, "CCFFPP123m9sESW", "258m369p147sSWNF", J2]
    answer = play(SAN_YUAN_OPEN + " 2D7m 2d7m 3D7m 3d7m 0D7m 0d7m 1D9s 1h", deal)
    assert request(answer)["players"][1]["melds"][-1] == meld("pung", "PPP", 3, "P", 2)
    assert deltas(answer) == [0, 192, 0, -192]
    assert ledger(answer) == [(3, 1, 192, "hu")]


def test_bao_zi_mo_da_san_yuan_feed_is_a_fact():
    """特殊牌型包自摸 (seed 004 七.6): 「若有人打出余下一款者，那人则需承担包自摸的责任」; API.md:
    the facts name "who fed a 包 meld". Seat 3's 白 (11) is such a feed."""
    deal = [J0, "CCFFPP123m9sESW", "258m369p147sSWNF", J2]
    answer = play(SAN_YUAN_OPEN, deal)
    assert (11, "bao_feed", 3) in facts(answer)


# ---------------------------------------------------------------------------- 杠上开花包杠

def test_gang_shang_kai_hua_bao_gang_the_kongs_feeder_pays():
    """杠上开花包杠 (seed 004 七.3): 「开暗刻明杠补牌后和牌，计自摸，点杠者包三家牌。不满3番牌型，
    按照 3番满计算」. Seat 1 konges seat 3's 5s (7: ``bao_feed`` by seat 3) and wins on the
    replacement 8m (9): 鸡和 + 自摸 1 fan, raised to 3: 8 a share, seat 3 pays all three, 24."""
    deal = [J0, "123m456p789s555s8m", J2, J3]
    answer = play("0dF 1DE 1dE 2D9m 2d9m 3D5s 3d5s 1k5s 1D8m 1h", deal)
    assert (7, "bao_feed", 3) in facts(answer)
    settle = request(answer)
    assert settle["players"][1]["melds"] == [meld("kong", "5555s", 3, "5s", 0)]
    assert settle["result"] == {"winners": [1], "win_tile": "8m",
                                "win_type": "kong_replacement"}
    assert deltas(answer) == [0, 24, 0, -24]
    assert ledger(answer) == [(3, 1, 24, "hu")]


def test_gang_shang_kai_hua_after_an_added_kong_is_no_bao_gang():
    """杠上开花包杠 (seed 004 七.3): 「开暗刻明杠补牌后和牌」 — a kong claimed from a discard; after
    an added kong (明刻开明杠) the win on its replacement is a plain 杠上开花: 8 from each."""
    deal = [J0, "123m456p789s55s8mE", J2, J3]
    answer = play("0dF 1DE 1dE 2D9m 2d9m 3D5s 3d5s 1p5s 1dE 2D9m 2d9m 3D1s 3d1s 0D6m 0d6m "
                  "1D5s 1a5s 1D8m 1h", deal)
    assert not [f for f in facts(answer) if f[1] == "bao_feed"]
    assert request(answer)["players"][1]["melds"] == [meld("added_kong", "5555s", 3, "5s", 0)]
    assert deltas(answer) == [-8, 24, -8, -8]


def test_gang_shang_kai_hua_bao_gang_stands_over_an_earlier_bao():
    """杠上开花包杠 (seed 004 七.3): 「点杠者包三家牌」; RULINGS: "When 包自摸 and 杠上开花包杠
    both name a payer, 杠上开花包杠 (the most recent feed) pays". Seat 1's 大三元 was completed by
    seat 3's 白 (11); seat 1 then konges seat 2's 9m (15) and wins on the replacement 1p (17): 大三
    元 6 fan, 192, paid by seat 2."""
    deal = [J0, "CCFFPP999m1pESW", "258m369p147sSWNF", J2]
    answer = play(SAN_YUAN_OPEN + " 2D9m 2d9m 1k9m 1D1p 1h", deal)
    assert request(answer)["result"]["win_type"] == "kong_replacement"
    assert deltas(answer) == [0, 192, -192, 0]


def test_gang_shang_pao_is_not_guangdongs():
    """杠上炮 is qinzhou's (seed 003 6.13 「杠上跑 2番，別人杠后打出來的第一張牌被胡」; RULINGS:
    "``after_kong_discard`` (杠上炮, qinzhou)"); seed 004 scores a kong only in 七.2-3
    「杠上开花」. Seat 1 wins on seat 3's first discard after its concealed kong (8-9): no
    ``after_kong_discard`` fact or flag; 平和 1 fan, 2 from seat 3; kongs pay nothing."""
    deal = ["147m258p369sSWNFF", "123m456m789m11p2pE", "258m369p147sSWWP",
            "CCC369m147p258sN"]
    answer = play("0dF 1D3p 1dE 2DN 2dN 3DC 3xC 3D4p 3d4p 1h", deal)
    assert not [f for f in facts(answer) if f[1] == "after_kong_discard"]
    assert request(answer)["result"] == {"winners": [1], "win_tile": "4p",
                                         "win_type": "discard", "discarder": 3}
    assert deltas(answer) == [0, 2, 0, -2]


# ---------------------------------------------------------------------------- 天和

HEAVEN_DEAL = ["123m456m789m11p234p", J1, J2, J3]


def test_tian_he_the_dealers_dealt_hand():
    """天和 (seed 004 七.8): 「天和：庄家在发完牌就和牌」. The dealer wins at 0: ``heavenly``, no
    ``win_tile``; 天和 6 fan, 64 from each."""
    answer = play("0h", HEAVEN_DEAL)
    assert facts(answer) == [(0, "heavenly", 0)]
    assert request(answer)["result"] == {"winners": [0], "win_type": "self_draw",
                                         "flags": {"heavenly": True}}
    assert deltas(answer) == [192, -64, -64, -64]


def test_tian_he_not_after_a_concealed_kong():
    """天和 (seed 004 七.8): 「如果庄家在发完牌后有暗杠，那么不算天和」. The dealer konges 1s (0)
    and wins on the replacement 2p (2): 杠上开花, 鸡和 + 自摸 raised to 3 fan, 8 from each."""
    deal = ["123m456m789m1111s2p", J1, "258m369p258sSWNP", "258m369p47sSWEPN"]
    answer = play("0x1s 0D2p 0h", deal)
    assert not [f for f in facts(answer) if f[1] == "heavenly"]
    assert request(answer)["result"] == {"winners": [0], "win_tile": "2p",
                                         "win_type": "kong_replacement"}
    assert deltas(answer) == [24, -8, -8, -8]


def test_tian_he_needs_the_dealer_and_a_complete_hand():
    """天和 (seed 004 七.8): 「庄家在发完牌就和牌」: a non-dealer has nothing to win at 0; the
    dealer's incomplete 14 are no win."""
    error = refused("1h", HEAVEN_DEAL)
    assert (error.index, error.code) == (0, ACTION_NOTHING_TO_WIN)
    error = refused("0h", ["123m456m789m11p235p", J1, J2, J3])
    assert (error.index, error.code) == (0, ACTION_NOT_A_WIN)


# ---------------------------------------------------------------------------- 地和

EARTH_DEAL = [J0, READY, J2, J3]


def test_di_he_a_win_on_the_first_draw():
    """地和 (seed 004 七.9): 「闲家摸到第一张牌就和牌，称为地和」. Seat 1 draws 4p (1), its first,
    and wins (2): ``earthly``, 地和 6 fan, 64 from each."""
    answer = play("0dF 1D4p 1h", EARTH_DEAL)
    assert facts(answer) == [(2, "earthly", 1)]
    assert request(answer)["result"] == {"winners": [1], "win_tile": "4p",
                                         "win_type": "self_draw", "flags": {"earthly": True}}
    assert deltas(answer) == [-64, 192, -64, -64]


@pytest.mark.parametrize("text, deal", [
    ("0dF 2pF 2dS 3D9s 3d9s 0D9s 0d9s 1D4p 1h", [J0, READY, "258m369p147sSWFF", J3]),
    ("0xE 0D9m 0dN 1D4p 1h", ["EEEE147m258p369sN", READY, "258m369p258sSWNP",
                               "369m147p258sSWNF"]),
    ("0dF 1D9s 1d9s 2D9m 2d9m 3D9m 3d9m 0D9m 0d9m 1D4p 1h", EARTH_DEAL),
], ids=["after_a_pung", "after_a_concealed_kong", "not_the_first_draw"])
def test_di_he_not_after_a_call_nor_on_a_later_draw(text, deal):
    """地和 (seed 004 七.9): 「如果闲家抓牌前有人吃碰杠（包括暗杠），那么不算地和」. After seat 2's
    pung, after the dealer's concealed kong, or on seat 1's second draw: no ``earthly``; 平和 + 自
    摸 = 2 fan, 4 from each."""
    answer = play(text, deal)
    assert not [f for f in facts(answer) if f[1] == "earthly"]
    assert "flags" not in request(answer)["result"]
    assert deltas(answer) == [-4, 12, -4, -4]


def test_di_he_is_the_drawers_win():
    """地和 (seed 004 七.9): 「闲家摸到第一张牌就和牌」 — the seat that drew it: seat 2 has nothing
    to win on seat 1's draw (2)."""
    error = refused("0dF 1D4p 2h", EARTH_DEAL)
    assert (error.index, error.code) == (2, ACTION_NOTHING_TO_WIN)


# ---------------------------------------------------------------------------- 人和

HUMAN_DEAL = ["147m258p369sSWNC4p", J1, READY, J3]


def test_ren_he_a_win_on_the_dealers_first_discard():
    """人和 (seed 004 七.10): 「第一轮中和别人出的牌，“第一轮”是指庄家打出第一张牌到自己抓牌为止」.
    Seat 2 wins on the dealer's first discard (1): ``human``, 人和 6 fan, 64 from the dealer."""
    answer = play("0d4p 2h", HUMAN_DEAL)
    assert facts(answer) == [(1, "human", 2)]
    assert request(answer)["result"] == {"winners": [2], "win_tile": "4p",
                                         "win_type": "discard", "discarder": 0,
                                         "flags": {"human": True}}
    assert deltas(answer) == [-64, 0, 64, 0]


def test_ren_he_on_another_first_go_around_discard():
    """人和 (seed 004 七.10): 「“第一轮”是指庄家打出第一张牌到自己抓牌为止」. Seat 2 has not drawn
    yet; it wins on seat 1's first discard (3): 64 from seat 1."""
    answer = play("0dF 1D9s 1d4p 2h", [J0, "147m258p369sSW4pN", READY, J3])
    assert (3, "human", 2) in facts(answer)
    assert deltas(answer) == [0, -64, 64, 0]


def test_ren_he_for_two_winners_is_each_seats_flag():
    """人和 (seed 004 七.10): 「第一轮中和别人出的牌」, with 五 「允许一炮多响」. Seats 1 and 2
    (both ready as dealt) win on the dealer's first 4p: each its own ``human`` flag, 64 each."""
    answer = play("0d4p 2h 1h", ["147m258p369sSWNC4p", READY, "123s456s789s55p35p", J3])
    settle = request(answer)
    assert settle["result"] == {"winners": [1, 2], "win_tile": "4p", "win_type": "discard",
                                "discarder": 0}
    assert settle["players"][1]["flags"] == settle["players"][2]["flags"] == {"human": True}
    assert deltas(answer) == [-128, 64, 64, 0]


@pytest.mark.parametrize("text, deal", [
    ("0dF 3pF 3d4p 2h", [J0, J1, READY, "258m369p147sFF4pN"]),
    ("0xE 0D9m 0d4p 2h", ["EEEE147m258p369s4p", J1, READY, "258m369p258sSWNP"]),
    ("0dF 1D9s 1d9s 2D9p 2d9p 3D9m 3d4p 2h", [J0, J1, READY, "258m369p147sEE4pN"]),
], ids=["after_a_pung", "after_a_concealed_kong", "after_its_own_draw"])
def test_ren_he_not_after_a_call_nor_after_its_own_draw(text, deal):
    """人和 (seed 004 七.10): 「如果有人吃碰杠（包括暗杠），那么不算人和」; 「到自己抓牌为止」. No
    ``human``: 平和 1 fan, 2 from the discarder."""
    answer = play(text, deal)
    assert not [f for f in facts(answer) if f[1] == "human"]
    assert "flags" not in request(answer)["result"]
    discarder = request(answer)["result"]["discarder"]
    assert deltas(answer) == [2 if s == 2 else -2 if s == discarder else 0 for s in range(4)]


def test_ren_he_is_won_on_the_discard_itself():
    """人和 (seed 004 七.10): 「第一轮中和别人出的牌」 — while it is offered: once seat 1 has drawn
    (1), the dealer's 4p is no longer offered to seat 2 (2)."""
    error = refused("0d4p 1D9s 2h", HUMAN_DEAL)
    assert (error.index, error.code) == (2, ACTION_NOTHING_TO_WIN)


# ---------------------------------------------------------------------------- 海底 and 流局

# The wall holds five tiles: E 3p E 9s (drawn by seats 1, 2, 3, 0), then the last. Seat 3
# holds 44p.
LAST_DEAL = [J0, J1, R2, "258m369p147s44pSW"]
LAST_LOG = "0dF 1D 1dE 2D 2dN 3D 3dW 0D 0d9s"


def test_hai_di_lao_yue_a_self_draw_of_the_last_tile():
    """海底捞月 (seed 004 七.4): 「海底捞月：摸最后一张牌和牌。不满3番牌型，按照3番满计算」. Seat 2
    draws the last tile, 4p (11: ``last_tile``), and wins: 平和 + 自摸 = 2, raised to 3: 8 from
    each."""
    answer = play(LAST_LOG + " 1D 1d9p 2D 2h", LAST_DEAL, wall="E3pE9s9p4p")
    assert (11, "last_tile", 2) in facts(answer)
    assert request(answer)["result"] == {"winners": [2], "win_tile": "4p",
                                         "win_type": "self_draw", "flags": {"last_tile": True}}
    assert deltas(answer) == [-8, -8, 24, -8]


def test_last_discard_may_be_won_on_not_as_hai_di():
    """流局 (seed 004 五): 「和牌：即流局、荒牌」; RULINGS: the last drawer discards and only a win
    may claim that discard. Seat 1 draws the last tile (9) and throws 4p (10); seat 2 wins on it: a
    plain discard win, no ``last_tile``: 平和 1 fan, 2 from seat 1."""
    answer = play(LAST_LOG + " 1D 1d4p 2h", LAST_DEAL, wall="E3pE9s4p")
    assert (9, "last_tile", 1) in facts(answer)
    assert request(answer)["result"] == {"winners": [2], "win_tile": "4p",
                                         "win_type": "discard", "discarder": 1}
    assert deltas(answer) == [0, -2, 2, 0]


def test_last_discard_may_only_be_won_on():
    """流局 (seed 004 五): 「和牌：即流局、荒牌」. Seat 3's pung of the last discard (11) is
    refused (only a win may take it), and a draw from the empty wall is past the end of the
    round."""
    error = refused(LAST_LOG + " 1D 1d4p 3p4p", LAST_DEAL, wall="E3pE9s4p")
    assert (error.index, error.code) == (11, ACTION_NO_CLAIM)
    assert "004 五" in said(error)
    error = refused(LAST_LOG + " 1D 1d4p 2D", LAST_DEAL, wall="E3pE9s4p")
    assert (error.index, error.code) == (11, ACTION_AFTER_END)


def test_last_discard_not_won_a_drawn_round(client):
    """流局 (seed 004 五): 「和牌：即流局、荒牌」. The log ends on the last discard (10), which
    seat 2 could have won: a drawn round (``drawn_round`` at 10), the 4p in seat 1's pond, every
    delta 0; /settle settles the request the same."""
    answer = play(LAST_LOG + " 1D 1d4p", LAST_DEAL, wall="E3pE9s4p")
    assert answer.status == "finished"
    assert facts(answer)[-1] == (10, "drawn_round", None)
    settle = request(answer)
    assert settle["result"] == {"winners": []}
    assert settle["players"][1]["discards"] == "E4p"
    assert deltas(answer) == [0, 0, 0, 0]
    response = client.post("/settle", json=settle)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["deltas"] == [0, 0, 0, 0]


# ---------------------------------------------------------------------------- over HTTP

@pytest.mark.parametrize("text, rules, index, code", [
    (OPEN + " 3D1p 3d1p 0D1p 0d1p 2h", {}, 9, ACTION_WIN_LOCKED),
    (MULTI_LOG + " 1h 2h", {"yi_pao_duo_xiang": False}, 10, ACTION_SECOND_WINNER),
])
def test_http_an_illegal_action_is_a_422_at_its_index(client, text, rules, index, code):
    """漏和 (seed 004 五): 「玩家A是不能和那一张的」; 一炮多响 「允许一炮多响」 (off): through POST
    /replay, ``errors[0]`` names ``actions[i]`` and the code."""
    deal = MULTI_DEAL if text.startswith(MULTI_LOG) else DEAL
    response = client.post("/replay", json=body("guangdong", 0, deal, text, rules=rules))
    assert response.status_code == 422
    error = response.get_json()["errors"][0]
    assert (error["field"], error["code"]) == (f"actions[{index}]", code)


REPLAYED = [
    pytest.param(LANDING_DEAL, LANDING_LOG, [0, 6, 0, -6],
                 id="bao_zi_mo"),
    pytest.param(TWO_DEAL, TWO_LOG + " 1D3m 1d3m 2DF 2h", [-8, -8, 24, -8],
                 id="bao_xian_bu_bao_hou"),
    pytest.param(MULTI_DEAL, MULTI_LOG + " 3h 1h 2h", [-48, 8, 8, 32], id="yi_pao_san_xiang"),
    pytest.param([J0, "123m456p789s555s8m", J2, J3],
                 "0dF 1DE 1dE 2D9m 2d9m 3D5s 3d5s 1k5s 1D8m 1h", [0, 24, 0, -24],
                 id="gang_shang_kai_hua_bao_gang"),
]


def replayed_and_settled(client, deal: list[str], text: str) -> tuple[dict, dict]:
    """POST /replay, then its ``settle_request`` to /settle: both answers."""
    response = client.post("/replay", json=body("guangdong", 0, deal, text))
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer["status"] == "finished"
    settled = client.post("/settle", json=answer["settle_request"])
    assert settled.status_code == 200, settled.get_json()
    return answer, settled.get_json()


@pytest.mark.parametrize("deal, text, expected", [
    pytest.param(*case.values, id=case.id) for case in REPLAYED])
def test_http_the_settle_request_settles_to_the_same_deltas(client, deal, text, expected):
    """包自摸 (seed 004 七.5): 「十二张落地包自摸，包先不包后」: the ``from`` and ``claim_order`` a
    log implies reach /settle: its ``settle_request`` posted there gives the same deltas, who pays
    included."""
    answer, settled = replayed_and_settled(client, deal, text)
    assert settled["deltas"] == answer["settlement"]["deltas"] == expected
    assert [(t["from"], t["to"], t["amount"]) for t in settled["ledger"]] == [
        (t["from"], t["to"], t["amount"]) for t in answer["settlement"]["ledger"]]


@pytest.mark.parametrize("deal, text, expected", REPLAYED)
def test_http_the_settle_request_settles_to_the_same_ledger(client, deal, text, expected):
    """包自摸 (seed 004 七.5): 「十二张落地包自摸」; API.md: the settlement is "exactly what /settle
    answers for settle_request": the ledger lines too, word for word."""
    answer, settled = replayed_and_settled(client, deal, text)
    assert settled["deltas"] == expected
    assert settled["ledger"] == answer["settlement"]["ledger"]
