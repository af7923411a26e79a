"""Shanten that counts only hands that can exist (rules/analysis/live.py, what /advise
answers for variants without wilds): no complete hand may hold a fifth copy of a tile, nor
more copies than the player has not seen.

Checked three ways:

* against `mahjong` (riichi) 2.1.0 ``Shanten.calculate_shanten``, which counts copies left
  the same way, on 20,000 dealt hands per comparison **with** the hands holding four of a
  kind (the class the shapes-only comparison in test_shanten_riichi.py sets apart);
* against literal definitions in tests/shanten_brute.py (every complete hand within the
  copies, listed one by one with 2 or 3 melds; every grouping, each copy taken out of the
  kind's cap, with none) on hands where the player also sees tiles elsewhere (discards);
* by hand, on the issue's own hands.
"""

from __future__ import annotations

import random

import pytest
from mahjong.shanten import Shanten

from rules.analysis import ShapeRules, shanten
from rules.analysis.live import live_improving, live_shanten
from rules.tiles import parse_tiles, to_counts
from tests import shanten_brute
from tests.unit.test_shanten_riichi import COMPARISONS, SEED, dealt_hands, to_riichi, to_text

HANDS = 20_000
QINZHOU_AS_RIICHI = ShapeRules(seven_pairs=True, four_as_two_pairs=False)


