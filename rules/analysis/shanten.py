"""Shanten (向听数): how far a hand is from ready, over every shape the rules allow.

**Definition.** Take every complete hand ``C`` of a shape (``14 - 3 × melds`` concealed
tiles). The tiles ``C`` lacks are what the hand must still draw, each against a discard of a
tile ``C`` does not use; the hand is ready (听牌) when one draw is missing. So::

    shanten = (fewest tiles to draw) - 1 = 13 - 3 × melds - wilds - kept

where ``kept`` is the largest number of the hand's natural tiles some ``C`` holds (counted
with multiplicity). -1 is complete, 0 ready, and a 14-tile hand's number is the one it
has after its best discard (a tile no best ``C`` keeps). Wilds are always kept: a wild
stands for whichever tile ``C`` lacks, so the number with k wilds is exactly the minimum,
over giving each wild one of the 34 kinds, of the natural number. As elsewhere in the core,
shapes do not count copies: a hand holding four of a tile may be "ready" on a fifth (the
caller knows the table and counts the copies left).

**Four sets + a pair.** Sets never cross a family (万 筒 条, winds, dragons), so ``C`` splits
by family and ``kept`` is the best sum, over sharing the ``4 - melds`` sets and the pair out
among the families, of what each family keeps. Each family's answer for every share is one
small table (:func:`family_cover`), memoised on the family's own counts, like the win
check's tables in :mod:`rules.analysis.families`; the tables of several families are merged
pairwise (:func:`_merged`), memoised on the tables themselves (there are few distinct ones).

**Seven pairs, 十三幺, 十三烂 / 七星十三烂** are counted directly: what a hand keeps of them
depends on a few counts only (how many kinds are held once, twice, …; which ranks of each
suit are held).

:func:`improving_tiles` (进张) uses the same tables: a drawn tile changes one family only,
and it lowers the number exactly when it grows that family's table at a share that is part
of a best split (:func:`_standard_improving`), so no draw is tried whole.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, pairwise
from operator import itemgetter

from rules.analysis.families import CHOW_TEMPLATES, DRAGON, NUM, WIND, first_tile
from rules.analysis.model import (
    QI_XING_SHI_SAN_LAN,
    SEVEN_PAIRS,
    SHI_SAN_LAN,
    SHI_SAN_YAO,
    STANDARD,
    ShapeRules,
)
from rules.analysis.special import ORPHANS
from rules.caches import cached
from rules.tiles import EAST

Counts = tuple[int, ...]

# A family's cover table: entry ``k + 5 * p`` is the most tiles of the family that k sets
# (0-4) and p pairs (0 or 1) of that family can hold. A share may leave a set empty, so
# every entry is at least the one with fewer sets or no pair.
Cover = tuple[int, ...]
ROW = 5  # entries per row of a table: k = 0..4 sets; row p = 1 holds the pair
EMPTY_COVER: Cover = (0,) * (2 * ROW)

# (family, first tile id, last tile id + 1, chows in the family?) for honour_chows off / on.
_PLANS = {honours: ((NUM, 0, 9, True), (NUM, 9, 18, True), (NUM, 18, 27, True),
                    (WIND, 27, 31, honours), (DRAGON, 31, 34, honours))
          for honours in (False, True)}

_orphan_counts = itemgetter(*ORPHANS)


# ------------------------------------------------------------------ four sets + a pair

def family_cover(family: int, counts: Counts, chows: bool) -> Cover:
    """The cover table of one family (see :data:`Cover`): the most of its tiles that k sets
    and p pairs of the family can hold, for every k and p. A small family (every honour
    family; a suit of one cluster of up to :data:`SMALL_SUIT` tiles, wherever it lies) is
    read from the tables built once at import; a larger one is searched (memoised).

    A suit is looked up by its ranks as bytes, empty ranks at either end stripped: a cold
    advice asks for thousands of suits (each discard, each draw tried), and a suit's
    cluster found by two byte operations in C costs a tenth of :func:`_clusters`' loop."""
    if family == NUM and chows:
        ranks = bytes(counts).strip(b"\0")
        if b"\0\0" not in ranks:  # one cluster
            small = _SMALL_SUITS.get(ranks)
            if small is not None:
                return small
    else:
        small = _SMALL.get((family, chows, counts))
        if small is not None:
            return small
    return _family_cover(family, counts, chows)


