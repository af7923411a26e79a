"""What to discard (向听数 and 进张): for each distinct discard of a hand, how far it is from
ready, which draws bring it closer and how many of each are left, and for a ready hand what
each wait pays.

The numbers come from the shapes' definitions (:mod:`rules.analysis.shanten`): every shape
the variant scores counts (four sets + a pair with its honour chows, seven pairs, 十三烂 and
七星, 十三幺) and jing are wild as the variant makes them. They count only hands that can
exist: a tile kind whose four copies the player sees (held, melded, discarded, ``visible``,
flipped out of play) cannot be drawn. Without wilds the shanten itself is searched within
the copies left (:mod:`rules.analysis.live`: ``1111p234s567s789m`` is 1-shanten, not ready on
a fifth 1p); with wild jing a drawn jing may stand in for a kind whose copies are gone, so
the shapes' number stands and only tiles with a copy left are 进张. A ready discard's
``tiles`` and ``waits`` name the same tiles. No draw is tried by scoring a whole hand;
only a ready hand's waits are scored, exactly as ``POST /evaluate`` scores the waits of
that 13-tile hand as a self-draw and as a discard
(:meth:`~rules.variant.Variant.waits_both_ways`, the hand checked and its waits found once).

**The order** of the discards, best first: lower shanten; then more tiles left among its
进张; then a higher value (the best self-draw total of a wait with a copy left, for a ready
hand; 0 otherwise); then the tile order (万 筒 条, winds, dragons).
"""

from __future__ import annotations

from rules.analysis import ShapeRules, is_complete, shanten
from rules.analysis.live import live_discards, live_improving, live_shanten
from rules.analysis.shanten import shanten_and_improving
from rules.caches import cached
from rules.hand import HandView
from rules.model import (
    DISCARD,
    SELF_DRAW,
    Advice,
    AdviseRequest,
    DiscardAdvice,
    EvaluateRequest,
    ImprovingTile,
    PlayerTiles,
    Wait,
    WaitAdvice,
    WaitValue,
)
from rules.text import Sentence
from rules.variant import Variant

Counts = tuple[int, ...]
GERMAN = frozenset({"de_guo", "de_zhong_de"})  # the patterns of a win with every jing itself
COPIES = 4


def advise(variant: Variant, request: AdviseRequest) -> Advice:
    """The advice for ``request`` (rule options resolved, checked as /evaluate checks a
    hand): a 13-tile hand's shanten and 进张, or a 14-tile hand's discards, best first."""
    request = variant.resolved_advice(request)
    complete = variant.validate_advice(request)
    kinds = variant.wild_kinds(request.jing)
    hand = HandView.of(request.hand, kinds)
    melds = len(request.hand.melds)
    seen = _seen(variant, request)
    budgets = tuple(max(COPIES - n, 0) for n in seen)
    if not complete:
        if kinds:
            number, tiles = shanten_and_improving(hand.natural, hand.wilds, variant.shapes,
                                                  melds, kinds)
        else:
            number = live_shanten(hand.natural, budgets, variant.shapes, melds)
            tiles = live_improving(hand.natural, budgets, variant.shapes, melds)
        draws = _draws(tiles, seen)
        return Advice(number, draws=draws, left_total=sum(d.left for d in draws))
    if kinds:
        number = shanten(hand.natural, hand.wilds, variant.shapes, melds)
        table = discard_table(hand.natural, hand.wilds, variant.shapes, melds, kinds,
                              tuple(sorted(set(hand.wild_tiles))))
    else:
        table = live_discard_table(hand.natural, budgets, variant.shapes, melds)
        number = _live_number(hand.natural, variant.shapes, melds, table)
    entries = [_entry(variant, request, tile, after, tiles, seen)
               for tile, after, tiles in table]
    entries.sort(key=_order)
    return Advice(number, discards=entries)


@cached(1 << 12)
def discard_table(counts: Counts, wilds: int, rules: ShapeRules, melds: int,
                  wild_kinds: frozenset[int], wild_tiles: tuple[int, ...]
                  ) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """(discard, shanten after it, its 进张) for each distinct tile of a 14-tile hand: the
    part of an advice that depends on the tiles alone, kept for the next request."""
    out = []
    for tile in [t for t, n in enumerate(counts) if n] + list(wild_tiles):
        if tile in wild_kinds:  # throwing a jing away: one wild fewer
            after, left_wilds = counts, wilds - 1
        else:
            after, left_wilds = _without(counts, tile), wilds
        out.append((tile, *shanten_and_improving(after, left_wilds, rules, melds,
                                                 wild_kinds)))
    return tuple(sorted(out))


