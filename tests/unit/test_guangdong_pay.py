"""Unit tests of guangdong liability (包) and payments (rules/variants/guangdong/payments.py)."""

from __future__ import annotations

import pytest

from rules.model import Meld
from rules.tiles import parse_tiles
from rules.variants.guangdong.payments import liability, payments


def meld(kind: str, tiles: str, source: int | None = None) -> Meld:
    return Meld(kind, tuple(parse_tiles(tiles)), source)


FOUR_DOWN = (meld("chow", "123m", 0), meld("pung", "999p", 2), meld("chow", "456s", 0),
             meld("pung", "777s", 3))


def test_fourth_exposed_meld_feeder_is_liable_on_a_self_draw():
    found = liability(FOUR_DOWN, "self_draw", 1)
    assert (found.rule, found.meld, found.seat) == ("shi_er_zhang_luo_di", 3, 3)


@pytest.mark.parametrize("win_type", ["discard", "rob_kong"])
def test_no_liability_unless_self_drawn(win_type):
    assert liability(FOUR_DOWN, win_type, 1) is None


def test_a_chow_is_fed_by_the_previous_seat():
    melds = (*FOUR_DOWN[1:], meld("chow", "123m"))
    assert liability(melds, "self_draw", 1).seat == 0
    assert liability(melds, "self_draw", None).seat is None  # /evaluate: seat unknown


def test_three_exposed_melds_and_a_concealed_kong_are_not_twelve_down():
    melds = (*FOUR_DOWN[:3], meld("concealed_kong", "7777s"))
    assert liability(melds, "self_draw", 1) is None


def test_big_three_dragons_comes_before_the_fourth_meld():
    melds = (meld("pung", "CCC", 0), meld("pung", "FFF", 2), meld("kong", "PPPP", 3),
             meld("chow", "123m", 0))
    found = liability(melds, "self_draw", 1)
    assert (found.rule, found.meld, found.seat) == ("da_san_yuan", 2, 3)


def test_big_four_winds_last_wind_feeder():
    melds = (meld("pung", "EEE", 2), meld("added_kong", "SSSS", 3), meld("pung", "WWW", 0),
             meld("pung", "NNN", 2))
    assert liability(melds, "self_draw", 1).rule == "da_si_xi"
    assert liability(melds, "self_draw", 1).seat == 2


def test_claimed_kong_then_replacement_win_is_bao_gang():
    melds = (meld("pung", "999p", 2), meld("kong", "5555s", 3))
    found = liability(melds, "kong_replacement", 1)
    assert (found.rule, found.seat) == ("gang_shang_kai_hua_bao_gang", 3)
    assert liability(melds, "self_draw", 1) is None  # not a win on that replacement


def test_payments_by_role():
    assert payments(8, "f", "discard", None)[1] == 8
    paid, total = payments(8, "f", "rob_kong", None)
    assert (paid[0].payer, paid[0].amount, total) == ("robbed", 24, 24)
    paid, total = payments(8, "f", "self_draw", None)
    assert (paid[0].payer, paid[0].amount, total) == ("each", 8, 24)
    paid, total = payments(8, "f", "self_draw", liability(FOUR_DOWN, "self_draw", 1))
    assert (paid[0].payer, paid[0].amount, total) == ("liable", 24, 24)
