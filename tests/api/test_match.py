"""POST /match: hand-worked matches of every variant, with exact totals, and the 422s.

The same four hands are moved between the seats from round to round (they share no tile
kind that matters):

* ``W`` 123m 456p 789s 111s 99m, the winner (14 tiles): four sets and a pair, no pattern;
* ``A`` 1112345678999p, ``B`` 2233445566778s, ``C`` EEEWWWNNNCCFF (13 tiles each).

Each round's deltas are worked out in its comment, then the running totals.
"""

from __future__ import annotations

import copy
import json

import pytest

from app import views
from rules.tiles import CODES, parse_tiles
from tests.settle_props import check_invariants

W = "123m456p789s111s99m"
W13 = "123m456p789s111s9m"  # W less one 9m: a drawn round's 13 tiles
W_S = "123m456p789sSSS99m"  # W with a pung of 南 S for 111s (guangdong's 风圈 round)
A, B, C = "1112345678999p", "2233445566778s", "EEEWWWNNNCCFF"


def seats(**at: str) -> list[dict]:
    """Four players: the hands named by seat (``s0=W``), A, B, C filling the others."""
    fill = iter(h for h in (A, B, C) if h not in at.values())
    return [{"hand": at.get(f"s{s}") or next(fill)} for s in range(4)]


def self_draw(seat: int, tile: str = "9m") -> dict:
    return {"winners": [seat], "win_tile": tile, "win_type": "self_draw"}


def discard(seats_won: list[int], discarder: int, tile: str = "9m") -> dict:
    return {"winners": seats_won, "win_tile": tile, "win_type": "discard",
            "discarder": discarder}


DRAWN = {"winners": []}


def play(post, body: dict, status: int = 200) -> dict:
    code, answer = post("/match", body)
    assert code == status, answer
    if status == 200:
        for entry in answer["rounds"]:
            check_invariants(entry)
        assert sum(answer["totals"]) == 0
    return answer


def column(answer: dict, key: str) -> list:
    return [entry[key] for entry in answer["rounds"]]


# ---------------------------------------------------------------------------- guangdong

GUANGDONG = {"variant": "guangdong", "dealer": 0, "rounds": [
    {"players": seats(s0=W), "result": self_draw(0)},
    {"players": seats(s0=W13), "result": DRAWN},
    {"players": seats(s1=W), "result": discard([1], 3)},
    {"players": seats(s2=W), "result": self_draw(2)},
    {"players": seats(s3=W), "result": discard([3], 0)},
    {"players": seats(s0=W), "result": self_draw(0)},
    {"players": seats(s0=W_S), "result": discard([0], 1)},
]}


