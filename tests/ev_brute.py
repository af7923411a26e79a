"""A brute-force reference of the expected-value model of ``POST /advise`` (issue 42).

Written from the contract's section "Expected value" alone, to check the fast engine
against: plain recursion over histories, exact arithmetic (:class:`fractions.Fraction`),
floats only at the end. It reuses the project's analysis core and scorer exactly where the
contract names them (the shanten, and ``POST /evaluate``'s ``winning`` and ``total``) and
nothing else. It is meant for small ``draws_left`` (0-3): its cost grows as (34 draws ×
discards) ** draws_left.

The contract, step by step, as this module reads it
----------------------------------------------------
1. *Seen* / ``out(x)``: the copies of kind ``x`` the seat sees outside its concealed tiles:
   its own melds (every tile, a concealed kong included: they are its own), every discard,
   every chow, pung and exposed kong of the other seats (not their concealed kongs),
   ``visible``, the flipped jing indicators the contract names (xingguo's ``indicator``;
   nanchang's ``indicator`` 上精 and ``lower_indicator`` 下精), and for a 14-tile hand the
   discard being valued. :func:`out_counts` builds it; :func:`brute_value` takes it as given.
2. A waiting hand ``H`` is 13 − 3k concealed tiles beside the k melds, which never change.
   ``r_H(x) = max(0, 4 − out(x) − H(x))`` and ``R = Σ r_H(x)``, recomputed for every ``H``
   the recursion reaches: a tile the model discards is *not* added to ``out`` (so after a
   discard its kind may be drawn again).
3. ``V_T(H, b) = 0`` at ``T = draws_left``; for ``t < T``
   ``V_t(H, b) = Σ_x r_H(x)/R · best_t(H + x, b)`` (:meth:`_Model.value`).
4. ``best_t(H + x, b)`` (:meth:`_Model.best`): if ``H + x`` with the melds is a self-drawn
   win, the win's value (a win is always taken); otherwise the max over the allowed
   discards ``d`` of ``V_{t+1}(H + x − d, b')``.
5. Allowed discards, with ``s = shanten(H)`` of the waiting hand *before* the draw:
   ``d = x`` (the drawn kind) always, ``b' = b``; any other ``d`` with
   ``shanten(H + x − d) < s``, ``b' = b``; any other ``d`` with ``= s`` (a hand change)
   only when ``b ≥ 1``, ``b' = b − 1``; any ``d`` with ``> s`` never.
6. The shanten is :func:`rules.analysis.shanten` of the variant's shapes, the jing kinds
   (``variant.wild_kinds(jing)``) taken out of the counts as wilds
   (:meth:`rules.hand.HandView.of`), copy limits ignored.
7. A win is ``rules.evaluate`` of ``H + x`` with the melds, ``win_type="self_draw"``,
   ``win_tile=x`` (ambiguity A), the request's ``dealer``, ``seat_wind``, ``round_wind``,
   ``jing`` and ``rules``, no flags: ``winning`` true is a win (a refused request,
   ``InvalidInput``, is none). Its value is 1 for ``win_probability`` and ``total`` for
   ``expected_score``. The two numbers are
   independent optimisations; since the sum is linear and the max is taken number by
   number, one recursion carrying both (a pair, max per component) equals two recursions.
8. A 13-tile hand's answer is ``V_0(H13, changes)``; a 14-tile hand's entry for ``d`` is
   ``V_0(H14 − d, changes)`` with ``d`` added to ``out``. Where that waiting hand's shanten
   is above 3 both numbers are ``None`` (``null``); that comes before everything else,
   ``draws_left = 0`` included. Inside the recursion no ``None`` can arise: a discard never
   raises the shanten, so every hand reached is at most as far as the first.

Ambiguities, and the reading chosen
-----------------------------------
A. "the total the seat collects for that hand as ``POST /evaluate`` scores it with
   ``win_type: self_draw`` (the seat, dealer, winds, jing and rule options of the request;
   no flags)": is ``win_tile`` (the drawn ``x``) given? Readings: (i) no: the body is the
   fields listed and the hand ``H + x``; (ii) yes, ``win_tile = x``: the win the model
   describes is a draw of ``x``. It matters: without ``win_tile`` the Jiangxi scorer tries
   every tile held as the last one and keeps the best, so ``123456789m123p5p`` drawing a jing
   in xingguo is scored as 精吊 (as if 5p had been drawn to a lone jing), 16 against the 8 of
   the win that happened; about half the wins of random ready xingguo/nanchang hands score
   differently (guangdong, qinzhou: none seen differ; ``winning`` never differed).
   Chosen: (ii). "The total the seat collects" is the payout of the win modelled, and
   ``/evaluate`` itself says that without ``win_tile`` it scores "the best case for the
   winner; give win_tile to score the actual win"; ``/evaluate``'s and ``/advise``'s own
   wait values give the wait as ``win_tile`` too. The list in the parenthesis reads as the
   fields copied from the *request*, which has no drawn tile. (The issue's brief writes the
   call without ``win_tile``: that is reading (i).) :class:`Context` ``win_tile=False``
   gives (i), so the engine can be compared under either until the contract says which.
B. "the seat" in that parenthesis: ``/evaluate`` has no seat field; read as the seat's own
   ``dealer`` and ``seat_wind`` (nothing else is passed: not ``discarder_is_dealer``, which a
   self-draw does not use).
C. "the flipped jing indicators (xingguo's, out of play; nanchang's 上精 and 下精, face up)":
   nanchang's 上精 stays in the wall, yet is counted as seen because the text says so; the
   ``previous_*`` indicators (last round's) are not flipped in this round: not counted. If a
   caller also lists an indicator in ``visible`` (as ``/advise`` documents for "a flipped
   tile that stays in the wall") it is counted twice; the contract does not say to merge.
D. ``R = 0`` (no copy of anything left): the sum over draws is empty, ``V = 0``.
   Impossible with a legal table.
E. "Discarding the drawn tile (d = x)": tiles of one kind are alike, so ``d`` is a kind;
   throwing back a copy of ``x`` that ``H`` already held is that same move.
F. ``changes`` is 0 or 1 in the contract; any ``b ≥ 0`` works here the same way.
G. "a hand the variant accepts as a self-drawn win": a request ``/evaluate`` refuses
   (``InvalidInput``) is not accepted, so it is no win (the issue's brief says so; the
   contract is silent). It bites in guangdong: without ``seat_wind`` or ``dealer`` a win
   holding a pung of a wind whose 门风 fan would count is refused ("required for this
   hand": ``567m777m333p44sSSS``), so it counts 0 unless the request gives the seat's wind.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import rules
from rules.analysis import shanten
from rules.errors import InvalidInput
from rules.hand import HandView
from rules.model import SELF_DRAW, EvaluateRequest, Jing, Meld, PlayerTiles
from rules.tiles import NUM_KINDS, from_counts, read_tiles, to_counts

COPIES = 4
NULL_ABOVE = 3  # a waiting hand with a larger shanten gets null numbers
# The jing indicators the contract's *Seen* names as flipped, by variant.
FLIPPED = {"xingguo": ("indicator",), "nanchang": ("indicator", "lower_indicator")}

Counts = tuple[int, ...]
Pair = tuple[Fraction, Fraction]  # (win probability, expected score)
ZERO: Pair = (Fraction(0), Fraction(0))


@dataclass(frozen=True)
class Context:
    """What the request says about the seat beyond its tiles: passed to ``/evaluate`` for
    every win. ``win_tile``: give the drawn tile as ``win_tile`` (ambiguity A: on is the
    reading chosen, off the other one)."""

    dealer: bool = False
    seat_wind: int | None = None
    round_wind: int | None = None
    jing: Jing = field(default_factory=Jing)
    rules: Mapping[str, Any] = field(default_factory=dict)
    win_tile: bool = True


def counts_of(hand: str | Sequence[int]) -> Counts:
    """A hand as 34 counts, from a tile string ("123m456pEE"), a tile list, or counts
    (34 long: no hand holds 34 tiles, so the two lists cannot be confused)."""
    if isinstance(hand, str):
        return to_counts(read_tiles(hand))
    if len(hand) == NUM_KINDS:
        return tuple(hand)
    return to_counts(hand)


def out_counts(variant_name: str, melds: Iterable[Meld] = (), jing: Jing | None = None,
               seen_elsewhere: Iterable[int] = ()) -> Counts:
    """``out`` as *Seen* builds it (reading step 1): the seat's melds, the flipped jing
    indicators of the variant (ambiguity C), and ``seen_elsewhere``: every discard, the other
    seats' chows, pungs and exposed kongs, ``visible`` (the caller gathers these)."""
    out = [0] * NUM_KINDS
    tiles = [t for meld in melds for t in meld.tiles] + list(seen_elsewhere)
    if jing is not None:
        tiles += [getattr(jing, f) for f in FLIPPED.get(variant_name, ())
                  if getattr(jing, f) is not None]
    for t in tiles:
        out[t] += 1
    return tuple(out)


