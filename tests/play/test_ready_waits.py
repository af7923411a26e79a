"""One notion of "ready" (RULINGS "Play rules", Common, "Ready and waits"; issue 41 §1).

Wherever the play engine asks whether a seat is ready or what it waits on (聽牌後不允許換聽,
漏胡/漏和, 胡先不胡后, 诈胡, ``must_win``, qinzhou's dealt-ready 地胡) the answer is
``/evaluate``'s for that seat's own tiles: its concealed tiles and melds, with the variant's
out-of-play indicator. A wait whose four copies are all there is no wait; a seat whose only
waits are such tiles is not ready; copies other seats discarded do not change it.

Each variant has a hand-worked log in which seat 1's only waits need a fifth copy, and the
engine is held to ``/evaluate`` on simulated states (every seat, after every action) and on
deals built to hold four of a kind.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import rules
import rules.analysis
from app.schemas.requests import ReplaySchema
from rules.model import EvaluateRequest, Evaluation, PlayerTiles
from rules.options import resolve
from rules.play import Round, start
from rules.play.state import ACT
from rules.tiles import WINDS, parse_tiles
from rules.variants import VARIANTS
from tests.play.logs import body, facts, replay
from tests.sim.engine import Simulator

# ---------------------------------------------------------------------------- helpers


def board_after(variant: str, dealer: int, deal: list[str], text: str,
                **more: Any) -> Round:
    """The engine's round after the log ``text`` (every action pushed)."""
    request = ReplaySchema().load(body(variant, dealer, deal, text, **more))
    board = start(VARIANTS[variant], request, resolve(VARIANTS[variant].options,
                                                      request.rules, variant))
    for action in request.actions:
        board.push(action)
    return board


def own_tiles(board: Round, seat: int) -> PlayerTiles | None:
    """The seat's waiting hand (concealed, the tile just drawn left out) and its melds; None
    for a seat that holds 14 after a claim (it has no waiting hand until it discards)."""
    state = board.seats[seat]
    counts = list(state.counts)
    if board.phase == ACT and seat == board.turn:
        if board.drawn is None:
            return None
        counts[board.drawn] -= 1
    concealed = tuple(t for t in range(34) for _ in range(counts[t]))
    return PlayerTiles(concealed, tuple(state.melds))


def evaluated(board: Round, seat: int, hand: PlayerTiles) -> Evaluation:
    """/evaluate's answer for the seat's own tiles (no discards: copies other seats threw do
    not change whether it is ready)."""
    return rules.evaluate(EvaluateRequest(
        board.variant.name, hand, dealer=seat == board.dealer,
        seat_wind=WINDS[(seat - board.dealer) % 4], round_wind=board.round_wind,
        jing=board.jing, rules=dict(board.rules)))


def evaluate_waits(board: Round, seat: int) -> frozenset[int] | None:
    hand = own_tiles(board, seat)
    if hand is None:
        return None
    return frozenset(w.tile for w in evaluated(board, seat, hand).waits)


def tiles(text: str) -> frozenset[int]:
    return frozenset(parse_tiles(text))


# ---------------------------------------------------------------------------- qinzhou

# Seat 1 (dealt 888p 111s 555p 7p 99s N) draws the fourth 8p and konged it (2), then the
# fourth 1s (4), draws 9p and throws N (6): 555p 7p 9p 99s beside 8888p and 1111s. Only 8p
# completes that shape, and all four 8p are in its kong: it is not ready.
QZ_DEAL = ["147m258s3pESWNCFP", "888p111s555p7p99sN", "258m369s147pESWN", "3569m346s2pWNCFP"]
QZ_KONGS = "0dP 1D8p 1x8p 1D1s 1x1s 1D9p 1dN"
# ... then the dealer throws 6p (12) and seat 1 chows it with 5p 7p (13), throwing 9p (14):
# 55p 99s, ready on 5p and 9s.
QZ_CHOW = QZ_KONGS + " 2DE 2dE 3DC 3dC 0D6p 0d6p 1c567p 1d9p"


