"""Expected values under the self-draw model (the contract's "Expected value" section):
how likely a waiting hand is to win by its own draws, and what it collects on average.

The model. A waiting hand ``H`` (13 − 3k concealed tiles beside k melds that never change)
draws; a tile kind x comes with probability ``r_H(x) / R``, where ``r_H(x) = 4 − out(x) −
H(x)`` (never below 0) counts the copies the seat has not seen, ``out`` the copies it sees
outside its concealed tiles, and ``R`` their sum. A hand the variant accepts as a
self-drawn win is always won; otherwise the seat discards a tile that does not raise the
shanten (jing wild, copy limits ignored): the drawn tile itself (always allowed), a tile
that lowers the shanten, or, while its budget ``b`` of hand changes lasts, another tile
that keeps it (``b`` falls by one). ``V_T = 0`` after the last draw; ``V_t(H, b) = Σ_x
r_H(x)/R · best_t(H + x, b)``, a win's value or the best discard's ``V_{t+1}``. The two
numbers, the chance of a win (each win worth 1) and the expected score (each worth its
total), are each their own optimum.

The design follows mahjong-cpp's (learned from, not copied): the hands a question can reach
are found once, as a graph (:class:`Graph`: each state a hand and its budget, each draw an
edge to a win or to the states its allowed discards lead to), and the values are worked
out one turn at a time backwards, for every state at once, in arrays (:func:`values`).
What a hand's draws and discards are (:class:`HandMoves`) depends on the tiles alone, so it is
kept between questions (and a request counts a hand it reached before once:
:class:`Budget`); a ready hand with no hand change left, most of a graph, needs only its
waits, not its moves; the draw probabilities depend on what the seat sees, so they are
the question's. Several questions that differ only by one more copy seen (the discards of
one 14-tile hand, each counted as seen) share one graph and are solved together, one row
of values each.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from rules.analysis import is_complete, shanten, turns, waits
from rules.analysis.exchange import WILD, exchanges
from rules.analysis.model import ShapeRules
from rules.caches import cached

Counts = tuple[int, ...]
KINDS = 34
COPIES = 4
MAX_SHANTEN = 3  # a waiting hand further from ready is not valued (its numbers are null)


@dataclass(frozen=True)
class Table:
    """What a question fixes about the hand besides its tiles: the variant's shapes, the
    wild kinds (the jing: drawn like any kind, wild in the hand) and how many melds stand
    beside the concealed tiles."""

    shapes: ShapeRules
    wild_kinds: frozenset[int] = frozenset()
    melds: int = 0

    def split(self, counts: Counts) -> tuple[Counts, int]:
        """The concealed counts as the core reads them: natural counts and wilds."""
        if not self.wild_kinds:
            return counts, 0
        natural = list(counts)
        wilds = 0
        for kind in self.wild_kinds:
            wilds += natural[kind]
            natural[kind] = 0
        return tuple(natural), wilds

    def shanten(self, counts: Counts) -> int:
        """The model's shanten: the variant's shapes, jing wild, copy limits ignored."""
        natural, wilds = self.split(counts)
        return shanten(natural, wilds, self.shapes, self.melds)

    def complete(self, counts: Counts) -> bool:
        """Is the hand (14 − 3k tiles) complete: a self-drawn win in every variant."""
        natural, wilds = self.split(counts)
        return is_complete(natural, wilds, self.shapes, self.melds)


# A hand is packed into one int, a byte a kind (kind k at bits 8k..8k+7): a state's key,
# a draw or a discard is one addition (a graph holds thousands), and packing and unpacking
# are one ``int.from_bytes`` / ``to_bytes`` call each (a Python loop over 34 kinds, with three
# bits a kind, was 5 % of a review).
BITS = 8
ONE = tuple(1 << (BITS * kind) for kind in range(KINDS))


def pack(counts: Counts) -> int:
    return int.from_bytes(bytes(counts), "little")


def unpack(hand: int) -> Counts:
    return tuple(hand.to_bytes(KINDS, "little"))


@dataclass(frozen=True)
class HandMoves:
    """What a waiting hand may do on each draw, whatever the seat sees: the kinds whose
    draw completes it (``wins``), and for each kind the hands its discards lead to a step
    closer to ready (``closer``); throwing the drawn tile back (the hand unchanged) is always
    allowed and not listed. The hand changes are :func:`aside`'s. ``draws``: the kinds that
    win or lead closer, in order (a win first: its closer hands are never read)."""

    wins: frozenset[int]
    closer: dict[int, tuple[int, ...]]
    draws: tuple[int, ...] = ()


@cached(1 << 15)
def moves(table: Table, hand: int, now: int, changing: bool = False) -> HandMoves:
    """:class:`HandMoves` of the packed waiting ``hand`` of shanten ``now`` (the graph knows
    it where it reaches the hand) (:mod:`rules.analysis.exchange`: the shanten of every
    ``hand − d + x`` from one exchange per tile thrown). Only the throws that keep the
    shanten lead closer, and only they are worked out, unless the hand may still change
    (``changing``): :func:`aside` then reads every throw, worked out once for both."""
    counts = unpack(hand)
    wins: frozenset[int] = frozenset()
    if now == 0:
        wins = frozenset(ready_wins(table, hand))
    closer: dict[int, list[int]] = {}
    for kinds, base, helps in _thrown(table, counts, None if changing else now):
        if base != now:
            continue
        for kind in kinds:
            left = hand - ONE[kind]
            for drawn in _bits(helps & ~(1 << kind)):
                closer.setdefault(drawn, []).append(left + ONE[drawn])
    return HandMoves(wins, {x: tuple(h) for x, h in closer.items()},
                     tuple(sorted({*wins, *closer})))


@cached(1 << 13)
def aside(table: Table, hand: int, now: int) -> dict[int, tuple[int, ...]]:
    """For each kind drawn, the hands a hand change leads to: the drawn tile kept, another
    thrown, the shanten (``now``) the same."""
    out: dict[int, list[int]] = {}
    for kinds, base, helps in _thrown(table, unpack(hand)):
        if base == now:
            same = ALL_KINDS & ~helps
        elif base == now + 1:
            same = helps
        else:
            continue
        for kind in kinds:
            left = hand - ONE[kind]
            for drawn in _bits(same & ~(1 << kind)):
                out.setdefault(drawn, []).append(left + ONE[drawn])
    return {x: tuple(h) for x, h in out.items()}


def _thrown(table: Table, counts: Counts, most: int | None = None,
            ) -> list[tuple[tuple[int, ...], int, int]]:
    """(the kinds thrown, base, helps) of each exchange of the hand (:func:`exchanges`;
    ``most``: only those whose base is at most it)."""
    natural, wilds = table.split(counts)
    return [(_kinds(e.thrown, counts, table.wild_kinds), e.base, e.helps)
            for e in exchanges(natural, wilds, table.shapes, table.melds, table.wild_kinds,
                               most)]


ALL_KINDS = (1 << KINDS) - 1


def _kinds(thrown: int, counts: Counts, wild_kinds: frozenset[int]) -> tuple[int, ...]:
    """The kinds a thrown tile may be: itself, or for a wild each wild kind held."""
    if thrown != WILD:
        return (thrown,)
    return tuple(kind for kind in sorted(wild_kinds) if counts[kind])


@cached(1 << 12)
def _bits(value: int) -> tuple[int, ...]:
    """The kinds set in the mask ``value``, lowest first (the helping masks of a graph's
    hands are few: kept, not read again bit by bit)."""
    out = []
    while value:
        low = value & -value
        out.append(low.bit_length() - 1)
        value ^= low
    return tuple(out)


# ---------------------------------------------------------------------------- the graph

@dataclass
class Graph:
    """The states a question can reach (a hand and its budget of hand changes, and its
    shanten) and, for each draw of each state that does more than come back to it, where
    it leads: a win (numbered by ``wins_of``: the waiting hand and the kind drawn, what
    pricing it asks, :func:`_worth`) or the states its allowed discards reach
    (``targets``, the state itself first: the drawn tile thrown back). A draw not listed
    is thrown back (:func:`_expand`).

    Draws are groups, in state order; ``group_kind`` is the tile drawn and ``group_left``
    its copies left as the question's common ``out`` counts them."""

    hands: list[int] = field(default_factory=list)  # packed
    budgets: list[int] = field(default_factory=list)
    shantens: list[int] = field(default_factory=list)
    # by budget, each state's index by its packed hand (a dict a budget: a state is found
    # again some seven times, and a (hand, budget) key was a tuple built for each)
    index: dict[int, dict[int, int]] = field(default_factory=dict)
    group_state: list[int] = field(default_factory=list)
    group_kind: list[int] = field(default_factory=list)
    group_left: list[int] = field(default_factory=list)
    group_win: list[int] = field(default_factory=list)  # the win's number, or -1
    group_start: list[int] = field(default_factory=list)  # its first target
    targets: list[int] = field(default_factory=list)
    # by waiting hand, its wins: (the first one's number, the kinds, their copies left):
    # the same for every state of the hand (the graph's ``out`` is common); a hand's wins
    # are numbered together, from 0 up to ``win_count``
    wins_of: dict[int, tuple[int, tuple[int, ...], tuple[int, ...]]] = field(
        default_factory=dict)
    win_count: int = 0
    fresh: int = 0  # the hands :func:`build` reached that its caller did not know

    def at(self, hand: int, budget: int) -> int:
        """The index of the state of ``hand`` and ``budget``, which the graph holds."""
        return self.index[budget][hand]

    def state(self, hand: int, budget: int, shanten: int) -> int:
        """The state's index, added if new; its ``shanten`` is known where it is reached
        (a closer hand's is one less, a hand change keeps it)."""
        index = self.index.setdefault(budget, {})
        found = index.get(hand)
        if found is None:
            found = index[hand] = len(self.hands)
            self.hands.append(hand)
            self.budgets.append(budget)
            self.shantens.append(shanten)
        return found

    def wins(self, table: Table, hand: int, out: Counts,
             ) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        """The wins of the ready ``hand`` that a copy is left of: (the first one's
        number, their kinds, their copies left), added if new."""
        found = self.wins_of.get(hand)
        if found is None:
            kinds, lefts = [], []
            for drawn in ready_wins(table, hand):
                left = COPIES - out[drawn] - ((hand >> (BITS * drawn)) & 0xFF)
                if left > 0:
                    kinds.append(drawn)
                    lefts.append(left)
            found = self.wins_of[hand] = (self.win_count, tuple(kinds), tuple(lefts))
            self.win_count += len(kinds)
        return found