def test_guangdong_streak_draw_rotation_and_a_turned_round_wind(post):
    """Score = 1 × 2^fan (base 1); W is 鸡和, 0 fan; 自摸 +1. Who deals (seed 004 四):
    r0 dealer 0 self-draws: 1 fan = 2 from each: [+6, -2, -2, -2]; it keeps the deal.
    r1 drawn (流局): nothing paid; dealer 0 keeps the deal.
    r2 seat 1 wins on seat 3's discard: 0 fan = 1 from seat 3: [0, +1, 0, -1]; deal to 1.
    r3 seat 2 self-draws: 2 from each: [-2, -2, +6, -2]; deal to 2.
    r4 seat 3 wins on seat 0's discard: [-1, 0, 0, +1]; deal to 3.
    r5 seat 0 self-draws: [+6, -2, -2, -2]; the deal passes from 3, the wind's fourth
       dealer, back to 0, the match's first: the round wind turns 东 → 南.
    r6 (南 round) dealer 0 wins on seat 1's discard holding SSS: 鸡和 0 + 风圈 1 (its
       seat wind is 东, so no 门风) = 1 fan = 2 from seat 1: [+2, -2, 0, 0].
    Totals: [6,-2,-2,-2] → same → [6,-1,-2,-3] → [4,-3,4,-5] → [3,-3,4,-4] →
    [9,-5,2,-6] → [11,-7,2,-6]."""
    answer = play(post, GUANGDONG)
    assert column(answer, "dealer") == [0, 0, 0, 1, 2, 3, 0]
    assert column(answer, "round_wind") == ["E"] * 6 + ["S"]
    assert column(answer, "deltas") == [
        [6, -2, -2, -2], [0, 0, 0, 0], [0, 1, 0, -1], [-2, -2, 6, -2], [-1, 0, 0, 1],
        [6, -2, -2, -2], [2, -2, 0, 0]]
    assert column(answer, "totals") == [
        [6, -2, -2, -2], [6, -2, -2, -2], [6, -1, -2, -3], [4, -3, 4, -5], [3, -3, 4, -4],
        [9, -5, 2, -6], [11, -7, 2, -6]]
    assert answer["totals"] == [11, -7, 2, -6]
    assert answer["standings"] == [{"seat": 0, "total": 11, "rank": 1},
                                   {"seat": 2, "total": 2, "rank": 2},
                                   {"seat": 3, "total": -6, "rank": 3},
                                   {"seat": 1, "total": -7, "rank": 4}]
    last = answer["rounds"][6]["winners"][0]["evaluation"]
    assert "quan_feng" in [p["id"] for p in last["patterns"]]
    assert column(answer, "floor") == [None] * 7
    assert column(answer, "carried_jing") == [{}] * 7


def test_guangdong_the_same_round_alone_in_the_east_wind_has_no_round_wind_fan(post):
    """r6 of the match above settled on its own (round wind 东): SSS is no 风圈, 0 fan,
    1 from seat 1 where the match's 南 round took 2."""
    body = {"variant": "guangdong", "dealer": 0, **GUANGDONG["rounds"][6]}
    status, answer = post("/settle", body)
    assert status == 200 and answer["deltas"] == [1, -1, 0, 0]


def test_guangdong_a_match_may_start_in_another_round_wind(post):
    """round_wind N for the first round: after the deal has gone round it is 东 again
    (北 → 东). Four non-dealer wins on discards pass the deal 0 → 1 → 2 → 3 → 0."""
    rounds = [{"players": seats(**{f"s{(d + 1) % 4}": W}), "result": discard([(d + 1) % 4], d)}
              for d in range(4)] + [{"players": seats(s0=W), "result": self_draw(0)}]
    answer = play(post, {"variant": "guangdong", "dealer": 0, "round_wind": "N",
                         "rounds": rounds})
    assert column(answer, "dealer") == [0, 1, 2, 3, 0]
    assert column(answer, "round_wind") == ["N", "N", "N", "N", "E"]


def test_guangdong_yi_pao_duo_xiang_with_the_dealer_among_the_winners_keeps_the_deal(post):
    """Seat 2 discards 9m; seats 0 (the dealer) and 3 both win on it (一炮多响, seed 004:
    包括庄家在内和牌，下一轮庄家继续当庄). Each is 鸡和 0 fan, 1 from the discarder:
    [+1, 0, -2, +1]. The next round's dealer is still 0."""
    players = [{"hand": W}, {"hand": "EEESSSWWWNNNF"}, {"hand": "CCCFFFPPP4m4m5m5m"},
               {"hand": "123p789p456s222s99m"}]  # seat 3 also waits on 9m
    rounds = [{"players": players, "result": discard([0, 3], 2)},
              {"players": seats(s0=W), "result": self_draw(0)}]
    answer = play(post, {"variant": "guangdong", "dealer": 0, "rounds": rounds})
    assert answer["rounds"][0]["deltas"] == [1, 0, -2, 1]
    assert column(answer, "dealer") == [0, 0]


