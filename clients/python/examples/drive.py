"""Plays one round of each variant against the service: deals a shuffled wall, flips the
indicators, then follows POST /replay's `legal` for every seat until it is empty.

    python examples/drive.py [BASE_URL] [SEED]

BASE_URL defaults to $SCORING_URL, else http://localhost:8000 (what `make run` serves); SEED
(a whole number from 0 to 999999999) to 41. Each variant prints one line, `<variant>: <n> actions,
finished, winners [..], deltas [..]`; docs/replay.md shows the four of seed 41.

The table (the tiles, the players' choices) is the driver's; the rules are the service's: the
driver never decides what is legal, it only chooses among what `legal` lists. The service is
stateless, so the whole log is posted again after each action. examples/drive.ts plays the
same rounds: the random numbers come from the small generator below, not the language's, so
that one seed deals the same walls and makes the same choices in Python and TypeScript.
docs/replay.md ("Drive a game") says why each step is done as it is.
"""

from __future__ import annotations

import json
import os
import re
import sys
from dataclasses import dataclass
from typing import Any

import requests
from mahjong_scoring_client import Client, ProblemError, ReplayRequest, ReplayResponse

SEED = 41
# 34 kinds, 4 of each: 136 tiles, no flowers.
KINDS = [f"{n}{suit}" for suit in "mps" for n in range(1, 10)] + list("ESWNCFP")
# (variant, rules, whether the wall is sent): guangdong's is sent by its size alone, to show
# how a driver fills in a draw's `missing` tile from its own wall.
TABLES: list[tuple[str, dict[str, Any], bool]] = [
    ("xingguo", {}, True),
    ("nanchang", {}, True),
    ("qinzhou", {"horse_count": 10}, True),
    ("guangdong", {}, False),
]
KONGS = ("kong", "added_kong", "concealed_kong")
MAX_ACTIONS = 600  # /replay's limit: a round that has not ended by then never will


class DriveError(Exception):
    """The service answered something a driver cannot go on from (a bug to report)."""


class Rng:
    """xorshift32: a few lines that give the same numbers in Python and TypeScript, so both
    examples play the same rounds from one seed (random.Random and Math.random differ)."""

    def __init__(self, seed: int) -> None:
        self.state = (seed * 0x9E3779B1) & 0xFFFFFFFF or 1  # spread small seeds; never 0

    def next(self) -> int:
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x

    def below(self, n: int) -> int:
        return self.next() % n

    def chance(self, p: float) -> bool:
        return self.next() < p * 2**32


@dataclass
class Table:
    """One round's set-up: the request less its actions, and the driver's own wall (the tiles
    still to draw, the next ordinary draw first), which fills in a draw listed as `missing`."""

    body: ReplayRequest
    wall: list[str]


