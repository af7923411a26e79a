"""Request bodies (API.md) → the domain's request dataclasses.

Unknown fields are rejected (marshmallow's default, RAISE), so a typo never silently changes
a score. Only shape and type are checked here; the rules themselves (相公, five copies,
honour chows, …) are checked by the domain, which knows the variant.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from app.codes import Message
from app.schemas.fields import (
    Seat,
    Shortcut,
    StrictBool,
    StrictInt,
    Tile,
    Tiles,
    quick_seat,
    quick_tile,
    quick_tiles,
)
from rules import model
from rules.error_codes import FIELD_REQUIRED, FIELD_WRONG_LENGTH, TILE_TOO_MANY, VARIANT_UNKNOWN
from rules.matches import MAX_ROUNDS
from rules.variants import NAMES

_one_of = validate.OneOf


def _variant_field() -> fields.String:
    return fields.String(required=True, validate=_one_of(
        NAMES, error=Message("unknown variant {input!r}; use one of {choices}", VARIANT_UNKNOWN)),
        metadata={"description": "The rule set to score with.", "example": "xingguo"})


def _rules_field() -> fields.Dict:
    return fields.Dict(keys=fields.String(validate=validate.Length(max=64)), load_default=dict,
                       metadata={"description": "Rule options of the variant; see "
                                 "GET /variants for names, types and defaults."})


class MeldSchema(Schema):
    type = fields.String(required=True, validate=_one_of(model.MELD_KINDS),
                         metadata={"description": "kong = exposed kong claimed from a discard "
                                   "(明杠), added_kong = pung extended by a drawn tile (补杠), "
                                   "concealed_kong = 暗杠"})
    tiles = Tiles(maximum=4, required=True)
    source = Seat(data_key="from", load_default=None, allow_none=True,
                  metadata={"description": "Seat that discarded the claimed tile."})
    claimed = Tile(load_default=None, allow_none=True, metadata={
        "description": "Which of the meld's tiles was claimed from `from`. Needed only where "
                       "it decides a liability: xingguo, a chow holding a jing when the "
                       "claimer is 冲关 or 霸精 (包; nanchang has no 包)."})
    claim_order = StrictInt(load_default=None, allow_none=True, validate=validate.Range(min=0),
                            metadata={
        "description": "The meld's place in the round's order of claims across all players "
                       "(0 first, larger is later). Needed only where the order decides a "
                       "liability: guangdong 包先不包后, two 12-tile landings fed by one seat."})

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> model.Meld:
        return model.Meld(data["type"], data["tiles"], data["source"], data["claimed"],
                          data["claim_order"])


_MELD_KEYS = frozenset({"type", "tiles", "from", "claimed", "claim_order"})
_MELD_KINDS = frozenset(model.MELD_KINDS)


def quick_meld(value: Any) -> model.Meld | None:
    """:class:`MeldSchema`'s answer for a meld written the usual way (its tiles as a compact
    string), else None: the schema then loads it."""
    if type(value) is not dict or not value.keys() <= _MELD_KEYS:
        return None
    kind, parsed = value.get("type"), quick_tiles(value.get("tiles"), 4)
    source, order = value.get("from"), value.get("claim_order")
    if type(kind) is not str or kind not in _MELD_KINDS or parsed is None:
        return None
    if not (source is None or quick_seat(source)):
        return None
    if order is not None and (type(order) is not int or order < 0):
        return None
    claimed = value.get("claimed")
    if claimed is not None and (claimed := quick_tile(claimed)) is None:
        return None
    return model.Meld(kind, parsed, source, claimed, order)


class JingSchema(Schema):
    indicator = Tile(load_default=None, allow_none=True,
                     metadata={"description": "The flipped tile (上精): it is 正精, the next "
                               "tile 副精."})
    lower_indicator = Tile(load_default=None, allow_none=True,
                           metadata={"description": "nanchang 下精: scored only, never wild."})
    previous_indicator = Tile(load_default=None, allow_none=True,
                              metadata={"description": "nanchang 回头一笑: last round's 上精."})
    previous_lower_indicator = Tile(load_default=None, allow_none=True, metadata={
        "description": "nanchang 回头上下翻 (`rules.hui_tou_shang_xia_fan`): last round's 下精, "
                       "scored on the dealt hands beside `previous_indicator`."})

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> model.Jing:
        return model.Jing(**data)


class FlagsSchema(Schema):
    heavenly = StrictBool(load_default=False, metadata={"description": "天胡"})
    earthly = StrictBool(load_default=False, metadata={"description": "地胡"})
    human = StrictBool(load_default=False, metadata={"description": "人和 (guangdong)"})
    last_tile = StrictBool(load_default=False,
                           metadata={"description": "海底捞月: won on the wall's last tile"})
    after_kong_discard = StrictBool(load_default=False, metadata={
        "description": "杠上炮: the winning discard followed the discarder's own kong"})
    kong_chain = StrictInt(load_default=0, validate=validate.Range(min=0, max=8), metadata={
        "description": "Kongs in an unbroken chain before a kong_replacement win."})
    no_jing_held = StrictBool(load_default=False, metadata={
        "description": "xingguo 霸胡: no player's jing count is above 0 (held, melded or "
                       "discarded; /settle reads it from the tiles)."})
    others_no_jing = StrictBool(load_default=False, metadata={
        "description": "nanchang 德中德: the other three players hold no jing at all."})

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> model.Flags:
        return model.Flags(**data)


_JING_KEYS = frozenset({"indicator", "lower_indicator", "previous_indicator",
                        "previous_lower_indicator"})
_FLAG_KEYS = frozenset(FlagsSchema().fields) - {"kong_chain"}


def quick_jing(value: Any) -> model.Jing | None:
    """:class:`JingSchema`'s answer for indicators given as tile strings, else None."""
    if type(value) is not dict or not value.keys() <= _JING_KEYS:
        return None
    loaded = {}
    for key, tile in value.items():
        if tile is not None and (tile := quick_tile(tile)) is None:
            return None
        loaded[key] = tile
    return model.Jing(**loaded)


