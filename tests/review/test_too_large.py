"""A review's decision too large to value alone is left unvalued, and the review goes on.

One /advise request may work out 10,000 new hand states; a review decision may too
(``rules.review.STATES_PER_DECISION``). Before, one decision of a jing hand far from ready
spent the whole review's 60,000 (a nanchang question reached 173,055 states), and the
review was refused: 2 of the 8 one-seat reviews of the benchmark's rounds, 7 of 8 four-seat
ones. Now such a decision says ``too_large`` and carries no numbers; the other decisions are
valued exactly as before, and only a seat's review past its own 60,000 is refused (each seat
reviewed has its own budget).

The caps are lowered here (to CAP) so that short simulated rounds have decisions on both
sides of them; the rules are the same at any cap.
"""

from __future__ import annotations

import importlib

import pytest

import rules
from rules import expected
from rules.error_codes import EXPECTED_TOO_LARGE
from rules.errors import InvalidInput
from rules.model import AdviseRequest, ExpectedAsk, PlayerTiles
from rules.review import ReviewRequest
from rules.text import english
from tests.review.test_properties import _cut, _play
from tests.sim.players import GREEDY, Player

review_module = importlib.import_module("rules.review")  # rules.review is also a function
CAP = 300  # new hand states a decision may work out here
ROUNDS = [("xingguo", 43_100), ("guangdong", 43_100)]  # both have decisions either side


def _round(variant: str, seed: int):
    return _play(variant, seed, [Player(GREEDY) for _ in range(4)])


def _reviewed(log, monkeypatch, per_decision: int, per_review: int = 10**7):
    with monkeypatch.context() as patched:
        patched.setattr(review_module, "STATES_PER_DECISION", per_decision)
        patched.setattr(review_module, "STATES_PER_REVIEW", per_review)
        return rules.review(ReviewRequest(log, seats=(0, 1, 2, 3), changes=0))


def _advised_alone(log, seat: int, action: int, monkeypatch, states: int):
    """/advise log mode on the log cut before ``action``, allowed ``states`` new states."""
    with monkeypatch.context() as patched:
        patched.setattr(expected, "STATES_PER_REQUEST", states)
        return rules.advise(AdviseRequest(log.variant, PlayerTiles((), ()),
                                          expected=ExpectedAsk(changes=0),
                                          log=_cut(log, action), seat=seat))


@pytest.mark.parametrize(("variant", "seed"), ROUNDS)
def test_a_decision_past_its_cap_is_unvalued_and_the_others_are_as_with_a_larger_cap(
        variant, seed, monkeypatch):
    """Against the same review with ten times the cap (no cap at all took 49 s): the same
    decisions, and the numbers of each decision valued under both caps equal; a decision
    left unvalued has none, and /advise alone refuses it too."""
    log = _round(variant, seed)
    larger = _reviewed(log, monkeypatch, per_decision=10 * CAP)
    capped = _reviewed(log, monkeypatch, per_decision=CAP)
    cut = compared = 0
    for mine, other in zip(capped.seats, larger.seats, strict=True):
        assert [d.action for d in mine.decisions] == [d.action for d in other.decisions]
        for d, o in zip(mine.decisions, other.decisions, strict=True):
            assert (d.action, d.draws_left, d.played) == (o.action, o.draws_left, o.played)
            if not d.too_large:
                if not o.too_large:
                    compared += 1
                    assert d == o  # the same best, values and loss
                continue
            cut += 1
            assert (d.best, d.played_value, d.best_value, d.loss) == (None,) * 4
            # the review knows the hands its earlier decisions reached; /advise alone does
            # not, so it reaches at least as many new ones and is refused too
            with pytest.raises(InvalidInput) as refused:
                _advised_alone(log, mine.seat, d.action, monkeypatch, CAP)
            assert [e.code for e in refused.value.errors] == [EXPECTED_TOO_LARGE]
        assert mine.summary.too_large == sum(d.too_large for d in mine.decisions)
        assert mine.summary == review_module.summary(mine.decisions)
        numbered = [d for d in mine.decisions if d.loss is not None]
        assert mine.summary.decisions == len(mine.decisions)
        assert mine.summary.total_loss == pytest.approx(sum(d.loss for d in numbered),
                                                        abs=1e-9)
        assert set(mine.summary.largest) <= {d.action for d in numbered}
    assert cut and compared  # the round has decisions on both sides of the cap


def test_a_decision_valued_alone_is_never_cut(monkeypatch):
    """Every decision that /advise log mode answers within the cap on its own is valued by
    the review (a review never values less than /advise would)."""
    log = _round(*ROUNDS[0])
    capped = _reviewed(log, monkeypatch, per_decision=CAP)
    checked = 0
    for mine in capped.seats:
        for d in mine.decisions:
            try:
                _advised_alone(log, mine.seat, d.action, monkeypatch, CAP)
            except InvalidInput:
                continue
            checked += 1
            assert not d.too_large, d
    assert checked


