"""Reusable marshmallow fields: tiles in every notation, strict booleans and integers.

marshmallow's own Boolean accepts "yes" and 1, and its Integer accepts ``true`` (a bool is an
int in Python); a settlement service must not guess, so these fields take JSON's own types.
"""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields

from app.codes import SEAT_INVALID, Message
from rules import tiles
from rules.error_codes import FIELD_WRONG_TYPE, TILE_TOO_MANY
from rules.errors import TileError
from rules.text import msg


class Tiles(fields.Field):
    """Several tiles: a compact string (``"123m456pEE"``, Chinese names, Unicode tiles) or an
    array with one tile per item. Loads to a tuple of tile ids; dumps canonical codes."""

    default_error_messages = {
        "type": Message("expected tiles as a string (\"123m456pEE\") or an array of tile "
                        "codes", FIELD_WRONG_TYPE),
        "too_many": Message("at most {maximum} tiles here, got {count}", TILE_TOO_MANY),
    }

    def __init__(self, maximum: int = 18, **kwargs: Any):
        super().__init__(**kwargs)
        self.maximum = maximum

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any):
        if isinstance(value, str):
            if len(value) > self.maximum * 4 + 16:
                raise self.make_error("too_many", maximum=self.maximum,
                                      count=msg("{count} characters", count=len(value)))
            try:
                parsed = tiles.parse_tiles(value)
            except TileError as exc:
                raise ValidationError(tile_message(exc)) from None
        elif isinstance(value, list):
            if len(value) > self.maximum:
                raise self.make_error("too_many", maximum=self.maximum, count=len(value))
            parsed, errors = [], {}
            for i, item in enumerate(value):
                try:
                    parsed.append(tiles.parse_tile(item))
                except TileError as exc:
                    errors[i] = [tile_message(exc)]
            if errors:
                raise ValidationError(errors)
        else:
            raise self.make_error("type")
        if len(parsed) > self.maximum:
            raise self.make_error("too_many", maximum=self.maximum, count=len(parsed))
        return tuple(parsed)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any):
        return None if value is None else tiles.codes(value)


class Tile(fields.Field):
    """Exactly one tile, in any notation; dumps its canonical code."""

    default_error_messages = {"type": Message("expected one tile as a string, e.g. \"5m\" or "
                                              "\"E\"", FIELD_WRONG_TYPE)}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any):
        if not isinstance(value, str) or len(value) > 16:
            raise self.make_error("type")
        try:
            return tiles.parse_tile(value)
        except TileError as exc:
            raise ValidationError(tile_message(exc)) from None

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any):
        return None if value is None else tiles.code(value)


def tile_message(exc: TileError) -> Message:
    """A tile string's error as marshmallow's message, with its code and character index."""
    return Message(exc.message, exc.code, exc.index)


class TileCode(fields.Field):
    """One tile going out: its canonical code (``"5m"``, ``"E"``)."""

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any):
        return None if value is None else tiles.code(value)


def tile_codes(**kwargs: Any) -> fields.List:
    """Several tiles going out, as canonical codes."""
    return fields.List(TileCode(), **kwargs)


class StrictBool(fields.Boolean):
    default_error_messages = {"invalid": Message("must be true or false", FIELD_WRONG_TYPE)}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any):
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class StrictInt(fields.Integer):
    default_error_messages = {"invalid": Message("must be a whole number", FIELD_WRONG_TYPE)}

    def __init__(self, **kwargs: Any):
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any):
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.make_error("invalid")
        return int(value)  # all that marshmallow's strict Integer makes of a plain int


class Seat(StrictInt):
    """A seat number 0-3 (seat s+1 plays after seat s)."""

    default_error_messages = {"invalid": Message("must be a seat number 0-3", SEAT_INVALID),
                              "range": Message("must be a seat number 0-3", SEAT_INVALID)}
    lowest, highest = 0, 3

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any):
        seat = super()._deserialize(value, attr, data, **kwargs)
        if not self.lowest <= seat <= self.highest:
            raise self.make_error("range")
        return seat


class Shortcut(fields.Nested):
    """A nested schema whose common case is loaded by a plain function.

    ``quick(value)`` builds the domain object of a value it can vouch for, or answers None;
    anything it does not vouch for (a missing or unknown key, a wrong type, a bad tile) is
    loaded by the nested schema itself, so every error, message and field path is
    marshmallow's. The contract (openapi.yaml) is generated from the schema as for any
    ``Nested``. A test compares ``quick`` with the schema on simulated and mutated bodies.
    """

    enabled = True  # tests turn every shortcut off to compare with the schemas alone

    def __init__(self, nested: Any, quick: Any, **kwargs: Any):
        super().__init__(nested, **kwargs)
        self.quick = quick

    def _deserialize(self, value: Any, attr: str | None, data: Any, partial: Any = None,
                     **kwargs: Any):
        quick = self.quick
        if not Shortcut.enabled:
            pass
        elif not self.many:
            loaded = quick(value)
            if loaded is not None:
                return loaded
        elif type(value) is list:
            items = []
            for item in value:
                loaded = quick(item)
                if loaded is None:
                    break
                items.append(loaded)
            else:
                return items
        return super()._deserialize(value, attr, data, partial=partial, **kwargs)


def quick_tiles(value: Any, maximum: int) -> tuple[int, ...] | None:
    """What :class:`Tiles` loads from a compact string it accepts, else None."""
    if type(value) is not str or len(value) > maximum * 4 + 16:
        return None
    try:
        parsed = tiles.read_tiles(value)
    except TileError:
        return None
    return parsed if len(parsed) <= maximum else None


def quick_tile(value: Any) -> int | None:
    """What :class:`Tile` loads from a string it accepts, else None."""
    if type(value) is not str or len(value) > 16:
        return None
    try:
        return tiles.parse_tile(value)
    except TileError:
        return None


def quick_seat(value: Any) -> bool:
    """Is ``value`` what :class:`Seat` accepts as it is (an int 0-3, not a bool)?"""
    return type(value) is int and 0 <= value <= 3
