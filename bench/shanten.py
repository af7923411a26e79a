"""Shanten (向听数) against `mahjong`'s (riichi) ``Shanten.calculate_shanten``, same hands,
side by side, and what an advice costs (improving tiles after every discard).

Standalone: ``python -m bench.shanten`` prints the numbers; :func:`compare` returns them.
Like :mod:`bench.core`, times are this thread's CPU time (``time.thread_time_ns``), the
median over rounds, each round timing both sides on the same hands:

* steady — our caches warmed on other hands first, then hands never seen before (each
  round its own hands): a running server meeting a new hand;
* cold — every cache of the core emptied before the round (``clear_caches``).

Guangdong's shapes are riichi's without seven pairs, so riichi runs with
``use_chiitoitsu=False, use_kokushi=True``: like for like.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence

from mahjong.shanten import Shanten

from bench.hands import SEED
from bench.timing import fmt_us, percentile
from rules.analysis import ShapeRules, improving_tiles, shanten
from rules.caches import clear_caches
from rules.tiles import GREEN, RED, WHITE

GUANGDONG = ShapeRules(four_as_two_pairs=False, shi_san_yao=True)
JIANGXI = ShapeRules(honour_chows=True, seven_pairs=True, four_as_two_pairs=True,
                     shi_san_lan=True)
WARM_HANDS = 20_000  # enough that the per-family tables a new hand needs are mostly held
JING = frozenset({RED})  # the advice hands' jing kind: wilds, never among the natural tiles

Counts = tuple[int, ...]


def random_hands(n: int, seed: int, size: int = 14,
                 without: frozenset[int] = frozenset()) -> list[Counts]:
    """``n`` hands of ``size`` tiles drawn from a shuffled 136-tile wall (less the kinds
    ``without``), as counts."""
    rng = random.Random(seed)
    wall = [t for t in range(34) if t not in without for _ in range(4)]
    out = []
    for _ in range(n):
        counts = [0] * 34
        for t in rng.sample(wall, size):
            counts[t] += 1
        out.append(tuple(counts))
    return out


def to_riichi(counts: Counts) -> list[int]:
    """riichi's 34-array: same suits and winds, dragons 白 发 中 (ours are 中 发 白)."""
    out = list(counts)
    out[31], out[32], out[33] = counts[WHITE], counts[GREEN], counts[RED]
    return out


def _cpu_ns_per_call(fn: Callable, items: Sequence) -> float:
    start = time.thread_time_ns()
    for item in items:
        fn(item)
    return (time.thread_time_ns() - start) / len(items)


def _riichi(hand: list[int]) -> int:
    return Shanten.calculate_shanten(hand, use_chiitoitsu=False, use_kokushi=True)


def _ours(counts: Counts) -> int:
    return shanten(counts, 0, GUANGDONG)


def compare(hands: int = 1000, rounds: int = 7, warm_hands: int = WARM_HANDS) -> dict:
    """Per-hand time of our :func:`shanten` and riichi's on the same 14-tile hands (steady
    and cold, see the module's docstring), and of :func:`improving_tiles` on 13-tile hands
    (steady). Both sides' answers are checked equal on every timed hand (none of these hands
    holds four of a kind, where riichi counts the copies left: see tests/unit/
    test_shanten_riichi.py)."""
    warm = random_hands(warm_hands, SEED + 7000)
    warm_short = random_hands(warm_hands, SEED + 7100, size=13)
    sets = [[h for h in random_hands(hands, SEED + 7001 + r) if 4 not in h]
            for r in range(rounds)]
    short = [random_hands(hands, SEED + 7101 + r, size=13) for r in range(rounds)]
    for counts in sets[0]:
        assert _ours(counts) == _riichi(to_riichi(counts)), counts
    samples: dict[str, list[float]] = {"riichi": [], "steady": [], "cold": [],
                                       "improving": []}

    def warm_up() -> None:
        for counts in warm:
            _ours(counts)
        for counts in warm_short:
            improving_tiles(counts, 0, GUANGDONG)

    clear_caches()
    warm_up()
    for r in range(rounds):
        riichi_in = [to_riichi(c) for c in sets[r]]
        samples["riichi"].append(_cpu_ns_per_call(_riichi, riichi_in))
        samples["steady"].append(_cpu_ns_per_call(_ours, sets[r]))
        samples["improving"].append(_cpu_ns_per_call(
            lambda c: improving_tiles(c, 0, GUANGDONG), short[r]))
        clear_caches()
        samples["cold"].append(_cpu_ns_per_call(_ours, sets[(r + 1) % rounds]))
        warm_up()
    riichi, steady, cold, improving = (statistics.median(samples[k])
                                       for k in ("riichi", "steady", "cold", "improving"))
    return {"hands": sum(map(len, sets)), "rounds": rounds, "riichi_ns": riichi,
            "ours_steady_ns": steady, "ours_cold_ns": cold, "ratio_steady": riichi / steady,
            "ratio_cold": riichi / cold, "improving_tiles_ns": improving}


def advice_latencies(wilds: int, hands: int = 300, warm_hands: int = WARM_HANDS) -> dict:
    """What an advice asks of the core for one 14-tile hand (Jiangxi shapes, ``wilds``
    jing): for every kind it can discard, the shanten left and the improving tiles. Steady
    state; per-advice latencies, so the p99 can be read against the advice's targets (which
    also count the waits' valuation, not timed here)."""
    clear_caches()
    for counts in random_hands(warm_hands, SEED + 7200, 14 - wilds, JING):
        _advice(counts, wilds)
    latencies = []
    for counts in random_hands(hands, SEED + 7201 + wilds, 14 - wilds, JING):
        start = time.thread_time_ns()
        _advice(counts, wilds)
        latencies.append(time.thread_time_ns() - start)
    return {"wilds": wilds, "advices": hands, "median_ns": statistics.median(latencies),
            "p99_ns": percentile(latencies, 99)}


def _advice(counts: Counts, wilds: int) -> None:
    """The core's part of one advice: every natural discard, then (with jing) a jing's."""
    for discard, held in enumerate(counts):
        if held:
            left = (*counts[:discard], held - 1, *counts[discard + 1:])
            shanten(left, wilds, JIANGXI)
            improving_tiles(left, wilds, JIANGXI, 0, JING)
    if wilds:
        shanten(counts, wilds - 1, JIANGXI)
        improving_tiles(counts, wilds - 1, JIANGXI, 0, JING)


def main() -> None:
    result = compare()
    print(f"shanten of a 14-tile hand, {result['hands']} hands, {result['rounds']} rounds "
          f"(CPU time, median):")
    print(f"  mahjong (riichi) calculate_shanten  {fmt_us(result['riichi_ns'])}")
    print(f"  ours, steady                        {fmt_us(result['ours_steady_ns'])}  "
          f"({result['ratio_steady']:.1f}x faster)")
    print(f"  ours, cold                          {fmt_us(result['ours_cold_ns'])}  "
          f"({result['ratio_cold']:.2f}x)")
    print(f"  improving_tiles, 13-tile hand       {fmt_us(result['improving_tiles_ns'])}")
    for wilds in (0, 2, 4):
        advice = advice_latencies(wilds)
        print(f"  advice core work, {wilds} jing: median {fmt_us(advice['median_ns'])}, "
              f"p99 {fmt_us(advice['p99_ns'])}")


if __name__ == "__main__":
    main()
