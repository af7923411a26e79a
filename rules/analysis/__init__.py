"""The hand-analysis core shared by every variant.

Inputs are canonical: the concealed tiles as a 34-long count vector (wild tiles taken out),
the number of wilds, the variant's :class:`ShapeRules` and the number of melds already
declared. The per-family tables are cached on each family's counts (bounded LRU caches), so
a hand sharing a family with another reuses its work across requests and across variants;
whole-hand answers are cached too, except the readings of a hand without wilds, which the
family tables give faster than a whole-hand cache could for a hand it has not seen.

* :func:`is_complete` — the win check (fast: per-family minimum-wild tables).
* :func:`readings` — every reading of a complete hand, all shapes.
* :func:`shapes_of` — which shapes a complete hand can take, without enumerating.
* :func:`best_readings` — one reading per shape (most wilds left free), without enumerating.
* :func:`waits` — the tile kinds that complete a hand one tile short.
* :func:`shapes_after` — for each tile kind, the shapes the hand would take with it added.
* :func:`shanten` / :func:`shanten_by_shape` — how far a hand is from ready (向听数), over
  every shape or shape by shape; :func:`improving_tiles` — the draws that bring it closer
  (进张). See :mod:`rules.analysis.shanten`.
"""

from __future__ import annotations

from collections.abc import Collection
from itertools import islice

from rules.analysis import best, natural, special, waiting
from rules.analysis.model import (
    QI_XING_SHI_SAN_LAN,
    SEVEN_PAIRS,
    SHAPES,
    SHI_SAN_LAN,
    SHI_SAN_YAO,
    STANDARD,
    Group,
    Reading,
    ShapeRules,
)
from rules.analysis.shanten import improving_tiles, shanten, shanten_by_shape
from rules.analysis.standard import min_wilds_standard, standard_readings
from rules.caches import cache_stats, cached, clear_caches

__all__ = [
    "QI_XING_SHI_SAN_LAN",
    "SEVEN_PAIRS",
    "SHAPES",
    "SHI_SAN_LAN",
    "SHI_SAN_YAO",
    "STANDARD",
    "Group",
    "Reading",
    "ShapeRules",
    "best_readings",
    "cache_stats",
    "clear_caches",
    "improving_tiles",
    "is_complete",
    "readings",
    "shanten",
    "shanten_by_shape",
    "shapes_after",
    "shapes_of",
    "standard_readings",
    "waits",
]

Counts = tuple[int, ...]


def _concealed_size(melds: int) -> int:
    return 14 - 3 * melds


@cached(1 << 14)
def shapes_of(counts: Counts, wilds: int, rules: ShapeRules, melds: int = 0) -> frozenset[str]:
    """The shapes the complete hand can take; ``"all_pungs"`` is added for a 碰碰胡 reading.

    Empty when the hand is not complete (or the tile count is not 14 - 3 × melds). Only the
    concealed tiles are analysed: whether the melds are pungs or chows is the caller's to
    check (a chow meld rules out 碰碰胡 whatever ``"all_pungs"`` says).
    """
    if sum(counts) + wilds != _concealed_size(melds):
        return frozenset()
    if wilds == 0:
        return _natural_shapes(counts, rules, melds)
    found = set()
    if min_wilds_standard(counts, rules.honour_chows) <= wilds:
        found.add(STANDARD)
        if min_wilds_standard(counts, pung_only=True) <= wilds:
            found.add("all_pungs")
    if melds == 0:
        if rules.seven_pairs and special.seven_pairs_fit(counts, wilds,
                                                         rules.four_as_two_pairs):
            found.add(SEVEN_PAIRS)
        if rules.shi_san_lan:
            lan = special.shi_san_lan(counts, wilds)
            if lan:
                found.add(lan.shape)
        if rules.shi_san_yao and special.shi_san_yao(counts, wilds):
            found.add(SHI_SAN_YAO)
    return frozenset(found)


def _natural_shapes(counts: Counts, rules: ShapeRules, melds: int) -> frozenset[str]:
    """:func:`shapes_of` without wilds, by the fast exact checks of :mod:`natural`."""
    found = []
    if natural.standard(counts, rules.honour_chows):
        found.append(STANDARD)
        if natural.all_pungs(counts):
            found.append("all_pungs")
    if melds == 0:
        found += _natural_special_shapes(counts, rules)
    return _frozen(tuple(found))


def _natural_special_shapes(counts: Counts, rules: ShapeRules) -> list[str]:
    """The shapes beyond four sets + a pair that a hand without wilds takes."""
    found = []
    if rules.seven_pairs and special.is_seven_pairs(counts, rules.four_as_two_pairs):
        found.append(SEVEN_PAIRS)
    if rules.shi_san_lan:
        lan = special.lan_shape(counts)
        if lan:
            found.append(lan)
    if rules.shi_san_yao and special.is_shi_san_yao(counts):
        found.append(SHI_SAN_YAO)
    return found


@cached(64)
def _frozen(shapes: tuple[str, ...]) -> frozenset[str]:
    """One shared frozenset per combination of shapes (there are only a few)."""
    return frozenset(shapes)


def is_complete(counts: Counts, wilds: int, rules: ShapeRules, melds: int = 0) -> bool:
    """Does the hand win in some shape the variant allows?"""
    return bool(shapes_of(counts, wilds, rules, melds))


