"""Fast exact checks for hands without wilds (the common case in three variants).

A suit splits into sets exactly when, scanning ranks upward, the chows starting at each rank
are the remainder mod 3 of what is left there: three equal chows are always three pungs, so
no other count needs trying. That makes the check O(9) per suit with no search at all.
"""

from __future__ import annotations

from itertools import combinations_with_replacement, product

from rules.analysis.families import (
    CHOW,
    DRAGON,
    NUM,
    PAIR,
    PUNG,
    WIND,
    Grouping,
    groupings,
    min_wilds,
    suit_sets,
    suit_sets_and_pair,
)
from rules.analysis.model import STANDARD, Group, Reading
from rules.analysis.standard import FAMILIES, absolute
from rules.caches import cached


@cached(1 << 10)
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
        honours = counts[27:]
        if 1 in honours or 4 in honours:  # counts of 2 and 5 hold a pair, 0 and 3 none
            return False
        pairs = honours.count(2) + honours.count(5)
        if pairs > 1:
            return False
        has_pair = pairs == 1
    for lo in (0, 9, 18):
        part = counts[lo:lo + 9]
        kind = SUIT_KIND.get(part)
        if kind is None:  # not in the table: no split, unless a waits probe made a 5th copy
            kind = _classify(part) if max(part) > 4 else _BAD
        if kind == _PAIR:
            if has_pair:
                return False
            has_pair = True
        elif kind == _BAD:
            return False
    return has_pair


def all_pungs(counts: tuple[int, ...]) -> bool:
    """Four pungs + a pair, no wilds."""
    pairs = 0
    for n in counts:
        if n % 3 == 2:
            pairs += 1
        elif n % 3:
            return False
    return pairs == 1


_BAD, _SETS, _PAIR = 0, 1, 2


def _suit_groupings() -> dict[tuple[int, ...], tuple[Grouping, ...]]:
    """Every suit of up to 4 copies a rank that splits into sets (0-4 of them), with or
    without one pair, and every way it splits: 2,869 + 18,874 patterns, at most 4 groupings
    each, built once at import (~0.2 s) from the sets themselves. Anything else with at most
    4 copies a rank does not split. The table-lookup approach of the fast wildcard
    algorithms, here for the natural case; :func:`suit_sets` is the check it is tested
    against, and each entry equals what :func:`families.groupings` finds by search."""
    pungs, chows = _PUNGS, _CHOWS
    found: dict[tuple[int, ...], set[Grouping]] = {}
    for n in range(5):
        for combo in combinations_with_replacement(pungs + chows, n):
            c = [0] * 9
            for _, ranks, _ in combo:
                for r in ranks:
                    c[r] += 1
            if max(c) > 4:
                continue
            found.setdefault(tuple(c), set()).add(tuple(sorted(combo)))
            for r in range(9):
                if c[r] <= 2:
                    c[r] += 2
                    pair = _PAIRS[r]
                    found.setdefault(tuple(c), set()).add(tuple(sorted((*combo, pair))))
                    c[r] -= 2
    return {pattern: tuple(sorted(ways)) for pattern, ways in found.items()}


_NATURAL3, _NATURAL2 = (False,) * 3, (False,) * 2
# The groups of one suit without wilds, by ranks 0-8: what the table's ways are made of.
_PUNGS = [(PUNG, (r, r, r), _NATURAL3) for r in range(9)]
_CHOWS = [(CHOW, (r, r + 1, r + 2), _NATURAL3) for r in range(7)]
_PAIRS = [(PAIR, (r, r), _NATURAL2) for r in range(9)]
SUIT_GROUPINGS = _suit_groupings()
SUIT_KIND = {pattern: _PAIR if sum(pattern) % 3 == 2 else _SETS for pattern in SUIT_GROUPINGS}


# The table's suits already read at each offset (by :func:`suit_ways`): a plain dict lookup
# costs half the LRU's. Bounded by the table (21,743 patterns an offset), never evicted.
_SUIT_WAYS: dict[int, dict[tuple[int, ...], tuple]] = {0: {}, 9: {}, 18: {}}
# Each group the table's ways are made of (a pung, chow or pair of ranks) as tile ids, at
# each suit's offset: what standard.absolute gives, without its caches.
_SUIT_GROUPS = {offset: {local: Group(local[0], tuple([offset + r for r in local[1]]), local[2])
                         for local in (*_PUNGS, *_CHOWS, *_PAIRS)}
                for offset in _SUIT_WAYS}


