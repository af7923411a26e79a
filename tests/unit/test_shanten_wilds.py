"""Shanten with wilds (精), melds and every variant's shapes, against brute force.

The oracle (:mod:`tests.shanten_brute`) gives each wild every one of the 34 kinds and takes
the lowest natural number, each natural number found by a plain search over every set and
pair; the oracle itself is held to the definition read word for word (every complete hand
listed) where that is small enough. The core takes any :class:`ShapeRules` with wilds, so
guangdong's and qinzhou's shapes get wilds here too. -1 must be exactly
:func:`rules.analysis.is_complete`, and :func:`improving_tiles` exactly the draws (each of
the 34 kinds, a wild kind as one more wild) after which the number is lower.
"""

from __future__ import annotations

import random

import pytest

from rules.analysis import (
    ShapeRules,
    improving_tiles,
    is_complete,
    shanten,
    shanten_by_shape,
    waits,
)
from rules.tiles import compact, from_counts
from rules.variants import VARIANTS
from tests import shanten_brute as brute

SEED = 20261203
# The four variants' shapes; xingguo and nanchang share theirs, tested once under both names.
SHAPES: dict[str, ShapeRules] = {}
for _name in ("guangdong", "qinzhou", "xingguo", "nanchang"):
    _shapes = VARIANTS[_name].shapes
    _same = next((k for k, v in SHAPES.items() if v == _shapes), None)
    if _same:
        SHAPES[f"{_same}/{_name}"] = SHAPES.pop(_same)
    else:
        SHAPES[_name] = _shapes
ORPHANS = (0, 8, 9, 17, 18, 26, *range(27, 34))


def test_every_variants_shapes_are_tested():
    assert sorted(SHAPES) == ["guangdong", "qinzhou", "xingguo/nanchang"]


# ---------------------------------------------------------------------------- hands

def complete_tiles(rng: random.Random, rules: ShapeRules, melds: int) -> list[int]:
    """A complete concealed hand of a shape ``rules`` allows (natural, at most 4 copies)."""
    shapes = ["standard"] * 3
    if melds == 0:
        shapes += ["seven_pairs"] * rules.seven_pairs + ["lan"] * rules.shi_san_lan \
            + ["yao"] * rules.shi_san_yao
    while True:
        tiles = _shape_tiles(rng, rng.choice(shapes), rules, melds)
        if max(tiles.count(t) for t in tiles) <= 4:
            return tiles


def _shape_tiles(rng, shape, rules, melds) -> list[int]:
    if shape == "seven_pairs":
        kinds = rng.sample(range(34), 7)
        if rules.four_as_two_pairs and rng.random() < 0.5:
            kinds[-1] = kinds[0]  # four of a kind: two of the pairs
        return [t for t in kinds for _ in range(2)]
    if shape == "lan":
        sizes = rng.choice([(3, 3, 3), (3, 3, 2), (3, 2, 3), (2, 3, 3), (3, 3, 1), (3, 2, 2)])
        tiles = [base + r for base, n in zip((0, 9, 18), sizes, strict=True)
                 for r in rng.choice([s for s in brute.LAN_RANK_SETS if len(s) == n])]
        return tiles + rng.sample(range(27, 34), 14 - len(tiles))
    if shape == "yao":
        return [*ORPHANS, rng.choice(ORPHANS)]
    templates = brute.set_templates(rules.honour_chows)
    tiles = [rng.randrange(34)] * 2
    for _ in range(4 - melds):
        tiles += rng.choice(templates)
    return tiles


def dealt(rng: random.Random, size: int) -> list[int]:
    wall = [t for t in range(34) for _ in range(4)]
    return rng.sample(wall, size)


def hand(rng: random.Random, rules: ShapeRules, wilds: int, melds: int, short: bool,
         near: bool) -> tuple[tuple[int, ...], int]:
    """(natural counts, wilds): dealt at random, or (``near``) a complete hand with up to two
    tiles changed, one tile fewer when ``short``, ``wilds`` of its tiles turned wild."""
    size = 14 - 3 * melds - short
    if not near:
        return _counts(dealt(rng, size - wilds)), wilds
    while True:
        tiles = complete_tiles(rng, rules, melds)
        rng.shuffle(tiles)
        for i in range(rng.choice((0, 0, 1, 2))):
            tiles[i] = rng.randrange(34)
        tiles = tiles[wilds + short:]
        if max(tiles.count(t) for t in tiles) <= 4:
            return _counts(tiles), wilds


