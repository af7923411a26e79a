"""POST /settle for guangdong: who pays (seed 004 五/七, RULINGS § guangdong "Payment"),
each liability (包) case, 一炮多响, the raises, and the 422s."""

from __future__ import annotations

import pytest

from tests.settle_props import check_invariants, check_rotation

# Non-winning hands that share no tile kind with the winners below (13 tiles each).
FILL_A = "222p333p666m777m8m"
FILL_B = "EEESSSWWWNNNF"
FILL_C = "111p666s888m999m1s"


def round_body(players, winners, win_type=None, discarder=None, dealer=0, **extra):
    result = {"winners": winners}
    if win_type:
        result["win_type"] = win_type
    if discarder is not None:
        result["discarder"] = discarder
    result.update(extra.pop("result", {}))
    players = [p if isinstance(p, dict) else {"hand": p} for p in players]
    return {"variant": "guangdong", "dealer": dealer, "players": players, "result": result,
            **extra}


def settle(post, body):
    status, answer = post("/settle", body)
    assert status == 200, answer
    check_invariants(answer)

    def poster(request):
        code, moved = post("/settle", request)
        assert code == 200, moved
        return moved

    check_rotation(poster, body)
    for winner in answer["winners"]:
        assert answer["deltas"][winner["seat"]] == winner["evaluation"]["total"]
    return answer


PING_HU = "123m456p789s234s55m"  # 平和 1


def test_self_draw_each_other_player_pays(post):
    answer = settle(post, round_body([FILL_A, PING_HU, FILL_C, FILL_B], [1], "self_draw"))
    # 平和 1 + 自摸 1 = 2 fan = 4 from each
    assert answer["deltas"] == [-4, 12, -4, -4]
    assert {t["reason"] for t in answer["ledger"]} == {"hu"}


def test_discard_the_discarder_alone_pays(post):
    answer = settle(post, round_body([FILL_A, PING_HU, FILL_C, FILL_B], [1], "discard", 3))
    assert answer["deltas"] == [0, 2, 0, -2]


def test_dealer_pays_no_more_than_anyone(post):
    answer = settle(post, round_body([PING_HU, FILL_A, FILL_C, FILL_B], [0], "self_draw"))
    assert answer["deltas"] == [12, -4, -4, -4]


def test_drawn_round_pays_nothing(post):
    body = round_body([FILL_A, "123m456p789s234s5m", FILL_C, FILL_B], [])
    answer = settle(post, body)
    assert answer["deltas"] == [0, 0, 0, 0] and answer["ledger"] == []


# 一炮多响 on 4s: seat 1 平和 (1 fan), seat 2 中 pung (1 fan), seat 3 小四喜 (5 fan).
WIN_A = "123m456p789s234s55m"
WIN_B = "456s111m999pCCC77p"
WIN_C = "345sEEESSSWWWNN"
DISCARDER = "222p333p666m777m8m"


def test_two_winners_on_one_discard(post):
    body = round_body([DISCARDER, WIN_A, WIN_B, "666s888s9m9m5p5p6p6pF"], [1, 2], "discard", 0,
                      result={"win_tile": "4s"})
    answer = settle(post, body)
    assert answer["deltas"] == [-4, 2, 2, 0]  # no raise with two winners


def test_three_winners_raise_each_to_three_fan(post):
    body = round_body([DISCARDER, WIN_A, WIN_B, WIN_C], [1, 2, 3], "discard", 0,
                      result={"win_tile": "4s"})
    answer = settle(post, body)
    # L63 一炮三响: 点炮者包三家; 不满3番按3番 (8 each), 小四喜 keeps its 5 fan (32)
    assert answer["deltas"] == [-48, 8, 8, 32]
    fans = {w["seat"]: w["evaluation"]["fan"] for w in answer["winners"]}
    assert fans == {1: 3, 2: 3, 3: 5}
    first = answer["winners"][0]["evaluation"]
    assert "yi_pao_san_xiang" in [p["id"] for p in first["patterns"]]


def test_several_winners_can_be_switched_off(post):
    body = round_body([DISCARDER, WIN_A, WIN_B, "666s888s9m9m5p5p6p6pF"], [1, 2], "discard", 0,
                      result={"win_tile": "4s"}, rules={"yi_pao_duo_xiang": False})
    status, answer = post("/settle", body)
    assert status == 422 and answer["errors"][0]["field"] == "result.winners"


def _kong_winner(kong_type, source=3):
    meld = {"type": kong_type, "tiles": "5555s"}
    if source is not None:
        meld["from"] = source
    return {"hand": "123m456p789s22m", "melds": [meld]}


