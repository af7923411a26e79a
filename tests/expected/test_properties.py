"""Properties of ``POST /advise``'s expected values (API.md "Expected value") on the hands
seats hold in simulated rounds (tests/sim/engine.py): every variant, jing held and not,
melds, what the seat sees (every discard, the other seats' exposed melds) as ``visible``.

For each hand, asked through ``rules.advise`` at several ``draws_left`` and both ``changes``:
* each number is a probability (``win_probability`` in [0, 1]) or a score (≥ 0), or both
  null, and null exactly where the waiting hand is more than 3 from ready;
* both are nondecreasing in ``draws_left`` and in ``changes`` (throwing the drawn tile back
  is always allowed and keeps the budget, so a policy for fewer draws or no change is one
  the larger question may follow);
* ``best`` is the entry ranked first, and the entries are ranked as the contract says;
* at ``draws_left`` 1 the numbers are the brute force's (tests/ev_brute.py), to 1e-9.

``make test`` plays a small sample (EV_PROPERTY_STATES hands per variant); ``make sim`` many.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise

import pytest

import rules
from rules.analysis import shanten
from rules.hand import HandView
from rules.model import AdviseRequest, ExpectedAsk, PlayerTiles
from rules.play import Round
from rules.tiles import WINDS, read_tiles
from rules.variants import VARIANTS
from tests.ev_brute import Context, brute_discards, brute_value, out_counts
from tests.sim.engine import Simulator

STATES = int(os.environ.get("EV_PROPERTY_STATES", 4))
DRAWS = (0, 1, 2)
TOLERANCE = 1e-9
SLACK = 1e-12  # float noise allowed where one number must not be below another


@dataclass(frozen=True)
class Hand:
    """A seat's hand at a state of a simulated round, as a hand-mode question."""

    variant: str
    seed: int
    k: int
    request: AdviseRequest

    def asked(self, draws_left: int, changes: int, objective: str = "score") -> AdviseRequest:
        return AdviseRequest(**{**self.request.__dict__,
                                "expected": ExpectedAsk(draws_left, changes, objective)})


