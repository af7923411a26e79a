"""Shanten and 进张 counting only hands that can exist (what /advise answers).

:mod:`rules.analysis.shanten` reads the shapes alone: a hand holding all four 1p may be
"ready" on a fifth 1p. A player cannot draw a copy that does not exist, so advice counts
only complete hands ``C`` whose every tile kind can be held: ``C`` uses at most
``budget[t] + held[t]`` copies of a kind, where ``budget[t]`` is the copies the player does
not see (4 less those in its hand, its melds, the discards and other tiles it sees, and the
indicators out of play). Without wilds (qinzhou, guangdong) this is all there is. With wild
jing a drawn jing may stand in for a kind whose copies are gone (the seeds let it replace
any tile), so there the shapes' own number stands and only the 进张 are the tiles left.

The same definition as :mod:`rules.analysis.shanten` (shanten = 13 - 3 × melds - kept, where
``kept`` is the most held tiles some ``C`` holds), searched with each kind's budget:

* four sets + a pair: each family's cover table (the most tiles k sets and the pair can
  hold, :data:`rules.analysis.shanten.Cover`) found by the same search, a group holding what
  the hand has and drawing the rest within the budgets; a group the hand holds nothing of is
  taken to be drawable (with at most 14 tiles held and the rest of the wall unseen, some set
  and some pair are always left to draw);
* seven pairs: a pair of a kind needs two copies (a second pair of it, where four count as
  two pairs, four);
* 十三幺: one copy of each orphan, and two of one.

A 13-tile hand's 进张 are the tiles left (budget > 0) whose draw raises ``kept``: as for the
shapes, a draw grows one family's table by one tile at most, so only the entries a best split
uses are asked about (:func:`live_improving`).
"""

from __future__ import annotations

from collections import Counter
from operator import add, itemgetter

from rules.analysis.families import CHOW_TEMPLATES, DRAGON, NUM, WIND, first_tile
from rules.analysis.model import ShapeRules
from rules.analysis.shanten import (
    EMPTY_COVER,
    ROW,
    Cover,
    _gains,
    _merged,
    _others,
    _tight_entries,
    family_cover,
    shanten,
)
from rules.analysis.special import ORPHANS
from rules.caches import cached

Counts = tuple[int, ...]
IMPOSSIBLE = -100  # kept of a shape no hand within the budgets can take
_PLANS = {honours: ((NUM, 0, 9, True), (NUM, 9, 18, True), (NUM, 18, 27, True),
                    (WIND, 27, 31, honours), (DRAGON, 31, 34, honours))
          for honours in (False, True)}


SAFE_BUDGET = 2  # see capped_cover
_orphans = itemgetter(*ORPHANS)


@cached(1 << 16)
def capped_cover(family: int, counts: Counts, budgets: Counts, chows: bool) -> Cover:
    """One family's cover table with each kind drawn at most ``budgets[kind]`` more times.

    Never above the shapes' own table (:func:`rules.analysis.shanten.family_cover`), and
    equal to it when no kind is held four times and each has ``min(4 - held, 2)`` copies
    left or more: shown for every family holding at most three of a kind by
    tests/unit/test_shanten_live.py, which compares the search with the shapes' table on
    all of them. Only other families are searched (:func:`searched_cover`)."""
    if _all_safe(counts, budgets):
        return family_cover(family, counts, chows)
    return _searched(family, counts, budgets, chows)[0]


def _safe(held: int, budget: int) -> bool:
    """A kind whose copies can never bind (see :func:`capped_cover`)."""
    return held <= 3 and budget >= min(4 - held, SAFE_BUDGET)


# The (held, budget) pairs of a kind held at most three times that :func:`_safe` refuses.
_SHORT = frozenset((held, budget) for held in range(4)
                   for budget in range(min(4 - held, SAFE_BUDGET)))


def _all_safe(counts: Counts, budgets: Counts) -> bool:
    """Every kind :func:`_safe` (budgets are never negative), in C: asked of every family
    of every discard and draw."""
    return max(counts) <= 3 and _SHORT.isdisjoint(zip(counts, budgets, strict=True))


