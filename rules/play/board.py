"""One round of play: a state you push actions into (python-chess's ``Board``).

A :class:`Round` is built from the deal, the wall (or its size) and the jing. It answers
every seat's legal actions (:meth:`Round.legal_actions`), plays one action or refuses it
with an :class:`~rules.play.errors.IllegalAction` naming the rule and the seed line
(:meth:`Round.push`) and says how the round ended (:meth:`Round.outcome`); at the end,
:func:`rules.play.replay.settle_request` writes the /settle request it implies. The
validator and the legal actions are one code: an action is legal exactly when
:meth:`Round.refusal` finds nothing against it, and :meth:`Round.legal_actions` lists the
candidates it passes.

The round is built in layers, each a module: its state (:mod:`.state`), what may be played
(:mod:`.legality`), what can win (:mod:`.winning`), playing an action (:mod:`.moves`); this
module puts them together and answers for the whole.

What every variant shares is here (RULINGS "Play rules", Common); what differs is the
variant's :class:`~rules.play.declaration.PlayRules`, read from ``variant.play_rules``.

The phases of a round:

* ``ACT``: the seat ``turn`` holds 14 tiles (+1 a kong) and discards, wins (when it drew, or
  the dealer on its dealt hand), or declares a concealed or added kong (not right after a
  chow or pung);
* ``OFFER``: a discard is open: any seat may win on it, pung or kong it, the next seat chow
  it, or the next seat draws (which closes it); after a win only further wins may follow;
* ``KONG``: a kong was declared; an added kong may be robbed (others ``win``), then the
  kong's owner draws its replacement from the wall's tail;
* ``OVER``: the round has ended.
"""

from __future__ import annotations

import copy

from rules.model import PUNG
from rules.play.errors import IllegalAction
from rules.play.legality import Legality
from rules.play.model import (
    ADDED_KONG_ACTION,
    CHOW_ACTION,
    CONCEALED_KONG_ACTION,
    DISCARD_ACTION,
    DRAW,
    KONG_ACTION,
    PUNG_ACTION,
    WIN_ACTION,
    Action,
    SeatView,
)
from rules.play.moves import Moves
from rules.play.state import (
    ACT,
    KONG_PHASE,
    OFFER,
    OVER,
    Outcome,
    SeatState,
)
from rules.play.winning import Winning
from rules.tiles import DRAGONS, NUM_KINDS, WINDS


