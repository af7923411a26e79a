"""What a variant declares about how its round is played (RULINGS "Play rules").

The play engine (:mod:`rules.play.board`) knows the rules every variant shares: the deal,
turns, claims and their priority, kongs and their replacement draws, robbing an added kong,
the last tile. What differs from one variant to the next is declared here, one
:class:`PlayRules` per variant in its package's ``play.py``, and read by the engine: it never
asks a variant's name.
"""

from __future__ import annotations

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
    (quoted in the original)."""

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
    one_winner_rule: Rule | None = None  # why one winner only, where not 胡前不胡后
    wait_lock_option: str | None = None  # qinzhou: no_wait_change (聽牌後不允許換聽)
    wait_lock_rule: Rule | None = None
    must_win_option: str | None = None  # qinzhou: must_win (能胡必胡)
    must_win_rule: Rule | None = None
    # A complete shape always wins (no 精吊 / 有精平胡 restriction): "could this seat win"
    # is then the shape alone, asked of the analysis core without scoring the hand.
    shape_is_win: bool = False


# The rules every variant shares, each with the seed lines it comes from.
TURN = Rule(msg("turn order"), "003 行牌規則 4: 由莊家開始出牌…無閑家吃碰杠，順位由下家抓、出牌")
DEAL = Rule(msg("the deal"), "003 基本規則 1: 莊家的起張牌數為14張，閑家的起張牌數為13張")
CHOW = Rule(msg("only the next seat chows"),
            "000 四.2: 可吃上家，可碰任何一家; 003 基本規則 2: 只有下家有權利吃牌")
PRIORITY = Rule(msg("claim priority"), "003 基本規則 2: 優先級：胡> 碰、杠> 吃")
KONG = Rule(msg("kongs and their replacement"),
            "000 补充 4: 碰杠、暗杠、补杠后，补牌从最后牌补起; "
            "003 行牌規則 5: 由城墻未抓牌的尾端補牌")
ROB = Rule(msg("only an added kong can be robbed"),
           "002 胡牌方式 3: 抢杠只能发生在加杠动作中，暗杠明杠不算; 004 七.7: 暗杠不可抢杠和")
ONE_WINNER = Rule(msg("胡前不胡后 (one winner on a discard)"),
                  "000 四.4: 同一轮中点炮胡牌：胡前不胡后; 补充 1: 点炮时胡牌，胡前不胡后")
SEVERAL_WINNERS = Rule(msg("一炮多响"), "003 基本規則 5: 有一炮多響; 004 五: 允许一炮多响")
WIN = Rule(msg("what may be won on"),
           "002 胡牌方式 1-3: 自摸…自己摸到的牌; 点炮…其他玩家的牌打出后; "
           "抢杠…其他玩家明杠的那张牌")
WALL = Rule(msg("the wall"),
            "003 行牌規則 3: 由莊家開始抓起; 行牌規則 5: 由城墻未抓牌的尾端補牌")
END = Rule(msg("the end of the round"), "002 简介: 胡牌者胜，被胡牌者负，黄庄时计和局")