def test_a_round_that_states_another_dealer_is_a_422_naming_it_and_both_seats(post):
    rounds = [dict(r) for r in GUANGDONG["rounds"]]
    rounds[3] = {**rounds[3], "dealer": 2}
    answer = play(post, {**GUANGDONG, "rounds": rounds}, 422)
    assert [e["field"] for e in answer["errors"]] == ["rounds[3].dealer"]
    message = answer["errors"][0]["message"]
    assert "gives seat 1" in message and "states seat 2" in message
    assert "rounds[2]" in message  # why: seat 1 won round 2 and the deal passed


def test_a_round_that_states_the_rotations_dealer_and_wind_is_settled(post):
    rounds = [dict(r) for r in GUANGDONG["rounds"]]
    rounds[3] = {**rounds[3], "dealer": 1}
    rounds[6] = {**rounds[6], "dealer": 0, "round_wind": "S"}
    answer = play(post, {**GUANGDONG, "rounds": rounds})
    assert answer["totals"] == [11, -7, 2, -6]


def test_a_round_that_states_another_round_wind_is_a_422(post):
    rounds = [dict(r) for r in GUANGDONG["rounds"]]
    rounds[6] = {**rounds[6], "round_wind": "E"}
    answer = play(post, {**GUANGDONG, "rounds": rounds}, 422)
    assert answer["errors"][0]["field"] == "rounds[6].round_wind"
    assert "S here" in answer["errors"][0]["message"]


def test_one_bad_round_is_one_422_naming_it_and_no_partial_answer(post):
    rounds = [dict(r) for r in GUANGDONG["rounds"]]
    rounds[5] = {**rounds[5], "players": [{"hand": W}, {"hand": A}, {"hand": "22334455s"},
                                          {"hand": C}]}
    answer = play(post, {**GUANGDONG, "rounds": rounds}, 422)
    assert [e["field"] for e in answer["errors"]] == ["rounds[5].players[2].hand"]
    assert "rounds" not in answer and "totals" not in answer


def test_an_unreadable_tile_names_the_round_the_player_and_the_field(post):
    rounds = [dict(r) for r in GUANGDONG["rounds"]]
    rounds[4] = {**rounds[4], "players": [{"hand": W}, {"hand": A}, {"hand": "12X"},
                                          {"hand": C}]}
    answer = play(post, {**GUANGDONG, "rounds": rounds}, 422)
    assert [e["field"] for e in answer["errors"]] == ["rounds[4].players[2].hand"]


@pytest.mark.parametrize(("body", "field"), [
    ({"variant": "guangdong", "dealer": 0, "rounds": []}, "rounds"),
    ({"variant": "guangdong", "dealer": 0, "rounds": [GUANGDONG["rounds"][0]] * 65},
     "rounds"),
    ({"variant": "guangdong", "rounds": GUANGDONG["rounds"]}, "dealer"),
    ({"variant": "guangdong", "dealer": 0, "round_wind": "C", "rounds": GUANGDONG["rounds"]},
     "round_wind"),
    ({**GUANGDONG, "rules": {"floor": 2}}, "rules.floor"),
    ({**GUANGDONG, "rounds": [{**GUANGDONG["rounds"][0], "variant": "guangdong"}]},
     "rounds[0].variant"),
])
def test_match_level_mistakes_are_422s_naming_the_field(post, body, field):
    answer = play(post, body, 422)
    assert field in [e["field"] for e in answer["errors"]], answer


def test_a_full_game_of_64_rounds_is_accepted_and_the_limit_is_documented(post):
    """64 rounds, a non-dealer's win on every one: the deal goes round the table 16 times,
    and the round wind turns every fourth round, 东 南 西 北 and again."""
    rounds = [{"players": seats(**{f"s{(d + 1) % 4}": W}), "result": discard([(d + 1) % 4], d)}
              for d in [n % 4 for n in range(64)]]
    answer = play(post, {"variant": "guangdong", "dealer": 0, "rounds": rounds})
    assert len(answer["rounds"]) == 64
    assert column(answer, "round_wind") == [w for w in "ESWN" * 4 for _ in range(4)]
    # every round one point from the discarder d to d + 1: after 64 rounds, each seat has
    # paid 16 and collected 16
    assert answer["totals"] == [0, 0, 0, 0]


