"""``Variant.accepts_win`` answers what ``/evaluate``'s ``winning`` answers, without pricing
the hand (the play engine asks it of every tile a seat could win on).

The hands are the ones the engine meets: at every state of simulated rounds, each seat's
waiting hand with each tile that completes its shape added, won each way (self-draw, kong
replacement, discard, robbing a kong), with and without the flags that lift the Jiangxi
restrictions (天胡/地胡: flat wins). For the Jiangxi variants, whose override stops at the
first reading not barred, this is where 精吊 and 有精平胡 on a discard are told apart. The
engine's call (``checked``: its requests come from a legal round, so the variant may skip
/evaluate's checks) must answer the same."""

from __future__ import annotations

import os

import pytest

from app.schemas.requests import ReplaySchema
from rules.errors import InvalidInput
from rules.model import (
    DISCARD,
    KONG_REPLACEMENT,
    ROB_KONG,
    SELF_DRAW,
    EvaluateRequest,
    Flags,
    PlayerTiles,
)
from rules.play import start
from rules.play.state import ACT
from rules.tiles import WINDS
from rules.variants import VARIANTS
from tests.sim.engine import Simulator

ROUNDS = int(os.environ.get("ACCEPTS_ROUNDS", 8))
WIN_TYPES = (SELF_DRAW, KONG_REPLACEMENT, DISCARD, ROB_KONG)


def _requests(variant: str, seed: int):
    """Every (waiting hand + a tile that completes it) × win type × flags of one simulated
    round's states."""
    simulator = Simulator(variant, seed)
    played = simulator.play()
    request = ReplaySchema().load(played.log)
    board = start(simulator.variant, request, simulator.rules)
    seen = set()
    for action in request.actions:
        board.push(action)
        if board.winners:
            return
        for seat in range(4):
            state = board.seats[seat]
            counts = list(state.counts)
            if board.phase == ACT and seat == board.turn:
                if board.drawn is None:
                    continue
                counts[board.drawn] -= 1
            for tile in board.seat_waits(seat):
                key = (seat, tuple(counts), tile, len(state.melds))
                if key in seen:
                    continue
                seen.add(key)
                hand = PlayerTiles(tuple(sorted(
                    [t for t in range(34) for _ in range(counts[t])] + [tile])),
                    tuple(state.melds))
                for win_type in WIN_TYPES:
                    for flags in (Flags(), Flags(earthly=True)):
                        yield EvaluateRequest(
                            variant, hand, tile, win_type, dealer=seat == board.dealer,
                            discarder_is_dealer=(board.turn == board.dealer)
                            if win_type in (DISCARD, ROB_KONG) else None,
                            seat_wind=WINDS[(seat - board.dealer) % 4],
                            round_wind=board.round_wind, jing=board.jing, flags=flags,
                            rules=board.rules)


def _evaluated(variant, request: EvaluateRequest) -> bool:
    """/evaluate's answer: ``winning``, or no win for a hand it refuses."""
    try:
        return variant._evaluate(request).winning
    except InvalidInput:
        return False


@pytest.mark.parametrize("name", list(VARIANTS))
def test_accepts_win_is_evaluates_winning(name):
    variant = VARIANTS[name]
    compared = {True: 0, False: 0}
    for n in range(ROUNDS):
        for request in _requests(name, 4200 + n):
            want = _evaluated(variant, request)
            assert variant.accepts_win(request) == want, request
            compared[want] += 1
    assert compared[True] > 20
    if variant.jing_fields:  # 精吊 / 有精平胡 on a discard were met and refused
        assert compared[False] > 5


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_engines_own_questions_unchecked_get_evaluates_answer(name, monkeypatch):
    """The play engine asks ``accepts_win(request, checked=True)`` (its requests come from a
    legal round: a variant may skip /evaluate's checks). Every question simulated rounds
    make, recorded as the engine asks it, gets /evaluate's ``winning``."""
    variant = VARIANTS[name]
    asked: list[EvaluateRequest] = []
    real = variant.accepts_win

    def recording(request: EvaluateRequest, checked: bool = False) -> bool:
        asked.append(request)
        return real(request, checked)

    monkeypatch.setattr(variant, "accepts_win", recording)
    for n in range(4 * ROUNDS):
        Simulator(name, 4300 + n).play()
    monkeypatch.undo()
    for request in asked:
        assert variant.accepts_win(request, checked=True) == _evaluated(variant, request), \
            request
    if not variant.play_rules.shape_is_win:
        assert len(asked) > 10
