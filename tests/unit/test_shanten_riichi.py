"""Our shanten against `mahjong`'s (riichi) ``Shanten.calculate_shanten`` (PyPI `mahjong`
2.1.0, pure Python), on seeded random closed hands dealt from a shuffled 136-tile wall.

What is compared, and why like is like:

* guangdong's shapes are four sets + a pair and 十三幺, without seven pairs: guangdong's
  seed lists no seven pairs, so riichi runs with ``use_chiitoitsu=False, use_kokushi=True``
  (this is the variant's rule, not chance);
* qinzhou's shapes are four sets + a pair and seven pairs, where four of a kind count as
  two pairs (its seed's 豪华七对). Riichi's chiitoitsu never counts them so, and riichi has
  no 十三幺 here: ``use_chiitoitsu=True, use_kokushi=False``;
* riichi's own shapes (all three, four of a kind one pair only) against
  ``ShapeRules(seven_pairs=True, four_as_two_pairs=False, shi_san_yao=True)``.

Riichi's dragons are 白 发 中 at 31-33 where ours are 中 发 白 (rules/tiles.py); the winds
and suits are the same.

Hands holding four of a kind are left out of the equality, by rule: riichi's regular-hand
calculator counts copies left. It will not let the fourth copy of a tile wait for a fifth
(its ``_flag_four_copies`` / ``_number_jidahai`` adjustments: ``1111m234p567p789s`` is
ready on a fifth 1m by shape, riichi says 1), and its chiitoitsu counts four of a kind as
one pair, which qinzhou's rule does not. Our core answers by the shapes alone and leaves
the copies left to the caller (as :func:`rules.analysis.waits` does: a real hand has at most
four natural copies, but a jing may stand for a fifth). On those hands riichi may only be
higher, and ours must be the shapes' own number (:mod:`tests.shanten_brute`); they are
counted and checked so.

That is the shapes' core only. What /advise answers without wilds counts the copies left as
riichi does (:mod:`rules.analysis.live`), and tests/unit/test_shanten_live.py compares it
with riichi on every dealt hand, four of a kind included.
"""

from __future__ import annotations

import random

import pytest
from mahjong.shanten import Shanten

from rules.analysis import ShapeRules, is_complete, shanten
from rules.tiles import GREEN, RED, WHITE, compact, from_counts, parse_tiles, to_counts
from rules.variants import VARIANTS
from tests import shanten_brute

GUANGDONG = VARIANTS["guangdong"].shapes
QINZHOU = VARIANTS["qinzhou"].shapes
RIICHI = ShapeRules(seven_pairs=True, four_as_two_pairs=False, shi_san_yao=True)
HANDS = 20_000  # per comparison: half of 14 tiles, half of 13
SEED = 20261202

# (our shape rules, riichi's flags)
COMPARISONS = {
    "guangdong": (GUANGDONG, {"use_chiitoitsu": False, "use_kokushi": True}),
    "qinzhou": (QINZHOU, {"use_chiitoitsu": True, "use_kokushi": False}),
    "riichi": (RIICHI, {"use_chiitoitsu": True, "use_kokushi": True}),
}


def test_the_variants_shapes_are_the_ones_compared():
    assert ShapeRules(four_as_two_pairs=False, shi_san_yao=True) == GUANGDONG
    assert ShapeRules(seven_pairs=True, four_as_two_pairs=True) == QINZHOU


def dealt_hands(n: int, seed: int) -> list[tuple[int, ...]]:
    """``n`` hands dealt from the top of a freshly shuffled wall, alternately 14 and 13."""
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    hands = []
    for i in range(n):
        rng.shuffle(wall)
        hands.append(to_counts(wall[:14 - i % 2]))
    return hands


def to_riichi(counts: tuple[int, ...]) -> list[int]:
    out = list(counts)
    out[31], out[32], out[33] = counts[WHITE], counts[GREEN], counts[RED]
    return out


@pytest.mark.parametrize("name", COMPARISONS)
def test_shanten_agrees_with_riichi(name):
    rules, flags = COMPARISONS[name]
    compared, disagreements, four_of_a_kind = 0, [], []
    for counts in dealt_hands(HANDS, SEED + len(name)):
        ours = shanten(counts, 0, rules)
        theirs = Shanten.calculate_shanten(to_riichi(counts), **flags)
        if 4 in counts:
            four_of_a_kind.append((counts, ours, theirs))
            continue
        compared += 1
        if ours != theirs:
            disagreements.append((counts, ours, theirs))
        if (ours == -1) != is_complete(counts, 0, rules):
            disagreements.append((counts, ours, "is_complete disagrees"))
    for counts, ours, theirs in disagreements:
        print(f"{name}: {to_text(counts)} ours {ours}, riichi {theirs}")
    print(f"{name}: {compared} hands compared with riichi, {len(disagreements)} "
          f"disagreements; {len(four_of_a_kind)} holding four of a kind checked apart")
    assert compared >= 0.99 * HANDS
    assert disagreements == []
    _check_four_of_a_kind(name, rules, four_of_a_kind)


def _check_four_of_a_kind(name, rules, hands):
    """Riichi counts the copies left, so it can only be higher; ours is the shapes'."""
    wrong = [(to_text(c), ours, theirs, shanten_brute.natural_shanten(c, rules))
             for c, ours, theirs in hands
             if ours > theirs or ours != shanten_brute.natural_shanten(c, rules)]
    for hand, ours, theirs, by_shapes in wrong:
        print(f"{name}: {hand} ours {ours}, riichi {theirs}, by the shapes {by_shapes}")
    higher = sum(theirs > ours for _, ours, theirs in hands)
    print(f"{name}: riichi higher on {higher} of the {len(hands)} (copies left counted)")
    assert hands and wrong == []


def to_text(counts: tuple[int, ...]) -> str:
    return compact(from_counts(counts))


@pytest.mark.parametrize(("hand", "ours", "riichi"), [
    # 111m 234p 567p 789s and a 1m as half the pair keep all 13 tiles: 13 - 13 = 0, ready
    # on a fifth 1m by shape; riichi refuses the fifth copy: 1.
    ("1111m234p567p789s", 0, 1),
    # EEE + E waiting for a fifth E, beside three chows: the same with an honour (riichi's
    # jidahai rule): 0 by shape, 1 for riichi.
    ("EEEE123m456m789m", 0, 1),
    # with 14 tiles the lone E is discarded (wait on 1p as the pair): both say 0.
    ("EEEE123m456m789m1p", 0, 0),
])
def test_four_copies_where_riichi_counts_the_copies_left(hand, ours, riichi):
    counts = to_counts(parse_tiles(hand))
    assert shanten(counts, 0, GUANGDONG) == ours
    assert shanten_brute.natural_shanten(counts, GUANGDONG) == ours
    assert Shanten.calculate_shanten(to_riichi(counts), use_chiitoitsu=False) == riichi
