"""Shanten worked by hand, shape by shape.

The arithmetic: shanten = 13 - 3 × melds - wilds - kept, where ``kept`` is the most tiles of
the hand one complete hand of the shape holds (rules/analysis/shanten.py). -1 is complete,
0 ready.
"""

from __future__ import annotations

import pytest

from rules.analysis import (
    QI_XING_SHI_SAN_LAN,
    SEVEN_PAIRS,
    SHI_SAN_LAN,
    SHI_SAN_YAO,
    STANDARD,
    ShapeRules,
    improving_tiles,
    is_complete,
    shanten,
    shanten_by_shape,
    waits,
)
from rules.tiles import parse_tiles, to_counts
from rules.variants import VARIANTS

GUANGDONG = VARIANTS["guangdong"].shapes
QINZHOU = VARIANTS["qinzhou"].shapes
XINGGUO = VARIANTS["xingguo"].shapes
PAIRS_ONCE = ShapeRules(seven_pairs=True, four_as_two_pairs=False)


def counts(text: str) -> tuple[int, ...]:
    return to_counts(parse_tiles(text))


def tiles(text: str) -> tuple[int, ...]:
    return tuple(sorted(set(parse_tiles(text))))


# ---------------------------------------------------------------------------- 十三烂

def test_shi_san_lan_complete_but_not_seven_stars():
    # 147m 258p 369s: each suit 3 ranks, 3 apart; 5 different honours: 14 tiles, 十三烂.
    hand = counts("147m258p369sESWNC")
    by_shape = shanten_by_shape(hand, 0, XINGGUO)
    assert by_shape[SHI_SAN_LAN] == -1 and is_complete(hand, 0, XINGGUO)
    # 七星 wants all 7 honours and so 7 suit tiles: 3 + 3 + 1 of the 9 kept, and the 5
    # honours: kept 12, 13 - 12 = 1.
    assert by_shape[QI_XING_SHI_SAN_LAN] == 1
    assert shanten(hand, 0, XINGGUO) == -1


def test_qi_xing_shi_san_lan():
    # 147m 258p 3s and all seven honours: 7 + 7 = 14, complete 七星 (so 十三烂 too).
    hand = counts("147m258p3sESWNCFP")
    by_shape = shanten_by_shape(hand, 0, XINGGUO)
    assert by_shape[QI_XING_SHI_SAN_LAN] == by_shape[SHI_SAN_LAN] == -1
    # guangdong has no 十三烂: the hand is far from anything there
    assert SHI_SAN_LAN not in shanten_by_shape(hand, 0, GUANGDONG)
    assert shanten(hand, 0, GUANGDONG) > 3


def test_a_valid_pair_of_ranks_that_no_third_rank_extends():
    # 37m 37p 37s + the 7 honours (13 tiles). Ranks 3 and 7 are 4 apart, a valid pair, but
    # no rank is 3 or more from both (1, 2 are too near 3; 4-6 too near either; 8, 9 too
    # near 7), so a suit taking 3 ranks keeps only one of them. 14 tiles take 7 honours and
    # 7 suit tiles at least, so some suit takes 3: kept 1 + 2 + 2 + 7 = 12, 13 - 12 = 1,
    # not 0 (a naive count, taking each suit's held ranks as extendable, says ready).
    hand = counts("37m37p37sESWNCFP")
    by_shape = shanten_by_shape(hand, 0, XINGGUO)
    assert by_shape[SHI_SAN_LAN] == by_shape[QI_XING_SHI_SAN_LAN] == 1
    assert shanten(hand, 0, XINGGUO) == 1
    # a rank that makes one suit's three (1m: 147m keeps 1m and 7m; 6m: 369m keeps 3m and
    # 6m) improves; 5m (too near both) does not
    improving = improving_tiles(hand, 0, XINGGUO)
    assert set(tiles("1m4m6m9m")) <= set(improving)
    assert not set(tiles("2m5m8m")) & set(improving)


def test_shi_san_lan_ready_on_an_eighth_suit_tile_or_a_sixth_honour():
    # 37m 149p 25s + ESWNCF (13): sizes 2 + 3 + 2 = 7 with 6 of 7 honours: kept 13, ready;
    # the wait is 白 (七星), or 8s / 9s (258s, 259s: sizes 2 + 3 + 3 = 8 and 6 honours).
    # 1m would make 137m, invalid.
    hand = counts("37m149p25sESWNCF")
    assert shanten(hand, 0, XINGGUO) == 0
    assert improving_tiles(hand, 0, XINGGUO) == tiles("8s9sP")
    assert improving_tiles(hand, 0, XINGGUO) == waits(hand, 0, XINGGUO)


