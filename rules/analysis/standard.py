"""Four sets + a pair, with wilds: the win check and every grouping.

The family tables (:mod:`rules.analysis.families`) are combined here. The win check adds up
the per-family minimum wilds; the full enumeration distributes the wilds over the families
(each family only takes counts of wilds that fit its tile count modulo 3) and adds free
all-wild sets and pair last.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from rules.analysis.families import DRAGON, NUM, WIND, groupings, min_wilds
from rules.analysis.model import PAIR, PUNG, STANDARD, Group, Reading
from rules.caches import cached

# (family, first tile id, last tile id + 1)
FAMILIES = ((NUM, 0, 9), (NUM, 9, 18), (NUM, 18, 27), (WIND, 27, 31), (DRAGON, 31, 34))
FREE_PAIR = len(FAMILIES)  # pair position meaning "the pair is two wilds"


class Part(NamedTuple):
    """One family's slice of a hand, and whether its tiles may form chows."""

    family: int
    offset: int  # tile id of the family's first kind
    counts: tuple[int, ...]
    chows: bool


def _chows_allowed(family: int, honour_chows: bool, pung_only: bool) -> bool:
    if pung_only:
        return False
    return family == NUM or honour_chows


# (family, first tile id, last tile id + 1, chows allowed) for each (honour_chows,
# pung_only): the per-call work of splitting a hand is then one slice per family.
_PLANS = {(honours, pungs): tuple((family, lo, hi, _chows_allowed(family, honours, pungs))
                                  for family, lo, hi in FAMILIES)
          for honours in (False, True) for pungs in (False, True)}


def plans(honour_chows: bool, pung_only: bool) -> tuple[tuple[int, int, int, bool], ...]:
    """(family, first tile id, last tile id + 1, chows allowed) of each family: a caller
    that reads a few numbers of each family slices the hand itself, without :class:`Part`
    tuples (the waits of every ready hand the expected-value engine reaches, 4 % of a
    review in building them)."""
    return _PLANS[honour_chows, pung_only]


def slices(counts: tuple[int, ...], honour_chows: bool, pung_only: bool) -> list[Part]:
    return [Part(family, lo, counts[lo:hi], chows)
            for family, lo, hi, chows in _PLANS[honour_chows, pung_only]]


def pair_choice(counts: tuple[int, ...], honour_chows: bool = False,
                pung_only: bool = False) -> tuple[int, int]:
    """(fewest wilds, where the pair goes) for four sets + a pair over the hand's families.

    The pair is two wilds (``FREE_PAIR``) unless a family takes it strictly cheaper (then the first
    such family): on a tie, two free wilds leave a scorer more freedom. Sets alone never fail (a
    wild pung takes any tile), and a family holding tiles can always take the pair (one of its
    tiles and a wild), so the cost is finite.

    One loop over the families, without building their :class:`Part` tuples: the win check and
    every 精吊 test ask this of hands never seen before. What the pair adds to a family is
    ≡ 2 (mod 3) (the family's tiles plus its wilds make sets, or sets and a pair) and at least
    -1 (a pung with one more wild replaces the pair), so -1 is the best any family can do.
    """
    total, pair_extra, at = 0, 2, FREE_PAIR
    for k, (family, lo, hi, chows) in enumerate(_PLANS[honour_chows, pung_only]):
        part = counts[lo:hi]
        plain = min_wilds(family, part, False, chows)
        total += plain
        if pair_extra > -1 and (plain or any(part)):  # an empty family cannot take the pair
            extra = min_wilds(family, part, True, chows) - plain
            if extra < pair_extra:
                pair_extra, at = extra, k
    return total + pair_extra, at


def min_wilds_standard(counts: tuple[int, ...], honour_chows: bool = False,
                       pung_only: bool = False) -> int:
    """Fewest wilds needed to make ``counts`` four-sets-and-a-pair shaped (any number of sets).

    The hand is complete with ``w`` wilds exactly when this is ``<= w`` and the tile count is
    3k + 2 (the spare wilds then form free pungs).
    """
    return pair_choice(counts, honour_chows, pung_only)[0]


@cached(1 << 12)
def absolute(grouping: tuple, offset: int) -> tuple[Group, ...]:
    """A family's grouping (local positions) as groups of tile ids."""
    return tuple([group_at(local, offset) for local in grouping])


@cached(1 << 12)
def group_at(local: tuple, offset: int) -> Group:
    """One local group as tile ids. There are only a few thousand (kind, positions, wild
    mask) at five offsets, so every reading shares the same Group objects."""
    kind, positions, mask = local
    return Group(kind, tuple([offset + p for p in positions]), mask)



def standard_readings(counts: tuple[int, ...], wilds: int, honour_chows: bool = False,
                      pung_only: bool = False) -> Iterator[Reading]:
    """Every grouping of the concealed tiles into sets + one pair using all ``wilds``.

    Readings come out without duplicates; a wild is never put in a group of wilds alone
    unless that group is free (see :class:`~rules.analysis.model.Group`).
    """
    if min_wilds_standard(counts, honour_chows, pung_only) > wilds:
        return
    parts = slices(counts, honour_chows, pung_only)
    for pair_at in range(len(parts) + 1):
        spare = wilds - (2 if pair_at == FREE_PAIR else 0)
        later = _wilds_after(parts, pair_at)
        if later[0] > spare:
            continue  # the families cannot all be grouped with the wilds there are
        for groups, left in _combine(parts, 0, spare, pair_at, later):
            if left % 3:
                continue
            free = (Group(PUNG, (None,) * 3, (True,) * 3),) * (left // 3)
            if pair_at == FREE_PAIR:
                free += (Group(PAIR, (None, None), (True, True)),)
            yield Reading(STANDARD, groups + free)


def _wilds_after(parts: list[Part], pair_at: int) -> list[int]:
    """``[k]``: the fewest wilds families ``k..`` need, the pair in family ``pair_at``.

    :func:`_combine` gives family ``k`` no more wilds than the families after it leave over,
    so a reading that cannot be finished is dropped at the family where it starts instead of
    after walking every grouping of the ones before (the same readings, in the same order).
    """
    after = [0] * (len(parts) + 1)
    for k in range(len(parts) - 1, -1, -1):
        family, _, counts, chows = parts[k]
        after[k] = after[k + 1] + min_wilds(family, counts, pair_at == k, chows)
    return after


def _combine(parts, k: int, wilds: int, pair_at: int,
             later: list[int]) -> Iterator[tuple[tuple[Group, ...], int]]:
    """Groups for families ``k..``, yielding (groups, wilds left over)."""
    if k == len(parts):
        yield (), wilds
        return
    family, offset, counts, chows = parts[k]
    pair = pair_at == k
    low = later[k] - later[k + 1]  # this family's own minimum
    for used in range(low, wilds - later[k + 1] + 1, 3):
        for grouping in groupings(family, counts, used, pair, chows):
            head = absolute(grouping, offset)
            for tail, left in _combine(parts, k + 1, wilds - used, pair_at, later):
                yield head + tail, left
