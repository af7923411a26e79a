"""The Jiangxi variants' shared behaviour; xingguo and nanchang supply the tables.

A subclass declares its tables (shape terms, flat wins, German terms, jing plans, kong
values, options) and this class does the rest: evaluation through the best reading,
settlement (hu + jing + kongs + events, through one :class:`~rules.ledger.Ledger`) and
``/jing``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rules import places as at
from rules.analysis import ShapeRules
from rules.error_codes import FIELD_NOT_USED, HAND_NOT_WINNING
from rules.errors import FieldError, InvalidInput
from rules.hand import HandView
from rules.jiangxi import checks
from rules.jiangxi.family import JiangxiSituation
from rules.jiangxi.jing import (
    Plan,
    jing_pair,
    pay_indicator,
    score_indicator,
    win_claim,
)
from rules.jiangxi.patterns import RULES, SHARED, pattern
from rules.jiangxi.pricing import HandValue, Seating
from rules.jiangxi.reading import Candidate, counts_jing, holds_jing
from rules.jiangxi.scoring import (
    JING_DIAO_SELF_DRAW_ONLY,
    YOU_JING_PING_HU_SELF_DRAW_ONLY,
    evaluate_hand,
    may_win,
)
from rules.jiangxi.waits import class_value, hand_key, wait_classes, waiting_hand
from rules.ledger import SEATS, Ledger
from rules.model import (
    DISCARD,
    KONG_REPLACEMENT,
    ROB_KONG,
    SELF_DRAW,
    EvaluateRequest,
    Evaluation,
    Flags,
    Jing,
    JingAnswer,
    JingRequest,
    JingScore,
    Meld,
    Pattern,
    PlayerTiles,
    Settlement,
    SettleRequest,
    Wait,
    WinnerResult,
)
from rules.text import Sentence, msg
from rules.validation import (
    COMPLETE,
    claim_order_errors,
    copies_errors,
    meld_errors,
    player_sources,
    raise_if,
)
from rules.variant import Context, Variant, _claim_errors, seat_flags

KONG_CHAIN_MODES = ("double_each", "once")


class Jiangxi(Variant):
    """Base of xingguo and nanchang."""

    # 汉字牌不重复三个可为一体 (honour chows); 小七 (four of a tile as two pairs); 十三烂
    shapes = ShapeRules(honour_chows=True, seven_pairs=True, four_as_two_pairs=True,
                        shi_san_lan=True)
    wild_jing = True
    scored = True
    # The patterns both variants answer with (rules/jiangxi/patterns.py); each adds its own.
    pattern_rules = SHARED
    reasons = (JING_DIAO_SELF_DRAW_ONLY, YOU_JING_PING_HU_SELF_DRAW_ONLY)

    values_waits_by_class: ClassVar[bool] = True  # rules/jiangxi/waits.py
    flat_win: ClassVar[int] = 20  # 天胡/地胡 from each player (×2 with 精吊)
    # The flat wins that 精吊 doubles: xingguo 补充 7 both (精吊天胡/精吊地胡 每家40子);
    # nanchang only 天胡 (胡牌方式 6 精钓地胡 is paid as 地胡).
    jing_diao_doubles: ClassVar[frozenset[str]] = frozenset({"tian_hu", "di_hu"})
    # 天胡's 精吊 pair: two jing (xingguo 补充 7 对子由两个精构成), or one jing and any tile.
    tian_hu_any_jing_pair: ClassVar[bool] = False
    # A jing won on a discard or a robbed kong may stand in as a wild (nanchang 精牌介绍 2:
    # 当精被打出时候，只能作为本张的含义解释。胡牌则不做此限定); xingguo's seed is silent: itself.
    won_jing_wild: ClassVar[bool] = False
    # How 地胡 is won: xingguo's seed does not say (its 精吊地胡 即你打任何牌都可胡 is on a
    # discard), so on the dealer's first discard or on the first draw; nanchang only on the
    # dealer's first discard (胡牌方式 5 庄家打出第一张牌，就有人胡牌).
    earthly_win_types: ClassVar[tuple[str, ...]] = (SELF_DRAW, DISCARD)
    jing_diao_factor: ClassVar[int] = 2  # xingguo D组 (精吊 doubles); nanchang 8. 精钓：X2
    german_bonus: ClassVar[int] = 5  # xingguo E组 1 所有德国奖励 +5; nanchang 13. 德国 X2+5
    gang_diao: ClassVar[bool] = False  # a 精吊 won on a kong replacement is named 杠吊
    false_win_default: ClassVar[int] = 20
    name_overrides: ClassVar[dict[str, str]] = {}
    jing_diao_zh: ClassVar[str] = "精吊"
    events = ("follow_dealer", "false_win")  # 跟庄/抄庄 and 诈胡 are paid (/settle `events`)
    follow_dealer_zh: ClassVar[str] = "跟庄"
    follow_dealer_points: ClassVar[int] = 5  # xingguo E组 8 -5 -5 -5; nanchang 奖励分 6 每家5子
    ping_hu_rule_zh: ClassVar[str] = ""

    # ------------------------------------------------------------------ tables (override)
    def shape_terms(self, shape: str) -> tuple[Pattern, list[Pattern]]:
        """(the base points, the factors) a shape contributes."""
        raise NotImplementedError

    def extra_factors(self, candidate: Candidate, situation: JiangxiSituation) -> list[Pattern]:
        """Variant-only factors (xingguo 霸胡, nanchang 爬楼梯)."""
        return []

    def german_pattern(self, candidate: Candidate, situation: JiangxiSituation) -> Pattern:
        return pattern("de_guo", 2, "x", self._german_note(situation), self.name_overrides)

    def jing_plans(self, jing: Jing, rules: dict[str, Any]) -> list[Plan]:
        """How each indicator given is settled."""
        raise NotImplementedError

    def tile_plans(self, players: tuple[PlayerTiles, ...], rules: dict[str, Any]) -> list[Plan]:
        """Jing settled on pairs the tiles decide, after the indicators' (nanchang 照镜子)."""
        return []

    def kong_payments(self, request: SettleRequest, ledger: Ledger) -> None:
        """Every kong of the round, paid as the variant's :meth:`pay_kong` says."""
        assert request.jing.indicator is not None
        pair = jing_pair(request.jing.indicator)
        for seat, player in enumerate(request.players):
            for meld in player.melds:
                if meld.is_kong:
                    self.pay_kong(seat, meld, pair, ledger)

    def pay_kong(self, seat: int, meld: Meld, pair: tuple[int, int], ledger: Ledger) -> None:
        """One kong of ``seat``; ``pair`` is (正精, 副精) of the upper indicator."""
        raise NotImplementedError

    def false_win_points(self, rules: dict[str, Any]) -> int:
        return self.false_win_default

    def drawn_round(self, request: SettleRequest) -> Settlement:
        """四.7 和牌: the round is void (nanchang overrides)."""
        return Ledger().settlement(notes=[msg("drawn round (和牌): the round is void, every "
                                              "delta is 0 (hu, jing, kongs and events alike)")])

    def next_floor(self, request: SettleRequest) -> int | None:
        return None

    def settle_errors(self, request: SettleRequest) -> list:
        """Checks of a /settle request shared by xingguo and nanchang (a variant adds its
        own by extending this)."""
        return (checks.settle_errors(self, request) + self.rule_errors(request.rules)
                + self._dealt_errors(request.players, request.dealer, request.jing,
                                     request.rules, True))

    def rule_errors(self, rules: dict[str, Any]) -> list:
        """Rule options that contradict each other."""
        return []

    # ------------------------------------------------------------------ evaluate
    def evaluate_errors(self, request: EvaluateRequest) -> list:
        return checks.evaluate_errors(self, request) + self.rule_errors(request.rules)

    def wait_values(self, request: EvaluateRequest, hand: HandView, kinds: frozenset[int],
                    tiles: list[int], classes: dict | None = None) -> list[Wait]:
        """Each wait's value, one tile of each class scored (:mod:`rules.jiangxi.waits`:
        the tiles of a class score alike) and its value given to the others; a tile outside
        every class, and every tile of a 天胡, is scored on its own by :meth:`wait_value`.
        ``classes``: the classes valued before for other waiting hands asked alike, each
        keyed with what its value reads of its waiting hand (:func:`hand_key`), so that a
        class met again is not scored again."""
        if request.flags.heavenly or not tiles:  # 天胡: every tile held may be the last one
            return super().wait_values(request, hand, kinds, tiles)
        return [wait for wait, in self._by_class(request, hand, kinds, tiles, classes)]

    def wait_totals(self, request: EvaluateRequest, hand: HandView, kinds: frozenset[int],
                    tiles: list[int], classes: dict | None = None) -> dict[int, float]:
        """:meth:`wait_values`' totals, a class's :class:`Wait` read for each of its
        tiles, not copied to name each (most of the engine's 200,000 waits in a review of
        one seat come from classes valued before)."""
        if request.flags.heavenly or not tiles:
            return super().wait_totals(request, hand, kinds, tiles)
        found = self._by_class(request, hand, kinds, tiles, classes, retiled=False)
        return {tile: float(wait.total) for tile, (wait,) in zip(tiles, found, strict=True)
                if wait.total is not None}

    def _by_class(self, request: EvaluateRequest, hand: HandView, kinds: frozenset[int],
                  tiles: list[int], classes: dict | None,
                  retiled: bool = True) -> list[tuple[Wait, ...]]:
        """:func:`_by_class` of the waiting hand of ``request``, its classes kept in
        ``classes`` (each keyed with :func:`hand_key`) where given."""
        waiting = waiting_hand(self, request, hand, kinds)
        keys = wait_classes(waiting, tiles)
        if classes is not None:
            held = hand_key(waiting)
            keys = [None if key is None else (held, key) for key in keys]
        return _by_class(
            tiles, keys,
            alone=lambda tile: (self.wait_value(request, tile),),
            of_class=lambda tile: (class_value(self, waiting, tile),), valued=classes,
            retiled=retiled)

    def valued_both_ways(self, self_drawn: EvaluateRequest, discarded: EvaluateRequest,
                         hand: HandView, kinds: frozenset[int],
                         tiles: list[int]) -> list[tuple[Wait, Wait]]:
        """The base's values with the waiting hand worked out once: the discard's tries
        (a discard, then its fallback, a self-draw) hold the self-draw's, so one waiting
        hand, classed once, values both (``class_value`` from the self-draw's try)."""
        if discarded.flags.heavenly or discarded.discarder_is_dealer is not None:
            return super().valued_both_ways(self_drawn, discarded, hand, kinds, tiles)
        waiting = waiting_hand(self, discarded, hand, kinds)
        return _by_class(
            tiles, wait_classes(waiting, tiles),
            alone=lambda tile: (self.wait_value(self_drawn, tile),
                                self.wait_value(discarded, tile)),
            of_class=lambda tile: (class_value(self, waiting, tile, 1),
                                   class_value(self, waiting, tile)))

    def accepts_win(self, request: EvaluateRequest, checked: bool = False) -> bool:
        """:meth:`score` is ``winning`` exactly when some reading is not barred (精吊 and
        有精平胡 on a discard): asked without pricing any (:func:`may_win`)."""
        if not checked:
            try:
                if self._validate_evaluate(request) != COMPLETE:
                    return False
            except InvalidInput:
                return False
        kinds = self.wild_kinds(request.jing)
        situation = self.situation(request, request.win_type or SELF_DRAW, kinds)
        return may_win(self, request.hand, situation)

    def score(self, ctx: Context) -> Evaluation:
        situation = self.situation(ctx.request, ctx.win_type, ctx.wild_kinds)
        evaluation, _ = evaluate_hand(self, ctx.request.hand, situation, ctx.shown)
        return evaluation

    def situation(self, request: EvaluateRequest, win_type: str,
                  kinds: frozenset[int]) -> JiangxiSituation:
        """The situation of /evaluate's lone hand, won by ``win_type``: of the hand, only
        ``win_tile`` and whether it holds jing are read (:mod:`rules.jiangxi.waits`)."""
        seating, notes = _evaluate_seating(request, win_type)
        return JiangxiSituation(
            seating, request.win_tile, request.flags, request.rules, kinds,
            table_clear=request.flags.no_jing_held,
            winner_holds_jing=holds_jing(request.hand, kinds),
            others_no_jing=request.flags.others_no_jing, notes=tuple(notes),
            out_of_play=tuple(self._flipped(request.jing)))

    def hand_value(self, candidate: Candidate, situation: JiangxiSituation) -> HandValue:
        """One candidate's terms: shape, 精吊, kong, variant factors, 抢杠, 德国 — or flat."""
        over = self.name_overrides
        if situation.flat_win:
            return self._flat_value(candidate, situation)
        points, factors = self.shape_terms(candidate.shape)
        if candidate.jing_diao:
            factors.append(pattern("jing_diao", self.jing_diao_factor, "x",
                                   msg("the last tile paired a lone jing"), over))
        factors += self._kong_factor(candidate, situation)
        factors += self.extra_factors(candidate, situation)
        if situation.seating.win_type == ROB_KONG:
            factors.append(pattern("qiang_gang", 2, "x", msg(
                "valued as the winner's self-draw ×2; the robbed player pays all of it "
                "(德国's 5s not doubled)"), over))
        german = self.german_pattern(candidate, situation) if candidate.german else None
        return HandValue(candidate, points, tuple(factors), german,
                         self.german_bonus if german else 0)

    def _flat_value(self, candidate: Candidate, situation: JiangxiSituation) -> HandValue:
        over = self.name_overrides
        pid = "tian_hu" if situation.flags.heavenly else "di_hu"
        doubled = candidate.jing_diao and pid in self.jing_diao_doubles
        amount = self.flat_win * (2 if doubled else 1)
        if doubled:
            note = msg("{points} from each player, ×2 with {jing_diao}; no other multiplier, "
                       "whatever the shape or 德国", points=self.flat_win,
                       jing_diao=self.jing_diao_zh)
        else:
            note = msg("{points} from each player; no other multiplier, whatever the shape "
                       "or 德国", points=self.flat_win)
        shown = [pattern(candidate.shape, None, "", msg("the shape (not counted)"), over)]
        if doubled:
            shown.append(pattern("jing_diao", 2, "x", msg("doubles the flat win"), over))
        elif candidate.jing_diao:
            shown.append(pattern("jing_diao", None, "", msg(
                "{jing_diao}{flat}: paid as {flat}, not doubled", jing_diao=self.jing_diao_zh,
                flat=RULES[pid].name_zh), over))
        if candidate.german:
            shown.append(pattern("de_guo", None, "", msg("not counted in a flat win"), over))
        points, _ = self.shape_terms(candidate.shape)
        return HandValue(candidate, points, flat=pattern(pid, amount, "points", note, over),
                         shown=tuple(shown))

    def _kong_factor(self, candidate: Candidate, situation: JiangxiSituation) -> list[Pattern]:
        if situation.seating.win_type != KONG_REPLACEMENT:
            return []
        chain = max(1, situation.flags.kong_chain)
        each = situation.rules["kong_chain"] == "double_each"
        factor = 2 ** chain if each else 2
        pid = "gang_diao" if candidate.jing_diao and self.gang_diao else "gang_kai"
        if each:
            note = msg("won on a kong replacement after {chain} kong(s) in a row, ×2 for each",
                       chain=chain)
        else:
            note = msg("won on a kong replacement after {chain} kong(s) in a row, ×2 once "
                       "however many", chain=chain)
        return [pattern(pid, factor, "x", note, self.name_overrides)]

    def _german_note(self, situation: JiangxiSituation, four_times: bool = False) -> Sentence:
        """德国's note; ``four_times``: 德中德's (nanchang), which each payer pays four times."""
        who = msg("each payer") if situation.seating.drawn else msg("the discarder")
        if four_times:
            return msg("every jing read as itself: each payer pays four times, +{bonus} from "
                       "{who} (never quadrupled)", bonus=self.german_bonus, who=who)
        return msg("every jing read as itself: each payer pays double, +{bonus} from {who} "
                   "(never doubled)", bonus=self.german_bonus, who=who)

    # ------------------------------------------------------------------ settle
    def settle(self, request: SettleRequest) -> Settlement:
        if not request.result.winners:
            return self.drawn_round(request)
        ledger = Ledger()
        winner = request.result.winners[0]
        evaluation = self._settle_hu(request, ledger)
        jing = self.settle_jing(request, ledger)
        self.kong_payments(request, ledger)
        self.settle_events(request, ledger)
        return ledger.settlement(winners=[WinnerResult(winner, evaluation)], jing=jing,
                                 next_floor=self.next_floor(request))

    def _settle_hu(self, request: SettleRequest, ledger: Ledger) -> Evaluation:
        result = request.result
        winner = result.winners[0]
        player = request.players[winner]
        kinds = self.wild_kinds(request.jing)
        others_hold = any(holds_jing(request.players[s], kinds)
                          for s in range(SEATS) if s != winner)
        others_count = any(counts_jing(request.players[s], kinds)
                           for s in range(SEATS) if s != winner)
        seating = Seating(winner, request.dealer, result.discarder, result.win_type or "")
        situation = JiangxiSituation(
            seating, result.win_tile, seat_flags(request, winner), request.rules, kinds,
            table_clear=not others_count, winner_holds_jing=holds_jing(player, kinds),
            others_no_jing=not others_hold, out_of_play=tuple(self._flipped(request.jing)),
            winner_discarded_jing=any(t in kinds for t in player.discards))
        evaluation, rows = evaluate_hand(self, player, situation)
        if not evaluation.winning:
            raise InvalidInput.one(at.hand(winner),
                                   msg("this hand cannot win so ({reason}): {message}",
                                       reason=evaluation.reason, message=evaluation.message),
                                   HAND_NOT_WINNING)
        for row in rows:
            ledger.pay(row.seat, winner, row.amount, "hu", row.formula)
        return evaluation

    def settle_jing(self, request: SettleRequest, ledger: Ledger) -> list[JingScore]:
        claim = win_claim(request.result)
        scores = []
        for plan in (*self.jing_plans(request.jing, request.rules),
                     *self.tile_plans(request.players, request.rules)):
            score = score_indicator(request.players, plan, claim)
            pay_indicator(score, plan, ledger)
            scores.append(score)
        return scores

    def settle_events(self, request: SettleRequest, ledger: Ledger) -> None:
        """跟庄/抄庄: the dealer pays 5 to each per round; 诈胡: the seat pays each."""
        for event in request.events:
            if event.type == "follow_dealer":
                points = self.follow_dealer_points * event.rounds
                ledger.each_pays(request.dealer, -points, "follow_dealer",
                                 msg("{event} ×{rounds}: the dealer pays {points} to each per "
                                     "round", event=self.follow_dealer_zh, rounds=event.rounds,
                                     points=self.follow_dealer_points))
            elif event.type == "false_win" and event.seat is not None:
                points = self.false_win_points(request.rules)
                ledger.each_pays(event.seat, -points, "false_win",
                                 msg("诈胡: seat {seat} pays {points} to each", seat=event.seat,
                                     points=points))

    # ------------------------------------------------------------------ /jing
    def jing_answer(self, request: JingRequest) -> JingAnswer:
        raise_if(self._jing_errors(request))
        plans = self.jing_plans(request.jing, request.rules)
        if request.players is None:
            return JingAnswer([JingScore(p.field, *p.pair) for p in plans])
        ledger = Ledger()
        scores = []
        for plan in (*plans, *self.tile_plans(request.players, request.rules)):
            score = score_indicator(request.players, plan)
            pay_indicator(score, plan, ledger)
            scores.append(score)
        return JingAnswer(scores, ledger.deltas(), list(ledger.transfers))

    def _jing_errors(self, request: JingRequest) -> list:
        errors = self._common_errors(request.jing, Flags(), None)
        if request.players is None:
            return errors
        sources = []
        for seat, player in enumerate(request.players):
            sources += player_sources(player, seat)
            if player.flags is not None and player.flags.set_names():
                errors.append(FieldError(at.flags(seat=seat), msg(
                    "/jing scores jing only: a player's flags (how it won) are for /settle"),
                    FIELD_NOT_USED))
            errors += checks.claimed_errors(player, seat)
            for i, meld in enumerate(player.melds):
                errors += meld_errors(meld, at.meld(i, seat), self.shapes.honour_chows)
                errors += _claim_errors(meld, seat, at.meld(i, seat))
        errors += claim_order_errors((seat, player.melds)
                                     for seat, player in enumerate(request.players))
        errors += copies_errors(sources + self.out_of_play(request.jing))
        errors += self._dealt_errors(request.players, request.dealer, request.jing,
                                     request.rules, False)
        return errors

    def _dealt_errors(self, players, dealer, jing: Jing, rules: dict[str, Any],
                      settle: bool) -> list:
        uses = self.dealt_uses(jing, rules)
        return checks.dealt_errors(self, players, dealer, uses, settle and bool(uses),
                                   self.out_of_play(jing))


