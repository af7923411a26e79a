"""The Python client's TypedDicts are the contract's: regenerated from openapi.yaml they are
byte for byte the committed module, and what they say (required keys, literals) is the spec's.
tools/client_types.py's own rules are checked on small schemas."""

from __future__ import annotations

import difflib
import typing

import mahjong_scoring_client
import pytest
import yaml
from mahjong_scoring_client import Client, schema

from tools import client_types
from tools.client_types import module, type_of

SPEC = yaml.safe_load((client_types.ROOT / "openapi.yaml").read_text(encoding="utf-8"))
SCHEMAS = SPEC["components"]["schemas"]
POSTS = {path: operations["post"] for path, operations in SPEC["paths"].items()
         if "post" in operations}


def test_the_committed_types_are_the_contract_regenerated():
    expected = module(SPEC)
    committed = client_types.TARGET.read_text(encoding="utf-8")
    diff = "".join(difflib.unified_diff(committed.splitlines(True), expected.splitlines(True),
                                        "committed schema.py", "from openapi.yaml", n=1))
    assert committed == expected, f"run `make clients`: the Python types drift\n{diff[:3000]}"


def ref_name(schema_or_ref: dict) -> str:
    return schema_or_ref["$ref"].removeprefix("#/components/schemas/")


@pytest.mark.parametrize("path", sorted(POSTS))
def test_every_post_endpoint_has_a_method_typed_as_the_contract(path):
    """POST /x is Client.x, taking the contract's request type and answering its 200's type,
    both exported from the package: an endpoint added to the contract without its method (or
    with the wrong types) fails here, not in a caller's code."""
    operation = POSTS[path]
    request = ref_name(operation["requestBody"]["content"]["application/json"]["schema"])
    answer = ref_name(operation["responses"]["200"]["content"]["application/json"]["schema"])
    method = getattr(Client, path.removeprefix("/"), None)
    assert method is not None, f"Client has no method for POST {path}"
    hints = typing.get_type_hints(method)
    assert (hints["request"], hints["return"]) == (getattr(schema, request),
                                                   getattr(schema, answer))
    assert {request, answer} <= set(mahjong_scoring_client.__all__)


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_each_type_requires_what_the_schema_requires(name):
    typed = getattr(schema, name)
    spec = SCHEMAS[name]
    assert set(typed.__annotations__) == set(spec.get("properties", {}))
    assert typed.__required_keys__ == frozenset(spec.get("required", []))


def test_literals_are_the_enums():
    tile = typing.get_args(schema.Wait.__annotations__["tile"])
    assert tile == tuple(SCHEMAS["Wait"]["properties"]["tile"]["enum"])
    assert len(tile) == 34  # 27 suited + 4 winds + 3 dragons


def test_type_of_small_schemas():
    assert type_of({"type": "integer"}) == "int"
    assert type_of({"type": ["string", "null"]}) == ("|", ["str", "None"])
    assert type_of({"$ref": "#/components/schemas/Meld"}) == "Meld"
    assert type_of({"type": ["string", "null"], "enum": ["a", None]}) == \
        ("Literal", ['"a"', "None"])
    assert type_of({"type": "object", "additionalProperties": {"type": "boolean"}}) == \
        ("dict", ["str", "bool"])
    assert type_of({"oneOf": [{"type": "string"}, {"type": "array", "items": {}}]}) == \
        ("|", ["str", ("list", ["Any"])])


def test_an_object_without_properties_is_an_empty_typed_dict():
    text = module({"components": {"schemas": {"Anything": {"type": "object"}}}})
    assert text.endswith("class Anything(TypedDict):\n    pass\n")


def test_keys_that_are_not_python_names_use_the_functional_form():
    text = module({"components": {"schemas": {
        "Move": {"type": "object", "additionalProperties": False, "required": ["from"],
                 "properties": {"from": {"type": "integer"}, "to": {"type": "integer"}}},
        "Seat": {"type": "object", "additionalProperties": False,
                 "properties": {"seat": {"type": "integer", "description": "Which."}}}}}})
    assert 'Move = TypedDict("Move", {\n    "from": int,\n    "to": NotRequired[int],\n})' in text
    assert "class Seat(TypedDict):\n    # Which.\n    seat: NotRequired[int]\n" in text


def test_long_literals_wrap_within_100_columns():
    long_enum = {"type": "string", "enum": [f"value_{i:03}" for i in range(40)]}
    text = module({"components": {"schemas": {"Big": {
        "type": "object", "additionalProperties": False,
        "properties": {"items": {"type": "array", "items": long_enum}}}}}})
    assert max(len(line) for line in text.splitlines()) <= 100
    namespace: dict[str, object] = {}
    # dont_inherit: not this file's `from __future__ import annotations` (string annotations)
    exec(compile(text, "generated", "exec", dont_inherit=True), namespace)
    values = typing.get_args(typing.get_args(
        typing.get_args(namespace["Big"].__annotations__["items"])[0])[0])
    assert values == tuple(long_enum["enum"])


@pytest.mark.parametrize(("schemas", "message"), [
    ({"A": {"type": "object", "additionalProperties": False,
            "properties": {"x": {"type": "object", "properties": {"y": {}}}}}}, "has no name"),
    ({"A": {"type": "object", "additionalProperties": False,
            "properties": {"x": {"allOf": [{"type": "string"}]}}}}, "allOf"),
    ({"A": {"type": "object", "additionalProperties": False,
            "properties": {"b": {"$ref": "#/components/schemas/B"}}},
      "B": {"type": "object", "additionalProperties": False,
            "properties": {"a": {"$ref": "#/components/schemas/A"}}}}, "cycle"),
])
def test_what_the_generator_cannot_say_fails_loudly(schemas, message):
    with pytest.raises(ValueError, match=message):
        module({"components": {"schemas": schemas}})