def searched_cover(family: int, counts: Counts, budgets: Counts, chows: bool) -> Cover:
    """:func:`capped_cover` by search (:func:`_searched`)."""
    return _searched(family, counts, budgets, chows)[0]


@cached(1 << 16, name="searched_cover")
def _searched(family: int, counts: Counts, budgets: Counts, chows: bool
              ) -> tuple[Cover, tuple[int, ...]]:
    """:func:`capped_cover` by search, and for each entry the kinds (a bit each) a
    grouping holding that many draws a copy of. Each entry starts at the shapes' value
    and is lowered only while no grouping within the budgets reaches it (:func:`_reaches`,
    pruned by the shapes' table). An entry is at least the one with a set or the pair
    fewer (that group drawn whole, drawing nothing the hand holds)."""
    if first_tile(counts) < 0:
        return EMPTY_COVER, (0,) * (2 * ROW)
    plain = family_cover(family, counts, chows)
    best, drawn = [0] * (2 * ROW), [0] * (2 * ROW)
    for cell in range(2 * ROW):
        pair, sets = divmod(cell, ROW)
        below = max((cell - 1,) * bool(sets) + (sets,) * pair, key=best.__getitem__,
                    default=cell)
        floor = best[below] if below != cell else 0
        value, found = plain[cell], -1
        while value > floor and found < 0:
            found = _reaches(family, counts, budgets, chows, sets, pair, value)
            value -= found < 0
        best[cell], drawn[cell] = (value, found) if found >= 0 else (floor, drawn[below])
    return tuple(best), tuple(drawn)


def _reaches(family: int, counts: Counts, budgets: Counts, chows: bool, sets: int,
             pair: int, target: int) -> int:
    """Whether ``sets`` sets and ``pair`` pairs can hold ``target`` of ``counts`` drawing
    within ``budgets``: -1 when none can, otherwise the kinds (a bit each) the first such
    grouping found draws a copy of. As :func:`rules.analysis.shanten._cluster_cover`: the
    lowest held kind ``i`` goes to a pung slot, the pair or a chow (each holding what it
    can, drawing the rest), or is left out; a branch whose shapes' bound falls short is not
    searched.

    The hot loop of a cold advice holding four of a kind: the tuples are cut and joined
    around ``i`` rather than copied through lists (the searches of 1,200 cold advices take
    a third less time)."""
    if target <= 0:
        return 0
    if family_cover(family, counts, chows)[pair * ROW + sets] < target:
        return -1
    i = 0
    while not counts[i]:
        i += 1
    held, room = counts[i], budgets[i]
    below, above = counts[:i], counts[i + 1:]
    pung = 3 if held > 3 else held
    if sets and room >= 3 - pung:
        found = _reaches(family, below + (held - pung,) + above,
                         budgets[:i] + (room - 3 + pung,) + budgets[i + 1:], chows, sets - 1,
                         pair, target - pung)
        if found >= 0:
            return found | (pung < 3) << i
    two = 2 if held > 2 else held
    if pair and room >= 2 - two:
        found = _reaches(family, below + (held - two,) + above,
                         budgets[:i] + (room - 2 + two,) + budgets[i + 1:], chows, sets, 0,
                         target - two)
        if found >= 0:
            return found | (two < 2) << i
    if sets and chows:
        found = _chow_reaches(family, counts, budgets, i, sets, pair, target)
        if found >= 0:
            return found
    return _reaches(family, below + (0,) + above, budgets, chows, sets, pair, target)


def _chow_reaches(family: int, counts: Counts, budgets: Counts, i: int, sets: int,
                  pair: int, target: int) -> int:
    """:func:`_reaches` with a chow through ``i`` holding every tile of its template the
    hand holds and drawing the others (one copy left each)."""
    for template in CHOW_TEMPLATES[family][i]:
        rest, left, got, drawn = list(counts), list(budgets), 0, 0
        for j in template:
            if rest[j]:
                rest[j] -= 1
                got += 1
            elif left[j]:
                left[j] -= 1
                drawn |= 1 << j
            else:
                break
        else:
            found = _reaches(family, tuple(rest), tuple(left), True, sets - 1, pair,
                             target - got)
            if found >= 0:
                return found | drawn
    return -1


