"""RULINGS "Play rules (POST /replay)", Common: each rule played by a hand-worked log that
passes, and by one that breaks it at a known action (``IllegalAction.index`` / ``.code``).

The logs are xingguo's (and nanchang's where the two differ), jing 发 (``F``): 正精 发, 副精
白, held by nobody unless a test says so, so hands read plainly. Since nobody holds jing,
xingguo's wins are 德国 and 霸胡 (补充 8 "四家全无精"): each payer's share is doubled for
霸胡, then 德国 doubles it again and adds 5 for a responsible payer. The amounts are worked
out by hand from docs/rules/xingguo.md and seed 000's tables.
"""

from __future__ import annotations

from typing import Any

import pytest

from app.schemas import answers
from rules import places as at
from rules.errors import InvalidInput
from rules.play import FINISHED, IN_PROGRESS, IllegalAction, ReplayAnswer
from rules.tiles import parse_tiles
from tests.play.logs import body, deltas, facts, replay, request

XG = "xingguo"
NC = "nanchang"
FA = {"indicator": "F"}  # 正精 发, 副精 白: nobody holds either

# The common table (dealer seat 0). Seat 1 waits on 9m (123m 456p 789s 111s 9m); seats 0,
# 2 and 3 hold nothing near a win.
DEAL = ["1m5m8m9m2p3p9p9p2s4sEESC", "123m456p789s111s9m", "2m4m6m1p3p7p3s5s6sWWNC",
        "7m7m8m2p8p4s5s6s6sSNNC"]
WALL = "7m6m7p8s1p3m4m5m2s2p"

# Kongs: the dealer holds four 1m, seat 1 three 1s (one more 1s is in the walls below).
KONG_DEAL = ["1m1m1m1m5m8m2p3p9p9p2s4sES", "234m456p789s111s9m", "2m4m6m1p3p7p3s5s6sWWNC",
             "7m7m8m2p8p4s5s6s6sSNNC"]


# ---------------------------------------------------------------------------- helpers

def illegal(variant: str, dealer: int, deal: list[str], text: str, **more: Any) -> IllegalAction:
    """The IllegalAction the log raises (the test fails if it raises none)."""
    with pytest.raises(IllegalAction) as caught:
        replay(variant, dealer, deal, text, **more)
    return caught.value


def refused(error: IllegalAction) -> tuple[int, str]:
    return error.index, error.code






def legal(answer: ReplayAnswer, seat: int) -> list[dict[str, Any]]:
    assert answer.legal is not None
    return [answers.action(a) for a in answer.legal[seat]]


def tiles(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse_tiles(text)))




# ---------------------------------------------------------------------------- the deal

def test_deal_dealer_holds_14_and_acts_first():
    """The dealer holds 14 and discards first; the next seat draws (seed 003 基本規則 1
    "莊家的起張牌數為14張，閑家的起張牌數為13張"; 行牌規則 4 "由莊家開始出牌")."""
    start = replay(XG, 0, DEAL, "", jing=FA, wall=WALL)
    assert start.status == IN_PROGRESS and start.turn == 0
    assert start.seats is not None
    assert [len(s.concealed) for s in start.seats] == [14, 13, 13, 13]
    assert {a["type"] for a in legal(start, 0)} == {"discard"}
    assert [legal(start, s) for s in (1, 2, 3)] == [[], [], []]

    after = replay(XG, 0, DEAL, "0d1m", jing=FA, wall=WALL)
    assert after.status == IN_PROGRESS and after.turn == 1
    assert after.seats is not None and len(after.seats[0].concealed) == 13
    assert legal(after, 1) == [{"seat": 1, "type": "chow", "tiles": "123m"},
                               {"seat": 1, "type": "draw", "tile": "7m"}]
    assert legal(after, 0) == legal(after, 2) == legal(after, 3) == []

    # Seat 2 deals: it holds the 14 and the turn goes on to seat 3.
    rotated = [DEAL[2], DEAL[3], DEAL[0], DEAL[1]]
    assert replay(XG, 2, rotated, "2d1m", jing=FA, wall=WALL).turn == 3


def test_deal_wrong_count_is_invalid_input():
    """A deal other than 14 for the dealer and 13 for the others is refused, naming
    deal[i] (seed 003 基本規則 1 "莊家的起張牌數為14張，閑家的起張牌數為13張")."""
    deal = [DEAL[0][:-1], DEAL[1], DEAL[2], DEAL[3] + "C"]  # the dealer's C moved to seat 3
    with pytest.raises(InvalidInput) as caught:
        replay(XG, 0, deal, "0d1m", jing=FA, wall=WALL)
    errors = caught.value.errors
    assert [(e.place, e.code) for e in errors] == [
        (at.deal(0), "hand.wrong_tile_count"), (at.deal(3), "hand.wrong_tile_count")]
    # A non-dealer's 14 is wrong too when seat 1 deals.
    with pytest.raises(InvalidInput) as caught:
        replay(XG, 1, DEAL, "1d1m", jing=FA, wall=WALL)
    assert [e.place for e in caught.value.errors] == [at.deal(0), at.deal(1)]


def test_only_the_dealer_acts_first():
    """Nobody draws or discards before the dealer's first discard (seed 003 行牌規則 4
    "由莊家開始出牌")."""
    assert refused(illegal(XG, 0, DEAL, "1D", jing=FA, wall=WALL)) == (0, "action.not_your_turn")
    assert refused(illegal(XG, 0, DEAL, "1d9m", jing=FA, wall=WALL)) == (
        0, "action.not_your_turn")
    assert refused(illegal(XG, 0, DEAL, "0D", jing=FA, wall=WALL)) == (0, "action.not_your_turn")


# ---------------------------------------------------------------------------- turns

TURN = "0d1m 1D 1d7m 2D 2d6m 3D 3d7p 0D"