def quick_flags(value: Any) -> model.Flags | None:
    """:class:`FlagsSchema`'s answer for flags given as true/false (and a kong chain 0-8)."""
    if type(value) is not dict:
        return None
    for key, flag in value.items():
        is_flag = type(flag) is bool and key in _FLAG_KEYS
        is_chain = key == "kong_chain" and type(flag) is int and 0 <= flag <= 8
        if not (is_flag or is_chain):
            return None
    return model.Flags(**value)


def _flags_field() -> fields.Nested:
    return Shortcut(FlagsSchema, quick_flags, load_default=model.Flags)


def _jing_field(**kwargs: Any) -> fields.Nested:
    return Shortcut(JingSchema, quick_jing, load_default=model.Jing, **kwargs)


def _win_type_field() -> fields.String:
    return fields.String(load_default=None, allow_none=True, validate=_one_of(model.WIN_TYPES))


class EvaluateSchema(Schema):
    variant = _variant_field()
    hand = Tiles(required=True, metadata={
        "description": "Concealed tiles, including the winning tile when there is one. "
                       "13 (+1 per kong) asks for the waits; 14 (+1 per kong) is scored."})
    melds = Shortcut(MeldSchema, quick_meld, many=True, load_default=list,
                        validate=validate.Length(max=4))
    win_tile = Tile(load_default=None, allow_none=True)
    win_type = _win_type_field()
    dealer = StrictBool(load_default=False,
                        metadata={"description": "The hand's owner is the dealer (庄家)."})
    discarder_is_dealer = StrictBool(load_default=None, allow_none=True, metadata={
        "description": "xingguo, nanchang: on a discard win by a non-dealer, whether the "
                       "discarder is the dealer (庄家点闲家) or not (闲家点闲家, assumed when "
                       "left out); it decides who pays double."})
    seat_wind = Tile(load_default=None, allow_none=True)
    round_wind = Tile(load_default=None, allow_none=True)
    jing = _jing_field()
    flags = _flags_field()
    rules = _rules_field()

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> model.EvaluateRequest:
        hand = model.PlayerTiles(data.pop("hand"), tuple(data.pop("melds")))
        return model.EvaluateRequest(hand=hand, **data)


