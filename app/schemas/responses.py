"""Response bodies: the domain's answer dataclasses → JSON with canonical tile codes."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

import rules
from app.schemas.fields import TileCode, tile_codes


class RulesetSchema(Schema):
    variant = fields.String(required=True)
    options = fields.Dict(required=True, metadata={"description": "Every rule option of the "
                                                   "variant as applied (defaults included)."})
    version = fields.String(required=True, metadata={"description": "Version of the rules."})


class PatternSchema(Schema):
    id = fields.String(required=True, validate=validate.OneOf(rules.PATTERN_IDS),
                       metadata={"description": "Pattern id from RULINGS.md; GET /variants "
                                 "lists each variant's."})
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
    payer = fields.String(required=True, validate=validate.OneOf(rules.PAYER_ROLES), metadata={
        "description": "Who pays, by role: each (every other player), dealer, non_dealer, "
                       "discarder, robbed (whose kong was robbed), liable (包: one seat pays "
                       "all three shares)."})
    amount = fields.Integer(required=True)
    formula = fields.String()


class WaitSchema(Schema):
    tile = TileCode(required=True)
    total = fields.Integer(allow_none=True, metadata={
        "description": "What winning on this tile collects in all, when the variant scores."})
    patterns = fields.List(fields.String(validate=validate.OneOf(rules.PATTERN_IDS)))
    note = fields.String()


class EvaluationSchema(Schema):
    winning = fields.Boolean(required=True)
    reason = fields.String(allow_none=True, validate=validate.OneOf(rules.REASONS), metadata={
        "description": "Stable code when not winning: not_complete (no winning shape), "
                       "waiting (one tile short: see waits), not_ready (no tile completes it), "
                       "or a variant's restriction (GET /variants lists each variant's)."})
    message = fields.String(allow_none=True)
    shape = fields.String(allow_none=True, metadata={
        "description": "The best reading's shape, as its variant names it: xingguo and "
                       "nanchang use the RULINGS shape ids (ping_hu, xiao_qi_dui, da_qi_dui, "
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
    reason = fields.String(required=True, validate=validate.OneOf(rules.TRANSFER_REASONS),
                           metadata={"description": "What the points are for: hu, jing, "
                                     "jing_kong (a kong of jing), kong, horse (奖马), "
                                     "follow_dealer (跟庄/抄庄), false_win (诈胡)."})
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


class JingResponseSchema(Schema):
    variant = fields.String(required=True)
    jing = fields.List(fields.Nested(JingScoreSchema), required=True)
    deltas = fields.List(fields.Integer(), allow_none=True)
    ledger = fields.List(fields.Nested(TransferSchema), allow_none=True)
    ruleset = fields.Nested(RulesetSchema, required=True)


class VariantOptionSchema(Schema):
    name = fields.String(required=True)
    type = fields.String(required=True)
    default = fields.Raw(required=True)
    description = fields.String(required=True)
    seed = fields.String(required=True)
    choices = fields.List(fields.Raw())
    minimum = fields.Integer()
    maximum = fields.Integer()


class VariantSchema(Schema):
    name = fields.String(required=True)
    title_zh = fields.String(required=True)
    title_en = fields.String(required=True)
    seed = fields.String(required=True)
    shapes = fields.Dict(keys=fields.String(), values=fields.Boolean())
    win_types = fields.List(fields.String())
    flags = fields.List(fields.String())
    max_winners = fields.Integer()
    jing = fields.List(fields.String())
    horses = fields.Boolean()
    scored = fields.Boolean()
    patterns = fields.List(fields.String(), metadata={
        "description": "Every pattern id this variant's answers may carry."})
    reasons = fields.List(fields.String(), metadata={
        "description": "Every reason code for a hand of this variant that cannot win."})
    options = fields.List(fields.Nested(VariantOptionSchema))


class VariantsResponseSchema(Schema):
    rules_version = fields.String(required=True)
    variants = fields.List(fields.Nested(VariantSchema), required=True)


class ProblemErrorSchema(Schema):
    field = fields.String(required=True)
    message = fields.String(required=True)


class ProblemSchema(Schema):
    type = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    errors = fields.List(fields.Nested(ProblemErrorSchema))


class HealthSchema(Schema):
    status = fields.String(required=True)
