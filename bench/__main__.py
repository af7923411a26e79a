"""`make bench`: run every benchmark and rewrite docs/PERFORMANCE.md."""

from __future__ import annotations

import os
import platform
import sys
from datetime import UTC, datetime
from pathlib import Path

from bench import core

OUT = Path(__file__).resolve().parent.parent / "docs" / "PERFORMANCE.md"


def machine() -> list[str]:
    cpu = next((line.split(":", 1)[1].strip() for line in
                Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor() or "unknown")
    return [f"- machine: {cpu}, {os.cpu_count()} cores, {platform.system()} "
            f"{platform.release()}",
            f"- Python {platform.python_version()} ({sys.executable})",
            f"- run: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC"]


def main() -> None:
    print("win check vs riichi ...", flush=True)
    win = core.win_check_vs_riichi()
    print("4 wilds vs 34^k substitution ...", flush=True)
    wild = core.wilds_vs_substitution()
    print("scaling over 0-8 wilds ...", flush=True)
    scaling = core.scaling_by_wilds()
    lines = ["# Performance", "",
             "Written by `make bench` (`python -m bench`); every number below comes from one "
             "run of that command, and every ratio compares two things timed side by side in "
             "that run (these machines are noisy: absolute times vary, ratios much less).", "",
             *machine(), "", *core.render(win, wild), *core.render_scaling(scaling)]
    OUT.write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