@cached(1 << 16)
def _family_cover(family: int, counts: Counts, chows: bool) -> Cover:
    """:func:`family_cover` by search.

    Tiles no group can hold together (in a suit, ranks 3 or more apart; honours without
    chows, any two kinds) are independent: the family's table merges the tables of its
    clusters, each read at the family's start, where it is shared with every hand holding
    that cluster anywhere. One cluster is searched by :func:`_cluster_cover`.
    """
    clusters = _clusters(counts, chows)
    if len(clusters) == 1:
        (cluster,) = clusters  # searched where it is shared: at the family's start
        return _cluster_cover(family, counts, chows) if cluster == counts \
            else family_cover(family, cluster, chows)
    cover = family_cover(family, clusters[0], chows)
    for cluster in clusters[1:]:
        cover = _merged(cover, family_cover(family, cluster, chows))
    return cover


def _clusters(counts: Counts, chows: bool) -> list[Counts]:
    """The family's clusters, each moved to the family's start (a cluster's table does not
    depend on where it lies: a chow fits around any three consecutive ranks). In a suit, two
    empty ranks end a cluster; among honours without chows, every kind is its own; honours
    with chows (any three winds, 中发白) are one."""
    size = len(counts)
    if not chows:
        return [(held,) + (0,) * (size - 1) for held in counts if held] or [counts]
    if size != 9:
        return [counts]
    parts = (part.strip(b"\0") for part in bytes(counts).split(b"\0\0"))
    return [tuple(part) + (0,) * (size - len(part)) for part in parts if part] or [counts]


def _cluster_cover(family: int, counts: Counts, chows: bool) -> Cover:
    """The cover table of tiles that may share groups, by search.

    The lowest tile ``i`` held is either left out (no group holds it), or some group holds a
    copy: a pung slot, the pair, or a chow. Moving a copy between groups never loses a tile,
    so a pung slot takes every copy of ``i`` it can (up to 3), the pair up to 2, and a chow
    every tile of its template that is held: one branch each, the rest is the same question
    on fewer tiles (memoised in :func:`family_cover`).
    """
    i = first_tile(counts)
    if i < 0:
        return EMPTY_COVER
    if family == NUM and chows:
        return _suit_cover(counts, i)
    held = counts[i]
    best = list(family_cover(family, _take(counts, (i,), held), chows))  # i left out
    pung = min(held, 3)
    _add_set(best, family_cover(family, _take(counts, (i,), pung), chows), pung)
    pair = min(held, 2)
    _add_pair(best, family_cover(family, _take(counts, (i,), pair), chows), pair)
    if chows:
        for tiles in _chow_holdings(family, counts, i):
            _add_set(best, family_cover(family, _take(counts, tiles, 1), chows), len(tiles))
    return tuple(best)


def _suit_cover(counts: Counts, i: int) -> Cover:
    """:func:`_cluster_cover` of a suit (``i``: its lowest rank held), the tuples cut around
    ``i`` and the tables raised term by term: the suits of more than :data:`SMALL_SUIT`
    tiles are searched in a cold advice, a fifth faster so. ``i`` is the lowest rank held,
    so a chow through it holds ``i`` and whichever of the next two ranks are held."""
    held, below, above = counts[i], counts[:i], counts[i + 1:]
    best = family_cover(NUM, below + (0,) + above, True)  # i left out
    pung, two = min(held, 3), min(held, 2)
    best = _with_set(best, family_cover(NUM, below + (held - pung,) + above, True), pung)
    best = _with_pair(best, family_cover(NUM, below + (held - two,) + above, True), two)
    after = counts[i + 1] if i < 8 else 0
    beyond = counts[i + 2] if i < 7 else 0
    if after and beyond:
        rest = below + (held - 1, after - 1, beyond - 1) + counts[i + 3:]
    elif after or beyond:
        rest = below + (held - 1, after - (after > 0), beyond - (beyond > 0)) + counts[i + 3:]
    else:
        return best
    return _with_set(best, family_cover(NUM, rest[:9], True), 1 + (after > 0) + (beyond > 0))


def _with_set(best: Cover, rest: Cover, held: int) -> Cover:
    """:func:`_add_set` written out."""
    b0, b1, b2, b3, b4, p0, p1, p2, p3, p4 = best
    r0, r1, r2, r3, _, q0, q1, q2, q3, _ = rest
    return (b0, max(b1, r0 + held), max(b2, r1 + held), max(b3, r2 + held),
            max(b4, r3 + held), p0, max(p1, q0 + held), max(p2, q1 + held),
            max(p3, q2 + held), max(p4, q3 + held))


def _with_pair(best: Cover, rest: Cover, held: int) -> Cover:
    """:func:`_add_pair` written out."""
    b0, b1, b2, b3, b4, p0, p1, p2, p3, p4 = best
    r0, r1, r2, r3, r4 = rest[:ROW]
    return (b0, b1, b2, b3, b4, max(p0, r0 + held), max(p1, r1 + held),
            max(p2, r2 + held), max(p3, r3 + held), max(p4, r4 + held))


