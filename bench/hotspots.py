"""Hot spots: a cProfile of work done in this process, its top functions.

For the targets a run misses, the report shows which functions take the time (issue 25: "if
a target is missed, the report says by how much and what the profile shows"). cProfile
slows every call down, pure-Python ones most, so the shares are a guide to where to look,
not a measurement; the timings elsewhere in the report are made without it.
"""

from __future__ import annotations

import cProfile
import pstats
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def top(fn: Callable[[Any], Any], items: Iterable[Any], n: int = 10
        ) -> list[tuple[str, float, float]]:
    """``fn`` called on every item under cProfile: the ``n`` functions with the most own
    time, as (function, share of all own time, share with what it calls)."""
    profiler = cProfile.Profile()
    profiler.enable()
    for item in items:
        fn(item)
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = stats.total_tt or 1.0
    rows = sorted(stats.stats.items(), key=lambda row: row[1][2], reverse=True)[:n]
    return [(name(where), own / total, cumulative / total)
            for where, (_calls, _primitive, own, cumulative, _callers) in rows]


def name(where: tuple[str, int, str]) -> str:
    """``rules/analysis/waiting.py:35 standard_waits``, or a built-in's own name."""
    path, line, function = where
    if path == "~":
        return function
    try:
        path = str(Path(path).resolve().relative_to(ROOT))
    except ValueError:  # a library: its package and file (marshmallow/schema.py)
        path = "/".join(Path(path).parts[-2:])
    return f"{path}:{line} {function}"


def table(title: str, rows: list[tuple[str, float, float]]) -> list[str]:
    """Markdown rows for the report."""
    return [f"**{title}**", "", "| function | own time | with what it calls |",
            "|---|---|---|",
            *(f"| `{where}` | {own:.0%} | {cumulative:.0%} |" for where, own, cumulative in rows),
            ""]