def _less(counts: Counts, kinds: tuple[int, ...], n: int) -> Counts:
    out = list(counts)
    for kind in kinds:
        out[kind] -= n
    return tuple(out)


def _covers(counts: Counts, budgets: Counts, honour_chows: bool) -> list[Cover]:
    return [capped_cover(family, counts[lo:hi], budgets[lo:hi], chows)
            for family, lo, hi, chows in _PLANS[honour_chows]]


def _merge_all(covers: list[Cover]) -> Cover:
    merged = covers[0]
    for cover in covers[1:]:
        merged = _merged(merged, cover)
    return merged


def _pair_slots(counts: Counts, budgets: Counts, four_as_two: bool) -> list[int]:
    """How many pair slots, among those the copies allow, hold 0, 1 or 2 of the hand's
    tiles (four of a kind give two slots where they count as two pairs)."""
    slots = [0, 0, 0]
    for (held, budget), kinds in Counter(zip(counts, budgets, strict=True)).items():
        _slot(slots, held, held + budget, four_as_two, kinds)  # kinds alike, counted in C
    return slots


def _slot(slots: list[int], held: int, copies: int, four_as_two: bool, sign: int) -> None:
    """Add (``sign`` > 0) or take away (< 0) ``abs(sign)`` kinds' pair slots, each kind
    holding ``held`` and able to hold ``copies``."""
    if copies >= 2:
        slots[min(held, 2)] += sign
        if four_as_two and copies >= 4:
            slots[min(max(held - 2, 0), 2)] += sign


def _seven_pairs_from(slots: list[int]) -> int:
    """The seven best pair slots."""
    if sum(slots) < 7:
        return IMPOSSIBLE
    twos = min(slots[2], 7)
    return 2 * twos + min(slots[1], 7 - twos)


def _seven_pairs_kept(counts: Counts, budgets: Counts, four_as_two: bool) -> int:
    """The seven best pair slots any kind can fill within its copies."""
    return _seven_pairs_from(_pair_slots(counts, budgets, four_as_two))


def _special_improving(counts: Counts, budgets: Counts, rules: ShapeRules,
                       slots: list[int], now: int) -> set[int]:
    """The draws with a copy left that let seven pairs or 十三幺 (a concealed hand's)
    keep more than ``now``. Neither grows by more than one tile, so only a shape keeping
    ``now`` already is asked. A draw moves its kind's pair slots alone, and how depends on
    the kind's held and copies only: each such class is tried once. 十三幺 grows only on an
    orphan."""
    found: set[int] = set()
    four_as_two = rules.four_as_two_pairs
    if rules.seven_pairs and _seven_pairs_from(slots) == now:
        helps: dict[tuple[int, int], bool] = {}
        for tile, left in enumerate(budgets):
            if left > 0:
                held, copies = counts[tile], counts[tile] + left
                if (held, copies) not in helps:
                    grown = slots[:]
                    _slot(grown, held, copies, four_as_two, -1)
                    _slot(grown, held + 1, copies, four_as_two, 1)
                    helps[held, copies] = _seven_pairs_from(grown) > now
                if helps[held, copies]:
                    found.add(tile)
    if rules.shi_san_yao and _shi_san_yao_kept(counts, budgets) == now:
        found.update(t for t in ORPHANS if budgets[t] > 0 and _shi_san_yao_kept(
            _less(counts, (t,), -1), _less(budgets, (t,), 1)) > now)
    return found


def _shi_san_yao_kept(counts: Counts, budgets: Counts) -> int:
    """One of each orphan, and two of one, each within its copies: IMPOSSIBLE when an
    orphan has no copy or none has two (an orphan held twice has two)."""
    held = _orphans(counts)
    copies = tuple(map(add, held, _orphans(budgets)))
    if min(copies) < 1 or max(copies) < 2:
        return IMPOSSIBLE
    return 13 - held.count(0) + (max(held) >= 2)


