"""Request and answer types of the scoring service: a TypedDict per contract schema.

Generated from openapi.yaml by ``make clients`` (tools/client_types.py): do not edit by hand.
"""

from typing import Any, Literal, NotRequired, TypedDict

__all__ = [
    "Action", "ActionOut", "AdviceResponse", "AdviseRequest", "Decision", "DiscardAdvice", "Draw",
    "EvaluateRequest", "EvaluateResponse", "Evaluation", "Event", "ExpectedInputs", "Fact", "Flags",
    "Group", "GuangdongRules", "Health", "Jing", "JingRequest", "JingResponse", "JingScore",
    "JingSeat", "MatchRequest", "MatchResponse", "MatchRound", "MatchRoundAnswer", "Meld",
    "MeldOut", "NanchangRules", "Pattern", "Payment", "Player", "Problem", "ProblemError",
    "QinzhouRules", "ReplayRequest", "ReplayResponse", "Result", "ReviewInputs", "ReviewRequest",
    "ReviewResponse", "ReviewSummary", "Ruleset", "SeatNow", "SeatReview", "SettleRequest",
    "Settlement", "Standing", "Transfer", "ValuedAction", "Variant", "VariantOption", "Variants",
    "Wait", "WaitAdvice", "WaitValue", "Winner", "XingguoRules",
]


class Action(TypedDict):
    # The seat that acts.
    seat: int
    # draw (a kong's replacement too), discard, chow, pung, kong (of the last discard),
    # added_kong, concealed_kong, win.
    type: Literal["win", "kong", "pung", "chow", "draw", "discard", "added_kong", "concealed_kong"]
    # The tile: of a discard and of a kong from hand (required); of a draw (optional when
    # `wall` is given, else required); of a pung, kong or win (optional: the tile offered).
    # One tile in any notation, e.g. `5m`, `E`, `5z`, `五万`, `🀋`.
    tile: NotRequired[str | None]
    # A chow's three tiles, the claimed discard among them (chow only).
    tiles: NotRequired[str | list[str] | None]


class Jing(TypedDict):
    # The flipped tile (上精): it is 正精, the next tile 副精. One tile in any notation, e.g. `5m`,
    # `E`, `5z`, `五万`, `🀋`.
    indicator: NotRequired[str | None]
    # nanchang 下精: scored only, never wild. One tile in any notation, e.g. `5m`, `E`, `5z`,
    # `五万`, `🀋`.
    lower_indicator: NotRequired[str | None]
    # nanchang 回头一笑: last round's 上精. One tile in any notation, e.g. `5m`, `E`, `5z`, `五万`,
    # `🀋`.
    previous_indicator: NotRequired[str | None]
    # nanchang 回头上下翻 (`rules.hui_tou_shang_xia_fan`): last round's 下精, scored on the dealt
    # hands beside `previous_indicator`. One tile in any notation, e.g. `5m`, `E`, `5z`, `五万`,
    # `🀋`.
    previous_lower_indicator: NotRequired[str | None]


class GuangdongRules(TypedDict):
    # 爆和: fan cap of the ordinary hands and their additions; also the fan that
    # 杠上开花/海底捞月/抢杠/一炮三响 raise a smaller hand to (五.番 3: 爆和为3番)
    cap: NotRequired[int]
    # points of a 0-fan hand: score = base × 2^fan (五.番 1: 番是2倍; 六 分值 column (鸡和 = 1))
    base: NotRequired[int]
    # 一炮多响: several players may win on one discard, each paid by the discarder (五 一炮多响:
    # 允许一炮多响)
    yi_pao_duo_xiang: NotRequired[bool]
    # 九莲宝灯 needs exactly 1112345678999 before the winning tile (when win_tile is known);
    # false: any concealed 1112345678999 plus one tile of that suit (六.二 九莲宝灯:
    # 形成1112345678999，摸到该种牌任何一张即可和牌)
    jiu_lian_pure: NotRequired[bool]


class NanchangRules(TypedDict):
    # How 下精 (jing.lower_indicator) is played: xia_fan 下翻 (flipped at the start and scored
    # like 上精) or mai_lei 埋雷 (buried until the end, scored on hand and melds only, a discarded
    # 下精 never counting) (精牌类型 埋雷: 此玩法不能与下翻精玩法同时存在…此时计算结果的牌包括手牌、吃、碰、杠得来的牌)
    lower_jing_mode: NotRequired[Literal["xia_fan", "mai_lei"]]
    # Score 回头一笑 (jing.previous_indicator, last round's 上精) when it is given (精牌类型 回头一笑:
    # 用上一局的上精作为本次计算的精)
    hui_tou_yi_xiao: NotRequired[bool]
    # 回头上下翻: score last round's 上精 (jing.previous_indicator) and 下精
    # (jing.previous_lower_indicator) on the dealt hands, each on its own, with the counting,
    # 冲关 and 霸王精 of any jing score (精牌类型 回头上下翻:
    # 玩家摸完牌，在开局之前，根据4个玩家现有的牌，先进行一次上局带入的精牌计算结果…上精翻开后，统计出正精，副精，下精翻开后，统计出正精，副精)
    hui_tou_shang_xia_fan: NotRequired[bool]
    # 照镜子: before the 上精 is turned, every tile T is read as 正精 and the next tile as 副精 on the
    # dealt hands; a player counting 5 or more of a pair (冲关) collects f(N) from each, ×2
    # (霸王冲关) when nobody else holds either tile; each such pair is settled on its own (精牌类型
    # 照镜子: 定精前，计算所有玩家手里满足冲关牌型的牌，按照冲关算子。若玩家的冲关牌型例的所有牌其他玩家没有则算作霸王冲关)
    zhao_jing_zi: NotRequired[bool]
    # Jing a player discarded (still in its pond) count for that player (精牌介绍 2:
    # 吃、碰、杠、胡的精与自己手抓的精享有同样的奖励分数 (discarded jing are not named, so they do not count by
    # default))
    count_discarded_jing: NotRequired[bool]
    # 霸王精: the only player holding jing of an indicator is paid double (精牌介绍 4 / 奖励分 3:
    # 另外三家需要付给霸王精双倍的计算结果)
    ba_wang_jing: NotRequired[bool]
    # 爬楼梯 floors: off, or the mode that sets the next floor: man_shang_man_xia 慢上慢下 (a non-
    # dealer win goes down one floor) or die_zhi_di_ceng 跌至底层 (back to floor 1) (精牌类型 爬楼梯:
    # 慢上慢下 / 跌至底层)
    pa_lou_ti: NotRequired[Literal["off", "man_shang_man_xia", "die_zhi_di_ceng"]]
    # 爬楼梯: this round's floor; the hu score is ×2 per floor above the first (爬楼梯:
    # 每次连庄后上1楼，计算结果时增加*2基础分)
    floor: NotRequired[int]
    # A win on a kong replacement after several kongs in a row: ×2 once, or ×2 for each kong
    # (double_each) (胡牌分 5. 杠开 X2 (the seed has no kong chain))
    kong_chain: NotRequired[Literal["double_each", "once"]]
    # A drawn round (黄庄) pays no hu; jing_and_kongs still settles jing, kongs and 抄庄, void
    # settles nothing (简介: 黄庄时计和局; 精牌介绍 3: 每盘结束时，将精牌单独拿出来计算结果，与胡牌无关)
    drawn_round: NotRequired[Literal["jing_and_kongs", "void"]]
    # 诈胡 (a false_win event): what the seat pays each other player (not in seed 002; xingguo
    # E组 4 (诈胡 -20 -20 -20))
    false_win_points: NotRequired[int]
    # POST /match: after a drawn round the deal passes to the next seat (false: the dealer
    # keeps it); /settle does not use it (seed 002 is silent on who deals next (by default the
    # dealer keeps the deal on a drawn round))
    dealer_passes_on_draw: NotRequired[bool]