# ---------------------------------------------------------------------------- qinzhou

QINZHOU_W2 = "123p789p456s222s99m"  # a second winner on 9m (one discard, two winners)
QINZHOU = {"variant": "qinzhou", "dealer": 0, "rules": {"horse_count": 5}, "rounds": [
    {"players": seats(s2=W), "result": self_draw(2), "horses": ["3m", "7p", "1s"]},
    {"players": seats(s2=W), "result": discard([2], 1), "horses": ["1m", "2m"]},
    {"players": [{"hand": A}, {"hand": "2233445566s",
                               "melds": [{"type": "concealed_kong", "tiles": "PPPP"}]},
                 {"hand": W13}, {"hand": C}], "result": DRAWN},
    {"players": [{"hand": W}, {"hand": QINZHOU_W2}, {"hand": C}, {"hand": A}],
     "result": discard([1, 0], 2), "horses": ["3p"]},
    {"players": seats(s3=W), "result": self_draw(3)},
]}


def test_qinzhou_the_winner_deals_and_the_horse_numbers_follow_the_dealer(post):
    """W is 鸡胡, 1 fan; base 1; each payer pays fan × base × (1 + horses on the winner's
    numbers), the numbers counted from the dealer (dealer 1/5/9, next 2/6, opposite 3/7,
    last 4/8). 搶莊制 (seed 003 行牌規則 1b): a non-dealer's win makes the winner deal.
    r0 dealer 0; seat 2 (opposite: 3/7) self-draws; horses 3m 7p hit it, 1s is the
       dealer's: 1 × (1 + 2) = 3 from each: [-3, -3, +9, -3]. Seat 2 deals next.
    r1 dealer 2 (now 1/5/9); it wins on seat 1's discard; 1m is its number now, 2m is
       seat 3's: 1 × (1 + 1) = 2 from seat 1: [0, -2, +2, 0]. It keeps the deal.
    r2 drawn (荒庄); seat 1's concealed kong still takes base 1 from each: [-1, +3, -1, -1].
       Dealer 2 keeps the deal.
    r3 dealer 2 discards 9m, seats 1 and 0 win on it (一炮多响). Each collects its own
       1 fan from the discarder; seat 0 (offset 2 after the discarder, before seat 1 at
       3) owns the horses: 3p is on its own numbers (opposite the dealer: 3/7), so it
       collects its 1 fan once more: [+2, +1, -3, 0]. Seat 0, the first winner after the
       discarder, deals next.
    r4 dealer 0; seat 3 self-draws, no horses: 1 from each: [-1, -1, -1, +3].
    Totals: [-3,-3,9,-3] → [-3,-5,11,-3] → [-4,-2,10,-4] → [-2,-1,7,-4] → [-3,-2,6,-1]."""
    answer = play(post, QINZHOU)
    assert column(answer, "dealer") == [0, 2, 2, 2, 0]
    assert column(answer, "deltas") == [[-3, -3, 9, -3], [0, -2, 2, 0], [-1, 3, -1, -1],
                                         [2, 1, -3, 0], [-1, -1, -1, 3]]
    assert column(answer, "totals") == [[-3, -3, 9, -3], [-3, -5, 11, -3], [-4, -2, 10, -4],
                                         [-2, -1, 7, -4], [-3, -2, 6, -1]]
    assert answer["totals"] == [-3, -2, 6, -1]
    assert [s["seat"] for s in answer["standings"]] == [2, 3, 1, 0]
    assert column(answer, "round_wind") == [None] * 5


def test_qinzhou_dealer_passes_on_a_drawn_round_when_the_table_says_so(post):
    """rules.dealer_passes_on_draw: after r2's 荒庄 seat 3 deals r3 instead of seat 2; the
    horse 3p of r3 is then seat 1's number (opposite 3: 3/7), and seat 0 still owns the
    horses (first winner after the discarder 2), so it collects seat 1's 1 fan for it:
    r3 [+2, +1, -3, 0] all the same, and r4's dealer is 0 again."""
    body = {**QINZHOU, "rules": {"horse_count": 5, "dealer_passes_on_draw": True}}
    answer = play(post, body)
    assert column(answer, "dealer") == [0, 2, 2, 3, 0]
    assert answer["rounds"][3]["deltas"] == [2, 1, -3, 0]


