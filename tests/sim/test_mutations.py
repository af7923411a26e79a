"""Mutation tests of the play engine: one illegal action injected at a known index of a legal
simulated log must be refused at exactly that index with exactly its code, every time.

Each mutation reads the legal log's round at the injection point (the engine's own state
there, so the mutation is one that a client could send) and builds the mutated log; the
mutated log is then replayed from scratch by :func:`rules.replay`. A mutation that finds no
place to go in a log skips it; each kind must hit at least MIN_HITS logs of the corpus, so
that no kind passes by never running. SIM_MUTATION_ROUNDS (default 300 logs per variant)
sets the corpus; ``make sim`` runs more.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pytest

import rules
from app.schemas.answers import action as action_body
from app.schemas.requests import ReplaySchema
from rules.error_codes import (
    ACTION_AFTER_END,
    ACTION_CHOW_NOT_NEXT,
    ACTION_CLAIM_AFTER_WIN,
    ACTION_NOT_YOUR_TURN,
    ACTION_ROB_NOT_ALLOWED,
    ACTION_SECOND_WINNER,
    ACTION_TILE_NOT_HELD,
    ACTION_WAIT_CHANGED,
    ACTION_WIN_LOCKED,
    ACTION_WRONG_DRAW,
)
from rules.model import DISCARD
from rules.play import Action, IllegalAction, Round
from rules.play.board import OFFER
from rules.tiles import NUM_KINDS
from rules.variants import VARIANTS
from tests.sim.engine import Simulator

ROUNDS = int(os.environ.get("SIM_MUTATION_ROUNDS", 300))
MIN_HITS = 5
_REPLAY = ReplaySchema()


@dataclass(frozen=True)
class Mutated:
    """A mutated log and where and how it must be refused."""

    body: dict[str, Any]
    index: int
    code: str


Finder = Callable[[dict[str, Any], Round, int, random.Random], Mutated | None]


@lru_cache(maxsize=8)
def _corpus(variant: str, pass_win: float | None = None) -> tuple[dict[str, Any], ...]:
    """The legal logs mutated: ``pass_win`` (how often a seat passes a win it could take)
    raised for the lock's mutation, so that passed wins, and wins they lock, are common."""
    logs = []
    for seed in range(ROUNDS):
        simulator = Simulator(variant, 40_000 + seed)
        if pass_win is not None:
            simulator.pass_win = pass_win
        logs.append(simulator.play().log)
    return tuple(logs)


def _states(log: dict[str, Any]) -> Iterator[tuple[int, Round]]:
    """The legal log's round before each action (and once more after the last): the
    engine's own state, as the mutation sees it. The same Round is pushed on between."""
    request = _REPLAY.load(log)
    board = rules.play.start(rules.get_variant(request.variant), request,
                             rules.resolved_rules(request.variant, request.rules))
    for i, action in enumerate(request.actions):
        yield i, board
        board.push(action)
    yield len(request.actions), board


def _with(log: dict[str, Any], index: int, action: Action, replace: bool = True
          ) -> dict[str, Any]:
    """``log`` with ``action`` at ``index`` (replacing the one there, or inserted), cut
    after it: nothing after the first illegal action is read anyway."""
    actions = list(log["actions"][:index]) + [action_body(action)]
    return {**log, "actions": actions}


# ---------------------------------------------------------------------------- mutations
def tile_not_held(log, board, i, rng) -> Mutated | None:
    """A discard of a tile the seat does not hold."""
    action = log["actions"][i] if i < len(log["actions"]) else None
    if action is None or action["type"] != "discard":
        return None
    counts = board.seats[action["seat"]].counts
    absent = [t for t in range(NUM_KINDS) if counts[t] == 0]
    tile = rng.choice(absent)
    return Mutated(_with(log, i, Action(action["seat"], "discard", tile)), i,
                   ACTION_TILE_NOT_HELD)


def out_of_turn(log, board, i, rng) -> Mutated | None:
    """The seat's draw or discard played by another seat."""
    action = log["actions"][i] if i < len(log["actions"]) else None
    if action is None or action["type"] not in ("draw", "discard"):
        return None
    other = rng.choice([s for s in range(4) if s != action["seat"]])
    tile = None if action["type"] == "draw" else rng.choice(
        [t for t in range(NUM_KINDS) if board.seats[other].counts[t]])
    return Mutated(_with(log, i, Action(other, action["type"], tile)), i,
                   ACTION_NOT_YOUR_TURN)


def chow_by_wrong_seat(log, board, i, rng) -> Mutated | None:
    """A chow of an open discard by a seat other than the next."""
    tile = board.offer
    if board.phase != OFFER or board.winners or not board.left or tile is None or tile >= 27:
        return None
    wrong = rng.choice([s for s in range(4) if s not in (board.turn, (board.turn + 1) % 4)])
    start = min(tile - tile % 9 + 6, max(tile - tile % 9, tile - rng.randrange(3)))
    chow = (start, start + 1, start + 2)
    return Mutated(_with(log, i, Action(wrong, "chow", None, chow)), i, ACTION_CHOW_NOT_NEXT)


