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
or win), SELFPLAY_HORIZON (the most draws the bot's model counts on: empty, the default, for
the wall's, as log mode's default ``draws_left``; ``table`` for the variant's round length
among greedy players, :func:`round_length`; or a number), SELFPLAY_RECORDS (the folder of
each deal's results, default docs/strength; empty: none). The report is rewritten every
few deals, so a run stopped part-way keeps what it finished; each deal's results are kept
in a record, one JSON line a deal (``<objective>[-horizon<N>]-<variant>.jsonl``), so a run
started again with the same code reads the deals it played instead of playing them again,
and anyone can add the table's numbers up (:func:`from_record`).
"""

from __future__ import annotations

import hashlib
import inspect
import json
import math
import multiprocessing
import os
import random
import re
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from rules.model import SELF_DRAWN, Jing, Result
from rules.options import resolve
from rules.play import Action, ReplayRequest, Round
from rules.play.model import CHOW_ACTION, DRAW, KONG_ACTION, PUNG_ACTION, WIN_ACTION
from rules.play.replay import answer
from rules.play.state import ACT
from rules.seat_advice import draws_left_of
from rules.variants import VARIANTS
from tests.sim.players import EXPECTED, GREEDY, Player

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "STRENGTH.md"
RECORDS = ROOT / "docs" / "strength"  # each deal's results, one JSON line a deal
# a record's name (Setting._name) read back; another code's deals kept aside beside a record
# (``<name>.<fingerprint>.jsonl``) do not match
RECORD_NAME = re.compile(
    r"^(?P<objective>score|win)(?:-horizon(?P<horizon>\d+))?-(?P<variant>[a-z]+)\.jsonl$")
CLAIMS = (CHOW_ACTION, PUNG_ACTION, KONG_ACTION)  # on another seat's discard
TABLE_ROUNDS, TABLE_SEED = 200, 7000  # greedy rounds measuring a variant's round length
PROGRESS_EVERY = 10  # deals between two writes of the report during a run
Z95 = 1.959964


@dataclass
class Seat:
    """One seat's result in one round: its score, whether it won and how (the win type),
    the tiles it claimed (chow, pung, kong on a discard), whether its discard was won on
    (dealt in: 点炮, or its kong robbed) and how many tiles it drew."""

    kind: str
    score: int
    won: bool
    claims: int = 0
    dealt_in: bool = False
    win_type: str | None = None
    draws: int = 0  # the tiles it drew from the wall (kong replacements too)


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
    board = _board(variant, hands, wall, jing, dealer, options)
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
    result = found.settle_request.result if found.settle_request else Result()
    claimed = [sum(1 for a in log if a.seat == s and a.type in CLAIMS) for s in range(4)]
    drew = [sum(1 for a in log if a.seat == s and a.type == DRAW) for s in range(4)]
    return [Seat(players[s].kind, found.settlement.deltas[s], s in result.winners,
                 claimed[s], bool(result.winners) and result.discarder == s,
                 result.win_type if s in result.winners else None, drew[s])
            for s in range(4)]


def _board(variant: str, hands: list[list[int]], wall: list[int], jing: Jing, dealer: int,
           options: dict) -> Round:
    spec = VARIANTS[variant]
    return Round(spec, resolve(spec.options, options, variant), dealer, hands, wall=wall,
                 jing=jing)


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


@dataclass(frozen=True)
class RoundLength:
    """How long a variant's rounds last among four greedy players: the tiles a seat draws
    before the round ends (mean, median), against the draws the wall gives it at the deal
    (log mode's ``draws_left``: the model counts on all of them), and the rounds nobody
    won (the wall ran out)."""

    rounds: int
    mean: float
    median: float
    wall: float
    unwon: int = 0

    @property
    def horizon(self) -> int:
        """The draws a seat can count on at this table: the mean, rounded (at least 1)."""
        return max(1, round(self.mean))


def round_length(variant: str, rounds: int = TABLE_ROUNDS, seed: int = TABLE_SEED,
                 ) -> RoundLength:
    """:class:`RoundLength` over ``rounds`` deals of four greedy players (from ``seed``,
    apart from the runs' deals, so the bot's horizon is not read from the deals it plays)."""
    drew: list[int] = []
    wall_draws: list[int] = []
    unwon = 0
    for s in range(seed, seed + rounds):
        hands, wall, jing, dealer, options = deal(variant, s)
        board = _board(variant, [list(h) for h in hands], list(wall), jing, dealer, options)
        wall_draws += [draws_left_of(board, seat) for seat in range(4)]
        seats = play(variant, [list(h) for h in hands], list(wall), jing, dealer, options,
                     [Player(GREEDY) for _ in range(4)])
        drew += [seat.draws for seat in seats]
        unwon += not any(seat.won for seat in seats)
    return RoundLength(rounds, statistics.fmean(drew), statistics.median(drew),
                       statistics.fmean(wall_draws), unwon)


@dataclass
class DealResult:
    """One deal played four times: ``rounds[k]`` the seats' results with the bot in seat
    ``k``; the bot's decisions and fallbacks over the four; the CPU it took."""

    rounds: list[list[Seat]]
    decisions: int
    fallbacks: int
    seconds: float


def play_deal(variant: str, seed: int, objective: str = "score",
              horizon: int | None = None) -> DealResult:
    """The deal of ``seed`` played four times, the bot (playing for ``objective``, counting
    on at most ``horizon`` draws) in each seat in turn."""
    started = time.process_time()
    hands, wall, jing, dealer, options = deal(variant, seed)
    rounds, decisions, fallbacks = [], 0, 0
    for bot_seat in range(4):
        players = [Player(EXPECTED, objective=objective, horizon=horizon) if s == bot_seat
                   else Player(GREEDY)
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
        progress: Callable[[Tally], None] | None = None, objective: str = "score",
        record: Path | None = None, horizon: int | None = None) -> Tally:
    """``deals`` deals from ``seed`` on, in order (``jobs`` processes play them: each deal
    is its own, so the tally is the same for any ``jobs``); ``progress`` after each deal.
    ``seconds``: the CPU the deals took, summed over the processes. ``record``: a JSON-lines
    file of deals: those it holds for this code are read, not played; those played are
    added to it as they finish."""
    one = partial(play_deal, variant, objective=objective, horizon=horizon)
    seeds = range(seed, seed + deals)
    book = Record.open(record) if record else None
    known = book.deals if book else {}
    missing = [s for s in seeds if s not in known]
    if jobs <= 1 or len(missing) <= 1:
        played = zip(missing, map(one, missing), strict=True)
        return _tally(_in_order(seeds, known, played, book), progress)
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        played = zip(missing, pool.imap(one, missing), strict=True)
        return _tally(_in_order(seeds, known, played, book), progress)


def _in_order(seeds: Iterable[int], known: dict[int, DealResult],
              played: Iterator[tuple[int, DealResult]],
              book: Record | None) -> Iterator[DealResult]:
    """Each deal's result in seed order: read from the record, or played (and recorded)."""
    for seed in seeds:
        if seed in known:
            yield known[seed]
            continue
        played_seed, result = next(played)
        assert played_seed == seed, "deals are played in seed order"
        if book:
            book.add(seed, result)
        yield result


def fingerprint() -> str:
    """What a deal's result depends on: the rules, the players and this module's play (a
    record made by other code is not read: its deals are played again)."""
    digest = hashlib.sha256()
    for path in sorted((ROOT / "rules").rglob("*.py")) + [ROOT / "tests/sim/players.py"]:
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    for fn in (deal, play, _next, play_deal):
        digest.update(inspect.getsource(fn).encode())
    return digest.hexdigest()[:16]


@dataclass
class Record:
    """A JSON-lines file of deals, one line a deal: its seed, the code's fingerprint, the
    four rounds' seats (``[score, won, claims, dealt_in, win_type, draws]``, the bot in
    seat k in round k), the bot's decisions and fallbacks, and the CPU seconds. Opening it
    keeps the lines of this code; a line cut short by a stopped run is dropped, and the
    lines of other code move to ``<name>.<fingerprint>.jsonl`` beside it (data still, not
    this code's deals)."""

    path: Path
    code: str
    deals: dict[int, DealResult]

    @classmethod
    def open(cls, path: Path) -> Record:
        code = fingerprint()
        deals: dict[int, DealResult] = {}
        lines: list[str] = []
        others: dict[str, list[str]] = {}
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                found = parsed_line(line, None)
                if found is None:
                    continue  # cut short by a stopped run
                made_by = json.loads(line)["code"]
                if made_by != code:
                    others.setdefault(made_by, []).append(line)
                elif found[0] not in deals:
                    deals[found[0]] = found[1]
                    lines.append(line)
        path.parent.mkdir(parents=True, exist_ok=True)
        for made_by, kept in others.items():  # other code's deals: kept aside, as data
            aside = path.with_name(f"{path.stem}.{made_by}{path.suffix}")
            with aside.open("a", encoding="utf-8") as out:
                out.write("".join(f"{line}\n" for line in kept))
        path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
        return cls(path, code, deals)

    def add(self, seed: int, result: DealResult) -> None:
        line = json.dumps({
            "seed": seed, "code": self.code,
            "rounds": [[[s.score, s.won, s.claims, s.dealt_in, s.win_type, s.draws]
                        for s in seats] for seats in result.rounds],
            "decisions": result.decisions, "fallbacks": result.fallbacks,
            "seconds": round(result.seconds, 3)}, separators=(",", ":"))
        with self.path.open("a", encoding="utf-8") as out:
            out.write(line + "\n")
        self.deals[seed] = result


def parsed_line(line: str, code: str | None) -> tuple[int, DealResult] | None:
    """(seed, result) of a record's line made by ``code`` (any code: None); None for any
    other line. A seat written before records kept its draws (five fields) drew 0."""
    try:
        data = json.loads(line)
        if code is not None and data["code"] != code:
            return None
        rounds = [[_seat(EXPECTED if s == bot else GREEDY, *fields)
                   for s, fields in enumerate(seats)]
                  for bot, seats in enumerate(data["rounds"])]
        if len(rounds) != 4 or any(len(seats) != 4 for seats in rounds):
            return None
        return int(data["seed"]), DealResult(rounds, int(data["decisions"]),
                                             int(data["fallbacks"]), float(data["seconds"]))
    except (ValueError, KeyError, TypeError):
        return None


def _seat(kind: str, score: int, won: bool, claims: int, dealt_in: bool,
          win_type: str | None, draws: int = 0) -> Seat:
    return Seat(kind, int(score), bool(won), int(claims), bool(dealt_in),
                None if win_type is None else str(win_type), int(draws))


def from_record(path: Path, deals: int | None = None) -> tuple[Tally, set[str]]:
    """The tally of a record's first ``deals`` deals (all: None), in seed order, whatever
    code made them, and the fingerprints of that code: a report written again from the
    deals, without playing them."""
    found: dict[int, tuple[DealResult, str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        parsed = parsed_line(line, None)
        if parsed is not None:
            found.setdefault(parsed[0], (parsed[1], json.loads(line)["code"]))
    seeds = sorted(found)[:deals]
    return _tally((found[s][0] for s in seeds), None), {found[s][1] for s in seeds}


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


def _play_row(name: str, tally: Tally) -> str:
    def claims(seats: list[Seat]) -> str:
        return _num(interval([float(s.claims) for s in seats])).replace("+", "")

    def drawn(seats: list[Seat]) -> str:
        wins = [s for s in seats if s.won]
        own = sum(1 for s in wins if s.win_type in SELF_DRAWN)
        return f"{own / len(wins):.0%} of {len(wins)}" if wins else "no win"

    def dealt(seats: list[Seat]) -> str:
        return _pct(interval([float(s.dealt_in) for s in seats]))

    return (f"| {name} | {claims(tally.bot)} | {claims(tally.greedy)} | {drawn(tally.bot)} | "
            f"{drawn(tally.greedy)} | {dealt(tally.bot)} | {dealt(tally.greedy)} |")


def _pct(v: tuple[float, float, float]) -> str:
    return f"{v[0]:.1%} [{v[1]:.1%}, {v[2]:.1%}]"


def _num(v: tuple[float, float, float]) -> str:
    return f"{v[0]:+.2f} [{v[1]:+.2f}, {v[2]:+.2f}]"


@dataclass
class Setting:
    """What a run is asked: its deals and first seed, the bot's objective and horizon
    (``""``: the wall's draws, log mode's default; ``"table"``: the variant's round length
    among greedy players, :func:`round_length`; or a number of draws), and the records'
    folder (None: no records)."""

    deals: int
    seed: int
    objective: str = "score"
    horizon: str = ""
    records: Path | None = None
    lengths: dict[str, RoundLength] = field(default_factory=dict)

    def horizon_of(self, variant: str) -> int | None:
        """The most draws the bot's model counts on in ``variant``; None for the wall's."""
        if not self.horizon:
            return None
        if self.horizon == "table":
            if variant not in self.lengths:
                self.lengths[variant] = round_length(variant)
            return self.lengths[variant].horizon
        return int(self.horizon)

    def record(self, variant: str) -> Path | None:
        """The variant's record: ``<objective>[-horizon<N>]-<variant>.jsonl``."""
        return None if self.records is None else self.records / self._name(variant)

    def _name(self, variant: str) -> str:
        horizon = self.horizon_of(variant)
        return f"{self.objective}{'' if horizon is None else f'-horizon{horizon}'}-{variant}.jsonl"

    def pattern(self) -> str:
        """The records' names, as the report says them."""
        middle = "" if not self.horizon else "-horizon<N>" if self.horizon == "table" \
            else f"-horizon{self.horizon}"
        return f"{self.objective}{middle}-<variant>.jsonl"

    def command(self) -> str:
        knobs = [f"SELFPLAY_DEALS={self.deals}", f"SELFPLAY_SEED={self.seed}"]
        if self.objective != "score":
            knobs.append(f"SELFPLAY_OBJECTIVE={self.objective}")
        if self.horizon:
            knobs.append(f"SELFPLAY_HORIZON={self.horizon}")
        return " ".join(knobs) + " make selfplay"


def report(tallies: dict[str, Tally], setting: Setting) -> str:
    objective = setting.objective
    drawn = "derived" if not setting.horizon else (
        "derived, at most the variant's round length below" if setting.horizon == "table"
        else f"derived, at most {setting.horizon}")
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
        f"Command: `{setting.command()}` (`changes` 0, `draws_left` {drawn}, objective "
        f"`{objective}`; qinzhou without horses).",
        "",
        *([f"Each deal's results, one JSON line a deal (its seed; for each of the four rounds, "
           "the bot in seat k in round k, each seat's `[score, won, claims, dealt_in, "
           f"win_type, draws]`): `{_shown(setting.records)}/{setting.pattern()}`.", ""]
          if setting.records else []),
        *_lengths(setting),
        "| variant | deals | bot win rate | greedy win rate | bot mean score | greedy mean "
        "score | difference per deal | model answered | CPU |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    lines += [_row(name, tally) for name, tally in tallies.items()]
    lines += [
        "",
        "How the rounds went, seat by seat (the bot's seats against greedy's): the tiles "
        "claimed a round (吃, 碰, 杠 on a discard), the share of the wins drawn by the winner "
        "(自摸, 杠上开花: the only wins the model counts) and of the rounds in which the "
        "seat's discard was won on (点炮, a kong robbed).",
        "",
        "| variant | bot claims a round | greedy claims a round | bot's wins self-drawn | "
        "greedy's wins self-drawn | bot dealt in | greedy dealt in |",
        "|---|---|---|---|---|---|---|",
        *[_play_row(name, tally) for name, tally in tallies.items()],
    ]
    if any(tally.deals < setting.deals for tally in tallies.values()):
        lines += ["", f"Part of a run: a variant with fewer than {setting.deals} deals was "
                  "still being "
                  "played (or the run was stopped) when this was written."]
    return "\n".join(lines) + "\n"


def _lengths(setting: Setting) -> list[str]:
    """The round lengths a ``table`` horizon was read from, as a table."""
    if not setting.lengths:
        return []
    return [
        f"The bot's horizon: how long rounds last among four greedy players "
        f"({TABLE_ROUNDS} deals from seed {TABLE_SEED}, apart from the deals played here): "
        "the tiles a seat draws before the round ends, against the draws the wall gives it "
        "at the deal (log mode's default `draws_left`, which the model counts on). The bot "
        "asks with `draws_left` at most the mean, rounded.",
        "",
        "| variant | draws a seat makes, mean | median | the wall's draws at the deal | "
        "rounds nobody won | horizon |",
        "|---|---|---|---|---|---|",
        *[f"| {name} | {length.mean:.2f} | {length.median:g} | {length.wall:.1f} | "
          f"{length.unwon} of {length.rounds} | {length.horizon} |"
          for name, length in setting.lengths.items()],
        "",
    ]


def _shown(folder: Path) -> str:
    """The records' folder as the report names it: from the project's root when inside."""
    try:
        return folder.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return folder.as_posix()


def main() -> int:
    objective = os.environ.get("SELFPLAY_OBJECTIVE", "score")
    if objective not in ("score", "win"):
        raise SystemExit(f"SELFPLAY_OBJECTIVE is 'score' or 'win', not {objective!r}")
    horizon = os.environ.get("SELFPLAY_HORIZON", "")
    if horizon and horizon != "table" and not (horizon.isdigit() and int(horizon) > 0):
        raise SystemExit(f"SELFPLAY_HORIZON is 'table' or a number of draws, not {horizon!r}")
    folder = os.environ.get("SELFPLAY_RECORDS", str(RECORDS))
    setting = Setting(int(os.environ.get("SELFPLAY_DEALS", 500)),
                      int(os.environ.get("SELFPLAY_SEED", 42000)), objective, horizon,
                      Path(folder) if folder else None)
    names = os.environ.get("SELFPLAY_VARIANTS", ",".join(VARIANTS)).split(",")
    out = Path(os.environ.get("SELFPLAY_OUT", OUT))
    jobs = int(os.environ.get("SELFPLAY_JOBS", 1))
    tallies: dict[str, Tally] = {}
    for name in names:
        def progress(tally: Tally, name: str = name) -> None:
            # a long run stopped part-way keeps what it finished
            tallies[name] = tally
            if tally.deals % PROGRESS_EVERY == 0:
                out.write_text(report(tallies, setting), encoding="utf-8")

        tallies[name] = run(name, setting.deals, setting.seed, jobs, progress, objective,
                            setting.record(name), setting.horizon_of(name))
        print(_row(name, tallies[name]), flush=True)
        out.write_text(report(tallies, setting), encoding="utf-8")
        print(f"wrote {out}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