def test_turn_unclaimed_discard_next_seat_draws():
    """After a discard nobody claims, the next seat draws (seed 003 行牌規則 4 "無閑家吃碰杠，
    順位由下家抓、出牌")."""
    answer = replay(XG, 0, DEAL, TURN, jing=FA, wall=WALL)
    assert answer.status == IN_PROGRESS and answer.turn == 0
    assert answer.seats is not None
    assert [s.discards for s in answer.seats] == [tiles("1m"), tiles("7m"), tiles("6m"),
                                                  tiles("7p")]
    assert answer.seats[0].concealed == tiles("5m8m9m2p3p9p9p2s4s8sEESC")  # drew 8s
    assert {a["type"] for a in legal(answer, 0)} == {"discard"}


@pytest.mark.parametrize(("text", "index"), [
    ("0d1m 2D", 1),  # seat 2 draws before seat 1
    ("0d1m 0d5m", 1),  # the dealer discards twice
    ("0d1m 1D 1d7m 1D", 3),  # seat 1 draws again
    ("0d1m 1D 3d8m", 2),  # seat 3 discards while seat 1 holds 14
])
def test_turn_out_of_turn(text, index):
    """An action out of turn (seed 003 行牌規則 4 "順位由下家抓、出牌")."""
    assert refused(illegal(XG, 0, DEAL, text, jing=FA, wall=WALL)) == (
        index, "action.not_your_turn")


def test_turn_after_a_pung_the_claimer_discards_without_drawing():
    """A pung passes the turn to the claimer, who discards without drawing; then the seat
    after it draws (seed 000 四.2 "可碰任何一家"; 003 行牌規則 4)."""
    answer = replay(XG, 0, DEAL, "0d1m 1D 1d7m 3p7m 3dC 0D", jing=FA, wall=WALL)
    assert answer.status == IN_PROGRESS and answer.turn == 0
    assert answer.seats is not None
    melds = [answers.meld(m) for m in answer.seats[3].melds]
    assert melds == [{"type": "pung", "tiles": "777m", "from": 1, "claimed": "7m",
                      "claim_order": 0}]
    assert answer.seats[3].discards == tiles("C")
    assert answer.seats[1].discards == ()  # its 7m was claimed
    assert answer.seats[0].concealed == tiles("5m8m9m2p3p9p9p2s4s6mEESC")  # drew the 6m

    # The claimer does not draw; nor does the seat the pung skipped.
    assert refused(illegal(XG, 0, DEAL, "0d1m 1D 1d7m 3p7m 3D", jing=FA, wall=WALL)) == (
        4, "action.not_your_turn")
    assert refused(illegal(XG, 0, DEAL, "0d1m 1D 1d7m 3p7m 2D", jing=FA, wall=WALL)) == (
        4, "action.not_your_turn")


KONG_WALL = "3mW1s6m7p8p9s"
KONGS = "0x1m 0D 0d5m 1D 1d3m 2D 2dW 3D 3d1s 1k1s 1D 1d9m"


def test_turn_after_a_kong_its_owner_draws_from_the_tail():
    """After any kong its owner draws the wall's last tile, then discards (seed 000 补充 4
    "碰杠、暗杠、补杠后，补牌从最后牌补起"; 003 行牌規則 5 "由城墻未抓牌的尾端補牌")."""
    answer = replay(XG, 0, KONG_DEAL, KONGS, jing=FA, wall=KONG_WALL)
    assert answer.status == IN_PROGRESS and answer.turn == 2
    assert answer.seats is not None
    # The dealer's concealed kong drew the 9s (the wall's last), seat 1's kong of seat 3's
    # 1s the 8p (the last after it); the ordinary draws took the 3m, W, 1s from the head.
    assert answer.seats[0].concealed == tiles("8m2p3p9p9p2s4s9sES")
    assert answer.seats[1].concealed == tiles("234m456p8p789s")
    assert [answers.meld(m) for m in answer.seats[0].melds] == [
        {"type": "concealed_kong", "tiles": "1111m"}]
    assert [answers.meld(m) for m in answer.seats[1].melds] == [
        {"type": "kong", "tiles": "1111s", "from": 3, "claimed": "1s", "claim_order": 0}]
    assert legal(answer, 2) == [{"seat": 2, "type": "draw", "tile": "6m"}]


@pytest.mark.parametrize(("text", "index", "code"), [
    ("0x1m 1D", 1, "action.not_your_turn"),  # another seat draws the replacement
    ("0x1m 0d5m", 1, "action.not_your_turn"),  # the owner discards before its replacement
    ("0x1m 0D3m", 1, "action.wrong_draw"),  # the replacement is the last tile, not the first
    ("0x1m 0D 0d5m 1D 1d3m 2D 2dW 3D 3d1s 1k1s 2D", 10, "action.not_your_turn"),
    ("0x1m 0D 0d5m 1D 1d3m 2D 2dW 3D 3d1s 1k1s 1D 2D", 11, "action.not_your_turn"),
])
def test_turn_after_a_kong_broken(text, index, code):
    """Only the kong's owner draws, and only from the tail (seed 000 补充 4 "补牌从最后牌补起")."""
    error = illegal(XG, 0, KONG_DEAL, text, jing=FA, wall=KONG_WALL)
    assert refused(error) == (index, code)


# ---------------------------------------------------------------------------- the wall

def test_draws_are_checked_against_the_wall():
    """With a wall every draw is its next tile: an ordinary draw the first left, a kong's
    replacement the last (seed 003 行牌規則 3 "由莊家開始抓起"; 5 "由城墻未抓牌的尾端補牌")."""
    named = replay(XG, 0, DEAL, "0d1m 1D7m 1d7m 2D6m", jing=FA, wall=WALL)
    assert named.status == IN_PROGRESS and named.turn == 2
    assert named.seats is not None and named.seats[2].concealed == tiles(
        "2m4m6m6m1p3p7p3s5s6sWWNC")
    error = illegal(XG, 0, DEAL, "0d1m 1D3m", jing=FA, wall=WALL)
    assert refused(error) == (1, "action.wrong_draw")
    assert "7m" in str(error)  # the message names the tile that was due
    replacement = illegal(XG, 0, KONG_DEAL, "0x1m 0D3m", jing=FA, wall=KONG_WALL)
    assert refused(replacement) == (1, "action.wrong_draw")
    assert replay(XG, 0, KONG_DEAL, "0x1m 0D9s", jing=FA, wall=KONG_WALL).turn == 0


