"""``BENCH_ONLY=expected make bench``: the expected-value and review benchmarks (issues 42,
43) alone, their rows and section of docs/PERFORMANCE.md rewritten in place.

A change to the expected-value engine moves only these numbers; the whole run takes half
an hour of a quiet machine, these a few minutes. Everything they compare is timed within
them (log mode against hand mode for the same hands, four seats against one), so they stand
on their own; the document says which rows came from which run: the rewritten section and
the header carry this run's time, machine load and commit.
"""

from __future__ import annotations

import os
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from bench import core_build, expectation, report_expected

HEADING = "## Expected values and reviews (issues 42, 43)"
STAMP = "- expected values and reviews (issues 42, 43) re-measured alone"


def measure() -> dict:
    return {"expected_hand": expectation.hand_mode(),
            "expected_log": expectation.log_mode(),
            "review": expectation.reviews(),
            "collector": expectation.collector_pace(),
            "core": core_build.compare()}


def rewrite(text: str, results: dict, stamp: str) -> str:
    """``text`` (docs/PERFORMANCE.md) with the issue 42 and 43 target rows, the expected
    section and the header's stamp line from ``results``."""
    lines = text.split("\n")
    old = [i for i, line in enumerate(lines) if line.startswith(("| issue 42 |", "| issue 43 |"))]
    new = report_expected.targets(results)
    if len(old) != len(new):
        raise SystemExit(f"docs/PERFORMANCE.md has {len(old)} rows of issues 42 and 43, this "
                         f"run {len(new)}: run the whole `make bench`")
    for i, line in zip(old, new, strict=True):
        lines[i] = line
    lines = [line for line in lines if not line.startswith(STAMP)]
    run = next(i for i, line in enumerate(lines) if line.startswith("- run: "))
    lines.insert(run + 1, f"{STAMP}: {stamp} (`BENCH_ONLY=expected make bench`; the other "
                 "rows are the run above)")
    text = "\n".join(lines)
    start = text.index(HEADING)
    end = text.find("\n## ", start + len(HEADING))
    section = report_expected.section(results)
    section[1:1] = [f"Re-measured alone: {stamp} (`BENCH_ONLY=expected make bench`).", ""]
    return text[:start] + "\n".join(section).rstrip("\n") + "\n" + text[end:]


def stamp() -> str:
    load = os.getloadavg()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True, check=False).stdout.strip() or "unknown"
    return (f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, commit {commit}, load average "
            f"{load[0]:.2f} at the end")


def main(out: Path) -> None:
    results = measure()
    out.write_text(rewrite(out.read_text(encoding="utf-8"), results, stamp()),
                   encoding="utf-8")
    print("\n".join(report_expected.targets(results)))
