"""The request and response schemas, walked once into plain functions for the hot path.

Profiles of /settle and /evaluate under gunicorn showed marshmallow's machinery (error
stores, hook lookups, ``Nested`` and ``List`` wrappers, one call chain per field) taking
most of a request: more than the scoring itself. The schemas stay the single source of the
contract and of every error message; this module only reads their fields once and calls
the same field objects, without the per-call machinery. Each schema's load and dump is
written out as the source of one Python function (kept as ``.source`` on it, and shown in
the docstrings of :func:`_compiled_loader` and :func:`_compiled_dumper`): straight-line
code beats a loop over per-field closures (a /settle answer dumps in 28 us instead of 42,
its body loads in 77 us instead of 86), and testing each field's common case first (the
type it keeps, a meld string seen before) loads it in 30 us instead of 41 (another day's
machine: the ratios are what carry over).

* :class:`FastLoader` handles a body that loads cleanly. At the first sign of trouble
  (an unknown key, a missing required field, any ``ValidationError``, anything unusual) it
  gives up and calls the schema's own ``load``, so every error answer (422 with the field
  paths and messages) is produced by marshmallow itself, unchanged.
* :class:`FastDumper` produces exactly what ``schema.dump`` produces (the tests compare the
  two on simulated rounds of every variant).

A schema with hooks this module does not mirror (pre_load, field or schema validators,
pre/post dump) is not walked: its own ``load``/``dump`` is used for that part.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from marshmallow import RAISE, Schema, fields, missing, validate
from marshmallow.decorators import (
    POST_DUMP,
    POST_LOAD,
    PRE_DUMP,
    PRE_LOAD,
    VALIDATES,
    VALIDATES_SCHEMA,
)

from app.schemas.fields import Seat, StrictBool, StrictInt, Tile, TileCode, Tiles
from rules.tiles import NUM_KINDS

Loader = Callable[[Any], Any]
Dumper = Callable[[Any], Any]


class _GiveUp(Exception):
    """The fast path cannot vouch for this input: let marshmallow decide."""


# ---------------------------------------------------------------------------- loading

class FastLoader:
    """``load`` with the schema's result, fast for a valid body (see the module doc)."""

    def __init__(self, schema: Schema):
        self.schema = schema
        self._load = _schema_loader(schema)

    def load(self, data: Any) -> Any:
        try:
            return self._load(data)
        except Exception:  # any doubt: marshmallow's own answer, errors included
            return self.schema.load(data)


def _schema_loader(schema: Schema) -> Loader:
    hooks = schema._hooks  # marshmallow's resolved hook table (pinned version)
    if (schema.many or schema.partial or schema.unknown != RAISE
            or hooks[PRE_LOAD] or hooks[VALIDATES] or hooks[VALIDATES_SCHEMA]
            or any(f.attribute for f in schema.load_fields.values())
            or any(many or kw.get("pass_original") for _, many, kw in hooks[POST_LOAD])):
        return _whole(schema)
    return _compiled_loader(schema, [getattr(schema, name) for name, _, _ in hooks[POST_LOAD]])


