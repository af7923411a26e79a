"""`make bench`: run every benchmark of issues 8, 24, 25, 30, 31, 35, 41, 42 and 43 and
rewrite docs/PERFORMANCE.md.

Knobs (environment): BENCH_HTTP_SECONDS (each wrk run, default 6), BENCH_UNSEEN_SECONDS
(each never-seen run, default 3), BENCH_UNSEEN_SESSIONS (default 5), BENCH_SOAK_SECONDS
(the memory run, default 600), BENCH_SOAK_WARMUP (default 60), BENCH_SKIP_HTTP=1 (core
only, e.g. where wrk cannot run), BENCH_ONLY=expected (only the expected-value and review
rows and section, rewritten in place: bench/expected_only.py). The defaults are what the
committed document was made with.
"""

from __future__ import annotations

import os
import platform
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from app import collector
from bench import (
    advice,
    core,
    core_build,
    expectation,
    expected_only,
    http,
    lone_jing,
    matches,
    memory,
    plot,
    replay,
    report,
    report_expected,
    shanten,
    sight,
    unseen,
)

DOCS = Path(__file__).resolve().parent.parent / "docs"
OUT = DOCS / "PERFORMANCE.md"
PLOT = "perf-wilds.png"
UNSCORED_APP = "bench.unscored:create_app()"
NO_CACHE = "without the answer cache (RESPONSE_CACHE=0)"


def cpu_times() -> list[int]:
    """The machine's CPU time counters (/proc/stat "cpu" line: user … steal)."""
    return [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]]


