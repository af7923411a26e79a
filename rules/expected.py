"""Expected-value advice: which discard wins most often, and for the most (API.md "Expected
value"; the model and its engine are :mod:`rules.analysis.expectation`).

This module puts a variant's question to the engine: what the seat sees (``out``: its
melds, ``visible``, the flipped jing indicators; a 14-tile hand's discard besides), which
kinds are wild, and what each win collects (``POST /evaluate``'s total for the complete
hand won by self-draw on the tile drawn, the seat's dealer, winds, jing and rule options,
no flags). It answers each discard of a 14-tile hand, or a 13-tile hand, with its two
numbers, and orders the discards by the objective.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rules import places as at
from rules.analysis.expectation import (
    COPIES,
    KINDS,
    Budget,
    Table,
    TooLarge,
    pack,
    ready_wins,
    solve,
    unpack,
)
from rules.caches import cached, lru_map
from rules.error_codes import EXPECTED_TOO_LARGE, FIELD_REQUIRED
from rules.errors import InvalidInput
from rules.hand import HandView
from rules.model import (
    SELF_DRAW,
    WIN,
    Advice,
    AdviseRequest,
    DiscardAdvice,
    EvaluateRequest,
    Expected,
    ExpectedInputs,
    PlayerTiles,
)
from rules.text import msg
from rules.variant import Variant

DRAWS_LEFT = 18  # the default of ``draws_left`` without a log (API.md)
# The hand states one request may work out (a state costs some 100-200 µs: well inside the
# request's time budget of 2 s), past which the answer is a 422 that says what to ask instead.
STATES_PER_REQUEST = 10_000
# The default of ``changes``: the largest budget the service answers within the speed
# limits of issue 42 for every hand (docs/PERFORMANCE.md measures both budgets).
CHANGES = 0
NULL = Expected(None, None)

Counts = tuple[int, ...]


def inputs(request: AdviseRequest, draws_left: int | None = None) -> ExpectedInputs:
    """The model's inputs as used: the request's, else the defaults (``draws_left``: what
    a log implies, where there is one)."""
    ask = request.expected
    assert ask is not None
    left = ask.draws_left if ask.draws_left is not None else \
        draws_left if draws_left is not None else DRAWS_LEFT
    changes = ask.changes if ask.changes is not None else CHANGES
    return ExpectedInputs(left, changes, ask.objective)


def with_expected(variant: Variant, request: AdviseRequest, advice: Advice) -> Advice:
    """``advice`` with the model's numbers: each discard's (ordered by the objective, the
    first one ``best``), or the 13-tile hand's. ``request``: rule options resolved."""
    check_seat_wind(variant, request.dealer, request.seat_wind)
    used = inputs(request)
    model = Model.of(variant, request, used)
    counts = request.hand.counts
    if advice.discards is None:
        (found,) = model.values([(counts, None)])
        return replace(advice, expected=found, inputs=used)
    hands = [(_without(counts, entry.discard), entry.discard) for entry in advice.discards]
    found = model.values(hands)
    entries = [replace(entry, expected=value)
               for entry, value in zip(advice.discards, found, strict=True)]
    entries = ranked(entries, used.objective)
    return replace(advice, discards=entries, inputs=used, best=entries[0].discard)


def check_seat_wind(variant: Variant, dealer: bool, seat_wind: int | None) -> None:
    """The model values hands the seat may come to hold; where a pung of the seat's wind
    scores, a non-dealer must say its wind (a hand without such a pung could be valued
    without it, but the model meets every hand)."""
    if variant.scores_seat_wind and not dealer and seat_wind is None:
        raise InvalidInput.one(at.SEAT_WIND, msg(
            "required with 'expected': the model values every hand the seat may come to "
            "hold, and a pung of its seat wind scores (门风); give seat_wind (S, W or N for "
            "a non-dealer) or dealer: true (East)"), FIELD_REQUIRED)


def ranked(entries: list[DiscardAdvice], objective: str) -> list[DiscardAdvice]:
    """The discards by the objective's number, then the other number, then today's order
    (``entries`` come in it); entries with null numbers last."""
    def key(item: tuple[int, DiscardAdvice]) -> tuple:
        position, entry = item
        numbers = entry.expected.ranked(objective) if entry.expected else None
        if numbers is None:
            return (1, 0.0, 0.0, position)
        return (0, -numbers[0], -numbers[1], position)
    return [entry for _, entry in sorted(enumerate(entries), key=key)]


