"""A place in the domain's words and the JSON path it is in each request form (app/places.py):
the one translation between rules/ and the client's request."""

from __future__ import annotations

import pytest

from app.places import Form, json_path
from rules import places as at
from rules.places import PlaceKind
from rules.text import msg

E, S, M = Form.EVALUATE, Form.SETTLE, Form.MATCH

CASES = [
    # /evaluate: one hand and its win at the top level
    (at.hand(), E, "hand"),
    (at.melds(), E, "melds"),
    (at.meld(0, name="tiles"), E, "melds[0].tiles"),
    (at.meld(2, name="claim_order"), E, "melds[2].claim_order"),
    (at.discards(), E, "discards"),
    (at.flags("heavenly"), E, "flags.heavenly"),
    (at.WIN_TILE, E, "win_tile"),
    (at.WIN_TYPE, E, "win_type"),
    (at.DISCARDER_IS_DEALER, E, "discarder_is_dealer"),
    (at.SEAT_WIND, E, "seat_wind"),
    (at.jing("indicator"), E, "jing.indicator"),
    (at.rule("horse_count"), E, "rules.horse_count"),
    (at.VARIANT, E, "variant"),
    # /settle: four players and the result
    (at.hand(2), S, "players[2].hand"),
    (at.melds(1), S, "players[1].melds"),
    (at.meld(1, 3, "from"), S, "players[3].melds[1].from"),
    (at.dealt(0), S, "players[0].dealt"),
    (at.flags(seat=2), S, "players[2].flags"),
    (at.flags("kong_chain", seat=1), S, "players[1].flags.kong_chain"),
    (at.flags("kong_chain"), S, "result.flags.kong_chain"),
    (at.WIN_TILE, S, "result.win_tile"),
    (at.WINNERS, S, "result.winners"),
    (at.DISCARDER, S, "result.discarder"),
    (at.event(0, "type"), S, "events[0].type"),
    (at.HORSES, S, "horses"),
    (at.ROUND_WIND, S, "round_wind"),
    (at.player(3), S, "players[3]"),
    # an evaluation's own hand, inside a settlement's answer
    (at.meld(2), S, "melds[2]"),
    # /jing (settle's form): its indicators named as everywhere, as they always were
    (at.jing("previous_indicator"), S, "jing.previous_indicator"),
    # /match: rounds of /settle, the match's own fields at the top level
    (at.hand(2).in_round(7), M, "rounds[7].players[2].hand"),
    (at.WIN_TILE.in_round(7), M, "rounds[7].result.win_tile"),
    (at.round_(3, PlaceKind.DEALER), M, "rounds[3].dealer"),
    (at.round_(3, PlaceKind.JING, "previous_indicator"), M, "rounds[3].jing.previous_indicator"),
    (at.round_(4), M, "rounds[4]"),
    (at.dealt(1).in_round(2), M, "rounds[2].players[1].dealt"),
    (at.rule("floor"), M, "rules.floor"),
    (at.ROUND_WIND, M, "round_wind"),
    (at.jing("previous_indicator"), M, "jing.previous_indicator"),  # said of a round's field
]


@pytest.mark.parametrize(("place", "form", "path"), CASES, ids=[c[2] + "@" + c[1].value
                                                                 for c in CASES])
def test_each_place_is_its_request_path(place, form, path):
    assert json_path(place, form) == path


def test_every_kind_of_place_has_a_path_in_every_form():
    """A kind added to PlaceKind without its path is caught here, not by a client's 500."""
    for kind in PlaceKind:
        place = at.Place(kind, index=0, name="x") if kind in (PlaceKind.MELD, PlaceKind.EVENT) \
            else at.Place(kind, name="x" if kind in (PlaceKind.JING, PlaceKind.RULE) else None)
        for form in Form:
            assert json_path(place, form)


def test_a_round_keeps_its_own_places():
    own = at.round_(3, PlaceKind.DEALER)
    assert own.in_round(5) == own


def test_a_sentence_names_its_places_as_the_reader_request_spells_them():
    said = msg("{count} in {field}", count=2, field=at.hand(1))
    assert said.render(locate=lambda p: json_path(p, S)) == "2 in players[1].hand"
    assert str(said) == "2 in seat 1's hand"  # the domain's own words, without a request
    listed = msg("counted in {fields}", fields=[at.hand(0), at.meld(1, 2)])
    assert listed.render(locate=lambda p: json_path(p, M)) == \
        "counted in players[0].hand, players[2].melds[1]"
