"""Fast exact checks for hands without wilds (the common case in three variants).

A suit splits into sets exactly when, scanning ranks upward, the chows starting at each rank
are the remainder mod 3 of what is left there: three equal chows are always three pungs, so
no other count needs trying. That makes the check O(9) per suit with no search at all.
"""

from __future__ import annotations

from functools import lru_cache

from rules.analysis.families import DRAGON, WIND, min_wilds


def suit_sets(c: tuple[int, ...]) -> bool:
    """Can the 9 counts of one suit be split into chows and pungs only?"""
    before, last = 0, 0  # chows started two ranks back, and one rank back
    for n in c:
        n -= before + last
        if n < 0:
            return False
        before, last = last, n % 3
    return before == 0 and last == 0


def suit_sets_and_pair(c: tuple[int, ...]) -> bool:
    """Sets plus exactly one pair within one suit.

    Every set's ranks sum to 0 mod 3, so the pair's rank i satisfies 2i ≡ Σ rank × count
    (mod 3): only every third rank needs trying.
    """
    weight = sum(r * n for r, n in enumerate(c)) * 2 % 3
    for i in range(weight, 9, 3):
        n = c[i]
        if n >= 2 and suit_sets((*c[:i], n - 2, *c[i + 1:])):
            return True
    return False


@lru_cache(maxsize=1 << 10)
def _honours_with_chows(family: int, c: tuple[int, ...], pair: bool) -> bool:
    return min_wilds(family, c, pair, True) == 0


def standard(counts: tuple[int, ...], honour_chows: bool) -> bool:
    """Four sets + a pair (any number of sets), no wilds."""
    has_pair = False
    if honour_chows:
        for family, lo, hi in ((WIND, 27, 31), (DRAGON, 31, 34)):
            part = counts[lo:hi]
            size = sum(part) % 3
            if size == 1 or (size == 2 and has_pair):
                return False
            if size == 2:
                has_pair = True
            if not _honours_with_chows(family, part, size == 2):
                return False
    else:
        for n in counts[27:]:
            if n % 3 == 2:  # a pair (and a pung, for the fifth copy a waits probe adds)
                if has_pair:
                    return False
                has_pair = True
            elif n % 3 == 1:
                return False
    for lo in (0, 9, 18):
        part = counts[lo:lo + 9]
        kind = _SUIT_KIND.get(part)
        if kind is None:
            kind = _suit_kind(part)
        if kind == _PAIR:
            if has_pair:
                return False
            has_pair = True
        elif kind == _BAD:
            return False
    return has_pair


_BAD, _SETS, _PAIR = 0, 1, 2
_SUIT_KIND: dict[tuple[int, ...], int] = {}  # a suit's 9 counts → _BAD / _SETS / _PAIR
_SUIT_KIND_MAX = 1 << 16


def _suit_kind(part: tuple[int, ...]) -> int:
    """Classify one suit and remember it (bounded: the table is emptied when full)."""
    size = sum(part) % 3
    if size == 0:
        kind = _SETS if suit_sets(part) else _BAD
    elif size == 2:
        kind = _PAIR if suit_sets_and_pair(part) else _BAD
    else:
        kind = _BAD
    if len(_SUIT_KIND) >= _SUIT_KIND_MAX:
        _SUIT_KIND.clear()
    _SUIT_KIND[part] = kind
    return kind


def cache_clear() -> None:
    _SUIT_KIND.clear()
    _honours_with_chows.cache_clear()


def all_pungs(counts: tuple[int, ...]) -> bool:
    """Four pungs + a pair, no wilds."""
    pairs = 0
    for n in counts:
        if n % 3 == 2:
            pairs += 1
        elif n % 3:
            return False
    return pairs == 1
