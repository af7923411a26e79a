"""The best reading of a complete Jiangxi hand, and the answer that explains it.

Every candidate (shape × 有精/德国 × 精吊, for every tile that may have been the last one
when ``win_tile`` is not given) is valued for the real seating, the ones the rules bar are
set aside, and the one worth most to the winner is kept (the rules book: the best reading).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from rules.hand import present
from rules.jiangxi.family import JiangxiSituation, JiangxiTables
from rules.jiangxi.patterns import pattern
from rules.jiangxi.pricing import (
    ROLE_ORDER,
    HandValue,
    Share,
    multiplier,
    shares,
    total,
)
from rules.jiangxi.reading import (
    PING_HU,
    Candidate,
    Draw,
    hand_view,
    jing_diao_candidates,
    jing_diao_structure,
    shape_candidates,
    show_reading,
)
from rules.model import DISCARD, ROB_KONG, Evaluation, Payment, PlayerTiles
from rules.text import Sentence, msg
from rules.tiles import code
from rules.validation import robbable
from rules.variant import not_complete

# Stable reasons for a complete hand that may not win this way.
JING_DIAO_SELF_DRAW_ONLY = "jing_diao_self_draw_only"
YOU_JING_PING_HU_SELF_DRAW_ONLY = "you_jing_ping_hu_self_draw_only"


@dataclass
class Best:
    value: HandValue
    draw: Draw
    total: int


@dataclass
class Search:
    best: Best | None = None
    scored: int = 0
    barred: set[str] = field(default_factory=set)


def barred(candidate: Candidate, structure: bool, situation: JiangxiSituation) -> str | None:
    """Why this reading may not win this way (None: it may).

    xingguo 四.9 / 补充 2: 已构成精吊结构，不能抓德国点炮或抢杠; 四.5: 有精平胡不能抓点炮
    (nanchang 憋自摸). 天胡/地胡 are flat wins whatever the hand (补充 7), so neither applies.
    """
    if situation.flat_win:
        return None
    win_type = situation.seating.win_type
    if win_type in (DISCARD, ROB_KONG) and structure:
        return JING_DIAO_SELF_DRAW_ONLY
    if win_type == DISCARD and candidate.shape == PING_HU and not candidate.german:
        return YOU_JING_PING_HU_SELF_DRAW_ONLY
    return None


def last_tiles(player: PlayerTiles, situation: JiangxiSituation,
               any_pair: bool = False) -> list[int | None]:
    """The tiles that may have completed the hand.

    天胡 has no last tile: in xingguo its 精吊 is a pair of two jing (补充 7), i.e. a jing
    "last"; with ``any_pair`` (nanchang) a pair of one jing and any tile, so any tile held
    may be the one that pairs the lone jing.
    Without ``win_tile`` every tile kind in the hand is tried and the best kept; for a robbed
    kong only the tiles held once (the others are the robbed pung's, see
    :func:`rules.validation.robbable`).
    """
    if situation.flags.heavenly:
        held = sorted({t for t in player.concealed if any_pair or t in situation.jing_kinds})
        return [*held] or [None]
    if situation.win_tile is not None:
        return [situation.win_tile]
    if situation.seating.win_type == ROB_KONG:
        return [*robbable(player, situation.out_of_play)]
    return sorted(set(player.concealed))


def search(variant: JiangxiTables, player: PlayerTiles, situation: JiangxiSituation) -> Search:
    found = Search()
    for draw, shapes in _draws(variant, player, situation):
        weigh(found, variant, draw, shapes, situation)
    return found


def may_win(variant: JiangxiTables, player: PlayerTiles, situation: JiangxiSituation) -> bool:
    """Does some reading win this way: :func:`search` finds a best reading (the evaluation
    is ``winning``) exactly when some candidate is not barred, so this stops at the first
    one and prices none. What the play engine asks of every tile a seat could win on."""
    for draw, shapes in _draws(variant, player, situation):
        structure = jing_diao_structure(draw, variant.shapes)
        for candidate in (*shapes, *jing_diao_candidates(draw, variant.shapes,
                                                         situation.jing_kinds)):
            if barred(candidate, structure, situation) is None:
                return True
    return False


def _draws(variant: JiangxiTables, player: PlayerTiles, situation: JiangxiSituation
           ) -> Iterator[tuple[Draw, tuple[Candidate, ...]]]:
    """Every way the hand may have been completed (its last tile, a claimed jing read as
    itself or wild) with the shapes it then takes: what :func:`search` values."""
    claimed = situation.seating.win_type in (DISCARD, ROB_KONG)
    kinds = situation.jing_kinds
    shaped: dict[int | None, tuple] = {}  # the view and its shapes, per claimed jing
    for last in last_tiles(player, situation, variant.tian_hu_any_jing_pair):
        for natural in claimed_jing_readings(last, claimed, kinds, variant.won_jing_wild):
            if natural not in shaped:
                view = hand_view(player, kinds, natural)
                shaped[natural] = (view, shape_candidates(view, variant.shapes))
            view, shapes = shaped[natural]
            yield Draw(view, last, last_wild=natural is None and last in kinds), shapes


# Candidates already priced in one situation, by (shape, German, 精吊): (value, total).
Prices = dict[tuple[str, bool, bool], tuple[HandValue, int]]


def weigh(found: Search, variant: JiangxiTables, draw: Draw, shapes: tuple[Candidate, ...],
          situation: JiangxiSituation, prices: Prices | None = None) -> None:
    """Value every candidate of one draw (its ``shapes`` and its 精吊 readings) into
    ``found``, setting aside the ones the rules bar.

    ``prices``: the candidates priced before in this situation (but for ``win_tile``, which
    no price reads), kept by what a price reads of a candidate (not its ``last``, which
    only a shown decomposition reads): a waiting hand's classes price each once."""
    structure = jing_diao_structure(draw, variant.shapes)
    for candidate in (*shapes, *jing_diao_candidates(draw, variant.shapes,
                                                     situation.jing_kinds)):
        reason = barred(candidate, structure, situation)
        if reason:
            found.barred.add(reason)
            continue
        value, amount = _priced(variant, candidate, situation, prices)
        _consider(found, value, amount, draw)


