"""qinzhou fan: every pattern of seed 003 §6 with its value, every exclusion, the best reading.

Domain-level: requests are built as dataclasses and scored by ``rules.evaluate``.
"""

from __future__ import annotations

import pytest

import rules
from rules import places as at
from rules.model import EvaluateRequest, Flags, Meld, PlayerTiles
from rules.tiles import parse_tiles
from rules.variants.qinzhou.patterns import FANS, JI_HU


def meld(kind: str, tiles: str, source: int | None = None) -> Meld:
    return Meld(kind, tuple(parse_tiles(tiles)), source)


def score(hand: str, *melds: Meld, win_type: str | None = None, dealer: bool = False,
          flags: Flags | None = None, **options):
    request = EvaluateRequest("qinzhou", PlayerTiles(tuple(parse_tiles(hand)), tuple(melds)),
                              win_type=win_type, dealer=dealer, flags=flags or Flags(),
                              rules=options)
    return rules.evaluate(request)


def ids(evaluation) -> list[str]:
    return sorted(p.id for p in evaluation.patterns)


FOUR_KONGS = (meld("kong", "1111m", 2), meld("concealed_kong", "5555p"),
              meld("added_kong", "9999s"), meld("kong", "EEEE", 1))
TWELVE_DOWN = (meld("chow", "123m", 3), meld("pung", "555p", 1), meld("chow", "789s", 3),
               meld("pung", "EEE", 2))
PLAIN = "123m456p789s111sEE"  # no pattern at all

# One hand per fan of 003 §6 (and 鸡胡): (id, hand, melds, evaluate kwargs, expected fan).
ONE_PER_FAN = [
    ("shi_ba_luo_han", "22p", FOUR_KONGS, {}, 18),  # 6.1 十八羅漢 18番 (不記對對胡)
    ("zi_yi_se", "EEESSSWWWNNNCC", (), {}, 4),  # 6.2 字一色 4番 (不計對對胡)
    ("qi_dui", "11m33m55p77p99sEESS", (), {}, 2),  # 6.3 七對 2番
    ("hao_hua_qi_dui", "1111m33m55p77p99sEE", (), {}, 4),  # 6.4 豪華七對 4番
    ("qing_yi_se", "123123456789m99m", (), {}, 2),  # 6.5 清一色 2番
    ("hai_di_lao_yue", PLAIN, (), {"flags": Flags(last_tile=True)}, 2),  # 6.6 海底撈月 2番
    ("gang_shang_kai_hua", "123m456p789sEE", (meld("concealed_kong", "1111s"),),
     {"win_type": "kong_replacement"}, 2),  # 6.7 杠上開花 2番
    ("qiang_gang_hu", PLAIN, (), {"win_type": "rob_kong"}, 2),  # 6.8 搶杠胡 2番
    ("dui_dui_hu", "111m333p555s777sEE", (), {}, 2),  # 6.9 對對胡 2番
    ("shi_er_zhang_luo_di", "9p9p", TWELVE_DOWN, {"win_type": "discard"}, 2),  # 6.10 2番
    ("di_hu", PLAIN, (), {"flags": Flags(earthly=True)}, 2),  # 6.11 地胡 2番
    ("tian_hu", PLAIN, (), {"flags": Flags(heavenly=True), "dealer": True}, 4),  # 6.12 天胡 4番
    ("gang_shang_pao", PLAIN, (), {"win_type": "discard",
                                   "flags": Flags(after_kong_discard=True)}, 2),  # 6.13 杠上跑
    ("ji_hu", PLAIN, (), {}, 1),  # 7 欽州麻將為1番起和
]


@pytest.mark.parametrize(("pid", "hand", "melds", "kwargs", "fan"), ONE_PER_FAN,
                         ids=[row[0] for row in ONE_PER_FAN])
def test_each_fan_alone(pid, hand, melds, kwargs, fan):
    answer = score(hand, *melds, **kwargs)
    assert answer.winning
    assert ids(answer) == [pid]
    assert answer.fan == fan
    assert answer.patterns[0].value == fan
    assert answer.patterns[0].unit == "fan"


def test_the_table_covers_the_seed_list():
    """13 patterns in 003 §6, each with its value, plus ji_hu."""
    values = {f.id: f.value for f in FANS.values()}
    assert values == {"shi_ba_luo_han": 18, "zi_yi_se": 4, "qi_dui": 2, "hao_hua_qi_dui": 4,
                      "qing_yi_se": 2, "hai_di_lao_yue": 2, "gang_shang_kai_hua": 2,
                      "qiang_gang_hu": 2, "dui_dui_hu": 2, "shi_er_zhang_luo_di": 2,
                      "di_hu": 2, "tian_hu": 4, "gang_shang_pao": 2}
    assert JI_HU.value == 1
    assert {row[0] for row in ONE_PER_FAN} == {*values, "ji_hu"}
    assert all(f.name_zh and f.name_en for f in (*FANS.values(), JI_HU))


# ---------------------------------------------------------------- exclusions


def test_four_kongs_do_not_also_count_all_pungs():
    answer = score("22p", *FOUR_KONGS)
    assert ids(answer) == ["shi_ba_luo_han"]
    assert "不記對對胡" in str(answer.patterns[0].note)


def test_all_honours_do_not_also_count_all_pungs():
    answer = score("EEESSSWWWNNNCC")
    assert ids(answer) == ["zi_yi_se"]
    assert "不計對對胡" in str(answer.patterns[0].note)