def claim_after_win(log, board, i, rng) -> Mutated | None:
    """A pung of a discard a seat has won on."""
    if i != len(log["actions"]) or not board.winners or board.phase != OFFER \
            or board.offer_kind != DISCARD:
        return None
    seat = rng.choice([s for s in range(4) if s != board.turn])
    return Mutated(_with(log, i, Action(seat, "pung", board.offer)), i, ACTION_CLAIM_AFTER_WIN)


def second_winner(log, board, i, rng) -> Mutated | None:
    """Another win on the tile already won on where the variant allows no more: a second
    winner where one is allowed, or the same winner again."""
    if i != len(log["actions"]) or not board.winners or board.phase != OFFER:
        return None
    if board.max_winners == 1:
        seat = rng.choice([s for s in range(4) if s not in (board.turn, *board.winners)])
    else:
        seat = board.winners[0]
    return Mutated(_with(log, i, Action(seat, "win")), i, ACTION_SECOND_WINNER)


def locked_win(log, board, i, rng) -> Mutated | None:
    """A win on a discard by a seat whose passed win locks it, where the tile would
    otherwise win."""
    if board.phase != OFFER or board.winners or board.offer is None:
        return None
    for seat in range(4):
        state = board.seats[seat]
        if seat == board.turn or not state.is_locked(board.offer, DISCARD):
            continue
        if board._accepts(seat, board.offer, DISCARD):
            return Mutated(_with(log, i, Action(seat, "win")), i, ACTION_WIN_LOCKED)
    return None


def changed_wait(log, board, i, rng) -> Mutated | None:
    """A ready seat's discard that changes its waits (qinzhou 聽牌後不允許換聽)."""
    action = log["actions"][i] if i < len(log["actions"]) else None
    if action is None or action["type"] != "discard":
        return None
    seat = action["seat"]
    kept = board.seats[seat].waits_lock
    if kept is None or not board.option(board.play.wait_lock_option):
        return None
    counts = board.seats[seat].counts
    others = [t for t in range(NUM_KINDS) if counts[t]
              and board._waits_after(seat, [t], None) != kept]
    if not others:
        return None
    return Mutated(_with(log, i, Action(seat, "discard", rng.choice(others))), i,
                   ACTION_WAIT_CHANGED)


def robbed_concealed_kong(log, board, i, rng) -> Mutated | None:
    """A win on a concealed kong just declared (only an added kong can be robbed)."""
    if i == 0 or log["actions"][i - 1]["type"] != "concealed_kong" or board.winners:
        return None
    seat = rng.choice([s for s in range(4) if s != board.turn])
    return Mutated(_with(log, i, Action(seat, "win")), i, ACTION_ROB_NOT_ALLOWED)


def wrong_draw(log, board, i, rng) -> Mutated | None:
    """A draw naming a tile other than the wall's next."""
    action = log["actions"][i] if i < len(log["actions"]) else None
    if action is None or action["type"] != "draw":
        return None
    expected = board._next_tile(board.phase != OFFER)
    tile = rng.choice([t for t in range(NUM_KINDS) if t != expected])
    return Mutated(_with(log, i, Action(action["seat"], "draw", tile)), i, ACTION_WRONG_DRAW)


def after_the_end(log, board, i, rng) -> Mutated | None:
    """Any action after a finished round: the next seat's draw."""
    if i != len(log["actions"]) or board.outcome() is None:
        return None
    seat = (board.turn + 1) % 4
    return Mutated(_with(log, i, Action(seat, "draw")), i, ACTION_AFTER_END)


MUTATIONS: dict[str, Finder] = {
    "tile_not_held": tile_not_held, "out_of_turn": out_of_turn,
    "chow_by_wrong_seat": chow_by_wrong_seat, "claim_after_win": claim_after_win,
    "second_winner": second_winner, "locked_win": locked_win, "changed_wait": changed_wait,
    "robbed_concealed_kong": robbed_concealed_kong, "wrong_draw": wrong_draw,
    "after_the_end": after_the_end,
}
# Where a mutation cannot arise: no lock in xingguo (passing is free), no wait lock but
# qinzhou's, a second winner only where the log ends in a win on a discard.
APPLIES = {
    "locked_win": lambda v: VARIANTS[v].play_rules.lock_rule is not None,
    "changed_wait": lambda v: VARIANTS[v].play_rules.wait_lock_option is not None,
}
PASS_WIN = {"locked_win": 0.85}  # the corpus's pass rate, where the default is too rare
CASES = [(v, m) for v in VARIANTS for m in MUTATIONS if APPLIES.get(m, lambda _: True)(v)]


@pytest.mark.parametrize(("variant", "mutation"), CASES, ids=[f"{v}-{m}" for v, m in CASES])
def test_an_injected_illegal_action_is_refused_at_its_index_with_its_code(variant, mutation):
    find = MUTATIONS[mutation]
    rng = random.Random(f"{variant}-{mutation}")
    hits = 0
    for log in _corpus(variant, PASS_WIN.get(mutation)):
        candidates = [m for i, board in _states(log)
                      if (m := find(log, board, i, rng)) is not None]
        if not candidates:
            continue
        mutated = rng.choice(candidates)
        with pytest.raises(IllegalAction) as refused:
            rules.replay(_REPLAY.load(mutated.body))
        assert (refused.value.index, refused.value.code) == (mutated.index, mutated.code), \
            (mutated.body["actions"][-3:], refused.value)
        hits += 1
    assert hits >= MIN_HITS, f"{mutation} found a place in only {hits} logs"