class AdviseSchema(Schema):
    variant = _variant_field()
    hand = Tiles(required=True, metadata={
        "description": "Concealed tiles: 14 (+1 per kong), a hand that must discard, gets one "
                       "entry per distinct discard; 13 (+1 per kong), a hand that has just "
                       "discarded, gets its shanten and 进张."})
    melds = Shortcut(MeldSchema, quick_meld, many=True, load_default=list,
                        validate=validate.Length(max=4))
    visible = Tiles(maximum=136, load_default=tuple, metadata={
        "description": "Every tile the player sees elsewhere (all discards, the other "
                       "players' melds, a flipped indicator that stays in the wall), so that "
                       "the copies left are true. xingguo's indicator, out of play, is "
                       "counted without being listed."})
    dealer = StrictBool(load_default=False,
                        metadata={"description": "The hand's owner is the dealer (庄家)."})
    seat_wind = Tile(load_default=None, allow_none=True)
    round_wind = Tile(load_default=None, allow_none=True)
    jing = _jing_field()
    rules = _rules_field()

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> model.AdviseRequest:
        hand = model.PlayerTiles(data.pop("hand"), tuple(data.pop("melds")))
        return model.AdviseRequest(hand=hand, **data)


class PlayerSchema(Schema):
    hand = Tiles(required=True)
    melds = Shortcut(MeldSchema, quick_meld, many=True, load_default=list,
                        validate=validate.Length(max=4))
    discards = Tiles(maximum=40, load_default=tuple, metadata={
        "description": "Tiles still in this player's discard pond (claimed ones are in the "
                       "claimer's melds)."})
    dealt = Tiles(load_default=None, allow_none=True, metadata={
        "description": "nanchang: the hand as dealt (13 tiles, the dealer 14), on which "
                       "回头一笑 (`jing.previous_indicator`), 回头上下翻 "
                       "(`jing.previous_lower_indicator`) and 照镜子 (`rules.zhao_jing_zi`) "
                       "are scored."})
    flags = fields.Nested(FlagsSchema, load_default=None, allow_none=True, metadata={
        "description": "/settle: flags of this seat only (the same object as `result.flags`, "
                       "which every winner shares): each of several winners on one discard "
                       "can carry its own 地胡, 天胡, 海底, …; a seat that did not win has none."})

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> model.PlayerTiles:
        return model.PlayerTiles(data["hand"], tuple(data["melds"]), data["discards"],
                                 data["dealt"], data["flags"])


_PLAYER_KEYS = frozenset({"hand", "melds", "discards", "dealt"})


def quick_player(value: Any) -> model.PlayerTiles | None:
    """:class:`PlayerSchema`'s answer for a player written the usual way (compact strings,
    no flags of its own), else None: the schema then loads it."""
    if type(value) is not dict or not value.keys() <= _PLAYER_KEYS:
        return None
    hand = quick_tiles(value.get("hand"), 18)
    melds = value.get("melds", ())
    if hand is None or type(melds) not in (list, tuple) or len(melds) > 4:
        return None
    loaded = tuple(quick_meld(m) for m in melds)
    if None in loaded:
        return None
    discards = quick_tiles(value["discards"], 40) if "discards" in value else ()
    dealt = value.get("dealt")
    if discards is None or (dealt is not None and (dealt := quick_tiles(dealt, 18)) is None):
        return None
    return model.PlayerTiles(hand, loaded, discards, dealt, None)


class ResultSchema(Schema):
    winners = fields.List(Seat(), required=True, validate=validate.Length(max=4),
                          metadata={"description": "Winning seats; [] is a drawn round."})
    win_tile = Tile(load_default=None, allow_none=True)
    win_type = _win_type_field()
    discarder = Seat(load_default=None, allow_none=True, metadata={
        "description": "Who discarded the winning tile, or whose added kong was robbed."})
    flags = _flags_field()

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> model.Result:
        return model.Result(tuple(data.pop("winners")), **data)


class EventSchema(Schema):
    type = fields.String(required=True, validate=_one_of(("follow_dealer", "false_win")))
    rounds = StrictInt(load_default=1, validate=validate.Range(min=1, max=100))
    seat = Seat(load_default=None, allow_none=True)

    @validates_schema
    def seat_for_false_win(self, data: dict[str, Any], **_: Any) -> None:
        if data.get("type") == "false_win" and data.get("seat") is None:
            raise ValidationError(Message("required for a false_win event: the seat that "
                                          "claimed a win falsely (诈胡)", FIELD_REQUIRED), "seat")

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> model.Event:
        return model.Event(**data)


_FOUR_PLAYERS = Message("exactly 4 players, by seat", FIELD_WRONG_LENGTH)