class QinzhouRules(TypedDict):
    # 底数: the unit of every payment (hu, horse and kong) (003 §7 記分方法 (番數*底數); §3.2 例B
    # 基礎銀兩假定為1兩)
    base: NotRequired[int]
    # 奖马 bought per win (0 = 不买): at most this many horses may be sent; fewer means the wall
    # ran short (003 §3.2 獎馬 (以設置為獎10個馬為例; 最多可以買30個馬; 不夠…剩下的牌全為買的馬))
    horse_count: NotRequired[Literal[0, 5, 10, 15, 20, 25, 30]]
    # How the fan of several patterns combine: add (the rules book) or multiply (003 §7
    # (番數*底數)+番數*獎馬番數*底數: one fan count per win)
    fan_combination: NotRequired[Literal["add", "multiply"]]
    # 字一色 also counts for seven pairs of honours (the seed describes it with pungs/kongs and a
    # pair) (003 §6.2 字一色 4番，由字牌的刻子(杠)、將組成的胡牌)
    zi_yi_se_qi_dui: NotRequired[bool]
    # POST /replay: once a seat's discard leaves it ready, each later discard must leave the
    # same waits, and no kong may change them (聽牌後不允許換聽) (003 基本規則 6: 聽牌后不允許換聽)
    no_wait_change: NotRequired[bool]
    # POST /replay: a seat that could win must win (能胡必胡); false: it may pass, and 漏胡 holds it
    # (003 基本規則 6: 能胡必胡; 特殊規則: 漏胡)
    must_win: NotRequired[bool]
    # POST /match: after a drawn round the deal passes to the next seat (false: the dealer
    # keeps it); /settle does not use it (003 行牌規則 1b: 莊胡或荒莊由莊家連莊 (the default keeps the deal;
    # the rules book makes passing it a house option))
    dealer_passes_on_draw: NotRequired[bool]


class XingguoRules(TypedDict):
    # A win on a kong replacement after several kongs in a row: ×2 for each kong (double_each)
    # or ×2 once (once) (补充说明 10: 杠吊杠吊翻4倍，如果再杠吊翻8倍 (E组 6 says 只算一次))
    kong_chain: NotRequired[Literal["double_each", "once"]]
    # 霸胡 also when the winner holds jing, all read as themselves (德国), while the other three
    # count none (held, melded or discarded) and the winner discarded none (补充说明 8:
    # 霸胡：四家全无精或胡家的精胡牌时已还原)
    ba_hu_restored: NotRequired[bool]
    # POST /match: after a drawn round the deal passes to the next seat (false: the dealer
    # keeps it); /settle does not use it (seed 000 is silent on who deals next (by default the
    # dealer keeps the deal on a drawn round))
    dealer_passes_on_draw: NotRequired[bool]


class ReplayRequest(TypedDict):
    # The tiles dealt, by seat: the dealer's 14, the others' 13.
    deal: list[str | list[str]]
    # The tiles still to draw after the deal, in order: an ordinary draw takes the first left,
    # a kong's replacement the last. Every draw is checked against it; the last tile, a drawn
    # round and qinzhou's horses come from it. Give it or `wall_size`.
    wall: NotRequired[str | list[str] | None]
    # Without `wall`: how many tiles can be drawn after the deal (the last tile and a drawn
    # round are read from it).
    wall_size: NotRequired[int | None]
    # qinzhou, without `wall`: the 奖马 tiles flipped after the win.
    horses: NotRequired[str | list[str] | None]
    # The round in play order (at most 600).
    actions: list[Action]
    # The rule set to score with.
    variant: Literal["xingguo", "nanchang", "qinzhou", "guangdong"]
    # Rule options of the variant; see GET /variants for names, types and defaults.
    rules: NotRequired[XingguoRules | NanchangRules | QinzhouRules | GuangdongRules]
    # The dealer's seat (East).
    dealer: int
    # One tile in any notation, e.g. `5m`, `E`, `5z`, `五万`, `🀋`.
    round_wind: NotRequired[str | None]
    jing: NotRequired[Jing]


Meld = TypedDict("Meld", {
    # kong = exposed kong claimed from a discard (明杠), added_kong = pung extended by a drawn
    # tile (补杠), concealed_kong = 暗杠
    "type": Literal["chow", "pung", "kong", "added_kong", "concealed_kong"],
    "tiles": str | list[str],
    # Seat that discarded the claimed tile.
    "from": NotRequired[int | None],
    # Which of the meld's tiles was claimed from `from`. Needed only where it decides a
    # liability: xingguo, a chow holding a jing when the claimer is 冲关 or 霸精 (包; nanchang has
    # no 包). One tile in any notation, e.g. `5m`, `E`, `5z`, `五万`, `🀋`.
    "claimed": NotRequired[str | None],
    # The meld's place in the round's order of claims across all players (0 first, larger is
    # later). Needed only where the order decides a liability: guangdong 包先不包后, two 12-tile
    # landings fed by one seat.
    "claim_order": NotRequired[int | None],
})


