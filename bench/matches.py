"""POST /match against one /settle per round (issue 24): rounds settled per second.

The bodies are whole matches of 16 and 64 rounds played by the test suite's game simulator
(``tests.sim.engine.play_match``: the rotation, guangdong's round wind, nanchang's floors and
回头一笑 carried), every variant, and the very same rounds as /settle bodies (each with the
dealer, wind, floor and 回头一笑 the match derives written in), so both sides settle the same
rounds. Two measures:

* over HTTP, in the runs of :func:`bench.http.throughput` (same server, same run as
  /settle): /match requests/s × rounds per match, against /settle requests/s (one round
  each);
* in this process (:func:`in_process`): the CPU time of ``app.views._match`` per round
  against ``app.views._settle`` per round (parse, load, settle, dump; no HTTP), which shows
  how much of the difference is the HTTP request's own cost.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import orjson

from app import views
from rules.variants import VARIANTS
from tests.sim.engine import play_match

Body = dict[str, Any]
SIZES = (16, 64)
SEED = 9_000_000  # far from the seeds the tests use
TARGET = 10  # rounds/s of /match ≥ 10 × those of one /settle per round


def matches(rounds: int, per_variant: int, seed: int = SEED) -> list[tuple[Body, list[Body]]]:
    """(the /match body, its rounds as /settle bodies), every scored variant, interleaved."""
    out = []
    variants = [name for name, v in VARIANTS.items() if v.scored]
    for i in range(per_variant):
        for k, name in enumerate(variants):
            played = play_match(name, seed + rounds * 1000 + i * 16 + k, rounds)
            out.append((played.body, played.rounds))
    return out


def rounds_per_second(match_rps: float, rounds: int, settle_rps: float) -> tuple[float, float]:
    """(/match rounds/s, its ratio to /settle's rounds/s: one round per /settle request)."""
    settled = match_rps * rounds
    return settled, settled / settle_rps if settle_rps else 0.0


def in_process(sizes: tuple[int, ...] = SIZES, per_variant: int = 2,
               repeat: int = 3) -> dict[int, dict[str, float]]:
    """{rounds: {"match_ns", "settle_ns"}}: the best of ``repeat`` passes of the mean CPU
    time per round, /match's view on whole matches and /settle's on their rounds; each body
    is settled once before timing (as the HTTP runs' warm-up does)."""
    out = {}
    for size in sizes:
        played = matches(size, per_variant, SEED + 1)
        whole = [orjson.dumps(body) for body, _ in played]
        single = [orjson.dumps(body) for _, rounds in played for body in rounds]
        _pass(_match, whole)
        _pass(_settle, single)
        match_ns = min(_pass(_match, whole) for _ in range(repeat)) / len(single)
        settle_ns = min(_pass(_settle, single) for _ in range(repeat)) / len(single)
        out[size] = {"match_ns": match_ns, "settle_ns": settle_ns, "rounds": len(single)}
    return out


def _match(data: Body) -> bytes:
    return views._match(data, "en")


def _settle(data: Body) -> bytes:
    return views._settle(data, "en")


def _pass(view: Callable[[Body], bytes], raw: list[bytes]) -> int:
    """CPU time of one call of ``view`` per body, parse included, in all."""
    start = time.thread_time_ns()
    for body in raw:
        view(orjson.loads(body))
    return time.thread_time_ns() - start
