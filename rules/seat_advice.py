"""A seat's next move from a log (``POST /advise`` in log mode; API.md "Expected value").

The log is replayed (:mod:`rules.play`), and the seat's question is built from what it sees
there and nothing else: its own concealed tiles and melds, every discard, every seat's
chows, pungs and exposed kongs, the flipped jing indicators. The wall and the others'
concealed tiles (their concealed kongs too) are never read, so two logs that differ only
there get the same answer. Each legal action of the seat (as ``/replay``'s ``legal`` writes
it, a draw without its tile; and ``pass`` for a seat that may claim the open tile and is
not the next drawer) is valued by the expected-value model (:mod:`rules.expected`):

* ``win``: the win itself (1, and its /evaluate total with the win type the log implies);
* ``discard`` d: ``V_0(H14 − d)``, d seen; ``pass``: ``V_0(H)``;
* ``draw``: ``Σ_x r_H(x)/R · C(H + x)``, ``C`` the free choice holding 14 tiles: a win
  when it is one, else the best discard's ``V_0``;
* ``chow``, ``pung``: the best discard's ``V_0`` after the claim;
* a kong: ``Σ_x r/R · C`` over its replacement draw, which uses none of ``draws_left``.

A max or a sum that needs a null is null; ``best`` is the action the objective ranks first
(ties: the other number, then the order of ``actions``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from rules import expected
from rules import places as at
from rules.advice import advise
from rules.analysis.expectation import (
    COPIES,
    KINDS,
    MAX_SHANTEN,
    Budget,
    Planned,
    Table,
    plan,
    valued,
)
from rules.error_codes import EXPECTED_ROUND_OVER
from rules.errors import InvalidInput
from rules.expected import (
    NULL,
    check_seat_wind,
    flipped,
    inputs,
    ranked,
    within,
)
from rules.model import (
    ADDED_KONG,
    CHOW,
    CONCEALED_KONG,
    DISCARD,
    KONG,
    PUNG,
    ROB_KONG,
    SELF_DRAW,
    Advice,
    AdviseRequest,
    EvaluateRequest,
    Expected,
    ExpectedInputs,
    Meld,
    PlayerTiles,
)
from rules.options import resolve
from rules.play import Action, Round, start
from rules.play.model import (
    ADDED_KONG_ACTION,
    CHOW_ACTION,
    CONCEALED_KONG_ACTION,
    DISCARD_ACTION,
    DRAW,
    KONG_ACTION,
    PUNG_ACTION,
    WIN_ACTION,
)
from rules.play.replay import answer as replay_answer
from rules.play.state import KONG_PHASE, OFFER
from rules.text import msg
from rules.tiles import WINDS
from rules.variant import Variant

PASS = "pass"
Counts = tuple[int, ...]


@dataclass(frozen=True)
class ValuedAction:
    """One action the seat may take now, with the model's numbers after it."""

    action: Action
    expected: Expected


@dataclass(frozen=True)
class SeatAdvice:
    """Log mode's answer: the seat's own advice as hand mode gives it for its tiles (what
    it sees elsewhere as ``visible``; the discards, when it holds 14, valued as its discard
    actions are), its legal actions now, each valued, and the best one."""

    seat: int
    advice: Advice
    actions: list[ValuedAction]
    best: Action | None


def advise_seat(variant: Variant, request: AdviseRequest) -> SeatAdvice:
    """The advice for ``request.seat`` at the end of the in-progress ``request.log``."""
    log, seat = request.log, request.seat
    assert log is not None and seat is not None
    rules = resolve(variant.options, log.rules, variant.name)
    board = start(variant, log, rules)
    for action in log.actions:
        board.push(action)
    if replay_answer(board, log).status != "in_progress":
        raise InvalidInput.one(at.LOG, msg(
            "the round has ended: log mode advises a round in progress (give the log up to "
            "the move to advise)"), EXPECTED_ROUND_OVER)
    sight = Sight.of(board, seat)
    own = _own_request(variant, board, seat, sight, rules, request)
    check_seat_wind(variant, own.dealer, own.seat_wind)
    used = inputs(request, draws_left=draws_left_of(board, seat))
    budget = Budget(expected.STATES_PER_REQUEST)
    valued = within(budget, lambda: value_actions(variant, board, seat, used, rules,
                                                  budget=budget))
    if any(v.action.type == DISCARD_ACTION for v in valued):
        # its discards are valued as the discard actions are: hand mode's own numbers
        # for them would be worked out only to be replaced
        own = replace(own, expected=None)
    found = _with_discard_values(advise(variant, own), valued, used)
    return SeatAdvice(seat, found, valued, best_action(valued, used.objective))


