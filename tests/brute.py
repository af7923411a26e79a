"""Slow, obviously-correct reference implementations the core is checked against.

Wilds are handled the naive way: every wild is replaced by every one of the 34 kinds (34^k
hands), and each substituted hand is checked by plain recursion.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, pairwise, product

WIND_CHOWS = [tuple(27 + i for i in c) for c in combinations(range(4), 3)]
DRAGON_CHOW = (31, 32, 33)


def _set_templates(tile: int, honour_chows: bool, pung_only: bool) -> list[tuple[int, ...]]:
    """Every set whose smallest tile is ``tile``."""
    sets = [(tile, tile, tile)]
    if pung_only:
        return sets
    if tile < 27 and tile % 9 <= 6:
        sets.append((tile, tile + 1, tile + 2))
    if honour_chows:
        sets += [c for c in [*WIND_CHOWS, DRAGON_CHOW] if c[0] == tile]
    return sets


@cache
def all_sets(counts: tuple[int, ...], honour_chows: bool, pung_only: bool = False) -> bool:
    """Can ``counts`` be split entirely into sets?"""
    tile = next((t for t, c in enumerate(counts) if c), None)
    if tile is None:
        return True
    for s in _set_templates(tile, honour_chows, pung_only):
        rest = list(counts)
        for t in s:
            rest[t] -= 1
        if min(rest) >= 0 and all_sets(tuple(rest), honour_chows, pung_only):
            return True
    return False


def natural_standard(counts: tuple[int, ...], honour_chows: bool, pung_only: bool = False) -> bool:
    """Sets + exactly one pair, no wilds: try every pair.

    A count above 4 is allowed: a wild may stand for a fifth copy of a tile it completes.
    """
    if sum(counts) % 3 != 2:
        return False
    for t, c in enumerate(counts):
        if c >= 2:
            rest = (*counts[:t], c - 2, *counts[t + 1:])
            if all_sets(rest, honour_chows, pung_only):
                return True
    return False


def natural_seven_pairs(counts, four_as_two: bool) -> bool:
    if sum(counts) != 14 or any(c % 2 for c in counts):
        return False
    return four_as_two or max(counts) <= 2


def natural_lan(counts) -> str | None:
    if sum(counts) != 14 or max(counts) > 1:
        return None
    for base in (0, 9, 18):
        ranks = [r for r in range(9) if counts[base + r]]
        if any(b - a < 3 for a, b in pairwise(ranks)):
            return None
    return "qi_xing_shi_san_lan" if all(counts[27:34]) else "shi_san_lan"


def natural_yao(counts) -> bool:
    orphans = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
    return (sum(counts) == 14 and all(counts[t] >= 1 for t in orphans)
            and sum(counts[t] for t in orphans) == 14)


def substitutions(counts: tuple[int, ...], wilds: int):
    """Every hand made by giving each wild a kind (34^k, without repeats of the same multiset)."""
    for choice in product(range(34), repeat=wilds):
        if list(choice) != sorted(choice):
            continue
        c = list(counts)
        for t in choice:
            c[t] += 1
        yield tuple(c)


def brute_shapes(counts, wilds, honour_chows=False, seven_pairs=False, four_as_two=True,
                 lan=False, yao=False, melds=0) -> frozenset[str]:
    found = set()
    for c in substitutions(counts, wilds):
        if natural_standard(c, honour_chows):
            found.add("standard")
            if natural_standard(c, False, pung_only=True):
                found.add("all_pungs")
        if melds == 0:
            if seven_pairs and natural_seven_pairs(c, four_as_two):
                found.add("seven_pairs")
            if lan:
                shape = natural_lan(c)
                if shape:
                    found.add(shape)
            if yao and natural_yao(c):
                found.add("shi_san_yao")
    if "qi_xing_shi_san_lan" in found:
        found.discard("shi_san_lan")
    return frozenset(found)
