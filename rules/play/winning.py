"""What can win: each seat's waits kept between its turns, the variant asked whether it
accepts a win (精吊 and 有精平胡 restrictions, its flags), and the flags a win carries (天胡,
地胡, 人和, 海底, 杠上炮, the kong chain)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rules.analysis import is_complete, waits
from rules.model import (
    DISCARD,
    KONG_REPLACEMENT,
    ROB_KONG,
    SELF_DRAW,
    EvaluateRequest,
    Flags,
    Meld,
    PlayerTiles,
)
from rules.play.declaration import Earthly
from rules.play.errors import Refusal
from rules.play.model import (
    WIN_ACTION,
    Action,
)
from rules.play.state import ACT, KONG_PHASE, OFFER, RoundState, counts_of
from rules.tiles import NUM_KINDS, WINDS


class Winning(RoundState):
    """What can win."""

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
        return self.variant.accepts_win(request, checked=True)  # a legal round's tiles

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
        drawn left out) and of which a copy can still come: what "could it win on this
        tile?" asks first. /evaluate's waits for the seat's own tiles (RULINGS "Ready and
        waits"): a wait whose four copies are all in the seat's hand and melds or out of play
        is none. Kept on the seat until its hand changes, so they are worked out once between
        its turns; a hand that one more wild does not complete (most hands) has none, told
        by the analysis core's per-family tables without looking for them."""
        state = self.seats[seat]
        if state.waits is None:
            counts = state.counts
            if self.phase == ACT and seat == self.turn and self.drawn is not None:
                counts = list(counts)
                counts[self.drawn] -= 1
            state.waits = self._waits_of(counts, len(state.melds), state.melds)
        return state.waits

    def _waits_of(self, counts: Sequence[int], size: int, melds: Sequence[Meld],
                  more: Sequence[int] = ()) -> frozenset[int]:
        """The live waits of concealed ``counts`` beside ``size`` melds: ``melds`` and, for
        one about to be made, its tiles ``more``."""
        natural, wilds = self._split(counts)
        shapes = self.variant.shapes
        if not is_complete(natural, wilds + 1, shapes, size):
            return NO_WAITS
        found = waits(natural, wilds, shapes, size, self.kinds)
        return frozenset(self._live(found, counts, [*melded(melds), *more]))

    def _live(self, found: Iterable[int], counts: Sequence[int],
              shown: Sequence[int]) -> list[int]:
        """The waits of ``found`` that do not need a fifth copy: fewer than four in the
        concealed ``counts``, the meld tiles ``shown`` and the indicators out of play
        (copies discarded by other seats do not count: RULINGS "Ready and waits")."""
        out = self.out_of_play
        return [t for t in found if counts[t] + shown.count(t) + out[t] < 4]

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
        return Flags(**values) if values else NO_FLAGS

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

    def _waits_of_dealt(self, seat: int) -> frozenset[int]:
        """The live waits of the seat's dealt 13 (qinzhou 地胡: "was it dealt ready?")."""
        return self._waits_of(counts_of(self.seats[seat].dealt), 0, ())  # no melds

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
            if seat == self.turn:  # its own discard or kong: nothing to pass
                continue
            waits = state.waits if state.waits is not None else self.seat_waits(seat)
            if tile in waits and seat not in self.winners and self.could_win(seat):
                found.append(seat)
        return found


def melded(melds: Iterable[Meld]) -> list[int]:
    """Every tile of ``melds`` (a kong's four)."""
    return [t for meld in melds for t in meld.tiles]


NO_FLAGS = Flags()
NO_WAITS: frozenset[int] = frozenset()
