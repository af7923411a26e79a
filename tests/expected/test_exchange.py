"""The exchange analysis (:mod:`rules.analysis.exchange`) against the shanten of the whole
hand: for every tile thrown and every kind drawn, ``shanten(H − d + x)`` is the exchange's
``base`` less one exactly where ``x`` helps. Hands of every variant's shapes, with melds,
with and without wilds, some clustered in one suit (where the tables are busiest)."""

from __future__ import annotations

import os
import random

import pytest

from rules.analysis import shanten
from rules.analysis.exchange import WILD, exchanges
from rules.variants import VARIANTS

HANDS = int(os.environ.get("EXCHANGE_HANDS", 120))
WILD_KINDS = frozenset({5, 6})  # 6m 7m as the jing in the wild variants


def _hands(variant: str, n: int):
    rng = random.Random(f"exchange-{variant}")
    kinds = WILD_KINDS if VARIANTS[variant].jing_fields else frozenset()
    for trial in range(n):
        melds = rng.choice([0, 0, 0, 1, 2, 3])
        wall = [t for t in range(34) for _ in range(4)]
        rng.shuffle(wall)
        if trial % 3 == 0:
            suit = rng.randrange(4)
            wall.sort(key=lambda t, suit=suit: (t // 9 != suit, rng.random()))
        counts, wilds = [0] * 34, 0
        for tile in wall[:13 - 3 * melds]:
            if tile in kinds:
                wilds += 1
            else:
                counts[tile] += 1
        yield tuple(counts), wilds, melds, kinds


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_exchange_is_the_whole_hands_shanten(variant):
    shapes = VARIANTS[variant].shapes
    checked = 0
    for counts, wilds, melds, kinds in _hands(variant, HANDS):
        thrown = set()
        for exchange in exchanges(counts, wilds, shapes, melds, kinds):
            thrown.add(exchange.thrown)
            short, short_wilds = list(counts), wilds
            if exchange.thrown == WILD:
                short_wilds -= 1
            else:
                short[exchange.thrown] -= 1
            for drawn in range(34):
                if drawn in kinds:
                    want = shanten(tuple(short), short_wilds + 1, shapes, melds)
                elif short[drawn] < 4:
                    grown = list(short)
                    grown[drawn] += 1
                    want = shanten(tuple(grown), short_wilds, shapes, melds)
                else:
                    continue
                assert exchange.base - ((exchange.helps >> drawn) & 1) == want, \
                    (counts, wilds, melds, exchange, drawn)
                checked += 1
        held = {t for t, n in enumerate(counts) if n} | ({WILD} if wilds else set())
        assert thrown == held  # one exchange per distinct tile, a wild once
    assert checked > 100 * HANDS


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_throws_that_keep_the_shanten_are_the_whole_lists(variant):
    """``most``: the exchanges whose base is at most it, exactly as the whole list has
    them (the engine asks with the hand's shanten for the throws that lead closer); every
    base is the hand's shanten or one more, and some hands have both."""
    shapes = VARIANTS[variant].shapes
    both = 0
    for counts, wilds, melds, kinds in _hands(variant, HANDS):
        now = shanten(counts, wilds, shapes, melds)
        whole = exchanges(counts, wilds, shapes, melds, kinds)
        assert {e.base for e in whole} <= {now, now + 1}
        kept = exchanges(counts, wilds, shapes, melds, kinds, now)
        assert kept == tuple(e for e in whole if e.base <= now)
        both += 0 < len(kept) < len(whole)
    assert both > HANDS // 4