class Flags(TypedDict):
    # 天胡
    heavenly: NotRequired[bool]
    # 地胡
    earthly: NotRequired[bool]
    # 人和 (guangdong)
    human: NotRequired[bool]
    # 海底捞月: won on the wall's last tile
    last_tile: NotRequired[bool]
    # 杠上炮: the winning discard followed the discarder's own kong
    after_kong_discard: NotRequired[bool]
    # Kongs in an unbroken chain before a kong_replacement win.
    kong_chain: NotRequired[int]
    # xingguo 霸胡: no player's jing count is above 0 (held, melded or discarded; /settle reads
    # it from the tiles).
    no_jing_held: NotRequired[bool]
    # nanchang 德中德: the other three players hold no jing at all.
    others_no_jing: NotRequired[bool]


class EvaluateRequest(TypedDict):
    # The rule set to score with.
    variant: Literal["xingguo", "nanchang", "qinzhou", "guangdong"]
    # Concealed tiles, including the winning tile when there is one. 13 (+1 per kong) asks for
    # the waits; 14 (+1 per kong) is scored.
    hand: str | list[str]
    melds: NotRequired[list[Meld]]
    # One tile in any notation, e.g. `5m`, `E`, `5z`, `五万`, `🀋`.
    win_tile: NotRequired[str | None]
    win_type: NotRequired[Literal["self_draw", "discard", "rob_kong", "kong_replacement", None]]
    # The hand's owner is the dealer (庄家).
    dealer: NotRequired[bool]
    # The same as `dealer` here (the hand's owner is the dealer, 庄家), under a name no one
    # reads as a seat: in /settle and /match `dealer` is a seat number. Give either; given
    # both, they must agree.
    is_dealer: NotRequired[bool | None]
    # xingguo, nanchang: on a discard win by a non-dealer, whether the discarder is the dealer
    # (庄家点闲家) or not (闲家点闲家, assumed when left out); it decides who pays double.
    discarder_is_dealer: NotRequired[bool | None]
    # One tile in any notation, e.g. `5m`, `E`, `5z`, `五万`, `🀋`.
    seat_wind: NotRequired[str | None]
    # One tile in any notation, e.g. `5m`, `E`, `5z`, `五万`, `🀋`.
    round_wind: NotRequired[str | None]
    jing: NotRequired[Jing]
    flags: NotRequired[Flags]
    # Rule options of the variant; see GET /variants for names, types and defaults.
    rules: NotRequired[XingguoRules | NanchangRules | QinzhouRules | GuangdongRules]


class Player(TypedDict):
    hand: str | list[str]
    melds: NotRequired[list[Meld]]
    # Tiles still in this player's discard pond (claimed ones are in the claimer's melds).
    discards: NotRequired[str | list[str]]
    # nanchang: the hand as dealt (13 tiles, the dealer 14), on which 回头一笑
    # (`jing.previous_indicator`), 回头上下翻 (`jing.previous_lower_indicator`) and 照镜子
    # (`rules.zhao_jing_zi`) are scored.
    dealt: NotRequired[str | list[str] | None]
    # /settle: flags of this seat only (the same object as `result.flags`, which every winner
    # shares): each of several winners on one discard can carry its own 地胡, 天胡, 海底, …; a seat
    # that did not win has none.
    flags: NotRequired[Flags | None]


class Result(TypedDict):
    # Winning seats; [] is a drawn round.
    winners: list[int]
    # One tile in any notation, e.g. `5m`, `E`, `5z`, `五万`, `🀋`.
    win_tile: NotRequired[str | None]
    win_type: NotRequired[Literal["self_draw", "discard", "rob_kong", "kong_replacement", None]]
    # Who discarded the winning tile, or whose added kong was robbed.
    discarder: NotRequired[int | None]
    flags: NotRequired[Flags]


class Event(TypedDict):
    type: Literal["follow_dealer", "false_win"]
    rounds: NotRequired[int]
    seat: NotRequired[int | None]


class SettleRequest(TypedDict):
    # The rule set to score with.
    variant: Literal["xingguo", "nanchang", "qinzhou", "guangdong"]
    # The dealer's seat (East).
    dealer: int
    players: list[Player]
    jing: NotRequired[Jing]
    result: Result
    events: NotRequired[list[Event]]
    # qinzhou: the flipped 奖马 tiles (0-30).
    horses: NotRequired[str | list[str]]
    # One tile in any notation, e.g. `5m`, `E`, `5z`, `五万`, `🀋`.
    round_wind: NotRequired[str | None]
    # Rule options of the variant; see GET /variants for names, types and defaults.
    rules: NotRequired[XingguoRules | NanchangRules | QinzhouRules | GuangdongRules]


class JingRequest(TypedDict):
    # The rule set to score with.
    variant: Literal["xingguo", "nanchang", "qinzhou", "guangdong"]
    # The flipped tile (上精). Required here or as `jing.indicator`. One tile in any notation,
    # e.g. `5m`, `E`, `5z`, `五万`, `🀋`.
    indicator: NotRequired[str | None]
    # One tile in any notation, e.g. `5m`, `E`, `5z`, `五万`, `🀋`.
    lower_indicator: NotRequired[str | None]
    # One tile in any notation, e.g. `5m`, `E`, `5z`, `五万`, `🀋`.
    previous_indicator: NotRequired[str | None]
    # nanchang 回头上下翻: last round's 下精. One tile in any notation, e.g. `5m`, `E`, `5z`, `五万`,
    # `🀋`.
    previous_lower_indicator: NotRequired[str | None]
    # The same four fields as one object, as /evaluate, /settle and /advise take them
    # (`{"indicator": "5m"}`). Give the fields at the top or here; a field given in both
    # places must say the same.
    jing: NotRequired[Jing | None]
    players: NotRequired[list[Player] | None]
    dealer: NotRequired[int | None]
    # Rule options of the variant; see GET /variants for names, types and defaults.
    rules: NotRequired[XingguoRules | NanchangRules | QinzhouRules | GuangdongRules]