def _evaluate_seating(request: EvaluateRequest,
                      win_type: str) -> tuple[Seating, list[Sentence]]:
    """Seats for a lone hand: the winner 0; the dealer 0 or 1; the discarder by role."""
    dealer = 0 if request.dealer else 1
    notes: list[Sentence] = []
    discarder = None
    if win_type in (DISCARD, ROB_KONG):
        if request.dealer:
            discarder = 1
        elif request.discarder_is_dealer or request.flags.earthly:
            discarder = dealer
        else:
            discarder = 2
            if win_type == DISCARD and request.discarder_is_dealer is None:
                notes.append(msg("discarder_is_dealer not given: priced as 闲家点闲家 (the "
                                 "discarder is not the dealer); send true for 庄家点闲家"))
    return Seating(0, dealer, discarder, win_type), notes


def _by_class(tiles: list[int], keys: list[tuple | None],
              alone: Callable[[int], tuple[Wait, ...]],
              of_class: Callable[[int], tuple[Wait, ...]],
              valued: dict[tuple, tuple[Wait, ...]] | None = None,
              retiled: bool = True) -> list[tuple[Wait, ...]]:
    """The values of each tile, in order (:mod:`rules.jiangxi.waits`): the first tile of
    each class key valued by ``of_class`` and its values given to the class's other tiles
    (a class's sentences name no tile); a tile without a class (key None) by ``alone``.
    ``valued``: the classes valued before (by their keys), which it adds to. ``retiled``:
    each tile's values copied to name it (else a class's values stand for all its tiles,
    as they are: for a caller that reads no tile of them)."""
    valued = {} if valued is None else valued
    found = []
    for tile, key in zip(tiles, keys, strict=True):
        if key is None:
            found.append(alone(tile))
            continue
        known = valued.get(key)
        if known is None:
            found.append(valued.setdefault(key, of_class(tile)))
        elif not retiled:
            found.append(known)
        else:
            found.append(tuple(Wait(tile, w.total, list(w.patterns), w.note, w.won_by)
                               for w in known))
    return found
