"""Unit tests of the Jiangxi domain: jing tiles and f(N), liability, 精吊 detection, pricing."""

from __future__ import annotations

import random

import pytest

from rules import places as at
from rules.analysis import ShapeRules
from rules.errors import InvalidInput
from rules.hand import HandView
from rules.jiangxi.jing import (
    BA_JING,
    CHONG_GUAN,
    Claim,
    find_liable,
    jing_pair,
    jing_points,
    jing_value,
)
from rules.jiangxi.patterns import pattern
from rules.jiangxi.pricing import HandValue, Seating, shares, total
from rules.jiangxi.reading import (
    Candidate,
    Draw,
    hand_view,
    jing_diao_structure,
    pairs_fit,
    sets_fit,
)
from rules.model import PlayerTiles
from rules.tiles import parse_tile, parse_tiles, to_counts
from tests.brute import all_sets, substitutions

RULES = ShapeRules(honour_chows=True, seven_pairs=True, four_as_two_pairs=True,
                   shi_san_lan=True)
T = parse_tile


@pytest.mark.parametrize(("indicator", "zheng", "fu"), [
    ("1m", "1m", "2m"), ("9m", "9m", "1m"), ("9s", "9s", "1s"), ("N", "N", "E"),
    ("E", "E", "S"), ("C", "C", "F"), ("P", "P", "C"),
])
def test_jing_pair_wraps(indicator, zheng, fu):
    assert jing_pair(T(indicator)) == (T(zheng), T(fu))


def test_jing_value():
    pair = jing_pair(T("P"))
    assert [jing_value(T(t), pair) for t in ("P", "C", "F", "1m")] == [2, 1, 0, 0]


@pytest.mark.parametrize(("n", "points"), [
    (0, 0), (1, 1), (2, 2), (3, 3), (4, 4),
    (5, 10), (6, 18), (7, 28), (8, 40), (9, 54), (10, 70),  # F组 2
    (11, 88),  # "以此类推" (nanchang 5x2, 6x3 … 10x7)
])
def test_f_of_n(n, points):
    assert jing_points(n) == points


def test_nanchang_worked_example():
    # 精牌介绍 3: 2张白板 (正精) + 3张红中 (副精) = 2*2 + 3*1 = 7子 → 冲四关 7*4 = 28
    pair = jing_pair(T("P"))
    n = sum(jing_value(t, pair) for t in parse_tiles("PPCCC"))
    assert (n, jing_points(n)) == (7, 28)


def claim(source, value, known=True):
    return Claim(source, value, at.meld(0, 1, "from"), known)


@pytest.mark.parametrize(("n", "claims", "triggers", "ba", "liable"), [
    (6, [claim(0, 2)], (CHONG_GUAN,), False, 0),  # own 4 + the 5s → 冲关
    (7, [claim(0, 1)], (CHONG_GUAN,), False, None),  # own 6: already 冲关
    (6, [claim(0, 1), claim(3, 2)], (CHONG_GUAN,), False, 3),  # own 3, 4, then 6: the 2nd
    (6, [claim(0, 1), claim(3, 1)], (CHONG_GUAN, BA_JING), False, 0),
    (3, [claim(2, 1), claim(3, 2)], (CHONG_GUAN, BA_JING), True, 3),  # 霸精: latest
    (3, [claim(2, 1)], (), True, None),  # nanchang: no 包 at all
    (7, [claim(2, 1)], (CHONG_GUAN, BA_JING), True, 2),  # already 冲关, made 霸精 by it
    (4, [], (CHONG_GUAN, BA_JING), True, None),
])
def test_find_liable(n, claims, triggers, ba, liable):
    assert find_liable(n, claims, triggers, ba) == liable


def test_find_liable_refuses_a_vague_claim_that_matters():
    with pytest.raises(InvalidInput):
        find_liable(6, [claim(None, 2, known=False)], (CHONG_GUAN,), False)
    assert find_liable(9, [claim(None, 2, known=False)], (CHONG_GUAN,), False) is None


def test_sets_and_pairs_fit():
    counts = to_counts(parse_tiles("123m456m789m12p"))
    assert sets_fit(counts, 1, RULES, pung_only=False)
    assert not sets_fit(counts, 1, RULES, pung_only=True)
    assert sets_fit(to_counts(parse_tiles("ESWCFP")), 0, RULES, pung_only=False)  # honour chows
    assert pairs_fit(to_counts(parse_tiles("1122m3333p55s7s")), 1, RULES)
    assert not pairs_fit(to_counts(parse_tiles("1122m3333p5s7s")), 0, RULES)