def _take(counts: Counts, tiles: Iterable[int], n: int) -> Counts:
    """``counts`` with ``n`` copies of each of ``tiles`` removed."""
    rest = list(counts)
    for t in tiles:
        rest[t] -= n
    return tuple(rest)


def _chow_holdings(family: int, counts: Counts, i: int) -> list[tuple[int, ...]]:
    """What a chow through the lowest held tile ``i`` can hold: its template's held tiles.

    Only the largest holdings are kept (a chow holding fewer of the same tiles is never
    better), and holding ``i`` alone is the pung slot's single copy already.
    """
    holdings = {tuple(j for j in template if counts[j])
                for template in CHOW_TEMPLATES[family][i]}
    return [h for h in holdings
            if len(h) > 1 and not any(set(h) < set(other) for other in holdings)]


def _add_set(best: list[int], rest: Cover, held: int) -> None:
    """Raise ``best`` to: one set slot holding ``held`` tiles, the rest covered by ``rest``."""
    for p in (0, ROW):
        for k in range(1, ROW):
            value = rest[p + k - 1] + held
            if value > best[p + k]:
                best[p + k] = value


def _add_pair(best: list[int], rest: Cover, held: int) -> None:
    """Raise ``best`` to: the pair holding ``held`` tiles, the sets covered by ``rest``."""
    for k in range(ROW):
        value = rest[k] + held
        if value > best[ROW + k]:
            best[ROW + k] = value


@cached(1 << 16)
def _merged(a: Cover, b: Cover) -> Cover:
    """The cover table of two families together: the sets shared out in every way, the
    pair in either (tables are few, so this is keyed on the tables, not on counts).

    Entry k (k sets, no pair) is the best of a[x] + b[k - x] over x; entry 5 + k (k sets
    and the pair) the best of the pair in a (a[5 + x] + b[k - x]) or in b (a[x] + b[5 + k -
    x]). Written out term by term: a cold advice merges thousands of tables, and the
    loops' generator expressions cost 4.6 times these sums (the test holds both equal)."""
    a0, a1, a2, a3, a4, p0, p1, p2, p3, p4 = a
    b0, b1, b2, b3, b4, q0, q1, q2, q3, q4 = b
    return (a0 + b0,
            max(a0 + b1, a1 + b0),
            max(a0 + b2, a1 + b1, a2 + b0),
            max(a0 + b3, a1 + b2, a2 + b1, a3 + b0),
            max(a0 + b4, a1 + b3, a2 + b2, a3 + b1, a4 + b0),
            max(p0 + b0, a0 + q0),
            max(p0 + b1, p1 + b0, a0 + q1, a1 + q0),
            max(p0 + b2, p1 + b1, p2 + b0, a0 + q2, a1 + q1, a2 + q0),
            max(p0 + b3, p1 + b2, p2 + b1, p3 + b0, a0 + q3, a1 + q2, a2 + q1, a3 + q0),
            max(p0 + b4, p1 + b3, p2 + b2, p3 + b1, p4 + b0,
                a0 + q4, a1 + q3, a2 + q2, a3 + q1, a4 + q0))


# ------------------------------------------------------------------ the small families
SMALL_SUIT = 10  # suit clusters of up to this many tiles are tabled at import (13,342 of them)
_SMALL: dict[tuple[int, bool, Counts], Cover] = {}  # the honour families
_SMALL_SUITS: dict[bytes, Cover] = {b"": EMPTY_COVER}  # suit clusters, by their ranks' bytes


def _suit_clusters(most: int) -> list[Counts]:
    """Every suit cluster of 1 to ``most`` tiles, at the suit's start: ranks held up to 4
    times, no two empty ranks inside (two would split it), smallest first."""
    found: list[Counts] = []

    def grow(prefix: tuple[int, ...], total: int) -> None:
        if prefix[-1]:
            found.append(prefix + (0,) * (9 - len(prefix)))
        if len(prefix) == 9:
            return
        for held in range(5):
            if total + held > most or (held == 0 and prefix[-1] == 0):
                continue
            grow((*prefix, held), total + held)

    for first in range(1, min(4, most) + 1):
        grow((first,), first)
    return sorted(found, key=sum)


