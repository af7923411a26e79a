"""兴国冲关 xingguo: seed 000 (兴国冲关), as docs/rules/xingguo.md states it.

The tables of the seed; the machinery (best reading, 德国, 精吊, jing score, settlement) is
shared with nanchang in :mod:`rules.jiangxi`. Per payer a hand costs ``B × m``:
B by shape (:mod:`.patterns`), m the doublings (自摸/点炮, 庄家, 精吊, 杠, 霸胡), then 德国 ×2 +5.
"""

from __future__ import annotations

from typing import Any

from rules.errors import FieldError
from rules.jiangxi import KONG_CHAIN_MODES, Jiangxi
from rules.jiangxi.family import JiangxiSituation
from rules.jiangxi.jing import BA_JING, CHONG_GUAN, Plan
from rules.jiangxi.patterns import pattern
from rules.jiangxi.reading import Candidate
from rules.ledger import Ledger
from rules.model import Jing, Meld, Pattern, SettleRequest
from rules.options import RuleOption, dealer_passes_on_draw
from rules.text import msg
from rules.variants.xingguo import checks, payments
from rules.variants.xingguo.patterns import BA_HU, PATTERNS, SHAPE_BASE
from rules.variants.xingguo.play import PLAY

OPTIONS = (
    RuleOption("kong_chain", "string", "double_each",
               msg("A win on a kong replacement after several kongs in a row: ×2 for each "
                   "kong (double_each) or ×2 once (once)"),
               msg("补充说明 10: 杠吊杠吊翻4倍，如果再杠吊翻8倍 (E组 6 says 只算一次)"),
               choices=KONG_CHAIN_MODES),
    RuleOption("ba_hu_restored", "boolean", False,
               msg("霸胡 also when the winner holds jing, all read as themselves (德国), while "
                   "the other three count none (held, melded or discarded) and the winner "
                   "discarded none"),
               "补充说明 8: 霸胡：四家全无精或胡家的精胡牌时已还原"),
    dealer_passes_on_draw(msg("seed {seed} is silent on who deals next (by default the "
                              "dealer keeps the deal on a drawn round)", seed="000")),
)


class Xingguo(Jiangxi):
    name = "xingguo"
    play_rules = PLAY
    title_zh = "兴国冲关麻将"
    title_en = "Xingguo Chongguan (Ganzhou, Jiangxi)"
    seed = "seed 000 (兴国冲关)"
    options = OPTIONS
    flags = frozenset({"heavenly", "earthly", "kong_chain", "no_jing_held"})
    pattern_rules = PATTERNS
    jing_fields = ("indicator",)
    out_of_play_jing = ("indicator",)  # 二. 一副牌里有7张精，翻开的那张不算
    gang_diao = True  # D组 13: 杠吊：正常精吊下 X2
    flat_win = 20  # E组 2: 普通天胡、地胡 20+20+20=60; E组 3: 精吊天胡、地胡 40+40+40=120
    false_win_default = payments.FALSE_WIN_POINTS

    def shape_terms(self, shape: str) -> tuple[Pattern, list[Pattern]]:
        return pattern(shape, SHAPE_BASE[shape], "points", msg("the hand base B")), []

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
        note = msg("no player's jing count is above 0") if not situation.winner_holds_jing \
            else msg("the other three count no jing and the winner's jing are read as "
                     "themselves")
        return [BA_HU.pattern(note=note)]

    def jing_plans(self, jing: Jing, rules: dict[str, Any]) -> list[Plan]:
        """F组: 正精 2, 副精 1, 丢精算自己的精, 冲关/霸精 包 by the discarder (F组 4)."""
        assert jing.indicator is not None  # required for xingguo (validated)
        return [Plan("indicator", "精", jing.indicator, count_discards=True,
                     triggers=(CHONG_GUAN, BA_JING))]

    def pay_kong(self, seat: int, meld: Meld, pair: tuple[int, int], ledger: Ledger) -> None:
        payments.pay_kong(seat, meld, pair, ledger)

    def settle_errors(self, request: SettleRequest) -> list[FieldError]:
        return super().settle_errors(request) + checks.jing_kong_source_errors(request)