def seat_actions(board: Round, seat: int) -> list[Action]:
    """The seat's actions now, as log mode lists them: ``legal`` (a draw without its
    tile), and ``pass`` for a seat that may claim the open tile and does not draw next."""
    listed = [_unseen_draw(a) for a in board.legal_actions(seat)]
    if _may_pass(board, seat, listed):
        listed.append(Action(seat, PASS))
    return listed


def value_actions(variant: Variant, board: Round, seat: int, used: ExpectedInputs,
                  rules: dict[str, Any], actions: list[Action] | None = None,
                  budget: Budget | None = None) -> list[ValuedAction]:
    """Each of ``actions`` (the seat's actions now, when None) with the model's numbers,
    from what the seat sees on ``board``; :class:`TooLarge` past ``budget`` (the caller says
    what that means: log mode refuses the request, a review leaves the decision unvalued)."""
    sight = Sight.of(board, seat)
    listed = seat_actions(board, seat) if actions is None else actions
    # Two passes over the same questions: the first asks every question the actions need,
    # and all their graphs are built and paid for (the largest first); the second prices
    # their wins and works out their values. A question past the budget is then refused
    # before any is priced: one action's question (a draw's, some 460 hands) past it had
    # made a review throw away the priced graph of another (the decision's pass), 0.7 s at
    # a time.
    plans = Plans()
    valuer = Valuer(variant, board, seat, sight, used, rules, plans)
    _valued(valuer, listed)
    plans.plan(used.changes, budget or Budget(expected.STATES_PER_REQUEST))
    valued = _valued(valuer, listed)
    assert plans.taken == len(plans.made)  # the second pass asked what the first did
    return valued


def _valued(valuer: Valuer, listed: list[Action]) -> list[ValuedAction]:
    kept = valuer.kept_hands(listed)
    return [ValuedAction(a, kept[i] if i in kept else valuer.value(a))
            for i, a in enumerate(listed)]


def _own_request(variant: Variant, board: Round, seat: int, sight: Sight,
                 rules: dict[str, Any], request: AdviseRequest) -> AdviseRequest:
    """The seat's tiles as a hand-mode question: ``visible`` is what it sees elsewhere (a
    flipped indicator that stays in play among it; one out of play is the variant's)."""
    visible = list(sight.elsewhere)
    for tile in flipped(variant, board.jing):
        if tile not in variant._flipped(board.jing):
            visible.append(tile)
    return AdviseRequest(variant.name, PlayerTiles(_tiles(sight.concealed), sight.melds),
                         board.jing, tuple(sorted(visible)), seat == board.dealer,
                         WINDS[(seat - board.dealer) % 4], board.round_wind, rules,
                         expected=request.expected)


def _with_discard_values(found: Advice, valued: list[ValuedAction],
                         used: ExpectedInputs) -> Advice:
    """Hand mode's advice of a seat holding 14, its discards valued as the discard actions
    are (the same numbers: ``V_0`` of the hand left, the discard seen) and ordered by the
    objective; the inputs said in either case."""
    if found.discards is None:
        return replace(found, inputs=used)
    by_tile = {v.action.tile: v.expected for v in valued if v.action.type == DISCARD_ACTION}
    if not by_tile:
        return replace(found, inputs=used)
    entries = ranked([replace(e, expected=by_tile.get(e.discard)) for e in found.discards],
                     used.objective)
    return replace(found, discards=entries, inputs=used, best=entries[0].discard)


