"""钦州 fan (番): the seed's list of patterns as a table, and the fan of one reading.

Seed 003 §6 胡牌與算分規則 lists thirteen patterns; the rules book fixes their ids,
values and exclusions. Fans are added together (or multiplied, by rule option) and a win with
no pattern is 1 fan (`ji_hu`, §7 欽州麻將為1番起和). No wilds exist in qinzhou, so a hand has
only a handful of readings and every one of them is scored.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod
from typing import Any, NamedTuple

from rules.analysis import SEVEN_PAIRS, Reading
from rules.hand import HeldTiles
from rules.model import CHOW, KONG_REPLACEMENT, ROB_KONG, Flags, Meld, Pattern
from rules.patterns import PatternRule
from rules.text import msg

ADD, MULTIPLY = "add", "multiply"


def _fan(pid: str, zh: str, en: str, value: int, seed: str, **more: Any) -> PatternRule:
    """A row of the seed's fan list (every qinzhou pattern counts in fan)."""
    return PatternRule(pid, zh, en, value, "fan", seed, **more)


class WonHand(NamedTuple):
    """One reading of a complete hand and how it was won: what the fan tests look at."""

    reading: Reading
    held: HeldTiles
    win_type: str
    flags: Flags
    zi_yi_se_qi_dui: bool  # rule option: 字一色 also for seven pairs of honours

    @property
    def melds(self) -> tuple[Meld, ...]:
        return self.held.melds


def _all_pungs(w: WonHand) -> bool:
    """对对胡: every set of the reading and every meld is a pung or a kong."""
    melds = w.melds
    return (w.reading.all_pungs  # (a standard reading's)
            and (not melds or all(m.kind != CHOW for m in melds)))


def _all_honours(w: WonHand) -> bool:
    """字一色: honours only; a seven-pairs reading counts when the option says so."""
    if w.reading.shape == SEVEN_PAIRS and not w.zi_yi_se_qi_dui:
        return False
    return w.held.suits == 0  # no number suit: honours only


def _one_suit(w: WonHand) -> bool:
    """清一色: number tiles of a single suit (序數牌), melds included."""
    return w.held.suits == 1 and not w.held.has_honours


def _seven_pairs(w: WonHand) -> bool:
    return w.reading.shape == SEVEN_PAIRS


def _luxury_pairs(w: WonHand) -> bool:
    """豪华七对: seven pairs in which two pairs are the same tile (four of a kind)."""
    return w.reading.shape == SEVEN_PAIRS and max(w.held.concealed) == 4


# 003 §6, in the seed's order (ids, values and exclusions: the rules book). Every rule is
# asked of every reading: a test that needs four melds counts them first.
RULES: tuple[PatternRule, ...] = (
    _fan("shi_ba_luo_han", "十八罗汉", "Eighteen arhats", 18, "6.1 十八羅漢 18番，4個杠",
         holds=lambda w: len(w.melds) == 4 and all(m.is_kong for m in w.melds),
         excludes=("dui_dui_hu",), note=msg("对对胡 not counted (6.1 不記對對胡)")),
    _fan("zi_yi_se", "字一色", "All honours", 4, "6.2 字一色 4番，字牌的刻子(杠)、將",
         holds=_all_honours, excludes=("dui_dui_hu",),
         note=msg("对对胡 not counted (6.2 不計對對胡)")),
    _fan("qi_dui", "七对", "Seven pairs", 2, "6.3 七對 2番，由7個對子組成胡牌",
         holds=_seven_pairs),
    _fan("hao_hua_qi_dui", "豪华七对", "Luxury seven pairs", 4, "6.4 豪華七對 4番，2對相同",
         holds=_luxury_pairs, excludes=("qi_dui",),
         note=msg("instead of 七对 (6.4: 豪华七对 4 replaces 七对's 2)")),
    _fan("qing_yi_se", "清一色", "Full flush", 2, "6.5 清一色 2番，由一種花色的序數牌組成",
         holds=_one_suit),
    _fan("hai_di_lao_yue", "海底捞月", "Last tile of the wall", 2, "6.6 海底撈月 2番，自摸最后一張",
         holds=lambda w: w.flags.last_tile),
    _fan("gang_shang_kai_hua", "杠上开花", "Win on a kong replacement", 2, "6.7 杠上開花 2番",
         holds=lambda w: w.win_type == KONG_REPLACEMENT),
    _fan("qiang_gang_hu", "抢杠胡", "Robbing a kong", 2, "6.8 搶杠胡 2番",
         holds=lambda w: w.win_type == ROB_KONG),
    _fan("dui_dui_hu", "对对胡", "All pungs", 2, "6.9 對對胡 2番，由4副刻子(或杠)、將牌組成",
         holds=_all_pungs),
    # The rules book: four exposed melds, won on the single wait (the pair is all that is left)
    _fan("shi_er_zhang_luo_di", "十二张落地", "Twelve tiles down", 2, "6.10 12張落地 2番",
         holds=lambda w: len(w.melds) == 4 and all(m.is_exposed for m in w.melds)),
    _fan("di_hu", "地胡", "Earthly hand", 2, "6.11 地胡 2番，非莊家起牌后…立刻聽牌",
         holds=lambda w: w.flags.earthly),
    _fan("tian_hu", "天胡", "Heavenly hand", 4, "6.12 天胡 4番，只屬于莊家的特權",
         holds=lambda w: w.flags.heavenly),
    _fan("gang_shang_pao", "杠上炮", "Win on the discard after a kong", 2, "6.13 杠上跑 2番",
         holds=lambda w: w.flags.after_kong_discard),
)
JI_HU = _fan("ji_hu", "鸡胡", "Chicken hand (no pattern)", 1, "§7 欽州麻將為1番起和")
FANS: dict[str, PatternRule] = {r.id: r for r in RULES}
NO_PATTERN = msg("no pattern: 1 fan (7. 欽州麻將為1番起和)")


@dataclass
class Scored:
    """The fan of one reading and the patterns that make it."""

    fan: int
    patterns: list[Pattern]
    reading: Reading


def score_reading(win: WonHand, combination: str) -> Scored:
    """Every pattern of the reading, exclusions applied, combined by ``combination``."""
    found = [rule for rule in RULES if rule.holds(win)]
    if not found:  # most hands: 鸡胡, nothing to exclude
        return Scored(JI_HU.value or 1, [JI_HU.pattern(note=NO_PATTERN)], win.reading)
    ids = {rule.id for rule in found}
    notes = {rule.id: rule.note for rule in found if any(e in ids for e in rule.excludes)}
    dropped = {e for rule in found if rule.id in notes for e in rule.excludes}
    fans = [rule for rule in found if rule.id not in dropped] or [JI_HU]
    patterns = [f.pattern(note=notes.get(f.id, "")) for f in fans]
    if fans == [JI_HU]:
        patterns[0].note = NO_PATTERN
    values = [f.value for f in fans]
    fan = prod(values) if combination == MULTIPLY else sum(values)
    return Scored(fan, patterns, win.reading)


def best_reading(wins: list[WonHand], combination: str) -> Scored:
    """The reading worth most to the winner (the first one on a tie)."""
    best: Scored | None = None
    for win in wins:
        scored = score_reading(win, combination)
        if best is None or scored.fan > best.fan:
            best = scored
    if best is None:
        raise ValueError("best_reading needs at least one reading")
    return best
