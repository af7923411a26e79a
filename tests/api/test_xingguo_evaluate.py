"""xingguo /evaluate beyond the seed's tables: restrictions, the best reading, waits, errors.

Jing indicator 5s (正精 5s, only 3 in play; 副精 6s) unless said otherwise.
"""

from __future__ import annotations

import pytest

from tests.api.jiangxi_cases import amounts, hand_body, ids

J = "5s"


@pytest.mark.parametrize(("hand", "tile", "win_type"), [
    # 四.9 / 补充 2: 已构成精吊结构，不能抓德国点炮或抢杠 — even the German pair 5s5s
    ("123m456m789m123p5s5s", "5s", "discard"),
    ("123m456m789m123p9p5s", "9p", "rob_kong"),
    ("123m456m789m123p9p5s", "9p", "discard"),
    ("11m22m33p44p77s99s1p5s", "1p", "discard"),  # six pairs + a lone jing
    ("111m222p333s999s1p5s", "1p", "rob_kong"),
])
def test_jing_diao_structure_never_wins_on_a_discard(post, hand, tile, win_type):
    status, answer = post("/evaluate", hand_body("xingguo", hand, jing=J, win_type=win_type,
                                                 win_tile=tile))
    assert status == 200
    assert answer["winning"] is False
    assert answer["reason"] == "jing_diao_self_draw_only"
    assert "精吊" in answer["message"]


def test_you_jing_ping_hu_may_rob_a_kong(post):
    # 四.5 bars only the discard; 补充 5 scores 闲家平胡有精抢 16.
    _, discard = post("/evaluate", hand_body("xingguo", "123m456m789m12p5sEE", jing=J,
                                             win_type="discard", win_tile="9m"))
    _, rob = post("/evaluate", hand_body("xingguo", "123m456m789m12p5sEE", jing=J,
                                         win_type="rob_kong", win_tile="9m"))
    assert discard["reason"] == "you_jing_ping_hu_self_draw_only"
    assert rob["winning"] and rob["total"] == 16


def test_a_jing_read_as_itself_makes_the_hand_german(post):
    # 四.3 精可还原作无精: 345s holds the 正精 5s as itself, so the 平胡 is German and may win
    # on a discard: 闲家点闲家德国平胡 4+9+2 (A10).
    status, answer = post("/evaluate", hand_body(
        "xingguo", "123m456m789m345sEE", jing=J, win_type="discard", win_tile="9m",
        discarder_is_dealer=False))
    assert status == 200
    assert amounts(answer) == [4, 9, 2]
    assert "de_guo" in ids(answer)
    assert not any(any(g["wild"]) for g in answer["decomposition"])


@pytest.mark.parametrize(("dealer", "win_type", "by_dealer", "pays", "german"), [
    # 德国平胡 (567s natural) 13+9+9=31 < 有精大七 (5s6s stand in for 77s) 16+8+8=32
    (False, "self_draw", None, [16, 8, 8], False),
    (True, "self_draw", None, [16, 16, 16], False),  # 39 < 48
    (False, "discard", False, [8, 8, 4], False),  # 15 < 20
])
def test_best_reading_german_or_not(post, dealer, win_type, by_dealer, pays, german):
    # 111m 222p 333s 567s EE: German as 平胡 (567s), or 有精大七 with 5s 6s as two more 7s.
    status, answer = post("/evaluate", hand_body(
        "xingguo", "111m222p333s567sEE", jing=J, win_type=win_type, win_tile="1m",
        dealer=dealer, discarder_is_dealer=by_dealer))
    assert status == 200
    assert amounts(answer) == pays
    assert answer["shape"] == "da_qi_dui"
    assert ("de_guo" in ids(answer)) is german
    assert sum(g["wild"].count(True) for g in answer["decomposition"]) == 2
    assert all(g["type"] != "chow" for g in answer["decomposition"])


def test_decomposition_marks_the_jing_standing_in(post):
    status, answer = post("/evaluate", hand_body("xingguo", "123m456m789m12p5sEE", jing=J,
                                                 win_tile="9m"))
    assert status == 200
    chow = next(g for g in answer["decomposition"] if g["tiles"] == ["1p", "2p", "3p"])
    assert chow["held"] == ["1p", "2p", "5s"] and chow["wild"] == [False, False, True]


def test_without_win_tile_the_best_last_tile_is_assumed(post):
    status, answer = post("/evaluate", hand_body("xingguo", "123m456m789m123p9p5s", jing=J))
    assert status == 200
    assert "jing_diao" in ids(answer)
    assert any("win_tile not given" in n for n in answer["notes"])


def test_discarder_unknown_is_priced_as_a_non_dealer_with_a_note(post):
    _, answer = post("/evaluate", hand_body("xingguo", "123m456m789m123pEE", jing=J,
                                            win_type="discard", win_tile="9m"))
    assert amounts(answer) == [4, 9, 2]
    assert any("discarder_is_dealer" in n for n in answer["notes"])