class TooLarge(Exception):
    """A question would reach more states than its caller allows (``limit``)."""

    def __init__(self, limit: int):
        super().__init__(f"more than {limit} states")
        self.limit = limit


@dataclass
class Budget:
    """How many states a request may still work out, across all its questions (a state
    costs some 100 µs: the request's share of time, spent with a clear answer, not a
    timeout). ``total``: the whole budget, for the message."""

    total: int
    spent: int = 0
    # the hands the request has reached already, by table: their moves are kept
    # (:func:`moves`), so a later question of the same request (another action, another
    # decision of a review) that reaches them again does not pay for them again
    known: dict[Table, set[int]] = field(default_factory=dict)

    @property
    def left(self) -> int:
        return self.total - self.spent


def build(table: Table, roots: Sequence[int], budget: int, out: Counts,
          limit: int | None = None, known: set[int] | None = None) -> Graph:
    """Every state the packed ``roots`` (each with ``budget`` hand changes) can reach,
    breadth first, with the copies left counted from ``out``; :class:`TooLarge` once more
    than ``limit`` new hands are reached (a request's share of time: a new hand costs some
    100-300 µs to work out, one of ``known`` a tenth of that). A hand counts when it is
    reached, not when it is worked out: the refusal comes as early as the graph's size
    shows. A ready state with no hand change left reaches no other, so its wins are
    listed last, once the graph is known to be within ``limit``: a graph refused never
    worked them out (a review's decisions left unvalued cost 4-30 % less so).
    ``known`` gains the graph's hands once it is whole: a graph given up is not worked
    out, and a later question that reaches its hands pays for them."""
    graph = Graph()
    known = set() if known is None else known
    new: set[int] = set()
    for root in roots:
        graph.state(root, budget, table.shanten(unpack(root)))
    counted = _count(graph, 0, known, new, limit)
    ready: list[int] = []
    i = 0
    while i < len(graph.hands):
        if graph.budgets[i] == 0 and graph.shantens[i] == 0:
            ready.append(i)
        else:
            _expand(graph, table, i, out)
            counted = _count(graph, counted, known, new, limit)
        i += 1
    for i in ready:
        _expand_ready(graph, table, i, out)
    known |= new
    return graph


