"""Search for the slowest valid request, with cold caches (`make slowest`).

The costly requests are the ones with many wild jing: a 13-tile hand asks for its waits, and
every wait is scored as a complete hand. This script builds random valid hands with the most
wilds each Jiangxi variant allows (xingguo 3 正精 + 4 副精, nanchang 4 + 4), complete and
waiting, plus simulated /settle rounds of every scored variant, times each through the Flask
test client with the core's caches cleared first, and prints the slowest of each kind as a
JSON line (with the body, so it can be replayed with curl).

    .venv/bin/python -m tools.slowest [--hands 200] [--rounds 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from app import create_app  # noqa: E402
from rules.analysis import clear_caches  # noqa: E402
from rules.tiles import CODES, next_tile  # noqa: E402
from rules.variants import VARIANTS  # noqa: E402

# The most wild jing a hand can hold: xingguo's indicator is out of play (3 正精 left).
MAX_ZHENG = {"xingguo": 3, "nanchang": 4}


def wild_hand(rng: random.Random, variant: str, size: int) -> dict[str, Any]:
    """A valid /evaluate body of ``size`` concealed tiles holding as many wilds as allowed."""
    indicator = rng.randrange(34)
    fu = next_tile(indicator)
    zheng = rng.randint(MAX_ZHENG[variant] - 1, MAX_ZHENG[variant])
    fu_count = rng.randint(3, 4)
    tiles = [indicator] * zheng + [fu] * fu_count
    pool = [t for t in range(34) for _ in range(4) if t not in (indicator, fu)]
    tiles += rng.sample(pool, size - len(tiles))
    return {"variant": variant, "jing": {"indicator": CODES[indicator]},
            "hand": "".join(CODES[t] for t in sorted(tiles)),
            "win_type": rng.choice(["self_draw", "discard"])}


def timed(client: Any, path: str, body: dict[str, Any]) -> tuple[float, int]:
    clear_caches()
    start = time.perf_counter()
    status = client.post(path, json=body).status_code
    return time.perf_counter() - start, status


def search(hands: int, rounds: int, seed: int) -> list[dict[str, Any]]:
    from tests.sim.engine import Simulator

    client = create_app().test_client()
    rng = random.Random(seed)
    found = []
    for variant in MAX_ZHENG:
        for size, kind in ((13, "waits"), (14, "complete")):
            worst = (0.0, 0, {})
            for _ in range(hands):
                body = wild_hand(rng, variant, size)
                seconds, status = timed(client, "/evaluate", body)
                worst = max(worst, (seconds, status, body), key=lambda w: w[0])
            found.append({"kind": f"evaluate {variant} {kind}", "ms": round(worst[0] * 1e3, 1),
                          "status": worst[1], "body": worst[2]})
    for name, variant in VARIANTS.items():
        if not variant.scored:
            continue
        worst = (0.0, 0, {})
        for i in range(rounds):
            body = Simulator(name, seed * 100_000 + i).play().request
            seconds, status = timed(client, "/settle", body)
            worst = max(worst, (seconds, status, body), key=lambda w: w[0])
        found.append({"kind": f"settle {name}", "ms": round(worst[0] * 1e3, 1),
                      "status": worst[1], "body": worst[2]})
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for row in search(args.hands, args.rounds, args.seed):
        print(json.dumps(row, ensure_ascii=False))


if __name__ == "__main__":
    main()
