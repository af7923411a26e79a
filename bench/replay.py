"""POST /replay against POST /settle of the same rounds (issue 35).

The rounds are the test suite's simulated rounds (``tests.sim.engine.Simulator``, played
through the play engine), each as its log (the /replay body) and as the /settle body the
engine derives from it, so that both sides settle the very same round. Three measures:

* in this process, the domain: ``rules.replay`` of the loaded log (every action checked,
  the settle request derived, validated and settled) against ``rules.settle`` of its own
  settle request; each round timed alone (the best of ``repeat`` passes after one untimed
  pass), and the median over the corpus taken per variant: rounds/s and the ratio;
* in this process, the views: ``app.views._replay`` against ``app.views._settle`` (body
  loaded, scored and the answer written, no HTTP), as a client's request costs the server;
* over HTTP (:func:`over_http`): wrk on /replay with the logs and on /settle with their
  settle requests, one server (RESPONSE_CACHE=0: every body scored), runs alternated;
  rounds/s of each (one round per request) and the ratio.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import rules
from app import views
from app.schemas.requests import ReplaySchema, SettleSchema
from bench import bodies, http
from rules.variants import VARIANTS
from tests.sim.engine import Simulator

SEED = 8_000_000  # far from the seeds the tests use
ROUNDS_PER_SECOND = 1000  # issue 35: ≥ 1,000 rounds/s in process, each variant
RATIO = 3.0  # issue 35: replaying ≤ 3× settling its own settle request, in process
HTTP_SHARE = 0.40  # issue 35: /replay rounds/s ≥ 40% of /settle's, same rounds
_REPLAY, _SETTLE = ReplaySchema(), SettleSchema()
Body = dict[str, Any]


def corpus(per_variant: int, seed: int = SEED) -> dict[str, list[tuple[Body, Body]]]:
    """{variant: [(the log, its settle request)]}: simulated rounds of every variant."""
    out = {}
    for name, variant in VARIANTS.items():
        if variant.scored:
            played = [Simulator(name, seed + i).play() for i in range(per_variant)]
            out[name] = [(p.log, p.request) for p in played]
    return out


def _best(call: Callable[[], Any], repeat: int) -> float:
    """The best of ``repeat`` timed calls (ns), after one untimed call."""
    call()
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter_ns()
        call()
        best = min(best, time.perf_counter_ns() - start)
    return best


def in_process(per_variant: int = 200, repeat: int = 3) -> dict[str, dict[str, float]]:
    """{variant: medians over the corpus}: the domain's and the views' times (ns) of a round
    replayed and of its settle request settled, and the median of each round's ratio."""
    out = {}
    for name, rounds in corpus(per_variant).items():
        domain, views_, ratios, view_ratios, actions = [], [], [], [], []
        for log, settle in rounds:
            replay_request, settle_request = _REPLAY.load(log), _SETTLE.load(settle)
            played = _best(lambda r=replay_request: rules.replay(r), repeat)
            settled = _best(lambda s=settle_request: rules.settle(s), repeat)
            played_view = _best(lambda b=log: views._replay(b, "en"), repeat)
            settled_view = _best(lambda b=settle: views._settle(b, "en"), repeat)
            domain.append((played, settled))
            views_.append((played_view, settled_view))
            ratios.append(played / settled)
            view_ratios.append(played_view / settled_view)
            actions.append(len(log["actions"]))
        out[name] = {
            "rounds": len(rounds), "actions": statistics.median(actions),
            "replay_ns": statistics.median(p for p, _ in domain),
            "settle_ns": statistics.median(s for _, s in domain),
            "ratio": statistics.median(ratios),
            "ratio_p90": sorted(ratios)[int(0.9 * len(ratios))],
            "view_replay_ns": statistics.median(p for p, _ in views_),
            "view_settle_ns": statistics.median(s for _, s in views_),
            "view_ratio": statistics.median(view_ratios),
        }
    return out


def rounds_per_second(row: dict[str, float]) -> float:
    return 1e9 / row["replay_ns"]


def met(rows: dict[str, dict[str, float]]) -> dict[str, bool]:
    """Each variant: ≥ 1,000 rounds/s and replay ≤ 3× its settle request, in the domain."""
    return {name: rounds_per_second(row) >= ROUNDS_PER_SECOND and row["ratio"] <= RATIO
            for name, row in rows.items()}


def over_http(workdir: Path, seconds: float, per_variant: int = 100,
              passes: int = 3) -> dict[str, Any]:
    """wrk on /replay (the logs) and /settle (their settle requests), alternated ``passes``
    times on one server without the answer cache; the median run of each."""
    rounds = [pair for pairs in corpus(per_variant, SEED + 1).values() for pair in pairs]
    logs = bodies.write_lines([log for log, _ in rounds], workdir / "replay.jsonl", "/replay")
    settles = bodies.write_lines([s for _, s in rounds], workdir / "replay-settle.jsonl",
                                 "/settle")
    runs: dict[str, list[http.Run]] = {"/replay": [], "/settle": []}
    with http.server(RESPONSE_CACHE="0") as srv:
        http.wrk(srv.url, "", 3, logs)  # warm-up: each body once
        http.wrk(srv.url, "", 3, settles)
        for _ in range(passes):
            runs["/replay"].append(http.measured(srv, "/replay", seconds, logs))
            runs["/settle"].append(http.measured(srv, "/settle", seconds, settles))
    replay, settle = (http.median_run(runs["/replay"]), http.median_run(runs["/settle"]))
    return {"replay": replay, "settle": settle, "rounds": len(rounds),
            "share": replay.rps / settle.rps if settle.rps else 0.0,
            "errors": sum(r.errors for path in runs.values() for r in path)}