def test_shi_san_lan_with_wilds():
    # 147m 258p 369s ESW + 2 wilds: the wilds are two more honours, complete.
    assert shanten_by_shape(counts("147m258p369sESW"), 2, XINGGUO)[SHI_SAN_LAN] == -1
    # 37m 37p 37s ESWNC + 2 wilds (13): as above, 1 + 2 + 2 suit tiles and 5 honours kept,
    # the two wilds fill the honours: 13 - 2 - 10 = 1.
    assert shanten_by_shape(counts("37m37p37sESWNC"), 2, XINGGUO)[SHI_SAN_LAN] == 1


# ---------------------------------------------------------------------------- honour chows

def test_honour_chows_lower_the_number_in_xingguo_not_in_guangdong():
    # ESW 中发白 123m 456p 9s (13). Xingguo: ESW and 中发白 are chows, 4 sets + 9s waiting
    # for its pair: kept 13, ready. Guangdong: the six honours are singles; 123m 456p kept
    # (6), the two other set slots and the pair hold one single each (3): kept 9, 13 - 9 = 4.
    hand = counts("ESWCFP123m456p9s")
    assert shanten(hand, 0, XINGGUO) == 0
    assert improving_tiles(hand, 0, XINGGUO) == tiles("9s")
    assert shanten_by_shape(hand, 0, GUANGDONG) == {STANDARD: 4, SHI_SAN_YAO: 5}
    assert shanten(hand, 0, GUANGDONG) == 4


def test_three_different_winds_are_a_chow():
    # 123m 456p 789s EE S N (13). Guangdong: 3 sets, EE the pair, S (or N) one tile of the
    # 4th set: kept 12, 13 - 12 = 1; E (EEE), S or N (SS / NN) lower it.
    hand = counts("123m456p789sEESN")
    assert shanten(hand, 0, GUANGDONG) == 1
    assert improving_tiles(hand, 0, GUANGDONG) == tiles("ESN")
    # a drawn jing (白 here) is one more wild: it lowers the number too
    assert improving_tiles(hand, 0, GUANGDONG, 0, frozenset(tiles("P"))) == tiles("ESNP")
    # Xingguo: E S N is a chow, the other E waits for its pair: kept 13, ready on E (EE +
    # ESN) or W (SWN chow + EE).
    assert shanten(hand, 0, XINGGUO) == 0
    assert improving_tiles(hand, 0, XINGGUO) == tiles("EW") == waits(hand, 0, XINGGUO)


# ---------------------------------------------------------------------------- seven pairs

def test_seven_pairs_with_four_of_a_kind():
    # 1111m 55m 99p 22s 77s EE (14). Qinzhou (four of a kind are two pairs): 7 pairs, -1.
    # One pair per kind: 1m 5m 9p 2s 7s E are 6 pairs, 12 kept: 13 - 12 = 1 (as riichi's
    # chiitoitsu: 6 - pairs + 7 - kinds = 6 - 6 + 1).
    hand = counts("1111m55m99p22s77sEE")
    assert shanten_by_shape(hand, 0, QINZHOU) == {STANDARD: 2, SEVEN_PAIRS: -1}
    assert is_complete(hand, 0, QINZHOU)
    assert shanten_by_shape(hand, 0, PAIRS_ONCE) == {STANDARD: 2, SEVEN_PAIRS: 1}
    assert not is_complete(hand, 0, PAIRS_ONCE)
    # standard: 111m + 55m, 99p, 22s as three 2-tile sets + EE: 3 + 6 + 2 = 11, 13 - 11 = 2


def test_seven_pairs_one_short_with_four_of_a_kind():
    # 1111m 55m 99p 22s 77s E (13). Two pairs as 1111m: 6 pairs and E, kept 13: ready on E.
    # One pair per kind: 1m 5m 9p 2s 7s are 5 pairs (10), E half a sixth: 11 kept,
    # 13 - 11 = 2.
    hand = counts("1111m55m99p22s77sE")
    assert shanten_by_shape(hand, 0, QINZHOU)[SEVEN_PAIRS] == 0
    assert improving_tiles(hand, 0, QINZHOU) == tiles("E")
    assert shanten_by_shape(hand, 0, PAIRS_ONCE)[SEVEN_PAIRS] == 2


