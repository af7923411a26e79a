"""Request bodies (API.md) → the domain's request dataclasses.

Unknown fields are rejected (marshmallow's default, RAISE), so a typo never silently changes
a score. Only shape and type are checked here; the rules themselves (相公, five copies,
honour chows, …) are checked by the domain, which knows the variant.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, ClassVar

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
from rules import matches, model, play
from rules.error_codes import (
    FIELD_NOT_ALLOWED_VALUE,
    FIELD_NOT_USED,
    FIELD_REQUIRED,
    FIELD_WRONG_LENGTH,
    FIELD_WRONG_TYPE,
    TILE_TOO_MANY,
    VARIANT_UNKNOWN,
)
from rules.matches import MAX_ROUNDS
from rules.review import ReviewRequest
from rules.tiles import code
from rules.variants import NAMES

_one_of = validate.OneOf
# /advise's inputs of the expected-value model (API.md "Expected value")
EXPECTED_INPUTS = ("objective", "draws_left", "changes")


def _variant_field() -> fields.String:
    return fields.String(required=True, validate=_one_of(
        NAMES, error=Message("unknown variant {input!r}; use one of {choices}", VARIANT_UNKNOWN)),
        metadata={"description": "The rule set to score with.", "example": "xingguo"})


def _rules_field() -> fields.Dict:
    return fields.Dict(keys=fields.String(validate=validate.Length(max=64)), load_default=dict,
                       metadata={"description": "Rule options of the variant; see "
                                 "GET /variants for names, types and defaults."})


class QuickSchema(Schema):
    """A schema whose usual body is loaded by a plain function, as :class:`Shortcut` does
    for a nested field: ``quick(data)`` builds the domain object of a body it can vouch for
    (every key known, every value in its usual form), else answers None and the schema
    loads the body itself, so every error, message and field path is still marshmallow's.
    Loading a /settle body field by field through marshmallow cost a fifth of the request
    in process (issue 30); tests/api/test_shortcuts.py holds each ``quick`` to its schema."""

    quick: ClassVar[Callable[[Any], Any]]

    def load(self, data: Any, *, many: bool | None = None, partial: Any = None,
             unknown: str | None = None) -> Any:
        if Shortcut.enabled and many is None and partial is None and unknown is None \
                and not self.many:
            loaded = type(self).quick(data)
            if loaded is not None:
                return loaded
        return super().load(data, many=many, partial=partial, unknown=unknown)


class _Unvouched(Exception):
    """Raised inside a body's quick loader at the first value it cannot vouch for."""


def _known(value: Any, keys: frozenset[str]) -> dict[str, Any]:
    """``value`` itself when it is an object of ``keys`` only."""
    if type(value) is not dict or not value.keys() <= keys:
        raise _Unvouched
    return value


def _variant(value: Any) -> str:
    if type(value) is not str or value not in NAMES:
        raise _Unvouched
    return value


def _seat(value: Any, optional: bool = False) -> int | None:
    if (value is None and optional) or quick_seat(value):
        return value
    raise _Unvouched


def _tile(value: Any) -> int | None:
    """An optional tile (null or left out: None)."""
    if value is None:
        return None
    tile = quick_tile(value)
    if tile is None:
        raise _Unvouched
    return tile


def _tiles(value: Any, maximum: int) -> tuple[int, ...]:
    """Tiles as a compact string, or as an array of one tile an item (:class:`Tiles`)."""
    if type(value) is list and len(value) <= maximum:
        parsed = tuple(quick_tile(item) for item in value)
        if None not in parsed:
            return parsed  # type: ignore[return-value]
        raise _Unvouched
    parsed_string = quick_tiles(value, maximum)
    if parsed_string is None:
        raise _Unvouched
    return parsed_string


def _flag(value: Any, optional: bool = False) -> bool | None:
    if type(value) is bool or (value is None and optional):
        return value
    raise _Unvouched


def _one_of_or_none(value: Any, choices: tuple[str, ...]) -> str | None:
    if value is None or (type(value) is str and value in choices):
        return value
    raise _Unvouched


def _rules(value: Any) -> dict[str, Any]:
    """What :func:`_rules_field` loads: an object whose names are at most 64 characters."""
    if type(value) is not dict or not all(type(k) is str and len(k) <= 64 for k in value):
        raise _Unvouched
    return dict(value)


def _each(value: Any, quick: Callable[[Any], Any], most: int, least: int = 0) -> tuple:
    """A list of ``least`` to ``most`` items, each loaded by ``quick``."""
    if type(value) is not list or not least <= len(value) <= most:
        raise _Unvouched
    loaded = _loaded(value, quick)
    if loaded is None:
        raise _Unvouched
    return loaded


