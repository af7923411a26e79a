"""What every variant declares, and the behaviour they share.

A variant module subclasses :class:`Variant`, fills in its tables (shapes, options, flags,
win types) and overrides :meth:`Variant.score` (the value of one complete hand),
:meth:`Variant.settle` and, for the Jiangxi variants, :meth:`Variant.jing_answer`. Validation
of requests, splitting off wild jing, the readings and the waits are done here once.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar, NamedTuple

from rules import places as at
from rules.analysis import ShapeRules, best_readings
from rules.error_codes import (
    FIELD_NOT_ALLOWED_VALUE,
    FIELD_NOT_USED,
    FIELD_REQUIRED,
    FLAGS_INCONSISTENT,
    HAND_WRONG_TILE_COUNT,
    MELD_BAD_CLAIM,
    TILE_NOT_A_WIND,
    TILE_NOT_HELD,
    VARIANT_NOT_SUPPORTED,
    WIN_IMPOSSIBLE_ROB,
    WIN_INCONSISTENT,
    WIND_INCONSISTENT,
)
from rules.errors import FieldError, InvalidInput
from rules.hand import HandView, present
from rules.model import (
    CHOW,
    COMMON_REASONS,
    DISCARD,
    ROB_KONG,
    SELF_DRAW,
    SELF_DRAWN,
    TERMS,
    WIN_TYPES,
    AdviseRequest,
    EvaluateRequest,
    Evaluation,
    Flags,
    Jing,
    JingAnswer,
    JingRequest,
    PlayerTiles,
    Result,
    Settlement,
    SettleRequest,
    Wait,
)
from rules.options import DEALER_PASSES_ON_DRAW, RuleOption, resolve
from rules.patterns import PatternRule, ids
from rules.places import Place
from rules.play.declaration import PlayRules
from rules.text import Sentence, msg
from rules.tiles import NUM_KINDS, WINDS, code, next_tile
from rules.validation import (
    COMPLETE,
    WAITING,
    and_joined,
    claim_order_errors,
    copies_errors,
    count_state,
    meld_errors,
    over_four,
    player_copies_errors,
    player_sources,
    raise_if,
    rob_hand_errors,
)

JING_FIELDS = ("indicator", "lower_indicator", "previous_indicator", "previous_lower_indicator")
# 正精 and 副精 of each indicator, built once: a Jiangxi /settle asks for them a dozen times.
_WILD_KINDS = tuple(frozenset({tile, next_tile(tile)}) for tile in range(NUM_KINDS))


class NotSupported(Exception):
    """The variant has no such thing (e.g. /jing for guangdong): a 422 naming ``place``."""

    def __init__(self, place: Place, message: Sentence, code: str):
        super().__init__(message)
        self.place = place
        self.message = message
        self.code = code


class Deal(NamedTuple):
    """Who deals the next round of a match, and why (a client shows it; a 422 says it)."""

    seat: int
    why: Sentence


class Context(NamedTuple):
    """Everything :meth:`Variant.score` needs about one complete hand."""

    request: EvaluateRequest
    hand: HandView
    wild_kinds: frozenset[int]
    win_type: str  # resolved (self_draw when the caller gave none)
    # Build what only a reader needs: the decomposition and the payment formulas? A wait's
    # value is its total and pattern ids (:meth:`Variant.wait_value`), so a wait is scored
    # without them (together about a third of a Jiangxi wait's cost).
    shown: bool = True


class Variant:
    """Base of the four variants. Class attributes are the variant's declaration."""

    name: ClassVar[str]
    title_zh: ClassVar[str]
    title_en: ClassVar[str]
    seed: ClassVar[str]
    shapes: ClassVar[ShapeRules] = ShapeRules()
    options: ClassVar[tuple[RuleOption, ...]] = ()
    flags: ClassVar[frozenset[str]] = frozenset()
    win_types: ClassVar[tuple[str, ...]] = WIN_TYPES
    max_winners: ClassVar[int] = 1  # winners on one discard (一炮多响 when > 1)
    jing_fields: ClassVar[tuple[str, ...]] = ()  # which jing indicators it takes
    wild_jing: ClassVar[bool] = False  # 上精 (the indicator's 正精/副精) are wild
    out_of_play_jing: ClassVar[tuple[str, ...]] = ()  # indicators that leave the wall
    takes_horses: ClassVar[bool] = False
    events: ClassVar[tuple[str, ...]] = ()  # the /settle events it pays (跟庄, 诈胡)
    scored: ClassVar[bool] = False  # score() implemented (vs. shape analysis only)
    # every pattern its answers may carry, in table order (its patterns module declares them)
    pattern_rules: ClassVar[tuple[PatternRule, ...]] = ()
    patterns: ClassVar[tuple[str, ...]] = ()  # their ids, derived (GET /variants, the contract)
    reasons: ClassVar[tuple[str, ...]] = ()  # its own reason codes for a hand that cannot win
    round_wind_turns: ClassVar[bool] = False  # POST /match turns (and scores) the round wind
    # a pung of the seat's wind scores (门风): a non-dealer's hand is valued only with its
    # seat wind, so the expected-value model, which values hands it has not met, asks for it
    scores_seat_wind: ClassVar[bool] = False
    # its wait_values/wait_totals value a class of tiles once (the jiangxi variants); else
    # the engine scores each win alone, kept by the hand it makes (:meth:`reads_last_tile`)
    values_waits_by_class: ClassVar[bool] = False
    play_rules: ClassVar[PlayRules]  # how its round is played (its package's play.py)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.patterns = ids(cls.pattern_rules)

    # ------------------------------------------------------------------ declaration
    def describe(self) -> dict[str, Any]:
        """The registry entry shown by ``GET /variants``."""
        s = self.shapes
        return {
            "name": self.name, "title_zh": self.title_zh, "title_en": self.title_en,
            "seed": self.seed,
            "shapes": {"standard": True, "honour_chows": s.honour_chows,
                       "seven_pairs": s.seven_pairs, "four_as_two_pairs": s.four_as_two_pairs,
                       "shi_san_lan": s.shi_san_lan, "shi_san_yao": s.shi_san_yao,
                       "wild_jing": self.wild_jing},
            "win_types": list(self.win_types), "flags": sorted(self.flags),
            "max_winners": self.max_winners, "jing": list(self.jing_fields),
            "horses": self.takes_horses, "scored": self.scored, "events": list(self.events),
            "patterns": list(self.patterns), "reasons": [*COMMON_REASONS, *self.reasons],
            "options": [
                {"name": o.name, "type": o.type, "default": o.default,
                 "description": o.description, "seed": o.seed,
                 **({"choices": list(o.choices)} if o.choices else {}),
                 **({"minimum": o.minimum} if o.minimum is not None else {}),
                 **({"maximum": o.maximum} if o.maximum is not None else {})}
                for o in self.options],
        }

    def wild_kinds(self, jing: Jing) -> frozenset[int]:
        """The tile kinds that are wild: 正精 and 副精 of the (upper) indicator."""
        if not self.wild_jing or jing.indicator is None:
            return frozenset()
        return _WILD_KINDS[jing.indicator]

    def out_of_play(self, jing: Jing, horses: tuple[int, ...] = ()
                    ) -> list[tuple[Place, list[int]]]:
        """Tiles flipped out of the wall, for the four-copies rule."""
        out = [(at.jing(f), [getattr(jing, f)]) for f in self.out_of_play_jing
               if getattr(jing, f) is not None]
        if horses:
            out.append((at.HORSES, list(horses)))
        return out

    def _flipped(self, jing: Jing) -> list[int]:
        """The tiles of :meth:`out_of_play` (jing indicators that leave the wall)."""
        return [t for _, tiles in self.out_of_play(jing) for t in tiles]

    # ------------------------------------------------------------------ evaluate
    def evaluate(self, request: EvaluateRequest) -> Evaluation:
        """Validate, then score a complete hand or list the waits of a hand one short."""
        return self._evaluate(request.with_rules(resolve(self.options, request.rules,
                                                         self.name)))

    def _evaluate(self, request: EvaluateRequest) -> Evaluation:
        """:meth:`evaluate` of a request whose rule options are resolved."""
        state = self._validate_evaluate(request)
        kinds = self.wild_kinds(request.jing)
        hand = HandView.of(request.hand, kinds)
        if state == WAITING:
            return self._waiting(request, hand, kinds)
        win_type = request.win_type or SELF_DRAWN[0]
        return self.score(Context(request, hand, kinds, win_type))

    def accepts_win(self, request: EvaluateRequest, checked: bool = False) -> bool:
        """Would /evaluate call this complete hand ``winning`` (``request``: rule options
        resolved)? What the play engine asks of each tile a seat could win on. Base: the
        evaluation itself; a variant that can tell without pricing the hand overrides this
        (a test holds the two equal). A hand the variant refuses outright is no win.
        ``checked``: the caller vouches for the request as /evaluate would check it (the
        play engine builds it from a legal round), so a variant may skip the checks."""
        try:
            return self._evaluate(request).winning
        except InvalidInput:
            return False

    def score(self, ctx: Context) -> Evaluation:
        """The value of a complete hand. Base: shape analysis only, the best-shaped reading."""
        shapes = ctx.hand.shapes(self.shapes)
        if not shapes:
            return not_complete()
        found = best_readings(ctx.hand.natural, ctx.hand.wilds, self.shapes,
                              len(ctx.hand.melds))  # one per shape, no enumeration
        best = found[0]
        return Evaluation(
            winning=True, shape=best.shape, readings=len(found),
            decomposition=present(best, ctx.hand.wild_tiles, ctx.hand.melds) if ctx.shown
            else [],
            notes=[msg("{variant}: scoring is not implemented; shape analysis only",
                       variant=self.name)])

    def _waiting(self, request: EvaluateRequest, hand: HandView,
                 kinds: frozenset[int]) -> Evaluation:
        if request.win_tile is not None:
            raise InvalidInput.one(at.WIN_TILE, msg("the hand has 13 tiles (+1 per kong): a "
                                                   "winning tile must be included in 'hand' "
                                                   "(14 tiles)"), HAND_WRONG_TILE_COUNT)
        shaped, tiles = self._live_waits(request, hand, kinds)
        waits = self.wait_values(request, hand, kinds, tiles)
        if not waits:
            message = msg("no single tile completes this hand")
            if shaped:  # a dead wait: no copy left to win on
                message = msg("only {tiles} would complete this hand, and all four copies are "
                              "already held, melded, discarded or out of play",
                              tiles=" ".join(code(t) for t in shaped))
            return Evaluation(winning=False, reason="not_ready", message=message, waits=[])
        return Evaluation(
            winning=False, reason="waiting", waits=waits,
            message=msg("one tile short: waits on {tiles}",
                        tiles=" ".join(code(w.tile) for w in waits)))

    def _live_waits(self, request: EvaluateRequest, hand: HandView,
                    kinds: frozenset[int], shaped: tuple[int, ...] | None = None
                    ) -> tuple[tuple[int, ...], list[int]]:
        """(every tile that completes the waiting hand, those of which a copy is left: not
        all four held, melded, discarded or flipped out of play). ``shaped``: the first,
        when the caller knows it."""
        held = request.hand.all_held() + list(request.hand.discards)
        held += [t for _, flipped in self.out_of_play(request.jing) for t in flipped]
        if shaped is None:
            shaped = hand.waits(self.shapes, kinds)
        return shaped, [t for t in shaped if held.count(t) < 4]

    def waits_both_ways(self, request: EvaluateRequest,
                        shaped: tuple[int, ...] | None = None) -> list[tuple[Wait, Wait]]:
        """(self-draw's, discard's) of each wait of the waiting hand ``request``: what
        /evaluate's waits say asked with each win type, the hand checked each way and its
        waits found once (``request``: rule options resolved, no win type; its
        ``discarder_is_dealer`` is the discard's, a self-draw has no discarder; ``shaped``:
        the tiles that complete it, when known: a ready hand's 进张). What /advise asks of
        each ready discard."""
        self_drawn = replace(request.with_win_type(SELF_DRAW), discarder_is_dealer=None)
        discarded = request.with_win_type(DISCARD)
        self._validate_evaluate(self_drawn)
        self._validate_evaluate(discarded)
        kinds = self.wild_kinds(request.jing)
        hand = HandView.of(request.hand, kinds)
        _, tiles = self._live_waits(request, hand, kinds, shaped)
        if not tiles:
            return []
        return self.valued_both_ways(self_drawn, discarded, hand, kinds, tiles)

    def valued_both_ways(self, self_drawn: EvaluateRequest, discarded: EvaluateRequest,
                         hand: HandView, kinds: frozenset[int],
                         tiles: list[int]) -> list[tuple[Wait, Wait]]:
        """:meth:`waits_both_ways`' values: :meth:`wait_values` each way. A variant whose
        waits share work across win types overrides this."""
        return list(zip(self.wait_values(self_drawn, hand, kinds, tiles),
                        self.wait_values(discarded, hand, kinds, tiles), strict=True))

    def wait_values(self, request: EvaluateRequest, hand: HandView, kinds: frozenset[int],
                    tiles: list[int], classes: dict | None = None) -> list[Wait]:
        """What winning on each of ``tiles`` is worth, in their order (``hand``: the waiting
        hand's view, ``kinds`` its wild kinds; each tile has a copy left). Base:
        :meth:`wait_value`, tile by tile; a variant whose tiles can share a value (they
        score alike) overrides this. ``classes``: where such a variant may keep what it
        worked out for other waiting hands asked in the same way (the same request but for
        the concealed tiles); a caller that values many hands of one seat passes one dict
        for them all (the base keeps nothing)."""
        return [self.wait_value(request, t) for t in tiles]

    def wait_totals(self, request: EvaluateRequest, hand: HandView, kinds: frozenset[int],
                    tiles: list[int], classes: dict | None = None) -> dict[int, float]:
        """{tile: total} of :meth:`wait_values` (a tile it does not value left out): all
        the expected-value engine reads of a wait. A variant that values by class may
        answer it without building each tile's :class:`Wait`."""
        return {wait.tile: float(wait.total)
                for wait in self.wait_values(request, hand, kinds, tiles, classes)
                if wait.total is not None}

    def reads_last_tile(self, request: EvaluateRequest, won: tuple[int, ...]) -> bool:
        """Might a self-drawn win's total of the complete concealed counts ``won`` (the
        rest of ``request`` as it is) differ with which of its tiles was won on? The
        expected-value engine keeps the totals of a variant that does not value its waits
        by class (:attr:`values_waits_by_class`) by the complete hand, and by the tile only
        where this says so (rules/expected.py, ``SeatPrices``). Base: yes (a variant that
        says nothing shares nothing)."""
        return True

    def wait_value(self, request: EvaluateRequest, tile: int) -> Wait:
        """What winning on ``tile`` is worth: the hand with ``tile`` added, scored (``tile``
        must have a copy left: not all four held, melded, discarded or flipped out of play).

        Tries the request's win type (self-draw when none) and falls back to self-draw when
        that win type is not allowed for the hand (e.g. 有精平胡 on a discard).
        """
        win_types = wait_win_types(request)
        note: Sentence = ""
        hand = replace(request.hand, concealed=tuple(sorted((*request.hand.concealed, tile))))
        kinds = self.wild_kinds(request.jing)
        view = HandView.of(hand, kinds)
        for win_type in win_types:
            if win_type == ROB_KONG and rob_hand_errors(hand, tile, self._flipped(request.jing),
                                                        at.WIN_TILE, at.WIN_TYPE):
                note = msg("{tile} cannot be robbed: this hand (or the wall's flipped tiles) "
                           "already holds a copy, and a robbed kong's other three are the "
                           "robbed pung", tile=code(tile))
                continue
            # the added self-draw has no discarder
            dealer_discarded = request.discarder_is_dealer if win_type == win_types[0] else None
            query = replace(request, hand=hand, win_tile=tile, win_type=win_type,
                            discarder_is_dealer=dealer_discarded)
            # The request passed every check as a waiting hand, and the caller keeps only
            # the tiles of which a copy is left: only the variant's own checks can differ
            # with the winning tile and win type. A wait shows no decomposition.
            raise_if(self.evaluate_errors(query))
            result = self.score(Context(query, view, kinds, win_type, shown=False))
            if result.winning:
                note = "" if win_type == win_types[0] else msg("only by {win_type}: {note}",
                                                               win_type=TERMS[win_type],
                                                               note=note)
                return Wait(tile, result.total, [p.id for p in result.patterns], note, win_type)
            note = result.message or ""
        return Wait(tile, None, [], note)

    def _validate_evaluate(self, request: EvaluateRequest) -> str:
        errors = self._common_errors(request.jing, request.flags, request.win_type)
        for i, meld in enumerate(request.hand.melds):
            errors += meld_errors(meld, at.meld(i), self.shapes.honour_chows)
        if request.hand.melds:
            errors += claim_order_errors([(None, request.hand.melds)])
        if request.seat_wind is not None or request.round_wind is not None:
            errors += _wind_errors(request)
        more = self.out_of_play(request.jing) if self.out_of_play_jing else []
        errors += player_copies_errors(request.hand, None, more)
        raise_if(errors)
        state = count_state(request.hand, None)
        if state == COMPLETE and request.win_tile is not None \
                and request.win_tile not in request.hand.concealed:
            raise InvalidInput.one(at.WIN_TILE, msg("{tile} is not in 'hand': the hand includes "
                                                   "the winning tile",
                                                   tile=code(request.win_tile)), TILE_NOT_HELD)
        if state == COMPLETE and request.win_type == ROB_KONG:
            raise_if(rob_hand_errors(request.hand, request.win_tile,
                                     self._flipped(request.jing), at.WIN_TILE, at.WIN_TYPE))
        raise_if(self.evaluate_errors(request))
        return state

    # ------------------------------------------------------------------ advice
    def resolved_advice(self, request: AdviseRequest) -> AdviseRequest:
        """The request with the variant's rule options resolved (a 422 on a bad one)."""
        return replace(request, rules=resolve(self.options, request.rules, self.name))

    def validate_advice(self, request: AdviseRequest) -> bool:
        """Check an /advise request as /evaluate checks a hand, ``visible`` counted among the
        copies; True: the hand holds 14 tiles (+1 per kong) and must discard, False: 13."""
        errors = self._common_errors(request.jing, Flags(), None)
        for i, meld in enumerate(request.hand.melds):
            errors += meld_errors(meld, at.meld(i), self.shapes.honour_chows)
        if request.hand.melds:
            errors += claim_order_errors([(None, request.hand.melds)])
        errors += _wind_errors(request)
        more = self.out_of_play(request.jing)
        if request.visible:
            more.append((at.VISIBLE, list(request.visible)))
        errors += player_copies_errors(request.hand, None, more)
        raise_if(errors)
        return count_state(request.hand, None) == COMPLETE

    def evaluate_errors(self, request: EvaluateRequest) -> list[FieldError]:
        """The variant's own checks of an /evaluate request (situation flags that contradict
        the hand, rule options that contradict each other, …), run once the common ones pass.
        """
        return []

    def _common_errors(self, jing: Jing, flags: Flags, win_type: str | None
                       ) -> list[FieldError]:
        """The jing, the win's flags and its type, as the variant takes them."""
        errors = []
        for f in JING_FIELDS:
            if getattr(jing, f) is not None and f not in self.jing_fields:
                hint = (msg("it takes only {fields}", fields=list(self.jing_fields))
                        if self.jing_fields else msg("it has no jing"))
                errors.append(FieldError(at.jing(f), msg("not used by {variant}: {hint}",
                                                         variant=self.name, hint=hint),
                                         FIELD_NOT_USED))
        if self.wild_jing and jing.indicator is None:
            errors.append(FieldError(at.jing("indicator"),
                                     msg("required for {variant}: the flipped tile decides "
                                         "which tiles are wild jing", variant=self.name),
                                     FIELD_REQUIRED))
        for name in flags.set_names():
            if name not in self.flags:
                errors.append(FieldError(at.flags(name), self._flags_hint(), FIELD_NOT_USED))
        if win_type is not None and win_type not in self.win_types:
            errors.append(FieldError(at.WIN_TYPE,
                                     msg("{variant} has no {win_type} win; use one of {types}",
                                         variant=self.name, win_type=win_type,
                                         types=list(self.win_types)),
                                     FIELD_NOT_ALLOWED_VALUE))
        return errors

    def _flags_hint(self) -> Sentence:
        """Said of a flag the variant does not use: the flags it does use."""
        if self.flags:
            return msg("not used by {variant}; its flags are: {flags}", variant=self.name,
                       flags=sorted(self.flags))
        return msg("not used by {variant}; its flags are: none", variant=self.name)

    # ------------------------------------------------------------------ a match's rotation
    def next_dealer(self, request: SettleRequest) -> Deal:
        """Who deals after this round (RULINGS "Matches"): the dealer keeps the deal when it
        wins, also as one of several winners, and on a drawn round unless the variant's
        ``dealer_passes_on_draw`` option is on; a non-dealer's win is
        :meth:`dealer_after_win`'s to decide."""
        dealer, winners = request.dealer, request.result.winners
        if dealer in winners:
            return Deal(dealer, msg("the dealer (seat {seat}) won: it keeps the deal",
                                    seat=dealer))
        if not winners:
            if request.rules.get(DEALER_PASSES_ON_DRAW):
                return Deal((dealer + 1) % 4, msg("a drawn round: the deal passes to the next "
                                                  "seat ({option})",
                                                  option=at.rule(DEALER_PASSES_ON_DRAW)))
            return Deal(dealer, msg("a drawn round: the dealer (seat {seat}) keeps the deal",
                                    seat=dealer))
        return self.dealer_after_win(request)

    def dealer_after_win(self, request: SettleRequest) -> Deal:
        """A non-dealer won: the seat after the dealer deals (guangdong seed 004 四 2; the
        Jiangxi seeds are silent, and this is what their players expect)."""
        winners = and_joined([msg("seat {seat}", seat=s) for s in request.result.winners])
        return Deal((request.dealer + 1) % 4, msg("{winners} won, not the dealer: the deal "
                                                  "passes to the next seat", winners=winners))

    # 爬楼梯 (nanchang): the floor a round is played on, set through its rule options; the
    # settlement's ``next_floor`` says the next round's. A variant without floors: None.
    top_floor: ClassVar[int] = 1  # a streak climbs no higher (the largest floor accepted)

    def floor(self, rules: dict[str, Any]) -> int | None:
        """The floor these (resolved) rule options play on; None: no floors."""
        return None

    def on_floor(self, rules: dict[str, Any], floor: int) -> dict[str, Any]:
        """The rule options with the round played on ``floor``."""
        return rules

    # ------------------------------------------------------------------ settle, jing
    def dealt_uses(self, jing: Jing, rules: dict[str, Any]) -> list[Sentence]:
        """What a round scores on the dealt hands (nanchang: 回头一笑, 回头上下翻, 照镜子);
        /settle needs every player's dealt hand for each, /jing uses them when given, and a
        replayed round's settle request carries them when this is not empty."""
        return []

    def settle(self, request: SettleRequest) -> Settlement:
        raise NotSupported(at.VARIANT, msg("settlement for {variant} is not implemented yet",
                                           variant=self.name), VARIANT_NOT_SUPPORTED)

    def jing_answer(self, request: JingRequest) -> JingAnswer:
        raise NotSupported(at.VARIANT, msg("{variant} has no jing", variant=self.name),
                           VARIANT_NOT_SUPPORTED)

    def validate_settle(self, request: SettleRequest) -> list[str]:
        """Check a /settle request; return each player's count state (complete/waiting)."""
        errors = self._common_errors(request.jing, request.result.flags,
                                     request.result.win_type)
        errors += _result_errors(self, request)
        errors += self._player_flag_errors(request)
        for seat, player in enumerate(request.players):
            for i, meld in enumerate(player.melds):
                where = at.meld(i, seat)
                errors += meld_errors(meld, where, self.shapes.honour_chows)
                errors += _claim_errors(meld, seat, where)
        errors += claim_order_errors((seat, player.melds)
                                     for seat, player in enumerate(request.players))
        if request.horses and not self.takes_horses:
            errors.append(FieldError(at.HORSES, msg("{variant} has no horses (奖马)",
                                                   variant=self.name), FIELD_NOT_USED))
        robbed = self._rob_errors(request)
        errors += robbed or self._round_copies_errors(request)  # (a rob names its own copies)
        raise_if(errors)
        states = [count_state(p, s) for s, p in enumerate(request.players)]
        last_drawer = self._last_drawer(request, states)
        for seat, state in enumerate(states):
            winner = seat in request.result.winners
            if seat == last_drawer:
                continue
            if winner and state != COMPLETE:
                raise InvalidInput.one(at.hand(seat),
                                       msg("a winner's hand holds 14 tiles (+1 per kong), "
                                           "including the winning tile"),
                                       HAND_WRONG_TILE_COUNT)
            if not winner and state != WAITING:
                raise InvalidInput.one(at.hand(seat),
                                       msg("a player who did not win holds 13 tiles (+1 per "
                                           "kong) at the end of the round"),
                                       HAND_WRONG_TILE_COUNT)
        win_tile = request.result.win_tile
        for seat in request.result.winners:
            if win_tile is not None and win_tile not in request.players[seat].concealed:
                raise InvalidInput.one(at.WIN_TILE,
                                       msg("{tile} is not in the hand of winner {seat}: a "
                                           "winner's hand includes it",
                                           tile=code(win_tile), seat=seat), TILE_NOT_HELD)
        raise_if(self.settle_errors(request))
        return states

    def _last_drawer(self, request: SettleRequest, states: list[str]) -> int | None:
        """The one seat of a drawn round that may hold 14 tiles: where the last tile's drawer
        does not discard it (qinzhou, seed 003 "摸到最后一张牌的时候不用打出来"), the seat
        that drew it and did not win. None elsewhere, or when no seat (or more than one)
        holds 14."""
        if request.result.winners or self.play_rules.last_drawer_discards:
            return None
        full = [seat for seat, state in enumerate(states) if state == COMPLETE]
        return full[0] if len(full) == 1 else None

    def settle_errors(self, request: SettleRequest) -> list[FieldError]:
        """The variant's own checks of a /settle request, run once the common ones pass."""
        return []

    def _player_flag_errors(self, request: SettleRequest) -> list[FieldError]:
        """A seat's own flags: a winner's, of this variant, agreeing with the win's own
        flags on the kong chain."""
        errors = []
        for seat, player in enumerate(request.players):
            names = player.flags.set_names() if player.flags is not None else []
            if not names:
                continue
            own = at.flags(seat=seat)
            if seat not in request.result.winners:
                errors.append(FieldError(own, msg("seat {seat} did not win: a player's own "
                                                    "flags (天胡, 地胡, 海底, …) say how that "
                                                    "seat won", seat=seat), FIELD_NOT_USED))
                continue
            errors += [FieldError(own.field(name), self._flags_hint(), FIELD_NOT_USED)
                       for name in names if name not in self.flags]
            shared = request.result.flags.kong_chain
            if shared and player.flags.kong_chain not in (0, shared):
                errors.append(FieldError(own.field("kong_chain"),
                                         msg("{given} says {chain}: give the chain once",
                                             given=at.flags("kong_chain"), chain=shared),
                                         FLAGS_INCONSISTENT))
        return errors

    def _rob_errors(self, request: SettleRequest) -> list[FieldError]:
        """抢杠 that cannot have happened: the robbed tile is held by each winner once, and
        with the robbed pung's three it is all four copies of that tile (see
        :data:`rules.validation.ROBBED_PUNG`); any other copy in the round makes it five."""
        result = request.result
        if result.win_type != ROB_KONG or not result.winners:
            return []
        tile = result.win_tile
        if tile is None:
            return [FieldError(at.WIN_TILE, msg("required for a rob_kong win: the tile "
                                                "robbed from the added kong (抢杠)"),
                               FIELD_REQUIRED)]
        errors = []
        for seat in result.winners:
            errors += rob_hand_errors(request.players[seat], tile, [],
                                      at.hand(seat), at.WIN_TYPE, at.hand(seat))
        if errors:
            return errors
        players = [_shared_win_tile_once(result, seat, player)
                   for seat, player in enumerate(request.players)]
        sources = [source for seat, player in enumerate(players)
                   for source in player_sources(player, seat)]
        sources += self.out_of_play(request.jing, request.horses)
        found = [(place, list(tiles).count(tile)) for place, tiles in sources]
        found = [(place, n) for place, n in found if n]
        if sum(n for _, n in found) <= 4:
            return []
        shown = [msg("{count} in {field}", count=n, field=place) for place, n in found]
        return [FieldError(at.WIN_TILE, msg("robbing a kong (抢杠) takes the fourth {tile} "
                                                  "from seat {seat}'s added kong: the robbed "
                                                  "pung holds three and the winner this one, so "
                                                  "no other copy can be in the round, but it "
                                                  "counts {count}: {shown}",
                                                  tile=code(tile), seat=result.discarder,
                                                  count=sum(n for _, n in found), shown=shown),
                           WIN_IMPOSSIBLE_ROB)]

    def _round_copies_errors(self, request: SettleRequest) -> list[FieldError]:
        """At most 4 of a tile in the whole round: hands, melds, discards, tiles out of play.
        Counted plainly first; the fields are named only when a tile is over."""
        players = [_shared_win_tile_once(request.result, seat, player)
                   for seat, player in enumerate(request.players)]
        more = self.out_of_play(request.jing, request.horses)
        groups = [tiles for _, tiles in more]
        for player in players:
            groups.append(player.concealed)
            groups += [meld.tiles for meld in player.melds]
            groups.append(player.discards)
        if not over_four(groups):
            return []
        sources = [source for seat, player in enumerate(players)
                   for source in player_sources(player, seat)]
        return copies_errors(sources + more)


