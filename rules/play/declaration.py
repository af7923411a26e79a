"""What a variant declares about how its round is played (RULINGS "Play rules").

The play engine (:mod:`rules.play.board`) knows the rules every variant shares: the deal,
turns, claims and their priority, kongs and their replacement draws, robbing an added kong,
the last tile. What differs from one variant to the next is declared here, one
:class:`PlayRules` per variant in its package's ``play.py``, and read by the engine: it never
asks a variant's name. That includes how the variant cites each shared rule: the line of its
own seed that states it, or nothing, where the rule is the common ruling (an error then says
so rather than quote another variant's seed).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from rules.text import Sentence, msg


class PassLock(Enum):
    """What a seat that could have won on a discard (or a robbed kong), and did not, may no
    longer do, and what frees it."""

    NONE = "none"  # xingguo: passing a win is free
    UNTIL_DRAW_OR_DISCARD = "until_draw_or_discard"  # nanchang 胡先不胡后
    UNTIL_DRAW_OR_CLAIM = "until_draw_or_claim"  # qinzhou 漏胡
    SAME_TILE_UNTIL_DRAW_OR_CLAIM = "same_tile_until_draw_or_claim"  # guangdong 漏和


class Earthly(Enum):
    """What 地胡 (``earthly``) is in the variant."""

    DEALER_FIRST_DISCARD = "dealer_first_discard"  # xingguo, nanchang: won on it
    DEALT_READY = "dealt_ready"  # qinzhou: a non-dealer ready on its dealt 13, any later win
    FIRST_DRAW = "first_draw"  # guangdong 地和: a non-dealer's win on its first draw


class Rule(NamedTuple):
    """A play rule as an error or a fact names it: its name, and the seed line it comes from
    (quoted in the original, after the seed's number: ``"004 三: …"``); empty, the rule is a
    common ruling, read the same for every variant, which no line of the variant's seed
    states."""

    name: Sentence
    seed: str


@dataclass(frozen=True)
class PlayRules:
    """One variant's play rules. Options named here are the variant's rule options (bool):
    the engine reads their resolved value."""

    pass_lock: PassLock
    lock_rule: Rule | None  # the lock's name and seed line (None: no lock)
    earthly: Earthly
    earthly_rule: Rule
    false_win: bool = False  # xingguo 诈胡: a win the variant refuses is paid, not illegal
    false_win_rule: Rule | None = None
    follow_dealer: bool = False  # 跟庄 / 抄庄 rounds are counted (an event of /settle)
    follow_rule: Rule | None = None
    human: bool = False  # guangdong 人和
    bao_feeds: bool = False  # guangdong: who fed a meld that can make it liable (包) is a fact
    last_drawer_discards: bool = True  # qinzhou: the last tile's drawer does not discard
    last_tile_rule: Rule = field(default_factory=lambda: Rule(msg("the last tile"), ""))
    win_rule: Rule | None = None  # what wins in the variant (its shapes, 精吊, 有精平胡)
    several_winners_option: str | None = None  # guangdong: yi_pao_duo_xiang
    wait_lock_option: str | None = None  # qinzhou: no_wait_change (聽牌後不允許換聽)
    wait_lock_rule: Rule | None = None
    must_win_option: str | None = None  # qinzhou: must_win (能胡必胡)
    must_win_rule: Rule | None = None
    # A complete shape always wins (no 精吊 / 有精平胡 restriction): "could this seat win"
    # is then the shape alone, asked of the analysis core without scoring the hand.
    shape_is_win: bool = False
    # The variant's own seed line for each common rule (below) its seed states, or its own
    # Rule where it names the rule otherwise (guangdong's one winner: an option turned off);
    # a common rule not in it is the common ruling. Not hashed: its fields above identify it.
    cites: Mapping[Rule, str | Rule] = field(default_factory=dict, hash=False)

    def rule(self, rule: Rule) -> Rule:
        """``rule`` as this variant cites it: a common rule with the variant's own seed line,
        or as the common ruling where its seed has none; the variant's own rules as they are."""
        if rule not in _COMMON_RULES:
            return rule
        cited = self.cites.get(rule, "")
        return cited if isinstance(cited, Rule) else Rule(rule.name, cited)


# The rules every variant shares (RULINGS "Play rules", Common). Each is read once for all
# four variants, so none quotes a seed here: a variant cites each in its own seed's words
# (``PlayRules.cites``), and where its seed has no line on it the rule is the common ruling
# (:meth:`PlayRules.rule`): an error never quotes another variant's seed as if it were this one's.
TURN = Rule(msg("turn order"), "")
DEAL = Rule(msg("the deal"), "")
HAND = Rule(msg("a seat plays only the tiles it holds"), "")
TILES = Rule(msg("four of each tile"), "")
LOG = Rule(msg("how the log writes an action"), "")  # the API's own notation: no seed has it
CLAIM = Rule(msg("who may claim a discard"), "")
CHOW = Rule(msg("only the next seat chows"), "")
PRIORITY = Rule(msg("claim priority"), "")
KONG = Rule(msg("kongs and their replacement"), "")
ROB = Rule(msg("only an added kong can be robbed"), "")
ONE_WINNER = Rule(msg("one winner on a discard"), "")
SEVERAL_WINNERS = Rule(msg("一炮多响"), "")
WIN = Rule(msg("what may be won on"), "")
WALL = Rule(msg("the wall"), "")
END = Rule(msg("the end of the round"), "")

# Each common rule by the id the rules book's tables name it with (docs/rules/<variant>.md,
# "Play rules"; tests/contract/test_rules_book.py holds the tables to the declarations).
COMMON: dict[str, Rule] = {
    "turn": TURN, "deal": DEAL, "hand": HAND, "tiles": TILES, "log": LOG, "claim": CLAIM,
    "chow": CHOW, "priority": PRIORITY, "kong": KONG, "rob": ROB, "one_winner": ONE_WINNER,
    "several_winners": SEVERAL_WINNERS, "win": WIN, "wall": WALL, "end": END,
}
_COMMON_RULES = frozenset(COMMON.values())
