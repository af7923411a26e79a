"""A place in the domain's words (:class:`rules.places.Place`) as the JSON path of the request
it came in: the one translation between the two.

The domain says "seat 2's meld 1, its claimed seat" or "the winning tile"; which path that is
depends on the request's shape. /evaluate holds one hand and its win at the top level
(``melds[1].from``, ``win_tile``); /settle holds four players and a ``result``
(``players[2].melds[1].from``, ``result.win_tile``), and so does /jing for its players; /match
holds /settle's rounds (``rounds[3].players[2].hand``).

/jing takes its indicators at the top level, yet has always named them ``jing.indicator``
in its errors, as the other endpoints do; clients rely on that (contract 1.x), so it stays.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from flask import g, has_request_context, request

from rules.places import PLAYER_PARTS, WIN_PARTS, Place, PlaceKind


class Form(Enum):
    """The shape of a request, by endpoint."""

    EVALUATE = "evaluate"  # one hand, its win at the top level (also /advise)
    SETTLE = "settle"  # four players, the result (also /jing)
    MATCH = "match"  # rounds of /settle
    REPLAY = "replay"  # a round's log: deal, wall, actions (and the settle request it implies)
    ADVISE_LOG = "advise_log"  # /advise in log mode: a /replay body under ``log``, and a seat
    REVIEW = "review"  # /review: a /replay body, and the seats reviewed


_FORMS = {"api.evaluate": Form.EVALUATE, "api.advise": Form.EVALUATE,
          "api.settle": Form.SETTLE, "api.jing": Form.SETTLE, "api.match": Form.MATCH,
          "api.replay": Form.REPLAY, "api.review": Form.REVIEW}
_TOP = {PlaceKind.VARIANT, PlaceKind.DEALER, PlaceKind.ROUND_WIND, PlaceKind.SEAT_WIND,
        PlaceKind.HORSES, PlaceKind.VISIBLE}


def json_path(place: Place, form: Form) -> str:
    """The path of ``place`` in a request of ``form``."""
    if place.part in _QUESTION:  # the expected-value model's own fields, at the top
        return place.part.value
    if form is Form.ADVISE_LOG:  # everything else is the log's
        return f"log.{json_path(place, Form.REPLAY)}"
    if form is Form.REVIEW:
        form = Form.REPLAY
    if place.round is not None:
        if place.part == PlaceKind.ROUND:
            return f"rounds[{place.round}]"
        return f"rounds[{place.round}].{_path(place, Form.SETTLE)}"
    return _path(place, form)


def _path(place: Place, form: Form) -> str:
    part = place.part
    if part in _LOG:
        return _log_path(place)
    if form is Form.REPLAY:
        # a place of the settle request the log implies, as /settle writes it: a replayed
        # round's settlement says it exactly as /settle says it for that request
        form = Form.SETTLE
    if part in PLAYER_PARTS:
        return _player_path(place, form)
    if part in WIN_PARTS:
        return part.value if form is Form.EVALUATE else f"result.{part.value}"
    if part == PlaceKind.JING:
        return f"jing.{place.name}"
    if part == PlaceKind.RULE:
        return f"rules.{place.name}"
    if part == PlaceKind.EVENT:
        return _with_name(f"events[{place.index}]", place.name)
    if part in _TOP:
        return part.value
    if part == PlaceKind.ROUND:
        return "rounds"
    raise ValueError(f"no path for {place!r}")  # a PlaceKind added without its path: a bug


_QUESTION = {PlaceKind.LOG, PlaceKind.SEAT, PlaceKind.EXPECTED}
_LOG = {PlaceKind.DEAL, PlaceKind.WALL, PlaceKind.WALL_SIZE, PlaceKind.ACTIONS,
        PlaceKind.ACTION}


def _log_path(place: Place) -> str:
    """A place of a round's log: ``deal[2]``, ``wall``, ``actions[17]``, ``actions[3].tile``."""
    if place.part == PlaceKind.DEAL:
        return f"deal[{place.seat}]"
    if place.part == PlaceKind.ACTION:
        return _with_name(f"actions[{place.index}]", place.name)
    return place.part.value


def _player_path(place: Place, form: Form) -> str:
    """A player's part: the seat's entry (``players[2]``) when a seat is named; without one,
    the hand in question (/evaluate's top level, an evaluation's own melds) or, for flags in
    a round, the win's own (``result.flags``)."""
    part = place.part
    if part == PlaceKind.MELD:
        path = f"melds[{place.index}]"
    elif part == PlaceKind.PLAYER:
        path = "" if place.seat is not None else "body"  # /evaluate's one player: it all
    else:
        path = part.value
    if place.seat is not None:
        path = f"players[{place.seat}].{path}" if path else f"players[{place.seat}]"
    elif part == PlaceKind.FLAGS and form is not Form.EVALUATE:
        path = f"result.{path}"
    return _with_name(path, place.name)


def _with_name(path: str, name: str | None) -> str:
    return path if name is None else f"{path}.{name}"


def current_form() -> Form:
    """The form of the request being answered; outside one (a benchmark calling a view's
    function), /evaluate's, in which an evaluation speaks of its own hand."""
    if has_request_context():
        chosen = g.get("form")  # a view that knows better (/advise in log mode) says so
        return chosen if chosen is not None else _FORMS.get(request.endpoint or "",
                                                            Form.EVALUATE)
    return Form.EVALUATE


def locator(form: Form | None = None) -> Callable[[Place], str]:
    """``json_path`` for ``form`` (default: the current request's), as a Text renders it."""
    chosen = current_form() if form is None else form
    return lambda place: json_path(place, chosen)
