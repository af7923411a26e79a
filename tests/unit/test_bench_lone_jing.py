"""bench/lone_jing.py: the hands are what the benchmark says, and each is timed unseen."""

from __future__ import annotations

import random
from collections import Counter

import rules
from bench import lone_jing
from rules.tiles import next_tile


def test_a_lone_jing_hand_is_four_sets_without_jing_and_one_jing():
    rng = random.Random(7)
    for _ in range(200):
        tiles, indicator = lone_jing.lone_jing_hand(rng)
        jing = {indicator, next_tile(indicator)}
        assert len(tiles) == 13 and list(tiles) == sorted(tiles)
        assert sum(t in jing for t in tiles) == 1
        assert max(Counter(tiles).values()) <= 3  # every kind can still come


def test_the_cold_warming_and_steady_hands_share_no_hand():
    cold, warm, steady = lone_jing.hands("xingguo", (50, 80, 50), seed=3)
    keys = [{(r.hand.concealed, r.jing.indicator) for r in batch}
            for batch in (cold, warm, steady)]
    assert [len(k) for k in keys] == [50, 80, 50]  # no repeat inside a list
    assert not (keys[0] & keys[1] or keys[0] & keys[2] or keys[1] & keys[2])


def test_every_generated_hand_and_the_issues_body_wait_on_all_34_kinds():
    (batch,) = lone_jing.hands("nanchang", (3,), seed=11)
    for request in [*batch, lone_jing.example()]:
        assert len(rules.evaluate(request).waits) == 34


def test_the_target_takes_the_worst_p99_of_the_generated_hands_only():
    rows = lone_jing.summary({"xingguo": {"cold": [1, 2, 3], "steady": [4, 5, 900]},
                              "example": {"cold": [10_000]}})
    # percentile 99 of three values: index round(0.99 × 2) = 2, the largest
    assert rows["xingguo"]["steady"] == {"p50": 5, "p99": 900, "n": 3}
    assert lone_jing.worst_p99(rows) == 900