def _table_small_families() -> None:
    """Fill :data:`_SMALL`: every honour family (with and without honour chows) and every
    small suit cluster, searched once (about 0.2 s at import). A worker's first hands then
    cost lookups, not searches: the tables a search memoises are the ones every hand needs."""
    shapes = [(WIND, chows, c) for chows in (False, True)
              for c in _all_counts(4)] + [(DRAGON, chows, c) for chows in (False, True)
                                          for c in _all_counts(3)]
    for family, chows, counts in shapes:
        _SMALL[family, chows, counts] = _family_cover(family, counts, chows)
    tables: dict[Cover, Cover] = {}  # one tuple per distinct table: a few thousand
    for counts in _suit_clusters(SMALL_SUIT):  # smallest first: a search reads the smaller
        cover = _family_cover(NUM, counts, True)
        _SMALL_SUITS[bytes(counts).rstrip(b"\0")] = tables.setdefault(cover, cover)


def _all_counts(size: int) -> list[Counts]:
    """Every count vector of ``size`` kinds held 0 to 4 times, fewest tiles first."""
    vectors: list[Counts] = [()]
    for _ in range(size):
        vectors = [(*v, held) for v in vectors for held in range(5)]
    return sorted(vectors, key=sum)


_table_small_families()


def _family_covers(counts: Counts, honour_chows: bool) -> list[Cover]:
    return [family_cover(family, counts[lo:hi], chows)
            for family, lo, hi, chows in _PLANS[honour_chows]]


def _best_split(a: Cover, b: Cover, sets: int) -> int:
    """Most tiles kept by ``sets`` sets and the pair shared between two cover tables: the
    entry ``ROW + sets`` of :func:`_merged` alone (written out: the expected-value model
    reads it for every tile a hand can throw, thousands of hands a question)."""
    a0, a1, a2, a3, a4, p0, p1, p2, p3, p4 = a
    b0, b1, b2, b3, b4, q0, q1, q2, q3, q4 = b
    if sets == 4:
        return max(p0 + b4, p1 + b3, p2 + b2, p3 + b1, p4 + b0,
                   a0 + q4, a1 + q3, a2 + q2, a3 + q1, a4 + q0)
    if sets == 3:
        return max(p0 + b3, p1 + b2, p2 + b1, p3 + b0, a0 + q3, a1 + q2, a2 + q1, a3 + q0)
    if sets == 2:
        return max(p0 + b2, p1 + b1, p2 + b0, a0 + q2, a1 + q1, a2 + q0)
    if sets == 1:
        return max(p0 + b1, p1 + b0, a0 + q1, a1 + q0)
    return max(p0 + b0, a0 + q0)


def _standard_kept(counts: Counts, honour_chows: bool, melds: int) -> int:
    """Most tiles four sets + a pair keep: the whole hand's merged table, read at the sets
    left to make and the pair (whole-hand tables are few, so the last merges hit too)."""
    suits = _merged(family_cover(NUM, counts[0:9], True), family_cover(NUM, counts[9:18], True))
    rest = _merged(family_cover(NUM, counts[18:27], True),
                   _merged(family_cover(WIND, counts[27:31], honour_chows),
                           family_cover(DRAGON, counts[31:34], honour_chows)))
    return _merged(suits, rest)[ROW + 4 - melds]


# ------------------------------------------------------------------ the other shapes

