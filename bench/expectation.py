"""Expected-value advice and reviews, timed in this process (issues 42 and 43).

* Hand mode: a 14-tile hand, every discard, both numbers, ``draws_left`` 18, as
  ``rules.advise`` answers it with ``expected``; rows by the hand's shanten (its best
  discard's, the model's: jing wild), the budget of hand changes the issue names for that
  row, and the jing held (0: guangdong and qinzhou; 2 and 4: xingguo and nanchang). Each
  hand is new; the core's tables are warm from the hands before it (steady). Beside the
  times, the states the engine reached for the hand, and how many hands asked more states
  than one request may work out (answered 422 ``expected.too_large``).
* Log mode on the seat's turn against hand mode for the same hand: seats of simulated
  rounds holding 14 tiles, the same hand asked both ways, each cold (every cache emptied
  before it: the second asked warm would find the first's hands worked out).
* Reviews: each seat alone, and all four at once, of each variant's median simulated
  round (the median of nine by length, as issue 43 names it), each from the same warm
  state (another round reviewed first), each the median of three passes; the ratio of the
  two.

CPU time of this thread per call (``time.thread_time_ns``); percentiles of the calls.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import random
import statistics
import time
from dataclasses import replace
from typing import Any

import rules
from app import collector
from app.schemas.requests import AdviseSchema, ReplaySchema, ReviewSchema
from bench import core_build, hotspots
from bench.advice import advice_hand
from bench.timing import percentile
from rules import expected
from rules.analysis import expectation
from rules.caches import cache_stats, clear_caches
from rules.errors import InvalidInput
from rules.model import AdviseRequest, ExpectedAsk
from rules.play import start
from rules.play.state import ACT
from rules.seat_advice import Sight, _own_request
from rules.tiles import code
from rules.variant import Variant
from rules.variants import VARIANTS
from tests.sim.engine import Simulator

SEED = 9_420_000
# issue 42: (shanten, changes) → p99 limit (ms), with 0, 2 and 4 jing held
ROWS = {(0, 1): 50, (1, 1): 50, (2, 1): 300, (3, 0): 300}
JING = {0: ("guangdong", "qinzhou"), 2: ("xingguo", "nanchang"), 4: ("xingguo", "nanchang")}
LOG_RATIO = 2.0  # issue 42: log mode for a seat on its turn, p99 < 2× hand mode's
REVIEW_P95_S = 3.0  # issue 43: one seat of a median simulated round, p95 < 3 s
ALL_SEATS_RATIO = 4.0  # issue 43: all four seats < 4× one seat
PASSES = 3  # each review timed this many times, in turn; its median stands for it


def _shanten(request: AdviseRequest) -> int:
    """The hand's number as the model reads it: its best discard's (jing wild)."""
    variant: Variant = VARIANTS[request.variant]
    table = expectation.Table(variant.shapes, variant.wild_kinds(request.jing),
                              len(request.hand.melds))
    counts = request.hand.counts
    return min(table.shanten(_without(counts, t)) for t in range(34) if counts[t])


def _without(counts: tuple[int, ...], tile: int) -> tuple[int, ...]:
    return (*counts[:tile], counts[tile] - 1, *counts[tile + 1:])


def sample(shanten: int, jing: int, n: int, seed: int) -> list[AdviseRequest]:
    """``n`` 14-tile hands at ``shanten`` holding ``jing`` jing (dealt or near complete)."""
    rng = random.Random(seed)
    names = JING[jing]
    found: list[AdviseRequest] = []
    tries = 0
    while len(found) < n and tries < 200 * n:
        tries += 1
        request = advice_hand(rng, names[len(found) % len(names)], jing)
        if _shanten(request) == shanten:
            found.append(request)
    return found


def _states_of(request: AdviseRequest) -> int:
    """The states the engine reached for the hand's discards (built again, cached moves)."""
    variant = VARIANTS[request.variant]
    resolved = variant.resolved_advice(request)
    used = expected.inputs(resolved)
    model = expected.Model.of(variant, resolved, used)
    counts = request.hand.counts
    roots = [expectation.pack(_without(counts, t)) for t in range(34) if counts[t]
             and model.table.shanten(_without(counts, t)) <= expectation.MAX_SHANTEN]
    return len(expectation.build(model.table, roots, used.changes, model.out).hands)


