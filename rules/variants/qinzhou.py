"""欽州 qinzhou (seed 003_104020ae0064156a.txt, RULINGS.md § qinzhou)."""

from __future__ import annotations

from rules.analysis import ShapeRules
from rules.variant import Variant


class Qinzhou(Variant):
    name = "qinzhou"
    title_zh = "钦州麻将"
    title_en = "Qinzhou (Guangxi)"
    seed = "003_104020ae0064156a.txt"
    # 6 可胡牌形: AA + 4 sets, or seven pairs (豪华七对: two of the pairs the same tile)
    shapes = ShapeRules(seven_pairs=True, four_as_two_pairs=True)
    flags = frozenset({"heavenly", "earthly", "last_tile", "after_kong_discard"})
    max_winners = 3  # 2.5 有一炮多響
    takes_horses = True
