"""Playing an action that the round allows: the tiles move, the phase turns, and what the
log shows is recorded (facts, passed wins and their locks, 跟庄, who fed a 包 meld)."""

from __future__ import annotations

from rules.model import (
    ADDED_KONG,
    CHOW,
    CONCEALED_KONG,
    DISCARD,
    KONG,
    PUNG,
    ROB_KONG,
    Meld,
)
from rules.play.declaration import PassLock
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
    Fact,
)
from rules.play.state import (
    ACT,
    CLAIMED,
    DRAWN,
    KONG_PHASE,
    OFFER,
    REPLACED,
    RoundState,
    spaced_codes,
)
from rules.text import Sentence, msg
from rules.tiles import DRAGONS, WINDS, code


class Moves(RoundState):
    """Playing an action."""

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
                                                tiles=spaced_codes(found)))

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
        if kind != CHOW and completes_set(melds, last.tiles[0], WINDS, 4):
            self._fact("bao_feed", feeder, msg(
                "seat {feeder} fed seat {seat}'s fourth wind pung: it pays for seat {seat}'s "
                "self-drawn win (大四喜包自摸)", feeder=feeder, seat=claimer))
        elif kind != CHOW and completes_set(melds, last.tiles[0], DRAGONS, 3):
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
                self._fact(name, action.seat, FLAG_WORDS[name])
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
        if how in FREED_BY[self.play.pass_lock]:
            state.locked = False
            state.locked_tiles.clear()
            self._fact("lock_released", seat, msg("seat {seat} may win on discards again",
                                                  seat=seat))


FLAG_WORDS: dict[str, Sentence] = {
    "heavenly": msg("天胡: the dealer wins on its dealt tiles"),
    "earthly": msg("地胡"),
    "human": msg("人和: a win on a first go-around discard"),
    "after_kong_discard": msg("杠上炮: won on the discard that followed its seat's kong"),
}

# What frees a seat's passed-win lock: its own draw, and its discard or its claims (chow,
# pung, any kong), as the variant's lock says.
FREED_BY = {PassLock.NONE: (), PassLock.UNTIL_DRAW_OR_DISCARD: (DRAW, DISCARD_ACTION),
             PassLock.UNTIL_DRAW_OR_CLAIM: (DRAW, "claim"),
             PassLock.SAME_TILE_UNTIL_DRAW_OR_CLAIM: (DRAW, "claim")}


def completes_set(melds: list[Meld], tile: int, kinds: tuple[int, ...], size: int) -> bool:
    """Is ``tile`` one of ``kinds`` and does the seat now show ``size`` exposed pungs or kongs
    of them (the last claim completing 大四喜's winds or 大三元's dragons)?"""
    if tile not in kinds:
        return False
    shown = {m.tiles[0] for m in melds if m.is_exposed and m.kind != CHOW
             and m.tiles[0] in kinds}
    return len(shown) == size


_PLAYS = {
    DRAW: Moves._play_draw,
    DISCARD_ACTION: Moves._play_discard,
    CHOW_ACTION: Moves._play_claim,
    PUNG_ACTION: Moves._play_claim,
    KONG_ACTION: Moves._play_claim,
    ADDED_KONG_ACTION: Moves._play_kong,
    CONCEALED_KONG_ACTION: Moves._play_kong,
    WIN_ACTION: Moves._play_win,
}