def wait_win_types(request: EvaluateRequest) -> list[str]:
    """The win types a wait is tried with, in turn: the request's (self-draw when none),
    then self-draw (a wait that cannot be won so, e.g. 有精平胡 on a discard)."""
    first = request.win_type or SELF_DRAWN[0]
    return [first] if first == SELF_DRAWN[0] else [first, SELF_DRAWN[0]]


def seat_flags(request: SettleRequest, seat: int) -> Flags:
    """The flags of one winner: the win's own (every winner's) and the seat's own."""
    return request.result.flags.merged(request.players[seat].flags)


def seat_flag_fields(errors: list[FieldError], request: SettleRequest,
                     seat: int) -> list[FieldError]:
    """Errors found in a winner's :func:`seat_flags`, each naming where its flag was given:
    a flag of the win's becomes the seat's own when only the seat's own flags set it."""
    own = request.players[seat].flags
    if own is None or not errors:
        return errors
    mine = set(own.set_names()) - set(request.result.flags.set_names())
    out = []
    for error in errors:
        place = error.place
        if place.part == at.PlaceKind.FLAGS and place.seat is None and place.name in mine:
            error = replace(error, place=place._replace(seat=seat))
        out.append(error)
    return out


def _shared_win_tile_once(result: Result, seat: int, player: PlayerTiles) -> PlayerTiles:
    """一炮多响: every winner's hand includes the one discarded (or robbed) tile; for the
    four-copies rule it is counted once, in the first winner's hand listed."""
    if (result.win_tile is None or seat not in result.winners[1:]
            or result.win_tile not in player.concealed):
        return player
    concealed = list(player.concealed)
    concealed.remove(result.win_tile)
    return replace(player, concealed=tuple(concealed))