def _priced(variant: JiangxiTables, candidate: Candidate, situation: JiangxiSituation,
            prices: Prices | None) -> tuple[HandValue, int]:
    """The candidate's value and what it collects in all, from ``prices`` if it is there."""
    key = candidate[:3]
    priced = prices.get(key) if prices is not None else None
    if priced is None:
        value = variant.hand_value(candidate, situation)
        priced = value, total(value, situation.seating)
        if prices is not None:
            prices[key] = priced
    return priced


def claimed_jing_readings(last: int | None, claimed: bool, kinds: frozenset[int],
                           may_be_wild: bool) -> tuple[int | None, ...]:
    """How a last tile is read: None (as drawn: a jing is wild or itself, as the reading
    likes) or the tile itself (a jing taken from a discard or a robbed kong, which only
    stands for itself). nanchang's ``may_be_wild`` (精牌介绍 2 胡牌则不做此限定) tries both."""
    if not claimed or last not in kinds:
        return (None,)
    return (last, None) if may_be_wild else (last,)


def _consider(found: Search, value: HandValue, amount: int, draw: Draw) -> None:
    """Keep the reading worth most (``amount``: its total); on a tie the German one, then
    the 精吊 one (nanchang's 精钓地胡 is worth what its plain 地胡 is, and is named so)."""
    found.scored += 1
    best = found.best
    candidate = value.candidate
    if best is None or (amount, candidate.german, candidate.jing_diao) > (
            best.total, best.value.candidate.german, best.value.candidate.jing_diao):
        found.best = Best(value, draw, amount)