def _compiled_loader(schema: Schema, post: list[Callable]) -> Loader:
    """The schema's load for a valid body, written out as one function. Each field first
    tries its common case: a value of the very type the field keeps as it is (a String's
    str, a StrictBool's bool, a StrictInt's int, a Seat's int within 0-3), a tile string
    (read once per distinct string, see :func:`_text_loader`), a Nested's dict or a List's
    list (walked the same way), then the field's validators (a validator whose answer is
    obvious, such as a OneOf of strings, is only called when the value fails the obvious
    test, for its error). Otherwise a missing key is the declared default (``load_default``,
    called when callable; left out when there is none), None is None where allowed, any
    other value goes through the field's ``_deserialize`` and validators. A required field
    missing, a None not allowed, an unknown key or any error raise, and :class:`FastLoader`
    lets marshmallow load the body and word the errors. For MeldSchema the source
    (``load.source``) reads::

        def load(data):
            if type(data) is not dict or not known.issuperset(data):
                raise GiveUp
            v0 = data.get('type', missing)
            if type(v0) is as_is_0:
                if v0 not in choices_0_0:
                    validate_0_0(v0)
            elif v0 is missing:
                raise GiveUp
            elif v0 is None:
                raise GiveUp
            else:
                v0 = deserialize_0(v0, None, None)
                validate_0_0(v0)
            v1 = data.get('tiles', missing)
            if type(v1) is str:
                v1 = text_1(v1)
            ...
            v2 = data.get('from', missing)
            if type(v2) is as_is_2 and lowest_2 <= v2 <= highest_2:
                pass
            elif v2 is missing:
                v2 = default_2
            elif v2 is None:
                pass
            ...
            out = {'type': v0, 'tiles': v1, 'source': v2, 'claimed': v3}
            out = post_0(out, many=False, partial=None, unknown=RAISE)
            return out

    When a field may be left out (no default, not required, or its own pre/post_load) the
    result is built key by key instead. The tests compare every load with marshmallow's,
    and check that the simulated bodies never need marshmallow.
    """
    scope: dict[str, Any] = {"GiveUp": _GiveUp, "missing": missing, "RAISE": RAISE,
                             "str": str, "dict": dict, "list": list, "map": map,
                             "known": frozenset(f.data_key or name for name, f
                                                in schema.load_fields.items())}
    items = list(schema.load_fields.items())
    always = all((f.required or f.load_default is not missing)
                 and not (f.pre_load or f.post_load) for _, f in items)
    lines = ["def load(data):",
             "    if type(data) is not dict or not known.issuperset(data):",
             "        raise GiveUp"]
    if not always:
        lines.append("    out = {}")
    for i, (name, field) in enumerate(items):
        lines += _field_source(i, field.data_key or name, field, scope)
        if not always:
            lines.append(f"    if v{i} is not missing:")
            lines.append(f"        out[{name!r}] = v{i}")
    if always:
        lines.append("    out = {" + ", ".join(f"{name!r}: v{i}"
                                             for i, (name, _) in enumerate(items)) + "}")
    for k, hook in enumerate(post):
        scope[f"post_{k}"] = hook
        lines.append(f"    out = post_{k}(out, many=False, partial=None, unknown=RAISE)")
    lines.append("    return out")
    source = "\n".join(lines)
    exec(compile(source, f"<compiled loader {type(schema).__name__}>", "exec"), scope)
    load = scope["load"]
    load.source = source
    return load


def _field_source(i: int, key: str, field: fields.Field, scope: dict[str, Any]) -> list[str]:
    """The lines that leave field ``i``'s loaded value in ``v{i}`` (``missing`` when it is
    left out), adding what they call to ``scope``."""
    v = f"v{i}"
    lines = [f"    {v} = data.get({key!r}, missing)"]
    if field.pre_load or field.post_load:  # the field's own deserialize, as it is
        scope[f"deserialize_{i}"] = field.deserialize
        return [*lines, f"    {v} = deserialize_{i}({v})"]
    fast = _fast_case(i, field, scope)
    if fast is not None:
        test, expression, kind = fast
        checks = _validator_source(i, field, kind, scope)
        lines.append(f"    if {test.format(v=v)}:")
        if expression:
            lines.append(f"        {v} = {expression.format(v=v)}")
        lines += checks or ([] if expression else ["        pass"])
    lines.append(f"    {'elif' if fast else 'if'} {v} is missing:")
    default = field.load_default
    scope[f"default_{i}"] = default
    if field.required:
        lines.append("        raise GiveUp")
    elif callable(default):
        lines.append(f"        {v} = default_{i}()")
    elif default is not missing:
        lines.append(f"        {v} = default_{i}")
    else:
        lines.append("        pass")
    lines += [f"    elif {v} is None:",
              "        pass" if field.allow_none else "        raise GiveUp", "    else:"]
    scope[f"deserialize_{i}"] = field._deserialize
    lines.append(f"        {v} = deserialize_{i}({v}, None, None)")
    lines += _validator_source(i, field, None, scope)
    return lines


