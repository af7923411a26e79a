"""欽州 qinzhou: seed 003 (钦州), as docs/rules/qinzhou.md states it.

No wild tiles and no honour chows; a win is four sets + a pair or seven pairs. Its value is
the fan of the seed's list, added together (:mod:`.patterns`); a win pays `fan × base` per
payer plus `fan × base` per 奖马 horse on the winner's numbers (:mod:`.payments`); every
kong takes `base` from each other player at once. Requests that contradict themselves are
refused by :mod:`.checks`.
"""

from __future__ import annotations

from collections.abc import Callable

from rules import places as at
from rules.error_codes import HAND_NOT_WINNING, VARIANT_NOT_SUPPORTED
from rules.errors import FieldError, InvalidInput
from rules.hand import HeldTiles, present
from rules.ledger import Ledger
from rules.model import (
    ADDED_KONG,
    CONCEALED_KONG,
    DISCARD,
    KONG,
    ROB_KONG,
    SELF_DRAW,
    EvaluateRequest,
    Evaluation,
    JingAnswer,
    JingRequest,
    Payment,
    Settlement,
    SettleRequest,
    WinnerResult,
)
from rules.options import RuleOption, dealer_passes_on_draw
from rules.text import Sentence, Text, msg
from rules.tiles import code
from rules.validation import raise_if
from rules.variant import Context, Deal, NotSupported, Variant, not_complete, seat_flags
from rules.variants.qinzhou import payments as horses
from rules.variants.qinzhou.checks import HORSE_CHOICES, SHAPES, flag_errors, settle_errors
from rules.variants.qinzhou.patterns import ADD, JI_HU, MULTIPLY, RULES, WonHand, best_reading
from rules.variants.qinzhou.play import PLAY

OPTIONS = (
    RuleOption("base", "integer", 1, msg("底数: the unit of every payment (hu, horse and kong)"),
               "003 §7 記分方法 (番數*底數); §3.2 例B 基礎銀兩假定為1兩", minimum=1,
               maximum=1_000_000),
    RuleOption("horse_count", "integer", 10, msg("奖马 bought per win (0 = 不买): at most this "
                                                 "many horses may be sent; fewer means the "
                                                 "wall ran short"),
               "003 §3.2 獎馬 (以設置為獎10個馬為例; 最多可以買30個馬; 不夠…剩下的牌全為買的馬)",
               choices=HORSE_CHOICES),
    RuleOption("fan_combination", "string", ADD, msg("How the fan of several patterns "
                                                     "combine: add (the rules book) or multiply"),
               msg("003 §7 (番數*底數)+番數*獎馬番數*底數: one fan count per win"),
               choices=(ADD, MULTIPLY)),
    RuleOption("zi_yi_se_qi_dui", "boolean", True, msg("字一色 also counts for seven pairs of "
                                                       "honours (the seed describes it with "
                                                       "pungs/kongs and a pair)"),
               "003 §6.2 字一色 4番，由字牌的刻子(杠)、將組成的胡牌"),
    RuleOption("no_wait_change", "boolean", True,
               msg("POST /replay: once a seat's discard leaves it ready, each later discard "
                   "must leave the same waits, and no kong may change them (聽牌後不允許換聽)"),
               "003 基本規則 6: 聽牌后不允許換聽"),
    RuleOption("must_win", "boolean", False,
               msg("POST /replay: a seat that could win must win (能胡必胡); false: it may "
                   "pass, and 漏胡 holds it"),
               "003 基本規則 6: 能胡必胡; 特殊規則: 漏胡"),
    dealer_passes_on_draw(msg("003 行牌規則 1b: 莊胡或荒莊由莊家連莊 (the default keeps the "
                              "deal; the rules book makes passing it a house option)")),
)

# Who pays a single win, by win type (the Payment.payer role of /evaluate).
PAYER = {DISCARD: "discarder", ROB_KONG: "robbed"}  # anything else: self-drawn, "each"