class MatchRound(TypedDict):
    # A logged round: the tiles dealt, by seat (the derived dealer's 14, the others' 13).
    deal: NotRequired[list[str | list[str]]]
    # The tiles still to draw after the deal, in order: an ordinary draw takes the first left,
    # a kong's replacement the last. Every draw is checked against it; the last tile, a drawn
    # round and qinzhou's horses come from it. Give it or `wall_size`.
    wall: NotRequired[str | list[str] | None]
    # Without `wall`: how many tiles can be drawn after the deal (the last tile and a drawn
    # round are read from it).
    wall_size: NotRequired[int | None]
    # qinzhou: the flipped 奖马 tiles (0-30); a log with `wall` takes them from it.
    horses: NotRequired[str | list[str] | None]
    # A logged round: its actions in play order (as /replay takes them).
    actions: NotRequired[list[Action]]
    # Derived by the match's rotation when left out; a seat other than the rotation's is a
    # 422.
    dealer: NotRequired[int | None]
    # A settled round: as /settle takes them (with `result`).
    players: NotRequired[list[Player]]
    # nanchang: `previous_indicator` is derived (the round before's `indicator`, 回头一笑) when
    # left out; another tile is a 422.
    jing: NotRequired[Jing]
    # A settled round: as /settle takes it (with `players`).
    result: NotRequired[Result]
    events: NotRequired[list[Event]]
    # guangdong: derived when left out; another wind is a 422. One tile in any notation, e.g.
    # `5m`, `E`, `5z`, `五万`, `🀋`.
    round_wind: NotRequired[str | None]


class MatchRequest(TypedDict):
    # The rule set to score with.
    variant: Literal["xingguo", "nanchang", "qinzhou", "guangdong"]
    # Rule options of the variant; see GET /variants for names, types and defaults.
    rules: NotRequired[XingguoRules | NanchangRules | QinzhouRules | GuangdongRules]
    # The first round's dealer.
    dealer: int
    # The first round's round wind (default E); guangdong turns it. One tile in any notation,
    # e.g. `5m`, `E`, `5z`, `五万`, `🀋`.
    round_wind: NotRequired[str | None]
    # The rounds in play order (1 to 64).
    rounds: list[MatchRound]


class AdviseRequest(TypedDict):
    # The rule set to score with (log mode: the log's; given, it must be the same).
    variant: NotRequired[Literal["xingguo", "nanchang", "qinzhou", "guangdong", None]]
    # Concealed tiles: 14 (+1 per kong), a hand that must discard, gets one entry per distinct
    # discard; 13 (+1 per kong), a hand that has just discarded, gets its shanten and 进张.
    # Required unless `log` is given.
    hand: NotRequired[str | list[str] | None]
    # Log mode: a POST /replay body whose round is in progress; the answer values each legal
    # action of `seat` now (instead of hand, melds and visible: the seat's tiles and what it
    # sees come from the log).
    log: NotRequired[ReplayRequest | None]
    # Log mode: the seat (0-3) to advise.
    seat: NotRequired[int | None]
    melds: NotRequired[list[Meld]]
    # Every tile the player sees elsewhere (all discards, the other players' melds, a flipped
    # indicator that stays in the wall), so that the copies left are true. xingguo's
    # indicator, out of play, is counted without being listed.
    visible: NotRequired[str | list[str]]
    # The hand's owner is the dealer (庄家).
    dealer: NotRequired[bool]
    # The same as `dealer` here (the hand's owner is the dealer, 庄家), under a name no one
    # reads as a seat: in /settle and /match `dealer` is a seat number. Give either; given
    # both, they must agree.
    is_dealer: NotRequired[bool | None]
    # How a wait's win on a discard (on_discard) is valued, as in /evaluate: xingguo,
    # nanchang, for a non-dealer, whether the discarder is the dealer (庄家点闲家) or not (闲家点闲家,
    # assumed when left out).
    discarder_is_dealer: NotRequired[bool | None]
    # One tile in any notation, e.g. `5m`, `E`, `5z`, `五万`, `🀋`.
    seat_wind: NotRequired[str | None]
    # One tile in any notation, e.g. `5m`, `E`, `5z`, `五万`, `🀋`.
    round_wind: NotRequired[str | None]
    jing: NotRequired[Jing]
    # Rule options of the variant; see GET /variants for names, types and defaults.
    rules: NotRequired[XingguoRules | NanchangRules | QinzhouRules | GuangdongRules]
    # Also each discard's (or the 13-tile hand's) win_probability and expected_score under the
    # self-draw model (docs/advice.md, 'Expected value'), the discards ordered by the
    # objective.
    expected: NotRequired[bool]
    # With expected: what ranks the discards and picks best: score (the default) or win (the
    # chance to win).
    objective: NotRequired[Literal["score", "win", None]]
    # With expected: the seat's own draws still to come (default 18).
    draws_left: NotRequired[int | None]
    # With expected: the model's budget of hand changes (0 or 1); left out, the service's
    # choice, said in the answer's expected.changes.
    changes: NotRequired[Literal[0, 1, None]]


class Pattern(TypedDict):
    # Pattern id (pinyin); GET /variants lists each variant's, GET /rules/{variant} says what
    # each is. Known values (more may be added in a minor version): ba_hu, bao_hu, da_qi_dui,
    # da_san_yuan, da_si_xi, de_guo, de_zhong_de, di_hu, dian_pao, dui_dui_hu, gang_diao,
    # gang_kai, gang_shang_kai_hua, gang_shang_pao, hai_di_lao_yue, hao_hua_qi_dui, hun_peng,
    # hun_yao_jiu, hun_yi_se, ji_chu_fen, ji_hu, jian_ke, jing_diao, jiu_lian_bao_deng,
    # men_feng, pa_lou_ti, peng_peng_hu, ping_hu, qi_dui, qi_xing_shi_san_lan, qiang_gang,
    # qiang_gang_hu, qing_peng, qing_yao_jiu, qing_yi_se, quan_feng, ren_hu, shi_ba_luo_han,
    # shi_er_zhang_luo_di, shi_san_lan, shi_san_yao, tian_hu, xiao_qi_dui, xiao_san_yuan,
    # xiao_si_xi, yi_pao_san_xiang, zhuang_jia, zi_mo, zi_yi_se.
    id: str
    name_zh: str
    name_en: str
    value: NotRequired[int | None]
    # fan, x (a multiplier), points, or empty.
    unit: NotRequired[str]
    note: NotRequired[str]