class _Model:
    """One question: the fixed parts (variant, melds, ``out``, ``T``, the request) and the
    recursion. The only memory kept is of the scorer's and the shanten's answers per hand
    (pure functions of the hand); the values themselves are recomputed along every history,
    so each line below is the contract's formula and nothing else."""

    def __init__(self, variant_name: str, melds: tuple[Meld, ...], out: Counts,
                 draws_left: int, context: Context):
        self.variant = rules.get_variant(variant_name)
        self.melds = melds
        self.out = out
        self.draws_left = draws_left
        self.context = context
        self.kinds = self.variant.wild_kinds(context.jing)
        self._wins: dict[tuple[Counts, int | None], Fraction | None] = {}
        self._shanten: dict[Counts, int] = {}

    def left(self, hand: Counts) -> list[int]:
        """``r_H(x)`` for every kind (reading step 2)."""
        return [max(0, COPIES - self.out[x] - hand[x]) for x in range(NUM_KINDS)]

    def shanten(self, hand: Counts) -> int:
        """Reading step 6: jing taken out as wilds, the variant's shapes, copies ignored."""
        if hand not in self._shanten:
            view = HandView.of(PlayerTiles(tuple(from_counts(hand)), self.melds), self.kinds)
            self._shanten[hand] = shanten(view.natural, view.wilds, self.variant.shapes,
                                          len(self.melds))
        return self._shanten[hand]

    def win(self, hand: Counts, drawn: int) -> Fraction | None:
        """The total of ``hand`` (14 − 3k tiles) as a self-drawn win, or None when the
        variant does not accept it (reading step 7)."""
        win_tile = drawn if self.context.win_tile else None
        key = (hand, win_tile)
        if key not in self._wins:
            c = self.context
            request = EvaluateRequest(
                self.variant.name, PlayerTiles(tuple(from_counts(hand)), self.melds),
                win_tile=win_tile, win_type=SELF_DRAW, dealer=c.dealer,
                seat_wind=c.seat_wind, round_wind=c.round_wind, jing=c.jing,
                rules=dict(c.rules))
            try:
                answer = rules.evaluate(request)
            except InvalidInput:
                answer = None
            if answer is not None and answer.winning:
                assert answer.total is not None, "a winning evaluation carries its total"
                self._wins[key] = Fraction(answer.total)
            else:
                self._wins[key] = None
        return self._wins[key]

    def value(self, t: int, hand: Counts, budget: int) -> Pair:
        """``V_t(H, b)`` (reading step 3)."""
        if t == self.draws_left:
            return ZERO
        left = self.left(hand)
        total = sum(left)
        if total == 0:  # ambiguity D
            return ZERO
        before = self.shanten(hand)
        p, s = ZERO
        for x in range(NUM_KINDS):
            if left[x]:
                bp, bs = self.best(t, hand, x, budget, before)
                weight = Fraction(left[x], total)
                p += weight * bp
                s += weight * bs
        return p, s

    def best(self, t: int, hand: Counts, x: int, budget: int, before: int) -> Pair:
        """``best_t(H + x, b)`` (reading steps 4 and 5); ``before`` is ``shanten(H)``."""
        drawn = _plus(hand, x)
        total = self.win(drawn, x)
        if total is not None:
            return Fraction(1), total
        if t + 1 == self.draws_left:
            # every discard leads to V_T = 0, and d = x is always allowed: the max is 0
            # (the same number the loop below finds, without a shanten per discard)
            return ZERO
        best_p = best_s = None
        for d in range(NUM_KINDS):
            if not drawn[d]:
                continue
            after = _minus(drawn, d)
            if d == x:
                next_budget = budget
            else:
                step = self.shanten(after)
                if step > before:
                    continue
                if step == before:
                    if budget < 1:
                        continue
                    next_budget = budget - 1
                else:
                    next_budget = budget
            p, s = self.value(t + 1, after, next_budget)
            best_p = p if best_p is None else max(best_p, p)
            best_s = s if best_s is None else max(best_s, s)
        assert best_p is not None and best_s is not None  # d = x is always allowed
        return best_p, best_s


