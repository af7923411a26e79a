"""Request examples shown in openapi.yaml, one list per operation.

``make openapi`` sends each example to the app and records the real answer next to it (under
the status it got), and a test replays every example against the app and compares. So the
examples in the contract are never hand-written guesses: they are what the service answers.
"""

from __future__ import annotations

from typing import Any

Example = tuple[str, str, dict[str, Any]]  # (name, summary, request body)

EVALUATE: list[Example] = [
    ("winning_hand", "A complete hand of 14 tiles: scored, with its best reading",
     {"variant": "qinzhou", "hand": "123m456p789s111sEE"}),
    ("waiting_hand", "13 tiles: one short, answered with the waits and what each is worth",
     {"variant": "qinzhou", "hand": "1112345678999m"}),
    ("wild_jing", "xingguo: the indicator 4p makes 4p (正精) and 5p (副精) wild",
     {"variant": "xingguo", "hand": "123m456p789s1sEEE5p", "jing": {"indicator": "4p"}}),
    ("meld_and_discard", "guangdong: a claimed pung of 红中 and a win on a discard",
     {"variant": "guangdong", "hand": "123m456p789s11s",
      "melds": [{"type": "pung", "tiles": "CCC", "from": 2}],
      "win_tile": "1s", "win_type": "discard", "seat_wind": "S", "round_wind": "E"}),
    ("chinese_names", "Tiles given by Chinese name; answers always use the codes",
     {"variant": "nanchang",
      "hand": ["一万", "二万", "三万", "五筒", "五筒", "五筒", "七条", "八条", "九条",
               "东", "南", "西", "红中", "红中"],
      "jing": {"indicator": "9m"}}),
    ("unknown_tile", "A tile that cannot be read: 422 naming the field and the position",
     {"variant": "qinzhou", "hand": "123m456p789s111sEX"}),
]

_FOUR_HANDS = [
    {"hand": "123m456p789s111sEE"},
    {"hand": "1112345678999p"},
    {"hand": "2233445566778s"},
    {"hand": "SSSWWWNNNCCFF"},
]

SETTLE: list[Example] = [
    ("self_draw", "guangdong: seat 0 (the dealer) wins by self-draw",
     {"variant": "guangdong", "dealer": 0, "players": _FOUR_HANDS,
      "result": {"winners": [0], "win_tile": "E", "win_type": "self_draw"}}),
    ("drawn_round", "qinzhou: nobody won (荒庄)",
     {"variant": "qinzhou", "dealer": 1,
      "players": [{"hand": "123m456p789s11sEE"}, *_FOUR_HANDS[1:]],
      "result": {"winners": []}}),
    ("winner_is_discarder", "A winner who also discarded the winning tile: 422",
     {"variant": "qinzhou", "dealer": 0, "players": _FOUR_HANDS,
      "result": {"winners": [0], "win_tile": "E", "win_type": "discard", "discarder": 0}}),
]

_W = "123m456p789s111s99m"  # a winner: four sets and a pair, no pattern
_W13 = "123m456p789s111s9m"  # the same, 13 tiles (a drawn round)
_OTHERS = ["1112345678999p", "2233445566778s", "EEEWWWNNNCCFF"]


def _seated(winner: int, hand: str = _W) -> list[dict[str, Any]]:
    """The winner's hand at its seat, the three others filling the rest in order."""
    others = iter(_OTHERS)
    return [{"hand": hand if seat == winner else next(others)} for seat in range(4)]


def _dealt(players: list[dict[str, Any]], dealt: list[str]) -> list[dict[str, Any]]:
    return [{**p, "dealt": d} for p, d in zip(players, dealt, strict=True)]


_GUANGDONG_ROUNDS = [
    {"players": _seated(0), "result": {"winners": [0], "win_tile": "9m",
                                       "win_type": "self_draw"}},
    {"players": _seated(0, _W13), "result": {"winners": []}},
    {"players": _seated(1), "result": {"winners": [1], "win_tile": "9m",
                                       "win_type": "discard", "discarder": 3}},
    {"players": _seated(2), "result": {"winners": [2], "win_tile": "9m",
                                       "win_type": "self_draw"}},
]

MATCH: list[Example] = [
    ("guangdong_match", "guangdong: the dealer wins and keeps the deal, a drawn round, then "
     "the deal passes after each non-dealer's win",
     {"variant": "guangdong", "dealer": 0, "rounds": _GUANGDONG_ROUNDS}),
    ("nanchang_floors", "nanchang 爬楼梯 and 回头一笑: the dealer's streak climbs the floors, "
     "and each round's 上精 is scored on the next round's dealt hands",
     {"variant": "nanchang", "dealer": 0, "rules": {"pa_lou_ti": "man_shang_man_xia"},
      "rounds": [
          {"players": _seated(0), "jing": {"indicator": "5m"},
           "result": {"winners": [0], "win_tile": "9m", "win_type": "self_draw"}},
          {"players": _dealt(_seated(0), ["123m99m111s789sS5mP", *_OTHERS]),
           "jing": {"indicator": "7m"},
           "result": {"winners": [0], "win_tile": "9m", "win_type": "self_draw"}},
          {"players": _dealt(_seated(1), ["1112345678999pP", "123m99m111s789sSS",
                                          *_OTHERS[1:]]),
           "jing": {"indicator": "4m"},
           "result": {"winners": [1], "win_tile": "9m", "win_type": "discard",
                      "discarder": 2}}]}),
    ("dealer_disagrees", "A round that states a dealer other than the rotation's: 422",
     {"variant": "guangdong", "dealer": 0,
      "rounds": [*_GUANGDONG_ROUNDS[:3], {**_GUANGDONG_ROUNDS[3], "dealer": 2}]}),
]

