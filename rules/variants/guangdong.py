"""广东鸡平和 guangdong (seed 004_e6cf273dd962d1d9.txt, RULINGS.md § guangdong)."""

from __future__ import annotations

from rules.analysis import ShapeRules
from rules.variant import Variant


class Guangdong(Variant):
    name = "guangdong"
    title_zh = "广东鸡平和"
    title_en = "Guangdong Jipinghu"
    seed = "004_e6cf273dd962d1d9.txt"
    shapes = ShapeRules(shi_san_yao=True)  # 十三幺 is the only shape beyond four sets + pair
    flags = frozenset({"heavenly", "earthly", "human", "last_tile"})
    max_winners = 3  # 一炮多响 (一炮三响)
