"""``POST /advise`` with ``expected`` (API.md "Expected value"), hand mode, through the HTTP
API: cases worked by hand from the contract's formulas, one variant after another, then its
edges (no draw left, null), the order of the discards by ``objective``, and its 422s.

Each win's total is asked of ``POST /evaluate`` (the 14 tiles, ``win_type: self_draw``,
``win_tile`` the tile drawn: the reading the service and tests/ev_brute.py follow), so what is
worked here is the model: which draws win, the copies left, ``R``, the draws, the budget.
Where nothing is seen but the seat's own tiles, ``R = 136 − 13 − Σ out`` and nothing is
clipped at 0.

The shape the closed forms share: a ready hand that may not change (``changes: 0``) throws
back every draw that does not win (``d = x``: any other discard keeps shanten 0, a change,
and none can lower it), so ``H``, ``R`` and each ``r`` stay the same at every draw. With
``w = Σ r`` over the winning kinds and ``q = (R − w)/R``:
    win_probability = 1 − q^T,
    expected_score  = Σ_{t<T} q^t · Σ_win r_x/R · total_x = win_probability · Σ_win r_x·total_x / w.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.tiles import CODES, NUM_KINDS, read_tiles, to_counts
from tests.ev_brute import Context, exact_value
from tests.expected.client import CLIENT, contract_problems, post

TOLERANCE = 1e-9


def advise(**body) -> dict:
    status, answer = post("/advise", body)
    assert status == 200, answer
    return answer


def total(body: dict, tile: str) -> int:
    """/evaluate's total of ``body``'s 13 tiles won by self-draw on ``tile``."""
    asked = {k: v for k, v in body.items() if k != "visible"}  # /evaluate has no `visible`
    status, answer = post("/evaluate", {**asked, "hand": body["hand"] + tile,
                                        "win_tile": tile, "win_type": "self_draw"})
    assert status == 200 and answer["winning"], answer
    return answer["total"]


def close(got: float | None, want: Fraction | float) -> bool:
    return got is not None and abs(got - float(want)) <= TOLERANCE


def numbers(answer: dict) -> tuple[float, float]:
    return answer["win_probability"], answer["expected_score"]


def by_discard(answer: dict) -> dict[str, dict]:
    return {entry["discard"]: entry for entry in answer["discards"]}


# ------------------------------------------------------------------ one wait, no change

def test_guangdong_one_wait():
    """guangdong, ``123456789m123p5p`` (13), seat S: three chows of 万, 123p, a lone 5p: it
    waits on 5p alone (单钓). ``visible`` 5p 9s: r(5p) = 4 − 1 seen − 1 held = 2,
    R = 136 − 13 − 2 = 121. Four draws, no change:
        win_probability = 1 − (119/121)^4,
        expected_score  = that × 12 (平和 + 自摸, 2 fan, paid by three: /evaluate's total,
                          and /evaluate's 13-tile ``waits`` say the same).
    The answer says the inputs as used, and a 13-tile hand has no best discard."""
    body = {"variant": "guangdong", "hand": "123456789m123p5p", "seat_wind": "S"}
    value = total(body, "5p")
    status, waiting = post("/evaluate", {**body, "win_type": "self_draw"})
    assert status == 200 and [(w["tile"], w["total"]) for w in waiting["waits"]] == \
        [("5p", value)] and value == 12
    answer = advise(**body, visible="5p9s", expected=True, draws_left=4, changes=0)
    p = 1 - Fraction(119, 121) ** 4
    assert close(answer["win_probability"], p)
    assert close(answer["expected_score"], p * value)
    assert answer["expected"] == {"draws_left": 4, "changes": 0, "objective": "score"}
    assert answer["best"] is None and answer["discards"] is None


def test_qinzhou_one_wait_beside_a_meld():
    """qinzhou, ``123456m123p5p`` beside a chow of 789s: waits on 5p alone. The seat's own
    meld is seen; ``visible`` 5p 5p E. r(5p) = 4 − 2 − 1 = 1,
    R = 136 − 10 concealed − 3 (the chow) − 3 (visible) = 120. Five draws, no change:
        win_probability = 1 − (119/120)^5, expected_score = that × total(+5p) (3: 鸡胡).
    The same question with a visible tile more of a kind the hand does not wait on (9p)
    only shrinks R: 1 − (118/119)^5, a little more."""
    melds = [{"type": "chow", "tiles": "789s", "from": 3}]
    body = {"variant": "qinzhou", "hand": "123456m123p5p", "melds": melds}
    value = total(body, "5p")
    answer = advise(**body, visible="5p5pE", expected=True, draws_left=5, changes=0)
    p = 1 - Fraction(119, 120) ** 5
    assert close(answer["win_probability"], p) and close(answer["expected_score"], p * value)
    more = advise(**body, visible="5p5pE9p", expected=True, draws_left=5, changes=0)
    p = 1 - Fraction(118, 119) ** 5
    assert close(more["win_probability"], p) and close(more["expected_score"], p * value)


def test_xingguo_one_wait_and_the_jing():
    """xingguo, indicator E: 正精 E and 副精 S are wild (``/jing`` says so); the flipped E is
    out of play, so seen: out(E) = 1. ``123456789m123p5p`` holds no jing and waits on 5p
    alone, but a drawn jing is a wild that stands for the 5p: the jing kinds are waits too.
    r(5p) = 3, r(E) = 4 − 1 = 3, r(S) = 4: w = 10; R = 136 − 13 − 1 = 122. Three draws, no
    change (a drawn jing always wins, so it is never thrown):
        win_probability = 1 − (112/122)^3,
        expected_score  = that × (3·total(+5p) + 3·total(+E) + 4·total(+S)) / 10
    (the 5p wins 德国, every jing itself: 31; a jing standing for 5p: 8)."""
    status, jing = post("/jing", {"variant": "xingguo", "indicator": "E"})
    assert status == 200 and (jing["jing"][0]["zheng"], jing["jing"][0]["fu"]) == ("E", "S")
    body = {"variant": "xingguo", "hand": "123456789m123p5p", "jing": {"indicator": "E"}}
    five, east, south = total(body, "5p"), total(body, "E"), total(body, "S")
    assert five > east  # the 5p itself is worth more: the draws are not alike
    answer = advise(**body, expected=True, draws_left=3, changes=0)
    p = 1 - Fraction(112, 122) ** 3
    assert close(answer["win_probability"], p)
    assert close(answer["expected_score"], p * Fraction(3 * five + 3 * east + 4 * south, 10))


def test_nanchang_one_wait_and_the_jing():
    """nanchang, 上精 W: W and N are wild. The 上精 stays in the wall, face up; *Seen* counts
    it: out(W) = 1 (``/advise``'s own ``tiles`` count only ``visible``: 4 W left there).
    ``123456789m123p5p`` waits on 5p and on a drawn jing. ``visible`` 5p N:
    r(5p) = 4 − 1 − 1 = 2, r(W) = 4 − 1 = 3, r(N) = 4 − 1 = 3: w = 8;
    R = 136 − 13 − 1 (W) − 2 = 120. Two draws, no change:
        win_probability = 1 − (112/120)^2 = 29/225,
        expected_score  = that × (2·total(+5p) + 3·total(+W) + 3·total(+N)) / 8."""
    body = {"variant": "nanchang", "hand": "123456789m123p5p", "jing": {"indicator": "W"}}
    five, west, north = total(body, "5p"), total(body, "W"), total(body, "N")
    answer = advise(**body, visible="5pN", expected=True, draws_left=2, changes=0)
    p = Fraction(29, 225)
    assert 1 - Fraction(112, 120) ** 2 == p
    assert close(answer["win_probability"], p)
    assert close(answer["expected_score"], p * Fraction(2 * five + 3 * west + 3 * north, 8))
    assert {t["tile"]: t["left"] for t in answer["tiles"]}["W"] == 4


# ------------------------------------------------------------------ a hand change

CHANGE = "123m456m789pCCC2s"  # ready on 2s alone; a 中 thrown for a 3s makes 23s (1s 4s)


def _only_live(hand: str, live: dict[str, int]) -> str:
    """``visible`` that leaves ``live[kind]`` copies of each kind named and none of the
    others: every copy the hand does not hold is seen."""
    held = to_counts(read_tiles(hand))
    left = {read_tiles(code)[0]: n for code, n in live.items()}
    return "".join(CODES[x] * (4 - held[x] - left.get(x, 0)) for x in range(NUM_KINDS))


def test_a_hand_change_is_worth_it_worked_by_hand():
    """guangdong, ``123m456m789p CCC 2s``, seat S, two draws; ``visible`` leaves live only
    2s (r = 1), 3s (2), 4s (2): R = 5 (中: 4 − 3 held − 1 seen = 0; 1s: none).
    changes 0: only 2s wins, every other draw is thrown back:
        1 − (4/5)^2 = 9/25.
    changes 1: first draw 2s (1/5) wins; a 3s (2/5) may be kept and a 中 thrown (a change:
    shanten stays 0) → 123m456m789p CC 23s, waiting on 1s (r 0) and 4s (r 2); its R: 2s 1,
    3s 4 − 2 − 1 = 1, 4s 2, and the 中 thrown is not seen: 4 − 1 − 2 = 1, so R = 5 and the
    last draw wins 2/5 (throwing the 2s instead, 单钓 3s: 1/5; the 3s back: 1/5). A 4s
    (2/5): the 中 thrown → CC 24s on 3s: r(3s) = 2 of R = 5 (2s 1, 3s 2, 4s 1, 中 1): 2/5.
        1/5 + 2/5 · 2/5 + 2/5 · 2/5 = 13/25 > 9/25.
    Every win here is worth 12 (中 pung or 平和, and 自摸: 2 fan), so expected_score is 12
    times each. The brute force (tests/ev_brute.py, exact fractions) agrees."""
    body = {"variant": "guangdong", "hand": CHANGE, "seat_wind": "S",
            "visible": _only_live(CHANGE, {"2s": 1, "3s": 2, "4s": 2})}
    values = {total(body, "2s"), total({**body, "hand": "123m456m789pCC23s"}, "4s"),
              total({**body, "hand": "123m456m789pCC24s"}, "3s")}
    assert values == {12}
    want = {0: Fraction(9, 25), 1: Fraction(13, 25)}
    out = to_counts(read_tiles(body["visible"]))
    for changes, p in want.items():
        answer = advise(**body, expected=True, draws_left=2, changes=changes)
        assert close(answer["win_probability"], p) and close(answer["expected_score"], 12 * p)
        assert exact_value("guangdong", CHANGE, (), out, 2, changes,
                           Context(seat_wind=read_tiles("S")[0])) == (p, 12 * p)


def test_a_hand_change_is_worth_it_on_a_full_table():
    """The same hand with nothing seen but its own tiles, two draws (R = 123 for every hand
    reached: 13 tiles, nothing clipped). changes 0: 1 − (120/123)^2 = 81/1681. changes 1:
    a draw that lets a change widen the wait (3s → 23s: 8 copies; 6p → 6789p: 6p 9p; …)
    is kept, the brute force's exact fraction: 850/15129 ≈ 0.05618 > 81/1681 ≈ 0.04819.
    Every win is worth 12 here as well: expected_score = 12 × win_probability."""
    body = {"variant": "guangdong", "hand": CHANGE, "seat_wind": "S"}
    answers = {b: advise(**body, expected=True, draws_left=2, changes=b) for b in (0, 1)}
    want = {0: Fraction(81, 1681), 1: Fraction(850, 15129)}
    for changes, p in want.items():
        assert close(answers[changes]["win_probability"], p)
        assert close(answers[changes]["expected_score"], 12 * p)
        assert answers[changes]["expected"]["changes"] == changes
    assert exact_value("guangdong", CHANGE, (), (0,) * NUM_KINDS, 2, 1,
                       Context(seat_wind=read_tiles("S")[0])) == (want[1], 12 * want[1])


# ------------------------------------------------------------------ edges


@pytest.mark.parametrize(("variant", "extra"), [
    ("guangdong", {"seat_wind": "S"}), ("qinzhou", {}),
    ("xingguo", {"jing": {"indicator": "E"}}), ("nanchang", {"jing": {"indicator": "W"}})])
def test_no_draw_left_is_zero(variant, extra):
    """``V_T = 0`` at ``T = draws_left``: with 0 draws a ready 13-tile hand and every
    discard entry of a 14-tile one answer 0 and 0 (every variant), though the same hands
    win with draws."""
    waiting = advise(variant=variant, hand="123456789m123p5p", expected=True, draws_left=0,
                     **extra)
    assert numbers(waiting) == (0, 0)
    full = advise(variant=variant, hand="123456789m123p55p", expected=True, draws_left=0,
                  **extra)
    assert {numbers(e) for e in full["discards"]} == {(0, 0)}
    some = advise(variant=variant, hand="123456789m123p5p", expected=True, draws_left=1,
                  **extra)
    assert some["win_probability"] > 0


def test_more_than_three_from_ready_is_null():
    """``1357m2468p13sESW`` (guangdong): no pair, five two-tile partials (13m 57m 24p 68p
    13s), E S W alone: shanten 4 (``/advise`` says so): both numbers null, with draws or
    without. ``1357m2468p13sEESW`` (14): throwing an E leaves that hand (null); every
    other discard leaves shanten 3 (the EE pair stays): numbers, not null (four draws: some
    above 0). The null entry is ranked last."""
    waiting = advise(variant="guangdong", hand="1357m2468p13sESW", seat_wind="S",
                     expected=True, draws_left=6)
    assert waiting["shanten"] == 4 and numbers(waiting) == (None, None)
    full = advise(variant="guangdong", hand="1357m2468p13sEESW", seat_wind="S",
                  expected=True, draws_left=4, changes=0)
    entries = by_discard(full)
    assert entries["E"]["shanten"] == 4 and numbers(entries["E"]) == (None, None)
    others = [e for d, e in entries.items() if d != "E"]
    assert all(e["shanten"] == 3 and e["win_probability"] is not None
               and e["expected_score"] is not None for e in others)
    assert any(e["win_probability"] > 0 for e in others)
    assert full["discards"][-1]["discard"] == "E" and full["best"] != "E"


# ------------------------------------------------------------------ the objective

OBJECTIVE = "111m555p999s22m3mSS"  # throw 3m: 对对 on 2m/S; throw 2m: 23m on 1m/4m, and S


def test_the_objective_picks_a_different_best():
    """guangdong, seat W, ``111m 555p 999s 22m 3m SS``, four draws, no change. Two ways to
    be ready, R = 136 − 13 − 1 (the discard, seen) = 122 for both:
      throw 3m → 111m 555p 999s 22m SS, 对倒 on 2m (r = 4 − 2 = 2) or S (2): w = 4, every
        win 碰碰胡 (total 24): win_probability 1 − (118/122)^4 ≈ 0.125, score × 24;
      throw 2m → 111m 23m SS …: 1m (r = 4 − 3 = 1), 4m (4), S (SSS, 11m 123m… no: 11m
        pair, 123m, SSS): w = 7, every win 6 (鸡胡, 自摸): 1 − (115/122)^4 ≈ 0.211, × 6.
    ``objective: win`` ranks the wider wait first (best 2m); ``score`` the dearer one (best
    3m). Each order is by its number, then the other number, then the order without
    ``expected`` (5p and 9s, alike, keep theirs); the default objective is score."""
    body = {"variant": "guangdong", "hand": OBJECTIVE, "seat_wind": "W"}
    pung = {total({**body, "hand": "111m555p999s22mSS"}, t) for t in ("2m", "S")}
    chow = {total({**body, "hand": "111m555p999s23mSS"}, t) for t in ("1m", "4m", "S")}
    assert pung == {24} and chow == {6}
    today = [e["discard"] for e in advise(**body)["discards"]]
    answers = {objective: advise(**body, expected=True, draws_left=4, changes=0,
                                 objective=objective) for objective in ("win", "score")}
    assert advise(**body, expected=True, draws_left=4, changes=0) == answers["score"]
    p3 = 1 - Fraction(118, 122) ** 4
    p2 = 1 - Fraction(115, 122) ** 4
    for answer in answers.values():
        entries = by_discard(answer)
        assert close(entries["3m"]["win_probability"], p3)
        assert close(entries["3m"]["expected_score"], 24 * p3)
        assert close(entries["2m"]["win_probability"], p2)
        assert close(entries["2m"]["expected_score"], 6 * p2)
    assert answers["win"]["best"] == "2m" and answers["score"]["best"] == "3m"
    assert [e["discard"] for e in answers["win"]["discards"]][:2] == ["2m", "3m"]
    assert [e["discard"] for e in answers["score"]["discards"]][:2] == ["3m", "2m"]
    for objective, answer in answers.items():
        first, second = ("win_probability", "expected_score") if objective == "win" else \
            ("expected_score", "win_probability")
        assert answer["expected"]["objective"] == objective
        assert answer["best"] == answer["discards"][0]["discard"]
        keys = [(-e[first], -e[second], today.index(e["discard"])) for e in answer["discards"]]
        assert keys == sorted(keys)
        assert len(set(keys)) == len(keys)
    ties = [e["discard"] for e in answers["score"]["discards"] if e["discard"] in ("5p", "9s")]
    assert ties == [d for d in today if d in ("5p", "9s")]
    assert numbers(by_discard(answers["score"])["5p"]) == \
        numbers(by_discard(answers["score"])["9s"])


# ------------------------------------------------------------------ errors


def _problem(body: dict) -> list[dict]:
    status, answer = post("/advise", body)
    assert status == 422, answer
    return answer["errors"]


@pytest.mark.parametrize(("field", "value"), [("objective", "win"), ("draws_left", 3),
                                              ("changes", 1)])
@pytest.mark.parametrize("expected", [None, False])
def test_a_model_input_without_expected_is_422(field, value, expected):
    """API.md: ``objective``, ``draws_left``, ``changes`` are the model's inputs; without
    ``expected`` (left out, or false) each is a 422 naming that field."""
    body = {"variant": "qinzhou", "hand": "123456789m123p5p", field: value}
    if expected is not None:
        body["expected"] = expected
    errors = _problem(body)
    assert [e["field"] for e in errors] == [field]
    assert advise(**body | {"expected": True})["expected"][field] == value


@pytest.mark.parametrize(("field", "value"), [("changes", 2), ("changes", -1),
                                              ("draws_left", 41), ("draws_left", -1),
                                              ("objective", "fan")])
def test_an_input_out_of_its_range_is_422(field, value):
    """``changes`` is 0 or 1, ``draws_left`` 0-40, ``objective`` win or score."""
    errors = _problem({"variant": "qinzhou", "hand": "123456789m123p5p", "expected": True,
                       field: value})
    assert [e["field"] for e in errors] == [field]


def test_guangdong_expected_needs_the_seat_wind():
    """guangdong scores a pung of the seat's wind (门风), and the model values every hand the
    seat may come to hold: ``expected`` without ``seat_wind`` or ``dealer`` is a 422 naming
    ``seat_wind``; either one is enough (the dealer is East); without ``expected`` neither
    is needed."""
    body = {"variant": "guangdong", "hand": "123456789m123p5p"}
    errors = _problem({**body, "expected": True})
    assert [e["field"] for e in errors] == ["seat_wind"]
    assert advise(**body)["shanten"] == 0
    dealer = advise(**body, expected=True, dealer=True, draws_left=2)
    east = advise(**body, expected=True, seat_wind="E", dealer=True, draws_left=2)
    assert numbers(dealer) == numbers(east) and dealer["win_probability"] > 0
    assert advise(**body, expected=True, seat_wind="N", draws_left=2)["win_probability"] > 0


# ------------------------------------------------------------------ the answer's contract


def test_a_14_tile_answer_is_in_the_contract():
    """openapi.yaml describes exactly what the service answers (API.md): a 14-tile answer
    with ``expected`` (``best`` a tile, the entries' numbers, ``expected``) validates."""
    response = CLIENT.post("/advise", json={"variant": "guangdong", "hand": OBJECTIVE,
                                            "seat_wind": "W", "expected": True,
                                            "draws_left": 2})
    assert response.status_code == 200
    assert contract_problems("/advise", 200, response.get_json(), response.mimetype) == []


def test_a_null_best_is_in_the_contract():
    """A 13-tile hand asked with ``expected`` answers ``best: null`` (no discard to rank),
    and so does log mode for a seat with no action now (a seat that waits its turn);
    openapi.yaml must admit both."""
    waiting = {"variant": "qinzhou", "hand": "123456789m123p5p", "expected": True,
               "draws_left": 2}
    idle = {"log": {"variant": "qinzhou", "dealer": 0, "wall_size": 40, "actions": [],
                    "deal": ["123456789m123p55p", "123456789s123p5p", "111222333444m5p",
                             "EEESSSWWWNNNC"]}, "seat": 2}
    for body in (waiting, idle):
        response = CLIENT.post("/advise", json=body)
        assert response.status_code == 200 and response.get_json()["best"] is None
        assert contract_problems("/advise", 200, response.get_json(), response.mimetype) \
            == []