def best_action(valued: list[ValuedAction], objective: str) -> Action | None:
    """The action the objective ranks first (ties: the other number, then the order)."""
    ranked = [(v.expected.ranked(objective), -i, v.action) for i, v in enumerate(valued)]
    scored = [(numbers, order, action) for numbers, order, action in ranked
              if numbers is not None]
    if not scored:
        return None
    return max(scored, key=lambda item: (item[0], item[1]))[2]


def draws_left_of(board: Round, seat: int) -> int:
    """The wall's remaining draws (less a kong's pending replacement) that fall to ``seat``
    in turn order from the seat after the one in turn (the seat holding 14 tiles, the
    kong's owner, or the last discarder)."""
    left = board.left - (1 if board.phase == KONG_PHASE else 0)
    first = (board.turn + 1) % 4
    return sum(1 for i in range(max(left, 0)) if (first + i) % 4 == seat)


def _unseen_draw(action: Action) -> Action:
    """A draw as the seat knows it: without its tile (it never learns the wall)."""
    return Action(action.seat, DRAW) if action.type == DRAW else action


def _may_pass(board: Round, seat: int, listed: list[Action]) -> bool:
    """A seat that may claim the open tile (win, pung, kong, chow) and does not draw next."""
    claims = {WIN_ACTION, PUNG_ACTION, KONG_ACTION, CHOW_ACTION}
    if board.phase not in (OFFER, KONG_PHASE) or seat == board.turn:
        return False
    return any(a.type in claims for a in listed) and not any(a.type == DRAW for a in listed)


@dataclass(frozen=True)
class Sight:
    """What the seat sees: its concealed counts and melds; ``elsewhere``, every discard and
    every other seat's chow, pung and exposed kong (an added kong's declared tile too);
    ``out``, the copies it sees outside its concealed tiles (its melds, ``elsewhere`` and the
    flipped indicators)."""

    concealed: Counts
    melds: tuple[Meld, ...]
    elsewhere: tuple[int, ...]
    out: Counts

    @classmethod
    def of(cls, board: Round, seat: int) -> Sight:
        elsewhere: list[int] = []
        for other in range(4):
            view = board.seat_view(other)
            elsewhere += view.discards
            if other != seat:
                elsewhere += [t for m in view.melds if m.kind != CONCEALED_KONG
                              for t in m.tiles]
        if board.phase == KONG_PHASE and board.pending is not None and board.turn != seat:
            elsewhere.append(board.offer)  # an added kong's fourth tile, declared
        state = board.seats[seat]
        own = [t for m in state.melds for t in m.tiles]
        if board.phase == KONG_PHASE and board.pending is not None and board.turn == seat:
            own.append(board.offer)  # its own added kong's fourth tile
        out = [0] * KINDS
        for tile in [*elsewhere, *own, *flipped(board.variant, board.jing)]:
            out[tile] += 1
        return cls(tuple(state.counts), tuple(state.melds), tuple(elsewhere), tuple(out))


@dataclass
class Plans:
    """The questions of one valuation: asked in a first pass, then planned (built and paid
    for) together, then solved in the order they were asked in a second (:func:`value_actions`)."""

    asked: list[tuple[Table, list[tuple[Counts, int | None]], Counts]] = field(
        default_factory=list)
    made: list[Planned] = field(default_factory=list)
    taken: int = 0
    planning: bool = True

    def plan(self, changes: int, budget: Budget) -> None:
        """Build every question's graph, the one of the most hands first: a question past
        the budget is most often the largest (a draw's, some 460 hands), and is then
        refused before the others are built (which question is refused does not change
        whether one is: :class:`Planned`)."""
        made: dict[int, Planned] = {}
        for i in sorted(range(len(self.asked)), key=lambda i: -len(self.asked[i][1])):
            table, hands, out = self.asked[i]
            made[i] = plan(table, hands, out, changes, budget)
        self.made = [made[i] for i in range(len(self.asked))]
        self.planning = False

    def next(self) -> Planned:
        self.taken += 1
        return self.made[self.taken - 1]