def test_without_a_wall_a_draw_names_its_tile():
    """Without ``wall`` (``wall_size`` only) a draw must name its tile: action.tile_required
    (seed 003 行牌規則 3 "由莊家開始抓起")."""
    answer = replay(XG, 0, DEAL, "0d1m 1D4p", jing=FA, wall_size=20)
    assert answer.seats is not None and answer.seats[1].concealed == tiles(
        "123m44p56p789s111s9m")
    assert refused(illegal(XG, 0, DEAL, "0d1m 1D", jing=FA, wall_size=20)) == (
        1, "action.tile_required")


def test_a_fifth_copy_cannot_be_drawn():
    """At most 4 of a tile, counting an indicator taken out of play (RULINGS Common "At most
    4 of any tile … and any indicator that the variant takes out of play"; seed 000 二
    "一副牌里有7张精，翻开的那张不算")."""
    # The dealer holds all four 1m.
    assert refused(illegal(XG, 0, KONG_DEAL, "0d5m 1D1m", jing=FA, wall_size=20)) == (
        1, "action.tile_unavailable")
    assert replay(XG, 0, KONG_DEAL, "0d5m 1D1s", jing=FA, wall_size=20).turn == 1
    # Three N are dealt. xingguo's indicator N is out of play: no fourth N to draw.
    north = {"indicator": "N"}
    assert refused(illegal(XG, 0, DEAL, "0d1m 1DN", jing=north, wall_size=20)) == (
        1, "action.tile_unavailable")
    # nanchang's indicator stays in the wall (seed 002 精牌介绍 1): the fourth N is drawn.
    drawn = replay(NC, 0, DEAL, "0d1m 1DN", jing=north, wall_size=20)
    assert drawn.seats is not None and drawn.seats[1].concealed.count(parse_tiles("N")[0]) == 1
    # With a wall, a fourth N in it is a set-up that cannot be (xingguo): a 422 before play.
    with pytest.raises(InvalidInput) as caught:
        replay(XG, 0, DEAL, "0d1m", jing=north, wall="3mN")
    assert [e.code for e in caught.value.errors] == ["tile.too_many_copies"]
    assert replay(NC, 0, DEAL, "0d1m 1D 1dN", jing=north, wall="N3m").turn == 2


def test_discard_a_tile_not_held():
    """A seat discards only what it holds (seed 003 行牌規則 4 "由莊家開始出牌")."""
    assert refused(illegal(XG, 0, DEAL, "0d7m", jing=FA, wall=WALL)) == (
        0, "action.tile_not_held")
    assert refused(illegal(XG, 0, DEAL, "0d1m 1D 1d6m", jing=FA, wall=WALL)) == (
        2, "action.tile_not_held")


# ---------------------------------------------------------------------------- claims

def test_chow_only_by_the_next_seat():
    """Seat 1 chows the dealer's 1m; seat 2 may not chow the dealer's 5m, nor the dealer
    seat 2's 1p (seed 000 四.2 "可吃上家，可碰任何一家"; 003 基本規則 2 "只有下家有權利吃牌")."""
    answer = replay(XG, 0, DEAL, "0d1m 1c123m 1d9m", jing=FA, wall=WALL)
    assert answer.status == IN_PROGRESS and answer.turn == 2
    assert answer.seats is not None
    assert [answers.meld(m) for m in answer.seats[1].melds] == [
        {"type": "chow", "tiles": "123m", "from": 0, "claimed": "1m", "claim_order": 0}]
    assert answer.seats[1].concealed == tiles("1m456p789s111s")  # its own 1m stays
    assert refused(illegal(XG, 0, DEAL, "0d5m 2c456m", jing=FA, wall=WALL)) == (
        1, "action.chow_not_next")
    assert refused(illegal(XG, 0, DEAL, "0d5m 1D 1d7m 2D 2d1p 0c123p", jing=FA,
                           wall=WALL)) == (5, "action.chow_not_next")


@pytest.mark.parametrize(("chow", "code"), [
    ("1c234m", "action.bad_meld"),  # does not hold the discard 1m
    ("1c124m", "action.bad_meld"),  # not a run
    ("1c12mP", "action.bad_meld"),  # 白 (副精) is not wild in a chow
])
def test_chow_must_be_a_run_holding_the_discard(chow, code):
    """A chow is three tiles in a run holding the discard, each read as itself: a jing is
    never wild in a chow (seed 002 精牌介绍 1 "可以代替任何一张牌（杠除外）", 2 "当精被
    打出时候，只能作为本张的含义解释")."""
    deal = [DEAL[0], "123m456p789s111sP", DEAL[2], DEAL[3]]  # seat 1's 9m is a 白 here
    assert refused(illegal(XG, 0, deal, f"0d1m {chow}", jing=FA, wall=WALL)) == (1, code)


def test_chow_of_jing_read_as_themselves():
    """Jing 2m: 正精 2m, 副精 3m. Seat 1 chows the 1m with its 2m 3m read as themselves
    (seed 002 精牌介绍 2 "精也可以被打出，可以参与吃碰杠")."""
    answer = replay(XG, 0, DEAL, "0d1m 1c123m", jing={"indicator": "2m"}, wall=WALL)
    assert answer.status == IN_PROGRESS and answer.turn == 1
    assert answer.seats is not None
    assert [answers.meld(m) for m in answer.seats[1].melds] == [
        {"type": "chow", "tiles": "123m", "from": 0, "claimed": "1m", "claim_order": 0}]


# Seat 2 waits on 1m / 4m (23m 678p 345s WWW NN) while seat 1 could chow the 1m.
PRIORITY_DEAL = [DEAL[0], DEAL[1], "23m678p345sWWWNN", "7m7m8m2p8p4s5s6s6sSNNC"]


def test_priority_a_won_discard_is_not_claimed():
    """Seat 2 wins on the dealer's 1m; seat 1's chow and seat 3's pung come too late: 胡
    before 碰/杠 before 吃 (seed 003 基本規則 2 "優先級：胡> 碰、杠> 吃")."""
    won = replay(XG, 0, PRIORITY_DEAL, "0d1m 2h", jing=FA, wall=WALL)
    assert request(won)["result"]["winners"] == [2]
    assert replay(XG, 0, PRIORITY_DEAL, "0d1m 1c123m", jing=FA, wall=WALL).turn == 1
    for claim in ("1c123m", "3p1m", "3k1m"):
        error = illegal(XG, 0, PRIORITY_DEAL, f"0d1m 2h {claim}", jing=FA, wall=WALL)
        assert refused(error) == (2, "action.claim_after_win")


