"""The scoring-relevant readings of a complete Jiangxi hand.

A hand is scored once per *candidate*: a shape (平胡, 大七, 小七, 十三烂, 七星十三烂), read
with the jing as wilds (有精) or every jing as itself (德国), and with or without 精吊.
Candidates come from the core's cached ``shapes_of`` queries, never from enumerating the
hundreds of readings a hand with several jing has; a reading is looked up only to show the
chosen candidate's decomposition.

精吊 (the rules book, xingguo): before the last tile the hand was four complete sets (or six pairs)
plus one lone jing, so that any tile completes it.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice
from typing import NamedTuple

from rules.analysis import (
    QI_XING_SHI_SAN_LAN,
    SEVEN_PAIRS,
    SHI_SAN_LAN,
    STANDARD,
    Reading,
    ShapeRules,
    natural,
    special,
)
from rules.analysis.families import INF, NUM, min_wilds
from rules.analysis.model import PAIR
from rules.analysis.standard import FAMILIES, standard_readings
from rules.caches import cached
from rules.hand import HandView
from rules.model import CHOW, Meld, PlayerTiles

PING_HU, DA_QI_DUI, XIAO_QI_DUI = "ping_hu", "da_qi_dui", "xiao_qi_dui"
SHAPE_IDS = {STANDARD: PING_HU, SEVEN_PAIRS: XIAO_QI_DUI, SHI_SAN_LAN: "shi_san_lan",
             QI_XING_SHI_SAN_LAN: "qi_xing_shi_san_lan"}
SHOWN_READINGS = 512  # how far to look for the reading that shows a 精吊 pair
CORE_SHAPE = {PING_HU: STANDARD, DA_QI_DUI: STANDARD, XIAO_QI_DUI: SEVEN_PAIRS,
              "shi_san_lan": SHI_SAN_LAN, "qi_xing_shi_san_lan": QI_XING_SHI_SAN_LAN}


# Candidate and Draw are NamedTuples, not frozen dataclasses: a few are built per hand
# scored (and per wait tried), and a frozen dataclass pays an object.__setattr__ per field.
class Candidate(NamedTuple):
    shape: str  # ping_hu, da_qi_dui, xiao_qi_dui, shi_san_lan, qi_xing_shi_san_lan
    german: bool  # 德国: every jing read as itself (or none held)
    jing_diao: bool = False
    last: int | None = None  # the last tile a 精吊 reading pairs with its lone jing


class Draw(NamedTuple):
    """A complete hand seen around its last tile ``last`` (None: not known)."""

    view: HandView
    last: int | None
    last_wild: bool  # the last tile is a jing acting as a wild (drawn, not claimed)


def hand_view(player: PlayerTiles, wild_kinds: frozenset[int], natural: int | None) -> HandView:
    """The hand with its jing split off; one copy of ``natural`` (a claimed jing) stays itself.

    A jing taken from another player's discard (or robbed from a kong) is only its own face
    value (nanchang 精牌介绍 2: 当精被打出时候，只能作为本张的含义解释): always in xingguo;
    in nanchang this is one of the two readings of a jing won so (胡牌则不做此限定).
    """
    view = HandView.of(player, wild_kinds)
    if natural is None or natural not in wild_kinds:
        return view
    wild = list(view.wild_tiles)
    wild.remove(natural)
    counts = list(view.natural)
    counts[natural] += 1
    return HandView(tuple(counts), tuple(wild), view.as_themselves, view.melds)


def chow_melds(melds: tuple[Meld, ...]) -> bool:
    return any(m.kind == CHOW for m in melds)


def shape_candidates(view: HandView, rules: ShapeRules) -> tuple[Candidate, ...]:
    """Every shape the hand takes, with jing as wilds and with every jing as itself."""
    wild = view.shapes(rules) if view.wilds else None
    return shaped_candidates(view.natural_shapes(rules), wild, chow_melds(view.melds))


@cached(1 << 8)
def shaped_candidates(natural: frozenset[str], wild: frozenset[str] | None,
                      chow_melded: bool) -> tuple[Candidate, ...]:
    """The candidates of a hand whose shapes are ``natural`` with every jing as itself and
    ``wild`` with the jing as wilds (None: no wild jing held, every reading is the German
    one), ``chow_melded`` when a meld is a chow (no 大七): a few dozen combinations, each
    worked out once."""
    found = []
    for german, shapes in ((True, natural), (False, wild)):
        if shapes is None:
            continue
        for core, sid in SHAPE_IDS.items():
            if core in shapes:
                found.append(Candidate(sid, german))
        if "all_pungs" in shapes and not chow_melded:
            found.append(Candidate(DA_QI_DUI, german))
    return tuple(found)


def sets_fit(counts: tuple[int, ...], wilds: int, rules: ShapeRules, pung_only: bool) -> bool:
    """Can ``counts`` plus ``wilds`` be split into sets alone (no pair)?"""
    need = 0
    for family, lo, hi in FAMILIES:
        chows = not pung_only and (family == NUM or rules.honour_chows)
        need += min_wilds(family, counts[lo:hi], False, chows)
        if need >= INF:
            return False
    return need <= wilds and (sum(counts) + wilds) % 3 == 0


def pairs_fit(counts: tuple[int, ...], wilds: int, rules: ShapeRules) -> bool:
    """Can ``counts`` plus ``wilds`` be six pairs (four of a tile as two, where allowed)?"""
    if not rules.four_as_two_pairs and max(counts) > 2:
        return False
    singles = special.odd_counts(counts)
    return singles <= wilds and (sum(counts) + wilds) % 2 == 0


def _minus(counts: tuple[int, ...], tile: int, n: int = 1) -> tuple[int, ...] | None:
    if counts[tile] < n:
        return None
    return (*counts[:tile], counts[tile] - n, *counts[tile + 1:])


def before_last(draw: Draw) -> tuple[tuple[int, ...], int] | None:
    """(natural counts, wilds) of the hand before its last tile."""
    view = draw.view
    if draw.last is None:
        return None
    if draw.last_wild:
        return (view.natural, view.wilds - 1) if view.wilds else None
    counts = _minus(view.natural, draw.last)
    return (counts, view.wilds) if counts is not None else None


def jing_diao_structure(draw: Draw, rules: ShapeRules) -> bool:
    """Was the hand, before its last tile, four sets (or six pairs) plus a lone jing?"""
    pre = before_last(draw)
    if pre is None or pre[1] < 1:
        return False
    counts, wilds = pre
    melds = draw.view.melds
    # four sets: a 平胡 精吊; six pairs (no melds): a 小七 精吊
    return bool(diao_shapes(counts, wilds - 1, rules, bool(melds), chow_melds(melds)))


def jing_diao_candidates(draw: Draw, rules: ShapeRules,
                         jing_kinds: frozenset[int]) -> list[Candidate]:
    """The 精吊 readings: the last tile pairs with the lone jing."""
    found = []
    pre = before_last(draw)
    melds = draw.view.melds
    if pre is not None and pre[1] >= 1:
        counts, wilds = pre
        found += _diao(counts, wilds - 1, rules, melds, german=False, last=draw.last)
    if draw.last in jing_kinds:  # 德国精吊: the last tile is the lone jing's own kind
        found += [Candidate(shape, True, True, draw.last) for shape in
                  german_diao_shapes(draw.view.as_themselves, draw.last, rules, melds)]
    return found


def german_diao_shapes(as_themselves: tuple[int, ...], last: int, rules: ShapeRules,
                       melds: tuple[Meld, ...]) -> tuple[str, ...]:
    """The shapes of the 德国精吊 readings of a hand (every jing as itself) whose last tile,
    a jing, pairs a lone jing of its own kind: the rest, less those two, completed alone."""
    rest = _minus(as_themselves, last, 2)
    if rest is None:
        return ()
    return diao_shapes(rest, 0, rules, bool(melds), chow_melds(melds))


def _diao(counts: tuple[int, ...], wilds: int, rules: ShapeRules, melds: tuple[Meld, ...],
          german: bool, last: int | None) -> list[Candidate]:
    return [Candidate(shape, german, True, last)
            for shape in diao_shapes(counts, wilds, rules, bool(melds), chow_melds(melds))]


@cached(1 << 12)
def diao_shapes(counts: tuple[int, ...], wilds: int, rules: ShapeRules, melded: bool,
                chow_melded: bool) -> tuple[str, ...]:
    """The shapes ``counts`` + ``wilds`` (the hand before its last tile, less the lone jing)
    completes with the last tile paired to the lone jing: 平胡 and 大七 (sets alone, no chow
    for 大七, melds included), 小七 (six pairs, no melds). Kept per hand: every wait of a
    waiting hand asks it of the same hand."""
    found = []
    if sets_fit(counts, wilds, rules, pung_only=False):
        found.append(PING_HU)
        if not chow_melded and sets_fit(counts, wilds, rules, pung_only=True):
            found.append(DA_QI_DUI)
    if not melded and pairs_fit(counts, wilds, rules):
        found.append(XIAO_QI_DUI)
    return tuple(found)


def show_reading(view: HandView, candidate: Candidate, rules: ShapeRules) -> Reading | None:
    """A reading of the hand that matches the candidate, for the decomposition shown."""
    counts, wilds = (view.as_themselves, 0) if candidate.german else (view.natural, view.wilds)
    core = CORE_SHAPE[candidate.shape]
    if core == SEVEN_PAIRS:
        return special.seven_pairs(counts, wilds, rules.four_as_two_pairs)
    if core != STANDARD:
        return special.shi_san_lan(counts, wilds)
    if wilds:
        return _shown_with_wilds(counts, wilds, rules.honour_chows, candidate)
    # every jing read as itself (德国): the natural tables, same readings, same order
    pung_only = candidate.shape == DA_QI_DUI
    return _first_fit((r for r in natural.standard_readings(counts, rules.honour_chows)
                       if r.all_pungs or not pung_only), candidate)


@cached(1 << 12)
def _shown_with_wilds(counts: tuple[int, ...], wilds: int, honour_chows: bool,
                      candidate: Candidate) -> Reading | None:
    """:func:`show_reading` of a hand with wilds, kept per hand and candidate like the
    core's readings with wilds: the walk through the reading generator costs tens of
    microseconds, a third of a Jiangxi settlement."""
    pung_only = candidate.shape == DA_QI_DUI
    return _first_fit(standard_readings(counts, wilds, honour_chows, pung_only=pung_only),
                      candidate)


def _first_fit(found: Iterable[Reading], candidate: Candidate) -> Reading | None:
    """The first reading that shows the candidate's 精吊 pair (any reading without 精吊).

    Walks the readings lazily and stops at the first fit, so a hand with many jing
    (hundreds of readings) costs one reading, not all of them."""
    first = None
    for reading in islice(found, SHOWN_READINGS):
        first = first or reading
        if not candidate.jing_diao or _pairs_last(reading, candidate.last, candidate.german):
            return reading
    return first


def _pairs_last(reading: Reading, last: int | None, german: bool) -> bool:
    for group in reading.groups:
        if group.kind != PAIR:
            continue
        if group.free:
            return True
        if group.tiles[0] == last and (german or any(group.wild)):
            return True
    return False


def holds_jing(player: PlayerTiles, jing_kinds: frozenset[int]) -> bool:
    """Any jing in the hand or the melds (discards are not held). (``isdisjoint`` walks
    the tiles in C: a /settle asks this of every seat.)"""
    return not jing_kinds.isdisjoint(player.concealed) or any(
        not jing_kinds.isdisjoint(meld.tiles) for meld in player.melds)


def counts_jing(player: PlayerTiles, jing_kinds: frozenset[int]) -> bool:
    """Any jing counted for this player as xingguo's jing score counts them: hand, melds
    and its own discarded jing (F组 4 丢精算自己的精; a claimed one is in the claimer's melds)."""
    return holds_jing(player, jing_kinds) or not jing_kinds.isdisjoint(player.discards)
