"""南昌 nanchang: how a round is played (RULINGS "Play rules"; docs/rules/nanchang.md,
"Play rules")."""

from rules.play.declaration import (
    DEAL,
    END,
    KONG,
    ROB,
    TILES,
    WIN,
    Earthly,
    PassLock,
    PlayRules,
    Rule,
)
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
    # seed 002's own lines on the common rules; it has none on the turn, who claims or chows,
    # claim priority, the number of winners or the wall's head.
    cites={
        DEAL: "002 简介: 每人手里抓13张牌",
        TILES: "002 牌数: 共计136张…各4张",
        KONG: "002 胡牌分 5: 开杠后在牌山末尾补进的牌",
        ROB: "002 胡牌方式 3: 抢杠只能发生在加杠动作中，暗杠明杠不算",
        WIN: "002 胡牌方式 1-3: 自摸…自己摸到的牌; 点炮…其他玩家的牌打出后; "
             "抢杠…其他玩家明杠的那张牌",
        END: "002 简介: 胡牌者胜，被胡牌者负，黄庄时计和局",
    },
)