def test_no_claim_of_ones_own_discard_and_a_pung_needs_a_pair():
    """Pung and kong take another seat's discard with a pair (a triple) from the hand
    (seed 000 四.2 "可碰任何一家")."""
    assert refused(illegal(XG, 0, DEAL, "0d9p 0p9p", jing=FA, wall=WALL)) == (
        1, "action.no_claim")
    assert refused(illegal(XG, 0, DEAL, "0d1m 2p1m", jing=FA, wall=WALL)) == (
        1, "action.tile_not_held")
    assert refused(illegal(XG, 0, DEAL, "0d1m 1D 1d7m 3k7m", jing=FA, wall=WALL)) == (
        3, "action.tile_not_held")
    # A pung names the open discard, if it names a tile at all.
    assert refused(illegal(XG, 0, DEAL, "0d1m 1D 1d7m 3p8m", jing=FA, wall=WALL)) == (
        3, "action.bad_meld")


# ---------------------------------------------------------------------------- kongs from hand

def test_concealed_kong_on_own_turn_after_a_draw():
    """The dealer may declare a concealed kong before its first discard; a seat after its
    draw (seed 000 补充 4 "碰杠、暗杠、补杠后，补牌从最后牌补起")."""
    dealer = replay(XG, 0, KONG_DEAL, "0x1m 0D 0d5m", jing=FA, wall=KONG_WALL)
    assert dealer.status == IN_PROGRESS and dealer.turn == 1
    drew = replay(XG, 0, KONG_DEAL, "0d5m 1D 1x1s 1D 1d9m", jing=FA, wall="1s3m6m7p9s")
    assert drew.status == IN_PROGRESS and drew.turn == 2
    assert drew.seats is not None
    assert [answers.meld(m) for m in drew.seats[1].melds] == [
        {"type": "concealed_kong", "tiles": "1111s"}]
    assert drew.seats[1].concealed == tiles("234m456p789s9s")  # the 9s from the tail


PUNG_WALL = "9p3m6m7p4p6p8s"


def test_no_kong_from_hand_right_after_a_claim():
    """A concealed or added kong follows a draw, never a chow or pung: the claimer discards
    (seed 000 补充 4 "碰杠、暗杠、补杠后，补牌从最后牌补起"; 003 行牌規則 4)."""
    # The dealer pungs seat 1's 9p and may not then kong its four 1m...
    error = illegal(XG, 0, KONG_DEAL, "0d5m 1D 1d9p 0p9p 0x1m", jing=FA, wall=PUNG_WALL)
    assert refused(error) == (4, "action.kong_not_allowed")
    # ... but may after its next draw.
    later = replay(XG, 0, KONG_DEAL, "0d5m 1D 1d9p 0p9p 0d8m 1D 1d3m 2D 2d6m 3D 3d7p 0D "
                   "0x1m 0D 0d4p", jing=FA, wall=PUNG_WALL)
    assert later.status == IN_PROGRESS and later.turn == 1
    assert later.seats is not None
    assert [m["type"] for m in map(answers.meld, later.seats[0].melds)] == [
        "pung", "concealed_kong"]
    # Nor after a chow: the dealer chows seat 3's 4p.
    error = illegal(XG, 0, KONG_DEAL, "0d5m 1D 1d3m 2D 2dW 3D 3d4p 0c234p 0x1m", jing=FA,
                    wall="3mW4p6m")
    assert refused(error) == (8, "action.kong_not_allowed")
    # Seat 1 pungs seat 3's 1s with three in hand: it may not add the fourth at once.
    error = illegal(XG, 0, KONG_DEAL, "0d5m 1D 1d3m 2D 2dW 3D 3d1s 1p1s 1a1s", jing=FA,
                    wall="3mW1s6m7p8p9s")
    assert refused(error) == (8, "action.kong_not_allowed")
    # Nor declare a kong out of turn.
    assert refused(illegal(XG, 0, KONG_DEAL, "0d5m 1D 0x1m", jing=FA, wall=PUNG_WALL)) == (
        2, "action.not_your_turn")


def test_a_kong_needs_a_replacement_tile():
    """Once the wall is empty no kong can be declared: its replacement is missing (seed 000
    E组 5 "暗杠、碰杠、补杠（要补最后一牌）")."""
    log = "0d5m 1D 1d3m 2D 2d1p 3D 3d4p 0D"
    wall = "3m1p4p6m"
    error = illegal(XG, 0, KONG_DEAL, f"{log} 0x1m", jing=FA, wall=wall)
    assert refused(error) == (8, "action.wall_empty")
    drawn = replay(XG, 0, KONG_DEAL, f"{log} 0d6m", jing=FA, wall=wall)
    assert drawn.status == FINISHED and request(drawn)["result"] == {"winners": []}


# ---------------------------------------------------------------------------- melds' order

# Seat 1 pungs seat 3's 1s (claim 0), chows the dealer's 4m (claim 1), then adds its held
# 1s to the pung (not the 9m it just drew) and wins on the replacement 9m.
ORDER_DEAL = ["4m5m8m2p3p9p9p2s4sECCNN", "1s1s1s2m3m4p5p6p7s8s9sES", "2m4m6m1p3p7p3s5s6sWWNC",
              "7m7m8m2p8p4s5s6s6sSSWE"]
ORDER_WALL = "1p3m1s5p6p7p2s3s4p9m5s9m"
ORDER = ("0d5m 1D 1dE 2D 2d3m 3D 3d1s 1p1s 1dS 2D 2d5p 3D 3d6p 0D 0d4m 1c234m 1d1p 2D 2d2s "
         "3D 3d3s 0D 0d4p 1D 1a1s 1D 1h")