class Group(TypedDict):
    # chow, pung, pair, single (十三烂/十三幺), or a meld type.
    type: str
    # What each position stands for.
    tiles: list[
        Literal[
            "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p",
            "6p", "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S",
            "W", "N", "C", "F", "P",
        ]
    ]
    # The tile actually held there.
    held: list[
        Literal[
            "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p",
            "6p", "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S",
            "W", "N", "C", "F", "P",
        ]
    ]
    # True where a jing stands in as a wild.
    wild: list[bool]
    concealed: bool


class Payment(TypedDict):
    # Who pays, by role: each (every other player), dealer, non_dealer, discarder, robbed
    # (whose kong was robbed), liable (包: one seat pays all three shares). Known values (more
    # may be added in a minor version): each, dealer, non_dealer, discarder, robbed, liable.
    payer: str
    amount: int
    formula: NotRequired[str]


class Wait(TypedDict):
    tile: Literal[
        "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p",
        "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S", "W", "N",
        "C", "F", "P",
    ]
    # What winning on this tile collects in all, when the variant scores.
    total: NotRequired[int | None]
    patterns: NotRequired[list[str]]
    note: NotRequired[str]


class Ruleset(TypedDict):
    variant: str
    # Every rule option of the variant as applied (defaults included).
    options: dict[str, Any]
    # Version of the rules.
    version: str


class EvaluateResponse(TypedDict):
    winning: bool
    # Stable code when not winning: not_complete (no winning shape), waiting (one tile short:
    # see waits), not_ready (no tile completes it), or a variant's restriction (GET /variants
    # lists each variant's). Known values (more may be added in a minor version):
    # not_complete, waiting, not_ready, jing_diao_self_draw_only,
    # you_jing_ping_hu_self_draw_only.
    reason: NotRequired[str | None]
    message: NotRequired[str | None]
    # The best reading's shape, as its variant names it: xingguo and nanchang use their
    # pattern ids (ping_hu, xiao_qi_dui, da_qi_dui, shi_san_lan, qi_xing_shi_san_lan); qinzhou
    # and guangdong the core shapes (standard, seven_pairs, shi_san_yao).
    shape: NotRequired[str | None]
    patterns: NotRequired[list[Pattern]]
    multiplier: NotRequired[int | None]
    fan: NotRequired[int | None]
    decomposition: NotRequired[list[Group]]
    payments: NotRequired[list[Payment]]
    total: NotRequired[int | None]
    waits: NotRequired[list[Wait] | None]
    # How many readings were scored.
    readings: NotRequired[int]
    notes: NotRequired[list[str]]
    variant: str
    ruleset: Ruleset


class Draw(TypedDict):
    tile: Literal[
        "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p",
        "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S", "W", "N",
        "C", "F", "P",
    ]
    # Copies not yet seen: 4 minus those in the hand (the discard included), its melds,
    # `visible` and an indicator out of play.
    left: int


class WaitValue(TypedDict):
    # What this win collects in all, as /evaluate values the wait.
    total: int
    patterns: list[str]
    # xingguo, nanchang: it wins as 德国 (every jing read as itself: de_guo or de_zhong_de among
    # the patterns).
    de_guo: bool


class WaitAdvice(TypedDict):
    tile: Literal[
        "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p",
        "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S", "W", "N",
        "C", "F", "P",
    ]
    left: int
    # Won by drawing it; null: this hand cannot win on it so.
    self_draw: WaitValue | None
    # Won on another player's discard; null: not allowed for this hand (精吊, or 有精平胡, only
    # self-draw; `note` says why).
    on_discard: WaitValue | None
    # Why a way of winning on this wait is missing, as /evaluate says it; empty when both are
    # there.
    note: str


class DiscardAdvice(TypedDict):
    discard: Literal[
        "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p",
        "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S", "W", "N",
        "C", "F", "P",
    ]
    # 向听数 after this discard: 0 is ready (听牌).
    shanten: int
    # 进张: every tile that lowers the shanten after this discard.
    tiles: list[Draw]
    # The copies left of all those tiles.
    left_total: int
    # The order's third key: for a ready discard the best self-draw total among its waits with
    # a copy left; 0 otherwise.
    value: int
    # When the discard leaves the hand ready (shanten 0): every wait, valued as /evaluate
    # values the waits of that 13-tile hand; else null.
    waits: NotRequired[list[WaitAdvice] | None]
    # Asked with `expected`: the chance that the hand left wins by its own draws
    # (docs/advice.md, 'Expected value'); null more than 3 from ready.
    win_probability: NotRequired[float | None]
    # Asked with `expected`: what the hand left collects on average (each self-drawn win
    # valued at its /evaluate total); null more than 3 from ready.
    expected_score: NotRequired[float | None]


class ExpectedInputs(TypedDict):
    # The seat's own draws still to come.
    draws_left: int
    # The budget of hand changes (the service's choice when not asked).
    changes: int
    # What ranks: score or win.
    objective: Literal["score", "win"]


class ValuedAction(TypedDict):
    seat: int
    # The action. Known values (more may be added in a minor version): win, kong, pung, chow,
    # draw, discard, added_kong, concealed_kong, pass.
    type: str
    tile: NotRequired[
        Literal[
            "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p",
            "6p", "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S",
            "W", "N", "C", "F", "P",
        ]
    ]
    # A chow's three tiles, compact.
    tiles: NotRequired[str]
    # The chance to win after this action.
    win_probability: NotRequired[float | None]
    # What the seat collects on average after this action.
    expected_score: NotRequired[float | None]


