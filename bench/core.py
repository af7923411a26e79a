"""Benchmarks of the domain and the analysis core (issue 8, targets 1 and 2).

Every comparison is timed side by side in one run. Three cache states are measured where
caches matter:

* cold — every cache of the core emptied before each call (``clear_caches``): the worst
  case, a server's first request;
* steady — the caches warmed on 2,000 *other* hands, then hands never seen before: what a
  running server does with a new hand (the per-family tables are shared between hands);
* repeat — the same hand again (pure cache hits), shown only where it says something.
"""

from __future__ import annotations

import random
import statistics
import time
from itertools import product

from mahjong.agari import Agari
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig

import rules
from bench.hands import SEED, complete_hand, plain_hands, wild_hands
from bench.timing import latencies_ns, per_call_ns, percentile
from rules.analysis import (
    ShapeRules,
    best_readings,
    clear_caches,
    readings,
    shapes_of,
    waits,
)
from rules.model import EvaluateRequest, PlayerTiles
from rules.tiles import to_counts

# riichi's is_agari accepts four sets + pair, seven pairs and 十三幺: compare like with like.
RIICHI_SHAPES = ShapeRules(seven_pairs=True, four_as_two_pairs=False, shi_san_yao=True)
JIANGXI = ShapeRules(honour_chows=True, seven_pairs=True, shi_san_lan=True)
WARM_HANDS = 2000


def riichi_version() -> str:
    from importlib.metadata import version

    return version("mahjong")


# ---------------------------------------------------------------------------- target 1

def win_check_vs_riichi() -> dict:
    """Our win check against `mahjong` (riichi) `Agari.is_agari`, same hands, same run."""
    hands = plain_hands()
    ours_in = [to_counts(h) for h in hands]
    riichi_in = [list(c) for c in ours_in]  # riichi's 34-array (dragon order is irrelevant)
    agari = Agari()
    assert [agari.is_agari(c) for c in riichi_in] == [
        bool(shapes_of(c, 0, RIICHI_SHAPES)) for c in ours_in], "the two disagree"

    def ours(c):
        return bool(shapes_of(c, 0, RIICHI_SHAPES))

    samples: dict[str, list[float]] = {"riichi": [], "warm": [], "cold": []}
    for c in ours_in:  # warm
        ours(c)
    for _ in range(9):  # interleaved, in CPU time, so that machine noise hits all three alike
        samples["riichi"].append(_per_call(agari.is_agari, riichi_in))
        samples["warm"].append(_per_call(ours, ours_in))
        clear_caches()
        samples["cold"].append(_per_call(ours, ours_in))
    riichi, warm, cold = (statistics.median(samples[k]) for k in ("riichi", "warm", "cold"))
    return {"hands": len(hands), "winning": sum(map(ours, ours_in)), "riichi_ns": riichi,
            "ours_warm_ns": warm, "ours_cold_ns": cold, "ratio_warm": riichi / warm,
            "ratio_cold": riichi / cold}