def not_complete() -> Evaluation:
    return Evaluation(winning=False, reason="not_complete",
                      message=msg("these tiles do not form a winning shape"))


def seat_wind(seat: int, dealer: int) -> int:
    """The dealer is East, the next seat South, and so on."""
    return WINDS[(seat - dealer) % 4]


def _wind_errors(request: EvaluateRequest | AdviseRequest) -> list[FieldError]:
    errors = []
    for tile, place in ((request.seat_wind, at.SEAT_WIND), (request.round_wind, at.ROUND_WIND)):
        if tile is not None and tile not in WINDS:
            errors.append(FieldError(place, msg("must be a wind (E, S, W, N), got {tile}",
                                                tile=code(tile)), TILE_NOT_A_WIND))
    if request.dealer and request.seat_wind not in (None, WINDS[0]):
        errors.append(FieldError(at.SEAT_WIND, msg("the dealer's seat wind is E"),
                                 WIND_INCONSISTENT))
    return errors


def _claim_errors(meld, seat: int, where: Place) -> list[FieldError]:
    """A meld's ``from``: another seat, and for a chow the previous one."""
    if meld.source is None:
        return []
    if meld.source == seat:
        return [FieldError(where.field("from"), msg("a meld cannot be claimed from its own "
                                                    "seat"), MELD_BAD_CLAIM)]
    if meld.kind == CHOW and meld.source != (seat - 1) % 4:
        return [FieldError(where.field("from"), msg("a chow is claimed only from the previous seat "
                                                "(上家), seat {seat}", seat=(seat - 1) % 4),
                           MELD_BAD_CLAIM)]
    return []