def shuffled_tiles(rng: Rng) -> list[str]:
    """The 136 tiles, Fisher-Yates shuffled."""
    tiles = [kind for kind in KINDS for _ in range(4)]
    for i in range(len(tiles) - 1, 0, -1):
        j = rng.below(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tiles


def set_up(variant: str, rules: dict[str, Any], send_wall: bool, rng: Rng) -> Table:
    """Deal 13 tiles to each seat and a 14th to the dealer; the rest is the wall. xingguo's
    indicator and nanchang's 下精 leave the wall (out of play); nanchang's 上精 stays in it."""
    tiles = shuffled_tiles(rng)
    dealer = rng.below(4)
    deal = [tiles[13 * seat:13 * seat + 13] for seat in range(4)]
    deal[dealer].append(tiles[52])
    wall = tiles[53:]
    body: ReplayRequest = {"variant": variant, "dealer": dealer, "deal": list(deal),
                           "actions": []}
    if rules:
        body["rules"] = rules  # type: ignore[typeddict-item]
    if variant == "xingguo":
        body["jing"] = {"indicator": wall.pop()}  # flipped from the tail, out of play
    elif variant == "nanchang":
        upper = wall[-1]  # flipped face up where it lies: still drawn in its turn
        lower = wall.pop(-2)  # the tile under it, flipped and out of play
        body["jing"] = {"indicator": upper, "lower_indicator": lower}
    if send_wall:
        body["wall"] = list(wall)  # the service draws from it (and qinzhou's horses)
    else:
        body["wall_size"] = len(wall)  # the draws then name their tiles, from `wall`
    return Table(body, wall)


def looseness(tile: str, hand: list[str]) -> int:
    """How much a tile does for its hand: 3 per copy held, 1 per suit neighbour within two."""
    same = hand.count(tile)
    if len(tile) == 1:  # an honour: only its copies help it
        return 3 * same
    n, suit = int(tile[0]), tile[1]
    near = sum(1 for t in hand if len(t) == 2 and t[1] == suit and 1 <= abs(int(t[0]) - n) <= 2)
    return 3 * same + near


def choose(answer: ReplayResponse, rng: Rng) -> dict[str, Any] | None:
    """One of the listed actions, or None when every seat's list is empty. A win first (the
    seat nearest after the discarder); on a seat's own turn a kong from hand half the time,
    else its loosest tile; on an open discard a kong or pung half the time, a chow three times
    in ten, else the next seat's draw."""
    legal: list[dict[str, Any]] = [dict(a) for actions in answer.get("legal", [])
                                   for a in actions]
    if not legal:
        return None
    turn = answer.get("turn", 0)
    wins = [a for a in legal if a["type"] == "win"]
    if wins:
        return min(wins, key=lambda a: (a["seat"] - turn) % 4)
    discards = [a for a in legal if a["type"] == "discard"]
    if discards:
        kongs = [a for a in legal if a["type"] in ("concealed_kong", "added_kong")]
        if kongs and rng.chance(0.5):
            return kongs[0]
        hand = list(answer["seats"][discards[0]["seat"]]["hand"])
        return min(discards, key=lambda a: looseness(a["tile"], hand))
    for kinds, p in ((("kong", "pung"), 0.5), (("chow",), 0.3)):
        claims = [a for a in legal if a["type"] in kinds]
        if claims and rng.chance(p):
            return claims[rng.below(len(claims))]
    draws = [a for a in legal if a["type"] == "draw"]
    return draws[0] if draws else legal[0]


def fill_in(action: dict[str, Any], table: Table, log: list[dict[str, Any]]) -> dict[str, Any]:
    """The action as pushed: a draw listed with `missing: ["tile"]` (no wall was sent) takes
    the wall's next tile, or its last for a kong's replacement (the seat's own kong just
    before)."""
    missing = action.pop("missing", [])
    if missing != [] and missing != ["tile"]:
        raise DriveError(f"legal lists {action} missing {missing}: this driver fills only tile")
    if missing:
        replacement = bool(log) and log[-1]["seat"] == action["seat"] \
            and log[-1]["type"] in KONGS
        action["tile"] = table.wall.pop() if replacement else table.wall.pop(0)
    return action


def play(client: Client, table: Table, rng: Rng) -> tuple[list[dict[str, Any]], ReplayResponse]:
    """Post the log, push one listed action, again, until every seat's `legal` is empty."""
    log: list[dict[str, Any]] = []
    while True:
        body: ReplayRequest = {**table.body, "actions": log}  # type: ignore[typeddict-item]
        try:
            answer = client.replay(body)
        except ProblemError as problem:  # an action `legal` listed was refused: a bug
            raise DriveError(f"{table.body['variant']}: {problem.status} "
                             f"{compact(problem.errors)} for {compact(body)}") from problem
        action = choose(answer, rng)
        if action is None:
            if answer["status"] != "finished":
                raise DriveError(f"in progress with nothing legal for {compact(body)}")
            return log, answer
        if len(log) == MAX_ACTIONS:
            raise DriveError(f"not ended after {MAX_ACTIONS} actions: {compact(body)}")
        log.append(fill_in(action, table, log))


def summary(table: Table, log: list[dict[str, Any]], answer: ReplayResponse) -> str:
    """The variant's line; no settlement, or deltas that do not sum to zero, is an error
    (with the log, to report)."""
    variant = table.body["variant"]
    settle_request, settlement = answer.get("settle_request"), answer.get("settlement")
    if settle_request is None or settlement is None:
        raise DriveError(f"{variant}: finished without a settlement for "
                         f"{compact({**table.body, 'actions': log})}")
    winners, deltas = settle_request["result"]["winners"], settlement["deltas"]
    if sum(deltas) != 0:
        raise DriveError(f"{variant}: the deltas {compact(deltas)} do not sum to zero for "
                         f"{compact({**table.body, 'actions': log})}")
    return (f"{variant}: {len(log)} actions, {answer['status']}, winners {compact(winners)}, "
            f"deltas {compact(deltas)}")


def compact(value: object) -> str:
    """JSON as JavaScript's JSON.stringify writes it, so both examples print the same."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def drive(client: Client, seed: int) -> None:
    """One round of each variant, each from its own generator (one variant's choices do not
    move another's)."""
    for index, (variant, rules, send_wall) in enumerate(TABLES):
        rng = Rng(seed * 4 + index + 1)
        table = set_up(variant, rules, send_wall, rng)
        log, answer = play(client, table, rng)
        print(summary(table, log, answer), flush=True)


def main(argv: list[str]) -> int:
    url = argv[1] if len(argv) > 1 else os.environ.get("SCORING_URL", "http://localhost:8000")
    seed = argv[2] if len(argv) > 2 else str(SEED)
    if not re.fullmatch(r"[0-9]{1,9}", seed):  # as examples/drive.ts: the same numbers in both
        print(f"the seed is a whole number from 0 to 999999999, not {compact(seed)}",
              file=sys.stderr)
        return 2
    try:
        with Client(url) as client:
            drive(client, int(seed))
    except requests.ConnectionError:
        print(f"no server at {url} — start one with `make run` (or set SCORING_URL)",
              file=sys.stderr)
        return 1
    except DriveError as error:
        print(error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
