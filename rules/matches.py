"""A whole match: its rounds in play order, each settled as /settle settles it, with what
links them derived here (RULINGS "Matches").

What the match carries from one round to the next:

* the dealer (:meth:`Variant.next_dealer`: the dealer keeps the deal on a win or a drawn
  round; otherwise guangdong, xingguo and nanchang pass it to the next seat, qinzhou to the
  winner);
* guangdong's round wind, which turns 东→南→西→北 when the deal passes from the fourth
  dealer of the wind back to the match's first dealer (:attr:`Variant.round_wind_turns`);
* nanchang's 爬楼梯 floor (the round's ``next_floor``, in either mode), as ``rules.floor``;
* nanchang's 回头一笑: the round's 上精 is the next round's ``jing.previous_indicator``
  (:data:`CARRIED_JING`), scored on the next round's dealt hands.

Everything else (抄庄/跟庄 events, horses, the tiles) belongs to its round. A round may
state its dealer, round wind or carried jing: a value that disagrees with the match's is an
error naming the round and both values, never a silent choice. The function is pure: the
same request always gives the same answer.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from rules import places as at
from rules.error_codes import MATCH_INCONSISTENT, MATCH_UNFINISHED_ROUND, TILE_NOT_A_WIND
from rules.errors import FieldError, InvalidInput
from rules.model import (
    Event,
    Jing,
    MatchAnswer,
    PlayerTiles,
    Result,
    RoundSettlement,
    Settlement,
    SettleRequest,
    Standing,
)
from rules.options import resolve
from rules.places import Place, PlaceKind
from rules.play import FINISHED, ReplayRequest, RoundLog, replay
from rules.text import Sentence, msg
from rules.tiles import EAST, WINDS, code
from rules.validation import and_joined
from rules.variant import NotSupported, Variant


@dataclass(frozen=True)
class MatchRound:
    """One round of a match: what /settle takes, less what the match knows (the variant,
    its rules) or derives (``dealer``, ``round_wind`` and the carried jing, each left
    ``None`` unless the round states it; a stated value must agree with the match's)."""

    players: tuple[PlayerTiles, ...]
    result: Result
    jing: Jing = field(default_factory=Jing)
    events: tuple[Event, ...] = ()
    horses: tuple[int, ...] = ()
    dealer: int | None = None
    round_wind: int | None = None
    log: RoundLog | None = None  # a round given as its log (the /replay form): replayed


@dataclass(frozen=True)
class MatchRequest:
    """A whole match in play order: the first round's dealer (and round wind), the rules
    of every round, and the rounds (see :mod:`rules.match`)."""

    variant: str
    dealer: int
    rounds: tuple[MatchRound, ...]
    round_wind: int | None = None
    rules: dict[str, Any] = field(default_factory=dict)


# Rounds per match: a full game, four winds of 16 hands each (four deals per dealer,
# streaks included). A longer game is sent as several matches, each starting from where
# the last one ended (``dealer``, ``round_wind``, ``rules.floor`` and the first round's
# ``jing.previous_indicator``).
MAX_ROUNDS = 64

# The jing a round hands on to the next: (this round's field, the next round's field, the
# rule options that play it (any one on carries it), its name). A new carried indicator is
# one more line here.
CARRIED_JING: tuple[tuple[str, str, tuple[str, ...], str], ...] = (
    ("indicator", "previous_indicator", ("hui_tou_yi_xiao", "hui_tou_shang_xia_fan"), "回头一笑"),
    ("lower_indicator", "previous_lower_indicator", ("hui_tou_shang_xia_fan",), "回头上下翻"),
)


@dataclass(frozen=True)
class _Links:
    """What the match has derived for the round about to be settled."""

    dealer: int
    deal: Sentence  # why this seat deals (for an error message)
    round_wind: int | None  # None where the variant does not turn (nor score) it
    floor: int | None  # None where the variant has no floors, or they are off
    carried: dict[str, int]  # jing field → tile, e.g. {"previous_indicator": 5m}
    carried_from: dict[str, Place]  # jing field → where it comes from, for messages


def match(variant: Variant, request: MatchRequest) -> MatchAnswer:
    """Settle every round of ``request`` in order (see the module doc); raise
    :class:`InvalidInput` for the first round that cannot be settled, its fields named
    ``rounds[i].…``."""
    answers = list(play(variant, request))
    totals = answers[-1].totals if answers else [0, 0, 0, 0]
    return MatchAnswer(answers, totals, standings(totals))


def play(variant: Variant, request: MatchRequest) -> Iterator[RoundSettlement]:
    """The rounds of :func:`match`, each settled as it is played. A caller that writes
    each round out before taking the next holds one round at a time: a 64-round match held
    whole until written kept Python's garbage collector scanning it, 45% more time a round
    than the same rounds sent one by one (issue 30)."""
    rules = resolve(variant.options, request.rules, variant.name)
    links = _first_links(variant, request, rules)
    totals = [0, 0, 0, 0]
    last = len(request.rounds) - 1
    for i, played in enumerate(request.rounds):
        query = _round_request(variant, rules, links, played, i)
        if played.log is not None:
            query, settlement = _replayed(variant, query, played.log, i)
        else:
            settlement = _settled(variant, query, i)
        totals = [t + d for t, d in zip(totals, settlement.deltas, strict=True)]
        yield _answer(settlement, links, totals)
        if i < last:
            links = _next_links(variant, request, rules, links, query, settlement, i)


def standings(totals: list[int]) -> list[Standing]:
    """The seats by total, highest first (equal totals by seat, sharing a rank: 1, 1, 3)."""
    order = sorted(range(len(totals)), key=lambda seat: (-totals[seat], seat))
    out: list[Standing] = []
    for place, seat in enumerate(order):
        tied = out and out[-1].total == totals[seat]
        out.append(Standing(seat, totals[seat], out[-1].rank if tied else place + 1))
    return out


# ---------------------------------------------------------------------------- links

def _first_links(variant: Variant, request: MatchRequest, rules: dict[str, Any]) -> _Links:
    wind = request.round_wind
    if wind is not None and wind not in WINDS:
        raise InvalidInput.one(at.ROUND_WIND, msg("must be a wind (E, S, W, N), got {tile}",
                                                  tile=code(wind)), TILE_NOT_A_WIND)
    turns = variant.round_wind_turns
    return _Links(request.dealer, msg("the match's first dealer"),
                  (wind or EAST) if turns else None, variant.floor(rules), {}, {})


def _next_links(variant: Variant, request: MatchRequest, rules: dict[str, Any], links: _Links,
                query: SettleRequest, settlement: Settlement, i: int) -> _Links:
    """What round ``i`` hands on to round ``i + 1``."""
    deal = variant.next_dealer(query)
    wind = links.round_wind
    if wind is not None and deal.seat != query.dealer and deal.seat == request.dealer:
        wind = WINDS[(WINDS.index(wind) + 1) % len(WINDS)]  # the deal has gone round
    floor = links.floor
    if floor is not None and settlement.next_floor is not None:
        floor = min(settlement.next_floor, variant.top_floor)
    carried, carried_from = {}, {}
    for this, following, options, _ in CARRIED_JING:
        tile = getattr(query.jing, this)
        if (tile is not None and following in variant.jing_fields
                and any(rules.get(option) for option in options)):
            carried[following] = tile
            carried_from[following] = at.round_(i, PlaceKind.JING, this)
    return _Links(deal.seat, msg("{round}: {why}", round=at.round_(i), why=deal.why), wind,
                  floor, carried, carried_from)


# ---------------------------------------------------------------------------- rounds

def _round_request(variant: Variant, rules: dict[str, Any], links: _Links, played: MatchRound,
                   i: int) -> SettleRequest:
    """The round as /settle takes it, after checking what it states against the links."""
    errors = _stated_errors(links, played, i)
    if errors:
        raise InvalidInput(errors)
    jing = played.jing
    if links.carried:
        if played.log is None:  # (a log's dealt hands are its deal)
            _check_dealt(played, links, i)
        jing = Jing(**{**jing.__dict__, **links.carried})
    if links.floor is not None:
        rules = variant.on_floor(rules, links.floor)
    round_wind = links.round_wind if links.round_wind is not None else played.round_wind
    return SettleRequest(variant.name, links.dealer, played.players, played.result, jing,
                         played.events, played.horses, round_wind, rules)


def _stated_errors(links: _Links, played: MatchRound, i: int) -> list[FieldError]:
    """A dealer, round wind or carried jing the round states and the match disagrees with."""
    errors = []
    if played.dealer is not None and played.dealer != links.dealer:
        errors.append(FieldError(at.round_(i, PlaceKind.DEALER),
                                 msg("the rotation gives seat {seat} ({why}); the round "
                                     "states seat {stated}", seat=links.dealer,
                                     why=links.deal, stated=played.dealer),
                                 MATCH_INCONSISTENT))
    if (links.round_wind is not None and played.round_wind is not None
            and played.round_wind != links.round_wind):
        errors.append(FieldError(at.round_(i, PlaceKind.ROUND_WIND),
                                 msg("the match is in round wind {wind} here; the round "
                                     "states {stated}", wind=code(links.round_wind),
                                     stated=code(played.round_wind)), MATCH_INCONSISTENT))
    for name, tile in links.carried.items():
        stated = getattr(played.jing, name)
        if stated is not None and stated != tile:
            errors.append(FieldError(at.round_(i, PlaceKind.JING, name),
                                     msg("the match carries {tile} here ({source}); the "
                                         "round states {stated}", tile=code(tile),
                                         source=links.carried_from[name],
                                         stated=code(stated)), MATCH_INCONSISTENT))
    return errors


def _check_dealt(played: MatchRound, links: _Links, i: int) -> None:
    """A carried jing is scored on the dealt hands: a round without them cannot be
    settled, and the error says which option turns the carrying off."""
    if all(p.dealt is not None for p in played.players):
        return
    seat = next(s for s, p in enumerate(played.players) if p.dealt is None)
    for _, following, options, name in CARRIED_JING:
        if following in links.carried:
            off = and_joined([msg("{option}: false", option=at.rule(option))
                              for option in options])
            raise InvalidInput.one(
                at.dealt(seat).in_round(i),
                msg("the match carries {source} ({tile}) into this round as {name} "
                    "({field}), which is scored on the dealt hands: give each player's "
                    "'dealt' tiles, or turn {name} off with {off}",
                    source=links.carried_from[following], tile=code(links.carried[following]),
                    name=name, field=at.jing(following), off=off), MATCH_INCONSISTENT)


def _replayed(variant: Variant, query: SettleRequest, log: RoundLog, i: int
              ) -> tuple[SettleRequest, Settlement]:
    """A round given as its log, replayed as /replay replays it with what the match derived
    (dealer, round wind, floor, carried jing): the settle request it implies, settled. A log
    that does not end the round is refused: a match's rounds are finished ones."""
    request = ReplayRequest(variant.name, query.dealer, log.deal, log.actions, log.wall,
                            log.wall_size, query.jing, log.horses, query.round_wind,
                            query.rules)
    try:
        answer = replay(variant, request)
    except InvalidInput as exc:
        raise InvalidInput([replace(e, place=_in_round(e.place, i))
                            for e in exc.errors]) from None
    except NotSupported as exc:
        raise NotSupported(_in_round(exc.place, i), exc.message, exc.code) from None
    if answer.status != FINISHED or answer.settle_request is None \
            or answer.settlement is None:
        raise InvalidInput.one(at.ACTIONS.in_round(i), msg(
            "a match's rounds are finished: this log ends with tiles still to draw and no "
            "win (a round in progress is for POST /replay)"), MATCH_UNFINISHED_ROUND)
    return answer.settle_request, answer.settlement


def _settled(variant: Variant, query: SettleRequest, i: int) -> Settlement:
    """The round settled as /settle would; an error's fields are named in this round."""
    try:
        variant.validate_settle(query)
        return variant.settle(query)
    except InvalidInput as exc:
        raise InvalidInput([replace(e, place=_in_round(e.place, i))
                            for e in exc.errors]) from None
    except NotSupported as exc:
        raise NotSupported(_in_round(exc.place, i), exc.message, exc.code) from None


def _in_round(place: Place, i: int) -> Place:
    """A place of round ``i``'s settlement, in that round; the match's own (its variant,
    its rule options) stay the match's."""
    if place.part in (PlaceKind.VARIANT, PlaceKind.RULE):
        return place
    return place.in_round(i)


def _answer(settlement: Settlement, links: _Links, totals: list[int]) -> RoundSettlement:
    return RoundSettlement(**settlement.__dict__, dealer=links.dealer,
                           round_wind=links.round_wind, floor=links.floor,
                           carried_jing=dict(links.carried), totals=totals)


__all__ = ["CARRIED_JING", "MAX_ROUNDS", "match", "play", "standings"]
