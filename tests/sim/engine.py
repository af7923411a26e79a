"""A game simulator: plays random legal rounds of any variant and writes each as /settle.

It deals a shuffled 136-tile wall, flips jing (Jiangxi) and horses (qinzhou) where the
variant does, and plays draw, discard, chow (previous seat only), pung, all three kongs,
claims by priority (win > pung/kong > chow; first winner after the discarder, or several
where the variant allows 一炮多响), robbing an added kong, self-draw and discard wins, and
drawn rounds. Players discard semi-greedily (keeping a waiting hand when they can) so that
rounds end in wins often enough to test scoring.

Wins are found with the analysis core (shapes only; a jing claimed from another player counts
only as itself). A shape-complete hand that the variant refuses for a stated reason (精吊 on a
discard, 有精平胡 on a discard, …) is not declared;
:class:`Round` records every such refusal so the tests can check that only rule reasons occur.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import rules
from rules.analysis import is_complete
from rules.hand import HandView
from rules.model import (
    ADDED_KONG,
    CHOW,
    CONCEALED_KONG,
    DISCARD,
    KONG,
    KONG_REPLACEMENT,
    PUNG,
    ROB_KONG,
    SELF_DRAW,
    EvaluateRequest,
    Flags,
    Jing,
    Meld,
    PlayerTiles,
)
from rules.tiles import CODES
from rules.variants import VARIANTS

HORSE_COUNTS = (0, 5, 10, 15, 20, 30)
RANDOM = object()  # Simulator(previous=RANDOM): 回头一笑 drawn at random (a lone round)


@dataclass
class Seat:
    hand: list[int] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)

    def tiles(self) -> PlayerTiles:
        return PlayerTiles(tuple(sorted(self.hand)), tuple(self.melds), tuple(self.discards))


@dataclass
class Round:
    """The outcome of one simulated round."""

    request: dict[str, Any]  # the /settle body
    winners: list[int]
    win_type: str | None
    refused: list[str] = field(default_factory=list)  # reason codes of refused wins


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
        self.refused: list[str] = []

    # ------------------------------------------------------------------ set-up
    def play(self) -> Round:
        rng = self.rng
        if self.preset_wall is None:
            self.wall = [t for t in range(34) for _ in range(4)]
            rng.shuffle(self.wall)
            self.dealer = rng.randrange(4)
            if self.preset_dealer is not None:
                self.dealer = self.preset_dealer
        else:
            self.wall = list(self.preset_wall)
            self.dealer = self.preset_dealer or 0
        self.jing = self._flip_jing()
        self.wild = self.variant.wild_kinds(self.jing)
        self.seats = [Seat() for _ in range(4)]
        for _ in range(13):
            for s in range(4):
                self.seats[s].hand.append(self.wall.pop())
        first = self._draw(self.dealer, from_back=False)  # the dealer's 14th tile
        self.dealt = [sorted(seat.hand) for seat in self.seats]
        self.turns = 0
        self.kong_chain = 0
        outcome = self._loop(first)
        return self._finish(outcome)

    def _flip_jing(self) -> Jing:
        if not self.variant.jing_fields:
            return Jing()
        upper = self.wall[-1]
        if "indicator" in self.variant.out_of_play_jing:
            self.wall.pop()  # xingguo: the flipped tile is out of play
        lower = previous = None
        if "lower_indicator" in self.variant.jing_fields and self.rng.random() < 0.7:
            lower = self.wall.pop(0)  # 下精: flipped and out of play
        if self.previous is not RANDOM:
            previous = self.previous
        elif "previous_indicator" in self.variant.jing_fields and self.rng.random() < 0.3:
            previous = self.rng.randrange(34)
        return Jing(upper, lower, previous)

    # ------------------------------------------------------------------ the loop
    def _loop(self, first: int) -> dict[str, Any]:
        """Turns until a win or the wall runs out. ``drawn`` is None when the seat acts
        after claiming a discard (it may not self-win or kong from hand then)."""
        seat = self.dealer
        drawn: int | None = first
        replacement = False
        while True:
            if drawn is not None:
                win = self._try_self_win(seat, drawn, replacement)
                if win:
                    return win
                kong = self._maybe_kong_from_hand(seat)
                if kong is not None:
                    robbed = self._try_rob(seat, kong) if kong >= 0 else None
                    if robbed:
                        return robbed
                    if self._wall_done():
                        return {"winners": []}
                    drawn, replacement = self._draw(seat, from_back=True), True
                    self.kong_chain += 1
                    continue
            tile = self._choose_discard(seat)
            self.seats[seat].hand.remove(tile)
            self.turns += 1
            self.kong_chain = 0
            claim = self._claims(seat, tile)
            if claim.get("winners"):
                return claim
            if claim.get("claimer") is not None:
                seat = claim["claimer"]
                drawn, replacement = None, False
                if claim.get("kong"):
                    drawn, replacement = self._draw(seat, from_back=True), True
                    self.kong_chain = 1
                continue
            self.seats[seat].discards.append(tile)
            if self._wall_done():
                return {"winners": []}
            seat = (seat + 1) % 4
            drawn, replacement = self._draw(seat, from_back=False), False

    def _wall_done(self) -> bool:
        return len(self.wall) <= self.dead_wall

    def _draw(self, seat: int, from_back: bool) -> int:
        tile = self.wall.pop(0) if from_back else self.wall.pop()
        self.seats[seat].hand.append(tile)
        return tile

    # ------------------------------------------------------------------ decisions
    def _complete(self, seat: int, claimed: int | None = None) -> bool:
        """Shape-complete? A jing claimed from another player counts only as itself."""
        view = HandView.of(self.seats[seat].tiles(), self.wild)
        natural, wilds = view.natural, view.wilds
        if claimed is not None and claimed in self.wild:
            natural = natural[:claimed] + (natural[claimed] + 1,) + natural[claimed + 1:]
            wilds -= 1
        return is_complete(natural, wilds, self.variant.shapes, len(view.melds))

    def _allowed(self, seat: int, win_tile: int, win_type: str, discarder: int | None,
                 last: bool) -> bool:
        """Ask the variant, as /settle will: a shape-complete hand may still be refused."""
        flags = self._flags(seat, win_type, last, discarder)
        request = EvaluateRequest(
            self.name, self.seats[seat].tiles(), win_tile, win_type,
            dealer=seat == self.dealer,
            seat_wind=CODES.index("ESWN"[(seat - self.dealer) % 4]),
            jing=self.jing, flags=flags, rules=dict(self.options))
        try:
            answer = rules.evaluate(request)
        except rules.InvalidInput:
            self.refused.append("invalid_flags")
            return False
        if not answer.winning:
            self.refused.append(answer.reason or "unknown")
        return answer.winning

    def _flags(self, seat: int, win_type: str, last: bool, discarder: int | None) -> Flags:
        supported = self.variant.flags
        values = {
            "last_tile": last and win_type == SELF_DRAW,
            "kong_chain": self.kong_chain if win_type == KONG_REPLACEMENT else 0,
            "heavenly": self.turns == 0 and seat == self.dealer and win_type == SELF_DRAW,
        }
        return Flags(**{k: v for k, v in values.items() if k in supported})

    def _try_self_win(self, seat: int, drawn: int | None, replacement: bool):
        if drawn is None or not self._complete(seat):
            return None
        win_type = KONG_REPLACEMENT if replacement else SELF_DRAW
        if not self._allowed(seat, drawn, win_type, None, last=self._wall_done()):
            return None
        return {"winners": [seat], "win_tile": drawn, "win_type": win_type,
                "flags": self._flags(seat, win_type, self._wall_done(), None)}

    def _maybe_kong_from_hand(self, seat: int) -> int | None:
        """A concealed kong of four in hand (-1: nothing to rob), or an added kong onto an
        exposed pung (its tile, which others may rob). None: no kong."""
        me = self.seats[seat]
        if self._wall_done() or self.rng.random() > 0.6:
            return None
        for t in sorted(set(me.hand)):
            if me.hand.count(t) == 4:
                for _ in range(4):
                    me.hand.remove(t)
                me.melds.append(Meld(CONCEALED_KONG, (t,) * 4))
                return -1
        for i, meld in enumerate(me.melds):
            if meld.kind == PUNG and meld.tiles[0] in me.hand:
                t = meld.tiles[0]
                me.hand.remove(t)
                me.melds[i] = Meld(ADDED_KONG, (t,) * 4, meld.source, meld.claimed)
                return t
        return None

    def _try_rob(self, seat: int, tile: int):
        for other in self._after(seat):
            robber = self.seats[other]
            robber.hand.append(tile)
            if self._complete(other, tile) and self._allowed(other, tile, ROB_KONG, seat,
                                                             False):
                # the robbed kong goes back to a pung: the added tile is the winner's
                me = self.seats[seat]
                me.melds = [Meld(PUNG, m.tiles[:3], m.source, m.claimed)
                            if m.kind == ADDED_KONG and m.tiles[0] == tile else m
                            for m in me.melds]
                return {"winners": [other], "win_tile": tile, "win_type": ROB_KONG,
                        "discarder": seat, "flags": Flags()}
            robber.hand.remove(tile)
        return None

    def _after(self, seat: int) -> list[int]:
        return [(seat + k) % 4 for k in (1, 2, 3)]

    def _claims(self, discarder: int, tile: int) -> dict[str, Any]:
        winners = []
        for other in self._after(discarder):
            self.seats[other].hand.append(tile)
            if self._complete(other, tile) and self._allowed(other, tile, DISCARD, discarder,
                                                             self._wall_done()):
                winners.append(other)
                if self.variant.max_winners == 1 or not self._several_allowed():
                    break
            else:
                self.seats[other].hand.remove(tile)
        if winners:
            return {"winners": winners, "win_tile": tile, "win_type": DISCARD,
                    "discarder": discarder, "flags": Flags()}
        return self._meld_claim(discarder, tile)

    def _several_allowed(self) -> bool:
        return self.options.get("yi_pao_duo_xiang", True)

    def _meld_claim(self, discarder: int, tile: int) -> dict[str, Any]:
        if tile in self.wild and self.rng.random() < 0.7:
            return {}
        for other in self._after(discarder):
            hand = self.seats[other].hand
            count = hand.count(tile)
            if count == 3 and self.wall and self.rng.random() < 0.5:
                for _ in range(3):
                    hand.remove(tile)
                self.seats[other].melds.append(Meld(KONG, (tile,) * 4, discarder, tile))
                return {"claimer": other, "kong": True}
            if count >= 2 and self.rng.random() < 0.5 and len(self.seats[other].melds) < 4:
                for _ in range(2):
                    hand.remove(tile)
                self.seats[other].melds.append(Meld(PUNG, (tile,) * 3, discarder, tile))
                return {"claimer": other}
        nxt = (discarder + 1) % 4
        chow = self._chow_for(nxt, tile)
        if chow and self.rng.random() < 0.4 and len(self.seats[nxt].melds) < 4:
            for t in chow:
                if t != tile:
                    self.seats[nxt].hand.remove(t)
            self.seats[nxt].melds.append(Meld(CHOW, tuple(sorted(chow)), discarder, tile))
            return {"claimer": nxt}
        return {}

    def _chow_for(self, seat: int, tile: int) -> tuple[int, ...] | None:
        if tile >= 27:
            return None
        hand = self.seats[seat].hand
        rank = tile % 9
        for start in (rank - 2, rank - 1, rank):
            if 0 <= start <= 6:
                tiles = tuple(tile - rank + start + i for i in range(3))
                if all(t == tile or t in hand for t in tiles):
                    return tiles
        return None

    def _choose_discard(self, seat: int) -> int:
        """Keep a waiting hand when some discard allows it; otherwise drop a loose tile."""
        hand = self.seats[seat].hand
        candidates = sorted(set(hand), key=lambda t: (t in self.wild, self._neighbours(hand, t)))
        if len(self.wall) < 60:
            for t in candidates[:6]:
                hand.remove(t)
                view = HandView.of(self.seats[seat].tiles(), self.wild)
                ready = rules.analysis.waits(view.natural, view.wilds, self.variant.shapes,
                                             len(view.melds), self.wild)
                hand.append(t)
                if ready:
                    return t
        return candidates[0] if self.rng.random() < 1 - self.stray else self.rng.choice(hand)

    @staticmethod
    def _neighbours(hand: list[int], t: int) -> int:
        near = hand.count(t) * 3
        if t < 27:
            near += sum(hand.count(u) for u in (t - 2, t - 1, t + 1, t + 2)
                        if 0 <= u < 27 and u // 9 == t // 9)
        return near

    # ------------------------------------------------------------------ the request
    def _finish(self, outcome: dict[str, Any]) -> Round:
        winners = outcome.get("winners", [])
        result: dict[str, Any] = {"winners": winners}
        if winners:
            result["win_tile"] = CODES[outcome["win_tile"]]
            result["win_type"] = outcome["win_type"]
            if outcome.get("discarder") is not None:
                result["discarder"] = outcome["discarder"]
            flags = {k: v for k, v in outcome["flags"].__dict__.items() if v}
            if flags:
                result["flags"] = flags
        request: dict[str, Any] = {
            "variant": self.name, "dealer": self.dealer,
            "players": [self._player(s) for s in self.seats], "result": result,
        }
        if self.jing.previous_indicator is not None:  # 回头一笑 is scored on the dealt hands
            for player, dealt in zip(request["players"], self.dealt, strict=True):
                player["dealt"] = "".join(CODES[t] for t in dealt)
        if self.round_wind is not None:
            request["round_wind"] = self.round_wind
        if self.options:
            request["rules"] = dict(self.options)
        if self.variant.jing_fields:
            request["jing"] = {k: CODES[v] for k, v in self.jing.__dict__.items()
                               if v is not None}
        if self.variant.takes_horses and winners:
            count = self.options["horse_count"]  # fewer when the wall has run short
            request["horses"] = [CODES[t] for t in self.wall[:count]]
        events = self._events()
        if events:
            request["events"] = events
        return Round(request, winners, outcome.get("win_type"), list(self.refused))

    def _events(self) -> list[dict[str, Any]]:
        events = []
        if "follow_dealer" in self.variant_events() and self.rng.random() < 0.1:
            events.append({"type": "follow_dealer", "rounds": self.rng.randint(1, 2)})
        if "false_win" in self.variant_events() and self.rng.random() < 0.05:
            events.append({"type": "false_win", "seat": self.rng.randrange(4)})
        return events

    def variant_events(self) -> tuple[str, ...]:
        return {"xingguo": ("follow_dealer", "false_win"),
                "nanchang": ("follow_dealer",)}.get(self.name, ())

    @staticmethod
    def _player(seat: Seat) -> dict[str, Any]:
        player: dict[str, Any] = {"hand": "".join(CODES[t] for t in sorted(seat.hand))}
        if seat.melds:
            player["melds"] = [
                {"type": m.kind, "tiles": "".join(CODES[t] for t in m.tiles),
                 **({"from": m.source} if m.source is not None else {}),
                 **({"claimed": CODES[m.claimed]} if m.claimed is not None else {})}
                for m in seat.melds]
        if seat.discards:
            player["discards"] = "".join(CODES[t] for t in seat.discards)
        return player



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
    what the table carried into it written in (dealer, round wind, floor, 回头一笑)."""

    body: dict[str, Any]
    rounds: list[dict[str, Any]]
    dealers: list[int]
    winds: list[str | None]  # guangdong's round wind, None elsewhere
    floors: list[int | None]  # nanchang's floor when 爬楼梯 is on, None elsewhere
    carried: list[dict[str, str]]  # {"previous_indicator": tile} where 回头一笑 carried one


def play_match(variant: str, seed: int, rounds: int,
               options: dict[str, Any] | None = None) -> Match:
    """Play ``rounds`` rounds at one table, passing the deal as the table does.

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
        match.dealers.append(dealer)
        match.winds.append(wind)
        match.floors.append(floor)
        match.carried.append({} if previous is None else
                             {"previous_indicator": CODES[previous]})
        match.body["rounds"].append(_as_match_round(played.request, i))
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


def _next_dealer(variant: str, dealer: int, played: Round, options: dict[str, Any]) -> int:
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