def evaluate_hand(variant: JiangxiTables, player: PlayerTiles, situation: JiangxiSituation,
                  shown: bool = True) -> tuple[Evaluation, list[Share]]:
    """The evaluation of the best reading, and its shares by seat (empty when not winning).
    Its decomposition and its shares with their formulas only when ``shown``: a wait's value
    is its total and pattern ids."""
    found = search(variant, player, situation)
    if found.best is None or not shown:
        return found_value(variant, found, situation), []
    best = found.best
    reading = show_reading(best.draw.view, best.value.candidate, variant.shapes)
    decomposition = present(reading, best.draw.view.wild_tiles, best.draw.view.melds) \
        if reading else []
    shared = shares(best.value, situation.seating)  # they add up to best.total (a test)
    rows = sorted(shared, key=lambda r: (ROLE_ORDER[r.role], r.seat))
    evaluation = Evaluation(
        winning=True, shape=best.value.candidate.shape,
        patterns=_patterns(variant, best.value, situation),
        multiplier=multiplier(best.value, situation.seating),
        decomposition=decomposition,
        payments=[Payment(r.role, r.amount, r.formula) for r in rows],
        total=best.total, readings=found.scored,
        notes=[*situation.notes, *_last_note(best, situation)])
    return evaluation, shared


def found_value(variant: JiangxiTables, found: Search, situation: JiangxiSituation,
                ) -> Evaluation:
    """The evaluation of the best reading ``found``, without what only a reader needs (the
    decomposition, the payments): what a wait is worth. Not winning: why."""
    best = found.best
    if best is None:
        return _not_winning(variant, found)
    return Evaluation(winning=True, shape=best.value.candidate.shape,
                      patterns=_patterns(variant, best.value, situation),
                      total=best.total, readings=found.scored)


def _last_note(best: Best, situation: JiangxiSituation) -> list[Sentence]:
    if situation.win_tile is not None or situation.flags.heavenly or best.draw.last is None:
        return []
    if not best.value.candidate.jing_diao and situation.seating.win_type not in (
            DISCARD, ROB_KONG):
        return []
    return [msg("win_tile not given: scored with {tile} as the last tile, the best case for "
                "the winner; give win_tile to score the actual win", tile=code(best.draw.last))]


def _patterns(variant: JiangxiTables, value: HandValue, situation: JiangxiSituation) -> list:
    """Every term of the value, each named, in the order the formulas use them."""
    if value.flat is not None:
        return [value.flat, *value.shown]
    seating = situation.seating
    over = variant.name_overrides
    out = [value.points, *value.factors]
    if seating.drawn:
        out.append(pattern("zi_mo", 2, "x", msg("every payer pays double"), over))
    elif seating.win_type == DISCARD:
        out.append(pattern("dian_pao", 2, "x", msg("the discarder pays double"), over))
    if seating.winner == seating.dealer:
        out.append(pattern("zhuang_jia", 2, "x", msg("the dealer wins: every payer ×2"), over))
    else:
        out.append(pattern("zhuang_jia", 2, "x", msg("the dealer pays double"), over))
    if value.german is not None:
        out.append(value.german)
    return out


def _not_winning(variant: JiangxiTables, found: Search) -> Evaluation:
    if JING_DIAO_SELF_DRAW_ONLY in found.barred:
        return Evaluation(
            winning=False, reason=JING_DIAO_SELF_DRAW_ONLY,
            message=msg("{jing_diao} structure: before this tile the hand was four sets (or "
                        "six pairs) plus a lone jing; it wins only by self-draw or a kong "
                        "replacement, never on a discard nor by robbing a kong, not even as "
                        "德国", jing_diao=variant.jing_diao_zh))
    if YOU_JING_PING_HU_SELF_DRAW_ONLY in found.barred:
        return Evaluation(
            winning=False, reason=YOU_JING_PING_HU_SELF_DRAW_ONLY,
            message=msg("有精平胡不能抓点炮{rule}: this 平胡 needs a jing as a wild tile, so it "
                        "wins only by self-draw (小七/大七/十三烂 with jing, or a 德国 reading, "
                        "may win on a discard)", rule=variant.ping_hu_rule_zh))
    return not_complete()