def test_added_kong_stands_where_it_was_extended_and_keeps_its_claim_order():
    """An added kong is listed after the melds made before it was extended and keeps its
    pung's claim_order; the last kong listed is the one the kong_replacement win follows
    (RULINGS "Play rules": melds in the order each reached its final form; seed 000 补充 4
    "碰杠、暗杠、补杠后，补牌从最后牌补起")."""
    answer = replay(XG, 0, ORDER_DEAL, ORDER, jing=FA, wall=ORDER_WALL)
    body_ = request(answer)
    seat1 = body_["players"][1]
    assert seat1["hand"] == "99m456p789s"
    assert seat1["melds"] == [
        {"type": "chow", "tiles": "234m", "from": 0, "claimed": "4m", "claim_order": 1},
        {"type": "added_kong", "tiles": "1111s", "from": 3, "claimed": "1s", "claim_order": 0}]
    assert body_["result"] == {"winners": [1], "win_tile": "9m", "win_type": "kong_replacement",
                               "flags": {"kong_chain": 1}}
    # 杠上花 ×2, 自摸 ×2, 霸胡 ×2 (and the dealer ×2), then 德国 2x + 5 from each: the
    # dealer 16 → 37, the others 8 → 21; the added kong takes 2 from each (E组 5).
    assert deltas(answer) == [-39, 85, -23, -23]


def test_added_kong_only_on_an_exposed_pung():
    """An added kong extends one of the seat's exposed pungs: seat 1's three 1s in hand are
    no pung (seed 000 E组 5 "暗杠、碰杠、补杠（要补最后一牌）")."""
    error = illegal(XG, 0, ORDER_DEAL, "0d5m 1D 1a1s", jing=FA, wall=ORDER_WALL)
    assert refused(error) == (2, "action.bad_meld")


# ---------------------------------------------------------------------------- robbing a kong

# Seat 1 waits on 6p / 9p (123m 78p 789s 111s 55m). The dealer pungs seat 3's 9p and later
# adds the fourth, drawn: seat 1 robs it.
ROB_DEAL = [DEAL[0], "123m78p789s111s5m5m", "2m4m6m1p3p7p3s5s6sWWNC", "7m7m8m2p8p4s5s6s6sSNNC"]
ROB_WALL = "3m4m9p1p2s3s9p6m"
ROB = "0d1m 1D 1d3m 2D 2d4m 3D 3d9p 0p9p 0dC 1D 1d1p 2D 2d2s 3D 3d3s 0D 0a9p"


@pytest.mark.parametrize(("variant", "expected"), [
    # As seat 1's self-draw ×2 (抢杠), ×2 霸胡: the dealer's share 16 → 37, the others' 8 →
    # 21; all three shares (79) from the robbed dealer. The robbed kong scores nothing.
    (XG, [-79, 79, 0, 0]),
    # nanchang 德中德: the dealer's share 4 × 2 × 2 × 2 = 32 → 133, the others' 16 → 69.
    (NC, [-271, 271, 0, 0]),
])
def test_robbing_an_added_kong(variant, expected):
    """Seat 1 robs the dealer's added 9p: the robbed kong stands as a pung, the robbed
    player pays the whole win (seed 000 E组 "抢杠：胡家按正常胡 X2 德国抢奖5不翻倍, 补杠家包付";
    002 胡牌方式 3 "抢杠只能发生在加杠动作中"; 胡牌分 4 "抢杠：X2。可视作自摸")."""
    answer = replay(variant, 0, ROB_DEAL, f"{ROB} 1h", jing=FA, wall=ROB_WALL)
    body_ = request(answer)
    assert body_["result"] == {"winners": [1], "win_tile": "9p", "win_type": "rob_kong",
                               "discarder": 0}
    assert body_["players"][0]["melds"] == [
        {"type": "pung", "tiles": "999p", "from": 3, "claimed": "9p", "claim_order": 0}]
    assert (17, "robbed_kong", 1) in facts(answer)
    assert deltas(answer) == expected
    # Nobody robs: the dealer draws its replacement, the kong stands.
    stood = replay(variant, 0, ROB_DEAL, f"{ROB} 0D", jing=FA, wall=ROB_WALL)
    assert stood.seats is not None
    assert [answers.meld(m) for m in stood.seats[0].melds] == [
        {"type": "added_kong", "tiles": "9999p", "from": 3, "claimed": "9p", "claim_order": 0}]


def test_only_an_added_kong_is_robbed():
    """A concealed kong, or a kong claimed from a discard, cannot be robbed (seed 002 胡牌方式
    3 "抢杠只能发生在加杠动作中，暗杠明杠不算"; 004 七.7 "暗杠不可抢杠和；暗刻开明杠，
    不算抢杠和")."""
    concealed = illegal(XG, 0, KONG_DEAL, "0x1m 1h", jing=FA, wall=KONG_WALL)
    assert refused(concealed) == (1, "action.rob_not_allowed")
    claimed = illegal(XG, 0, KONG_DEAL, "0x1m 0D 0d5m 1D 1d3m 2D 2dW 3D 3d1s 1k1s 2h",
                      jing=FA, wall=KONG_WALL)
    assert refused(claimed) == (10, "action.rob_not_allowed")
    # nanchang the same.
    assert refused(illegal(NC, 0, KONG_DEAL, "0x1m 3h", jing=FA, wall=KONG_WALL)) == (
        1, "action.rob_not_allowed")


# ---------------------------------------------------------------------------- one winner

# Seats 1 (123m 456p 789s 111s 9m) and 2 (78m 678p 345s WWW NN) both wait on 9m.
TWO_DEAL = [DEAL[0], DEAL[1], "78m678p345sWWWNN", "7m7m8m2p8p4s5s6s6sSNNC"]
TWO_WALL = "3m1p9m4m5m"
TO_NINE = "0d1m 1D 1d3m 2D 2d1p 3D 3d9m"