def _fast_case(i: int, field: fields.Field,
               scope: dict[str, Any]) -> tuple[str, str, type | None] | None:
    """A field's common case: (a test on ``{v}``, the loaded value as an expression of
    ``{v}`` or "" for the value itself, the type the loaded value then has, if known), or
    None for a field without one. Exact field types only: a subclass may load otherwise."""
    kind = type(field)
    as_is = _LOADED_AS_IS.get(kind)
    if as_is is not None:
        scope[f"as_is_{i}"] = as_is
        return f"type({{v}}) is as_is_{i}", "", as_is
    if kind is Seat:
        scope[f"as_is_{i}"], scope[f"lowest_{i}"], scope[f"highest_{i}"] = \
            int, Seat.lowest, Seat.highest
        return (f"type({{v}}) is as_is_{i} and lowest_{i} <= {{v}} <= highest_{i}", "", int)
    if kind is Tile or (kind is Tiles and field.maximum <= _FEW_TILES):
        scope[f"text_{i}"] = _text_loader(field)
        return "type({v}) is str", f"text_{i}({{v}})", None
    if isinstance(field, fields.Nested) and _plain_nested(field):
        scope[f"value_{i}"] = _schema_loader(field.schema)
        return "type({v}) is dict", f"value_{i}({{v}})", None
    if isinstance(field, fields.List):
        scope[f"item_{i}"] = _item_loader(field.inner)
        return "type({v}) is list", f"list(map(item_{i}, {{v}}))", list
    string_keyed = _string_keyed_dict(field)
    if string_keyed is not None:
        scope[f"value_{i}"] = string_keyed
        return "type({v}) is dict", f"value_{i}({{v}})", dict
    return None


def _validator_source(i: int, field: fields.Field, kind: type | None,
                      scope: dict[str, Any]) -> list[str]:
    """Calls of the field's validators on ``v{i}``, which has type ``kind`` if known; a
    validator that surely accepts a value passing a cheap test is called only when the
    value fails the test (so any error is still the validator's own)."""
    lines = []
    for j, validator in enumerate(field.validators):
        name = f"validate_{i}_{j}"
        scope[name] = validator
        test = _accepts(validator, kind, f"v{i}", f"choices_{i}_{j}", scope)
        if test is None:
            lines.append(f"        {name}(v{i})")
        else:
            lines += [f"        if not ({test}):", f"            {name}(v{i})"]
    return lines


def _accepts(validator: Any, kind: type | None, v: str, choices: str,
             scope: dict[str, Any]) -> str | None:
    """A test on ``v`` (a value of type ``kind``) that implies ``validator`` accepts it,
    or None: a OneOf of strings on a str, a Range of int bounds on an int, a Length on a
    list."""
    vtype = type(validator)
    if vtype is validate.OneOf and kind is str and type(validator.choices) in (tuple, frozenset) \
            and all(type(c) is str for c in validator.choices):
        scope[choices] = frozenset(validator.choices)
        return f"{v} in {choices}"
    bounds = (getattr(validator, "min", None), getattr(validator, "max", None))
    if not all(b is None or type(b) is int for b in bounds):
        return None
    low, high = bounds
    if vtype is validate.Range and kind is int:
        tests = [] if low is None else [f"{low} {'<=' if validator.min_inclusive else '<'} {v}"]
        if high is not None:
            tests.append(f"{v} {'<=' if validator.max_inclusive else '<'} {high}")
        return " and ".join(tests) or "True"
    if vtype is validate.Length and kind is list:
        if validator.equal is not None:
            return f"len({v}) == {validator.equal}" if type(validator.equal) is int else None
        tests = [] if low is None else [f"{low} <= len({v})"]
        if high is not None:
            tests.append(f"len({v}) <= {high}")
        return " and ".join(tests) or "True"
    return None


def _whole(schema: Schema) -> Loader:
    """A schema this module does not walk: its own load (errors make the caller give up)."""
    return schema.load


def _value_loader(field: fields.Field) -> Loader:
    """What loads a present, non-None value of ``field`` (a Nested's schema, a List's
    items, a Dict of String keys, or the field's own ``_deserialize``)."""
    if isinstance(field, fields.Nested) and _plain_nested(field):
        return _schema_loader(field.schema)
    if isinstance(field, fields.List):
        item = _item_loader(field.inner)

        def each(value: Any) -> list:
            if type(value) is not list:
                raise _GiveUp
            return list(map(item, value))

        return each
    string_keyed = _string_keyed_dict(field)
    if string_keyed is not None:
        return string_keyed
    deserialize = field._deserialize
    return lambda value: deserialize(value, None, None)