class ActionOut(TypedDict):
    seat: int
    # The action. Known values (more may be added in a minor version): win, kong, pung, chow,
    # draw, discard, added_kong, concealed_kong.
    type: str
    # Its tile (absent for a draw whose tile is not known without a wall, and for a win).
    tile: NotRequired[
        Literal[
            "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p",
            "6p", "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S",
            "W", "N", "C", "F", "P",
        ]
    ]
    # A chow's three tiles, compact.
    tiles: NotRequired[str]
    # In `legal` only: the fields the log must fill in before this action can be pushed
    # (`["tile"]`: a draw without a `wall`, whose tile only the table knows). Absent: push it
    # as written.
    missing: NotRequired[list[str]]


class AdviceResponse(TypedDict):
    variant: str
    # 向听数 of the hand: -1 is already a win, 0 ready (for a 14-tile hand: after its best
    # discard), n: n tile exchanges from ready.
    shanten: int
    # A 14-tile hand: one entry per distinct discard, best first: lower shanten, then more
    # tiles left (left_total), then higher value (the best self-draw total among waits with a
    # copy left), then tile order (万 筒 条, winds, dragons). Null for a 13-tile hand.
    discards: NotRequired[list[DiscardAdvice] | None]
    # A 13-tile hand: its 进张; null for a 14-tile hand.
    tiles: NotRequired[list[Draw] | None]
    left_total: NotRequired[int | None]
    # Asked with `expected`: the model's inputs as used.
    expected: NotRequired[ExpectedInputs]
    # Asked with `expected`: a 14-tile hand's discard the objective ranks first (a tile; null
    # for a 13-tile hand); in log mode the action it ranks first (an action of `actions`,
    # without its numbers; null when none is valued).
    best: NotRequired[str | ActionOut | None]
    # Log mode: the seat advised.
    seat: NotRequired[int]
    # Log mode: each legal action of the seat now, as /replay's `legal` writes it (a draw
    # without its tile), and `pass` for a seat that may claim the open tile and does not draw
    # next, each with the model's numbers after it.
    actions: NotRequired[list[ValuedAction]]
    # Asked with `expected`, a 13-tile hand: its chance to win by its own draws.
    win_probability: NotRequired[float | None]
    # Asked with `expected`, a 13-tile hand: what it collects on average.
    expected_score: NotRequired[float | None]
    ruleset: Ruleset


Transfer = TypedDict("Transfer", {
    "from": int,
    "to": int,
    "amount": int,
    # What the points are for: hu, jing, jing_kong (a kong of jing), kong, horse (奖马),
    # follow_dealer (跟庄/抄庄), false_win (诈胡). Known values (more may be added in a minor
    # version): hu, jing, jing_kong, kong, horse, follow_dealer, false_win.
    "reason": str,
    "detail": NotRequired[str],
})


class Evaluation(TypedDict):
    winning: bool
    # Stable code when not winning: not_complete (no winning shape), waiting (one tile short:
    # see waits), not_ready (no tile completes it), or a variant's restriction (GET /variants
    # lists each variant's). Known values (more may be added in a minor version):
    # not_complete, waiting, not_ready, jing_diao_self_draw_only,
    # you_jing_ping_hu_self_draw_only.
    reason: NotRequired[str | None]
    message: NotRequired[str | None]
    # The best reading's shape, as its variant names it: xingguo and nanchang use their
    # pattern ids (ping_hu, xiao_qi_dui, da_qi_dui, shi_san_lan, qi_xing_shi_san_lan); qinzhou
    # and guangdong the core shapes (standard, seven_pairs, shi_san_yao).
    shape: NotRequired[str | None]
    patterns: NotRequired[list[Pattern]]
    multiplier: NotRequired[int | None]
    fan: NotRequired[int | None]
    decomposition: NotRequired[list[Group]]
    payments: NotRequired[list[Payment]]
    total: NotRequired[int | None]
    waits: NotRequired[list[Wait] | None]
    # How many readings were scored.
    readings: NotRequired[int]
    notes: NotRequired[list[str]]


class Winner(TypedDict):
    seat: int
    evaluation: Evaluation


class JingSeat(TypedDict):
    seat: int
    # 正精 × 2 + 副精 × 1.
    count: int
    # What each other player owes this seat.
    score: int
    chong_guan: bool
    ba_jing: bool
    # When set, this seat (the discarder of a claimed jing, 包) pays the whole score for all
    # three.
    paid_by: NotRequired[int | None]


class JingScore(TypedDict):
    # Which indicator: indicator, lower_indicator, previous_indicator,
    # previous_lower_indicator, or zhao_jing_zi (nanchang 照镜子: one entry per tile pair that
    # some dealt hand counts 5 of).
    indicator: str
    # The same as `indicator`, under a name that says what it is: which flip (or rule) gave
    # this pair of jing, not a tile: indicator (上精), lower_indicator (下精), previous_indicator
    # (回头一笑), previous_lower_indicator, or zhao_jing_zi (nanchang 照镜子).
    source: str
    # 正精
    zheng: Literal[
        "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p",
        "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S", "W", "N",
        "C", "F", "P",
    ]
    # 副精
    fu: Literal[
        "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p",
        "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S", "W", "N",
        "C", "F", "P",
    ]
    seats: NotRequired[list[JingSeat]]


class Settlement(TypedDict):
    variant: str
    # Each seat's result; they sum to 0.
    deltas: list[int]
    ledger: list[Transfer]
    winners: NotRequired[list[Winner]]
    jing: NotRequired[list[JingScore]]
    notes: NotRequired[list[str]]
    # nanchang 爬楼梯: the floor (`rules.floor`) of the next round.
    next_floor: NotRequired[int | None]
    ruleset: Ruleset


class JingResponse(TypedDict):
    variant: str
    jing: list[JingScore]
    deltas: NotRequired[list[int] | None]
    ledger: NotRequired[list[Transfer] | None]
    ruleset: Ruleset


