"""Every figure of seed 000's payment tables A-D, E and the 2011 supplement, through /evaluate.

Jing indicator 5s throughout (正精 5s, 副精 6s) unless a line needs another. The amounts are
listed in the seed's order: the dealer (or the discarder when the dealer wins), the
discarder, the others. Hands:

* 有精平胡 ``123m456m789m12p5sEE`` + 9m: the 5s stands in for 3p.
* 德国平胡 ``123m456m789m123pEE`` + 9m: no jing at all.
* 有精小七 ``11m22m33p44p77s9s5sEE`` (5s pairs the 9s); 德国小七 ``…99sEE``.
* 有精大七 ``111m222p333s99s5sEE`` (5s makes 999s); 德国大七 ``…999sEE``.
* 精吊: four sets + a lone 5s, the last tile pairs it (德国: the last tile is another 5s).
"""

from __future__ import annotations

import pytest

from tests.api.jiangxi_cases import amounts, hand_body, ids

J = "5s"
PING_YOU, PING_DE = "123m456m789m12p5sEE", "123m456m789m123pEE"
QI_YOU, QI_DE = "11m22m33p44p77s9s5sEE", "11m22m33p44p77s99sEE"
DA_YOU, DA_DE = "111m222p333s99s5sEE", "111m222p333s999sEE"

