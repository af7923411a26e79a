"""Bodies never seen before, over HTTP (issue 25): every body sent once.

The throughput rows of section 3 cycle through a few hundred bodies, so after the first
pass every hand is in the core's whole-hand caches even without the answer cache. Here
each /evaluate and /settle body is sent at most once in a server's life:

* the bodies are simulated rounds (tests/sim) of seeds no other step uses, one file per
  endpoint, with more bodies than one run can send (sized from the repeating rows'
  throughput); rounds are told apart by what the core caches — each player's sorted tiles,
  melds and the jing — so a repeated hand in another tile order or seat counts once;
* wrk sends them with bench/once.lua: each thread its own slice of the file, each body
  once; a thread that runs out stops, and the run is marked (its requests/s would count
  idle time);
* each session is a fresh server (answer cache off, ``RESPONSE_CACHE=0``), warmed on the
  repeating bodies (other hands: the per-family tables are as warm as in a server that has
  been running, the whole-hand caches hold none of these hands), then /healthz, /evaluate
  and /settle, ``seconds`` each; sessions are repeated and the medians compared.
"""

from __future__ import annotations

import json
import math
import os
import re
import statistics
import subprocess
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench import bodies, hotspots, http
from rules.tiles import parse_tiles
from rules.variants import VARIANTS

Body = dict[str, Any]
ONCE_LUA = Path(__file__).resolve().parent / "once.lua"
SEEDS = {"/evaluate": bodies.SEED + 2_000_000, "/settle": bodies.SEED + 3_000_000,
         "/advise": bodies.SEED + 4_000_000}
CHUNK = 25  # rounds per scored variant in one generation task
ROUNDS_PER_CHUNK = CHUNK * sum(v.scored for v in VARIANTS.values())
EVALUATIONS_PER_ROUND = 1.7  # bodies.evaluations(): the winners and a quarter of the others
ADVICES_PER_ROUND = 1.9  # bodies.advices(): half the players (none left to draw: the winners)
PER_ROUND = {"/evaluate": EVALUATIONS_PER_ROUND, "/settle": 1, "/advise": ADVICES_PER_ROUND}
MAKERS = {"/evaluate": bodies.evaluations, "/advise": bodies.advices}
MARGIN = 1.25  # bodies per run: this many times what the repeating rows' rate would send
WARM_SECONDS = 3  # each session's warm-up on the repeating bodies


# ---------------------------------------------------------------------------- bodies

@dataclass
class Files:
    """The never-seen request files, one per endpoint, and how they were made."""

    paths: dict[str, Path]
    counts: dict[str, int]  # bodies in each file (each a different hand or round)
    dropped: dict[str, int]  # repeats of a hand already in the file, and refused bodies
    seconds: float  # time taken to simulate and check them


def needed(seconds: float, rps: float, margin: float = MARGIN) -> int:
    """Bodies for one run of ``seconds`` at up to ``rps`` (plus wrk's 32 in flight)."""
    return math.ceil(seconds * rps * margin) + http.CONNECTIONS


def evaluate_key(body: Body) -> tuple:
    """What the core's whole-hand caches see of an /evaluate body: the tiles as counts
    (any order), the melds and the jing; the seat, dealer and winning tile do not count."""
    return (body["variant"], tuple(sorted(parse_tiles(body["hand"]))),
            json.dumps(body.get("melds", []), sort_keys=True),
            json.dumps(body.get("jing"), sort_keys=True))


def settle_key(body: Body) -> tuple:
    """The same for a round: every player's hand as counts and melds, in any seat order."""
    hands = sorted((tuple(sorted(parse_tiles(p["hand"]))),
                    json.dumps(p.get("melds", []), sort_keys=True)) for p in body["players"])
    return (body["variant"], json.dumps(body.get("jing"), sort_keys=True), tuple(hands))


def advise_key(body: Body) -> tuple:
    """An /advise body as the core's caches see it: the hand's tiles, melds and jing; what
    the player sees (``visible``) changes only the copies left."""
    return evaluate_key(body)


KEYS: dict[str, Callable[[Body], tuple]] = {"/evaluate": evaluate_key, "/settle": settle_key,
                                            "/advise": advise_key}


def prepare(workdir: Path, wanted: dict[str, int], processes: int | None = None) -> Files:
    """A file of ``wanted[endpoint]`` bodies for each endpoint, each a hand (or round) the
    file holds once; simulated and checked in ``processes`` processes (every core)."""
    start = time.monotonic()
    workdir.mkdir(parents=True, exist_ok=True)
    paths, counts, dropped = {}, {}, {}
    with ProcessPoolExecutor(processes or os.cpu_count()) as pool:
        for endpoint, n in wanted.items():
            kept, dropped[endpoint] = _distinct(pool, endpoint, n)
            counts[endpoint] = len(kept)
            paths[endpoint] = bodies.write_lines(
                kept, workdir / f"unseen-{endpoint.strip('/')}.jsonl", endpoint)
    return Files(paths, counts, dropped, time.monotonic() - start)


