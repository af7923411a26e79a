"""兴国冲关 xingguo: seed 000 (兴国冲关), as docs/rules/xingguo.md states it.

The tables of the seed; the machinery (best reading, 德国, 精吊, jing score, settlement) is
shared with nanchang in :mod:`rules.variants.jiangxi`. Per payer a hand costs ``B × m``:
B by shape below, m the doublings (自摸/点炮, 庄家, 精吊, 杠, 霸胡), then 德国 ×2 +5.
"""

from __future__ import annotations

from typing import Any

from rules.errors import FieldError
from rules.ledger import SEATS, Ledger
from rules.model import KONG, Jing, Meld, Pattern, SettleRequest
from rules.options import RuleOption, dealer_passes_on_draw
from rules.tiles import code
from rules.variants.jiangxi import KONG_CHAIN_MODES, Jiangxi
from rules.variants.jiangxi.family import JiangxiSituation
from rules.variants.jiangxi.jing import BA_JING, CHONG_GUAN, Plan, jing_pair
from rules.variants.jiangxi.names import RULES, pattern
from rules.variants.jiangxi.reading import Candidate

# 五. 计子规则: the hand base B of each shape (per payer: B × 2 自摸 × 2 庄家 …).
SHAPE_BASE = {
    "ping_hu": 1,  # A组 3: 闲家平胡有精自摸 4+2+2=8
    "xiao_qi_dui": 2,  # B组 3: 闲家小七有精自摸 8+4+4=16
    "shi_san_lan": 2,  # B组 小七、十三烂; 补充 5: 闲家十三烂有精抢 32子
    "qi_xing_shi_san_lan": 4,  # E组 9: 七星十三烂 正常胡X2; 补充 5: 七星十三烂德国抢 143
    "da_qi_dui": 4,  # C组 3: 闲家大七有精自摸 16+8+8=32
}
KONG_POINTS = 2  # E组 5: 暗杠、碰杠、补杠 +2 +2+2=6
JING_KONG_POINTS = 20  # F组 5: 暗杠精和碰杠精：每家+20 则20+20+20=60
FALSE_WIN_POINTS = 20  # E组 4: 诈胡 -60= -20 -20 -20

OPTIONS = (
    RuleOption("kong_chain", "string", "double_each",
               "A win on a kong replacement after several kongs in a row: ×2 for each kong "
               "(double_each) or ×2 once (once)",
               "补充说明 10: 杠吊杠吊翻4倍，如果再杠吊翻8倍 (E组 6 says 只算一次)",
               choices=KONG_CHAIN_MODES),
    RuleOption("ba_hu_restored", "boolean", False,
               "霸胡 also when the winner holds jing, all read as themselves (德国), while the "
               "other three count none (held, melded or discarded) and the winner discarded "
               "none",
               "补充说明 8: 霸胡：四家全无精或胡家的精胡牌时已还原"),
    dealer_passes_on_draw("seed 000 is silent on who deals next (by default the "
                          "dealer keeps the deal on a drawn round)"),
)


class Xingguo(Jiangxi):
    name = "xingguo"
    title_zh = "兴国冲关麻将"
    title_en = "Xingguo Chongguan (Ganzhou, Jiangxi)"
    seed = "seed 000 (兴国冲关)"
    options = OPTIONS
    flags = frozenset({"heavenly", "earthly", "kong_chain", "no_jing_held"})
    pattern_rules = (*Jiangxi.pattern_rules, RULES["ba_hu"])
    jing_fields = ("indicator",)
    out_of_play_jing = ("indicator",)  # 二. 一副牌里有7张精，翻开的那张不算
    gang_diao = True  # D组 13: 杠吊：正常精吊下 X2
    flat_win = 20  # E组 2: 普通天胡、地胡 20+20+20=60; E组 3: 精吊天胡、地胡 40+40+40=120
    false_win_default = FALSE_WIN_POINTS

    def shape_terms(self, shape: str) -> tuple[Pattern, list[Pattern]]:
        return pattern(shape, SHAPE_BASE[shape], "points", "the hand base B"), []

    def extra_factors(self, candidate: Candidate, situation: JiangxiSituation) -> list[Pattern]:
        """E组 7: 霸胡（所有家没有一个精）：正常胡 X2; 补充 8 四家全无精或胡家的精胡牌时已还原.

        RULINGS: every player's jing count, as the jing score counts it (hand, melds and the
        player's own discarded jing), is 0; ``ba_hu_restored`` adds the second half: the
        winner's jing in its winning hand all read as themselves (a discarded jing is not in
        the hand, so it still counts)."""
        if not situation.table_clear or situation.winner_discarded_jing:
            return []
        restored = situation.rules["ba_hu_restored"] and candidate.german
        if situation.winner_holds_jing and not restored:
            return []
        note = "no player's jing count is above 0" if not situation.winner_holds_jing else \
            "the other three count no jing and the winner's jing are read as themselves"
        return [pattern("ba_hu", 2, "x", note)]

    def jing_plans(self, jing: Jing, rules: dict[str, Any]) -> list[Plan]:
        """F组: 正精 2, 副精 1, 丢精算自己的精, 冲关/霸精 包 by the discarder (F组 4)."""
        assert jing.indicator is not None  # required for xingguo (validated)
        return [Plan("indicator", "精", jing.indicator, count_discards=True,
                     triggers=(CHONG_GUAN, BA_JING))]

    def pay_kong(self, seat: int, meld: Meld, pair: tuple[int, int], ledger: Ledger) -> None:
        """E组 5: every kong 2 from each; F组 5: a kong of jing 20 from each (its tiles still
        count as jing), a 碰杠精 paid wholly by its discarder."""
        tile = code(meld.tiles[0])
        if meld.tiles[0] not in pair:
            ledger.each_pays(seat, KONG_POINTS, "kong", f"{meld.kind} {tile}: "
                             f"{KONG_POINTS} from each")
        elif meld.kind == KONG and meld.source is not None:
            ledger.pay(meld.source, seat, JING_KONG_POINTS * (SEATS - 1), "jing_kong",
                       f"碰杠精 {tile}: {JING_KONG_POINTS} × 3, paid by the discarder "
                       f"seat {meld.source} alone")
        else:
            ledger.each_pays(seat, JING_KONG_POINTS, "jing_kong",
                             f"{meld.kind} of jing {tile}: {JING_KONG_POINTS} from each")

    def settle_errors(self, request: SettleRequest) -> list[FieldError]:
        """A 碰杠精 is paid by its discarder alone, so that seat must be known."""
        assert request.jing.indicator is not None
        pair = jing_pair(request.jing.indicator)
        return super().settle_errors(request) + [FieldError(f"players[{seat}].melds[{i}].from",
                           "a kong of jing claimed from a discard (碰杠精) is paid wholly by "
                           "its discarder (F组 5): give 'from'")
                for seat, player in enumerate(request.players)
                for i, meld in enumerate(player.melds)
                if meld.kind == KONG and meld.tiles[0] in pair and meld.source is None]
