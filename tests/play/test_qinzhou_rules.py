"""qinzhou's play rules (RULINGS "Play rules", qinzhou, and the common rules as qinzhou applies
them), each worked by hand: a legal log and what the rule changes in its answer (facts at
their action index, the derived flags, the winners, the horses, the melds' ``from``, the
deltas worked out from docs/rules/qinzhou.md), and a log that breaks it at a known index.

Tables used throughout (dealer 0; the dealer is 东 1/5/9, seat 1 2/6, seat 2 3/7, seat 3 4/8):

* ``J0``, ``J1``, ``J3``: hands far from ready (no two tiles of a suit within 2 of each other);
* ``R2``: seat 2, ``123456789m 11p 2p N``: it draws 3p and throws N (action 4 of ``OPEN``),
  leaving ``123456789m 11p 23p`` ready on 1p 4p. Its dealt 13 were not ready: no 地胡.

Every win below without another pattern is 鸡胡, 1 fan; base 1.
"""

from __future__ import annotations

from typing import Any

import pytest

from app import create_app
from app.config import Config
from app.schemas import answers
from rules.error_codes import (
    ACTION_AFTER_END,
    ACTION_MUST_WIN,
    ACTION_NOT_A_WIN,
    ACTION_NOT_YOUR_TURN,
    ACTION_NOTHING_TO_WIN,
    ACTION_ROB_NOT_ALLOWED,
    ACTION_WAIT_CHANGED,
    ACTION_WIN_LOCKED,
    ACTION_WRONG_DRAW,
)
from rules.errors import InvalidInput
from rules.play import Action, IllegalAction, ReplayAnswer
from tests.play.logs import body, deltas, facts, ledger, replay, request, said

J0 = "147m258p369sSWNCF"
J1 = "147m258p369sSWNC"
J3 = "258m369p147sSWEP"
R2 = "123m456m789m11p2pN"
DEAL = [J0, J1, R2, J3]
# Seat 2 is ready on 1p 4p from action 4 on.
OPEN = "0dF 1DE 1dE 2D3p 2dN"


# ---------------------------------------------------------------------------- helpers

def play(text: str, deal: list[str] | None = None, dealer: int = 0,
         **more: Any) -> ReplayAnswer:
    return replay("qinzhou", dealer, deal or DEAL, text, **more)


def refused(text: str, deal: list[str] | None = None, dealer: int = 0,
            **more: Any) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        play(text, deal, dealer, **more)
    return caught.value












@pytest.fixture(scope="module")
def client():
    return create_app(Config(log_requests=False)).test_client()


# ---------------------------------------------------------------------------- 漏胡

def test_lou_hu_a_passed_discard_locks_every_discard_win():
    """漏胡 (seed 003 特殊規則): 「漏胡：玩家能胡不胡的情況下算漏胡，漏胡后必須吃、碰、杠、摸牌后才
    能解除漏胡，或自摸也可以」. Seat 2 could win on seat 3's 1p and lets seat 0 draw (action 7): it
    may not win on seat 0's 4p either — not the same tile, but qinzhou locks every discard."""
    error = refused(OPEN + " 3D1p 3d1p 0D4p 0d4p 2h")
    assert (error.index, error.code) == (9, ACTION_WIN_LOCKED)
    assert "漏胡" in said(error) and "003 特殊規則" in said(error)
    answer = play(OPEN + " 3D1p 3d1p 0D4p 0d4p")
    assert answer.legal is not None
    assert [a.type for a in answer.legal[2]] == []  # no win among seat 2's legal actions


def test_lou_hu_the_lock_is_a_fact_and_a_chow_releases_it():
    """漏胡 (seed 003 特殊規則): 「漏胡后必須吃、碰、杠、摸牌后才能解除漏胡」. The pass is a
    ``win_passed`` fact at the draw that closes the 1p (7); seat 2's chow of seat 1's 4m (11)
    is a ``lock_released`` fact, and seat 2 then wins on seat 3's next 1p: 鸡胡 1 fan from the
    discarder alone."""
    answer = play(OPEN + " 3D1p 3d1p 0D4p 0d4p 1D4m 1d4m 2c456m 2d4m 3D1p 3d1p 2h")
    assert answer.status == "finished"
    assert facts(answer) == [(4, "wait_locked", 2), (7, "win_passed", 2),
                             (11, "lock_released", 2)]
    body_ = request(answer)
    assert body_["result"] == {"winners": [2], "win_tile": "1p", "win_type": "discard",
                               "discarder": 3}
    assert body_["players"][2]["melds"] == [
        {"type": "chow", "tiles": "456m", "from": 1, "claimed": "4m", "claim_order": 0}]
    assert deltas(answer) == [0, 0, 1, -1]
    assert ledger(answer) == [(3, 2, 1, "hu")]


def test_lou_hu_a_pung_releases_the_lock():
    """漏胡 (seed 003 特殊規則): 「漏胡后必須吃、碰、杠、摸牌后才能解除漏胡」. Seat 2
    (``123456789m 99s 23p``, ready on 1p 4p) passes seat 3's 1p (locked at 7), pungs seat 0's 9s
    (9: released), throws 3p and wins on seat 3's 2p. (聽牌後不允許換聽 is off here: the pung
    changes seat 2's waits.)"""
    deal = [J0, J1, "123m456m789m99s2pN", J3]
    answer = play(OPEN + " 3D1p 3d1p 0DE 0d9s 2p9s 2d3p 3D2p 3d2p 2h", deal,
                  rules={"no_wait_change": False})
    assert facts(answer) == [(7, "win_passed", 2), (9, "lock_released", 2)]
    body_ = request(answer)
    assert body_["players"][2]["melds"] == [
        {"type": "pung", "tiles": "999s", "from": 0, "claimed": "9s", "claim_order": 0}]
    assert body_["result"]["winners"] == [2]
    assert deltas(answer) == [0, 0, 1, -1]