class Model:
    """One seat's question to the engine: its shapes and wild kinds, what it sees, its
    budget and its draws, and what its wins collect."""

    def __init__(self, variant: Variant, request: AdviseRequest, used: ExpectedInputs,
                 out: Counts, budget: Budget | None = None):
        self.variant, self.request, self.used, self.out = variant, request, used, out
        self.budget = budget or Budget(STATES_PER_REQUEST)
        self.table = Table(variant.shapes, variant.wild_kinds(request.jing),
                           len(request.hand.melds))
        self.wins = SelfDrawnWins.of(variant, request.hand.melds, request.dealer,
                                     request.seat_wind, request.round_wind, request.jing,
                                     request.rules)

    @classmethod
    def of(cls, variant: Variant, request: AdviseRequest, used: ExpectedInputs) -> Model:
        return cls(variant, request, used, seen_outside(variant, request))

    def values(self, hands: list[tuple[Counts, int | None]]) -> list[Expected]:
        """Each waiting hand's numbers (with the kind of one more copy it sees)."""
        found = within(self.budget, lambda: solve(
            self.table, hands, self.out, self.used.draws_left, self.used.changes,
            self.win_values, self.budget))
        return [NULL if pair is None else Expected(*pair) for pair in found]

    def win_values(self, waiting: Counts, drawn: Sequence[int]) -> list[float]:
        """What the ready hand ``waiting`` collects, won by self-draw on each of ``drawn``."""
        return self.wins.values(self.table, waiting, drawn)


@dataclass(frozen=True)
class SelfDrawnWins:
    """What a self-drawn win's total depends on besides the concealed tiles: the seat's
    melds, whether it deals, the winds, the jing and the rule options (sorted items)."""

    variant: Variant
    melds: tuple
    dealer: bool
    seat_wind: int | None
    round_wind: int | None
    jing: Any
    rules: tuple

    # the copies of each kind /evaluate counts beside the concealed tiles: the seat's melds
    # and the indicators flipped out of play (a fifth copy with them is no hand)
    beside: Counts
    seat: SeatPrices = field(compare=False)  # the same seat's, shared by its questions

    @classmethod
    def of(cls, variant: Variant, melds: tuple, dealer: bool, seat_wind: int | None,
           round_wind: int | None, jing: Any, rules: dict[str, Any]) -> SelfDrawnWins:
        beside = [0] * KINDS
        for tile in [*(t for meld in melds for t in meld.tiles), *variant._flipped(jing)]:
            beside[tile] += 1
        options = tuple(sorted(rules.items()))
        return cls(variant, melds, dealer, seat_wind, round_wind, jing, options,
                   tuple(beside),
                   seat_prices(variant, melds, dealer, seat_wind, round_wind, jing, options))

    def values(self, table: Table, waiting: Counts, drawn: Sequence[int]) -> list[float]:
        """What the ready hand ``waiting`` collects, won by self-draw on each of ``drawn``:
        /evaluate's total of the complete hand, no flags. Its waits are priced together,
        as /evaluate of the 13 tiles lists them (jiangxi prices a class of tiles that score
        alike once; a graph wins on most of a ready hand's waits): each kind it completes
        of which a copy is left beside the hand, its melds and the indicators out of play,
        whether or not the seat has seen that copy elsewhere (so the list depends on the
        hand alone, not on what the seat sees, and is kept from one question of a round
        to the next). A kind that list does not value is scored alone (the 14 tiles)."""
        # the engine's own cached waits of the hand: asked again here, a graph of more
        # ready hands than the core's waits cache holds worked every one out twice
        hand = pack(waiting)
        drawable = tuple(kind for kind in ready_wins(table, hand)
                         if waiting[kind] + self.beside[kind] < COPIES)
        totals = _wait_totals(self.seat.ref, hand, drawable) if drawable else {}
        return [totals[kind] if kind in totals else _win_total(
            self.variant, _concealed(_with(waiting, kind)), self.melds, kind, *self._seat())
            for kind in drawn]

    def _seat(self) -> tuple:
        return self.dealer, self.seat_wind, self.round_wind, self.jing, self.rules