def kept(counts: Counts, budgets: Counts, rules: ShapeRules, melds: int) -> int:
    """The most held tiles a complete hand within the budgets holds, over every shape."""
    best = _merge_all(_covers(counts, budgets, rules.honour_chows))[ROW + 4 - melds]
    return max(best, _special_kept(counts, budgets, rules, melds))


def _special_kept(counts: Counts, budgets: Counts, rules: ShapeRules, melds: int,
                  slots: list[int] | None = None) -> int:
    """:func:`kept` of the whole-hand shapes (seven pairs, 十三幺): concealed hands only
    (``slots``: the hand's :func:`_pair_slots`, when known)."""
    best = IMPOSSIBLE
    if melds == 0:
        if rules.seven_pairs:
            best = _seven_pairs_from(slots if slots is not None else _pair_slots(
                counts, budgets, rules.four_as_two_pairs))
        if rules.shi_san_yao:
            best = max(best, _shi_san_yao_kept(counts, budgets))
    return best


@cached(1 << 14)
def live_shanten(counts: Counts, budgets: Counts, rules: ShapeRules, melds: int = 0) -> int:
    """The shanten of a hand without wilds (13 or 14 tiles less 3 per meld) counting only
    complete hands it can reach with the copies left (``budgets``: copies unseen, per kind).
    Never below :func:`rules.analysis.shanten`'s number for the same tiles, and equal to it
    when every kind is safe (:func:`_safe`): each family's table is then the shapes' own,
    every kind can still make a pair (seven pairs, 十三幺's pair) and every orphan a copy
    (a kind held at most once can give only pair slots holding none of the hand's tiles
    as four of a kind, and those are never among the seven best)."""
    if _all_safe(counts, budgets):
        return shanten(counts, 0, rules, melds)
    return 13 - 3 * melds - kept(counts, budgets, rules, melds)


@cached(1 << 14)
def live_improving(counts: Counts, budgets: Counts, rules: ShapeRules,
                   melds: int = 0) -> tuple[int, ...]:
    """The kinds left whose draw lowers :func:`live_shanten` of a 13-tile hand (进张)."""
    return _numbers(counts, budgets, rules, melds,
                    _covers(counts, budgets, rules.honour_chows))[1]


def live_discards(counts: Counts, budgets: Counts, rules: ShapeRules, melds: int
                  ) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """(discard, :func:`live_shanten` after it, :func:`live_improving` after it) for each
    distinct tile of a 14-tile hand, ``budgets`` counting the discard as seen (it lies in
    the pond). A discard changes one family: the others' tables are found once for all."""
    plans = _PLANS[rules.honour_chows]
    covers = _covers(counts, budgets, rules.honour_chows)
    slots = _pair_slots(counts, budgets, rules.four_as_two_pairs) if rules.seven_pairs \
        else None
    out = []
    for index, (family, lo, hi, chows) in enumerate(plans):
        for tile in range(lo, hi):
            if counts[tile]:
                after = (*counts[:tile], counts[tile] - 1, *counts[tile + 1:])
                row = covers[:]
                row[index] = capped_cover(family, after[lo:hi], budgets[lo:hi], chows)
                out.append((tile, *_numbers(after, budgets, rules, melds, row,
                                            _discarded(slots, counts, budgets, rules, tile))))
    return tuple(out)


def _discarded(slots: list[int] | None, counts: Counts, budgets: Counts, rules: ShapeRules,
               tile: int) -> list[int] | None:
    """The pair slots once ``tile`` is discarded: one held and one copy fewer."""
    if slots is None:
        return None
    held, copies = counts[tile], counts[tile] + budgets[tile]
    moved = slots[:]
    _slot(moved, held, copies, rules.four_as_two_pairs, -1)
    _slot(moved, held - 1, copies - 1, rules.four_as_two_pairs, 1)
    return moved