class Round(Legality, Winning, Moves):
    """The state of one round (see the module doc)."""

    # ------------------------------------------------------------------ the log
    def push(self, action: Action) -> None:
        """Play ``action``, or raise :class:`IllegalAction` (the state is unchanged)."""
        refusal = self._refusal(action)
        if refusal is not None:
            raise IllegalAction(self.actions, self.cited(refusal))
        self._play(action)
        self.actions += 1

    def is_legal(self, action: Action) -> bool:
        return self._refusal(action) is None

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every action a seat (every seat, in seat order, when None) may take now, each as an
        action of the log would be written: what :meth:`refusal` lets through (a win only
        when the variant accepts it, not a 诈胡; a draw without a wall without its tile,
        which the log names)."""
        seats = range(4) if seat is None else (seat,)
        return [a for s in seats for a in self._candidates(s) if self._listed(a)]

    def open_wins(self) -> list[list[Action]]:
        """:meth:`legal_actions` once the round has ended: by seat, the win still open to it
        on the last tile (一炮多响's further winners, a last tile or discard not yet won);
        nothing else can follow an end, so only wins are tried."""
        return [[win] if self._listed(win) else [] for win in (Action(s, WIN_ACTION)
                                                               for s in range(4))]

    def _listed(self, action: Action) -> bool:
        if action.type == WIN_ACTION:
            return self._refusal(action) is None and self.could_win(action.seat)
        if action.type == DRAW and action.tile is None:
            return (self.winners == [] and self.phase != OVER
                    and self._draw_refusal(action, need_tile=False) is None)
        return self._refusal(action) is None

    def owed_wins(self) -> list[int]:
        """能胡必胡 (``must_win``): the seats that could win now and must, so the round cannot
        end before they do; empty where the rule is off."""
        if not self.must_win:
            return []
        return [seat for seat in range(4) if seat not in self.winners and self.could_win(seat)]

    def copy(self) -> Round:
        """An independent copy of the round (python-chess's ``Board.copy``): push into it
        to see where an action leads without changing this one. The variant and the
        memo of accepted wins (a pure function of its key) are shared."""
        shared = (self.variant, self.play, self._accepts_memo, self.rules)
        return copy.deepcopy(self, {id(item): item for item in shared})

    def outcome(self) -> Outcome | None:
        """How the round has ended, or None while it goes on. A log that stops after the
        wall's last discard (or, where the last drawer does not discard, after the last draw)
        ends in a drawn round: nobody won."""
        if self.winners:
            return Outcome(tuple(self.winners), self.win_type, self.offer if self.phase
                           in (OFFER, KONG_PHASE) else self.drawn,
                           self.turn if self.phase in (OFFER, KONG_PHASE) else None)
        if self.phase == OVER or self.drawn_if_stopped():
            return Outcome(())
        return None

    # ------------------------------------------------------------------ candidates
    def _candidates(self, seat: int) -> list[Action]:
        """What :meth:`legal_actions` tries for ``seat``."""
        out = [Action(seat, WIN_ACTION)]
        state = self.seats[seat]
        held = [t for t in range(NUM_KINDS) if state.counts[t]]
        if self.phase == ACT and seat == self.turn:
            out += [Action(seat, DISCARD_ACTION, t) for t in held]
            out += [Action(seat, CONCEALED_KONG_ACTION, t) for t in held if state.counts[t] == 4]
            out += [Action(seat, ADDED_KONG_ACTION, m.tiles[0]) for m in state.melds
                    if m.kind == PUNG and state.counts[m.tiles[0]]]
        elif self.phase == OFFER and self.offer is not None and seat != self.turn:
            tile = self.offer
            out += [Action(seat, KONG_ACTION, tile), Action(seat, PUNG_ACTION, tile)]
            out += [Action(seat, CHOW_ACTION, None, chow) for chow in chows_of(tile)]
        if self.phase in (OFFER, KONG_PHASE):
            if self.wall is None:  # only the table knows the tile: the log names it
                out.append(Action(seat, DRAW, missing=("tile",)))
            elif self.left:
                out.append(Action(seat, DRAW, self._next_tile(self.phase == KONG_PHASE)))
        return out

    # ------------------------------------------------------------------ views
    def seat_view(self, seat: int) -> SeatView:
        """A seat's tiles as they stand; a discard still open to claims is the last of its
        seat's discards (it leaves them if a claim takes it)."""
        state = self.seats[seat]
        pond = tuple(state.pond)
        if self.phase == OFFER and seat == self.turn and self.offer is not None \
                and not self.winners:
            pond += (self.offer,)
        return SeatView(state.concealed(), tuple(state.melds), pond)


def chows_of(tile: int) -> list[tuple[int, ...]]:
    """Every chow that holds ``tile``: number runs, and the honour chows (three different
    winds, or the three dragons), which :meth:`Round.refusal` keeps where the variant has
    them."""
    if tile < 27:
        rank, base = tile % 9, tile - tile % 9
        return [tuple(base + r for r in range(start, start + 3))
                for start in range(max(0, rank - 2), min(rank, 6) + 1)]
    if tile in WINDS:
        others = [w for w in WINDS if w != tile]
        return [tuple(sorted((tile, a, b))) for i, a in enumerate(others) for b in others[i + 1:]]
    return [tuple(sorted(DRAGONS))]


__all__ = ["ACT", "KONG_PHASE", "OFFER", "OVER", "Outcome", "Round", "SeatState"]
