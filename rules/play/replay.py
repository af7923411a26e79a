"""A round replayed from its log (POST /replay): the set-up checked, every action pushed into a
:class:`~rules.play.board.Round`, and, once the round has ended, the /settle request it
implies, settled as /settle settles it.

Reading a log is nothing but pushing its actions (python-chess reads a PGN game so): the
first one the round refuses is the answer, a 422 naming its index, and nothing after it is
read.
"""

from __future__ import annotations

from typing import Any

from rules import places as at
from rules.error_codes import (
    FIELD_NOT_USED,
    FIELD_REQUIRED,
    HAND_WRONG_TILE_COUNT,
    TILE_NOT_A_WIND,
    TILE_TOO_MANY,
)
from rules.errors import FieldError
from rules.model import DISCARD, ROB_KONG, Event, Flags, PlayerTiles, Result, SettleRequest
from rules.options import resolve
from rules.play.board import OFFER, Outcome, Round
from rules.play.declaration import Earthly
from rules.play.model import FINISHED, IN_PROGRESS, Action, Fact, ReplayAnswer, ReplayRequest
from rules.text import msg
from rules.tiles import WINDS, code
from rules.validation import copies_errors, raise_if

DEALT_TILES, DEALER_TILES = 13, 14
ALL_TILES = 136


def replay(variant: Any, request: ReplayRequest) -> ReplayAnswer:
    """Play ``request``'s log; raise :class:`IllegalAction` at its first illegal action, or
    :class:`InvalidInput` for a set-up that cannot be (the deal, the wall, the jing)."""
    rules = resolve(variant.options, request.rules, variant.name)
    board = start(variant, request, rules)
    for action in request.actions:
        board.push(action)
    return answer(board, request)


def answer(board: Round, request: ReplayRequest) -> ReplayAnswer:
    """What the round pushed so far answers (``board`` is left as it is).

    A log may stop anywhere: it is a round in progress until it has ended, and it has not
    ended while a seat that must win (``must_win``) still can. A finished round is settled
    as the log stands; where a further win is still open on the last tile (一炮多响's other
    winners, the wall's last discard or last tile not yet won) ``legal`` lists it, so a
    driver that follows ``legal`` until it is empty offers every seat its win."""
    outcome = None if board.owed_wins() else board.outcome()
    if outcome is None:
        legal = [board.legal_actions(s) for s in range(4)]
        return ReplayAnswer(IN_PROGRESS, list(board.facts), turn=next_turn(board, legal),
                            seats=[board.seat_view(s) for s in range(4)], legal=legal)
    legal = board.open_wins()
    facts = list(board.facts)
    if not outcome.winners:
        facts.append(Fact(board.actions - 1, "drawn_round", None, msg(
            "a drawn round: the wall's last tile was not won ({rule})",
            rule=board.play.last_tile_rule.name)))
    query = settle_request(board, request, outcome)
    if query.horses and board.wall is not None:
        facts.append(Fact(board.actions - 1, "horses", query.result.winners[0], msg(
            "奖马: {tiles} flipped from the wall ({n} of {count})",
            tiles=" ".join(code(t) for t in query.horses), n=len(query.horses),
            count=board.rules.get("horse_count", 0))))
    resolved = query.with_rules(board.rules)
    board.variant.validate_settle(resolved)
    settlement = board.variant.settle(resolved)
    return ReplayAnswer(FINISHED, facts, query, settlement, legal=legal)


def start(variant: Any, request: ReplayRequest, rules: dict[str, Any]) -> Round:
    """The round at its deal, after :func:`setup_errors` finds nothing wrong."""
    raise_if(setup_errors(variant, request, rules))
    return Round(variant, rules, request.dealer, request.deal, wall=request.wall,
                 wall_size=request.wall_size, jing=request.jing, horses=request.horses or (),
                 round_wind=request.round_wind)


def setup_errors(variant: Any, request: ReplayRequest, rules: dict[str, Any]
                 ) -> list[FieldError]:
    """What the deal, the wall and the table must be before the first action."""
    errors = variant._common_errors(request.jing, Flags(), None)
    if request.round_wind is not None and request.round_wind not in WINDS:
        errors.append(FieldError(at.ROUND_WIND, msg("must be a wind (E, S, W, N), got {tile}",
                                                    tile=code(request.round_wind)),
                                 TILE_NOT_A_WIND))
    for seat, tiles in enumerate(request.deal):
        want = DEALER_TILES if seat == request.dealer else DEALT_TILES
        if len(tiles) != want:
            errors.append(FieldError(at.deal(seat), msg(
                "seat {seat} is dealt {want} tiles ({who}), got {got}", seat=seat, want=want,
                who=msg("the dealer") if want == DEALER_TILES else msg("a non-dealer"),
                got=len(tiles)), HAND_WRONG_TILE_COUNT))
    errors += _wall_errors(variant, request, rules)
    if errors:
        return errors
    sources = [(at.deal(s), tiles) for s, tiles in enumerate(request.deal)]
    if request.wall is not None:
        sources.append((at.WALL, request.wall))
    if request.horses:
        sources.append((at.HORSES, request.horses))
    return copies_errors(sources + variant.out_of_play(request.jing))