def test_lou_hu_a_draw_releases_it_and_self_draw_is_never_locked():
    """漏胡 (seed 003 特殊規則): 「…摸牌后才能解除漏胡，或自摸也可以」. Locked at 7, seat 2's own
    draw (11) releases it and it self-draws 4p: 鸡胡 1 fan from each of three."""
    answer = play(OPEN + " 3D1p 3d1p 0D9s 0d9s 1D9p 1d9p 2D4p 2h")
    assert facts(answer) == [(4, "wait_locked", 2), (7, "win_passed", 2),
                             (11, "lock_released", 2)]
    assert request(answer)["result"] == {"winners": [2], "win_tile": "4p",
                                         "win_type": "self_draw"}
    assert deltas(answer) == [-1, -1, 3, -1]


# Seat 3 pungs seat 1's 4p (3), draws the fourth 4p and adds it (12): seat 2 may rob it.
ROB_DEAL = [J0, J1, R2, "258m369p147s44pSW"]
ROB_OPEN = "0dF 1D4p 1d4p 3p4p 3dS 0DE 0dE 1D9p 1d9p 2D3p 2dN 3D4p 3a4p"


def test_lou_hu_passing_a_robbed_kong_locks_discard_wins():
    """漏胡 (seed 003 特殊規則): 「玩家能胡不胡的情況下算漏胡」, a robbed kong included (RULINGS:
    "a seat that could win on a discard or a robbed kong and does not"). Seat 2 lets seat 3
    draw its replacement (13: ``win_passed``) and may not win on seat 0's 1p (17)."""
    error = refused(ROB_OPEN + " 3D1p 3dW 0D1p 0d1p 2h", ROB_DEAL)
    assert (error.index, error.code) == (17, ACTION_WIN_LOCKED)
    answer = play(ROB_OPEN + " 3D1p 3dW 0D1p 0d1p", ROB_DEAL)
    assert (13, "win_passed", 2) in facts(answer)


def test_lou_hu_a_locked_seat_may_not_rob_a_kong():
    """漏胡 (seed 003 特殊規則): 「漏胡后必須吃、碰、杠、摸牌后才能解除漏胡」. Seat 2 (ready on 1p
    4p) passes seat 1's 4p, which seat 3 pungs (11: locked); seat 3 konges seat 0's 中, draws
    the last 4p and adds it (17): seat 2 has not drawn nor claimed since, so it may not rob
    (guangdong's 漏和 would let it: tests/play/test_guangdong_rules.py)."""
    deal = ["147m258p369sSWNFC", "147m258p369sSWN4p", "123m456m789m55p2pN",
            "258m369p14s44pCCC"]
    text = "0dF 1DE 1dE 2D3p 2dN 3DW 3dW 0D9m 0d9m 1D9m 1d4p 3p4p 3d1s 0DS 0dC 3kC 3D4p 3a4p"
    error = refused(text + " 2h", deal)
    assert (error.index, error.code) == (18, ACTION_WIN_LOCKED)
    answer = play(text, deal)
    assert (11, "win_passed", 2) in facts(answer)
    assert not [f for f in facts(answer) if f[1] == "lock_released"]


# ---------------------------------------------------------------------------- 聽牌後不允許換聽

# Seat 2 is ready on 1p 4p (4); at 11 it draws 5p.
CHANGE = OPEN + " 3DE 3dE 0D9s 0d9s 1DW 1dW 2D5p"


def test_wait_lock_a_discard_that_changes_the_waits_is_refused():
    """聽牌後不允許換聽 (seed 003 基本規則 6): 「聽牌后不允許換聽」. Seat 2's discard at 4 left it
    ready on 1p 4p (a ``wait_locked`` fact); throwing 3p for the drawn 5p (12) would leave it
    ready on nothing."""
    error = refused(CHANGE + " 2d3p")
    assert (error.index, error.code) == (12, ACTION_WAIT_CHANGED)
    assert "聽牌后不允許換聽" in said(error)
    kept = play(CHANGE + " 2d5p")
    assert kept.status == "in_progress"
    assert facts(kept) == [(4, "wait_locked", 2)]


