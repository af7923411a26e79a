"""兴国冲关 xingguo (seed 000_83ce17ce76b9bbdd.txt, RULINGS.md § xingguo)."""

from __future__ import annotations

from rules.analysis import ShapeRules
from rules.variant import Variant


class Xingguo(Variant):
    name = "xingguo"
    title_zh = "兴国冲关麻将"
    title_en = "Xingguo Chongguan (Ganzhou, Jiangxi)"
    seed = "000_83ce17ce76b9bbdd.txt"
    # 四.1 汉字牌不重复三个可为一体; 小七, 十三烂 (一.最大特)
    shapes = ShapeRules(honour_chows=True, seven_pairs=True, four_as_two_pairs=True,
                        shi_san_lan=True)
    flags = frozenset({"heavenly", "earthly", "kong_chain", "no_jing_held"})
    jing_fields = ("indicator",)
    wild_jing = True
    out_of_play_jing = ("indicator",)  # 二. 一副牌里有7张精，翻开的那张不算
