"""Response bodies: the domain's answer dataclasses → JSON with canonical tile codes."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields

import rules
from app.codes import CODES
from app.schemas.fields import TileCode, tile_codes
from app.schemas.requests import SettleSchema
from rules import play
from rules.model import OBJECTIVES
from rules.review import STATES_PER_DECISION
from rules.text import Text


def open_string(known: tuple[str, ...], description: str, **kwargs) -> fields.String:
    """An answer's id from a list that grows (pattern ids, ledger reasons): an open string in
    the contract, its known values listed in words and in ``x-known-values``, never an
    ``enum`` (a client generated today must not break on a value added in 1.x)."""
    return fields.String(metadata={
        "description": f"{description} Known values (more may be added in a minor version): "
                       f"{', '.join(known)}.", "x-known-values": list(known)}, **kwargs)


class RulesetSchema(Schema):
    variant = fields.String(required=True)
    options = fields.Dict(required=True, metadata={"description": "Every rule option of the "
                                                   "variant as applied (defaults included)."})
    version = fields.String(required=True, metadata={"description": "Version of the rules."})


class PatternSchema(Schema):
    id = open_string(rules.PATTERN_IDS, "Pattern id (pinyin); GET /variants lists each "
                     "variant's, GET /rules/{variant} says what each is.", required=True)
    name_zh = fields.String(required=True)
    name_en = fields.String(required=True)
    value = fields.Integer(allow_none=True)
    unit = fields.String(metadata={"description": "fan, x (a multiplier), points, or empty."})
    note = fields.String()


class GroupSchema(Schema):
    type = fields.String(required=True, metadata={
        "description": "chow, pung, pair, single (十三烂/十三幺), or a meld type."})
    tiles = tile_codes(required=True, metadata={"description": "What each position stands for."})
    held = tile_codes(required=True, metadata={"description": "The tile actually held there."})
    wild = fields.List(fields.Boolean(), required=True,
                       metadata={"description": "True where a jing stands in as a wild."})
    concealed = fields.Boolean(required=True)


class PaymentSchema(Schema):
    payer = open_string(rules.PAYER_ROLES, "Who pays, by role: each (every other player), "
                        "dealer, non_dealer, discarder, robbed (whose kong was robbed), liable "
                        "(包: one seat pays all three shares).", required=True)
    amount = fields.Integer(required=True)
    formula = fields.String()


class WaitSchema(Schema):
    tile = TileCode(required=True)
    total = fields.Integer(allow_none=True, metadata={
        "description": "What winning on this tile collects in all, when the variant scores."})
    patterns = fields.List(open_string(rules.PATTERN_IDS, "Pattern id."))
    note = fields.String()


class EvaluationSchema(Schema):
    winning = fields.Boolean(required=True)
    reason = open_string(rules.REASONS, "Stable code when not winning: not_complete (no "
                         "winning shape), waiting (one tile short: see waits), not_ready (no "
                         "tile completes it), or a variant's restriction (GET /variants lists "
                         "each variant's).", allow_none=True)
    message = fields.String(allow_none=True)
    shape = fields.String(allow_none=True, metadata={
        "description": "The best reading's shape, as its variant names it: xingguo and "
                       "nanchang use their pattern ids (ping_hu, xiao_qi_dui, da_qi_dui, "
                       "shi_san_lan, qi_xing_shi_san_lan); qinzhou and guangdong the core "
                       "shapes (standard, seven_pairs, shi_san_yao)."})
    patterns = fields.List(fields.Nested(PatternSchema))
    multiplier = fields.Integer(allow_none=True)
    fan = fields.Integer(allow_none=True)
    decomposition = fields.List(fields.Nested(GroupSchema))
    payments = fields.List(fields.Nested(PaymentSchema))
    total = fields.Integer(allow_none=True)
    waits = fields.List(fields.Nested(WaitSchema), allow_none=True)
    readings = fields.Integer(metadata={"description": "How many readings were scored."})
    notes = fields.List(fields.String())


class EvaluateResponseSchema(EvaluationSchema):
    variant = fields.String(required=True)
    ruleset = fields.Nested(RulesetSchema, required=True)


class TransferSchema(Schema):
    payer = fields.Integer(required=True, data_key="from")
    payee = fields.Integer(required=True, data_key="to")
    amount = fields.Integer(required=True)
    reason = open_string(rules.TRANSFER_REASONS, "What the points are for: hu, jing, jing_kong "
                         "(a kong of jing), kong, horse (奖马), follow_dealer (跟庄/抄庄), "
                         "false_win (诈胡).", required=True)
    detail = fields.String()


class JingSeatSchema(Schema):
    seat = fields.Integer(required=True)
    count = fields.Integer(required=True, metadata={"description": "正精 × 2 + 副精 × 1."})
    score = fields.Integer(required=True,
                           metadata={"description": "What each other player owes this seat."})
    chong_guan = fields.Boolean(required=True)
    ba_jing = fields.Boolean(required=True)
    paid_by = fields.Integer(allow_none=True, metadata={
        "description": "When set, this seat (the discarder of a claimed jing, 包) pays the "
                       "whole score for all three."})


class JingScoreSchema(Schema):
    indicator = fields.String(required=True, metadata={
        "description": "Which indicator: indicator, lower_indicator, previous_indicator, "
                       "previous_lower_indicator, or zhao_jing_zi (nanchang 照镜子: one "
                       "entry per tile pair that some dealt hand counts 5 of)."})
    source = fields.String(required=True, metadata={
        "description": "The same as `indicator`, under a name that says what it is: which "
                       "flip (or rule) gave this pair of jing, not a tile: indicator (上精), "
                       "lower_indicator (下精), previous_indicator (回头一笑), "
                       "previous_lower_indicator, or zhao_jing_zi (nanchang 照镜子)."})
    zheng = TileCode(required=True, metadata={"description": "正精"})
    fu = TileCode(required=True, metadata={"description": "副精"})
    seats = fields.List(fields.Nested(JingSeatSchema))


class WinnerSchema(Schema):
    seat = fields.Integer(required=True)
    evaluation = fields.Nested(EvaluationSchema, required=True)


class SettlementSchema(Schema):
    variant = fields.String(required=True)
    deltas = fields.List(fields.Integer(), required=True,
                         metadata={"description": "Each seat's result; they sum to 0."})
    ledger = fields.List(fields.Nested(TransferSchema), required=True)
    winners = fields.List(fields.Nested(WinnerSchema))
    jing = fields.List(fields.Nested(JingScoreSchema))
    notes = fields.List(fields.String())
    next_floor = fields.Integer(allow_none=True, metadata={
        "description": "nanchang 爬楼梯: the floor (`rules.floor`) of the next round."})
    ruleset = fields.Nested(RulesetSchema, required=True)


class MatchRoundAnswerSchema(SettlementSchema):
    """One round of a match: what /settle answers for it, and what the match derived."""

    class Meta:
        exclude = ("variant", "ruleset")  # the match's, given once

    dealer = fields.Integer(required=True, metadata={
        "description": "The round's dealer, as the rotation gave it."})
    round_wind = TileCode(allow_none=True, metadata={
        "description": "guangdong: the round wind the round was scored in; null for the "
                       "variants that do not score one."})
    floor = fields.Integer(allow_none=True, metadata={
        "description": "nanchang 爬楼梯: the floor the round was played on; null when "
                       "rules.pa_lou_ti is off, and for the other variants."})
    carried_jing = fields.Dict(keys=fields.String(), values=TileCode(), metadata={
        "description": "nanchang: the jing fields the match carried into this round from "
                       "the round before (`previous_indicator`: its 上精, 回头一笑)."})
    totals = fields.List(fields.Integer(), required=True, metadata={
        "description": "The running totals by seat after this round."})


class StandingSchema(Schema):
    seat = fields.Integer(required=True)
    total = fields.Integer(required=True)
    rank = fields.Integer(required=True, metadata={
        "description": "1 for the highest total; equal totals share a rank (1, 1, 3, 4)."})


class MatchResponseSchema(Schema):
    variant = fields.String(required=True)
    rounds = fields.List(fields.Nested(MatchRoundAnswerSchema), required=True)
    totals = fields.List(fields.Integer(), required=True, metadata={
        "description": "The final totals by seat: the sum of every round's deltas (0 in "
                       "all)."})
    standings = fields.List(fields.Nested(StandingSchema), required=True, metadata={
        "description": "The seats by final total, highest first (equal totals by seat)."})
    ruleset = fields.Nested(RulesetSchema, required=True)


class JingResponseSchema(Schema):
    variant = fields.String(required=True)
    jing = fields.List(fields.Nested(JingScoreSchema), required=True)
    deltas = fields.List(fields.Integer(), allow_none=True)
    ledger = fields.List(fields.Nested(TransferSchema), allow_none=True)
    ruleset = fields.Nested(RulesetSchema, required=True)


class DrawSchema(Schema):
    tile = TileCode(required=True)
    left = fields.Integer(required=True, metadata={
        "description": "Copies not yet seen: 4 minus those in the hand (the discard "
                       "included), its melds, `visible` and an indicator out of play."})


class WaitValueSchema(Schema):
    total = fields.Integer(required=True, metadata={
        "description": "What this win collects in all, as /evaluate values the wait."})
    patterns = fields.List(open_string(rules.PATTERN_IDS, "Pattern id."), required=True)
    de_guo = fields.Boolean(required=True, metadata={
        "description": "xingguo, nanchang: it wins as 德国 (every jing read as itself: "
                       "de_guo or de_zhong_de among the patterns)."})


def _probability_field(description: str = "") -> fields.Float:
    return fields.Float(allow_none=True, metadata={"description": description or (
        "Asked with `expected`: the chance that the hand left wins by its own draws "
        "(docs/advice.md, 'Expected value'); null more than 3 from ready.")})


def _score_field(description: str = "") -> fields.Float:
    return fields.Float(allow_none=True, metadata={"description": description or (
        "Asked with `expected`: what the hand left collects on average (each self-drawn "
        "win valued at its /evaluate total); null more than 3 from ready.")})


class WaitAdviceSchema(Schema):
    tile = TileCode(required=True)
    left = fields.Integer(required=True)
    self_draw = fields.Nested(WaitValueSchema, required=True, allow_none=True, metadata={
        "description": "Won by drawing it; null: this hand cannot win on it so."})
    on_discard = fields.Nested(WaitValueSchema, required=True, allow_none=True, metadata={
        "description": "Won on another player's discard; null: not allowed for this hand "
                       "(精吊, or 有精平胡, only self-draw; `note` says why)."})
    note = fields.String(required=True, metadata={
        "description": "Why a way of winning on this wait is missing, as /evaluate says it; "
                       "empty when both are there."})


class DiscardAdviceSchema(Schema):
    discard = TileCode(required=True)
    shanten = fields.Integer(required=True, metadata={
        "description": "向听数 after this discard: 0 is ready (听牌)."})
    tiles = fields.List(fields.Nested(DrawSchema), required=True, attribute="draws",
                        metadata={"description": "进张: every tile that lowers the shanten "
                                                 "after this discard."})
    left_total = fields.Integer(required=True, metadata={
        "description": "The copies left of all those tiles."})
    value = fields.Integer(required=True, metadata={
        "description": "The order's third key: for a ready discard the best self-draw "
                       "total among its waits with a copy left; 0 otherwise."})
    waits = fields.List(fields.Nested(WaitAdviceSchema), allow_none=True, metadata={
        "description": "When the discard leaves the hand ready (shanten 0): every wait, "
                       "valued as /evaluate values the waits of that 13-tile hand; else null."})
    win_probability = _probability_field()
    expected_score = _score_field()


class ValuedActionSchema(Schema):
    """A seat's action (log mode) with the model's numbers after it."""

    seat = fields.Integer(required=True)
    type = open_string((*play.ACTION_TYPES, "pass"), "The action.", required=True)
    tile = TileCode()
    tiles = fields.String(metadata={"description": "A chow's three tiles, compact."})
    win_probability = _probability_field("The chance to win after this action.")
    expected_score = _score_field("What the seat collects on average after this action.")


class BestField(fields.Raw):
    """``best``: a tile code (hand mode's discard) or an action (log mode)."""

    def __init__(self, **kwargs: Any):
        metadata = kwargs.pop("metadata", {})
        metadata["oneOf"] = [{"type": "string", "description": "A tile code (hand mode)."},
                             {"$ref": "#/components/schemas/ActionOut"},
                             {"type": "null", "description": "Nothing to rank: a 13-tile "
                                                            "hand, or no action valued."}]
        super().__init__(metadata=metadata, **kwargs)


class ExpectedInputsSchema(Schema):
    """The expected-value model's inputs as used."""

    draws_left = fields.Integer(required=True, metadata={
        "description": "The seat's own draws still to come."})
    changes = fields.Integer(required=True, metadata={
        "description": "The budget of hand changes (the service's choice when not asked)."})
    objective = fields.String(required=True, metadata={
        "description": "What ranks: score or win.", "enum": list(OBJECTIVES)})


class AdviceResponseSchema(Schema):
    variant = fields.String(required=True)
    shanten = fields.Integer(required=True, metadata={
        "description": "向听数 of the hand: -1 is already a win, 0 ready (for a 14-tile "
                       "hand: after its best discard), n: n tile exchanges from ready."})
    discards = fields.List(fields.Nested(DiscardAdviceSchema), allow_none=True, metadata={
        "description": "A 14-tile hand: one entry per distinct discard, best first: lower "
                       "shanten, then more tiles left (left_total), then higher value (the "
                       "best self-draw total among waits with a copy left), then tile order "
                       "(万 筒 条, winds, dragons). Null for a 13-tile hand."})
    tiles = fields.List(fields.Nested(DrawSchema), allow_none=True, attribute="draws",
                        metadata={"description": "A 13-tile hand: its 进张; null for a "
                                                 "14-tile hand."})
    left_total = fields.Integer(allow_none=True)
    expected = fields.Nested(ExpectedInputsSchema, metadata={
        "description": "Asked with `expected`: the model's inputs as used."})
    best = BestField(allow_none=True, metadata={
        "description": "Asked with `expected`: a 14-tile hand's discard the objective ranks "
                       "first (a tile; null for a 13-tile hand); in log mode the action it "
                       "ranks first (an action of `actions`, without its numbers; null when "
                       "none is valued)."})
    seat = fields.Integer(metadata={"description": "Log mode: the seat advised."})
    actions = fields.List(fields.Nested(ValuedActionSchema), metadata={
        "description": "Log mode: each legal action of the seat now, as /replay's `legal` "
                       "writes it (a draw without its tile), and `pass` for a seat that may "
                       "claim the open tile and does not draw next, each with the model's "
                       "numbers after it."})
    win_probability = _probability_field(
        "Asked with `expected`, a 13-tile hand: its chance to win by its own draws.")
    expected_score = _score_field(
        "Asked with `expected`, a 13-tile hand: what it collects on average.")
    ruleset = fields.Nested(RulesetSchema, required=True)


class SentenceString(fields.String):
    """A sentence of the domain (:class:`rules.text.Text`): dumped as it is, so the answer's
    writer (app/i18n.py) renders it in the reader's language; a string in the contract."""

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if isinstance(value, Text):
            return value
        return super()._serialize(value, attr, obj, **kwargs)


class VariantOptionSchema(Schema):
    name = fields.String(required=True)
    type = fields.String(required=True)
    default = fields.Raw(required=True)
    description = SentenceString(required=True, metadata={
        "description": "What the option does, in the answer's language (Accept-Language)."})
    seed = SentenceString(required=True, metadata={
        "description": "The seed line the option comes from, quoted briefly (its Chinese as "
                       "the seed says it; a comment on it in the answer's language)."})
    choices = fields.List(fields.Raw())
    minimum = fields.Integer()
    maximum = fields.Integer()


class VariantSchema(Schema):
    name = fields.String(required=True)
    title_zh = fields.String(required=True)
    title_en = fields.String(required=True)
    seed = fields.String(required=True, metadata={
        "description": "The public rule page the variant follows, e.g. `seed 000 (兴国冲关)`; "
                       "GET /rules/{variant} states every rule, citing its lines."})
    shapes = fields.Dict(keys=fields.String(), values=fields.Boolean())
    win_types = fields.List(fields.String())
    flags = fields.List(fields.String())
    max_winners = fields.Integer()
    jing = fields.List(fields.String())
    horses = fields.Boolean()
    scored = fields.Boolean()
    events = fields.List(fields.String(), metadata={
        "description": "The `events` of /settle this variant pays (`follow_dealer` 跟庄/抄庄, "
                       "`false_win` 诈胡); another is a 422."})
    patterns = fields.List(fields.String(), metadata={
        "description": "Every pattern id this variant's answers may carry."})
    reasons = fields.List(fields.String(), metadata={
        "description": "Every reason code for a hand of this variant that cannot win."})
    options = fields.List(fields.Nested(VariantOptionSchema))


class VariantsResponseSchema(Schema):
    rules_version = fields.String(required=True)
    variants = fields.List(fields.Nested(VariantSchema), required=True)


# ---------------------------------------------------------------------------- POST /replay

class MeldOutSchema(Schema):
    """A meld as a request writes it (compact tile string)."""

    type = fields.String(required=True, metadata={"description": "chow, pung, kong, added_kong "
                                                  "or concealed_kong."})
    tiles = fields.String(required=True, metadata={"description": "Its tiles, compact."})
    source = fields.Integer(data_key="from", metadata={
        "description": "The seat that discarded the claimed tile."})
    claimed = TileCode(metadata={"description": "Which of its tiles was claimed."})
    claim_order = fields.Integer(metadata={
        "description": "Its place in the round's order of claims (an added kong keeps its "
                       "pung's)."})


class ActionOutSchema(Schema):
    """An action as a log writes it."""

    seat = fields.Integer(required=True)
    type = open_string(play.ACTION_TYPES, "The action.", required=True)
    tile = TileCode(metadata={"description": "Its tile (absent for a draw whose tile is not "
                                             "known without a wall, and for a win)."})
    tiles = fields.String(metadata={"description": "A chow's three tiles, compact."})
    missing = fields.List(fields.String(), metadata={
        "description": "In `legal` only: the fields the log must fill in before this action "
                       "can be pushed (`[\"tile\"]`: a draw without a `wall`, whose tile only "
                       "the table knows). Absent: push it as written."})


class FactSchema(Schema):
    action = fields.Integer(required=True, metadata={
        "description": "The index in `actions` of the action that showed it."})
    code = open_string(play.FACT_CODES, "What the log showed (docs/replay.md says what each "
                       "means).", required=True)
    seat = fields.Integer(allow_none=True, required=True, metadata={
        "description": "The seat it is about (null: the table's, e.g. a drawn round)."})
    detail = fields.String(required=True)


class SeatNowSchema(Schema):
    hand = tile_codes(required=True, metadata={"description": "Its concealed tiles, sorted."})
    melds = fields.List(fields.Nested(MeldOutSchema), required=True, metadata={
        "description": "In the order each reached its form."})
    discards = tile_codes(required=True, metadata={
        "description": "Its discards nobody claimed, in order; a discard still open to "
                       "claims is the last."})


class ReplayResponseSchema(Schema):
    variant = fields.String(required=True)
    status = fields.String(required=True, metadata={
        "description": "finished (a win, or a drawn round: the wall ran out) or in_progress.",
        "enum": [play.FINISHED, play.IN_PROGRESS]})
    facts = fields.List(fields.Nested(FactSchema), required=True, metadata={
        "description": "What the log showed that changes the score or what a seat may do, "
                       "in order."})
    settle_request = fields.Nested(SettleSchema, metadata={
        "description": "finished: the /settle body the log implies: posting it to POST "
                       "/settle gives `settlement`."})
    settlement = fields.Nested(SettlementSchema, metadata={
        "description": "finished: what POST /settle answers for `settle_request`."})
    turn = fields.Integer(metadata={
        "description": "in_progress: the seat that acts next if nobody claims (after a "
                       "discard, the next seat, to draw); where only wins are left, the "
                       "first seat in turn order that has one."})
    seats = fields.List(fields.Nested(SeatNowSchema), metadata={
        "description": "in_progress: each seat's tiles, by seat."})
    legal = fields.List(fields.List(fields.Nested(ActionOutSchema)), metadata={
        "description": "By seat, every action it may take now (claims and wins included), "
                       "each as an action of the log would be written. in_progress: "
                       "everything; finished: the wins still open on the last tile (一炮多响's "
                       "further winners, a last tile or last discard not yet won), else "
                       "empty lists. A driver follows `legal` until it is empty."})
    ruleset = fields.Nested(RulesetSchema, required=True)


_CODE_TEXT = ("Stable machine-readable code: branch on it, never on the prose; a released "
              "code is never renamed (docs/errors.md says what each means).")


class ProblemErrorSchema(Schema):
    field = fields.String(required=True, metadata={
        "description": "The offending field as a JSON path (`players[2].hand`), or `body`."})
    message = fields.String(required=True)
    code = open_string(tuple(sorted(CODES)), _CODE_TEXT, required=True)
    position = fields.Integer(metadata={
        "description": "In a tile string: the 0-based character index where reading failed "
                       "(present only where there is one)."})


class ProblemSchema(Schema):
    type = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    code = open_string(tuple(sorted(CODES)), _CODE_TEXT, required=True)
    errors = fields.List(fields.Nested(ProblemErrorSchema))


class HealthSchema(Schema):
    status = fields.String(required=True)


class DecisionSchema(Schema):
    """One decision of a reviewed seat."""

    action = fields.Integer(required=True, metadata={
        "description": "The index in `actions` of the action played (or, for a pass, of the "
                       "first action after the offered tile)."})
    draws_left = fields.Integer(required=True, metadata={
        "description": "The seat's own draws still to come then (derived from the log)."})
    played = fields.Nested(ActionOutSchema, required=True, metadata={
        "description": "What the seat played, as `legal` writes actions (`pass` where it "
                       "let the tile go); the log's omitted tiles filled in."})
    best = fields.Nested(ActionOutSchema, required=True, allow_none=True, metadata={
        "description": "The action the objective ranks first then (null: none valued)."})
    played_value = fields.Float(required=True, allow_none=True, metadata={
        "description": "The objective's number after the played action, as /advise log "
                       "mode computes it on the log cut before `action`."})
    best_value = fields.Float(required=True, allow_none=True, metadata={
        "description": "The same for the best action."})
    loss = fields.Float(required=True, allow_none=True, metadata={
        "description": "best_value − played_value (0 or more; null where a value is)."})
    too_large = fields.Boolean(required=True, metadata={
        "description": "true: valuing this decision alone needs more hand states than one "
                       f"/advise request may work out ({STATES_PER_DECISION:,} new ones), so "
                       "it is left "
                       "unvalued (best, the values and loss null) and the review goes on; "
                       "/advise log mode on the log cut there answers 422 expected.too_large."})


class ReviewSummarySchema(Schema):
    decisions = fields.Integer(required=True)
    agreement = fields.Float(required=True, allow_none=True, metadata={
        "description": "The share of decisions with numbers whose played action is the best "
                       "(null: none has numbers)."})
    total_loss = fields.Float(required=True, metadata={
        "description": "The sum of the losses that are numbers."})
    largest = fields.List(fields.Integer(), required=True, metadata={
        "description": "The `action` indexes of the (up to) three decisions that lost most, "
                       "largest first."})
    too_large = fields.Integer(required=True, metadata={
        "description": "How many decisions are left unvalued as too large (their "
                       "`too_large` is true)."})


class SeatReviewSchema(Schema):
    seat = fields.Integer(required=True)
    decisions = fields.List(fields.Nested(DecisionSchema), required=True)
    summary = fields.Nested(ReviewSummarySchema, required=True)


class ReviewInputsSchema(Schema):
    changes = fields.Integer(required=True)
    objective = fields.String(required=True, metadata={"enum": list(OBJECTIVES)})


class ReviewResponseSchema(Schema):
    variant = fields.String(required=True)
    expected = fields.Nested(ReviewInputsSchema, required=True, metadata={
        "description": "The model's inputs as used (draws_left is each decision's own)."})
    seats = fields.List(fields.Nested(SeatReviewSchema), required=True, metadata={
        "description": "One object per seat reviewed."})
    ruleset = fields.Nested(RulesetSchema, required=True)
