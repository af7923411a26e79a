"""nanchang /evaluate: every multiplier of seed 002 (胡牌分 1-14), restrictions, options.

上精 indicator 5s throughout (正精 5s, 副精 6s, both wild; 4 正精 in play). Hands:

* 有精平胡 ``123m456m789m12p5sEE`` + 9m (the 5s stands in for 3p), 德国平胡 ``…123pEE``.
* Per payer: 4 (基础分) × every multiplier; amounts in the order dealer, discarder, others.
"""

from __future__ import annotations

import pytest

from tests.api.jiangxi_cases import amounts, hand_body, ids

J = "5s"
PING_YOU, PING_DE = "123m456m789m12p5sEE", "123m456m789m123pEE"
KONG = [{"type": "concealed_kong", "tiles": "1111m"}]


def evaluate(post, hand, **kw):
    status, answer = post("/evaluate", hand_body("nanchang", hand, jing=kw.pop("jing", J),
                                                 **kw))
    assert status == 200, answer
    return answer


MULTIPLIERS = [
    # (seed line, hand, keyword arguments, payments)
    ("1 基础分4 + 2 自摸X2: 闲家有精平胡自摸 4×2, 庄家付 ×2", PING_YOU,
     {"win_tile": "9m"}, [16, 8, 8]),
    ("2 自摸X2 庄家自摸: 4×2×2 each", PING_YOU, {"win_tile": "9m", "dealer": True},
     [16, 16, 16]),
    ("3 点炮者X2 (闲家点闲家 德国): 4×2×2, 4×2, 4", PING_DE,
     {"win_tile": "9m", "win_type": "discard", "discarder_is_dealer": False},
     [16, 21, 8]),
    ("3 点炮者X2 (庄家点闲家 德国): 4×2×2", PING_DE,
     {"win_tile": "9m", "win_type": "discard", "discarder_is_dealer": True}, [37, 8, 8]),
    ("5 杠开 X2后累计自摸分: 4×2×2", "456m789m12p5sEE",
     {"win_tile": "9m", "win_type": "kong_replacement", "melds": KONG}, [32, 16, 16]),
    ("8 精钓 X2 (自摸)", "123m456m789m123p9p5s", {"win_tile": "9p"}, [32, 16, 16]),
    ("9 大七对 X2 (有精)", "111m222p333s99s5sEE", {"win_tile": "1m"}, [32, 16, 16]),
    ("10 小七对 X2 (有精)", "11m22m33p44p77s9s5sEE", {"win_tile": "2m"}, [32, 16, 16]),
    ("11 十三烂 X2 (有精)", "14m258p369sESWNC5m", {"win_tile": "2p", "jing": "5m"},
     [32, 16, 16]),
    ("12 七星十三烂 X4 (德国)", "147m25p36sESWNCFP", {"win_tile": "2p", "jing": "8s"},
     [133, 69, 69]),
    ("13 德国 自摸每家X2+5", PING_DE, {"win_tile": "9m"}, [37, 21, 21]),
    ("13 德国 点炮者X2+5 非点炮者X2", PING_DE,
     {"win_tile": "9m", "win_type": "discard", "dealer": True}, [37, 16, 16]),
    ("14 德中德 自摸每家X4+5", PING_DE, {"win_tile": "9m", "flags": {"others_no_jing": True}},
     [69, 37, 37]),
    ("14 德中德 点炮者X4+5 非点炮者X4", PING_DE,
     {"win_tile": "9m", "win_type": "discard", "discarder_is_dealer": False,
      "flags": {"others_no_jing": True}}, [32, 37, 16]),
    ("6 天胡 一家20子", PING_DE, {"dealer": True, "flags": {"heavenly": True}},
     [20, 20, 20]),
    ("6 天胡 可以和精吊叠加 40", "123m456m789m123p5s6s",
     {"dealer": True, "flags": {"heavenly": True}}, [40, 40, 40]),
    ("7 地胡 一家20子 不计算庄家、点炮等翻倍", PING_YOU,
     {"win_tile": "9m", "win_type": "discard", "discarder_is_dealer": True,
      "flags": {"earthly": True}}, [20, 20, 20]),
    ("胡牌方式 6 精钓地胡 (庄家出第一张牌形成闲家精钓), paid as 7. 地胡 20", "123m456m789m123p9p5s",
     {"win_tile": "9p", "win_type": "discard", "flags": {"earthly": True}}, [20, 20, 20]),
]


@pytest.mark.parametrize(("line", "hand", "kw", "pays"), MULTIPLIERS,
                         ids=[m[0] for m in MULTIPLIERS])
def test_multipliers(post, line, hand, kw, pays):
    answer = evaluate(post, hand, **kw)
    assert answer["winning"] is True, answer
    assert amounts(answer) == pays


def test_4_qiang_gang_double_paid_by_the_robbed(post):
    # 4. 抢杠 X2 可视作自摸; 被抢杠的人需出双倍的积分: the self-draw shares 16+8+8 = 32, doubled
    # = 64, all from the robbed player. German: (32×2+5) + 2 × (16×2+5) = 143.
    you = evaluate(post, PING_YOU, win_tile="9m", win_type="rob_kong")
    de = evaluate(post, PING_DE, win_tile="9m", win_type="rob_kong")
    assert [(p["payer"], p["amount"]) for p in you["payments"]] == [("robbed", 64)]
    assert [(p["payer"], p["amount"]) for p in de["payments"]] == [("robbed", 143)]