def _string_keyed_dict(field: fields.Field) -> Loader | None:
    """For a Dict of String keys and any values (a request's ``rules``): what
    ``Mapping._deserialize`` gives, a new dict of the same items, once every key has
    passed the key field's validators (JSON keys are always strings). None for any other
    field."""
    key_field = getattr(field, "key_field", None)
    if not (type(field) is fields.Dict and field.value_field is None
            and field.mapping_type is dict and type(key_field) is fields.String
            and not (key_field.pre_load or key_field.post_load)):
        return None
    validators = tuple(key_field.validators)

    def load(value: Any) -> dict:
        if type(value) is not dict:
            raise _GiveUp
        for key in value:
            if type(key) is not str:
                raise _GiveUp
            for validate_key in validators:
                validate_key(key)
        return dict(value)

    return load


def _item_loader(field: fields.Field) -> Loader:
    """One item of a List: the whole of ``Field.deserialize`` (missing cannot occur). An
    item that is a plain Nested schema, None not allowed, is that schema's loader itself
    (which refuses None, as anything but a dict)."""
    if field.pre_load or field.post_load:
        return field.deserialize
    if (isinstance(field, fields.Nested) and _plain_nested(field) and not field.allow_none
            and not field.validators):
        return _schema_loader(field.schema)
    load_value, validators = _value_loader(field), tuple(field.validators)
    allow_none = field.allow_none

    def load(value: Any) -> Any:
        if value is None:
            if allow_none:
                return None
            raise _GiveUp
        out = load_value(value)
        for validate_value in validators:
            validate_value(out)
        return out

    return load


def _text_loader(field: fields.Field) -> Loader:
    """``field._deserialize`` of a string, remembered per distinct string: for a Tile or a
    Tiles of a meld, whose load of a string depends on nothing else and is immutable (one
    tile id, a tuple of them). The same tiles and melds come in request after request
    (a few hundred strings in all); an error is not remembered (it is raised each time).
    A hand or a pond is seldom sent twice: those are read each time (``rules.tiles``
    keeps the short ones)."""
    deserialize = field._deserialize
    return lru_cache(maxsize=_TEXT_CACHE)(lambda text: deserialize(text, None, None))


# Field types whose load of a value of exactly this type is the value itself (String's
# ensure_text_type is str(value); the strict fields check the type and keep the value).
_LOADED_AS_IS: dict[type, type] = {fields.String: str, StrictBool: bool, StrictInt: int}
# The tile fields whose strings _text_loader remembers (a Tile; a Tiles of at most
# _FEW_TILES, a meld's), and how many strings each remembers: there are 34 tiles and a
# few hundred possible melds; 512 strings of at most 32 characters are some 100 KB.
_FEW_TILES = 4
_TEXT_CACHE = 512


def _plain_nested(field: fields.Nested) -> bool:
    return not (field.many or field.unknown or field.only or field.exclude)


# ---------------------------------------------------------------------------- dumping

class FastDumper:
    """``dump`` with exactly the schema's output, without marshmallow's per-call machinery."""

    def __init__(self, schema: Schema):
        self.schema = schema
        self._dump = _schema_dumper(schema)

    def dump(self, obj: Any) -> Any:
        return self._dump(obj)


def _schema_dumper(schema: Schema) -> Dumper:
    hooks = schema._hooks
    if schema.many or hooks[PRE_DUMP] or hooks[POST_DUMP]:
        return schema.dump
    steps = [(field.data_key or name, field.attribute or name, field, _field_dumper(field))
             for name, field in schema.dump_fields.items()]

    def dump_any(obj: Any) -> dict:
        """Any object or mapping, attributes possibly missing (marshmallow's rules)."""
        out = {}
        mapping = isinstance(obj, dict)
        for key, attr, field, field_dumper in steps:
            value = obj.get(attr, missing) if mapping else getattr(obj, attr, missing)
            if value is missing:  # marshmallow's rule: dump_default, else leave it out
                value = field.serialize(attr, obj, accessor=schema.get_attribute)
                if value is not missing:
                    out[key] = value
                continue
            out[key] = field_dumper(value, attr, obj)
        return out

    if not steps or not all(attr.isidentifier() for _, attr, _, _ in steps):
        return dump_any
    return _compiled_dumper(steps, dump_any)


