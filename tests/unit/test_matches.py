"""rules/matches.py and the variants' rotation (Variant.next_dealer), in domain terms."""

from __future__ import annotations

from dataclasses import fields

import pytest

from rules import matches
from rules import places as at
from rules.errors import InvalidInput
from rules.matches import MatchRequest, MatchRound
from rules.model import Jing, PlayerTiles, Result, SettleRequest
from rules.options import resolve
from rules.tiles import parse_tiles
from rules.variants import VARIANTS


def _round(variant: str, dealer: int, winners: tuple[int, ...] = (),
           discarder: int | None = None, **rules) -> SettleRequest:
    """Only what the rotation reads: the dealer, the result and the rule options."""
    win_type = None if not winners else "discard" if discarder is not None else "self_draw"
    options = resolve(VARIANTS[variant].options, rules, variant)
    return SettleRequest(variant, dealer, (), Result(winners, None, win_type, discarder),
                         rules=options)


@pytest.mark.parametrize(("variant", "dealer", "winners", "discarder", "rules", "seat"), [
    # the dealer keeps the deal when it wins, alone or among several (guangdong 五 一炮多响)
    ("guangdong", 2, (2,), None, {}, 2),
    ("guangdong", 2, (2, 0), 1, {}, 2),
    ("qinzhou", 3, (1, 3), 0, {}, 3),
    # a drawn round: the dealer keeps it, unless the option passes it
    ("guangdong", 1, (), None, {}, 1),
    ("xingguo", 1, (), None, {}, 1),
    ("xingguo", 1, (), None, {"dealer_passes_on_draw": True}, 2),
    ("nanchang", 3, (), None, {"dealer_passes_on_draw": True}, 0),
    ("qinzhou", 0, (), None, {"dealer_passes_on_draw": True}, 1),
    # a non-dealer's win: the next seat deals (guangdong 四 2; xingguo, nanchang)
    ("guangdong", 3, (1,), None, {}, 0),
    ("guangdong", 0, (1, 2), 3, {}, 1),
    ("xingguo", 2, (0,), 1, {}, 3),
    ("nanchang", 0, (2,), None, {}, 1),
    # qinzhou 搶莊制: the winner deals; of several, the first after the discarder
    ("qinzhou", 0, (2,), None, {}, 2),
    ("qinzhou", 0, (3,), 1, {}, 3),
    ("qinzhou", 2, (1, 0), 2, {}, 0),
    ("qinzhou", 1, (0, 3), 2, {}, 3),
    ("qinzhou", 1, (2, 3, 0), 1, {}, 2),
])
def test_who_deals_next(variant, dealer, winners, discarder, rules, seat):
    deal = VARIANTS[variant].next_dealer(_round(variant, dealer, winners, discarder, **rules))
    assert deal.seat == seat
    assert deal.why


def test_guangdong_has_no_option_to_pass_the_deal_on_a_draw():
    """Seed 004 四 1 says it outright (流局则下盘依然由该庄家做庄): no such option."""
    names = {o.name for o in VARIANTS["guangdong"].options}
    assert "dealer_passes_on_draw" not in names
    assert all("dealer_passes_on_draw" in {o.name for o in VARIANTS[v].options}
               for v in ("xingguo", "nanchang", "qinzhou"))


@pytest.mark.parametrize(("totals", "ranks"), [
    ([5, -5, 3, -3], [(0, 5, 1), (2, 3, 2), (3, -3, 3), (1, -5, 4)]),
    ([4, 4, -4, -4], [(0, 4, 1), (1, 4, 1), (2, -4, 3), (3, -4, 3)]),
    ([-1, 3, 3, -5], [(1, 3, 1), (2, 3, 1), (0, -1, 3), (3, -5, 4)]),
    ([0, 0, 0, 0], [(0, 0, 1), (1, 0, 1), (2, 0, 1), (3, 0, 1)]),
])
def test_standings_rank_equal_totals_alike(totals, ranks):
    assert [(s.seat, s.total, s.rank) for s in matches.standings(totals)] == ranks


@pytest.mark.parametrize(("place", "shown"), [
    (at.hand(2), at.Place(at.PlaceKind.HAND, seat=2, round=7)),
    (at.WIN_TILE, at.Place(at.PlaceKind.WIN_TILE, round=7)),
    (at.jing("previous_indicator"), at.round_(7, at.PlaceKind.JING, "previous_indicator")),
    (at.rule("floor"), at.rule("floor")),  # the match's own rules, not the round's
    (at.VARIANT, at.VARIANT),
])
def test_a_rounds_error_is_named_in_that_round(place, shown):
    assert matches._in_round(place, 7) == shown


def test_every_carried_jing_is_a_jing_field_with_its_option():
    """Adding 回头上下翻 is one line of CARRIED_JING: each line must name jing fields the
    model has and a rule option of a variant that takes the carried field."""
    names = {f.name for f in fields(Jing)}
    for this, following, options, label in matches.CARRIED_JING:
        assert {this, following} <= names and label and options
        takers = [v for v in VARIANTS.values() if following in v.jing_fields]
        assert takers and all(set(options) <= {o.name for o in v.options} for v in takers)


W, A, B, C = (PlayerTiles(tuple(sorted(parse_tiles(h)))) for h in (
    "123m456p789s111s99m", "1112345678999p", "2233445566778s", "EEEWWWNNNCCFF"))


def _won_by(seat: int) -> MatchRound:
    others = iter((A, B, C))
    players = tuple(W if s == seat else next(others) for s in range(4))
    return MatchRound(players, Result((seat,), parse_tiles("9m")[0], "self_draw"))


def test_the_same_request_gives_the_same_answer_and_is_left_as_it_was():
    request = MatchRequest("guangdong", 0, (_won_by(0), _won_by(1), _won_by(1)))
    first = matches.match(VARIANTS["guangdong"], request)
    again = matches.match(VARIANTS["guangdong"], request)
    assert first == again
    assert [r.dealer for r in first.rounds] == [0, 0, 1]
    # 鸡和 + 自摸 = 1 fan, 2 from each: the winner +6 a round
    assert first.totals == [6 - 2 - 2, -2 + 6 + 6, -6, -6]
    assert request.rounds[0].dealer is None  # nothing written back


def test_a_stated_dealer_that_disagrees_names_the_round_and_both_seats():
    stated = MatchRound(**{**_won_by(1).__dict__, "dealer": 3})
    request = MatchRequest("guangdong", 0, (_won_by(1), stated))
    with pytest.raises(InvalidInput) as caught:
        matches.match(VARIANTS["guangdong"], request)
    (error,) = caught.value.errors
    assert error.place == at.round_(1, at.PlaceKind.DEALER)
    assert "gives seat 1" in str(error.message) and "states seat 3" in str(error.message)
