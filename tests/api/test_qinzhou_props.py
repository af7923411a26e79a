"""Property tests of POST /settle for qinzhou over many generated rounds.

Each generated round is valid (every hand count, four copies at most, melds claimed from
the right seats, consistent flags). For each: the answer is a 200, zero-sum, its ledger adds
up to the deltas, rotating every seat rotates the deltas, and the deltas equal a reference
computed straight from RULINGS.md § qinzhou (from the winners' fans in the answer).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.tiles import CODES, code, compact
from tests.settle_props import check_invariants, check_rotation

HORSE_CHOICES = (0, 5, 10, 15, 20, 25, 30)
KONG_KINDS = ("kong", "added_kong", "concealed_kong")


class Pool:
    """The 136 tiles: what is still free for the round being generated."""

    def __init__(self) -> None:
        self.left = Counter({t: 4 for t in range(34)})

    def take(self, tiles: list[int]) -> bool:
        need = Counter(tiles)
        if any(self.left[t] < n for t, n in need.items()):
            return False
        self.left.subtract(need)
        return True

    def draw(self, rng: random.Random, n: int) -> list[int] | None:
        free = [t for t, c in self.left.items() for _ in range(c)]
        if len(free) < n:
            return None
        tiles = rng.sample(free, n)
        self.take(tiles)
        return tiles


class Retry(Exception):
    """The pool could not supply a tile: generate the round again."""


def need(ok: bool) -> None:
    if not ok:
        raise Retry


def random_set(rng: random.Random, kind: str, holding: int | None = None) -> list[int]:
    """A chow, pung or kong; ``holding`` puts that tile in it."""
    if kind == "chow":
        if holding is not None:
            if holding >= 27:
                raise Retry
            rank = holding % 9
            start = holding - rank + rng.randint(max(0, rank - 2), min(rank, 6))
        else:
            start = rng.randrange(3) * 9 + rng.randrange(7)
        return [start, start + 1, start + 2]
    tile = holding if holding is not None else rng.randrange(34)
    return [tile] * (4 if kind == "kong" else 3)


def meld_of(rng: random.Random, tiles: list[int], seat: int) -> dict[str, Any]:
    others = [s for s in range(4) if s != seat]
    kinds = {4: KONG_KINDS, 3: ("pung",) if tiles[0] == tiles[1] else ("chow",)}
    kind = rng.choice(kinds[len(tiles)])
    meld: dict[str, Any] = {"type": kind, "tiles": compact(tiles)}
    if kind == "chow":
        meld["from"] = (seat - 1) % 4
    elif kind in ("pung", "kong") and rng.random() < 0.7:
        meld["from"] = rng.choice(others)
    return meld


def winner_hand(rng: random.Random, pool: Pool, seat: int, tile: int,
                want_kong: bool, shared: bool) -> dict[str, Any]:
    """A complete hand holding ``tile`` concealed: four sets + pair (some melded) or 7 pairs.

    A ``shared`` winning tile (一炮多响) is mostly held in a chow, so that up to three
    winners can each hold it."""
    if rng.random() < (0.1 if shared else 0.2) and not want_kong:
        pairs = [tile] + [rng.randrange(34) for _ in range(6)]
        need(pool.take(pairs * 2))
        return {"hand": compact(pairs * 2), "melds": []}
    if rng.random() < (0.1 if shared else 0.3):
        concealed = [tile, tile]  # the winning tile completes the pair (单钓)
        sets_left = 4
    else:
        kind = rng.choice(("chow", "chow", "chow" if shared else "pung")) if tile < 27 else "pung"
        concealed = random_set(rng, kind, tile) + [rng.randrange(34)] * 2
        sets_left = 3
    melded = rng.randrange(sets_left + 1)
    if want_kong:
        melded = max(melded, 1)
    melded_sets = []
    for i in range(sets_left):
        if i < melded and (rng.random() < 0.25 or (want_kong and i == 0)):
            kind = "kong"
        else:
            kind = rng.choice(("chow", "chow", "pung"))
        tiles = random_set(rng, kind)
        if i < melded:
            melded_sets.append(tiles)
        else:
            concealed += tiles
    need(pool.take(concealed + [t for tiles in melded_sets for t in tiles]))
    return {"hand": compact(concealed), "melds": [meld_of(rng, t, seat) for t in melded_sets]}


def loser_hand(rng: random.Random, pool: Pool, seat: int,
               first: dict[str, Any] | None = None) -> dict[str, Any]:
    """13 tiles (+1 per kong): a few random melds, the rest drawn from the pool."""
    melds = [first] if first else []
    for _ in range(rng.choice((0, 0, 1, 2))):
        tiles = random_set(rng, rng.choice(("chow", "pung", "kong")))
        need(pool.take(tiles))
        melds.append(meld_of(rng, tiles, seat))
    hand = pool.draw(rng, 13 - 3 * len(melds))
    need(hand is not None)
    return {"hand": compact(hand or []), "melds": melds}


OUTCOMES = ("self_draw", "kong_replacement", "discard", "discard", "discard", "rob_kong",
            "drawn")


def random_round(rng: random.Random) -> dict[str, Any]:
    """A valid round; the outcome is chosen first so that retries do not bias it."""
    outcome = rng.choice(OUTCOMES)
    winners = rng.choice({"discard": (1, 1, 2, 3), "rob_kong": (1, 1, 2)}.get(outcome, (1,)))
    for _ in range(500):
        try:
            return _attempt(rng, outcome, winners)
        except Retry:
            continue
    raise AssertionError(f"could not generate a {outcome} round")


def _attempt(rng: random.Random, outcome: str, count: int) -> dict[str, Any]:
    pool = Pool()
    dealer = rng.randrange(4)
    tile = rng.randrange(27 if count > 1 else 34)  # several winners share it: a number tile
    players: list[dict[str, Any] | None] = [None] * 4
    result: dict[str, Any] = {"winners": []}
    if outcome != "drawn":
        discarder = rng.randrange(4) if outcome in ("discard", "rob_kong") else None
        others = [s for s in range(4) if s != discarder]
        winners = rng.sample(others, count)
        if outcome == "self_draw" and rng.random() < 0.5:
            winners = [dealer]  # the dealer's self-draw, and now and then 天胡
        result = {"winners": winners, "win_type": outcome, "win_tile": code(tile)}
        if discarder is not None:
            result["discarder"] = discarder
            if outcome == "rob_kong":
                need(pool.take([tile] * 3))
                robbed = {"type": "pung", "tiles": code(tile) * 3,
                          "from": rng.choice([s for s in range(4) if s != discarder])}
                players[discarder] = loser_hand(rng, pool, discarder, robbed)
        for i, seat in enumerate(winners):
            pool.left[tile] += i > 0  # 一炮多响: the discarded tile is counted once
            players[seat] = winner_hand(rng, pool, seat, tile, outcome == "kong_replacement",
                                        count > 1)
    for seat in range(4):
        if players[seat] is None:
            players[seat] = loser_hand(rng, pool, seat)
    result["flags"] = random_flags(rng, result, players, dealer)
    body: dict[str, Any] = {"variant": "qinzhou", "dealer": dealer, "players": players,
                            "result": result}
    rules = {"base": rng.randint(1, 4), "fan_combination": rng.choice(("add", "multiply"))}
    if result["winners"]:
        rules["horse_count"] = rng.choice(HORSE_CHOICES)
        horses = pool.draw(rng, rng.randint(0, rules["horse_count"])) or []
        body["horses"] = [code(t) for t in horses]
    body["rules"] = rules
    return body


def random_flags(rng: random.Random, result: dict[str, Any], players: list, dealer: int,
                 ) -> dict[str, bool]:
    """Flags that fit the win: 海底 on a self-draw, 天胡/地胡 for the right seat, 杠上炮 after
    the discarder's own kong."""
    flags: dict[str, bool] = {}
    if not result["winners"]:
        return flags
    win_type, winners = result["win_type"], result["winners"]
    seat = winners[0]
    exposed = any(m["type"] != "concealed_kong" for m in players[seat]["melds"])
    if win_type in ("self_draw", "kong_replacement") and rng.random() < 0.2:
        flags["last_tile"] = True
    if win_type == "self_draw" and seat == dealer and not exposed and rng.random() < 0.8:
        flags["heavenly"] = True
    if len(winners) == 1 and seat != dealer and rng.random() < 0.15:
        flags["earthly"] = True
    if win_type == "discard" and rng.random() < 0.5 and any(
            m["type"] in KONG_KINDS for m in players[result["discarder"]]["melds"]):
        flags["after_kong_discard"] = True
    return flags


