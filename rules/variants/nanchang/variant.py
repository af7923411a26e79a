"""南昌 nanchang: seed 002 (南昌), as docs/rules/nanchang.md states it.

The tables of the seed; the machinery is shared with xingguo in
:mod:`rules.jiangxi`. A hand costs each payer ``4 × every multiplier`` (胡牌分
注: 以上计算均在基础分之上相乘), then 德国 ×2 (德中德 ×4) +5. Jing are settled per
indicator: 上精 (wild), 下精 (scored only), 回头一笑 (last round's 上精) and 回头上下翻 (last
round's 上精 and 下精), and 照镜子 settles every tile pair a dealt hand counts 5 of.
"""

from __future__ import annotations

from typing import Any

from rules import places as at
from rules.error_codes import RULES_OPTION_OFF
from rules.errors import FieldError, InvalidInput
from rules.jiangxi import KONG_CHAIN_MODES, Jiangxi
from rules.jiangxi.family import JiangxiSituation
from rules.jiangxi.jing import CHONG_GUAN_FROM, Plan, seat_count
from rules.jiangxi.patterns import pattern
from rules.jiangxi.reading import Candidate
from rules.ledger import Ledger
from rules.model import (
    DISCARD,
    Jing,
    Meld,
    Pattern,
    PlayerTiles,
    Settlement,
    SettleRequest,
)
from rules.options import RuleOption, dealer_passes_on_draw
from rules.text import Sentence, msg
from rules.tiles import NUM_KINDS
from rules.variants.nanchang import checks, payments
from rules.variants.nanchang.patterns import (
    DE_ZHONG_DE,
    JI_CHU_FEN,
    PA_LOU_TI,
    PATTERNS,
    SHAPE_FACTOR,
)
from rules.variants.nanchang.play import PLAY

FOLLOW = ("off", "man_shang_man_xia", "die_zhi_di_ceng")
TOP_FLOOR = 10  # the largest rules.floor: the seed sets no top, a request must have one

OPTIONS = (
    RuleOption("lower_jing_mode", "string", "xia_fan",
               msg("How 下精 ({field}) is played: xia_fan 下翻 (flipped at the start and "
                   "scored like 上精) or mai_lei 埋雷 (buried until the end, scored on hand and "
                   "melds only, a discarded 下精 never counting)",
                   field=at.jing("lower_indicator")),
               "精牌类型 埋雷: 此玩法不能与下翻精玩法同时存在…"
               "此时计算结果的牌包括手牌、吃、碰、杠得来的牌",
               choices=("xia_fan", "mai_lei")),
    RuleOption("hui_tou_yi_xiao", "boolean", True,
               msg("Score 回头一笑 ({field}, last round's 上精) when it is given",
                   field=at.jing("previous_indicator")),
               "精牌类型 回头一笑: 用上一局的上精作为本次计算的精"),
    RuleOption("hui_tou_shang_xia_fan", "boolean", False,
               msg("回头上下翻: score last round's 上精 ({upper}) and 下精 ({lower}) on the dealt "
                   "hands, each on its own, with the counting, 冲关 and 霸王精 of any jing score",
                   upper=at.jing("previous_indicator"),
                   lower=at.jing("previous_lower_indicator")),
               "精牌类型 回头上下翻: 玩家摸完牌，在开局之前，根据4个玩家现有的牌，"
               "先进行一次上局带入的精牌计算结果…上精翻开后，统计出正精，副精，"
               "下精翻开后，统计出正精，副精"),
    RuleOption("zhao_jing_zi", "boolean", False,
               msg("照镜子: before the 上精 is turned, every tile T is read as 正精 and the next "
                   "tile as 副精 on the dealt hands; a player counting 5 or more of a pair (冲关) "
                   "collects f(N) from each, ×2 (霸王冲关) when nobody else holds either tile; "
                   "each such pair is settled on its own"),
               "精牌类型 照镜子: 定精前，计算所有玩家手里满足冲关牌型的牌，按照冲关算子。"
               "若玩家的冲关牌型例的所有牌其他玩家没有则算作霸王冲关"),
    RuleOption("count_discarded_jing", "boolean", False,
               msg("Jing a player discarded (still in its pond) count for that player"),
               msg("精牌介绍 2: 吃、碰、杠、胡的精与自己手抓的精享有同样的奖励分数 (discarded "
                   "jing are not named, so they do not count by default)")),
    RuleOption("ba_wang_jing", "boolean", True,
               msg("霸王精: the only player holding jing of an indicator is paid double"),
               "精牌介绍 4 / 奖励分 3: 另外三家需要付给霸王精双倍的计算结果"),
    RuleOption("pa_lou_ti", "string", "off",
               msg("爬楼梯 floors: off, or the mode that sets the next floor: man_shang_man_xia "
                   "慢上慢下 (a non-dealer win goes down one floor) or die_zhi_di_ceng 跌至底层 "
                   "(back to floor 1)"),
               "精牌类型 爬楼梯: 慢上慢下 / 跌至底层", choices=FOLLOW),
    RuleOption("floor", "integer", 1,
               msg("爬楼梯: this round's floor; the hu score is ×2 per floor above the first"),
               "爬楼梯: 每次连庄后上1楼，计算结果时增加*2基础分", minimum=1, maximum=TOP_FLOOR),
    RuleOption("kong_chain", "string", "once",
               msg("A win on a kong replacement after several kongs in a row: ×2 once, or ×2 "
                   "for each kong (double_each)"),
               msg("胡牌分 5. 杠开 X2 (the seed has no kong chain)"), choices=KONG_CHAIN_MODES),
    RuleOption("drawn_round", "string", "jing_and_kongs",
               msg("A drawn round (黄庄) pays no hu; jing_and_kongs still settles jing, kongs "
                   "and 抄庄, void settles nothing"),
               "简介: 黄庄时计和局; 精牌介绍 3: 每盘结束时，将精牌单独拿出来计算结果，与胡牌无关",
               choices=("jing_and_kongs", "void")),
    RuleOption("false_win_points", "integer", 20,
               msg("诈胡 (a false_win event): what the seat pays each other player"),
               msg("not in seed 002; xingguo E组 4 (诈胡 -20 -20 -20)"), minimum=0, maximum=200),
    dealer_passes_on_draw(msg("seed {seed} is silent on who deals next (by default the "
                              "dealer keeps the deal on a drawn round)", seed="002")),
)