class MatchRoundAnswer(TypedDict):
    # Each seat's result; they sum to 0.
    deltas: list[int]
    ledger: list[Transfer]
    winners: NotRequired[list[Winner]]
    jing: NotRequired[list[JingScore]]
    notes: NotRequired[list[str]]
    # nanchang 爬楼梯: the floor (`rules.floor`) of the next round.
    next_floor: NotRequired[int | None]
    # The round's dealer, as the rotation gave it.
    dealer: int
    # guangdong: the round wind the round was scored in; null for the variants that do not
    # score one.
    round_wind: NotRequired[
        Literal[
            "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p",
            "6p", "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S",
            "W", "N", "C", "F", "P", None,
        ]
    ]
    # nanchang 爬楼梯: the floor the round was played on; null when rules.pa_lou_ti is off, and
    # for the other variants.
    floor: NotRequired[int | None]
    # nanchang: the jing fields the match carried into this round from the round before
    # (`previous_indicator`: its 上精, 回头一笑).
    carried_jing: NotRequired[
        dict[
            str,
            Literal[
                "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p",
                "6p", "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E",
                "S", "W", "N", "C", "F", "P",
            ]
        ]
    ]
    # The running totals by seat after this round.
    totals: list[int]


class Standing(TypedDict):
    seat: int
    total: int
    # 1 for the highest total; equal totals share a rank (1, 1, 3, 4).
    rank: int


class MatchResponse(TypedDict):
    variant: str
    rounds: list[MatchRoundAnswer]
    # The final totals by seat: the sum of every round's deltas (0 in all).
    totals: list[int]
    # The seats by final total, highest first (equal totals by seat).
    standings: list[Standing]
    ruleset: Ruleset


class VariantOption(TypedDict):
    name: str
    type: str
    default: Any
    # What the option does, in the answer's language (Accept-Language).
    description: str
    # The seed line the option comes from, quoted briefly (its Chinese as the seed says it; a
    # comment on it in the answer's language).
    seed: str
    choices: NotRequired[list[Any]]
    minimum: NotRequired[int]
    maximum: NotRequired[int]


class Variant(TypedDict):
    name: str
    title_zh: str
    title_en: str
    # The public rule page the variant follows, e.g. `seed 000 (兴国冲关)`; GET /rules/{variant}
    # states every rule, citing its lines.
    seed: str
    shapes: NotRequired[dict[str, bool]]
    win_types: NotRequired[list[str]]
    flags: NotRequired[list[str]]
    max_winners: NotRequired[int]
    jing: NotRequired[list[str]]
    horses: NotRequired[bool]
    scored: NotRequired[bool]
    # The `events` of /settle this variant pays (`follow_dealer` 跟庄/抄庄, `false_win` 诈胡);
    # another is a 422.
    events: NotRequired[list[str]]
    # Every pattern id this variant's answers may carry.
    patterns: NotRequired[list[str]]
    # Every reason code for a hand of this variant that cannot win.
    reasons: NotRequired[list[str]]
    options: NotRequired[list[VariantOption]]


class Variants(TypedDict):
    rules_version: str
    variants: list[Variant]


class ProblemError(TypedDict):
    # The offending field as a JSON path (`players[2].hand`), or `body`.
    field: str
    message: str
    # Stable machine-readable code: branch on it, never on the prose; a released code is never
    # renamed (docs/errors.md says what each means). Known values (more may be added in a
    # minor version): action.after_end, action.bad_meld, action.chow_not_next,
    # action.claim_after_win, action.kong_not_allowed, action.must_win, action.no_claim,
    # action.not_a_win, action.not_your_turn, action.nothing_to_win, action.rob_not_allowed,
    # action.second_winner, action.tile_not_held, action.tile_required,
    # action.tile_unavailable, action.wait_changed, action.wall_empty, action.win_locked,
    # action.wrong_draw, body.not_object, body.too_large, expected.round_over,
    # expected.too_large, field.invalid, field.not_allowed_value, field.not_used,
    # field.out_of_range, field.required, field.unknown, field.wrong_length, field.wrong_type,
    # flags.inconsistent, hand.not_winning, hand.wrong_tile_count, http.bad_request,
    # http.error, http.headers_too_large, http.method_not_allowed, http.not_found,
    # http.request_line_too_long, json.bad_encoding, json.duplicate_key, json.malformed,
    # json.too_deep, match.inconsistent, match.unfinished_round, media_type.unsupported,
    # meld.bad_claim, meld.invalid, number.out_of_range, request.invalid, rules.bad_value,
    # rules.option_off, rules.unknown_option, seat.invalid, server.internal, server.not_ready,
    # server.over_budget, tile.not_a_wind, tile.not_held, tile.not_one, tile.too_many,
    # tile.too_many_copies, tile.unknown, variant.not_supported, variant.unknown,
    # win.impossible_rob, win.inconsistent, wind.inconsistent.
    code: str
    # In a tile string: the 0-based character index where reading failed (present only where
    # there is one).
    position: NotRequired[int]


class Problem(TypedDict):
    type: str
    title: str
    status: int
    detail: str
    # Stable machine-readable code: branch on it, never on the prose; a released code is never
    # renamed (docs/errors.md says what each means). Known values (more may be added in a
    # minor version): action.after_end, action.bad_meld, action.chow_not_next,
    # action.claim_after_win, action.kong_not_allowed, action.must_win, action.no_claim,
    # action.not_a_win, action.not_your_turn, action.nothing_to_win, action.rob_not_allowed,
    # action.second_winner, action.tile_not_held, action.tile_required,
    # action.tile_unavailable, action.wait_changed, action.wall_empty, action.win_locked,
    # action.wrong_draw, body.not_object, body.too_large, expected.round_over,
    # expected.too_large, field.invalid, field.not_allowed_value, field.not_used,
    # field.out_of_range, field.required, field.unknown, field.wrong_length, field.wrong_type,
    # flags.inconsistent, hand.not_winning, hand.wrong_tile_count, http.bad_request,
    # http.error, http.headers_too_large, http.method_not_allowed, http.not_found,
    # http.request_line_too_long, json.bad_encoding, json.duplicate_key, json.malformed,
    # json.too_deep, match.inconsistent, match.unfinished_round, media_type.unsupported,
    # meld.bad_claim, meld.invalid, number.out_of_range, request.invalid, rules.bad_value,
    # rules.option_off, rules.unknown_option, seat.invalid, server.internal, server.not_ready,
    # server.over_budget, tile.not_a_wind, tile.not_held, tile.not_one, tile.too_many,
    # tile.too_many_copies, tile.unknown, variant.not_supported, variant.unknown,
    # win.impossible_rob, win.inconsistent, wind.inconsistent.
    code: str
    errors: NotRequired[list[ProblemError]]