def _plus(hand: Counts, x: int) -> Counts:
    return (*hand[:x], hand[x] + 1, *hand[x + 1:])


def _minus(hand: Counts, x: int) -> Counts:
    return (*hand[:x], hand[x] - 1, *hand[x + 1:])


def exact_value(variant_name: str, hand: str | Sequence[int], melds: Sequence[Meld],
                out: Sequence[int], draws_left: int, changes: int,
                context: Context | None = None) -> Pair | None:
    """``V_0(H, changes)`` as exact fractions, or None (null) when the shanten of ``H`` is
    above 3 (reading step 8). ``hand``: the waiting hand, 13 − 3k tiles (see
    :func:`counts_of`); ``out``: 34 counts (:func:`out_counts`)."""
    counts, melds = counts_of(hand), tuple(melds)
    if sum(counts) != 13 - 3 * len(melds):
        raise ValueError(f"a waiting hand holds 13 - 3k tiles, not {sum(counts)}")
    if len(out) != NUM_KINDS:
        raise ValueError("out is 34 counts")
    if draws_left < 0 or changes < 0:
        raise ValueError("draws_left and changes are not negative")
    model = _Model(variant_name, melds, tuple(out), draws_left, context or Context())
    if model.shanten(counts) > NULL_ABOVE:
        return None
    return model.value(0, counts, changes)


