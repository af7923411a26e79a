"""南昌 nanchang: how a round is played (RULINGS "Play rules"; docs/rules/nanchang.md,
"Play rules")."""

from rules.play.declaration import Earthly, PassLock, PlayRules, Rule
from rules.text import msg

PLAY = PlayRules(
    pass_lock=PassLock.UNTIL_DRAW_OR_DISCARD,
    lock_rule=Rule(msg("胡先不胡后"),
                   "002 胡牌方式 8: 同一圈中有弃胡，则不允许再胡牌（精钓时需要自摸），"
                   "直到自己抓牌了或者出牌了，才能胡他家的牌"),
    win_rule=Rule(msg("what wins"),
                  "002 精钓: 进入精钓状态后，不允许胡他家只能自摸; 胡牌方式 9: 憋自摸：有精小胡时，"
                  "点炮不能胡"),
    earthly=Earthly.DEALER_FIRST_DISCARD,
    earthly_rule=Rule(msg("地胡"), "002 胡牌方式 5: 地胡：庄家打出第一张牌，就有人胡牌"),
    follow_dealer=True,
    follow_rule=Rule(msg("抄庄"), "002 奖励分 6: 抄庄：庄家向其他三家每家支付5子"),
    last_tile_rule=Rule(msg("黄庄 (a drawn round)"), "002 简介: 黄庄时计和局"),
)
