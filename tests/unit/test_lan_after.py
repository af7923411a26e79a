"""``special.lan_after``: the tiles that make 13 tiles 十三烂 or 七星十三烂, all at once and
without building readings, is exactly what ``special.shi_san_lan`` finds tile by tile.

The hands are drawn near the shape (a valid rank set per suit, some honours, a flaw now and
then: a pair, two ranks too close, a tile too many), with 0 to 6 wilds, so that every branch
is met: a wild left over, honours filled first (七星 or not), a suit whose added tile breaks
it, a suit whose added tile takes a free slot.
"""

from __future__ import annotations

import random

from rules.analysis import special
from rules.analysis.model import QI_XING_SHI_SAN_LAN, SHI_SAN_LAN
from rules.tiles import HONOURS

VALID_SUITS = list(special._LAN_SETS)
SEED = 13_000
HANDS = 6_000


def _one_by_one(counts: tuple[int, ...], wilds: int) -> dict[int, str]:
    """What the waits asked before: ``shi_san_lan`` of the hand with each tile added."""
    found = {}
    for tile in range(34):
        plus = list(counts)
        plus[tile] += 1
        reading = special.shi_san_lan(tuple(plus), wilds)
        if reading is not None:
            found[tile] = reading.shape
    return found


def _near_lan(rng: random.Random) -> tuple[tuple[int, ...], int]:
    counts = [0] * 34
    for base in (0, 9, 18):
        for r in rng.choice(VALID_SUITS):
            counts[base + r] = 1
    for tile in rng.sample(HONOURS, rng.randint(0, 7)):
        counts[tile] = 1
    if rng.random() < 0.2:  # a flaw: a pair, or a tile beside one held
        tile = rng.choice([t for t in range(34) if counts[t]])
        counts[tile if rng.random() < 0.5 or tile >= 27 else min(tile + 1, 26)] += 1
    held = [t for t in range(34) for _ in range(counts[t])]
    wilds = rng.randint(0, 6)
    natural = 13 - wilds + (1 if rng.random() < 0.05 else 0)  # now and then a tile too many
    while len(held) > natural:
        held.remove(rng.choice(held))
    while len(held) < natural:
        held.append(rng.randrange(34))
    out = [0] * 34
    for tile in held:
        out[tile] += 1
    return tuple(out), wilds


def test_every_tile_at_once_is_each_tile_alone():
    rng = random.Random(SEED)
    shapes = {SHI_SAN_LAN: 0, QI_XING_SHI_SAN_LAN: 0}
    empty = 0
    for _ in range(HANDS):
        counts, wilds = _near_lan(rng)
        found = special.lan_after(counts, wilds)
        assert found == _one_by_one(counts, wilds), (counts, wilds)
        empty += not found
        for shape in found.values():
            shapes[shape] += 1
    assert all(n > 100 for n in shapes.values()) and 100 < empty < HANDS - 100, (shapes, empty)


def test_a_worked_hand():
    """147m 258p 369s 东南西 and one wild (13 tiles): each suit is full, so the wild can only
    stand for an honour; any missing honour added (北, 中, 发, 白) leaves three honours
    missing for the one wild: 十三烂, not 七星; no suit tile fits."""
    counts = [0] * 34
    for tile in (0, 3, 6, 10, 13, 16, 20, 23, 26, 27, 28, 29):
        counts[tile] = 1
    assert special.lan_after(tuple(counts), 1) == {t: SHI_SAN_LAN for t in (30, 31, 32, 33)}
