"""The natural waits (no wilds) read family by family equal the whole-hand check tile by
tile: :func:`rules.analysis.waiting.natural_standard_waits` reads the families that do not
take the tile once, where it used to check the whole hand again for each tile."""

from __future__ import annotations

import random

import pytest

from rules.analysis import natural
from rules.analysis.waiting import _with, natural_standard_waits

HANDS = 6_000


def _hands(seed: int) -> list[tuple[int, ...]]:
    """Hands of 13, 10, 7, 4 and 1 tiles (0-4 melds beside them): a third drawn at random,
    a third from one suit and the honours, a third built of groups (chows, pungs, pairs and
    four of a kind) less a tile, so that many are ready and some hold four copies (the
    fifth copy a probe adds is read as the whole-hand check reads it)."""
    rng = random.Random(seed)
    out = []
    for n in range(HANDS):
        size = rng.choice((13, 10, 7, 4, 1))
        if n % 3 == 2:
            out.append(_built(rng, size))
            continue
        kinds = list(range(34))
        if n % 3 == 0:
            low = rng.choice((0, 9, 18))
            kinds = [*range(low, low + 9), *range(27, 34)]
        counts = [0] * 34
        for tile in rng.sample([k for k in kinds for _ in range(4)], size):
            counts[tile] += 1
        out.append(tuple(counts))
    return out


def _built(rng: random.Random, size: int) -> tuple[int, ...]:
    """Groups (a chow of a suit or of honours, a pung, a pair, four of a kind) until
    ``size`` + 1 tiles or more, a random tile taken away until ``size`` are left; a kind
    past four copies is dropped to four."""
    tiles: list[int] = []
    while len(tiles) < size + 1:
        kind = rng.randrange(34)
        shape = rng.choice(("chow", "chow", "pung", "pair", "four"))
        if shape == "chow" and kind < 27 and kind % 9 <= 6:
            tiles += [kind, kind + 1, kind + 2]
        elif shape == "chow" and kind >= 27:
            tiles += rng.sample(range(27, 31) if kind < 31 else range(31, 34), 3)
        else:
            tiles += [kind] * {"chow": 3, "pung": 3, "pair": 2, "four": 4}[shape]
    while len(tiles) > size:
        tiles.pop(rng.randrange(len(tiles)))
    counts = [0] * 34
    for tile in tiles:
        counts[tile] = min(4, counts[tile] + 1)
    return tuple(counts)


@pytest.mark.parametrize("honour_chows", [False, True])
def test_natural_waits_are_the_tiles_the_whole_hand_check_accepts(honour_chows):
    ready = 0
    for counts in _hands(20_261_207):
        whole = [t for t in range(34) if natural.standard(_with(counts, t), honour_chows)]
        assert natural_standard_waits(counts, honour_chows) == whole, counts
        ready += bool(whole)
    assert ready > HANDS // 10  # enough ready hands for the check to mean something
