"""qinzhou 奖马: horse numbers of every tile, whose numbers they hit for every seat and
dealer, and the payment rules on a bare ledger (seed 003 §3.1, §3.2, §7)."""

from __future__ import annotations

import pytest

from rules.ledger import Ledger
from rules.tiles import CODES, parse_tile, parse_tiles
from rules.variants.qinzhou.payments import (
    Win,
    horse_number,
    horse_seat,
    horses_by_seat,
    numbers_of,
    pay_discard,
    pay_self_draw,
    turn_order,
)

# 003 §3.2 PS: 條筒萬取牌面數值；東南西北中發白，按順序對應的數值為1、2、3、4、5、6、7
EXPECTED_NUMBER = {
    **{f"{r}{s}": r for s in "mps" for r in range(1, 10)},
    "E": 1, "S": 2, "W": 3, "N": 4, "C": 5, "F": 6, "P": 7,
}


@pytest.mark.parametrize("tile", CODES)
def test_horse_number_of_every_tile(tile):
    assert horse_number(parse_tile(tile)) == EXPECTED_NUMBER[tile]


# 003 §3.1 莊即東（1、5、9）；南（2、6）；西（3、7）；北（4、8）: offset from the dealer.
OFFSET_OF_NUMBER = {1: 0, 5: 0, 9: 0, 2: 1, 6: 1, 3: 2, 7: 2, 4: 3, 8: 3}


@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize("tile", CODES)
def test_horse_seat_for_every_dealer(tile, dealer):
    expected = (dealer + OFFSET_OF_NUMBER[EXPECTED_NUMBER[tile]]) % 4
    assert horse_seat(parse_tile(tile), dealer) == expected


@pytest.mark.parametrize(("offset", "numbers"), [(0, (1, 5, 9)), (1, (2, 6)), (2, (3, 7)),
                                                 (3, (4, 8))],
                         ids=["dealer 1/5/9", "next 2/6", "opposite 3/7", "last 4/8"])
@pytest.mark.parametrize("dealer", range(4))
def test_numbers_of_each_seat(dealer, offset, numbers):
    assert numbers_of((dealer + offset) % 4, dealer) == numbers


def test_honours_count_as_their_numbers():
    """东南西北 hit the dealer, next, opposite, last; 中 the dealer, 发 next, 白 opposite."""
    assert horses_by_seat(parse_tiles("ESWNCFP"), 0) == [
        parse_tiles("EC"), parse_tiles("SF"), parse_tiles("WP"), parse_tiles("N")]
    assert horses_by_seat(parse_tiles("ESWNCFP"), 2) == [
        parse_tiles("WP"), parse_tiles("N"), parse_tiles("EC"), parse_tiles("SF")]


def test_seed_example_a_dealer_has_four_horses():
    """003 §3.2 例A: 莊胡, 10 horses 一萬、二萬、四萬、八筒、五條、九條、紅中、發財、二筒、四條
    → 一萬、五條、九條、紅中 match: 4 番."""
    flipped = parse_tiles("一萬二萬四萬八筒五條九條紅中發財二筒四條")
    for dealer in range(4):
        hits = horses_by_seat(flipped, dealer)[dealer]
        assert sorted(hits) == sorted(parse_tiles("1m5s9sC"))
        assert len(hits) == 4


def test_seed_example_b_counts():
    """003 §3.2 例B: 1m5m9m2m6m3m7m1p5p9p → 东 6, 南 2 (2m 6m), 西 2 (3m 7m), 北 0."""
    on_seat = horses_by_seat(parse_tiles("1m5m9m2m6m3m7m1p5p9p"), 0)
    assert [len(h) for h in on_seat] == [6, 2, 2, 0]


def test_turn_order_starts_after_the_discarder():
    assert turn_order([0, 3], 2) == [3, 0]
    assert turn_order([1, 2, 3], 0) == [1, 2, 3]
    assert turn_order([0, 1, 2], 3) == [0, 1, 2]
    assert turn_order([0, 1, 3], 2) == [3, 0, 1]


def test_self_draw_formula():
    """§7: 自摸 其余三家被扣分記為（番數*底數）+番數*獎馬番數*底數; 2 fan, base 3, 2 horses."""
    ledger = Ledger()
    on_seat = [[], [], parse_tiles("3m7p"), []]
    pay_self_draw(ledger, Win(2, 2, "对对胡"), on_seat, 3)
    assert ledger.deltas() == [-18, -18, 54, -18]


def test_example_b_on_a_ledger():
    ledger = Ledger()
    on_seat = horses_by_seat(parse_tiles("1m5m9m2m6m3m7m1p5p9p"), 0)
    pay_discard(ledger, [Win(1, 2, "对对胡"), Win(2, 2, "七对")], 0, on_seat, 1)
    assert ledger.deltas() == [-12, -2, 14, 0]


def test_three_winners_on_a_ledger():
    """Owner 1 collects 2, 3's horse fans from 0; pays 2 and 3 for 0's horses."""
    ledger = Ledger()
    on_seat = [parse_tiles("1m"), parse_tiles("2m"), parse_tiles("3m3p"), parse_tiles("4m")]
    wins = [Win(1, 1, "a"), Win(2, 2, "b"), Win(3, 4, "c")]
    pay_discard(ledger, wins, 0, on_seat, 1)
    # hu: 0 pays 1, 2, 4; horses: 0 pays owner 1×1 + 2×2 + 1×4; owner pays 2 → 2, 4 → 3.
    assert ledger.deltas() == [-(7 + 9), 1 + 9 - 6, 2 + 2, 4 + 4]
