"""Where in a request a problem lies, said in the domain's words.

The domain knows hands, melds, seats, the win and the table's rule options; it does not know
how a client spells a request. So a check says "seat 2's meld 1, its claimed seat" as a
:class:`Place`, and the web layer, which knows which request it was (/evaluate's one hand,
/settle's four players and result, /jing's indicators, a match's rounds), writes that as the
request's own field path. The same check then serves every endpoint, and a match names the
round without the domain building a path.

Checks import this module as ``at``: ``at.hand(seat)``, ``at.meld(i, seat, "from")``,
``at.flags("heavenly")``, ``at.WIN_TILE``, ``at.rule("floor")``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class PlaceKind(StrEnum):
    """What a place is. A player's parts without a seat are the hand in question (/evaluate's
    one hand, or the hand an evaluation speaks of); :attr:`FLAGS` without a seat are the
    win's own."""

    # a player's
    PLAYER = "player"  # a seat's whole entry
    HAND = "hand"  # the concealed tiles
    MELDS = "melds"  # the list of melds (its length)
    MELD = "meld"  # one meld (index); name: its "tiles", "from" or "claim_order"
    DISCARDS = "discards"
    DEALT = "dealt"  # the hand as dealt (scores on dealt hands)
    FLAGS = "flags"  # situation flags; name: one flag
    # the win's
    WIN_TILE = "win_tile"
    WIN_TYPE = "win_type"
    WINNERS = "winners"
    DISCARDER = "discarder"
    DISCARDER_IS_DEALER = "discarder_is_dealer"  # /evaluate: was the discarder the dealer
    # the table's
    VARIANT = "variant"
    DEALER = "dealer"
    ROUND_WIND = "round_wind"
    SEAT_WIND = "seat_wind"
    JING = "jing"  # name: which indicator
    RULE = "rule"  # name: which rule option
    EVENT = "event"  # index: which event; name: which of its fields
    HORSES = "horses"
    VISIBLE = "visible"  # /advise: the tiles the player sees elsewhere
    ROUND = "round"  # a match's round as a whole
    # a round's log (POST /replay, and a /match round given as a log)
    DEAL = "deal"  # seat: whose dealt tiles
    WALL = "wall"  # the tiles left to draw
    WALL_SIZE = "wall_size"
    ACTIONS = "actions"  # the log as a whole
    ACTION = "action"  # index: which action; name: which of its fields
    # /advise in log mode: the log (a /replay body) as a whole, and the seat advised
    LOG = "log"
    SEAT = "seat"
    EXPECTED = "expected"  # the expected-value model's question as a whole


_K = PlaceKind
PLAYER_PARTS = frozenset({_K.PLAYER, _K.HAND, _K.MELDS, _K.MELD, _K.DISCARDS, _K.DEALT, _K.FLAGS})
WIN_PARTS = frozenset({_K.WIN_TILE, _K.WIN_TYPE, _K.WINNERS, _K.DISCARDER, _K.DISCARDER_IS_DEALER})


class Place(NamedTuple):
    """One place in a request: what (``part``), whose (``seat``), which one of a list
    (``index``: a meld, an event), which of its fields, flags or options (``name``) and, in
    a match, which round (``round``)."""

    part: PlaceKind
    seat: int | None = None
    index: int | None = None
    name: str | None = None
    round: int | None = None

    def field(self, name: str) -> Place:
        """A field of this place: a meld's ``tiles``, one flag of ``flags``."""
        return self._replace(name=name)

    def in_round(self, round_: int) -> Place:
        """This place in round ``round_`` of a match (a round's own places keep theirs)."""
        return self if self.round is not None else self._replace(round=round_)

    def __str__(self) -> str:
        """The place in plain words (logs, tests); a client reads its request's path."""
        words = str(self.part)
        if self.index is not None:
            words += f" {self.index}"
        if self.name is not None:
            words += f" {self.name}"
        if self.seat is not None:
            words = f"seat {self.seat}'s {words}"
        return words if self.round is None else f"round {self.round}: {words}"


WIN_TILE = Place(PlaceKind.WIN_TILE)
WIN_TYPE = Place(PlaceKind.WIN_TYPE)
WINNERS = Place(PlaceKind.WINNERS)
DISCARDER = Place(PlaceKind.DISCARDER)
DISCARDER_IS_DEALER = Place(PlaceKind.DISCARDER_IS_DEALER)
VARIANT = Place(PlaceKind.VARIANT)
DEALER = Place(PlaceKind.DEALER)
ROUND_WIND = Place(PlaceKind.ROUND_WIND)
SEAT_WIND = Place(PlaceKind.SEAT_WIND)
HORSES = Place(PlaceKind.HORSES)
VISIBLE = Place(PlaceKind.VISIBLE)
WALL = Place(PlaceKind.WALL)
WALL_SIZE = Place(PlaceKind.WALL_SIZE)
ACTIONS = Place(PlaceKind.ACTIONS)
LOG = Place(PlaceKind.LOG)
SEAT = Place(PlaceKind.SEAT)
EXPECTED = Place(PlaceKind.EXPECTED)


def player(seat: int) -> Place:
    return Place(PlaceKind.PLAYER, seat)


def hand(seat: int | None = None) -> Place:
    return Place(PlaceKind.HAND, seat)


def melds(seat: int | None = None) -> Place:
    return Place(PlaceKind.MELDS, seat)


def meld(index: int, seat: int | None = None, name: str | None = None) -> Place:
    """One meld (``name``: one of its fields). The meld itself is one of a few places built
    once: a /settle names every meld it checks."""
    built = _MELDS.get((index, seat)) if name is None else None
    return built or Place(PlaceKind.MELD, seat, index, name)


_MELDS = {(i, s): Place(PlaceKind.MELD, s, i) for i in range(4) for s in (None, 0, 1, 2, 3)}


def discards(seat: int | None = None) -> Place:
    return Place(PlaceKind.DISCARDS, seat)


def dealt(seat: int) -> Place:
    return _DEALT.get(seat) or Place(PlaceKind.DEALT, seat)


_DEALT = {s: Place(PlaceKind.DEALT, s) for s in range(4)}  # (nanchang names each dealt hand)


def flags(name: str | None = None, seat: int | None = None) -> Place:
    """A situation flag (all of them without ``name``): a seat's own or, without a seat,
    the win's."""
    return Place(PlaceKind.FLAGS, seat, name=name)


def jing(name: str) -> Place:
    """A jing indicator: ``indicator``, ``lower_indicator``, ``previous_indicator``, …"""
    return Place(PlaceKind.JING, name=name)


def rule(name: str) -> Place:
    return Place(PlaceKind.RULE, name=name)


def event(index: int, name: str | None = None) -> Place:
    return Place(PlaceKind.EVENT, index=index, name=name)


def round_(index: int, part: PlaceKind = PlaceKind.ROUND, name: str | None = None) -> Place:
    """A match round's own field (its dealer, round wind, a jing indicator) or, by
    default, the round as a whole."""
    return Place(part, name=name, round=index)


def deal(seat: int) -> Place:
    """One seat's dealt tiles in a round's log."""
    return Place(PlaceKind.DEAL, seat)


def action(index: int, name: str | None = None) -> Place:
    """Action ``index`` of a round's log (``name``: one of its fields)."""
    return Place(PlaceKind.ACTION, index=index, name=name)
