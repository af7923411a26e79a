"""POST /review's properties on simulated rounds (issue 43), in every variant:

* every ``loss`` is at least 0, and ``best_value`` is the largest value listed at that point;
* each decision's numbers are ``/advise`` log mode's on the log cut before that action (the
  same actions listed, the same best, the same values);
* the summary is what the decisions add up to;
* a seat that played log mode's ``best`` at every decision reviews with ``agreement`` 1 and
  ``total_loss`` 0 (where the model answers every decision of the seat: with jing, a hand
  far from ready may ask more hand states than a request may work out, and such a seat
  plays greedy there); a round of greedy players (today's /advise ranking) reviews with
  the same properties.

The rounds are short (a wall of WALL tiles after the deal), so each seat has a few turns and
the review of all four seats stays within make test's time; REVIEW_PROPERTY_ROUNDS (default
1 per variant and kind of player) asks for more.
"""

from __future__ import annotations

import os

import pytest

import rules
from rules.error_codes import EXPECTED_TOO_LARGE
from rules.errors import InvalidInput
from rules.model import AdviseRequest, ExpectedAsk
from rules.options import resolve
from rules.play import Action, ReplayRequest, Round
from rules.review import ReviewRequest, same
from rules.seat_advice import PASS
from rules.variants import VARIANTS
from tests.sim.players import GREEDY, Player
from tools import selfplay

ROUNDS = int(os.environ.get("REVIEW_PROPERTY_ROUNDS", "1"))
WALL = 8  # tiles left to draw after the deal: two turns a seat
SEED = 43_000
TRIES = 10
VARIANT_NAMES = ("xingguo", "nanchang", "qinzhou", "guangdong")


class ModelPlayer(Player):
    """Plays log mode's ``best`` at every decision, wins included (the bot of
    tests/sim/players.py takes every win). Where the model gives no answer (more hand
    states than a request may work out, or no action valued) it plays greedy and counts
    the decision in ``fallbacks``: only a seat with none is held to agree everywhere."""

    def choose(self, board: Round, seat: int, legal: list[Action]) -> Action | None:
        self.decisions += 1
        try:
            best = _advise_now(board, seat).best
        except InvalidInput:
            best = None
        if best is None:
            self.fallbacks += 1
            return super().choose(board, seat, legal)
        if best.type == PASS:
            return next((a for a in legal if a.type == "draw"), None)
        return next(a for a in legal if same(a, best))


_LOGS: dict[int, ReplayRequest] = {}  # the board being played → its log so far


def _advise_now(board: Round, seat: int) -> rules.seat_advice.SeatAdvice:
    found = rules.advise(AdviseRequest(board.variant.name, rules.model.PlayerTiles((), ()),
                                       expected=ExpectedAsk(changes=0),
                                       log=_LOGS[id(board)], seat=seat))
    assert isinstance(found, rules.seat_advice.SeatAdvice)
    return found


def _play(variant: str, seed: int, players: list[Player]) -> ReplayRequest:
    """A short simulated round (tools/selfplay's deal and claim order), as its log."""
    hands, wall, jing, dealer, options = selfplay.deal(variant, seed)
    wall = wall[:WALL]
    spec = VARIANTS[variant]
    board = Round(spec, resolve(spec.options, options, variant), dealer, hands, wall=wall,
                  jing=jing)
    actions: list[Action] = []

    def log() -> ReplayRequest:
        return ReplayRequest(variant, dealer, tuple(map(tuple, hands)), tuple(actions),
                             tuple(wall), None, jing, None, None, options)

    while True:
        _LOGS[id(board)] = log()
        action = selfplay._next(board, players)
        if action is None:
            break
        board.push(action)
        actions.append(action)
    _LOGS.pop(id(board), None)
    return log()


def _model_seats(variant: str, seed: int) -> tuple[ReplayRequest, list[int]]:
    """The first of TRIES deals from ``seed`` on where the model answered every decision
    of at least one seat (with jing, a hand far from ready can ask more hand states than a
    request may work out), and those seats."""
    for tried in range(seed, seed + TRIES):
        players = [ModelPlayer() for _ in range(4)]
        log = _play(variant, tried, players)
        answered = [s for s, p in enumerate(players) if p.decisions and not p.fallbacks]
        if answered:
            return log, answered
    raise AssertionError(f"in none of {TRIES} deals from {seed} did the model answer every "
                         "decision of a seat")


def _cut(log: ReplayRequest, i: int) -> ReplayRequest:
    return ReplayRequest(log.variant, log.dealer, log.deal, log.actions[:i], log.wall,
                         log.wall_size, log.jing, log.horses, log.round_wind, log.rules)