def _count(graph: Graph, counted: int, known: set[int], new: set[int],
           limit: int | None) -> int:
    """Count the states reached since ``counted`` whose hands are neither ``known`` nor
    ``new`` already (``new`` gains them)."""
    for hand in graph.hands[counted:]:
        if hand not in known and hand not in new:
            new.add(hand)
            graph.fresh += 1
    if limit is not None and graph.fresh > limit:
        raise TooLarge(limit)
    return len(graph.hands)


def _expand(graph: Graph, table: Table, i: int, out: Counts) -> None:
    """The state's draws that do more than come back to it: a win, or a choice among the
    state itself (the drawn tile thrown back) and the states its allowed discards reach.
    Every other draw is thrown back; :func:`values` counts those from the copies left
    (:class:`_Arrays`), not a draw each: most of a state's 34 draws are such. (A ready
    state with no hand change left is :func:`_expand_ready`'s.)"""
    hand, budget, now = graph.hands[i], graph.budgets[i], graph.shantens[i]
    found = moves(table, hand, now, budget > 0)
    if not budget:
        _expand_closer(graph, table, i, found, out)
        return
    closer = found.closer
    changes = aside(table, hand, now)
    wins = _numbered_wins(graph, table, hand, found, out)
    index = graph.index.setdefault(budget, {})
    lower = graph.index.setdefault(budget - 1, {})
    targets = graph.targets
    for drawn in sorted({*found.wins, *closer, *changes}):
        left = COPIES - out[drawn] - ((hand >> (BITS * drawn)) & 0xFF)
        if left <= 0:
            continue
        graph.group_state.append(i)
        graph.group_kind.append(drawn)
        graph.group_left.append(left)
        graph.group_start.append(len(targets))
        if drawn in found.wins:
            graph.group_win.append(wins[drawn])
            continue
        graph.group_win.append(-1)
        targets.append(i)
        for after in closer.get(drawn, ()):
            j = index.get(after)
            targets.append(graph.state(after, budget, now - 1) if j is None else j)
        for after in changes.get(drawn, ()):
            j = lower.get(after)
            targets.append(graph.state(after, budget - 1, now) if j is None else j)


