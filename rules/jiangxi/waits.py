"""The waits of a Jiangxi hand, valued one class of tiles at a time.

A waiting hand's waits are worth what the hand scores once it wins on each tile
(:meth:`rules.variant.Variant.wait_value`, the reference: the won request validated and
scored, tile by tile). A lone jing waits on all 34 kinds and nearly all of them score alike
(the tile pairs the jing: 精吊), so scoring 34 hands mostly repeats one. :func:`wait_classes`
gives each tile a key such that two tiles with the same key are worth the same (total,
pattern ids and note); the first tile of each key is valued (:func:`class_value`) and the
others take its value.

The key of a tile ``t``: whether ``t`` is a jing kind; for a tile that is not, the shapes of
the hand won on it with the jing as wilds and with every jing as itself (two entries of
:func:`~rules.analysis.shapes_after`); for a jing, those shapes for each way a jing won so
is read (drawn: one more wild; claimed: itself, in nanchang also a wild) and its 德国精吊
candidates. None (no class: valued by ``wait_value``) for a tile that cannot be robbed when
a robbed kong is tried.

Why it is sound. Fix the request (everything but the tile). ``wait_value`` tries each win
type in turn (the request's, then self-draw) on the query ``request`` + ``t`` and keeps the
first that wins; what one try reads of ``t``:

1. The checks (``evaluate_errors``) read the won hand only through ``holds_jing`` (霸胡's
   ``no_jing_held``): whether the waiting hand holds jing, fixed, or ``t`` is one, in the
   key. A class is refused alike, and its first tile is the first the tile order refused.
2. A robbed kong first asks ``rob_hand_errors``: only whether ``t`` is held or flipped
   (and its note names ``t``). Such a tile has no class; every other passes alike.
3. The seating (``_evaluate_seating``) reads the dealer, the discarder and the flags, not
   ``t``. The situation reads ``t`` as ``win_tile`` and through ``winner_holds_jing``
   (``t`` a jing, again). ``win_tile`` is read only by ``last_tiles``, which answers
   ``[t]`` unless 天胡 (every tile held may be the last: a 天胡 request is not classed),
   and by a shown answer's note (a wait shows none).
4. ``search`` reads ``t`` as the last tile: how it is read (``claimed_jing_readings``:
   whether ``t`` is a jing, and the win type), the view of the won hand for each reading
   (``hand_view``, :func:`view_with` here) and the draw of it, from which it takes

   * the shape candidates (``shape_candidates``): a function of the two shape sets in the
     key, the wilds held (fixed, but for a drawn jing: one more, in the key) and the melds;
   * ``jing_diao_structure`` and the 精吊 candidates of ``before_last``: the hand before its
     last tile is the waiting hand itself whatever ``t`` is (taking away the tile, or the
     wild it is, leaves the waiting hand's natural counts and wilds), so they are the same
     for every tile — but for their ``last``, which no value reads (a shown decomposition
     does);
   * the 德国精吊 candidates of a jing ``t`` (another of its own kind, as itself): in the key.

   Each candidate is then barred (its shape and German, the structure, the win type) or
   valued by ``hand_value`` (shape, German, 精吊 and the situation; the hooks of xingguo and
   nanchang read no tile) and the best kept by total, then German, then 精吊, in the
   candidates' order. Equal candidates (up to ``last``) give equal bests: equal totals,
   pattern ids and reasons for refusing.

The sentences a wait may carry (``only by self_draw: …``, the refusals of
:mod:`rules.jiangxi.scoring`) name no tile but the robbed kong's, so a class's value is its
first tile's with the tile changed. :func:`class_value` works that value out as
``wait_value`` does, from what the waiting hand already knows: the query and situation of
each try built once (the situation then takes ``win_tile`` and ``winner_holds_jing``), the
checks run and the candidates priced once per try and holding of jing (points 1 and 3),
the candidates read off the shapes in the key, and ``search``'s own
:func:`~rules.jiangxi.scoring.weigh`. The reference stays: a tile without a class and a 天胡
are valued by ``wait_value``, and a test holds every wait of the class path to it
(tests/unit/test_wait_classes.py).

Across waiting hands. The expected-value engine prices thousands of waiting hands of one
seat, asked alike: the same request (seating, winds, jing, flags, options, melds) but for
the concealed tiles, and most of their classes are few (a 平胡 wait, a lone jing's, …).
What a class's value reads of its waiting hand besides the class key is, by the points
above: whether the hand holds jing (the checks and the situation, points 1 and 3); whether
it holds a wild, and then its 精吊 shapes (point 4: the hand before the last tile is the
waiting hand itself, whatever the tile and however it is read, so ``diao_shapes`` of its
natural counts and wilds less the lone jing); the 德国精吊 candidates of a jing tile are
in the key already. So ``wait_values`` may keep class values by (:func:`hand_key`, class
key) for the hands of one request: a test holds every wait valued so to ``wait_value``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from rules.analysis import ShapeRules, shapes_after, shapes_of
from rules.errors import FieldError
from rules.hand import HandView
from rules.jiangxi.family import JiangxiSituation, JiangxiTables
from rules.jiangxi.reading import (
    Draw,
    chow_melds,
    diao_shapes,
    holds_jing,
    shaped_candidates,
)
from rules.jiangxi.scoring import Prices, Search, claimed_jing_readings, found_value, weigh
from rules.model import DISCARD, ROB_KONG, TERMS, EvaluateRequest, Evaluation, Wait
from rules.text import Sentence, msg
from rules.validation import raise_if
from rules.variant import wait_win_types

Shapes = frozenset[str]
# (shape, German, 精吊) of a candidate: the candidate less the ``last`` that no value reads.
Bare = tuple[str, bool, bool]


class Attempt(NamedTuple):
    """One win type a wait is tried with, as ``wait_value`` tries it."""

    win_type: str
    query: EvaluateRequest  # the request won so (its hand and win_tile still the waiting's)
    situation: JiangxiSituation  # the situation of ``query`` (win_tile None)
    claimed: bool  # the last tile is taken from another player (a discard, a robbed kong)


class WaitingHand:
    """A waiting hand as :func:`wait_classes` and :func:`class_value` read it, worked out once
    for all the tiles it waits on. What its classes read (the shapes, the win types tried,
    whether it holds jing) is worked out at once; the tries themselves (``attempts``: each
    win type's query and situation) and the tiles held, only once a class is valued: most of
    the waiting hands the expected-value engine prices find all their classes valued before
    (``wait_values``' ``classes``), and building their tries was a sixth of their pricing."""

    def __init__(self, variant: JiangxiTables, request: EvaluateRequest, view: HandView,
                 kinds: frozenset[int]):
        melds = len(view.melds)
        self.variant, self.request = variant, request
        self.view = view  # the waiting hand, jing split off
        self.kinds = kinds  # the wild kinds
        self.rules: ShapeRules = variant.shapes
        self.won_jing_wild = variant.won_jing_wild  # nanchang: a claimed jing is also wild
        self.win_types = tuple(wait_win_types(request))  # the win types tried, in turn
        self.holds_jing = holds_jing(request.hand, kinds)  # in the hand or the melds
        # [t]: shapes with t added as a natural tile, jing wild; and every jing as itself
        self.with_tile = shapes_after(view.natural, view.wilds, self.rules, melds)
        # (the same counts when no jing is held: asked once)
        self.as_themselves = self.with_tile if not view.wilds else shapes_after(
            view.as_themselves, 0, self.rules, melds)
        # shapes with a drawn jing added: one more wild
        self.with_wild: Shapes = shapes_of(view.natural, view.wilds + 1, self.rules, melds) \
            if kinds else frozenset()
        self.chow_melded = chow_melds(view.melds)  # a meld is a chow (no 大七)
        # by attempt and whether the won hand holds jing (all they read of the tile): the
        # checks of the query won on a tile, and the candidates priced so far
        self.errors: dict[tuple[int, bool], list[FieldError]] = {}
        self.prices: dict[tuple[int, bool], Prices] = {}
        self._attempts: tuple[Attempt, ...] | None = None

    # (worked out on first use by hand: 3.11's ``cached_property`` takes a lock each time)
    @property
    def attempts(self) -> tuple[Attempt, ...]:
        """Each win type tried, with its query and situation."""
        if self._attempts is None:
            self._attempts = self._tries()
        return self._attempts

    def _tries(self) -> tuple[Attempt, ...]:
        request, variant, found = self.request, self.variant, []
        for k, win_type in enumerate(self.win_types):
            # the added self-draw has no discarder (as wait_value)
            dealer_discarded = request.discarder_is_dealer if k == 0 else None
            query = replace(request, win_type=win_type, discarder_is_dealer=dealer_discarded)
            found.append(Attempt(win_type, query, variant.situation(query, win_type, self.kinds),
                                 win_type in (DISCARD, ROB_KONG)))
        return tuple(found)

    @property
    def held(self) -> tuple[int, ...]:
        """Counts of the tiles held, melds included (as ``rob_hand_errors``; asked once
        by :func:`wait_classes` where a robbed kong is tried)."""
        held = list(self.request.hand.counts)
        for meld in self.request.hand.melds:
            for t in meld.tiles:
                held[t] += 1
        return tuple(held)

    @property
    def flipped(self) -> frozenset[int]:
        """The tiles flipped out of play (as :attr:`held`)."""
        return frozenset(self.variant._flipped(self.request.jing))


def waiting_hand(variant: JiangxiTables, request: EvaluateRequest, view: HandView,
                 kinds: frozenset[int]) -> WaitingHand:
    """The waiting hand of ``request`` (``view``: its view), ready for its tiles to be
    classed and valued."""
    return WaitingHand(variant, request, view, kinds)


def wait_classes(hand: WaitingHand, tiles: list[int]) -> list[tuple | None]:
    """The key of each tile's class, in order (see the module's docstring), or None: value
    that tile alone. A tile that is not a jing is read as itself whatever the win type:
    its key is its two shape sets; a jing's (True, its shapes per reading, its 德国精吊)."""
    robbed = hand.win_types[0] == ROB_KONG
    plain = list(zip(hand.with_tile, hand.as_themselves, strict=True))
    keys: list[tuple | None] = []
    held, flipped = (hand.held, hand.flipped) if robbed else ((), frozenset())
    for tile in tiles:
        if robbed and not _robbable(held, flipped, tile):
            keys.append(None)  # its note names the tile
        elif tile in hand.kinds:
            sketches = tuple([_shapes(hand, tile, natural)
                              for natural in _readings(hand, tile)])
            keys.append((True, sketches, _german_jing_diao(hand, tile)))
        else:
            keys.append(plain[tile])
    return keys


def hand_key(hand: WaitingHand) -> tuple[bool, tuple[str, ...] | None]:
    """What a class's value reads of its waiting hand besides the class key (see the
    module's docstring, "Across waiting hands"): whether the hand holds jing, and, where it
    holds a wild, the shapes of its 精吊 readings (None: no wild held)."""
    view = hand.view
    diao = diao_shapes(view.natural, view.wilds - 1, hand.rules, bool(view.melds),
                       hand.chow_melded) if view.wilds else None
    return hand.holds_jing, diao


def _robbable(held: tuple[int, ...], flipped: frozenset[int], tile: int) -> bool:
    """``rob_hand_errors`` finds nothing: the winner holds the robbed tile once, and no
    other copy is held (melds included: ``held``) or flipped out of play."""
    return not held[tile] and tile not in flipped


def _readings(hand: WaitingHand, tile: int) -> list[int | None]:
    """Every way the last tile is read by some attempt (``claimed_jing_readings``)."""
    found: list[int | None] = []
    for win_type in hand.win_types:
        for natural in claimed_jing_readings(tile, win_type in (DISCARD, ROB_KONG), hand.kinds,
                                             hand.won_jing_wild):
            if natural not in found:
                found.append(natural)
    return found


def _shapes(hand: WaitingHand, tile: int,
            natural: int | None) -> tuple[Shapes, Shapes | None]:
    """(shapes with every jing as itself, shapes with the jing as wilds or None when no
    wild is held) of the hand won on ``tile``, read as ``natural`` (None: as drawn, a jing
    one more wild; else a claimed jing as itself): what :func:`shaped_candidates` reads."""
    if tile in hand.kinds and natural is None:
        return hand.as_themselves[tile], hand.with_wild
    return hand.as_themselves[tile], hand.with_tile[tile] if hand.view.wilds else None


def _german_jing_diao(hand: WaitingHand, tile: int) -> tuple[Bare, ...]:
    """The 德国精吊 candidates of the hand won on the jing ``tile`` (it pairs a lone jing of
    its own kind, every jing read as itself), the same however the tile is read:
    :func:`~rules.jiangxi.reading.german_diao_shapes` of the won hand, whose rest (less
    the pair) is the waiting hand less one ``tile``, read without building the won hand."""
    counts = hand.view.as_themselves
    if not counts[tile]:
        return ()  # no lone jing of the tile's kind to pair
    rest = (*counts[:tile], counts[tile] - 1, *counts[tile + 1:])
    shapes = diao_shapes(rest, 0, hand.rules, bool(hand.view.melds), hand.chow_melded)
    return tuple([(shape, True, True) for shape in shapes])


def class_value(variant: JiangxiTables, hand: WaitingHand, tile: int, first: int = 0) -> Wait:
    """What winning on ``tile`` is worth, as ``wait_value`` works it out, from what the
    waiting hand already knows: each win type in turn (the request's, then self-draw), the
    checks of the won request (kept by attempt and whether the won hand holds jing: all
    they read of the tile), then the best reading. ``tile`` can be robbed if a robbed kong
    is tried (``wait_classes``). ``first``: the attempt to start from (1: a discard's hand
    valued as a self-draw, the attempt its fallback makes, whose prices it then shares)."""
    note: Sentence = ""
    for k in range(first, len(hand.attempts)):
        attempt = hand.attempts[k]
        # the won hand holds jing: the waiting hand does, or the tile is one
        holds = attempt.situation.winner_holds_jing or tile in hand.kinds
        raise_if(_errors(variant, hand, k, holds, tile))
        situation = attempt.situation._replace(win_tile=tile, winner_holds_jing=holds)
        result = won_on(variant, hand, tile, situation, attempt.claimed,
                        hand.prices.setdefault((k, holds), {}))
        if result.winning:
            if k > first:
                note = msg("only by {win_type}: {note}", win_type=TERMS[attempt.win_type],
                           note=note)
            return Wait(tile, result.total, [p.id for p in result.patterns], note,
                        attempt.win_type)
        note = result.message or ""
    return Wait(tile, None, [], note)


def _errors(variant: JiangxiTables, hand: WaitingHand, k: int, holds: bool,
            tile: int) -> list[FieldError]:
    """The variant's checks of the request won on ``tile`` by attempt ``k``: they read the
    won hand only through whether it holds jing (``holds``), so once per attempt and that."""
    key = k, holds
    errors = hand.errors.get(key)
    if errors is None:
        query = hand.attempts[k].query
        won = replace(query.hand, concealed=tuple(sorted((*query.hand.concealed, tile))))
        errors = hand.errors[key] = variant.evaluate_errors(
            replace(query, hand=won, win_tile=tile))
    return errors


def won_on(variant: JiangxiTables, hand: WaitingHand, tile: int,
           situation: JiangxiSituation, claimed: bool, prices: Prices) -> Evaluation:
    """``search`` and ``found_value`` of the hand won on ``tile`` (``situation``: with that
    win tile), each reading of the tile weighed on a view built from the waiting hand's
    and on the shapes its :func:`shapes_after` already found (``prices``: the candidates
    priced before in this situation)."""
    found = Search()
    for natural in claimed_jing_readings(tile, claimed, hand.kinds, hand.won_jing_wild):
        view = view_with(hand.view, tile, hand.kinds, natural)
        shapes = shaped_candidates(*_shapes(hand, tile, natural), hand.chow_melded)
        draw = Draw(view, tile, last_wild=natural is None and tile in hand.kinds)
        weigh(found, variant, draw, shapes, situation, prices)
    return found_value(variant, found, situation)


def view_with(view: HandView, tile: int, kinds: frozenset[int],
              natural: int | None) -> HandView:
    """``hand_view(hand + tile, kinds, natural)`` from the waiting hand's ``view``, without
    counting the hand again: a drawn jing is one more wild, any other tile (or a claimed
    jing read as itself) one more natural tile."""
    as_themselves = _plus(view.as_themselves, tile)
    if tile in kinds and natural is None:
        wild = tuple(sorted((*view.wild_tiles, tile)))
        return HandView(view.natural, wild, as_themselves, view.melds)
    return HandView(_plus(view.natural, tile), view.wild_tiles, as_themselves, view.melds)


def _plus(counts: tuple[int, ...], tile: int) -> tuple[int, ...]:
    return (*counts[:tile], counts[tile] + 1, *counts[tile + 1:])