def _seven_pairs_kept(counts: Counts, four_as_two: bool) -> int:
    """Most tiles seven pairs can hold. Without ``four_as_two`` each kind is one pair at
    most: a kind held twice or more fills a pair, one held once half of one. With it, a kind
    is as many pairs as it has copies for (as :func:`rules.analysis.is_complete` reads a
    wild beside four of a kind, or beside three), so ``c`` copies fill ``c // 2`` pairs and
    an odd one half of another. The seven best slots are taken."""
    singles = counts.count(1)
    if four_as_two:
        threes, fours = counts.count(3), counts.count(4)
        doubles = counts.count(2) + threes + 2 * fours
        singles += threes
        if counts.count(0) + singles + counts.count(2) + fours < len(counts):
            more = [c for c in counts if c > 4]  # a fifth copy: a wild's, or a draw tried
            doubles += sum(c // 2 for c in more)
            singles += sum(c % 2 for c in more)
    else:
        doubles = len(counts) - counts.count(0) - singles
    pairs = min(doubles, 7)
    return 2 * pairs + min(singles, 7 - pairs)


def _shi_san_yao_kept(counts: Counts) -> int:
    """Most tiles 十三幺 can hold: one of each orphan held, and one more if one is doubled."""
    held = _orphan_counts(counts)
    kinds = 13 - held.count(0)
    return kinds + (kinds > held.count(1))


def _lan_ok(ranks: tuple[int, ...]) -> bool:
    return all(b - a >= 3 for a, b in pairwise(ranks))


# Every rank set one suit may hold in 十三烂 (147, 258, 369, 148, …, 17, 5, none), as a
# bit mask and its size; sizes 0-3 (four ranks cannot keep three apart within 1-9).
_LAN_RANK_SETS = tuple((sum(1 << r for r in ranks), len(ranks))
                       for n in range(4) for ranks in combinations(range(9), n)
                       if _lan_ok(ranks))


def _lan_table(mask: int) -> tuple[int, ...]:
    """For each size 0-3 of a suit's 十三烂 rank set, the most ranks of ``mask`` one holds.

    Not every held pattern extends: ranks {3, 7} are a valid pair, but no third rank keeps 3
    apart from both, so size 3 holds only one of them.
    """
    best = [0, 0, 0, 0]
    for ranks, size in _LAN_RANK_SETS:
        best[size] = max(best[size], (ranks & mask).bit_count())
    return tuple(best)


# :func:`_lan_table` of all 512 sets of ranks a suit can hold (a few milliseconds, once).
_LAN_BY_MASK = tuple(_lan_table(mask) for mask in range(1 << 9))


@cached(1 << 14)
def _lan_suit(ranks_held: Counts) -> tuple[int, ...]:
    """:func:`_lan_table` of the ranks a suit holds (one copy or more)."""
    return _LAN_BY_MASK[sum(1 << r for r, n in enumerate(ranks_held) if n)]


# The sizes the three suits of a 十三烂 may take: 7 to 9 tiles in all (fewer would need an
# eighth honour, more a fourth rank in a suit); the honours fill the rest of the 14.
_LAN_SIZES = tuple((x, y, z) for x in range(4) for y in range(4) for z in range(4)
                   if 7 <= x + y + z <= 9)


@cached(1 << 12)
def _lan_suits_kept(a: tuple[int, ...], b: tuple[int, ...],
                    c: tuple[int, ...]) -> tuple[int, int, int]:
    """Most suit tiles 十三烂 keeps when its three suits hold 7, 8 and 9 tiles (its honours
    then hold 7, 6 and 5)."""
    best = [0, 0, 0]
    for x, y, z in _LAN_SIZES:
        s = x + y + z - 7
        best[s] = max(best[s], a[x] + b[y] + c[z])
    return best[0], best[1], best[2]


def _lan_tables(counts: Counts) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]:
    """Each suit's :func:`_lan_suit` table, and how many different honours are held."""
    return (_lan_suit(counts[0:9]), _lan_suit(counts[9:18]), _lan_suit(counts[18:27]),
            7 - counts[EAST:].count(0))


def _lan_kept(counts: Counts) -> tuple[int, int]:
    """(十三烂, 七星十三烂): most tiles each can keep. 十三烂 is 14 different tiles, each
    suit's ranks at least 3 apart; 七星 is the one holding all seven honours."""
    a, b, c, honours = _lan_tables(counts)
    seven, eight, nine = _lan_suits_kept(a, b, c)
    lan = max(seven + honours, eight + min(6, honours), nine + min(5, honours))
    return lan, seven + honours


@cached(1 << 12)
def _lan_tight(a: tuple[int, ...], b: tuple[int, ...], c: tuple[int, ...],
               honours: int) -> tuple[int, int, int, bool]:
    """Which sizes of each suit some best 十三烂 uses (a bit mask per suit), and whether one
    of those best ones has an honour slot left unfilled."""
    def kept(x: int, y: int, z: int) -> int:
        return a[x] + b[y] + c[z] + min(14 - x - y - z, honours)

    best = max(kept(*sizes) for sizes in _LAN_SIZES)
    masks, honour_short = [0, 0, 0], False
    for sizes in _LAN_SIZES:
        if kept(*sizes) == best:
            for suit, size in enumerate(sizes):
                masks[suit] |= 1 << size
            honour_short = honour_short or honours < 14 - sum(sizes)
    return masks[0], masks[1], masks[2], honour_short


@cached(1 << 12)
def _lan_rank_gains(ranks_held: Counts) -> tuple[int, ...]:
    """For each rank of a suit not held, the sizes (bit mask) whose best rank set holds one
    more rank once it is drawn; 0 for a rank held (十三烂 takes one copy of a kind)."""
    table = _lan_suit(ranks_held)
    return tuple(0 if held else sum(1 << size for size, (before, after) in enumerate(
                     zip(table, _lan_suit(_take(ranks_held, (r,), -1)), strict=True))
                     if after > before)
                 for r, held in enumerate(ranks_held))


# ------------------------------------------------------------------ the public functions

def _check_size(counts: Counts, wilds: int, melds: int, sizes: tuple[int, ...]) -> None:
    if sum(counts) + wilds not in sizes:
        raise ValueError(f"a hand with {melds} melds holds {' or '.join(map(str, sizes))} "
                         f"concealed tiles, not {sum(counts) + wilds}")