def test_wait_lock_off_the_same_discard_is_legal():
    """聽牌後不允許換聽 (seed 003 基本規則 6): 「聽牌后不允許換聽」, rule option
    ``no_wait_change`` false: the same log is legal, and no ``wait_locked`` fact is written."""
    answer = play(CHANGE + " 2d3p", rules={"no_wait_change": False})
    assert answer.status == "in_progress"
    assert facts(answer) == []
    assert answer.seats is not None
    assert answers.seat_view(answer.seats[2])["hand"] == [
        "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "1p", "2p", "5p"]


# The dealer throws N and is ready on 2m 3m 5m 6m (1112345m); at 7 it draws the fourth 1m.
KONG_DEAL = ["1112345m456p789sN", "258p369s147sSWNC", "369p258s147pSWNP", "147p258s369sESWF"]
KONG_OPEN = "0dN 1DE 1dE 2DE 2dE 3DF 3dF 0D1m"


@pytest.mark.parametrize("text, index", [(KONG_OPEN + " 0x1m", 8), ("0dN 1D1m 1d1m 0k1m", 3)],
                         ids=["concealed", "claimed"])
def test_wait_lock_a_kong_that_changes_the_waits_is_refused(text, index):
    """聽牌後不允許換聽 (seed 003 基本規則 6): 「聽牌后不允許換聽」: no kong that changes the
    waits. A kong of 1m, concealed (the fourth drawn) or claimed from seat 1, leaves 2345m:
    ready on 2m 5m, not 2m 3m 5m 6m. Legal with ``no_wait_change`` false."""
    error = refused(text, KONG_DEAL)
    assert (error.index, error.code) == (index, ACTION_WAIT_CHANGED)
    answer = play(text, KONG_DEAL, rules={"no_wait_change": False})
    assert answer.status == "in_progress" and answer.turn == 0


def test_wait_lock_a_kong_that_keeps_the_waits_is_legal():
    """聽牌後不允許換聽 (seed 003 基本規則 6): 「聽牌后不允許換聽」. The dealer is ready on 东
    (``123m456p789s111s E``, 0); a concealed kong of the drawn 1s (8) still waits on 东 alone."""
    deal = ["123m456p789s111sEN", "258m369p258sSWNC", "369m147p369sSWNP", "147m258p258sSWNF"]
    answer = play("0dN 1D9m 1d9m 2D9m 2d9m 3D9m 3d9m 0D1s 0x1s 0D2m 0d2m", deal)
    assert answer.status == "in_progress"
    assert facts(answer) == [(0, "wait_locked", 0), (10, "after_kong_discard", 0)]


# Seat 1 draws 5s and throws N (2): ready on 3s 6s (11m 234p 567p 789s 45s).
CLAIM_DEAL = ["147m258p369sSWN3p1m", "11m234p567p789s4sN", "258m369p147sSWNP",
              "369m147p258sSWNF"]
CLAIM_OPEN = "0dW 1D5s 1dN 2DE 2dE 3DE 3dE 0DC"


@pytest.mark.parametrize("claim", ["0d3p 1c345p", "0d1m 1p1m"])
def test_wait_lock_a_claim_no_discard_can_follow_is_refused(claim):
    """聽牌後不允許換聽 (seed 003 基本規則 6): 「聽牌后不允許換聽」. After a chow of 3p (with 45p)
    or a pung of 1m, no discard leaves seat 1 ready on 3s 6s: the claim itself (9) is refused;
    with ``no_wait_change`` false it is legal."""
    error = refused(f"{CLAIM_OPEN} {claim}", CLAIM_DEAL)
    assert (error.index, error.code) == (9, ACTION_WAIT_CHANGED)
    answer = play(f"{CLAIM_OPEN} {claim}", CLAIM_DEAL, rules={"no_wait_change": False})
    assert answer.status == "in_progress" and answer.turn == 1
    assert answer.seats is not None and len(answer.seats[1].melds) == 1


# ---------------------------------------------------------------------------- 能胡必胡

MUST = {"must_win": True}


def test_must_win_a_discard_win_closed_by_the_next_draw():
    """能胡必胡 (seed 003 基本規則 6): 「能胡必胡」, option ``must_win``. Seat 2 could win on seat
    3's 1p; seat 0's draw (7) closes it: illegal. By default 漏胡 applies instead."""
    text = OPEN + " 3D1p 3d1p 0D4p"
    error = refused(text, rules=MUST)
    assert (error.index, error.code) == (7, ACTION_MUST_WIN)
    assert "能胡必胡" in said(error)
    answer = play(text)
    assert answer.status == "in_progress"
    assert (7, "win_passed", 2) in facts(answer)


def test_must_win_a_discard_win_closed_by_a_pung():
    """能胡必胡 (seed 003 基本規則 6): 「能胡必胡」. Seat 1's pung of seat 3's 4p (7) would take
    the tile seat 2 could win on."""
    deal = [J0, "147m258p369sSW44p", R2, J3]
    text = OPEN + " 3D4p 3d4p 1p4p"
    error = refused(text, deal, rules=MUST)
    assert (error.index, error.code) == (7, ACTION_MUST_WIN)
    answer = play(text, deal)
    assert (7, "win_passed", 2) in facts(answer)
    assert answer.seats is not None
    assert answers.seat_view(answer.seats[1])["melds"] == [
        {"type": "pung", "tiles": "444p", "from": 3, "claimed": "4p", "claim_order": 0}]


def test_must_win_its_own_draw_skipped_by_a_discard():
    """能胡必胡 (seed 003 基本規則 6): 「能胡必胡」. Seat 2 draws 4p (11), a win, and throws it
    (12)."""
    text = OPEN + " 3D9p 3d9p 0D9s 0d9s 1D9p 1d9p 2D4p 2d4p"
    error = refused(text, rules=MUST)
    assert (error.index, error.code) == (12, ACTION_MUST_WIN)
    assert play(text).status == "in_progress"


def test_must_win_the_dealers_dealt_win_skipped():
    """能胡必胡 (seed 003 基本規則 6): 「能胡必胡」. The dealer's dealt 14 are complete; it
    discards (0) instead of 天胡."""
    deal = ["123m456m789m11p234p", J1, "258m369p147sSWNP", "369m147p258sSWNF"]
    error = refused("0d4p", deal, rules=MUST)
    assert (error.index, error.code) == (0, ACTION_MUST_WIN)
    assert play("0d4p", deal).status == "in_progress"


def test_must_win_the_dealers_dealt_win_skipped_by_a_kong():
    """能胡必胡 (seed 003 基本規則 6): 「能胡必胡」. The dealer's dealt 14 (111s 123s 456m 789m 22p)
    are complete; a concealed kong of 1s (0) instead of 天胡 is illegal too."""
    deal = ["111123s456m789m22p", J1, "258m369p147pSWNP", "369m147p258pSWNF"]
    error = refused("0x1s", deal, rules=MUST)
    assert (error.index, error.code) == (0, ACTION_MUST_WIN)
    answer = play("0x1s", deal)
    assert answer.status == "in_progress" and answer.turn == 0


def test_must_win_a_robbed_kong_skipped():
    """能胡必胡 (seed 003 基本規則 6): 「能胡必胡」. Seat 2 could rob seat 3's added 4p; the
    replacement draw (13) closes it."""
    error = refused(ROB_OPEN + " 3D1p", ROB_DEAL, rules=MUST)
    assert (error.index, error.code) == (13, ACTION_MUST_WIN)


def test_must_win_a_log_that_ends_on_a_winning_last_tile():
    """能胡必胡 (seed 003 基本規則 6): 「能胡必胡」. Seat 2 draws the wall's last tile, 4p, a win,
    and the log stops there (11). A log that stops is a round in progress (RULINGS qinzhou,
    ``must_win``): the win is still owed, so the answer is ``in_progress`` with seat 2's win as
    the only legal action, and pushing it finishes the round. By default the same log is a
    drawn round (the last drawer does not discard), whose ``legal`` still offers the win."""
    text = "0dF 1D 1dE 2D 2dN 3D 3dE 0D 0d9s 1D 1d9p 2D"
    owed = play(text, wall="E3pE9s9p4p", rules=MUST)
    assert owed.status == "in_progress" and owed.turn == 2
    assert owed.legal == [[], [], [Action(2, "win")], []]
    won = play(text + " 2h", wall="E3pE9s9p4p", rules=MUST)
    assert won.status == "finished" and request(won)["result"]["winners"] == [2]
    answer = play(text, wall="E3pE9s9p4p")
    assert answer.status == "finished"
    assert request(answer)["result"] == {"winners": []}
    assert answer.legal == [[], [], [Action(2, "win")], []]


def test_must_win_every_winner_of_a_yi_pao_duo_xiang():
    """能胡必胡 (seed 003 基本規則 6): 「能胡必胡」, beside 基本規則 5 「有一炮多響」. Seat 3 wins
    on seat 2's 4p (13) and the log ends: the dealer could win on it too and must, so the round
    is still in progress, the dealer's win its only legal action; a draw instead (14) is
    illegal. By default the dealer may pass: the round is finished, seat 3 alone collects its
    对对胡, 2 fan, and ``legal`` still offers the dealer its win."""
    owed = play(MULTI_LOG + " 3h", MULTI_DEAL, rules=MUST)
    assert owed.status == "in_progress" and owed.turn == 0
    assert owed.legal == [[Action(0, "win")], [], [], []]
    error = refused(MULTI_LOG + " 3h 3D", MULTI_DEAL, rules=MUST)
    assert (error.index, error.code) == (14, ACTION_AFTER_END)
    both = play(MULTI_LOG + " 3h 0h", MULTI_DEAL, rules=MUST)
    assert both.status == "finished" and request(both)["result"]["winners"] == [3, 0]
    answer = play(MULTI_LOG + " 3h", MULTI_DEAL)
    assert request(answer)["result"]["winners"] == [3]
    assert deltas(answer) == [0, 0, -2, 2]
    assert answer.legal == [[Action(0, "win")], [], [], []]


# ---------------------------------------------------------------------------- horses

# Seat 2 self-draws 4p (12): the wall is E 3p E 9s 9p 4p, then the horses.
HORSE_LOG = "0dF 1D 1dE 2D 2dN 3D 3dE 0D 0d9s 1D 1d9p 2D 2h"
HORSE_WALL = "E3pE9s9p4p"


def test_horses_are_the_first_tiles_left_in_the_wall():
    """奖马 (seed 003 3.2): 「有玩家胡牌，由系統順序在未抓牌選擇10張牌，翻開公示」, ``horse_count``
    5. The five tiles after the win, 3s 7p 1m 西 5s, are the horses; seat 2 (3/7) matches 3s, 7p
    and 西 (3): h = 3, each pays 1 × (1 + 3) = 4."""
    answer = play(HORSE_LOG, wall=HORSE_WALL + "3s7p1mW5s9m9m2s", rules={"horse_count": 5})
    assert (12, "horses", 2) in facts(answer)
    assert request(answer)["horses"] == "3s7p1mW5s"
    assert deltas(answer) == [-4, -4, 12, -4]
    assert sorted(ledger(answer)) == sorted(
        [(s, 2, 1, "hu") for s in (0, 1, 3)] + [(s, 2, 3, "horse") for s in (0, 1, 3)])


def test_horses_all_that_is_left_when_the_wall_runs_short():
    """奖马 (seed 003 3.2): 「如果胡牌的時候，牌墻中的牌，不夠買馬的數量，則剩下的牌，全為買的馬」.
    Ten are bought (the default) but two are left, 3s 7p, both on seat 2's 3/7: each pays
    1 × (1 + 2) = 3."""
    answer = play(HORSE_LOG, wall=HORSE_WALL + "3s7p")
    assert request(answer)["horses"] == "3s7p"
    assert deltas(answer) == [-3, -3, 9, -3]


def test_horses_given_without_a_wall():
    """奖马 (seed 003 3.2): 「根據胡牌玩家的風位數字，與翻開的獎馬牌對應的數值進行對比」. Without a
    wall the flipped horses are given: the same 3s 7p 1m 西 5s pay the same 4 each."""
    text = "0dF 1DE 1dE 2D3p 2dN 3DE 3dE 0D9s 0d9s 1D9p 1d9p 2D4p 2h"
    answer = play(text, horses="3s7p1mW5s", rules={"horse_count": 5})
    assert request(answer)["horses"] == "3s7p1mW5s"
    assert deltas(answer) == [-4, -4, 12, -4]
    assert not [f for f in facts(answer) if f[1] == "horses"]


def test_horses_come_from_the_head_a_replacement_from_the_tail():
    """奖马 (seed 003 3.2): 「由系統順序在未抓牌選擇」; 行牌規則 5 「玩家杠牌后，由城墻未抓牌的尾端
    補牌」. The dealer konges 东 and draws 2p from the wall's tail; the horses are the head's first
    five, 9s 8s 7s 6s 5s: 9s and 5s on the dealer's 1/5/9. 杠上开花 2 fan × (1 + 2) = 6 from each,
    and the kong's 1: +21, −7 each."""
    answer = play("0xE 0D 0h", KAI_DEAL, wall="9s8s7s6s5s4s2p", rules={"horse_count": 5})
    assert request(answer)["horses"] == "98765s"
    assert request(answer)["result"]["win_tile"] == "2p"
    assert deltas(answer) == [21, -7, -7, -7]


def test_horses_the_wall_decides_every_draw():
    """奖马 (seed 003 3.2): 「由系統順序在未抓牌選擇」: with a wall, the horses are its tiles, so a
    draw must be the wall's next tile (3, not 4p); and horses may not be given beside it."""
    error = refused("0dF 1D 1dE 2D4p", wall=HORSE_WALL)
    assert (error.index, error.code) == (3, ACTION_WRONG_DRAW)
    with pytest.raises(InvalidInput) as caught:
        play(HORSE_LOG, wall=HORSE_WALL + "3s7p", horses="3s7p")
    assert [str(e.place) for e in caught.value.errors] == ["horses"]


# ---------------------------------------------------------------------------- the last tile

LAST_LOG = "0dF 1D 1dE 2D 2dN 3D 3dE 0D 0d9s 1D 1d9p 2D"


def test_last_tile_self_drawn_is_hai_di_lao_yue():
    """海底撈月 (seed 003 特殊規則): 「摸到最後一張牌的時候不用打出來。 假如胡了則是海底撈月」.
    Seat 2 draws the wall's last tile, 4p (11: ``last_tile``), and wins: 海底捞月 2 fan, no horse
    left: 2 from each."""
    answer = play(LAST_LOG + " 2h", wall="E3pE9s9p4p")
    assert (11, "last_tile", 2) in facts(answer)
    assert request(answer)["result"] == {"winners": [2], "win_tile": "4p",
                                         "win_type": "self_draw", "flags": {"last_tile": True}}
    assert deltas(answer) == [-2, -2, 6, -2]


def test_last_tile_taken_by_a_kong_replacement():
    """海底撈月 (seed 003 6.6): 「海底撈月 2番，自摸牌墻上最后一張牌胡牌」; RULINGS: "the round's
    last drawable tile, whether an ordinary draw or a kong's replacement takes it". The dealer's
    concealed 东 takes the one tile left (1: ``last_tile``) and wins: 海底捞月 2 + 杠上开花 2 = 4
    fan from each, and the kong's 1: +15, −5 each."""
    answer = play("0xE 0D 0h", KAI_DEAL, wall="2p")
    assert (1, "last_tile", 0) in facts(answer)
    assert request(answer)["result"] == {"winners": [0], "win_tile": "2p",
                                         "win_type": "kong_replacement",
                                         "flags": {"last_tile": True}}
    assert deltas(answer) == [15, -5, -5, -5]


def test_last_tile_not_won_the_round_is_drawn_with_14_in_hand(client):
    """最後一張牌 (seed 003 特殊規則): 「摸到最後一張牌的時候不用打出來」. Seat 2 draws the last
    tile, 5p, and cannot win: the log ends there, a drawn round; seat 2 keeps 14 tiles and
    /settle accepts that request."""
    answer = play(LAST_LOG, wall="E3pE9s9p5p")
    assert answer.status == "finished"
    assert facts(answer)[-2:] == [(11, "last_tile", 2), (11, "drawn_round", None)]
    settle = request(answer)
    assert settle["result"] == {"winners": []}
    assert settle["players"][2]["hand"] == "123456789m11235p"
    assert deltas(answer) == [0, 0, 0, 0]
    response = client.post("/settle", json=settle)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["deltas"] == [0, 0, 0, 0]


def test_last_tile_its_drawer_does_not_discard():
    """最後一張牌 (seed 003 特殊規則): 「摸到最後一張牌的時候不用打出來」: a discard after it (12)
    is an action after the end."""
    error = refused(LAST_LOG + " 2d5p", wall="E3pE9s9p5p")
    assert (error.index, error.code) == (12, ACTION_AFTER_END)
    assert "摸到最後一張牌的時候不用打出來" in said(error)


# ---------------------------------------------------------------------------- 一炮多响

# The dealer throws N (0): ready on 1p 4p. Seat 3 draws 4p, throws 西 (6): ready on 4p 东
# (111s 444s 777s 东东 4p4p). Seat 2 throws 4p (12).
MULTI_DEAL = ["123m456m789m11p23pN", J1, "258m369p147sSWNP", "111s444s777sEE4pW"]
MULTI_LOG = "0dN 1D9p 1d9p 2D9s 2d9s 3D4p 3dW 0DF 0dF 1DC 1dC 2D4p 2d4p"


def test_yi_pao_duo_xiang_winners_in_turn_order_and_the_first_owns_the_horses():
    """一炮多響 (seed 003 基本規則 5): 「有一炮多響」; 3.2 「只允許一家買馬，按胡牌者的順序」. Seat
    0 wins before seat 3 in the log, but seat 3 is first after the discarder (seat 2): winners [3,
    0], seat 3 owns the horses 4m 8m 1m 3m 7m. By hand: seat 3 对对胡 2 fan, seat 0 鸡胡 1; the
    discarder pays 2 + 1; 4m 8m on seat 3's 4/8: 2 × 2 to seat 3; 1m on seat 0's 1/5/9: 1 × 1 to
    seat 3; 3m 7m on the discarder's 3/7: seat 3 pays seat 0 2 × 1. Seat 3: 2 + 4 + 1 − 2 = 5; seat
    0: 1 + 2 = 3; seat 2: −8."""
    answer = play(MULTI_LOG + " 0h 3h", MULTI_DEAL, horses="4m8m1m3m7m",
                  rules={"horse_count": 5})
    assert request(answer)["result"] == {"winners": [3, 0], "win_tile": "4p",
                                         "win_type": "discard", "discarder": 2}
    assert deltas(answer) == [3, 0, -8, 5]
    assert ledger(answer) == [(2, 3, 2, "hu"), (2, 0, 1, "hu"), (2, 3, 4, "horse"),
                              (2, 3, 1, "horse"), (3, 0, 2, "horse")]


def test_yi_pao_duo_xiang_a_win_after_the_round_ended_is_refused():
    """一炮多響 (seed 003 基本規則 5): 「有一炮多響」 — on one discard only: after the wins the
    round has ended, and seat 1's draw (15) is refused."""
    error = refused(MULTI_LOG + " 0h 3h 1D", MULTI_DEAL)
    assert (error.index, error.code) == (15, ACTION_AFTER_END)


# ---------------------------------------------------------------------------- 地胡

# Seat 1's dealt 13 (123456789m 11p 23p) are ready on 1p 4p.
EARTH_DEAL = [J0, "123m456m789m11p23p", "258m369p147sSWNP", "111s444s777sEE4pW"]


def test_di_hu_a_dealt_ready_seat_wins_later_on_a_discard():
    """地胡 (seed 003 6.11): 「地胡 2番，非莊家起牌后在開始摸牌之前立刻聽牌，之后任何時刻胡牌或自摸
    」. Seat 1 was ready on its dealt 13 and wins on seat 3's 4p at 7, after a draw and a discard
    of its own: ``earthly``, 地胡 2 fan from the discarder; the request carries seat 1's
    ``dealt``."""
    answer = play("0dF 1D9s 1d9s 2D9p 2d9p 3D4p 3d4p 1h", EARTH_DEAL)
    assert (7, "earthly", 1) in facts(answer)
    settle = request(answer)
    assert settle["result"] == {"winners": [1], "win_tile": "4p", "win_type": "discard",
                                "discarder": 3, "flags": {"earthly": True}}
    assert settle["players"][1]["dealt"] == "123456789m1123p"
    assert "dealt" not in settle["players"][3]
    assert deltas(answer) == [0, 2, 0, -2]


def test_di_hu_self_drawn():
    """地胡 (seed 003 6.11): 「…之后任何時刻胡牌或自摸」. Seat 1 self-draws 1p on its first draw:
    地胡 2 fan from each of three."""
    answer = play("0dF 1D1p 1h", EARTH_DEAL)
    assert request(answer)["result"]["flags"] == {"earthly": True}
    assert deltas(answer) == [-2, 6, -2, -2]


def test_di_hu_for_one_of_two_winners_is_that_seats_flag():
    """地胡 (seed 003 6.11): 「非莊家起牌后在開始摸牌之前立刻聽牌」, in a 一炮多響 (RULINGS:
    "Several winners on one discard may each hold it"). The dealer throws 4p (8): seat 1 (地胡 2
    fan) and seat 3 (对对胡 2 fan, not dealt ready) win; the flag is seat 1's own."""
    answer = play("0dF 1D9s 1d9s 2D9p 2d9p 3D4p 3dW 0D4p 0d4p 3h 1h", EARTH_DEAL)
    settle = request(answer)
    assert settle["result"] == {"winners": [1, 3], "win_tile": "4p", "win_type": "discard",
                                "discarder": 0}
    assert settle["players"][1]["flags"] == {"earthly": True}
    assert "flags" not in settle["players"][3]
    assert deltas(answer) == [-4, 2, 0, 2]


def test_di_hu_needs_a_tile_offered():
    """地胡 (seed 003 6.11): 「之后任何時刻胡牌或自摸」 — after the dealt hand, on a tile: seat 1
    may not win at 0, before the dealer's first discard."""
    error = refused("1h", EARTH_DEAL)
    assert (error.index, error.code) == (0, ACTION_NOTHING_TO_WIN)


# ---------------------------------------------------------------------------- 天胡

HEAVEN_DEAL = ["123m456m789m11p234p", J1, "258m369p147sSWNP", "369m147p258sSWNF"]


def test_tian_hu_the_dealers_dealt_14():
    """天胡 (seed 003 6.12): 「天胡 4番，只屬于莊家的特權， 起牌后在莊家尚未打出第一張牌時 ，莊家如
    果發現手內已完成胡牌型態，稱為「天胡」」. The dealer wins at 0: ``heavenly``, no ``win_tile``;
    天胡 4 fan from each."""
    answer = play("0h", HEAVEN_DEAL)
    assert facts(answer) == [(0, "heavenly", 0)]
    assert request(answer)["result"] == {"winners": [0], "win_type": "self_draw",
                                         "flags": {"heavenly": True}}
    assert deltas(answer) == [12, -4, -4, -4]


def test_tian_hu_only_the_dealer_and_only_a_complete_hand():
    """天胡 (seed 003 6.12): 「只屬于莊家的特權」: a non-dealer's win at 0 has no tile; the dealer's
    incomplete 14 are no win."""
    error = refused("1h", HEAVEN_DEAL)
    assert (error.index, error.code) == (0, ACTION_NOTHING_TO_WIN)
    deal = ["123m456m789m11p235p", *HEAVEN_DEAL[1:]]
    error = refused("0h", deal)
    assert (error.index, error.code) == (0, ACTION_NOT_A_WIN)


# ---------------------------------------------------------------------------- 杠上开花

KAI_DEAL = ["123m456m789mEEEE2p", J1, "258m369p147sSWNP", "369m147p258sSWNF"]


def test_gang_shang_kai_hua_a_win_on_the_kongs_replacement():
    """杠上開花 (seed 003 6.7): 「杠上開花 2番，開杠抓進的牌成胡牌」. The dealer konges 东 before
    its first discard (0), draws 2p from the tail (1) and wins (2): ``kong_replacement``, not 天胡.
    The kong takes 1 from each; 杠上开花 2 fan from each: +9, −3 each."""
    answer = play("0xE 0D2p 0h", KAI_DEAL)
    assert not [f for f in facts(answer) if f[1] == "heavenly"]
    settle = request(answer)
    assert settle["result"] == {"winners": [0], "win_tile": "2p",
                                "win_type": "kong_replacement"}
    assert settle["players"][0]["melds"] == [{"type": "concealed_kong", "tiles": "EEEE"}]
    assert deltas(answer) == [9, -3, -3, -3]


def test_gang_shang_kai_hua_the_replacement_comes_first():
    """杠上開花 (seed 003 6.7): 「開杠抓進的牌成胡牌」: a win before the replacement draw (1) has no
    tile."""
    error = refused("0xE 0h", KAI_DEAL)
    assert (error.index, error.code) == (1, ACTION_NOTHING_TO_WIN)


# ---------------------------------------------------------------------------- 杠上炮

# Seat 1 draws 3p, throws 东 (2): ready on 1p 4p. Seat 3 konges 中 (6), draws (7), throws (8).
PAO_DEAL = ["147m258p369sSWNFF", "123m456m789m11p2pE", "258m369p147sSWWP", "CCC369m147p258sN"]
PAO_OPEN = "0dF 1D3p 1dE 2DN 2dN 3DC 3xC"


def test_gang_shang_pao_a_win_on_the_discard_after_the_discarders_kong():
    """杠上跑 (seed 003 6.13): 「杠上跑 2番，別人杠后打出來的第一張牌被胡」. Seat 3's 4p (8) is its
    first discard after its kong's replacement (an ``after_kong_discard`` fact); seat 1 wins on
    it (9): 杠上炮 2 fan from seat 3, who collected 1 from each for the kong."""
    answer = play(PAO_OPEN + " 3D4p 3d4p 1h", PAO_DEAL)
    assert (8, "after_kong_discard", 3) in facts(answer)
    assert (9, "after_kong_discard", 1) in facts(answer)
    assert request(answer)["result"] == {"winners": [1], "win_tile": "4p",
                                         "win_type": "discard", "discarder": 3,
                                         "flags": {"after_kong_discard": True}}
    assert deltas(answer) == [-1, 1, -1, 1]


def test_gang_shang_pao_not_on_a_later_discard():
    """杠上跑 (seed 003 6.13): 「別人杠后打出來的第一張牌」 — the first one only: seat 1 wins on
    seat 0's 4p (12), after seat 3's post-kong 9s: 鸡胡 1 fan, kong +3 for seat 3."""
    answer = play(PAO_OPEN + " 3D9s 3d9s 0D4p 0d4p 1h", PAO_DEAL)
    assert "flags" not in request(answer)["result"]
    assert deltas(answer) == [-2, 0, -1, 3]


def test_gang_shang_pao_the_kong_owner_draws_before_it_discards():
    """杠上跑 (seed 003 6.13): 「別人杠后打出來的第一張牌」, after 行牌規則 5 「玩家杠牌后，由城墻
    未抓牌的尾端補牌」: seat 3 may not discard (7) before its replacement draw."""
    error = refused(PAO_OPEN + " 3d9s", PAO_DEAL)
    assert (error.index, error.code) == (7, ACTION_NOT_YOUR_TURN)


def test_gang_shang_pao_after_a_claimed_kong_for_two_winners():
    """杠上跑 (seed 003 6.13): 「別人杠后打出來的第一張牌被胡」, with 基本規則 5 「有一炮多響」.
    Seat 2 konges the dealer's 中 (9), draws 9s (10) and throws 4p (11); seats 3 and 1 win on it,
    each with its own ``after_kong_discard`` flag: seat 3 对对胡 2 + 杠上炮 2 = 4, seat 1 杠上炮 2;
    the kong takes 1 from each. Seat 2: 3 − 4 − 2 = −3."""
    deal = [PAO_DEAL[0], PAO_DEAL[1], "258m369p147sCCC4p", "111s444s777sEE4pW"]
    answer = play("0dF 1D3p 1dE 2DW 2dW 3D4p 3dW 0DC 0dC 2kC 2D9s 2d4p 3h 1h", deal)
    assert (11, "after_kong_discard", 2) in facts(answer)
    settle = request(answer)
    assert settle["result"] == {"winners": [3, 1], "win_tile": "4p", "win_type": "discard",
                                "discarder": 2}
    assert settle["players"][1]["flags"] == settle["players"][3]["flags"] == {
        "after_kong_discard": True}
    assert settle["players"][2]["melds"] == [
        {"type": "kong", "tiles": "CCCC", "from": 0, "claimed": "C", "claim_order": 0}]
    assert deltas(answer) == [-1, 1, -3, 3]


# ---------------------------------------------------------------------------- 抢杠

def test_qiang_gang_hu_robbing_an_added_kong():
    """搶杠胡 (seed 003 6.8): 「搶杠胡 2番，胡別人自抓開明杠的牌（被搶杠者不能算杠錢）」. Seat 2
    robs seat 3's added 4p (13): the robbed seat lists its pung, pays 2 fan alone and earns no
    kong."""
    answer = play(ROB_OPEN + " 2h", ROB_DEAL)
    assert (13, "robbed_kong", 2) in facts(answer)
    settle = request(answer)
    assert settle["result"] == {"winners": [2], "win_tile": "4p", "win_type": "rob_kong",
                                "discarder": 3}
    assert settle["players"][3]["melds"] == [
        {"type": "pung", "tiles": "444p", "from": 1, "claimed": "4p", "claim_order": 0}]
    assert deltas(answer) == [0, 0, 2, -2]
    assert ledger(answer) == [(3, 2, 2, "hu")]


def test_qiang_gang_hu_not_a_concealed_kong():
    """搶杠胡 (seed 003 6.8): 「胡別人自抓開明杠的牌」: only an added kong. The dealer's concealed
    东 (0) cannot be robbed (1)."""
    error = refused("0xE 1h", KAI_DEAL)
    assert (error.index, error.code) == (1, ACTION_ROB_NOT_ALLOWED)


def test_qiang_gang_hu_not_a_kong_claimed_from_a_discard():
    """搶杠胡 (seed 003 6.8): 「胡別人自抓開明杠的牌」: a kong claimed from a discard is not robbed
    (the seat that wants the tile wins on the discard). Seat 3 konges seat 1's 4p (11); seat
    2 may not rob it (12)."""
    deal = [J0, J1, R2, "258m369p147s444pS"]
    error = refused("0dF 1DE 1dE 2D3p 2dN 3DW 3dW 0D9m 0d9m 1D4p 1d4p 3k4p 2h", deal)
    assert (error.index, error.code) == (12, ACTION_ROB_NOT_ALLOWED)


# ---------------------------------------------------------------------------- over HTTP

def test_http_an_illegal_action_is_a_422_at_its_index(client):
    """漏胡 (seed 003 特殊規則): 「漏胡后必須吃、碰、杠、摸牌后才能解除漏胡」, through POST
    /replay."""
    response = client.post("/replay", json=body("qinzhou", 0, DEAL,
                                                OPEN + " 3D1p 3d1p 0D4p 0d4p 2h"))
    assert response.status_code == 422
    error = response.get_json()["errors"][0]
    assert (error["field"], error["code"]) == ("actions[9]", ACTION_WIN_LOCKED)


@pytest.mark.parametrize("case", ["horses", "yi_pao"])
def test_http_the_settle_request_settles_the_same(client, case):
    """奖马 (seed 003 3.2): 「只允許一家買馬，按胡牌者的順序」: the answer's ``settle_request``
    posted to /settle gives its ``settlement``'s deltas and ledger."""
    if case == "horses":
        request_ = body("qinzhou", 0, DEAL, HORSE_LOG, wall=HORSE_WALL + "3s7p1mW5s9m",
                        rules={"horse_count": 5})
    else:
        request_ = body("qinzhou", 0, MULTI_DEAL, MULTI_LOG + " 0h 3h",
                        horses="4m8m1m3m7m", rules={"horse_count": 5})
    response = client.post("/replay", json=request_)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer["status"] == "finished"
    settled = client.post("/settle", json=answer["settle_request"])
    assert settled.status_code == 200, settled.get_json()
    assert settled.get_json()["deltas"] == answer["settlement"]["deltas"]
    assert settled.get_json()["ledger"] == answer["settlement"]["ledger"]
    assert answer["settlement"]["deltas"] == ([-4, -4, 12, -4] if case == "horses"
                                              else [3, 0, -8, 5])
