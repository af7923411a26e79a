"""Load and soak test (`make soak`): wrk against the server `make run` starts.

1. Builds a realistic request mix from simulated rounds: /settle of whole rounds, /evaluate
   of the players' hands (winning hands scored, waiting hands listing their waits), /jing
   with four players' tiles, and GET /variants. Only requests the service answers with 200
   in-process go in, so any non-2xx under load is a real error.
2. Starts `make run` on SOAK_PORT and waits for /healthz.
3. Runs wrk (SOAK_CONNECTIONS connections, SOAK_THREADS threads) for SOAK_SECONDS with a Lua
   script that picks requests from the mix, while sampling VmRSS of every gunicorn worker
   every SOAK_SAMPLE_SECONDS.
4. Stops the server with SIGTERM, prints the figures as Markdown and JSON (also written to
   SOAK_DIR), and exits non-zero if any request failed or a worker's memory grew.

Environment: SOAK_SECONDS (120), SOAK_CONNECTIONS (16), SOAK_THREADS (2), SOAK_PORT (8765),
SOAK_SAMPLE_SECONDS (5), SOAK_DIR (a new temporary folder), WRK (wrk on PATH).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# Share of each kind of request in the mix (a client app settles once per round and
# evaluates far more often: after each draw, to show waits).
MIX = {"evaluate": 50, "settle": 30, "jing": 10, "variants": 10}
# A worker's RSS may grow this much from the first sample after warm-up to the end.
FLAT_MIB = 8.0
FLAT_RATIO = 0.10


def env(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


# ---------------------------------------------------------------------- the request mix
def build_mix(rounds: int = 120, seed: int = 7) -> dict[str, list[dict[str, Any]]]:
    """Valid bodies per kind, each checked to answer 200 through the Flask test client."""
    from app import create_app
    from rules.variants import VARIANTS
    from tests.sim.engine import Simulator

    client = create_app().test_client()
    mix: dict[str, list[dict[str, Any]]] = {"evaluate": [], "settle": [], "jing": []}
    rng = random.Random(seed)
    for name, variant in VARIANTS.items():
        for i in range(rounds):
            request = Simulator(name, seed * 1000 + i).play().request
            mix["settle"].append(request)
            for seat in rng.sample(range(4), 2):
                mix["evaluate"].append(_evaluate_body(request, seat))
            if variant.jing_fields:
                mix["jing"].append(_jing_body(request))
    kept = {kind: [b for b in bodies if client.post(f"/{kind}", json=b).status_code == 200]
            for kind, bodies in mix.items()}
    return kept


def _evaluate_body(request: dict[str, Any], seat: int) -> dict[str, Any]:
    player = request["players"][seat]
    body = {"variant": request["variant"], "hand": player["hand"],
            "melds": player.get("melds", []), "dealer": seat == request["dealer"],
            "rules": request.get("rules", {})}
    result = request["result"]
    if seat in result["winners"]:
        body["win_tile"] = result["win_tile"]
        body["win_type"] = result["win_type"]
    if "jing" in request:
        body["jing"] = {"indicator": request["jing"]["indicator"]}
    return body


def _jing_body(request: dict[str, Any]) -> dict[str, Any]:
    return {"variant": request["variant"], **request["jing"], "dealer": request["dealer"],
            "players": request["players"]}


def lua_script(mix: dict[str, list[dict[str, Any]]]) -> str:
    """A wrk script: requests formatted once per thread, picked at random by weight."""
    lines = ["local bodies = {}"]
    for kind, bodies in mix.items():
        lines.append(f"bodies[{json.dumps(kind)}] = {{")
        lines += [f"  [==[{json.dumps(b, ensure_ascii=False)}]==]," for b in bodies]
        lines.append("}")
    weights = effective_weights(mix)
    lines.append("local weights = {" + ", ".join(
        f"{{{json.dumps(k)}, {w}}}" for k, w in weights.items()) + "}")
    lines.append(LUA_BODY)
    return "\n".join(lines)


def effective_weights(mix: dict[str, list[dict[str, Any]]]) -> dict[str, int]:
    """MIX without the kinds that have no body yet (e.g. /jing before a variant has it)."""
    return {k: w for k, w in MIX.items() if k == "variants" or mix.get(k)}


LUA_BODY = r"""
local prepared = {}
local total = 0
local counts = {}