def _loaded(items: Any, quick: Callable[[Any], Any]) -> tuple | None:
    """Each item loaded by ``quick``; None as soon as one is not. (Asked with ``is None``:
    ``None in`` the loaded tuple would call each domain object's dataclass ``__eq__``.)"""
    out = []
    for item in items:
        one = quick(item)
        if one is None:
            return None
        out.append(one)
    return tuple(out)


def vouched(load: Callable[[dict[str, Any]], Any]) -> Callable[[Any], Any]:
    """A body's quick loader: ``load`` raising :class:`_Unvouched` becomes None."""
    def quick(data: Any) -> Any:
        try:
            return load(data)
        except _Unvouched:
            return None

    quick.__doc__ = load.__doc__
    return quick


class MeldSchema(Schema):
    # A meld written as a bare string ("123m") is the usual slip: say what a meld looks like.
    error_messages: ClassVar[dict[str, Any]] = {"type": Message(
        "expected a meld as an object, e.g. {\"type\": \"chow\", \"tiles\": \"123m\"} "
        "(type: chow, pung, kong, added_kong or concealed_kong)", FIELD_WRONG_TYPE)}

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
    get = value.get
    kind, tiles, source = get("type"), get("tiles"), get("from")
    claimed, order = get("claimed"), get("claim_order")
    if (type(kind) is not str or type(tiles) is not str
            or not (source is None or quick_seat(source))
            or not (claimed is None or type(claimed) is str)
            or not (order is None or (type(order) is int and order >= 0))):
        return None
    return _meld(kind, tiles, source, claimed, order)


@lru_cache(maxsize=1 << 12)
def _meld(kind: str, tiles: str, source: int | None, claimed: str | None,
          order: int | None) -> model.Meld | None:
    """A meld of :func:`quick_meld`, built once: the same melds come back in request after
    request (a pung of 东 claimed from seat 1), and a Meld is frozen, so one can be shared.
    Every argument is a string, an int that is not a bool (True would pass for 1 in the
    cache's key) or None."""
    parsed = quick_tiles(tiles, 4)
    if kind not in _MELD_KINDS or parsed is None:
        return None
    tile = None if claimed is None else quick_tile(claimed)
    if claimed is not None and tile is None:
        return None
    return model.Meld(kind, parsed, source, tile, order)


class JingSchema(Schema):
    error_messages: ClassVar[dict[str, Any]] = {"type": Message(
        "expected jing as an object, e.g. {\"indicator\": \"5m\"}", FIELD_WRONG_TYPE)}
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
    error_messages: ClassVar[dict[str, Any]] = {"type": Message(
        "expected flags as an object of true/false values, e.g. {\"last_tile\": true}",
        FIELD_WRONG_TYPE)}
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


def _is_dealer_field() -> fields.Boolean:
    return StrictBool(load_default=None, allow_none=True, metadata={
        "description": "The same as `dealer` here (the hand's owner is the dealer, 庄家), "
                       "under a name no one reads as a seat: in /settle and /match `dealer` "
                       "is a seat number. Give either; given both, they must agree."})


def _same_as(original: Any, data: dict[str, Any], name: str, alias: str) -> None:
    """``alias`` given beside ``name`` must say the same (both as loaded)."""
    if isinstance(original, dict) and name in original and alias in original \
            and data.get(alias) is not None and data.get(alias) != data.get(name):
        raise ValidationError(Message("{alias} says {said} but {name} says {other}: they are "
                                      "the same field; send one of them", FIELD_NOT_ALLOWED_VALUE,
                                      params={"alias": alias, "name": name,
                                              "said": _json(data.get(alias)),
                                              "other": _json(data.get(name))}), alias)


def _json(value: Any) -> str:
    return "true" if value is True else "false" if value is False else str(value)


def _take_is_dealer(data: dict[str, Any]) -> None:
    """``is_dealer``, where given, is ``dealer``."""
    said = data.pop("is_dealer", None)
    if said is not None:
        data["dealer"] = said


def _win_type_field() -> fields.String:
    return fields.String(load_default=None, allow_none=True, validate=_one_of(model.WIN_TYPES))


class EvaluateSchema(QuickSchema):
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
    is_dealer = _is_dealer_field()
    discarder_is_dealer = StrictBool(load_default=None, allow_none=True, metadata={
        "description": "xingguo, nanchang: on a discard win by a non-dealer, whether the "
                       "discarder is the dealer (庄家点闲家) or not (闲家点闲家, assumed when "
                       "left out); it decides who pays double."})
    seat_wind = Tile(load_default=None, allow_none=True)
    round_wind = Tile(load_default=None, allow_none=True)
    jing = _jing_field()
    flags = _flags_field()
    rules = _rules_field()

    @validates_schema(pass_original=True)
    def is_dealer_agrees(self, data: dict[str, Any], original: Any, **_: Any) -> None:
        _same_as(original, data, "dealer", "is_dealer")

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> model.EvaluateRequest:
        _take_is_dealer(data)
        hand = model.PlayerTiles(data.pop("hand"), tuple(data.pop("melds")))
        return model.EvaluateRequest(hand=hand, **data)

    @staticmethod
    def quick(data: Any) -> model.EvaluateRequest | None:
        return quick_evaluate(data)


