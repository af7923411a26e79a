"""Property tests of guangdong /settle over many generated rounds: zero-sum, the ledger adds
up to the deltas, seat rotation moves the deltas, and each winner collects its own total."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.tiles import CODES
from tests.settle_props import check_invariants, rotate, rotated_deltas

ROUNDS = 300
HONOURS = list(range(27, 34))
ORPHANS = [0, 8, 9, 17, 18, 26, *HONOURS]


class OutOfTiles(Exception):
    pass


class Wall:
    """The 136 tiles; every hand is taken from it, so no tile is used five times."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.left = Counter({t: 4 for t in range(34)})

    def take(self, tiles: list[int]) -> list[int]:
        need = Counter(tiles)
        if any(self.left[t] < n for t, n in need.items()):
            raise OutOfTiles
        self.left.subtract(need)
        return tiles

    def random_tiles(self, n: int) -> list[int]:
        pool = [t for t, k in self.left.items() for _ in range(k)]
        return self.take(self.rng.sample(pool, n))


def _palette(rng: random.Random) -> list[int]:
    """Which tiles a hand is built from: varied so the special hands come up."""
    suit = 9 * rng.randrange(3)
    style = rng.choice(["mixed", "mixed", "mixed", "half", "pure", "yao", "honours"])
    return {"mixed": list(range(34)), "half": [*range(suit, suit + 9), *HONOURS],
            "pure": list(range(suit, suit + 9)), "yao": ORPHANS, "honours": HONOURS}[style]


def _set_with(rng, wall, palette, tile=None) -> list[int]:
    """A chow or pung from the palette (holding ``tile`` when given)."""
    for _ in range(30):
        t = tile if tile is not None else rng.choice(palette)
        if t < 27 and rng.random() < 0.6:
            first = t - rng.choice([r for r in range(3) if 0 <= t % 9 - r <= 6] or [0])
            tiles = [first, first + 1, first + 2]
            if tile is None and not set(tiles) <= set(palette):
                continue
        else:
            tiles = [t] * 3
        try:
            return wall.take(tiles)
        except OutOfTiles:
            continue
    raise OutOfTiles


def _meld(rng, wall, tiles, seat) -> dict:
    others = [s for s in range(4) if s != seat]
    if tiles[0] != tiles[1]:
        meld = {"type": "chow", "tiles": [CODES[t] for t in tiles]}
        if rng.random() < 0.7:
            meld["from"] = (seat - 1) % 4
        return meld
    kind = rng.choice(["pung", "pung", "pung", "kong", "added_kong", "concealed_kong"])
    if kind != "pung":
        tiles = tiles + wall.take([tiles[0]])
    meld = {"type": kind, "tiles": [CODES[t] for t in tiles]}
    if kind != "concealed_kong":
        meld["from"] = rng.choice(others)
    return meld