function init(args)
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16) % 100000)
  local headers = {["Content-Type"] = "application/json"}
  for _, pair in ipairs(weights) do
    local kind, weight = pair[1], pair[2]
    local list = {}
    if kind == "variants" then
      list[1] = wrk.format("GET", "/variants")
    else
      for _, body in ipairs(bodies[kind]) do
        list[#list + 1] = wrk.format("POST", "/" .. kind, headers, body)
      end
    end
    prepared[#prepared + 1] = {weight, list}
    total = total + weight
  end
end

function request()
  local pick = math.random(total)
  for _, entry in ipairs(prepared) do
    pick = pick - entry[1]
    if pick <= 0 then
      local list = entry[2]
      return list[math.random(#list)]
    end
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'SOAK_JSON {"requests": %d, "duration_us": %d, "bytes": %d, ' ..
    '"errors": {"connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}, ' ..
    '"latency_us": {"p50": %d, "p90": %d, "p99": %d, "p999": %d, "max": %d, "mean": %.1f}}\n',
    summary.requests, summary.duration, summary.bytes,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency:percentile(99.9), latency.max, latency.mean))
end
"""


# ---------------------------------------------------------------------- the server
def start_server(port: int, log: Path) -> subprocess.Popen:
    """`make run` on ``port``: the Makefile's own command (it execs gunicorn)."""
    environment = {**os.environ, "PORT": str(port), "HOST": "127.0.0.1"}
    process = subprocess.Popen(["make", "--no-print-directory", "run"], cwd=ROOT,
                               env=environment, stdout=log.open("wb"),
                               stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"make run exited; see {log}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return process
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not answer /healthz within 60 s")


def gunicorn_master(make: subprocess.Popen) -> int:
    """The gunicorn master: `make run` execs it, so it usually is make's own pid."""
    for pid in [make.pid, *children(make.pid)]:
        if "gunicorn" in _cmdline(pid):
            return pid
    raise SystemExit("no gunicorn master under make run")


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        text = (task / "children").read_text() if (task / "children").exists() else ""
        found += [int(p) for p in text.split()]
    return found


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def rss_mib(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


class Sampler(threading.Thread):
    """VmRSS of every worker, every ``every`` seconds, until stopped."""

    def __init__(self, master: int, every: float):
        super().__init__(daemon=True)
        self.master, self.every = master, every
        self.samples: list[dict[str, Any]] = []
        self.stopped = threading.Event()
        self.started_at = time.monotonic()

    def run(self) -> None:
        while not self.stopped.is_set():
            workers = {str(pid): rss_mib(pid) for pid in children(self.master)}
            self.samples.append({"t": round(time.monotonic() - self.started_at, 1),
                                 "rss_mib": {p: round(r, 1) for p, r in workers.items() if r}})
            self.stopped.wait(self.every)


# ---------------------------------------------------------------------- run and report
def locate_wrk() -> str:
    wrk = os.environ.get("WRK") or shutil.which("wrk")
    if not wrk:
        raise SystemExit("wrk not found: `apt-get install -y wrk` (make soak does it as root)")
    return wrk


def memory_verdict(samples: list[dict[str, Any]]) -> dict[str, Any]:
    """Per worker: RSS after warm-up (the sample at a quarter of the run) against the last."""
    pids = sorted({p for s in samples for p in s["rss_mib"]})
    start_index = len(samples) // 4
    report = {}
    for pid in pids:
        series = [s["rss_mib"][pid] for s in samples if pid in s["rss_mib"]]
        if len(series) < 2:
            continue
        warm = series[min(start_index, len(series) - 1)]
        growth = series[-1] - warm
        report[pid] = {"first": series[0], "after_warmup": warm, "last": series[-1],
                       "max": max(series), "growth_mib": round(growth, 1),
                       "flat": growth <= max(FLAT_MIB, warm * FLAT_RATIO)}
    return report


def main() -> int:
    seconds = env("SOAK_SECONDS", 120)
    connections, threads = env("SOAK_CONNECTIONS", 16), env("SOAK_THREADS", 2)
    port, every = env("SOAK_PORT", 8765), env("SOAK_SAMPLE_SECONDS", 5)
    out = Path(os.environ.get("SOAK_DIR") or tempfile.mkdtemp(prefix="soak-"))
    out.mkdir(parents=True, exist_ok=True)
    wrk = locate_wrk()
    mix = build_mix()
    script = out / "mix.lua"
    script.write_text(lua_script(mix), encoding="utf-8")
    make = start_server(port, out / "server.log")
    try:
        master = gunicorn_master(make)
        sampler = Sampler(master, every)
        sampler.start()
        run = subprocess.run(
            [wrk, "-t", str(threads), "-c", str(connections), "-d", f"{seconds}s",
             "--timeout", "10s", "-s", str(script), f"http://127.0.0.1:{port}"],
            capture_output=True, text=True, check=False)
        sampler.stopped.set()
        sampler.join()
        workers_after = children(master)
    finally:
        os.killpg(make.pid, signal.SIGTERM)
        make.wait(timeout=60)
    (out / "wrk.txt").write_text(run.stdout + run.stderr)
    line = next((x for x in run.stdout.splitlines() if x.startswith("SOAK_JSON ")), None)
    if line is None:
        print(run.stdout, run.stderr, file=sys.stderr)
        return 2
    figures = json.loads(line.removeprefix("SOAK_JSON "))
    errors = sum(figures["errors"].values())
    memory = memory_verdict(sampler.samples)
    report = {
        "seconds": seconds, "connections": connections, "wrk_threads": threads,
        "mix": {k: len(v) for k, v in mix.items()}, "weights": effective_weights(mix),
        "requests": figures["requests"],
        "throughput_rps": round(figures["requests"] / (figures["duration_us"] / 1e6), 1),
        "latency_ms": {k: round(v / 1000, 2) for k, v in figures["latency_us"].items()},
        "errors": figures["errors"], "error_total": errors,
        "workers_restarted": sorted(map(str, workers_after)) != sorted(
            {p for s in sampler.samples for p in s["rss_mib"]}),
        "memory": memory, "samples": sampler.samples, "out_dir": str(out),
    }
    (out / "soak-report.json").write_text(json.dumps(report, indent=1))
    print(markdown(report))
    print(json.dumps({k: v for k, v in report.items() if k != "samples"}))
    flat = all(m["flat"] for m in memory.values())
    return 0 if errors == 0 and flat and memory else 1


def markdown(report: dict[str, Any]) -> str:
    lat = report["latency_ms"]
    lines = [
        f"- load: {report['connections']} connections for {report['seconds']} s; mix "
        f"{report['weights']} (distinct bodies: {report['mix']})",
        f"- requests: {report['requests']:,}, throughput {report['throughput_rps']:,} req/s",
        f"- latency: p50 {lat['p50']} ms, p90 {lat['p90']} ms, p99 {lat['p99']} ms, "
        f"p99.9 {lat['p999']} ms, max {lat['max']} ms",
        f"- errors: {report['error_total']} ({report['errors']}; `status` counts non-2xx)",
        "- worker memory (VmRSS, MiB): " + "; ".join(
            f"worker {pid}: {m['first']} at start, {m['after_warmup']} after warm-up, "
            f"{m['last']} at the end (growth {m['growth_mib']}, max {m['max']})"
            for pid, m in report["memory"].items()),
        "- memory samples (s: MiB per worker): " + ", ".join(
            f"{s['t']:.0f}: {'/'.join(str(v) for v in s['rss_mib'].values())}"
            for s in report["samples"]),
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