class SeatPrices:
    """How one seat's waiting hands are priced: /evaluate's request for a self-drawn win
    but for its concealed tiles, and the wait classes its hands share. One object per
    seat, its questions' and its decisions' (:func:`seat_prices`), compared by identity:
    the cache of the hands' prices (:func:`_wait_totals`) hashes a weak reference to it and
    a packed hand, not the seat's seven fields and 13 tiles, for each of the 20,000 ready
    hands of a review of one seat. The reference is weak so that the cache's 32,768 keys
    keep no seat (and its classes) alive: the seats kept are :func:`seat_prices`' 256 and
    those of the requests in flight, as when the classes were a cache of their own."""

    __slots__ = ("__weakref__", "_asked", "classes", "kinds", "melds", "ref", "variant")

    def __init__(self, variant: Variant, melds: tuple, dealer: bool, seat_wind: int | None,
                 round_wind: int | None, jing: Any, rules: tuple):
        self.variant, self.melds = variant, melds
        self.ref = weakref.ref(self)
        self.kinds = variant.wild_kinds(jing)
        # where the variant keeps the waits it values by class
        # (:meth:`rules.variant.Variant.wait_totals`' ``classes``), one dict for all the
        # waiting hands of the seat: jiangxi's thousands of ready hands in a review come
        # in a few hundred classes (a 平胡 wait, a lone jing's, …), and a class met again in
        # another hand is not priced again. Its keys are built of shape names and flags,
        # so it stays small however many hands it serves.
        self.classes: dict = {}
        self._asked = EvaluateRequest(variant.name, PlayerTiles((), melds), None, SELF_DRAW,
                                      dealer=dealer, seat_wind=seat_wind,
                                      round_wind=round_wind, jing=jing, rules=dict(rules))

    def wait_totals(self, concealed: tuple[int, ...], tiles: tuple[int, ...],
                    ) -> dict[int, float]:
        """{tile: /evaluate's wait total} of the waiting hand, won by self-draw on each of
        ``tiles`` (each with a copy left), no flags; a tile /evaluate does not value is left
        out (the caller scores that hand alone)."""
        asked = self._asked
        request = EvaluateRequest(asked.variant, PlayerTiles(concealed, self.melds), None,
                                  SELF_DRAW, asked.dealer, None, asked.seat_wind,
                                  asked.round_wind, asked.jing, asked.flags, asked.rules)
        view = HandView.of(request.hand, self.kinds)
        if self.variant.values_waits_by_class:
            return self.variant.wait_totals(request, view, self.kinds, list(tiles),
                                            self.classes)
        return self._won_totals(request, view.as_themselves, tiles)

    def _won_totals(self, request: EvaluateRequest, counts: Counts,
                    tiles: tuple[int, ...]) -> dict[int, float]:
        """:meth:`wait_totals` of a variant that scores each win alone (``wait_value``):
        a total depends on the seat's request and the complete hand the win makes, and on
        the tile won on only where ``reads_last_tile`` says so, so it is kept by those
        (:data:`_WON_TOTALS`): the ready hands of one seat that complete to the same 14
        tiles (two thirds of a guangdong review's wins) are scored once. A test holds every
        total kept so to ``wait_value``'s (tests/expected/test_complete_hand_totals.py)."""
        variant, totals = self.variant, {}
        for tile in tiles:
            won = _with(counts, tile)
            key = self.ref, bytes(won), tile if variant.reads_last_tile(request, won) else None
            total = _WON_TOTALS.get(key, _UNKNOWN)
            if total is _UNKNOWN:
                wait = variant.wait_value(request, tile)
                total = _WON_TOTALS.put(key, None if wait.total is None else float(wait.total))
            if total is not None:
                totals[tile] = total
        return totals


# The totals of :meth:`SeatPrices._won_totals`, for every seat at once (its weak reference
# is in the key, as in :func:`_wait_totals`): one bound for all the seats a worker keeps, as a
# map of each seat's own would grow with every hand the seat was asked about.
_WON_TOTALS = lru_map(1 << 15, "expected_won_totals")
_UNKNOWN = object()  # a total not worked out yet (None: a win the variant refuses)