def suit_ways(offset: int, counts: tuple[int, ...]
              ) -> tuple[tuple[tuple[Group, ...], ...], bool] | None:
    """:func:`family_ways` of a suit of the table (None for any other), kept once read.

    A hand never seen before brings suits the table has not been read at yet: a third of
    them in a guangdong evaluation after 2,000 other hands. Read here, such a suit costs
    about 1 us; through family_ways's caches (each nested tuple hashed, an entry evicted)
    it cost 4.6 us (issue 30)."""
    ways = SUIT_GROUPINGS.get(counts)
    if ways is None:
        return None
    groups = _SUIT_GROUPS[offset]
    found = tuple([tuple([groups[local] for local in way]) for way in ways]), \
        sum(counts) % 3 == 2
    _SUIT_WAYS[offset][counts] = found
    return found


@cached(1 << 14)
def family_ways(family: int, offset: int, counts: tuple[int, ...],
                honour_chows: bool) -> tuple[tuple[tuple[Group, ...], ...], bool]:
    """Every way the family at ``offset`` splits without wilds, as groups of tile ids, and
    whether those ways hold the pair (``()`` when it does not split). A suit reads the table;
    honours ask the family search. Cached per family slice, so a new hand costs one lookup
    per family held once its suits have been seen."""
    size = sum(counts) % 3
    if size == 1:
        return (), False
    pair = size == 2  # sets hold 3k tiles: the pair's family has 3k + 2
    if family == NUM and max(counts) <= 4:
        return suit_ways(offset, counts) or ((), pair)
    ways = groupings(family, counts, 0, pair, family == NUM or honour_chows)
    return tuple([absolute(grouping, offset) for grouping in ways]), pair


def standard_readings(counts: tuple[int, ...], honour_chows: bool) -> tuple[Reading, ...]:
    """:func:`standard.standard_readings` without wilds (same readings, same order), each
    family's ways read from the table (:func:`suit_ways`) or :func:`family_ways` instead of
    searched. A tuple, not a generator: without wilds a suit splits at most four ways, so
    there are few."""
    ways = []
    first: tuple[Group, ...] = ()  # each family's first way: the only reading, usually
    several = False  # does some family split more than one way?
    pairs = 0
    for family, lo, hi in FAMILIES:
        part = counts[lo:hi]
        known = _SUIT_WAYS[lo].get(part) if family == NUM else None  # (a suit held: a hit)
        if known is None:
            if not any(part):  # an empty family adds nothing
                continue
            known = (suit_ways(lo, part) if family == NUM else None) \
                or family_ways(family, lo, part, honour_chows)
        found, pair = known
        if not found:
            return ()
        pairs += pair
        ways.append(found)
        first += found[0]
        several = several or len(found) > 1
    if pairs != 1:
        return ()
    if not several:
        return (Reading(STANDARD, first),)
    return tuple([Reading(STANDARD, sum(combo, ())) for combo in product(*ways)])


SUIT_BAD, SUIT_SETS, SUIT_PAIR = _BAD, _SETS, _PAIR


def suit_kind(part: tuple[int, ...]) -> int:
    """How one suit's 9 counts split without wilds: SUIT_SETS (sets only), SUIT_PAIR (sets
    and one pair) or SUIT_BAD, read from the table as :func:`standard` reads it (by the
    mod-3 rule for what the table does not hold: a rank held five times, more than 14
    tiles)."""
    kind = SUIT_KIND.get(part)
    if kind is None:
        return _classify(part) if max(part) > 4 or sum(part) > 14 else _BAD
    return kind


def family_kind(family: int, part: tuple[int, ...], chows: bool) -> int:
    """How one family's counts split without wilds, as :func:`standard` reads each family:
    SUIT_SETS, SUIT_PAIR or SUIT_BAD (``chows``: honours may form chows). A hand is four
    sets and a pair exactly when no family is bad and one holds the pair."""
    if family == NUM:
        return suit_kind(part)
    if chows:
        size = sum(part) % 3
        if size == 1 or not _honours_with_chows(family, part, size == 2):
            return _BAD
        return _PAIR if size == 2 else _SETS
    if 1 in part or 4 in part:  # counts of 2 and 5 hold a pair, 0 and 3 none
        return _BAD
    pairs = part.count(2) + part.count(5)
    return _BAD if pairs > 1 else _PAIR if pairs else _SETS


def _classify(part: tuple[int, ...]) -> int:
    """Sets only, sets and a pair, or neither, by the mod-3 rule (for suits off the table)."""
    size = sum(part) % 3
    if size == 0:
        return _SETS if suit_sets(part) else _BAD
    if size == 2:
        return _PAIR if suit_sets_and_pair(part) else _BAD
    return _BAD

