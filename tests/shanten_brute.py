"""Slow, literal shanten numbers that :mod:`rules.analysis.shanten` is checked against.

The definition: a hand's shanten is the fewest tiles it lacks of some complete hand ``C``,
minus one. ``C`` holds ``14 - 3 × melds`` concealed tiles, so the number is
``13 - 3 × melds - kept``, ``kept`` being the most natural tiles of the hand one ``C`` holds.

* :func:`by_completions` reads that definition word for word: every complete hand of one or
  two sets and a pair is listed (hands with 3 or 2 declared melds).
* :func:`natural_shanten` is the plain search for whole hands without wilds: each family's
  tiles are given to k sets and p pairs by trying every set or pair through the lowest tile
  and *every* part of it that the hand holds (none of the core's shortcuts), and the sets
  are shared out among the families in every way.
* :func:`wild_shanten` gives every wild each of the 34 kinds (34^k hands) and takes the
  lowest :func:`natural_shanten`.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, combinations_with_replacement, pairwise, product

from tests.brute import substitutions

SUITS = (0, 9, 18)
HONOURS = tuple(range(27, 34))
ORPHANS = (0, 8, 9, 17, 18, 26, *HONOURS)
FAMILIES = ((0, 9), (9, 18), (18, 27), (27, 31), (31, 34))


def set_templates(honour_chows: bool) -> list[tuple[int, ...]]:
    """Every set of the 34 kinds: pungs, suit chows, and (when allowed) any three different
    winds and 中发白."""
    sets = [(t, t, t) for t in range(34)]
    sets += [(b + r, b + r + 1, b + r + 2) for b in SUITS for r in range(7)]
    if honour_chows:
        sets += list(combinations(range(27, 31), 3)) + [(31, 32, 33)]
    return sets


# -------------------------------------------------------------- the definition, verbatim

def _unary(counts) -> int:
    """A multiset as an int, 8 bits a kind, ``c`` low bits set for ``c`` copies: the bits two
    such ints share count the tiles the two multisets share."""
    return sum(((1 << min(c, 8)) - 1) << (8 * t) for t, c in enumerate(counts) if c)


@cache
def _completions(honour_chows: bool, melds: int) -> tuple[int, ...]:
    """Every complete concealed hand of a pair and ``4 - melds`` sets, as :func:`_unary`."""
    out = set()
    for sets in combinations_with_replacement(set_templates(honour_chows), 4 - melds):
        for pair in range(34):
            complete = Counter((pair, pair))
            for s in sets:
                complete.update(s)
            out.add(_unary([complete[t] for t in range(34)]))
    return tuple(out)


def by_completions(counts: tuple[int, ...], honour_chows: bool, melds: int) -> int:
    """Four sets + a pair, with 3 or 2 melds declared: the fewest tiles lacking of every
    complete hand (listed one by one), minus one."""
    assert melds in (2, 3)
    hand = _unary(counts)
    kept = max((complete & hand).bit_count() for complete in _completions(honour_chows, melds))
    return 14 - 3 * melds - kept - 1


# -------------------------------------------------------------- natural hands

@cache
def _family_templates(lo: int, hi: int, honour_chows: bool) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(t - lo for t in s) for s in set_templates(honour_chows)
                 if lo <= s[0] < hi)


def _parts_holding(template: tuple[int, ...], i: int,
                   counts: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every part of ``template`` (as a sorted tuple) holding ``i`` that ``counts`` has."""
    parts = set()
    for n in range(1, len(template) + 1):
        for positions in combinations(range(len(template)), n):
            part = tuple(sorted(template[p] for p in positions))
            if i in part and all(part.count(t) <= counts[t] for t in part):
                parts.add(part)
    return parts


@cache
def family_kept(lo: int, hi: int, counts: tuple[int, ...], sets: int, pair: int,
                honour_chows: bool) -> int:
    """Most of one family's tiles (``counts``, local positions) that ``sets`` sets and
    ``pair`` pairs of the family hold. The lowest tile is held by no group, or by some set
    or the pair through it, holding any part of it."""
    i = next((t for t, c in enumerate(counts) if c), None)
    if i is None:
        return 0
    best = family_kept(lo, hi, (*counts[:i], 0, *counts[i + 1:]), sets, pair, honour_chows)
    groups = []
    if sets:
        groups += [(t, sets - 1, pair) for t in _family_templates(lo, hi, honour_chows)
                   if i in t]
    if pair:
        groups.append(((i, i), sets, 0))
    for template, sets_left, pair_left in groups:
        for part in _parts_holding(template, i, counts):
            rest = list(counts)
            for t in part:
                rest[t] -= 1
            best = max(best, len(part) + family_kept(lo, hi, tuple(rest), sets_left,
                                                     pair_left, honour_chows))
    return best


@cache
def _shares(sets: int) -> tuple[tuple[int, ...], ...]:
    """Every way to share ``sets`` sets out among the five families."""
    return tuple(s for s in product(range(sets + 1), repeat=5) if sum(s) == sets)