JING: list[Example] = [
    ("indicator_only", "xingguo: which tiles the flipped 5p makes 正精 and 副精",
     {"variant": "xingguo", "indicator": "5p"}),
    ("with_players", "nanchang: 上精 and 下精 with every seat's tiles, and the jing payments",
     {"variant": "nanchang", "indicator": "3s", "lower_indicator": "7p", "dealer": 0,
      "players": [{"hand": "123m456p789s4s4sEE"}, {"hand": "1112345678999p"},
                  {"hand": "2233445566778s"}, {"hand": "SSSWWWNNNCCFF"}]}),
    ("no_jing_in_variant", "guangdong has no jing: 422",
     {"variant": "guangdong", "indicator": "5p"}),
]

ADVISE: list[Example] = [
    ("must_discard", "guangdong: 14 tiles, each discard with its shanten and 进张; the best "
     "one leaves the hand ready, with what each wait pays",
     {"variant": "guangdong", "hand": "123m456p789s11sEEN", "seat_wind": "S",
      "visible": "1sEN9m9m"}),
    ("after_a_discard", "qinzhou: 13 tiles, their shanten and 进张 alone",
     {"variant": "qinzhou", "hand": "1122m3344p56s7sEF"}),
    ("wild_jing", "xingguo: the flipped 4s makes 4s and 5s jing, wild; throwing 6s leaves "
     "the hand ready, the jing standing in",
     {"variant": "xingguo", "hand": "123m456m78m12p5s6sEE", "jing": {"indicator": "4s"}}),
    ("five_copies", "A fifth copy counted with what the player sees: 422 naming visible",
     {"variant": "qinzhou", "hand": "1112345678999mE", "visible": "1m1m"}),
]

# A guangdong round (seat 3 deals): a pung of 东, a chow, a second pung, and seat 2 wins on
# seat 3's 北. The draws name their tiles, so the wall is given by its size alone.
_ROUND_ACTIONS: list[dict[str, Any]] = [
    {"seat": 3, "type": "discard", "tile": "8s"}, {"seat": 0, "type": "draw", "tile": "5s"},
    {"seat": 0, "type": "discard", "tile": "E"}, {"seat": 2, "type": "pung", "tile": "E"},
    {"seat": 2, "type": "discard", "tile": "2m"}, {"seat": 3, "type": "chow", "tiles": "123m"},
    {"seat": 3, "type": "discard", "tile": "W"}, {"seat": 0, "type": "draw", "tile": "1m"},
    {"seat": 0, "type": "discard", "tile": "6m"}, {"seat": 1, "type": "draw", "tile": "9p"},
    {"seat": 1, "type": "discard", "tile": "8m"}, {"seat": 2, "type": "draw", "tile": "3p"},
    {"seat": 2, "type": "discard", "tile": "9m"}, {"seat": 3, "type": "draw", "tile": "3p"},
    {"seat": 3, "type": "discard", "tile": "3p"}, {"seat": 2, "type": "pung", "tile": "3p"},
    {"seat": 2, "type": "discard", "tile": "1s"}, {"seat": 3, "type": "draw", "tile": "N"},
    {"seat": 3, "type": "discard", "tile": "N"}, {"seat": 2, "type": "win"},
]
_ROUND: dict[str, Any] = {
    "variant": "guangdong", "dealer": 3, "wall_size": 70,
    "deal": ["356m11789p1336sE", "1338m578p4467sCF", "29m3678p1678sEEN", "13445m679p22248sW"],
}

REPLAY: list[Example] = [
    ("finished_round", "guangdong: a whole round from its log, settled; posting its "
     "settle_request to /settle gives the same settlement",
     {**_ROUND, "actions": _ROUND_ACTIONS}),
    ("in_progress", "The same round after seat 0's 东: whose turn, the seats, and every "
     "seat's legal actions (seat 2 may pung the 东)",
     {**_ROUND, "actions": _ROUND_ACTIONS[:3]}),
    ("illegal_chow", "Seat 1 chows seat 3's 8s: only the next seat (seat 0) may; a 422 on "
     "actions[1] naming the rule and the seed line",
     {**_ROUND, "actions": [_ROUND_ACTIONS[0], {"seat": 1, "type": "chow", "tiles": "678s"}]}),
]

ADVISE += [
    ("expected", "guangdong: the same 14 tiles with expected values: each discard's chance to "
     "win by its own draws and what it collects on average, ordered by the objective",
     {"variant": "guangdong", "hand": "123m456p789s11sEEN", "seat_wind": "S",
      "visible": "1sEN9m9m", "expected": True, "draws_left": 10}),
    ("log_mode", "Log mode: the example round after seat 3 throws 3p, advised for seat 2: "
     "its pung of 3p and its pass, each valued",
     {"log": {**_ROUND, "actions": _ROUND_ACTIONS[:15]}, "seat": 2}),
]

REVIEW: list[Example] = [
    ("one_seat", "The example round reviewed for its winner, seat 2: each decision, the best "
     "action, both values and the loss, and a summary",
     {**_ROUND, "actions": _ROUND_ACTIONS, "seat": 2}),
]

POST_EXAMPLES: dict[str, list[Example]] = {
    "/evaluate": EVALUATE, "/settle": SETTLE, "/match": MATCH, "/jing": JING,
    "/advise": ADVISE, "/replay": REPLAY, "/review": REVIEW,
}

# GET operations whose answer is recorded as an example (stable, no per-request values).
GET_EXAMPLES: dict[str, str] = {
    "/variants": "The four variants with their shapes and rule options",
    "/healthz": "Alive",
    "/readyz": "Ready",
}