def machine(started: tuple[float, float, float], ticks: list[int]) -> list[str]:
    cpu = next((line.split(":", 1)[1].strip() for line in
                Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor() or "unknown")
    now = os.getloadavg()
    return [f"- machine: {cpu}, {os.cpu_count()} cores, {platform.system()} "
            f"{platform.release()}",
            f"- Python {platform.python_version()}",
            f"- run: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC; load average (1, 5, 15 min) "
            f"{started[0]:.2f} {started[1]:.2f} {started[2]:.2f} at the start, "
            f"{now[0]:.2f} {now[1]:.2f} {now[2]:.2f} at the end (this machine is shared: "
            "a load above 2 means other work competed for the 2 cores; the benchmark's own "
            "server and wrk account for about 3 during the HTTP runs)",
            f"- CPU time stolen by the hypervisor during the run: {_steal(ticks):.1f}%"]


def _steal(before: list[int]) -> float:
    used = [b - a for a, b in zip(before, cpu_times(), strict=True)]
    return used[7] / sum(used) * 100 if sum(used) else 0.0


def commands(seconds: float, unseen_seconds: float, soak: float, warmup: float) -> list[str]:
    return ["## How to reproduce", "",
            "```sh",
            "make bench        # = .venv/bin/python -m bench; installs wrk (Debian) if missing",
            f"BENCH_HTTP_SECONDS={seconds:g} BENCH_UNSEEN_SECONDS={unseen_seconds:g} "
            f"BENCH_SOAK_SECONDS={soak:g} BENCH_SOAK_WARMUP={warmup:g} make bench"
            "   # the values used here",
            "BENCH_SKIP_HTTP=1 make bench   # the core and domain parts only",
            "BENCH_ONLY=expected make bench   # only issues 42 and 43's rows and section, "
            "rewritten in place",
            "```", "",
            "Each wrk run is `wrk -t2 -c32 -d<seconds>s --latency -s bench/cycle.lua "
            "http://127.0.0.1:<port>` with `BODIES=<file>` naming the request file (one "
            "`<path> <json>` a line), or `wrk -t2 -c32 -d<seconds>s --latency "
            "http://127.0.0.1:<port>/healthz`; the never-seen runs use `-s bench/once.lua` "
            "with `WRK_THREADS=2` beside `BODIES` (each body sent once). To see where the "
            "time goes: "
            "`.venv/bin/py-spy record --gil -p <worker pid>` during a run (py-spy is a "
            "pinned dev dependency).", ""]


def main() -> None:
    # the in-process figures are a worker's: its garbage collector's pace (app/collector.py)
    collector.set_pace()
    if os.environ.get("BENCH_ONLY") == "expected":
        expected_only.main(OUT)
        return
    started, ticks = os.getloadavg(), cpu_times()
    seconds = float(os.environ.get("BENCH_HTTP_SECONDS", 6))
    soak_seconds = float(os.environ.get("BENCH_SOAK_SECONDS", 600))
    warmup = float(os.environ.get("BENCH_SOAK_WARMUP", 60))
    unseen_seconds = float(os.environ.get("BENCH_UNSEEN_SECONDS", 3))
    sessions = int(os.environ.get("BENCH_UNSEEN_SESSIONS", 5))
    results: dict = {}
    step("domain vs riichi estimate_hand_value")
    results["evaluate"] = core.evaluate_vs_riichi()
    step("win check vs riichi is_agari")
    results["win"] = core.win_check_vs_riichi()
    step("4 wilds vs 34^k substitution")
    results["substitution"] = core.wilds_vs_substitution()
    step("scaling over 0-8 wilds")
    results["scaling"] = core.scaling_by_wilds()
    plot.wilds_plot(results["scaling"], results["substitution"]["per_substituted_ns"],
                    DOCS / PLOT)
    step("a lone jing waiting on every tile")
    results["lone_jing"] = lone_jing.summary(lone_jing.timings())
    results["lone_jing_profile"] = lone_jing.profile()
    step("shanten vs riichi calculate_shanten")
    results["shanten"] = shanten.compare()
    step("a full advice by jing held")
    results["advice"] = advice.timings()
    step("memory: endless new hands through the domain")
    results["bounds"] = memory.endless_hands()
    step("POST /match against /settle per round, in this process")
    results["match_cpu"] = matches.in_process()
    step("POST /replay against /settle of the same rounds, in this process")
    results["replay_cpu"] = replay.in_process()
    step("expected values: hand mode by shanten, changes and jing held")
    results["expected_hand"] = expectation.hand_mode()
    step("expected values: log mode on a seat's turn against hand mode")
    results["expected_log"] = expectation.log_mode()
    step("reviews: one seat and all four of simulated rounds")
    results["review"] = expectation.reviews()
    step("reviews at Python's default garbage-collector pace and at the workers'")
    results["collector"] = expectation.collector_pace()
    step("reviews with the core compiled and as pure Python, side by side")
    results["core"] = core_build.compare()
    sections = [*report.evaluate_section(results["evaluate"], results["win"]),
                *report.wilds_section(results["scaling"], results["substitution"], PLOT),
                *report.lone_jing_section(results["lone_jing"], results["lone_jing_profile"])]
    if not os.environ.get("BENCH_SKIP_HTTP"):
        http.find_wrk()
        with tempfile.TemporaryDirectory() as tmp:
            workdir = Path(tmp)
            step("HTTP: request bodies from simulated rounds")
            files = http.prepare_bodies(workdir, per_variant=100, match_per_variant=3)
            results["http"] = {}
            for label, env in (("with the answer cache (as shipped)", {}),
                               (NO_CACHE, {"RESPONSE_CACHE": "0"})):
                step(f"HTTP throughput, {label} (with /match)")
                results["http"][label] = http.throughput(files, seconds, env=env,
                                                         matches=True)
            step("HTTP throughput without the answer cache, scoring skipped (a ceiling)")
            results["unscored"] = http.throughput(files, seconds, env={"RESPONSE_CACHE": "0"},
                                                  app=UNSCORED_APP)
            step("HTTP bodies never seen before, in this process")
            results["sight"] = sight.first_sight([files.mixed])
            results["unseen"] = never_seen(workdir, files, results["http"][NO_CACHE],
                                           unseen_seconds, sessions)
            step("HTTP: /replay against /settle of the same rounds")
            results["replay_http"] = replay.over_http(workdir, seconds)
            step("HTTP: the serving models, gthread (before) and gevent (shipped)")
            results["models"] = http.serving_models(files, seconds)
            step("memory: bodies for the long run")
            big = http.prepare_bodies(workdir / "soak", per_variant=600)
            step(f"memory: {warmup:g} s warm-up + {soak_seconds:g} s mixed load")
            results["soak"] = http.soak(big, soak_seconds, warmup)
        workers = next(iter(results["http"].values()))["workers"]
        sections += [*report.http_section(results["http"], files.counts, workers),
                     *report.unscored_section(results["unscored"], results["http"][NO_CACHE]),
                     *report.sight_section(results["sight"]),
                     *report.unseen_section(results["unseen"]),
                     *report.models_section(results["models"]),
                     *report.soak_section(results["soak"])]
    sections += report.bounds_section(results["bounds"])
    sections += report.match_section(results.get("http") or {}, results["match_cpu"])
    sections += report.advice_section(results["shanten"], results["advice"])
    sections += report.replay_section(results["replay_cpu"], results.get("replay_http"))
    sections += report_expected.section(results)
    lines = ["# Performance", "",
             "Written by `make bench` (`python -m bench`); every number below comes from one "
             "run of that command, and every ratio compares things timed side by side in "
             "that run. Absolute times move with the machine's load; ratios much less.", "",
             *machine(started, ticks), "",
             *report.targets(results)[:-1], *report_expected.targets(results), "",
             *sections,
             *commands(seconds, unseen_seconds, soak_seconds, warmup)]
    OUT.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


def never_seen(workdir: Path, files: http.Bodies, repeating: dict, seconds: float,
               sessions: int) -> dict:
    """Issue 25's never-seen rows: bodies enough for a run at the rate the repeating
    bodies reached without the answer cache (a body never seen costs more), then the
    sessions."""
    wanted = {path: unseen.needed(seconds, http.median_run(repeating["runs"][path]).rps)
              for path in ("/evaluate", "/settle")}
    # /advise has no repeating run: /evaluate's rate bounds it (an advice costs more)
    wanted["/advise"] = wanted["/evaluate"]
    step(f"HTTP: never-seen bodies ({wanted['/evaluate']:,} /evaluate, "
         f"{wanted['/settle']:,} /settle, {wanted['/advise']:,} /advise)")
    made = unseen.prepare(workdir / "unseen", wanted)
    step(f"HTTP: never-seen bodies, {sessions} sessions of {seconds:g} s runs")
    result = unseen.sessions(made, files.mixed, seconds, sessions)
    step("HTTP: where a never-seen body's time goes (cProfile, in this process)")
    result["profile"] = unseen.profile(made)
    return result


def step(what: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {what} ...", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
