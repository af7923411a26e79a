"""广东鸡平和 guangdong: seed 004 (广东鸡平和), as docs/rules/guangdong.md states it.

Score = base × 2^fan (番是2倍的意思). The fans are in :mod:`.patterns`, who pays in
:mod:`.payments`, the consistency checks in :mod:`.checks`; this module
declares the variant and puts evaluation and settlement together.
Kongs carry no payment of their own: the seed has no kong money.
"""

from __future__ import annotations

from typing import NamedTuple

from rules import places as at
from rules.analysis import Reading, ShapeRules
from rules.error_codes import FIELD_REQUIRED, HAND_NOT_WINNING, MELD_BAD_CLAIM
from rules.errors import FieldError, InvalidInput
from rules.hand import HandView, present
from rules.ledger import Ledger
from rules.model import (
    DISCARD,
    KONG_REPLACEMENT,
    ROB_KONG,
    SELF_DRAW,
    EvaluateRequest,
    Evaluation,
    PlayerTiles,
    Settlement,
    SettleRequest,
    WinnerResult,
)
from rules.options import RuleOption
from rules.patterns import PatternRule
from rules.text import Sentence, msg
from rules.tiles import EAST, MAN, NORTH, PIN, SOU, SOUTH, WEST, code
from rules.variant import Context, Variant, not_complete, seat_flags, seat_wind
from rules.variants.guangdong import checks
from rules.variants.guangdong import patterns as fan
from rules.variants.guangdong.checks import situation_errors
from rules.variants.guangdong.payments import Liability, first_landing, liability, payments
from rules.variants.guangdong.play import PLAY

SEED = "seed 004 (广东鸡平和)"

OPTIONS = (
    RuleOption("cap", "integer", 3,
               msg("爆和: fan cap of the ordinary hands and their additions; also the fan that "
                   "杠上开花/海底捞月/抢杠/一炮三响 raise a smaller hand to"),
               "五.番 3: 爆和为3番", minimum=1, maximum=6),
    RuleOption("base", "integer", 1, msg("points of a 0-fan hand: score = base × 2^fan"),
               msg("五.番 1: 番是2倍; 六 分值 column (鸡和 = 1)"), minimum=1, maximum=10000),
    RuleOption("yi_pao_duo_xiang", "boolean", True,
               msg("一炮多响: several players may win on one discard, each paid by the "
                   "discarder"),
               "五 一炮多响: 允许一炮多响"),
    RuleOption("jiu_lian_pure", "boolean", True,
               msg("九莲宝灯 needs exactly 1112345678999 before the winning tile (when win_tile "
                   "is known); false: any concealed 1112345678999 plus one tile of that suit"),
               "六.二 九莲宝灯: 形成1112345678999，摸到该种牌任何一张即可和牌"),
)

# The circumstances that raise a hand below the cap to the cap (七.特殊规则).
RAISED_BY_WIN_TYPE = {KONG_REPLACEMENT: fan.GANG_SHANG_KAI_HUA, ROB_KONG: fan.QIANG_GANG}
NOT_DEALER_WINDS = (SOUTH, WEST, NORTH)


class Judged(NamedTuple):
    """A scored win: what /evaluate shows, plus what a settlement needs."""

    evaluation: Evaluation
    score: int  # base × 2^fan: one share
    liable: Liability | None
    # 包先不包后's note when it released the feeder (liable None: each other player pays) or
    # assumed an order; kept apart from the notes so that settle finds it without reading them
    landing: Sentence = ""


