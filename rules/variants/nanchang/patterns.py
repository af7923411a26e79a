"""nanchang's patterns: 基础分 and the Jiangxi table's shared rows, plus 德中德 and 爬楼梯,
and the hand's multipliers (胡牌分)."""

from __future__ import annotations

from rules.jiangxi.patterns import SHARED
from rules.patterns import PatternRule

JI_CHU_FEN = PatternRule("ji_chu_fen", "基础分", "Base points", 4, "points",
                         seed="胡牌分 1. 基础分：4分")
DE_ZHONG_DE = PatternRule("de_zhong_de", "德中德", "German while the other three hold no jing",
                          4, "x", seed="14. 德中德：自摸时为每家X4+5")
PA_LOU_TI = PatternRule("pa_lou_ti", "爬楼梯", "Floors (爬楼梯): ×2 per floor above the first",
                        None, "x", seed="【精牌类型】爬楼梯 每次连庄后上1楼，增加*2基础分")
PATTERNS = (JI_CHU_FEN, *SHARED, DE_ZHONG_DE, PA_LOU_TI)

# 胡牌分: each shape's multiplier on the base.
SHAPE_FACTOR = {
    "ping_hu": 1,  # 平胡: no multiplier of its own
    "da_qi_dui": 2,  # 9. 大七对：X2 (碰碰胡, melds allowed)
    "xiao_qi_dui": 2,  # 10. 小七对：X2 (门清; 2对相同的牌 allowed)
    "shi_san_lan": 2,  # 11. 十三烂：X2
    "qi_xing_shi_san_lan": 4,  # 12. 七星十三烂：X4 (instead of 十三烂's ×2)
}