# (seed line, hand, win tile, win type, dealer wins, discarder is the dealer, payments, total)
# None payments: the seed says 不能胡.
SELF, DISC = "self_draw", "discard"
TABLE = [
    # A组：平胡
    ("A1 庄家平胡有精自摸 4+4+4=12", PING_YOU, "9m", SELF, True, None, [4, 4, 4], 12),
    ("A2 庄家平胡德国自摸 13+13+13=39", PING_DE, "9m", SELF, True, None, [13, 13, 13], 39),
    ("A3 闲家平胡有精自摸 4+2+2=8", PING_YOU, "9m", SELF, False, None, [4, 2, 2], 8),
    ("A4 闲家平胡德国自摸 13+9+9=31", PING_DE, "9m", SELF, False, None, [13, 9, 9], 31),
    ("A5 闲家点庄家有精平胡 不能胡", PING_YOU, "9m", DISC, True, None, None, None),
    ("A6 闲家点庄家德国平胡 13+4+4=21", PING_DE, "9m", DISC, True, None, [13, 4, 4], 21),
    ("A7 庄家点闲家有精平胡 不能胡", PING_YOU, "9m", DISC, False, True, None, None),
    ("A8 庄家点闲家德国平胡 13+2+2=17", PING_DE, "9m", DISC, False, True, [13, 2, 2], 17),
    ("A9 闲家点闲家有精平胡 不能胡", PING_YOU, "9m", DISC, False, False, None, None),
    ("A10 闲家点闲家德国平胡 4+9+2=15", PING_DE, "9m", DISC, False, False, [4, 9, 2], 15),
    # B组：小七、十三烂
    ("B1 庄家小七有精自摸 8+8+8=24", QI_YOU, "2m", SELF, True, None, [8, 8, 8], 24),
    ("B2 庄家小七德国自摸 21+21+21=63", QI_DE, "2m", SELF, True, None, [21, 21, 21], 63),
    ("B3 闲家小七有精自摸 8+4+4=16", QI_YOU, "2m", SELF, False, None, [8, 4, 4], 16),
    # the seed prints 37: 21+13+13 is 47 (RULINGS; supplement 5 itself uses 47)
    ("B4 闲家小七德国自摸 21+13+13=47", QI_DE, "2m", SELF, False, None, [21, 13, 13], 47),
    ("B5 闲家点庄家有精小七 8+4+4=16", QI_YOU, "2m", DISC, True, None, [8, 4, 4], 16),
    ("B6 闲家点庄家德国小七 21+8+8=37", QI_DE, "2m", DISC, True, None, [21, 8, 8], 37),
    ("B7 庄家点闲家有精小七 8+2+2=12", QI_YOU, "2m", DISC, False, True, [8, 2, 2], 12),
    ("B8 庄家点闲家德国小七 21+4+4=29", QI_DE, "2m", DISC, False, True, [21, 4, 4], 29),
    ("B9 闲家点闲家有精小七 4+4+2=10", QI_YOU, "2m", DISC, False, False, [4, 4, 2], 10),
    ("B10 闲家点闲家德国小七 8+13+4=25", QI_DE, "2m", DISC, False, False, [8, 13, 4], 25),
    # C组：大七
    ("C1 庄家大七有精自摸 16+16+16=48", DA_YOU, "1m", SELF, True, None, [16, 16, 16], 48),
    ("C2 庄家大七德国自摸 37+37+37=111", DA_DE, "1m", SELF, True, None, [37, 37, 37], 111),
    ("C3 闲家大七有精自摸 16+8+8=32", DA_YOU, "1m", SELF, False, None, [16, 8, 8], 32),
    ("C4 闲家大七德国自摸 37+21+21=79", DA_DE, "1m", SELF, False, None, [37, 21, 21], 79),
    ("C5 闲家点庄家有精大七 16+8+8=32", DA_YOU, "1m", DISC, True, None, [16, 8, 8], 32),
    ("C6 闲家点庄家德国大七 37+16+16=69", DA_DE, "1m", DISC, True, None, [37, 16, 16], 69),
    ("C7 庄家点闲家有精大七 16+4+4=24", DA_YOU, "1m", DISC, False, True, [16, 4, 4], 24),
    # the seed prints the sum as 43: 37+8+8 is 53 (the per-payer figures are the seed's)
    ("C8 庄家点闲家德国大七 37+8+8=53", DA_DE, "1m", DISC, False, True, [37, 8, 8], 53),
    ("C9 闲家点闲家有精大七 8+8+4=20", DA_YOU, "1m", DISC, False, False, [8, 8, 4], 20),
    ("C10 闲家点闲家德国大七 16+21+8=45", DA_DE, "1m", DISC, False, False, [16, 21, 8], 45),
    # D组：精吊 (self-draw only)
    ("D1 庄家有精平胡精吊 8+8+8=24", "123m456m789m123p9p5s", "9p", SELF, True, None,
     [8, 8, 8], 24),
    ("D2 庄家有精小七精吊 16+16+16=48", "11m22m33p44p77s99s1p5s", "1p", SELF, True, None,
     [16, 16, 16], 48),
    ("D3 庄家有精大七精吊 32+32+32=96", "111m222p333s999s1p5s", "1p", SELF, True, None,
     [32, 32, 32], 96),
    ("D4 闲家有精平胡精吊 8+4+4=16", "123m456m789m123p9p5s", "9p", SELF, False, None,
     [8, 4, 4], 16),
    ("D5 闲家有精小七精吊 16+8+8=32", "11m22m33p44p77s99s1p5s", "1p", SELF, False, None,
     [16, 8, 8], 32),
    ("D6 闲家有精大七精吊 32+16+16=64", "111m222p333s999s1p5s", "1p", SELF, False, None,
     [32, 16, 16], 64),
    ("D7 庄家平胡精吊德国 21+21+21=63", "123m456m789m123p5s5s", "5s", SELF, True, None,
     [21, 21, 21], 63),
    ("D8 庄家小七精吊德国 37+37+37=111", "11m22m33p44p77s99s5s5s", "5s", SELF, True, None,
     [37, 37, 37], 111),
    ("D9 庄家大七精吊德国 69+69+69=207", "111m222p333s999s5s5s", "5s", SELF, True, None,
     [69, 69, 69], 207),
    ("D10 闲家平胡精吊德国 21+13+13=47", "123m456m789m123p5s5s", "5s", SELF, False, None,
     [21, 13, 13], 47),
    ("D11 闲家小七精吊德国 37+21+21=79", "11m22m33p44p77s99s5s5s", "5s", SELF, False, None,
     [37, 21, 21], 79),
    ("D12 闲家大七精吊德国 69+37+37=143", "111m222p333s999s5s5s", "5s", SELF, False, None,
     [69, 37, 37], 143),
]


@pytest.mark.parametrize(("line", "hand", "tile", "win_type", "dealer", "by_dealer", "pays",
                          "total"), TABLE, ids=[row[0] for row in TABLE])
