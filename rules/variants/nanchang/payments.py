"""nanchang's payments beyond the hand: kongs and kongs of jing (奖励分 1 and 5)."""

from __future__ import annotations

from rules.jiangxi.jing import jing_value
from rules.ledger import Ledger
from rules.model import CONCEALED_KONG, TERMS, Meld
from rules.text import msg
from rules.tiles import code

CONCEALED_KONG_POINTS = 2  # 奖励分 1. 杠子：暗杠，每家2子
EXPOSED_KONG_POINTS = 1  # 奖励分 1. 明杠，每家1子
GANG_JING_POINTS = {2: 20, 1: 10}  # 奖励分 5. 杠精: 杠正精20分，杠副精10分 (from each)


def pay_kong(seat: int, meld: Meld, pair: tuple[int, int], ledger: Ledger) -> None:
    """奖励分 1 and 5: 暗杠 2 / 明杠 1 from each; a kong of 上精 (杠精) 20 for 正精, 10 for
    副精 from each, and no kong score."""
    tile = meld.tiles[0]
    value = jing_value(tile, pair)
    if value:
        ledger.each_pays(seat, GANG_JING_POINTS[value], "jing_kong", msg(
            "杠精 {tile}: {points} from each, no kong score", tile=code(tile),
            points=GANG_JING_POINTS[value]))
    elif meld.kind == CONCEALED_KONG:
        ledger.each_pays(seat, CONCEALED_KONG_POINTS, "kong", msg(
            "暗杠 {tile}: {points} from each", tile=code(tile), points=CONCEALED_KONG_POINTS))
    else:
        ledger.each_pays(seat, EXPOSED_KONG_POINTS, "kong", msg(
            "{kind} {tile}: {points} from each", kind=TERMS[meld.kind], tile=code(tile),
            points=EXPOSED_KONG_POINTS))
