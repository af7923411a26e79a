"""One round of play: a state you push actions into (python-chess's ``Board``).

A :class:`Round` is built from the deal, the wall (or its size) and the jing. It answers
every seat's legal actions (:meth:`Round.legal_actions`), plays one action or refuses it
with an :class:`~rules.play.errors.IllegalAction` naming the rule and the seed line
(:meth:`Round.push`), says how the round ended (:meth:`Round.outcome`) and, at the end,
writes the /settle request the round implies (:meth:`Round.settle_request`). The validator
and the legal actions are one code: an action is legal exactly when :meth:`Round.refusal`
finds nothing against it, and :meth:`Round.legal_actions` lists the candidates it passes.

What every variant shares is here (RULINGS "Play rules", Common); what differs is the
variant's :class:`~rules.play.declaration.PlayRules`, read from ``variant.play_rules``.

The phases of a round:

* ``ACT``: the seat ``turn`` holds 14 tiles (+1 a kong) and discards, wins (when it drew, or
  the dealer on its dealt hand), or declares a concealed or added kong (not right after a
  chow or pung);
* ``OFFER``: a discard is open: any seat may win on it, pung or kong it, the next seat chow
  it, or the next seat draws (which closes it); after a win only further wins may follow;
* ``KONG``: a kong was declared; an added kong may be robbed (others ``win``), then the
  kong's owner draws its replacement from the wall's tail;
* ``OVER``: the round has ended.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from rules.analysis import is_complete, waits
from rules.error_codes import (
    ACTION_AFTER_END,
    ACTION_BAD_MELD,
    ACTION_CHOW_NOT_NEXT,
    ACTION_CLAIM_AFTER_WIN,
    ACTION_KONG_NOT_ALLOWED,
    ACTION_MUST_WIN,
    ACTION_NO_CLAIM,
    ACTION_NOT_A_WIN,
    ACTION_NOT_YOUR_TURN,
    ACTION_NOTHING_TO_WIN,
    ACTION_ROB_NOT_ALLOWED,
    ACTION_SECOND_WINNER,
    ACTION_TILE_NOT_HELD,
    ACTION_TILE_REQUIRED,
    ACTION_TILE_UNAVAILABLE,
    ACTION_WAIT_CHANGED,
    ACTION_WALL_EMPTY,
    ACTION_WIN_LOCKED,
    ACTION_WRONG_DRAW,
)
from rules.errors import InvalidInput
from rules.model import (
    ADDED_KONG,
    CHOW,
    CONCEALED_KONG,
    DISCARD,
    KONG,
    KONG_REPLACEMENT,
    PUNG,
    ROB_KONG,
    SELF_DRAW,
    EvaluateRequest,
    Flags,
    Jing,
    Meld,
    PlayerTiles,
)
from rules.play import declaration as common
from rules.play.declaration import Earthly, PassLock, PlayRules, Rule
from rules.play.errors import IllegalAction, Refusal
from rules.play.model import (
    ADDED_KONG_ACTION,
    CHOW_ACTION,
    CONCEALED_KONG_ACTION,
    DISCARD_ACTION,
    DRAW,
    KONG_ACTION,
    PUNG_ACTION,
    WIN_ACTION,
    Action,
    Fact,
    SeatView,
)
from rules.text import Sentence, msg
from rules.tiles import DRAGONS, NUM_KINDS, WINDS, code
from rules.validation import _chow_problem

ACT, OFFER, KONG_PHASE, OVER = "act", "offer", "kong", "over"
_NO_JING = Jing()
# How the seat in ACT came to hold its tiles.
DEALT, DRAWN, REPLACED, CLAIMED = "dealt", "drawn", "replaced", "claimed"


@dataclass
class SeatState:
    """One seat during play."""

    counts: list[int]  # concealed tiles, as a 34-long count vector
    dealt: tuple[int, ...]
    melds: list[Meld] = field(default_factory=list)  # in the order they reached their form
    pond: list[int] = field(default_factory=list)  # discards nobody claimed
    draws: int = 0
    discards: int = 0
    locked: bool = False  # a passed win: no win on a discard (or a robbed kong) for now
    locked_tiles: set[int] = field(default_factory=set)  # guangdong 漏和: these tiles only
    waits_lock: tuple[int, ...] | None = None  # qinzhou 聽牌後不允許換聽: the waits kept
    # The tiles that complete its hand of 13 (+1 a kong; the tile it just drew left out),
    # as shapes; None: not worked out since the hand last changed. Kept between its turns,
    # so each discard asks the other seats "could you win on it?" with a set lookup.
    waits: frozenset[int] | None = None

    def concealed(self) -> tuple[int, ...]:
        """The concealed tiles, sorted."""
        out: list[int] = []
        for tile, count in enumerate(self.counts):
            if count:
                out += (tile,) * count
        return tuple(out)

    def is_locked(self, tile: int, kind: str) -> bool:
        return self.locked or (kind == DISCARD and tile in self.locked_tiles)


@dataclass(frozen=True)
class Outcome:
    """How the round ended: ``winners`` (empty: a drawn round)."""

    winners: tuple[int, ...]
    win_type: str | None = None
    win_tile: int | None = None
    discarder: int | None = None


class Round:
    """The state of one round (see the module doc)."""

    def __init__(self, variant: Any, rules: dict[str, Any], dealer: int,
                 deal: Iterable[Iterable[int]], *, wall: Iterable[int] | None = None,
                 wall_size: int | None = None, jing: Jing = _NO_JING,
                 horses: Iterable[int] = (), round_wind: int | None = None):
        """``rules``: the variant's options, resolved. The deal, wall and jing are taken as
        checked (:func:`rules.play.replay.check_setup` checks a request's)."""
        self.variant = variant
        self.play: PlayRules = variant.play_rules
        self.rules = rules
        self.dealer = dealer
        self.jing = jing
        self.round_wind = round_wind
        self.kinds = variant.wild_kinds(jing)
        deal = [tuple(tiles) for tiles in deal]
        self.seats = [SeatState(_counts(tiles), tuple(sorted(tiles))) for tiles in deal]
        self.wall = tuple(wall) if wall is not None else None
        self.head = 0
        self.left = len(self.wall) if self.wall is not None else int(wall_size or 0)
        self.horses = tuple(horses)
        self.seen = _counts([t for tiles in deal for t in tiles])
        for tile in [*variant._flipped(jing), *self.horses]:
            self.seen[tile] += 1
        self.phase, self.turn, self.source = ACT, dealer, DEALT
        self.drawn: int | None = None
        self.offer: int | None = None  # the tile open to claims (a discard, an added kong)
        self.offer_kind = DISCARD  # DISCARD or ROB_KONG
        self.offer_after_kong = False  # the discard follows its seat's kong replacement
        self.robbable = False  # in KONG: an added kong, open to robbing
        self.pending: int | None = None  # in KONG: the index of the meld being added to
        self.chain = 0  # kongs in a row by the seat in turn, each on the last one's replacement
        self.winners: list[int] = []
        self.flags: dict[int, Flags] = {}
        self.win_type: str | None = None
        self.last_drawn = False  # the wall's last tile has been drawn
        self.claims = 0  # claims made so far: the next claimed meld's claim_order
        self.any_call = False  # a chow, pung or kong (concealed included) has been made
        self.dealer_discarded = False
        self.landings_fed: dict[int, int] = {}  # guangdong: feeder → whose landing it fed
        self.actions = 0  # actions played so far: the next action's index
        self.facts: list[Fact] = []
        self.false_wins: list[int] = []
        self.follow_open = self.play.follow_dealer  # 跟庄: every go-around so far followed
        self.follow_tile: int | None = None
        self.follow_step = 0  # discards of the current go-around
        self.followed = 0
        self._accepts_memo: dict[tuple, bool] = {}
        # the rule options the engine reads at every action, read once
        self.must_win = self.option(self.play.must_win_option)
        self.wait_lock = self.option(self.play.wait_lock_option)
        self.max_winners = 1 if (self.play.several_winners_option and not self.option(
            self.play.several_winners_option)) else variant.max_winners
        self.locks = self.play.pass_lock is not PassLock.NONE
        self.scores_after_kong = "after_kong_discard" in variant.flags

    # ------------------------------------------------------------------ options
    def option(self, name: str | None) -> bool:
        return bool(name and self.rules.get(name))

    # ------------------------------------------------------------------ the log
    def push(self, action: Action) -> None:
        """Play ``action``, or raise :class:`IllegalAction` (the state is unchanged)."""
        refusal = self.refusal(action)
        if refusal is not None:
            raise IllegalAction(self.actions, refusal)
        self._play(action)
        self.actions += 1

    def is_legal(self, action: Action) -> bool:
        return self.refusal(action) is None

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every action a seat (every seat, in seat order, when None) may take now, each as an
        action of the log would be written: what :meth:`refusal` lets through (a win only
        when the variant accepts it, not a 诈胡; a draw without a wall without its tile,
        which the log names)."""
        seats = range(4) if seat is None else (seat,)
        return [a for s in seats for a in self._candidates(s) if self._listed(a)]

    def _listed(self, action: Action) -> bool:
        if action.type == WIN_ACTION:
            return self.refusal(action) is None and self.could_win(action.seat)
        if action.type == DRAW and action.tile is None:
            return (self.winners == [] and self.phase != OVER
                    and self._draw_refusal(action, need_tile=False) is None)
        return self.refusal(action) is None

    def outcome(self) -> Outcome | None:
        """How the round has ended, or None while it goes on. A log that stops after the
        wall's last discard (or, where the last drawer does not discard, after the last draw)
        ends in a drawn round: nobody won."""
        if self.winners:
            return Outcome(tuple(self.winners), self.win_type, self.offer if self.phase
                           in (OFFER, KONG_PHASE) else self.drawn,
                           self.turn if self.phase in (OFFER, KONG_PHASE) else None)
        if self.phase == OVER or self._drawn_if_stopped():
            return Outcome(())
        return None

    def _drawn_if_stopped(self) -> bool:
        if self.left:
            return False
        if self.phase == OFFER:
            return True
        return (self.phase == ACT and not self.play.last_drawer_discards
                and self.source in (DRAWN, REPLACED))

    # ------------------------------------------------------------------ legality
    def refusal(self, action: Action) -> Refusal | None:
        """Why ``action`` may not be played now, or None: the one validator."""
        if not 0 <= action.seat < 4:
            return Refusal(ACTION_NOT_YOUR_TURN, msg("there is no seat {seat}",
                                                     seat=action.seat), common.TURN)
        if action.type == WIN_ACTION:
            return self._win_refusal(action)
        if self.winners or self.phase == OVER:
            return self._after_end(action)
        if not self.left and self._drawn_if_stopped() and action.type not in _CLAIMS:
            return Refusal(ACTION_AFTER_END, self._only_a_win(), self.play.last_tile_rule)
        check = _CHECKS.get(action.type)
        if check is None:
            return Refusal(ACTION_NOT_YOUR_TURN, msg("unknown action {type}",
                                                     type=action.type), common.TURN)
        return check(self, action)

    def _after_end(self, action: Action) -> Refusal:
        if self.winners and action.type in (CHOW_ACTION, PUNG_ACTION, KONG_ACTION) \
                and self.phase == OFFER:
            return Refusal(ACTION_CLAIM_AFTER_WIN, msg(
                "seat {seat} has won on this discard: it can no longer be chowed, punged or "
                "konged", seat=self.winners[0]), common.PRIORITY)
        return Refusal(ACTION_AFTER_END, msg("the round has ended ({how}): nothing follows "
                                             "but another winner on the same tile where "
                                             "the variant allows it", how=self._end_words()),
                       common.END)

    def _only_a_win(self) -> Sentence:
        """Why nothing but a win may follow the wall's last tile."""
        if self.phase == OFFER:
            return msg("the wall is empty: the last discard may only be won on, else the "
                       "round is drawn")
        return msg("seat {seat} drew the wall's last tile and does not discard it: unless it "
                   "wins, the round is drawn", seat=self.turn)

    def _end_words(self) -> Sentence:
        if self.winners:
            return msg("seat {seat} won", seat=self.winners[0])
        return msg("a drawn round: the wall's last tile was not won")

    # draw ---------------------------------------------------------------
    def _draw_refusal(self, action: Action, need_tile: bool = True) -> Refusal | None:
        seat = action.seat
        if self.phase == OFFER:
            drawer = (self.turn + 1) % 4
            if seat != drawer:
                return _not_turn(msg("after seat {discarder}'s discard the next seat, {seat}, "
                                     "draws", discarder=self.turn, seat=drawer))
            if not self.left:
                return Refusal(ACTION_WALL_EMPTY, msg("the wall is empty: the last discard "
                                                      "may only be won on, else the round is "
                                                      "drawn"), self.play.last_tile_rule)
            if self.must_win and (blocked := self._pass_refusals()):
                return blocked
        elif self.phase == KONG_PHASE:
            if seat != self.turn:
                return _not_turn(msg("seat {seat} declared a kong: it draws its replacement",
                                     seat=self.turn))
            if self.robbable and self.must_win and (blocked := self._pass_refusals()):
                return blocked
        else:
            return _not_turn(msg("seat {seat} holds 14 tiles and must discard (or win, or "
                                 "declare a kong) before anyone draws", seat=self.turn))
        return self._drawn_tile_refusal(action, need_tile)

    def _drawn_tile_refusal(self, action: Action, need_tile: bool) -> Refusal | None:
        replacement = self.phase == KONG_PHASE
        if self.wall is not None:
            expected = self._next_tile(replacement)
            if action.tile is not None and action.tile != expected:
                where = msg("the last tile left (a kong's replacement)") if replacement \
                    else msg("the first tile left")
                return Refusal(ACTION_WRONG_DRAW, msg(
                    "the wall's next tile is {expected} ({where}), not {tile}",
                    expected=code(expected), where=where, tile=code(action.tile)),
                    common.WALL)
            return None
        if action.tile is None:
            if not need_tile:
                return None
            return Refusal(ACTION_TILE_REQUIRED, msg("no wall is given: a draw names its "
                                                     "tile"), common.WALL)
        if self.seen[action.tile] >= 4:
            return Refusal(ACTION_TILE_UNAVAILABLE, msg(
                "all four {tile} are already dealt, drawn or out of play", tile=code(
                    action.tile)), common.WALL)
        return None

    def _next_tile(self, replacement: bool) -> int:
        assert self.wall is not None
        return self.wall[self.head + self.left - 1] if replacement else self.wall[self.head]

    # discard ------------------------------------------------------------
    def _discard_refusal(self, action: Action) -> Refusal | None:
        if (refused := self._own_turn(action)) is not None:
            return refused
        if action.tile is None:
            return Refusal(ACTION_TILE_REQUIRED, msg("a discard names its tile"), common.TURN)
        seat = self.seats[action.seat]
        if seat.counts[action.tile] == 0:
            return _not_held(action.tile, action.seat)
        if self.must_win and (refused := self._must_win_refusal(action.seat)) is not None:
            return refused
        if self.wait_lock:
            return self._wait_lock_refusal(action.seat, [action.tile], None)
        return None

    def _own_turn(self, action: Action) -> Refusal | None:
        if self.phase != ACT:
            if self.phase == OFFER:
                return _not_turn(msg("seat {seat} has just discarded: the next seat draws "
                                     "(or a seat claims the discard)", seat=self.turn))
            return _not_turn(msg("seat {seat} declared a kong: it draws its replacement",
                                 seat=self.turn))
        if action.seat != self.turn:
            return _not_turn(msg("it is seat {seat}'s turn", seat=self.turn))
        return None

    # claims -------------------------------------------------------------
    def _claim_refusal(self, action: Action) -> Refusal | None:
        if self.phase != OFFER or self.offer_kind != DISCARD:
            return Refusal(ACTION_NO_CLAIM, msg("no discard is open to a claim now"),
                           common.PRIORITY)
        if action.seat == self.turn:
            return Refusal(ACTION_NO_CLAIM, msg("seat {seat} cannot claim its own discard",
                                                seat=action.seat), common.PRIORITY)
        if not self.left:
            return Refusal(ACTION_NO_CLAIM, msg("{tile} is the wall's last discard: only a win "
                                                "may take it", tile=code(self.offer)),
                           self.play.last_tile_rule)
        tile = self.offer
        assert tile is not None
        seat = self.seats[action.seat]
        if action.type == CHOW_ACTION:
            if action.seat != (self.turn + 1) % 4:
                return Refusal(ACTION_CHOW_NOT_NEXT, msg(
                    "only the next seat ({seat}) may chow seat {discarder}'s discard",
                    seat=(self.turn + 1) % 4, discarder=self.turn), common.CHOW)
            problem = self._chow_problem(action, tile)
            if problem is not None:
                return problem
        else:
            if action.tile is not None and action.tile != tile:
                return Refusal(ACTION_BAD_MELD, msg("the open discard is {tile}, not {named}",
                                                    tile=code(tile), named=code(action.tile)),
                               common.PRIORITY)
            need = 2 if action.type == PUNG_ACTION else 3
            if seat.counts[tile] < need:
                return Refusal(ACTION_TILE_NOT_HELD, msg(
                    "a {type} of {tile} needs {need} of it in hand; seat {seat} holds {held}",
                    type=action.type, tile=code(tile), need=need, seat=action.seat,
                    held=seat.counts[tile]), common.PRIORITY)
        if (refused := self._pass_refusals()) is not None:
            return refused
        if action.type == KONG_ACTION:
            return self._wait_lock_refusal(action.seat, [tile] * 3, action)
        return self._claim_keeps_waits(action, tile)

    def _claim_keeps_waits(self, action: Action, tile: int) -> Refusal | None:
        """聽牌後不允許換聽 on a chow or pung: the discard that must follow it has to leave the
        same waits, so a claim after which no discard does is refused."""
        kept = self.seats[action.seat].waits_lock
        if kept is None or not self.wait_lock:
            return None
        used = list(action.tiles or (tile, tile, tile))
        used.remove(tile)
        counts = self.seats[action.seat].counts
        for t in used:
            counts[t] -= 1
        try:
            for discard in range(NUM_KINDS):
                if counts[discard] and self._waits_after(action.seat, [discard], action) == kept:
                    return None
        finally:
            for t in used:
                counts[t] += 1
        assert self.play.wait_lock_rule is not None
        return Refusal(ACTION_WAIT_CHANGED, msg(
            "seat {seat} is ready on {kept}; after this {type} no discard keeps those waits",
            seat=action.seat, kept=_codes(kept), type=action.type), self.play.wait_lock_rule)

    def _chow_problem(self, action: Action, tile: int) -> Refusal | None:
        tiles = sorted(action.tiles or ())
        problem = _chow_problem(tiles, self.variant.shapes.honour_chows) if len(tiles) == 3 \
            else msg("a chow has three tiles, got {count}", count=len(tiles))
        if problem is None and tile not in tiles:
            problem = msg("it must hold the discard {tile}", tile=code(tile))
        if problem is not None:
            return Refusal(ACTION_BAD_MELD, msg("{tiles} is not a chow of the discard: "
                                                "{problem}", tiles=_codes(tiles),
                                                problem=problem), common.CHOW)
        rest = list(tiles)
        rest.remove(tile)
        counts = self.seats[action.seat].counts
        for other in rest:
            if counts[other] == 0:
                return _not_held(other, action.seat)
        return None

    # kongs from hand ----------------------------------------------------
    def _kong_refusal(self, action: Action) -> Refusal | None:
        if (refused := self._own_turn(action)) is not None:
            return refused
        if self.source == CLAIMED:
            return Refusal(ACTION_KONG_NOT_ALLOWED, msg(
                "a concealed or added kong is made after a draw, not right after a chow or "
                "pung"), common.KONG)
        if not self.left:
            return Refusal(ACTION_WALL_EMPTY, msg("the wall is empty: a kong needs a "
                                                  "replacement tile"), common.KONG)
        if action.tile is None:
            return Refusal(ACTION_TILE_REQUIRED, msg("a kong names its tile"), common.KONG)
        seat = self.seats[action.seat]
        tile = action.tile
        if action.type == CONCEALED_KONG_ACTION:
            if seat.counts[tile] < 4:
                return Refusal(ACTION_TILE_NOT_HELD, msg(
                    "a concealed kong of {tile} needs all four in hand; seat {seat} holds "
                    "{held}", tile=code(tile), seat=action.seat, held=seat.counts[tile]),
                    common.KONG)
            removed = [tile] * 4
        else:
            if not any(m.kind == PUNG and m.tiles[0] == tile for m in seat.melds):
                return Refusal(ACTION_BAD_MELD, msg("seat {seat} has no exposed pung of {tile} "
                                                    "to add to", seat=action.seat,
                                                    tile=code(tile)), common.KONG)
            if seat.counts[tile] == 0:
                return _not_held(tile, action.seat)
            removed = [tile]
        if (refused := self._must_win_refusal(action.seat)) is not None:
            return refused
        return self._wait_lock_refusal(action.seat, removed, action)

    # wins ----------------------------------------------------------------
    def _win_refusal(self, action: Action) -> Refusal | None:
        """A win the log may hold here: a real one, or (where the variant pays it) a 诈胡."""
        offered = self._offered(action)
        if isinstance(offered, Refusal):
            return offered
        tile, win_type = offered
        if action.tile is not None and tile is not None and action.tile != tile:
            return Refusal(ACTION_NOTHING_TO_WIN, msg("the tile offered is {tile}, not {named}",
                                                      tile=code(tile), named=code(action.tile)),
                           common.WIN)
        if win_type in (DISCARD, ROB_KONG):
            seat = self.seats[action.seat]
            if tile is not None and seat.is_locked(tile, win_type) and self.play.lock_rule:
                why = msg("seat {seat} passed a win and may not win on a discard or a robbed "
                          "kong until its lock is released", seat=action.seat) \
                    if self.play.pass_lock is not PassLock.SAME_TILE_UNTIL_DRAW_OR_CLAIM else \
                    msg("seat {seat} passed a win on {tile} and may not win on a discard of "
                        "{tile} until it draws or claims", seat=action.seat, tile=code(tile))
                return Refusal(ACTION_WIN_LOCKED, why, self.play.lock_rule)
        if self._accepts(action.seat, tile, win_type):
            return None
        if self.play.false_win:
            return None  # 诈胡: paid, and the round goes on
        return Refusal(ACTION_NOT_A_WIN, msg(
            "seat {seat}'s tiles with {tile} are not a win {variant} accepts ({win_type})",
            seat=action.seat, tile=code(tile) if tile is not None else msg("its dealt hand"),
            variant=self.variant.name, win_type=win_type), common.WIN)

    def _offered(self, action: Action) -> tuple[int | None, str] | Refusal:
        """(the tile, the win type) a win by this seat would take now, or why none is
        offered to it."""
        seat = action.seat
        if self.phase == OVER:
            return self._after_end(action)
        if self.phase == ACT:
            if self.winners:
                return self._after_end(action)
            if seat != self.turn or self.source == CLAIMED:
                why = msg("seat {seat} has just claimed a discard: it discards now",
                          seat=seat) if seat == self.turn else \
                    msg("no tile is offered to seat {seat}: it is seat {turn}'s turn",
                        seat=seat, turn=self.turn)
                return Refusal(ACTION_NOTHING_TO_WIN, why, common.WIN)
            win_type = KONG_REPLACEMENT if self.source == REPLACED else SELF_DRAW
            return self.drawn, win_type
        if self.phase == KONG_PHASE and not self.robbable:
            if seat == self.turn:
                return Refusal(ACTION_NOTHING_TO_WIN, msg("seat {seat} draws its kong's "
                                                          "replacement first", seat=seat),
                               common.KONG)
            return Refusal(ACTION_ROB_NOT_ALLOWED, msg(
                "seat {seat}'s kong was not added to an exposed pung: it cannot be robbed",
                seat=self.turn), common.ROB)
        if seat == self.turn:
            return Refusal(ACTION_NOTHING_TO_WIN, msg("seat {seat} cannot win on its own "
                                                      "discard or kong", seat=seat),
                           common.WIN)
        if seat in self.winners:
            return Refusal(ACTION_SECOND_WINNER, msg("seat {seat} has already won",
                                                     seat=seat), common.SEVERAL_WINNERS)
        if len(self.winners) >= self.max_winners:
            rule = (self.play.one_winner_rule or common.ONE_WINNER) if self.max_winners == 1 \
                else common.SEVERAL_WINNERS
            return Refusal(ACTION_SECOND_WINNER, msg(
                "at most {most} winner(s) on one tile here, and seat {seat} has won",
                most=self.max_winners, seat=self.winners[0]), rule)
        return self.offer, self.offer_kind

    def _accepts(self, seat: int, tile: int | None, win_type: str) -> bool:
        """Would the variant accept this seat's win on ``tile`` by ``win_type`` now (shape,
        精吊 and 有精平胡 restrictions, its flags)? Locks are the caller's."""
        player = self.seats[seat]
        if tile is None:  # 天胡: the dealt 14 as they are
            counts = list(player.counts)
        else:
            counts = list(player.counts)
            if tile not in self.seat_waits(seat):
                return False
            if win_type not in (SELF_DRAW, KONG_REPLACEMENT):
                counts[tile] += 1  # (a drawn tile is already held)
        if tile is None and not self._complete(counts, len(player.melds)):
            return False
        if self.play.shape_is_win:
            return True
        flags = self.win_flags(seat, win_type)
        key = (seat, tuple(counts), len(player.melds), tile, win_type, flags)
        known = self._accepts_memo.get(key)
        if known is None:
            known = self._accepts_memo[key] = self._evaluated(seat, counts, tile, win_type,
                                                             flags)
        return known

    def _evaluated(self, seat: int, counts: list[int], tile: int | None, win_type: str,
                   flags: Flags) -> bool:
        hand = PlayerTiles(tuple(t for t in range(NUM_KINDS) for _ in range(counts[t])),
                           tuple(self.seats[seat].melds))
        claimed = win_type in (DISCARD, ROB_KONG)
        request = EvaluateRequest(
            self.variant.name, hand, tile, win_type, dealer=seat == self.dealer,
            discarder_is_dealer=(self.turn == self.dealer) if claimed else None,
            seat_wind=WINDS[(seat - self.dealer) % 4], round_wind=self.round_wind,
            jing=self.jing, flags=flags, rules=self.rules)
        try:
            return self.variant._evaluate(request).winning
        except InvalidInput:  # a hand the variant refuses outright is no win
            return False

    def _complete(self, counts: list[int], melds: int) -> bool:
        natural, wilds = self._split(counts)
        return is_complete(natural, wilds, self.variant.shapes, melds)

    def _split(self, counts: Iterable[int]) -> tuple[tuple[int, ...], int]:
        if not self.kinds:
            return tuple(counts), 0
        natural = list(counts)
        wilds = 0
        for kind in self.kinds:
            wilds += natural[kind]
            natural[kind] = 0
        return tuple(natural), wilds

    def seat_waits(self, seat: int) -> frozenset[int]:
        """The tiles that complete this seat's hand of 13 (+1 a kong; a tile it has just
        drawn left out), as shapes: what "could it win on this tile?" asks first. Kept on
        the seat until its hand changes, so they are worked out once between its turns; a
        hand that one more wild does not complete (most hands) has none, told by the
        analysis core's per-family tables without looking for them."""
        state = self.seats[seat]
        if state.waits is None:
            counts = state.counts
            if self.phase == ACT and seat == self.turn and self.drawn is not None:
                counts = list(counts)
                counts[self.drawn] -= 1
            state.waits = self._waits_of(counts, len(state.melds))
        return state.waits

    def _waits_of(self, counts: Iterable[int], melds: int) -> frozenset[int]:
        natural, wilds = self._split(counts)
        shapes = self.variant.shapes
        if not is_complete(natural, wilds + 1, shapes, melds):
            return _NO_WAITS
        return frozenset(waits(natural, wilds, shapes, melds, self.kinds))

    def could_win(self, seat: int) -> bool:
        """Is a win offered to ``seat`` now that the variant would accept, locks included
        (a 诈胡 is not one)?"""
        offered = self._offered(Action(seat, WIN_ACTION))
        if isinstance(offered, Refusal):
            return False
        tile, win_type = offered
        if tile is not None and win_type in (DISCARD, ROB_KONG) \
                and self.seats[seat].is_locked(tile, win_type):
            return False
        return self._accepts(seat, tile, win_type)

    # the flags a win carries ----------------------------------------------
    def win_flags(self, seat: int, win_type: str) -> Flags:
        """The situation flags the variant scores, as this win would carry them."""
        supported = self.variant.flags
        values: dict[str, Any] = {}
        if "heavenly" in supported and self.actions == 0 and seat == self.dealer:
            values["heavenly"] = True
        if "earthly" in supported and self._earthly(seat, win_type):
            values["earthly"] = True
        if "human" in supported and self.play.human and self._human(seat, win_type):
            values["human"] = True
        if "last_tile" in supported and win_type in (SELF_DRAW, KONG_REPLACEMENT) \
                and self.phase == ACT and not self.left and self.actions > 0:
            values["last_tile"] = True
        if "after_kong_discard" in supported and win_type == DISCARD and self.offer_after_kong:
            values["after_kong_discard"] = True
        if "kong_chain" in supported and win_type == KONG_REPLACEMENT:
            values["kong_chain"] = self.chain
        return Flags(**values) if values else _NO_FLAGS

    def _earthly(self, seat: int, win_type: str) -> bool:
        if seat == self.dealer:
            return False
        kind = self.play.earthly
        if kind is Earthly.DEALER_FIRST_DISCARD:
            # (the dealer's concealed kong before it does not matter: nobody else can have
            # claimed anything yet)
            return (win_type == DISCARD and self.phase == OFFER and self.turn == self.dealer
                    and self.seats[self.dealer].discards == 1)
        if kind is Earthly.DEALT_READY:
            return bool(self._waits_of_dealt(seat))
        # FIRST_DRAW
        return (win_type == SELF_DRAW and self.seats[seat].draws == 1 and not self.any_call)

    def _waits_of_dealt(self, seat: int) -> tuple[int, ...]:
        counts = _counts(self.seats[seat].dealt)
        natural, wilds = self._split(counts)
        return waits(natural, wilds, self.variant.shapes, 0, self.kinds)

    def _human(self, seat: int, win_type: str) -> bool:
        return (seat != self.dealer and win_type == DISCARD and self.dealer_discarded
                and self.seats[seat].draws == 0 and not self.any_call)

    # locks ---------------------------------------------------------------
    def _passers(self) -> list[int]:
        """The seats that could win on the open tile and have not (before it closes): a
        lookup in each seat's kept waits first, the variant asked only where it holds."""
        tile = self.offer
        if self.phase not in (OFFER, KONG_PHASE) or tile is None:
            return []
        found = []
        for seat, state in enumerate(self.seats):
            waits = state.waits if state.waits is not None else self.seat_waits(seat)
            if tile in waits and seat != self.turn and seat not in self.winners \
                    and self.could_win(seat):
                found.append(seat)
        return found

    def _pass_refusals(self) -> Refusal | None:
        """能胡必胡: closing an open tile that a seat could have won on."""
        if not self.must_win:
            return None
        for seat in self._passers():
            assert self.play.must_win_rule is not None
            return Refusal(ACTION_MUST_WIN, msg(
                "seat {seat} could win on {tile} and must (能胡必胡): nothing else may be "
                "played before its win", seat=seat, tile=code(self.offer)),
                self.play.must_win_rule)
        return None

    def _must_win_refusal(self, seat: int) -> Refusal | None:
        """能胡必胡 on a self-draw: a seat that can win on its draw may not play on."""
        if not self.must_win or self.source not in (DEALT, DRAWN, REPLACED):
            return None
        if not self.could_win(seat):
            return None
        assert self.play.must_win_rule is not None
        return Refusal(ACTION_MUST_WIN, msg("seat {seat} can win on its draw and must "
                                            "(能胡必胡)", seat=seat), self.play.must_win_rule)

    def _close_offer(self) -> None:
        """The open tile is closed without a win: every seat that could have won on it
        passed, and the variant's lock (if any) holds it."""
        lock = self.play.pass_lock
        if lock is PassLock.NONE or self.offer is None:
            return
        if lock is PassLock.SAME_TILE_UNTIL_DRAW_OR_CLAIM and self.offer_kind != DISCARD:
            return
        for seat in self._passers():
            state = self.seats[seat]
            if lock is PassLock.SAME_TILE_UNTIL_DRAW_OR_CLAIM:
                state.locked_tiles.add(self.offer)
            else:
                state.locked = True
            assert self.play.lock_rule is not None
            self._fact("win_passed", seat, msg(
                "seat {seat} could win on {tile} and did not: {rule} holds it",
                seat=seat, tile=code(self.offer), rule=self.play.lock_rule.name))

    def _release(self, seat: int, how: str) -> None:
        """A seat's own draw, discard or claim frees its lock, as the variant says."""
        state = self.seats[seat]
        if not (state.locked or state.locked_tiles):
            return
        if how in _FREED_BY[self.play.pass_lock]:
            state.locked = False
            state.locked_tiles.clear()
            self._fact("lock_released", seat, msg("seat {seat} may win on discards again",
                                                  seat=seat))

    # the wait lock (qinzhou 聽牌後不允許換聽) --------------------------------
    def _wait_lock_refusal(self, seat: int, removed: list[int],
                           kong: Action | None) -> Refusal | None:
        if not self.wait_lock:
            return None
        kept = self.seats[seat].waits_lock
        if kept is None:
            return None
        after = self._waits_after(seat, removed, kong)
        if after == kept:
            return None
        assert self.play.wait_lock_rule is not None
        return Refusal(ACTION_WAIT_CHANGED, msg(
            "seat {seat} is ready on {kept}; this leaves it waiting on {after}",
            seat=seat, kept=_codes(kept), after=_codes(after) if after else msg("nothing")),
            self.play.wait_lock_rule)

    def _waits_after(self, seat: int, removed: list[int], meld: Action | None
                     ) -> tuple[int, ...]:
        counts = list(self.seats[seat].counts)
        for tile in removed:
            counts[tile] -= 1
        melds = len(self.seats[seat].melds)
        if meld is not None and meld.type != ADDED_KONG_ACTION:
            melds += 1
        natural, wilds = self._split(counts)
        return waits(natural, wilds, self.variant.shapes, melds, self.kinds)

    # ------------------------------------------------------------------ playing
    def _play(self, action: Action) -> None:
        _PLAYS[action.type](self, action)

    def _fact(self, code_: str, seat: int | None, detail: Sentence) -> None:
        self.facts.append(Fact(self.actions, code_, seat, detail))

    def _play_draw(self, action: Action) -> None:
        replacement = self.phase == KONG_PHASE
        if replacement:
            if self.robbable:
                self._close_offer()
            self._finish_kong()
        else:
            if self.locks:
                self._close_offer()
            if self.follow_open:
                self._follow_closed()
            self.seats[self.turn].pond.append(self.offer)  # type: ignore[arg-type]
            self.chain = 0
        tile = action.tile
        if self.wall is not None:
            tile = self._next_tile(replacement)
            if not replacement:
                self.head += 1
        assert tile is not None
        self.left -= 1
        self.seen[tile] += 1 if self.wall is None else 0
        seat = self.seats[action.seat]
        seat.counts[tile] += 1
        seat.draws += 1
        if seat.locked or seat.locked_tiles:
            self._release(action.seat, DRAW)
        self.phase, self.turn = ACT, action.seat
        self.source, self.drawn = (REPLACED if replacement else DRAWN), tile
        self.offer = None
        if not self.left:
            self.last_drawn = True
            self._fact("last_tile", action.seat, msg("seat {seat} draws the wall's last tile",
                                                     seat=action.seat))

    def _play_discard(self, action: Action) -> None:
        tile = action.tile
        assert tile is not None
        seat = self.seats[action.seat]
        seat.counts[tile] -= 1
        seat.waits = None
        seat.discards += 1
        if self.follow_open:
            self._follow_discard(action.seat, tile)
        if seat.locked or seat.locked_tiles:
            self._release(action.seat, DISCARD_ACTION)
        self.offer_after_kong = self.source == REPLACED
        if self.offer_after_kong and self.scores_after_kong:
            self._fact("after_kong_discard", action.seat, msg(
                "seat {seat} discards {tile} right after its kong's replacement (杠上炮 if "
                "won on)", seat=action.seat, tile=code(tile)))
        if action.seat == self.dealer:
            self.dealer_discarded = True
        self.phase, self.offer, self.offer_kind = OFFER, tile, DISCARD
        self.drawn = None
        if self.wait_lock:
            self._lock_waits(action.seat)

    def _lock_waits(self, seat: int) -> None:
        if not self.wait_lock or self.seats[seat].waits_lock:
            return
        found = tuple(sorted(self.seat_waits(seat)))
        if found:
            self.seats[seat].waits_lock = found
            self._fact("wait_locked", seat, msg("seat {seat} is ready on {tiles} and may not "
                                                "change its waits", seat=seat,
                                                tiles=_codes(found)))

    def _play_claim(self, action: Action) -> None:
        self._close_offer()
        tile = self.offer
        assert tile is not None
        discarder = self.turn
        seat = self.seats[action.seat]
        if action.type == CHOW_ACTION:
            tiles = tuple(sorted(action.tiles or ()))
            rest = list(tiles)
            rest.remove(tile)
            kind = CHOW
        else:
            rest = [tile] * (2 if action.type == PUNG_ACTION else 3)
            tiles = (tile,) * (len(rest) + 1)
            kind = PUNG if action.type == PUNG_ACTION else KONG
        for t in rest:
            seat.counts[t] -= 1
        seat.waits = None
        seat.melds.append(Meld(kind, tiles, discarder, tile, self.claims))
        self.claims += 1
        self.any_call = True
        self.follow_open = False
        self._release(action.seat, "claim")
        self._feeds(action.seat, discarder, kind)
        self.turn, self.offer = action.seat, None
        if kind == KONG:
            self.phase, self.robbable, self.chain = KONG_PHASE, False, 1
        else:
            self.phase, self.source, self.drawn = ACT, CLAIMED, None

    def _feeds(self, claimer: int, feeder: int, kind: str) -> None:
        """Who fed a meld that can make it liable (guangdong 包): the fourth exposed meld
        (十二张落地, 包先不包后: only the first landing a seat feeds), the last wind pung of a
        大四喜 or the last dragon pung of a 大三元, a kong from a discard (杠上开花包杠)."""
        if not self.play.bao_feeds:
            return
        melds = self.seats[claimer].melds
        last = melds[-1]
        if kind != CHOW and _completes_set(melds, last.tiles[0], WINDS, 4):
            self._fact("bao_feed", feeder, msg(
                "seat {feeder} fed seat {seat}'s fourth wind pung: it pays for seat {seat}'s "
                "self-drawn win (大四喜包自摸)", feeder=feeder, seat=claimer))
        elif kind != CHOW and _completes_set(melds, last.tiles[0], DRAGONS, 3):
            self._fact("bao_feed", feeder, msg(
                "seat {feeder} fed seat {seat}'s third dragon pung: it pays for seat {seat}'s "
                "self-drawn win (大三元包自摸)", feeder=feeder, seat=claimer))
        if sum(m.is_exposed for m in melds) == 4:
            if feeder in self.landings_fed:
                self._fact("bao_feed", feeder, msg(
                    "seat {feeder} fed seat {seat}'s fourth exposed meld (十二张落地), but it "
                    "fed seat {first}'s first: it is liable for that one only (包先不包后)",
                    feeder=feeder, seat=claimer, first=self.landings_fed[feeder]))
            else:
                self.landings_fed[feeder] = claimer
                self._fact("bao_feed", feeder, msg(
                    "seat {feeder} fed seat {seat}'s fourth exposed meld (十二张落地): it pays "
                    "for seat {seat}'s self-drawn win (包自摸)", feeder=feeder, seat=claimer))
        if kind == KONG:
            self._fact("bao_feed", feeder, msg(
                "seat {feeder} fed seat {seat}'s kong: a win on its replacement is paid by "
                "seat {feeder} (杠上开花包杠)", feeder=feeder, seat=claimer))

    def _play_kong(self, action: Action) -> None:
        tile = action.tile
        assert tile is not None
        seat = self.seats[action.seat]
        self.chain = self.chain + 1 if self.source == REPLACED else 1
        seat.waits = None
        self.any_call = True
        self.follow_open = False
        self._release(action.seat, "claim")
        if action.type == CONCEALED_KONG_ACTION:
            seat.counts[tile] -= 4
            seat.melds.append(Meld(CONCEALED_KONG, (tile,) * 4))
            self.phase, self.robbable = KONG_PHASE, False
        else:
            seat.counts[tile] -= 1
            self.pending = next(i for i, m in enumerate(seat.melds)
                                if m.kind == PUNG and m.tiles[0] == tile)
            self.phase, self.robbable = KONG_PHASE, True
            self.offer, self.offer_kind = tile, ROB_KONG
        self.drawn = None

    def _finish_kong(self) -> None:
        """The kong stands (nobody robbed it): an added kong takes its place after the melds
        made before it."""
        if self.pending is not None:
            melds = self.seats[self.turn].melds
            pung = melds.pop(self.pending)
            melds.append(Meld(ADDED_KONG, pung.tiles + pung.tiles[:1], pung.source,
                              pung.claimed, pung.order))
            self.pending = None
        self.robbable = False

    def _play_win(self, action: Action) -> None:
        offered = self._offered(action)
        assert not isinstance(offered, Refusal)
        tile, win_type = offered
        if not self._accepts(action.seat, tile, win_type):  # 诈胡 (the variant pays it)
            self.false_wins.append(action.seat)
            self._fact("false_win", action.seat, msg(
                "seat {seat} declares a win its tiles do not make (诈胡): it pays, and the "
                "round goes on", seat=action.seat))
            return
        flags = self.win_flags(action.seat, win_type)
        self.flags[action.seat] = flags
        if not self.winners:
            self.win_type = win_type
        self.winners.append(action.seat)
        if tile is not None and win_type in (DISCARD, ROB_KONG):
            self.seats[action.seat].counts[tile] += 1
            self.seats[action.seat].waits = None
        for name in ("heavenly", "earthly", "human", "after_kong_discard"):
            if getattr(flags, name):
                self._fact(name, action.seat, _FLAG_WORDS[name])
        if flags.kong_chain > 1:
            self._fact("kong_chain", action.seat, msg(
                "seat {seat} wins on a kong's replacement after {chain} kongs in a row",
                seat=action.seat, chain=flags.kong_chain))
        if win_type == ROB_KONG:
            self._fact("robbed_kong", action.seat, msg("seat {seat} robs seat {robbed}'s "
                                                       "added kong of {tile}",
                                                       seat=action.seat, robbed=self.turn,
                                                       tile=code(tile)))

    # 跟庄 ----------------------------------------------------------------
    def _follow_discard(self, seat: int, tile: int) -> None:
        if not self.follow_open:
            return
        if self.follow_step == 0:
            self.follow_tile, self.follow_step = tile, 1
        elif tile == self.follow_tile and seat == (self.dealer + self.follow_step) % 4:
            self.follow_step += 1
        else:
            self.follow_open = False

    def _follow_closed(self) -> None:
        """The go-around's fourth discard went unclaimed: it was followed."""
        if self.follow_open and self.follow_step == 4:
            self.followed += 1
            self.follow_step = 0
            assert self.play.follow_rule is not None
            self._fact("follow_dealer", self.dealer, msg(
                "go-around {n} followed the dealer's {tile} ({rule})", n=self.followed,
                tile=code(self.follow_tile), rule=self.play.follow_rule.name))

    # ------------------------------------------------------------------ candidates
    def _candidates(self, seat: int) -> list[Action]:
        """What :meth:`legal_actions` tries for ``seat``."""
        out = [Action(seat, WIN_ACTION)]
        state = self.seats[seat]
        held = [t for t in range(NUM_KINDS) if state.counts[t]]
        if self.phase == ACT and seat == self.turn:
            out += [Action(seat, DISCARD_ACTION, t) for t in held]
            out += [Action(seat, CONCEALED_KONG_ACTION, t) for t in held if state.counts[t] == 4]
            out += [Action(seat, ADDED_KONG_ACTION, m.tiles[0]) for m in state.melds
                    if m.kind == PUNG and state.counts[m.tiles[0]]]
        elif self.phase == OFFER and self.offer is not None and seat != self.turn:
            tile = self.offer
            out += [Action(seat, KONG_ACTION, tile), Action(seat, PUNG_ACTION, tile)]
            out += [Action(seat, CHOW_ACTION, None, chow) for chow in _chows(tile)]
        if self.phase in (OFFER, KONG_PHASE):
            out.append(Action(seat, DRAW, self._next_tile(self.phase == KONG_PHASE)
                              if self.wall is not None and self.left else None))
        return out

    # ------------------------------------------------------------------ views
    def seat_view(self, seat: int) -> SeatView:
        state = self.seats[seat]
        return SeatView(state.concealed(), tuple(state.melds), tuple(state.pond))


_NO_FLAGS = Flags()
_NO_WAITS: frozenset[int] = frozenset()
_FLAG_WORDS: dict[str, Sentence] = {
    "heavenly": msg("天胡: the dealer wins on its dealt tiles"),
    "earthly": msg("地胡"),
    "human": msg("人和: a win on a first go-around discard"),
    "after_kong_discard": msg("杠上炮: won on the discard that followed its seat's kong"),
}


def _counts(tiles: Iterable[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for tile in tiles:
        counts[tile] += 1
    return counts


def _codes(tiles: Iterable[int]) -> str:
    return " ".join(code(t) for t in tiles)


def _not_turn(why: Sentence) -> Refusal:
    return Refusal(ACTION_NOT_YOUR_TURN, why, common.TURN)


def _not_held(tile: int, seat: int) -> Refusal:
    return Refusal(ACTION_TILE_NOT_HELD, msg("seat {seat} does not hold {tile}", seat=seat,
                                             tile=code(tile)), common.TURN)


def _completes_set(melds: list[Meld], tile: int, kinds: tuple[int, ...], size: int) -> bool:
    """Is ``tile`` one of ``kinds`` and does the seat now show ``size`` exposed pungs or kongs
    of them (the last claim completing 大四喜's winds or 大三元's dragons)?"""
    if tile not in kinds:
        return False
    shown = {m.tiles[0] for m in melds if m.is_exposed and m.kind != CHOW
             and m.tiles[0] in kinds}
    return len(shown) == size


def _chows(tile: int) -> list[tuple[int, ...]]:
    """Every chow that holds ``tile``: number runs, and the honour chows (three different
    winds, or the three dragons), which :meth:`Round.refusal` keeps where the variant has
    them."""
    if tile < 27:
        rank, base = tile % 9, tile - tile % 9
        return [tuple(base + r for r in range(start, start + 3))
                for start in range(max(0, rank - 2), min(rank, 6) + 1)]
    if tile in WINDS:
        others = [w for w in WINDS if w != tile]
        return [tuple(sorted((tile, a, b))) for i, a in enumerate(others) for b in others[i + 1:]]
    return [tuple(sorted(DRAGONS))]


_CLAIMS = (CHOW_ACTION, PUNG_ACTION, KONG_ACTION)
# What frees a seat's passed-win lock: its own draw, and its discard or its claims (chow,
# pung, any kong), as the variant's lock says.
_FREED_BY = {PassLock.NONE: (), PassLock.UNTIL_DRAW_OR_DISCARD: (DRAW, DISCARD_ACTION),
             PassLock.UNTIL_DRAW_OR_CLAIM: (DRAW, "claim"),
             PassLock.SAME_TILE_UNTIL_DRAW_OR_CLAIM: (DRAW, "claim")}
_CHECKS = {
    DRAW: Round._draw_refusal,
    DISCARD_ACTION: Round._discard_refusal,
    CHOW_ACTION: Round._claim_refusal,
    PUNG_ACTION: Round._claim_refusal,
    KONG_ACTION: Round._claim_refusal,
    ADDED_KONG_ACTION: Round._kong_refusal,
    CONCEALED_KONG_ACTION: Round._kong_refusal,
}
_PLAYS = {
    DRAW: Round._play_draw,
    DISCARD_ACTION: Round._play_discard,
    CHOW_ACTION: Round._play_claim,
    PUNG_ACTION: Round._play_claim,
    KONG_ACTION: Round._play_claim,
    ADDED_KONG_ACTION: Round._play_kong,
    CONCEALED_KONG_ACTION: Round._play_kong,
    WIN_ACTION: Round._play_win,
}

__all__ = ["Outcome", "Round", "Rule"]