def test_tables_a_to_d(post, line, hand, tile, win_type, dealer, by_dealer, pays, total):
    status, answer = post("/evaluate", hand_body(
        "xingguo", hand, jing=J, win_type=win_type, win_tile=tile, dealer=dealer,
        discarder_is_dealer=by_dealer))
    assert status == 200, answer
    if pays is None:
        assert answer["winning"] is False
        assert answer["reason"] == "you_jing_ping_hu_self_draw_only"
        return
    assert answer["winning"] is True, answer
    assert amounts(answer) == pays
    assert answer["total"] == total
    assert ("de_guo" in ids(answer)) == ("德国" in line)
    assert ("jing_diao" in ids(answer)) == ("精吊" in line)


def test_d13_gang_diao(post):
    # D组 13: 庄家大七杠吊德国 133+133+133=399: a concealed kong of 1m, its replacement tile
    # the second 5s: 4 (大七) × 2 精吊 × 2 杠 × 2 自摸 × 2 庄家 = 64; 德国 64 × 2 + 5 = 133.
    status, answer = post("/evaluate", hand_body(
        "xingguo", "222p333s999s5s5s", jing=J, win_type="kong_replacement", win_tile="5s",
        dealer=True, melds=[{"type": "concealed_kong", "tiles": "1111m"}]))
    assert status == 200, answer
    assert amounts(answer) == [133, 133, 133]
    assert answer["total"] == 399
    assert {"gang_diao", "jing_diao", "de_guo", "da_qi_dui"} <= ids(answer)


# E组 6: 杠上花 = 正常胡 X2; 杠上平胡=平胡精吊, 杠上大七=大七精吊; 杠花德国 = 德国精吊.
KONG = [{"type": "concealed_kong", "tiles": "1111m"}]
THREE_KONGS = [{"type": "concealed_kong", "tiles": t} for t in ("1111m", "9999p", "3333s")]
GANG_KAI = [
    ("E6 杠上平胡=平胡精吊 8+4+4=16 (D4)", "456m789m12p5sEE", "9m", [8, 4, 4], "gang_kai"),
    ("E6 杠上大七=大七精吊 32+16+16=64 (D6)", "222p333s99s5sEE", "2p", [32, 16, 16],
     "gang_kai"),
    ("E6 杠花德国=德国精吊 21+13+13=47 (D10)", "456m789m123pEE", "9m", [21, 13, 13],
     "gang_kai"),
]


@pytest.mark.parametrize(("line", "hand", "tile", "pays", "pid"), GANG_KAI,
                         ids=[g[0] for g in GANG_KAI])
def test_e6_gang_shang_hua(post, line, hand, tile, pays, pid):
    status, answer = post("/evaluate", hand_body(
        "xingguo", hand, jing=J, win_type="kong_replacement", win_tile=tile, melds=KONG))
    assert status == 200, answer
    assert amounts(answer) == pays
    assert pid in ids(answer) and "jing_diao" not in ids(answer)


@pytest.mark.parametrize(("chain", "mode", "pays"), [
    (2, "double_each", [16, 8, 8]),  # 补充 10: 杠吊杠吊翻4倍 (1 × 4 × 2 × 2 / 1 × 4 × 2)
    (3, "double_each", [32, 16, 16]),  # 补充 10: 如果再杠吊翻8倍
    (2, "once", [8, 4, 4]),  # E组 6: 连多次杠吊，只算一次杠吊
], ids=["补充10 two kongs ×4", "补充10 three kongs ×8", "E6 option once ×2"])
def test_kong_chain_option(post, chain, mode, pays):
    # three concealed kongs, then 1p 2p + 5s (for 3p) + EE: 有精平胡 on the replacement tile
    status, answer = post("/evaluate", hand_body(
        "xingguo", "12p5sEE", jing=J, win_type="kong_replacement", win_tile="2p",
        melds=THREE_KONGS, flags={"kong_chain": chain}, rules={"kong_chain": mode}))
    assert status == 200, answer
    assert amounts(answer) == pays


