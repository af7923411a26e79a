"""The hand-analysis core, against hand-picked hands and against a brute force.

The brute force (tests/brute.py) replaces every wild with every tile kind and checks each
substituted hand by plain recursion; the core must agree with it on random hands with 0-3
wilds: the shapes, the waits, and that every reading it gives is a real grouping.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from functools import cache
from itertools import combinations_with_replacement, product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.analysis import (
    QI_XING_SHI_SAN_LAN,
    SEVEN_PAIRS,
    SHI_SAN_LAN,
    SHI_SAN_YAO,
    STANDARD,
    ShapeRules,
    is_complete,
    readings,
    shapes_after,
    shapes_of,
    special,
    waits,
)
from rules.analysis.families import DRAGON, INF, NUM, SIZES, WIND, groupings, min_wilds
from rules.analysis.standard import absolute, slices, standard_readings
from rules.analysis.waiting import family_after
from rules.tiles import CODES, parse_tiles, to_counts
from rules.variants import VARIANTS
from tests.brute import WIND_CHOWS, brute_shapes

ALL = ShapeRules(honour_chows=True, seven_pairs=True, shi_san_lan=True, shi_san_yao=True)
PLAIN = ShapeRules()


def counts(text: str) -> tuple[int, ...]:
    return to_counts(parse_tiles(text))


@pytest.mark.parametrize("hand, wilds, rules, expected", [
    ("123m456p789s111sEE", 0, PLAIN, {STANDARD}),
    ("111m222p333sEEEWW", 0, PLAIN, {STANDARD, "all_pungs"}),
    ("11223344556677m", 0, ALL, {STANDARD, SEVEN_PAIRS}),
    ("11112233445566m", 0, ShapeRules(seven_pairs=True, four_as_two_pairs=False), {STANDARD}),
    ("11112233445566m", 0, ShapeRules(seven_pairs=True), {STANDARD, SEVEN_PAIRS}),
    ("147m258p369sESWNC", 0, ALL, {SHI_SAN_LAN}),
    ("147m258p3sESWNCFP", 0, ALL, {QI_XING_SHI_SAN_LAN}),
    ("19m19p19sESWNCFPP", 0, ALL, {SHI_SAN_YAO}),
    ("123m456pESWCFPNN", 0, ALL, {STANDARD}),  # honour chows 东南西 中发白
    ("123m456pESWCFPNN", 0, PLAIN, set()),
    ("123m456p789sEEEC", 1, PLAIN, {STANDARD}),
    ("123m456p789s111s", 2, PLAIN, {STANDARD}),  # the pair is two wilds
    ("", 14, ALL, {STANDARD, "all_pungs", SEVEN_PAIRS, QI_XING_SHI_SAN_LAN, SHI_SAN_YAO}),
])
def test_shapes_of_known_hands(hand, wilds, rules, expected):
    assert shapes_of(counts(hand), wilds, rules) == frozenset(expected)


def test_melds_leave_fewer_concealed_tiles_and_no_special_shapes():
    assert shapes_of(counts("123m456pEE"), 0, ALL, melds=2) == {STANDARD}
    assert shapes_of(counts("123m456pEE"), 0, ALL, melds=0) == frozenset()  # wrong count
    assert not is_complete(counts("11224m"), 0, ALL, melds=3)  # two pairs and a single


def test_a_lone_wild_waits_on_all_34():
    assert len(waits(counts("123m456p789s111s"), 1, PLAIN)) == 34


def test_nine_gates_waits_on_all_nine():
    assert [CODES[t] for t in waits(counts("1112345678999m"), 0, PLAIN)] == [
        f"{r}m" for r in range(1, 10)]


def test_a_drawn_wild_kind_adds_a_wild():
    # 13 tiles, waiting on 1p or 4p; if 9s is a wild kind, drawing it completes too.
    found = waits(counts("123m456m789m23pEE"), 0, PLAIN, wild_kinds=frozenset({26}))
    assert [CODES[t] for t in found] == ["1p", "4p", "9s"]


def test_every_wild_is_recorded_with_what_it_stands_for():
    (reading,) = [r for r in readings(counts("13m456p789s111sEE"), 1, PLAIN)]
    chow = next(g for g in reading.groups if g.kind == "chow" and g.tiles[0] == 0)
    assert chow.tiles == (0, 1, 2) and chow.wild == (False, True, False)


# ---------------------------------------------------------------- against the brute force

def _set_tiles(rng_choice: int, honour_chows: bool) -> list[int]:
    """One set: a pung of any kind (34), a chow of a suit (3 × 7), or an honour chow (5)."""
    kinds = 34 + 21 + (5 if honour_chows else 0)
    pick = rng_choice % kinds
    if pick < 34:
        return [pick] * 3
    pick -= 34
    if pick < 21:
        suit, start = divmod(pick, 7)
        return [suit * 9 + start + i for i in range(3)]
    pick -= 21
    return list(WIND_CHOWS[pick]) if pick < 4 else [31, 32, 33]


@st.composite
def near_complete(draw, max_wilds: int = 3):
    """A complete hand (or a seven-pairs / 十三烂 one), then some tiles turned into wilds and
    sometimes one tile swapped, so that both winning and losing hands are common."""
    honour_chows = draw(st.booleans())
    melds = draw(st.integers(0, 2))
    kind = draw(st.sampled_from(["standard", "standard", "pairs", "lan", "random"]))
    if kind == "standard" or melds:
        tiles = [draw(st.integers(0, 33))] * 2
        for _ in range(4 - melds):
            tiles += _set_tiles(draw(st.integers(0, 1000)), honour_chows)
    elif kind == "pairs":
        tiles = [t for t in draw(st.lists(st.integers(0, 33), min_size=7, max_size=7))
                 for _ in range(2)]
    elif kind == "lan":
        tiles = [0, 3, 6, 10, 13, 16, 19, 25, 27, 28, 29, 30, 31, 33][: 14]
    else:
        tiles = draw(st.lists(st.integers(0, 33), min_size=14 - 3 * melds,
                              max_size=14 - 3 * melds))
    if max(Counter(tiles).values()) > 4:
        tiles = sorted(tiles)[: len(tiles) - 1] + [draw(st.integers(0, 33))]
    if draw(st.booleans()):
        tiles[draw(st.integers(0, len(tiles) - 1))] = draw(st.integers(0, 33))
    wilds = draw(st.integers(0, max_wilds))
    order = draw(st.permutations(range(len(tiles))))
    naturals = [tiles[i] for i in order[wilds:]]
    rules = ShapeRules(honour_chows=honour_chows, seven_pairs=True,
                       four_as_two_pairs=draw(st.booleans()), shi_san_lan=True,
                       shi_san_yao=True)
    return to_counts(naturals), wilds, rules, melds


SLOW = settings(max_examples=int(os.environ.get("CORE_EXAMPLES", 150)), deadline=None,
                derandomize=not os.environ.get("CORE_RANDOM"),
                suppress_health_check=[HealthCheck.too_slow])


def _brute(hand_counts, wilds, rules, melds):
    return brute_shapes(hand_counts, wilds, rules.honour_chows, rules.seven_pairs,
                        rules.four_as_two_pairs, rules.shi_san_lan, rules.shi_san_yao, melds)


@SLOW
@given(near_complete())
def test_shapes_agree_with_brute_force(case):
    hand_counts, wilds, rules, melds = case
    if max(hand_counts) > 4:
        return
    assert shapes_of(hand_counts, wilds, rules, melds) == _brute(hand_counts, wilds, rules,
                                                                 melds)


def one_short(hand_counts: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """Take the lowest natural tile away: (that tile, the hand one short)."""
    drop = next(t for t, c in enumerate(hand_counts) if c)
    return drop, hand_counts[:drop] + (hand_counts[drop] - 1,) + hand_counts[drop + 1:]


@SLOW
@given(near_complete(max_wilds=2))
def test_waits_agree_with_brute_force(case):
    hand_counts, wilds, rules, melds = case
    if max(hand_counts) > 4 or sum(hand_counts) == 0:
        return
    _, short = one_short(hand_counts)
    expected = tuple(t for t in range(34) if _brute(
        short[:t] + (short[t] + 1,) + short[t + 1:], wilds, rules, melds))
    assert waits(short, wilds, rules, melds) == expected


@SLOW
@given(near_complete())
def test_every_reading_is_a_real_grouping(case):
    hand_counts, wilds, rules, melds = case
    if max(hand_counts) > 4:
        return
    for reading in readings(hand_counts, wilds, rules, melds):
        assert_real_reading(reading, hand_counts, wilds, rules)


@SLOW
@given(near_complete(max_wilds=4), st.booleans())
def test_standard_readings_are_every_combination_of_the_family_tables(case, pung_only):
    """The enumeration skips wild counts that the later families cannot be grouped with:
    it must still give exactly what every combination of the family groupings gives."""
    hand_counts, wilds, rules, _ = case
    if max(hand_counts) > 4:
        return
    found = list(standard_readings(hand_counts, wilds, rules.honour_chows, pung_only))
    assert sorted(map(_canonical, found)) == sorted(
        _every_combination(hand_counts, wilds, rules.honour_chows, pung_only))
    assert len(set(map(_canonical, found))) == len(found)


@SLOW
@given(near_complete(max_wilds=4), st.sampled_from(sorted({v.shapes for v in VARIANTS.values()})))
def test_shapes_after_is_shapes_of_each_tile_added(case, variant_rules):
    """``shapes_after`` answers for all 34 kinds at once what ``shapes_of`` answers of the
    hand with each added (a waiting hand's valuation reads it), melds, wilds and the
    all-pungs reading included, and tiles held four times too."""
    hand_counts, wilds, rules, melds = case
    if sum(hand_counts) == 0:
        return
    _, short = one_short(hand_counts)
    for shape_rules in (rules, variant_rules):
        after = shapes_after(short, wilds, shape_rules, melds)
        assert after == tuple(shapes_of(short[:t] + (short[t] + 1,) + short[t + 1:], wilds,
                                        shape_rules, melds) for t in range(34))


def _family_vectors():
    """Every wind and dragon family of up to four copies a tile, every suit of up to six
    tiles, and 3,000 seeded suits of any size."""
    for family in (WIND, DRAGON):
        yield from ((family, c) for c in product(range(5), repeat=SIZES[family]))
    for size in range(7):
        for ranks in combinations_with_replacement(range(9), size):
            yield NUM, tuple(ranks.count(r) for r in range(9))
    rng = random.Random(8)
    for _ in range(3000):
        yield NUM, tuple(rng.choice([0, 0, 0, 1, 1, 2, 3, 4]) for _ in range(9))


@cache
def _searched_min_wilds(family: int, counts: tuple[int, ...], pair: bool, chows: bool) -> int:
    """min_wilds by plain search, without its shortcuts: the lowest tile in a pung, the
    pair or any chow through it, each with wilds where a tile is missing."""
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0:
        return INF if pair else 0
    best = INF
    for take in range(1, min(3, counts[i]) + 1):
        rest = (*counts[:i], counts[i] - take, *counts[i + 1:])
        best = min(best, 3 - take + _searched_min_wilds(family, rest, pair, chows))
        if pair and take <= 2:
            best = min(best, 2 - take + _searched_min_wilds(family, rest, False, chows))
    for template in (_CHOWS[family] if chows else ()):
        if i in template:
            rest = list(counts)
            need = 0
            for j in template:
                if rest[j]:
                    rest[j] -= 1
                else:
                    need += 1
            best = min(best, need + _searched_min_wilds(family, tuple(rest), pair, chows))
    return best


_CHOWS = {NUM: [(s, s + 1, s + 2) for s in range(7)],
          WIND: [t for t in product(range(4), repeat=3) if t[0] < t[1] < t[2]],
          DRAGON: [(0, 1, 2)]}


def test_min_wilds_is_the_search_it_shortcuts():
    """min_wilds answers a family without chows per kind, and a suit that splits without
    wilds from that split, not by search: the same numbers as the search."""
    for family, family_counts in _family_vectors():
        for chows, pair in product((False, True), repeat=2):
            assert min_wilds(family, family_counts, pair, chows) == _searched_min_wilds(
                family, family_counts, pair, chows), (family, family_counts, pair, chows)


def test_family_after_is_min_wilds_with_each_tile_added():
    """The waits' per-family table settles most positions by bounds, not by a search: it
    must still say exactly what min_wilds says of the family with one more tile there."""
    for family, family_counts in _family_vectors():
        for chows in (False, True):
            plain, paired, after = family_after(family, family_counts, chows)
            assert (plain, paired) == (min_wilds(family, family_counts, False, chows),
                                       min_wilds(family, family_counts, True, chows))
            for pos in range(len(family_counts)):
                plus = (*family_counts[:pos], family_counts[pos] + 1, *family_counts[pos + 1:])
                assert after[pos] == (min_wilds(family, plus, False, chows),
                                      min_wilds(family, plus, True, chows)), (
                    family, family_counts, chows, pos)


@st.composite
def fourteen_with_wilds(draw):
    """14 tiles, some of them wilds, over few kinds (so pairs, triples and fours are common),
    and sometimes one tile short or over."""
    wilds = draw(st.integers(0, 8))
    size = 14 - wilds + draw(st.sampled_from([0, 0, 0, -1, 1]))
    tiles = draw(st.lists(st.integers(0, 7), min_size=max(size, 0), max_size=max(size, 0)))
    return to_counts(tiles), wilds


@settings(max_examples=400, deadline=None, derandomize=True)
@given(fourteen_with_wilds(), st.booleans())
def test_the_seven_pairs_check_agrees_with_the_reading(case, four_as_two):
    hand_counts, wilds = case
    if max(hand_counts) > 4:
        return
    assert special.seven_pairs_fit(hand_counts, wilds, four_as_two) == (
        special.seven_pairs(hand_counts, wilds, four_as_two) is not None)


def _canonical(reading) -> tuple:
    return tuple(sorted((g.kind, g.tiles, g.wild) for g in reading.groups
                        if not g.free)), sum(g.free for g in reading.groups)


def _every_combination(hand_counts, wilds, honour_chows, pung_only) -> list[tuple]:
    """No pruning: each family takes any number of wilds, the pair in any one place (or
    two free wilds), and what is left over must make free pungs."""
    parts = slices(hand_counts, honour_chows, pung_only)
    out = []
    for pair_at in range(len(parts) + 1):
        spare = wilds - (2 if pair_at == len(parts) else 0)
        per_family = [[(used, absolute(grouping, part.offset))
                       for used in range(spare + 1)
                       for grouping in groupings(part.family, part.counts, used,
                                                 k == pair_at, part.chows)]
                      for k, part in enumerate(parts)]
        for combo in product(*per_family):
            left = spare - sum(used for used, _ in combo)
            if left >= 0 and left % 3 == 0:
                groups = tuple(sorted((g.kind, g.tiles, g.wild)
                                      for _, family_groups in combo for g in family_groups))
                out.append((groups, left // 3 + (pair_at == len(parts))))
    return out


def assert_real_reading(reading, hand_counts, wilds, rules):
    """The reading uses exactly the natural tiles given and ``wilds`` wild slots, and each of
    its groups (free ones aside) is a valid set, pair or single."""
    used = [0] * 34
    wild_slots = 0
    for group in reading.groups:
        for tile, wild in zip(group.tiles, group.wild, strict=True):
            if wild:
                wild_slots += 1
            else:
                used[tile] += 1
        if not group.free:
            _check_group(group, rules)
    assert wild_slots == wilds
    assert tuple(used) == tuple(hand_counts)


def _check_group(group, rules):
    tiles = sorted(group.tiles)
    if group.kind == "pung":
        assert len(set(tiles)) == 1 and len(tiles) == 3
    elif group.kind == "pair":
        assert len(set(tiles)) == 1 and len(tiles) == 2
    elif group.kind == "chow":
        if tiles[0] < 27:
            assert tiles[2] - tiles[0] == 2 and tiles[0] // 9 == tiles[2] // 9
            assert len(set(tiles)) == 3
        else:
            assert rules.honour_chows and len(set(tiles)) == 3
            assert tuple(tiles) in WIND_CHOWS or tiles == [31, 32, 33]


def test_suit_table_matches_the_mod3_rule_on_every_suit():
    """The precomputed suit table agrees with the O(9) rule on all 5^9 suits (≤ 4 a rank)."""
    from itertools import product

    from rules.analysis import natural

    for part in product(range(5), repeat=9):
        if sum(part) > 14:
            continue
        expected = natural._classify(part)
        assert natural.SUIT_KIND.get(part, natural._BAD) == expected, part
