"""A player's hand prepared for the core: wild jing taken out, counts made canonical.

Also turns a core :class:`~rules.analysis.Reading` into the groups shown to users, putting
each held jing where a wild stands in.
"""

from __future__ import annotations

from operator import itemgetter
from typing import NamedTuple

from rules.analysis import Group, Reading, ShapeRules, is_complete, readings, shapes_of, waits
from rules.caches import cached
from rules.model import CONCEALED_KONG, GroupView, Meld, PlayerTiles


class HandView(NamedTuple):
    """The concealed tiles split into natural counts and wild jing, plus the melds.

    A NamedTuple, not a frozen dataclass: one is built per evaluation (and per wait tried),
    and a frozen dataclass pays an ``object.__setattr__`` per field."""

    natural: tuple[int, ...]  # counts with the wild kinds taken out
    wild_tiles: tuple[int, ...]  # the jing held concealed, sorted
    as_themselves: tuple[int, ...]  # counts with every jing read as itself (德国 reading)
    melds: tuple[Meld, ...]

    @classmethod
    def of(cls, player: PlayerTiles, wild_kinds: frozenset[int] = frozenset()) -> HandView:
        counts = player.counts
        if not wild_kinds:  # three variants out of four: nothing to split off
            return cls(counts, (), counts, player.melds)
        natural, wild = list(counts), []
        for kind in sorted(wild_kinds):  # (two kinds: 正精 and 副精)
            wild += [kind] * counts[kind]
            natural[kind] = 0
        return cls(tuple(natural), tuple(wild), counts, player.melds)

    @property
    def wilds(self) -> int:
        return len(self.wild_tiles)

    def shapes(self, rules: ShapeRules) -> frozenset[str]:
        """Shapes with the jing as wilds (a wild may also stand for itself)."""
        return shapes_of(self.natural, self.wilds, rules, len(self.melds))

    def natural_shapes(self, rules: ShapeRules) -> frozenset[str]:
        """Shapes with every jing read as itself: what 德国 needs."""
        return shapes_of(self.as_themselves, 0, rules, len(self.melds))

    def complete(self, rules: ShapeRules) -> bool:
        return is_complete(self.natural, self.wilds, rules, len(self.melds))

    def readings(self, rules: ShapeRules, natural: bool = False) -> tuple[Reading, ...]:
        if natural:
            return readings(self.as_themselves, 0, rules, len(self.melds))
        return readings(self.natural, self.wilds, rules, len(self.melds))

    def waits(self, rules: ShapeRules, wild_kinds: frozenset[int]) -> tuple[int, ...]:
        return waits(self.natural, self.wilds, rules, len(self.melds), wild_kinds)


class HeldTiles(NamedTuple):
    """What the fan tests of a variant ask of the tiles held, melds included: the same for
    every reading of a hand, so worked out once per hand."""

    concealed: tuple[int, ...]  # counts of the concealed tiles
    melds: tuple[Meld, ...]
    suits: int  # how many number suits are held (0-3)
    has_honours: bool
    yao_jiu: bool  # terminals and honours only (幺九)

    @classmethod
    def of(cls, concealed: tuple[int, ...], melds: tuple[Meld, ...]) -> HeldTiles:
        held = concealed
        if melds:
            more = list(concealed)
            for meld in melds:
                for t in meld.tiles:
                    more[t] += 1
            held = tuple(more)
        suits = any(held[0:9]) + any(held[9:18]) + any(held[18:27])
        simples = any(held[1:8]) or any(held[10:17]) or any(held[19:26])  # ranks 2-8
        return cls(concealed, melds, suits, any(held[27:]), not simples)


def present(reading: Reading, wild_tiles: tuple[int, ...], melds: tuple[Meld, ...],
            ) -> list[GroupView]:
    """The reading's groups with the held jing placed in the wild slots, then the melds.

    A free group (wilds only) is shown standing for the first held jing's own kind.
    """
    if not wild_tiles:  # no jing held (three variants of four): every group is as held
        views = list(map(_VIEW, sorted(map(_as_held, reading.groups), key=_ORDER)))
        return views + _meld_views(melds) if melds else views
    pool = list(wild_tiles)
    views = []
    for group in sorted(reading.groups, key=_display_order):
        if True not in group.wild:  # all natural: held as it stands
            views.append(_as_held(group)[1])
            continue
        held = []
        for stands_for, wild in zip(group.tiles, group.wild, strict=True):
            held.append(pool.pop(0) if wild and pool else stands_for)
        tiles = list(group.tiles) if not group.free else [held[0]] * len(held)
        held = [h if h is not None else t for h, t in zip(held, tiles, strict=True)]
        views.append(GroupView(group.kind, tiles, held, list(group.wild)))
    return views + _meld_views(melds)


@cached(1 << 12)
def _as_held(group: Group) -> tuple[tuple[bool, bool, int], GroupView]:
    """A group with no wild in it, shown as held, after its display-order key. Groups of
    natural readings are shared objects (a few hundred exist), so their views are built
    once and shared too (frozen), and the sort reads the key in C (``_ORDER``)."""
    return _display_order(group), GroupView(group.kind, group.tiles, group.tiles, group.wild)


_ORDER, _VIEW = itemgetter(0), itemgetter(1)


def _meld_views(melds: tuple[Meld, ...]) -> list[GroupView]:
    return [_meld_view(meld.kind, meld.tiles) for meld in melds]


@cached(1 << 12)
def _meld_view(kind: str, tiles: tuple[int, ...]) -> GroupView:
    """A meld as shown; shared like the natural groups' views (a few thousand melds exist).
    Keyed on its kind and tiles, all that shows: a Meld's own hash is a Python function of
    its five fields, five times the cost of hashing these two."""
    return GroupView(kind, tiles, tiles, (False,) * len(tiles), concealed=kind == CONCEALED_KONG)


def _display_order(group) -> tuple[bool, bool, int]:
    """Sets in tile order, free (all-wild) groups after them, the pair last."""
    first = group[1][0]
    return (group[0] == "pair", first is None, first if first is not None else 0)