# ---------------------------------------------------------------------------- xingguo

XINGGUO = {"variant": "xingguo", "dealer": 1, "rounds": [
    {"players": seats(s1=W), "result": self_draw(1), "jing": {"indicator": "5m"}},
    {"players": seats(s1=W13), "result": DRAWN, "jing": {"indicator": "5m"}},
    {"players": seats(s3=W), "result": discard([3], 0), "jing": {"indicator": "7m"},
     "events": [{"type": "follow_dealer", "rounds": 1}]},
    {"players": seats(s0=W), "result": self_draw(0), "jing": {"indicator": "4m"},
     "dealer": 2},
]}


def test_xingguo_streak_void_draw_and_rotation(post):
    """No player holds a jing of any indicator (5m/6m, 7m/8m, 4m/5m): every win is 平胡
    B = 1 with 霸胡 ×2, and 德国 (each payer ×2, +5 from each responsible payer).
    r0 dealer 1 self-draws: each payer 1 × 2 自摸 × 2 庄家 × 2 霸胡 = 8, 德国 16 + 5 = 21:
       [-21, +63, -21, -21]; the dealer keeps the deal.
    r1 drawn (和牌): void, [0, 0, 0, 0]; the dealer keeps the deal.
    r2 seat 3 wins on seat 0's discard: seat 0 1 × 2 点炮 × 2 霸胡 = 4, 德国 8 + 5 = 13;
       seat 1 (dealer) 1 × 2 庄家 × 2 = 4 → 8; seat 2 1 × 2 = 2 → 4: seat 3 +25. 跟庄 ×1:
       the dealer pays 5 to each: [-13 + 5, -8 - 15, -4 + 5, 25 + 5] = [-8, -23, +1, +30].
       The deal passes to seat 2.
    r3 (stating dealer 2) seat 0 self-draws: seats 1 and 3 pay 1 × 2 × 2 = 4 → 8 + 5 = 13,
       seat 2 (dealer) 1 × 2 × 2 × 2 = 8 → 16 + 5 = 21: [+47, -13, -21, -13].
    Totals: [-21,63,-21,-21] → same → [-29,40,-20,9] → [18,27,-41,-4]."""
    answer = play(post, XINGGUO)
    assert column(answer, "dealer") == [1, 1, 1, 2]
    assert column(answer, "deltas") == [[-21, 63, -21, -21], [0, 0, 0, 0], [-8, -23, 1, 30],
                                         [47, -13, -21, -13]]
    assert answer["totals"] == [18, 27, -41, -4]
    assert column(answer, "carried_jing") == [{}] * 4  # xingguo has no 回头一笑


def test_xingguo_dealer_passes_on_a_drawn_round_when_the_table_says_so(post):
    """With rules.dealer_passes_on_draw the 和牌 of r1 passes the deal to seat 2, so r2 is
    dealt by 2 and r3's stated dealer 2 disagrees with the rotation (seat 3): a 422."""
    body = {**XINGGUO, "rules": {"dealer_passes_on_draw": True}}
    answer = play(post, body, 422)
    assert answer["errors"][0]["field"] == "rounds[3].dealer"
    assert "gives seat 3" in answer["errors"][0]["message"]


# ---------------------------------------------------------------------------- nanchang

DW = "123m99m111s789sS"  # a dealt hand of 12 tiles: + one tile (below) = 13


def dealt(*hands: str, dealer: int) -> list[str]:
    """Dealt hands by seat; the dealer's gets a 14th tile, 白 P (held by nobody else)."""
    return [h + ("P" if s == dealer else "") for s, h in enumerate(hands)]


