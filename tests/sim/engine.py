"""A game simulator: plays random rounds of any variant through the play engine.

It deals a shuffled 136-tile wall, flips jing (Jiangxi) where the variant does, and then
plays the round by choosing, at every step, among the legal actions the engine
(:class:`rules.play.Round`) lists: draws, discards, chows, pungs, all three kongs, wins on a
draw, a discard or a robbed kong, passes of a win (so the locks are played), and (xingguo) a
诈胡 now and then, which the engine itself accepts and records. There is one implementation
of the play rules, the engine's: the simulator only chooses. Players discard semi-greedily
(keeping a waiting hand when they can) so that rounds end in wins often enough to test
scoring.

A played round gives its log (the /replay body) and the /settle body the engine says the log
implies (``request``): the tests replay the first and settle the second.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import rules
from app.schemas.answers import action as action_body
from app.schemas.answers import settle_request as settle_body
from rules.hand import HandView
from rules.model import Jing, PlayerTiles
from rules.options import resolve
from rules.play import Action, ReplayRequest, Round, settle_request
from rules.tiles import CODES, compact, compact_in_order
from rules.variants import VARIANTS

HORSE_COUNTS = (0, 5, 10, 15, 20, 30)
RANDOM = object()  # Simulator(previous=RANDOM): 回头一笑 drawn at random (a lone round)
PASS_WIN = 0.05  # how often a seat that could win passes (the locks get played)
FALSE_WIN = 0.002  # how often (xingguo) a seat offered a tile declares a win it has not


@dataclass
class SimulatedRound:
    """The outcome of one simulated round."""

    request: dict[str, Any]  # the /settle body the engine derived from the log
    log: dict[str, Any]  # the /replay body
    winners: list[int]
    win_type: str | None
    facts: list[str] = field(default_factory=list)  # the codes of the engine's facts
    refused: list[str] = field(default_factory=list)  # (kept for tools: always empty now)


@dataclass
class _SeatTiles:
    """One seat's tiles at the end, as the old simulator exposed them."""

    board: Round
    seat: int

    def tiles(self) -> PlayerTiles:
        view = self.board.seat_view(self.seat)
        return PlayerTiles(view.concealed, view.melds, view.discards)