def standard_kept(counts: tuple[int, ...], honour_chows: bool, melds: int) -> int:
    """Four sets + a pair: every share of the sets among the families, the pair in each."""
    sets = 4 - melds
    kept = [[[family_kept(lo, hi, counts[lo:hi], k, p, honour_chows) for p in (0, 1)]
             for k in range(sets + 1)] for lo, hi in FAMILIES]
    best = 0
    for share in _shares(sets):
        held = [family[k] for family, k in zip(kept, share, strict=True)]
        plain = sum(h[0] for h in held)
        best = max(best, max(plain - h[0] + h[1] for h in held))
    return best


def seven_pairs_kept(counts: tuple[int, ...], four_as_two: bool) -> int:
    """Seven pairs: each kind is held 0 or 2 times in ``C`` (or, when four of a kind are two
    pairs, any even number of times: the core reads a wild beside four of a kind as a third
    pair, like tests/brute.py's ``natural_seven_pairs``), 14 in all; the best overlap by a
    knapsack over the kinds (pairs used → tiles kept)."""
    best = {0: 0}
    for c in counts:
        nxt = dict(best)
        for used, kept in best.items():
            for pairs in (range(1, 8) if four_as_two else (1,)):
                if used + pairs <= 7:
                    value = kept + min(c, 2 * pairs)
                    nxt[used + pairs] = max(nxt.get(used + pairs, -1), value)
        best = nxt
    return best.get(7, 0)


def shi_san_yao_kept(counts: tuple[int, ...]) -> int:
    """十三幺: ``C`` is the 13 orphans and one of them again; try each doubled orphan."""
    return max(sum(min(counts[t], 2 if t == double else 1) for t in ORPHANS)
               for double in ORPHANS)


def _lan_ok(ranks) -> bool:
    return all(b - a >= 3 for a, b in pairwise(ranks))


LAN_RANK_SETS = [r for n in range(4) for r in combinations(range(9), n) if _lan_ok(r)]


@cache
def lan_targets() -> tuple[tuple[int, bool], ...]:
    """Every complete 十三烂 as a 34-bit mask of its 14 different tiles, and whether it is
    七星 (all seven honours): about 80,000 hands."""
    out = []
    for ranks in product(LAN_RANK_SETS, repeat=3):
        suit_mask = sum(1 << (base + r) for base, rs in zip(SUITS, ranks, strict=True) for r in rs)
        honours = 14 - sum(map(len, ranks))
        if 5 <= honours <= 7:
            for chosen in combinations(HONOURS, honours):
                out.append((suit_mask | sum(1 << t for t in chosen), honours == 7))
    return tuple(out)


def lan_kept_by_targets(counts: tuple[int, ...]) -> tuple[int, int]:
    """(十三烂, 七星) most kept, over every complete 十三烂 one by one (slow: natural only)."""
    held = sum(1 << t for t, c in enumerate(counts) if c)
    lan = seven = 0
    for mask, seven_stars in lan_targets():
        kept = (mask & held).bit_count()
        lan = max(lan, kept)
        if seven_stars:
            seven = max(seven, kept)
    return lan, seven


def lan_kept(counts: tuple[int, ...]) -> tuple[int, int]:
    """:func:`lan_kept_by_targets`, suit by suit: each suit's best rank set of each size."""
    per_suit = []
    for base in SUITS:
        held = {r for r in range(9) if counts[base + r]}
        per_suit.append([max(len(held & set(r)) for r in LAN_RANK_SETS if len(r) == n)
                         for n in range(4)])
    honours = sum(1 for t in HONOURS if counts[t])
    lan = seven = 0
    for sizes in product(range(4), repeat=3):
        suit_tiles = sum(sizes)
        if 7 <= suit_tiles <= 9:
            kept = (sum(s[n] for s, n in zip(per_suit, sizes, strict=True))
                    + min(14 - suit_tiles, honours))
            lan = max(lan, kept)
            if suit_tiles == 7:
                seven = max(seven, kept)  # its honours are all seven: held ones kept
    return lan, seven


def natural_by_shape(counts: tuple[int, ...], rules, melds: int = 0) -> dict[str, int]:
    """Each allowed shape's shanten of a hand without wilds (names as the core's)."""
    left = 13 - 3 * melds
    out = {"standard": left - standard_kept(counts, rules.honour_chows, melds)}
    if melds == 0:
        if rules.seven_pairs:
            out["seven_pairs"] = left - seven_pairs_kept(counts, rules.four_as_two_pairs)
        if rules.shi_san_lan:
            lan, seven = lan_kept(counts)
            out["shi_san_lan"], out["qi_xing_shi_san_lan"] = left - lan, left - seven
        if rules.shi_san_yao:
            out["shi_san_yao"] = left - shi_san_yao_kept(counts)
    return out


def natural_shanten(counts: tuple[int, ...], rules, melds: int = 0) -> int:
    return min(natural_by_shape(counts, rules, melds).values())


def wild_by_shape(counts: tuple[int, ...], wilds: int, rules, melds: int = 0) -> dict:
    """Each shape's number with wilds: every wild given every kind, the lowest natural."""
    best: dict[str, int] = {}
    for substituted in substitutions(counts, wilds):
        for shape, n in natural_by_shape(substituted, rules, melds).items():
            best[shape] = min(best.get(shape, 99), n)
    return best


