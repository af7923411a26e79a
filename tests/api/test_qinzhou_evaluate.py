"""POST /evaluate, /jing and GET /variants for qinzhou, through the Flask test client."""

from __future__ import annotations

import pytest

PLAIN = "123m456p789s111sEE"


def body(hand: str, **extra) -> dict:
    return {"variant": "qinzhou", "hand": hand, **extra}


def fields(answer: dict) -> list[str]:
    return [e["field"] for e in answer["errors"]]


def test_a_hand_with_no_pattern_is_one_fan(post):
    status, answer = post("/evaluate", body(PLAIN))
    assert status == 200
    assert answer["winning"] is True
    assert answer["fan"] == 1
    assert [(p["id"], p["value"], p["unit"]) for p in answer["patterns"]] == [("ji_hu", 1, "fan")]
    assert answer["shape"] == "standard"
    assert [g["type"] for g in answer["decomposition"]] == ["chow", "chow", "pung", "chow",
                                                             "pair"]


@pytest.mark.parametrize(("hand", "extra", "expected"), [
    ("EEESSSWWWNNNCC", {}, {"zi_yi_se": 4}),  # 6.2
    ("11m33m55p77p99sEESS", {}, {"qi_dui": 2}),  # 6.3
    ("1111m33m55p77p99sEE", {}, {"hao_hua_qi_dui": 4}),  # 6.4
    ("123123456789m99m", {}, {"qing_yi_se": 2}),  # 6.5
    (PLAIN, {"flags": {"last_tile": True}}, {"hai_di_lao_yue": 2}),  # 6.6
    (PLAIN, {"win_type": "rob_kong"}, {"qiang_gang_hu": 2}),  # 6.8
    ("111m333p555s777sEE", {}, {"dui_dui_hu": 2}),  # 6.9
    (PLAIN, {"flags": {"earthly": True}}, {"di_hu": 2}),  # 6.11
    (PLAIN, {"dealer": True, "flags": {"heavenly": True}}, {"tian_hu": 4}),  # 6.12
    (PLAIN, {"win_type": "discard", "flags": {"after_kong_discard": True}},
     {"gang_shang_pao": 2}),  # 6.13
    ("11112233445566m", {}, {"hao_hua_qi_dui": 4, "qing_yi_se": 2}),
], ids=["zi_yi_se", "qi_dui", "hao_hua_qi_dui", "qing_yi_se", "hai_di_lao_yue",
        "qiang_gang_hu", "dui_dui_hu", "di_hu", "tian_hu", "gang_shang_pao", "luxury_flush"])
def test_patterns_through_the_api(post, hand, extra, expected):
    status, answer = post("/evaluate", body(hand, **extra))
    assert status == 200, answer
    assert {p["id"]: p["value"] for p in answer["patterns"]} == expected
    assert answer["fan"] == sum(expected.values())
    assert all(p["name_zh"] and p["name_en"] for p in answer["patterns"])


def test_melds_through_the_api(post):
    melds = [{"type": "kong", "tiles": "1111m", "from": 2},
             {"type": "concealed_kong", "tiles": "5555p"},
             {"type": "added_kong", "tiles": "9999s"},
             {"type": "kong", "tiles": "EEEE", "from": 1}]
    status, answer = post("/evaluate", body("22p", melds=melds))
    assert status == 200, answer
    assert [p["id"] for p in answer["patterns"]] == ["shi_ba_luo_han"]
    assert answer["fan"] == 18
    assert [g["type"] for g in answer["decomposition"]] == [
        "pair", "kong", "concealed_kong", "added_kong", "kong"]


def test_kong_replacement(post):
    status, answer = post("/evaluate", body("123m456p789sEE", win_type="kong_replacement",
                                            melds=[{"type": "concealed_kong", "tiles": "1111s"}]))
    assert status == 200, answer
    assert [p["id"] for p in answer["patterns"]] == ["gang_shang_kai_hua"]


# ---------------------------------------------------------------- payments (no horses)


def test_self_draw_payment_per_payer(post):
    """§7 自摸: each of the other three pays fan × base (+ horses, counted by /settle)."""
    status, answer = post("/evaluate", body("11m33m55p77p99sEESS", rules={"base": 5}))
    assert status == 200
    assert answer["payments"] == [{"payer": "each", "amount": 10,
                                   "formula": "2 fan × base 5 × (1 + horses)"}]
    assert answer["total"] == 30


def test_discard_payment_is_the_discarder_alone(post):
    status, answer = post("/evaluate", body("111m333p555s777sEE", win_type="discard"))
    assert status == 200
    assert answer["payments"][0]["payer"] == "discarder"
    assert answer["payments"][0]["amount"] == 2
    assert answer["total"] == 2


