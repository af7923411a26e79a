"""What one hand value costs each payer: ``points × factors``, per-payer doublings, 德国.

The rules book (xingguo, and nanchang "as in xingguo"): 自摸 ×2 for every payer, or on a discard
×2 for the discarder only (all three pay); ×2 when the dealer wins or when the payer is the
dealer; 德国: each payer pays twice (德中德 four times) plus 5 from each responsible payer
(all three on a self-draw or robbed kong, the discarder on a discard), the 5 never
multiplied. 抢杠 is valued as the winner's self-draw ×2 and the robbed player pays all three
shares. 天胡/地胡 are a flat amount from each player.
"""

from __future__ import annotations

from math import prod
from typing import NamedTuple

from rules.jiangxi.patterns import term
from rules.jiangxi.reading import Candidate
from rules.ledger import SEATS
from rules.model import DISCARD, ROB_KONG, SELF_DRAWN, TERMS, Pattern
from rules.text import Sentence, Term, formula, msg

ROLE_ORDER = {"dealer": 0, "discarder": 1, "robbed": 1, "non_dealer": 2}


class Seating(NamedTuple):
    winner: int
    dealer: int
    discarder: int | None  # the discarder, or the player whose added kong was robbed
    win_type: str

    @property
    def drawn(self) -> bool:
        """Priced as a self-draw (a robbed kong is valued as the winner's self-draw)."""
        return self.win_type in SELF_DRAWN or self.win_type == ROB_KONG

    def role(self, seat: int) -> str:
        if self.win_type == ROB_KONG:
            return "robbed"
        if seat == self.discarder:
            return "discarder"
        return "dealer" if seat == self.dealer else "non_dealer"

    def payers(self) -> tuple[int, ...]:
        return _PAYERS[self.winner]


# The three seats that pay each winner (every candidate reading is priced for them).
_PAYERS = {winner: tuple(s for s in range(SEATS) if s != winner) for winner in range(SEATS)}


class HandValue(NamedTuple):
    """One candidate reading, valued: the terms every payer's share is built from."""

    candidate: Candidate
    points: Pattern  # the base: xingguo the shape's B, nanchang 基础分 4
    factors: tuple[Pattern, ...] = ()  # ×n carried by every payer's share
    german: Pattern | None = None  # de_guo / de_zhong_de (value = its factor)
    bonus: int = 0  # 德国 +5 from each responsible payer
    flat: Pattern | None = None  # 天胡 / 地胡: this amount from each player, nothing else
    shown: tuple[Pattern, ...] = ()  # listed only (the shape of a flat win)


class Share(NamedTuple):
    seat: int
    role: str
    amount: int
    # The answer's Payment.formula and the ledger line's detail: ids and numbers, or a
    # sentence where words are needed (a flat win, a robbed kong).
    formula: Sentence


_ZI_MO, _DIAN_PAO, _ZHUANG_JIA = term("zi_mo"), term("dian_pao"), term("zhuang_jia")


def payer_terms(seating: Seating, seat: int) -> list[tuple[Term, int]]:
    """The per-payer doublings: 自摸 or 点炮, then 庄家."""
    terms = []
    if seating.drawn:
        terms.append((_ZI_MO, 2))
    elif seating.win_type == DISCARD and seat == seating.discarder:
        terms.append((_DIAN_PAO, 2))
    if seating.winner == seating.dealer or seat == seating.dealer:
        terms.append((_ZHUANG_JIA, 2))
    return terms


def _base(value: HandValue) -> int:
    """What every payer's share starts from: points × the value's factors (the same for
    each payer, so worked out once per value)."""
    base = value.points.value or 0
    for f in value.factors:
        base *= f.value or 1
    return base


def _base_formula(value: HandValue) -> list[str | Term]:
    """The formula's common part: points × each factor, each named."""
    parts: list[str | Term] = [f"{value.points.value or 0} ", value.points.term]
    for f in value.factors:
        parts += [f" × {f.value or 1} ", f.term]
    return parts