def test_each_multiplier_is_named_in_the_formulas(post):
    _, answer = post("/evaluate", hand_body("xingguo", "123m456m789m123pEE", jing=J,
                                            win_type="discard", win_tile="9m",
                                            discarder_is_dealer=True))
    discarder = answer["payments"][0]
    assert discarder["payer"] == "discarder"
    assert discarder["formula"] == ("1 ping_hu × 2 dian_pao × 2 zhuang_jia = 4; "
                                    "de_guo: 4 × 2 + 5 = 13")
    assert ids(answer) == {"ping_hu", "dian_pao", "zhuang_jia", "de_guo"}
    assert all(p["name_zh"] and p["name_en"] for p in answer["patterns"])


def test_ba_hu_restored_option(post):
    # 补充 8: 霸胡 also when the winner's jing are read as themselves (option; RULINGS reads
    # "no player holds any jing", so the default refuses the flag for a hand holding jing).
    body = hand_body("xingguo", "123m456m789m345sEE", jing=J, win_tile="9m",
                     flags={"no_jing_held": True})
    status, refused = post("/evaluate", body)
    assert status == 422
    assert refused["errors"][0]["field"] == "flags.no_jing_held"
    status, answer = post("/evaluate", {**body, "rules": {"ba_hu_restored": True}})
    assert status == 200
    assert amounts(answer) == [21, 13, 13] and "ba_hu" in ids(answer)


def test_waits_with_values(post):
    # 123m 456m 789m 12p EE waits on 3p, or on a drawn jing (5s or 6s) standing in for it.
    status, answer = post("/evaluate", hand_body("xingguo", "123m456m789m12pEE", jing=J))
    assert status == 200
    assert answer["reason"] == "waiting"
    waits = {w["tile"]: w for w in answer["waits"]}
    assert set(waits) == {"3p", "5s", "6s"}
    assert waits["3p"]["total"] == 31  # 闲家平胡德国自摸 13+9+9 (A4)
    assert waits["5s"]["total"] == 8  # 闲家平胡有精自摸 4+2+2 (A3)


def test_waits_on_a_discard_fall_back_to_self_draw(post):
    # 有精平胡 may not take a discard: its jing waits are listed as self-draw only.
    status, answer = post("/evaluate", hand_body("xingguo", "123m456m789m12pEE", jing=J,
                                                 win_type="discard"))
    assert status == 200
    waits = {w["tile"]: w for w in answer["waits"]}
    assert waits["3p"]["total"] == 15 and waits["3p"]["note"] == ""  # A10
    assert waits["5s"]["total"] == 8 and waits["5s"]["note"].startswith("only by self_draw")


def test_a_jing_diao_hand_waits_on_everything_left(post):
    # four sets + a lone 5s; with three 5s held, the fourth is the indicator: no 5s wait.
    status, answer = post("/evaluate", hand_body("xingguo", "123m456m789m5s5s5s1p", jing=J))
    assert status == 200
    tiles = {w["tile"] for w in answer["waits"]}
    assert "5s" not in tiles
    assert {"1p", "2p", "3p", "E"} <= tiles


@pytest.mark.parametrize(("patch", "field"), [
    ({"discarder_is_dealer": True}, "discarder_is_dealer"),  # a self-draw has no discarder
    ({"win_type": "discard", "dealer": True, "discarder_is_dealer": True},
     "discarder_is_dealer"),
    ({"flags": {"heavenly": True}}, "flags.heavenly"),  # not the dealer
    ({"flags": {"earthly": True}, "dealer": True}, "flags.earthly"),
    ({"flags": {"kong_chain": 2}}, "flags.kong_chain"),  # not a kong replacement win
    ({"flags": {"others_no_jing": True}}, "flags.others_no_jing"),  # nanchang's flag
    ({"jing": {"indicator": "5s", "lower_indicator": "1m"}}, "jing.lower_indicator"),
    ({"jing": {}}, "jing.indicator"),
    # four 5s in hand + the indicator out of play: the fourth 正精 does not exist
    ({"hand": "123m456m789m5s5s5s5sE", "win_tile": "E"}, "jing.indicator"),
    ({"rules": {"kong_chain": "twice"}}, "rules.kong_chain"),
    ({"hand": "123m456m12p5sEE", "win_tile": "E",
      "melds": [{"type": "chow", "tiles": "789m", "from": 3, "claimed": "1m"}]},
     "melds[0].claimed"),
])
def test_bad_requests_name_the_field(post, patch, field):
    body = {**hand_body("xingguo", "123m456m789m123pEE", jing=J, win_tile="9m"), **patch}
    status, answer = post("/evaluate", body)
    assert status == 422, answer
    assert field in [e["field"] for e in answer["errors"]]


@pytest.mark.parametrize(("patch", "field"), [
    ({"win_type": "kong_replacement"}, "win_type"),  # no kong among the melds
    ({"win_type": "kong_replacement", "hand": "456m789m123pEE",
      "melds": [{"type": "concealed_kong", "tiles": "1111m"}], "flags": {"kong_chain": 2}},
     "flags.kong_chain"),  # two kongs in a row, one shown
    ({"win_type": "rob_kong", "hand": "123m456m789m999pEE", "win_tile": "9p"}, "win_tile"),
])
def test_kong_wins_must_add_up(post, patch, field):
    body = {**hand_body("xingguo", "123m456m789m123pEE", jing=J, win_tile="9m"), **patch}
    status, answer = post("/evaluate", body)
    assert status == 422, answer
    assert field in [e["field"] for e in answer["errors"]]
