"""One family's cover table within the copies left, and the draws that grow it.

:func:`rules.analysis.shanten.family_cover` reads the shapes alone. Here a group holding
some of the hand's tiles draws the rest of its copies within each kind's ``budget`` (the
copies the player does not see); a group holding nothing is taken to be drawable, as in
:mod:`rules.analysis.live`. A family where no kind can run short (:func:`_safe`) has the
shapes' own table; another is searched (:func:`_reaches`).

A search also keeps, for each entry, a *witness*: the kinds the grouping it found draws a
copy of, and those it leaves a held copy of spare (:data:`SPARE` bits up). An entry's
grouping holds as many as the entry, no more, so a kind it draws is held in full and a spare
one is drawn nowhere. Two things follow, and both spare a search:

* a draw of a kind some entry's grouping draws grows that entry (the grouping holds the copy
  it drew, within the same copies);
* a discard of a kind some entry's grouping leaves spare leaves that entry as it was (the
  grouping did not hold that copy, and draws none of its kind).
"""

from __future__ import annotations

from rules.analysis.families import CHOW_TEMPLATES, first_tile
from rules.analysis.shanten import (
    EMPTY_COVER,
    ROW,
    Cover,
    _gains,
    _tabled_gains,
    family_cover,
)
from rules.caches import cached

Counts = tuple[int, ...]
Witnesses = tuple[int, ...]  # per entry: a bit per kind drawn, and SPARE bits per kind spare
Table = tuple[Cover, Witnesses | None]  # None: the shapes' own table (no search)
SAFE_BUDGET = 2  # see capped_cover
SPARE = 16  # a witness's bit SPARE + kind: a held copy of the kind is left out
_CELLS = 2 * ROW


def _safe(held: int, budget: int) -> bool:
    """A kind whose copies can never bind (see :func:`capped_cover`)."""
    return held <= 3 and budget >= min(4 - held, SAFE_BUDGET)


# The (held, budget) pairs of a kind held at most three times that :func:`_safe` refuses.
_SHORT = frozenset((held, budget) for held in range(4)
                   for budget in range(min(4 - held, SAFE_BUDGET)))


def all_safe(counts: Counts, budgets: Counts) -> bool:
    """Every kind :func:`_safe` (budgets are never negative), in C: asked of every family
    of every discard and draw."""
    return max(counts) <= 3 and _SHORT.isdisjoint(zip(counts, budgets, strict=True))


def capped_cover(family: int, counts: Counts, budgets: Counts, chows: bool) -> Cover:
    """One family's cover table with each kind drawn at most ``budgets[kind]`` more times.

    Never above the shapes' own table (:func:`rules.analysis.shanten.family_cover`), and
    equal to it when no kind is held four times and each has ``min(4 - held, 2)`` copies
    left or more: shown for every family holding at most three of a kind by
    tests/unit/test_shanten_live.py, which compares the search with the shapes' table on
    all of them. Only other families are searched (:func:`searched_cover`)."""
    return table(family, counts, budgets, chows)[0]


def table(family: int, counts: Counts, budgets: Counts, chows: bool) -> Table:
    """:func:`capped_cover`, with its search's witnesses (None where it needs none)."""
    if all_safe(counts, budgets):
        return family_cover(family, counts, chows), None
    return _searched(family, counts, budgets, chows)


def searched_cover(family: int, counts: Counts, budgets: Counts, chows: bool) -> Cover:
    """:func:`capped_cover` by search, whether or not the family is safe."""
    return _searched(family, counts, budgets, chows)[0]


@cached(1 << 16, name="searched_cover")
def _searched(family: int, counts: Counts, budgets: Counts, chows: bool
              ) -> tuple[Cover, Witnesses]:
    """The table by search: each entry starts at the shapes' value and is lowered only
    while no grouping within the budgets reaches it (:func:`_reaches`, pruned by the shapes'
    table)."""
    if first_tile(counts) < 0:
        return EMPTY_COVER, (0,) * _CELLS
    return _search_down(family, counts, budgets, chows, family_cover(family, counts, chows),
                        (None,) * _CELLS)


@cached(1 << 16)
def after_discard(family: int, counts: Counts, budgets: Counts, chows: bool, pos: int
                  ) -> Table:
    """:func:`table` of ``counts`` less one tile at ``pos`` (the budgets as they are: the
    discard counts as seen already), from the table of ``counts``: no entry rises. An
    entry whose grouping leaves a copy of ``pos`` spare stays (the grouping never held that
    copy; the discarded kind is no longer called spare). One whose grouping holds every
    copy of ``pos`` and draws none falls by one at most, if a copy is left to draw (the
    grouping draws the one it held, and holds one fewer): it is searched only at its
    value, or not at all where the shapes' own table falls already."""
    after = (*counts[:pos], counts[pos] - 1, *counts[pos + 1:])
    before, witnesses = table(family, counts, budgets, chows)
    if witnesses is None or all_safe(after, budgets):
        return table(family, after, budgets, chows)
    spare, kind = 1 << (SPARE + pos), 1 << pos
    tops, known, lows = [], [], []
    for value, witness, shaped in zip(before, witnesses, family_cover(family, after, chows),
                                      strict=True):
        tops.append(value if witness & spare else min(value, shaped))
        known.append(witness & ~spare if witness & spare else None)
        lows.append((value - 1, witness | kind) if not witness & (spare | kind)
                    and budgets[pos] else None)
    return _search_down(family, after, budgets, chows, tuple(tops), tuple(known),
                        tuple(lows))