class AdviseSchema(QuickSchema):
    variant = fields.String(load_default=None, validate=_one_of(
        NAMES, error=Message("unknown variant {input!r}; use one of {choices}", VARIANT_UNKNOWN)),
        metadata={"description": "The rule set to score with (log mode: the log's; given, it "
                                 "must be the same).", "example": "xingguo"})
    hand = Tiles(load_default=None, metadata={
        "description": "Concealed tiles: 14 (+1 per kong), a hand that must discard, gets one "
                       "entry per distinct discard; 13 (+1 per kong), a hand that has just "
                       "discarded, gets its shanten and 进张. Required unless `log` is given."})
    log = fields.Nested(lambda: ReplaySchema(), load_default=None, metadata={
        "description": "Log mode: a POST /replay body whose round is in progress; the answer "
                       "values each legal action of `seat` now (instead of hand, melds and "
                       "visible: the seat's tiles and what it sees come from the log)."})
    seat = Seat(load_default=None, metadata={
        "description": "Log mode: the seat (0-3) to advise."})
    melds = Shortcut(MeldSchema, quick_meld, many=True, load_default=list,
                        validate=validate.Length(max=4))
    visible = Tiles(maximum=136, load_default=tuple, metadata={
        "description": "Every tile the player sees elsewhere (all discards, the other "
                       "players' melds, a flipped indicator that stays in the wall), so that "
                       "the copies left are true. xingguo's indicator, out of play, is "
                       "counted without being listed."})
    dealer = StrictBool(load_default=False,
                        metadata={"description": "The hand's owner is the dealer (庄家)."})
    is_dealer = _is_dealer_field()
    discarder_is_dealer = StrictBool(load_default=None, allow_none=True, metadata={
        "description": "How a wait's win on a discard (on_discard) is valued, as in "
                       "/evaluate: xingguo, nanchang, for a non-dealer, whether the discarder "
                       "is the dealer (庄家点闲家) or not (闲家点闲家, assumed when left out)."})
    seat_wind = Tile(load_default=None, allow_none=True)
    round_wind = Tile(load_default=None, allow_none=True)
    jing = _jing_field()
    rules = _rules_field()
    expected = StrictBool(load_default=False, metadata={
        "description": "Also each discard's (or the 13-tile hand's) win_probability and "
                       "expected_score under the self-draw model (docs/advice.md, 'Expected "
                       "value'), the discards ordered by the objective."})
    objective = fields.String(load_default=None, validate=_one_of(model.OBJECTIVES), metadata={
        "description": "With expected: what ranks the discards and picks best: score (the "
                       "default) or win (the chance to win)."})
    draws_left = StrictInt(load_default=None, validate=validate.Range(min=0, max=40),
                           metadata={"description": "With expected: the seat's own draws "
                                                    "still to come (default 18)."})
    changes = StrictInt(load_default=None, validate=_one_of((0, 1)), metadata={
        "description": "With expected: the model's budget of hand changes (0 or 1); left out, "
                       "the service's choice, said in the answer's expected.changes."})

    @validates_schema(pass_original=True)
    def is_dealer_agrees(self, data: dict[str, Any], original: Any, **_: Any) -> None:
        _same_as(original, data, "dealer", "is_dealer")

    @validates_schema(pass_original=True)
    def one_mode(self, data: dict[str, Any], original: Any, **_: Any) -> None:
        """A hand (hand mode) or a log and a seat (log mode), not both; log mode is the
        expected-value model's (``expected`` true, its default there)."""
        logged = data.get("log") is not None
        given = original if isinstance(original, dict) else {}
        errors: dict[str, list[Message]] = {}
        if logged:
            for name in ("hand", "melds", "visible"):
                if name in given:
                    errors[name] = [Message("log mode reads the seat's tiles and what it sees "
                                            "from 'log': leave this out", FIELD_NOT_USED)]
            if data.get("seat") is None:
                errors["seat"] = [Message("required with 'log': the seat (0-3) to advise",
                                          FIELD_REQUIRED)]
            if given.get("expected") is False:
                errors["expected"] = [Message("log mode values each action by the "
                                              "expected-value model: leave this out or true",
                                              FIELD_NOT_USED)]
            if data.get("variant") not in (None, data["log"].variant):
                errors["variant"] = [Message("the log is {log}: leave 'variant' out or give "
                                             "the same", FIELD_NOT_USED,
                                             params={"log": data["log"].variant})]
        else:
            if data.get("hand") is None:
                errors["hand"] = [Message("required: the concealed tiles (or, in log mode, "
                                          "'log' and 'seat')", FIELD_REQUIRED)]
            if data.get("variant") is None:
                errors["variant"] = [Message("Missing data for required field.",
                                             FIELD_REQUIRED)]
            if data.get("seat") is not None:
                errors["seat"] = [Message("only with 'log' (log mode)", FIELD_NOT_USED)]
            if not data.get("expected"):
                errors.update({name: [Message("only with 'expected': true (the "
                                              "expected-value model's input)", FIELD_NOT_USED)]
                               for name in EXPECTED_INPUTS if data.get(name) is not None})
        if errors:
            raise ValidationError(errors)

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> model.AdviseRequest:
        _take_is_dealer(data)
        log = data.get("log")
        if log is not None:
            data["variant"] = log.variant
            data["expected"] = True
        hand = model.PlayerTiles(data.pop("hand") or (), tuple(data.pop("melds")))
        asked = {name: data.pop(name) for name in EXPECTED_INPUTS}
        if data.pop("expected"):
            data["expected"] = model.ExpectedAsk(
                asked["draws_left"], asked["changes"], asked["objective"] or model.SCORE)
        return model.AdviseRequest(hand=hand, **data)

    @staticmethod
    def quick(data: Any) -> model.AdviseRequest | None:
        return quick_advise(data)


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
    loaded = _loaded(melds, quick_meld)
    if loaded is None:
        return None
    discards = quick_tiles(value["discards"], 40) if "discards" in value else ()
    dealt = value.get("dealt")
    if discards is None or (dealt is not None and (dealt := quick_tiles(dealt, 18)) is None):
        return None
    return model.PlayerTiles(hand, loaded, discards, dealt, None)


