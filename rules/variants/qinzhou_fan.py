"""钦州 fan (番): the seed's list of patterns as a table, and the fan of one reading.

Seed 003 §6 胡牌與算分規則 lists thirteen patterns; the rules book fixes their ids,
values and exclusions. Fans are added together (or multiplied, by rule option) and a win with
no pattern is 1 fan (`ji_hu`, §7 欽州麻將為1番起和). No wilds exist in qinzhou, so a hand has
only a handful of readings and every one of them is scored.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import prod
from typing import NamedTuple

from rules.analysis import SEVEN_PAIRS, STANDARD, Reading
from rules.hand import HeldTiles
from rules.model import CHOW, KONG_REPLACEMENT, ROB_KONG, Flags, Meld, Pattern

ADD, MULTIPLY = "add", "multiply"


@dataclass(frozen=True)
class Fan:
    id: str
    name_zh: str
    name_en: str
    value: int


# 003 §6, in the seed's order (ids and values: the rules book).
FANS: dict[str, Fan] = {f.id: f for f in (
    Fan("shi_ba_luo_han", "十八罗汉", "Eighteen arhats", 18),  # 6.1 十八羅漢 18番，4個杠
    Fan("zi_yi_se", "字一色", "All honours", 4),  # 6.2 字一色 4番，字牌的刻子(杠)、將
    Fan("qi_dui", "七对", "Seven pairs", 2),  # 6.3 七對 2番，由7個對子組成胡牌
    Fan("hao_hua_qi_dui", "豪华七对", "Luxury seven pairs", 4),  # 6.4 豪華七對 4番，2對相同
    Fan("qing_yi_se", "清一色", "Full flush", 2),  # 6.5 清一色 2番，由一種花色的序數牌組成
    Fan("hai_di_lao_yue", "海底捞月", "Last tile of the wall", 2),  # 6.6 海底撈月 2番，自摸最后一張
    Fan("gang_shang_kai_hua", "杠上开花", "Win on a kong replacement", 2),  # 6.7 杠上開花 2番
    Fan("qiang_gang_hu", "抢杠胡", "Robbing a kong", 2),  # 6.8 搶杠胡 2番
    Fan("dui_dui_hu", "对对胡", "All pungs", 2),  # 6.9 對對胡 2番，由4副刻子(或杠)、將牌組成
    Fan("shi_er_zhang_luo_di", "十二张落地", "Twelve tiles down", 2),  # 6.10 12張落地 2番
    Fan("di_hu", "地胡", "Earthly hand", 2),  # 6.11 地胡 2番，非莊家起牌后…立刻聽牌
    Fan("tian_hu", "天胡", "Heavenly hand", 4),  # 6.12 天胡 4番，只屬于莊家的特權
    Fan("gang_shang_pao", "杠上炮", "Win on the discard after a kong", 2),  # 6.13 杠上跑 2番
)}
JI_HU = Fan("ji_hu", "鸡胡", "Chicken hand (no pattern)", 1)  # §7 欽州麻將為1番起和

# A pattern → the patterns it keeps from counting, and why (shown as the pattern's note).
EXCLUDES: dict[str, tuple[tuple[str, ...], str]] = {
    "shi_ba_luo_han": (("dui_dui_hu",), "对对胡 not counted (6.1 不記對對胡)"),
    "zi_yi_se": (("dui_dui_hu",), "对对胡 not counted (6.2 不計對對胡)"),
    "hao_hua_qi_dui": (("qi_dui",), "instead of 七对 (6.4: 豪华七对 4 replaces 七对's 2)"),
}


class Win(NamedTuple):
    """One reading of a complete hand and how it was won: what the fan tests look at."""

    reading: Reading
    held: HeldTiles
    win_type: str
    flags: Flags
    zi_yi_se_qi_dui: bool  # rule option: 字一色 also for seven pairs of honours

    @property
    def melds(self) -> tuple[Meld, ...]:
        return self.held.melds


def _all_pungs(w: Win) -> bool:
    """对对胡: every set of the reading and every meld is a pung or a kong."""
    return (w.reading.shape == STANDARD and w.reading.all_pungs
            and all(m.kind != CHOW for m in w.melds))


def _all_honours(w: Win) -> bool:
    """字一色: honours only; a seven-pairs reading counts when the option says so."""
    if w.reading.shape == SEVEN_PAIRS and not w.zi_yi_se_qi_dui:
        return False
    return w.held.suits == 0  # no number suit: honours only


def _one_suit(w: Win) -> bool:
    """清一色: number tiles of a single suit (序數牌), melds included."""
    return w.held.suits == 1 and not w.held.has_honours


def _seven_pairs(w: Win) -> bool:
    return w.reading.shape == SEVEN_PAIRS


def _luxury_pairs(w: Win) -> bool:
    """豪华七对: seven pairs in which two pairs are the same tile (four of a kind)."""
    return w.reading.shape == SEVEN_PAIRS and max(w.held.concealed) == 4


TESTS: dict[str, Callable[[Win], bool]] = {
    "shi_ba_luo_han": lambda w: sum(m.is_kong for m in w.melds) == 4,
    "zi_yi_se": _all_honours,
    "qi_dui": _seven_pairs,
    "hao_hua_qi_dui": _luxury_pairs,
    "qing_yi_se": _one_suit,
    "hai_di_lao_yue": lambda w: w.flags.last_tile,
    "gang_shang_kai_hua": lambda w: w.win_type == KONG_REPLACEMENT,
    "qiang_gang_hu": lambda w: w.win_type == ROB_KONG,
    "dui_dui_hu": _all_pungs,
    # The rules book: four exposed melds, won on the single wait (the pair is all that is left)
    "shi_er_zhang_luo_di": lambda w: sum(m.is_exposed for m in w.melds) == 4,
    "di_hu": lambda w: w.flags.earthly,
    "tian_hu": lambda w: w.flags.heavenly,
    "gang_shang_pao": lambda w: w.flags.after_kong_discard,
}


@dataclass
class Scored:
    """The fan of one reading and the patterns that make it."""

    fan: int
    patterns: list[Pattern]
    reading: Reading


def score_reading(win: Win, combination: str) -> Scored:
    """Every pattern of the reading, exclusions applied, combined by ``combination``."""
    found = [pid for pid, test in TESTS.items() if test(win)]
    notes = {pid: EXCLUDES[pid][1] for pid in found
             if pid in EXCLUDES and any(e in found for e in EXCLUDES[pid][0])}
    dropped = {e for pid in notes for e in EXCLUDES[pid][0]}
    found = [pid for pid in found if pid not in dropped]
    fans = [FANS[pid] for pid in found] or [JI_HU]
    patterns = [Pattern(f.id, f.name_zh, f.name_en, f.value, "fan", notes.get(f.id, ""))
                for f in fans]
    if fans == [JI_HU]:
        patterns[0].note = "no pattern: 1 fan (7. 欽州麻將為1番起和)"
    values = [f.value for f in fans]
    fan = prod(values) if combination == MULTIPLY else sum(values)
    return Scored(fan, patterns, win.reading)


def best_reading(wins: list[Win], combination: str) -> Scored:
    """The reading worth most to the winner (the first one on a tie)."""
    best: Scored | None = None
    for win in wins:
        scored = score_reading(win, combination)
        if best is None or scored.fan > best.fan:
            best = scored
    if best is None:
        raise ValueError("best_reading needs at least one reading")
    return best
