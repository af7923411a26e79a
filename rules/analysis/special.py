"""The shapes that are not four sets + a pair: seven pairs, 十三烂 (and 七星), 十三幺.

Each takes the 14 concealed tiles as a count vector plus a number of wilds and returns the
one reading it admits (these shapes have a single grouping up to what the wilds stand for),
or ``None``.
"""

from __future__ import annotations

from itertools import combinations, pairwise

from rules.analysis.model import (
    PAIR,
    QI_XING_SHI_SAN_LAN,
    SEVEN_PAIRS,
    SHI_SAN_LAN,
    SHI_SAN_YAO,
    SINGLE,
    Group,
    Reading,
)
from rules.caches import cached
from rules.tiles import EAST, HONOURS, NUM_KINDS

ORPHANS = (0, 8, 9, 17, 18, 26, *HONOURS)  # 十三幺: 1 and 9 of each suit, every honour
_NATURAL, _WILD = (False,), (True,)



_PARITY = bytes(n & 1 for n in range(256))  # a count's parity, for bytes.translate


def odd_counts(counts: tuple[int, ...]) -> int:
    """How many kinds are held an odd number of times (seven pairs' singles), read at C
    speed: a generator's sum over 34 counts took three times as long, asked of every
    waiting hand the expected-value engine prices."""
    return bytes(counts).translate(_PARITY).count(1)