class Guangdong(Variant):
    name = "guangdong"
    play_rules = PLAY
    title_zh = "广东鸡平和"
    title_en = "Guangdong Jipinghu"
    seed = SEED
    # 十三幺 is the only shape beyond four sets + pair; no seven pairs, no honour chows
    shapes = ShapeRules(four_as_two_pairs=False, shi_san_yao=True)
    options = OPTIONS
    flags = frozenset({"heavenly", "earthly", "human", "last_tile"})
    max_winners = 3  # 一炮多响 (一炮三响)
    scored = True
    round_wind_turns = True  # 五 风圈: 东→南→西→北, one turn per circle of dealers
    scores_seat_wind = True  # 门风
    pattern_rules = fan.RULES

    # ------------------------------------------------------------------ evaluate
    def evaluate_errors(self, request: EvaluateRequest) -> list[FieldError]:
        return situation_errors(_is_dealer(request), request.win_type or SELF_DRAW,
                                request.flags, request.hand.melds, None)

    def settle_errors(self, request: SettleRequest) -> list[FieldError]:
        return checks.settle_errors(request)

    def reads_last_tile(self, request: EvaluateRequest, won: tuple[int, ...]) -> bool:
        """Only for 纯正九莲 (``jiu_lian_pure``): 九莲宝灯 of a concealed hand of one suit
        asks what it held before the tile won on (``_nine_gates`` in the patterns); no
        other pattern, payment or check reads the tile."""
        return bool(request.rules["jiu_lian_pure"]) and not request.hand.melds \
            and not any(won[EAST:]) \
            and sum(1 for lo in (MAN, PIN, SOU) if any(won[lo:lo + 9])) == 1

    def score(self, ctx: Context) -> Evaluation:
        return self.judge(ctx).evaluation

    def judge(self, ctx: Context, owner: int | None = None,
              extra: tuple[PatternRule, ...] = (),
              players: tuple[PlayerTiles, ...] | None = None) -> Judged:
        """Score the best reading, raise it where the seed says, and say who pays.

        ``owner`` is the winner's seat (known in /settle), ``extra`` further reasons to raise
        the hand to the cap (一炮三响), ``players`` the round's tiles (/settle: 包先不包后).
        """
        request, rules = ctx.request, ctx.request.rules
        found = ctx.hand.readings(self.shapes)
        if not found:
            return Judged(not_complete(), 0, None)
        wind = EAST if _is_dealer(request) else request.seat_wind
        reading, counted = self._best(ctx, found, wind)
        reasons = self._raises(ctx) + list(extra)
        notes: list[Sentence] = []
        if wind is None:
            self._check_seat_wind(ctx, found, counted.fan, rules["cap"] if reasons else 0)
            notes.append(msg("seat_wind not given: no seat wind changes this hand's fan"))
        counted = fan.raise_to_cap(counted, reasons, rules["cap"])
        score = rules["base"] * 2 ** counted.fan
        liable = liability(request.hand.melds, ctx.win_type, owner)
        landing: Sentence = ""
        if liable is not None and players is not None and owner is not None:
            liable, landing = first_landing(liable, owner, players)
            notes += [landing] if landing else []
        formula = f"{rules['base']} × 2^{counted.fan} = {score}"
        paid, total = payments(score, formula, ctx.win_type, liable)
        evaluation = Evaluation(
            winning=True, shape=reading.shape, patterns=counted.patterns, fan=counted.fan,
            decomposition=present(reading, (), request.hand.melds) if ctx.shown else [],
            payments=paid,
            total=total, readings=len(found), notes=[*counted.notes, *notes])
        return Judged(evaluation, score, liable, landing)

    def _best(self, ctx: Context, found: tuple[Reading, ...],
              wind: int | None) -> tuple[Reading, fan.Count]:
        """The reading worth most to its owner (平和 vs 碰碰和 readings of the same tiles)."""
        situation = self._situation(ctx, wind)
        melds, cap = ctx.request.hand.melds, ctx.request.rules["cap"]
        held = fan.HeldTiles.of(ctx.hand.natural, melds)
        best: tuple[Reading, fan.Count] | None = None
        for reading in found:  # the first of the highest fan
            counted = fan.count(fan.WholeHand.of(reading, melds, ctx.hand.natural, held),
                                situation, cap)
            if best is None or counted.fan > best[1].fan:
                best = reading, counted
        assert best is not None  # found is not empty
        return best

    def _check_seat_wind(self, ctx: Context, found: tuple[Reading, ...], fan_without: int,
                         floor: int) -> None:
        """A non-dealer without seat_wind: fine unless a seat-wind pung could change the fan
        (after the raise to ``floor``, which hides any difference below it)."""
        for wind in NOT_DEALER_WINDS:
            if max(self._best(ctx, found, wind)[1].fan, floor) != max(fan_without, floor):
                raise InvalidInput.one(
                    at.SEAT_WIND, msg("required for this hand: its pung of {tile} scores +1 "
                                     "fan (门风) when that is the owner's seat wind; give "
                                     "seat_wind (S, W or N for a non-dealer) or dealer: true "
                                     "(East)", tile=code(wind)), FIELD_REQUIRED)

    def _situation(self, ctx: Context, wind: int | None) -> fan.Situation:
        request = ctx.request
        return fan.Situation(ctx.win_type, wind, request.round_wind or EAST, request.flags,
                             request.win_tile, request.rules["jiu_lian_pure"])

    def _raises(self, ctx: Context) -> list[PatternRule]:
        reasons = []
        if ctx.win_type in RAISED_BY_WIN_TYPE:
            reasons.append(RAISED_BY_WIN_TYPE[ctx.win_type])
        if ctx.request.flags.last_tile:
            reasons.append(fan.HAI_DI_LAO_YUE)
        return reasons

    # ------------------------------------------------------------------ settle
    def settle(self, request: SettleRequest) -> Settlement:
        result = request.result
        ledger = Ledger()
        notes = _settle_notes(request)
        if not result.winners:
            return ledger.settlement(notes=[msg("荒庄: a drawn round pays nothing"), *notes])
        extra = (fan.YI_PAO_SAN_XIANG,) if len(result.winners) == 3 else ()
        winners = []
        for seat in result.winners:
            judged = self._judge_seat(request, seat, extra)
            _pay(ledger, request, seat, judged)
            winners.append(WinnerResult(seat, judged.evaluation))
            notes += [judged.landing] if judged.landing else []
        return ledger.settlement(winners=winners, notes=notes)

    def _judge_seat(self, request: SettleRequest, seat: int,
                    extra: tuple[PatternRule, ...]) -> Judged:
        result = request.result
        query = EvaluateRequest(
            self.name, request.players[seat], result.win_tile, result.win_type,
            dealer=seat == request.dealer, seat_wind=seat_wind(seat, request.dealer),
            round_wind=request.round_wind, flags=seat_flags(request, seat), rules=request.rules)
        ctx = Context(query, HandView.of(query.hand), frozenset(), result.win_type or SELF_DRAW)
        judged = self.judge(ctx, seat, extra, request.players)
        if not judged.evaluation.winning:
            raise InvalidInput.one(at.hand(seat), msg(
                "this winner's tiles do not form a winning hand: four sets + a pair (no "
                "honour chows, no seven pairs) or 十三幺"), HAND_NOT_WINNING)
        if judged.liable is not None and judged.liable.seat is None:
            raise InvalidInput.one(
                at.meld(judged.liable.meld, seat, "from"),
                msg("required: {name} makes the seat that fed this meld pay all three shares "
                    "of the self-draw; give the seat that discarded it",
                    name=judged.liable.name_zh),
                MELD_BAD_CLAIM)
        return judged