def _german(value: HandValue, seating: Seating, seat: int, raw: int) -> tuple[int, int, int]:
    """德国 on a share of ``raw``: (its factor, the +bonus this payer owes, the amount)."""
    assert value.german is not None
    factor = value.german.value or 1
    responsible = seating.drawn or seat == seating.discarder
    bonus = value.bonus if responsible else 0
    return factor, bonus, raw * factor + bonus


def _amount(value: HandValue, seating: Seating, seat: int, base: int) -> int:
    """One payer's share, as :func:`_share` works it out, without the formula."""
    raw = base
    for _, v in payer_terms(seating, seat):
        raw *= v
    return raw if value.german is None else _german(value, seating, seat, raw)[2]


def _share(value: HandValue, seating: Seating, seat: int,
           common: tuple[int, list[str | Term]]) -> tuple[int, Sentence]:
    raw, parts = common[0], list(common[1])
    for doubling, v in payer_terms(seating, seat):
        raw *= v
        parts += [f" × {v} ", doubling]
    parts.append(f" = {raw}")
    if value.german is None:
        return raw, formula(*parts)
    factor, bonus, amount = _german(value, seating, seat, raw)
    parts += ["; ", value.german.term, f": {raw} × {factor}" + (f" + {bonus}" if bonus else "")
              + f" = {amount}"]
    return amount, formula(*parts)


def total(value: HandValue, seating: Seating) -> int:
    """What the winner collects in all: the sum of :func:`shares`, without writing their
    formulas (every candidate reading and every wait is priced; only the answer shown
    needs the formulas)."""
    if value.flat is not None:
        return (value.flat.value or 0) * len(seating.payers())
    base = _base(value)
    return sum([_amount(value, seating, s, base) for s in seating.payers()])


def shares(value: HandValue, seating: Seating) -> list[Share]:
    """What each payer pays the winner (the robbed player alone on a robbed kong)."""
    if value.flat is not None:
        flat = value.flat.value or 0
        return [Share(s, seating.role(s), flat,
                      msg("{points} {pattern} (flat)", points=flat, pattern=value.flat.term))
                for s in seating.payers()]
    common = _base(value), _base_formula(value)
    parts = [(s, *_share(value, seating, s, common)) for s in seating.payers()]
    if seating.win_type == ROB_KONG and seating.discarder is not None:
        total = sum(amount for _, amount, _ in parts)
        amounts = " + ".join(str(a) for _, a, _ in parts)
        roles = [(Seating.role(_self_draw(seating), s), f) for s, _, f in parts]
        each = [msg("as {role}: {formula}", role=TERMS[role], formula=f) for role, f in roles]
        detail = msg("抢杠: the robbed player pays all three self-draw shares ({amounts} = "
                     "{total}); {shares}", amounts=amounts, total=total, shares=_joined(each))
        return [Share(seating.discarder, "robbed", total, detail)]
    return [Share(s, seating.role(s), amount, formula) for s, amount, formula in parts]


def _joined(parts: list[Sentence]) -> Sentence:
    """``parts`` as one sentence, "; " between them (a template, so it is translated)."""
    joined = parts[0]
    for part in parts[1:]:
        joined = msg("{before}; {after}", before=joined, after=part)
    return joined


def _self_draw(seating: Seating) -> Seating:
    return Seating(seating.winner, seating.dealer, None, SELF_DRAWN[0])


def multiplier(value: HandValue, seating: Seating) -> int | None:
    """The factors every payer's share carries (not the base, nor the per-payer doublings
    of the discarder or a paying dealer)."""
    if value.flat is not None:
        return None
    m = prod(f.value or 1 for f in value.factors)
    if seating.drawn:
        m *= 2
    if seating.winner == seating.dealer:
        m *= 2
    if value.german is not None:
        m *= value.german.value or 1
    return m
