"""Per-family grouping tables, memoised on the family's own count vector.

A hand splits into five independent *families*: 万, 筒, 条 (9 ranks each), winds (4) and
dragons (3). Sets never cross a family, so every question about "sets + pair" is answered per
family and combined. Keying the caches on one family's counts (not the whole hand) is what
lets different hands reuse each other's work: ``1m2m3m`` and ``1p2p3p`` share an entry.

Wilds (精) inside a family always complete a group that holds at least one natural tile;
groups made only of wilds are "free" and are added by the caller, outside any family. This
keeps the search far from the 34^k brute force: a wild only ever takes a position next to
natural tiles.
"""

from __future__ import annotations

from itertools import combinations, product

from rules.caches import cached

NUM, WIND, DRAGON = 0, 1, 2
SIZES = {NUM: 9, WIND: 4, DRAGON: 3}
INF = 99

CHOW, PUNG, PAIR = "chow", "pung", "pair"

# A group inside a family: (kind, local positions, which positions a wild fills).
LocalGroup = tuple[str, tuple[int, ...], tuple[bool, ...]]
Grouping = tuple[LocalGroup, ...]


def _chow_templates(family: int) -> tuple[tuple[int, ...], ...]:
    if family == NUM:
        return tuple((s, s + 1, s + 2) for s in range(7))
    if family == WIND:  # any three different winds (东南西, 东南北, 东西北, 南西北)
        return tuple(combinations(range(4), 3))
    return ((0, 1, 2),)  # 中发白


# For each family and position, the chow templates that contain that position (the win
# check and shanten read them).
CHOW_TEMPLATES = {
    family: tuple(
        tuple(t for t in _chow_templates(family) if pos in t) for pos in range(SIZES[family])
    )
    for family in SIZES
}


def first_tile(counts: tuple[int, ...]) -> int:
    for i, c in enumerate(counts):
        if c:
            return i
    return -1


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


@cached(1 << 16)
def min_wilds(family: int, counts: tuple[int, ...], pair: bool, chows: bool) -> int:
    """Fewest wilds that make ``counts`` into sets (plus exactly one pair if ``pair``).

    ``INF`` when impossible (e.g. a pair is asked of an empty family: that pair would be made
    of wilds alone and is counted as free by the caller). A natural tile available for a chow
    position is always used: swapping it for a wild never saves a wild.
    """
    if not chows:  # each kind on its own: pungs, and the pair in one kind
        return _pungs_wilds(counts, pair)
    i = first_tile(counts)
    if i < 0:
        return INF if pair else 0
    if family == NUM:  # a suit that splits without wilds is not searched (see _splits)
        split = _splits(counts, pair)
        if split is not None:
            return split
    best = INF
    c = list(counts)
    ci = c[i]
    for take in range(min(3, ci), 0, -1):  # pung of i, wilds fill the rest
        c[i] = ci - take
        best = min(best, 3 - take + min_wilds(family, tuple(c), pair, chows))
    if pair:
        for take in range(min(2, ci), 0, -1):
            c[i] = ci - take
            best = min(best, 2 - take + min_wilds(family, tuple(c), False, chows))
    c[i] = ci
    if chows:
        for template in CHOW_TEMPLATES[family][i]:
            rest = c[:]
            need = 0
            for j in template:
                if rest[j]:
                    rest[j] -= 1
                else:
                    need += 1
            best = min(best, need + min_wilds(family, tuple(rest), pair, chows))
    return best


def _pungs_wilds(counts: tuple[int, ...], pair: bool) -> int:
    """:func:`min_wilds` without chows: each kind makes pungs alone, (-c) mod 3 wilds for c
    tiles; the pair takes one or two of one kind (a wild beside one), the rest pungs."""
    plain = sum([-c % 3 for c in counts])
    if not pair:
        return plain
    best = INF
    for c in counts:
        if c:
            paired = min(1 + -(c - 1) % 3, -(c - 2) % 3 if c >= 2 else INF)
            best = min(best, plain - -c % 3 + paired)
    return best


def _splits(counts: tuple[int, ...], pair: bool) -> int | None:
    """:func:`min_wilds` of a suit holding tiles that splits without wilds, None if it does
    not: a suit of sets costs 0 as sets and 2 with the pair, one of sets and a pair 0 and 1
    (a family's paired cost is its plain cost - 1 or + 2: a natural of a set, with a wild,
    makes the pair and the rest of that set regroups with at most two wilds; the pair's
    naturals make a pung with one wild more; and paired ≡ plain + 2 mod 3)."""
    size = sum(counts) % 3
    if size == 0 and suit_sets(counts):
        return 2 if pair else 0
    if size == 2 and suit_sets_and_pair(counts):
        return 0 if pair else 1
    return None


def options(counts: tuple[int, ...], i: int, family: int, pair: bool, chows: bool):
    """Every group that can hold the lowest natural tile ``i``: (group, rest, wilds, is_pair)."""
    ci = counts[i]
    for take in range(min(3, ci), 0, -1):
        rest = (*counts[:i], ci - take, *counts[i + 1:])
        yield (PUNG, (i, i, i), (False,) * take + (True,) * (3 - take)), rest, 3 - take, False
    if pair:
        for take in range(min(2, ci), 0, -1):
            rest = (*counts[:i], ci - take, *counts[i + 1:])
            yield (PAIR, (i, i), (False,) * take + (True,) * (2 - take)), rest, 2 - take, True
    if not chows:
        return
    for template in CHOW_TEMPLATES[family][i]:
        # Position i is natural; every other position is natural or wild where a natural
        # exists, and wild where none does.
        choices = [(False,) if j == i else ((False, True) if counts[j] else (True,))
                   for j in template]
        for mask in product(*choices):
            rest = list(counts)
            for j, wild in zip(template, mask, strict=True):
                if not wild:
                    rest[j] -= 1
            yield (CHOW, template, mask), tuple(rest), sum(mask), False


@cached(1 << 15)
def groupings(family: int, counts: tuple[int, ...], wilds: int, pair: bool,
              chows: bool) -> tuple[Grouping, ...]:
    """Every grouping of ``counts`` using exactly ``wilds`` wilds, sorted and deduplicated."""
    i = first_tile(counts)
    if i < 0:
        return ((),) if wilds == 0 and not pair else ()
    if min_wilds(family, counts, pair, chows) > wilds:
        return ()
    found: set[Grouping] = set()
    for group, rest, need, is_pair in options(counts, i, family, pair, chows):
        if need > wilds:
            continue
        for tail in groupings(family, rest, wilds - need, pair and not is_pair, chows):
            found.add(tuple(sorted((group, *tail))))
    return tuple(sorted(found))