class Valuer:
    """Values the seat's actions: ``V_0`` of waiting hands, ``C`` of hands holding 14, wins.
    Run twice (:func:`value_actions`): while its ``plans`` are planning it only asks each
    question and answers zeros (nulls where the answer is null, so every later question is
    the same); then it solves the planned questions in turn."""

    def __init__(self, variant: Variant, board: Round, seat: int, sight: Sight,
                 used: ExpectedInputs, rules: dict[str, Any], plans: Plans):
        self.variant, self.board, self.seat = variant, board, seat
        self.sight, self.used, self.rules = sight, used, rules
        self.plans = plans
        self.dealer = seat == board.dealer
        self.seat_wind = WINDS[(seat - board.dealer) % 4]

    # the model's two questions ---------------------------------------------------
    def waiting(self, hands: list[tuple[Counts, int | None]], melds: tuple[Meld, ...],
                out: Counts) -> list[Expected]:
        """``V_0`` of each waiting hand (with the kind of one more copy it sees)."""
        table = Table(self.variant.shapes, self.variant.wild_kinds(self.board.jing),
                      len(melds))
        if self.plans.planning:  # asked now, answered in the second pass
            self.plans.asked.append((table, hands, out))
            return [Expected(0.0, 0.0) if valued(table, hand) else NULL for hand, _ in hands]
        wins = partial(expected.SelfDrawnWins.of(
            self.variant, melds, self.dealer, self.seat_wind, self.board.round_wind,
            self.board.jing, self.rules).values, table)
        found = self.plans.next().solve(self.used.draws_left, wins)
        return [NULL if pair is None else Expected(*pair) for pair in found]

    def after_draw(self, hand: Counts, melds: tuple[Meld, ...], out: Counts) -> Expected:
        """``Σ_x r_H(x)/R · C(H + x)``: a draw into the waiting ``hand``, then the free
        choice holding 14 tiles."""
        left = [max(0, COPIES - out[x] - hand[x]) for x in range(KINDS)]
        total = sum(left)
        if not total:
            return Expected(0.0, 0.0)
        drawn = [x for x in range(KINDS) if left[x]]
        if self._some_null(hand, melds):
            return NULL  # a sum that needs a null is null
        choices = self.choices([_plus(hand, x) for x in drawn], melds, out, drawn)
        return _weighted([(left[x] / total, c) for x, c in zip(drawn, choices, strict=True)])

    def _some_null(self, hand: Counts, melds: tuple[Meld, ...]) -> bool:
        """Does some draw then discard leave the hand more than 3 from ready? A throw and a
        draw move the shanten by one at most, so only a hand 3 from ready can."""
        table = Table(self.variant.shapes, self.variant.wild_kinds(self.board.jing),
                      len(melds))
        now = table.shanten(hand)
        if now < MAX_SHANTEN:
            return False
        return any(table.shanten(_minus(_plus(hand, x), d)) > MAX_SHANTEN
                   for x in range(KINDS) if hand[x] < COPIES
                   for d in range(KINDS) if (_plus(hand, x))[d])

    def choices(self, hands: list[Counts], melds: tuple[Meld, ...], out: Counts,
                drawn: list[int | None]) -> list[Expected]:
        """``C(H14)`` of each hand holding 14 (``drawn``: its last tile, which a win is
        scored on): the win's value when it is a self-drawn win, else the best discard's
        ``V_0``, each discard counted as seen, each number on its own."""
        table = Table(self.variant.shapes, self.variant.wild_kinds(self.board.jing),
                      len(melds))
        roots: list[tuple[Counts, int | None]] = []
        spans = []
        for hand in hands:
            if table.complete(hand):
                spans.append(None)
                continue
            first = len(roots)
            roots += [(_minus(hand, d), d) for d in range(KINDS) if hand[d]]
            spans.append((first, len(roots)))
        if any(table.shanten(root) > MAX_SHANTEN for root, _ in roots):
            # a discard more than 3 from ready makes its hand's C null, and a draw's sum
            # with it: the rest would be worked out for nothing
            return [NULL if span is not None and any(
                table.shanten(root) > MAX_SHANTEN for root, _ in roots[span[0]:span[1]])
                else self.choices([hand], melds, out, [last])[0]
                for hand, span, last in zip(hands, spans, drawn, strict=True)] \
                if len(hands) == 1 else self._with_nulls(hands, spans, roots, melds, out,
                                                         drawn, table)
        found = self.waiting(roots, melds, out) if roots else []
        out_values = []
        for hand, span, last in zip(hands, spans, drawn, strict=True):
            if span is None:
                out_values.append(Expected(1.0, self.win_total(hand, melds, last, SELF_DRAW)))
            else:
                out_values.append(_best(found[span[0]:span[1]]))
        return out_values

    def _with_nulls(self, hands: list[Counts], spans: list, roots: list, melds: tuple,
                    out: Counts, drawn: list[int | None], table: Table) -> list[Expected]:
        """:meth:`choices` where some discard is more than 3 from ready: those hands'
        ``C`` are null; the others are worked out."""
        kept = [i for i, span in enumerate(spans) if span is None or not any(
            table.shanten(root) > MAX_SHANTEN for root, _ in roots[span[0]:span[1]])]
        valued = self.choices([hands[i] for i in kept], melds, out, [drawn[i] for i in kept])
        found = dict(zip(kept, valued, strict=True))
        return [found.get(i, NULL) for i in range(len(hands))]

    def discards(self, hand: Counts, melds: tuple[Meld, ...], out: Counts) -> Expected:
        """The best discard's ``V_0`` of a hand holding 14 (after a claim: no win)."""
        roots = [(_minus(hand, d), d) for d in range(KINDS) if hand[d]]
        return _best(self.waiting(roots, melds, out))

    def win_total(self, counts: Counts, melds: tuple[Meld, ...], tile: int | None,
                  win_type: str, discarder_is_dealer: bool | None = None) -> float:
        if self.plans.planning:
            return 0.0  # priced in the second pass
        concealed = tuple(t for t, n in enumerate(counts) for _ in range(n))
        evaluation = self.variant._evaluate(EvaluateRequest(
            self.variant.name, PlayerTiles(concealed, melds), tile, win_type,
            dealer=self.dealer, discarder_is_dealer=discarder_is_dealer,
            seat_wind=self.seat_wind, round_wind=self.board.round_wind,
            jing=self.board.jing, rules=self.rules))
        return float(evaluation.total or 0) if evaluation.winning else 0.0

    # each action -----------------------------------------------------------------
    def kept_hands(self, actions: list[Action]) -> dict[int, Expected]:
        """{index: numbers} of the actions that leave the seat a waiting hand of its own
        tiles (each discard, the discard seen; a pass), worked out together: their hands
        differ by one tile, so one graph of states holds them all (each alone would build
        most of it again)."""
        hand = self.sight.concealed
        picked = [(i, (_minus(hand, a.tile), a.tile) if a.type == DISCARD_ACTION
                   else (hand, None)) for i, a in enumerate(actions)
                  if (a.type == DISCARD_ACTION and a.tile is not None) or a.type == PASS]
        if not picked:
            return {}
        found = self.waiting([root for _, root in picked], self.sight.melds, self.sight.out)
        return {i: value for (i, _), value in zip(picked, found, strict=True)}

    def value(self, action: Action) -> Expected:
        sight, hand = self.sight, self.sight.concealed
        kind = action.type
        if kind == WIN_ACTION:
            return self._win()
        if kind == DISCARD_ACTION:
            assert action.tile is not None
            (found,) = self.waiting([(_minus(hand, action.tile), action.tile)], sight.melds,
                                    sight.out)
            return found
        if kind == PASS:
            (found,) = self.waiting([(hand, None)], sight.melds, sight.out)
            return found
        if kind == DRAW:
            return self.after_draw(hand, sight.melds, sight.out)
        if kind in (CHOW_ACTION, PUNG_ACTION):
            return self._claim(action)
        return self._kong(action)

    def _win(self) -> Expected:
        board = self.board
        offered = board._offered(Action(self.seat, WIN_ACTION))
        assert isinstance(offered, tuple)  # a listed win is offered
        tile, win_type = offered
        counts = list(self.sight.concealed)
        claimed = win_type in (DISCARD, ROB_KONG)
        if claimed and tile is not None:
            counts[tile] += 1
        discarder = (board.turn == board.dealer) if claimed else None
        if self.dealer and claimed:
            discarder = None  # the dealer won: the discarder is a non-dealer, as /evaluate
        total = self.win_total(tuple(counts), self.sight.melds, tile, win_type, discarder)
        return Expected(1.0, total)

    def _claim(self, action: Action) -> Expected:
        board, sight = self.board, self.sight
        tile = board.offer
        assert tile is not None
        if action.type == CHOW_ACTION:
            meld_tiles = tuple(sorted(action.tiles or ()))
            kind = CHOW
        else:
            meld_tiles = (tile,) * 3
            kind = PUNG
        used = list(meld_tiles)
        used.remove(tile)
        hand = list(sight.concealed)
        out = list(sight.out)
        for t in used:
            hand[t] -= 1
            out[t] += 1  # now in a meld it shows
        melds = (*sight.melds, Meld(kind, meld_tiles, board.turn, tile))
        return self.discards(tuple(hand), melds, tuple(out))

    def _kong(self, action: Action) -> Expected:
        """A kong and its replacement draw (the draw uses none of ``draws_left``)."""
        board, sight = self.board, self.sight
        tile = action.tile if action.tile is not None else board.offer
        assert tile is not None
        hand = list(sight.concealed)
        out = list(sight.out)
        melds = list(sight.melds)
        if action.type == CONCEALED_KONG_ACTION:
            taken, meld = 4, Meld(CONCEALED_KONG, (tile,) * 4)
        elif action.type == ADDED_KONG_ACTION:
            taken = 1
            index = next(i for i, m in enumerate(melds) if m.kind == PUNG and m.tiles[0] == tile)
            pung = melds.pop(index)
            meld = Meld(ADDED_KONG, (tile,) * 4, pung.source, pung.claimed, pung.order)
        else:
            taken, meld = 3, Meld(KONG, (tile,) * 4, board.turn, tile)
        hand[tile] -= taken
        out[tile] += taken
        return self.after_draw(tuple(hand), (*melds, meld), tuple(out))


