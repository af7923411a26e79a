"""A small sample of `make selfplay` (tools/selfplay.py) in `make test`: duplicate deals
played with the expected-value bot in each seat, every round through the engine's legal
actions, each ending settled and zero-sum, the bot's model asked at its decisions."""

from __future__ import annotations

import pytest

from tools import selfplay


@pytest.mark.parametrize("variant", ["qinzhou", "xingguo"])
def test_a_duplicate_deal_plays_four_settled_rounds(variant):
    tally = selfplay.run(variant, 1, 42_000)
    assert tally.deals == 1
    assert len(tally.bot) == 4 and len(tally.greedy) == 12  # each seat: bot once, greedy 3x
    assert tally.decisions > 0 and tally.fallbacks <= tally.decisions
    by_round: dict[int, int] = {}
    for n, seat in enumerate(tally.bot):
        by_round[n] = seat.score
    assert len(tally.differences) == 1


def test_the_report_says_each_variants_numbers():
    tally = selfplay.run("guangdong", 1, 42_001)
    text = selfplay.report({"guangdong": tally}, 1, 42_001)
    assert "| guangdong | 1 |" in text and "SELFPLAY_DEALS=1 SELFPLAY_SEED=42001" in text