class Qinzhou(Variant):
    name = "qinzhou"
    play_rules = PLAY
    title_zh = "钦州麻将"
    title_en = "Qinzhou (Guangxi)"
    seed = "seed 003 (钦州)"
    shapes = SHAPES  # 6 可胡牌形: AA + 4 sets, or seven pairs (豪华七对: two pairs alike)
    options = OPTIONS
    flags = frozenset({"heavenly", "earthly", "last_tile", "after_kong_discard"})
    max_winners = 3  # 2.5 有一炮多響
    takes_horses = True
    scored = True
    pattern_rules = (*RULES, JI_HU)

    # ------------------------------------------------------------------ evaluate
    def evaluate_errors(self, request: EvaluateRequest) -> list[FieldError]:
        """Flags that contradict the hand (天胡 for a non-dealer, …)."""
        return flag_errors(request.flags, request.win_type or SELF_DRAW, request.dealer,
                           request.hand.melds)

    def reads_last_tile(self, request: EvaluateRequest, won: tuple[int, ...]) -> bool:
        """No: a total reads the won hand's readings and tiles, the win type, the flags
        and the options (:meth:`score`, :func:`flag_errors`), never the tile won on."""
        return False

    def score(self, ctx: Context) -> Evaluation:
        """Score every reading (a few at most: no wilds) and keep the one worth most."""
        found = ctx.hand.readings(self.shapes)
        if not found:
            return not_complete()
        rules = ctx.request.rules
        held = HeldTiles.of(ctx.hand.natural, ctx.hand.melds)
        wins = [WonHand(r, held, ctx.win_type, ctx.request.flags, rules["zi_yi_se_qi_dui"])
                for r in found]
        best = best_reading(wins, rules["fan_combination"])
        payment = _payment(best.fan, rules["base"], ctx.win_type)
        payers = 1 if ctx.win_type in PAYER else 3
        return Evaluation(
            winning=True, shape=best.reading.shape, patterns=best.patterns, fan=best.fan,
            decomposition=present(best.reading, (), ctx.hand.melds) if ctx.shown else [],
            payments=[payment],
            total=payment.amount * payers, readings=len(found),
            notes=[msg("without horses: each 奖马 on the winner's numbers adds {fan} fan × "
                       "base {base} = {amount} per payer (POST /settle counts them)",
                       fan=best.fan, base=rules["base"], amount=payment.amount)])

    # ------------------------------------------------------------------ settle
    def validate_settle(self, request: SettleRequest) -> list[str]:
        """qinzhou's own refusals first (horses, robbed kong, flags), so that e.g. a robbed
        kong listed as a kong is named as such rather than as a fifth copy of its tile."""
        raise_if(settle_errors(request, request.rules["horse_count"]))
        return super().validate_settle(request)

    def settle(self, request: SettleRequest) -> Settlement:
        """Kongs first (paid whether or not anyone wins), then the hu and the horses."""
        base = request.rules["base"]
        ledger = Ledger()
        _pay_kongs(request, base, ledger)
        result = request.result
        if not result.winners:
            return ledger.settlement(notes=[msg("drawn round (荒庄): no hu is paid; kongs are "
                                                "paid all the same (杠牌后直接得分而無須胡牌)")])
        claimed = result.discarder is not None
        order = (horses.turn_order(result.winners, result.discarder) if claimed
                 else list(result.winners))
        winners = [WinnerResult(seat, self._winner(request, seat)) for seat in order]
        wins = [horses.Win(w.seat, w.evaluation.fan or 0, _label(w.evaluation))
                for w in winners]
        on_seat = horses.horses_by_seat(request.horses, request.dealer)
        if claimed:
            horses.pay_discard(ledger, wins, result.discarder, on_seat, base)
        else:
            horses.pay_self_draw(ledger, wins[0], on_seat, base)
        notes = _horse_notes(request, on_seat, order[0] if claimed and len(order) > 1 else None)
        return ledger.settlement(winners=winners, notes=notes)

    def _winner(self, request: SettleRequest, seat: int) -> Evaluation:
        result = request.result
        query = EvaluateRequest(self.name, request.players[seat], result.win_tile,
                                result.win_type, dealer=seat == request.dealer,
                                flags=seat_flags(request, seat), rules=request.rules)
        evaluation = self._evaluate(query)  # the round's rule options are resolved already
        if not evaluation.winning:
            raise InvalidInput.one(at.hand(seat), msg(
                "winner {seat}'s tiles do not form a winning hand (four sets + a pair, or "
                "seven pairs; no honour chows in qinzhou)", seat=seat), HAND_NOT_WINNING)
        return evaluation

    def dealer_after_win(self, request: SettleRequest) -> Deal:
        """搶莊制 (003 行牌規則 1b 非莊胡下局由胡牌玩家坐莊): the winner deals; of several
        winners on one discard, the first in turn order after the discarder (who also
        owns the horses)."""
        result = request.result
        if result.discarder is None or len(result.winners) == 1:
            seat = result.winners[0]
            return Deal(seat, msg("seat {seat} won, not the dealer: the winner deals (搶莊制)",
                                  seat=seat))
        seat = horses.turn_order(result.winners, result.discarder)[0]
        return Deal(seat, msg("seats {winners} won on seat {discarder}'s discard: seat {seat}, "
                              "the first after the discarder, deals (搶莊制)",
                              winners=list(result.winners), discarder=result.discarder,
                              seat=seat))

    def jing_answer(self, request: JingRequest) -> JingAnswer:
        raise NotSupported(at.VARIANT, msg("qinzhou (钦州麻将) has no jing (精): no tile is "
                                           "wild and nothing is paid for jing; /jing serves "
                                           "xingguo and nanchang"), VARIANT_NOT_SUPPORTED)


