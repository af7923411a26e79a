"""The compiled core against its sources, side by side (tools/compile_core.py): the same
one-seat reviews timed in two fresh processes, one importing the compiled modules and one
the sources alone, so that ``make bench`` shows what compiling is worth on an end-to-end
figure (the guide's rule for generated code: more than 3 %, or it goes).

    .venv/bin/python -m bench.core_build pure|compiled    # one process: its seconds
    .venv/bin/python -m bench.core_build hotspots nanchang 1    # a pure-Python profile
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tools import compile_core

ROOT = Path(__file__).resolve().parent.parent


def compare() -> dict[str, Any]:
    """Both builds' sums, the processes alternated (compiled, pure, pure, compiled), each
    sum the lesser of its two processes; and how many modules ran compiled."""
    compiled = len(compile_core.compiled())
    if not compiled:
        return {"compiled": 0, "modules": len(compile_core.MODULES)}
    found: dict[str, list[float]] = {"compiled": [], "pure": []}
    for build in ("compiled", "pure", "pure", "compiled"):
        found[build].append(_process(build))
    return {"compiled": compiled, "modules": len(compile_core.MODULES),
            "compiled_s": min(found["compiled"]), "pure_s": min(found["pure"]),
            "ratio": min(found["compiled"]) / min(found["pure"])}


def _process(build: str) -> float:
    done = subprocess.run([sys.executable, "-m", "bench.core_build", build], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)["seconds"]


def pure_hotspots(name: str, seat: int) -> list[tuple[str, float, float]]:
    """:func:`bench.expectation.review_hotspots`, profiled in a process that imports the
    sources alone: cProfile sees no function inside a compiled module, so a profile of the
    compiled build would show their callers' time, not theirs."""
    done = subprocess.run([sys.executable, "-m", "bench.core_build", "hotspots", name,
                           str(seat)], cwd=ROOT, capture_output=True, text=True, check=True)
    return [tuple(row) for row in json.loads(done.stdout)]


def _time(build: str) -> dict[str, Any]:
    """This process's sum of the reviews (:func:`bench.expectation.pace_reviews`), in the
    ``build`` asked: ``pure`` imports the sources alone."""
    if build == "pure":
        compile_core.pure_python()
    from app import collector
    from bench import expectation

    collector.set_pace()
    return {"seconds": sum(expectation.pace_reviews())}


def _hotspots(name: str, seat: int) -> list[tuple[str, float, float]]:
    compile_core.pure_python()
    from bench import expectation

    return expectation.review_hotspots(name, seat)


if __name__ == "__main__":
    if sys.argv[1] == "hotspots":
        print(json.dumps(_hotspots(sys.argv[2], int(sys.argv[3]))))
    else:
        print(json.dumps(_time(sys.argv[1])))
