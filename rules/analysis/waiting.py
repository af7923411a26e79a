"""Waits of a hand one tile short, family by family.

Adding a tile changes one family only, so for the standard shape the other four families'
minimum wilds are looked up once and each candidate costs two lookups for its own family;
those lookups are kept per family slice (:func:`family_after`), so a family seen before
costs one lookup for all its positions. Two shortcuts keep a cold start cheap:

* a tile never does better than a wild (a wild may stand for it), so when one more *wild*
  does not complete the hand, no tile does and nothing else is tried;
* a number tile with no natural tile of its suit within two ranks (or an honour where
  honours form no chows) can only join a pung or the pair of its own kind, so its cost is
  known without a lookup: +2 wilds for a pung (X + 2 wilds), +1 for a pair (X + 1 wild).

Seven pairs, 十三烂 and 十三幺 are checked per candidate only when the hand can still take
them (no melds, and the cheap necessary condition holds).

:func:`shapes_after` goes one step further than the waits: which shapes each tile would
complete, what a scorer valuing every wait reads.
"""

from __future__ import annotations

from collections import defaultdict

from rules.analysis import natural, special
from rules.analysis.families import INF, NUM, min_wilds
from rules.analysis.model import SEVEN_PAIRS, SHI_SAN_YAO, STANDARD, ShapeRules
from rules.analysis.standard import Part, min_wilds_standard, plans
from rules.caches import cached

Counts = tuple[int, ...]


def _with(counts: Counts, tile: int) -> Counts:
    return (*counts[:tile], counts[tile] + 1, *counts[tile + 1:])


def standard_waits(counts: Counts, wilds: int, honour_chows: bool) -> set[int]:
    """Tiles that make the hand four sets + a pair with ``wilds`` wilds."""
    if not wilds:
        return set(natural_standard_waits(counts, honour_chows))
    return {tile for tile, cost in enumerate(standard_costs(counts, honour_chows, False))
            if cost <= wilds}


def natural_standard_waits(counts: Counts, honour_chows: bool) -> list[int]:
    """Tiles that make the hand four sets + a pair without wilds, by the exact natural
    check, asked only of the tiles that can pass it.

    Without wilds a family holds sets (3k tiles) or sets and the pair (3k + 2), and one
    family the pair: so at most one family of 3k + 1 tiles may take the tile (then no other
    holds 3k + 2), or with none, one of the two of 3k + 2. A tile with no neighbour needs a
    wild (it joins no group of other tiles). The other families are read once, the taking
    family once per tile (:func:`~rules.analysis.natural.family_kind`): the whole hand read
    again per tile was a fifth of pricing a waiting hand's waits."""
    families = plans(honour_chows, False)
    parts = [counts[lo:hi] for _, lo, hi, _ in families]
    sizes = [sum(part) % 3 for part in parts]
    if sizes.count(1) == 1 and 2 not in sizes:
        chosen = [sizes.index(1)]
    elif 1 not in sizes and sizes.count(2) == 2:
        chosen = [k for k, size in enumerate(sizes) if size == 2]
    else:
        return []
    found = []
    for k in chosen:
        others = [natural.family_kind(family, parts[j], chows)
                  for j, (family, _, _, chows) in enumerate(families) if j != k]
        if natural.SUIT_BAD in others:
            continue
        pairs = others.count(natural.SUIT_PAIR)
        family, lo, _, chows = families[k]
        taker = Part(family, lo, parts[k], chows)
        for pos in range(len(taker.counts)):
            if _isolated(taker, pos):
                continue
            kind = natural.family_kind(family, _with(taker.counts, pos), chows)
            if kind != natural.SUIT_BAD and pairs + (kind == natural.SUIT_PAIR) == 1:
                found.append(lo + pos)
    return found


@cached(1 << 14)
def family_after(family: int, counts: Counts,
                 chows: bool) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    """(sets only, sets + pair) minimum wilds of one family's ``counts``, and the same with
    one more tile at each position: everything the waits ask of a family, kept per family
    slice (a suit's counts recur across hands far more than whole hands do)."""
    part = Part(family, 0, counts, chows)
    plain, paired = _own_costs(part)
    return plain, paired, tuple([_family_costs(part, pos, plain, paired)
                                 for pos in range(len(counts))])


def _own_costs(part: Part) -> tuple[int, int]:
    """(sets only, sets + pair) fewest wilds of a family. A suit (chows allowed) that splits
    without wilds is read from the natural table, not searched: sets only are (0, 2), sets
    and a pair (1, 0).

    Why: in a family holding tiles, paired is plain - 1 or plain + 2. From a sets-only
    grouping, a group holding a natural tile gives it (with a wild, or with a second natural
    of a pung) to the pair, and its other tiles regroup with at most two wilds more: paired
    ≤ plain + 2. From a paired grouping, the pair's naturals (one or two) make a pung with
    one wild more than the pair had: plain ≤ paired + 1. And paired ≡ plain + 2 (mod 3)."""
    if part.family == NUM and part.chows and any(part.counts):
        kind = natural.suit_kind(part.counts)
        if kind == natural.SUIT_SETS:
            return 0, 2
        if kind == natural.SUIT_PAIR:
            return 1, 0
    return (min_wilds(part.family, part.counts, False, part.chows),
            min_wilds(part.family, part.counts, True, part.chows))