def _payment(fan: int, base: int, win_type: str) -> Payment:
    """What one payer owes before horses: fan × base (§7 番數*底數)."""
    return Payment(PAYER.get(win_type, "each"), fan * base,
                   msg("{fan} fan × base {base} × (1 + horses)", fan=fan, base=base))


def _label(evaluation: Evaluation) -> str:
    return " + ".join(p.name_zh for p in evaluation.patterns)


# A kong's ledger detail by meld kind: one template each, so that each kind reads in its own
# words (明杠, 补杠, 暗杠) in every language.
KONG_DETAIL: dict[str, Callable[[str, int], Text]] = {
    KONG: lambda tile, base: msg("kong of {tile}: base {base} from each other player",
                                 tile=tile, base=base),
    ADDED_KONG: lambda tile, base: msg("added_kong of {tile}: base {base} from each other "
                                       "player", tile=tile, base=base),
    CONCEALED_KONG: lambda tile, base: msg("concealed_kong of {tile}: base {base} from each "
                                           "other player", tile=tile, base=base),
}


def _pay_kongs(request: SettleRequest, base: int, ledger: Ledger) -> None:
    """§7 杠牌: 其余三家被扣分為（底數），杠牌者得分（底數*3）; a robbed kong is not listed."""
    for seat, player in enumerate(request.players):
        for meld in player.melds:
            if meld.is_kong:
                ledger.each_pays(seat, base, "kong", KONG_DETAIL[meld.kind](code(meld.tiles[0]),
                                                                            base))


def _horses_flipped(flipped: int, bought: int, count: Text) -> Sentence:
    """How many horses counted of those bought. None sent says only that: the request gave
    no horses (an answer must not blame the wall for what the caller left out); some but
    fewer than bought is the wall running short (003 §3.2: 不夠…剩下的牌全為買的馬)."""
    if bought and not flipped:
        return msg("奖马: no horses were given, so none counted ({bought} bought)",
                   bought=bought)
    if flipped < bought:
        return msg("奖马: {horses} flipped of {bought} bought (fewer: the wall ran short, "
                   "剩下的牌全為買的馬)", horses=count, bought=bought)
    return msg("奖马: {horses} flipped of {bought} bought", horses=count, bought=bought)


def _horse_notes(request: SettleRequest, on_seat: list[list[int]],
                 owner: int | None) -> list[Sentence]:
    """Which horses hit whose numbers, how many were bought, who owns them."""
    bought, flipped = request.rules["horse_count"], len(request.horses)
    count = horses.count_horses(flipped)
    notes: list[Sentence] = [_horses_flipped(flipped, bought, count)]
    for seat, tiles in enumerate(on_seat):
        numbers = "/".join(map(str, horses.numbers_of(seat, request.dealer)))
        if tiles:
            notes.append(msg("seat {seat} ({numbers}): {tiles}", seat=seat, numbers=numbers,
                             tiles=" ".join(code(t) for t in tiles)))
        else:
            notes.append(msg("seat {seat} ({numbers}): none", seat=seat, numbers=numbers))
    if owner is not None:
        notes.append(msg("一炮多响: seat {seat}, the first winner after the discarder, owns the "
                         "horses (只允許一家買馬，按胡牌者的順序)", seat=owner))
    return notes