def _counts(tiles) -> tuple[int, ...]:
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return tuple(counts)


def text(counts, wilds, melds) -> str:
    return f"{compact(from_counts(counts))} + {wilds} wilds, {melds} melds"


# ---------------------------------------------------------------------------- the oracle

@pytest.mark.parametrize("honour_chows", [False, True])
def test_the_oracle_is_the_definition_read_word_for_word(honour_chows):
    """With 3 or 2 melds declared every complete hand can be listed: the fewest tiles any of
    them lacks, minus one, is the oracle's number and ours."""
    rng = random.Random(SEED + honour_chows)
    rules = ShapeRules(honour_chows=honour_chows)
    for i in range(60):
        melds = 3 if i % 3 else 2
        counts, _ = hand(rng, rules, 0, melds, short=bool(i % 2), near=i % 4 < 2)
        expected = brute.by_completions(counts, honour_chows, melds)
        assert brute.natural_shanten(counts, rules, melds) == expected, text(counts, 0, melds)
        assert shanten(counts, 0, rules, melds) == expected, text(counts, 0, melds)


def test_the_oracles_lan_suit_by_suit_is_every_lan_hand():
    """十三烂 counted suit by suit (the oracle's way) is the best over all ~80,000
    complete 十三烂 hands, listed."""
    rng = random.Random(SEED + 2)
    rules = SHAPES["xingguo/nanchang"]
    for i in range(80):
        counts, _ = hand(rng, rules, 0, 0, short=bool(i % 2), near=i % 3 > 0)
        assert brute.lan_kept(counts) == brute.lan_kept_by_targets(counts), text(counts, 0, 0)


# ---------------------------------------------------------------------------- natural hands

@pytest.mark.parametrize("name", SHAPES)
def test_natural_hands_shape_by_shape(name):
    rules = SHAPES[name]
    rng = random.Random(SEED + len(name))
    checked = 0
    for i in range(400):
        melds = (0, 0, 0, 1, 2, 3)[i % 6]
        counts, _ = hand(rng, rules, 0, melds, short=bool(i % 2), near=i % 4 < 2)
        _check(counts, 0, rules, melds, brute.natural_by_shape(counts, rules, melds))
        checked += 1
    print(f"{name}: {checked} natural hands, shape by shape")


def _check(counts, wilds, rules, melds, expected: dict[str, int]) -> None:
    where = text(counts, wilds, melds)
    by_shape = shanten_by_shape(counts, wilds, rules, melds)
    if by_shape != expected:
        print(f"{where}: ours {by_shape}, brute force {expected}")
    assert by_shape == expected, where
    number = shanten(counts, wilds, rules, melds)
    assert number == min(expected.values()), where
    assert (number == -1) == is_complete(counts, wilds, rules, melds), where


# ---------------------------------------------------------------------------- wilds

# (wilds, melds, hands per shape rules): small hands for the 34^k substitutions.
WILD_CASES = [(1, 0, 40), (1, 1, 16), (1, 2, 16), (2, 0, 4), (2, 1, 8), (2, 2, 16),
              (2, 3, 16), (3, 2, 2), (3, 3, 8)]


@pytest.mark.parametrize("name", SHAPES)
@pytest.mark.parametrize(("wilds", "melds", "hands"), WILD_CASES)
def test_wilds_are_the_best_kind_each_could_be(name, wilds, melds, hands):
    rules = SHAPES[name]
    rng = random.Random(SEED + 100 * wilds + 10 * melds + len(name))
    for i in range(hands):
        counts, w = hand(rng, rules, wilds, melds, short=bool(i % 2), near=i % 4 < 3)
        _check(counts, w, rules, melds, brute.wild_by_shape(counts, w, rules, melds))
    print(f"{name}: {hands} hands with {wilds} wilds and {melds} melds, every substitution")