def test_qinzhou_a_dead_wait_sets_no_wait_lock_and_a_chow_stays_legal():
    """聽牌後不允許換聽 (seed 003 基本規則 6) locks a *ready* seat's waits. Seat 1's discard at 6
    leaves 555p 7p 9p 99s + 8888p 1111s: the only tile that completes it is a fifth 8p, so it
    is not ready (/evaluate: "only 8p would complete this hand …"), no lock is set and its chow
    of 6p (13) is legal. Its discard at 14 leaves 55p 99s, ready on 5p 9s: that locks."""
    board = board_after("qinzhou", 0, QZ_DEAL, QZ_KONGS)
    assert board.seat_waits(1) == frozenset()
    answer = evaluated(board, 1, own_tiles(board, 1))
    assert (answer.reason, answer.waits) == ("not_ready", [])
    assert "only 8p would complete this hand" in str(answer.message)
    assert board.seats[1].waits_lock is None

    played = replay("qinzhou", 0, QZ_DEAL, QZ_CHOW)
    assert played.status == "in_progress"
    assert facts(played) == [(6, "after_kong_discard", 1), (14, "wait_locked", 1)]
    assert board_after("qinzhou", 0, QZ_DEAL, QZ_CHOW).seats[1].waits_lock == (
        parse_tiles("5p")[0], parse_tiles("9s")[0])


# Seat 1 is dealt 1111m 234p 567p 789s: the shape waits on a fifth 1m only. It draws 9m and
# throws a 1m (2): ready on 9m, which it wins on seat 2's discard (5).
QZ_DEALT_DEAD = ["47m258s36pESWNCFP", "1111m234p567p789s", "258m369s147pESWN",
                 "3569m346s2pWNCFP"]


def test_qinzhou_dealt_a_dead_wait_is_not_dealt_ready_no_di_hu():
    """qinzhou 地胡 is a non-dealer whose dealt 13 were ready (RULINGS "Play rules", 地胡).
    Seat 1's dealt 1111m 234p 567p 789s waits only on a fifth 1m: not ready, so its later win
    (5) carries no 地胡 (it is 鸡胡, 1 fan: the dealer seat 2 … pays as any discarder)."""
    answer = replay("qinzhou", 0, QZ_DEALT_DEAD, "0dP 1D9m 1d1m 2D9m 2d9m 1h")
    assert answer.status == "finished"
    assert [f for f in facts(answer) if f[1] == "earthly"] == []
    assert answer.settle_request is not None
    assert answer.settle_request.result.flags.earthly is False
    assert answer.settle_request.players[1].dealt is None  # only a 地胡 winner's is sent


# ---------------------------------------------------------------------------- guangdong

def test_guangdong_a_dead_wait_is_not_ready():
    """guangdong's 漏和 asks whether a seat could win on a discard: seat 1, with 555p 7p 9p 99s
    beside 8888p and 1111s (qinzhou's table above), waits on nothing (a fifth 8p), as
    /evaluate says."""
    board = board_after("guangdong", 0, QZ_DEAL, QZ_KONGS)
    assert board.seat_waits(1) == frozenset() == evaluate_waits(board, 1)
    assert evaluated(board, 1, own_tiles(board, 1)).reason == "not_ready"


# ---------------------------------------------------------------------------- xingguo

# Indicator 东 (out of play): 正精 东 (three left), 副精 南. Seat 1 pungs the dealer's 东 (1)
# and throws N; it draws the fourth 南 and konged it (10), then the fourth 8p (12), and throws
# the replacement 中 (14): 7p 9p 11s beside 南南南南, 8888p and 东东东.
XG_DEAL = ["E147m258s36pNCFPW", "888p79p11sEESSSN", "258m369s147pWNCP", "3569m346s2pWNCFP"]
XG_LOG = "0dE 1pE 1dN 2D1m 2d1m 3D2m 3d2m 0D3m 0d3m 1DS 1xS 1D8p 1x8p 1DC 1dC"


def test_xingguo_dead_waits_and_dead_jing_is_not_ready():
    """A jing drawn is one more wild (RULINGS xingguo), so a seat one wild short waits on the
    jing kinds too. Seat 1's 7p 9p 11s beside 南南南南 8888p 东东东 completes with 8p, 东 or 南,
    and every copy of each is its own or the out-of-play indicator: not ready. Before its last
    kong (at 11, 7p 9p 11s 888p + 8p drawn) it was ready."""
    jing = {"indicator": "E"}
    board = board_after("xingguo", 0, XG_DEAL, XG_LOG, jing=jing)
    assert board.seat_waits(1) == frozenset() == evaluate_waits(board, 1)
    answer = evaluated(board, 1, own_tiles(board, 1))
    assert "only 8p E S would complete this hand" in str(answer.message)
    # one kong earlier a 南 was still to draw: ready on it
    earlier = board_after("xingguo", 0, XG_DEAL, " ".join(XG_LOG.split()[:10]), jing=jing)
    assert earlier.seat_waits(1) and earlier.seat_waits(1) == evaluate_waits(earlier, 1)


# ---------------------------------------------------------------------------- nanchang