def _result_errors(variant: Variant, request: SettleRequest) -> list[FieldError]:
    result = request.result
    errors = []
    if len(set(result.winners)) != len(result.winners):
        errors.append(FieldError(at.WINNERS, msg("a seat is listed twice"),
                                 WIN_INCONSISTENT))
    if not result.winners:
        return errors
    if result.win_type is None:
        errors.append(FieldError(at.WIN_TYPE, msg("required when there is a winner"),
                                 FIELD_REQUIRED))
    claimed = result.win_type in (DISCARD, ROB_KONG)
    if len(result.winners) > 1:
        if variant.max_winners == 1:
            errors.append(FieldError(at.WINNERS,
                                     msg("{variant} has one winner per discard (胡前不胡后: the "
                                         "first seat after the discarder)",
                                         variant=variant.name), WIN_INCONSISTENT))
        elif len(result.winners) > variant.max_winners:
            errors.append(FieldError(at.WINNERS,
                                     msg("at most {most} winners", most=variant.max_winners),
                                     WIN_INCONSISTENT))
        elif not claimed:
            errors.append(FieldError(at.WINNERS,
                                     msg("several winners only on one discard (一炮多响); a "
                                         "self-drawn win has one winner"), WIN_INCONSISTENT))
        if result.win_tile is None:
            errors.append(FieldError(at.WIN_TILE,
                                     msg("required when several players win on one discard: "
                                         "it is in each winner's hand"), FIELD_REQUIRED))
    if claimed and result.discarder is None:
        errors.append(FieldError(at.DISCARDER,
                                 msg("required for a {win_type} win: the seat that discarded "
                                     "(or whose kong was robbed)",
                                     win_type=TERMS[result.win_type]),
                                 FIELD_REQUIRED))
    if not claimed and result.discarder is not None and result.win_type is not None:
        errors.append(FieldError(at.DISCARDER,
                                 msg("a {win_type} win has no discarder: leave it out",
                                     win_type=TERMS[result.win_type]), WIN_INCONSISTENT))
    if result.discarder is not None and result.discarder in result.winners:
        errors.append(FieldError(at.DISCARDER,
                                 msg("the discarder cannot also be a winner"), WIN_INCONSISTENT))
    return errors
