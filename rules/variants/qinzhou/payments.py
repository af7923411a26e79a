"""钦州 奖马 (horses): whose numbers a flipped tile hits, and what the hu and horses pay.

Seed 003 §3.1 風位數字 numbers the seats from the dealer; §3.2 獎馬 flips horse tiles when a
player wins and pays the winner one more `fan × base` per horse on its numbers; §7 記分方法
gives the formula `(番數*底數) + 番數*獎馬番數*底數`. The rules book fixes the 一炮多响
horse-owner rule that the seed's example B shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.ledger import SEATS, Ledger
from rules.text import Text, msg
from rules.tiles import code, rank_of

# 003 §3.1 以首局為例 莊即東（1、5、9）；南（2、6）；西（3、7）；北（4、8）
# seat offset from the dealer → the horse numbers that are that seat's.
SEAT_NUMBERS: dict[int, tuple[int, ...]] = {
    0: (1, 5, 9),  # the dealer (東)
    1: (2, 6),  # the next seat (南)
    2: (3, 7),  # the seat opposite (西)
    3: (4, 8),  # the last seat (北)
}
_OFFSET_OF = {n: offset for offset, numbers in SEAT_NUMBERS.items() for n in numbers}


def horse_number(tile: int) -> int:
    """003 §3.2 PS: 條筒萬取牌面數值；東南西北中發白，按順序對應的數值為1-7."""
    return rank_of(tile)


def horse_seat(tile: int, dealer: int) -> int:
    """The seat whose numbers the horse ``tile`` hits (numbers count from the dealer)."""
    return (dealer + _OFFSET_OF[horse_number(tile)]) % SEATS


def horses_by_seat(horses: Sequence[int], dealer: int) -> list[list[int]]:
    """The flipped tiles grouped by the seat whose numbers they hit."""
    out: list[list[int]] = [[] for _ in range(SEATS)]
    for tile in horses:
        out[horse_seat(tile, dealer)].append(tile)
    return out


def numbers_of(seat: int, dealer: int) -> tuple[int, ...]:
    return SEAT_NUMBERS[(seat - dealer) % SEATS]


@dataclass(frozen=True)
class Win:
    """One winner as the payment needs it."""

    seat: int
    fan: int
    label: str  # the patterns, for the ledger's detail


def _shown(tiles: Sequence[int]) -> str:
    return " ".join(code(t) for t in tiles)


def count_horses(n: int) -> Text:
    return msg("{count} horse", count=n) if n == 1 else msg("{count} horses", count=n)


def _horse_detail(tiles: Sequence[int], win: Win, base: int, whose: Text) -> Text:
    return msg("{horses} {tiles} on {whose} × {fan} fan (seat {seat}) × base {base}",
               horses=count_horses(len(tiles)), tiles=_shown(tiles), whose=whose, fan=win.fan,
               seat=win.seat, base=base)


def _numbers_of_seat(seat: int) -> Text:
    return msg("seat {seat}'s numbers", seat=seat)


def _hu_detail(win: Win, base: int) -> Text:
    return msg("{label}: {fan} fan × base {base}", label=win.label, fan=win.fan, base=base)


def pay_self_draw(ledger: Ledger, win: Win, on_seat: list[list[int]], base: int) -> None:
    """自摸: each other player pays fan × base × (1 + horses on the winner's numbers)."""
    mine = on_seat[win.seat]
    # one sentence for the three payers' lines: an answer renders a sentence once
    hu, horse = _hu_detail(win, base), _horse_detail(mine, win, base, _numbers_of_seat(win.seat))
    for payer in range(SEATS):
        if payer == win.seat:
            continue
        ledger.pay(payer, win.seat, win.fan * base, "hu", hu)
        ledger.pay(payer, win.seat, win.fan * base * len(mine), "horse", horse)


def pay_discard(ledger: Ledger, wins: Sequence[Win], discarder: int,
                on_seat: list[list[int]], base: int) -> None:
    """点炮 / 抢杠 (and 一炮多响): the discarder pays; the first winner owns the horses.

    ``wins`` are in turn order from the discarder, so ``wins[0]`` owns the horses (003 §3.2:
    只允許一家買馬，按胡牌者的順序). Each winner collects its own fan × base; the owner
    collects, per horse on a winner's numbers, that winner's fan × base from the discarder;
    per horse on the discarder's numbers the owner pays each other winner its fan × base
    (買馬者如果摸到放沖者的馬，則需要付給另一個胡牌玩家馬錢).
    """
    owner = wins[0].seat
    for win in wins:
        ledger.pay(discarder, win.seat, win.fan * base, "hu", _hu_detail(win, base))
    for win in wins:
        hits = on_seat[win.seat]
        ledger.pay(discarder, owner, win.fan * base * len(hits), "horse",
                   _horse_detail(hits, win, base, _numbers_of_seat(win.seat)))
    bad = on_seat[discarder]
    for win in wins[1:]:
        ledger.pay(owner, win.seat, win.fan * base * len(bad), "horse",
                   _horse_detail(bad, win, base, msg("the discarder's (seat {seat}) numbers",
                                                     seat=discarder)))


def turn_order(winners: Sequence[int], discarder: int) -> list[int]:
    """Winners in the order they sit after the discarder (胡牌者的順序)."""
    return sorted(winners, key=lambda seat: (seat - discarder) % SEATS)
