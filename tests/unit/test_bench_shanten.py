"""bench/shanten.py: both sides time the same hands, and the numbers it reports add up."""

from __future__ import annotations

from bench import shanten as bench
from rules.analysis import shanten
from rules.tiles import RED


def test_riichi_reads_our_dragons_in_its_order():
    counts = tuple(range(34))
    riichi = bench.to_riichi(counts)
    assert riichi[:31] == list(range(31))
    assert riichi[31:] == [33, 32, 31]  # 白 发 中 where ours are 中 发 白


def test_hands_are_dealt_from_one_wall():
    hands = bench.random_hands(200, seed=1, size=13, without=frozenset({RED}))
    assert all(sum(h) == 13 and max(h) <= 4 and not h[RED] for h in hands)
    assert len(set(hands)) == 200


def test_compare_and_advice_report_per_call_times():
    result = bench.compare(hands=40, rounds=1, warm_hands=50)
    assert result["hands"] >= 38 and result["rounds"] == 1
    for key in ("riichi_ns", "ours_steady_ns", "ours_cold_ns", "improving_tiles_ns"):
        assert result[key] > 0
    assert result["ratio_steady"] == result["riichi_ns"] / result["ours_steady_ns"]
    advice = bench.advice_latencies(2, hands=5, warm_hands=5)
    assert advice["advices"] == 5 and 0 < advice["median_ns"] <= advice["p99_ns"]


def test_the_timed_hands_are_the_guangdong_shapes_riichi_is_run_with():
    hand = bench.random_hands(1, seed=2)[0]
    assert bench._riichi(bench.to_riichi(hand)) == shanten(hand, 0, bench.GUANGDONG)
