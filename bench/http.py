"""HTTP benchmarks (issue 8, targets 3 and 4): gunicorn as `make run` starts it, wrk on the
same machine, varied bodies; and a long mixed load with every worker's resident memory
sampled from /proc.

The server is started exactly as the Makefile's `run` target does (the project's
gunicorn.conf.py, `app:create_app()`), on a free port of 127.0.0.1, and stopped afterwards.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import requests

from bench import bodies

ROOT = Path(__file__).resolve().parent.parent
LUA = Path(__file__).resolve().parent / "cycle.lua"
CONNECTIONS, THREADS = 32, 2
SHIPPED_APP = "app:create_app()"  # what `make run` serves


# ---------------------------------------------------------------------------- tools

def find_wrk() -> str:
    """The wrk binary; installed from Debian's packages when missing and we are root."""
    found = shutil.which("wrk")
    if found:
        return found
    if shutil.which("apt-get") and os.geteuid() == 0:
        print("installing wrk (apt-get install -y wrk) ...", flush=True)
        subprocess.run(["apt-get", "install", "-y", "-q", "wrk"], check=False,
                       stdout=subprocess.DEVNULL)
        found = shutil.which("wrk")
        if found:
            return found
    raise SystemExit("make bench needs the load generator wrk: install it with "
                     "`apt-get install -y wrk` (Debian/Ubuntu) or `brew install wrk`, "
                     "then run make bench again")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---------------------------------------------------------------------------- server

@dataclass
class Server:
    process: subprocess.Popen
    url: str

    def workers(self) -> list[int]:
        """The worker processes' pids (children of the gunicorn master)."""
        path = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(p) for p in path.read_text().split()] if path.exists() else []

    def settled_workers(self, timeout: float = 10) -> list[int]:
        """The workers, once their number has stopped changing for a second."""
        deadline = time.monotonic() + timeout
        last, since = self.workers(), time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.2)
            now = self.workers()
            if now != last:
                last, since = now, time.monotonic()
            elif time.monotonic() - since >= 1:
                break
        return last


@contextmanager
def server(app: str = SHIPPED_APP, **env: str) -> Iterator[Server]:
    """gunicorn with the project's config file, like `make run`, on a free local port
    (serving ``app``: the shipped one unless a benchmark asks for another)."""
    port = free_port()
    gunicorn = Path(sys.executable).parent / "gunicorn"
    environment = {**os.environ, "PORT": str(port), "HOST": "127.0.0.1", **env}
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(
            [str(gunicorn), "-c", "gunicorn.conf.py", app], cwd=ROOT,
            env=environment, stdout=subprocess.DEVNULL, stderr=log)
        url = f"http://127.0.0.1:{port}"
        try:
            _wait_until_up(process, url, log)
            yield Server(process, url)
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()


def _wait_until_up(process: subprocess.Popen, url: str, log) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log.seek(0)
            raise SystemExit(f"gunicorn exited: {log.read().decode()[-2000:]}")
        try:
            if requests.get(f"{url}/healthz", timeout=1).ok:
                return
        except requests.ConnectionError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("gunicorn did not answer /healthz within 30 s")


# ---------------------------------------------------------------------------- wrk

@dataclass
class Run:
    """One wrk run: throughput, latency percentiles, and every kind of error."""

    name: str
    rps: float
    p50_ms: float
    p99_ms: float
    requests: int
    errors: int  # non-2xx answers plus socket errors (connect, read, write, timeout)
    command: str = ""
    busiest: float = 0.0  # the busiest worker's share of the server's CPU time (0.5: even)