def _family_costs(part: Part, pos: int, plain: int, paired: int) -> tuple[int, int]:
    """(sets only, sets + pair) minimum wilds of the family with one more tile at ``pos``,
    given the family's own (``plain``, ``paired``).

    One more tile moves them only so far, which settles most of them without a search:

    * sets only: take the tile out of a grouping with it (a wild in its place, or its group
      dropped if nothing natural is left) and the family's own grouping costs at most one
      more wild: new ≥ plain - 1; a pung of it with two wilds beside the family's grouping:
      new ≤ plain + 2; sets hold 3k tiles: new ≡ plain - 1 (mod 3). So new is plain - 1 or
      plain + 2: plain + 2 when plain is 0, and when plain is 1, 0 exactly when the family
      with the tile splits into sets without wilds (a suit: the natural table says).
    * sets + a pair (the pair holds a natural tile): taken out the same way, the tile leaves
      the family's paired grouping (new ≥ paired - 1), unless it was the pair's only natural
      tile: then the rest are the family's sets (new ≥ plain + 1); the tile and a wild as
      the pair beside the family's sets: new ≤ plain + 1; new ≡ plain + 1 (mod 3). So new
      is plain + 1 when that is below paired (``paired`` INF: an empty family); otherwise
      paired - 1 or paired + 2 (paired is plain - 1 then, see :func:`_own_costs`): 2 when
      paired is 0, and when paired is 1, 0 exactly when the family with the tile splits
      into sets and a pair without wilds.
    * a tile with no neighbour joins no group of other tiles: +2 as a pung, or the pair.
    """
    if _isolated(part, pos):
        return plain + 2, min(paired + 2, plain + 1)
    plus = _with(part.counts, pos)
    kind = natural.suit_kind(plus) if part.family == NUM and part.chows else None
    if plain == 0:
        new_plain = 2
    elif plain == 1 and kind is not None:
        new_plain = 0 if kind == natural.SUIT_SETS else 3
    else:
        new_plain = min_wilds(part.family, plus, False, part.chows)
    if plain + 1 < paired:
        new_paired = plain + 1
    elif paired == 0:
        new_paired = 2
    elif paired == 1 and kind is not None:
        new_paired = 0 if kind == natural.SUIT_PAIR else 3
    else:
        new_paired = min_wilds(part.family, plus, True, part.chows)
    return new_plain, new_paired


def _isolated(part: Part, pos: int) -> bool:
    """Can a tile at ``pos`` share a group only with tiles of its own kind?"""
    if not part.chows:
        return part.counts[pos] == 0
    if part.family != NUM:
        return False  # any three winds (or 中发白) form a chow: every honour is near
    return not any(part.counts[max(0, pos - 2):pos + 3])


def special_waits(counts: Counts, wilds: int, rules: ShapeRules) -> set[int]:
    """Tiles that complete seven pairs, 十三烂 or 十三幺 (a hand without melds)."""
    found = set()
    if rules.seven_pairs:
        found |= _seven_pairs_waits(counts, wilds, rules.four_as_two_pairs)
    if rules.shi_san_lan:
        found |= special.lan_after(counts, wilds).keys()
    if rules.shi_san_yao and not any(counts[t] for t in range(len(counts))
                                     if t not in special.ORPHANS):
        found |= {t for t in special.ORPHANS if special.shi_san_yao(_with(counts, t), wilds)}
    return found


def _seven_pairs_waits(counts: Counts, wilds: int, four_as_two: bool) -> set[int]:
    """Seven pairs with wilds pairing the singles: adding tile t flips its count's parity."""
    if not four_as_two and max(counts) > 2:
        return set()
    singles = special.odd_counts(counts)
    found: set[int] = set()
    if singles > wilds + 1:
        return found  # one more tile pairs one single at best: the rest need a wild each
    for t, c in enumerate(counts):
        if not four_as_two and c == 2:
            continue  # a third copy could not be paired
        if singles + (-1 if c % 2 else 1) <= wilds:
            found.add(t)
    return found


