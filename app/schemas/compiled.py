"""The request and response schemas, walked once into plain functions for the hot path.

Profiles of /settle and /evaluate under gunicorn showed marshmallow's machinery (error
stores, hook lookups, ``Nested`` and ``List`` wrappers, one call chain per field) taking
most of a request: more than the scoring itself. The schemas stay the single source of the
contract and of every error message; this module only reads their fields once and calls
the same field objects, without the per-call machinery. Each schema's load and dump is
written out as the source of one Python function (kept as ``.source`` on it, and shown in
the docstrings of :func:`_compiled_loader` and :func:`_compiled_dumper`): straight-line
code beats a loop over per-field closures (a /settle answer dumps in 28 us instead of 42,
its body loads in 77 us instead of 86).

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
from typing import Any

from marshmallow import RAISE, Schema, fields, missing
from marshmallow.decorators import (
    POST_DUMP,
    POST_LOAD,
    PRE_DUMP,
    PRE_LOAD,
    VALIDATES,
    VALIDATES_SCHEMA,
)

from app.schemas.fields import StrictBool, StrictInt

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
    """The schema's load for a valid body, written out as one function. For each field:
    a missing key is the declared default (``load_default``, called when callable; left
    out when there is none), None is None where allowed, any other value goes through the
    field (a value of exactly the type a String, StrictBool or StrictInt keeps is kept
    as it is; a Nested or List field is walked the same way) and the field's validators.
    A required field missing, a None not allowed, an unknown key or any error raise, and
    :class:`FastLoader` lets marshmallow load the body and word the errors. For MeldSchema
    the source (``load.source``) reads::

        def load(data):
            if type(data) is not dict or not known.issuperset(data):
                raise GiveUp
            out = {}
            v = data.get('type', missing)
            if v is missing:
                raise GiveUp
            elif v is None:
                raise GiveUp
            else:
                v = v if type(v) is as_is_0 else deserialize_0(v, None, None)
                validate_0_0(v)
                out['type'] = v
            ...
            out = post_0(out, many=False, partial=None, unknown=RAISE)
            return out

    Unrolled like this a /settle body loads in 78 us instead of 86 with a loop over
    per-field closures (or 96 with marshmallow's ``Field.deserialize``); most of what is
    left is reading the tiles (``rules.tiles``).
    """
    scope: dict[str, Any] = {"GiveUp": _GiveUp, "missing": missing, "RAISE": RAISE,
                             "known": frozenset(f.data_key or name for name, f
                                                in schema.load_fields.items())}
    lines = ["def load(data):",
             "    if type(data) is not dict or not known.issuperset(data):",
             "        raise GiveUp",
             "    out = {}"]
    for i, (name, field) in enumerate(schema.load_fields.items()):
        key = field.data_key or name
        lines.append(f"    v = data.get({key!r}, missing)")
        if field.pre_load or field.post_load:  # the field's own deserialize, as it is
            scope[f"deserialize_{i}"] = field.deserialize
            lines += [f"    v = deserialize_{i}(v)",
                      "    if v is not missing:",
                      f"        out[{name!r}] = v"]
            continue
        lines.append("    if v is missing:")
        default = field.load_default
        scope[f"default_{i}"] = default
        if field.required:
            lines.append("        raise GiveUp")
        elif callable(default):
            lines.append(f"        out[{name!r}] = default_{i}()")
        elif default is not missing:
            lines.append(f"        out[{name!r}] = default_{i}")
        else:
            lines.append("        pass")
        lines += ["    elif v is None:",
                  f"        out[{name!r}] = None" if field.allow_none else "        raise GiveUp",
                  "    else:"]
        as_is = _LOADED_AS_IS.get(type(field))
        if as_is is not None:
            scope[f"as_is_{i}"], scope[f"deserialize_{i}"] = as_is, field._deserialize
            lines.append(f"        v = v if type(v) is as_is_{i} "
                         f"else deserialize_{i}(v, None, None)")
        elif isinstance(field, (fields.Nested, fields.List)):
            scope[f"value_{i}"] = _value_loader(field)
            lines.append(f"        v = value_{i}(v)")
        else:
            scope[f"deserialize_{i}"] = field._deserialize
            lines.append(f"        v = deserialize_{i}(v, None, None)")
        for j, validator in enumerate(field.validators):
            scope[f"validate_{i}_{j}"] = validator
            lines.append(f"        validate_{i}_{j}(v)")
        lines.append(f"        out[{name!r}] = v")
    for k, hook in enumerate(post):
        scope[f"post_{k}"] = hook
        lines.append(f"    out = post_{k}(out, many=False, partial=None, unknown=RAISE)")
    lines.append("    return out")
    source = "\n".join(lines)
    exec(compile(source, f"<compiled loader {type(schema).__name__}>", "exec"), scope)
    load = scope["load"]
    load.source = source
    return load


def _whole(schema: Schema) -> Loader:
    """A schema this module does not walk: its own load (errors make the caller give up)."""
    return schema.load


def _value_loader(field: fields.Field) -> Loader:
    """What loads a present, non-None value of ``field`` (a Nested's schema, a List's
    items, or the field's own ``_deserialize``)."""
    if isinstance(field, fields.Nested) and _plain_nested(field):
        return _schema_loader(field.schema)
    if isinstance(field, fields.List):
        item = _item_loader(field.inner)

        def each(value: Any) -> list:
            if type(value) is not list:
                raise _GiveUp
            return [item(v) for v in value]

        return each
    key_field = getattr(field, "key_field", None)
    if (type(field) is fields.Dict and field.value_field is None and field.mapping_type is dict
            and type(key_field) is fields.String
            and not (key_field.pre_load or key_field.post_load)):
        return _string_keyed_dict(key_field)
    deserialize = field._deserialize
    return lambda value: deserialize(value, None, None)


def _string_keyed_dict(key_field: fields.String) -> Loader:
    """A Dict of String keys and any values (a request's ``rules``): what
    ``Mapping._deserialize`` gives, a new dict of the same items, once every key has
    passed the key field's validators (JSON keys are always strings)."""
    validators = tuple(key_field.validators)

    def load(value: Any) -> dict:
        if type(value) is not dict:
            raise _GiveUp
        for key in value:
            if type(key) is not str:
                raise _GiveUp
            for validate in validators:
                validate(key)
        return dict(value)

    return load


def _item_loader(field: fields.Field) -> Loader:
    """One item of a List: the whole of ``Field.deserialize`` (missing cannot occur)."""
    if field.pre_load or field.post_load:
        return field.deserialize
    load_value, validators = _value_loader(field), tuple(field.validators)
    allow_none = field.allow_none

    def load(value: Any) -> Any:
        if value is None:
            if allow_none:
                return None
            raise _GiveUp
        out = load_value(value)
        for validate in validators:
            validate(out)
        return out

    return load


# Field types whose load of a value of exactly this type is the value itself (String's
# ensure_text_type is str(value); the strict fields check the type and keep the value).
_LOADED_AS_IS: dict[type, type] = {fields.String: str, StrictBool: bool, StrictInt: int}


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
    """``field._serialize`` for one present value, with the common cases done inline."""
    if isinstance(field, fields.Nested) and not (field.many or field.schema.many):
        inner = _schema_dumper(field.schema)
        return lambda value, attr, obj: None if value is None else inner(value)
    if isinstance(field, fields.List):
        item, as_is = _field_dumper(field.inner), _as_is_type(field.inner)
        return lambda value, attr, obj: (None if value is None else
                                         [v if type(v) is as_is else item(v, attr, obj)
                                          for v in value])
    exact = _IDENTITY.get(type(field))
    if exact is not None and not getattr(field, "as_string", False):
        slow = field._serialize
        return lambda value, attr, obj: value if type(value) is exact \
            else slow(value, attr, obj)
    return field._serialize


# Field types whose dump of a value of exactly this type is the value itself.
_IDENTITY: dict[type, type] = {fields.String: str, fields.Integer: int, fields.Boolean: bool}