class ResultSchema(QuickSchema):
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

    @staticmethod
    def quick(data: Any) -> model.Result | None:
        return quick_result(data)


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


# Events of one round: one 跟庄 count, and each 诈胡 (a replayed log's settle request lists
# every 诈胡 of the round, and a round has at most MAX_ACTIONS actions).
MAX_EVENTS = 600


def _events_field() -> fields.List:
    return fields.Nested(EventSchema, many=True, load_default=list,
                         validate=validate.Length(max=MAX_EVENTS))


def _horses_field() -> Tiles:
    return Tiles(maximum=30, load_default=tuple, error_messages={
        "too_many": Message("at most {maximum} horses (奖马) can be flipped (seed 003: "
                            "最多可以買30個馬), got {count}; send the tiles actually flipped, 0-30",
                            TILE_TOO_MANY)},
        metadata={"description": "qinzhou: the flipped 奖马 tiles (0-30)."})


class SettleSchema(QuickSchema):
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

    @staticmethod
    def quick(data: Any) -> model.SettleRequest | None:
        return quick_settle(data)


# -------------------------------------------------------- round logs (POST /replay, /match)

MAX_ACTIONS = 600  # a round: at most 83 draws and their discards, claims, kongs, wins
MAX_WALL = 136 - 53  # the tiles left to draw after a deal


class ActionSchema(Schema):
    """One action of a round's log (API.md "POST /replay")."""

    seat = Seat(required=True, metadata={"description": "The seat that acts."})
    type = fields.String(required=True, validate=_one_of(play.ACTION_TYPES), metadata={
        "description": "draw (a kong's replacement too), discard, chow, pung, kong (of the "
                       "last discard), added_kong, concealed_kong, win."})
    tile = Tile(load_default=None, allow_none=True, metadata={
        "description": "The tile: of a discard and of a kong from hand (required); of a draw "
                       "(optional when `wall` is given, else required); of a pung, kong or "
                       "win (optional: the tile offered)."})
    tiles = Tiles(maximum=3, load_default=None, allow_none=True, metadata={
        "description": "A chow's three tiles, the claimed discard among them (chow only)."})

    @validates_schema
    def tiles_for_chow(self, data: dict[str, Any], **_: Any) -> None:
        if data.get("type") == "chow" and data.get("tiles") is None:
            raise ValidationError(Message("required for a chow: its three tiles, the discard "
                                          "among them", FIELD_REQUIRED), "tiles")
        if data.get("type") not in (None, "chow") and data.get("tiles") is not None:
            raise ValidationError(Message("only a chow names three tiles; use 'tile'",
                                          FIELD_NOT_USED), "tiles")

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> play.Action:
        tiles = data["tiles"]
        return play.Action(data["seat"], data["type"], data["tile"],
                           None if tiles is None else tuple(tiles))


_ACTION_KEYS = frozenset({"seat", "type", "tile", "tiles"})
_ACTION_TYPES = frozenset(play.ACTION_TYPES)