def wild_shanten(counts: tuple[int, ...], wilds: int, rules, melds: int = 0) -> int:
    return min(wild_by_shape(counts, wilds, rules, melds).values())


# ------------------------------------------------- hands that can exist (rules.analysis.live)

def by_completions_within(counts: tuple[int, ...], caps: tuple[int, ...], honour_chows: bool,
                          melds: int) -> int | None:
    """:func:`by_completions` counting only complete hands ``C`` with ``C[t] <= caps[t]``
    copies of each kind (``caps``: held + copies unseen); ``None`` when none exists."""
    assert melds in (2, 3)
    hand, limit = _unary(counts), _unary(caps)
    kept = [(complete & hand).bit_count() for complete in _completions(honour_chows, melds)
            if complete & limit == complete]
    return 14 - 3 * melds - max(kept) - 1 if kept else None


@cache
def family_kept_within(lo: int, hi: int, counts: tuple[int, ...], caps: tuple[int, ...],
                       sets: int, pair: int, honour_chows: bool) -> int:
    """:func:`family_kept` where every group takes each of its copies, held or drawn, out of
    ``caps`` (held + unseen per kind); groups holding nothing are drawn whole, checked by
    :func:`drawable`. -100 when no grouping fits."""
    i = next((t for t, c in enumerate(counts) if c), None)
    if i is None:
        return 0 if drawable(caps, sets, pair, lo, hi, honour_chows) else -100
    best = family_kept_within(lo, hi, (*counts[:i], 0, *counts[i + 1:]), caps, sets, pair,
                              honour_chows)
    groups = []
    if sets:
        groups += [(t, sets - 1, pair) for t in _family_templates(lo, hi, honour_chows)
                   if i in t]
    if pair:
        groups.append(((i, i), sets, 0))
    for template, sets_left, pair_left in groups:
        left = list(caps)
        for t in template:
            left[t] -= 1
        if min(left) < 0:
            continue
        for part in _parts_holding(template, i, counts):
            rest = list(counts)
            for t in part:
                rest[t] -= 1
            best = max(best, len(part) + family_kept_within(
                lo, hi, tuple(rest), tuple(left), sets_left, pair_left, honour_chows))
    return best


def drawable(caps: tuple[int, ...], sets: int, pair: int, lo: int, hi: int,
             honour_chows: bool) -> bool:
    """Whether ``sets`` sets and ``pair`` pairs fit in ``caps`` (by trying every group)."""
    if not sets and not pair:
        return True
    if pair:
        return any(caps[t] >= 2 and drawable((*caps[:t], caps[t] - 2, *caps[t + 1:]), sets, 0,
                                             lo, hi, honour_chows) for t in range(len(caps)))
    for template in _family_templates(lo, hi, honour_chows):
        left = list(caps)
        for t in template:
            left[t] -= 1
        if min(left) >= 0 and drawable(tuple(left), sets - 1, 0, lo, hi, honour_chows):
            return True
    return False


def standard_kept_within(counts: tuple[int, ...], caps: tuple[int, ...], honour_chows: bool,
                         melds: int) -> int:
    """:func:`standard_kept` within ``caps``."""
    sets = 4 - melds
    kept = [[[family_kept_within(lo, hi, counts[lo:hi], caps[lo:hi], k, p, honour_chows)
              for p in (0, 1)] for k in range(sets + 1)] for lo, hi in FAMILIES]
    best = -100
    for share in _shares(sets):
        held = [family[k] for family, k in zip(kept, share, strict=True)]
        plain = sum(h[0] for h in held)
        best = max(best, max(plain - h[0] + h[1] for h in held))
    return best


def seven_pairs_kept_within(counts: tuple[int, ...], caps: tuple[int, ...],
                            four_as_two: bool) -> int:
    """:func:`seven_pairs_kept` where a kind gives at most ``caps[t] // 2`` pairs."""
    best = {0: 0}
    for c, cap in zip(counts, caps, strict=True):
        nxt = dict(best)
        for used, kept in best.items():
            for pairs in range(1, (7 if four_as_two else 1) + 1):
                if used + pairs <= 7 and 2 * pairs <= cap:
                    value = kept + min(c, 2 * pairs)
                    nxt[used + pairs] = max(nxt.get(used + pairs, -1), value)
        best = nxt
    return best.get(7, -100)


def natural_shanten_within(counts: tuple[int, ...], caps: tuple[int, ...], rules) -> int:
    """The shanten of a closed hand without wilds counting only hands within ``caps``
    (four sets + a pair and seven pairs; 十三幺 is read by :func:`shi_san_yao_kept`)."""
    assert not rules.shi_san_lan and not rules.shi_san_yao
    kept = standard_kept_within(counts, caps, rules.honour_chows, 0)
    if rules.seven_pairs:
        kept = max(kept, seven_pairs_kept_within(counts, caps, rules.four_as_two_pairs))
    return 13 - kept
