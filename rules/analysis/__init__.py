"""The hand-analysis core shared by every variant.

Inputs are canonical: the concealed tiles as a 34-long count vector (wild tiles taken out),
the number of wilds, the variant's :class:`ShapeRules` and the number of melds already
declared. Everything is cached on those keys (bounded LRU caches), so the same hand, or a
hand sharing a family with it, reuses work across requests and across variants.

* :func:`is_complete` — the win check (fast: per-family minimum-wild tables).
* :func:`readings` — every reading of a complete hand, all shapes.
* :func:`shapes_of` — which shapes a complete hand can take, without enumerating.
* :func:`waits` — the tile kinds that complete a hand one tile short.
"""

from __future__ import annotations

from functools import lru_cache

from rules.analysis import families, natural, special, standard
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
from rules.analysis.standard import min_wilds_standard, standard_readings

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
    "cache_stats",
    "clear_caches",
    "is_complete",
    "readings",
    "shapes_of",
    "standard_readings",
    "waits",
]

Counts = tuple[int, ...]


def _concealed_size(melds: int) -> int:
    return 14 - 3 * melds


@lru_cache(maxsize=1 << 14)
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
        if rules.seven_pairs and special.seven_pairs(counts, wilds, rules.four_as_two_pairs):
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
        if rules.seven_pairs and special.is_seven_pairs(counts, rules.four_as_two_pairs):
            found.append(SEVEN_PAIRS)
        if rules.shi_san_lan:
            lan = special.lan_shape(counts)
            if lan:
                found.append(lan)
        if rules.shi_san_yao and special.is_shi_san_yao(counts):
            found.append(SHI_SAN_YAO)
    return _frozen(tuple(found))


@lru_cache(maxsize=64)
def _frozen(shapes: tuple[str, ...]) -> frozenset[str]:
    """One shared frozenset per combination of shapes (there are only a few)."""
    return frozenset(shapes)


def is_complete(counts: Counts, wilds: int, rules: ShapeRules, melds: int = 0) -> bool:
    """Does the hand win in some shape the variant allows?"""
    return bool(shapes_of(counts, wilds, rules, melds))


@lru_cache(maxsize=1 << 12)
def readings(counts: Counts, wilds: int, rules: ShapeRules, melds: int = 0,
             limit: int = 512) -> tuple[Reading, ...]:
    """Every reading of a complete hand (at most ``limit``; standard ones first).

    A hand with many wilds can be grouped in hundreds of ways that differ only in what a wild
    stands for; ``limit`` bounds the response while :func:`shapes_of` stays exact.
    """
    if not shapes_of(counts, wilds, rules, melds):
        return ()
    out: list[Reading] = []
    for reading in standard_readings(counts, wilds, rules.honour_chows):
        out.append(reading)
        if len(out) >= limit:
            break
    if melds == 0:
        extra = (
            special.seven_pairs(counts, wilds, rules.four_as_two_pairs)
            if rules.seven_pairs else None,
            special.shi_san_lan(counts, wilds) if rules.shi_san_lan else None,
            special.shi_san_yao(counts, wilds) if rules.shi_san_yao else None,
        )
        out.extend(r for r in extra if r)
    return tuple(out)


@lru_cache(maxsize=1 << 12)
def waits(counts: Counts, wilds: int, rules: ShapeRules, melds: int = 0,
          wild_kinds: frozenset[int] = frozenset()) -> tuple[int, ...]:
    """Tile kinds that complete a hand one tile short (a drawn wild kind adds a wild).

    Tiles the hand already holds four of are still listed: the caller knows the melds and the
    table and filters what cannot be drawn.
    """
    if sum(counts) + wilds != _concealed_size(melds) - 1:
        return ()
    found = []
    for tile in range(len(counts)):
        if tile in wild_kinds:
            ok = is_complete(counts, wilds + 1, rules, melds)
        else:
            plus = (*counts[:tile], counts[tile] + 1, *counts[tile + 1:])
            ok = is_complete(plus, wilds, rules, melds)
        if ok:
            found.append(tile)
    return tuple(found)


def cache_stats() -> dict[str, dict[str, int]]:
    """Hits, misses and size of every cache of the core (for /metrics and benchmarks)."""
    stats = {name: {"hits": h, "misses": m, "size": s}
             for name, (h, m, s) in families.cache_stats().items()}
    for fn in (shapes_of, readings, waits):
        info = fn.cache_info()
        stats[fn.__name__] = {"hits": info.hits, "misses": info.misses, "size": info.currsize}
    return stats


def clear_caches() -> None:
    """Empty every cache of the core (benchmarks measure cold starts with it)."""
    for fn in (shapes_of, readings, waits, families.min_wilds, families.groupings,
               standard._absolute):
        fn.cache_clear()
    natural.cache_clear()
