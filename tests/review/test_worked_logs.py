"""POST /review on short hand-made logs (issue 43): in each variant, a decision with a known
best action, its numbers worked out below by hand (a few copies of a wait among R unseen
tiles, two draws left) or, where a jing makes the broken hand's tree too wide to list, by
tests/ev_brute.py (the contract's model as exact fractions).

The wall is short (``wall_size`` 8 or 12), so each decision has ``draws_left`` 2. With
``changes`` 0 (the viewer's and the service's default) a ready hand throws back every draw
that does not win, and every waiting hand the model meets holds 13 − 3k tiles and sees the
same tiles outside them, so R, the unseen copies, stays the same along the way: a ready hand
with r copies of its waits left wins in two draws with 1 − ((R − r) / R)².

Three mistakes:

(a) a discard that breaks a ready hand (all four variants): the best is the useless tile;
(b) a pung that leaves a worse wait (objective "win"): the best is to let the tile go;
(c) a win let go (objective "win"), where the variant locks the seat after it (nanchang
    胡先不胡后, qinzhou 漏胡, guangdong 漏和): the loss is 1 − V(pass).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from rules.model import PUNG, Jing, Meld
from rules.tiles import read_tiles
from tests.review.worked import act, brute, close, decision, review

# ------------------------------------------------------------------------------------ (a)
# Seat 0 deals itself 123m 789m 456p 99p 46s N: it throws N (action 0) and is ready on 5s
# (嵌张, the pair 99p). The others draw a W each and throw it. Seat 0 draws the last W, a
# tile nobody can use, and throws 9p instead (action 8): the pair is broken, the hand one
# from ready. Seat 1 then draws C and wins (its 234m 567m 234p 567p C waits on C).
#
# At action 8 seat 0 sees, outside its hand: its N and the three W thrown. The wall had
# 12 tiles; 4 are drawn, 8 left, drawn from seat 1 on: seat 0 draws the 4th and the 8th:
# draws_left = 2.
#
# * throw W (the best): 123m 789m 456p 99p 46s waits on 5s alone, r = 4 (none seen);
#   R = 136 − 13 held − 5 seen (N, and W ×4 with the one thrown) = 118:
#   1 − (114/118)² = 928/13924 = 0.0666475.
# * throw 9p (played): 123m 789m 456p 46s 9p W. Only two draws make it ready:
#   9p (r = 4 − 1 seen − 1 held = 2): pair again, throw W, ready on 5s (r = 4);
#   5s (r = 4): 456s, throw W, ready on 9p alone (r = 2; throwing 9p would wait on W, and
#   no W is left). R stays 118 (N, W ×3 and the 9p seen). Two draws:
#   2/118 × 4/118 + 4/118 × 2/118 = 16/13924 = 0.00114910.
# * loss = 912/13924 = 0.0654984.
#
# xingguo and nanchang flip 1s: 1s and 2s are jing (wild), and the indicator is seen. The
# ready hand wins on 5s or on any jing: r = 4 + 3 + 4 = 11, R = 136 − 13 − 6 = 117:
# 1 − (106/117)² = 2453/13689 = 0.179195. A jing drawn into the broken hand stands for
# what it lacks: ev_brute works that tree out. qinzhou plays its wait lock (聽牌後不允許換聽)
# by default, which refuses the 9p (it leaves a ready seat waiting on nothing): the log
# turns it off, as a table without the lock would.
BROKEN_READY = {
    "dealer": 0, "wall_size": 12,
    "deal": ["123m789m456p99p46sN", "234m567m234p567pC", "19m19p19s258pESFP", "4567m37p238sESCF"],
    "actions": [act(0, "discard", "N"), act(1, "draw", "W"), act(1, "discard", "W"),
                act(2, "draw", "W"), act(2, "discard", "W"), act(3, "draw", "W"),
                act(3, "discard", "W"), act(0, "draw", "W"), act(0, "discard", "9p"),
                act(1, "draw", "C"), act(1, "win")],
}
JING_1S = {"indicator": "1s"}
BROKEN_READY_VARIANTS = {
    "guangdong": {},
    "qinzhou": {"rules": {"no_wait_change": False}},
    "xingguo": {"jing": JING_1S},
    "nanchang": {"jing": JING_1S},
}
READY_BY_HAND = {"guangdong": F(928, 13924), "qinzhou": F(928, 13924),
                 "xingguo": F(2453, 13689), "nanchang": F(2453, 13689)}


def broken_ready(variant: str) -> dict:
    return {**BROKEN_READY, "variant": variant, **BROKEN_READY_VARIANTS[variant]}


def jing_of(log: dict) -> Jing | None:
    if "jing" not in log:
        return None
    return Jing(read_tiles(log["jing"]["indicator"])[0])


@pytest.mark.parametrize("variant", list(BROKEN_READY_VARIANTS))
def test_a_discard_that_breaks_a_ready_hand(post, variant):
    log = broken_ready(variant)
    found = review(post, log, 0, "win")
    assert [d["action"] for d in found["decisions"]] == [0, 8]
    first, broken = found["decisions"]
    assert first["played"] == first["best"] == {"seat": 0, "type": "discard", "tile": "N"}
    assert first["loss"] == 0.0
    assert broken["draws_left"] == 2
    assert broken["played"] == {"seat": 0, "type": "discard", "tile": "9p"}
    assert broken["best"] == {"seat": 0, "type": "discard", "tile": "W"}
    assert close(broken["best_value"], READY_BY_HAND[variant])
    jing = jing_of(log)
    ready = brute(variant, "123m789m456p99p46s", "N W W W W", 2, jing=jing, dealer=True)
    played = brute(variant, "123m789m456p46s9pW", "N W W W 9p", 2, jing=jing, dealer=True)
    assert ready[0] == READY_BY_HAND[variant]  # the hand's arithmetic is the model's
    if variant in ("guangdong", "qinzhou"):
        assert played[0] == F(16, 13924)
    assert close(broken["played_value"], played[0])
    assert broken["loss"] > 0 and close(broken["loss"], ready[0] - played[0])
    summary = found["summary"]
    assert summary == {"decisions": 2, "agreement": 0.5, "total_loss": broken["loss"],
                       "largest": [8, 0], "too_large": 0}
    scored = decision(review(post, log, 0, "score"), 8)  # 期望得分: each win's /evaluate total
    assert scored["best"] == broken["best"]
    assert close(scored["best_value"], ready[1]) and close(scored["played_value"], played[1])
    assert scored["loss"] > 0


def test_the_broken_hand_is_priced_by_its_two_ways_back(post):
    """guangdong's numbers in the objective "score": every win of the broken hand is the
    same 14 tiles (123m 789m 456p 99p 456s) won by self-draw, 12 in all (平和 and 自摸: 2 fan,
    4 from each of the three others), so the expected score is 12 × the win chance."""
    status, evaluated = post("/evaluate", {"variant": "guangdong", "hand": "123m789m456p99p456s",
                                           "win_tile": "5s", "win_type": "self_draw",
                                           "dealer": True})
    assert status == 200 and evaluated["total"] == 12
    scored = decision(review(post, broken_ready("guangdong"), 0, "score"), 8)
    assert close(scored["best_value"], 12 * F(928, 13924))
    assert close(scored["played_value"], 12 * F(16, 13924))


# ------------------------------------------------------------------------------------ (b)
# Seat 2 (West) holds 123m 456p 789s EE 34s: ready on 2s or 5s (8 copies, none seen). Seat 0
# throws E (action 0); seat 2 pungs it (action 1) and throws 3s (action 2), ready on 4s alone.
# The wall has 8 tiles, none drawn, drawn from seat 1 on: seat 2 draws the 2nd and the 6th,
# and after its pung the 4th and the 8th: draws_left = 2 either way.
#
# * pass (the best): R = 136 − 13 − 1 (the E thrown) = 122, r = 8:
#   1 − (114/122)² = 1888/14884 = 0.126848.
# * pung (played): EEE shown, 123m 456p 789s 34s must throw one; the best throws 3s (or 4s)
#   and waits on 4s (or 3s) alone: r = 4 − 1 held = 3; R = 136 − 10 − 4 (EEE, 3s) = 122:
#   1 − (119/122)² = 723/14884 = 0.0485757.
# * loss = 1165/14884 = 0.0782720 (in 胡牌率: 7.8 percentage points).
#
# xingguo flips 7p (jing 7p and 8p; the indicator out of play, seen): a drawn jing wins
# too. pass: r = 8 + 3 + 4 = 15, R = 136 − 13 − 2 = 121: 1 − (106/121)² = 3405/14641
# = 0.232566; pung: r = 3 + 3 + 4 = 10, R = 136 − 10 − 5 = 121: 1 − (111/121)² =
# 2320/14641 = 0.158459; loss = 1085/14641 = 0.0741070. (qinzhou's wait lock holds from
# the pung's discard on: the seat was dealt ready, no discard of its made it ready before.)
WORSE_PUNG = {
    "dealer": 0, "wall_size": 8,
    "deal": ["258m258p28sSWNCFE", "127m147p19sSWNCF", "123m456p789sEE34s", "369m369p67sSWNCP"],
    "actions": [act(0, "discard", "E"), act(2, "pung", "E"), act(2, "discard", "3s"),
                act(3, "draw", "P"), act(3, "discard", "P")],
}
WORSE_PUNG_VARIANTS = {"guangdong": {}, "qinzhou": {}, "xingguo": {"jing": {"indicator": "7p"}}}
PUNG_BY_HAND = {"guangdong": (F(1888, 14884), F(723, 14884)),
                "qinzhou": (F(1888, 14884), F(723, 14884)),
                "xingguo": (F(3405, 14641), F(2320, 14641))}


@pytest.mark.parametrize("variant", list(WORSE_PUNG_VARIANTS))
def test_a_pung_that_leaves_a_worse_wait(post, variant):
    log = {**WORSE_PUNG, "variant": variant, **WORSE_PUNG_VARIANTS[variant]}
    found = review(post, log, 2, "win")
    assert [d["action"] for d in found["decisions"]] == [1, 2]
    pung = decision(found, 1)
    assert pung["draws_left"] == 2
    assert pung["played"] == {"seat": 2, "type": "pung", "tile": "E"}
    assert pung["best"] == {"seat": 2, "type": "pass"}
    passed, punged = PUNG_BY_HAND[variant]
    assert close(pung["best_value"], passed) and close(pung["played_value"], punged)
    assert close(pung["loss"], passed - punged) and pung["loss"] > 0
    jing = jing_of(log)
    assert brute(variant, "123m456p789sEE34s", "E", 2, jing=jing, seat_wind="W")[0] == passed
    e = read_tiles("E")[0]
    shown = (Meld(PUNG, (e, e, e), 0, e),)
    assert brute(variant, "123m456p789s4s", "3s", 2, melds=shown, jing=jing,
                 seat_wind="W")[0] == punged
    after = decision(found, 2)  # holding 14 after the pung: 3s is as good as anything left
    assert after["played"] == {"seat": 2, "type": "discard", "tile": "3s"}
    assert after["loss"] == 0.0 and close(after["played_value"], punged)


# ------------------------------------------------------------------------------------ (c)
# Seat 2 (West) holds 123m 789m 456p 99p 46s: ready on 5s. Seat 0 throws 5s (action 0):
# seat 2 could win, and lets it go; seat 1 draws (action 1): the decision is at action 1,
# played "pass", and the variant locks seat 2 (its /replay facts say so). The wall has 8
# tiles, none drawn: seat 2 draws the 2nd and the 6th: draws_left = 2.
#
# * win (the best): 1.
# * pass (played): its own draws only; r(5s) = 4 − 1 thrown = 3, R = 136 − 13 − 1 = 122:
#   1 − (119/122)² = 723/14884 = 0.0485757.
# * loss = 1 − 723/14884 = 14161/14884 = 0.951424.
#
# nanchang flips 7p (jing 7p and 8p, the 上精 face up and seen): a drawn jing wins as 5s:
# r = 3 + 3 + 4 = 10, R = 136 − 13 − 2 = 121: 1 − (111/121)² = 2320/14641 = 0.158459;
# loss = 12321/14641 = 0.841541. The lock changes nothing in the model: it forbids wins on
# discards, and the model counts self-drawn wins only.
PASSED_WIN = {
    "dealer": 0, "wall_size": 8,
    "deal": ["258m258p28sSWNC5sE", "127m147p19sESWNF", "123m789m456p99p46s", "369m369p34sESWNP"],
    "actions": [act(0, "discard", "5s"), act(1, "draw", "C"), act(1, "discard", "C")],
}
PASSED_WIN_VARIANTS = {"guangdong": ({}, "漏和"), "qinzhou": ({}, "漏胡"),
                       "nanchang": ({"jing": {"indicator": "7p"}}, "胡先不胡后")}
PASS_BY_HAND = {"guangdong": F(723, 14884), "qinzhou": F(723, 14884),
                "nanchang": F(2320, 14641)}


@pytest.mark.parametrize("variant", list(PASSED_WIN_VARIANTS))
def test_a_win_let_go(post, variant):
    extra, lock = PASSED_WIN_VARIANTS[variant]
    log = {**PASSED_WIN, "variant": variant, **extra}
    status, replayed = post("/replay", log)
    assert status == 200
    passed = [f for f in replayed["facts"] if f["code"] == "win_passed" and f["seat"] == 2]
    assert len(passed) == 1 and lock in passed[0]["detail"]
    found = review(post, log, 2, "win")
    (let_go,) = found["decisions"]
    assert let_go["action"] == 1 and let_go["draws_left"] == 2
    assert let_go["played"] == {"seat": 2, "type": "pass"}
    assert let_go["best"] == {"seat": 2, "type": "win"} and let_go["best_value"] == 1.0
    value = PASS_BY_HAND[variant]
    assert brute(variant, "123m789m456p99p46s", "5s", 2, jing=jing_of(log),
                 seat_wind="W")[0] == value
    assert close(let_go["played_value"], value)
    assert close(let_go["loss"], 1 - value)
    assert found["summary"] == {"decisions": 1, "agreement": 0.0,
                                "total_loss": let_go["loss"], "largest": [1],
                                "too_large": 0}