def test_seven_pairs_a_wild_pairs_any_draw():
    # 1111m 55m 99p 22s 77s + a wild (12 + 1). Qinzhou: 6 pairs kept, 13 - 1 - 12 = 0, and
    # every kind is a wait (the wild pairs it).
    hand = counts("1111m55m99p22s77s")
    assert shanten_by_shape(hand, 1, QINZHOU)[SEVEN_PAIRS] == 0
    assert improving_tiles(hand, 1, QINZHOU) == tuple(range(34))
    # One pair per kind: 5 pairs, 13 - 1 - 10 = 2.
    assert shanten_by_shape(hand, 1, PAIRS_ONCE)[SEVEN_PAIRS] == 2


# ---------------------------------------------------------------------------- 十三幺

def test_shi_san_yao():
    # the 13 orphans once each (13): kept 13, ready on any of them (13 waits).
    thirteen = counts("19m19p19sESWNCFP")
    assert shanten_by_shape(thirteen, 0, GUANGDONG)[SHI_SAN_YAO] == 0
    assert improving_tiles(thirteen, 0, GUANGDONG) == tiles("19m19p19sESWNCFP")
    # 1m doubled, 白 missing (13): 12 kinds + the pair = 13 kept, ready on 白 only.
    one_wait = counts("119m19p19sESWNCF")
    assert shanten(one_wait, 0, GUANGDONG) == 0
    assert improving_tiles(one_wait, 0, GUANGDONG) == tiles("P") == waits(one_wait, 0, GUANGDONG)
    # ... and with 白: complete.
    assert shanten(counts("119m19p19sESWNCFP"), 0, GUANGDONG) == -1
    # 12 orphans and 5m (13): 12 kept, 13 - 12 = 1; every orphan improves (白, or a pair).
    assert shanten(counts("19m19p19sESWNCF5m"), 0, GUANGDONG) == 1
    # 12 orphans (no 白) and a wild (13): the wild is 白, 12 kept, 13 - 1 - 12 = 0.
    assert shanten_by_shape(counts("19m19p19sESWNCF"), 1, GUANGDONG)[SHI_SAN_YAO] == 0
    # 十三幺 is guangdong's: qinzhou does not know it
    assert SHI_SAN_YAO not in shanten_by_shape(thirteen, 0, QINZHOU)


# ---------------------------------------------------------------------------- melds

@pytest.mark.parametrize(("hand", "wilds", "melds", "expected"), [
    # 2 melds: 8 concealed tiles complete as 2 sets + a pair
    ("123m456pEE", 0, 2, -1),
    # 123m 45p EE (7 = 8 - 1): 45p waits on 3p / 6p: kept 7, 13 - 6 - 7 = 0
    ("123m45pEE", 0, 2, 0),
    # 4 melds, a lone tile: it waits for its pair, 13 - 12 - 1 = 0
    ("E", 0, 4, 0),
    # 4 melds, one wild: ready on anything; two wilds: complete
    ("", 1, 4, 0),
    ("", 2, 4, -1),
])
def test_declared_melds(hand, wilds, melds, expected):
    assert shanten(counts(hand), wilds, GUANGDONG, melds) == expected
    assert shanten_by_shape(counts(hand), wilds, QINZHOU, melds) == {STANDARD: expected}


def test_merging_two_cover_tables_is_every_split_of_the_sets_and_the_pair():
    """_merged is written out term by term; the definition, by loops, on random tables."""
    import importlib
    import random

    core = importlib.import_module("rules.analysis.shanten")
    row = core.ROW

    def by_definition(a, b):
        plain = tuple(max(a[x] + b[k - x] for x in range(k + 1)) for k in range(row))
        paired = tuple(max(max(a[row + x] + b[k - x], a[x] + b[row + k - x])
                           for x in range(k + 1)) for k in range(row))
        return plain + paired

    rng = random.Random(30)
    for _ in range(3000):
        a, b = (tuple(rng.randrange(15) for _ in range(2 * row)) for _ in range(2))
        assert core._merged.__wrapped__(a, b) == by_definition(a, b)