def _complete_hands(n: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [sorted(complete_hand(rng)) for _ in range(n)]


def _to136(tiles: list[int]) -> list[int]:
    """riichi's 136-tile ids: copy k of kind t is 4t + k."""
    seen: dict[int, int] = {}
    out = []
    for t in tiles:
        out.append(4 * t + seen.get(t, 0))
        seen[t] = seen.get(t, 0) + 1
    return out


def evaluate_vs_riichi(per_round: int = 300, rounds: int = 9) -> dict:
    """Full best-reading evaluation of complete 14-tile hands (self-drawn, dealer) through
    ``rules.evaluate`` for guangdong and qinzhou, against riichi's
    ``HandCalculator.estimate_hand_value`` (self-drawn: it finds every division, every
    yaku, fu and points) on the same hands. Each round is ``per_round`` hands never
    evaluated before (steady state: core caches warmed on other hands)."""
    calculator, config = HandCalculator(), HandConfig(is_tsumo=True)
    hand_sets = [_complete_hands(per_round, SEED + 1000 + r) for r in range(rounds)]
    warm = _complete_hands(WARM_HANDS, SEED + 999)

    def request(variant: str, tiles: list[int]) -> EvaluateRequest:
        return EvaluateRequest(variant, PlayerTiles(tuple(tiles)), win_tile=tiles[-1],
                               win_type="self_draw", dealer=True)

    def riichi(tiles: list[int]):
        ids = _to136(tiles)
        return calculator.estimate_hand_value(ids, ids[-1], config=config)

    out: dict = {"hands": per_round * rounds, "rounds": rounds}
    samples: dict[str, list[float]] = {"riichi": [], "guangdong": [], "qinzhou": [],
                                       "riichi_cold_phase": [], "guangdong_cold": [],
                                       "qinzhou_cold": []}
    clear_caches()
    for variant in ("guangdong", "qinzhou"):
        for tiles in warm:
            rules.evaluate(request(variant, tiles))
    prepared = {v: [[request(v, t) for t in hands] for hands in hand_sets]
                for v in ("guangdong", "qinzhou")}
    riichi_in = hand_sets
    for r in range(rounds):  # interleaved, so that machine noise hits all three alike
        samples["riichi"].append(_per_call(riichi, riichi_in[r]))
        for variant in ("guangdong", "qinzhou"):
            samples[variant].append(_per_call(rules.evaluate, prepared[variant][r]))
    for r in range(rounds):  # cold: riichi timed again beside it, for a same-time ratio
        samples["riichi_cold_phase"].append(_per_call(riichi, riichi_in[r]))
        for variant in ("guangdong", "qinzhou"):
            clear_caches()
            samples[f"{variant}_cold"].append(_per_call(rules.evaluate, prepared[variant][r]))
    for name, values in samples.items():
        out[f"{name}_ns"] = statistics.median(values)
    for variant in ("guangdong", "qinzhou"):
        out[f"{variant}_ratio"] = out["riichi_ns"] / out[f"{variant}_ns"]
        out[f"{variant}_cold_ratio"] = out["riichi_cold_phase_ns"] / out[f"{variant}_cold_ns"]
    errors = sum(riichi(t).error is not None for t in hand_sets[0])
    out["riichi_errors"] = errors  # hands riichi refused (none: self-draw is always a yaku)
    return out


def _per_call(fn, items) -> float:
    """One pass over ``items`` in CPU time of this thread (the domain is pure CPU work)."""
    return per_call_ns(fn, items, rounds=1, clock=time.thread_time_ns)


# ---------------------------------------------------------------------------- target 2

def best_reading(item):
    """What the Jiangxi scorers ask of the core: the shapes, and one reading per shape."""
    counts, wilds = item
    return shapes_of(counts, wilds, JIANGXI), best_readings(counts, wilds, JIANGXI)


def every_reading(item):
    counts, wilds = item
    return shapes_of(counts, wilds, JIANGXI), readings(counts, wilds, JIANGXI)


def hand_waits(item):
    counts, wilds = item
    return waits(counts, wilds, JIANGXI)


def _steady(fn, items, warm_items) -> list[int]:
    """Latencies on unseen hands after warming the caches on other hands."""
    clear_caches()
    for item in warm_items:
        fn(item)
    return latencies_ns(fn, items, repeat=1)


def scaling_by_wilds(max_wilds: int = 8, n: int = 300) -> list[dict]:
    """Per number of wilds: best reading, every reading, and waits; cold and steady."""
    rows = []
    for k in range(max_wilds + 1):
        complete, short = wild_hands(k, n=n), wild_hands(k, n=n, short=True)
        warm_complete = wild_hands(k, n=WARM_HANDS // 4, seed=SEED + 77)
        warm_short = wild_hands(k, n=WARM_HANDS // 4, short=True, seed=SEED + 77)
        row = {"wilds": k, "brute_factor": 34 ** k}
        for name, fn, items, warm in (("best", best_reading, complete, warm_complete),
                                      ("every", every_reading, complete, warm_complete),
                                      ("waits", hand_waits, short, warm_short)):
            cold = latencies_ns(fn, items, repeat=1, before_each=clear_caches)
            steady = _steady(fn, items, warm)
            row[f"{name}_cold_med"], row[f"{name}_cold_p99"] = _med_p99(cold)
            row[f"{name}_steady_med"], row[f"{name}_steady_p99"] = _med_p99(steady)
        rows.append(row)
    return rows


def _med_p99(values: list[int]) -> tuple[float, float]:
    return statistics.median(values), percentile(values, 99)


def _substitute_every_wild(item):
    """The naive search: give each wild each of the 34 kinds (34^k hands)."""
    counts, wilds = item
    found = set()
    for choice in product(range(34), repeat=wilds):
        c = list(counts)
        for t in choice:
            c[t] += 1
        found |= shapes_of(tuple(c), 0, JIANGXI)
    return found


def wilds_vs_substitution(wilds: int = 4, brute_hands: int = 2) -> dict:
    """Best reading and full analysis with ``wilds`` wilds, cold caches, against the 34^k
    substitution doing only the win check on each substituted hand."""
    items = wild_hands(wilds, n=60)
    best = latencies_ns(best_reading, items, repeat=1, before_each=clear_caches)
    every = latencies_ns(every_reading, items, repeat=1, before_each=clear_caches)
    brute = latencies_ns(_substitute_every_wild, items[:brute_hands], repeat=1,
                         before_each=clear_caches)
    brute_med = statistics.median(brute)
    return {"wilds": wilds, "hands": len(items), "brute_hands": brute_hands,
            "best_ns": statistics.median(best), "every_ns": statistics.median(every),
            "brute_ns": brute_med, "per_substituted_ns": brute_med / 34 ** wilds}