def quick_action(value: Any) -> play.Action | None:
    """:class:`ActionSchema`'s answer for an action written the usual way (its tiles as
    strings), else None: the schema then loads it."""
    if type(value) is not dict or not value.keys() <= _ACTION_KEYS:
        return None
    get = value.get
    seat, kind, tile, tiles = get("seat"), get("type"), get("tile"), get("tiles")
    if not quick_seat(seat) or type(kind) is not str or kind not in _ACTION_TYPES:
        return None
    if tile is not None and (tile := quick_tile(tile)) is None:
        return None
    if (kind == "chow") != (tiles is not None):
        return None
    if tiles is not None and (tiles := quick_tiles(tiles, 3)) is None:
        return None
    return play.Action(seat, kind, tile, tiles)


def _deal_field() -> fields.List:
    return fields.List(Tiles(maximum=14), required=True,
                       validate=validate.Length(equal=4, error=_FOUR_HANDS), metadata={
        "description": "The tiles dealt, by seat: the dealer's 14, the others' 13."})


_FOUR_HANDS = Message("exactly 4 hands, by seat", FIELD_WRONG_LENGTH)


class RoundLogSchema(Schema):
    """What a round's log holds (/replay, and a /match round given as a log)."""

    deal = _deal_field()
    wall = Tiles(maximum=MAX_WALL, load_default=None, allow_none=True, metadata={
        "description": "The tiles still to draw after the deal, in order: an ordinary draw "
                       "takes the first left, a kong's replacement the last. Every draw is "
                       "checked against it; the last tile, a drawn round and qinzhou's horses "
                       "come from it. Give it or `wall_size`."})
    wall_size = StrictInt(load_default=None, allow_none=True,
                          validate=validate.Range(min=0, max=MAX_WALL), metadata={
        "description": "Without `wall`: how many tiles can be drawn after the deal (the last "
                       "tile and a drawn round are read from it)."})
    horses = Tiles(maximum=30, load_default=None, allow_none=True, metadata={
        "description": "qinzhou, without `wall`: the 奖马 tiles flipped after the win."})
    actions = fields.List(fields.Nested(ActionSchema), required=True,
                          validate=validate.Length(max=MAX_ACTIONS), metadata={
        "description": f"The round in play order (at most {MAX_ACTIONS})."})


class MatchRoundSchema(RoundLogSchema, QuickSchema):
    """One round of a match: a /settle body without ``variant`` and ``rules`` (the match's),
    whose ``dealer``, ``round_wind`` and ``jing.previous_indicator`` the match derives; or
    the round's log (the /replay form: ``deal``, ``actions``, ``wall`` or ``wall_size``),
    which the match replays."""

    dealer = Seat(load_default=None, allow_none=True, metadata={
        "description": "Derived by the match's rotation when left out; a seat other than "
                       "the rotation's is a 422."})
    players = Shortcut(PlayerSchema, quick_player, many=True,
                       validate=validate.Length(equal=4, error=_FOUR_PLAYERS), metadata={
        "description": "A settled round: as /settle takes them (with `result`)."})
    jing = _jing_field(metadata={
        "description": "nanchang: `previous_indicator` is derived (the round before's "
                       "`indicator`, 回头一笑) when left out; another tile is a 422."})
    result = fields.Nested(ResultSchema, metadata={
        "description": "A settled round: as /settle takes it (with `players`)."})
    events = _events_field()
    horses = Tiles(maximum=30, load_default=None, allow_none=True, error_messages={
        "too_many": Message("at most {maximum} horses (奖马) can be flipped (seed 003: "
                            "最多可以買30個馬), got {count}; send the tiles actually flipped, 0-30",
                            TILE_TOO_MANY)},
        metadata={"description": "qinzhou: the flipped 奖马 tiles (0-30); a log with `wall` "
                                 "takes them from it."})
    round_wind = Tile(load_default=None, allow_none=True, metadata={
        "description": "guangdong: derived when left out; another wind is a 422."})
    deal = fields.List(Tiles(maximum=14),
                       validate=validate.Length(equal=4, error=_FOUR_HANDS), metadata={
        "description": "A logged round: the tiles dealt, by seat (the derived dealer's 14, "
                       "the others' 13)."})
    actions = fields.List(fields.Nested(ActionSchema),
                          validate=validate.Length(max=MAX_ACTIONS), metadata={
        "description": "A logged round: its actions in play order (as /replay takes them)."})

    @validates_schema
    def one_form(self, data: dict[str, Any], **_: Any) -> None:
        """A round is settled (players + result) or logged (deal + actions), not both."""
        logged = data.get("deal") is not None or data.get("actions") is not None
        settled = data.get("players") is not None or data.get("result") is not None
        if logged and settled:
            raise ValidationError(Message("a round is either settled (players and result) "
                                          "or logged (deal and actions), not both",
                                          FIELD_NOT_USED), "deal")
        need = ("deal", "actions") if logged else ("players", "result")
        missing = {name: [Message("required: a round gives players and result (settled) "
                                  "or deal and actions (logged)", FIELD_REQUIRED)]
                   for name in need if data.get(name) is None}
        if logged and data.get("events"):
            missing["events"] = [Message("a logged round's events (跟庄, 诈胡) come from its "
                                         "log: leave them out", FIELD_NOT_USED)]
        if missing:
            raise ValidationError(missing)

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> matches.MatchRound:
        if data.get("deal") is not None:
            log = play.RoundLog(tuple(tuple(d) for d in data["deal"]), tuple(data["actions"]),
                                _tuple(data["wall"]), data["wall_size"], _tuple(data["horses"]))
            return matches.MatchRound((), model.Result(), data["jing"], (), (), data["dealer"],
                                    data["round_wind"], log)
        return matches.MatchRound(tuple(data["players"]), data["result"], data["jing"],
                                tuple(data["events"]), data["horses"] or (), data["dealer"],
                                data["round_wind"])

    @staticmethod
    def quick(data: Any) -> matches.MatchRound | None:
        return quick_round(data)