@pytest.mark.parametrize("name", SHAPES)
def test_complete_and_ready_hands_with_wilds(name):
    """Complete hands with 0-4 of their tiles turned wild are -1 (and complete); one tile
    short they are ready, and the improving tiles are the waits."""
    rules = SHAPES[name]
    rng = random.Random(SEED + 3 + len(name))
    for i in range(300):
        melds, wilds = i % 3, i % 5
        tiles = complete_tiles(rng, rules, melds)
        rng.shuffle(tiles)
        counts = _counts(tiles[wilds:])
        assert shanten(counts, wilds, rules, melds) == -1, text(counts, wilds, melds)
        assert is_complete(counts, wilds, rules, melds)
        if wilds < len(tiles) - 1:
            short = _counts(tiles[wilds + 1:])
            assert shanten(short, wilds, rules, melds) == 0, text(short, wilds, melds)
            jing = frozenset(rng.sample([t for t in range(34) if not short[t]], i % 2))
            assert improving_tiles(short, wilds, rules, melds, jing) == waits(
                short, wilds, rules, melds, jing), text(short, wilds, melds)


# ---------------------------------------------------------------------------- improving

def every_draw(counts, wilds, rules, melds, wild_kinds) -> tuple[int, ...]:
    """Draw each of the 34 kinds and keep those after which the number is lower."""
    before = shanten(counts, wilds, rules, melds)
    lower = []
    for t in range(34):
        if t in wild_kinds:
            after = shanten(counts, wilds + 1, rules, melds)
        else:
            after = shanten((*counts[:t], counts[t] + 1, *counts[t + 1:]), wilds, rules, melds)
        if after < before:
            lower.append(t)
    return tuple(lower)


@pytest.mark.parametrize("name", SHAPES)
@pytest.mark.parametrize("with_wild_kinds", [False, True])
def test_improving_tiles_are_the_draws_that_lower_the_number(name, with_wild_kinds):
    rules = SHAPES[name]
    rng = random.Random(SEED + 5 + len(name) + with_wild_kinds)
    for i in range(400):
        melds, wilds = (0, 0, 0, 1, 2)[i % 5], (0, 0, 1, 2)[i % 4] * with_wild_kinds
        counts, wilds = hand(rng, rules, wilds, melds, short=True, near=i % 3 > 0)
        wild_kinds: frozenset[int] = frozenset()
        if with_wild_kinds:  # the jing's kinds, none of them among the natural tiles
            free = [t for t in range(34) if not counts[t]]
            wild_kinds = frozenset(rng.sample(free, 1 + i % 2))
        expected = every_draw(counts, wilds, rules, melds, wild_kinds)
        assert improving_tiles(counts, wilds, rules, melds, wild_kinds) == expected, (
            text(counts, wilds, melds), sorted(wild_kinds))


def test_improving_tiles_wants_a_hand_one_tile_short():
    counts = _counts(dealt(random.Random(SEED), 14))
    with pytest.raises(ValueError):
        improving_tiles(counts, 0, SHAPES["guangdong"])
    with pytest.raises(ValueError):
        shanten(counts[:-1] + (counts[-1] + 1,), 0, SHAPES["guangdong"])


def test_a_draw_lowers_by_one_at_most_and_a_discard_keeps_the_best():
    """The 14-tile number is the 13-tile number after the best discard."""
    rng = random.Random(SEED + 9)
    rules = SHAPES["xingguo/nanchang"]
    for _ in range(200):
        wilds = rng.randrange(3)
        counts = _counts(dealt(rng, 14 - wilds))
        after_discard = min(shanten((*counts[:t], counts[t] - 1, *counts[t + 1:]), wilds, rules)
                            for t in range(34) if counts[t])
        if wilds:
            after_discard = min(after_discard, shanten(counts, wilds - 1, rules))
        number = shanten(counts, wilds, rules)
        assert after_discard == (0 if number == -1 else number), text(counts, wilds, 0)

