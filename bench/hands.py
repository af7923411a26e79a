"""A fixed, seeded set of hands for the benchmarks: complete, incomplete, seven pairs, and
complete hands with 0-8 of their tiles turned into wilds."""

from __future__ import annotations

import random
from collections import Counter

from rules.tiles import to_counts

SEED = 20261129


def random_set(rng: random.Random) -> list[int]:
    """A pung (half the time) or a chow of a suit, at random."""
    if rng.random() < 0.5:
        return [rng.randrange(34)] * 3
    suit, start = rng.randrange(3), rng.randrange(7)
    return [suit * 9 + start + i for i in range(3)]


def complete_hand(rng: random.Random) -> list[int]:
    while True:
        tiles = [rng.randrange(34)] * 2
        for _ in range(4):
            tiles += random_set(rng)
        if max(Counter(tiles).values()) <= 4:
            return tiles


def seven_pairs_hand(rng: random.Random) -> list[int]:
    return [t for t in rng.sample(range(34), 7) for _ in range(2)]


def random_hand(rng: random.Random, size: int = 14) -> list[int]:
    wall = [t for t in range(34) for _ in range(4)]
    return rng.sample(wall, size)


def plain_hands(n: int = 300) -> list[list[int]]:
    """Wildcard-free 14-tile hands: 1/2 complete, 1/6 seven pairs, 1/3 random."""
    rng = random.Random(SEED)
    out = []
    for i in range(n):
        kind = i % 6
        out.append(complete_hand(rng) if kind < 3 else
                   seven_pairs_hand(rng) if kind == 3 else random_hand(rng))
    return out


def wild_hands(wilds: int, n: int = 100, short: bool = False,
               seed: int = SEED) -> list[tuple[tuple[int, ...], int]]:
    """Complete hands with ``wilds`` tiles replaced by wilds: (natural counts, wilds).

    With ``short`` one more natural tile is dropped: a hand one tile short (for waits).
    """
    rng = random.Random(seed + wilds * 7919 + short)
    out = []
    for _ in range(n):
        tiles = complete_hand(rng)
        rng.shuffle(tiles)
        naturals = tiles[wilds + short:]
        out.append((to_counts(naturals), wilds))
    return out