def _wall_errors(variant: Any, request: ReplayRequest, rules: dict[str, Any]
                 ) -> list[FieldError]:
    errors = []
    if request.wall is None and request.wall_size is None:
        errors.append(FieldError(at.WALL, msg("give the tiles left to draw ('wall') or how many "
                                              "there are ('wall_size'): the last tile and a "
                                              "drawn round are read from it"), FIELD_REQUIRED))
    if request.wall is not None and request.wall_size is not None:
        errors.append(FieldError(at.WALL_SIZE, msg("the wall is given: its size is its length; "
                                                   "leave 'wall_size' out"), FIELD_NOT_USED))
    room = ALL_TILES - DEALT_TILES * 4 - 1 - len(variant._flipped(request.jing))
    if request.wall_size is not None and request.wall_size > room:
        errors.append(FieldError(at.WALL_SIZE, msg(
            "at most {room} tiles are left to draw after the deal (136 tiles, 53 dealt, "
            "{flipped} out of play), got {size}", room=room,
            flipped=len(variant._flipped(request.jing)), size=request.wall_size),
            TILE_TOO_MANY))
    if request.horses is not None:
        if not variant.takes_horses:
            errors.append(FieldError(at.HORSES, msg("{variant} has no horses (奖马)",
                                                   variant=variant.name), FIELD_NOT_USED))
        elif request.wall is not None:
            errors.append(FieldError(at.HORSES, msg(
                "the wall is given: the horses are its first tiles left after the win; leave "
                "'horses' out"), FIELD_NOT_USED))
        elif len(request.horses) > rules.get("horse_count", 0):
            errors.append(FieldError(at.HORSES, msg(
                "{flipped} horses (奖马) given but the table buys {count} ({option})",
                flipped=len(request.horses), count=rules.get("horse_count", 0),
                option=at.rule("horse_count")), TILE_TOO_MANY))
    return errors


def next_turn(board: Round, legal: list[list[Action]]) -> int:
    """The seat that acts next if nobody claims (after a discard: the next seat, to draw);
    where only wins are left (a seat that must win, 一炮多响's next winner), the first seat in
    turn order that has one."""
    seat = (board.turn + 1) % 4 if board.phase == OFFER else board.turn
    if legal[seat] or not any(legal):
        return seat
    return next(s for s in ((seat + i) % 4 for i in range(4)) if legal[s])


def settle_request(board: Round, request: ReplayRequest, outcome: Outcome) -> SettleRequest:
    """The /settle body the finished round implies (RULINGS "Play rules": melds in the order
    each reached its form, ``claim_order`` the order of the claims themselves)."""
    winners = _in_turn_order(outcome)
    several = len(winners) > 1
    dealt_for_all = bool(board.variant.dealt_uses(request.jing, board.rules))
    players = []
    for seat, state in enumerate(board.seats):
        pond = list(state.pond)
        if not winners and board.phase == OFFER and seat == board.turn:
            pond.append(board.offer)  # the last discard, won by nobody
        won = seat in winners
        dealt = state.dealt if dealt_for_all or (
            won and board.play.earthly is Earthly.DEALT_READY and board.flags[seat].earthly) \
            else None
        own = board.flags[seat] if won and several else None
        players.append(PlayerTiles(state.concealed(), tuple(state.melds), tuple(pond), dealt,
                                   own))
    result = Result()
    if winners:
        claimed = outcome.win_type in (DISCARD, ROB_KONG)
        result = Result(tuple(winners), outcome.win_tile, outcome.win_type,
                        outcome.discarder if claimed else None,
                        Flags() if several else board.flags[winners[0]])
    events = []
    if board.followed:
        events.append(Event("follow_dealer", board.followed))
    events += [Event("false_win", seat=seat) for seat in board.false_wins]
    return SettleRequest(board.variant.name, board.dealer, tuple(players), result, request.jing,
                         tuple(events), _horses(board, request, winners), request.round_wind,
                         dict(request.rules))


def _in_turn_order(outcome: Outcome) -> list[int]:
    """Winners on one tile in turn order after the discarder (who buys the horses first)."""
    if outcome.discarder is None:
        return list(outcome.winners)
    return sorted(outcome.winners, key=lambda seat: (seat - outcome.discarder) % 4)


def _horses(board: Round, request: ReplayRequest, winners: list[int]) -> tuple[int, ...]:
    """qinzhou's 奖马: the first ``horse_count`` tiles left in the wall after the win (all that
    is left when fewer), or the ones given without a wall."""
    if not board.variant.takes_horses or not winners:
        return ()
    if board.wall is None:
        return tuple(request.horses or ())
    count = board.rules.get("horse_count", 0)
    return tuple(board.wall[board.head:board.head + board.left][:count])