# ---------------------------------------------------------------- the reference


def horse_number(tile: str) -> int:
    """RULINGS: a number tile counts its rank; 东南西北中发白 count 1-7."""
    return int(tile[0]) if tile[0].isdigit() else "ESWNCFP".index(tile) + 1


def horse_hits(horses: list[str], seat: int, dealer: int) -> int:
    """RULINGS: dealer 1/5/9, next seat 2/6, opposite 3/7, last 4/8."""
    numbers = ((1, 5, 9), (2, 6), (3, 7), (4, 8))[(seat - dealer) % 4]
    return sum(horse_number(h) in numbers for h in horses)


def reference_deltas(body: dict[str, Any], answer: dict[str, Any]) -> list[int]:
    """RULINGS.md § qinzhou, term by term, from the fans the answer reports."""
    base = body["rules"]["base"]
    deltas = [0, 0, 0, 0]

    def pay(payer: int, payee: int, amount: int) -> None:
        deltas[payer] -= amount
        deltas[payee] += amount

    for seat, player in enumerate(body["players"]):  # every kong: base from each other
        for meld in player["melds"]:
            if meld["type"] in KONG_KINDS:
                for other in set(range(4)) - {seat}:
                    pay(other, seat, base)
    result = body["result"]
    if not result["winners"]:
        return deltas
    fan = {w["seat"]: w["evaluation"]["fan"] for w in answer["winners"]}
    horses, dealer = body.get("horses", []), body["dealer"]
    if "discarder" not in result:
        (seat,) = result["winners"]
        for other in set(range(4)) - {seat}:
            pay(other, seat, fan[seat] * base * (1 + horse_hits(horses, seat, dealer)))
        return deltas
    d = result["discarder"]
    owner = min(result["winners"], key=lambda s: (s - d) % 4)
    for w in result["winners"]:
        pay(d, w, fan[w] * base)
        pay(d, owner, fan[w] * base * horse_hits(horses, w, dealer))
        if w != owner:
            pay(owner, w, fan[w] * base * horse_hits(horses, d, dealer))
    return deltas


