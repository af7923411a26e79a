"""兴国冲关 xingguo: how a round is played (RULINGS "Play rules"; docs/rules/xingguo.md,
"Play rules")."""

from rules.play.declaration import (
    CHOW,
    CLAIM,
    KONG,
    ONE_WINNER,
    ROB,
    Earthly,
    PassLock,
    PlayRules,
    Rule,
)
from rules.text import msg

PLAY = PlayRules(
    pass_lock=PassLock.NONE,  # the seed has no lock: passing a win is free
    lock_rule=None,
    win_rule=Rule(msg("what wins"),
                  "000 四.5: 有精平胡不能抓点炮; 四.9: 已构成精吊结构，不能抓德国点炮或抢杠"),
    earthly=Earthly.DEALER_FIRST_DISCARD,
    earthly_rule=Rule(msg("地胡"), "000 补充 7: 精吊地胡：即你打任何牌都可胡"),
    false_win=True,
    false_win_rule=Rule(msg("诈胡"), "000 E组 4: 诈胡： -60= -20 -20 -20"),
    follow_dealer=True,
    follow_rule=Rule(msg("跟庄"), "000 E组 8: 第一轮出牌跟庄家：-15= -5 -5 -5 可跟无数轮"),
    last_tile_rule=Rule(msg("和牌 (a drawn round)"),
                        "000 四.7: 和牌：摸牌到翻精处无人胡牌，则称和牌，此局全作废"),
    # seed 000's own lines on the common rules; it has none on the turn, the deal, the tiles,
    # claim priority, several winners, what may be won on, the wall's head or the end.
    cites={
        CLAIM: "000 四.2: 可吃上家，可碰任何一家",
        CHOW: "000 四.2: 可吃上家，可碰任何一家",
        KONG: "000 补充 4: 碰杠、暗杠、补杠后，补牌从最后牌补起，除翻的本精外",
        ROB: "000 E组: 抢杠：胡家按正常胡 X2 德国抢奖5不翻倍, 补杠家包付",
        ONE_WINNER: "000 四.4: 同一轮中点炮胡牌：胡前不胡后; 补充 1: 点炮时胡牌，胡前不胡后",
    },
)
