"""Request bodies for the HTTP benchmarks: hundreds of different, valid, realistic requests.

They come from the test suite's game simulator (tests/sim/engine.py), which plays legal
rounds of every variant: each round is a /settle body, and each player's tiles at the end of
it an /evaluate body (a winner's complete hand is scored; the others hold 13 tiles and ask
for their waits, with what each wait is worth).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rules.variants import VARIANTS
from tests.sim.engine import Simulator

Body = dict[str, Any]
SEED = 8_000_000  # far from the seeds the tests use


def rounds(per_variant: int, seed: int = SEED) -> list[Body]:
    """Simulated /settle bodies of every variant (scored ones only), interleaved."""
    out = []
    variants = [name for name, v in VARIANTS.items() if v.scored]
    for i in range(per_variant):
        for k, name in enumerate(variants):
            out.append(Simulator(name, seed + i * 16 + k).play().request)
    return out


def evaluations(settles: list[Body], waiting_share: int = 4) -> list[Body]:
    """/evaluate bodies from the rounds: every winner, and one waiting hand in
    ``waiting_share`` of the others (waits cost one scoring per candidate tile)."""
    out = []
    for n, body in enumerate(settles):
        winners = body["result"]["winners"]
        for seat, player in enumerate(body["players"]):
            if seat not in winners and (n + seat) % waiting_share:
                continue
            query: Body = {"variant": body["variant"], "hand": player["hand"],
                           "melds": player.get("melds", []), "dealer": seat == body["dealer"]}
            if seat in winners:
                query["win_type"] = body["result"]["win_type"]
                if body["result"].get("win_tile"):
                    query["win_tile"] = body["result"]["win_tile"]
            if body.get("jing"):
                query["jing"] = {"indicator": body["jing"]["indicator"]}
            if not query["dealer"]:
                query["seat_wind"] = "ESWN"[(seat - body["dealer"]) % 4]
            if body.get("rules"):
                query["rules"] = body["rules"]
            out.append(query)
    return out


def write_lines(bodies: list[Body], path: Path, endpoint: str) -> Path:
    """One request per line, "<path> <compact JSON body>", for bench/cycle.lua."""
    return write_mixed([(endpoint, b) for b in bodies], path)


def write_mixed(requests: list[tuple[str, Body]], path: Path) -> Path:
    path.write_text("".join(f"{endpoint} {_compact(body)}\n" for endpoint, body in requests),
                    encoding="utf-8")
    return path


def _compact(body: Body) -> str:
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"))