class MatchSchema(QuickSchema):
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
    def make(self, data: dict[str, Any], **_: Any) -> matches.MatchRequest:
        return matches.MatchRequest(data["variant"], data["dealer"], tuple(data["rounds"]),
                                  data["round_wind"], data["rules"])

    @staticmethod
    def quick(data: Any) -> matches.MatchRequest | None:
        return quick_match(data)


_JING_FIELDS = ("indicator", "lower_indicator", "previous_indicator", "previous_lower_indicator")


class JingRequestSchema(Schema):
    variant = _variant_field()
    indicator = Tile(load_default=None, allow_none=True, metadata={
        "description": "The flipped tile (上精). Required here or as `jing.indicator`."})
    lower_indicator = Tile(load_default=None, allow_none=True)
    previous_indicator = Tile(load_default=None, allow_none=True)
    previous_lower_indicator = Tile(load_default=None, allow_none=True, metadata={
        "description": "nanchang 回头上下翻: last round's 下精."})
    jing = Shortcut(JingSchema, quick_jing, load_default=None, allow_none=True, metadata={
        "description": "The same four fields as one object, as /evaluate, /settle and /advise "
                       "take them (`{\"indicator\": \"5m\"}`). Give the fields at the top or "
                       "here; a field given in both places must say the same."})
    players = Shortcut(PlayerSchema, quick_player, many=True, load_default=None, allow_none=True,
                          validate=validate.Length(equal=4, error=_FOUR_PLAYERS))
    dealer = Seat(load_default=None, allow_none=True)
    rules = _rules_field()

    @validates_schema(pass_original=True)
    def one_jing(self, data: dict[str, Any], original: Any, **_: Any) -> None:
        """The top-level fields and ``jing`` agree, and one of them names the indicator."""
        inner = data.get("jing")
        given = original.get("jing") if isinstance(original, dict) else None
        errors: dict[str, Any] = {}
        for name in _JING_FIELDS:
            said = getattr(inner, name, None) if inner is not None else None
            if said is not None and data.get(name) is not None and said != data[name]:
                errors.setdefault("jing", {})[name] = [Message(
                    "jing.{name} says {said} but {name} says {other}: they are the same "
                    "field; send one of them", FIELD_NOT_ALLOWED_VALUE,
                    params={"name": name, "said": code(said), "other": code(data[name])})]
        if errors:
            raise ValidationError(errors)
        if data.get("indicator") is None and (inner is None or inner.indicator is None):
            missing = [Message("required: the flipped tile, as indicator or jing.indicator",
                               FIELD_REQUIRED)]
            raise ValidationError({"jing": {"indicator": missing}} if isinstance(given, dict)
                                  else {"indicator": missing})

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> model.JingRequest:
        inner = data.pop("jing", None)
        if inner is not None:
            for name in _JING_FIELDS:
                if data.get(name) is None:
                    data[name] = getattr(inner, name)
        jing = model.Jing(data["indicator"], data["lower_indicator"],
                          data["previous_indicator"], data["previous_lower_indicator"])
        players = tuple(data["players"]) if data["players"] is not None else None
        return model.JingRequest(data["variant"], jing, players, data["dealer"], data["rules"])


# ---------------------------------------------------------------------------- whole bodies

def _data_keys(schema: type[Schema]) -> frozenset[str]:
    """The keys a body of ``schema`` may hold (a field's data key where it has one)."""
    return frozenset(f.data_key or name for name, f in schema._declared_fields.items())


_EVALUATE_KEYS = _data_keys(EvaluateSchema)
_RESULT_KEYS = _data_keys(ResultSchema)
_EVENT_KEYS = _data_keys(EventSchema)
_SETTLE_KEYS = _data_keys(SettleSchema)
_ROUND_KEYS = _data_keys(MatchRoundSchema)
_MATCH_KEYS = _data_keys(MatchSchema)
_ADVISE_KEYS = _data_keys(AdviseSchema)
_EXPECTED_KEYS = frozenset({"expected", "log", "seat", *EXPECTED_INPUTS})
_EVENT_TYPES = ("follow_dealer", "false_win")


