"""The brute-force reference of the expected-value model (tests/ev_brute.py) against values
worked by hand from the contract's formulas: the reference is what the fast engine is
checked against, so it is checked first, on cases small enough to follow on paper.

The scorer is not under test here: the total of each win is asked of ``rules.evaluate``
(:func:`total`) and the closed forms are written in those totals. Everything else (which
draws win, the copies left, R, the allowed discards, the budget of changes) is worked out
in the comments. With no ``out`` given, ``R = 136 − 13 − Σ out``: nothing is clipped at 0.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import rules
from rules.model import PUNG, SELF_DRAW, EvaluateRequest, Jing, Meld, PlayerTiles
from rules.tiles import EAST, NUM_KINDS, read_tiles, to_counts
from tests.ev_brute import (
    Context,
    best_of,
    brute_discards,
    brute_value,
    exact_choice,
    exact_draw,
    exact_value,
    out_counts,
)

VARIANTS = ("guangdong", "qinzhou", "xingguo", "nanchang")
READY = "123456789m123p5p"  # three chows of 万, 123p, a lone 5p: ready on 5p alone (单钓)
C, F, P_ = read_tiles("CFP")  # 中 发 白
XINGGUO_JING = Jing(indicator=C)  # 正精 中, 副精 发; the flipped 中 is out of play
NANCHANG_JING = Jing(indicator=EAST, lower_indicator=read_tiles("5p")[0])  # 正精 E, 副精 S
# The context each variant's cases use (the jing ones: their jing; nothing wild in READY).
CONTEXTS = {"guangdong": Context(), "qinzhou": Context(),
            "xingguo": Context(jing=XINGGUO_JING), "nanchang": Context(jing=NANCHANG_JING)}


def tile(code: str) -> int:
    return read_tiles(code)[0]


def total(variant: str, tiles: str, context: Context, win_tile: str,
          melds: tuple[Meld, ...] = ()) -> Fraction:
    """The total of a self-drawn win as the contract values it (reading A of the module:
    the drawn tile given as ``win_tile``, unless the context says otherwise); fails when
    the hand is not a win, so every win a closed form counts is checked to be one."""
    answer = rules.evaluate(EvaluateRequest(
        variant, PlayerTiles(tuple(sorted(read_tiles(tiles))), melds),
        win_tile=tile(win_tile) if context.win_tile else None, win_type=SELF_DRAW,
        dealer=context.dealer, seat_wind=context.seat_wind, round_wind=context.round_wind,
        jing=context.jing, rules=dict(context.rules)))
    assert answer.winning and answer.total is not None, (tiles, answer.reason)
    return Fraction(answer.total)


def out_of(*codes: str) -> tuple[int, ...]:
    """34 counts of seen copies, from tile strings."""
    out = [0] * NUM_KINDS
    for code in codes:
        for t in read_tiles(code):
            out[t] += 1
    return tuple(out)


# ------------------------------------------------------------------ the edges


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_draw_left_is_worth_nothing(variant):
    """V_T = 0 at T = draws_left: with 0 draws the first value asked is V_0 = V_T = 0, even
    for a ready hand (every variant)."""
    context = CONTEXTS[variant]
    out = out_counts(variant, jing=context.jing)
    assert brute_value(variant, READY, (), out, 0, 0, context) == (0.0, 0.0)
    assert brute_value(variant, READY, (), out, 0, 1, context) == (0.0, 0.0)


@pytest.mark.parametrize("variant", ["guangdong", "qinzhou"])
def test_a_wait_with_no_copy_left_is_worth_nothing(variant):
    """READY waits on 5p alone; with three 5p seen, r(5p) = 4 − 3 − 1 = 0. No change
    allowed: every draw is thrown back (d = x; any other d keeps shanten 0, a change), so
    nothing ever wins, whatever the draws. One draw and a change allowed: the change can
    only come after the draw, and there is no draw after it."""
    out = out_of("555p")
    assert brute_value(variant, READY, (), out, 2, 0) == (0.0, 0.0)
    assert brute_value(variant, READY, (), out, 1, 1) == (0.0, 0.0)


def test_null_above_three_from_ready():
    """``1357m2468p13sESW`` (guangdong): no pair, five two-tile partials (13m 57m 24p 68p
    13s), E S W alone. Four sets and a pair need one tile for each of four partials and one
    for a pair: 5 draws, shanten 4 (seven pairs: 7 draws; 十三幺 holds 1m 1s E S W of 13:
    more). Above 3: both numbers null, with or without draws (null comes first)."""
    for draws in (0, 1):
        assert brute_value("guangdong", "1357m2468p13sESW", (), out_of(), draws, 1) \
            == (None, None)


def test_null_by_discard_entry():
    """``1357m2468p13sEESW`` (14, guangdong): with EE a pair, four of the five partials
    become sets: 4 draws, shanten 3, whichever number tile goes (a fifth partial is spare)
    and whether S or W goes. Throwing an E breaks the pair: the hand above, shanten 4, null.
    One draw cannot win from shanten 3, so every other entry is 0."""
    entries = brute_discards("guangdong", "1357m2468p13sEESW", (), out_of(), 1, 1)
    assert entries.pop(EAST) == (None, None)
    assert set(entries) == set(read_tiles("1357m2468p13sSW"))
    assert set(entries.values()) == {(0.0, 0.0)}


# ------------------------------------------------------------------ closed forms


@pytest.mark.parametrize("draws", [1, 2, 3])
def test_one_wait_no_change(draws):
    """qinzhou, ``123456m123p5p`` beside a pung of 9s: the 5p is its only wait.
    out = the pung's three 9s (the seat's own meld is seen): r(5p) = 4 − 0 − 1 = 3 and
    R = 136 − 10 concealed − 3 = 123 (r(9s) = 1 counts in R). No change allowed and the hand
    ready, a non-winning draw x can only be thrown back (d = x: any other d keeps shanten
    0, a change; none lowers it below 0), so H, R and r stay the same at every draw:
        win_probability = 1 − (1 − 3/123)^T = 1 − (120/123)^T,
        expected_score  = win_probability × total(123456m123p55p + 999s).
    """
    melds = (Meld(PUNG, (tile("9s"),) * 3),)
    out = out_counts("qinzhou", melds)
    assert out == out_of("999s")
    p = 1 - Fraction(120, 123) ** draws
    value = total("qinzhou", "123456m123p55p", Context(), "5p", melds)
    assert exact_value("qinzhou", "123456m123p5p", melds, out, draws, 0) == (p, p * value)
    assert brute_value("qinzhou", "123456m123p5p", melds, out, draws, 0) \
        == (float(p), float(p * value))


def test_a_discard_is_counted_as_seen():
    """``123456789m123p55p`` (guangdong), one draw. Throwing a 5p leaves READY with that 5p
    seen: r(5p) = 4 − 1 − 1 = 2 of R = 136 − 13 − 1 = 122. Throwing the 3p leaves
    ``123456789m12p55p``, waiting on 3p alone (55p is the pair): r(3p) = 4 − 1 − 0 = 3."""
    entries = brute_discards("guangdong", "123456789m123p55p", (), out_of(), 1, 0)
    five = total("guangdong", "123456789m123p55p", Context(), "5p")
    assert entries[tile("5p")] == (float(Fraction(2, 122)), float(Fraction(2, 122) * five))
    three = total("guangdong", "123456789m123p55p", Context(), "3p")
    assert entries[tile("3p")] == (float(Fraction(3, 122)), float(Fraction(3, 122) * three))


def test_a_drawn_jing_wins_xingguo():
    """xingguo, jing indicator 中: 中 and 发 are wild; the flipped 中 is out of play, so
    out(中) = 1. READY holds no jing. A drawn 5p completes the lone 5p; a drawn 中 or 发 is
    a wild standing for the 5p; nothing else completes it. r(5p) = 3, r(中) = 4 − 1 = 3,
    r(发) = 4; R = 136 − 13 − 1 = 122; q = 10/122. No change: the same H at every draw.
    Two draws: win_probability = q + (1 − q)·q, expected_score = A + (1 − q)·A with
    A = (3·total(+5p) + 3·total(+中) + 4·total(+发)) / 122."""
    context = CONTEXTS["xingguo"]
    out = out_counts("xingguo", jing=context.jing)
    assert out == out_of("C")
    q = Fraction(10, 122)
    a = (3 * total("xingguo", READY + "5p", context, "5p")
         + 3 * total("xingguo", READY + "C", context, "C")
         + 4 * total("xingguo", READY + "F", context, "F")) / 122
    assert exact_value("xingguo", READY, (), out, 2, 0, context) == (q + (1 - q) * q,
                                                                     a + (1 - q) * a)


def test_a_drawn_jing_wins_nanchang():
    """nanchang, 上精 E (E and S wild) and 下精 5p: both indicators are face up, so seen
    (contract, *Seen*): out(E) = 1, out(5p) = 1. Wins: 5p, r = 4 − 1 − 1 = 2; E, r = 3;
    S, r = 4. R = 136 − 13 − 2 = 121. One draw: win_probability = 9/121,
    expected_score = (2·total(+5p) + 3·total(+E) + 4·total(+S)) / 121."""
    context = CONTEXTS["nanchang"]
    out = out_counts("nanchang", jing=context.jing)
    assert out == out_of("E5p")
    s = (2 * total("nanchang", READY + "5p", context, "5p")
         + 3 * total("nanchang", READY + "E", context, "E")
         + 4 * total("nanchang", READY + "S", context, "S")) / 121
    assert exact_value("nanchang", READY, (), out, 1, 0, context) == (Fraction(9, 121), s)


def test_the_win_tile_reading_is_a_switch():
    """Ambiguity A of the module: the drawn tile given as ``win_tile`` or not. xingguo,
    READY, one draw: the drawn jing scores 精吊 only when the scorer may pick 5p as the
    last tile, so the two readings differ, each matching its own closed form (the case of
    :func:`test_a_drawn_jing_wins_xingguo`, one draw: expected_score = A)."""
    answers = []
    for given in (True, False):
        context = Context(jing=XINGGUO_JING, win_tile=given)
        out = out_counts("xingguo", jing=XINGGUO_JING)
        a = (3 * total("xingguo", READY + "5p", context, "5p")
             + 3 * total("xingguo", READY + "C", context, "C")
             + 4 * total("xingguo", READY + "F", context, "F")) / 122
        value = exact_value("xingguo", READY, (), out, 1, 0, context)
        assert value == (Fraction(10, 122), a)
        answers.append(value)
    assert answers[0][1] < answers[1][1]


# The two cases below make most kinds dead on purpose (out(x) = 4 − H(x)), so that only a
# few draws exist and every history can be followed on paper.

HONOURS = "EEESSSWWWNNNC"  # four wind pungs and a lone 中: waits on 中 alone
BIG_WINDS = Context(dealer=True, seat_wind=EAST, round_wind=EAST)  # guangdong asks for them


def _honours_out() -> tuple[int, ...]:
    """out: 中 three (dead: r = 4 − 3 − 1 = 0), 1m two (r = 2), 9p none (r = 4), every
    other kind all four copies bar those held (E S W N: out 1, r = 0)."""
    held = to_counts(read_tiles(HONOURS))
    out = [4 - held[x] for x in range(NUM_KINDS)]
    out[C], out[tile("1m")], out[tile("9p")] = 3, 2, 0
    return tuple(out)


def test_a_change_beats_none_and_spends_the_budget():
    """guangdong, H0 = EEE SSS WWW NNN 中, three draws, ``_honours_out``: r = {1m: 2, 9p: 4},
    R = 6. A change throws the 中 for the drawn tile: HA (tanki 1m) or HB (tanki 9p); any
    wind thrown is a step back (shanten 1). Since the 中 thrown is not seen, it comes back:
    HA: r = {1m: 4−2−1 = 1, 9p: 4, 中: 4−3−0 = 1}, R = 6; HB: r = {9p: 3, 1m: 2, 中: 1}, R = 6.
    One draw left: V(HA) = 1/6, V(HB) = 3/6, V(H0) = 0.
    Two draws left:
      V(HA, b=0) = 1/6 + 5/6 · 1/6 = 11/36 (no change: 9p and 中 are thrown back);
      V(HB, b=0) = 3/6 + 3/6 · 3/6 = 27/36;
      V(H0, b=1) = 2/6 · max(0, V(HA)) + 4/6 · max(0, V(HB)) = 2/36 + 12/36 = 14/36.
    Three draws, b = 1: draw 1m → max(keep: V(H0, 1) = 14/36, change: V(HA, 0) = 11/36);
    draw 9p → max(14/36, V(HB, 0) = 27/36):
      win_probability = (2·14 + 4·27) / 216 = 136/216 = 17/27.
    Had the change not spent the budget, HA could still change to 9p on a 9p draw:
    V(HA, 1) = 1/6 + 4/6·3/6 + 1/6·1/6 = 19/36, and the answer would be 146/216.
    With b = 0 nothing ever wins: 0. Every win is the four wind pungs and a pair of 1m or
    9p: expected_score = win_probability × that total (the same for both pairs)."""
    out = _honours_out()
    value = total("guangdong", "EEESSSWWWNNN11m", BIG_WINDS, "1m")
    assert total("guangdong", "EEESSSWWWNNN99p", BIG_WINDS, "9p") == value
    p = Fraction(17, 27)
    assert exact_value("guangdong", HONOURS, (), out, 3, 1, BIG_WINDS) == (p, p * value)
    assert exact_value("guangdong", HONOURS, (), out, 3, 0, BIG_WINDS) == (0, 0)


PAIRS = "66m7777m33p44sSSS"  # pairs 66m 33p 44s, 7777m, SSS: one draw from ready


def test_each_number_is_its_own_optimum():
    """guangdong, H = 66m 7777m 33p 44s SSS, two draws, no change, live kinds only 5m 8m
    (r = 4 each) and 6m 3p 4s (r = 2 each): R = 14, and R stays 14 for every hand reached
    (13 tiles, the same out, nothing clipped; a 7m thrown comes back as a live copy).
    The hand needs one draw to be ready; with b = 0 only a draw that lets a discard lower
    the shanten counts (any other discard keeps it: a change):
      5m (4/14): throw 6m → 567m 777m 33p 44s SSS, waits 3p 4s (2 + 2): 4/14 of chow wins;
      8m (4/14): throw 6m → 678m 777m …, the same: 4/14 of chow wins;
      6m (2/14): throw 7m → 666m 777m 33p 44s SSS, waits 3p 4s: 4/14 of all-pung wins;
      3p (2/14): throw 6m → 6m 7777m 333p 44s SSS (67m + 777m), waits 5m 8m: 8/14 of chow
                 wins; or throw 7m → 66m 777m 333p 44s SSS, waits 6m 4s: 4/14 of all-pung
                 wins (the 7m thrown is live again: r(7m) = 1, R still 14);
      4s (2/14): the same as 3p, 44s and 33p swapped.
    win_probability: 3p and 4s take the ryanmen (8/14):
      (4·4 + 4·4 + 2·4 + 2·8 + 2·8) / 14² = 72/196 = 18/49;
    expected_score, Tc a chow win, Tp an all-pung win, Tp > 2·Tc: 3p and 4s take the pungs
    (4·Tp > 8·Tc), the discard the other number does not pick:
      (4·4·Tc + 4·4·Tc + 2·4·Tp + 2·4·Tp + 2·4·Tp) / 14² = (32·Tc + 24·Tp) / 196."""
    held = to_counts(read_tiles(PAIRS))
    out = [4 - held[x] for x in range(NUM_KINDS)]
    for code in ("5m", "8m", "6m", "3p", "4s"):
        out[tile(code)] = 0
    chow = [total("guangdong", hand, BIG_WINDS, won) for hand, won in (
        ("567m777m333p44sSSS", "3p"), ("567m777m33p444sSSS", "4s"),
        ("678m777m333p44sSSS", "3p"), ("678m777m33p444sSSS", "4s"),
        ("567m777m333p44sSSS", "5m"), ("678m777m333p44sSSS", "8m"),
        ("567m777m33p444sSSS", "5m"), ("678m777m33p444sSSS", "8m"))]
    pungs = [total("guangdong", hand, BIG_WINDS, won) for hand, won in (
        ("666m777m333p44sSSS", "3p"), ("666m777m33p444sSSS", "4s"),
        ("666m777m333p44sSSS", "6m"), ("66m777m333p444sSSS", "4s"),
        ("666m777m33p444sSSS", "6m"), ("66m777m333p444sSSS", "3p"))]
    assert len(set(chow)) == 1 and len(set(pungs)) == 1
    tc, tp = chow[0], pungs[0]
    assert tp > 2 * tc
    assert exact_value("guangdong", PAIRS, (), tuple(out), 2, 0, BIG_WINDS) \
        == (Fraction(18, 49), (32 * tc + 24 * tp) / 196)


# ------------------------------------------------------------------ properties


@pytest.mark.parametrize(("variant", "hand"), [
    ("guangdong", "123m456m789pCCC2s"),  # ready on 2s alone; a drawn 1s or 3s may widen it
    ("nanchang", "123m456m789pCCC2s"),  # the same, with E and S wild
    ("guangdong", "123m456m78p99p2sCC"),  # one from ready
    ("xingguo", "123m456m78p99p2sCC"),  # the same, 中 and 发 wild: two wilds, ready
])
def test_more_draws_or_a_change_never_hurt(variant, hand):
    """Holding on (d = x) is always allowed and keeps b, so a policy with fewer draws or
    no change is one the larger problem can follow: each number is at least as large with
    a draw more, or with the change allowed. On real hands (full table, 13 tiles). Ready
    on 2s, a drawn 3s and the change of a 中 for it makes 23s, waiting on 1s and 4s: the
    change helps; one from ready, two draws, a change cannot (the first draw must bring
    the hand to ready, which is no change)."""
    context = CONTEXTS[variant]
    out = out_counts(variant, jing=context.jing)
    one = exact_value(variant, hand, (), out, 1, 0, context)
    two = exact_value(variant, hand, (), out, 2, 0, context)
    changed = exact_value(variant, hand, (), out, 2, 1, context)
    assert one is not None and two is not None and changed is not None
    assert one[0] <= two[0] <= changed[0] and one[1] <= two[1] <= changed[1]
    if variant == "guangdong" and "78p" in hand:
        assert two == changed
    else:
        assert two[0] < changed[0]


def test_out_counts_follows_seen():
    """The seat's melds (a concealed kong too) and the indicators the contract names:
    xingguo's, nanchang's 上精 and 下精 (not last round's), none in guangdong."""
    kong = Meld("concealed_kong", (tile("9s"),) * 4)
    assert out_counts("guangdong", (kong,), seen_elsewhere=read_tiles("1m1m")) \
        == out_of("9999s11m")
    assert out_counts("xingguo", jing=Jing(indicator=C)) == out_of("C")
    assert out_counts("nanchang", jing=Jing(indicator=C, lower_indicator=F,
                                            previous_indicator=P_)) == out_of("CF")


# ------------------------------------------------------------------ log mode's C and draw


def test_a_draw_then_the_free_choice():
    """Log mode's ``draw``: Σ_x r_H(x)/R · C(H + x), where C, the free choice holding 14,
    is the win's value or the max over *all* discards of V_0 with that discard seen.
    guangdong, H = HONOURS (four wind pungs, a lone 中), ``_honours_out``: live draws 1m
    (r = 2) and 9p (r = 4), R = 6; one draw after the choice (draws_left 1), no change.
      x = 1m (2/6): throw the 中, seen now: out(中) = 4, so the tanki 1m hand sees
        r(1m) = 4 − 2 − 1 = 1, r(9p) = 4, R = 5: 1/5; throw the 1m back (seen): H waits on
        a dead 中: 0; a wind: not ready, one draw cannot win: 0. C = 1/5.
      x = 9p (4/6): throw the 中: tanki 9p, r(9p) = 3, r(1m) = 2, R = 5: 3/5. C = 3/5.
    draw = 2/6 · 1/5 + 4/6 · 3/5 = 7/15 (and × the wins' one total). The model's own
    V (a change inside the recursion, the 中 not seen) would see R = 6: the two differ."""
    out = _honours_out()
    value = total("guangdong", "EEESSSWWWNNN11m", BIG_WINDS, "1m")
    p = Fraction(7, 15)
    assert exact_draw("guangdong", HONOURS, (), out, 1, 0, BIG_WINDS) == (p, p * value)
    assert exact_choice("guangdong", HONOURS + "1m", (), out, 1, 0, BIG_WINDS,
                        drawn=tile("1m")) == (Fraction(1, 5), Fraction(1, 5) * value)
    assert exact_choice("guangdong", HONOURS + "C", (), out, 1, 0, BIG_WINDS,
                        drawn=C) == (1, value)  # 中中 the pair: a win, taken


def test_a_null_discard_makes_the_choice_and_the_draw_null():
    """Ambiguity H: ``1357m2468p13sEES`` (guangdong) is 3 from ready (four of the five
    partials to make, EE the pair); after any draw, throwing an E leaves a hand 4 from
    ready (null), so each C is null (a max that needs a null), and so is the draw's sum.
    Its own V_0 is a number."""
    assert exact_value("guangdong", "1357m2468p13sEES", (), out_of(), 1, 0) == (0, 0)
    assert exact_choice("guangdong", "1357m2468p13sEESN", (), out_of(), 1, 0,
                        drawn=tile("N")) is None
    assert exact_draw("guangdong", "1357m2468p13sEES", (), out_of(), 1, 0) is None
    assert best_of([(Fraction(1), Fraction(2)), (Fraction(3), Fraction(0))]) == (3, 2)
    assert best_of([(Fraction(1), Fraction(2)), None]) is None
