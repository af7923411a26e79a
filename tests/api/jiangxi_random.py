"""Seeded random rounds for the Jiangxi property tests.

Every round is legal: four players drawn from one 136-tile wall (the xingguo indicator and the
nanchang 下精 taken out), the winner holding four sets + a pair (some of them melds, some
tiles swapped for jing standing in), the others 13 tiles (+1 per kong), a few discards.
"""

from __future__ import annotations

import random
from typing import Any

from rules.tiles import CODES, compact, next_tile, parse_tile, parse_tiles

SUITED = range(27)


class Wall:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.left = [t for t in range(34) for _ in range(4)]
        rng.shuffle(self.left)

    def take(self, tile: int) -> bool:
        if tile in self.left:
            self.left.remove(tile)
            return True
        return False

    def take_all(self, tiles: list[int]) -> bool:
        if all(self.left.count(t) >= tiles.count(t) for t in set(tiles)):
            for t in tiles:
                self.left.remove(t)
            return True
        return False

    def draw(self) -> int:
        return self.left.pop()


def _a_set(wall: Wall, kind: str) -> list[int] | None:
    for _ in range(40):
        t = wall.rng.choice(wall.left)
        if kind == "chow":
            if t not in SUITED or t % 9 > 6:
                continue
            tiles = [t, t + 1, t + 2]
        elif kind == "kong":
            tiles = [t] * 4
        else:
            tiles = [t] * 3
        if wall.take_all(tiles):
            return tiles
    return None


def _meld(wall: Wall, seat: int, kind: str) -> dict[str, Any] | None:
    tiles = _a_set(wall, "chow" if kind == "chow" else ("kong" if "kong" in kind else "pung"))
    if tiles is None:
        return None
    meld: dict[str, Any] = {"type": kind, "tiles": compact(tiles)}
    if kind == "chow":
        meld["from"] = (seat - 1) % 4
        meld["claimed"] = CODES[wall.rng.choice(tiles)]
    elif kind != "concealed_kong":
        meld["from"] = wall.rng.choice([s for s in range(4) if s != seat])
    return meld


def _melds(wall: Wall, seat: int) -> list[dict[str, Any]]:
    kinds = ["chow", "pung", "kong", "added_kong", "concealed_kong"]
    out = []
    for _ in range(wall.rng.choice([0, 0, 0, 1, 1, 2])):
        meld = _meld(wall, seat, wall.rng.choice(kinds))
        if meld:
            out.append(meld)
    return out


def _winner(wall: Wall, seat: int, jing: set[int]) -> tuple[dict[str, Any], int] | None:
    melds = _melds(wall, seat)
    concealed: list[int] = []
    for _ in range(4 - len(melds)):
        tiles = _a_set(wall, wall.rng.choice(["chow", "chow", "pung"]))
        if tiles is None:
            return None
        concealed += tiles
    pair = next((t for t in wall.left if wall.left.count(t) >= 2), None)
    if pair is None or not wall.take_all([pair, pair]):
        return None
    concealed += [pair, pair]
    swaps = [t for t in wall.left if t in jing]
    if swaps and wall.rng.random() < 0.5:  # a jing stands in for one natural tile
        out = wall.rng.choice(concealed)
        concealed.remove(out)
        wall.left.append(out)
        wall.left.remove(swaps[0])
        concealed.append(swaps[0])
    win_tile = wall.rng.choice(concealed)
    return {"hand": compact(concealed), "melds": melds}, win_tile


def _other(wall: Wall, seat: int) -> dict[str, Any]:
    melds = _melds(wall, seat)
    hand = [wall.draw() for _ in range(13 - 3 * len(melds))]
    return {"hand": compact(hand), "melds": melds}


def random_round(rng: random.Random, variant: str) -> dict[str, Any] | None:
    """One legal round, or None when the wall could not supply it (the caller retries)."""
    wall = Wall(rng)
    indicator = wall.draw()
    jing_field: dict[str, Any] = {"indicator": CODES[indicator]}
    if variant == "xingguo":
        pass  # the indicator is already out of the wall
    else:
        wall.left.append(indicator)  # nanchang: 上精 stays in the wall
        if rng.random() < 0.6:
            jing_field["lower_indicator"] = CODES[wall.draw()]
    wild = {indicator, next_tile(indicator)}
    winner = rng.randrange(4)
    won = _winner(wall, winner, wild)
    if won is None:
        return None
    winner_tiles, win_tile = won
    players = [winner_tiles if s == winner else _other(wall, s) for s in range(4)]
    for player in players:
        player["discards"] = compact(wall.draw() for _ in range(rng.randrange(4)))
    dealer = rng.randrange(4)
    has_kong = any("kong" in m["type"] for m in winner_tiles["melds"])
    win_type = rng.choice(["self_draw", "discard", "discard"]
                          + (["kong_replacement"] if has_kong else []))
    result: dict[str, Any] = {"winners": [winner], "win_tile": CODES[win_tile],
                              "win_type": win_type}
    if win_type == "discard":
        result["discarder"] = rng.choice([s for s in range(4) if s != winner])
    rules: dict[str, Any] = {}
    if variant == "nanchang":
        _nanchang_extras(rng, players, dealer, jing_field, rules)
    events = []
    if rng.random() < 0.3:
        events.append({"type": "follow_dealer", "rounds": rng.randint(1, 3)})
    if rng.random() < 0.2:
        events.append({"type": "false_win", "seat": rng.randrange(4)})
    return {"variant": variant, "dealer": dealer, "jing": jing_field, "players": players,
            "result": result, "events": events, "rules": rules}


def _nanchang_extras(rng: random.Random, players: list, dealer: int, jing: dict,
                     rules: dict) -> None:
    """回头一笑 on freshly dealt hands, and random house options."""
    if rng.random() < 0.4:
        dealt = Wall(rng)
        if "lower_indicator" in jing:  # flipped out of the wall before anything is counted
            dealt.take(parse_tile(jing["lower_indicator"]))
        jing["previous_indicator"] = CODES[rng.randrange(34)]
        for seat, player in enumerate(players):
            player["dealt"] = compact(dealt.draw() for _ in range(14 if seat == dealer else 13))
    if rng.random() < 0.5:
        rules["lower_jing_mode"] = rng.choice(["xia_fan", "mai_lei"])
        rules["count_discarded_jing"] = rng.random() < 0.5
        rules["ba_wang_jing"] = rng.random() < 0.5
    if rng.random() < 0.3:
        rules["pa_lou_ti"] = rng.choice(["man_shang_man_xia", "die_zhi_di_ceng"])
        rules["floor"] = rng.randint(1, 4)


def drawn(body: dict[str, Any]) -> dict[str, Any]:
    """The same table as a drawn round (the winner's last tile back to the wall)."""
    winner = body["result"]["winners"][0]
    hand = parse_tiles(body["players"][winner]["hand"])
    hand.remove(parse_tile(body["result"]["win_tile"]))
    players = [dict(p) for p in body["players"]]
    players[winner]["hand"] = compact(hand)
    return {**body, "players": players, "result": {"winners": []}}
