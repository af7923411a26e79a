"""`make selfplay`: the expected-value bot against greedy players, duplicate deals (issue 42).

Each deal (a seeded shuffle of the 136 tiles, its jing and its dealer) is played four times,
the expected-value player (tests/sim/players.py) in each seat in turn and greedy players in
the other three. Seat by seat, the bot's result in a seat is set against greedy's results in
the same seat of the same deal (the three rounds where a greedy player sat there), so the
deal's luck cancels: the difference per deal is the bot's mean score over its four seats
less greedy's mean over the same seats. docs/STRENGTH.md gets, per variant: the deals, each
side's win rate and mean score per round with 95% intervals, the difference with its 95%
interval, how often the bot's model answered (the rest it played greedy: a question past
its state budget), the command and the seed.

Knobs (environment): SELFPLAY_DEALS (per variant, default 500), SELFPLAY_SEED (default
42000), SELFPLAY_VARIANTS (comma-separated, default all four), SELFPLAY_OUT (default
docs/STRENGTH.md), SELFPLAY_JOBS (processes playing deals side by side, default 1; the
numbers do not depend on it), SELFPLAY_OBJECTIVE (the bot's objective: score, the default,
or win). The report is rewritten every few deals, so a run stopped
part-way keeps what it finished.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from rules.model import Jing
from rules.options import resolve
from rules.play import Action, ReplayRequest, Round
from rules.play.model import CHOW_ACTION, DRAW, KONG_ACTION, PUNG_ACTION, WIN_ACTION
from rules.play.replay import answer
from rules.play.state import ACT
from rules.variants import VARIANTS
from tests.sim.players import EXPECTED, GREEDY, Player

OUT = Path(__file__).resolve().parent.parent / "docs" / "STRENGTH.md"
PROGRESS_EVERY = 10  # deals between two writes of the report during a run
Z95 = 1.959964


@dataclass
class Seat:
    """One seat's result in one round."""

    kind: str
    score: int
    won: bool


@dataclass
class Tally:
    """A variant's run: per deal, the bot's and greedy's results by seat."""

    deals: int = 0
    bot: list[Seat] = field(default_factory=list)
    greedy: list[Seat] = field(default_factory=list)
    differences: list[float] = field(default_factory=list)
    decisions: int = 0
    fallbacks: int = 0
    seconds: float = 0.0


def deal(variant: str, seed: int) -> tuple[list[list[int]], list[int], Jing, int, dict]:
    """A shuffled deal: the four hands (the dealer's 14), the wall left (next draw first),
    the jing flipped (the xingguo indicator out of play) and the dealer."""
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    rng.shuffle(wall)
    dealer = rng.randrange(4)
    spec = VARIANTS[variant]
    jing = Jing()
    if spec.jing_fields:
        upper = wall[-1]
        if "indicator" in spec.out_of_play_jing:
            wall.pop()
        jing = Jing(upper)
    hands: list[list[int]] = [[] for _ in range(4)]
    for _ in range(13):
        for seat in range(4):
            hands[seat].append(wall.pop())
    hands[dealer].append(wall.pop())
    options = {"horse_count": 0} if spec.takes_horses else {}
    return hands, wall[::-1], jing, dealer, options


def play(variant: str, hands: list[list[int]], wall: list[int], jing: Jing, dealer: int,
         options: dict, players: list[Player]) -> list[Seat]:
    """One round, each seat choosing with its player; the engine's legal actions only."""
    spec = VARIANTS[variant]
    rules = resolve(spec.options, options, variant)
    board = Round(spec, rules, dealer, hands, wall=wall, jing=jing)
    log: list[Action] = []
    while True:
        action = _next(board, players)
        if action is None:
            break
        board.push(action)
        log.append(action)
    request = ReplayRequest(variant, dealer, tuple(map(tuple, hands)), tuple(log),
                            tuple(wall), None, jing, None, None, options)
    found = answer(board, request)
    assert found.settlement is not None, "a round ends settled"
    winners = set(found.settle_request.result.winners) if found.settle_request else set()
    return [Seat(players[s].kind, found.settlement.deltas[s], s in winners) for s in range(4)]