def _numbers(counts: Counts, budgets: Counts, rules: ShapeRules, melds: int,
             covers: list[Cover], slots: list[int] | None = None
             ) -> tuple[int, tuple[int, ...]]:
    """(:func:`live_shanten`, :func:`live_improving`) of a 13-tile hand whose families'
    tables within the copies are ``covers`` (``slots``: its :func:`_pair_slots`, when
    known).

    As :func:`rules.analysis.shanten.improving_tiles` reads the shapes' tables: a draw
    within the copies (one held more, one left fewer: the kind's cap unchanged) raises each
    entry of its family's table by one at most, so four sets + a pair keep one more tile
    exactly when the draw grows an entry some best split uses (a *tight* entry,
    :func:`_live_gains`); seven pairs and 十三幺 are counted per draw (a few counts move).
    Neither kind of shape can pass ``now`` unless it reaches it already."""
    sets = 4 - melds
    others = _others(covers)  # each family's table beside the other four merged
    standard = _merged(covers[0], others[0])[ROW + sets]
    special = _special_kept(counts, budgets, rules, melds, slots)
    now = max(standard, special)
    found: set[int] = set()
    if standard == now:
        for (family, lo, hi, chows), cover, rest in zip(_PLANS[rules.honour_chows], covers,
                                                        others, strict=True):
            tight = _tight_entries(cover, rest, sets)
            if tight:
                found.update(lo + pos for pos in _live_gains(
                    family, counts[lo:hi], budgets[lo:hi], chows, tight))
    if special == now:
        found |= _special_improving(counts, budgets, rules, slots if slots is not None else
                                    _pair_slots(counts, budgets, rules.four_as_two_pairs), now)
    return 13 - 3 * melds - now, tuple(sorted(found))


@cached(1 << 16)
def _live_gains(family: int, counts: Counts, budgets: Counts, chows: bool,
                tight: int) -> tuple[int, ...]:
    """The family's positions with a copy left whose draw grows one of the ``tight``
    entries of its table within the copies (a mask laid out as
    :func:`rules.analysis.shanten._gain_mask`'s).

    Where the family and the drawn kind stay safe (:func:`_safe`) both tables are the
    shapes' own, and the shapes' memoised gains say it. Otherwise a draw grows an entry
    its search found drawing that kind (the grouping then holds the copy it drew, within
    the same copies), and each other tight entry is asked whether it can hold one more
    tile (:func:`_grows`), a search for one target rather than the grown family's whole
    table."""
    if _all_safe(counts, budgets):
        cover, drawn, shaped = family_cover(family, counts, chows), None, \
            _gains(family, counts, chows)
    else:
        (cover, drawn), shaped = _searched(family, counts, budgets, chows), None
    found = []
    for pos, budget in enumerate(budgets):
        if budget <= 0:
            continue
        if shaped is not None and _safe(counts[pos] + 1, budget - 1):
            grows = bool(shaped[pos] & tight)
        else:
            grows = (drawn is not None and _drew(drawn, tight, pos)) or _grows(
                family, _less(counts, (pos,), -1), _less(budgets, (pos,), 1), chows, cover,
                tight)
        if grows:
            found.append(pos)
    return tuple(found)


def _drew(drawn: tuple[int, ...], tight: int, pos: int) -> bool:
    """Whether the grouping found for some tight entry draws a copy of ``pos``."""
    return any(tight >> (8 * cell) & 1 and mask >> pos & 1 for cell, mask in enumerate(drawn))


def _grows(family: int, counts: Counts, budgets: Counts, chows: bool, cover: Cover,
           tight: int) -> bool:
    """Whether the family's tiles ``counts`` (one drawn onto those ``cover`` was found
    for) hold one more than ``cover`` at a tight entry, within ``budgets``."""
    plain = family_cover(family, counts, chows)
    for cell in range(2 * ROW):
        if tight >> (8 * cell) & 1 and plain[cell] > cover[cell]:
            pair, sets = divmod(cell, ROW)
            if _reaches(family, counts, budgets, chows, sets, pair, cover[cell] + 1) >= 0:
                return True
    return False


__all__ = ["IMPOSSIBLE", "capped_cover", "kept", "live_discards", "live_improving",
           "live_shanten", "searched_cover"]