def _expand_closer(graph: Graph, table: Table, i: int, found: HandMoves,
                   out: Counts) -> None:
    """:func:`_expand` of a state with no hand change left (every state of a review's
    graphs): its draws win or lead closer, read in the order :class:`HandMoves` keeps."""
    hand, now = graph.hands[i], graph.shantens[i]
    wins = _numbered_wins(graph, table, hand, found, out)
    index = graph.index.setdefault(0, {})
    closer, targets = found.closer, graph.targets
    states, kinds_drawn, lefts = graph.group_state, graph.group_kind, graph.group_left
    starts, won = graph.group_start, graph.group_win
    for drawn in found.draws:
        left = COPIES - out[drawn] - ((hand >> (BITS * drawn)) & 0xFF)
        if left <= 0:
            continue
        states.append(i)
        kinds_drawn.append(drawn)
        lefts.append(left)
        starts.append(len(targets))
        win = wins.get(drawn)
        if win is not None:
            won.append(win)
            continue
        won.append(-1)
        targets.append(i)
        afters = closer[drawn]
        known = list(map(index.get, afters))  # most are reached already: looked up in C
        if None in known:
            known = [graph.state(after, 0, now - 1) if j is None else j
                     for after, j in zip(afters, known, strict=True)]
        targets.extend(known)