class Simulator:
    def __init__(self, variant: str, seed: int, options: dict[str, Any] | None = None,
                 wall: list[int] | None = None, dealer: int | None = None,
                 stray: float = 0.15, previous: Any = RANDOM, round_wind: str | None = None):
        """``wall`` (drawn from its end, see :func:`stacked_wall`) and ``dealer`` set up a
        scenario instead of a shuffle; ``stray`` is how often a player discards a random
        tile instead of its loosest one. A round of a match (:func:`play_match`) is given
        its dealer, its 回头一笑 tile (``previous``: a tile or None) and its round wind."""
        self.preset_wall, self.preset_dealer, self.stray = wall, dealer, stray
        self.previous, self.round_wind = previous, round_wind
        self.dead_wall = 0  # tiles left when the round is drawn (play_match raises it)
        self.variant = VARIANTS[variant]
        self.name = variant
        self.rng = random.Random(seed)
        self.options = dict(options or {})
        if self.variant.takes_horses:  # the table buys a number of horses (奖马)
            self.options.setdefault("horse_count", self.rng.choice(HORSE_COUNTS))
        self.pass_win = PASS_WIN
        self.false_win = FALSE_WIN if self.variant.play_rules.false_win else 0.0

    # ------------------------------------------------------------------ set-up
    def play(self) -> SimulatedRound:
        rng = self.rng
        if self.preset_wall is None:
            wall = [t for t in range(34) for _ in range(4)]
            rng.shuffle(wall)
            self.dealer = self.preset_dealer if self.preset_dealer is not None \
                else rng.randrange(4)
        else:
            wall = list(self.preset_wall)
            self.dealer = self.preset_dealer or 0
        self.jing = self._flip_jing(wall)
        deal: list[list[int]] = [[] for _ in range(4)]
        for _ in range(13):
            for s in range(4):
                deal[s].append(wall.pop())
        deal[self.dealer].append(wall.pop())  # the dealer's 14th tile
        left = wall[::-1]  # the tiles still to draw, the next ordinary draw first
        left = left[:max(0, len(left) - self.dead_wall)]
        self.deal = deal
        self.rules = resolve(self.variant.options, self.options, self.name)
        round_wind = CODES.index(self.round_wind) if self.round_wind else None
        self.board = Round(self.variant, self.rules, self.dealer, deal, wall=left,
                           jing=self.jing, round_wind=round_wind)
        self.seats = [_SeatTiles(self.board, s) for s in range(4)]
        self.log: list[Action] = []
        self._play_out()
        return self._finish(left)

    def _flip_jing(self, wall: list[int]) -> Jing:
        if not self.variant.jing_fields:
            return Jing()
        upper = wall[-1]
        if "indicator" in self.variant.out_of_play_jing:
            wall.pop()  # xingguo: the flipped tile is out of play
        lower = previous = None
        if "lower_indicator" in self.variant.jing_fields and self.rng.random() < 0.7:
            lower = wall.pop(0)  # 下精: flipped and out of play
        if self.previous is not RANDOM:
            previous = self.previous
        elif "previous_indicator" in self.variant.jing_fields and self.rng.random() < 0.3:
            previous = self.rng.randrange(34)
        return Jing(upper, lower, previous)

    # ------------------------------------------------------------------ the loop
    def _play_out(self) -> None:
        board = self.board
        while True:
            legal = board.legal_actions()
            chosen = self._choose(legal)
            if chosen is None:
                if board.outcome() is None:
                    raise AssertionError(f"stuck with no action: {legal}")
                return
            board.push(chosen)
            self.log.append(chosen)

    def _choose(self, legal: list[Action]) -> Action | None:
        """One of ``legal`` (None: stop, once the round may end here)."""
        rng, board = self.rng, self.board
        wins = [a for a in legal if a.type == "win"]
        for win in wins:
            if rng.random() >= self.pass_win:
                return win
        if board.outcome() is not None and not board.owed_wins():
            return None  # a drawn round, or every other seat passes the winning tile
        if wins and all(a.type == "win" for a in legal):
            return wins[0]  # 能胡必胡: a win nobody may pass is all that is left
        if self.false_win and rng.random() < self.false_win:
            offered = [Action(s, "win") for s in range(4)
                       if Action(s, "win") not in wins and board.is_legal(Action(s, "win"))]
            if offered:
                return rng.choice(offered)
        legal = [a for a in legal if a.type != "win"]
        if not legal:
            return None
        by_type: dict[str, list[Action]] = {}
        for action in legal:
            by_type.setdefault(action.type, []).append(action)
        if "discard" in by_type:
            return self._act(by_type)
        return self._claim(by_type)

    def _act(self, by_type: dict[str, list[Action]]) -> Action:
        kongs = by_type.get("concealed_kong", []) + by_type.get("added_kong", [])
        if kongs and self.rng.random() < 0.6:
            return kongs[0]
        return self._discard(by_type["discard"])

    def _claim(self, by_type: dict[str, list[Action]]) -> Action:
        rng = self.rng
        draws = by_type.get("draw", [])
        tile = self.board.offer
        if tile is not None and tile in self.board.kinds and rng.random() < 0.7 and draws:
            return draws[0]
        for kind, chance in (("kong", 0.5), ("pung", 0.5), ("chow", 0.4)):
            options = by_type.get(kind, [])
            if options and rng.random() < chance:
                return rng.choice(options)
        if draws:
            return draws[0]
        return rng.choice([a for actions in by_type.values() for a in actions])

    def _discard(self, discards: list[Action]) -> Action:
        """Keep a waiting hand when some discard allows it; otherwise drop a loose tile."""
        board, seat = self.board, discards[0].seat
        counts = board.seats[seat].counts
        kinds = board.kinds
        ranked = sorted(discards, key=lambda a: (a.tile in kinds, _neighbours(counts, a.tile)))
        if board.left < 60:
            melds = tuple(board.seats[seat].melds)
            for action in ranked[:6]:
                counts[action.tile] -= 1
                hand = PlayerTiles(tuple(t for t in range(34) for _ in range(counts[t])), melds)
                view = HandView.of(hand, kinds)
                ready = rules.analysis.waits(view.natural, view.wilds, self.variant.shapes,
                                             len(view.melds), kinds)
                counts[action.tile] += 1
                if ready:
                    return action
        return ranked[0] if self.rng.random() < 1 - self.stray else self.rng.choice(discards)

    # ------------------------------------------------------------------ the bodies
    def _finish(self, left: list[int]) -> SimulatedRound:
        log: dict[str, Any] = {
            "variant": self.name, "dealer": self.dealer,
            "deal": [compact(sorted(hand)) for hand in self.deal],
            "wall": compact_in_order(left), "actions": [action_body(a) for a in self.log]}
        if self.round_wind is not None:
            log["round_wind"] = self.round_wind
        if self.options:
            log["rules"] = dict(self.options)
        if self.variant.jing_fields:
            log["jing"] = {k: CODES[v] for k, v in self.jing.__dict__.items() if v is not None}
        request = ReplayRequest(self.name, self.dealer, tuple(map(tuple, self.deal)),
                                tuple(self.log), tuple(left), None, self.jing, None,
                                self.board.round_wind, dict(self.options))
        outcome = self.board.outcome()
        assert outcome is not None
        body = settle_body(settle_request(self.board, request, outcome))
        return SimulatedRound(body, log, list(body["result"]["winners"]),
                              body["result"].get("win_type"),
                              [f.code for f in self.board.facts])


