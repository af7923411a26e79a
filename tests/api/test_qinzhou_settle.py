"""POST /settle for qinzhou: the seed's two horse examples figure by figure, the §7 formula,
kongs, robbed kongs, 一炮多响, horse limits and every refusal."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.tiles import compact, parse_tiles
from tests.settle_props import check_invariants, check_rotation

# Seed 003 §3.2 例B: 东 (the dealer, seat 0) discards 8s; 南 wins 对对胡, 西 wins 七对.
EXAMPLE_B = {
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

# 例A: 莊胡, the 10 horses 一萬、二萬、四萬、八筒、五條、九條、紅中、發財、二筒、四條.
EXAMPLE_A_HORSES = "一萬二萬四萬八筒五條九條紅中發財二筒四條"
PLAIN = "123m456p789s111sEE"  # 鸡胡, 1 fan
PUNGS = "111m333p555s777sEE"  # 对对胡, 2 fan
FILL_ORDER = [*range(33, 26, -1), *range(26, -1, -1)]  # honours first, then 9s … 1m


def held(player: dict) -> list[int]:
    tiles = parse_tiles(player["hand"]) + parse_tiles(player.get("discards", ""))
    return tiles + [t for m in player.get("melds", []) for t in parse_tiles(m["tiles"])]


def fill(body: dict) -> dict:
    """Give every player left as None 13 tiles nobody else holds (a non-winner's count)."""
    used = Counter(parse_tiles(body.get("horses", "")))
    for player in body["players"]:
        if player is not None:
            used.update(held(player))
    for seat, player in enumerate(body["players"]):
        if player is None:
            tiles: list[int] = []
            while len(tiles) < 13:
                free = [t for t in FILL_ORDER if used[t] < 4]
                for tile in free[:13 - len(tiles)]:
                    tiles.append(tile)
                    used[tile] += 1
            body["players"][seat] = {"hand": compact(tiles)}
    return body


def settle(post, body: dict) -> dict:
    status, answer = post("/settle", body)
    assert status == 200, answer
    check_invariants(answer)
    return answer


def fields(answer: dict) -> list[str]:
    return [e["field"] for e in answer["errors"]]


def round_body(dealer: int, players: list, result: dict, **extra) -> dict:
    """A qinzhou round; a player given as a string is a bare hand, None is filled in."""
    players = [{"hand": p} if isinstance(p, str) else p for p in players]
    return fill({"variant": "qinzhou", "dealer": dealer, "players": players,
                 "result": result, **extra})


def transfers(answer: dict) -> list[tuple[int, int, int, str]]:
    return [(t["from"], t["to"], t["amount"], t["reason"]) for t in answer["ledger"]]


# ---------------------------------------------------------------- seed example B


@pytest.mark.parametrize(("seat", "delta"), [(0, -12), (1, -2), (2, 14), (3, 0)],
                         ids=["003 例B 东 -12 (RULINGS)", "003 例B 南風位 = -2兩",
                              "003 例B 西風位 = 14兩", "003 例B 北 0 (RULINGS)"])
def test_example_b_deltas(post, seat, delta):
    assert settle(post, EXAMPLE_B)["deltas"][seat] == delta


# Each term of the seed's formulas: 南風位 = 1*2 + 1*2*2 + 1*2*2 - 1*2*6; 西風位 = 1*2 + 1*2*6.
DISCARDER_HORSES = "6 horses 1m 5m 9m 1p 5p 9p on the discarder's (seat 0) numbers × 2 fan"
EXAMPLE_B_TERMS = [
    ((0, 1, 2, "hu"), "对对胡: 2 fan × base 1", "003 例B 南 1 * 2（對對胡番值）"),
    ((0, 1, 4, "horse"), "2m 6m on seat 1's numbers × 2 fan",
     "003 例B 南 + 1 * 2（牌形番）* 2（南中的2個馬）"),
    ((0, 1, 4, "horse"), "3m 7m on seat 2's numbers × 2 fan",
     "003 例B 南 + 1 * 2（七對番值）* 2（西中的馬）"),
    ((1, 2, 12, "horse"), DISCARDER_HORSES,
     "003 例B 南 – 1 * 2（西風位胡牌番值）* 6（南輸西的馬）"),
    ((0, 2, 2, "hu"), "七对: 2 fan × base 1", "003 例B 西 1 * 2"),
    ((1, 2, 12, "horse"), DISCARDER_HORSES, "003 例B 西 + 1 * 2 * 6"),
]


@pytest.mark.parametrize(("transfer", "detail", "_"), EXAMPLE_B_TERMS,
                         ids=[t[2] for t in EXAMPLE_B_TERMS])
def test_example_b_each_term(post, transfer, detail, _):
    answer = settle(post, EXAMPLE_B)
    matching = [t for t in answer["ledger"]
                if (t["from"], t["to"], t["amount"], t["reason"]) == transfer
                and detail in t["detail"]]
    assert len(matching) == 1, answer["ledger"]


def test_example_b_ledger_is_exactly_the_seed_terms(post):
    answer = settle(post, EXAMPLE_B)
    assert sorted(transfers(answer)) == sorted([
        (0, 1, 2, "hu"), (0, 2, 2, "hu"), (0, 1, 4, "horse"), (0, 1, 4, "horse"),
        (1, 2, 12, "horse")])
    assert [(w["seat"], w["evaluation"]["fan"]) for w in answer["winners"]] == [(1, 2), (2, 2)]
    assert [p["id"] for p in answer["winners"][0]["evaluation"]["patterns"]] == ["dui_dui_hu"]
    assert [p["id"] for p in answer["winners"][1]["evaluation"]["patterns"]] == ["qi_dui"]
    assert any("seat 1, the first winner after the discarder" in n for n in answer["notes"])


def test_example_b_rotates(post):
    check_rotation(lambda body: settle(post, body), EXAMPLE_B)


def test_example_b_winners_listed_in_any_order(post):
    body = {**EXAMPLE_B, "result": {**EXAMPLE_B["result"], "winners": [2, 1]}}
    assert settle(post, body)["deltas"] == [-12, -2, 14, 0]



# ---------------------------------------------------------------- seed example A, §7 formula


def test_example_a_dealer_self_draw_has_four_horses(post):
    """例A: the dealer's 1/5/9 match 一萬、五條、九條、紅中 → 4 horses; 1 fan × (1 + 4)."""
    body = round_body(0, [PLAIN, None, None, None], {"winners": [0], "win_type": "self_draw"},
                      horses=EXAMPLE_A_HORSES)
    answer = settle(post, body)
    assert answer["deltas"] == [15, -5, -5, -5]
    assert "seat 0 (1/5/9): 1m 5s 9s C" in answer["notes"]


def test_example_a_dealer_on_a_discard(post):
    body = round_body(2, [None, None, PLAIN, None],
                      {"winners": [2], "win_type": "discard", "discarder": 1},
                      horses=EXAMPLE_A_HORSES)
    assert settle(post, body)["deltas"] == [0, -5, 5, 0]


@pytest.mark.parametrize("base", [1, 2, 5])
def test_self_draw_formula(post, base):
    """§7 自摸: 其余三家被扣分記為（番數*底數）+番數*獎馬番數*底數; 2 fan, 3 horses.

    Dealer 1, so seat 2 is the next seat (2/6): 2m 6p 2s hit it, 9m does not."""
    body = round_body(1, [None, None, PUNGS, None], {"winners": [2], "win_type": "self_draw"},
                      horses="2m6p2s9m", rules={"base": base})
    per_payer = 2 * base + 2 * 3 * base
    assert settle(post, body)["deltas"] == [-per_payer, -per_payer, 3 * per_payer, -per_payer]


def test_discard_formula_discarder_alone(post):
    """§7 點炮者被扣分記為（番數*底數）+番數*獎馬番數*底數 (莊家點炮計算方法一樣).

    Dealer 3 discards; seat 1 sits opposite (3/7): 3m 7p 3s hit it; base 2."""
    body = round_body(3, [None, PUNGS, None, None],
                      {"winners": [1], "win_type": "discard", "discarder": 3},
                      horses="3m7p3s2m", rules={"base": 2})
    assert settle(post, body)["deltas"] == [0, 2 * 2 + 2 * 3 * 2, 0, -16]


def test_horses_on_the_discarders_numbers_cost_a_single_winner_nothing(post):
    body = round_body(0, [None, PUNGS, None, None],
                      {"winners": [1], "win_type": "discard", "discarder": 0}, horses="1m5m9m")
    assert settle(post, body)["deltas"] == [-2, 2, 0, 0]


def test_fewer_horses_than_bought_is_the_wall_running_short(post):
    body = round_body(0, [PLAIN, None, None, None], {"winners": [0], "win_type": "self_draw"},
                      horses="1m")
    answer = settle(post, body)
    assert answer["deltas"] == [6, -2, -2, -2]
    assert answer["notes"][0].startswith("奖马: 1 horse flipped of 10 bought (fewer: the "
                                         "wall ran short")


def test_no_horses_given_is_said_as_it_is_not_as_the_wall_running_short(post):
    """A /settle without horses: nothing counted, and the note says the request gave none
    (the wall did not run short: nobody said anything about the wall)."""
    body = round_body(0, [PLAIN, None, None, None], {"winners": [0], "win_type": "self_draw"})
    answer = settle(post, body)
    assert answer["deltas"] == [3, -1, -1, -1]
    assert answer["notes"][0] == "奖马: no horses were given, so none counted (10 bought)"
    assert not any("ran short" in note for note in answer["notes"])
    status, chinese = post("/settle", body, headers={"Accept-Language": "zh"})
    assert status == 200
    assert chinese["notes"][0] == "奖马：买了 10 个马，但没有给出马牌，所以不计马"


def test_no_horses_bought(post):
    body = round_body(0, [PLAIN, None, None, None], {"winners": [0], "win_type": "self_draw"},
                      rules={"horse_count": 0})
    assert settle(post, body)["deltas"] == [3, -1, -1, -1]


def test_thirty_horses(post):
    """最多可以買30個馬: 4 × 1m, 4 × 5m, 2 × 9m hit the dealer (10 horses), 20 others miss."""
    horses = "1111m5555m99m" + "2222m3333m4444m6666m7777m"
    body = round_body(0, ["123s456s789s111pEE", None, None, None],
                      {"winners": [0], "win_type": "self_draw"}, horses=horses,
                      rules={"horse_count": 30})
    assert settle(post, body)["deltas"] == [33, -11, -11, -11]


# ---------------------------------------------------------------- kongs


def kong_players() -> list:
    return [
        {"hand": "123m456p789sW", "melds": [{"type": "kong", "tiles": "9999m", "from": 3}]},
        {"hand": "123p789s678mW", "melds": [{"type": "added_kong", "tiles": "EEEE"}]},
        {"hand": "234m567p89sSS", "melds": [{"type": "concealed_kong", "tiles": "5555s"}]},
        None,
    ]


@pytest.mark.parametrize("base", [1, 3])
def test_every_kong_takes_base_from_each_even_in_a_drawn_round(post, base):
    """§7 杠牌: 其余三家被扣分為（底數），杠牌者得分（底數*3）; 杠牌后直接得分而無須胡牌."""
    body = round_body(0, kong_players(), {"winners": []}, rules={"base": base})
    answer = settle(post, body)
    assert answer["deltas"] == [base, base, base, -3 * base]
    assert all(t["reason"] == "kong" for t in answer["ledger"])
    assert len(answer["ledger"]) == 9
    assert answer["winners"] == []


@pytest.mark.parametrize("seat", [0, 1, 2], ids=["kong", "added_kong", "concealed_kong"])
def test_each_kind_of_kong_earns_three_bases(post, seat):
    answer = settle(post, round_body(0, kong_players(), {"winners": []}, rules={"base": 2}))
    earned = [t for t in answer["ledger"] if t["to"] == seat]
    assert sorted(t["from"] for t in earned) == [s for s in range(4) if s != seat]
    assert all(t["amount"] == 2 for t in earned)


def test_kong_and_kong_replacement_win(post):
    players = kong_players()
    players[2] = {"hand": "234m567p789sSS", "melds": [{"type": "concealed_kong",
                                                        "tiles": "5555s"}]}
    body = round_body(0, players, {"winners": [2], "win_type": "kong_replacement",
                                   "win_tile": "7s"})
    answer = settle(post, body)
    # kongs: +1 +1 +1 -3; 杠上开花 2 fan, self-drawn: seat 2 +6, the others -2 each
    assert answer["deltas"] == [1 - 2, 1 - 2, 1 + 6, -3 - 2]
    assert [p["id"] for p in answer["winners"][0]["evaluation"]["patterns"]] == [
        "gang_shang_kai_hua"]


def test_gang_shang_pao_after_the_discarders_kong(post):
    players = kong_players()
    players[3] = "CCCFFFPPPNN1s1s1s"  # 对对胡, wins on seat 1's N after its added kong
    body = round_body(0, players, {"winners": [3], "win_type": "discard", "discarder": 1,
                                   "win_tile": "N", "flags": {"after_kong_discard": True}})
    answer = settle(post, body)
    # kongs +1 +1 +1 -3; 对对胡 2 + 杠上炮 2 = 4 fan from seat 1
    assert answer["deltas"] == [1, 1 - 4, 1, -3 + 4]


# ---------------------------------------------------------------- robbed kong


def rob_body(robbed_meld: dict | None) -> dict:
    """Seat 1 adds 5p to its pung; seat 3 robs it (the robbed player's melds keep the pung)."""
    robbed = {"hand": "123m456m789sS", "melds": [robbed_meld]} if robbed_meld else None
    return round_body(0, [
        None, robbed,
        {"hand": "234m567m89sSS", "melds": [{"type": "concealed_kong", "tiles": "CCCC"}]},
        "1p2p3p4p5p6p789s111sEE",
    ], {"winners": [3], "win_type": "rob_kong", "discarder": 1, "win_tile": "5p"}, horses="3m")


def test_robbed_kong_the_robbed_player_pays_alone(post):
    answer = settle(post, rob_body({"type": "pung", "tiles": "555p", "from": 0}))
    # seat 2's kong: +3, others -1; 抢杠胡 2 fan paid by seat 1 (3m hits seat 2, no winner)
    assert answer["deltas"] == [-1, -1 - 2, 3, -1 + 2]
    assert (1, 3, 2, "hu") in transfers(answer)
    assert not [t for t in answer["ledger"] if t["reason"] == "kong" and t["to"] == 1]
    assert [p["id"] for p in answer["winners"][0]["evaluation"]["patterns"]] == ["qiang_gang_hu"]


def test_robbed_kong_listed_as_a_kong_is_refused(post):
    status, answer = post("/settle", rob_body({"type": "added_kong", "tiles": "5555p"}))
    assert status == 422
    assert fields(answer) == ["players[1].melds"]
    assert "list it as the pung of 5p" in answer["errors"][0]["message"]


def test_robbed_kong_needs_the_pung(post):
    status, answer = post("/settle", rob_body(None))
    assert status == 422
    assert fields(answer) == ["players[1].melds"]
    assert "no pung of 5p" in answer["errors"][0]["message"]


def test_robbed_kong_needs_the_win_tile(post):
    body = rob_body({"type": "pung", "tiles": "555p", "from": 0})
    del body["result"]["win_tile"]
    status, answer = post("/settle", body)
    assert status == 422
    assert fields(answer) == ["result.win_tile"]


# ---------------------------------------------------------------- 一炮多响


def three_winners(dealer: int, horses: str) -> dict:
    """Seat 2 discards 3s; seats 0 (对对胡 2), 1 (清一色 2) and 3 (鸡胡 1) all win on it."""
    return round_body(dealer, ["111m333p999pEEE33s", "123s456s789s678s99s", None,
                               "345s456m789m222pNN"],
                      {"winners": [0, 1, 3], "win_type": "discard", "discarder": 2,
                       "win_tile": "3s"}, horses=horses)


def test_three_winners_owner_is_first_after_the_discarder(post):
    """Dealer 0: seat 3 (first after seat 2) owns the horses; 4m 8m are its own numbers
    (+2 × 1 from the discarder); 3m is the discarder's (the owner pays seats 0, 1 2 each)."""
    answer = settle(post, three_winners(0, "4m8m3m"))
    assert [w["seat"] for w in answer["winners"]] == [3, 0, 1]
    assert [w["evaluation"]["fan"] for w in answer["winners"]] == [1, 2, 2]
    assert answer["deltas"] == [2 + 2, 2 + 2, -(2 + 2 + 1) - 2, 1 + 2 - 2 - 2]


def test_three_winners_rotate(post):
    check_rotation(lambda b: settle(post, b), three_winners(1, "4m8m3m1p2pE"))


def test_the_shared_discard_is_one_tile_for_the_four_copies(post):
    """例B with 北 holding the fourth 8s: 南 and 西 both hold the one discarded 8s."""
    players = [*EXAMPLE_B["players"][:3], {"hand": "CCCFFFPPP999s8s"}]
    assert settle(post, {**EXAMPLE_B, "players": players})["deltas"] == [-12, -2, 14, 0]


def test_two_winners_rob_one_kong(post):
    """Seat 1's added 5p is robbed by seats 2 and 3; seat 2 (first after seat 1) owns the
    horses, and 3m is on its numbers (dealer 0: seat 2 is 3/7)."""
    body = round_body(0, [
        None,
        {"hand": "123m456m789sS", "melds": [{"type": "pung", "tiles": "555p", "from": 0}]},
        "456p234m567m789mSS",
        "1p2p3p4p5p6p789s111sEE",
    ], {"winners": [3, 2], "win_type": "rob_kong", "discarder": 1, "win_tile": "5p"},
        horses="3m")
    answer = settle(post, body)
    assert [w["seat"] for w in answer["winners"]] == [2, 3]
    assert answer["deltas"] == [0, -(2 + 2 + 2), 2 + 2, 2]
    check_rotation(lambda b: settle(post, b), body)


# ---------------------------------------------------------------- refusals


def test_horses_beyond_thirty_are_refused_precisely(post):
    status, answer = post("/settle", {**EXAMPLE_B, "horses": ["1m"] * 31})
    assert status == 422
    assert fields(answer) == ["horses"]
    assert answer["errors"][0]["message"] == (
        "at most 30 horses (奖马) can be flipped (seed 003: 最多可以買30個馬), got 31; "
        "send the tiles actually flipped, 0-30")


def test_horses_beyond_the_option_are_refused(post):
    status, answer = post("/settle", {**EXAMPLE_B, "rules": {"horse_count": 5}})
    assert status == 422
    assert fields(answer) == ["horses"]
    assert "10 horses (奖马) given but the table buys 5" in answer["errors"][0]["message"]


def test_horses_when_none_are_bought(post):
    status, answer = post("/settle", {**EXAMPLE_B, "rules": {"horse_count": 0}})
    assert status == 422
    assert "the table buys 0" in answer["errors"][0]["message"]


def test_horses_in_a_drawn_round_are_refused(post):
    status, answer = post("/settle", round_body(0, kong_players(), {"winners": []},
                                                horses="1s"))
    assert status == 422
    assert fields(answer) == ["horses"]
    assert "only when a player wins" in answer["errors"][0]["message"]


def test_horse_copies_count_against_the_four(post):
    status, answer = post("/settle", {**EXAMPLE_B, "horses": "8s8s"})  # 3 held + 2
    assert status == 422
    assert fields(answer) == ["horses"]
    assert "5 copies of 8s" in answer["errors"][0]["message"]


@pytest.mark.parametrize("event", [{"type": "follow_dealer", "rounds": 1},
                                   {"type": "false_win", "seat": 2}])
def test_events_are_refused(post, event):
    status, answer = post("/settle", {**EXAMPLE_B, "events": [event]})
    assert status == 422
    assert fields(answer) == ["events[0].type"]


def test_a_winner_without_a_winning_hand(post):
    body = round_body(0, ["123m456p789s11sESW", None, None, None],
                      {"winners": [0], "win_type": "self_draw"})
    status, answer = post("/settle", body)
    assert status == 422
    assert fields(answer) == ["players[0].hand"]
    assert "do not form a winning hand" in answer["errors"][0]["message"]


def test_earthly_shared_by_several_winners(post):
    # RULINGS (added qinzhou ruling): several winners on one discard may each hold 地胡;
    # result.flags is every winner's. Example B with 地胡 2 for both: 南 4 fan, 西 4 fan.
    # hu: 0 → 1 4, 0 → 2 4; horses (owner seat 1): 2 on 南 × 4 = 8 and 2 on 西 × 4 = 8 from
    # the discarder; 6 on 东 (the discarder) × 4: seat 1 pays seat 2 24.
    # seat 0: −4 −4 −8 −8 = −24 · seat 1: +4 +8 +8 −24 = −4 · seat 2: +4 +24 = +28
    body = {**EXAMPLE_B, "result": {**EXAMPLE_B["result"], "flags": {"earthly": True}}}
    answer = settle(post, body)
    assert answer["deltas"] == [-24, -4, 28, 0]
    assert [w["evaluation"]["fan"] for w in answer["winners"]] == [4, 4]


def test_gang_shang_pao_needs_the_discarders_kong(post):
    body = {**EXAMPLE_B, "result": {**EXAMPLE_B["result"],
                                    "flags": {"after_kong_discard": True}}}
    status, answer = post("/settle", body)
    assert status == 422
    assert fields(answer) == ["result.flags.after_kong_discard"]
    assert "players[0].melds lists none" in answer["errors"][0]["message"]


@pytest.mark.parametrize(("result", "field"), [
    ({"winners": [1], "win_type": "self_draw", "flags": {"heavenly": True}},
     "result.flags.heavenly"),
    ({"winners": [0], "win_type": "self_draw", "flags": {"earthly": True}},
     "result.flags.earthly"),
    ({"winners": [0], "win_type": "discard", "discarder": 1, "flags": {"last_tile": True}},
     "result.flags.last_tile"),
    ({"winners": [0], "win_type": "kong_replacement"}, "result.win_type"),
], ids=["heavenly_non_dealer", "earthly_dealer", "last_tile_discard", "replacement_no_kong"])
def test_flag_contradictions(post, result, field):
    players: list = [None] * 4
    players[result["winners"][0]] = PLAIN
    status, answer = post("/settle", round_body(0, players, result))
    assert status == 422, answer
    assert fields(answer) == [field]


def test_heavenly_dealer_self_draw(post):
    body = round_body(0, [PLAIN, None, None, None],
                      {"winners": [0], "win_type": "self_draw", "flags": {"heavenly": True}})
    assert settle(post, body)["deltas"] == [12, -4, -4, -4]


def test_earthly_non_dealer_on_a_discard(post):
    body = round_body(0, [None, PLAIN, None, None],
                      {"winners": [1], "win_type": "discard", "discarder": 3,
                       "flags": {"earthly": True}})
    assert settle(post, body)["deltas"] == [0, 2, 0, -2]