def _next(board: Round, players: list[Player]) -> Action | None:
    """The next action: wins first (in turn order after the tile's owner), then pungs and
    kongs, then the next seat's chow, then the seat in turn; None when the round is over."""
    legal = [board.legal_actions(s) for s in range(4)]
    if not any(legal):
        return None
    if board.phase == ACT:
        seat = board.turn
        return players[seat].choose(board, seat, legal[seat])
    order = [(board.turn + i) % 4 for i in range(1, 5)]
    for seat in order:
        if any(a.type == WIN_ACTION for a in legal[seat]):
            return players[seat].choose(board, seat, legal[seat])
    for kinds in ((PUNG_ACTION, KONG_ACTION), (CHOW_ACTION,)):
        for seat in order:
            if any(a.type in kinds for a in legal[seat]):
                chosen = players[seat].choose(board, seat, legal[seat])
                if chosen is not None and chosen.type in (*kinds, PUNG_ACTION, KONG_ACTION):
                    return chosen
    draws = [a for seat in order for a in legal[seat] if a.type == DRAW]
    return draws[0] if draws else None


@dataclass
class DealResult:
    """One deal played four times: ``rounds[k]`` the seats' results with the bot in seat
    ``k``; the bot's decisions and fallbacks over the four; the CPU it took."""

    rounds: list[list[Seat]]
    decisions: int
    fallbacks: int
    seconds: float


def play_deal(variant: str, seed: int, objective: str = "score") -> DealResult:
    """The deal of ``seed`` played four times, the bot (playing for ``objective``) in each
    seat in turn."""
    started = time.process_time()
    hands, wall, jing, dealer, options = deal(variant, seed)
    rounds, decisions, fallbacks = [], 0, 0
    for bot_seat in range(4):
        players = [Player(EXPECTED, objective=objective) if s == bot_seat else Player(GREEDY)
                   for s in range(4)]
        rounds.append(play(variant, [list(h) for h in hands], list(wall), jing, dealer,
                           options, players))
        decisions += players[bot_seat].decisions
        fallbacks += players[bot_seat].fallbacks
    return DealResult(rounds, decisions, fallbacks, time.process_time() - started)


def add(tally: Tally, result: DealResult) -> None:
    """Seat by seat, the bot's result against greedy's in the same seat of the deal."""
    bot_scores, greedy_scores = [], []
    for seat in range(4):
        mine = result.rounds[seat][seat]
        others = [result.rounds[k][seat] for k in range(4) if k != seat]
        tally.bot.append(mine)
        tally.greedy += others
        bot_scores.append(mine.score)
        greedy_scores.append(statistics.fmean(o.score for o in others))
    tally.differences.append(statistics.fmean(bot_scores) - statistics.fmean(greedy_scores))
    tally.deals += 1
    tally.decisions += result.decisions
    tally.fallbacks += result.fallbacks
    tally.seconds += result.seconds


def run(variant: str, deals: int, seed: int, jobs: int = 1,
        progress: Callable[[Tally], None] | None = None, objective: str = "score") -> Tally:
    """``deals`` deals from ``seed`` on, in order (``jobs`` processes play them: each deal
    is its own, so the tally is the same for any ``jobs``); ``progress`` after each deal.
    ``seconds``: the CPU the deals took, summed over the processes."""
    one = partial(play_deal, variant, objective=objective)
    seeds = range(seed, seed + deals)
    if jobs <= 1:
        return _tally(map(one, seeds), progress)
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return _tally(pool.imap(one, seeds), progress)


def _tally(results: Iterable[DealResult], progress: Callable[[Tally], None] | None) -> Tally:
    tally = Tally()
    for result in results:
        add(tally, result)
        if progress:
            progress(tally)
    return tally


