"""What the Jiangxi engine asks of a variant, and the situation a hand is scored in.

The engine's modules (:mod:`.checks`, :mod:`.scoring`) take the variant as a
:class:`JiangxiTables`: the tables xingguo and nanchang declare on their class. They import
this protocol, never the :class:`~rules.jiangxi.base.Jiangxi` class that uses them,
so the engine has no import circle: base -> scoring/checks -> family, and no arrow back.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from rules.analysis import ShapeRules
from rules.jiangxi.pricing import HandValue, Seating
from rules.jiangxi.reading import Candidate
from rules.model import EvaluateRequest, Flags, Jing
from rules.text import Sentence


class JiangxiSituation(NamedTuple):
    """Everything about the win that the tiles cannot show."""

    seating: Seating
    win_tile: int | None
    flags: Flags
    rules: dict
    jing_kinds: frozenset[int]
    table_clear: bool = False  # xingguo 霸胡: no other player's jing count (discards too)
    winner_holds_jing: bool = False  # in the hand or the melds
    others_no_jing: bool = False  # nanchang 德中德: the other three hold no jing at all
    notes: tuple[Sentence, ...] = ()
    out_of_play: tuple[int, ...] = ()  # indicators flipped out of the wall (never robbed)
    winner_discarded_jing: bool = False  # xingguo 霸胡: the winner's own discarded jing count

    @property
    def flat_win(self) -> bool:
        return self.flags.heavenly or self.flags.earthly


class JiangxiTables(Protocol):
    """The tables and hooks of a Jiangxi variant that the shared checks and scoring read."""

    name: str
    shapes: ShapeRules
    jing_fields: tuple[str, ...]
    earthly_win_types: tuple[str, ...]  # the win types a 地胡 may be won by
    tian_hu_any_jing_pair: bool
    won_jing_wild: bool
    name_overrides: dict[str, str]
    jing_diao_zh: str
    ping_hu_rule_zh: str

    def wild_kinds(self, jing: Jing) -> frozenset[int]: ...

    def _flipped(self, jing: Jing) -> list[int]: ...

    def hand_value(self, candidate: Candidate, situation: JiangxiSituation) -> HandValue: ...

    def situation(self, request: EvaluateRequest, win_type: str,
                  kinds: frozenset[int]) -> JiangxiSituation: ...

    def evaluate_errors(self, request: EvaluateRequest) -> list: ...
