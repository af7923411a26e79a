"""xingguo's patterns: the Jiangxi table's shared rows plus 霸胡, and the hand base by shape."""

from __future__ import annotations

from rules.jiangxi.patterns import SHARED
from rules.patterns import PatternRule

BA_HU = PatternRule("ba_hu", "霸胡", "No jing at the table", 2, "x",
                    seed="E组 7 霸胡（所有家没有一个精）：正常胡 X2")
PATTERNS = (*SHARED, BA_HU)

# 五. 计子规则: the hand base B of each shape (per payer: B × 2 自摸 × 2 庄家 …).
SHAPE_BASE = {
    "ping_hu": 1,  # A组 3: 闲家平胡有精自摸 4+2+2=8
    "xiao_qi_dui": 2,  # B组 3: 闲家小七有精自摸 8+4+4=16
    "shi_san_lan": 2,  # B组 小七、十三烂; 补充 5: 闲家十三烂有精抢 32子
    "qi_xing_shi_san_lan": 4,  # E组 9: 七星十三烂 正常胡X2; 补充 5: 七星十三烂德国抢 143
    "da_qi_dui": 4,  # C组 3: 闲家大七有精自摸 16+8+8=32
}
