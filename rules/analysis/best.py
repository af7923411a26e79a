"""One reading per shape, found without enumerating readings.

A hand with several wilds has hundreds of readings that differ only in what each wild stands
for, and enumerating them is the whole cost of :func:`rules.analysis.readings`. A scorer
whose value depends on the *shape* (平胡, 大七, 小七, 十三烂 …) and on which wilds are read as
themselves (a separate query with ``wilds=0``) needs one reading per shape, not all of them.

The reading chosen here for the standard shape is the one that uses the fewest wilds beside natural
tiles; the wilds left over form free groups, which a scorer may read as any set or pair, so this is
also the reading that leaves the scorer the most freedom. It is found by walking down the memoised
``min_wilds`` table: at each step take a group whose cost plus the minimum of what remains equals
the minimum so far. That is one table lookup per option per group, never a search.

"""

from __future__ import annotations

from rules.analysis.families import INF, Grouping, first_tile, min_wilds, options
from rules.analysis.model import PAIR, PUNG, STANDARD, Group, Reading
from rules.analysis.standard import FREE_PAIR, absolute, pair_choice, slices


def min_grouping(family: int, counts: tuple[int, ...], pair: bool,
                 chows: bool) -> Grouping | None:
    """One grouping of a family's tiles that uses ``min_wilds`` wilds (None if there is none)."""
    target = min_wilds(family, counts, pair, chows)
    if target >= INF:
        return None
    groups = []
    while (i := first_tile(counts)) >= 0:
        for group, rest, need, is_pair in options(counts, i, family, pair, chows):
            left_pair = pair and not is_pair
            if need + min_wilds(family, rest, left_pair, chows) == target:
                groups.append(group)
                counts, pair, target = rest, left_pair, target - need
                break
        else:  # unreachable: min_wilds was reached by one of these very options
            raise AssertionError("min_wilds table and options disagree")
    return tuple(sorted(groups))


def best_standard(counts: tuple[int, ...], wilds: int, honour_chows: bool = False,
                  pung_only: bool = False) -> Reading | None:
    """The four-sets-and-a-pair reading with the most wilds left free, or None.

    ``pung_only`` asks for the best all-pungs (碰碰胡 / 大七) reading. The caller has checked
    the tile count (14 - 3 × melds, wilds included).
    """
    cost, pair_at = pair_choice(counts, honour_chows, pung_only)
    parts = slices(counts, honour_chows, pung_only)
    if cost > wilds:
        return None
    groups: tuple[Group, ...] = ()
    for k, part in enumerate(parts):
        grouping = min_grouping(part.family, part.counts, k == pair_at, part.chows)
        assert grouping is not None  # pair_choice found a finite cost for this family
        groups += absolute(grouping, part.offset)
    groups += free_groups(wilds - cost, pair_at == FREE_PAIR)
    return Reading(STANDARD, groups)


def free_groups(spare: int, free_pair: bool) -> tuple[Group, ...]:
    """The groups made of wilds alone: a pung per three spare wilds, and the wild pair."""
    free = (Group(PUNG, (None,) * 3, (True,) * 3),) * (spare // 3)
    if free_pair:
        free += (Group(PAIR, (None, None), (True, True)),)
    return free