def test_luxury_seven_pairs_replace_seven_pairs():
    answer = score("1111m33m55p77p99sEE")
    assert ids(answer) == ["hao_hua_qi_dui"]
    assert answer.fan == 4


def test_two_quads_are_still_one_luxury():
    assert score("1111m3333m55p77pEE").fan == 4


def test_four_honour_kongs_are_arhats_and_all_honours():
    kongs = (meld("kong", "EEEE", 1), meld("kong", "SSSS", 2), meld("concealed_kong", "WWWW"),
             meld("added_kong", "CCCC"))
    answer = score("PP", *kongs)
    assert ids(answer) == ["shi_ba_luo_han", "zi_yi_se"]
    assert answer.fan == 22


def test_honour_seven_pairs_are_all_honours_by_default():
    assert ids(score("EESSWWNNCCFFPP")) == ["qi_dui", "zi_yi_se"]
    assert score("EESSWWNNCCFFPP").fan == 6


def test_honour_seven_pairs_without_the_option():
    answer = score("EESSWWNNCCFFPP", zi_yi_se_qi_dui=False)
    assert ids(answer) == ["qi_dui"]
    assert answer.fan == 2


def test_twelve_down_and_all_pungs_add():
    pungs = (meld("pung", "111m", 1), meld("pung", "555p", 2), meld("kong", "9999s", 3),
             meld("pung", "EEE", 1))
    answer = score("CC", *pungs, win_type="discard")
    assert ids(answer) == ["dui_dui_hu", "shi_er_zhang_luo_di"]
    assert answer.fan == 4


def test_a_concealed_kong_is_not_laid_down():
    """RULINGS: 十二张落地 is four exposed melds; a 暗杠 is not one."""
    melds = (*TWELVE_DOWN[:3], meld("concealed_kong", "EEEE"))
    assert ids(score("9p9p", *melds, win_type="discard")) == ["ji_hu"]


def test_a_chow_meld_spoils_all_pungs():
    answer = score("111m333p555sEE", meld("chow", "789s", 3))
    assert ids(answer) == ["ji_hu"]


def test_flush_with_melds_counts_the_melds():
    assert ids(score("123m456m789m99m", meld("pung", "777p", 1))) == ["ji_hu"]
    assert ids(score("123456m789m11m", meld("pung", "777m", 1))) == ["qing_yi_se"]


def test_honours_are_no_flush():
    assert "qing_yi_se" not in ids(score("123m456m789m11mEE"))


# ---------------------------------------------------------------- best reading, combination


def test_all_pungs_reading_beats_the_chow_reading():
    """111222333m: three chows (清一色 2) or three pungs (清一色 + 对对胡 4)."""
    answer = score("111222333555m99m")
    assert answer.fan == 4
    assert ids(answer) == ["dui_dui_hu", "qing_yi_se"]
    assert answer.readings >= 2
    assert all(g.type != "chow" for g in answer.decomposition)


def test_seven_pairs_reading_beats_the_standard_reading():
    answer = score("11223344556677m")
    assert answer.shape == "seven_pairs"
    assert answer.fan == 4


def test_luxury_reading_beats_the_standard_reading():
    answer = score("11112233445566m")
    assert ids(answer) == ["hao_hua_qi_dui", "qing_yi_se"]
    assert answer.fan == 6


def test_fans_multiply_by_option():
    assert score("11112233445566m", fan_combination="multiply").fan == 8
    kongs = (meld("kong", "EEEE", 1), meld("kong", "SSSS", 2), meld("concealed_kong", "WWWW"),
             meld("added_kong", "CCCC"))
    assert score("PP", *kongs, fan_combination="multiply").fan == 72
    assert score(PLAIN, fan_combination="multiply").fan == 1


def test_every_situational_fan_adds_up():
    answer = score(PLAIN, win_type="discard",
                   flags=Flags(earthly=True, after_kong_discard=True))
    assert ids(answer) == ["di_hu", "gang_shang_pao"]
    assert answer.fan == 4


def test_last_tile_on_a_kong_replacement():
    answer = score("123m456p789sEE", meld("concealed_kong", "1111s"),
                   win_type="kong_replacement", flags=Flags(last_tile=True))
    assert ids(answer) == ["gang_shang_kai_hua", "hai_di_lao_yue"]
    assert answer.fan == 4


def test_heavenly_flush():
    answer = score("123123456789m99m", dealer=True, flags=Flags(heavenly=True))
    assert answer.fan == 6


# ---------------------------------------------------------------- what is not a win


@pytest.mark.parametrize("hand", ["123m456p789s11sESW", "EEESSSWWWNNNCF", "11223344556678m"])
def test_not_a_winning_shape(hand):
    answer = score(hand)
    assert not answer.winning
    assert answer.reason == "not_complete"


def test_no_honour_chows():
    with pytest.raises(rules.InvalidInput) as caught:
        score("123m456p789s11s", meld("chow", "ESW", 3))
    assert caught.value.errors[0].place == at.meld(0, name="tiles")


def test_no_wild_jing():
    with pytest.raises(rules.InvalidInput) as caught:
        rules.evaluate(EvaluateRequest("qinzhou", PlayerTiles(tuple(parse_tiles(PLAIN))),
                                       jing=rules.model.Jing(indicator=0)))
    assert caught.value.errors[0].place == at.jing("indicator")