def brute_value(variant_name: str, hand: str | Sequence[int], melds: Sequence[Meld],
                out: Sequence[int], draws_left: int, changes: int,
                context: Context | None = None) -> tuple[float, float] | tuple[None, None]:
    """``(win_probability, expected_score)`` of the waiting hand ``hand``, as the answer of a
    13-tile ``/advise`` gives them: :func:`exact_value` rounded to floats (each rounded
    once, from the exact fraction), or ``(None, None)`` for null."""
    value = exact_value(variant_name, hand, melds, out, draws_left, changes, context)
    if value is None:
        return None, None
    return float(value[0]), float(value[1])


def brute_discards(variant_name: str, hand: str | Sequence[int], melds: Sequence[Meld],
                   out: Sequence[int], draws_left: int, changes: int,
                   context: Context | None = None,
                   ) -> dict[int, tuple[float, float] | tuple[None, None]]:
    """The entry of every distinct discard ``d`` of a 14 − 3k tile hand:
    ``V_0(H14 − d, changes)`` with ``d`` counted as seen (``out`` does not hold it yet), or
    ``(None, None)`` where ``H14 − d`` is more than 3 from ready."""
    counts = counts_of(hand)
    if sum(counts) != 14 - 3 * len(melds):
        raise ValueError(f"a hand that discards holds 14 - 3k tiles, not {sum(counts)}")
    entries: dict[int, tuple[float, float] | tuple[None, None]] = {}
    for d in range(NUM_KINDS):
        if counts[d]:
            entries[d] = brute_value(variant_name, _minus(counts, d), melds,
                                     _plus(tuple(out), d), draws_left, changes, context)
    return entries


