"""First sight against seen again: what the HTTP runs' repeated bodies hide.

The HTTP runs cycle through a few hundred bodies, so even without the answer cache every
hand is in the core's whole-hand caches after the first pass. A game server is mostly sent
hands it has never seen. This times what the answer cache skips — the body parsed, loaded,
scored and dumped (``app.views``' ``_evaluate`` and ``_settle``) — in this process, on bodies
from other seeds: each one the first time, then the same bodies again. The HTTP bodies go
through first, so the per-family tables are as warm as in a server that has been running.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
from marshmallow import ValidationError

from app import views
from bench import bodies
from rules.errors import InvalidInput

SEED = bodies.SEED + 1_000_000  # rounds the HTTP bodies (SEED + i * 16 + k) never reach
VIEWS: dict[str, Callable[[dict[str, Any]], bytes]] = {  # the answers in English
    "/evaluate": lambda data: views._evaluate(data, "en"),
    "/settle": lambda data: views._settle(data, "en"),
    "/advise": lambda data: views._advise(data, "en")}


def first_sight(warm: list[Path], per_variant: int = 100) -> dict[str, dict[str, dict]]:
    """{endpoint: {variant or "all": {"first_ns", "again_ns", "n"}}}: mean CPU time per body.

    ``warm`` are request files of the HTTP runs ("<path> <json>" a line), run through once.
    """
    for path in warm:
        for line in path.read_text(encoding="utf-8").splitlines():
            endpoint, body = line.split(" ", 1)
            VIEWS[endpoint](orjson.loads(body))
    settles = bodies.rounds(per_variant, seed=SEED)
    requests = {"/evaluate": bodies.evaluations(settles), "/settle": settles,
                "/advise": bodies.advices(settles)}
    return {endpoint: _first_and_again(VIEWS[endpoint], [orjson.dumps(b) for b in batch])
            for endpoint, batch in requests.items()}


def _first_and_again(view: Callable[[dict[str, Any]], bytes],
                     raw: list[bytes]) -> dict[str, dict]:
    """Every body timed the first time, then all of them again, in the same interleaved order
    (the machine's speed drifts alike for every variant); a body the service refuses (a
    simulated round can break a rule check) is left out of both."""
    first = [(body, ns) for body in raw if (ns := _timed(view, body)) is not None]
    again = [_timed(view, body) or 0 for body, _ in first]
    by_variant: dict[str, list[tuple[int, int]]] = {}
    for (body, first_ns), again_ns in zip(first, again, strict=True):
        variant = orjson.loads(body)["variant"]
        by_variant.setdefault(variant, []).append((first_ns, again_ns))
    by_variant["all"] = [pair for pairs in list(by_variant.values()) for pair in pairs]
    return {variant: {"first_ns": sum(f for f, _ in pairs) / len(pairs),
                      "again_ns": sum(a for _, a in pairs) / len(pairs), "n": len(pairs)}
            for variant, pairs in by_variant.items()}


def _timed(view: Callable[[dict[str, Any]], bytes], body: bytes) -> int | None:
    """CPU time of one call (parse included), None if the body is refused."""
    start = time.thread_time_ns()
    try:
        view(orjson.loads(body))
    except (ValidationError, InvalidInput):  # what the service answers with a 422
        return None
    return time.thread_time_ns() - start
