"""What to ask instead, when a review or an expected-value advice runs past its time budget.

The time budget (:mod:`app.edge`) stops any request that runs too long with a 503. For most
requests that is the server's trouble: the slowest valid /evaluate takes milliseconds, so
"try again later" is the right advice. A review or an expected-value advice is different:
its work grows with what was asked (four seats are the work of four one-seat reviews; a
hand change multiplies the hand states), so asking the same again after ``Retry-After``
would be stopped again, and cost the worker the whole budget each time. Its 503 says what
smaller question the service can answer (issue 43: "a clear 422 or 503 with what to do").

A view names the advice once its request is read (:func:`remember`); the 503's handler
reads it back (:func:`said`). A request stopped before it was read gets the generic advice.
"""

from __future__ import annotations

from flask import g

from rules.model import AdviseRequest
from rules.review import ReviewRequest
from rules.text import Sentence, msg

_KEY = "over_budget_advice"


def for_review(query: ReviewRequest) -> Sentence:
    """One seat at a time where several were asked; then ``changes`` 0; then a shorter
    log (a one-seat review with ``changes`` 0 is the smallest whole review: a slow hour
    of the server may stop it too, so trying again stays a choice)."""
    several = len(query.seats) > 1
    if several and query.changes == 1:
        return msg("review one seat at a time (seat 0 to 3), with changes 0")
    if several:
        return msg("review one seat at a time (seat 0 to 3)")
    if query.changes == 1:
        return msg("ask with changes 0")
    return msg("review the round up to an earlier action, its log cut there, or try again "
               "later")


def for_advice(query: AdviseRequest) -> Sentence | None:
    """``changes`` 0 for an expected-value question asked with a hand change; None (the
    generic advice) otherwise: with no hand change, its state budget keeps a question
    well inside the time budget, so only a busy server stops it."""
    if query.expected is not None and query.expected.changes == 1:
        return msg("ask with changes 0")
    return None


def remember(advice: Sentence | None) -> None:
    """Keep ``advice`` for this request's 503, should its time budget stop it."""
    if advice is not None:
        setattr(g, _KEY, advice)


def said() -> Sentence | None:
    """The advice a view kept for this request, if any."""
    return g.get(_KEY)