def shanten(counts: Counts, wilds: int, rules: ShapeRules, melds: int = 0) -> int:
    """The hand's shanten over every shape ``rules`` allows: -1 complete (exactly when
    :func:`rules.analysis.is_complete` says so), 0 ready, 1 one tile further, …

    ``counts`` are the natural concealed tiles (34 long, wilds taken out), with ``wilds``
    wilds beside them and ``melds`` sets declared; 13 - 3 × melds tiles (waiting for a draw)
    or 14 - 3 × melds (the number after the best discard). Seven pairs, 十三烂 and 十三幺
    need a fully concealed hand.
    """
    base = 13 - 3 * melds
    _check_size(counts, wilds, melds, (base, base + 1))
    kept = _standard_kept(counts, rules.honour_chows, melds)
    if melds == 0:
        if rules.seven_pairs:
            kept = max(kept, _seven_pairs_kept(counts, rules.four_as_two_pairs))
        if rules.shi_san_yao:
            kept = max(kept, _shi_san_yao_kept(counts))
        if rules.shi_san_lan:
            kept = max(kept, _lan_kept(counts)[0])
    return base - wilds - kept


def shanten_by_shape(counts: Counts, wilds: int, rules: ShapeRules,
                     melds: int = 0) -> dict[str, int]:
    """The shanten of each shape ``rules`` allows for this hand, by shape name
    (:data:`rules.analysis.SHAPES`); :func:`shanten` is their minimum.

    ``"standard"`` is always there; the others only for a concealed hand (no melds) whose
    rules allow them. 七星十三烂 is one kind of 十三烂, so its number is never below
    十三烂's; it is given because it scores differently.
    """
    base = 13 - 3 * melds
    _check_size(counts, wilds, melds, (base, base + 1))
    found = {STANDARD: base - wilds - _standard_kept(counts, rules.honour_chows, melds)}
    if melds == 0:
        found.update(_special_shanten(counts, wilds, rules))
    return found


def _special_shanten(counts: Counts, wilds: int, rules: ShapeRules) -> dict[str, int]:
    """The numbers of the shapes beyond four sets + a pair (a concealed hand)."""
    left = 13 - wilds
    found = {}
    if rules.seven_pairs:
        found[SEVEN_PAIRS] = left - _seven_pairs_kept(counts, rules.four_as_two_pairs)
    if rules.shi_san_lan:
        lan, seven_stars = _lan_kept(counts)
        found[SHI_SAN_LAN] = left - lan
        found[QI_XING_SHI_SAN_LAN] = left - seven_stars
    if rules.shi_san_yao:
        found[SHI_SAN_YAO] = left - _shi_san_yao_kept(counts)
    return found


def improving_tiles(counts: Counts, wilds: int, rules: ShapeRules, melds: int = 0,
                    wild_kinds: frozenset[int] = frozenset()) -> tuple[int, ...]:
    """The tile kinds whose draw lowers the shanten of a hand one tile short (进张): see
    :func:`shanten_and_improving`."""
    return shanten_and_improving(counts, wilds, rules, melds, wild_kinds)[1]


@cached(1 << 12, name="improving_tiles")
def shanten_and_improving(counts: Counts, wilds: int, rules: ShapeRules, melds: int = 0,
                          wild_kinds: frozenset[int] = frozenset()
                          ) -> tuple[int, tuple[int, ...]]:
    """(:func:`shanten`, the tile kinds whose draw lowers it) of a hand one tile short
    (进张): the number is the lowest shape's, found on the way (an advice asks both of
    every discard).

    A hand of 13 - 3 × melds tiles. A drawn tile of a ``wild_kinds`` kind is one more wild,
    which always lowers the number (it stands for whatever tile is missing). Kinds the hand
    already holds four of are still listed: the caller counts the copies left.

    A draw raises what a shape keeps by one tile at most, and the number falls exactly when
    it does so for a shape at the hand's lowest number: each such shape says which draws do,
    from its own tables (no draw is tried whole).
    """
    _check_size(counts, wilds, melds, (13 - 3 * melds,))
    sets = 4 - melds
    covers = _family_covers(counts, rules.honour_chows)
    others = _others(covers)
    standard = 13 - 3 * melds - wilds - _merged(covers[0], others[0])[ROW + sets]
    special = _special_shanten(counts, wilds, rules) if melds == 0 else {}
    lowest = min([standard] + list(special.values()))
    found: set[int] = set()
    if standard == lowest:
        found.update(_standard_improving(counts, rules.honour_chows, sets, covers, others))
    if special.get(SEVEN_PAIRS) == lowest:
        found.update(_seven_pairs_improving(counts, rules.four_as_two_pairs))
    if special.get(SHI_SAN_LAN) == lowest:  # 七星 improves only where 十三烂 does
        found.update(_lan_improving(counts))
    if special.get(SHI_SAN_YAO) == lowest:
        found.update(_shi_san_yao_improving(counts))
    return lowest, tuple(sorted(found.difference(wild_kinds) | wild_kinds))