def _compiled_dumper(steps: list, dump_any: Dumper) -> Dumper:
    """The schema's dump for an object holding every attribute (the answer dataclasses),
    written out as one function: read each attribute, keep a value of its field's plain
    type (an int for an Integer, None for a Nested or List allowing it) as it is, pass any
    other value to its field's dumper. A mapping, or an object missing an attribute, goes
    to ``dump_any``. For TransferSchema the source reads::

        def dump(obj):
            if isinstance(obj, dict):
                return dump_any(obj)
            try:
                v0 = obj.payer
                v1 = obj.payee
                ...
            except AttributeError:
                return dump_any(obj)
            return {
                'from': v0 if type(v0) is as_is_0 else dumper_0(v0, 'payer', obj),
                ...
            }

    Unrolled like this a /settle answer dumps in two thirds of the time of a loop over the
    fields (42 to 28 us): one dictionary display, no call for a plain value. The source is
    kept as ``dump.source``; the tests compare every dump with marshmallow's own.
    """
    scope: dict[str, Any] = {"dump_any": dump_any}
    reads, items = [], []
    for i, (key, attr, field, field_dumper) in enumerate(steps):
        scope[f"as_is_{i}"], scope[f"dumper_{i}"] = _as_is_type(field), field_dumper
        reads.append(f"        v{i} = obj.{attr}")
        items.append(f"        {key!r}: v{i} if type(v{i}) is as_is_{i} "
                     f"else dumper_{i}(v{i}, {attr!r}, obj),")
    source = "\n".join([
        "def dump(obj):",
        "    if isinstance(obj, dict):",
        "        return dump_any(obj)",
        "    try:", *reads,
        "    except AttributeError:",
        "        return dump_any(obj)",
        "    return {", *items, "    }"])
    exec(compile(source, "<compiled dumper>", "exec"), scope)  # our own source, from fields
    dump = scope["dump"]
    dump.source = source
    return dump


def _as_is_type(field: fields.Field) -> type:
    """The type of value this field's dumper gives back unchanged (``_Never`` if none)."""
    if isinstance(field, (fields.Nested, fields.List)):
        return type(None)  # both dump None as None
    exact = _IDENTITY.get(type(field))
    if exact is not None and not getattr(field, "as_string", False):
        return exact
    return _Never


class _Never:
    """A type no dumped value has."""


def _field_dumper(field: fields.Field) -> Callable[[Any, str, Any], Any]:
    """``field._serialize`` for one present value, with the common cases done inline: a
    Nested's schema walked the same way, a List's items (a list of Nested objects or of
    tile ids without a call per item), a value kept as it is, a tile id's code."""
    if _plain_nested_dump(field):
        inner = _schema_dumper(field.schema)
        return lambda value, attr, obj: None if value is None else inner(value)
    if isinstance(field, fields.List):
        if _plain_nested_dump(field.inner):
            each = _schema_dumper(field.inner.schema)
            return lambda value, attr, obj: (None if value is None else
                                             [None if v is None else each(v) for v in value])
        codes = _tile_codes(field.inner)
        if codes is not None:
            code = field.inner._serialize
            n = len(codes)
            return lambda value, attr, obj: (None if value is None else
                                             [codes[v] if type(v) is int and 0 <= v < n
                                              else code(v, attr, obj) for v in value])
        item, as_is = _field_dumper(field.inner), _as_is_type(field.inner)
        return lambda value, attr, obj: (None if value is None else
                                         [v if type(v) is as_is else item(v, attr, obj)
                                          for v in value])
    codes = _tile_codes(field)
    if codes is not None:
        slow, n = field._serialize, len(codes)
        return lambda value, attr, obj: (codes[value] if type(value) is int and 0 <= value < n
                                         else slow(value, attr, obj))
    exact = _IDENTITY.get(type(field))
    if exact is not None and not getattr(field, "as_string", False):
        slow = field._serialize
        return lambda value, attr, obj: value if type(value) is exact \
            else slow(value, attr, obj)
    return field._serialize


def _plain_nested_dump(field: fields.Field) -> bool:
    """A Nested dumping one object (its ``_serialize`` is its schema's dump, None as None)."""
    return isinstance(field, fields.Nested) and not (field.many or field.schema.many)


def _tile_codes(field: fields.Field) -> tuple[str, ...] | None:
    """For a TileCode field: its dump of every tile id (0-33), asked of the field itself
    once, so that a tile's code is an index instead of a call. None for other fields."""
    if type(field) is not TileCode:
        return None
    return tuple(field._serialize(tile, None, None) for tile in range(NUM_KINDS))


# Field types whose dump of a value of exactly this type is the value itself.
_IDENTITY: dict[type, type] = {fields.String: str, fields.Integer: int, fields.Boolean: bool}
