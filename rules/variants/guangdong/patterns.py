"""广东鸡平和: the fan tables of seed 004 (六、记分规则) and how one reading of a hand counts.

Two tables, as in the seed. Inside the cap (爆和) the fans add up, with the additions (附加情况)
on top, and the sum stops at the cap. Beyond the cap (特殊牌型) only the single highest special
hand counts and nothing is added to it. The pattern values of a count always add up to its
fan: the cap shows as a negative ``bao_hu`` entry, a raise to the cap as a positive one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from rules.analysis import SHI_SAN_YAO, STANDARD, Reading
from rules.analysis.model import PAIR, PUNG
from rules.hand import HeldTiles
from rules.model import CHOW, DISCARD, WIN_TYPES, Flags, Meld, Pattern
from rules.patterns import PatternRule, ids
from rules.text import Sentence, Text, msg
from rules.tiles import DRAGONS, EAST, WINDS, code

# 六.一 爆和（封顶）以内的牌型番种 — 牌型 番数 分值
JI_HU = PatternRule("ji_hu", "鸡和", "Chicken hand", 0, "fan", seed="34 鸡和 0 1 什么牌都可以和")
PING_HU = PatternRule("ping_hu", "平和", "All chows", 1, "fan",
                      seed="35 平和 1 2 全部都是顺子没有刻子")
PENG_PENG_HU = PatternRule("peng_peng_hu", "碰碰和", "All pungs", 2, "fan",
                           seed="36 碰碰和 2 4 全部是刻子")
HUN_YI_SE = PatternRule("hun_yi_se", "混一色", "Half flush", 2, "fan",
                        seed="37 混一色 2 4 字牌 + 单一花色")

# 附加情况: only for hands inside the cap, and never past it (line 61)
ZI_MO = PatternRule("zi_mo", "自摸", "Self-drawn", 1, "fan", seed="53-54 自摸 +1番")
MEN_FENG = PatternRule("men_feng", "门风", "Seat-wind pung", 1, "fan",
                       seed="55-56 本盘门风的刻子 +1番")
QUAN_FENG = PatternRule("quan_feng", "圈风", "Round-wind pung", 1, "fan",
                        seed="57-58 风圈局的刻子 +1番")
JIAN_KE = PatternRule("jian_ke", "箭刻", "Dragon pung", 1, "fan",
                      seed="59-60 三元牌 任意一个刻子为1番")

# 五.番 2-3: 爆和（封顶）为3番 (the default of the `cap` option)
BAO_HU = PatternRule("bao_hu", "爆和", "Fan cap", 3, "fan", seed="五.番 2-3 爆和（封顶）为3番")

# 六.二 爆和以外的牌型（特殊牌型）— 牌型 番准 分值
QING_YI_SE = PatternRule("qing_yi_se", "清一色", "Full flush", 4, "fan",
                         seed="40 清一色 4 16 整副牌由同一花色组成",
                         holds=lambda h, s: _qing(h))
HUN_PENG = PatternRule("hun_peng", "混碰", "Half flush, all pungs", 4, "fan",
                       seed="41 混碰 4 16 混一色 + 碰碰和",
                       holds=lambda h, s: _hun(h) and h.all_pungs)
QING_PENG = PatternRule("qing_peng", "清碰", "Full flush, all pungs", 5, "fan",
                        seed="42 清碰 5 32 清一色 + 碰碰和",
                        holds=lambda h, s: _qing(h) and h.all_pungs)
HUN_YAO_JIU = PatternRule("hun_yao_jiu", "混幺九", "Terminals and honours", 5, "fan",
                          seed="43 混幺九 5 32",
                          holds=lambda h, s: (_yao_jiu(h) and h.held.has_honours
                                              and h.held.suits > 0))
XIAO_SAN_YUAN = PatternRule("xiao_san_yuan", "小三元", "Little three dragons", 5, "fan",
                            seed="44 小三元 5 32 其中一种是将",
                            holds=lambda h, s: _little(h, DRAGONS, h.dragon_pungs))
XIAO_SI_XI = PatternRule("xiao_si_xi", "小四喜", "Little four winds", 5, "fan",
                         seed="45 小四喜 5 32 三组刻子，一组对子",
                         holds=lambda h, s: _little(h, WINDS, h.wind_pungs))
ZI_YI_SE = PatternRule("zi_yi_se", "字一色", "All honours", 6, "fan",
                       seed="46 字一色 6 64 由字牌组合成的刻子牌型",
                       holds=lambda h, s: _standard(h) and not h.held.suits)
QING_YAO_JIU = PatternRule("qing_yao_jiu", "清幺九", "All terminals", 6, "fan",
                           seed="47 清幺九 6 64 只由幺九",
                           holds=lambda h, s: _yao_jiu(h) and not h.held.has_honours)
DA_SAN_YUAN = PatternRule("da_san_yuan", "大三元", "Big three dragons", 6, "fan",
                          seed="48 大三元 6 64 中、发、白三组刻子",
                          holds=lambda h, s: len(h.dragon_pungs) == 3)
DA_SI_XI = PatternRule("da_si_xi", "大四喜", "Big four winds", 6, "fan",
                       seed="49 大四喜 6 64 东、南、西、北四组刻子",
                       holds=lambda h, s: len(h.wind_pungs) == 4)
JIU_LIAN_BAO_DENG = PatternRule("jiu_lian_bao_deng", "九莲宝灯", "Nine gates", 6, "fan",
                                seed="50 九莲宝灯 6 64 1112345678999 + 该种牌任何一张",
                                holds=lambda h, s: _nine_gates(h, s))
SHI_SAN_YAO_FAN = PatternRule("shi_san_yao", "十三幺", "Thirteen orphans", 6, "fan",
                              seed="51 十三幺 6 64",
                              holds=lambda h, s: h.shape == SHI_SAN_YAO)
# 七.8-10 天和/地和/人和: 6 each (the rules book)
TIAN_HU = PatternRule("tian_hu", "天和", "Heavenly hand", 6, "fan", seed="73 庄家在发完牌就和牌",
                      holds=lambda h, s: s.flags.heavenly)
DI_HU = PatternRule("di_hu", "地和", "Earthly hand", 6, "fan", seed="74 闲家摸到第一张牌就和牌",
                    holds=lambda h, s: s.flags.earthly)
REN_HU = PatternRule("ren_hu", "人和", "Human hand", 6, "fan", seed="75 第一轮中和别人出的牌",
                     holds=lambda h, s: s.flags.human)

# 七.特殊规则: 不满3番牌型，按照3番满计算，大于3番的牌型，按照实际牌型计算
YI_PAO_SAN_XIANG = PatternRule("yi_pao_san_xiang", "一炮三响", "Three winners on one discard",
                               0, "fan", seed="63 一炮三响")
GANG_SHANG_KAI_HUA = PatternRule("gang_shang_kai_hua", "杠上开花", "Win on a kong replacement",
                                 0, "fan", seed="64 杠上开花")
HAI_DI_LAO_YUE = PatternRule("hai_di_lao_yue", "海底捞月", "Win on the last tile", 0, "fan",
                             seed="67 海底捞月")
QIANG_GANG = PatternRule("qiang_gang", "抢杠", "Robbing a kong", 0, "fan",
                         seed="71 抢杠和等同杠开，当自摸")

# Every id a guangdong answer may carry, in table order.
RULES = tuple(f for f in globals().values() if isinstance(f, PatternRule))
PATTERN_IDS = ids(RULES)

ZI_MO_NOTES: dict[str, Text] = {"kong_replacement": msg("杠上开花 is a self-draw"),
                                "rob_kong": msg("抢杠和等同杠开，当自摸 (line 71)")}
NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)  # 50 同种牌形成 1112345678999


NO_FLAGS = Flags()

# The patterns that carry no note, or a note fixed by the win type, are the same in every
# answer: built once. (Nothing changes a Pattern once built; a test checks these stay so.)
PLAIN = {fan: fan.pattern() for fan in (JI_HU, PING_HU, PENG_PENG_HU, HUN_YI_SE)}
ZI_MO_BY_WIN_TYPE = {win_type: ZI_MO.pattern(note=ZI_MO_NOTES.get(win_type, ""))
                     for win_type in WIN_TYPES if win_type != DISCARD}


class Situation(NamedTuple):
    """How the hand was won, as far as the fans care."""

    win_type: str
    seat_wind: int | None  # None: unknown (a non-dealer's seat wind was not given)
    round_wind: int = EAST
    flags: Flags = NO_FLAGS
    win_tile: int | None = None
    nine_gates_pure: bool = True  # the `jiu_lian_pure` option


class WholeHand(NamedTuple):
    """One reading of the concealed tiles together with the melds: the sets and the pair,
    and the tiles held (shared by every reading of the hand, worked out once)."""

    shape: str
    sets: int  # how many sets (chows, pungs, kongs; melds included)
    pair: int | None
    pungs: tuple[int, ...]  # the tile of each pung or kong
    dragon_pungs: tuple[int, ...]  # those of dragons
    wind_pungs: tuple[int, ...]  # those of winds
    held: HeldTiles

    @classmethod
    def of(cls, reading: Reading, melds: tuple[Meld, ...], concealed: tuple[int, ...],
           held: HeldTiles | None = None) -> WholeHand:
        pair, pungs, sets = None, [], len(melds)
        for kind, tiles, _ in reading.groups:
            if kind == PUNG:
                pungs.append(tiles[0])
                sets += 1
            elif kind == CHOW:
                sets += 1
            elif kind == PAIR:
                pair = tiles[0]
        if melds:
            pungs += [meld.tiles[0] for meld in melds if meld.kind != CHOW]  # kongs are pungs
        dragons, winds = (), ()
        if pungs and max(pungs) >= EAST:  # (comprehensions only when there are honours)
            dragons = tuple([t for t in pungs if t in DRAGONS])
            winds = tuple([t for t in pungs if t in WINDS])
        return cls(reading.shape, sets, pair, tuple(pungs), dragons, winds,
                   held or HeldTiles.of(concealed, melds))

    @property
    def all_pungs(self) -> bool:
        return self.shape == STANDARD and len(self.pungs) == self.sets

    @property
    def all_chows(self) -> bool:
        return self.shape == STANDARD and not self.pungs


def _standard(h: WholeHand) -> bool:
    return h.shape == STANDARD


def _qing(h: WholeHand) -> bool:
    """清: one suit, no honours."""
    return h.shape == STANDARD and h.held.suits == 1 and not h.held.has_honours


def _hun(h: WholeHand) -> bool:
    """混: honours and one single suit."""
    return h.shape == STANDARD and h.held.suits == 1 and h.held.has_honours


def _yao_jiu(h: WholeHand) -> bool:
    return h.shape == STANDARD and h.held.yao_jiu


def _little(h: WholeHand, family: tuple[int, ...], pungs: tuple[int, ...]) -> bool:
    """小三元 / 小四喜: all but one of the family as ``pungs``, the last one the pair."""
    return h.shape == STANDARD and h.pair in family and len(pungs) == len(family) - 1


def _nine_gates(h: WholeHand, s: Situation) -> bool:
    """1112345678999 of one suit, concealed, plus any tile of that suit (line 50)."""
    if not _qing(h) or h.held.melds:
        return False
    base = next(lo for lo in (0, 9, 18) if any(h.held.concealed[lo:lo + 9]))
    ranks = h.held.concealed[base:base + 9]
    if s.nine_gates_pure and s.win_tile is not None:
        won = s.win_tile - base
        before = tuple(n - (r == won) for r, n in enumerate(ranks))
        return before == NINE_GATES
    return all(n >= need for n, need in zip(ranks, NINE_GATES, strict=True))


# 特殊牌型 in the seed's order; the first listed wins a tie of equal fan. Each rule's
# ``holds`` (a WholeHand, a Situation) is its test; the lambdas read helpers defined above.
SPECIALS = (QING_YI_SE, HUN_PENG, QING_PENG, HUN_YAO_JIU, XIAO_SAN_YUAN, XIAO_SI_XI, ZI_YI_SE,
            QING_YAO_JIU, DA_SAN_YUAN, DA_SI_XI, JIU_LIAN_BAO_DENG, SHI_SAN_YAO_FAN, TIAN_HU,
            DI_HU, REN_HU)
SPECIAL_TABLE: tuple[tuple[PatternRule, Callable[[WholeHand, Situation], bool]], ...] = tuple(
    (rule, rule.holds) for rule in SPECIALS if rule.holds is not None)


def may_be_special(h: WholeHand, s: Situation) -> bool:
    """What every row of SPECIAL_TABLE needs at the least: one suit at most (清/混/字一色,
    九莲宝灯, and 四喜, whose three wind pungs and pair leave room for one set), terminals
    and honours only (幺九 and 十三幺), two dragon pungs (三元) or a first-go flag. Most hands
    have none of these and skip the table (a test checks this against the table itself)."""
    return (h.held.suits <= 1 or h.held.yao_jiu or len(h.dragon_pungs) >= 2
            or s.flags.heavenly or s.flags.earthly or s.flags.human)


def specials(h: WholeHand, s: Situation) -> list[PatternRule]:
    """Every special hand the reading qualifies for, highest first (ties in seed order)."""
    if not may_be_special(h, s):
        return []
    found = [fan for fan, applies in SPECIAL_TABLE if applies(h, s)]
    return sorted(found, key=lambda f: -f.value) if len(found) > 1 else found


def inside_cap(h: WholeHand, s: Situation) -> list[Pattern]:
    """The fans of 六.一 and the additions, uncapped; empty for a shape that has none."""
    if h.shape != STANDARD:
        return []
    # (all_chows, all_pungs and _hun asked directly: the shape is known to be standard)
    if not h.pungs:
        found = [PLAIN[PING_HU]]  # 平和: four chows, any pair (the rules book)
    elif len(h.pungs) == h.sets:
        found = [PLAIN[PENG_PENG_HU]]
    else:
        found = [PLAIN[JI_HU]]
    if h.held.suits == 1 and h.held.has_honours:
        found.append(PLAIN[HUN_YI_SE])
    if s.win_type != DISCARD:  # self-draw, kong replacement, and 抢杠 (当自摸, line 71)
        found.append(ZI_MO_BY_WIN_TYPE[s.win_type])
    if s.seat_wind is not None and s.seat_wind in h.pungs:
        found.append(MEN_FENG.pattern(note=msg("pung of {tile}, the seat wind",
                                               tile=code(s.seat_wind))))
    if s.round_wind in h.pungs:
        found.append(QUAN_FENG.pattern(note=msg("pung of {tile}, the round wind",
                                                tile=code(s.round_wind))))
    for t in h.dragon_pungs:  # a loop, not a comprehension: most hands have none
        found.append(JIAN_KE.pattern(note=msg("pung of {tile}", tile=code(t))))
    return found


class Count(NamedTuple):
    """The fan of one reading: the patterns (their values add up to ``fan``) and notes."""

    fan: int
    patterns: list[Pattern]
    special: PatternRule | None
    notes: list[Sentence]


def count(h: WholeHand, s: Situation, cap: int) -> Count:
    """The better of the capped inside-cap sum and the single highest special hand."""
    inner = inside_cap(h, s)
    raw = sum([p.value or 0 for p in inner])  # (a fan pattern always has a value)
    capped = min(raw, cap)
    found = specials(h, s)
    if found and (found[0].value >= capped or not inner):
        best, others = found[0], found[1:]
        notes: list[Sentence] = [
            msg("特殊牌型: the single highest special hand counts; nothing is added")]
        if others:  # each item a Chinese name and its fan: the same in every language
            notes.append(msg("also qualifies (not added): {hands}",
                             hands=[f"{f.name_zh} {f.value}" for f in others]))
        return Count(best.value, [best.pattern()], best, notes)
    patterns = inner
    notes = []
    if raw > cap:
        patterns.append(BAO_HU.pattern(cap - raw, msg("{raw} fan capped at {cap} (爆和)",
                                                      raw=raw, cap=cap)))
        notes.append(msg("爆和: {raw} fan inside the cap counted as {cap}", raw=raw, cap=cap))
    return Count(capped, patterns, None, notes)


def raise_to_cap(counted: Count, reasons: list[PatternRule], cap: int) -> Count:
    """七.特殊规则: a hand below the cap is counted as a full cap ("按照3番满计算")."""
    if not reasons:
        return counted
    names = "、".join(r.name_zh for r in reasons)  # Chinese names: the same in every language
    if counted.fan >= cap:
        counted.notes.append(msg("{names}: {fan} fan is not below the cap; it counts as is",
                                 names=names, fan=counted.fan))
        return counted
    lift = cap - counted.fan
    counted.patterns.append(reasons[0].pattern(lift, msg(
        "{names}: raised from {fan} to {cap} fan (不满{cap}番按{cap}番计)",
        names=names, fan=counted.fan, cap=cap)))
    counted.patterns.extend(r.pattern(0, msg("raise already applied")) for r in reasons[1:])
    return Count(cap, counted.patterns, counted.special, counted.notes)
