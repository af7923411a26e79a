"""What the model's wins collect (:class:`rules.expected.SelfDrawnWins`): a ready hand's waits
are priced together, from the hand alone, so a round's later questions, which see more
tiles, find the prices of the hands they meet again kept."""

from __future__ import annotations

import rules
from app.schemas.requests import AdviseSchema
from rules.caches import cache_stats, clear_caches


def _priced() -> int:
    """Ready hands whose waits were priced since the caches were emptied."""
    return cache_stats()["expected_wait_totals"]["misses"]


def _advise(visible: str) -> tuple[float, float]:
    answer = rules.advise(AdviseSchema().load({
        "variant": "guangdong", "hand": "123456789m1234p", "dealer": True,
        "visible": visible, "expected": True, "changes": 0, "draws_left": 3}))
    return answer.expected.win_probability, answer.expected.expected_score


def test_a_ready_hand_is_priced_once_whatever_the_seat_has_seen():
    """123m 456m 789m 1234p waits on 1p (11p + 234p) and 4p (123p + 44p): one ready hand,
    priced once. Asked again after three 4p are seen elsewhere, the only 4p left is gone
    (4 − 3 seen − 1 held): the hand still wins on 1p alone, and its prices are the first
    question's (when only the waits with a copy left were priced, the list changed with
    what the seat saw and the hand was priced again)."""
    clear_caches()
    first = _advise("")
    assert _priced() == 1
    seen = _advise("4p4p4p")
    assert _priced() == 1
    assert seen[0] < first[0]  # a wait fewer: the numbers did change


def test_the_prices_cache_keeps_no_seat_alive():
    """The prices of ready hands are kept by seat (rules/expected.py, SeatPrices) through a
    weak reference: once the seats' own cache lets a seat go, its wait classes go with it,
    whatever the prices cache still holds (else 32,768 kept prices could keep as many
    seats' classes alive)."""
    import gc

    from rules import expected

    clear_caches()
    for i, rank in enumerate("12345678"):  # eight seats: another jing each
        rules.advise(AdviseSchema().load({
            "variant": "nanchang", "hand": "1112345678999m", "dealer": True,
            "jing": {"indicator": rank + "ps"[i % 2]}, "expected": True, "draws_left": 3}))
    gc.collect()
    assert sum(isinstance(o, expected.SeatPrices) for o in gc.get_objects()) == 8
    expected.seat_prices.cache_clear()
    gc.collect()
    assert cache_stats()["expected_wait_totals"]["size"] >= 8  # the prices are still kept
    assert not any(isinstance(o, expected.SeatPrices) for o in gc.get_objects())
