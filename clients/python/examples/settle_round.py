"""Settles the README's qinzhou 一炮多响 (its example B) and prints the deltas, [-12, -2, 14, 0].

    python examples/settle_round.py [BASE_URL]

BASE_URL defaults to $SCORING_URL, else http://localhost:8000 (what `make run` serves).
"""

from __future__ import annotations

import json
import os
import sys

from mahjong_scoring_client import Client, ProblemError, SettleRequest

# 东 (seat 0, the dealer) discards 8s; 南 (seat 1) wins 对对胡, 西 (seat 2) wins 七对.
ROUND: SettleRequest = {
    "variant": "qinzhou",
    "dealer": 0,
    "players": [
        {"hand": "234m678m234p678pN"},
        {"hand": "222s444s666pEEE88s"},
        {"hand": "11s33s77p88pSSWW88s"},
        {"hand": "CCCFFFPPP999sN"},
    ],
    "result": {"winners": [1, 2], "win_type": "discard", "discarder": 0, "win_tile": "8s"},
    "horses": "1m5m9m2m6m3m7m1p5p9p",
}


def main(argv: list[str]) -> int:
    url = argv[1] if len(argv) > 1 else os.environ.get("SCORING_URL", "http://localhost:8000")
    with Client(url) as client:
        try:
            settlement = client.settle(ROUND)
        except ProblemError as problem:
            print(problem.status, problem.code, json.dumps(problem.errors), file=sys.stderr)
            return 1
    print(json.dumps(settlement["deltas"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