@pytest.mark.parametrize("variant", [XG, NC])
def test_one_winner_a_later_seat_wins_when_an_earlier_passes(variant):
    """Seat 3's 9m: seat 1 could win and passes, seat 2 takes it (seed 000 四.4 "同一轮中
    点炮胡牌：胡前不胡后"; 补充 1 "点炮时胡牌，胡前不胡后，不管胡法大小或庄家闲家")."""
    answer = replay(variant, 0, TWO_DEAL, f"{TO_NINE} 2h", jing=FA, wall=TWO_WALL)
    assert request(answer)["result"] == {"winners": [2], "win_tile": "9m",
                                         "win_type": "discard", "discarder": 3}
    if variant == XG:
        # 闲家点闲家德国平胡 (A组 10 "4+9+2=15"), ×2 霸胡: the dealer 8, the discarder 13,
        # seat 1 4.
        assert deltas(answer) == [-8, -4, 25, -13]
    else:
        # nanchang 德中德 (nobody else holds jing): 4 × 2 庄家 = 8 → 8 × 4 = 32 from the
        # dealer, 4 × 2 点炮 = 8 → 8 × 4 + 5 = 37 from the discarder, 4 × 4 = 16 from seat 1.
        assert deltas(answer) == [-32, -16, 85, -37]


@pytest.mark.parametrize("variant", [XG, NC])
def test_one_winner_a_second_win_is_illegal(variant):
    """One winner per discard: xingguo's seed says so (seed 000 补充 1 "点炮时胡牌，胡前不胡后");
    nanchang's has no such line, so its error says the rule is the common ruling rather than
    quote seed 000."""
    error = illegal(variant, 0, TWO_DEAL, f"{TO_NINE} 1h 2h", jing=FA, wall=TWO_WALL)
    assert refused(error) == (8, "action.second_winner")
    if variant == XG:
        assert "seed 000 四.4: 同一轮中点炮胡牌：胡前不胡后" in str(error)
    else:
        assert str(error).endswith("(one winner on a discard; common ruling)")


# ---------------------------------------------------------------------------- the last tile

LAST_WALL = "3m1p5m4m"
TO_LAST = "0d1m 1D 1d3m 2D 2d1p 3D 3d5m 0D"  # the dealer draws the wall's last tile, a 4m


@pytest.mark.parametrize("variant", [XG, NC])
def test_last_tile_drawer_discards_and_the_round_is_drawn(variant):
    """The last drawer discards; nobody wins it: a drawn round (seed 000 四.7 "和牌：摸牌到翻精处
    无人胡牌，则称和牌，此局全作废"; 002 简介 "黄庄时计和局")."""
    answer = replay(variant, 0, DEAL, f"{TO_LAST} 0dE", jing=FA, wall=LAST_WALL)
    assert answer.status == FINISHED
    assert (8, "drawn_round", None) in facts(answer)
    body_ = request(answer)
    assert body_["result"] == {"winners": []}
    assert body_["players"][0]["discards"] == "1mE"  # the last discard, won by nobody
    assert deltas(answer) == [0, 0, 0, 0]


@pytest.mark.parametrize(("claim", "code"), [
    ("1c234m", "action.no_claim"),  # seat 1 holds 2m 3m, but only a win may take it
    ("1D", "action.after_end"),  # nothing to draw: the round is drawn unless a win takes it
])
def test_last_tile_only_a_win_claims_the_last_discard(claim, code):
    """Only a win may take the wall's last discard (seed 000 四.7 "和牌：摸牌到翻精处无人胡牌")."""
    error = illegal(XG, 0, DEAL, f"{TO_LAST} 0d4m {claim}", jing=FA, wall=LAST_WALL)
    assert refused(error) == (9, code)
    assert replay(XG, 0, DEAL, f"{TO_LAST} 0d4m 1c234m", jing=FA,
                  wall=LAST_WALL + "6m").turn == 1


def test_last_tile_a_pung_is_refused():
    """Seat 3 holds N N and seat 2 discards N after drawing the wall's last tile: no pung,
    and no draw either (seed 000 四.7 "和牌：摸牌到翻精处无人胡牌")."""
    text = "0d1m 1D 1d3m 2D 2dN"  # seat 2 drew the last tile (1p)
    assert refused(illegal(XG, 0, DEAL, f"{text} 3pN", jing=FA, wall="3m1p")) == (
        5, "action.no_claim")
    assert refused(illegal(XG, 0, DEAL, f"{text} 3kN", jing=FA, wall="3m1p")) == (
        5, "action.no_claim")
    assert refused(illegal(XG, 0, DEAL, f"{text} 3D", jing=FA, wall="3m1p")) == (
        5, "action.after_end")
    assert replay(XG, 0, DEAL, f"{text} 3pN", jing=FA, wall="3m1p8s").turn == 3


def test_last_tile_taken_by_a_kong_replacement():
    """A kong's replacement may take the wall's last tile; its owner discards, only a win
    may take that discard, and the round is drawn (RULINGS "Play rules": "whether an
    ordinary draw or a kong's replacement takes it"; seed 000 四.7 "和牌")."""
    text = "0d5m 1D 1d3m 2D 2d1p 3D 3d4p 0D 0x1m 0D"
    wall = "3m1p4p6m9s"
    answer = replay(XG, 0, KONG_DEAL, f"{text} 0dE", jing=FA, wall=wall)
    assert [(i, c) for i, c, _ in facts(answer)] == [(9, "last_tile"), (10, "drawn_round")]
    assert request(answer)["result"] == {"winners": []}
    assert refused(illegal(XG, 0, KONG_DEAL, f"{text} 0d9p 1D", jing=FA, wall=wall)) == (
        11, "action.after_end")
    assert refused(illegal(XG, 0, KONG_DEAL, f"{text} 0d9s 1c789s", jing=FA, wall=wall)) == (
        11, "action.no_claim")


@pytest.mark.parametrize("variant", [XG, NC])
def test_last_tile_won_carries_no_last_tile_flag(variant):
    """A win on the last discard, or a self-draw of the last tile, is an ordinary win in the
    Jiangxi variants: no 海底 pattern, no ``last_tile`` (RULINGS "Play rules", the last tile)."""
    on_discard = replay(variant, 0, DEAL, "0d1m 1D 1d3m 2D 2d9m 1h", jing=FA, wall="3m9m")
    assert request(on_discard)["result"] == {"winners": [1], "win_tile": "9m",
                                             "win_type": "discard", "discarder": 2}
    drawn = replay(variant, 0, DEAL, f"{TO_LAST} 0d4m 1D 1h", jing=FA, wall=LAST_WALL + "9m")
    assert request(drawn)["result"] == {"winners": [1], "win_tile": "9m",
                                        "win_type": "self_draw"}
    if variant == XG:
        # 闲家点闲家 ×2 霸胡: 8 + 13 + 4; 闲家德国自摸 ×2 霸胡: 21 + 13 + 13.
        assert deltas(on_discard) == [-8, 25, -13, -4]
        assert deltas(drawn) == [-21, 47, -13, -13]
    else:
        # 德中德: the dealer 4 × 2 = 8 → 32, the discarder 8 → 37, seat 3 4 → 16; the
        # self-draw: the dealer 4 × 2 × 2 = 16 → 69, the others 8 → 37.
        assert deltas(on_discard) == [-32, 85, -37, -16]
        assert deltas(drawn) == [-69, 143, -37, -37]


