"""xingguo's payments beyond the hand: kongs (E组 5, F组 5) and the false win (E组 4)."""

from __future__ import annotations

from rules.ledger import SEATS, Ledger
from rules.model import KONG, TERMS, Meld
from rules.text import msg
from rules.tiles import code

KONG_POINTS = 2  # E组 5: 暗杠、碰杠、补杠 +2 +2+2=6
JING_KONG_POINTS = 20  # F组 5: 暗杠精和碰杠精：每家+20 则20+20+20=60
FALSE_WIN_POINTS = 20  # E组 4: 诈胡 -60= -20 -20 -20


def pay_kong(seat: int, meld: Meld, pair: tuple[int, int], ledger: Ledger) -> None:
    """E组 5: every kong 2 from each; F组 5: a kong of jing 20 from each (its tiles still
    count as jing), a 碰杠精 paid wholly by its discarder."""
    tile = code(meld.tiles[0])
    if meld.tiles[0] not in pair:
        ledger.each_pays(seat, KONG_POINTS, "kong", msg(
            "{kind} {tile}: {points} from each", kind=TERMS[meld.kind], tile=tile,
            points=KONG_POINTS))
    elif meld.kind == KONG and meld.source is not None:
        ledger.pay(meld.source, seat, JING_KONG_POINTS * (SEATS - 1), "jing_kong", msg(
            "碰杠精 {tile}: {points} × 3, paid by the discarder seat {seat} alone", tile=tile,
            points=JING_KONG_POINTS, seat=meld.source))
    else:
        ledger.each_pays(seat, JING_KONG_POINTS, "jing_kong", msg(
            "{kind} of jing {tile}: {points} from each", kind=TERMS[meld.kind], tile=tile,
            points=JING_KONG_POINTS))
