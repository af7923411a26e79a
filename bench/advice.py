"""A full advice for a 14-tile hand (issue 31), timed in this process: ``rules.advise``, every
discard's shanten and 进张 and, for each discard that leaves the hand ready, its waits valued
on a self-draw and on a discard as /evaluate values them.

The hands, by jing held: 0 (guangdong and qinzhou), 2 and 4 (xingguo and nanchang, wild);
half are dealt from a shuffled wall (a hand early in a round, mostly two or three steps from
ready), half are a complete hand with one tile swapped for a random one (late in a round:
several discards leave it ready, so their waits are valued — the costly part).

* cold — every cache of the core emptied before each call (``clear_caches``); the tables
  built at import stay (the small families' shanten covers, 十三烂's rank sets), as in a
  worker that has just started;
* steady — the caches warmed on other such hands first, then hands never advised before.

CPU time of this thread per call (``time.thread_time_ns``); p50 and p99 of all the calls.
"""

from __future__ import annotations

import random
import time

import rules
from bench.hands import SEED, complete_hand
from bench.timing import percentile
from rules.analysis import clear_caches
from rules.model import AdviseRequest, Jing, PlayerTiles
from rules.tiles import SOUTH, next_tile

TARGETS_MS = {0: 2, 2: 10, 4: 20}  # issue 31: p99 of a full advice, by jing held
VARIANTS = {0: ("guangdong", "qinzhou"), 2: ("xingguo", "nanchang"), 4: ("xingguo", "nanchang")}


def _natural(rng: random.Random, n: int, barred: set[int], held: list[int]) -> list[int]:
    wall = [t for t in range(34) for _ in range(4 - held[t]) if t not in barred]
    return rng.sample(wall, n)


def advice_hand(rng: random.Random, variant: str, jing: int) -> AdviseRequest:
    """A 14-tile hand of ``variant`` holding exactly ``jing`` wild jing (dealt or near-complete,
    half and half)."""
    indicator = rng.randrange(34) if jing or variant in ("xingguo", "nanchang") else None
    kinds = {indicator, next_tile(indicator)} if indicator is not None else set()
    held = [0] * 34
    if indicator is not None and variant == "xingguo":
        held[indicator] = 1  # the indicator is out of play
    jings = rng.sample([k for k in sorted(kinds) for _ in range(4 - held[k])], jing)
    for t in jings:
        held[t] += 1
    if rng.random() < 0.5:
        tiles = _natural(rng, 14 - jing, kinds, held)
    else:
        tiles = [t for t in complete_hand(rng) if t not in kinds][:14 - jing]
        while len(tiles) < 14 - jing or any(tiles.count(t) + held[t] > 4 for t in tiles):
            tiles = [t for t in complete_hand(rng) if t not in kinds][:14 - jing]
            tiles += _natural(rng, 14 - jing - len(tiles), kinds, held)
        tiles[rng.randrange(len(tiles))] = _natural(rng, 1, kinds, [
            held[t] + tiles.count(t) for t in range(34)])[0]
    jing_given = Jing(indicator=indicator) if indicator is not None else Jing()
    return AdviseRequest(variant, PlayerTiles(tuple(sorted(tiles + jings))), jing=jing_given,
                         seat_wind=SOUTH)


def hands(jing: int, n: int, seed: int) -> list[AdviseRequest]:
    rng = random.Random(seed)
    names = VARIANTS[jing]
    return [advice_hand(rng, names[i % len(names)], jing) for i in range(n)]


def _timed(requests: list[AdviseRequest], cold: bool) -> list[int]:
    out = []
    for request in requests:
        if cold:
            clear_caches()
        start = time.thread_time_ns()
        rules.advise(request)
        out.append(time.thread_time_ns() - start)
    return out


def timings(n: int = 200, warm: int = 400) -> dict[int, dict[str, dict[str, float]]]:
    """{jing held: {"cold"|"steady": {"p50", "p99", "calls"}}} (ns)."""
    out = {}
    for jing in TARGETS_MS:
        cold_hands, warm_hands, steady_hands = (hands(jing, size, SEED + 31_000 + 10 * jing + k)
                                                for k, size in enumerate((n, warm, n)))
        cold = _timed(cold_hands, cold=True)
        clear_caches()
        _timed(warm_hands, cold=False)
        steady = _timed(steady_hands, cold=False)
        out[jing] = {name: {"p50": percentile(values, 50), "p99": percentile(values, 99),
                            "calls": len(values)}
                     for name, values in (("cold", cold), ("steady", steady))}
    return out


def met(rows: dict[int, dict[str, dict[str, float]]]) -> dict[int, bool]:
    return {jing: max(r["cold"]["p99"], r["steady"]["p99"]) < TARGETS_MS[jing] * 1e6
            for jing, r in rows.items()}


if __name__ == "__main__":
    from bench.timing import fmt_us

    for jing, row in timings().items():
        print(f"{jing} jing: " + "; ".join(
            f"{state} p50 {fmt_us(v['p50'])} p99 {fmt_us(v['p99'])}" for state, v in row.items())
            + f" (target p99 < {TARGETS_MS[jing]} ms)")