def seven_pairs(counts: tuple[int, ...], wilds: int, four_as_two: bool) -> Reading | None:
    """Seven pairs; a wild pairs a single, spare wilds pair with each other (free pairs)."""
    if sum(counts) + wilds != 14:
        return None
    groups: list[Group] = []
    singles = 0
    for tile, c in enumerate(counts):
        if not c:
            continue
        if c > 2 and not four_as_two:
            return None
        groups.extend([Group(PAIR, (tile, tile), (False, False))] * (c // 2))
        if c % 2:
            if c == 3 and not four_as_two:
                return None
            groups.append(Group(PAIR, (tile, tile), (False, True)))
            singles += 1
    if singles > wilds:
        return None
    groups.extend([Group(PAIR, (None, None), (True, True))] * ((wilds - singles) // 2))
    return Reading(SEVEN_PAIRS, tuple(groups))


def seven_pairs_fit(counts: tuple[int, ...], wilds: int, four_as_two: bool) -> bool:
    """Whether :func:`seven_pairs` finds a reading, without building its seven groups (the
    win check of a hand with wilds asks this of every hand it has not seen)."""
    if sum(counts) + wilds != 14:
        return False
    if not four_as_two and (counts.count(3) or counts.count(4)):
        return False
    return counts.count(1) + counts.count(3) <= wilds  # each single takes a wild


def is_seven_pairs(counts: tuple[int, ...], four_as_two: bool) -> bool:
    """Seven pairs without wilds (the caller has checked there are 14 tiles).

    With 14 tiles, "seven pairs" is exactly "every count is 2 (or 4, when a four of a kind
    counts as two pairs)": counting those is done at C speed by ``tuple.count``.
    """
    pairs = counts.count(2)
    return pairs == 7 or (four_as_two and pairs + 2 * counts.count(4) == 7)


def lan_shape(counts: tuple[int, ...]) -> str | None:
    """十三烂 / 七星十三烂 without wilds (14 tiles), or None."""
    if max(counts) > 1:
        return None
    for base in (0, 9, 18):
        last = -9
        for r in range(9):
            if counts[base + r]:
                if r - last < 3:
                    return None
                last = r
    return QI_XING_SHI_SAN_LAN if all(counts[EAST:]) else SHI_SAN_LAN


def lan_open(counts: tuple[int, ...]) -> bool:
    """Could tiles be added to these to make 十三烂: no two alike, no two of a suit closer
    than three ranks? (A tile added never undoes either, so a hand one short that fails
    this waits on no 十三烂.)"""
    if max(counts) > 1:
        return False
    for base in (0, 9, 18):
        last = -9
        for r in range(9):
            if counts[base + r]:
                if r - last < 3:
                    return False
                last = r
    return True


def is_shi_san_yao(counts: tuple[int, ...]) -> bool:
    """十三幺 without wilds (14 tiles): every orphan held, nothing else.

    Such a hand holds exactly 13 kinds, so the 21 empty kinds are checked first, in C.
    """
    return counts.count(0) == 21 and all(counts[t] for t in ORPHANS)


def _lan_ok(ranks: tuple[int, ...]) -> bool:
    return all(b - a >= 3 for a, b in pairwise(ranks))


# Every valid 十三烂 rank set of one suit (147, 258, 369, 148, …) and their subsets.
_LAN_SETS = tuple(r for n in range(4) for r in combinations(range(9), n) if _lan_ok(r))


@cached(1024)
def _lan_completion(present: tuple[int, ...]) -> tuple[int, ...] | None:
    """The largest valid rank set of one suit containing ``present`` (None if invalid)."""
    best = None
    for ranks in _LAN_SETS:
        if set(present) <= set(ranks) and (best is None or len(ranks) > len(best)):
            best = ranks
    return best


def lan_after(counts: tuple[int, ...], wilds: int) -> dict[int, str]:
    """{t: 十三烂 or 七星十三烂} for each tile ``t`` that makes the 13 tiles (``counts`` and
    ``wilds``) that shape, as :func:`shi_san_lan` of ``counts + t`` finds it, for every
    tile at once and without building its reading (a jiangxi hand's waits ask this of
    each of some 20 tiles it lacks: building each reading was 45 % of a xingguo review).

    :func:`shi_san_lan` puts wilds on the missing honours first, then on the free slots
    of each suit's largest valid rank set, and fails with a wild left over; so a hand
    holding every tile at most once, each suit's ranks valid, is the shape exactly when
    ``wilds`` is at most its missing honours plus its suits' free slots, and 七星 when
    the missing honours are at most ``wilds``. A tile changes only its own suit's slots."""
    if sum(counts) + 1 + wilds != 14 or not lan_open(counts):
        return {}
    free, missing = [], sum(1 for t in HONOURS if not counts[t])
    for base in (0, 9, 18):
        present = tuple(r for r in range(9) if counts[base + r])
        free.append(len(_lan_completion(present) or ()) - len(present))
    found = {}
    for tile in HONOURS:
        if not counts[tile] and wilds <= missing - 1 + sum(free):
            found[tile] = QI_XING_SHI_SAN_LAN if missing - 1 <= wilds else SHI_SAN_LAN
    shape = QI_XING_SHI_SAN_LAN if missing <= wilds else SHI_SAN_LAN
    for suit, base in enumerate((0, 9, 18)):
        present = [r for r in range(9) if counts[base + r]]
        for r in range(9):
            if counts[base + r]:
                continue
            grown = tuple(sorted((*present, r)))
            full = _lan_completion(grown)
            if full is None:
                continue
            slots = sum(free) - free[suit] + len(full) - len(grown)
            if wilds <= missing + slots:
                found[base + r] = shape
    return found


def shi_san_lan(counts: tuple[int, ...], wilds: int) -> Reading | None:
    """十三烂: no two tiles of a suit closer than 3, honours all different, no pairs.

    Wilds fill missing honours first (which makes 七星十三烂 whenever it is possible), then
    the free rank slots of the suits.
    """
    if sum(counts) + wilds != 14 or max(counts) > 1:
        return None
    groups = [Group(SINGLE, (t,), _NATURAL) for t in range(NUM_KINDS) if counts[t]]
    left = wilds
    for tile in HONOURS:
        if not counts[tile] and left:
            groups.append(Group(SINGLE, (tile,), _WILD))
            left -= 1
    seven_stars = all(counts[t] or any(g.tiles == (t,) for g in groups) for t in HONOURS)
    for base in (0, 9, 18):
        present = tuple(r for r in range(9) if counts[base + r])
        full = _lan_completion(present)
        if full is None:
            return None
        for r in full:
            if left and not counts[base + r]:
                groups.append(Group(SINGLE, (base + r,), _WILD))
                left -= 1
    if left:
        return None
    groups.sort(key=lambda g: g.tiles[0])
    return Reading(QI_XING_SHI_SAN_LAN if seven_stars else SHI_SAN_LAN, tuple(groups))


def shi_san_yao(counts: tuple[int, ...], wilds: int) -> Reading | None:
    """十三幺: one of each terminal and honour, one of them twice; wilds fill the gaps."""
    if sum(counts) + wilds != 14:
        return None
    if any(counts[t] for t in range(EAST) if t not in ORPHANS):
        return None
    doubles = [t for t in ORPHANS if counts[t] == 2]
    if any(counts[t] > 2 for t in ORPHANS) or len(doubles) > 1:
        return None
    groups: list[Group] = []
    pair_tile = doubles[0] if doubles else next((t for t in ORPHANS if counts[t]), ORPHANS[0])
    for tile in ORPHANS:
        if tile == pair_tile:
            mask = (not counts[tile], counts[tile] < 2)
            groups.append(Group(PAIR, (tile, tile), mask))
        else:
            groups.append(Group(SINGLE, (tile,), (True,) if not counts[tile] else (False,)))
    if sum(g.wilds for g in groups) != wilds:
        return None
    return Reading(SHI_SAN_YAO, tuple(groups))
