"""Request and answer types of the scoring service: a TypedDict per contract schema.

Generated from openapi.yaml by ``make clients`` (tools/client_types.py): do not edit by hand.
"""

from typing import Any, Literal, NotRequired, TypedDict

__all__ = [
    "EvaluateRequest", "EvaluateResponse", "Evaluation", "Event", "Flags", "Group", "Health",
    "Jing", "JingRequest", "JingResponse", "JingScore", "JingSeat", "Meld", "Pattern", "Payment",
    "Player", "Problem", "ProblemError", "Result", "Ruleset", "SettleRequest", "Settlement",
    "Transfer", "Variant", "VariantOption", "Variants", "Wait", "Winner",
]


Meld = TypedDict("Meld", {
    # kong = exposed kong claimed from a discard (明杠), added_kong = pung extended by a drawn
    # tile (补杠), concealed_kong = 暗杠
    "type": Literal["chow", "pung", "kong", "added_kong", "concealed_kong"],
    "tiles": str | list[str],
    # Seat that discarded the claimed tile.
    "from": NotRequired[int | None],
    # Which of the meld's tiles was claimed from `from`. Needed only where it decides a
    # liability: xingguo/nanchang, a chow holding a jing when the claimer is 冲关 or 霸精 (包). One
    # tile in any notation, e.g. `5m`, `E`, `5z`, `五万`, `🀋`.
    "claimed": NotRequired[str | None],
})


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
    # xingguo 霸胡: no player holds any jing.
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
    rules: NotRequired[dict[str, Any]]


class Player(TypedDict):
    hand: str | list[str]
    melds: NotRequired[list[Meld]]
    # Tiles still in this player's discard pond (claimed ones are in the claimer's melds).
    discards: NotRequired[str | list[str]]
    # nanchang: the hand as dealt (13 tiles, the dealer 14), on which 回头一笑
    # (`jing.previous_indicator`) is scored.
    dealt: NotRequired[str | list[str] | None]


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
    rules: NotRequired[dict[str, Any]]


class JingRequest(TypedDict):
    # The rule set to score with.
    variant: Literal["xingguo", "nanchang", "qinzhou", "guangdong"]
    # One tile in any notation, e.g. `5m`, `E`, `5z`, `五万`, `🀋`.
    indicator: str
    # One tile in any notation, e.g. `5m`, `E`, `5z`, `五万`, `🀋`.
    lower_indicator: NotRequired[str | None]
    # One tile in any notation, e.g. `5m`, `E`, `5z`, `五万`, `🀋`.
    previous_indicator: NotRequired[str | None]
    players: NotRequired[list[Player] | None]
    dealer: NotRequired[int | None]
    # Rule options of the variant; see GET /variants for names, types and defaults.
    rules: NotRequired[dict[str, Any]]


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
    # Which indicator: indicator, lower_indicator or previous_indicator.
    indicator: str
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


class VariantOption(TypedDict):
    name: str
    type: str
    default: Any
    description: str
    # The seed line the option comes from, quoted briefly.
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
    # Every pattern id this variant's answers may carry.
    patterns: NotRequired[list[str]]
    # Every reason code for a hand of this variant that cannot win.
    reasons: NotRequired[list[str]]
    options: NotRequired[list[VariantOption]]


class Variants(TypedDict):
    rules_version: str
    variants: list[Variant]


class ProblemError(TypedDict):
    field: str
    message: str


class Problem(TypedDict):
    type: str
    title: str
    status: int
    detail: str
    errors: NotRequired[list[ProblemError]]


class Health(TypedDict):
    status: str
