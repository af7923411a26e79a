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

from rules.tiles import CODES, parse_tiles
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


def advices(settles: list[Body], share: int = 2) -> list[Body]:
    """/advise bodies from the rounds: one player in ``share`` at the round's end, its
    concealed tiles and one more tile no one holds (a 13-tile hand that has just drawn; a
    winner's 14 as they are), with every tile it can see elsewhere (the ponds, the others'
    melds) as ``visible``."""
    out = []
    for n, body in enumerate(settles):
        held = [0] * 34
        for player in body["players"]:
            for tile in _tiles_of(player):
                held[tile] += 1
        if body.get("jing"):
            held[parse_tiles(body["jing"]["indicator"])[0]] += 1
        for seat, player in enumerate(body["players"]):
            wall_empty = all(h >= 4 for h in held)  # a drawn round: nothing left to draw
            if (n + seat) % share or (wall_empty and seat not in body["result"]["winners"]):
                continue
            out.append(_advice(body, seat, player, held, n))
    return out


def _tiles_of(player: Body) -> list[int]:
    tiles = parse_tiles(player["hand"]) + parse_tiles(player.get("discards", ""))
    for meld in player.get("melds", []):
        tiles += parse_tiles(meld["tiles"])
    return tiles


def _advice(body: Body, seat: int, player: Body, held: list[int], n: int) -> Body:
    hand = parse_tiles(player["hand"])
    melds = player.get("melds", [])
    if seat not in body["result"]["winners"]:  # draw the n-th kind of which a copy is left
        free = [t for t in range(34) if held[t] < 4]
        hand.append(free[n % len(free)])
    visible = parse_tiles(player.get("discards", ""))
    for other, them in enumerate(body["players"]):
        if other != seat:
            visible += parse_tiles(them.get("discards", ""))
            visible += [t for m in them.get("melds", []) for t in parse_tiles(m["tiles"])]
    query: Body = {"variant": body["variant"], "hand": "".join(CODES[t] for t in sorted(hand)),
                   "melds": melds, "dealer": seat == body["dealer"],
                   "visible": "".join(CODES[t] for t in sorted(visible))}
    if body.get("jing"):
        query["jing"] = {"indicator": body["jing"]["indicator"]}
    if not query["dealer"]:
        query["seat_wind"] = "ESWN"[(seat - body["dealer"]) % 4]
    if body.get("rules"):
        query["rules"] = body["rules"]
    return query


def write_lines(bodies: list[Body], path: Path, endpoint: str) -> Path:
    """One request per line, "<path> <compact JSON body>", for bench/cycle.lua."""
    return write_mixed([(endpoint, b) for b in bodies], path)


def write_mixed(requests: list[tuple[str, Body]], path: Path) -> Path:
    path.write_text("".join(f"{endpoint} {_compact(body)}\n" for endpoint, body in requests),
                    encoding="utf-8")
    return path


def _compact(body: Body) -> str:
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"))