# ------------------------------------------------------------------ improving tiles

def _standard_improving(counts: Counts, honour_chows: bool, sets: int, covers: list[Cover],
                        others: list[Cover]) -> list[int]:
    """Tiles that let four sets + a pair keep one more tile.

    A draw grows one family's table by at most one at each entry. With the other families
    merged into one table (``others``), an entry ``(k, p)`` of a family is *tight* when it
    is part of a best split; the draw helps exactly when it grows a tight entry, which the
    family's memoised :func:`_gains` say position by position.
    """
    found: list[int] = []
    for (family, lo, hi, chows), cover, rest in zip(_PLANS[honour_chows], covers, others,
                                                    strict=True):
        tight = _tight_entries(cover, rest, sets)
        if tight:
            gains = _gains(family, counts[lo:hi], chows)
            found += [lo + pos for pos, grows in enumerate(gains) if grows & tight]
    return found


def _others(covers: list[Cover]) -> list[Cover]:
    """For each family, the merged table of the four others (from prefix and suffix merges:
    nine merges for five families)."""
    prefix = [covers[0]]
    for cover in covers[1:-1]:
        prefix.append(_merged(prefix[-1], cover))
    suffix = [covers[-1]]
    for cover in reversed(covers[1:-1]):
        suffix.append(_merged(cover, suffix[-1]))
    suffix.reverse()  # suffix[j] merges covers j + 1 .. 4
    middle = [_merged(prefix[f - 1], suffix[f]) for f in range(1, len(covers) - 1)]
    return [suffix[0], *middle, prefix[-1]]


@cached(1 << 14)
def _tight_entries(cover: Cover, others: Cover, sets: int) -> int:
    """The entries ``(k, p)`` of ``cover`` that some best split of ``sets`` sets and the
    pair between ``cover`` and ``others`` uses, as a mask with byte ``k + 5p`` set to 1 (the
    layout of :func:`_gain_mask`)."""
    kept = _best_split(cover, others, sets)
    mask = 0
    for k in range(sets + 1):
        if cover[k] + others[ROW + sets - k] == kept:
            mask |= 1 << (8 * k)
        if cover[ROW + k] + others[sets - k] == kept:
            mask |= 1 << (8 * (ROW + k))
    return mask


@cached(1 << 14)
def _gains(family: int, counts: Counts, chows: bool) -> tuple[int, ...]:
    """For each position of the family, the mask of the cover entries one more tile there
    raises (:func:`_gain_mask`). Read from :data:`_SUIT_GAINS` and :data:`_HONOUR_GAINS`
    where they hold the family (:func:`_tabled_gains`), otherwise as they were built."""
    tabled = _tabled_gains(family, counts, chows)
    return tabled if tabled is not None else _found_gains(family, counts, chows)


def _found_gains(family: int, counts: Counts, chows: bool) -> tuple[int, ...]:
    """:func:`_gains` from the grown families' tables.

    A tile no held tile can share a group with is a group of its own: it grows an entry
    exactly when a spare set slot or the pair could take it, read from the table itself.
    """
    cover = family_cover(family, counts, chows)
    alone = _gain_mask(cover, _with_lone_tile(cover))
    return tuple(alone if _alone(counts, pos, chows) else
                 _gain_mask(cover, family_cover(family, _take(counts, (pos,), -1), chows))
                 for pos in range(len(counts)))


# A cold advice asks each family of every discard which draws grow its table: nine grown
# tables each. For the families tabled at import the answers are tabled too. A suit's, by
# its one cluster's ranks: (the mask of a lone tile, then a mask per rank from two below
# the cluster to two above it; a cluster's table does not depend on where it lies).
_SUIT_GAINS: dict[bytes, tuple[int, ...]] = {}
_HONOUR_GAINS: dict[tuple[int, bool, Counts], tuple[int, ...]] = {}


def _tabled_gains(family: int, counts: Counts, chows: bool) -> tuple[int, ...] | None:
    """:func:`_gains` of a family the tables hold, None for another."""
    if family != NUM or not chows:
        return _HONOUR_GAINS.get((family, chows, counts))
    raw = bytes(counts)
    ranks = raw.strip(b"\0")
    table = None if b"\0\0" in ranks else _SUIT_GAINS.get(ranks)
    if table is None:
        return None
    first = len(raw) - len(raw.lstrip(b"\0")) - 3  # table[1] is two ranks below the cluster
    last = first + len(table)
    return tuple(table[pos - first] if first < pos < last else table[0] for pos in range(9))