def test_multipliers_multiply(post):
    # 注: 以上计算均在基础分之上相乘: 德国大七对精钓 by the dealer on a kong replacement:
    # 4 × 2 大七 × 2 精钓 × 2 杠开 × 2 自摸 × 2 庄家 = 128; 德国 128 × 2 + 5 = 261 each.
    answer = evaluate(post, "222p333s999s5s5s", win_tile="5s", win_type="kong_replacement",
                      dealer=True, melds=KONG)
    assert amounts(answer) == [261, 261, 261]
    assert {"da_qi_dui", "jing_diao", "gang_kai", "zi_mo", "zhuang_jia", "de_guo"} <= \
        ids(answer)
    assert answer["multiplier"] == 2 * 2 * 2 * 2 * 2 * 2
    names = {p["id"]: p["name_zh"] for p in answer["patterns"]}
    assert names["jing_diao"] == "精钓" and names["gang_kai"] == "杠开"


@pytest.mark.parametrize(("hand", "tile", "reason"), [
    (PING_YOU, "9m", "you_jing_ping_hu_self_draw_only"),  # 9. 憋自摸：有精小胡时，点炮不能胡
    ("123m456m789m123p9p5s", "9p", "jing_diao_self_draw_only"),  # 精钓: 只能自摸
])
def test_self_draw_only(post, hand, tile, reason):
    answer = evaluate(post, hand, win_tile=tile, win_type="discard")
    assert answer["winning"] is False and answer["reason"] == reason
    if reason.startswith("you_jing"):
        assert "憋自摸" in answer["message"]


def test_small_seven_pairs_is_concealed(post):
    # 10. 若发生暗杠动作则七对子不成立: 1111m kept in hand is two pairs; declared as a concealed
    # kong it leaves five pairs and a single, which is no win.
    kept = evaluate(post, "1111m22m33p44p77s99s", win_tile="2m")
    declared = evaluate(post, "22m33p44p77s99sE", win_tile="E", melds=KONG)
    assert kept["shape"] == "xiao_qi_dui"
    assert declared["winning"] is False


def test_four_of_a_kind_as_two_pairs(post):
    # 10. 可以有2对相同的牌
    answer = evaluate(post, "1111m33p44p77s99sEE", win_tile="1m")
    assert answer["shape"] == "xiao_qi_dui"


def test_qi_xing_replaces_shi_san_lan(post):
    answer = evaluate(post, "147m25p36sESWNCFP", win_tile="2p", jing="8s")
    assert "qi_xing_shi_san_lan" in ids(answer) and "shi_san_lan" not in ids(answer)


@pytest.mark.parametrize(("floor", "pays"), [(1, [16, 8, 8]), (2, [32, 16, 16]),
                                              (4, [128, 64, 64])])
def test_pa_lou_ti_floors(post, floor, pays):
    # 爬楼梯: 计算结果时增加*2基础分 per floor above the first
    answer = evaluate(post, PING_YOU, win_tile="9m",
                      rules={"pa_lou_ti": "man_shang_man_xia", "floor": floor})
    assert amounts(answer) == pays
    assert ("pa_lou_ti" in ids(answer)) is (floor > 1)


def test_kong_chain_counts_once_by_default(post):
    kongs = [{"type": "concealed_kong", "tiles": t} for t in ("1111m", "9999p", "3333s")]
    once = evaluate(post, "12p5sEE", win_tile="2p", win_type="kong_replacement",
                    melds=kongs, flags={"kong_chain": 3})
    each = evaluate(post, "12p5sEE", win_tile="2p", win_type="kong_replacement",
                    melds=kongs, flags={"kong_chain": 3}, rules={"kong_chain": "double_each"})
    assert amounts(once) == [32, 16, 16]
    assert amounts(each) == [128, 64, 64]


def test_lower_jing_is_never_wild(post):
    # 下精仅在下翻的时候算分: the 下精 9s is scored only; it cannot stand in for the 3p that 12p
    # needs (a 上精 5s could).
    body = hand_body("nanchang", "123m456m789m12p9sEE", jing=J, win_tile="9m")
    body["jing"]["lower_indicator"] = "9s"
    status, answer = post("/evaluate", body)
    assert status == 200 and answer["winning"] is False


@pytest.mark.parametrize(("patch", "field"), [
    ({"rules": {"floor": 2}}, "rules.floor"),  # 爬楼梯 off
    ({"flags": {"no_jing_held": True}}, "flags.no_jing_held"),  # xingguo's flag
    ({"rules": {"lower_jing_mode": "both"}}, "rules.lower_jing_mode"),
])
def test_bad_requests(post, patch, field):
    body = {**hand_body("nanchang", PING_DE, jing=J, win_tile="9m"), **patch}
    status, answer = post("/evaluate", body)
    assert status == 422, answer
    assert field in [e["field"] for e in answer["errors"]]