def _numbered_wins(graph: Graph, table: Table, hand: int, found: HandMoves,
                   out: Counts) -> dict[int, int]:
    """{kind drawn: the graph's number of that win} of the hand's wins with a copy left."""
    if not found.wins:
        return {}
    first, kinds, _ = graph.wins(table, hand, out)
    return {kind: first + k for k, kind in enumerate(kinds)}


def _expand_ready(graph: Graph, table: Table, i: int, out: Counts) -> None:
    """:func:`_expand` of a ready state with no hand change left: its only listed draws
    are its wins (the most common state, so its own short loop)."""
    first, kinds, lefts = graph.wins(table, graph.hands[i], out)
    if kinds:
        n = len(kinds)
        graph.group_state.extend([i] * n)
        graph.group_kind.extend(kinds)
        graph.group_left.extend(lefts)
        graph.group_start.extend([len(graph.targets)] * n)
        graph.group_win.extend(range(first, first + n))


@cached(1 << 15)
def ready_wins(table: Table, hand: int) -> tuple[int, ...]:
    """The kinds whose draw completes the packed ready ``hand`` (:func:`moves`'s ``wins``
    without its exchanges)."""
    natural, wilds = table.split(unpack(hand))
    return waits(natural, wilds, table.shapes, table.melds, table.wild_kinds)


# ---------------------------------------------------------------------------- the values

@dataclass(frozen=True)
class Question:
    """One row of values to work out on a shared graph: its root state and the kind of the
    one more copy it sees beside the graph's ``out`` (a 14-tile hand's discard), if any."""

    root: int
    seen: int | None = None


def values(graph: Graph, out: Counts, questions: Sequence[Question], draws_left: int,
           win_values: Sequence[float]) -> list[tuple[float, float]]:
    """(win probability, expected score) of each question: ``V_0`` at its root, the two
    numbers each maximised on its own. ``win_values[w]``: what the graph's win ``w``
    collects (:func:`_worth`).

    A draw is one of three kinds: a win (its worth does not depend on the turn), a choice
    among several states (the best of their values), or, not listed in the graph, a draw
    whose only move is to throw the tile back (most of them: the state's own value, next
    turn; its chance is what the listed draws leave of the copies the state has not seen).
    Wins and throw-backs are summed per state once; only choices are worked out every
    turn. Questions that see the same copies share one row of values, worked out over the
    states their roots reach."""
    if not questions:
        return []
    if draws_left <= 0 or not graph.group_state:
        return [(0.0, 0.0)] * len(questions)
    arrays = _Arrays.of(graph, win_values, out)
    found: dict[tuple[int | None, int], tuple[float, float]] = {}
    for seen in dict.fromkeys(q.seen for q in questions):
        roots = sorted({q.root for q in questions if q.seen == seen})
        row = arrays.row(seen, roots, draws_left)
        for root in roots:
            found[seen, root] = (float(row[0, root]), float(row[1, root]))
    return [found[q.seen, q.root] for q in questions]