def test_kong_replacement_is_raised_and_each_pays(post):
    answer = settle(post, round_body([FILL_A, _kong_winner("concealed_kong", None), FILL_C,
                                      FILL_B], [1], "kong_replacement"))
    # L64 杠上开花: 鸡和 0 + 自摸 1, raised to 3 = 8 each
    assert answer["deltas"] == [-8, 24, -8, -8]
    assert "kongs pay nothing" in " ".join(answer["notes"])


def test_kong_replacement_after_a_claimed_kong_is_paid_by_its_feeder(post):
    answer = settle(post, round_body([FILL_A, _kong_winner("kong", 3), FILL_C, FILL_B], [1],
                                     "kong_replacement"))
    # L65-66 杠上开花包杠: 点杠者包三家
    assert answer["deltas"] == [0, 24, 0, -24]
    assert answer["ledger"] == [{"from": 3, "to": 1, "amount": 24, "reason": "hu",
                                 "detail": answer["ledger"][0]["detail"]}]
    assert "杠上开花包杠" in answer["ledger"][0]["detail"]


def test_kong_replacement_after_an_added_kong_is_not_liable(post):
    answer = settle(post, round_body([FILL_A, _kong_winner("added_kong", 2), FILL_C, FILL_B],
                                     [1], "kong_replacement"))
    assert answer["deltas"] == [-8, 24, -8, -8]


def test_claimed_kong_without_from_is_422(post):
    body = round_body([FILL_A, _kong_winner("kong", None), FILL_C, FILL_B], [1],
                      "kong_replacement")
    status, answer = post("/settle", body)
    assert status == 422 and answer["errors"][0]["field"] == "players[1].melds[0].from"


ROBBER = "789m456p789s234s55p"


def test_robbed_kong_the_robbed_player_pays_three_shares(post):
    robbed = {"hand": "111p222p333s1s", "melds": [{"type": "pung", "tiles": "777m",
                                                    "from": 0}]}
    body = round_body(["444p666m888m9p9pFF", ROBBER, robbed, FILL_B], [1], "rob_kong", 2,
                      result={"win_tile": "7m"})
    answer = settle(post, body)
    # L71 抢杠: 当自摸, 被抢杠者包三家; 平和 1 + 自摸 1 raised to 3 = 8, × 3
    assert answer["deltas"] == [0, 24, -24, 0]


def test_robbed_seat_without_that_pung_is_422(post):
    body = round_body(["444p666m888m9p9pFF", ROBBER, "111p222p333s1s777s", FILL_B], [1],
                      "rob_kong", 2, result={"win_tile": "7m"})
    status, answer = post("/settle", body)
    assert status == 422 and answer["errors"][0]["field"] == "result.discarder"


def _twelve_down(last_from=3, last_type="pung", chow_from=0):
    chow = {"type": "chow", "tiles": "123m"}
    if chow_from is not None:
        chow["from"] = chow_from
    return {"hand": "55m", "melds": [
        chow, {"type": "pung", "tiles": "999p", "from": 2},
        {"type": "chow", "tiles": "456s", "from": 0},
        {"type": last_type, "tiles": "777s", **({"from": last_from} if last_from is not None
                                                else {})}]}


def test_twelve_tiles_down_self_draw_paid_by_the_fourth_feeder(post):
    answer = settle(post, round_body([FILL_A, _twelve_down(), FILL_C, FILL_B], [1],
                                     "self_draw"))
    # L68 十二张落地包自摸: 鸡和 0 + 自摸 1 = 2 × 3 shares, all from seat 3
    assert answer["deltas"] == [0, 6, 0, -6]
    assert "十二张落地" in answer["ledger"][0]["detail"]


def test_twelve_tiles_down_fourth_meld_a_chow_from_the_previous_seat(post):
    player = _twelve_down()
    player["melds"].insert(3, player["melds"].pop(0))  # the chow (no from needed) last
    player["melds"][3].pop("from")
    answer = settle(post, round_body([FILL_A, player, FILL_C, FILL_B], [1], "self_draw"))
    assert answer["deltas"] == [-6, 6, 0, 0]


def test_twelve_tiles_down_on_a_discard_only_the_discarder_pays(post):
    answer = settle(post, round_body([FILL_A, _twelve_down(), FILL_C, FILL_B], [1], "discard",
                                     2))
    assert answer["deltas"] == [0, 1, -1, 0]


def test_a_concealed_kong_is_not_down(post):
    player = _twelve_down(last_from=None, last_type="concealed_kong")
    player["melds"][3]["tiles"] = "7777s"
    answer = settle(post, round_body([FILL_A, player, FILL_C, FILL_B], [1], "self_draw"))
    assert answer["deltas"] == [-2, 6, -2, -2]