class Nanchang(Jiangxi):
    name = "nanchang"
    play_rules = PLAY
    title_zh = "南昌麻将"
    title_en = "Nanchang (Jiangxi)"
    seed = "seed 002 (南昌)"
    options = OPTIONS
    flags = frozenset({"heavenly", "earthly", "kong_chain", "others_no_jing"})
    pattern_rules = PATTERNS
    jing_fields = ("indicator", "lower_indicator", "previous_indicator",
                   "previous_lower_indicator")
    out_of_play_jing = ("lower_indicator",)  # 下精 is flipped out; 上精 stays in the wall
    flat_win = 20  # 6. 天胡：一家20子 (可以和精吊叠加); 7. 地胡：一家20子
    # 胡牌方式 6 精钓地胡 is paid as 地胡 (7. 不计算庄家、点炮等翻倍); only 天胡 stacks with 精钓
    jing_diao_doubles = frozenset({"tian_hu"})
    # 胡牌分 6 天胡 可以和精吊叠加: the dealt 14 are 精钓 when four sets and a pair of one jing
    # (as a wild) and any tile — not only xingguo's pair of two jing (RULINGS)
    tian_hu_any_jing_pair = True
    # 精牌介绍 2: a discarded jing is only itself (吃、碰、杠), 胡牌则不做此限定: for the win it
    # may be wild, and the best reading decides (RULINGS)
    won_jing_wild = True
    earthly_win_types = (DISCARD,)  # 胡牌方式 5 地胡：庄家打出第一张牌，就有人胡牌
    name_overrides = {"jing_diao": "精钓", "gang_kai": "杠开"}
    jing_diao_zh = "精钓"
    follow_dealer_zh = "抄庄"  # 奖励分 6. 抄庄：庄家向其他三家每家支付5子
    ping_hu_rule_zh = " (憋自摸)"

    def shape_terms(self, shape: str) -> tuple[Pattern, list[Pattern]]:
        base = JI_CHU_FEN.pattern(note="胡牌分 1. 基础分：4分")
        return base, [pattern(shape, SHAPE_FACTOR[shape], "x", "", self.name_overrides)]

    def german_pattern(self, candidate: Candidate, situation: JiangxiSituation) -> Pattern:
        """14. 德中德: German while the other three hold no jing at all: ×4 +5."""
        if situation.others_no_jing:
            return DE_ZHONG_DE.pattern(note=msg(
                "German while the other three hold no jing: {note}",
                note=self._german_note(situation, four_times=True)))
        return super().german_pattern(candidate, situation)

    def extra_factors(self, candidate: Candidate, situation: JiangxiSituation) -> list[Pattern]:
        rules = situation.rules
        floor = rules["floor"]
        if rules["pa_lou_ti"] == "off" or floor <= 1:
            return []
        return [PA_LOU_TI.pattern(2 ** (floor - 1),
                                  msg("floor {floor}: ×2 per floor above the first",
                                      floor=floor))]

    def rule_errors(self, rules: dict[str, Any]) -> list[FieldError]:
        return checks.rule_errors(rules)

    def jing_plans(self, jing: Jing, rules: dict[str, Any]) -> list[Plan]:
        """Each indicator on its own (the rules book): 上精, 下精 and 回头一笑.

        No plan names a trigger of 包: seed 002 has no rule that makes the discarder of a
        claimed jing pay the claimer's jing score (xingguo F组 4 has one; 精牌介绍 2 says
        only 吃、碰、杠、胡的精与自己手抓的精享有同样的奖励分数), so a claimed jing counts for
        the claimer and every other player pays its f(N) as for any jing score."""
        assert jing.indicator is not None  # required for nanchang (validated)
        discards = rules["count_discarded_jing"]
        double = rules["ba_wang_jing"]
        plans = [Plan("indicator", "上精", jing.indicator, discards, skip_kongs=True,
                      double_ba_jing=double)]
        if jing.lower_indicator is not None:
            buried = rules["lower_jing_mode"] == "mai_lei"
            plans.append(Plan("lower_indicator", "下精(埋雷)" if buried else "下精",
                              jing.lower_indicator, discards and not buried,
                              double_ba_jing=double))
        both = rules["hui_tou_shang_xia_fan"]  # 回头上下翻: last round's 上精 and 下精
        if jing.previous_indicator is not None:
            if not (rules["hui_tou_yi_xiao"] or both):
                raise InvalidInput.one(at.jing("previous_indicator"), msg(
                    "回头一笑 is off ({option}): leave this out or turn it on",
                    option=at.rule("hui_tou_yi_xiao")), RULES_OPTION_OFF)
            plans.append(Plan("previous_indicator", "回头上下翻(上精)" if both else "回头一笑",
                              jing.previous_indicator, False, double_ba_jing=double,
                              use_dealt=True))
        if jing.previous_lower_indicator is not None:
            if not both:
                raise InvalidInput.one(at.jing("previous_lower_indicator"), msg(
                    "回头上下翻 is off ({option}): leave this out or turn it on",
                    option=at.rule("hui_tou_shang_xia_fan")), RULES_OPTION_OFF)
            plans.append(Plan("previous_lower_indicator", "回头上下翻(下精)",
                              jing.previous_lower_indicator, False, double_ba_jing=double,
                              use_dealt=True))
        return plans

    def tile_plans(self, players: tuple[PlayerTiles, ...], rules: dict[str, Any]) -> list[Plan]:
        """照镜子 (RULINGS): on the dealt hands, every tile kind T read as 正精 and its successor
        as 副精; each pair some player counts 5 of (冲关) is settled on its own, counts below
        5 scoring nothing, ×2 霸王冲关 when nobody else holds T or its successor."""
        if not rules["zhao_jing_zi"]:
            return []
        plans = []
        for tile in range(NUM_KINDS):
            plan = Plan("zhao_jing_zi", "照镜子", tile, False, double_ba_jing=rules["ba_wang_jing"],
                        use_dealt=True, minimum=CHONG_GUAN_FROM, ba_name="霸王冲关")
            if any(seat_count(p, plan) >= CHONG_GUAN_FROM for p in players):
                plans.append(plan)
        return plans

    def dealt_uses(self, jing: Jing, rules: dict[str, Any]) -> list[Sentence]:
        uses: list[Sentence] = []
        if jing.previous_indicator is not None:
            uses.append(msg("回头一笑 ({field})", field=at.jing("previous_indicator")))
        if jing.previous_lower_indicator is not None:
            uses.append(msg("回头上下翻 ({field})", field=at.jing("previous_lower_indicator")))
        if rules["zhao_jing_zi"]:
            uses.append(msg("照镜子 ({field})", field=at.rule("zhao_jing_zi")))
        return uses

    def pay_kong(self, seat: int, meld: Meld, pair: tuple[int, int], ledger: Ledger) -> None:
        payments.pay_kong(seat, meld, pair, ledger)

    def false_win_points(self, rules: dict[str, Any]) -> int:
        return rules["false_win_points"]

    def drawn_round(self, request: SettleRequest) -> Settlement:
        """黄庄: no hu; jing, kongs and 抄庄 still settle unless the option voids the round."""
        if request.rules["drawn_round"] == "void":
            return super().drawn_round(request)
        ledger = Ledger()
        jing = self.settle_jing(request, ledger)
        self.kong_payments(request, ledger)
        self.settle_events(request, ledger)
        return ledger.settlement(jing=jing, next_floor=self.next_floor(request),
                                 notes=[msg("drawn round (黄庄): no hu; jing, kongs and "
                                            "events are settled ({option})",
                                            option=at.rule("drawn_round"))])

    top_floor = TOP_FLOOR

    def floor(self, rules: dict[str, Any]) -> int | None:
        return None if rules["pa_lou_ti"] == "off" else rules["floor"]

    def on_floor(self, rules: dict[str, Any], floor: int) -> dict[str, Any]:
        return rules if rules["floor"] == floor else {**rules, "floor": floor}

    def next_floor(self, request: SettleRequest) -> int | None:
        """爬楼梯: 连庄 climbs a floor; a non-dealer win goes down one, or to the bottom."""
        mode = request.rules["pa_lou_ti"]
        floor = request.rules["floor"]
        if mode == "off":
            return None
        if not request.result.winners:
            return floor
        if request.result.winners[0] == request.dealer:
            return floor + 1
        return max(1, floor - 1) if mode == "man_shang_man_xia" else 1