def test_robbed_kong_is_paid_by_the_robbed_player(post):
    status, answer = post("/evaluate", body(PLAIN, win_type="rob_kong", rules={"base": 3}))
    assert status == 200
    assert answer["payments"][0] == {"payer": "robbed", "amount": 6,
                                     "formula": "2 fan × base 3 × (1 + horses)"}
    assert answer["total"] == 6


def test_fan_multiplied_by_option(post):
    status, answer = post("/evaluate", body("11112233445566m",
                                            rules={"fan_combination": "multiply"}))
    assert status == 200
    assert answer["fan"] == 8
    assert answer["ruleset"]["options"]["fan_combination"] == "multiply"


def test_waits_carry_their_value(post):
    status, answer = post("/evaluate", body("1112345678999m"))
    assert status == 200
    assert answer["reason"] == "waiting"
    assert [w["tile"] for w in answer["waits"]] == [f"{r}m" for r in range(1, 10)]
    assert all(w["total"] == 6 and w["patterns"] == ["qing_yi_se"] for w in answer["waits"])


def test_waits_on_a_discard(post):
    status, answer = post("/evaluate", body("11m33m55p77p99sEES", win_type="discard"))
    assert status == 200
    assert [(w["tile"], w["total"]) for w in answer["waits"]] == [("S", 2)]


def test_not_a_win(post):
    status, answer = post("/evaluate", body("123m456p789s11sESW"))
    assert status == 200
    assert answer["winning"] is False
    assert answer["reason"] == "not_complete"


# ---------------------------------------------------------------- refused requests


@pytest.mark.parametrize(("extra", "field", "words"), [
    ({"flags": {"heavenly": True}}, "flags.heavenly", "dealer only"),
    ({"dealer": True, "flags": {"heavenly": True}, "win_type": "discard"},
     "flags.heavenly", "self_draw"),
    ({"dealer": True, "flags": {"earthly": True}}, "flags.earthly", "non-dealer"),
    ({"flags": {"last_tile": True}, "win_type": "discard"}, "flags.last_tile", "self-drawn"),
    ({"flags": {"after_kong_discard": True}}, "flags.after_kong_discard", "discard"),
    ({"win_type": "kong_replacement"}, "win_type", "kong"),
    ({"flags": {"kong_chain": 1}}, "flags.kong_chain", "not used by qinzhou"),
    ({"jing": {"indicator": "5m"}}, "jing.indicator", "no jing"),
    ({"rules": {"horse_count": 12}}, "rules.horse_count", "one of 0, 5, 10"),
    ({"rules": {"fan_combination": "max"}}, "rules.fan_combination", "'add', 'multiply'"),
    ({"rules": {"base": 0}}, "rules.base", "at least 1"),
    ({"rules": {"dealer_double": True}}, "rules.dealer_double", "unknown rule option"),
], ids=["heavenly_non_dealer", "heavenly_discard", "earthly_dealer", "last_tile_discard",
        "gang_shang_pao_self_draw", "kong_replacement_no_kong", "kong_chain", "jing",
        "horse_count", "fan_combination", "base", "unknown_option"])
def test_contradictions_are_422(post, extra, field, words):
    status, answer = post("/evaluate", body(PLAIN, **extra))
    assert status == 422, answer
    assert field in fields(answer)
    assert any(words in e["message"] for e in answer["errors"]), answer["errors"]


def test_an_honour_chow_meld_is_422(post):
    status, answer = post("/evaluate", body("123m456p789s11s",
                                            melds=[{"type": "chow", "tiles": "ESW", "from": 3}]))
    assert status == 422
    assert fields(answer) == ["melds[0].tiles"]
    assert "no honour chows" in answer["errors"][0]["message"]


def test_jing_is_422_naming_the_variant(post):
    status, answer = post("/jing", {"variant": "qinzhou", "indicator": "5m"})
    assert status == 422
    assert fields(answer) == ["variant"]
    assert "qinzhou (钦州麻将) has no jing" in answer["errors"][0]["message"]


def test_variants_lists_the_options(client):
    answer = client.get("/variants").get_json()
    qinzhou = next(v for v in answer["variants"] if v["name"] == "qinzhou")
    options = {o["name"]: o for o in qinzhou["options"]}
    assert options["base"]["default"] == 1
    assert options["horse_count"]["default"] == 10
    assert options["horse_count"]["choices"] == [0, 5, 10, 15, 20, 25, 30]
    assert options["fan_combination"]["choices"] == ["add", "multiply"]
    assert options["fan_combination"]["default"] == "add"
    assert options["zi_yi_se_qi_dui"]["default"] is True
    assert all(o["description"] and o["seed"] for o in options.values())
    assert qinzhou["scored"] is True
    assert qinzhou["horses"] is True
    assert qinzhou["shapes"]["honour_chows"] is False