@cached(1 << 8, name="expected_seat_prices")
def seat_prices(variant: Variant, melds: tuple, dealer: bool, seat_wind: int | None,
                round_wind: int | None, jing, rules: tuple) -> SeatPrices:
    """The seat's :class:`SeatPrices`, the same object for all its questions."""
    return SeatPrices(variant, melds, dealer, seat_wind, round_wind, jing, rules)


def within(budget: Budget, work):
    """``work()``, its :class:`TooLarge` said as the request's error: what was asked is more
    than one request may work out, and what to ask instead."""
    try:
        return work()
    except TooLarge:
        raise InvalidInput.one(at.EXPECTED, msg(
            "valuing this needs more than {states} hand states, more than one request may "
            "work out: ask with changes 0 (where it was 1), for one seat (a review), or "
            "about a hand nearer ready",
            states=budget.total), EXPECTED_TOO_LARGE) from None


def seen_outside(variant: Variant, request: AdviseRequest) -> Counts:
    """``out``: the copies the seat sees outside its concealed tiles: its melds,
    ``visible``, and the flipped jing indicators (xingguo's, out of play; nanchang's 上精
    and 下精, face up)."""
    out = [0] * KINDS
    for meld in request.hand.melds:
        for tile in meld.tiles:
            out[tile] += 1
    for tile in request.visible:
        out[tile] += 1
    for tile in flipped(variant, request.jing):
        out[tile] += 1
    return tuple(out)


def flipped(variant: Variant, jing) -> list[int]:
    """The indicators turned face up this round: the upper one, and a lower one where the
    variant flips it (nanchang's 下精). A previous round's (回头一笑) is not on the table."""
    return [tile for name in ("indicator", "lower_indicator")
            if name in variant.jing_fields and (tile := getattr(jing, name)) is not None]


@cached(1 << 16, name="expected_win_total")
def _win_total(variant: Variant, concealed: tuple[int, ...], melds: tuple, drawn: int,
               dealer: bool, seat_wind: int | None, round_wind: int | None, jing,
               rules: tuple) -> float:
    """/evaluate's total of a self-drawn win (no flags); 0 for a hand it does not accept
    (never met: a complete hand always wins by self-draw, a test holds it)."""
    evaluation = variant._evaluate(EvaluateRequest(
        variant.name, PlayerTiles(concealed, melds), drawn, SELF_DRAW, dealer=dealer,
        seat_wind=seat_wind, round_wind=round_wind, jing=jing, rules=dict(rules)))
    if not evaluation.winning or evaluation.total is None:
        return 0.0
    return float(evaluation.total)


# 32,768 hands: a four-seat review of a nanchang round interleaves its seats' ready hands
# (57,451 priced, the seats alone), and at 16,384 it priced 2,935 of them again (5.1 %)
# once another seat's had pushed them out. 740 bytes a hand (tracemalloc): 23 MiB a worker
# when full.
@cached(1 << 15, name="expected_wait_totals")
def _wait_totals(seat: weakref.ref[SeatPrices], hand: int,
                 tiles: tuple[int, ...]) -> dict[int, float]:
    """:meth:`SeatPrices.wait_totals` of the packed waiting ``hand`` (``seat``: alive, its
    caller holds it)."""
    prices = seat()
    assert prices is not None
    return prices.wait_totals(_concealed(unpack(hand)), tiles)


_KIND_BYTE = tuple(bytes([kind]) for kind in range(KINDS))


def _concealed(counts: Counts) -> tuple[int, ...]:
    """The tiles of ``counts``, in order (joined as bytes: a third of the time of a
    generator, for each of the 20,000 ready hands of a review)."""
    return tuple(b"".join([_KIND_BYTE[tile] * n for tile, n in enumerate(counts) if n]))


def _with(counts: Counts, tile: int) -> Counts:
    return (*counts[:tile], counts[tile] + 1, *counts[tile + 1:])


def _without(counts: Counts, tile: int) -> Counts:
    return (*counts[:tile], counts[tile] - 1, *counts[tile + 1:])


__all__ = [
    "CHANGES",
    "DRAWS_LEFT",
    "STATES_PER_REQUEST",
    "WIN",
    "Model",
    "SeatPrices",
    "SelfDrawnWins",
    "inputs",
    "ranked",
    "seat_prices",
    "seen_outside",
    "with_expected",
    "within",
]