TIAN_DI = [
    ("E2 普通天胡 20+20+20=60", PING_DE, {"heavenly": True}, True, None, SELF, [20, 20, 20]),
    ("E2 普通地胡 20+20+20=60", PING_YOU, {"earthly": True}, False, "9m", DISC, [20, 20, 20]),
    # 补充 7: 精吊天胡：即对子由两个精构成 (5s 正精 + 6s 副精)
    ("E3 精吊天胡 40+40+40=120", "123m456m789m123p5s6s", {"heavenly": True}, True, None, SELF,
     [40, 40, 40]),
    # 补充 7: 精吊地胡：即你打任何牌都可胡 (four sets + a lone 5s; the dealer's 9p)
    ("E3 精吊地胡 40+40+40=120", "123m456m789m123p9p5s", {"earthly": True}, False, "9p", DISC,
     [40, 40, 40]),
]


@pytest.mark.parametrize(("line", "hand", "flags", "dealer", "tile", "win_type", "pays"),
                         TIAN_DI, ids=[t[0] for t in TIAN_DI])
def test_e2_e3_tian_di_hu(post, line, hand, flags, dealer, tile, win_type, pays):
    status, answer = post("/evaluate", hand_body(
        "xingguo", hand, jing=J, win_type=win_type, win_tile=tile, dealer=dealer,
        flags=flags, discarder_is_dealer=True if win_type == DISC else None))
    assert status == 200, answer
    assert amounts(answer) == pays
    assert answer["multiplier"] is None  # flat: no multiplier applies
    assert ({"tian_hu", "di_hu"} & ids(answer))


def test_e7_ba_hu(post):
    # E组 7: 霸胡 正常胡 X2: 闲家平胡德国自摸 with nobody holding jing:
    # dealer 1 × 2 × 2 × 2 = 8 → 21; others 1 × 2 × 2 = 4 → 13.
    status, answer = post("/evaluate", hand_body(
        "xingguo", PING_DE, jing=J, win_tile="9m", flags={"no_jing_held": True}))
    assert status == 200, answer
    assert amounts(answer) == [21, 13, 13]
    assert "ba_hu" in ids(answer)


def test_e9_qi_xing_doubles_shi_san_lan(post):
    # E组 9: 七星十三烂 正常胡X2. 闲家德国自摸: 十三烂 B=2 → 21+13+13; 七星 B=4 → 37+21+21.
    _, lan = post("/evaluate", hand_body("xingguo", "147m258p369sESWNC", jing="F"))
    _, star = post("/evaluate", hand_body("xingguo", "147m25p36sESWNCFP", jing="8s"))
    assert (lan["shape"], amounts(lan)) == ("shi_san_lan", [21, 13, 13])
    assert (star["shape"], amounts(star)) == ("qi_xing_shi_san_lan", [37, 21, 21])


# 补充说明 5: 抢杠计子 — the winner's self-draw total ×2, German 5s not doubled, all paid by
# the player whose added kong was robbed.
ROB = [
    ("闲家平胡有精抢 16子", PING_YOU, J, False, 16),
    ("庄家平胡有精抢 24子", PING_YOU, J, True, 24),
    ("闲家平胡德国抢 31X2-15=47子", PING_DE, J, False, 47),
    ("庄家平胡德国抢 39X2-15=63子", PING_DE, J, True, 63),
    ("闲家十三烂有精抢 32子", "14m258p369sESWNC5m", "5m", False, 32),
    ("闲家十三烂德国抢 47X2-15=79子", "147m258p369sESWNC", "F", False, 79),
    ("闲家七星十三烂德国抢 79X2-15=143子", "147m25p36sESWNCFP", "8s", False, 143),
]


@pytest.mark.parametrize(("line", "hand", "jing", "dealer", "total"), ROB,
                         ids=[f"补充5 {r[0]}" for r in ROB])
def test_supplement_5_qiang_gang(post, line, hand, jing, dealer, total):
    tile = "9m" if hand.startswith("123m") else "2p"
    status, answer = post("/evaluate", hand_body(
        "xingguo", hand, jing=jing, win_type="rob_kong", win_tile=tile, dealer=dealer))
    assert status == 200, answer
    assert [(p["payer"], p["amount"]) for p in answer["payments"]] == [("robbed", total)]
    assert answer["total"] == total
    assert "qiang_gang" in ids(answer)
