"""In guangdong and qinzhou, which score each win alone, the expected-value engine keeps a
self-drawn win's total by the complete hand it makes (``SeatPrices._won_totals`` in
rules/expected.py: one bounded map for every seat): the ready hands of one seat that
complete to the same 14 tiles are scored once. Every total kept so must be what scoring
the win on its own says (``Variant.wait_value``), and where a total reads the tile won on
(guangdong's 纯正九莲) the tile is part of the key."""

from __future__ import annotations

import random
from unittest import mock

import pytest

from rules.analysis import waits
from rules.expected import SeatPrices
from rules.model import PUNG, SELF_DRAW, EvaluateRequest, Flags, Jing, Meld, PlayerTiles
from rules.options import resolve
from rules.tiles import EAST, RED, SOUTH, parse_tiles
from rules.variant import Variant
from rules.variants import VARIANTS

SHARED = ("guangdong", "qinzhou")
COMPLETE_HANDS = 200  # a variant and seat: some 2,000 ready hands around them


def _seat(name: str, melds: tuple[Meld, ...] = (), dealer: bool = True,
          options: dict | None = None) -> SeatPrices:
    variant = VARIANTS[name]
    rules = resolve(variant.options, options or {}, name)
    return SeatPrices(variant, melds, dealer, None if dealer else SOUTH, EAST, Jing(),
                      tuple(sorted(rules.items())))