def interval(values: list[float]) -> tuple[float, float, float]:
    """(mean, low, high): the mean with its 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def _row(name: str, tally: Tally) -> str:
    bot_score = interval([float(s.score) for s in tally.bot])
    greedy_score = interval([float(s.score) for s in tally.greedy])
    bot_win = interval([float(s.won) for s in tally.bot])
    greedy_win = interval([float(s.won) for s in tally.greedy])
    diff = interval(tally.differences)
    answered = 1 - tally.fallbacks / tally.decisions if tally.decisions else 0.0
    verdict = "**above**" if diff[1] > 0 else "**below**" if diff[2] < 0 else \
        "neither shown"
    return (f"| {name} | {tally.deals} | {_pct(bot_win)} | {_pct(greedy_win)} | "
            f"{_num(bot_score)} | {_num(greedy_score)} | {_num(diff)} ({verdict}) | "
            f"{answered:.0%} of {tally.decisions} | {tally.seconds / 60:.0f} min |")


def _pct(v: tuple[float, float, float]) -> str:
    return f"{v[0]:.1%} [{v[1]:.1%}, {v[2]:.1%}]"


def _num(v: tuple[float, float, float]) -> str:
    return f"{v[0]:+.2f} [{v[1]:+.2f}, {v[2]:+.2f}]"


def report(tallies: dict[str, Tally], deals: int, seed: int, objective: str = "score") -> str:
    lines = [
        "# Strength: the expected-value bot against greedy players",
        "",
        "Written by `make selfplay` (`python -m tools.selfplay`). Each deal is played four "
        "times, the expected-value player (`/advise` log mode's `best` at every decision) in "
        "each seat in turn and greedy players (today's `/advise` ranking: lowest shanten, "
        "then most 进张; a claim only when it brings the hand nearer ready) in the other "
        "three. Scores are the round's deltas; the difference is, per deal, the bot's mean "
        "over its four seats less greedy's mean over the same seats (the deal's luck "
        "cancels); each figure with its 95% interval. \"Model answered\" is how many of the "
        "bot's decisions its model valued within the bot's state budget; the rest it played "
        "greedy.",
        "",
        f"Command: `SELFPLAY_DEALS={deals} SELFPLAY_SEED={seed}"
        f"{'' if objective == 'score' else f' SELFPLAY_OBJECTIVE={objective}'} make selfplay` "
        f"(`changes` 0, `draws_left` derived, objective `{objective}`; qinzhou without "
        "horses).",
        "",
        "| variant | deals | bot win rate | greedy win rate | bot mean score | greedy mean "
        "score | difference per deal | model answered | CPU |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    lines += [_row(name, tally) for name, tally in tallies.items()]
    if any(tally.deals < deals for tally in tallies.values()):
        lines += ["", f"Part of a run: a variant with fewer than {deals} deals was still being "
                  "played (or the run was stopped) when this was written."]
    return "\n".join(lines) + "\n"


def main() -> int:
    deals = int(os.environ.get("SELFPLAY_DEALS", 500))
    seed = int(os.environ.get("SELFPLAY_SEED", 42000))
    names = os.environ.get("SELFPLAY_VARIANTS", ",".join(VARIANTS)).split(",")
    out = Path(os.environ.get("SELFPLAY_OUT", OUT))
    jobs = int(os.environ.get("SELFPLAY_JOBS", 1))
    objective = os.environ.get("SELFPLAY_OBJECTIVE", "score")
    if objective not in ("score", "win"):
        raise SystemExit(f"SELFPLAY_OBJECTIVE is 'score' or 'win', not {objective!r}")
    tallies: dict[str, Tally] = {}
    for name in names:
        def progress(tally: Tally, name: str = name) -> None:
            # a long run stopped part-way keeps what it finished
            tallies[name] = tally
            if tally.deals % PROGRESS_EVERY == 0:
                out.write_text(report(tallies, deals, seed, objective), encoding="utf-8")

        tallies[name] = run(name, deals, seed, jobs, progress, objective)
        print(_row(name, tallies[name]), flush=True)
        out.write_text(report(tallies, deals, seed, objective), encoding="utf-8")
        print(f"wrote {out}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