@cached(1 << 12)
def standard_costs(counts: Counts, honour_chows: bool, pung_only: bool) -> tuple[int, ...]:
    """``[t]``: the fewest wilds that make ``counts`` plus one tile ``t`` four sets and a
    pair (``min_wilds_standard``), for all 34 kinds at once (kept per hand: the waits and
    :func:`shapes_after` of a waiting hand both ask it).

    The sum :func:`~rules.analysis.standard.pair_choice` works out per hand, family by
    family, with only the tile's own family looked up again (two lookups, none for a tile
    with no neighbour): what :func:`standard_waits` does to find the waits, kept as numbers
    so the all-pungs reading (``pung_only``) and any number of wilds can be read off them.
    """
    tables = [family_after(family, counts[lo:hi], chows)
              for family, lo, hi, chows in plans(honour_chows, pung_only)]
    base = sum([plain for plain, _, _ in tables])
    # What putting the pair in a family costs beyond its sets alone (2: a pair of wilds).
    extra = [paired - plain if paired < INF else INF for plain, paired, _ in tables]
    costs = []
    for k, (plain, _, after) in enumerate(tables):
        elsewhere = min([2] + extra[:k] + extra[k + 1:])
        rest = base - plain
        costs += [rest + new_plain + min(elsewhere, new_paired - new_plain)
                  for new_plain, new_paired in after]
    return tuple(costs)


def shapes_after(counts: Counts, wilds: int, rules: ShapeRules,
                 melds: int) -> tuple[frozenset[str], ...]:
    """``[t]``: ``shapes_of(counts + t, wilds, rules, melds)`` for all 34 kinds ``t``, the
    shapes each tile would complete (empty for most), worked out for the whole hand at once.

    The standard shape from :func:`standard_costs`; seven pairs, 十三烂 and 十三幺 by the
    checks ``shapes_of`` makes, asked only of the tiles their cheap necessary condition lets
    through."""
    empty: frozenset[str] = frozenset()
    shapes = [empty] * len(counts)
    if sum(counts) + 1 + wilds != 14 - 3 * melds:
        return tuple(shapes)
    # only the tiles that complete something get an entry: most hands it is asked of (a
    # jiangxi hand with every jing read as itself, 99 %) have none, and 34 lists and 34
    # sets built for them were most of their cost
    found: defaultdict[int, list[str]] = defaultdict(list)
    _standard_after(counts, wilds, rules.honour_chows, found)
    if melds == 0:
        _specials_after(counts, wilds, rules, found)
    for tile, names in found.items():
        shapes[tile] = frozenset(names)
    return tuple(shapes)


def _standard_after(counts: Counts, wilds: int, honour_chows: bool,
                    found: defaultdict[int, list[str]]) -> None:
    """Add STANDARD (and ``all_pungs``) to ``found[t]`` for each tile ``t`` completing it,
    as ``shapes_of`` finds them: without wilds by the natural checks, with wilds by the
    fewest wilds needed. The all-pungs reading is looked for only when the hand with one
    more *wild* has one: a wild may stand for the tile, so no tile does better."""
    if not wilds:
        for tile in natural_standard_waits(counts, honour_chows):
            found[tile].append(STANDARD)
            if natural.all_pungs(_with(counts, tile)):
                found[tile].append("all_pungs")
        return
    completed = [tile for tile, cost in enumerate(standard_costs(counts, honour_chows, False))
                 if cost <= wilds]
    for tile in completed:
        found[tile].append(STANDARD)
    if not completed or min_wilds_standard(counts, pung_only=True) > wilds + 1:
        return
    pungs = standard_costs(counts, False, pung_only=True)
    for tile in completed:
        if pungs[tile] <= wilds:
            found[tile].append("all_pungs")


def _specials_after(counts: Counts, wilds: int, rules: ShapeRules,
                    found: defaultdict[int, list[str]]) -> None:
    """Add seven pairs, 十三烂 (七星) and 十三幺 where one more tile completes them."""
    four = rules.four_as_two_pairs
    singles = special.odd_counts(counts)
    if rules.seven_pairs and singles <= wilds + 1:  # else a wild short whatever the tile
        # seven pairs reads the hand's counts as a multiset, and a tile changes only its
        # own kind's count: so the answer depends on that count alone, asked once per count
        by_count: dict[int, bool] = {}
        for tile, c in enumerate(counts):
            # necessary: each single takes a wild, and the tile turns its count's parity
            if singles + (-1 if c % 2 else 1) <= wilds:
                fits = by_count.get(c)
                if fits is None:
                    plus = _with(counts, tile)
                    fits = by_count[c] = (special.seven_pairs_fit(plus, wilds, four) if wilds
                                          else special.is_seven_pairs(plus, four))
                if fits:
                    found[tile].append(SEVEN_PAIRS)
    if rules.shi_san_lan:
        for tile, shape in special.lan_after(counts, wilds).items():
            found[tile].append(shape)
    if rules.shi_san_yao and not any(counts[t] for t in range(len(counts))
                                     if t not in special.ORPHANS):
        for tile in special.ORPHANS:  # 十三幺 holds nothing else
            plus = _with(counts, tile)
            if (special.shi_san_yao(plus, wilds) if wilds else special.is_shi_san_yao(plus)):
                found[tile].append(SHI_SAN_YAO)