def _distinct(pool: ProcessPoolExecutor, endpoint: str, n: int) -> tuple[list[Body], int]:
    """``n`` bodies with distinct keys, generated chunk by chunk until there are enough."""
    kept: dict[tuple, Body] = {}
    made = chunk = 0
    while len(kept) < n:
        per_chunk = ROUNDS_PER_CHUNK * PER_ROUND[endpoint]
        batch = range(chunk, chunk + max(2, math.ceil((n - len(kept)) / per_chunk)))
        chunk = batch.stop
        for found in pool.map(_chunk, [endpoint] * len(batch), batch):
            for body in found[1]:
                kept.setdefault(KEYS[endpoint](body), body)
            made += found[0]
    return list(kept.values())[:n], made - len(kept)


_client = None


def _chunk(endpoint: str, index: int) -> tuple[int, list[Body]]:
    """One generation task (in a pool process): CHUNK rounds of each scored variant from a
    seed range of its own, as bodies for ``endpoint``, without those the service refuses.
    Returns (bodies made, bodies kept)."""
    global _client
    if _client is None:
        from app import create_app
        from app.config import Config

        _client = create_app(Config(log_requests=False, response_cache=0)).test_client()
    rounds = bodies.rounds(CHUNK, seed=SEEDS[endpoint] + index * 16 * CHUNK)
    made = rounds if endpoint == "/settle" else MAKERS[endpoint](rounds)
    return len(made), [b for b in made if _client.post(endpoint, json=b).status_code == 200]


# ---------------------------------------------------------------------------- runs

@dataclass
class OnceRun:
    """A wrk run of bench/once.lua: the run, and whether a thread ran out of bodies."""

    run: http.Run
    handed: int  # bodies handed out (wrk asks thread 1 for one more to check the script)
    bodies: int
    ran_out: int  # threads that sent their whole share (their run counts idle time)


def once(srv: http.Server, path: str, seconds: float, lines: Path) -> OnceRun:
    """One wrk run sending each body of ``lines`` at most once (bench/once.lua)."""
    pids = srv.settled_workers()
    before = [http.cpu_seconds(p) for p in pids]
    cmd = [http.find_wrk(), f"-t{http.THREADS}", f"-c{http.CONNECTIONS}",
           f"-d{seconds:g}s", "--latency", "-s", str(ONCE_LUA), srv.url]
    env = {**os.environ, "BODIES": str(lines), "WRK_THREADS": str(http.THREADS)}
    text = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True).stdout
    shown = "BODIES=<bodies> WRK_THREADS=2 " + " ".join(
        ["wrk", *cmd[1:-1], "http://127.0.0.1:$PORT"])
    run = http.parse(path, text, shown)
    used = [http.cpu_seconds(p) - b for p, b in zip(pids, before, strict=True)]
    run.busiest = max(used) / sum(used) if sum(used) else 0.0
    return parse_once(run, text)


def parse_once(run: http.Run, text: str) -> OnceRun:
    found = re.search(r"once: handed out (\d+) of (\d+) bodies; (\d+) of \d+ threads ran out",
                      text)
    if not found:
        raise SystemExit(f"bench/once.lua printed no summary:\n{text}")
    return OnceRun(run, int(found[1]), int(found[2]), int(found[3]))


@dataclass
class Session:
    """One fresh server: /healthz and both never-seen runs."""

    healthz: http.Run
    runs: dict[str, OnceRun] = field(default_factory=dict)


def sessions(files: Files, warm: Path, seconds: float, count: int = 5, **env: str) -> dict:
    """``count`` sessions, each a fresh server without the answer cache: warmed for
    WARM_SECONDS on ``warm`` (the repeating bodies), then /healthz, /evaluate and /settle
    for ``seconds`` each, the POSTs sending every body at most once. ``env`` sets more of
    the server's environment (``WORKER_CLASS=gthread`` for the former serving model)."""
    done = []
    for _ in range(count):
        with http.server(RESPONSE_CACHE="0", **env) as srv:
            http.wrk(srv.url, "", WARM_SECONDS, warm)
            session = Session(http.measured(srv, "/healthz", seconds))
            for path, lines in files.paths.items():
                session.runs[path] = once(srv, path, seconds, lines)
            done.append(session)
    return {"sessions": done, "seconds": seconds, "files": files, "load": os.getloadavg()}


def session_shares(result: dict, path: str) -> list[float]:
    """Each session's ``path`` throughput as a share of the same server's /healthz."""
    return [s.runs[path].run.rps / s.healthz.rps for s in result["sessions"]]


def median_share(result: dict, path: str) -> float:
    """The target's number: the median over the sessions of each session's share."""
    return statistics.median(session_shares(result, path))


def ran_out(result: dict, path: str) -> int:
    """Runs of ``path`` in which a wrk thread sent its whole share of the bodies."""
    return sum(bool(s.runs[path].ran_out) for s in result["sessions"])


def profile(files: Files, n: int = 400) -> dict[str, list[tuple[str, float, float]]]:
    """Where a never-seen body's time goes in this process (the server's workers run the
    same code): the first ``n`` bodies of each file through what the answer cache skips
    (``app.views``: parsed, loaded, scored, dumped) under cProfile."""
    import orjson

    from bench.sight import VIEWS

    out = {}
    for path, lines in files.paths.items():
        with lines.open(encoding="utf-8") as f:
            raw = [line.split(" ", 1)[1] for _, line in zip(range(n), f, strict=False)]
        out[path] = hotspots.top(lambda body, view=VIEWS[path]: view(orjson.loads(body)), raw)
    return out