def _advised(log: ReplayRequest, action: int, seat: int) -> rules.seat_advice.SeatAdvice:
    """/advise log mode on the log cut before ``action``: a decision the review valued with
    the hands its earlier decisions reached known may need more new ones alone, so past
    one request's budget it is asked again with more."""
    ask = AdviseRequest(log.variant, rules.model.PlayerTiles((), ()),
                        expected=ExpectedAsk(changes=0), log=_cut(log, action), seat=seat)
    try:
        return rules.advise(ask)
    except InvalidInput:
        with pytest.MonkeyPatch.context() as patched:
            patched.setattr(rules.expected, "STATES_PER_REQUEST", 10**6)
            return rules.advise(ask)


def _value(expected, objective: str = "score") -> float | None:
    return expected.win_probability if objective == "win" else expected.expected_score


def _check(log: ReplayRequest, seats: tuple[int, ...] = (0, 1, 2, 3)
           ) -> list[rules.review.SeatReview]:
    """The review of ``seats``, each decision held against log mode on the cut log."""
    found = rules.review(ReviewRequest(log, seats=seats, changes=0))
    assert tuple(s.seat for s in found.seats) == seats
    for seat_review in found.seats:
        for d in seat_review.decisions:
            if d.too_large:  # /advise alone is refused too (tests/review/test_too_large.py)
                assert (d.best, d.played_value, d.best_value, d.loss) == (None,) * 4
                continue
            advice = _advised(log, d.action, seat_review.seat)
            listed = [_value(v.expected) for v in advice.actions]
            numbers = [v for v in listed if v is not None]
            assert advice.advice.inputs is not None
            assert d.draws_left == advice.advice.inputs.draws_left
            if advice.best is None:
                assert d.best is None and d.best_value is None
                continue
            assert same(d.best, advice.best), (d, advice.best)
            assert d.best_value == pytest.approx(max(numbers), abs=1e-9)
            assert d.best_value == pytest.approx(
                _value(next(v.expected for v in advice.actions if v.action is advice.best)),
                abs=1e-9)
            played = [v for v in advice.actions if same(v.action, _listed(d.played))]
            if played:  # else a 诈胡, valued on its own
                assert d.played_value == pytest.approx(_value(played[0].expected), abs=1e-9)
            assert d.loss is not None and d.loss >= 0
            assert d.loss == pytest.approx(d.best_value - d.played_value, abs=1e-9)
        # the summary, added up here from the decisions (not by rules.review.summary)
        numbered = [d for d in seat_review.decisions if d.loss is not None]
        said = seat_review.summary
        assert said.decisions == len(seat_review.decisions)
        assert said.total_loss == pytest.approx(sum(d.loss for d in numbered), abs=1e-9)
        agreed = [d for d in numbered if d.best is not None and same(d.played, d.best)]
        assert said.agreement == (len(agreed) / len(numbered) if numbered else None)
        losses = sorted((d.loss for d in numbered), reverse=True)[:3]
        named = {d.action: d.loss for d in numbered}
        assert [named[i] for i in said.largest] == losses
    return found.seats


def _listed(action: Action) -> Action:
    return Action(action.seat, "draw") if action.type == "draw" else action


@pytest.mark.parametrize("variant", VARIANT_NAMES)
@pytest.mark.parametrize("n", range(ROUNDS))
def test_a_round_played_by_the_model_reviews_with_no_loss(variant, n):
    log, answered = _model_seats(variant, SEED + TRIES * n)
    for seat_review in _check(log, tuple(answered)):
        assert seat_review.decisions
        assert seat_review.summary.total_loss == pytest.approx(0, abs=1e-9)
        assert seat_review.summary.agreement == 1


@pytest.mark.parametrize("variant", VARIANT_NAMES)
@pytest.mark.parametrize("n", range(ROUNDS))
def test_a_round_of_greedy_players_reviews_consistently(variant, n):
    """One seat a round, to keep make test's time: the first from ``n + 1`` on whose review
    is within a review's state budget (with jing, a seat whose hands stay far from ready
    can ask more, and is refused with expected.too_large, the only refusal allowed)."""
    log = _play(variant, SEED + 100 + n, [Player(GREEDY) for _ in range(4)])
    for seat in [(n + 1 + i) % 4 for i in range(4)]:
        try:
            _check(log, (seat,))
            return
        except InvalidInput as refused:
            assert [e.code for e in refused.errors] == [EXPECTED_TOO_LARGE]
    raise AssertionError("no seat of the round is reviewed within the budget")