@dataclass
class _Arrays:
    """A graph's draws as arrays, for :func:`values`."""

    states: int
    kind: np.ndarray
    owner: np.ndarray
    left: np.ndarray
    win_at: np.ndarray
    worth: np.ndarray
    wins: np.ndarray  # the draws that win
    chosen: np.ndarray  # the draws with a choice of states
    starts: np.ndarray  # each chosen draw's first target in ``picked``
    lengths: np.ndarray  # and how many
    targets: np.ndarray  # all targets, by group (graph order)
    group_start: np.ndarray
    left_by_kind: np.ndarray  # (states, kinds): the copies each state's hand has not seen
    left_total: np.ndarray  # (states,): their sum, the same for every row (summed once)

    @classmethod
    def of(cls, graph: Graph, win_values: Sequence[float], out: Counts) -> _Arrays:
        win_at = np.asarray(graph.group_win, dtype=np.int64)
        starts = np.asarray(graph.group_start, dtype=np.int64)
        targets = np.asarray(graph.targets, dtype=np.int64)
        ends = np.append(starts[1:], len(targets))
        wins = win_at >= 0
        chosen = np.flatnonzero(~wins)  # a listed draw that does not win is a choice
        return cls(len(graph.hands), np.asarray(graph.group_kind, dtype=np.int64),
                   np.asarray(graph.group_state, dtype=np.int64),
                   np.asarray(graph.group_left, dtype=np.float64), win_at,
                   np.asarray(win_values, dtype=np.float64), wins,
                   chosen, starts[chosen], (ends - starts)[chosen], targets, starts,
                   *_left(out, graph.hands))

    def reach(self, roots: list[int]) -> np.ndarray:
        """The states ``roots`` reach (a mask): each round adds the targets of the choices
        of the states reached (a move lowers the shanten or spends a hand change, so the
        rounds are few)."""
        reached = np.zeros(self.states, dtype=bool)
        reached[roots] = True
        owners = self.owner[self.chosen]
        while True:
            live = reached[owners]
            if not live.any():
                return reached
            picked = _spans(self.starts[live], self.lengths[live])
            more = self.targets[picked]
            fresh = more[~reached[more]]
            if not len(fresh):
                return reached
            reached[fresh] = True

    def row(self, seen: int | None, roots: list[int], draws_left: int) -> np.ndarray:
        """``V_0`` of every state ``roots`` reach, for one row: (2, states), 0 elsewhere.
        Worked out on those states alone, renumbered: a row's roots reach a fifth of its
        graph on average (the discards of a review's decision each reach their own part),
        and every turn's sums ran over the whole graph."""
        reached = self.reach(roots)
        where = np.flatnonzero(reached)
        states = len(where)
        renumber = np.full(self.states, -1, dtype=np.int64)
        renumber[where] = np.arange(states, dtype=np.int64)
        mine_groups = reached[self.owner]  # the draws of the reached states, in order
        owner = renumber[self.owner[mine_groups]]
        kind = self.kind[mine_groups]
        mine = self.left[mine_groups]
        total = self.left_total[where]
        if seen is not None:
            mine = mine - (kind == seen)
            np.maximum(mine, 0.0, out=mine)
            total = total - (self.left_by_kind[where, seen] > 0)
        with np.errstate(divide="ignore", invalid="ignore"):
            prob = np.where(total[owner] > 0, mine / total[owner], 0.0)
        wins = self.wins[mine_groups]
        fixed = np.stack([
            np.bincount(owner[wins], weights=prob[wins], minlength=states),
            np.bincount(owner[wins], weights=prob[wins] * self.worth[
                self.win_at[mine_groups][wins]], minlength=states)])
        # a draw not listed is thrown back: the state's own value, next turn
        listed = np.bincount(owner, weights=prob, minlength=states)
        stay = np.where(total > 0, 1.0 - listed, 0.0)
        chosen = np.flatnonzero(mine_groups[self.chosen])  # the reached states' choices
        lengths = self.lengths[chosen]
        picked = renumber[self.targets[_spans(self.starts[chosen], lengths)]]
        runs = np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64)
        position = np.cumsum(mine_groups) - 1  # each reached draw's place among them
        weight = prob[position[self.chosen[chosen]]]
        chooser = owner[position[self.chosen[chosen]]]
        value = turns.values(fixed, stay, picked, runs, weight, chooser, draws_left)
        whole = np.zeros((2, self.states))
        whole[:, where] = value
        return whole