def wrk(url: str, path: str, seconds: float, lines: Path | None = None,
        connections: int = CONNECTIONS) -> Run:
    """wrk against ``url + path`` (GET), or cycling through the POST bodies of ``lines``."""
    cmd = [find_wrk(), f"-t{THREADS}", f"-c{connections}", f"-d{seconds:g}s", "--latency"]
    env = dict(os.environ)
    if lines is not None:
        cmd += ["-s", str(LUA)]
        env["BODIES"] = str(lines)
    cmd.append(url + (path if lines is None else ""))
    text = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True).stdout
    shown = ("BODIES=<bodies> " if lines is not None else "") + " ".join(
        ["wrk", *cmd[1:-1], "http://127.0.0.1:$PORT" + (path if lines is None else "")])
    return parse(path, text, shown)


def parse(name: str, text: str, command: str) -> Run:
    def latency(label: str) -> float:
        match = re.search(rf"^\s*{label}\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
        if not match:
            raise SystemExit(f"wrk printed no {label} latency:\n{text}")
        return float(match[1]) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[match[2]]

    done = re.search(r"(\d+) requests in", text)
    rps = re.search(r"Requests/sec:\s+([\d.]+)", text)
    if not done or not rps:
        raise SystemExit(f"could not read wrk's output:\n{text}")
    errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", text))
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    errors += int(non2xx[1]) if non2xx else 0
    return Run(name, float(rps[1]), latency("50%"), latency("99%"), int(done[1]), errors,
               command)


# ---------------------------------------------------------------------------- benchmarks

@dataclass
class Bodies:
    evaluate: Path
    settle: Path
    mixed: Path
    counts: dict[str, int] = field(default_factory=dict)
    matches: dict[int, Path] = field(default_factory=dict)  # rounds per match → /match bodies
    match_rounds: Path | None = None  # the same rounds, one /settle body each


MATCH_ROUNDS_AS_SETTLE = "/settle, the matches' rounds"


def match_label(rounds: int) -> str:
    return f"/match, {rounds} rounds"


def prepare_bodies(workdir: Path, per_variant: int, match_per_variant: int = 0) -> Bodies:
    """Write the request files: /evaluate and /settle bodies, and both mixed; with
    ``match_per_variant``, whole matches of each size in bench.matches.SIZES and their
    rounds as /settle bodies."""
    from app import create_app
    from app.config import Config

    workdir.mkdir(parents=True, exist_ok=True)
    settles = bodies.rounds(per_variant)
    queries = bodies.evaluations(settles)
    # keep only what the service answers with 200 (no request log lines for this check)
    client = create_app(Config(log_requests=False)).test_client()
    settles = [b for b in settles if client.post("/settle", json=b).status_code == 200]
    queries = [b for b in queries if client.post("/evaluate", json=b).status_code == 200]
    mixed = [("/evaluate", b) for b in queries] + [("/settle", b) for b in settles]
    random.Random(bodies.SEED).shuffle(mixed)  # interleaved, the same way every run
    files = Bodies(
        bodies.write_lines(queries, workdir / "evaluate.jsonl", "/evaluate"),
        bodies.write_lines(settles, workdir / "settle.jsonl", "/settle"),
        bodies.write_mixed(mixed, workdir / "mixed.jsonl"),
        {"evaluate": len(queries), "settle": len(settles)})
    if match_per_variant:
        _match_bodies(files, workdir, match_per_variant, client)
    return files


def _match_bodies(files: Bodies, workdir: Path, per_variant: int, client) -> None:
    from bench.matches import SIZES, matches

    singles = []
    for size in SIZES:
        played = [(body, rounds) for body, rounds in matches(size, per_variant)
                  if client.post("/match", json=body).status_code == 200]
        files.matches[size] = bodies.write_lines([body for body, _ in played],
                                                 workdir / f"match{size}.jsonl", "/match")
        files.counts[f"match{size}"] = len(played)
        singles += [r for _, rounds in played for r in rounds]
    files.match_rounds = bodies.write_lines(singles, workdir / "match-rounds.jsonl", "/settle")
    files.counts["match_rounds"] = len(singles)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (/proc/<pid>/stat), in seconds."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measured(srv: Server, path: str, seconds: float, lines: Path | None = None) -> Run:
    """One wrk run, with the share of the server's CPU time the busiest worker took.

    A run keeps wrk's 32 keep-alive connections, and the kernel spreads them over the
    workers' sockets (``reuse_port``) by a hash: about even. The share (50% is even) shows
    how even; with one shared socket a worker could take most of them and leave the other
    core idle."""
    pids = srv.settled_workers()
    before = [cpu_seconds(p) for p in pids]
    run = wrk(srv.url, path, seconds, lines)
    used = [cpu_seconds(p) - b for p, b in zip(pids, before, strict=True)]
    run.busiest = max(used) / sum(used) if sum(used) else 0.0
    return run


def _trio(srv: Server, files: Bodies, seconds: float) -> dict[str, Run]:
    return {"/healthz": measured(srv, "/healthz", seconds),
            "/evaluate": measured(srv, "/evaluate", seconds, files.evaluate),
            "/settle": measured(srv, "/settle", seconds, files.settle)}


def _match_runs(srv: Server, files: Bodies, seconds: float) -> dict[str, Run]:
    """/settle on the matches' rounds, then /match on the matches of each size."""
    runs = {MATCH_ROUNDS_AS_SETTLE: measured(srv, "/settle", seconds, files.match_rounds)}
    for size, path in files.matches.items():
        run = measured(srv, "/match", seconds, path)
        run.name = match_label(size)
        runs[run.name] = run
    return runs


def _warm_matches(srv: Server, files: Bodies) -> None:
    """Each match and each of its rounds once (the mixed warm-up has none of them)."""
    for path in (*files.matches.values(), files.match_rounds):
        if path is not None:
            wrk(srv.url, "", 3, path)


def throughput(files: Bodies, seconds: float, rounds: int = 5,
               env: dict[str, str] | None = None, app: str = SHIPPED_APP,
               matches: bool = False) -> dict:
    """healthz, evaluate and settle, interleaved ``rounds`` times; medians of each. With
    ``matches`` (and match bodies prepared) each round also runs /settle on the matches'
    rounds and /match on the matches (``"matches"`` in the result)."""
    with_matches = matches and bool(files.matches) and files.match_rounds is not None
    with server(app, **(env or {})) as srv:
        wrk(srv.url, "", 5, files.mixed)  # warm-up: imports, caches, allocator
        if with_matches:
            _warm_matches(srv, files)
        runs: dict[str, list[Run]] = {"/healthz": [], "/evaluate": [], "/settle": []}
        match_runs: dict[str, list[Run]] = {}
        for _ in range(rounds):
            for path, run in _trio(srv, files, seconds).items():
                runs[path].append(run)
            if with_matches:
                for name, run in _match_runs(srv, files, seconds).items():
                    match_runs.setdefault(name, []).append(run)
        workers = len(srv.settled_workers())
    out = {"runs": runs, "workers": workers, "seconds": seconds, "rounds": rounds,
           "load": os.getloadavg()}
    if match_runs:
        out["matches"] = match_runs
    return out


# The serving models compared side by side (issue 23): the former gthread workers and the
# shipped gevent workers, each with the answer cache off so that every body is scored.
SERVING_MODELS = (("gthread, 2 threads (before)", {"WORKER_CLASS": "gthread", "THREADS": "2"}),
                  ("gevent (shipped)", {}))


def serving_models(files: Bodies, seconds: float, rounds: int = 3) -> dict:
    """The three endpoints under each of ``SERVING_MODELS``, answer cache off; the models
    take turns ``rounds`` times (a fresh server each turn), medians of each."""
    runs: dict[str, list[dict[str, Run]]] = {name: [] for name, _ in SERVING_MODELS}
    for _ in range(rounds):
        for name, env in SERVING_MODELS:
            with server(RESPONSE_CACHE="0", **env) as srv:
                wrk(srv.url, "", 3, files.mixed)
                runs[name].append(_trio(srv, files, seconds))
    return {name: {path: median_run([t[path] for t in trios]) for path in trios[0]}
            for name, trios in runs.items()}


def median_run(runs: list[Run]) -> Run:
    """The run with the median throughput (its own latencies and errors go with it)."""
    ordered = sorted(runs, key=lambda r: r.rps)
    middle = ordered[len(ordered) // 2]
    return Run(middle.name, middle.rps, middle.p50_ms, middle.p99_ms,
               sum(r.requests for r in runs), sum(r.errors for r in runs), middle.command,
               middle.busiest)


def soak(files: Bodies, seconds: float, warmup: float, sample_every: float = 5.0,
         chunk: float = 30.0) -> dict:
    """Mixed /evaluate + /settle load: a warm-up, then ``seconds`` of load with every
    worker's VmRSS sampled every ``sample_every`` seconds.

    The load is a series of ``chunk``-second wrk runs: each reconnects, so every worker
    gets its share (one long run would keep its first connections, see :func:`measured`).
    The warm-up lasts at least ``warmup`` seconds and until every worker has done a
    fair part of the work and its memory moved less than 1% over the last chunk."""
    with server() as srv:
        pids = srv.settled_workers()
        _warm_up(srv, files, pids, warmup, chunk)
        samples: dict[int, list[tuple[float, int]]] = {pid: [] for pid in pids}
        runs = []
        start = time.monotonic()
        while time.monotonic() - start < seconds:
            length = min(chunk, seconds - (time.monotonic() - start))
            if length < 1:
                break
            load = subprocess.Popen(
                [find_wrk(), f"-t{THREADS}", f"-c{CONNECTIONS}", f"-d{length:.0f}s",
                 "--latency", "-s", str(LUA), srv.url],
                env={**os.environ, "BODIES": str(files.mixed)}, stdout=subprocess.PIPE,
                text=True)
            while load.poll() is None:
                for pid in pids:
                    samples[pid].append((time.monotonic() - start, rss_kib(pid)))
                time.sleep(min(sample_every, 1.0) if not samples[pids[0]] else sample_every)
            runs.append(parse("mixed", load.stdout.read(), ""))
        for pid in pids:
            samples[pid].append((time.monotonic() - start, rss_kib(pid)))
        restarted = sorted(srv.workers()) != sorted(pids)
    total = sum(r.requests for r in runs)
    run = Run("mixed", total / seconds, statistics.median(r.p50_ms for r in runs),
              max(r.p99_ms for r in runs), total, sum(r.errors for r in runs))
    return {"run": run, "samples": samples, "seconds": seconds, "warmup": warmup,
            "restarted": restarted, "load": os.getloadavg()}


def _warm_up(srv: Server, files: Bodies, pids: list[int], minimum: float,
             chunk: float, longest: float = 300.0) -> None:
    start, cpu0 = time.monotonic(), {p: cpu_seconds(p) for p in pids}
    last = {p: rss_kib(p) for p in pids}
    while True:
        wrk(srv.url, "", chunk, files.mixed)
        now = {p: rss_kib(p) for p in pids}
        worked = [cpu_seconds(p) - cpu0[p] for p in pids]
        fair = min(worked) >= 0.25 * max(worked)
        settled = all(abs(now[p] - last[p]) <= 0.01 * last[p] for p in pids)
        elapsed = time.monotonic() - start
        if (elapsed >= minimum and fair and settled) or elapsed >= longest:
            return
        last = now


def rss_kib(pid: int) -> int:
    """Resident memory of a process (VmRSS in /proc/<pid>/status), in KiB; 0 if gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except FileNotFoundError:
        pass
    return 0


def growth(samples: list[tuple[float, int]]) -> dict:
    """First, last, min, max RSS and the last sample's growth over the first, in %."""
    values = [kib for _, kib in samples if kib]
    first, last = values[0], values[-1]
    return {"first": first, "last": last, "min": min(values), "max": max(values),
            "growth_pct": (last - first) / first * 100,
            "spread_pct": (max(values) - min(values)) / first * 100,
            "median": statistics.median(values)}
