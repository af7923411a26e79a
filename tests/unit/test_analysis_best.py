"""The fast paths of the core against its plain definitions.

``best_readings`` must give one real reading per shape, the standard one with the most
wilds left free of all readings; ``waits`` (family by family, with shortcuts) must equal
"every tile kind whose addition makes the hand complete", with many wilds too.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings

from rules.analysis import (
    QI_XING_SHI_SAN_LAN,
    SEVEN_PAIRS,
    SHI_SAN_LAN,
    SHI_SAN_YAO,
    STANDARD,
    ShapeRules,
    best_readings,
    clear_caches,
    is_complete,
    readings,
    shapes_of,
    waits,
)
from rules.tiles import parse_tiles, to_counts
from tests.unit.test_analysis import assert_real_reading, near_complete, one_short

ALL = ShapeRules(honour_chows=True, seven_pairs=True, shi_san_lan=True, shi_san_yao=True)
MANY = settings(max_examples=int(os.environ.get("CORE_EXAMPLES", 150)), deadline=None,
                derandomize=not os.environ.get("CORE_RANDOM"),
                suppress_health_check=[HealthCheck.too_slow])


def counts(text: str) -> tuple[int, ...]:
    return to_counts(parse_tiles(text))


def _free_wilds(reading) -> int:
    return sum(g.wilds for g in reading.groups if g.free)


@MANY
@given(near_complete(max_wilds=6))
def test_best_readings_are_real_and_cover_every_shape(case):
    hand_counts, wilds, rules, melds = case
    if max(hand_counts) > 4:
        return
    shapes = shapes_of(hand_counts, wilds, rules, melds)
    found = best_readings(hand_counts, wilds, rules, melds)
    assert bool(found) == bool(shapes)
    for reading in found:
        assert_real_reading(reading, hand_counts, wilds, rules)
    got = {r.shape for r in found}
    assert got == shapes - {"all_pungs"}
    if "all_pungs" in shapes:
        assert any(r.all_pungs for r in found)


@MANY
@given(near_complete(max_wilds=3))
def test_the_standard_reading_leaves_the_most_wilds_free(case):
    hand_counts, wilds, rules, melds = case
    if max(hand_counts) > 4 or STANDARD not in shapes_of(hand_counts, wilds, rules, melds):
        return
    every = [r for r in readings(hand_counts, wilds, rules, melds, limit=10_000)
             if r.shape == STANDARD]
    best = best_readings(hand_counts, wilds, rules, melds)[0]
    assert best.shape == STANDARD
    assert _free_wilds(best) == max(_free_wilds(r) for r in every)


@MANY
@given(near_complete(max_wilds=6))
def test_waits_equal_their_definition(case):
    hand_counts, wilds, rules, melds = case
    if max(hand_counts) > 4 or sum(hand_counts) == 0:
        return
    drop, short = one_short(hand_counts)
    wild_kinds = frozenset({drop, (drop + 9) % 34})
    expected = tuple(
        t for t in range(34)
        if (is_complete(short, wilds + 1, rules, melds) if t in wild_kinds else
            is_complete(short[:t] + (short[t] + 1,) + short[t + 1:], wilds, rules, melds)))
    clear_caches()
    assert waits(short, wilds, rules, melds, wild_kinds) == expected


def test_known_best_readings():
    # 11 natural tiles that are already 111m 456p 789s EE, and 3 wilds: one free pung.
    (std,) = [r for r in best_readings(counts("111m456p789sEE"), 3, ALL) if r.shape == STANDARD]
    assert sum(g.free for g in std.groups) == 1
    assert not any(any(g.wild) for g in std.groups if not g.free)
    pungs = best_readings(counts("111m444pEEE"), 5, ShapeRules())
    assert [r.all_pungs for r in pungs] == [True]  # the standard reading is already all pungs


def test_all_pungs_reading_is_given_when_the_best_one_has_a_chow():
    found = best_readings(counts("123m555pEE"), 6, ShapeRules())
    assert [r.all_pungs for r in found] == [False, True]


def test_special_shapes_each_get_their_reading():
    assert [r.shape for r in best_readings(counts("11223344556677m"), 0, ALL)] == [
        STANDARD, SEVEN_PAIRS]
    assert [r.shape for r in best_readings(counts("147m258p369sESWNC"), 0, ALL)] == [
        SHI_SAN_LAN]
    assert [r.shape for r in best_readings(counts("147m258p3sESWNCFP"), 0, ALL)] == [
        QI_XING_SHI_SAN_LAN]
    assert [r.shape for r in best_readings(counts("19m19p19sESWNCFPP"), 0, ALL)] == [
        SHI_SAN_YAO]


def test_an_incomplete_hand_has_no_best_reading():
    assert best_readings(counts("123m456p789sESWN"), 0, ShapeRules()) == ()


@MANY
@given(near_complete(max_wilds=0))
def test_natural_readings_from_the_table_equal_the_search(case):
    from rules.analysis import natural, standard

    hand_counts = case[0]
    if max(hand_counts) > 4:
        return
    for honour_chows in (False, True):
        assert list(natural.standard_readings(hand_counts, honour_chows)) == list(
            standard.standard_readings(hand_counts, 0, honour_chows))


def test_every_suit_of_the_table_splits_as_the_search_finds():
    from rules.analysis import families, natural

    for pattern, ways in list(natural.SUIT_GROUPINGS.items())[::7]:
        pair = sum(pattern) % 3 == 2
        assert ways == families.groupings(families.NUM, pattern, 0, pair, True), pattern
        families.groupings.cache_clear()