def hand_mode(n: int = 40) -> dict[tuple[int, int, int], dict[str, Any]]:
    """{(shanten, changes, jing): {"p50", "p99" (ns), "again_p50", "again_p99" (the same
    hand asked again at once, the lesser of two: :func:`_asked`), "states" median and max,
    "calls", "too_large"}}. ``n`` hands a row: the p99 of 12 was their slowest hand, which
    moved more from run to run than a change of the engine by a fifth did."""
    out = {}
    for (shanten, changes), _limit in ROWS.items():
        for jing in JING:
            hands = sample(shanten, jing, n, SEED + 100 * shanten + 10 * jing + changes)
            times, again, states, over = [], [], [], 0
            for hand in hands:
                asked = replace(hand, expected=ExpectedAsk(18, changes))
                spent, refused = _asked(asked)
                times.append(spent)  # past the state budget: its time is still counted
                # the floor: the least of two more asks (one garbage collection in
                # a 40 ms ask would otherwise stand for the row's p99)
                again.append(min(_asked(asked)[0] for _ in range(2)))
                if refused:
                    over += 1
                    continue
                states.append(_states_of(asked))
            out[shanten, changes, jing] = {
                "p50": percentile(times, 50) if times else None,
                "p99": percentile(times, 99) if times else None,
                "again_p50": percentile(again, 50) if again else None,
                "again_p99": percentile(again, 99) if again else None,
                "states": int(statistics.median(states)) if states else 0,
                "states_max": max(states) if states else 0, "calls": len(times),
                "too_large": over}
    return out


def _asked(request: AdviseRequest) -> tuple[int, bool]:
    """(CPU ns, refused past the state budget) of one ``rules.advise``. Asked a second
    time, the same hand finds every hand state's analysis kept (moves, waits, win values):
    what is left is the engine's own walk of the graph and the values, the floor that no
    faster hand analysis can lower."""
    start = time.thread_time_ns()
    try:
        with collector.paused():  # as the workers answer it (app/views.py)
            rules.advise(request)
    except InvalidInput:
        return time.thread_time_ns() - start, True
    return time.thread_time_ns() - start, False


def _turns(variant: str, seeds: range, per_round: int = 2) -> list[tuple[dict, int]]:
    """(a /replay body cut at a seat's turn, the seat): points of simulated rounds where
    a seat holds 14 tiles after a draw, ``per_round`` of each round."""
    found = []
    for seed in seeds:
        played = Simulator(variant, seed).play()
        request = ReplaySchema().load(played.log)
        board = start(VARIANTS[variant], request, rules.resolved_rules(variant, request.rules))
        taken = 0
        for i, action in enumerate(request.actions):
            if board.phase == ACT and board.drawn is not None and taken < per_round \
                    and i % 7 == 3:
                found.append(({**played.log, "actions": played.log["actions"][:i]},
                              board.turn))
                taken += 1
            board.push(action)
    return found


def log_mode(rounds: int = 6) -> dict[str, Any]:
    """Log mode on the seat's turn against hand mode for the same hand (ns): the p99 of
    each and their ratio; questions past the state budget are left out of both. Each is
    asked cold (every cache emptied before it): asked one after the other warm, the second
    would find the first's hands worked out already."""
    logs, hands = [], []
    for name in VARIANTS:
        for body, seat in _turns(name, range(SEED, SEED + rounds)):
            query = AdviseSchema().load({"log": body, "seat": seat})
            try:
                clear_caches()
                start = time.thread_time_ns()
                with collector.paused():
                    answer = rules.advise(query)
                logged = time.thread_time_ns() - start
            except InvalidInput:
                continue
            own = answer.advice  # the seat's own hand, as hand mode asks it
            mine = AdviseSchema().load(_hand_body(query, own, seat))
            clear_caches()
            start = time.thread_time_ns()
            try:
                with collector.paused():
                    rules.advise(mine)
            except InvalidInput:
                continue
            hands.append(time.thread_time_ns() - start)
            logs.append(logged)
    if not logs:
        return {"calls": 0}
    return {"calls": len(logs), "log_p99": percentile(logs, 99),
            "hand_p99": percentile(hands, 99),
            "ratio": percentile(logs, 99) / percentile(hands, 99)}


def _hand_body(query: Any, own: Any, seat: int) -> dict[str, Any]:
    """The seat's hand as a hand-mode body (what log mode sees as ``visible``)."""
    board = start(VARIANTS[query.variant], query.log, rules.resolved_rules(
        query.variant, query.log.rules))
    for action in query.log.actions:
        board.push(action)
    sight = Sight.of(board, seat)
    asked = _own_request(VARIANTS[query.variant], board, seat, sight, board.rules, query)
    return {"variant": asked.variant, "hand": "".join(
        code(t) for t in asked.hand.concealed),
        "melds": [{"type": m.kind, "tiles": "".join(code(t) for t in m.tiles)}
                  for m in asked.hand.melds],
        "visible": "".join(code(t) for t in asked.visible),
        "dealer": asked.dealer, "seat_wind": code(asked.seat_wind),
        "jing": {k: code(v) for k, v in asked.jing.__dict__.items()
                 if v is not None}, "expected": True}