def with_dealt(players: list[dict], hands: list[str]) -> list[dict]:
    return [{**p, "dealt": h} for p, h in zip(players, hands, strict=True)]


NANCHANG = {"variant": "nanchang", "dealer": 0, "rules": {"pa_lou_ti": "man_shang_man_xia"},
            "rounds": [
    {"players": seats(s0=W), "result": self_draw(0), "jing": {"indicator": "5m"}},
    {"players": with_dealt(seats(s0=W), dealt(DW + "5m", A, B, C, dealer=0)),
     "result": self_draw(0), "jing": {"indicator": "7m"}},
    {"players": with_dealt(seats(s0=W13), dealt(A, B, DW + "7m", C, dealer=0)),
     "result": DRAWN, "jing": {"indicator": "4m"}},
    {"players": with_dealt(seats(s1=W), dealt(A, DW + "S", B, C, dealer=0)),
     "result": discard([1], 2), "jing": {"indicator": "6m"}},
    {"players": with_dealt(seats(s3=W), dealt("1112345678p99p7m", B, C, DW + "6m", dealer=1)),
     "result": self_draw(3), "jing": {"indicator": "5m"}},
]}


def test_nanchang_floors_rise_and_fall_and_hui_tou_yi_xiao_is_carried(post):
    """No final hand holds a jing of its round's 上精, so every win is 德中德 (German, the
    others holding no jing): each payer × 4, +5 from each responsible payer. The hu base
    is 4 × 2^(floor − 1) (爬楼梯 慢上慢下: a dealer's win climbs a floor, another's win goes
    down one, a drawn round stays). 回头一笑: the round before's 上精 scored on the dealt
    hands (正精 2, 副精 1; each other player pays N, ×2 霸王精 for a lone holder).
    r0 floor 1, dealer 0 self-draws: each pays 4 × 2 自摸 × 2 庄家 = 16, × 4 + 5 = 69:
       [+207, -69, -69, -69].
    r1 floor 2, dealer 0 self-draws: 4 × 2 floor × 2 × 2 = 32, × 4 + 5 = 133 each: +399;
       回头一笑 5m (r0's 上精): seat 0 was dealt one 5m, N = 2, the only holder: 2 × 2 = 4
       from each: +12. [+411, -137, -137, -137].
    r2 floor 3, drawn (黄庄): no hu, jing still settled: 回头一笑 7m: seat 2 was dealt a 7m,
       4 from each: [-4, -4, +12, -4]. The floor stays 3, the dealer keeps the deal.
    r3 floor 3, seat 1 wins on seat 2's discard: base 4 × 4 = 16; seat 2 16 × 2 点炮 = 32,
       × 4 + 5 = 133; seat 0 (dealer) 16 × 2 = 32, × 4 = 128; seat 3 16 × 4 = 64:
       [-128, +325, -133, -64]. 回头一笑 4m: nobody was dealt 4m or 5m. Deal to seat 1,
       floor down to 2.
    r4 floor 2, dealer 1; seat 3 self-draws: seats 0 and 2 pay 4 × 2 × 2 = 16, × 4 + 5 =
       69; seat 1 (dealer) 4 × 2 × 2 × 2 = 32, × 4 + 5 = 133: seat 3 +271. 回头一笑 6m
       (副精 7m): seat 3 was dealt 6m (N 2), seat 0 a 7m (N 1): seat 3 takes 2 from each,
       seat 0 1 from each: [+3 - 2, -2 - 1, -2 - 1, +6 - 1] = [+1, -3, -3, +5].
       [-69 + 1, -133 - 3, -69 - 3, 271 + 5] = [-68, -136, -72, +276].
    Totals: [207,-69,-69,-69] → [618,-206,-206,-206] → [614,-210,-194,-210] →
    [486,115,-327,-274] → [418,-21,-399,2]."""
    answer = play(post, NANCHANG)
    assert column(answer, "floor") == [1, 2, 3, 3, 2]
    assert column(answer, "dealer") == [0, 0, 0, 0, 1]
    assert column(answer, "carried_jing") == [
        {}, {"previous_indicator": "5m"}, {"previous_indicator": "7m"},
        {"previous_indicator": "4m"}, {"previous_indicator": "6m"}]
    assert column(answer, "deltas") == [
        [207, -69, -69, -69], [411, -137, -137, -137], [-4, -4, 12, -4],
        [-128, 325, -133, -64], [-68, -136, -72, 276]]
    assert answer["totals"] == [418, -21, -399, 2]
    assert column(answer, "next_floor") == [2, 3, 3, 2, 1]


