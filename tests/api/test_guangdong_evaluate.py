"""POST /evaluate for guangdong: every row of seed 004's fan tables with its 分值, the cap,
the additions, the raises, the best reading, the waits and the 422s."""

from __future__ import annotations

import pytest


def evaluate(post, hand, **extra):
    body = {"variant": "guangdong", "hand": hand, "seat_wind": "S", **extra}
    if extra.get("dealer"):
        body.pop("seat_wind")
    return post("/evaluate", body)


def won(post, hand, **extra):
    status, answer = evaluate(post, hand, **extra)
    assert status == 200, answer
    assert answer["winning"], answer
    assert sum(p["value"] for p in answer["patterns"]) == answer["fan"], answer["patterns"]
    return answer


def ids(answer) -> list[str]:
    return [p["id"] for p in answer["patterns"]]


# Seed 004 六.一/六.二: 牌型, 番数/番准, 分值. Won on a discard (no 自摸), seat S in an E round,
# base 1: the discarder pays exactly the 分值.
SEED_TABLE = [
    pytest.param("123m456p789s555s22m", "ji_hu", 0, 1, id="L34 鸡和 0 1"),
    pytest.param("123m456p789s234s55m", "ping_hu", 1, 2, id="L35 平和 1 2"),
    pytest.param("111m999p555s222s33m", "peng_peng_hu", 2, 4, id="L36 碰碰和 2 4"),
    pytest.param("123m456m789mNNN22m", "ji_hu hun_yi_se", 2, 4, id="L37 混一色 2 4"),
    pytest.param("123m456m789m234m55m", "qing_yi_se", 4, 16, id="L40 清一色 4 16"),
    pytest.param("111m555m999mNNN22m", "hun_peng", 4, 16, id="L41 混碰 4 16"),
    pytest.param("111m333m555m777m99m", "qing_peng", 5, 32, id="L42 清碰 5 32"),
    pytest.param("111m999p111sNNN99s", "hun_yao_jiu", 5, 32, id="L43 混幺九 5 32"),
    pytest.param("CCCFFFPP123m456p", "xiao_san_yuan", 5, 32, id="L44 小三元 5 32"),
    pytest.param("EEESSSWWWNN123p", "xiao_si_xi", 5, 32, id="L45 小四喜 5 32"),
    pytest.param("EEESSSWWWCCCFF", "zi_yi_se", 6, 64, id="L46 字一色 6 64"),
    pytest.param("111m999m111p999p11s", "qing_yao_jiu", 6, 64, id="L47 清幺九 6 64"),
    pytest.param("CCCFFFPPP123m55p", "da_san_yuan", 6, 64, id="L48 大三元 6 64"),
    pytest.param("EEESSSWWWNNN55m", "da_si_xi", 6, 64, id="L49 大四喜 6 64"),
    pytest.param("11123455678999m", "jiu_lian_bao_deng", 6, 64, id="L50 九莲宝灯 6 64"),
    pytest.param("19m19p19sESWNCFPP", "shi_san_yao", 6, 64, id="L51 十三幺 6 64"),
]


@pytest.mark.parametrize(("hand", "pattern", "fan", "points"), SEED_TABLE)
def test_seed_fan_table(post, hand, pattern, fan, points):
    answer = won(post, hand, win_type="discard")
    assert ids(answer) == pattern.split()
    assert answer["fan"] == fan
    assert answer["payments"] == [{"payer": "discarder", "amount": points,
                                   "formula": f"1 × 2^{fan} = {points}"}]
    assert answer["total"] == points


# 七.8-10 天和/地和/人和: 6 fan each (RULINGS), on an ordinary 平和 hand.
@pytest.mark.parametrize(("flag", "extra", "pattern", "each"), [
    pytest.param("heavenly", {"dealer": True, "win_type": "self_draw"}, "tian_hu", 64,
                 id="L73 天和 6"),
    pytest.param("earthly", {"win_type": "self_draw"}, "di_hu", 64, id="L74 地和 6"),
    pytest.param("human", {"win_type": "discard"}, "ren_hu", 64, id="L75 人和 6"),
])
def test_first_go_around_hands(post, flag, extra, pattern, each):
    answer = won(post, "123m456p789s234s55m", flags={flag: True}, **extra)
    assert ids(answer) == [pattern] and answer["fan"] == 6
    assert answer["payments"][0]["amount"] == each


# 附加情况 (lines 52-60): each +1 fan inside the cap, on top of 鸡和 0.
@pytest.mark.parametrize(("hand", "extra", "added", "fan"), [
    pytest.param("123m456p789s555s22m", {"win_type": "self_draw"}, ["zi_mo"], 1,
                 id="L53-54 自摸 +1"),
    pytest.param("SSS123m456p789s22m", {"win_type": "discard"}, ["men_feng"], 1,
                 id="L55-56 门风 +1"),
    pytest.param("EEE123m456p789s22m", {"win_type": "discard"}, ["quan_feng"], 1,
                 id="L57-58 风圈 +1"),
    pytest.param("WWW123m456p789s22m", {"win_type": "discard", "round_wind": "W"},
                 ["quan_feng"], 1, id="L57-58 风圈 W +1"),
    pytest.param("CCC123m456p789s22m", {"win_type": "discard"}, ["jian_ke"], 1,
                 id="L59-60 三元牌 一个刻子 1"),
    pytest.param("CCCPPP123m456p22s", {"win_type": "discard"}, ["jian_ke", "jian_ke"], 2,
                 id="L59-60 三元牌 两个刻子 2"),
])
def test_additions(post, hand, extra, added, fan):
    answer = won(post, hand, **extra)
    assert ids(answer) == ["ji_hu", *added]
    assert answer["fan"] == fan and answer["payments"][0]["amount"] == 2 ** fan


