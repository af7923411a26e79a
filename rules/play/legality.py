"""Whether an action may be played now, and if not why (the rule and its seed line): the
one validator of the play engine, which :meth:`~rules.play.board.Round.legal_actions` also
asks of every candidate.

A refusal names a common rule (``common.TURN``, …) or one of the variant's own;
:meth:`Legality.refusal` has the variant cite it (:meth:`~rules.play.declaration.PlayRules.rule`):
its own seed's line, or the common ruling where its seed has none."""

from __future__ import annotations

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
from rules.model import (
    DISCARD,
    KONG_REPLACEMENT,
    PUNG,
    ROB_KONG,
    SELF_DRAW,
    TERMS,
)
from rules.play import declaration as common
from rules.play.declaration import PassLock, Rule
from rules.play.errors import Refusal
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
)
from rules.play.state import (
    ACT,
    CLAIMED,
    DEALT,
    DRAWN,
    KONG_PHASE,
    OFFER,
    OVER,
    REPLACED,
    RoundState,
    spaced_codes,
)
from rules.text import Sentence, msg
from rules.tiles import NUM_KINDS, code
from rules.validation import chow_problem


class Legality(RoundState):
    """What may be played now."""

    # ------------------------------------------------------------------ legality
    def refusal(self, action: Action) -> Refusal | None:
        """Why ``action`` may not be played now, or None: the one validator. Its rule is the
        variant's citation of it, never another variant's seed line."""
        refused = self._refusal(action)
        return None if refused is None else self.cited(refused)

    def cited(self, refused: Refusal) -> Refusal:
        """``refused`` with its rule as this variant cites it (its own seed line, or the
        common ruling): looked up only for an action refused, not for every one allowed."""
        return refused._replace(rule=self.play.rule(refused.rule))

    def _refusal(self, action: Action) -> Refusal | None:
        if not 0 <= action.seat < 4:
            return Refusal(ACTION_NOT_YOUR_TURN, msg("there is no seat {seat}",
                                                     seat=action.seat), common.TURN)
        if action.type == WIN_ACTION:
            return self._win_refusal(action)
        if self.winners or self.phase == OVER:
            return self._after_end(action)
        if not self.left and self.drawn_if_stopped() and action.type not in CLAIMS:
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
                       common.END if self.winners else self.play.last_tile_rule)

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
                return not_turn(msg("after seat {discarder}'s discard the next seat, {seat}, "
                                     "draws", discarder=self.turn, seat=drawer))
            if not self.left:
                return Refusal(ACTION_WALL_EMPTY, msg("the wall is empty: the last discard "
                                                      "may only be won on, else the round is "
                                                      "drawn"), self.play.last_tile_rule)
            if self.must_win and (blocked := self._pass_refusals()):
                return blocked
        elif self.phase == KONG_PHASE:
            if seat != self.turn:
                return not_turn(msg("seat {seat} declared a kong: it draws its replacement",
                                     seat=self.turn))
            if self.robbable and self.must_win and (blocked := self._pass_refusals()):
                return blocked
        else:
            return not_turn(msg("seat {seat} holds 14 tiles and must discard (or win, or "
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
                    common.KONG if replacement else common.WALL)
            return None
        if action.tile is None:
            if not need_tile:
                return None
            return Refusal(ACTION_TILE_REQUIRED, msg("no wall is given: a draw names its "
                                                     "tile"), common.LOG)
        if self.seen[action.tile] >= 4:
            return Refusal(ACTION_TILE_UNAVAILABLE, msg(
                "all four {tile} are already dealt, drawn or out of play", tile=code(
                    action.tile)), common.TILES)
        return None

    def _next_tile(self, replacement: bool) -> int:
        assert self.wall is not None
        return self.wall[self.head + self.left - 1] if replacement else self.wall[self.head]

    # discard ------------------------------------------------------------
    def _discard_refusal(self, action: Action) -> Refusal | None:
        if (refused := self._own_turn(action)) is not None:
            return refused
        if action.tile is None:
            return Refusal(ACTION_TILE_REQUIRED, msg("a discard names its tile"), common.LOG)
        seat = self.seats[action.seat]
        if seat.counts[action.tile] == 0:
            return self._not_held(action.tile, action.seat)
        if self.must_win and (refused := self._must_win_refusal(action.seat)) is not None:
            return refused
        if self.wait_lock:
            return self._wait_lock_refusal(action.seat, [action.tile], None)
        return None

    def _own_turn(self, action: Action) -> Refusal | None:
        if self.phase != ACT:
            if self.phase == OFFER:
                return not_turn(msg("seat {seat} has just discarded: the next seat draws "
                                     "(or a seat claims the discard)", seat=self.turn))
            return not_turn(msg("seat {seat} declared a kong: it draws its replacement",
                                 seat=self.turn))
        if action.seat != self.turn:
            return not_turn(msg("it is seat {seat}'s turn", seat=self.turn))
        return None

    # claims -------------------------------------------------------------
    def _claim_refusal(self, action: Action) -> Refusal | None:
        if self.phase != OFFER or self.offer_kind != DISCARD:
            return Refusal(ACTION_NO_CLAIM, msg("no discard is open to a claim now"),
                           common.CLAIM)
        if action.seat == self.turn:
            return Refusal(ACTION_NO_CLAIM, msg("seat {seat} cannot claim its own discard",
                                                seat=action.seat), common.CLAIM)
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
            problem = self._chow_refusal(action, tile)
            if problem is not None:
                return problem
        else:
            if action.tile is not None and action.tile != tile:
                return Refusal(ACTION_BAD_MELD, msg("the open discard is {tile}, not {named}",
                                                    tile=code(tile), named=code(action.tile)),
                               common.CLAIM)
            need = 2 if action.type == PUNG_ACTION else 3
            if seat.counts[tile] < need:
                return Refusal(ACTION_TILE_NOT_HELD, msg(
                    "a {type} of {tile} needs {need} of it in hand; seat {seat} holds {held}",
                    type=TERMS[action.type], tile=code(tile), need=need, seat=action.seat,
                    held=seat.counts[tile]), common.CLAIM)
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
            seat=action.seat, kept=spaced_codes(kept), type=action.type), self.play.wait_lock_rule)

    def _chow_refusal(self, action: Action, tile: int) -> Refusal | None:
        tiles = sorted(action.tiles or ())
        problem = chow_problem(tiles, self.variant.shapes.honour_chows) if len(tiles) == 3 \
            else msg("a chow has three tiles, got {count}", count=len(tiles))
        if problem is None and tile not in tiles:
            problem = msg("it must hold the discard {tile}", tile=code(tile))
        if problem is not None:
            return Refusal(ACTION_BAD_MELD, msg("{tiles} is not a chow of the discard: "
                                                "{problem}", tiles=spaced_codes(tiles),
                                                problem=problem), common.CHOW)
        rest = list(tiles)
        rest.remove(tile)
        counts = self.seats[action.seat].counts
        for other in rest:
            if counts[other] == 0:
                return self._not_held(other, action.seat)
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
            return Refusal(ACTION_TILE_REQUIRED, msg("a kong names its tile"), common.LOG)
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
                return self._not_held(tile, action.seat)
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
            variant=self.variant.name, win_type=TERMS[win_type]), self.play.win_rule or common.WIN)

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
                                                     seat=seat), self._winners_rule())
        if len(self.winners) >= self.max_winners:
            return Refusal(ACTION_SECOND_WINNER, msg(
                "at most {most} winner(s) on one tile here, and seat {seat} has won",
                most=self.max_winners, seat=self.winners[0]), self._winners_rule())
        return self.offer, self.offer_kind

    def _winners_rule(self) -> Rule:
        """How many may win on one tile here: one, or 一炮多响."""
        return common.ONE_WINNER if self.max_winners == 1 else common.SEVERAL_WINNERS

    def _not_held(self, tile: int, seat: int) -> Refusal:
        """The seat does not hold ``tile``: what it does hold, so the log can be put right."""
        return Refusal(ACTION_TILE_NOT_HELD, msg(
            "seat {seat} does not hold {tile}: its concealed tiles are {held}", seat=seat,
            tile=code(tile), held=spaced_codes(self.seats[seat].concealed())), common.HAND)

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
            seat=seat, kept=spaced_codes(kept),
            after=spaced_codes(after) if after else msg("nothing")),
            self.play.wait_lock_rule)

    def _waits_after(self, seat: int, removed: list[int], meld: Action | None
                     ) -> tuple[int, ...]:
        """The live waits (:meth:`seat_waits`' reading) the seat would have after giving up
        ``removed`` from its concealed tiles and, with ``meld``, making that meld."""
        state = self.seats[seat]
        counts = list(state.counts)
        for tile in removed:
            counts[tile] -= 1
        size = len(state.melds)
        more: list[int] = []
        if meld is not None:
            more = self._new_meld_tiles(meld)
            if meld.type != ADDED_KONG_ACTION:
                size += 1
        return tuple(sorted(self._waits_of(counts, size, state.melds, more)))

    def _new_meld_tiles(self, meld: Action) -> list[int]:
        """The tiles ``meld`` adds to the seat's melds (an added kong: the one it adds)."""
        if meld.type == CHOW_ACTION:
            return list(meld.tiles or ())
        tile = meld.tile if meld.tile is not None else self.offer
        assert tile is not None
        return [tile] * {ADDED_KONG_ACTION: 1, PUNG_ACTION: 3}.get(meld.type, 4)


CLAIMS = (CHOW_ACTION, PUNG_ACTION, KONG_ACTION)


def not_turn(why: Sentence) -> Refusal:
    return Refusal(ACTION_NOT_YOUR_TURN, why, common.TURN)


_CHECKS = {
    DRAW: Legality._draw_refusal,
    DISCARD_ACTION: Legality._discard_refusal,
    CHOW_ACTION: Legality._claim_refusal,
    PUNG_ACTION: Legality._claim_refusal,
    KONG_ACTION: Legality._claim_refusal,
    ADDED_KONG_ACTION: Legality._kong_refusal,
    CONCEALED_KONG_ACTION: Legality._kong_refusal,
}