def test_twelve_tiles_down_without_from_is_422(post):
    body = round_body([FILL_A, _twelve_down(last_from=None), FILL_C, FILL_B], [1],
                      "self_draw")
    status, answer = post("/settle", body)
    assert status == 422 and answer["errors"][0]["field"] == "players[1].melds[3].from"


def test_big_four_winds_fed_last_wind_pays_all(post):
    winds = {"hand": "55m", "melds": [
        {"type": "pung", "tiles": "EEE", "from": 2}, {"type": "pung", "tiles": "SSS", "from": 3},
        {"type": "pung", "tiles": "WWW", "from": 0}, {"type": "pung", "tiles": "NNN", "from": 0}]}
    answer = settle(post, round_body(["222p333p666m777m8m", winds, FILL_C, "123s456s789sCCC5p"],
                                     [1], "self_draw"))
    # L69 大四喜包自摸: 64 × 3 from seat 0
    assert answer["deltas"] == [-192, 192, 0, 0]


def test_big_three_dragons_feeder_before_the_fourth_meld_feeder(post):
    dragons = {"hand": "55p", "melds": [
        {"type": "pung", "tiles": "CCC", "from": 0}, {"type": "pung", "tiles": "FFF", "from": 2},
        {"type": "pung", "tiles": "PPP", "from": 3},
        {"type": "chow", "tiles": "123m", "from": 0}]}
    answer = settle(post, round_body([FILL_A, dragons, FILL_C, FILL_B], [1], "self_draw"))
    # L70 大三元包自摸 (seat 3 fed the last dragon) comes before 十二张落地 (seat 0): 包先
    assert answer["deltas"] == [0, 192, 0, -192]


def test_big_four_winds_with_a_concealed_wind_pung_each_pays(post):
    winds = {"hand": "NNN55m", "melds": [
        {"type": "pung", "tiles": "EEE", "from": 2}, {"type": "pung", "tiles": "SSS", "from": 3},
        {"type": "pung", "tiles": "WWW", "from": 0}]}
    answer = settle(post, round_body(["222p333p666m777m8m", winds, FILL_C, "123s456s789sCCC5p"],
                                     [1], "self_draw"))
    assert answer["deltas"] == [-64, 192, -64, -64]


def test_heavenly_hand(post):
    answer = settle(post, round_body([PING_HU, FILL_A, FILL_C, FILL_B], [0], "self_draw",
                                     result={"flags": {"heavenly": True}}))
    assert answer["deltas"] == [192, -64, -64, -64]


def test_last_tile_self_draw_is_raised(post):
    answer = settle(post, round_body([FILL_A, PING_HU, FILL_C, FILL_B], [1], "self_draw",
                                     result={"flags": {"last_tile": True}}))
    assert answer["deltas"] == [-8, 24, -8, -8]


def test_round_wind_and_seat_wind_follow_the_seats(post):
    # seat 2 with dealer 1 sits S; a pung of S in a S round is 门风 + 圈风
    hand = "SSS123m456p789s22m"
    answer = settle(post, round_body([FILL_A, FILL_C, hand, "EEEWWWNNNCCCF"], [2], "discard",
                                     0, dealer=1, round_wind="S"))
    assert answer["winners"][0]["evaluation"]["fan"] == 2
    assert answer["deltas"] == [-4, 0, 4, 0]


@pytest.mark.parametrize(("change", "field"), [
    ({"events": [{"type": "follow_dealer", "rounds": 1}]}, "events[0].type"),
    ({"result": {"flags": {"heavenly": True}}}, "result.flags.heavenly"),
    ({"result": {"flags": {"human": True}}}, "result.win_type"),
    ({"result": {"flags": {"after_kong_discard": True}}}, "result.flags.after_kong_discard"),
    ({"horses": "1m"}, "horses"),
    ({"rules": {"cap": 7}}, "rules.cap"),
])
def test_settle_422s(post, change, field):
    body = round_body([FILL_A, PING_HU, FILL_C, FILL_B], [1], "self_draw")
    body["result"].update(change.pop("result", {}))
    body.update(change)
    status, answer = post("/settle", body)
    assert status == 422, answer
    assert field in [e["field"] for e in answer["errors"]], answer


def test_a_winner_whose_tiles_do_not_win_is_422(post):
    body = round_body([FILL_A, "1133m5577p99sEECC", FILL_C, "SSSWWWNNNFFFP"], [1], "discard",
                      0)
    status, answer = post("/settle", body)
    assert status == 422 and answer["errors"][0]["field"] == "players[1].hand"