def _left(out: Counts, hands: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """(states, kinds): the copies of each kind each state's hand has not seen, and
    (states,) their sum."""
    by_kind = np.maximum(COPIES - np.asarray(out) - _counts(hands), 0)
    return by_kind, by_kind.sum(axis=1)


def _counts(hands: Sequence[int]) -> np.ndarray:
    """(states, kinds): the packed hands' counts, a byte each."""
    raw = b"".join(hand.to_bytes(KINDS, "little") for hand in hands)
    return np.frombuffer(raw, dtype=np.uint8).reshape(len(hands), KINDS).astype(np.int64)


def _spans(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """The indices ``starts[i] .. starts[i] + lengths[i] − 1`` of every span, in order."""
    if not len(starts):
        return np.zeros(0, dtype=np.int64)
    offsets = np.repeat(starts - np.concatenate([[0], np.cumsum(lengths)[:-1]]), lengths)
    return np.arange(int(lengths.sum()), dtype=np.int64) + offsets


def solve(table: Table, hands: Sequence[tuple[Counts, int | None]], out: Counts,
          draws_left: int, changes: int,
          win_values: Callable[[Counts, Sequence[int]], Sequence[float]],
          budget: Budget | None = None) -> list[tuple[float, float] | None]:
    """(win probability, expected score) of each waiting hand (13 − 3k tiles, with the kind
    of one more copy it sees, or None), under one ``out``; None where its shanten is above
    :data:`MAX_SHANTEN`. ``win_values(waiting, drawn)``: what the ready hand ``waiting``
    collects, won by self-draw on each of the kinds ``drawn``; ``budget``: the states the
    request may still work out (:class:`TooLarge` past it)."""
    return plan(table, hands, out, changes, budget).solve(draws_left, win_values)


@dataclass
class Planned:
    """A question whose graph is built and paid for (:func:`plan`), its wins not yet priced
    nor its values worked out (:meth:`solve`). A caller with several questions plans them
    all first, so that one past the budget is refused before any is priced (which one is
    refused first does not change whether one is: the states counted in the end are those
    their graphs reach together)."""

    hands: list[tuple[int, int | None] | None]  # packed, with its seen kind; None: not valued
    graph: Graph
    out: Counts
    changes: int

    def solve(self, draws_left: int,
              win_values: Callable[[Counts, Sequence[int]], Sequence[float]],
              ) -> list[tuple[float, float] | None]:
        """:func:`solve`'s answer: the wins priced, the values worked out."""
        graph, changes = self.graph, self.changes
        asked = [hand for hand in self.hands if hand is not None]
        questions = [Question(graph.at(hand, changes), seen) for hand, seen in asked]
        worth = _worth(graph, win_values)
        found = iter(values(graph, self.out, questions, draws_left, worth))
        return [None if hand is None else next(found) for hand in self.hands]


def valued(table: Table, hand: Counts) -> bool:
    """Does :func:`solve` give the waiting ``hand`` numbers (None: its shanten is above
    :data:`MAX_SHANTEN`)?"""
    return table.shanten(hand) <= MAX_SHANTEN


def plan(table: Table, hands: Sequence[tuple[Counts, int | None]], out: Counts,
         changes: int, budget: Budget | None = None) -> Planned:
    """:func:`solve`'s graph: the states the valued ``hands`` reach, built and paid for
    (:class:`TooLarge` past ``budget``); no win priced yet."""
    packed = [(pack(hand), seen) if valued(table, hand) else None for hand, seen in hands]
    roots = [hand for hand, _ in filter(None, packed)]
    graph = build(table, roots, changes, out,
                  None if budget is None else max(budget.left, 0),
                  None if budget is None else budget.known.setdefault(table, set()))
    if budget is not None:
        budget.spent += graph.fresh
    return Planned(packed, graph, out, changes)


def _worth(graph: Graph, win_values: Callable[[Counts, Sequence[int]], Sequence[float]],
           ) -> list[float]:
    """What each of the graph's wins collects, asked once per ready hand for all the
    kinds it wins on in the graph (a scorer prices a ready hand's waits together; a hand's
    wins are listed together, :meth:`Graph.wins`)."""
    worth = [0.0] * graph.win_count
    for waiting, (first, kinds, _) in graph.wins_of.items():
        if not kinds:
            continue
        found = list(win_values(unpack(waiting), kinds))
        if len(found) != len(kinds):
            raise ValueError("win_values answers one value per kind drawn")
        worth[first:first + len(kinds)] = found
    return worth
