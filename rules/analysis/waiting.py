"""Waits of a hand one tile short, family by family.

Adding a tile changes one family only, so for the standard shape the other four families'
minimum wilds are looked up once and each candidate costs two lookups for its own family.
Two shortcuts keep a cold start cheap:

* a tile never does better than a wild (a wild may stand for it), so when one more *wild*
  does not complete the hand, no tile does and nothing else is tried;
* a number tile with no natural tile of its suit within two ranks (or an honour where
  honours form no chows) can only join a pung or the pair of its own kind, so its cost is
  known without a lookup: +2 wilds for a pung (X + 2 wilds), +1 for a pair (X + 1 wild).

Seven pairs, 十三烂 and 十三幺 are checked per candidate only when the hand can still take
them (no melds, and the cheap necessary condition holds).
"""

from __future__ import annotations

from rules.analysis import natural, special
from rules.analysis.families import INF, NUM, min_wilds
from rules.analysis.model import ShapeRules
from rules.analysis.standard import Part, slices

Counts = tuple[int, ...]


def _with(counts: Counts, tile: int) -> Counts:
    return (*counts[:tile], counts[tile] + 1, *counts[tile + 1:])


def standard_waits(counts: Counts, wilds: int, honour_chows: bool) -> set[int]:
    """Tiles that make the hand four sets + a pair with ``wilds`` wilds."""
    parts = slices(counts, honour_chows, pung_only=False)
    if not wilds:  # an isolated tile needs a wild; the rest by the exact natural check
        return {part.offset + pos for part in parts for pos in range(len(part.counts))
                if not _isolated(part, pos)
                and natural.standard(_with(counts, part.offset + pos), honour_chows)}
    plain = [min_wilds(p.family, p.counts, False, p.chows) for p in parts]
    paired = [min_wilds(p.family, p.counts, True, p.chows) for p in parts]
    base = sum(plain)
    # What putting the pair in a family costs beyond its sets alone (2: a pair of wilds).
    extra = [w - p if w < INF else INF for p, w in zip(plain, paired, strict=True)]
    found = set()
    for k, part in enumerate(parts):
        elsewhere = min([2, *extra[:k], *extra[k + 1:]])
        for pos in range(len(part.counts)):
            new_plain, new_paired = _family_costs(part, pos, plain[k], paired[k])
            cost = base - plain[k] + new_plain + min(elsewhere, new_paired - new_plain)
            if cost <= wilds:
                found.add(part.offset + pos)
    return found


def _family_costs(part: Part, pos: int, plain: int, paired: int) -> tuple[int, int]:
    """(sets only, sets + pair) minimum wilds of the family with one more tile at ``pos``."""
    c = part.counts
    if _isolated(part, pos):
        return plain + 2, min(paired + 2, plain + 1)
    plus = _with(c, pos)
    return (min_wilds(part.family, plus, False, part.chows),
            min_wilds(part.family, plus, True, part.chows))


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
    if rules.shi_san_lan and max(counts) <= 1:  # 十三烂 holds no two equal tiles
        found |= {t for t in range(len(counts)) if not counts[t]
                  and special.shi_san_lan(_with(counts, t), wilds)}
    if rules.shi_san_yao and not any(counts[t] for t in range(len(counts))
                                     if t not in special.ORPHANS):
        found |= {t for t in special.ORPHANS if special.shi_san_yao(_with(counts, t), wilds)}
    return found


def _seven_pairs_waits(counts: Counts, wilds: int, four_as_two: bool) -> set[int]:
    """Seven pairs with wilds pairing the singles: adding tile t flips its count's parity."""
    if not four_as_two and max(counts) > 2:
        return set()
    singles = sum(c % 2 for c in counts)
    found = set()
    for t, c in enumerate(counts):
        if not four_as_two and c == 2:
            continue  # a third copy could not be paired
        if singles + (-1 if c % 2 else 1) <= wilds:
            found.add(t)
    return found