# ---------------------------------------------------------------------------- log mode
# The contract's log mode values each action of a seat with the same V_0 and one more
# piece, C(H14): "the seat's free choice holding 14 tiles (the win's value if H14 is a
# self-drawn win, else the max over all its discards d of V_0(H14 − d, changes), each d
# counted as seen as for a discard entry, each number on its own)". The helpers below put
# the actions' formulas together from :func:`exact_value` alone; what the seat sees (``out``)
# and the hand after a claim or a kong are the caller's (the test reads them off
# ``POST /replay``), as for the functions above.
#
# H. "a max or a sum that needs a null is null": a max over discards is null as soon as one
#    discard's V_0 is null (read as: the max needs every term), a sum over draws as soon as
#    one draw's C is null (only draws with r > 0 are terms of the sum).
# I. The win in C is scored as step 7 says (self-drawn, ``win_tile`` the tile just drawn);
#    a kong's replacement draw is valued the same way ("a win on it is valued as a
#    self-draw"). A 14-tile hand after a claim is not asked for a win: the contract's chow
#    and pung value is the max over discards alone.


def exact_discards(variant_name: str, hand: str | Sequence[int], melds: Sequence[Meld],
                   out: Sequence[int], draws_left: int, changes: int,
                   context: Context | None = None) -> dict[int, Pair | None]:
    """:func:`brute_discards` as exact fractions: ``V_0(H14 − d)`` for each distinct ``d``,
    ``d`` counted as seen; None where that hand is more than 3 from ready."""
    counts = counts_of(hand)
    if sum(counts) != 14 - 3 * len(melds):
        raise ValueError(f"a hand that discards holds 14 - 3k tiles, not {sum(counts)}")
    return {d: exact_value(variant_name, _minus(counts, d), melds, _plus(tuple(out), d),
                           draws_left, changes, context)
            for d in range(NUM_KINDS) if counts[d]}


def best_of(values: Iterable[Pair | None]) -> Pair | None:
    """Each number's max on its own; None when a term is None or there is none (H)."""
    found = list(values)
    if not found or any(v is None for v in found):
        return None
    return (max(v[0] for v in found if v is not None),
            max(v[1] for v in found if v is not None))


def exact_choice(variant_name: str, hand: str | Sequence[int], melds: Sequence[Meld],
                 out: Sequence[int], draws_left: int, changes: int,
                 context: Context | None = None, drawn: int | None = None) -> Pair | None:
    """``C(H14)``: the win's value (1, its total) when ``hand`` (14 − 3k tiles) with the melds
    is a self-drawn win on ``drawn`` (I), else the best discard's ``V_0`` (H). ``drawn``
    None: no win asked (a hand after a claim)."""
    counts, melds = counts_of(hand), tuple(melds)
    if drawn is not None:
        model = _Model(variant_name, melds, tuple(out), draws_left, context or Context())
        total = model.win(counts, drawn)
        if total is not None:
            return Fraction(1), total
    return best_of(exact_discards(variant_name, counts, melds, out, draws_left, changes,
                                  context).values())


def exact_draw(variant_name: str, hand: str | Sequence[int], melds: Sequence[Meld],
               out: Sequence[int], draws_left: int, changes: int,
               context: Context | None = None) -> Pair | None:
    """``Σ_x r_H(x)/R · C(H + x)``: a draw into the waiting ``hand`` (13 − 3k tiles), then the
    free choice holding 14 (the contract's ``draw``, and a kong's replacement draw with the
    hand and melds after the kong). R = 0: 0 (D); a null C: null (H)."""
    counts, melds = counts_of(hand), tuple(melds)
    if sum(counts) != 13 - 3 * len(melds):
        raise ValueError(f"a waiting hand holds 13 - 3k tiles, not {sum(counts)}")
    left = [max(0, COPIES - out[x] - counts[x]) for x in range(NUM_KINDS)]
    total = sum(left)
    p = s = Fraction(0)
    for x in range(NUM_KINDS):
        if not left[x]:
            continue
        choice = exact_choice(variant_name, _plus(counts, x), melds, out, draws_left,
                              changes, context, drawn=x)
        if choice is None:
            return None
        p += Fraction(left[x], total) * choice[0]
        s += Fraction(left[x], total) * choice[1]
    return p, s
