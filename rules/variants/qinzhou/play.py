"""钦州 qinzhou: how a round is played (RULINGS "Play rules"; docs/rules/qinzhou.md,
"Play rules")."""

from rules.play.declaration import (
    CHOW,
    CLAIM,
    DEAL,
    END,
    KONG,
    PRIORITY,
    ROB,
    SEVERAL_WINNERS,
    TILES,
    TURN,
    WALL,
    Earthly,
    PassLock,
    PlayRules,
    Rule,
)
from rules.text import msg

PLAY = PlayRules(
    pass_lock=PassLock.UNTIL_DRAW_OR_CLAIM,
    lock_rule=Rule(msg("漏胡"),
                   "003 特殊規則: 漏胡后必須吃、碰、杠、摸牌后才能解除漏胡，或自摸也可以"),
    win_rule=Rule(msg("what wins"),
                  "003 6 可胡牌形: AA + 4*BBB 或 CDF; AA+BB+CC+DD+EE+FF+GG"),
    earthly=Earthly.DEALT_READY,
    earthly_rule=Rule(msg("地胡"),
                      "003 6.11: 地胡 非莊家起牌后在開始摸牌之前立刻聽牌，"
                      "之后任何時刻胡牌或自摸"),
    last_drawer_discards=False,
    last_tile_rule=Rule(msg("the last tile (海底)"),
                        "003 特殊規則: 摸到最後一張牌的時候不用打出來"),
    wait_lock_option="no_wait_change",
    wait_lock_rule=Rule(msg("聽牌後不允許換聽"), "003 基本規則 6: 聽牌后不允許換聽"),
    must_win_option="must_win",
    must_win_rule=Rule(msg("能胡必胡"), "003 基本規則 6: 能胡必胡"),
    shape_is_win=True,  # 1番起和: a hand with no pattern is 鸡胡, 1 fan
    # seed 003's own lines on the common rules; it has none on what may be won on.
    cites={
        TURN: "003 行牌規則 4: 由莊家開始出牌，所出牌閑家可吃、碰、杠；"
              "無閑家吃碰杠，順位由下家抓、出牌",
        DEAL: "003 基本規則 1: 莊家的起張牌數為14張，閑家的起張牌數為13張",
        TILES: "003 1 游戲元素: 麻將牌136張…各4張",
        CLAIM: "003 行牌規則 4: 所出牌閑家可吃、碰、杠",
        CHOW: "003 基本規則 2: 只有下家有權利吃牌",
        PRIORITY: "003 基本規則 2: 優先級：胡> 碰、杠> 吃",
        KONG: "003 行牌規則 5: 玩家杠牌后，由城墻未抓牌的尾端補牌",
        ROB: "003 6.8: 搶杠胡 2番，胡別人自抓開明杠的牌",
        SEVERAL_WINNERS: "003 基本規則 5: 有一炮多響",
        WALL: "003 行牌規則 3: 抓牌：由莊家開始抓起",
        END: "003 基本規則 4: 如果莊家胡牌或和牌（流局）則下盤依然由該莊家做莊",
    },
)
