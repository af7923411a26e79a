"""A played round, decision by decision (``POST /review``; API.md "POST /review").

The log is replayed once (:mod:`rules.play`); at every point where a reviewed seat decided
something, the seat's options are valued exactly as ``/advise`` log mode values them on the
log cut there (:func:`rules.seat_advice.value_actions`, from what the seat saw then, never
the wall or another seat's concealed tiles), and the action it played is set beside the best
one. A decision is

* each time the seat holds 14 tiles (its dealt hand as the dealer, after a draw or a kong's
  replacement, after a chow or pung): the log's next action, which is the seat's;
* each discard or added kong on which the seat could win, pung, kong or chow: its claim if it
  made one, else ``pass`` (its ``draw`` where it drew next; ``pass`` where another seat's
  claim came first), at the first action after the tile was offered.

``loss`` is the best value less the played one (the objective's number); a xingguo 诈胡 is
played as a win worth 0 and minus what it pays. The summary counts the decisions, the share
with numbers whose played action is the best, the losses' sum and the three largest.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from math import fsum
from typing import Any

from rules import places as at
from rules.analysis.expectation import Budget, TooLarge
from rules.error_codes import EXPECTED_TOO_LARGE
from rules.errors import InvalidInput
from rules.expected import CHANGES, STATES_PER_REQUEST
from rules.model import RANK_DIGITS, WIN, Expected, ExpectedInputs
from rules.options import resolve
from rules.play import Action, Round, start
from rules.play.model import CHOW_ACTION, DRAW, KONG_ACTION, PUNG_ACTION, WIN_ACTION
from rules.play.state import ACT, KONG_PHASE, OFFER
from rules.seat_advice import PASS, ValuedAction, best_action, draws_left_of, value_actions
from rules.text import msg
from rules.variant import Variant

CLAIMS = (WIN_ACTION, PUNG_ACTION, KONG_ACTION, CHOW_ACTION)
LARGEST = 3  # how many of the costliest decisions the summary names
# A review works out the states of many questions: each seat it reviews may work out several
# requests' worth (the request's time budget stays the backstop). A seat's budget is its
# own (what another seat's questions worked out is not free against it), so reviewing four
# seats is refused exactly where reviewing one of them alone is, and the refusal names that
# seat. The seats' hands differ, so their questions reach few of the same states anyway.
# With one budget for all four seats, 7 of the benchmark's 8 four-seat reviews were refused
# where each seat alone was answered.
STATES_PER_REVIEW = 6 * STATES_PER_REQUEST
# One decision may work out what one /advise request may: past it, the decision is left
# unvalued (``too_large``) and the review goes on. Without this cap one decision of a jing
# hand far from ready (173,055 states in one question of a nanchang round) spent the whole
# review's budget, and 2 of 8 one-seat reviews of the benchmark's rounds were refused.
STATES_PER_DECISION = STATES_PER_REQUEST


@dataclass(frozen=True)
class ReviewRequest:
    """A /replay body (``log``), the seats to review, and the model's budget and objective
    (``draws_left`` is derived at each decision)."""

    log: Any  # a rules.play.ReplayRequest
    seats: tuple[int, ...] = (0, 1, 2, 3)
    changes: int | None = None
    objective: str = "score"


@dataclass(frozen=True)
class Decision:
    """One decision: the action's index in the log, the draws left then, the action
    played and the best one, their values (the objective's number) and the loss."""

    action: int
    draws_left: int
    played: Action
    best: Action | None
    played_value: float | None
    best_value: float | None
    loss: float | None
    too_large: bool = False  # valuing it alone needs more than STATES_PER_DECISION states


@dataclass(frozen=True)
class Summary:
    decisions: int
    agreement: float | None  # the share of decisions with numbers where played is best
    total_loss: float  # the losses' sum, rounded as each loss is (no float noise shown)
    largest: tuple[int, ...]  # the action indexes of the costliest decisions, largest first
    too_large: int = 0  # the decisions left unvalued, too large to value alone


@dataclass(frozen=True)
class SeatReview:
    seat: int
    decisions: list[Decision]
    summary: Summary


@dataclass(frozen=True)
class Review:
    inputs: ExpectedInputs  # (draws_left: 0, derived at each decision)
    seats: list[SeatReview]


def review(variant: Variant, request: ReviewRequest) -> Review:
    """The review of ``request``'s seats (the log must be legal: replaying it raises the
    first illegal action, as ``/replay`` does)."""
    log = request.log
    rules = resolve(variant.options, log.rules, variant.name)
    changes = CHANGES if request.changes is None else request.changes
    budgets = {seat: Budget(STATES_PER_REVIEW) for seat in request.seats}
    board = start(variant, log, rules)
    found: dict[int, list[Decision]] = {seat: [] for seat in request.seats}
    actions = log.actions
    waiting: dict[int, int] = {}  # seat → the index where it answers the open tile
    opened = -1  # the index of the first action after the open tile was offered
    for i, action in enumerate(actions):
        if _offer_open(board) and opened < 0:
            opened = i
            waiting = _answers(board, actions, i, request.seats)
        for seat in request.seats:
            if _holds_fourteen(board, seat) or waiting.get(seat) == i:
                played = action if action.seat == seat else Action(seat, PASS)
                used = ExpectedInputs(draws_left_of(board, seat), changes, request.objective)
                decided = _capped(budgets[seat], partial(
                    _decide, variant, board, seat, i, played, used, rules),
                    partial(_past_budget, seat, changes))
                found[seat].append(decided or _unvalued(board, i, played, used))
        board.push(action)
        if not _offer_open(board):
            opened, waiting = -1, {}
    inputs = ExpectedInputs(0, changes, request.objective)
    return Review(inputs, [SeatReview(seat, found[seat], summary(found[seat]))
                           for seat in request.seats])


def _capped(budget: Budget, decide: Callable[[Budget], Decision],
            refusal: Callable[[], InvalidInput]) -> Decision | None:
    """``decide(its budget)``: at most :data:`STATES_PER_DECISION` new states of what the
    review has left (the hands it reached before are known, hence free). None for a
    decision past its own cap; one past what the review has left ends the review with
    ``refusal()``."""
    mine = Budget(min(STATES_PER_DECISION, budget.left), known=budget.known)
    try:
        decision = decide(mine)
    except TooLarge:
        budget.spent += mine.total  # the states it reached before it stopped
        if mine.total < STATES_PER_DECISION:  # what the review had left, not its own cap
            raise refusal() from None
        return None
    budget.spent += mine.spent
    return decision


def _unvalued(board: Round, i: int, played: Action, used: ExpectedInputs) -> Decision:
    """A decision too large to value alone: what was played, and no numbers."""
    return Decision(i, used.draws_left, _filled(board, _as_listed(played), played), None,
                    None, None, None, too_large=True)


def _past_budget(seat: int, changes: int) -> InvalidInput:
    """Reviewing ``seat`` needs more states than one seat's review may work out, and what
    to ask instead (the same whether it was asked alone or beside other seats)."""
    if changes == 1:
        sentence = msg("reviewing seat {seat} needs more than {states} hand states, more "
                       "than the review of one seat may work out: ask with changes 0",
                       seat=seat, states=STATES_PER_REVIEW)
    else:
        sentence = msg("reviewing seat {seat} needs more than {states} hand states, more "
                       "than the review of one seat may work out (each decision that alone "
                       "needs more than {decision} is left unvalued already): review the "
                       "round up to an earlier action, its log cut there", seat=seat,
                       states=STATES_PER_REVIEW, decision=STATES_PER_DECISION)
    return InvalidInput.one(at.EXPECTED, sentence, EXPECTED_TOO_LARGE)


def _holds_fourteen(board: Round, seat: int) -> bool:
    """Does ``seat`` hold 14 tiles and act next (its dealt hand, a draw, a claim)?"""
    return board.phase == ACT and board.turn == seat and not board.winners


def _offer_open(board: Round) -> bool:
    """Is a tile offered to the other seats: a discard, or an added kong to rob?"""
    return board.phase == OFFER or (board.phase == KONG_PHASE and board.robbable)


def _answers(board: Round, actions: tuple[Action, ...], i: int,
             seats: tuple[int, ...]) -> dict[int, int]:
    """For each reviewed seat that could claim the tile just offered (win, pung, kong or
    chow), where it answers: the index of its own action among those that follow until
    the tile is taken or the next seat draws, else ``i`` (a pass, at the first action
    after the offer)."""
    out = {}
    for seat in seats:
        if seat == board.turn or not any(a.type in CLAIMS for a in board.legal_actions(seat)):
            continue
        out[seat] = i
        for j in range(i, len(actions)):
            if actions[j].seat == seat:
                out[seat] = j
                break
            if actions[j].type in (DRAW, CHOW_ACTION, PUNG_ACTION, KONG_ACTION):
                break  # taken by another seat, or closed by the next draw
    return out


def _decide(variant: Variant, board: Round, seat: int, i: int, played: Action,
            used: ExpectedInputs, rules: dict[str, Any], budget: Budget) -> Decision:
    """The decision at action ``i``: every option valued as log mode values it, the
    played action among them (a 诈胡, or a pass where the seat drew next, valued on its
    own), the best and the loss."""
    valued = value_actions(variant, board, seat, used, rules, budget=budget)
    shown = _as_listed(played)
    match = next((v for v in valued if same(v.action, shown)), None)
    if match is None:
        extra = _false_win(variant, rules, seat) if _is_false_win(board, shown) else \
            value_actions(variant, board, seat, used, rules, [shown], budget)[0]
        match = extra
        valued = [*valued, extra]
    best = best_action(valued, used.objective)
    best_value = _number(next(v for v in valued if v.action is best).expected, used.objective) \
        if best is not None else None
    played_value = _number(match.expected, used.objective)
    loss = None if best_value is None or played_value is None \
        else max(round(best_value - played_value, RANK_DIGITS), 0.0)
    return Decision(i, used.draws_left, _filled(board, shown, played), best, played_value,
                    best_value, loss)


def _as_listed(action: Action) -> Action:
    """An action as ``legal`` lists it: a draw without its tile."""
    return Action(action.seat, DRAW) if action.type == DRAW else action


def _filled(board: Round, shown: Action, played: Action) -> Action:
    """The played action with the log's omitted tiles filled in: a draw's tile from the
    wall where the log is walled."""
    if played.type == DRAW and played.tile is None and board.wall is not None and board.left:
        return Action(played.seat, DRAW, board._next_tile(board.phase == KONG_PHASE))
    return played if played.type != DRAW or played.tile is not None else shown


def _is_false_win(board: Round, action: Action) -> bool:
    return action.type == WIN_ACTION and board.play.false_win and not board.could_win(
        action.seat)


def _false_win(variant: Variant, rules: dict[str, Any], seat: int) -> ValuedAction:
    """A xingguo 诈胡: a win worth nothing, and minus what it pays (each other seat)."""
    paid = 3 * variant.false_win_points(rules)
    return ValuedAction(Action(seat, WIN_ACTION), Expected(0.0, -float(paid)))


def same(a: Action, b: Action) -> bool:
    """Two actions are the same move: seat, type, tile(s) (a draw's tile is the wall's)."""
    if a.seat != b.seat or a.type != b.type:
        return False
    if a.type in (DRAW, PASS, WIN_ACTION):
        return True
    if a.type == CHOW_ACTION:
        return tuple(sorted(a.tiles or ())) == tuple(sorted(b.tiles or ()))
    return a.tile is None or b.tile is None or a.tile == b.tile


def _number(expected: Expected, objective: str) -> float | None:
    """The objective's number, as log mode answers it."""
    return expected.win_probability if objective == WIN else expected.expected_score


def summary(decisions: list[Decision]) -> Summary:
    """What the decisions add up to."""
    numbered = [d for d in decisions if d.loss is not None]
    agreed = sum(1 for d in numbered if d.best is not None and same(d.played, d.best))
    largest = sorted(numbered, key=lambda d: (-(d.loss or 0.0), d.action))[:LARGEST]
    return Summary(len(decisions), agreed / len(numbered) if numbered else None,
                   round(fsum(d.loss or 0.0 for d in numbered), RANK_DIGITS),
                   tuple(d.action for d in largest), sum(d.too_large for d in decisions))


__all__ = [
    "WIN",
    "Decision",
    "Review",
    "ReviewRequest",
    "SeatReview",
    "Summary",
    "review",
    "same",
    "summary",
]