@cached(1 << 12)
def live_discard_table(counts: Counts, budgets: Counts, rules: ShapeRules, melds: int
                       ) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """:func:`discard_table` for a hand without wilds, within the copies left (``budgets``
    counts the discard as seen: it lies in the pond). Whole-hand shapes beyond seven pairs
    and 十三幺 (十三烂: only variants with wild jing have it) are read discard by discard."""
    if rules.shi_san_lan:
        return tuple((tile, live_shanten(after, budgets, rules, melds),
                      live_improving(after, budgets, rules, melds))
                     for tile, n in enumerate(counts) if n
                     for after in (_without(counts, tile),))
    return live_discards(counts, budgets, rules, melds)


def _live_number(counts: Counts, rules: ShapeRules, melds: int,
                 table: tuple[tuple[int, int, tuple[int, ...]], ...]) -> int:
    """:func:`live_shanten` of the 14-tile hand, from its discards: -1 when it is complete
    (its own tiles are within their copies), otherwise its best discard's number (a tile
    some best hand does not hold can go, and that hand stays within the copies left)."""
    if is_complete(counts, 0, rules, melds):
        return -1
    return min(after for _, after, _ in table)


def _without(counts: Counts, tile: int) -> Counts:
    return (*counts[:tile], counts[tile] - 1, *counts[tile + 1:])


def _seen(variant: Variant, request: AdviseRequest) -> list[int]:
    """Copies of each kind the player can see: its hand (the discard included: it lies in
    the pond), its melds, ``visible`` and the indicators the variant takes out of play."""
    seen = [0] * 34
    for tile in request.hand.all_held():
        seen[tile] += 1
    for tile in request.visible:
        seen[tile] += 1
    for _, flipped in variant.out_of_play(request.jing):
        for tile in flipped:
            seen[tile] += 1
    return seen


# Every (tile, copies left) an advice can name, built once: they are frozen, and a hand far
# from ready names up to 34 per discard (a new one each cost 2-4% of a cold advice).
_IMPROVING = tuple(tuple(ImprovingTile(t, left) for left in range(COPIES + 1))
                   for t in range(34))


def _draws(tiles: tuple[int, ...], seen: list[int]) -> list[ImprovingTile]:
    """The 进张 a player can draw: a tile whose four copies it sees is none of them."""
    return [_IMPROVING[t][COPIES - seen[t]] for t in tiles if seen[t] < COPIES]


def _entry(variant: Variant, request: AdviseRequest, tile: int, after: int,
           tiles: tuple[int, ...], seen: list[int]) -> DiscardAdvice:
    draws = _draws(tiles, seen)
    left_total = sum(d.left for d in draws)
    if after != 0:
        return DiscardAdvice(tile, after, draws, left_total)
    waits = _waits(variant, request, tile, tuple(d.tile for d in draws), seen)
    value = max((w.self_draw.total for w in waits if w.left and w.self_draw), default=0)
    return DiscardAdvice(tile, after, draws, left_total, waits, value)


def _waits(variant: Variant, request: AdviseRequest, tile: int, improving: tuple[int, ...],
           seen: list[int]) -> list[WaitAdvice]:
    """The waits of the hand without ``tile`` (a ready hand's 进张 are the tiles that
    complete it), valued by /evaluate's own waits: as a self-draw, and as a discard (a
    wait only a self-draw can win has no discard value)."""
    concealed = list(request.hand.concealed)
    concealed.remove(tile)
    hand = PlayerTiles(tuple(concealed), request.hand.melds)
    out = []
    for wait, on_discard in variant.waits_both_ways(_query(request, hand),
                                                     tuple(sorted(improving))):
        self_value, discard_value = _value(wait, SELF_DRAW), _value(on_discard, DISCARD)
        missing = wait if self_value is None else on_discard if discard_value is None else None
        note = _why_not(missing)
        if seen[wait.tile] >= COPIES:  # /evaluate does not see ``visible``; advice does
            continue
        out.append(WaitAdvice(wait.tile, COPIES - seen[wait.tile], self_value,
                              discard_value, note))
    return out


def _why_not(wait: Wait | None) -> Sentence:
    """Why a way of winning on a wait is missing, as /evaluate says it (its fallback to a
    self-draw prefixes what it found: "only by self_draw: …")."""
    if wait is None:
        return ""
    return wait.note


def _query(request: AdviseRequest, hand: PlayerTiles) -> EvaluateRequest:
    return EvaluateRequest(request.variant, hand, dealer=request.dealer,
                           discarder_is_dealer=request.discarder_is_dealer,
                           seat_wind=request.seat_wind, round_wind=request.round_wind,
                           jing=request.jing, rules=request.rules)


def _value(wait: Wait | None, win_type: str) -> WaitValue | None:
    if wait is None or wait.total is None or wait.won_by != win_type:
        return None
    return WaitValue(wait.total, wait.patterns, bool(GERMAN.intersection(wait.patterns)))


def _order(entry: DiscardAdvice) -> tuple[int, int, int, int]:
    return entry.shanten, -entry.left_total, -entry.value, entry.discard


__all__ = ["advise", "discard_table", "live_discard_table"]
