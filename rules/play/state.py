"""The state of a round in play: its seats, its phase, what the log has shown so far.

:class:`RoundState` holds it and is built from the deal, the wall (or its size) and the jing;
the play engine's :class:`~rules.play.board.Round` adds to it what checks an action
(:mod:`.legality`), what can win (:mod:`.winning`) and what plays one (:mod:`.moves`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from rules.model import (
    DISCARD,
    Flags,
    Jing,
    Meld,
)
from rules.play.declaration import PassLock, PlayRules
from rules.play.model import Fact
from rules.tiles import NUM_KINDS, code

ACT, OFFER, KONG_PHASE, OVER = "act", "offer", "kong", "over"
NO_JING = Jing()
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


class RoundState:
    """The state of one round (see :mod:`rules.play.board`)."""

    def __init__(self, variant: Any, rules: dict[str, Any], dealer: int,
                 deal: Iterable[Iterable[int]], *, wall: Iterable[int] | None = None,
                 wall_size: int | None = None, jing: Jing = NO_JING,
                 horses: Iterable[int] = (), round_wind: int | None = None):
        """``rules``: the variant's options, resolved. The deal, wall and jing are taken as
        checked (:func:`rules.play.replay.setup_errors` checks a request's)."""
        self.variant = variant
        self.play: PlayRules = variant.play_rules
        self.rules = rules
        self.dealer = dealer
        self.jing = jing
        self.round_wind = round_wind
        self.kinds = variant.wild_kinds(jing)
        deal = [tuple(tiles) for tiles in deal]
        self.seats = [SeatState(counts_of(tiles), tuple(sorted(tiles))) for tiles in deal]
        self.wall = tuple(wall) if wall is not None else None
        self.head = 0
        self.left = len(self.wall) if self.wall is not None else int(wall_size or 0)
        self.horses = tuple(horses)
        self.seen = counts_of([t for tiles in deal for t in tiles])
        # the indicators out of play: copies no seat can hold, so no wait on them (a seat's
        # readiness is /evaluate's for its own tiles beside these, RULINGS "Ready and waits")
        self.out_of_play = tuple(counts_of(variant._flipped(jing)))
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
    def drawn_if_stopped(self) -> bool:
        """Would the round be drawn if the log stopped here: the wall's last discard open,
        or (where the last drawer does not discard) the last tile just drawn?"""
        if self.left:
            return False
        if self.phase == OFFER:
            return True
        return (self.phase == ACT and not self.play.last_drawer_discards
                and self.source in (DRAWN, REPLACED))

    def option(self, name: str | None) -> bool:
        return bool(name and self.rules.get(name))


def counts_of(tiles: Iterable[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for tile in tiles:
        counts[tile] += 1
    return counts


def spaced_codes(tiles: Iterable[int]) -> str:
    return " ".join(code(t) for t in tiles)
