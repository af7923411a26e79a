"""广东鸡平和 guangdong: how a round is played (RULINGS "Play rules"; docs/rules/guangdong.md,
"Play rules")."""

from rules.play.declaration import (
    CHOW,
    CLAIM,
    DEAL,
    END,
    KONG,
    ONE_WINNER,
    ROB,
    SEVERAL_WINNERS,
    TILES,
    Earthly,
    PassLock,
    PlayRules,
    Rule,
)
from rules.text import msg

PLAY = PlayRules(
    pass_lock=PassLock.SAME_TILE_UNTIL_DRAW_OR_CLAIM,
    lock_rule=Rule(msg("漏和"),
                   "004 五 漏和: …玩家A却放弃不和，那若对家C或上家D打出相同的一张牌时，"
                   "玩家A是不能和那一张的。除非玩家A有进行动牌的情况…碰、上、杠、模牌"),
    win_rule=Rule(msg("what wins"), "004 六 鸡和: 什么牌都可以和"),
    earthly=Earthly.FIRST_DRAW,
    earthly_rule=Rule(msg("地和"), "004 七.9: 地和：闲家摸到第一张牌就和牌…如果闲家抓牌前有人吃碰杠"
                                 "（包括暗杠），那么不算地和"),
    human=True,
    bao_feeds=True,
    several_winners_option="yi_pao_duo_xiang",
    last_tile_rule=Rule(msg("流局 (a drawn round)"), "004 五: 和牌：即流局、荒牌"),
    shape_is_win=True,  # 鸡和 0 番: 什么牌都可以和
    # seed 004's own lines on the common rules; it has none on the turn (who draws next),
    # 胡 before a claim, what may be won on or the wall. One winner: with 一炮多响 turned off.
    cites={
        DEAL: "004 三 摸牌: 只有庄家可得到十四张牌，其余的人十三张",
        TILES: "004 二 牌数: 共一百三十六张",
        CLAIM: "004 三 摸牌: 此时，其它三家都有权力要那张丢出的牌",
        CHOW: "004 三 摸牌: 庄家的下家（右手边的玩者），有权力吃或碰那张牌，"
              "其它两家则只可碰或杠那张牌",
        KONG: "004 七.3: 杠上开花包杠：开暗刻明杠补牌后和牌",
        ROB: "004 七.7: 明刻开明杠，可以被抢杠和…暗杠不可抢杠和；暗刻开明杠，不算抢杠和",
        ONE_WINNER: Rule(msg("one winner on a discard (rule option yi_pao_duo_xiang off)"),
                         "004 五 一炮多响: 允许一炮多响"),
        SEVERAL_WINNERS: "004 五 一炮多响: 允许一炮多响",
        END: "004 四.1: 如果庄家和牌或流局则下盘依然由该庄家做庄",
    },
)
