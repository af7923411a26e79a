"""南昌 nanchang (seed 002_15a3ce03a28fced8.txt, RULINGS.md § nanchang)."""

from __future__ import annotations

from rules.analysis import ShapeRules
from rules.variant import Variant


class Nanchang(Variant):
    name = "nanchang"
    title_zh = "南昌麻将"
    title_en = "Nanchang (Jiangxi)"
    seed = "002_15a3ce03a28fced8.txt"
    # 简介: 3张不重复的同类的字牌可以组成一幅顺子; 十三烂; 小七对 (可以有2对相同的牌)
    shapes = ShapeRules(honour_chows=True, seven_pairs=True, four_as_two_pairs=True,
                        shi_san_lan=True)
    flags = frozenset({"heavenly", "earthly", "kong_chain", "others_no_jing"})
    jing_fields = ("indicator", "lower_indicator", "previous_indicator")
    wild_jing = True
    out_of_play_jing = ("lower_indicator",)  # 下精 is flipped out; 上精 stays in the wall