def _players_field() -> fields.List:
    return Shortcut(PlayerSchema, quick_player, many=True, required=True,
                       validate=validate.Length(equal=4, error=_FOUR_PLAYERS))


def _events_field() -> fields.List:
    return fields.Nested(EventSchema, many=True, load_default=list,
                       validate=validate.Length(max=16))


def _horses_field() -> Tiles:
    return Tiles(maximum=30, load_default=tuple, error_messages={
        "too_many": Message("at most {maximum} horses (奖马) can be flipped (seed 003: "
                            "最多可以買30個馬), got {count}; send the tiles actually flipped, 0-30",
                            TILE_TOO_MANY)},
        metadata={"description": "qinzhou: the flipped 奖马 tiles (0-30)."})


class SettleSchema(Schema):
    variant = _variant_field()
    dealer = Seat(required=True, metadata={"description": "The dealer's seat (East)."})
    players = _players_field()
    jing = _jing_field()
    result = fields.Nested(ResultSchema, required=True)
    events = _events_field()
    horses = _horses_field()
    round_wind = Tile(load_default=None, allow_none=True)
    rules = _rules_field()

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> model.SettleRequest:
        data["players"] = tuple(data["players"])
        data["events"] = tuple(data["events"])
        return model.SettleRequest(**data)


class MatchRoundSchema(Schema):
    """One round of a match: a /settle body without ``variant`` and ``rules`` (the match's),
    whose ``dealer``, ``round_wind`` and ``jing.previous_indicator`` the match derives."""

    dealer = Seat(load_default=None, allow_none=True, metadata={
        "description": "Derived by the match's rotation when left out; a seat other than "
                       "the rotation's is a 422."})
    players = _players_field()
    jing = _jing_field(metadata={
        "description": "nanchang: `previous_indicator` is derived (the round before's "
                       "`indicator`, 回头一笑) when left out; another tile is a 422."})
    result = fields.Nested(ResultSchema, required=True)
    events = _events_field()
    horses = _horses_field()
    round_wind = Tile(load_default=None, allow_none=True, metadata={
        "description": "guangdong: derived when left out; another wind is a 422."})

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> model.MatchRound:
        return model.MatchRound(tuple(data["players"]), data["result"], data["jing"],
                                tuple(data["events"]), data["horses"], data["dealer"],
                                data["round_wind"])


class MatchSchema(Schema):
    variant = _variant_field()
    rules = _rules_field()
    dealer = Seat(required=True, metadata={"description": "The first round's dealer."})
    round_wind = Tile(load_default=None, allow_none=True, metadata={
        "description": "The first round's round wind (default E); guangdong turns it."})
    rounds = fields.List(
        fields.Nested(MatchRoundSchema), required=True,
        validate=validate.Length(min=1, max=MAX_ROUNDS, error=Message(
            "a match holds 1 to {max} rounds (a full game: 4 winds × 16 hands, "
            "streaks included); send a longer game as several matches, each starting "
            "where the last ended (dealer, round_wind, rules.floor, the first round's "
            "jing.previous_indicator)", FIELD_WRONG_LENGTH)),
        metadata={"description": f"The rounds in play order (1 to {MAX_ROUNDS})."})

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> model.MatchRequest:
        return model.MatchRequest(data["variant"], data["dealer"], tuple(data["rounds"]),
                                  data["round_wind"], data["rules"])


class JingRequestSchema(Schema):
    variant = _variant_field()
    indicator = Tile(required=True)
    lower_indicator = Tile(load_default=None, allow_none=True)
    previous_indicator = Tile(load_default=None, allow_none=True)
    previous_lower_indicator = Tile(load_default=None, allow_none=True, metadata={
        "description": "nanchang 回头上下翻: last round's 下精."})
    players = Shortcut(PlayerSchema, quick_player, many=True, load_default=None, allow_none=True,
                          validate=validate.Length(equal=4, error=_FOUR_PLAYERS))
    dealer = Seat(load_default=None, allow_none=True)
    rules = _rules_field()

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> model.JingRequest:
        jing = model.Jing(data["indicator"], data["lower_indicator"],
                          data["previous_indicator"], data["previous_lower_indicator"])
        players = tuple(data["players"]) if data["players"] is not None else None
        return model.JingRequest(data["variant"], jing, players, data["dealer"], data["rules"])