# ---------------------------------------------------------------------------- 天胡 / 地胡

OTHERS = ["2m4m6m1p3p7p3s5s6sWWNC", "7m7m8m2p8p4s5s6s6sSNNC", "5m6m8m2p3p9p9p2s4sEESC"]
HEAVENLY_DEAL = ["123m456p789s111s99m", *OTHERS]


def test_heavenly_the_dealer_wins_on_its_dealt_tiles():
    """天胡: the dealer's dealt 14 win before any other action; no win_tile (seed 002 胡牌方式 4
    "天胡：庄家的起手牌，即为胡牌牌形"; 000 E组 2 "普通天胡、地胡：20+20+20=60")."""
    answer = replay(XG, 0, HEAVENLY_DEAL, "0h", jing=FA, wall=WALL)
    assert facts(answer) == [(0, "heavenly", 0)]
    assert request(answer)["result"] == {"winners": [0], "win_type": "self_draw",
                                         "flags": {"heavenly": True}}
    assert deltas(answer) == [60, -20, -20, -20]
    # Anyone else's win there is no win at all: nothing is offered to it.
    assert refused(illegal(XG, 0, HEAVENLY_DEAL, "1h", jing=FA, wall=WALL)) == (
        0, "action.nothing_to_win")


def test_heavenly_not_after_a_concealed_kong():
    """After a concealed kong the dealer's win is on its replacement: kong_replacement, no
    天胡 (seed 004 七.8 "如果庄家在发完牌后有暗杠，那么不算天和")."""
    deal = ["1111m456p789s111s9m", *OTHERS]
    answer = replay(XG, 0, deal, "0x1m 0D 0h", jing=FA, wall="3m9m")
    assert request(answer)["result"] == {"winners": [0], "win_tile": "9m",
                                         "win_type": "kong_replacement",
                                         "flags": {"kong_chain": 1}}
    assert "heavenly" not in [code for _, code, _ in facts(answer)]
    # 杠上花 ×2 × 自摸 2 × 庄家 2 × 霸胡 2 = 16 → 德国 37 from each, and the kong's 2.
    assert deltas(answer) == [117, -39, -39, -39]
    assert refused(illegal(XG, 0, deal, "0x1m 0h", jing=FA, wall="3m9m")) == (
        1, "action.nothing_to_win")


@pytest.mark.parametrize("variant", [XG, NC])
def test_earthly_a_win_on_the_dealers_first_discard(variant):
    """地胡: seat 1 wins on the dealer's first discard: 20 from each, no other factor (seed
    002 胡牌方式 5 "地胡：庄家打出第一张牌，就有人胡牌"; 000 E组 2 "普通天胡、地胡：
    20+20+20=60")."""
    answer = replay(variant, 0, DEAL, "0d9m 1h", jing=FA, wall=WALL)
    assert facts(answer) == [(1, "earthly", 1)]
    assert request(answer)["result"] == {"winners": [1], "win_tile": "9m",
                                         "win_type": "discard", "discarder": 0,
                                         "flags": {"earthly": True}}
    assert deltas(answer) == [-20, 60, -20, -20]


def test_earthly_not_on_a_later_discard():
    """The dealer's second discard is not its first: an ordinary win (庄家点闲家德国平胡,
    A组 8 "13+2+2=17", ×2 霸胡: 21 + 4 + 4)."""
    answer = replay(XG, 0, DEAL, f"{TO_LAST} 0d9m 1h", jing=FA, wall=LAST_WALL + "6m")
    assert request(answer)["result"] == {"winners": [1], "win_tile": "9m",
                                         "win_type": "discard", "discarder": 0}
    assert deltas(answer) == [-21, 29, -4, -4]
    # The dealer cannot win on its own discard.
    assert refused(illegal(XG, 0, DEAL, "0d9m 0h", jing=FA, wall=WALL)) == (
        1, "action.nothing_to_win")


def test_earthly_after_the_dealers_concealed_kong():
    """RULINGS: xingguo/nanchang 地胡 is "a win on the dealer's first discard" (seed 002 胡牌方式
    5 "庄家打出第一张牌，就有人胡牌"); the dealer's concealed kong before it changes nothing."""
    deal = ["1111m5m9m2p3p9p9p2s4sES", *KONG_DEAL[1:]]
    answer = replay(XG, 0, deal, "0x1m 0D 0d9m 1h", jing=FA, wall="3m9s")
    assert request(answer)["result"] == {"winners": [1], "win_tile": "9m",
                                         "win_type": "discard", "discarder": 0,
                                         "flags": {"earthly": True}}
    # 20 from each, and the dealer's concealed kong 2 from each.
    assert deltas(answer) == [-14, 58, -22, -22]


# ---------------------------------------------------------------------------- kong chains

# The dealer: 1111m 999p 456p 789s 2s; its kongs' replacements are the 9p, then the 2s.
CHAIN_DEAL = ["1111m999p456p789s2s", "2m4m6m1p3p7p3s5s6sWWNC", "7m7m8m2p8p4s5s6s6sSNNC",
              "23m5m8m2p3p2s4sEESCC"]