def test_sets_fit_matches_brute_force():
    rng = random.Random(7)
    for _ in range(300):
        tiles = rng.sample([t for t in range(34) for _ in range(4)], 9 - rng.choice((0, 1, 2)))
        wilds = 9 - len(tiles)
        counts = to_counts(tiles)
        for pung_only in (False, True):
            expected = any(all_sets(c, True, pung_only) for c in substitutions(counts, wilds))
            assert sets_fit(counts, wilds, RULES, pung_only) == expected, (tiles, wilds)


def draw_of(hand: str, last: str, jing: str = "5s", claimed: bool = False) -> Draw:
    kinds = frozenset(jing_pair(T(jing)))
    player = PlayerTiles(tuple(parse_tiles(hand)))
    view = hand_view(player, kinds, T(last) if claimed else None)
    return Draw(view, T(last), last_wild=not claimed and T(last) in kinds)


@pytest.mark.parametrize(("hand", "last", "structure"), [
    ("123m456m789m123p9p5s", "9p", True),  # four sets + lone 5s
    ("123m456m789m123p5s6s", "6s", True),  # the last tile is a jing too
    ("11m22m33p44p77s99s1p5s", "1p", True),  # six pairs + lone 5s
    ("123m456m789m12p5sEE", "9m", False),  # the jing stands in for 3p; EE is the pair
    ("123m456m789m123pEE", "9m", False),  # no jing at all
])
def test_jing_diao_structure(hand, last, structure):
    assert jing_diao_structure(draw_of(hand, last), RULES) is structure


def test_a_claimed_jing_is_only_itself():
    # A 6s taken from a discard cannot stand in for 3p.
    player = PlayerTiles(tuple(parse_tiles("123m456m789m12p6sEE")))
    kinds = frozenset(jing_pair(T("5s")))
    drawn = hand_view(player, kinds, None)
    claimed = hand_view(player, kinds, T("6s"))
    assert drawn.shapes(RULES) and not claimed.shapes(RULES)
    assert isinstance(claimed, HandView) and claimed.wilds == 0


def value(points=1, german=False):
    g = pattern("de_guo", 2, "x") if german else None
    return HandValue(Candidate("ping_hu", german), pattern("ping_hu", points, "points"),
                     german=g, bonus=5 if german else 0)


@pytest.mark.parametrize(("seating", "expected"), [
    (Seating(1, 0, None, "self_draw"), {0: 13, 2: 9, 3: 9}),  # A4
    (Seating(0, 0, 2, "discard"), {1: 4, 2: 13, 3: 4}),  # A6
    (Seating(1, 0, 0, "discard"), {0: 13, 2: 2, 3: 2}),  # A8
    (Seating(1, 0, 2, "discard"), {0: 4, 2: 9, 3: 2}),  # A10
])
def test_shares_by_seat(seating, expected):
    assert {s.seat: s.amount for s in shares(value(german=True), seating)} == expected


def test_rob_kong_shares_go_to_the_robbed_player():
    rows = shares(value(german=True), Seating(1, 0, 3, "rob_kong"))
    # the winner's self-draw shares (A4 13+9+9 = 31) are what the qiang_gang factor doubles;
    # without that factor the robbed player pays exactly the self-draw total.
    assert [(r.seat, r.role, r.amount) for r in rows] == [(3, "robbed", 31)]


def test_total_is_what_the_shares_add_up_to():
    """Candidates and waits are priced by ``total`` (no formulas); the answer shown uses
    ``shares``: the two must agree on every seating, factor, 德国 and flat win."""
    rng = random.Random(8)
    win_types = ("self_draw", "kong_replacement", "discard", "rob_kong")
    for _ in range(2000):
        winner, dealer = rng.randrange(4), rng.randrange(4)
        win_type = rng.choice(win_types)
        discarder = rng.choice([s for s in range(4) if s != winner]) \
            if win_type in ("discard", "rob_kong") else None
        seating = Seating(winner, dealer, discarder, win_type)
        german = rng.random() < 0.5
        factors = tuple(pattern("jing_diao", rng.choice((2, 3, 4)), "x")
                        for _ in range(rng.randrange(3)))
        flat = pattern("tian_hu", rng.choice((10, 20)), "points") if rng.random() < 0.1 \
            else None
        hand = HandValue(Candidate("ping_hu", german),
                         pattern("ping_hu", rng.choice((1, 2, 4)), "points"), factors,
                         pattern("de_guo", rng.choice((2, 4)), "x") if german else None,
                         5 if german else 0, flat)
        rows = shares(hand, seating)
        assert total(hand, seating) == sum(r.amount for r in rows), (hand, seating)
