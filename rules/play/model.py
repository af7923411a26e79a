"""The play engine's value objects: an action of a round's log, the replay request, what the
log showed (facts) and the answer.

Tiles are ints (:mod:`rules.tiles`), seats 0-3, as everywhere in the domain.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.model import Jing, Meld, Settlement, SettleRequest
from rules.text import Sentence

# Action types (API.md "POST /replay"), in the order an answer's ``legal`` lists them.
DRAW, DISCARD_ACTION, CHOW_ACTION, PUNG_ACTION, KONG_ACTION = (
    "draw", "discard", "chow", "pung", "kong")
ADDED_KONG_ACTION, CONCEALED_KONG_ACTION, WIN_ACTION = "added_kong", "concealed_kong", "win"
ACTION_TYPES = (WIN_ACTION, KONG_ACTION, PUNG_ACTION, CHOW_ACTION, DRAW, DISCARD_ACTION,
                ADDED_KONG_ACTION, CONCEALED_KONG_ACTION)

FINISHED, IN_PROGRESS = "finished", "in_progress"


@dataclass(frozen=True)
class Action:
    """One action of a round: ``tile`` for a draw (optional when the wall is known), a
    discard, a kong from hand and, optionally, a claim or win; ``tiles`` for a chow (its
    three tiles, the claimed discard among them).

    ``missing``: in a listed legal action only, the fields the log must fill in before it
    can be pushed (a draw's ``tile`` when no wall is given: only the table knows it). It is
    not part of the action: two actions that differ only there are equal."""

    seat: int
    type: str
    tile: int | None = None
    tiles: tuple[int, ...] | None = None
    missing: tuple[str, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class RoundLog:
    """A round as its log gives it, less what a match derives (its dealer, round wind and
    carried jing): a /match round given in the /replay form."""

    deal: tuple[tuple[int, ...], ...]
    actions: tuple[Action, ...]
    wall: tuple[int, ...] | None = None
    wall_size: int | None = None
    horses: tuple[int, ...] | None = None


@dataclass(frozen=True)
class ReplayRequest:
    """A round from its deal and its action log (API.md "POST /replay"). One of ``wall``
    (the tiles still to draw after the deal, in order) and ``wall_size`` (how many) is
    given; ``horses`` (qinzhou) only without ``wall``."""

    variant: str
    dealer: int
    deal: tuple[tuple[int, ...], ...]
    actions: tuple[Action, ...]
    wall: tuple[int, ...] | None = None
    wall_size: int | None = None
    jing: Jing = field(default_factory=Jing)
    horses: tuple[int, ...] | None = None
    round_wind: int | None = None
    rules: dict[str, Any] = field(default_factory=dict)


# What a fact says (its ``code``); an open list, documented in docs/replay.md.
FACT_CODES = (
    "heavenly", "earthly", "human", "last_tile", "kong_chain", "after_kong_discard",
    "robbed_kong", "win_passed", "lock_released", "wait_locked", "follow_dealer",
    "false_win", "bao_feed", "drawn_round", "horses",
)


@dataclass(frozen=True)
class Fact:
    """Something the log showed that changes the score or what a seat may do, at action
    ``action`` (its index in the log)."""

    action: int
    code: str
    seat: int | None
    detail: Sentence


@dataclass(frozen=True)
class SeatView:
    """One seat's tiles as they stand: concealed (sorted), melds in the order they reached
    their form, the discards still in its pond."""

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    discards: tuple[int, ...]


@dataclass
class ReplayAnswer:
    """A replayed round: ``finished`` (with the /settle request the log implies, its
    settlement, and any win still open on the last tile) or ``in_progress`` (with whose turn
    it is, the seats and every seat's legal actions). A driver follows ``legal`` until it is
    empty."""

    status: str
    facts: list[Fact]
    settle_request: SettleRequest | None = None
    settlement: Settlement | None = None
    turn: int | None = None
    seats: list[SeatView] | None = None
    # by seat, what it may do now: in progress, every action; finished, the wins still open
    # (一炮多响's further winners, a last tile or discard not yet won): empty when none
    legal: list[list[Action]] | None = None
