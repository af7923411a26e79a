"""A lone jing waiting on every tile (issue 25), timed in this process.

Thirteen tiles that are four sets and one jing wait on every one of the 34 kinds (the jing
pairs with whatever comes: 精吊), and /evaluate values each wait: 34 evaluations of a hand
with a wild in one request, the costliest hand a player can ask about. Each hand here is
four seeded sets of tiles that are not jing, plus one jing (正精 or 副精), scored through
``rules.evaluate`` in both Jiangxi variants with wild jing. The issue's own body (xingguo,
``123m456m789m123p5s``, indicator 5s) is timed beside them.

* cold — every cache of the core emptied before each call (``clear_caches``);
* steady — the caches warmed on other lone-jing hands first, then hands never evaluated
  before, each once: what a running server does with a new hand.

The cold, warming and steady hands are three disjoint sets (the variant's own whole-hand
caches are not emptied by ``clear_caches``, so a hand timed cold is never timed again).

Each call is timed in CPU time of this thread (``time.thread_time_ns``), so that other
processes on this shared machine do not count against it.
"""

from __future__ import annotations

import random
import time
from collections import Counter

import rules
from bench import hotspots
from bench.hands import SEED, random_set
from bench.timing import latencies_ns, percentile
from rules.analysis import clear_caches
from rules.model import EvaluateRequest, Jing, PlayerTiles
from rules.tiles import next_tile, parse_tile, parse_tiles

VARIANTS = ("xingguo", "nanchang")
EXAMPLE = {"variant": "xingguo", "hand": "123m456m789m123p5s", "jing": {"indicator": "5s"}}
TARGET_NS = 1_000_000
WAITS = 34  # every kind


def example() -> EvaluateRequest:
    """The issue's body as the domain's request."""
    return EvaluateRequest(EXAMPLE["variant"], PlayerTiles(tuple(parse_tiles(EXAMPLE["hand"]))),
                           jing=Jing(indicator=parse_tile(EXAMPLE["jing"]["indicator"])))


def lone_jing_hand(rng: random.Random) -> tuple[tuple[int, ...], int]:
    """(13 tiles: four sets without a jing and one jing, jing indicator). No kind four
    times: a hand holding all four copies of a kind cannot wait on it."""
    while True:
        indicator = rng.randrange(34)
        jing = (indicator, next_tile(indicator))
        tiles = [t for _ in range(4) for t in random_set(rng)]
        if not set(tiles) & set(jing) and max(Counter(tiles).values()) <= 3:
            return tuple(sorted([*tiles, rng.choice(jing)])), indicator


def hands(variant: str, sizes: tuple[int, ...], seed: int) -> list[list[EvaluateRequest]]:
    """Lists of lone-jing hands of ``variant``, one of each size, no hand (tiles and
    indicator) twice in any of them: a hand timed as unseen must be unseen."""
    rng, seen = random.Random(seed), set()
    out: list[list[EvaluateRequest]] = [[] for _ in sizes]
    for batch, size in zip(out, sizes, strict=True):
        while len(batch) < size:
            tiles, indicator = lone_jing_hand(rng)
            if (tiles, indicator) not in seen:
                seen.add((tiles, indicator))
                batch.append(EvaluateRequest(variant, PlayerTiles(tiles),
                                             jing=Jing(indicator=indicator)))
    return out


def _checked(request: EvaluateRequest) -> None:
    """Evaluate, and make sure the hand is what this benchmark says: 34 waits, each valued."""
    answer = rules.evaluate(request)
    if len(answer.waits) != WAITS:
        raise SystemExit(f"a lone-jing hand waits on {len(answer.waits)} tiles: {request}")


def timings(n: int = 200, warm: int = 300) -> dict:
    """{variant or "example": {"cold": [ns…], "steady": [ns…]}}, one latency per call."""
    out: dict[str, dict[str, list[int]]] = {}
    clock = time.thread_time_ns
    for k, variant in enumerate(VARIANTS):
        cold, warming, steady = hands(variant, (n, warm, n), SEED + 500 + k)
        cold_ns = latencies_ns(_checked, cold, repeat=1, before_each=clear_caches,
                               clock=clock)
        clear_caches()
        for request in warming:
            rules.evaluate(request)
        out[variant] = {"cold": cold_ns,
                        "steady": latencies_ns(_checked, steady, repeat=1, clock=clock)}
    one = [example()] * 21
    out["example"] = {"cold": latencies_ns(_checked, one, repeat=1, before_each=clear_caches,
                                           clock=clock)}
    return out


def summary(times: dict[str, dict[str, list[int]]]) -> dict[str, dict[str, dict]]:
    """Median and p99 of each list of latencies, and how many calls."""
    return {name: {state: {"p50": percentile(ns, 50), "p99": percentile(ns, 99), "n": len(ns)}
                   for state, ns in states.items()} for name, states in times.items()}


def worst_p99(rows: dict[str, dict[str, dict]]) -> float:
    """The target's number: the highest p99 of the generated hands, cold or steady."""
    return max(row["p99"] for name, states in rows.items() if name != "example"
               for row in states.values())


def profile(n: int = 40) -> list[tuple[str, float, float]]:
    """Where a steady lone-jing evaluation spends its time: ``n`` more unseen hands of
    each variant under cProfile, after :func:`timings` left the caches warm."""
    fresh = [r for k, v in enumerate(VARIANTS) for r in hands(v, (n,), SEED + 700 + k)[0]]
    return hotspots.top(rules.evaluate, fresh)
