"""Every Jiangxi pattern, declared once as a :class:`~rules.patterns.PatternRule`.

One table for both variants (each lists the ones it answers with); a variant overrides a
Chinese name where its seed spells it differently (兴国 writes 精吊, 南昌 精钓).
"""

from __future__ import annotations

from rules.model import Pattern
from rules.patterns import PatternRule
from rules.text import Sentence, Term

_TABLE: dict[str, tuple[str, str]] = {
    # shapes
    "ping_hu": ("平胡", "Plain win (four sets and a pair)"),
    "xiao_qi_dui": ("小七对", "Seven pairs"),
    "da_qi_dui": ("大七对", "All pungs (碰碰胡)"),
    "shi_san_lan": ("十三烂", "Thirteen unrelated"),
    "qi_xing_shi_san_lan": ("七星十三烂", "Seven-star thirteen unrelated"),
    # how the hand was won, and who pays double
    "zi_mo": ("自摸", "Self-draw: every payer ×2"),
    "dian_pao": ("点炮", "Discarder pays ×2"),
    "zhuang_jia": ("庄家", "Dealer ×2"),
    "qiang_gang": ("抢杠", "Robbing a kong"),
    "gang_kai": ("杠上花", "Win on a kong replacement"),
    "gang_diao": ("杠吊", "Jing single wait won on a kong replacement"),
    # jing
    "de_guo": ("德国", "No jing used as wild (German)"),
    "jing_diao": ("精吊", "Jing single wait (精吊)"),
    # flat wins
    "tian_hu": ("天胡", "Heavenly hand"),
    "di_hu": ("地胡", "Earthly hand"),
}


# The values and units are the hand's (a factor ×N, points, a flat win): worked out per answer.
RULES: dict[str, PatternRule] = {pid: PatternRule(pid, zh, en) for pid, (zh, en) in _TABLE.items()}

# The patterns both variants answer with, in table order; each variant's patterns module adds
# its own.
SHARED: tuple[PatternRule, ...] = tuple(RULES[pid] for pid in (
    "ping_hu", "xiao_qi_dui", "da_qi_dui", "shi_san_lan", "qi_xing_shi_san_lan", "zi_mo",
    "dian_pao", "zhuang_jia", "qiang_gang", "gang_kai", "gang_diao", "de_guo", "jing_diao",
    "tian_hu", "di_hu"))


def pattern(pid: str, value: int | None = None, unit: str = "", note: Sentence = "",
            overrides: dict[str, str] | None = None) -> Pattern:
    """A :class:`Pattern` with its names looked up (``overrides``: per-variant Chinese)."""
    return RULES[pid].pattern(value, note, (overrides or {}).get(pid), unit)


def term(pid: str) -> Term:
    """A shared pattern as a formula names it (the payer's doublings, named alike in both
    variants)."""
    return Term(pid, _TABLE[pid][0])