def _without_dealt(body: dict) -> dict:
    rounds = [{**r, "players": [{"hand": p["hand"]} for p in r["players"]]}
              for r in body["rounds"]]
    return {**body, "rounds": rounds}


def test_nanchang_a_carried_jing_without_dealt_hands_is_a_422_naming_the_option(post):
    answer = play(post, _without_dealt(NANCHANG), 422)
    assert [e["field"] for e in answer["errors"]] == ["rounds[1].players[0].dealt"]
    message = answer["errors"][0]["message"]
    assert "rules.hui_tou_yi_xiao: false" in message and "rounds[0].jing.indicator" in message


def test_nanchang_without_hui_tou_yi_xiao_nothing_is_carried(post):
    """The same match with rules.hui_tou_yi_xiao false and no dealt hands: the hu alone.
    r1 [+399, -133 × 3]; r2 [0, 0, 0, 0]; r3 and r4's hu as above: [-128, 325, -133, -64],
    [-69, -133, -69, 271]. Totals: [207,-69,-69,-69] → [606,-202,-202,-202] → same →
    [478,123,-335,-266] → [409,-10,-404,5]."""
    body = _without_dealt(NANCHANG)
    body["rules"] = {**body["rules"], "hui_tou_yi_xiao": False}
    answer = play(post, body)
    assert answer["totals"] == [409, -10, -404, 5]
    assert column(answer, "carried_jing") == [{}] * 5


def test_nanchang_a_stated_previous_indicator_must_be_the_carried_one(post):
    rounds = [dict(r) for r in NANCHANG["rounds"]]
    rounds[3] = {**rounds[3], "jing": {"indicator": "6m", "previous_indicator": "5m"}}
    answer = play(post, {**NANCHANG, "rounds": rounds}, 422)
    assert answer["errors"][0]["field"] == "rounds[3].jing.previous_indicator"
    message = answer["errors"][0]["message"]
    assert "carries 4m" in message and "states 5m" in message


def test_nanchang_the_first_round_takes_a_stated_previous_indicator(post):
    """A match that continues another: round 0 may carry the last match's 上精 itself.
    7m dealt to nobody: nothing is paid for it, and r0 settles as before."""
    rounds = [dict(r) for r in NANCHANG["rounds"]]
    rounds[0] = {**rounds[0], "jing": {"indicator": "5m", "previous_indicator": "7m"},
                 "players": with_dealt(rounds[0]["players"], dealt(DW + "S", A, B, C,
                                                                   dealer=0))}
    answer = play(post, {**NANCHANG, "rounds": rounds})
    assert answer["rounds"][0]["deltas"] == [207, -69, -69, -69]
    assert answer["totals"] == [418, -21, -399, 2]


def test_nanchang_die_zhi_di_ceng_falls_to_the_bottom_floor(post):
    """跌至底层: r3's non-dealer win sends r4 to floor 1 (慢上慢下 went to 2). r4's hu at
    floor 1: seats 0 and 2 pay 4 × 2 = 8, × 4 + 5 = 37; seat 1 (dealer) 4 × 2 × 2 = 16,
    × 4 + 5 = 69: seat 3 +143; with r4's 回头一笑 [+1, -3, -3, +5]: [-36, -72, -40, +148]."""
    body = {**NANCHANG, "rules": {"pa_lou_ti": "die_zhi_di_ceng"}}
    answer = play(post, body)
    assert column(answer, "floor") == [1, 2, 3, 3, 1]
    assert answer["rounds"][4]["deltas"] == [-36, -72, -40, 148]