@pytest.mark.parametrize(("variant", "expected"), [
    # 1 × 4 (two kongs) × 2 自摸 × 2 庄家 × 2 霸胡 = 32 → 德国 69 from each, and 2 × 2 for
    # the two concealed kongs.
    (XG, [219, -73, -73, -73]),
    # nanchang 杠开 ×2 once (its default): 4 × 2 × 2 自摸 × 2 庄家 = 32 → 德中德 133, and
    # 2 × 2 for the concealed kongs.
    (NC, [411, -137, -137, -137]),
])
def test_kong_chain_two_kongs_in_a_row(variant, expected):
    """Two kongs in a row, each on the last one's replacement, then a win on the second's
    replacement: kong_chain 2, ×2 per kong in xingguo (seed 000 补充 10 "杠吊杠吊翻4倍，如果再
    杠吊翻8倍"); nanchang's 杠开 is ×2 (seed 002 胡牌分 5 "杠开（杠上开花）：X2")."""
    answer = replay(variant, 0, CHAIN_DEAL, "0x1m 0D 0x9p 0D 0h", jing=FA, wall="3m6m2s9p")
    assert (4, "kong_chain", 0) in facts(answer)
    assert request(answer)["result"] == {"winners": [0], "win_tile": "2s",
                                         "win_type": "kong_replacement",
                                         "flags": {"kong_chain": 2}}
    assert deltas(answer) == expected


def test_kong_chain_is_broken_by_a_discard():
    """A kong, a discard, later another kong and a win on its replacement: kong_chain 1
    (seed 000 补充 10: the chain is of kongs in a row)."""
    text = "0x1m 0D 0d3m 1D 1d6m 2D 2d7p 3D 3d4m 0D 0x9p 0D 0h"
    answer = replay(XG, 0, CHAIN_DEAL, text, jing=FA, wall="6m7p4m9p5p2s3m")
    assert request(answer)["result"]["flags"] == {"kong_chain": 1}
    assert "kong_chain" not in [code for _, code, _ in facts(answer)]
    # The win needs the replacement first.
    assert refused(illegal(XG, 0, CHAIN_DEAL, "0x1m 0D 0x9p 0h", jing=FA,
                           wall="3m6m2s9p")) == (3, "action.nothing_to_win")


# ---------------------------------------------------------------------------- in progress

def test_in_progress_turn_seats_and_legal():
    """A log that stops with tiles to draw is in progress: the next seat draws unless a
    claim comes; every seat's legal actions, the claims and wins included (RULINGS "Play
    rules": turn, legal; seed 003 基本規則 2 "優先級：胡> 碰、杠> 吃")."""
    answer = replay(XG, 0, PRIORITY_DEAL, "0d1m", jing=FA, wall=WALL)
    assert answer.status == IN_PROGRESS and answer.turn == 1
    assert answer.settle_request is None and answer.settlement is None
    assert legal(answer, 0) == [] and legal(answer, 3) == []
    assert legal(answer, 1) == [{"seat": 1, "type": "chow", "tiles": "123m"},
                                {"seat": 1, "type": "draw", "tile": "7m"}]
    assert legal(answer, 2) == [{"seat": 2, "type": "win"}]
    # The dealer has drawn the wall's last tile: it discards (no kong of its four 1m: no
    # replacement is left); one tile earlier the kong is listed.
    last = replay(XG, 0, KONG_DEAL, "0d5m 1D 1d3m 2D 2d1p 3D 3d4p 0D", jing=FA, wall="3m1p4p6m")
    assert last.status == IN_PROGRESS and last.turn == 0
    assert {a["type"] for a in legal(last, 0)} == {"discard"}
    before = replay(XG, 0, KONG_DEAL, "0d5m 1D 1d3m 2D 2d1p 3D 3d4p 0D", jing=FA,
                    wall="3m1p4p6m9s")
    assert {"seat": 0, "type": "concealed_kong", "tile": "1m"} in legal(before, 0)
    # After a kong: only its owner's replacement draw.
    kong = replay(XG, 0, KONG_DEAL, "0x1m", jing=FA, wall=KONG_WALL)
    assert kong.turn == 0
    assert [legal(kong, s) for s in range(4)] == [[{"seat": 0, "type": "draw", "tile": "9s"}],
                                                  [], [], []]
    # After the rob offer of an added kong: the robber's win beside the owner's draw.
    rob = replay(XG, 0, ROB_DEAL, ROB, jing=FA, wall=ROB_WALL)
    assert rob.turn == 0
    assert legal(rob, 1) == [{"seat": 1, "type": "win"}]
    assert legal(rob, 0) == [{"seat": 0, "type": "draw", "tile": "6m"}]


# ---------------------------------------------------------------------------- HTTP

@pytest.fixture(scope="module")
def client():
    from app import create_app
    from app.config import Config
    return create_app(Config(log_requests=False)).test_client()


def test_http_illegal_action_is_a_422_at_its_index(client):
    """POST /replay: the first illegal action is a 422 at actions[i] with its code."""
    for text, field, code in [("0d5m 2c456m", "actions[1]", "action.chow_not_next"),
                              (f"{TO_NINE} 1h 2h", "actions[8]", "action.second_winner"),
                              ("0x1m 1h", "actions[1]", "action.rob_not_allowed")]:
        deal = KONG_DEAL if text.startswith("0x") else TWO_DEAL
        response = client.post("/replay", json=body(XG, 0, deal, text, jing=FA, wall=TWO_WALL))
        assert response.status_code == 422
        first = response.get_json()["errors"][0]
        assert (first["field"], first["code"]) == (field, code)


@pytest.mark.parametrize(("deal", "text", "wall"), [
    (ORDER_DEAL, ORDER, ORDER_WALL),
    (ROB_DEAL, f"{ROB} 1h", ROB_WALL),
    (TWO_DEAL, f"{TO_NINE} 2h", TWO_WALL),
])
def test_http_settle_request_settles_the_same(client, deal, text, wall):
    """A finished answer's settle_request posted to /settle gives its settlement's deltas
    and ledger."""
    response = client.post("/replay", json=body(XG, 0, deal, text, jing=FA, wall=wall))
    assert response.status_code == 200
    answer = response.get_json()
    assert answer["status"] == "finished"
    settled = client.post("/settle", json=answer["settle_request"])
    assert settled.status_code == 200
    assert settled.get_json()["deltas"] == answer["settlement"]["deltas"]
    assert settled.get_json()["ledger"] == answer["settlement"]["ledger"]