def test_dealer_seat_wind_is_east(post):
    answer = won(post, "EEE123m456p789s22m", dealer=True, win_type="discard")
    assert ids(answer) == ["ji_hu", "men_feng", "quan_feng"] and answer["fan"] == 2


def test_self_draw_is_paid_by_each_of_three(post):
    answer = won(post, "123m456p789s234s55m", win_type="self_draw")
    assert answer["fan"] == 2
    assert answer["payments"] == [{"payer": "each", "amount": 4, "formula": "1 × 2^2 = 4"}]
    assert answer["total"] == 12


def test_cap_stops_additions_at_three(post):
    # 碰碰和 2 + 自摸 1 + 中 1 + 发 1 = 5, 爆和 at 3 (line 61)
    answer = won(post, "111m999pCCCFFF22s", win_type="self_draw")
    assert answer["fan"] == 3
    assert ids(answer) == ["peng_peng_hu", "zi_mo", "jian_ke", "jian_ke", "bao_hu"]
    bao = answer["patterns"][-1]
    assert bao["value"] == -2 and "capped at 3" in bao["note"]
    assert answer["total"] == 3 * 8


def test_cap_is_a_rule_option(post):
    answer = won(post, "111m999pCCCFFF22s", win_type="self_draw", rules={"cap": 5})
    assert answer["fan"] == 5 and "bao_hu" not in ids(answer)


def test_special_hands_ignore_the_additions(post):
    # 清一色 平和 self-drawn: 4, not 4 + 自摸 (line 54: 爆和以外不加番)
    answer = won(post, "123m456m789m234m55m", win_type="self_draw")
    assert ids(answer) == ["qing_yi_se"] and answer["fan"] == 4
    assert answer["payments"][0]["amount"] == 16


def test_special_dragon_hand_ignores_wind_and_dragon_additions(post):
    answer = won(post, "CCCFFFPPPEEE55m", dealer=True, win_type="self_draw")
    assert ids(answer) == ["da_san_yuan"] and answer["fan"] == 6


def test_base_option_multiplies(post):
    answer = won(post, "123m456p789s234s55m", win_type="discard", rules={"base": 5})
    assert answer["total"] == 10


def test_best_reading_ping_hu_over_pungs(post):
    # 111222333m: three chows 123 (平和 1) or three pungs (mixed with 456p: 鸡和 0)
    answer = won(post, "111222333m456p77s", win_type="discard")
    assert ids(answer) == ["ping_hu"] and answer["readings"] == 2


def test_best_reading_peng_peng_hu_over_chows(post):
    answer = won(post, "111222333m555p77s", win_type="discard")
    assert ids(answer) == ["peng_peng_hu"] and answer["fan"] == 2


def test_best_reading_hun_peng_over_hun_yi_se_ping_hu(post):
    answer = won(post, "111222333m999mNN", win_type="discard")
    assert ids(answer) == ["hun_peng"] and answer["fan"] == 4


@pytest.mark.parametrize(("extra", "raise_id"), [
    pytest.param({"win_type": "kong_replacement",
                  "melds": [{"type": "concealed_kong", "tiles": "5555s"}]},
                 "gang_shang_kai_hua", id="L64 杠上开花"),
    pytest.param({"win_type": "self_draw", "flags": {"last_tile": True}}, "hai_di_lao_yue",
                 id="L67 海底捞月"),
    pytest.param({"win_type": "rob_kong"}, "qiang_gang", id="L71 抢杠"),
])
def test_raised_to_three_fan(post, extra, raise_id):
    hand = "123m456p789s22m" if extra.get("melds") else "123m456p789s555s22m"
    answer = won(post, hand, **extra)
    assert answer["fan"] == 3 and raise_id in ids(answer)
    assert answer["total"] == 3 * 8


def test_raise_keeps_a_bigger_hand(post):
    answer = won(post, "123m456m789m234m55m", win_type="rob_kong")
    assert answer["fan"] == 4 and ids(answer) == ["qing_yi_se"]
    assert answer["payments"][0]["payer"] == "robbed"
    assert answer["payments"][0]["amount"] == 48


def test_nine_gates_waits_on_all_nine(post):
    status, answer = evaluate(post, "1112345678999m")
    assert status == 200 and answer["reason"] == "waiting"
    assert [w["tile"] for w in answer["waits"]] == [f"{r}m" for r in range(1, 10)]
    assert all(w["patterns"] == ["jiu_lian_bao_deng"] and w["total"] == 3 * 64
               for w in answer["waits"])