def test_nanchang_a_streak_climbs_no_higher_than_floor_10(post):
    """12 dealer wins in a row: floors 1 … 10, then 10 again (the largest rules.floor,
    so that every round is also a valid /settle request)."""
    rounds = [{"players": seats(s0=W), "result": self_draw(0), "jing": {"indicator": "5m"}}]
    body = {"variant": "nanchang", "dealer": 0, "rounds": rounds * 12,
            "rules": {"pa_lou_ti": "man_shang_man_xia", "hui_tou_yi_xiao": False}}
    answer = play(post, body)
    assert column(answer, "floor") == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10]


# ---------------------------------------------------------------------------- the service

def test_the_answer_carries_the_variant_and_the_ruleset_once(post):
    answer = play(post, NANCHANG)
    assert answer["variant"] == "nanchang"
    assert answer["ruleset"]["options"]["pa_lou_ti"] == "man_shang_man_xia"
    assert all("ruleset" not in r and "variant" not in r for r in answer["rounds"])


def test_the_same_body_gives_the_same_bytes(client):
    first = client.post("/match", json=QINZHOU).get_data()
    client.application.extensions["answer_cache"] = views.AnswerCache(1024)
    assert client.post("/match", json=QINZHOU).get_data() == first


def test_a_match_body_over_64_kib_is_accepted_up_to_its_own_limit(client):
    """/match takes up to MAX_MATCH_BODY_BYTES (1 MiB); /settle still stops at 64 KiB.
    64 rounds with every tile an array item, indented: some 100 KiB."""
    def spelled(player: dict) -> dict:
        return {"hand": [CODES[t] for t in parse_tiles(player["hand"])]}

    rounds = [{**r, "players": [spelled(p) for p in r["players"]]}
              for r in GUANGDONG["rounds"][:4]] * 16
    raw = json.dumps({"variant": "guangdong", "dealer": 0, "rounds": rounds}, indent=4)
    assert 64 * 1024 < len(raw) < 1024 * 1024
    response = client.post("/match", data=raw, content_type="application/json")
    assert response.status_code == 200 and len(response.get_json()["rounds"]) == 64
    too_big = client.post("/match", data=raw + " " * 1024 * 1024,
                          content_type="application/json")
    assert too_big.status_code == 413 and "1024 KiB" in too_big.get_json()["detail"]
    settle = client.post("/settle", data=raw, content_type="application/json")
    assert settle.status_code == 413 and "64 KiB" in settle.get_json()["detail"]


def test_nanchang_hui_tou_shang_xia_fan_carries_the_upper_and_the_lower_jing(post):
    """回头上下翻: the round before's 上精 and 下精 both carry (as previous_indicator and
    previous_lower_indicator), each scored on the round's dealt hands as its own entry."""
    lowers = ["1p", "2p", "3p", "4p", "5p"]
    body = copy.deepcopy(NANCHANG)
    body["rules"] = {**body["rules"], "hui_tou_yi_xiao": False, "hui_tou_shang_xia_fan": True}
    for played, lower in zip(body["rounds"], lowers, strict=True):
        played["jing"] = {**played["jing"], "lower_indicator": lower}
    answer = play(post, body)
    assert column(answer, "carried_jing") == [
        {}, {"previous_indicator": "5m", "previous_lower_indicator": "1p"},
        {"previous_indicator": "7m", "previous_lower_indicator": "2p"},
        {"previous_indicator": "4m", "previous_lower_indicator": "3p"},
        {"previous_indicator": "6m", "previous_lower_indicator": "4p"}]
    for settled in answer["rounds"][1:]:
        fields = [entry["indicator"] for entry in settled["jing"]]
        assert "previous_indicator" in fields and "previous_lower_indicator" in fields
    assert sum(answer["totals"]) == 0
