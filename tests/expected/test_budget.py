"""The state budget of a request (:class:`rules.analysis.expectation.Budget`): it counts the
hands a request works out for the first time. A hand the request reached before (another
action of log mode, another decision of a review) has its moves kept already, so it costs
a tenth of a new one and is not counted again; a question past what is left is refused."""

from __future__ import annotations

import pytest

from rules.analysis import expectation
from rules.analysis.expectation import Budget, Table, TooLarge, build, pack, solve
from rules.tiles import parse_tiles
from rules.variants import VARIANTS

GUANGDONG = Table(VARIANTS["guangdong"].shapes)
OUT = (0,) * 34


def counts(text: str) -> tuple[int, ...]:
    found = [0] * 34
    for tile in parse_tiles(text):
        found[tile] += 1
    return tuple(found)


# 1-shanten, 13 tiles: 123m 456m 789m, 23p, 5s 7s 9s: its graph reaches some tens of hands
# with no hand change
HAND = counts("123456789m23p579s")


def _value(budget: Budget) -> tuple[float, float] | None:
    (found,) = solve(GUANGDONG, [(HAND, None)], OUT, 6, 0, _one_each, budget)
    return found


def _one_each(waiting, drawn):
    return [1.0] * len(drawn)


def test_a_question_asked_again_on_the_same_budget_spends_nothing_more():
    """The second asking reaches the same hands: all known, none counted; same numbers."""
    budget = Budget(100_000)
    first = _value(budget)
    spent = budget.spent
    reached = len(build(GUANGDONG, [pack(HAND)], 0, OUT).hands)
    assert spent == reached > 20  # every hand of the graph was new
    assert _value(budget) == first and budget.spent == spent


def test_a_new_budget_counts_every_hand_again():
    """Known hands are the request's, not the worker's: another request pays for them."""
    one, other = Budget(100_000), Budget(100_000)
    _value(one)
    _value(other)
    assert one.spent == other.spent > 0


def test_a_question_past_the_budget_left_is_refused():
    """Fewer hands left than the graph's new ones: TooLarge, whose limit is what was left."""
    reached = len(build(GUANGDONG, [pack(HAND)], 0, OUT).hands)
    budget = Budget(reached - 1)
    with pytest.raises(TooLarge) as refused:
        _value(budget)
    assert refused.value.limit == reached - 1


def test_a_question_given_up_leaves_its_hands_to_be_paid_for_again():
    """A graph given up past the budget was not worked out: its hands stay unknown, so a
    later question of the request (a review's next decision) that reaches them pays for
    them (before, they were free to it while their moves were never found)."""
    reached = len(build(GUANGDONG, [pack(HAND)], 0, OUT).hands)
    budget = Budget(reached - 1)
    with pytest.raises(TooLarge):
        _value(budget)
    assert budget.known.get(GUANGDONG, set()) == set() and budget.spent == 0
    budget.total = 100_000
    _value(budget)
    assert budget.spent == reached


def test_a_graph_refused_works_out_no_ready_hand_s_waits(monkeypatch):
    """A ready state with no hand change left reaches no other state, so its wins are
    listed once the graph is known to be within its limit: a graph refused one state
    short never asked the waits of any of its ready hands (listed as they were reached,
    it had asked most of them)."""
    asked: list[int] = []
    real = expectation.ready_wins
    monkeypatch.setattr(expectation, "ready_wins",
                        lambda table, hand: asked.append(hand) or real(table, hand))
    # beside the 1-shanten HAND, a 2-shanten hand: breadth first, HAND's ready hands are
    # reached a step before the other root's (a step later than its 1-shanten hands)
    roots = [pack(HAND), pack(counts("123456m2389p579s"))]
    whole = build(GUANGDONG, roots, 0, OUT)
    assert len(asked) > 10  # the whole graph lists its ready hands' wins
    asked.clear()
    with pytest.raises(TooLarge):
        build(GUANGDONG, roots, 0, OUT, limit=len(whole.hands) - 1)
    assert asked == []