def _seat_or_none(value: Any) -> int | None:
    return value if quick_seat(value) else None


def _nested(value: Any, quick: Callable[[Any], Any]) -> Any:
    loaded = quick(value)
    if loaded is None:
        raise _Unvouched
    return loaded


# What a body that leaves them out holds: one shared value each (frozen, so nothing can
# change it), not eight setattrs for every result and round.
_NO_JING, _NO_FLAGS = model.Jing(), model.Flags()


def _jing(body: dict[str, Any]) -> model.Jing:
    return _nested(body["jing"], quick_jing) if "jing" in body else _NO_JING


def _flags(body: dict[str, Any]) -> model.Flags:
    return _nested(body["flags"], quick_flags) if "flags" in body else _NO_FLAGS


@vouched
def quick_evaluate(data: Any) -> model.EvaluateRequest:
    """:class:`EvaluateSchema`'s answer for a body written the usual way, else None."""
    body = _known(data, _EVALUATE_KEYS)
    if "is_dealer" in body:  # an alias: the schema checks it against dealer
        raise _Unvouched
    get = body.get
    hand = model.PlayerTiles(_tiles(get("hand"), 18), _each(get("melds", []), quick_meld, 4))
    return model.EvaluateRequest(
        _variant(get("variant")), hand, _tile(get("win_tile")),
        _one_of_or_none(get("win_type"), model.WIN_TYPES), _flag(get("dealer", False)),
        _flag(get("discarder_is_dealer"), optional=True), _tile(get("seat_wind")),
        _tile(get("round_wind")), _jing(body), _flags(body), _rules(get("rules", {})))


@vouched
def quick_advise(data: Any) -> model.AdviseRequest:
    """:class:`AdviseSchema`'s answer for a body written the usual way, else None."""
    body = _known(data, _ADVISE_KEYS)
    if "is_dealer" in body or not _EXPECTED_KEYS.isdisjoint(body):
        raise _Unvouched  # an alias the schema checks; the model's inputs, which it reads
    if "hand" not in body or "variant" not in body:
        raise _Unvouched  # log mode, or a body the schema names what it lacks
    get = body.get
    hand = model.PlayerTiles(_tiles(get("hand"), 18), _each(get("melds", []), quick_meld, 4))
    return model.AdviseRequest(
        _variant(get("variant")), hand, _jing(body),
        _tiles(body["visible"], 136) if "visible" in body else (),
        _flag(get("dealer", False)), _tile(get("seat_wind")), _tile(get("round_wind")),
        _rules(get("rules", {})), _flag(get("discarder_is_dealer"), optional=True))


@vouched
def quick_result(data: Any) -> model.Result:
    """:class:`ResultSchema`'s answer for a result written the usual way, else None."""
    body = _known(data, _RESULT_KEYS)
    get = body.get
    return model.Result(_each(get("winners"), _seat_or_none, 4), _tile(get("win_tile")),
                        _one_of_or_none(get("win_type"), model.WIN_TYPES),
                        _seat(get("discarder"), optional=True), _flags(body))


@vouched
def quick_event(data: Any) -> model.Event:
    """:class:`EventSchema`'s answer for an event it accepts, else None."""
    body = _known(data, _EVENT_KEYS)
    kind, rounds = body.get("type"), body.get("rounds", 1)
    seat = _seat(body.get("seat"), optional=True)
    if (type(kind) is not str or kind not in _EVENT_TYPES or type(rounds) is not int
            or not 1 <= rounds <= 100 or (kind == "false_win" and seat is None)):
        raise _Unvouched
    return model.Event(kind, rounds, seat)


def _round_parts(body: dict[str, Any]) -> tuple:
    """What a /settle body and a match's round share: players, result, jing, events,
    horses, round wind."""
    get = body.get
    return (_each(get("players"), quick_player, 4, 4), _nested(get("result"), quick_result),
            _jing(body), _each(get("events", []), quick_event, MAX_EVENTS),
            _tiles(body["horses"], 30) if "horses" in body else (), _tile(get("round_wind")))


@vouched
def quick_settle(data: Any) -> model.SettleRequest:
    """:class:`SettleSchema`'s answer for a body written the usual way, else None."""
    body = _known(data, _SETTLE_KEYS)
    players, result, jing, events, horses, wind = _round_parts(body)
    return model.SettleRequest(_variant(body.get("variant")), _seat(body.get("dealer")),
                               players, result, jing, events, horses, wind,
                               _rules(body.get("rules", {})))