def winning_hand(rng, wall, seat, win_tile=None, melds=0, kong=False) -> dict:
    palette = _palette(rng)
    if rng.random() < 0.03 and win_tile is None and not kong:
        tiles = [*ORPHANS, rng.choice(ORPHANS)]
        return {"hand": [CODES[t] for t in wall.take(tiles)], "melds": []}
    concealed = []
    if win_tile is not None:  # the winning tile is in a concealed group
        concealed += _set_with(rng, wall, palette, win_tile)
        melds = min(melds, 3)
    sets = [_set_with(rng, wall, palette) for _ in range(4 - len(concealed) // 3)]
    made = []
    for tiles in sets[:melds]:
        made.append(_meld(rng, wall, tiles, seat))
    if kong and not any("kong" in m["type"] for m in made):
        pung = next((s for s in sets[melds:] if s[0] == s[1]), None)
        if pung is None:
            raise OutOfTiles
        sets.remove(pung)
        sets.insert(0, pung)
        made.append({"type": "concealed_kong",
                     "tiles": [CODES[t] for t in pung + wall.take([pung[0]])]})
        melds += 1
    for tiles in sets[melds:]:
        concealed += tiles
    pair = rng.choice(palette)
    concealed += wall.take([pair, pair])
    rng.shuffle(made)
    return {"hand": [CODES[t] for t in sorted(concealed)], "melds": made}


def losing_hand(rng, wall, seat) -> dict:
    if rng.random() < 0.3:
        pung = _set_with(rng, wall, list(range(34)))
        return {"hand": [CODES[t] for t in wall.random_tiles(10)],
                "melds": [_meld(rng, wall, pung, seat)]}
    return {"hand": [CODES[t] for t in wall.random_tiles(13)], "melds": []}


def random_round(rng: random.Random) -> dict:
    while True:
        try:
            return _try_round(rng)
        except OutOfTiles:
            continue


def _try_round(rng: random.Random) -> dict:
    wall = Wall(rng)
    dealer = rng.randrange(4)
    kind = rng.choice(["drawn", "self_draw", "self_draw", "discard", "discard", "discard2",
                       "discard3", "rob_kong", "kong_replacement"])
    seats = rng.sample(range(4), 4)
    players: list[dict | None] = [None] * 4
    result: dict = {"winners": []}
    if kind in ("self_draw", "kong_replacement"):
        winner = seats[0]
        melds = rng.choice([0, 0, 1, 2, 3, 4, 4])
        players[winner] = winning_hand(rng, wall, winner, melds=melds,
                                       kong=kind == "kong_replacement")
        result.update(winners=[winner], win_type=kind)
        result["flags"] = _self_draw_flags(rng, winner, dealer, players[winner], kind)
    elif kind.startswith("discard") or kind == "rob_kong":
        count = int(kind[-1]) if kind[-1].isdigit() else 1
        discarder, winners = seats[0], sorted(seats[1:1 + count])
        tile = rng.choice([t for t in range(27) if wall.left[t] == 4])
        if kind == "rob_kong":
            pung = wall.take([tile] * 3)  # the pung whose added kong is robbed
            players[discarder] = {"hand": [CODES[t] for t in wall.random_tiles(10)],
                                  "melds": [{"type": "pung", "tiles": [CODES[t] for t in pung],
                                             "from": rng.choice([s for s in range(4)
                                                                 if s != discarder])}]}
        for w in winners:
            players[w] = winning_hand(rng, wall, w, tile, melds=rng.choice([0, 0, 1, 2, 3]))
        result.update(winners=winners, win_type="rob_kong" if kind == "rob_kong" else "discard",
                      discarder=discarder, win_tile=CODES[tile])
        if count == 1 and kind == "discard" and not players[winners[0]]["melds"] \
                and winners[0] != dealer and rng.random() < 0.2:
            result["flags"] = {"human": True}
    for seat in range(4):
        if players[seat] is None:
            players[seat] = losing_hand(rng, wall, seat)
    body = {"variant": "guangdong", "dealer": dealer, "players": players, "result": result,
            "round_wind": rng.choice(["E", "S", "W", "N"])}
    if rng.random() < 0.3:
        body["rules"] = {"cap": rng.randint(1, 6), "base": rng.randint(1, 10)}
    return body


def _self_draw_flags(rng, winner, dealer, hand, kind) -> dict:
    if kind != "self_draw" or rng.random() < 0.7:
        return {}
    if not hand["melds"] and rng.random() < 0.5:
        return {"heavenly": True} if winner == dealer else {"earthly": True}
    return {"last_tile": True}


@pytest.fixture(scope="module")
def rounds() -> list[dict]:
    rng = random.Random(20240604)
    return [random_round(rng) for _ in range(ROUNDS)]


def test_generated_rounds_keep_the_invariants(client, rounds):
    kinds: Counter[str] = Counter()
    patterns: Counter[str] = Counter()
    for body in rounds:
        answer = _settle(client, body)
        check_invariants(answer)
        result = body["result"]
        kinds[result.get("win_type", "drawn")] += 1
        for winner in answer["winners"]:
            ev = winner["evaluation"]
            patterns.update(p["id"] for p in ev["patterns"])
            assert answer["deltas"][winner["seat"]] == ev["total"], (body, answer)
            base = body.get("rules", {}).get("base", 1)
            share = base * 2 ** ev["fan"]
            assert ev["total"] == share * (1 if result["win_type"] == "discard" else 3)
        if not result["winners"]:
            assert answer["deltas"] == [0, 0, 0, 0]
        if result.get("discarder") is not None:
            assert answer["deltas"][result["discarder"]] == -sum(
                w["evaluation"]["total"] for w in answer["winners"])
    # the generator reaches every kind of win and a good spread of patterns
    assert set(kinds) == {"drawn", "self_draw", "discard", "rob_kong", "kong_replacement"}
    for expected in ("ji_hu", "ping_hu", "peng_peng_hu", "hun_yi_se", "qing_yi_se",
                     "bao_hu", "gang_shang_kai_hua", "qiang_gang", "yi_pao_san_xiang"):
        assert patterns[expected], (expected, patterns)


def test_generated_rounds_rotate(client, rounds):
    for body in rounds[:100]:
        base = _settle(client, body)
        for by in (1, 2, 3):
            moved = _settle(client, rotate(body, by))
            assert moved["deltas"] == rotated_deltas(base["deltas"], by), (body, by)


def test_liabilities_come_up(client, rounds):
    payers = Counter()
    for body in rounds:
        answer = _settle(client, body)
        for item in answer["ledger"]:
            for rule in ("十二张落地", "杠上开花包杠", "大四喜", "大三元", "抢杠"):
                if rule in item["detail"]:
                    payers[rule] += 1
    assert payers["十二张落地"] and payers["杠上开花包杠"] and payers["抢杠"], payers


def _settle(client, body) -> dict:
    response = client.post("/settle", json=body)
    assert response.status_code == 200, (body, response.get_json())
    return response.get_json()


def random_evaluate(rng: random.Random) -> dict:
    """Any request at all, valid or not: the answer must be a 200 or a precise 4xx."""
    wall = Wall(rng)
    seat = rng.randrange(4)
    try:
        hand = (winning_hand(rng, wall, seat, melds=rng.choice([0, 1, 2, 4]))
                if rng.random() < 0.6 else losing_hand(rng, wall, seat))
    except OutOfTiles:
        hand = {"hand": [CODES[t] for t in Wall(rng).random_tiles(14)], "melds": []}
    if rng.random() < 0.4 and hand["hand"]:
        hand["hand"].pop(rng.randrange(len(hand["hand"])))  # one short: the waits
    body = {"variant": "guangdong", **hand}
    for name, choices in (("win_type", ["self_draw", "discard", "rob_kong", "kong_replacement"]),
                          ("seat_wind", ["E", "S", "W", "N", "C"]),
                          ("round_wind", ["E", "S", "W", "N"]), ("dealer", [True, False])):
        if rng.random() < 0.5:
            body[name] = rng.choice(choices)
    if rng.random() < 0.3:
        body["flags"] = {rng.choice(["heavenly", "earthly", "human", "last_tile"]): True}
    if rng.random() < 0.2:
        body["rules"] = {"cap": rng.randint(0, 7), "yi_pao_duo_xiang": rng.random() < 0.5}
    return body


def test_no_evaluate_request_is_a_500(client):
    rng = random.Random(7)
    statuses: Counter[int] = Counter()
    for _ in range(400):
        body = random_evaluate(rng)
        response = client.post("/evaluate", json=body)
        statuses[response.status_code] += 1
        assert response.status_code in (200, 422), (body, response.get_json())
        answer = response.get_json()
        if response.status_code == 422:
            assert answer["errors"] and all(e["field"] for e in answer["errors"]), answer
        elif answer["winning"]:
            assert sum(p["value"] for p in answer["patterns"]) == answer["fan"], answer
    assert statuses[200] > 100 and statuses[422] > 20, statuses
