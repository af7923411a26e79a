"""Hypothesis strategies for requests shaped like real games.

schemathesis draws from the JSON schema, so almost every hand it sends is rejected by the
rules (a stray character, a fifth copy): the scoring code behind the validation is barely
reached. These strategies deal real hands from a real wall (complete ones, hands one tile
short, melds, kongs, jing indicators, win types and flags the variant knows), so the rules
themselves are exercised through the API, for every variant, whatever they grow into.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

from rules.tiles import CODES
from rules.variants import VARIANTS

SUITS = "mps"
WINDS = ["E", "S", "W", "N"]
HONOUR_CHOWS = [["E", "S", "W"], ["E", "S", "N"], ["E", "W", "N"], ["S", "W", "N"],
                ["C", "F", "P"]]


class Wall:
    """136 tiles; take() fails (returns False) when a tile has run out."""

    def __init__(self) -> None:
        self.left = dict.fromkeys(CODES, 4)

    def take(self, tiles: list[str]) -> bool:
        need: dict[str, int] = {}
        for t in tiles:
            need[t] = need.get(t, 0) + 1
        if any(self.left[t] < n for t, n in need.items()):
            return False
        for t, n in need.items():
            self.left[t] -= n
        return True

    def random_tiles(self, rnd: random.Random, n: int) -> list[str]:
        pool = [t for t, k in self.left.items() for _ in range(k)]
        picked = rnd.sample(pool, n)
        self.take(picked)
        return picked


def _group(rnd: random.Random, honour_chows: bool) -> tuple[str, list[str]]:
    roll = rnd.random()
    if roll < 0.5:
        suit, start = rnd.choice(SUITS), rnd.randint(1, 7)
        return "chow", [f"{start + i}{suit}" for i in range(3)]
    if roll < 0.6 and honour_chows:
        return "chow", list(rnd.choice(HONOUR_CHOWS))
    return "pung", [rnd.choice(CODES)] * 3


def deal_hand(rnd: random.Random, wall: Wall, variant: str, complete: bool
              ) -> tuple[list[str], list[dict[str, Any]]]:
    """(concealed tiles, melds): a winning shape (or random tiles), maybe with melds."""
    shapes = VARIANTS[variant].shapes
    if rnd.random() < 0.2:  # plain random tiles: mostly not a win, still must not crash
        return wall.random_tiles(rnd, 14 if complete else 13), []
    groups: list[tuple[str, list[str]]] = []
    while len(groups) < 4:
        kind, tiles = _group(rnd, shapes.honour_chows)
        if wall.take(tiles):
            groups.append((kind, tiles))
    pair = [rnd.choice(CODES)] * 2
    while not wall.take(pair):
        pair = [rnd.choice(CODES)] * 2
    concealed, melds = list(pair), []
    for kind, tiles in groups:
        if rnd.random() < 0.25:
            melds.append(_meld(rnd, wall, kind, tiles))
        else:
            concealed += tiles
    if not complete:
        concealed.remove(rnd.choice(concealed))
    rnd.shuffle(concealed)
    return concealed, melds


def _meld(rnd: random.Random, wall: Wall, kind: str, tiles: list[str]) -> dict[str, Any]:
    if kind == "pung" and rnd.random() < 0.4 and wall.take(tiles[:1]):
        return {"type": rnd.choice(["kong", "added_kong", "concealed_kong"]),
                "tiles": tiles + tiles[:1]}
    return {"type": kind, "tiles": tiles}


def _jing(rnd: random.Random, wall: Wall, variant: str) -> dict[str, Any]:
    v = VARIANTS[variant]
    jing: dict[str, Any] = {}
    for name in v.jing_fields:
        if name == "indicator" or rnd.random() < 0.4:
            jing[name] = wall.random_tiles(rnd, 1)[0] if rnd.random() < 0.7 \
                else rnd.choice(CODES)
    return jing


def _flags(rnd: random.Random, variant: str) -> dict[str, Any]:
    """Now and then a flag: most of them only fit particular situations (天胡: the dealer's
    dealt hand, …), so a random one is usually a 422 naming it; keep those a minority."""
    flags: dict[str, Any] = {}
    for name in sorted(VARIANTS[variant].flags):
        if rnd.random() < 0.04:
            flags[name] = rnd.randint(1, 3) if name == "kong_chain" else True
    return flags


def _win_types(variant: str, melds: list[dict[str, Any]]) -> list[str]:
    """A kong-replacement win needs a kong among the melds."""
    kongs = any("kong" in m["type"] for m in melds)
    return [w for w in VARIANTS[variant].win_types if kongs or w != "kong_replacement"]


def build_evaluate(rnd: random.Random) -> dict[str, Any]:
    variant = rnd.choice(sorted(VARIANTS))
    wall = Wall()
    jing = _jing(rnd, wall, variant)
    hand, melds = deal_hand(rnd, wall, variant, complete=rnd.random() < 0.75)
    body: dict[str, Any] = {"variant": variant, "hand": "".join(hand)
                            if rnd.random() < 0.5 else hand}
    if melds:
        body["melds"] = melds
    if jing:
        body["jing"] = jing
    if rnd.random() < 0.7:
        body["win_type"] = rnd.choice(_win_types(variant, melds))
    if rnd.random() < 0.5 and len(hand) % 3 == 2:
        body["win_tile"] = rnd.choice(hand)
    body["dealer"] = rnd.random() < 0.3
    if rnd.random() < 0.5:
        body["round_wind"] = rnd.choice(WINDS)
        body["seat_wind"] = "E" if body["dealer"] else rnd.choice(WINDS)
    if flags := _flags(rnd, variant):
        body["flags"] = flags
    return body


def build_settle(rnd: random.Random, variant: str | None = None) -> dict[str, Any]:
    variant = variant or rnd.choice(sorted(VARIANTS))
    v = VARIANTS[variant]
    wall = Wall()
    jing = _jing(rnd, wall, variant)
    dealer = rnd.randrange(4)
    roll = rnd.random()
    winners = [] if roll < 0.15 else [rnd.randrange(4)]
    if roll > 0.9 and v.max_winners > 1:
        winners = rnd.sample(range(4), rnd.randint(2, v.max_winners))
    win_type = rnd.choice(v.win_types)  # kong_replacement without a kong: a 422 now and then
    if len(winners) > 1:
        win_type = "discard"
    players = []
    for seat in range(4):
        hand, melds = deal_hand(rnd, wall, variant, complete=seat in winners)
        players.append({"hand": hand, "melds": melds})
    result: dict[str, Any] = {"winners": winners}
    if winners:
        result["win_type"] = win_type
        result["win_tile"] = rnd.choice(players[winners[0]]["hand"])
        if len(winners) > 1:
            common = set(players[winners[0]]["hand"]).intersection(
                *(players[w]["hand"] for w in winners[1:]))
            result["win_tile"] = rnd.choice(sorted(common)) if common else None
        if win_type in ("discard", "rob_kong"):
            result["discarder"] = rnd.choice([s for s in range(4) if s not in winners])
        if flags := _flags(rnd, variant):
            result["flags"] = flags
    body: dict[str, Any] = {"variant": variant, "dealer": dealer, "players": players,
                            "result": result}
    if jing:
        body["jing"] = jing
    if v.takes_horses and rnd.random() < 0.7:
        body["horses"] = wall.random_tiles(rnd, rnd.choice([0, 2, 4, 6, 8]))
    if rnd.random() < 0.2:
        body["events"] = [{"type": "follow_dealer", "rounds": rnd.randint(1, 3)}]
    return body


def build_match(rnd: random.Random) -> dict[str, Any]:
    """1-4 rounds of one variant; a round states its dealer now and then (often not the
    rotation's: a 422 naming it)."""
    first = build_settle(rnd)
    variant = first["variant"]
    played = [first, *(build_settle(rnd, variant) for _ in range(rnd.randrange(4)))]
    rounds = [{k: v for k, v in r.items() if k != "variant" and (k != "dealer" or
                                                                  rnd.random() < 0.2)}
              for r in played]
    body: dict[str, Any] = {"variant": variant, "dealer": first["dealer"], "rounds": rounds}
    if rnd.random() < 0.3:
        body["round_wind"] = rnd.choice(WINDS)
    return body


def build_jing(rnd: random.Random) -> dict[str, Any]:
    variant = rnd.choice(sorted(VARIANTS))
    wall = Wall()
    jing = _jing(rnd, wall, variant) or {"indicator": rnd.choice(CODES)}
    body: dict[str, Any] = {"variant": variant, **jing}
    if rnd.random() < 0.7:
        winner = rnd.randrange(4)
        body["players"] = [dict(zip(("hand", "melds"), deal_hand(rnd, wall, variant,
                                                                  complete=s == winner),
                                    strict=True)) for s in range(4)]
        body["dealer"] = rnd.randrange(4)
    return body



def _randoms() -> st.SearchStrategy[random.Random]:
    return st.randoms(use_true_random=False)


def evaluate_requests() -> st.SearchStrategy[dict[str, Any]]:
    return _randoms().map(build_evaluate)


def settle_requests() -> st.SearchStrategy[dict[str, Any]]:
    return _randoms().map(build_settle)


def match_requests() -> st.SearchStrategy[dict[str, Any]]:
    return _randoms().map(build_match)


def jing_requests() -> st.SearchStrategy[dict[str, Any]]:
    return _randoms().map(build_jing)