def _is_dealer(request: EvaluateRequest) -> bool:
    """The dealer sits East (API.md), so a seat wind of E also says so."""
    return request.dealer or request.seat_wind == EAST


def _pay(ledger: Ledger, request: SettleRequest, seat: int, judged: Judged) -> None:
    """One winner's money: discarder, robbed player, liable seat, or each other player."""
    result = request.result
    ev = judged.evaluation
    detail = msg("{fan} fan ({patterns}): {score}", fan=ev.fan,
                 patterns=[p.term for p in ev.patterns], score=judged.score)
    if result.win_type == DISCARD:
        ledger.pay(result.discarder, seat, judged.score, "hu",
                   msg("{detail}, discarder pays", detail=detail))
    elif result.win_type == ROB_KONG:
        ledger.pay(result.discarder, seat, 3 * judged.score, "hu",
                   msg("{detail} × 3, 抢杠: the robbed player pays all three shares",
                       detail=detail))
    elif judged.liable is not None:
        ledger.pay(judged.liable.seat, seat, 3 * judged.score, "hu",
                   msg("{detail} × 3, {liability}", detail=detail,
                       liability=judged.liable.describe()))
    elif judged.landing:  # 包先不包后 released the feeder (first_landing)
        ledger.each_pays(seat, judged.score, "hu",
                         msg("{detail}, self-drawn: each pays ({landing})", detail=detail,
                             landing=judged.landing))
    else:
        ledger.each_pays(seat, judged.score, "hu",
                         msg("{detail}, self-drawn: each pays", detail=detail))


def _settle_notes(request: SettleRequest) -> list[Sentence]:
    notes: list[Sentence] = []
    if any(m.is_kong for p in request.players for m in p.melds):
        notes.append(msg("kongs pay nothing in guangdong: seed 004 has no kong money"))
    if len(request.result.winners) == 3:
        notes.append(msg("一炮多响: the discarder pays each winner; 一炮三响 raises each hand "
                         "to the cap"))
    elif len(request.result.winners) > 1:
        notes.append(msg("一炮多响: the discarder pays each winner"))
    return notes