MEDIAN_OF = 9  # simulated rounds per variant, of which the median by length is reviewed


def median_round(name: str, seed: int, of: int = MEDIAN_OF) -> Any:
    """The median of ``of`` simulated rounds of ``name`` by their number of actions: what
    issue 43 calls a median simulated round (ties by seed)."""
    played = [Simulator(name, seed + j).play() for j in range(of)]
    return sorted(played, key=lambda p: len(p.log["actions"]))[of // 2]


@functools.cache
def _rounds(k: int, name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the log of the variant's median round, the one-seat review that warms for it)."""
    log = median_round(name, SEED + 700 + 100 * k).log
    return log, {**Simulator(name, SEED + 690 + 100 * k).play().log, "seat": 0}


def reviews(rounds: int = 8, passes: int = PASSES) -> dict[str, Any]:
    """Issue 43's rows, on each variant's median simulated round: every seat reviewed
    alone (p95 of the sixteen), and all four seats at once against the mean of its seats
    alone (each round's ratio; the median of the four).

    Every review starts from the same state: the caches emptied, then warmed by the review
    of one seat of another round of the variant (a worker that has served another request),
    untimed. So no review finds hands another review of the same round worked out: the
    former measure ran a four-seat review after one of its seats' reviews, whose hands it
    then found worked out. A review past a state budget (422 expected.too_large) is counted
    apart; its time still counts, as a client waits for the refusal. The one-seat reviews
    count their decisions, and those left unvalued as too large to value alone.

    Each review is timed ``passes`` times, a pass timing every review once, and its median
    stands for it: one review once, as before, moved by a tenth from one run to the next
    while this machine's speed drifted (``one_p95_passes``: each pass's own p95, the spread
    that remains).

    Beside them, the former measure (``rounds`` rounds of any length, one seat each, in
    turn in this process): its p95 is the slowest round's."""
    timed: dict[tuple[str, int | None], list[float]] = {}
    worked: dict[tuple[str, int | None], int] = {}
    over_one, over_four, decisions, unvalued = 0, 0, 0, 0
    for n in range(passes):
        for k, name in enumerate(VARIANTS):
            log, warm = _rounds(k, name)
            for seat in (0, 1, 2, 3, None):  # None: all four at once
                body = log if seat is None else {**log, "seat": seat}
                seconds, answer, hands = _warmed_review_time(body, warm)
                timed.setdefault((name, seat), []).append(seconds)
                if n:
                    continue  # the refusals, decisions and hands are counted on the first pass
                worked[name, seat] = hands
                if seat is None:
                    over_four += answer is None
                    continue
                over_one += answer is None
                if answer is not None:
                    decisions += sum(s.summary.decisions for s in answer.seats)
                    unvalued += sum(s.summary.too_large for s in answer.seats)
    median = {at: statistics.median(times) for at, times in timed.items()}
    one = [median[name, seat] for name in VARIANTS for seat in range(4)]
    fours = [median[name, None] for name in VARIANTS]
    ratios = [median[name, None] / statistics.mean([median[name, s] for s in range(4)])
              for name in VARIANTS]
    by_variant = {name: {"actions": len(_rounds(k, name)[0]["actions"]),
                         "seats": [median[name, s] for s in range(4)],
                         "four": median[name, None]}
                  for k, name in enumerate(VARIANTS)}
    slowest = max(((name, seat) for name in VARIANTS for seat in range(4)),
                  key=lambda at: median[at])
    return {"rounds": len(VARIANTS), "reviews": len(one), "passes": passes,
            "too_large": over_one, "too_large_four": over_four, "decisions": decisions,
            "unvalued": unvalued, "one_p95": percentile(one, 95),
            "one_median": statistics.median(one),
            "one_p95_passes": [percentile([timed[name, s][n] for name in VARIANTS
                                           for s in range(4)], 95) for n in range(passes)],
            "four_median": statistics.median(fours), "ratios": ratios,
            "ratio": statistics.median(ratios), "by_variant": by_variant,
            "slowest": {"variant": slowest[0], "seat": slowest[1],
                        "hotspots": core_build.pure_hotspots(*slowest)},
            "any_length": _any_length(rounds),
            "shared": [1 - worked[name, None] / sum(worked[name, s] for s in range(4))
                       for name in VARIANTS]}


# The hand analyses of the engine, each worked out once per hand it reaches: a hand's moves,
# a ready hand's wins, and its prices (jiangxi's by class, the others' by complete hand).
HAND_ANALYSES = ("moves", "ready_wins", "expected_wait_totals", "expected_won_totals")


def _hands_worked() -> int:
    """The hand analyses worked out since the caches were last emptied (their misses). Every
    review of :func:`reviews` starts from the same caches, so its count is the same from one
    run to the next; what a four-seat review shares among its seats is what it does not
    work out again: one less its count over the sum of its seats' alone."""
    stats = cache_stats()
    return sum(stats[name]["misses"] for name in HAND_ANALYSES)


def review_hotspots(name: str, seat: int) -> list[tuple[str, float, float]]:
    """Where the review of ``seat`` of ``name``'s median round spends its time: a cProfile
    of it (warmed as :func:`reviews` warms), its functions with the most own time. cProfile
    sees no function inside a compiled module: :func:`bench.core_build.pure_hotspots` runs
    this in a process that imports the sources alone."""
    log, warm = _rounds(list(VARIANTS).index(name), name)
    clear_caches()
    _review_time(warm)
    return hotspots.top(_review_time, [{**log, "seat": seat}], n=12)


PACE_SEATS = (0, 2)  # the seats of each median round reviewed at both paces
DEFAULT_PACE = (700, 10, 10)  # CPython's own garbage-collector thresholds


def collector_pace() -> dict[str, Any]:
    """One-seat reviews (seats :data:`PACE_SEATS` of each variant's median round) with
    Python's default garbage collector running, and as the workers run them
    (app/collector.py: their pace, the collector paused for the review; the in-process
    figures above are measured so), each warmed as :func:`reviews` warms, the two in turn
    and which goes first alternating: the sum of each, and the workers' against the
    default's (the ratio of the sums)."""
    default, served = [], []
    kept = gc.get_threshold()
    try:
        for k, name in enumerate(VARIANTS):
            log, warm = _rounds(k, name)
            for n, seat in enumerate(PACE_SEATS):
                body = {**log, "seat": seat}
                paces = [DEFAULT_PACE, collector.THRESHOLDS]
                if n % 2:
                    paces.reverse()
                for pace in paces:
                    gc.set_threshold(*pace)
                    seconds = _warmed_review_time(body, warm, pace != DEFAULT_PACE)[0]
                    (default if pace == DEFAULT_PACE else served).append(seconds)
    finally:
        gc.set_threshold(*kept)
    return {"reviews": len(served), "default_s": sum(default), "served_s": sum(served),
            "ratio": sum(served) / sum(default)}


def pace_reviews() -> list[float]:
    """The one-seat reviews of :data:`PACE_SEATS` of each variant's median round, each
    warmed as :func:`reviews` warms, as the workers run them: their seconds."""
    times = []
    for k, name in enumerate(VARIANTS):
        log, warm = _rounds(k, name)
        for seat in PACE_SEATS:
            times.append(_warmed_review_time({**log, "seat": seat}, warm)[0])
    return times


def _warmed_review_time(body: dict[str, Any], warm: dict[str, Any],
                        paused: bool = True) -> tuple[float, Any, int]:
    """:func:`_review_time` of ``body`` after the caches are emptied and the ``warm``
    review (another round's) is run, untimed; and the hand analyses the timed review worked
    out (:func:`_hands_worked`)."""
    clear_caches()
    _review_time(warm)
    before = _hands_worked()
    seconds, answer = _review_time(body, paused)
    return seconds, answer, _hands_worked() - before


def _any_length(rounds: int) -> dict[str, Any]:
    """One seat of each of ``rounds`` simulated rounds of any length, in turn in this
    process: p95 (the slowest: nearest rank of eight) and median, the measure this
    benchmark used before it took the issue's median round."""
    times = []
    for i in range(rounds):
        played = Simulator(list(VARIANTS)[i % 4], SEED + 500 + i).play()
        times.append(_review_time({**played.log, "seat": i % 4})[0])
    return {"rounds": rounds, "p95": percentile(times, 95), "median": statistics.median(times)}


def _review_time(body: dict[str, Any], paused: bool = True) -> tuple[float, Any]:
    """(seconds, the review, or None where it was refused as too large) of one review, the
    garbage collector paused for it as the workers pause it (app/views.py), unless not
    ``paused``."""
    start = time.thread_time_ns()
    try:
        query = ReviewSchema().load(body)
        with collector.paused() if paused else contextlib.nullcontext():
            answer = rules.review(query)
    except InvalidInput:
        answer = None
    return (time.thread_time_ns() - start) / 1e9, answer


if __name__ == "__main__":
    for key, row in hand_mode(4).items():
        print(key, row)
    print(log_mode(2))
    print(reviews(2, passes=1))