@pytest.mark.parametrize(("seats", "changes", "advice"), [
    ((1,), 1, "ask with changes 0"),
    ((1,), 0, "(each decision that alone needs more than 10000 is left unvalued already): "
              "review the round up to an earlier action, its log cut there"),
    ((0, 1, 2, 3), 1, "ask with changes 0"),
])
def test_a_review_past_its_own_budget_is_refused_with_what_to_ask(seats, changes, advice,
                                                                   monkeypatch):
    """Past what a seat's review has left (not a decision's own cap), nothing is answered:
    the 422 names the first seat past its budget, the budget and the one thing that would
    help, by what was asked; that seat asked alone is refused with the same words."""
    log = _round(*ROUNDS[0])
    monkeypatch.setattr(review_module, "STATES_PER_REVIEW", 40)
    with pytest.raises(InvalidInput) as refused:
        rules.review(ReviewRequest(log, seats=seats, changes=changes))
    (error,) = refused.value.errors
    assert error.code == EXPECTED_TOO_LARGE
    said = english(error.message)
    named = int(said.removeprefix("reviewing seat ")[0])
    assert named in seats
    assert said.startswith(f"reviewing seat {named} needs more than 40 hand states, more "
                           "than the review of one seat may work out")
    assert said.endswith(advice)
    with pytest.raises(InvalidInput) as alone:
        rules.review(ReviewRequest(log, seats=(named,), changes=changes))
    assert english(alone.value.errors[0].message) == said


def _spent_alone(log, seat: int, monkeypatch) -> int:
    """How many states reviewing ``seat`` alone works out: what the budget the review makes
    for the seat (the one of ``STATES_PER_REVIEW`` states; each decision's is at most CAP)
    has spent at the end."""
    whole = 10**7
    made = []
    real = review_module.Budget

    def recording(total, **kwargs):
        made.append(real(total, **kwargs))
        return made[-1]
    with monkeypatch.context() as patched:
        patched.setattr(review_module, "Budget", recording)
        patched.setattr(review_module, "STATES_PER_REVIEW", whole)
        patched.setattr(review_module, "STATES_PER_DECISION", CAP)
        rules.review(ReviewRequest(log, seats=(seat,), changes=0))
    (seat_budget,) = [budget for budget in made if budget.total == whole]
    return seat_budget.spent


def test_each_seat_has_its_own_budget(monkeypatch):
    """Four seats are refused exactly where one of them alone is: with the review's budget
    set just under what the hungriest seat alone spends, reviewing it alone and reviewing
    all four are refused, naming it; at that amount both are answered, so the others' states
    never count against it (one budget for all four refused 7 of the benchmark's 8 four-seat
    reviews whose every seat was answered alone)."""
    log = _round(*ROUNDS[0])
    spent = {seat: _spent_alone(log, seat, monkeypatch) for seat in range(4)}
    hungriest = max(spent, key=spent.get)
    assert sum(spent.values()) > spent[hungriest] > 0  # the others spend some too
    monkeypatch.setattr(review_module, "STATES_PER_DECISION", CAP)
    for seats in ((hungriest,), (0, 1, 2, 3)):
        monkeypatch.setattr(review_module, "STATES_PER_REVIEW", spent[hungriest] - 1)
        with pytest.raises(InvalidInput) as refused:
            rules.review(ReviewRequest(log, seats=seats, changes=0))
        assert english(refused.value.errors[0].message).startswith(
            f"reviewing seat {hungriest} needs more than {spent[hungriest] - 1} hand states")
        monkeypatch.setattr(review_module, "STATES_PER_REVIEW", spent[hungriest])
        answered = rules.review(ReviewRequest(log, seats=seats, changes=0))
        assert [s.seat for s in answered.seats] == list(seats)


def test_the_caps_are_one_request_and_six_requests():
    """A decision may work out what one /advise request may; a review six times that."""
    assert review_module.STATES_PER_DECISION == expected.STATES_PER_REQUEST == 10_000
    assert review_module.STATES_PER_REVIEW == 6 * expected.STATES_PER_REQUEST


def test_a_decision_past_its_cap_prices_no_win(monkeypatch):
    """A decision's questions are all asked, then all built (and paid for), the one of the
    most hands first, before any win is priced (rules.seat_advice.value_actions): a decision
    past its cap is given up having priced nothing. Before, its questions were valued one
    after another: a xingguo pass was built, priced and valued, then the draw's 460 hands
    went past the cap and it was all thrown away, 0.7 s at a time."""
    seat_advice = importlib.import_module("rules.seat_advice")
    expectation = importlib.import_module("rules.analysis.expectation")
    priced, built, asked, refused = [0], [0], [0], []
    real_worth, real_build, real_plan, real_value = (
        expectation._worth, expectation.build, seat_advice.Plans.plan,
        review_module.value_actions)

    def worth(*args):
        priced[0] += 1
        return real_worth(*args)

    def build(*args):
        found = real_build(*args)
        built[0] += 1  # a question that fitted
        return found

    def plan(plans, *args):
        asked[0] = len(plans.asked)
        return real_plan(plans, *args)

    def value_actions(*args, **kwargs):
        priced[0] = built[0] = asked[0] = 0
        try:
            return real_value(*args, **kwargs)
        except expectation.TooLarge:
            refused.append((asked[0], built[0], priced[0]))
            raise
    monkeypatch.setattr(expectation, "_worth", worth)
    monkeypatch.setattr(expectation, "build", build)
    monkeypatch.setattr(seat_advice.Plans, "plan", plan)
    monkeypatch.setattr(review_module, "value_actions", value_actions)
    for variant, seed in ROUNDS:
        _reviewed(_round(variant, seed), monkeypatch, per_decision=CAP)
    assert refused
    assert all(priced_then == 0 for _, _, priced_then in refused), refused
    # several questions asked: valued one after another, those before it were priced
    assert any(questions > 1 for questions, _, _ in refused), refused
    # the largest is built first, and here it is always the one past the cap
    assert all(fitted == 0 for _, fitted, _ in refused), refused
