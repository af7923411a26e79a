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


def _checked(counts, wilds, shapes, melds, kinds) -> int:
    """Every exchange of the hand held to the whole hand's shanten: ``shanten(H − d + x)`` is
    the exchange's base less one exactly where x helps. How many were checked."""
    checked = 0
    for exchange in exchanges(counts, wilds, shapes, melds, kinds):
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
    return checked


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_exchange_is_the_whole_hands_shanten(variant):
    shapes = VARIANTS[variant].shapes
    checked = 0
    for counts, wilds, melds, kinds in _hands(variant, HANDS):
        checked += _checked(counts, wilds, shapes, melds, kinds)
        thrown = {e.thrown for e in exchanges(counts, wilds, shapes, melds, kinds)}
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


def test_a_hand_left_alike_in_another_setting_keeps_its_own_helping_kinds():
    """What helps the hand a throw leaves is kept by that hand (``_LEFT_HELPS``): its
    natural counts, its wilds (the melds beside it follow from its size) and the shapes.
    The same ten natural tiles (123m 456m 78m 22p) are held with three wilds, or beside a
    meld with none, under xingguo's shapes (honour chows); and, with 5s 1z 2z more, under
    xingguo's shapes and guangdong's. Each throw leaves the same natural tiles in both
    settings of a pair, and each setting's exchanges must still equal its own shanten: a
    key without the wilds, or without the shapes, fails here."""
    natural = [0] * 34
    for tile in (0, 1, 2, 3, 4, 5, 6, 7, 10, 10):
        natural[tile] += 1
    xingguo, guangdong = VARIANTS["xingguo"].shapes, VARIANTS["guangdong"].shapes
    for shapes, wilds, melds in ((xingguo, 3, 0), (xingguo, 0, 1)):
        assert _checked(tuple(natural), wilds, shapes, melds, WILD_KINDS) > 100
    for tile in (22, 27, 28):
        natural[tile] += 1
    for shapes, kinds in ((xingguo, WILD_KINDS), (guangdong, frozenset())):
        assert _checked(tuple(natural), 0, shapes, 0, kinds) > 100