def _search_down(family: int, counts: Counts, budgets: Counts, chows: bool,
                 tops: tuple[int, ...], known: tuple[int | None, ...],
                 lows: tuple[tuple[int, int] | None, ...] = (None,) * _CELLS
                 ) -> tuple[Cover, Witnesses]:
    """Each entry's value and witness: ``tops[cell]`` with the witness ``known[cell]``
    where one is known, otherwise searched down from ``tops[cell]`` (a bound) to
    ``lows[cell]`` (a value known reached, with its witness) where one is given. An entry
    is at least the one with a set or the pair fewer (that group drawn whole, drawing
    nothing the hand holds: the same witness)."""
    best, witnesses = [0] * _CELLS, [0] * _CELLS
    for cell in range(_CELLS):
        pair, sets = divmod(cell, ROW)
        below = max((cell - 1,) * bool(sets) + (sets,) * pair, key=best.__getitem__,
                    default=cell)
        floor = best[below] if below != cell else 0
        value, found, low = tops[cell], known[cell], lows[cell]
        if found is None:
            found = -1
            bottom = floor if low is None or low[0] < floor else low[0]
            while value > bottom and found < 0:
                found = _reaches(family, counts, budgets, chows, sets, pair, value)
                value -= found < 0
            if found < 0 and low is not None and low[0] > floor:
                value, found = low
        best[cell], witnesses[cell] = (value, found) if found >= 0 and value >= floor \
            else (floor, witnesses[below] if below != cell else _spares(counts))
    return tuple(best), tuple(witnesses)


def _spares(counts: Counts) -> int:
    """A witness leaving every held tile out."""
    return sum(1 << (SPARE + kind) for kind, held in enumerate(counts) if held)


def _reaches(family: int, counts: Counts, budgets: Counts, chows: bool, sets: int,
             pair: int, target: int) -> int:
    """Whether ``sets`` sets and ``pair`` pairs can hold ``target`` of ``counts`` drawing
    within ``budgets``: -1 when none can, otherwise the witness of the first such grouping
    found. As :func:`rules.analysis.shanten._cluster_cover`: the lowest held kind ``i``
    goes to a pung slot, the pair or a chow (each holding what it can, drawing the rest),
    or is left out; a branch whose shapes' bound falls short is not searched.

    The hot loop of a cold advice holding four of a kind: the tuples are cut and joined
    around ``i`` rather than copied through lists (the searches of 1,200 cold advices take
    a third less time)."""
    if target <= 0:
        return _spares(counts)
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
    found = _reaches(family, below + (0,) + above, budgets, chows, sets, pair, target)
    return found | 1 << (SPARE + i) if found >= 0 else -1


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


@cached(1 << 16, name="live_gains")
def gains(family: int, counts: Counts, budgets: Counts, chows: bool, tight: int,
          found: Table) -> tuple[int, ...]:
    """The family's positions with a copy left whose draw grows one of the ``tight``
    entries of its table ``found`` (:func:`table`; a mask laid out as
    :func:`rules.analysis.shanten._gain_mask`'s).

    Where the family and the drawn kind stay safe (:func:`_safe`) both tables are the
    shapes' own, and the shapes' memoised gains say it. Otherwise a draw grows an entry
    whose grouping draws that kind; and an entry can grow only where the shapes' can
    (their gains say where), or where it lies below the shapes' already: those alone are
    searched, one target each (:func:`_grows`)."""
    cover, witnesses = found
    shaped = _gains(family, counts, chows) if witnesses is None else None
    drawn, short = 0, 0
    if witnesses is not None:
        plain = family_cover(family, counts, chows)
        for cell in range(_CELLS):
            if tight >> (8 * cell) & 1:
                drawn |= witnesses[cell]
                if cover[cell] < plain[cell]:
                    short |= 1 << (8 * cell)
    out = []
    for pos, budget in enumerate(budgets):
        if budget <= 0:
            continue
        if witnesses is None and _safe(counts[pos] + 1, budget - 1):
            grows = bool(shaped[pos] & tight)
        elif drawn >> pos & 1:
            grows = True
        else:
            grown = (*counts[:pos], counts[pos] + 1, *counts[pos + 1:])
            if shaped is None:  # a searched family's: tabled, or each grown one looked up
                shaped = _tabled_gains(family, counts, chows) or ()
            cells = short | (shaped[pos] if shaped else _above(
                family_cover(family, grown, chows), cover)) & tight
            grows = bool(cells) and _grows(family, grown, (
                *budgets[:pos], budget - 1, *budgets[pos + 1:]), chows, cover, cells)
        if grows:
            out.append(pos)
    return tuple(out)


def _above(plain: Cover, cover: Cover) -> int:
    """The entries (mask laid out as :func:`rules.analysis.shanten._gain_mask`'s) where
    ``plain`` exceeds ``cover``."""
    return sum(1 << (8 * cell) for cell in range(_CELLS) if plain[cell] > cover[cell])


def _grows(family: int, counts: Counts, budgets: Counts, chows: bool, cover: Cover,
           cells: int) -> bool:
    """Whether the family's tiles ``counts`` (one drawn onto those ``cover`` was found
    for) hold one more than ``cover`` at one of ``cells``, within ``budgets``."""
    for cell in range(_CELLS):
        if cells >> (8 * cell) & 1:
            pair, sets = divmod(cell, ROW)
            if _reaches(family, counts, budgets, chows, sets, pair, cover[cell] + 1) >= 0:
                return True
    return False


__all__ = ["SAFE_BUDGET", "SPARE", "Table", "after_discard", "all_safe", "capped_cover",
           "gains", "searched_cover", "table"]
