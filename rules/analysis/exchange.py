"""Every exchange of a waiting hand at once: throw one tile, draw another.

The expected-value model (:mod:`rules.analysis.expectation`) asks of each hand it reaches,
for every tile ``d`` it could throw and every kind ``x`` it could draw, the shanten of
``H − d + x``: some 400 questions a hand, far too many to ask :func:`shanten` one by one.
They have a shape, though. Throwing ``d`` leaves a hand ``K`` one tile short of waiting;
any tile added to ``K`` raises what a shape keeps by one at most, so

    shanten(K + x) = base(K) − [x helps K]

where ``base(K)`` is the shanten ``K`` takes beside a tile that helps no shape, and the
kinds that help are read from the same tables :func:`~rules.analysis.shanten.improving_tiles`
reads (a tile helps where it grows a family's cover table at an entry some best split
uses; the other shapes' own rules; a wild always helps). So one :class:`Exchange` per tile
thrown answers all 34 draws. ``K`` differs from ``H`` in one family only, so the other
families' tables and most of their merges are ``H``'s, read once.

A test holds every answer to :func:`shanten` of the whole hand ``H − d + x``, for every
``d`` and ``x``, on hands of every variant's shapes, with wilds and melds.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import NamedTuple

from rules.analysis.model import ShapeRules
from rules.analysis.shanten import (
    _PLANS,
    Cover,
    _best_split,
    _family_covers,
    _gains,
    _lan_improving,
    _lan_kept,
    _merged,
    _others,
    _seven_pairs_kept,
    _shi_san_yao_improving,
    _shi_san_yao_kept,
    _tight_entries,
    family_cover,
    improving_tiles,
    shanten,
)
from rules.caches import cached, lru_map

Counts = tuple[int, ...]
WILD = -1  # the tile thrown is a wild (a jing): which of the wild kinds is the caller's


class Exchange(NamedTuple):
    """Throwing ``thrown`` (a kind, or :data:`WILD`): the hand left then takes shanten
    ``base`` beside a drawn tile that helps no shape, ``base − 1`` beside one of ``helps``
    (a bit mask of kinds; the wild kinds always help)."""

    thrown: int
    base: int
    helps: int


def mask(kinds: object) -> int:
    out = 0
    for kind in kinds:  # type: ignore[attr-defined]
        out |= 1 << kind
    return out


@cached(1 << 14)
def exchanges(counts: Counts, wilds: int, rules: ShapeRules, melds: int,
              wild_kinds: frozenset[int] = frozenset(),
              most: int | None = None) -> tuple[Exchange, ...]:
    """One :class:`Exchange` per distinct tile a waiting hand (13 − 3 × ``melds`` tiles:
    natural ``counts`` and ``wilds``) can throw: each natural kind held, and a wild if it
    holds one. ``most``: only the throws whose ``base`` is at most ``most`` (a caller that
    moves only closer to ready passes the hand's shanten: a throw that steps back, base
    one more, then costs its base alone, not its helping kinds, four fifths of the work)."""
    always = mask(wild_kinds)
    whole = _Whole.of(counts, rules.honour_chows, melds)
    pairs = _PairsView.of(counts) if melds == 0 and rules.seven_pairs else None
    tiles = 13 - 3 * melds - wilds
    caps = _Caps.of(counts, rules) if melds == 0 else None
    packed = int.from_bytes(bytes(counts), "little")  # the hand left by a throw: one subtraction
    out = []
    for f, (family, lo, hi, chows) in enumerate(whole.plans):
        # what four sets + a pair keep once one tile of the family goes, position by
        # position, looked up for the whole family at once
        kepts = _family_kepts(family, counts[lo:hi], chows, whole.others[f], whole.sets)
        for pos, kept in enumerate(kepts):
            if kept is None:
                continue  # not held
            tile = lo + pos
            others = _specials(counts, tile, rules, pairs, caps.beaten(kept)) \
                if caps and kept <= caps.most else []
            best = max([kept] + [other_kept for other_kept, _ in others])
            if most is not None and tiles - best > most:
                continue
            left = packed - (1 << 8 * tile), wilds, rules  # (its melds follow from its size)
            helps = _LEFT_HELPS.get(left)
            if helps is None:
                helps = whole.helps(tile, whole.shorts[f][pos]) if kept == best else 0  # type: ignore[arg-type]
                for other_kept, other_helps in others:
                    if other_kept == best:
                        helps |= other_helps()
                _LEFT_HELPS.put(left, helps)
            out.append(Exchange(tile, tiles - best, helps | always))
    if wilds:
        base = shanten(counts, wilds, rules, melds) + 1
        if most is None or base <= most:
            helps = mask(improving_tiles(counts, wilds, rules, melds, wild_kinds))
            out.append(Exchange(WILD, base, helps | always))
    return tuple(out)


# The kinds that help the hand a throw leaves, kept by that hand (its natural counts packed
# a byte a kind, its wilds and the shapes): they depend on it alone, and a graph meets it
# again from each hand one drawn tile away (throwing the drawn tile leaves it), some three
# times each in a review (nanchang seat 1: 33,535 throws worked out, 9,506 hands left).
# Bounded apart from `exchanges`' own cache, which keeps whole hands' lists.
_LEFT_HELPS = lru_map(1 << 15, "exchange_left_helps")


class _Whole(NamedTuple):
    """Four sets + a pair: the whole hand's family tables and their merges, read once for
    every tile thrown (a throw changes one family: the others' tables stay, and the merges
    of every three families are what a changed family is merged with). What only the
    helping kinds read (the merges of three families, each family's gains) is worked out
    for a changed family when a throw from it first needs them: most throws step back and
    need none (a hand's every merge worked out at once was a quarter of its exchanges)."""

    counts: Counts
    plans: tuple
    sets: int
    covers: tuple[Cover, ...]
    shorts: tuple[tuple[Cover | None, ...], ...]  # each family's, less one tile (_short_covers)
    others: tuple[Cover, ...]  # for each family, the other four merged
    # by changed family: for each family, the other three merged (the changed one's None)
    rest: dict[int, list[Cover | None]]
    gains: dict[int, tuple[int, ...]]  # each family's own gains (_gains), once asked

    @classmethod
    def of(cls, counts: Counts, honour_chows: bool, melds: int) -> _Whole:
        plans = _PLANS[honour_chows]
        covers = tuple(_family_covers(counts, honour_chows))
        shorts = tuple(_short_covers(family, counts[lo:hi], chows)
                       for family, lo, hi, chows in plans)
        return cls(counts, plans, 4 - melds, covers, shorts, _others_of(covers), {}, {})

    def helps(self, thrown: int, mine: Cover) -> int:
        """The kinds (a bit mask) that help the hand less one ``thrown`` (``mine``: its
        changed family's cover table less the tile, from ``shorts``)."""
        changed = _FAMILY_OF[thrown]
        family, lo, _, chows = self.plans[changed]
        helps = _helps(_gains(family, self._short(thrown), chows),
                       _tight_entries(mine, self.others[changed], self.sets), lo)
        rest = self._rest(changed)
        for g, (_, start, _, _) in enumerate(self.plans):
            if g != changed:
                others = _merged(mine, rest[g])  # type: ignore[arg-type]
                helps |= _helps(self._gains(g), _tight_entries(self.covers[g], others,
                                                               self.sets), start)
        return helps

    def _rest(self, changed: int) -> list[Cover | None]:
        """For each family but ``changed``, the three others merged (:func:`_others` of
        the four families beside ``changed``)."""
        found = self.rest.get(changed)
        if found is None:
            merged = iter(_others([c for g, c in enumerate(self.covers) if g != changed]))
            found = self.rest[changed] = [None if g == changed else next(merged)
                                          for g in range(len(self.covers))]
        return found

    def _gains(self, g: int) -> tuple[int, ...]:
        found = self.gains.get(g)
        if found is None:
            family, lo, hi, chows = self.plans[g]
            found = self.gains[g] = _gains(family, self.counts[lo:hi], chows)
        return found

    def _short(self, thrown: int) -> Counts:
        """The changed family's counts, less one ``thrown``."""
        _, lo, hi, _ = self.plans[_FAMILY_OF[thrown]]
        part = list(self.counts[lo:hi])
        part[thrown - lo] -= 1
        return tuple(part)


@cached(1 << 14)
def _others_of(covers: tuple[Cover, ...]) -> tuple[Cover, ...]:
    """:func:`_others` of the families' tables (the hands a graph reaches share most of
    theirs: one lookup, not nine merges)."""
    return tuple(_others(list(covers)))


@cached(1 << 14)
def _family_kepts(family: int, part: Counts, chows: bool, others: Cover,
                  sets: int) -> tuple[int | None, ...]:
    """For each position of the family's counts ``part``, the most tiles four sets + a pair
    keep once one tile there goes (None where none is held), beside the other families'
    merged table ``others``: the hands of a graph share most of their families and merged
    tables, so a family is read once, not a tile at a time."""
    return tuple(None if cover is None else _best_split(cover, others, sets)
                 for cover in _short_covers(family, part, chows))


@cached(1 << 14)
def _short_covers(family: int, part: Counts, chows: bool) -> tuple[Cover | None, ...]:
    """For each position of the family's counts ``part``, the cover table of the family
    less one tile there (None where none is held): the families of the hands a graph
    reaches repeat, so each is shortened once, not once per hand that holds it."""
    out: list[Cover | None] = []
    for pos, held in enumerate(part):
        if not held:
            out.append(None)
            continue
        short = list(part)
        short[pos] -= 1
        out.append(family_cover(family, tuple(short), chows))
    return tuple(out)


_FAMILY_OF = tuple(i for i, (_, lo, hi, _) in enumerate(_PLANS[False]) for _ in range(lo, hi))


@cached(1 << 14)
def _helps(gains: tuple[int, ...], tight: int, start: int) -> int:
    """The kinds (bit mask, from ``start``) whose gains grow a tight entry."""
    out = 0
    if tight:
        for pos, grows in enumerate(gains):
            if grows & tight:
                out |= 1 << (start + pos)
    return out


class _PairsView(NamedTuple):
    """Seven pairs reads a hand by how many kinds it holds 0-4 times: the histogram, and
    for each count the kinds held so (a bit mask), so a throw moves one kind between two
    counts."""

    histogram: tuple[int, ...]
    kinds_by_count: tuple[int, ...]
    by_held: dict[int, tuple[int, tuple[int, ...]]]  # :meth:`profile`'s, once asked

    @classmethod
    def of(cls, counts: Counts) -> _PairsView:
        histogram = [0] * 5
        kinds = [0] * 5
        for kind, held in enumerate(counts):
            histogram[held] += 1
            kinds[held] |= 1 << kind
        return cls(tuple(histogram), tuple(kinds), {})

    def profile(self, held: int, four_as_two: bool) -> tuple[int, tuple[int, ...]]:
        """:func:`_pairs_profile` of the hand once one tile held ``held`` times goes: the
        same for every kind held so, so read once per count (``by_held``)."""
        found = self.by_held.get(held)
        if found is None:
            histogram = list(self.histogram)
            histogram[held] -= 1
            histogram[held - 1] += 1
            found = self.by_held[held] = _pairs_profile(tuple(histogram), four_as_two)
        return found

    def helps(self, thrown: int, held: int, helping: tuple[int, ...]) -> int:
        """The kinds that help seven pairs once one ``thrown`` (held ``held`` times) goes
        (``helping``: the counts :meth:`profile` found)."""
        bit = 1 << thrown
        helps = 0
        for count in helping:
            kinds = self.kinds_by_count[count]
            if count == held:
                kinds &= ~bit
            elif count == held - 1:
                kinds |= bit
            helps |= kinds
        return helps


@cached(1 << 10)
def _pairs_profile(histogram: tuple[int, ...], four_as_two: bool) -> tuple[int, tuple[int, ...]]:
    """Seven pairs of a hand with this histogram: (kept, the counts at which one more copy
    of a kind lets it keep one more tile): it depends on nothing else."""
    counts = tuple(held for held, kinds in enumerate(histogram) for _ in range(kinds))
    kept = _seven_pairs_kept(counts, four_as_two)
    helping = []
    for held in range(4):
        if histogram[held]:
            grown = list(counts)
            grown[grown.index(held)] += 1
            if _seven_pairs_kept(tuple(grown), four_as_two) > kept:
                helping.append(held)
    return kept, tuple(helping)


class _Caps(NamedTuple):
    """What 十三幺, 十三烂 and seven pairs keep of the whole hand (0 where the rules lack
    the shape): a tile thrown never lets a shape keep more, so where four sets + a pair
    already keep more without the tile, the shape is not worked out for that throw (and
    where they keep more than every shape, none is: most throws of most hands)."""

    shi_san_yao: int
    shi_san_lan: int
    most: int  # the most any shape beyond four sets + a pair keeps, seven pairs included

    @classmethod
    def of(cls, counts: Counts, rules: ShapeRules) -> _Caps:
        yao = _shi_san_yao_kept(counts) if rules.shi_san_yao else 0
        lan = _lan_kept(counts)[0] if rules.shi_san_lan else 0
        pairs = _seven_pairs_kept(counts, rules.four_as_two_pairs) if rules.seven_pairs else 0
        return cls(yao, lan, max(yao, lan, pairs))

    def beaten(self, kept: int) -> tuple[bool, bool]:
        """(十三幺, 十三烂): does four sets + a pair's ``kept`` pass what each can keep?"""
        return self.shi_san_yao < kept, self.shi_san_lan < kept


def _specials(counts: Counts, thrown: int, rules: ShapeRules, pairs: _PairsView | None,
              beaten: tuple[bool, bool] = (False, False),
              ) -> list[tuple[int, Callable[[], int]]]:
    """(kept, its helping kinds when asked) of each shape beyond four sets + a pair the
    rules allow, for the hand less one ``thrown``: a shape that keeps fewer tiles than
    four sets + a pair (most hands' 十三幺 and 十三烂) never needs its helping kinds, and one
    ``beaten`` already (:class:`_Caps`) is left out."""
    found: list[tuple[int, Callable[[], int]]] = []
    if pairs is not None:
        held = counts[thrown]
        kept, helping = pairs.profile(held, rules.four_as_two_pairs)
        found.append((kept, partial(pairs.helps, thrown, held, helping)))
    yao, lan = rules.shi_san_yao and not beaten[0], rules.shi_san_lan and not beaten[1]
    if yao or lan:
        left = list(counts)
        left[thrown] -= 1
        short = tuple(left)
        if yao:
            found.append((_shi_san_yao_kept(short),
                          lambda: mask(_shi_san_yao_improving(short))))
        if lan:
            found.append((_lan_kept(short)[0], lambda: mask(_lan_improving(short))))
    return found


__all__ = ["WILD", "Exchange", "exchanges", "mask"]