def readings(counts: Counts, wilds: int, rules: ShapeRules, melds: int = 0,
             limit: int = 512) -> tuple[Reading, ...]:
    """Every reading of a complete hand (at most ``limit``; standard ones first).

    A hand with many wilds can be grouped in hundreds of ways that differ only in what a wild
    stands for; ``limit`` bounds the response while :func:`shapes_of` stays exact.

    Without wilds the readings come from the per-family tables in a few microseconds, less
    than a whole-hand cache costs for a hand it has not seen (the usual case: a server
    rarely sees one hand twice), so only hands with wilds are cached whole.
    """
    if wilds == 0:
        return _natural_readings(counts, rules, melds, limit)
    return _wild_readings(counts, wilds, rules, melds, limit)


@cached(1 << 12, name="readings")
def _wild_readings(counts: Counts, wilds: int, rules: ShapeRules, melds: int,
                   limit: int) -> tuple[Reading, ...]:
    shapes = shapes_of(counts, wilds, rules, melds)
    if not shapes:
        return ()
    found = tuple(islice(standard_readings(counts, wilds, rules.honour_chows), limit))
    return found + _special_readings(counts, wilds, rules, shapes)


def _natural_readings(counts: Counts, rules: ShapeRules, melds: int,
                      limit: int) -> tuple[Reading, ...]:
    """:func:`readings` without wilds. The suit tables hand out the standard readings
    directly (an empty answer is the win check), so no separate check runs first."""
    if sum(counts) != _concealed_size(melds):
        return ()
    found = natural.standard_readings(counts, rules.honour_chows)[:limit]
    special = _natural_special_shapes(counts, rules) if not melds else ()
    return found + _special_readings(counts, 0, rules, special) if special else found


def _special_readings(counts: Counts, wilds: int, rules: ShapeRules,
                      shapes: Collection[str]) -> tuple[Reading, ...]:
    """The single reading of each shape beyond four sets + a pair that the hand takes."""
    found = []
    if SEVEN_PAIRS in shapes:
        found.append(special.seven_pairs(counts, wilds, rules.four_as_two_pairs))
    if SHI_SAN_LAN in shapes or QI_XING_SHI_SAN_LAN in shapes:
        found.append(special.shi_san_lan(counts, wilds))
    if SHI_SAN_YAO in shapes:
        found.append(special.shi_san_yao(counts, wilds))
    return tuple(r for r in found if r is not None)


@cached(1 << 12)
def best_readings(counts: Counts, wilds: int, rules: ShapeRules,
                  melds: int = 0) -> tuple[Reading, ...]:
    """One reading for each shape of :func:`shapes_of`, found without enumerating readings.

    In order: the standard reading with the fewest wilds beside natural tiles (the others form free
    groups, readable as any set or pair), then, when the hand is also all pungs and that reading is
    not already one, the best all-pungs reading (碰碰胡 / 大七), then seven pairs,
    十三烂 (or 七星十三烂) and 十三幺. Empty when the hand is not complete.

    This is "the best reading" for a scorer whose value depends on the shape rather than on
    what each wild stands for; :func:`readings` remains for a scorer that needs them all.
    """
    shapes = shapes_of(counts, wilds, rules, melds)
    if not shapes:
        return ()
    out = []
    if STANDARD in shapes:
        standard_reading = best.best_standard(counts, wilds, rules.honour_chows)
        out.append(standard_reading)
        if "all_pungs" in shapes and not standard_reading.all_pungs:
            out.append(best.best_standard(counts, wilds, rules.honour_chows, pung_only=True))
    return tuple(out) + _special_readings(counts, wilds, rules, shapes)


@cached(1 << 12)
def waits(counts: Counts, wilds: int, rules: ShapeRules, melds: int = 0,
          wild_kinds: frozenset[int] = frozenset()) -> tuple[int, ...]:
    """Tile kinds that complete a hand one tile short (a drawn wild kind adds a wild).

    Tiles the hand already holds four of are still listed: the caller knows the melds and the
    table and filters what cannot be drawn.
    """
    if sum(counts) + wilds != _concealed_size(melds) - 1:
        return ()
    if wilds and not is_complete(counts, wilds + 1, rules, melds):
        return ()  # a drawn tile never does better than a wild, which may stand for it
    found = waiting.standard_waits(counts, wilds, rules.honour_chows)
    if melds == 0:
        found |= waiting.special_waits(counts, wilds, rules)
    found.difference_update(wild_kinds)
    if wild_kinds and is_complete(counts, wilds + 1, rules, melds):
        found |= wild_kinds  # a drawn jing is one more wild
    return tuple(sorted(found))


@cached(1 << 12)
def shapes_after(counts: Counts, wilds: int, rules: ShapeRules,
                 melds: int = 0) -> tuple[frozenset[str], ...]:
    """``[t]``: :func:`shapes_of` the hand with one more tile ``t``, for all 34 kinds.

    What a waiting hand's valuation asks of every tile it may win on, answered for the
    whole hand at once (:func:`rules.analysis.waiting.shapes_after`): the families the tile
    does not touch are looked up once, not once per tile. A kind held four times is
    answered too (as ``shapes_of`` would); the caller knows which tiles can be drawn.
    """
    return waiting.shapes_after(counts, wilds, rules, melds)
