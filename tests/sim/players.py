"""Players for simulated rounds: a greedy one and the expected-value bot (issue 42).

Both choose among the play engine's legal actions (the engine is the one copy of the play
rules), from what their seat sees, and both always take a win.

* **greedy**: ``/advise``'s ranking as it was before expected values: on its turn the discard
  ranked first (lowest shanten, then most 进张, then the best wait's value); a chow, pung or
  kong only when the hand after it can be nearer ready than without it; kongs from hand
  when they do not raise the shanten.
* **expected value**: ``/advise`` log mode's ``best`` (rules.seat_advice), every decision:
  its discards, claims, kongs and passes valued by the model. Where a question needs more
  hand states than the bot's budget, the bot plays greedy for that decision and counts it
  (``fallbacks``), so a run's report says how often the model was asked and answered.
  Its ``draws_left`` is the wall's (log mode's default), or at most ``horizon``: the draws a
  seat can count on before another seat wins, as a client may ask log mode.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import rules
from rules.analysis import shanten
from rules.analysis.expectation import Budget, TooLarge
from rules.hand import HandView
from rules.model import AdviseRequest, ExpectedInputs, PlayerTiles
from rules.play import Action, Round
from rules.play.model import DISCARD_ACTION, DRAW, WIN_ACTION
from rules.seat_advice import PASS, best_action, draws_left_of, value_actions
from rules.tiles import WINDS

GREEDY, EXPECTED = "greedy", "expected"
BOT_STATES = 4_000  # the bot's state budget per decision (a few tenths of a second)


@dataclass
class Player:
    """Chooses one of ``legal`` (this seat's legal actions; never empty) on ``board``."""

    kind: str = GREEDY
    decisions: int = 0
    fallbacks: int = 0
    changes: int = 0
    objective: str = "score"  # the bot's: "score" (expected score) or "win" (win chance)
    horizon: int | None = None  # the most draws the bot's model counts on (None: the wall's)
    extra: dict[str, Any] = field(default_factory=dict)

    def choose(self, board: Round, seat: int, legal: list[Action]) -> Action | None:
        """The action to play, or None to let the tile go (a pass: nothing is pushed)."""
        wins = [a for a in legal if a.type == WIN_ACTION]
        if wins:
            return wins[0]
        if self.kind == EXPECTED and (len(legal) > 1 or _may_pass(legal)):
            decided, chosen = self._expected(board, seat, legal)
            if decided:
                return chosen
        return greedy(board, seat, legal)

    def _expected(self, board: Round, seat: int,
                  legal: list[Action]) -> tuple[bool, Action | None]:
        """(whether the model decided, its choice: None for a pass)."""
        self.decisions += 1
        left = draws_left_of(board, seat)
        if self.horizon is not None:
            left = min(left, self.horizon)
        used = ExpectedInputs(left, self.changes, self.objective)
        try:
            valued = value_actions(board.variant, board, seat, used, board.rules,
                                   budget=Budget(BOT_STATES))
        except TooLarge:  # more states than the bot's budget: greedy for this one
            self.fallbacks += 1
            return False, None
        best = best_action(valued, used.objective)
        if best is None:  # nothing valued (every option more than 3 from ready)
            self.fallbacks += 1
            return False, None
        if best.type == PASS:
            return True, _pass(legal)
        if best.type == DRAW:
            return True, next(a for a in legal if a.type == DRAW)
        return True, next(a for a in legal if _same(a, best))


def _may_pass(legal: list[Action]) -> bool:
    return any(a.type in ("chow", "pung", "kong") for a in legal)


def _pass(legal: list[Action]) -> Action | None:
    """Letting the open tile go: the draw where the seat draws next, else nothing."""
    return next((a for a in legal if a.type == DRAW), None)


def _same(a: Action, b: Action) -> bool:
    if a.type != b.type:
        return False
    if a.type == "chow":
        return tuple(sorted(a.tiles or ())) == tuple(sorted(b.tiles or ()))
    return b.tile is None or a.tile == b.tile


# ---------------------------------------------------------------------------- greedy

def greedy(board: Round, seat: int, legal: list[Action]) -> Action | None:
    """Today's /advise ranking: the first discard; a claim only when it brings the hand
    nearer ready; a kong from hand when it keeps the shanten."""
    discards = [a for a in legal if a.type == DISCARD_ACTION]
    if discards:
        kongs = [a for a in legal if a.type in ("concealed_kong", "added_kong")]
        for kong in kongs:
            if _shanten_after(board, seat, kong) <= _shanten_now(board, seat, holding=True):
                return kong
        return _best_discard(board, seat, discards)
    claims = [a for a in legal if a.type in ("chow", "pung", "kong")]
    now = _shanten_now(board, seat, holding=False)
    for claim in claims:
        if _shanten_after(board, seat, claim) < now:
            return claim
    return _pass(legal) if claims or any(a.type == DRAW for a in legal) else legal[0]


def _advice(board: Round, seat: int, counts: list[int], melds: tuple) -> Any:
    hand = tuple(t for t in range(34) for _ in range(counts[t]))
    return rules.advise(AdviseRequest(
        board.variant.name, PlayerTiles(hand, melds), board.jing, (),
        seat == board.dealer, WINDS[(seat - board.dealer) % 4], board.round_wind,
        dict(board.rules)))


def _best_discard(board: Round, seat: int, discards: list[Action]) -> Action:
    state = board.seats[seat]
    advice = _advice(board, seat, list(state.counts), tuple(state.melds))
    first = advice.discards[0].discard
    return next((a for a in discards if a.tile == first), discards[0])


def _shanten_now(board: Round, seat: int, holding: bool) -> int:
    state = board.seats[seat]
    advice = _advice(board, seat, list(state.counts), tuple(state.melds))
    if holding and advice.discards:
        return advice.discards[0].shanten
    return advice.shanten


def _shanten_after(board: Round, seat: int, action: Action) -> int:
    """The best shanten the hand can keep after ``action`` (a claim or a kong): the trial
    is pushed into a copy of the round."""
    trial = board.copy()
    trial.push(action)
    state = trial.seats[seat]
    view = HandView.of(PlayerTiles(tuple(t for t in range(34) for _ in range(state.counts[t])),
                                   tuple(state.melds)), trial.kinds)
    # 14 − 3k tiles after a claim (the number after its best discard), 13 − 3k after a kong
    return shanten(view.natural, view.wilds, trial.variant.shapes, len(view.melds))


__all__ = ["EXPECTED", "GREEDY", "Player", "greedy"]