# ---------------------------------------------------------------- the properties


def poster(app):
    client = app.test_client()

    def post(body: dict[str, Any]) -> dict[str, Any]:
        response = client.post("/settle", json=body)
        assert response.status_code == 200, (body, response.get_json())
        return response.get_json()

    return post


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_generated_rounds(app, seed):
    body = random_round(random.Random(seed))
    post = poster(app)
    answer = post(body)
    check_invariants(answer)
    assert [w["seat"] for w in answer["winners"]] == sorted(
        body["result"]["winners"], key=lambda s: (s - body["result"].get("discarder", s)) % 4)
    assert all(w["evaluation"]["winning"] and w["evaluation"]["fan"] >= 1
               for w in answer["winners"])
    assert answer["deltas"] == reference_deltas(body, answer)
    check_rotation(post, body)


def test_the_generator_covers_every_outcome():
    """The property test above sees every kind of round, many times."""
    rng = random.Random(5)
    seen = Counter()
    for _ in range(300):
        body = random_round(rng)
        result = body["result"]
        seen[result.get("win_type", "drawn"), len(result["winners"])] += 1
        for flag in result["flags"]:
            seen[flag] += 1
    for key in [("self_draw", 1), ("kong_replacement", 1), ("discard", 1), ("discard", 2),
                ("discard", 3), ("rob_kong", 1), ("rob_kong", 2), ("drawn", 0), "last_tile",
                "heavenly", "earthly", "after_kong_discard"]:
        assert seen[key] >= 3, (key, seen)
    assert len(CODES) == 34
