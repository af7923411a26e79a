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

from rules.analysis.capped import (
    SAFE_BUDGET,
    Table,
    after_discard,
    all_safe,
    capped_cover,
    gains,
    searched_cover,
    table,
)
from rules.analysis.families import DRAGON, NUM, WIND
from rules.analysis.model import ShapeRules
from rules.analysis.shanten import ROW, Cover, _merged, _others, _tight_entries, shanten
from rules.analysis.special import ORPHANS
from rules.caches import cached

Counts = tuple[int, ...]
IMPOSSIBLE = -100  # kept of a shape no hand within the budgets can take
_PLANS = {honours: ((NUM, 0, 9, True), (NUM, 9, 18, True), (NUM, 18, 27, True),
                    (WIND, 27, 31, honours), (DRAGON, 31, 34, honours))
          for honours in (False, True)}


_orphans = itemgetter(*ORPHANS)


def _tables(counts: Counts, budgets: Counts, honour_chows: bool) -> list[Table]:
    """Each family's :func:`rules.analysis.capped.table`."""
    return [table(family, counts[lo:hi], budgets[lo:hi], chows)
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
        doubled = max(_orphans(counts)) >= 2  # a draw adds a kind, or the first double
        found.update(t for t in ORPHANS if budgets[t] > 0
                     and (not counts[t] or (counts[t] == 1 and not doubled)))
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
    best = _merge_all([cover for cover, _ in _tables(counts, budgets, rules.honour_chows)]
                      )[ROW + 4 - melds]
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
    when every kind is safe (:func:`rules.analysis.capped.all_safe`): each family's table
    is then the shapes' own, every kind can still make a pair (seven pairs, 十三幺's pair)
    and every orphan a copy (a kind held at most once can give only pair slots holding none
    of the hand's tiles as four of a kind, and those are never among the seven best)."""
    if all_safe(counts, budgets):
        return shanten(counts, 0, rules, melds)
    return 13 - 3 * melds - kept(counts, budgets, rules, melds)


@cached(1 << 14)
def live_improving(counts: Counts, budgets: Counts, rules: ShapeRules,
                   melds: int = 0) -> tuple[int, ...]:
    """The kinds left whose draw lowers :func:`live_shanten` of a 13-tile hand (进张)."""
    return _numbers(counts, budgets, rules, melds,
                    _tables(counts, budgets, rules.honour_chows))[1]


def live_discards(counts: Counts, budgets: Counts, rules: ShapeRules, melds: int
                  ) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """(discard, :func:`live_shanten` after it, :func:`live_improving` after it) for each
    distinct tile of a 14-tile hand, ``budgets`` counting the discard as seen (it lies in
    the pond). A discard changes one family: the others' tables are found once for all."""
    plans = _PLANS[rules.honour_chows]
    tables = _tables(counts, budgets, rules.honour_chows)
    slots = _pair_slots(counts, budgets, rules.four_as_two_pairs) if rules.seven_pairs \
        else None
    out = []
    for index, (family, lo, hi, chows) in enumerate(plans):
        for tile in range(lo, hi):
            if counts[tile]:
                after = (*counts[:tile], counts[tile] - 1, *counts[tile + 1:])
                row = tables[:]
                row[index] = after_discard(family, counts[lo:hi], budgets[lo:hi], chows,
                                           tile - lo)
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
             tables: list[Table], slots: list[int] | None = None
             ) -> tuple[int, tuple[int, ...]]:
    """(:func:`live_shanten`, :func:`live_improving`) of a 13-tile hand whose families'
    tables within the copies are ``tables`` (``slots``: its :func:`_pair_slots`, when
    known).

    As :func:`rules.analysis.shanten.improving_tiles` reads the shapes' tables: a draw
    within the copies (one held more, one left fewer: the kind's cap unchanged) raises each
    entry of its family's table by one at most, so four sets + a pair keep one more tile
    exactly when the draw grows an entry some best split uses (a *tight* entry,
    :func:`rules.analysis.capped.gains`); seven pairs and 十三幺 are counted per draw (a
    few counts move). Neither kind of shape can pass ``now`` unless it reaches it already."""
    sets = 4 - melds
    covers = [cover for cover, _ in tables]
    others = _others(covers)  # each family's table beside the other four merged
    standard = _merged(covers[0], others[0])[ROW + sets]
    special = _special_kept(counts, budgets, rules, melds, slots)
    now = max(standard, special)
    found: set[int] = set()
    if standard == now:
        for (family, lo, hi, chows), found_table, rest in zip(
                _PLANS[rules.honour_chows], tables, others, strict=True):
            tight = _tight_entries(found_table[0], rest, sets)
            if tight:
                found.update(lo + pos for pos in gains(
                    family, counts[lo:hi], budgets[lo:hi], chows, tight, found_table))
    if special == now:
        found |= _special_improving(counts, budgets, rules, slots if slots is not None else
                                    _pair_slots(counts, budgets, rules.four_as_two_pairs), now)
    return 13 - 3 * melds - now, tuple(sorted(found))


__all__ = ["IMPOSSIBLE", "SAFE_BUDGET", "capped_cover", "kept", "live_discards",
           "live_improving", "live_shanten", "searched_cover"]