# 上精 东 (it stays in play), 下精 8p (out of play): 正精 东, 副精 南. Seat 1 pungs the
# dealer's 8p (1), throws N, konged 东 (10) and 南 (12), throws the replacement 中 (14):
# 7p 9p 11s beside 888p, 东东东东, 南南南南; the fourth 8p is the 下精.
NC_DEAL = ["8p147m258s36pNCFPW", "88p79p11sEEESSSN", "258m369s147pWNCP", "3569m346s2pWNCFP"]
NC_LOG = "0d8p 1p8p 1dN 2D1m 2d1m 3D2m 3d2m 0D3m 0d3m 1DE 1xE 1DS 1xS 1DC 1dC"


def test_nanchang_dead_waits_with_the_lower_indicator_out_of_play():
    """Seat 1's 7p 9p 11s beside 888p 东东东东 南南南南 completes with 8p, 东 or 南: four 8p are
    its pung and the 下精, flipped out of play; the jing are all in its kongs. Not ready, as
    /evaluate says."""
    jing = {"indicator": "E", "lower_indicator": "8p"}
    board = board_after("nanchang", 0, NC_DEAL, NC_LOG, jing=jing)
    assert board.seat_waits(1) == frozenset() == evaluate_waits(board, 1)
    assert evaluated(board, 1, own_tiles(board, 1)).reason == "not_ready"


# ---------------------------------------------------------------------------- properties

ROUNDS = int(os.environ.get("READY_ROUNDS", 12))


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_engines_waits_are_evaluates_on_simulated_states(variant):
    """After every action of simulated rounds, every seat with a waiting hand: the engine's
    waits are /evaluate's for that seat's own tiles."""
    checked = 0
    for seed in range(ROUNDS):
        simulator = Simulator(variant, 4100 + seed)
        played = simulator.play()
        request = ReplaySchema().load(played.log)
        board = start(simulator.variant, request, simulator.rules)
        for action in request.actions:
            board.push(action)
            if board.winners:
                break
            for seat in range(4):
                want = evaluate_waits(board, seat)
                if want is not None:
                    assert board.seat_waits(seat) == want, (seed, action, seat)
                    checked += 1
    assert checked > 100 * ROUNDS


def _quad_deal(rng: random.Random, dealer: int) -> list[list[int]]:
    """A deal where each non-dealer holds four of a kind and three sets (so that a fifth copy
    of that kind is often one of its waits, or its only one); the dealer 14 random tiles."""
    wall = [t for t in range(34) for _ in range(4)]
    hands: list[list[int]] = [[] for _ in range(4)]
    for seat in range(4):
        if seat == dealer:
            continue
        quad = rng.choice([t for t in range(34) if wall.count(t) == 4])
        hand = [quad] * 4
        while len(hand) < 13:
            start = rng.randrange(27)
            group = [start] * 3 if start % 9 > 6 or rng.random() < 0.3 else \
                [start, start + 1, start + 2]
            if all(wall.count(t) - hand.count(t) >= group.count(t) for t in group):
                hand += group
        for tile in hand:
            wall.remove(tile)
        hands[seat] = hand
    rng.shuffle(wall)
    hands[dealer] = wall[:14]
    return hands


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_engines_waits_are_evaluates_on_deals_holding_four_of_a_kind(variant):
    """Dealt hands holding four of a kind and three sets (a fifth copy completes the shape):
    each non-dealer's waits at the deal are /evaluate's, with jing held and not."""
    rng = random.Random(41)
    dead = 0
    for _ in range(150):
        dealer = rng.randrange(4)
        deal = _quad_deal(rng, dealer)
        more: dict[str, Any] = {"wall_size": 20}
        if VARIANTS[variant].jing_fields:  # jing held (wild) about half the time
            held = [t for hand in deal for t in hand]
            free = [t for t in range(34) if t not in held] if rng.random() < 0.5 else []
            indicator = rng.choice(free or [t for t in range(34) if held.count(t) < 4])
            more["jing"] = {"indicator": rules.tiles.code(indicator)}
        text = [rules.tiles.compact(sorted(hand)) for hand in deal]
        board = board_after(variant, dealer, text, "", **more)
        for seat in range(4):
            if seat == dealer:
                continue
            want = evaluate_waits(board, seat)
            assert board.seat_waits(seat) == want, (text, more, seat)
            state = board.seats[seat]
            natural, wilds = board._split(state.counts)
            shaped = rules.analysis.waits(natural, wilds, board.variant.shapes, 0, board.kinds)
            dead += len(set(shaped) - want)
    assert dead > 20  # waits on a fifth copy were met, and dropped by both