def _neighbours(counts: list[int], t: int | None) -> int:
    assert t is not None
    near = counts[t] * 3
    if t < 27:
        near += sum(counts[u] for u in (t - 2, t - 1, t + 1, t + 2)
                    if 0 <= u < 27 and u // 9 == t // 9)
    return near


def stacked_wall(hands: list[list[int]], draws: list[int], seed: int = 0) -> list[int]:
    """A wall that deals ``hands`` (13 tiles each, by seat) and then gives ``draws`` in turn;
    the other tiles, shuffled, follow. The deal and the draws take tiles from the end."""
    dealt = [hands[s][i] for i in range(13) for s in range(4)] + list(draws)
    rest = [t for t in range(34) for _ in range(4)]
    for t in dealt:
        rest.remove(t)  # ValueError: the scenario uses a fifth copy
    random.Random(seed).shuffle(rest)
    return rest + dealt[::-1]


# ---------------------------------------------------------------------------- matches

@dataclass
class Match:
    """A simulated match: the /match body, and each round as a whole /settle body with
    what the table carried into it written in (dealer, round wind, floor, 回头一笑); each
    round's log too (``logs``: the /replay bodies)."""

    body: dict[str, Any]
    rounds: list[dict[str, Any]]
    dealers: list[int]
    winds: list[str | None]  # guangdong's round wind, None elsewhere
    floors: list[int | None]  # nanchang's floor when 爬楼梯 is on, None elsewhere
    carried: list[dict[str, str]]  # {"previous_indicator": tile} where 回头一笑 carried one
    logs: list[dict[str, Any]] = field(default_factory=list)


def play_match(variant: str, seed: int, rounds: int,
               options: dict[str, Any] | None = None, logs: float = 0.0) -> Match:
    """Play ``rounds`` rounds at one table, passing the deal as the table does; each round is
    written into the /match body as a log (the /replay form) with probability ``logs``,
    else as a /settle body.

    The rotation is written out here in the plain words of RULINGS "Matches", apart from
    rules/matches.py, so that a test comparing the two compares two readings: the dealer
    keeps the deal on a win (also among several winners) and on a drawn round (unless
    dealer_passes_on_draw); otherwise qinzhou's winner deals (the first after the
    discarder), and elsewhere the next seat. guangdong's wind turns when the deal comes
    back to the first dealer; nanchang's floor climbs on a dealer's win, falls on another's
    (one floor, or to the bottom), stays on a draw, and stops at 10; its 上精 is the next
    round's 回头一笑 while rules.hui_tou_yi_xiao is on."""
    rng = random.Random(seed)
    options = dict(options or {})
    if VARIANTS[variant].takes_horses:
        options.setdefault("horse_count", rng.choice(HORSE_COUNTS))
    first = dealer = rng.randrange(4)
    wind = "E" if variant == "guangdong" else None
    mode = options.get("pa_lou_ti", "off") if variant == "nanchang" else "off"
    floor = options.get("floor", 1) if mode != "off" else None
    carries = variant == "nanchang" and options.get("hui_tou_yi_xiao", True)
    previous: int | None = None
    match = Match({"variant": variant, "dealer": first, "rounds": []}, [], [], [], [], [])
    if options:
        match.body["rules"] = dict(options)
    for i in range(rounds):
        table = dict(options) if floor is None else {**options, "floor": floor}
        sim = Simulator(variant, seed * 1000 + i, table, dealer=dealer,
                        previous=previous if variant == "nanchang" else RANDOM,
                        round_wind=wind if wind != "E" else None)
        if rng.random() < 0.2:  # the simulated players seldom let a wall run out
            sim.dead_wall = 56
        played = sim.play()
        match.rounds.append(played.request)
        match.logs.append(played.log)
        match.dealers.append(dealer)
        match.winds.append(wind)
        match.floors.append(floor)
        match.carried.append({} if previous is None else
                             {"previous_indicator": CODES[previous]})
        as_log = rng.random() < logs
        match.body["rounds"].append(_as_match_log(played.log, i) if as_log
                                    else _as_match_round(played.request, i))
        after = _next_dealer(variant, dealer, played, options)
        if wind is not None and after != dealer and after == first:
            wind = "ESWN"[("ESWN".index(wind) + 1) % 4]
        if floor is not None and played.winners:
            if played.winners[0] == dealer:
                floor = min(floor + 1, 10)
            else:
                floor = max(1, floor - 1) if mode == "man_shang_man_xia" else 1
        previous = sim.jing.indicator if carries else None
        dealer = after
    return match


def _next_dealer(variant: str, dealer: int, played: SimulatedRound,
                 options: dict[str, Any]) -> int:
    winners = played.winners
    if dealer in winners:
        return dealer
    if not winners:
        return (dealer + 1) % 4 if options.get("dealer_passes_on_draw") else dealer
    if variant == "qinzhou":
        discarder = played.request["result"].get("discarder")
        if discarder is None:
            return winners[0]
        return min(winners, key=lambda seat: (seat - discarder) % 4)
    return (dealer + 1) % 4


def _as_match_round(request: dict[str, Any], i: int) -> dict[str, Any]:
    """A /settle body as a round of a match: no variant or rules (the match's), and what
    the match derives left out, except the dealer on every third round (stated, agreeing)."""
    out = {k: v for k, v in request.items()
           if k not in ("variant", "rules", "round_wind") and (k != "dealer" or i % 3 == 2)}
    if "jing" in out:
        out["jing"] = {k: v for k, v in out["jing"].items() if k != "previous_indicator"}
    return out


def _as_match_log(log: dict[str, Any], i: int) -> dict[str, Any]:
    """A /replay body as a round of a match, what the match derives left out as above."""
    return _as_match_round(log, i)