def _hands(variant: str, count: int) -> Iterator[Hand]:
    """``count`` hands, one from each of as many simulated rounds: a seat at a random point
    of the round that is at most one from ready (so that a few draws can win); in turn a
    ready waiting hand, a seat with melds or (jing variants) a jing held, any, and melds or
    a jing again."""
    rng = random.Random(f"ev-properties-{variant}")
    found = 0
    for seed in range(1000, 1000 + 50 * count):
        if found == count:
            return
        sim = Simulator(variant, seed)
        played = sim.play()
        board = Round(sim.variant, sim.rules, sim.dealer, sim.deal,
                      wall=read_tiles(played.log["wall"]) if played.log["wall"] else [],
                      jing=sim.jing, round_wind=sim.board.round_wind)
        stop = rng.randrange(len(sim.log) // 3, len(sim.log))
        kind = ("ready", "fancy", "any", "fancy")[found % 4]
        for k, action in enumerate(sim.log):
            if k >= stop and board.outcome() is None:
                picked = _pick(variant, board, kind)
                if picked is not None:
                    yield Hand(variant, seed, k, picked)
                    found += 1
                    break
            board.push(action)
    raise AssertionError(f"{variant}: {found} hands near ready of {count}")


def _pick(variant: str, board: Round, kind: str) -> AdviseRequest | None:
    """A seat's hand now as a question (what it sees as ``visible``), or None if no seat is
    near ready (at most one from ready; ``ready``: a waiting hand of 13 that is ready;
    ``fancy``: holding melds or a jing)."""
    for seat in [board.turn, *[(board.turn + i) % 4 for i in (1, 2, 3)]]:
        state = board.seats[seat]
        concealed = state.concealed()
        view = HandView.of(PlayerTiles(concealed, tuple(state.melds)), board.kinds)
        far = shanten(view.natural, view.wilds, VARIANTS[variant].shapes, len(state.melds))
        if far > 1:
            continue
        if kind == "fancy" and not state.melds and not set(concealed) & board.kinds:
            continue
        if kind == "ready" and (far != 0 or len(concealed) + 3 * len(state.melds) != 13):
            continue
        visible: list[int] = []
        for other in range(4):
            shown = board.seat_view(other)
            visible += shown.discards
            if other != seat:
                visible += [t for m in shown.melds if m.kind != "concealed_kong"
                            for t in m.tiles]
        return AdviseRequest(variant, PlayerTiles(concealed, tuple(state.melds)), board.jing,
                             tuple(sorted(visible)), seat == board.dealer,
                             WINDS[(seat - board.dealer) % 4], board.round_wind,
                             dict(board.rules))
    return None


def _numbers(answer) -> dict[int | None, tuple[float | None, float | None]]:
    """The answer's numbers: by discard, or the 13-tile hand's under None."""
    if answer.discards is None:
        return {None: (answer.expected.win_probability, answer.expected.expected_score)}
    return {e.discard: (e.expected.win_probability, e.expected.expected_score)
            for e in answer.discards}


def _not_below(low: tuple, high: tuple) -> bool:
    if low[0] is None:
        return high == (None, None)
    return all(b >= a - SLACK for a, b in zip(low, high, strict=True))


def _ranked_as_the_contract_says(answer, objective: str, today: list[int]) -> None:
    """The discards by the objective's number, then the other, then today's order; null
    entries last; ``best`` the first."""
    first, second = (0, 1) if objective == "win" else (1, 0)
    keys = []
    for entry in answer.discards:
        numbers = (entry.expected.win_probability, entry.expected.expected_score)
        keys.append((1, 0, 0, today.index(entry.discard)) if numbers[0] is None else
                    (0, -numbers[first], -numbers[second], today.index(entry.discard)))
    assert keys == sorted(keys)
    assert answer.best == answer.discards[0].discard


def _reference(hand: Hand, changes: int) -> dict:
    request = hand.request
    context = Context(request.dealer, request.seat_wind, request.round_wind, request.jing,
                      rules.resolved_rules(hand.variant, request.rules))
    out = out_counts(hand.variant, request.hand.melds, request.jing, request.visible)
    tiles = request.hand.concealed
    if len(tiles) + 3 * len(request.hand.melds) == 14:
        return brute_discards(hand.variant, tiles, request.hand.melds, out, 1, changes,
                              context)
    return {None: brute_value(hand.variant, tiles, request.hand.melds, out, 1, changes,
                              context)}


def _budgets(hand: Hand) -> tuple[int, ...]:
    """Both budgets of changes, but in the jing variants only 0 unless the hand is a ready
    waiting hand: with wilds the engine builds every hand a change can reach, whatever
    ``draws_left`` is, and takes tens of seconds (minutes for a 14-tile hand holding a jing
    one from ready) for ``changes: 1``."""
    request = hand.request
    if not VARIANTS[hand.variant].wild_kinds(request.jing):
        return (0, 1)
    holds = len(request.hand.concealed) + 3 * len(request.hand.melds)
    view = HandView.of(request.hand, VARIANTS[hand.variant].wild_kinds(request.jing))
    ready = shanten(view.natural, view.wilds, VARIANTS[hand.variant].shapes,
                    len(request.hand.melds)) == 0
    return (0, 1) if holds == 13 and ready else (0,)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_properties_on_simulated_hands(variant):
    """Every property of the module, on EV_PROPERTY_STATES hands of the variant (both
    budgets of changes where :func:`_budgets` says)."""
    checked = won = both = 0
    for hand in _hands(variant, STATES):
        today = [e.discard for e in rules.advise(hand.request).discards or []]
        budgets = _budgets(hand)
        grid = {}
        for changes in budgets:
            for draws in DRAWS:
                answer = rules.advise(hand.asked(draws, changes))
                assert (answer.inputs.draws_left, answer.inputs.changes) == (draws, changes)
                grid[draws, changes] = _numbers(answer)
                for p, s in grid[draws, changes].values():
                    assert (p is None) == (s is None)
                    if p is not None:
                        assert -SLACK <= p <= 1 + SLACK and s >= -SLACK
                        won += p > 0
                if answer.discards is not None:
                    _ranked_as_the_contract_says(answer, "score", today)
                if answer.discards is not None and draws == DRAWS[-1]:
                    other = rules.advise(hand.asked(draws, changes, "win"))
                    assert _numbers(other) == grid[draws, changes]
                    _ranked_as_the_contract_says(other, "win", today)
        for key in grid[0, 0]:
            assert all(grid[0, c][key] in ((0, 0), (None, None)) for c in budgets)
            for changes in budgets:
                for fewer, more in pairwise(DRAWS):
                    assert _not_below(grid[fewer, changes][key], grid[more, changes][key]), \
                        (hand, key, fewer, changes)
            for draws in DRAWS[1:] if len(budgets) == 2 else ():
                assert _not_below(grid[draws, 0][key], grid[draws, 1][key]), (hand, key, draws)
        for changes in budgets:
            want = _reference(hand, changes)
            for key, (p, s) in grid[1, changes].items():
                if want[key][0] is None:
                    assert (p, s) == (None, None)
                else:
                    assert abs(p - want[key][0]) <= TOLERANCE, (hand, key, p, want[key])
                    assert abs(s - want[key][1]) <= TOLERANCE, (hand, key, s, want[key])
        checked += 1
        both += len(budgets) == 2
    assert checked == STATES and won and both