def test_impure_nine_gates_wait_is_only_qing_yi_se(post):
    status, answer = evaluate(post, "1112234567899m")
    assert status == 200
    # + 9m makes 11122345678999m, the nine-gates tiles, but not from the nine-way wait
    assert {w["tile"]: w["patterns"] for w in answer["waits"]} == {
        "2m": ["qing_yi_se"], "9m": ["qing_yi_se"]}


def test_seven_pairs_and_honour_chows_do_not_win(post):
    status, answer = evaluate(post, "1133m5577p99sEECC", win_type="discard")
    assert status == 200 and answer["winning"] is False
    assert answer["reason"] == "not_complete"
    status, answer = evaluate(post, "ESW123m456p789s22m", win_type="discard")
    assert status == 200 and answer["reason"] == "not_complete"


def test_honour_chow_meld_is_rejected(post):
    status, answer = evaluate(post, "123m456p789s22m",
                              melds=[{"type": "chow", "tiles": "CFP", "from": 3}])
    assert status == 422 and answer["errors"][0]["field"] == "melds[0].tiles"


def test_non_dealer_without_seat_wind_when_it_matters(post):
    status, answer = post("/evaluate", {"variant": "guangdong", "hand": "SSS123m456p789s22m",
                                        "win_type": "discard"})
    assert status == 422
    assert answer["errors"][0]["field"] == "seat_wind"
    assert "S, W or N" in answer["errors"][0]["message"]


def test_non_dealer_without_seat_wind_when_it_does_not_matter(post):
    status, answer = post("/evaluate", {"variant": "guangdong", "hand": "123m456p789s234s55m",
                                        "win_type": "discard"})
    assert status == 200 and answer["fan"] == 1
    assert any("seat_wind not given" in n for n in answer["notes"])


def test_non_dealer_without_seat_wind_when_the_raise_hides_it(post):
    # 鸡和 + 自摸 (+ 门风 if S) is below the cap either way: 杠上开花 raises it to 3
    status, answer = post("/evaluate", {
        "variant": "guangdong", "hand": "SSS123m456p22m", "win_type": "kong_replacement",
        "melds": [{"type": "concealed_kong", "tiles": "5555s"}]})
    assert status == 200 and answer["fan"] == 3


@pytest.mark.parametrize(("extra", "field"), [
    ({"flags": {"heavenly": True}, "win_type": "self_draw"}, "flags.heavenly"),
    ({"flags": {"earthly": True}, "dealer": True, "win_type": "self_draw"}, "flags.earthly"),
    ({"flags": {"human": True}, "win_type": "self_draw"}, "win_type"),
    ({"flags": {"heavenly": True, "earthly": True}, "dealer": True}, "flags.earthly"),
    ({"flags": {"last_tile": True}, "win_type": "discard"}, "flags.last_tile"),
    ({"win_type": "kong_replacement"}, "win_type"),
    ({"flags": {"kong_chain": 1}}, "flags.kong_chain"),
    ({"jing": {"indicator": "5m"}}, "jing.indicator"),
    ({"rules": {"cap": 0}}, "rules.cap"),
    ({"rules": {"base": "1"}}, "rules.base"),
    ({"rules": {"horses": 4}}, "rules.horses"),
])
def test_inconsistent_requests_are_422(post, extra, field):
    status, answer = evaluate(post, "123m456p789s234s55m", **extra)
    assert status == 422, answer
    assert field in [e["field"] for e in answer["errors"]], answer


def test_heavenly_with_a_meld_is_422(post):
    status, answer = evaluate(post, "456p789s234s55m", dealer=True, win_type="self_draw",
                              flags={"heavenly": True},
                              melds=[{"type": "concealed_kong", "tiles": "1111m"}])
    assert status == 422 and answer["errors"][0]["field"] == "melds"


def test_liability_shows_in_evaluate_payments(post):
    melds = [{"type": "pung", "tiles": "EEE", "from": 1}, {"type": "pung", "tiles": "SSS",
                                                             "from": 2},
             {"type": "pung", "tiles": "WWW", "from": 1}, {"type": "pung", "tiles": "NNN",
                                                             "from": 3}]
    answer = won(post, "55m", melds=melds, win_type="self_draw", dealer=True)
    assert ids(answer) == ["da_si_xi"]
    payment = answer["payments"][0]
    assert payment["payer"] == "liable" and payment["amount"] == 192
    assert "seat 3 fed melds[3]" in payment["formula"]


def test_variants_lists_the_options(client):
    listing = client.get("/variants").get_json()
    guangdong = next(v for v in listing["variants"] if v["name"] == "guangdong")
    options = {o["name"]: o for o in guangdong["options"]}
    assert options["cap"]["default"] == 3
    assert options["base"]["default"] == 1
    assert options["yi_pao_duo_xiang"]["default"] is True
    assert options["jiu_lian_pure"]["default"] is True
    assert all(o["description"] and o["seed"] for o in options.values())
    assert guangdong["scored"] is True
    assert guangdong["shapes"]["seven_pairs"] is False
    assert guangdong["shapes"]["honour_chows"] is False
