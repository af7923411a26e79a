"""广东鸡平和 guangdong: how a round is played (RULINGS "Play rules"; docs/rules/guangdong.md,
"Play rules")."""

from rules.play.declaration import Earthly, PassLock, PlayRules, Rule
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
    one_winner_rule=Rule(msg("one winner on a discard (rule option yi_pao_duo_xiang off)"),
                         "004 五 一炮多响: 允许一炮多响"),
    last_tile_rule=Rule(msg("流局 (a drawn round)"), "004 五: 和牌：即流局、荒牌"),
    shape_is_win=True,  # 鸡和 0 番: 什么牌都可以和
)