def _weighted(parts: list[tuple[float, Expected]]) -> Expected:
    """Σ p · value of each number; null if any part is null."""
    if any(e.win_probability is None or e.expected_score is None for _, e in parts):
        return NULL
    return Expected(sum(p * e.win_probability for p, e in parts),  # type: ignore[operator]
                    sum(p * e.expected_score for p, e in parts))  # type: ignore[operator]


def _best(found: list[Expected]) -> Expected:
    """The max of each number on its own; null if any is null (or there is none)."""
    if not found or any(e.win_probability is None or e.expected_score is None
                        for e in found):
        return NULL
    return Expected(max(e.win_probability for e in found),  # type: ignore[type-var]
                    max(e.expected_score for e in found))  # type: ignore[type-var]


def _tiles(counts: Counts) -> tuple[int, ...]:
    return tuple(t for t, n in enumerate(counts) for _ in range(n))


def _plus(counts: Counts, tile: int) -> Counts:
    return (*counts[:tile], counts[tile] + 1, *counts[tile + 1:])


def _minus(counts: Counts, tile: int) -> Counts:
    return (*counts[:tile], counts[tile] - 1, *counts[tile + 1:])


__all__ = ["PASS", "SeatAdvice", "ValuedAction", "advise_seat", "best_action",
           "draws_left_of", "seat_actions", "value_actions"]