def _tiles(counts: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(t for t, n in enumerate(counts) for _ in range(n))


def _priced(seat: SeatPrices, counts: tuple[int, ...], tiles: tuple[int, ...],
            ) -> dict[int, float]:
    """The seat's totals of the ready hand ``counts`` (what it priced before kept)."""
    return seat.wait_totals(_tiles(counts), tiles)


def _reference(seat: SeatPrices, counts: tuple[int, ...], tiles: tuple[int, ...],
               ) -> dict[int, float]:
    """Each tile scored on its own: ``wait_value`` of the seat's self-drawn request."""
    asked = seat._asked
    request = EvaluateRequest(asked.variant, PlayerTiles(_tiles(counts), seat.melds), None,
                              SELF_DRAW, asked.dealer, None, asked.seat_wind,
                              asked.round_wind, asked.jing, Flags(), asked.rules)
    found = {}
    for tile in tiles:
        total = seat.variant.wait_value(request, tile).total
        if total is not None:
            found[tile] = float(total)
    return found


def _complete(rng: random.Random, kinds: list[int], beside: list[int],
              melds: int) -> list[int] | None:
    """A complete hand's counts, melds' tiles included: sets and a pair, or seven pairs,
    of ``kinds``; None when it would hold a fifth copy."""
    counts = list(beside)
    seven = not melds and rng.random() < 0.2
    for _ in range(7 if seven else 4 - melds):
        start = rng.choice(kinds)
        if seven:
            group = [start, start]
        elif start < 27 and start % 9 <= 6 and rng.random() < 0.5:
            group = [start, start + 1, start + 2]
        else:
            group = [start] * 3
        for tile in group:
            counts[tile] += 1
    if not seven:
        counts[rng.choice(kinds)] += 2
    return None if max(counts) > 4 else counts


def _ready_hands(rng: random.Random, name: str, melds: tuple[Meld, ...],
                 ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Ready hands (counts, the tiles they win on with a copy left) beside ``melds``, in a
    random order: :data:`COMPLETE_HANDS` complete hands, each less each kind it holds in
    turn (as a graph reaches the ready hands around a complete one), so that many
    complete alike."""
    shapes = VARIANTS[name].shapes
    beside = [0] * 34
    for meld in melds:
        for tile in meld.tiles:
            beside[tile] += 1
    kinds = rng.sample(range(34), 14)
    found = []
    made = 0
    while made < COMPLETE_HANDS:
        counts = _complete(rng, kinds, beside, len(melds))
        if counts is None:
            continue
        made += 1
        concealed = [c - b for c, b in zip(counts, beside, strict=True)]
        for lacking in [t for t in range(34) if concealed[t]]:
            concealed[lacking] -= 1
            hand = tuple(concealed)
            concealed[lacking] += 1
            tiles = tuple(t for t in waits(hand, 0, shapes, len(melds))
                          if hand[t] + beside[t] < 4)
            if tiles:
                found.append((hand, tiles))
    rng.shuffle(found)
    return found


def _counting_scorings():
    """``Variant.wait_value`` counted (each tile scored on its own), still scoring."""
    return mock.patch.object(Variant, "wait_value", autospec=True,
                             side_effect=Variant.wait_value)


@pytest.mark.parametrize("name", SHARED)
@pytest.mark.parametrize("melded", [False, True])
def test_every_total_kept_by_complete_hand_is_the_tile_by_tile_total(name: str, melded: bool):
    """Hundreds of ready hands of one seat priced in turn (as a review prices them): each
    hand's totals equal each tile scored on its own, and hands completing alike did share
    (far fewer scorings than wins)."""
    rng = random.Random(4242 + melded)
    melds = (Meld(PUNG, (RED, RED, RED)),) if melded else ()
    seat = _seat(name, melds)
    hands = _ready_hands(rng, name, melds)
    with _counting_scorings() as scored:
        got = [_priced(seat, hand, tiles) for hand, tiles in hands]
    wins = sum(len(tiles) for _, tiles in hands)
    assert scored.call_count < 0.7 * wins  # shared, or this test checks nothing new
    for (hand, tiles), totals in zip(hands, got, strict=True):
        assert totals == _reference(seat, hand, tiles), (hand, tiles)


def _counts(tiles: str) -> tuple[int, ...]:
    counts = [0] * 34
    for tile in parse_tiles(tiles):
        counts[tile] += 1
    return tuple(counts)


def test_two_ready_hands_completing_alike_are_scored_once():
    """123m 456m 789m 123p 55p, complete, comes from 123m456m789m123p5p won on 5p and from
    23m456m789m123p55p won on 1m: one scoring for both, at the same total."""
    seat = _seat("guangdong")
    first, second = _counts("123456789m1235p"), _counts("23456789m12355p")
    five_p, one_m = parse_tiles("5p")[0], parse_tiles("1m")[0]
    with _counting_scorings() as scored:
        one = _priced(seat, first, (five_p,))
        two = _priced(seat, second, (one_m,))
    assert scored.call_count == 1
    assert one[five_p] == two[one_m] == _reference(seat, second, (one_m,))[one_m]


@pytest.mark.parametrize("pure", [True, False])
def test_pure_nine_gates_keeps_the_tile_won_on(pure: bool):
    """11123455678999m (concealed) is 九莲宝灯 won on 5m from 1112345678999m. Won on 9m
    from 1112345567899m it is 九莲宝灯 only without ``jiu_lian_pure`` (the hand before the
    tile is not 1112345678999): with it, the two wins make the same 14 tiles and must be
    priced apart, each as scoring it alone does; without it they are worth the same and
    are scored once."""
    seat = _seat("guangdong", options={"jiu_lian_pure": pure})
    gates, other = _counts("1112345678999m"), _counts("1112345567899m")
    five, nine = parse_tiles("5m")[0], parse_tiles("9m")[0]
    with _counting_scorings() as scored:
        won_on_five = _priced(seat, gates, (five,))[five]
        won_on_nine = _priced(seat, other, (nine,))[nine]
    assert won_on_five == _reference(seat, gates, (five,))[five]
    assert won_on_nine == _reference(seat, other, (nine,))[nine]
    if pure:
        assert scored.call_count == 2
        assert won_on_nine < won_on_five  # 清一色 within the cap, against 九莲宝灯
    else:
        assert scored.call_count == 1
        assert won_on_nine == won_on_five