def _table_gains() -> None:
    """Fill :data:`_SUIT_GAINS` (every cluster one tile short of :data:`SMALL_SUIT`, and
    none) and :data:`_HONOUR_GAINS` (every honour family) from the tables (0.1 s)."""
    masks: dict[int, int] = {}  # one object per distinct mask (and table of masks): few
    tables: dict[tuple[int, ...], tuple[int, ...]] = {}
    for ranks, cover in list(_SMALL_SUITS.items()):
        if sum(ranks) < SMALL_SUIT:
            found = tuple(masks.setdefault(m, m) for m in (
                _gain_mask(cover, _with_lone_tile(cover)), *_cluster_gains(ranks, cover)))
            _SUIT_GAINS[ranks] = tables.setdefault(found, found)
    for family, chows, counts in list(_SMALL):
        _HONOUR_GAINS[family, chows, counts] = _found_gains(family, counts, chows)


def _cluster_gains(ranks: bytes, cover: Cover) -> list[int]:
    """The masks one more tile grows, from two ranks below the cluster to two above
    (where the grown tiles still fit in a suit's nine ranks)."""
    padded = b"\0\0" + ranks + b"\0\0" if ranks else b""
    masks = []
    for pos, held in enumerate(padded):
        grown = (padded[:pos] + bytes((held + 1,)) + padded[pos + 1:]).strip(b"\0")
        if len(grown) <= 9:
            masks.append(_gain_mask(cover, family_cover(
                NUM, tuple(grown) + (0,) * (9 - len(grown)), True)))
        else:
            masks.append(0)  # no family holds it: never read
    return masks


def _alone(counts: Counts, pos: int, chows: bool) -> bool:
    """Can no held tile share a group with one more tile at ``pos``?"""
    if not chows:
        return not counts[pos]
    if len(counts) == 9:
        return not any(counts[max(0, pos - 2):pos + 3])
    return not any(counts)  # honour chows: any two winds (or dragons) may share one


def _with_lone_tile(cover: Cover) -> Cover:
    """The table once a tile that shares no group is added: in a set slot of its own, or
    as the pair's one tile."""
    grown = list(cover)
    for p in (0, ROW):
        for k in range(1, ROW):
            grown[p + k] = max(grown[p + k], cover[p + k - 1] + 1)
    for k in range(ROW):
        grown[ROW + k] = max(grown[ROW + k], cover[k] + 1)
    return tuple(grown)


def _gain_mask(cover: Cover, grown: Cover) -> int:
    """Byte ``e`` is 1 where ``grown`` exceeds ``cover`` at entry ``e``: one more tile raises
    an entry by one at most, so the bytes' difference is the mask, no borrow between them."""
    return int.from_bytes(bytes(grown), "little") - int.from_bytes(bytes(cover), "little")


def _seven_pairs_improving(counts: Counts, four_as_two: bool) -> list[int]:
    """Kinds whose extra copy lets seven pairs keep one more tile; it depends only on how
    many copies of the kind are held, so each count is tried once."""
    kept = _seven_pairs_kept(counts, four_as_two)
    helps = {}
    for held in set(counts):
        grown = list(counts)
        grown[grown.index(held)] += 1
        helps[held] = _seven_pairs_kept(tuple(grown), four_as_two) > kept
    return [t for t, held in enumerate(counts) if helps[held]]


def _shi_san_yao_improving(counts: Counts) -> list[int]:
    """An orphan not held; or, while no orphan is doubled, one held once."""
    doubled = any(counts[t] >= 2 for t in ORPHANS)
    return [t for t in ORPHANS if not counts[t] or (not doubled and counts[t] == 1)]


def _lan_improving(counts: Counts) -> list[int]:
    """Kinds not held that let 十三烂 keep one more tile (its tiles are all different, so a
    copy of a held kind never does): a suit rank that grows a size some best 十三烂 uses, or
    any honour not held when a best one has an honour slot to fill."""
    *suits, honours = _lan_tables(counts)
    *tight, honour_short = _lan_tight(*suits, honours)
    found = [base + r for base, sizes in zip((0, 9, 18), tight, strict=True) if sizes
             for r, grows in enumerate(_lan_rank_gains(counts[base:base + 9]))
             if grows & sizes]
    if honour_short:
        found += [t for t in range(EAST, len(counts)) if not counts[t]]
    return found


_table_gains()
_family_cover.cache_clear()  # what the tables hold is read from them (0.8 MB less per worker)
