"""`make selfplay-check`: does this code still play the committed records' deals as they were
played?

A record (docs/strength/``<objective>[-horizon<N>]-<variant>.jsonl``) keeps each deal's
results with the fingerprint of the code that played it (:func:`tools.selfplay.fingerprint`:
every file of ``rules/``, so any change to the rules makes another one, a change of speed
alone too). ``make selfplay`` reads only the deals of its own code and plays the others again,
some 3.7 CPU-hours for the committed records. This check plays the first few deals of every
record with this code and compares each with its line: the seats' results, the bot's
decisions and its fallbacks (its questions past the state budget). The same lines say the
change did not change play on those deals; one difference says the records are another
code's, and docs/STRENGTH.md must say so or be played again.

Knobs (environment): SELFPLAY_CHECK_DEALS (per record, default 4), SELFPLAY_RECORDS (the
folder, default docs/strength). Exit status 1 on a difference.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from tools import selfplay


def records(folder: Path) -> list[tuple[Path, str, str, int | None]]:
    """(path, variant, objective, horizon) of each record in ``folder``; the deals of other
    code kept aside beside a record (``<name>.<fingerprint>.jsonl``) are not records."""
    found = []
    for path in sorted(folder.glob("*.jsonl")):
        match = selfplay.RECORD_NAME.match(path.name)
        if match:
            horizon = match["horizon"]
            found.append((path, match["variant"], match["objective"],
                          int(horizon) if horizon else None))
    return found


def check(path: Path, variant: str, objective: str, horizon: int | None,
          deals: int) -> tuple[int, list[int], set[str]]:
    """(deals compared, the seeds played differently, the fingerprints of the lines
    compared) of the record's first ``deals`` deals played again with this code."""
    differ: list[int] = []
    codes: set[str] = set()
    compared = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if compared == deals:
            break
        parsed = selfplay.parsed_line(line, None)
        if parsed is None:
            continue
        seed, kept = parsed
        codes.add(json.loads(line)["code"])
        played = selfplay.play_deal(variant, seed, objective, horizon)
        if (played.rounds, played.decisions, played.fallbacks) != \
                (kept.rounds, kept.decisions, kept.fallbacks):
            differ.append(seed)
        compared += 1
    return compared, differ, codes


def main() -> int:
    deals = int(os.environ.get("SELFPLAY_CHECK_DEALS", 4))
    folder = Path(os.environ.get("SELFPLAY_RECORDS", str(selfplay.RECORDS)))
    failed = False
    print(f"this code: fingerprint {selfplay.fingerprint()}", flush=True)
    for path, variant, objective, horizon in records(folder):
        compared, differ, codes = check(path, variant, objective, horizon, deals)
        made_by = ", ".join(sorted(codes))
        if differ:
            failed = True
            print(f"{path.name}: {len(differ)} of {compared} deals played differently "
                  f"(seeds {', '.join(map(str, differ))}); recorded by {made_by}", flush=True)
        else:
            print(f"{path.name}: {compared} of {compared} deals played alike; recorded by "
                  f"{made_by}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