@vouched
def quick_round(data: Any) -> matches.MatchRound:
    """:class:`MatchRoundSchema`'s answer for a round written the usual way, else None."""
    body = _known(data, _ROUND_KEYS)
    if "deal" in body or "actions" in body:
        return _quick_logged_round(body)
    if body.get("horses") is None and "horses" in body:
        raise _Unvouched
    players, result, jing, events, horses, wind = _round_parts(body)
    return matches.MatchRound(players, result, jing, events, horses,
                            _seat(body.get("dealer"), optional=True), wind)


def _quick_logged_round(body: dict[str, Any]) -> matches.MatchRound:
    if body.keys() & {"players", "result", "events"}:
        raise _Unvouched
    deal, actions, wall, size, horses = _log_parts(body)
    return matches.MatchRound((), model.Result(), _jing(body), (), (),
                            _seat(body.get("dealer"), optional=True), _tile(body.get("round_wind")),
                            play.RoundLog(deal, actions, wall, size, horses))


@vouched
def quick_match(data: Any) -> matches.MatchRequest:
    """:class:`MatchSchema`'s answer for a match written the usual way, else None."""
    body = _known(data, _MATCH_KEYS)
    get = body.get
    return matches.MatchRequest(_variant(get("variant")), _seat(get("dealer")),
                              _each(get("rounds"), quick_round, MAX_ROUNDS, 1),
                              _tile(get("round_wind")), _rules(get("rules", {})))


class ReplaySchema(RoundLogSchema, QuickSchema):
    variant = _variant_field()
    rules = _rules_field()
    dealer = Seat(required=True, metadata={"description": "The dealer's seat (East)."})
    round_wind = Tile(load_default=None, allow_none=True)
    jing = _jing_field()

    @post_load
    def make(self, data: dict[str, Any], **_: Any) -> play.ReplayRequest:
        return play.ReplayRequest(
            data["variant"], data["dealer"], tuple(tuple(d) for d in data["deal"]),
            tuple(data["actions"]), _tuple(data["wall"]), data["wall_size"], data["jing"],
            _tuple(data["horses"]), data["round_wind"], data["rules"])

    @staticmethod
    def quick(data: Any) -> play.ReplayRequest | None:
        return quick_replay(data)


def _tuple(tiles: Any) -> tuple[int, ...] | None:
    return None if tiles is None else tuple(tiles)


_REPLAY_KEYS = _data_keys(ReplaySchema)


def _optional_tiles(body: dict[str, Any], key: str, maximum: int) -> tuple[int, ...] | None:
    value = body.get(key)
    return None if value is None else _tiles(value, maximum)


def _log_parts(body: dict[str, Any]) -> tuple:
    """What a /replay body and a match's logged round share: the deal, the actions, the
    wall or its size, the horses."""
    get = body.get
    deal = get("deal")
    if type(deal) is not list or len(deal) != 4:
        raise _Unvouched
    size = get("wall_size")
    if size is not None and not (type(size) is int and 0 <= size <= MAX_WALL):
        raise _Unvouched
    return (tuple(_tiles(hand, 14) for hand in deal),
            _each(get("actions"), quick_action, MAX_ACTIONS),
            _optional_tiles(body, "wall", MAX_WALL), size,
            _optional_tiles(body, "horses", 30))


@vouched
def quick_replay(data: Any) -> play.ReplayRequest:
    """:class:`ReplaySchema`'s answer for a body written the usual way, else None."""
    body = _known(data, _REPLAY_KEYS)
    get = body.get
    deal, actions, wall, size, horses = _log_parts(body)
    return play.ReplayRequest(_variant(get("variant")), _seat(get("dealer")), deal, actions,
                              wall, size, _jing(body), horses, _tile(get("round_wind")),
                              _rules(get("rules", {})))


class ReviewSchema(ReplaySchema):
    """POST /review: a /replay body, and which seat (all four when left out), the model's
    budget of hand changes and objective (``draws_left`` is derived at each decision)."""

    seat = Seat(load_default=None, metadata={
        "description": "The seat to review (0-3); all four when left out."})
    objective = fields.String(load_default=None, validate=_one_of(model.OBJECTIVES), metadata={
        "description": "What ranks each decision's options: score (the default) or win."})
    changes = StrictInt(load_default=None, validate=_one_of((0, 1)), metadata={
        "description": "The model's budget of hand changes (0 or 1); left out, the service's "
                       "choice, said in the answer's expected.changes."})

    @post_load
    def make(self, data: dict[str, Any], **kwargs: Any) -> ReviewRequest:  # type: ignore[override]
        seat, objective, changes = data.pop("seat"), data.pop("objective"), data.pop("changes")
        log = ReplaySchema.make(self, data, **kwargs)
        seats = (0, 1, 2, 3) if seat is None else (seat,)
        return ReviewRequest(log, seats, changes, objective or model.SCORE)

    @staticmethod
    def quick(data: Any) -> None:
        return None  # the schema reads every review (a few a minute, each seconds of work)