def unseen(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The copies a player holding ``counts`` (and seeing nothing else) has not seen."""
    return tuple(4 - c for c in counts)


@pytest.mark.parametrize("name", COMPARISONS)
def test_live_shanten_agrees_with_riichi_four_of_a_kind_included(name):
    rules, flags = COMPARISONS[name]
    disagreements, four = [], 0
    for counts in dealt_hands(HANDS, SEED + len(name)):
        ours = live_shanten(counts, unseen(counts), rules)
        theirs = Shanten.calculate_shanten(to_riichi(counts), **flags)
        four += 4 in counts
        if ours != theirs and not _four_as_two_pairs_explains(name, counts, ours, theirs):
            disagreements.append((to_text(counts), ours, theirs))
    print(f"{name}: {HANDS} hands, {four} holding four of a kind, "
          f"{len(disagreements)} disagreements")
    assert four >= 30  # the class is in, not left out
    assert disagreements == []


def _four_as_two_pairs_explains(name, counts, ours, theirs) -> bool:
    """qinzhou's seed counts four of a kind as two of the seven pairs (豪华七对); riichi's
    chiitoitsu counts them as one. Only there may ours be lower, and then ours with
    riichi's reading of four of a kind must equal riichi's number exactly."""
    return (name == "qinzhou" and 4 in counts and ours < theirs
            and live_shanten(counts, unseen(counts), QINZHOU_AS_RIICHI) == theirs)


def test_the_qinzhou_exception_is_real_and_can_fail():
    # 1111m 22p 33p 44s 55s 6s: with four 1m as two pairs, six pairs and a 6s: ready on
    # 6s (0); riichi's chiitoitsu counts 1111m as one pair (five pairs, one kind short: 1).
    counts = to_counts(parse_tiles("1111m2233p4455s6s"))
    qinzhou = COMPARISONS["qinzhou"][0]
    assert live_shanten(counts, unseen(counts), qinzhou) == 0
    assert Shanten.calculate_shanten(to_riichi(counts), use_chiitoitsu=True,
                                     use_kokushi=False) == 1
    assert _four_as_two_pairs_explains("qinzhou", counts, 0, 1)
    assert not _four_as_two_pairs_explains("guangdong", counts, 0, 1)
    assert not _four_as_two_pairs_explains("qinzhou", counts, 1, 0)


def _seen_elsewhere(rng: random.Random, counts: tuple[int, ...], n: int) -> tuple[int, ...]:
    """Caps (held + unseen) once ``n`` more tiles of the wall are seen in discards."""
    wall = [t for t in range(34) for _ in range(4 - counts[t])]
    seen = [0] * 34
    for t in rng.sample(wall, n):
        seen[t] += 1
    return tuple(4 - s for s in seen)


@pytest.mark.parametrize("melds", [2, 3])
@pytest.mark.parametrize("honour_chows", [False, True])
def test_melded_hands_against_every_complete_hand_within_the_copies(melds, honour_chows):
    rules = ShapeRules(honour_chows=honour_chows, seven_pairs=False)
    rng = random.Random(SEED + melds)
    checked = 0
    for _ in range(400):
        tiles = rng.sample([t for t in range(34) for _ in range(4)], 14 - 3 * melds)
        counts = to_counts(tiles[:14 - 3 * melds - rng.randint(0, 1)])
        caps = _seen_elsewhere(rng, counts, rng.randint(0, 40))
        budgets = tuple(c - h for c, h in zip(caps, counts, strict=True))
        want = shanten_brute.by_completions_within(counts, caps, honour_chows, melds)
        if want is None:
            continue
        checked += 1
        assert live_shanten(counts, budgets, rules, melds) == want, (to_text(counts), caps)
    assert checked >= 390


@pytest.mark.parametrize("name", ["guangdong", "qinzhou"])
def test_closed_hands_against_every_grouping_within_the_copies(name):
    rules = COMPARISONS[name][0]
    rules = ShapeRules(honour_chows=rules.honour_chows, seven_pairs=rules.seven_pairs,
                       four_as_two_pairs=rules.four_as_two_pairs)  # 十三幺 read apart
    rng = random.Random(SEED + len(name))
    lower = 0
    for counts in [*dealt_hands(50, SEED + 7 * len(name)), *_near_complete(rng, 70)]:
        caps = _gone(rng, counts, rng.randint(0, 6))
        budgets = tuple(c - h for c, h in zip(caps, counts, strict=True))
        ours = live_shanten(counts, budgets, rules)
        assert ours == shanten_brute.natural_shanten_within(counts, caps, rules), \
            (to_text(counts), caps)
        lower += ours > shanten(counts, 0, rules)
    print(f"{name}: the copies seen raised {lower} of 120 answers")
    assert lower >= 5  # the caps are exercised


def _gone(rng: random.Random, counts: tuple[int, ...], kinds: int) -> tuple[int, ...]:
    """Caps (held + unseen) once every unseen copy of ``kinds`` kinds the hand holds or lies
    next to is seen in discards: where a seen copy can change the answer."""
    near = sorted({t + d for t in range(34) if counts[t] for d in (-2, -1, 0, 1, 2)
                   if 0 <= t + d < 34 and (t < 27 or d == 0)})
    caps = [4] * 34
    for t in rng.sample(near, min(kinds, len(near))):
        caps[t] = counts[t]
    return tuple(caps)


def _near_complete(rng: random.Random, n: int) -> list[tuple[int, ...]]:
    """Hands one or two tiles from a complete four sets + a pair (13 and 14 tiles)."""
    hands = []
    while len(hands) < n:
        tiles = [rng.randrange(34)] * 2
        for _ in range(4):
            start = rng.randrange(27)
            tiles += [start] * 3 if rng.random() < 0.3 or start % 9 > 6 else \
                [start, start + 1, start + 2]
        rng.shuffle(tiles)
        tiles = tiles[:14 - len(hands) % 2 - rng.randint(0, 1)]
        tiles += [rng.randrange(34) for _ in range(14 - len(hands) % 2 - len(tiles))]
        counts = to_counts(tiles)
        if max(counts) <= 4:
            hands.append(counts)
    return hands


@pytest.mark.parametrize(("hand", "shapes", "live"), [
    # The hand: all four 1p held, "ready" on a fifth 1p by shape; 1-shanten.
    ("1111p234s567s789m", 0, 1),
    ("EEEE123m456m789m", 0, 1),
    # 14 tiles: throw one E and wait on 1p as the pair: ready either way.
    ("EEEE123m456m789m1p", 0, 0),
])
def test_four_held_cannot_wait_for_a_fifth(hand, shapes, live):
    counts = to_counts(parse_tiles(hand))
    guangdong = COMPARISONS["guangdong"][0]
    assert shanten(counts, 0, guangdong) == shapes
    assert live_shanten(counts, unseen(counts), guangdong) == live


def test_improving_tiles_never_name_a_tile_with_no_copy_left():
    counts = to_counts(parse_tiles("1111p234s567s789m"))
    guangdong = COMPARISONS["guangdong"][0]
    tiles = live_improving(counts, unseen(counts), guangdong)
    assert tiles and 9 not in tiles  # 1p is kind 9: none left
    assert all(unseen(counts)[t] for t in tiles)


def _families():
    """Every family shape the shortcut is claimed for: (family, size, chows)."""
    from rules.analysis.families import DRAGON, NUM, WIND
    return ((NUM, 9, True), (WIND, 4, True), (WIND, 4, False), (DRAGON, 3, True),
            (DRAGON, 3, False))


def test_the_shortcut_is_exact_on_every_family_it_is_taken_for():
    """capped_cover returns the shapes' table without searching when no kind is held four
    times and each has min(4 - held, 2) copies left or more. Proof by exhaustion: on every
    family holding 0-3 of each kind (at most 14 tiles), at exactly those budgets (fewer
    copies left than any shortcut case; more can only help), the search gives the shapes'
    table. Dropping the bound to 1 finds differences: the check can fail."""
    from itertools import product

    from rules.analysis.live import SAFE_BUDGET, searched_cover
    from rules.analysis.shanten import family_cover
    checked, below = 0, 0
    for family, size, chows in _families():
        for counts in product(range(4), repeat=size):
            if sum(counts) > 14:
                continue
            budgets = tuple(min(4 - c, SAFE_BUDGET) for c in counts)
            assert searched_cover(family, counts, budgets, chows) == \
                family_cover(family, counts, chows), (family, counts, budgets)
            checked += 1
            if checked % 97 == 0:  # a sample below the bound differs somewhere
                tighter = tuple(min(4 - c, SAFE_BUDGET - 1) for c in counts)
                below += searched_cover(family, counts, tighter, chows) != \
                    family_cover(family, counts, chows)
    assert checked > 160_000 and below > 0


def _one_suit_heavy(rng: random.Random, n: int) -> list[tuple[int, ...]]:
    """14-tile hands with 11-14 tiles of one suit, half of them holding four of a kind: the
    suits the import-time tables do not hold, searched within the copies."""
    hands = []
    while len(hands) < n:
        suit = 9 * rng.randrange(3)
        tiles = [suit + rng.randrange(9)] * 4 * (len(hands) % 2)
        while len(tiles) < rng.randint(11, 14):
            tiles.append(suit + rng.randrange(9))
        while len(tiles) < 14:
            tiles.append(rng.randrange(34))
        counts = to_counts(tiles)
        if max(counts) <= 4:
            hands.append(counts)
    return hands


@pytest.mark.parametrize("name", COMPARISONS)
def test_a_hands_discards_read_together_are_each_discard_read_alone(name):
    """live_discards (a 14-tile hand's families' tables searched once, one family moved per
    discard, rules.analysis.capped.after_discard) against live_shanten and live_improving
    of each 13 tiles left, asked alone with every cache emptied first (the path the
    comparisons above check against riichi and the brute force); and advice's number of
    the 14 tiles read from its discards against live_shanten of the 14 tiles. On dealt,
    near-complete and one-suit hands, with melds, the copies cut as a player sees them."""
    from rules.advice import _live_number
    from rules.analysis import clear_caches
    from rules.analysis.live import live_discards
    rules = COMPARISONS[name][0]
    rng = random.Random(SEED + 3 * len(name))
    hands = [*dealt_hands(200, SEED + 11 * len(name))[::2],
             *[h for h in _near_complete(rng, 140) if sum(h) == 14],
             *_one_suit_heavy(rng, 100)]
    short = 0
    for i, counts in enumerate(hands):
        melds = i % 3 if i % 5 == 0 else 0
        while sum(counts) > 14 - 3 * melds:  # a meld's tiles leave the hand
            most = max(range(34), key=counts.__getitem__)
            counts = tuple(c - (t == most) for t, c in enumerate(counts))
        caps = _gone(rng, counts, rng.randint(0, 6)) if i % 2 else \
            _seen_elsewhere(rng, counts, rng.randint(0, 40))
        budgets = tuple(c - h for c, h in zip(caps, counts, strict=True))
        clear_caches()
        together = live_discards(counts, budgets, rules, melds)
        clear_caches()
        alone = tuple((t, live_shanten(after, budgets, rules, melds),
                       live_improving(after, budgets, rules, melds))
                      for t in range(34) if counts[t]
                      for after in (tuple(c - (k == t) for k, c in enumerate(counts)),))
        assert together == alone, (to_text(counts), budgets, melds)
        clear_caches()
        assert _live_number(counts, rules, melds, together) == \
            live_shanten(counts, budgets, rules, melds), (to_text(counts), budgets, melds)
        short += any(b < 2 for b in budgets)
    assert len(hands) >= 250 and short >= len(hands) // 3  # the copies bind often