class Health(TypedDict):
    status: str


class Fact(TypedDict):
    # The index in `actions` of the action that showed it.
    action: int
    # What the log showed (docs/replay.md says what each means). Known values (more may be
    # added in a minor version): heavenly, earthly, human, last_tile, kong_chain,
    # after_kong_discard, robbed_kong, win_passed, lock_released, wait_locked, follow_dealer,
    # false_win, bao_feed, drawn_round, horses.
    code: str
    # The seat it is about (null: the table's, e.g. a drawn round).
    seat: int | None
    detail: str


MeldOut = TypedDict("MeldOut", {
    # chow, pung, kong, added_kong or concealed_kong.
    "type": str,
    # Its tiles, compact.
    "tiles": str,
    # The seat that discarded the claimed tile.
    "from": NotRequired[int],
    # Which of its tiles was claimed.
    "claimed": NotRequired[
        Literal[
            "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p",
            "6p", "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S",
            "W", "N", "C", "F", "P",
        ]
    ],
    # Its place in the round's order of claims (an added kong keeps its pung's).
    "claim_order": NotRequired[int],
})


class SeatNow(TypedDict):
    # Its concealed tiles, sorted.
    hand: list[
        Literal[
            "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p",
            "6p", "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S",
            "W", "N", "C", "F", "P",
        ]
    ]
    # In the order each reached its form.
    melds: list[MeldOut]
    # Its discards nobody claimed, in order; a discard still open to claims is the last.
    discards: list[
        Literal[
            "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p",
            "6p", "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S",
            "W", "N", "C", "F", "P",
        ]
    ]


class ReplayResponse(TypedDict):
    variant: str
    # finished (a win, or a drawn round: the wall ran out) or in_progress.
    status: Literal["finished", "in_progress"]
    # What the log showed that changes the score or what a seat may do, in order.
    facts: list[Fact]
    # finished: the /settle body the log implies: posting it to POST /settle gives
    # `settlement`.
    settle_request: NotRequired[SettleRequest]
    # finished: what POST /settle answers for `settle_request`.
    settlement: NotRequired[Settlement]
    # in_progress: the seat that acts next if nobody claims (after a discard, the next seat,
    # to draw); where only wins are left, the first seat in turn order that has one.
    turn: NotRequired[int]
    # in_progress: each seat's tiles, by seat.
    seats: NotRequired[list[SeatNow]]
    # By seat, every action it may take now (claims and wins included), each as an action of
    # the log would be written. in_progress: everything; finished: the wins still open on the
    # last tile (一炮多响's further winners, a last tile or last discard not yet won), else empty
    # lists. A driver follows `legal` until it is empty.
    legal: NotRequired[list[list[ActionOut]]]
    ruleset: Ruleset


class ReviewRequest(TypedDict):
    # The tiles dealt, by seat: the dealer's 14, the others' 13.
    deal: list[str | list[str]]
    # The tiles still to draw after the deal, in order: an ordinary draw takes the first left,
    # a kong's replacement the last. Every draw is checked against it; the last tile, a drawn
    # round and qinzhou's horses come from it. Give it or `wall_size`.
    wall: NotRequired[str | list[str] | None]
    # Without `wall`: how many tiles can be drawn after the deal (the last tile and a drawn
    # round are read from it).
    wall_size: NotRequired[int | None]
    # qinzhou, without `wall`: the 奖马 tiles flipped after the win.
    horses: NotRequired[str | list[str] | None]
    # The round in play order (at most 600).
    actions: list[Action]
    # The rule set to score with.
    variant: Literal["xingguo", "nanchang", "qinzhou", "guangdong"]
    # Rule options of the variant; see GET /variants for names, types and defaults.
    rules: NotRequired[XingguoRules | NanchangRules | QinzhouRules | GuangdongRules]
    # The dealer's seat (East).
    dealer: int
    # One tile in any notation, e.g. `5m`, `E`, `5z`, `五万`, `🀋`.
    round_wind: NotRequired[str | None]
    jing: NotRequired[Jing]
    # The seat to review (0-3); all four when left out.
    seat: NotRequired[int | None]
    # What ranks each decision's options: score (the default) or win.
    objective: NotRequired[Literal["score", "win", None]]
    # The model's budget of hand changes (0 or 1); left out, the service's choice, said in the
    # answer's expected.changes.
    changes: NotRequired[Literal[0, 1, None]]


class ReviewInputs(TypedDict):
    changes: int
    objective: Literal["score", "win"]


class Decision(TypedDict):
    # The index in `actions` of the action played (or, for a pass, of the first action after
    # the offered tile).
    action: int
    # The seat's own draws still to come then (derived from the log).
    draws_left: int
    # What the seat played, as `legal` writes actions (`pass` where it let the tile go); the
    # log's omitted tiles filled in.
    played: ActionOut
    # The action the objective ranks first then (null: none valued).
    best: ActionOut | None
    # The objective's number after the played action, as /advise log mode computes it on the
    # log cut before `action`.
    played_value: float | None
    # The same for the best action.
    best_value: float | None
    # best_value − played_value (0 or more; null where a value is).
    loss: float | None
    # true: valuing this decision alone needs more hand states than one /advise request may
    # work out (10,000 new ones), so it is left unvalued (best, the values and loss null) and
    # the review goes on; /advise log mode on the log cut there answers 422
    # expected.too_large.
    too_large: bool


class ReviewSummary(TypedDict):
    decisions: int
    # The share of decisions with numbers whose played action is the best (null: none has
    # numbers).
    agreement: float | None
    # The sum of the losses that are numbers.
    total_loss: float
    # The `action` indexes of the (up to) three decisions that lost most, largest first.
    largest: list[int]
    # How many decisions are left unvalued as too large (their `too_large` is true).
    too_large: int


class SeatReview(TypedDict):
    seat: int
    decisions: list[Decision]
    summary: ReviewSummary


class ReviewResponse(TypedDict):
    variant: str
    # The model's inputs as used (draws_left is each decision's own).
    expected: ReviewInputs
    # One object per seat reviewed.
    seats: list[SeatReview]
    ruleset: Ruleset
