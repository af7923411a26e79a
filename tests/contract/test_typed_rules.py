"""`rules` is typed per variant in the contract (issue 21), from the same declarations as
GET /variants: a generated client gets each variant's options with their types, defaults
and allowed values."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest
import yaml

from app import create_app
from app.config import Config

ROOT = Path(__file__).resolve().parents[2]
SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
SCHEMAS = SPEC["components"]["schemas"]
VARIANTS = create_app(Config(log_requests=False)).test_client().get("/variants") \
    .get_json()["variants"]
TYPES = {"boolean": "boolean", "integer": "integer", "string": "string"}


@pytest.mark.parametrize("variant", VARIANTS, ids=[v["name"] for v in VARIANTS])
def test_each_variants_rules_schema_is_what_get_variants_lists(variant):
    schema = SCHEMAS[f"{variant['name'].capitalize()}Rules"]
    assert schema["additionalProperties"] is False
    assert list(schema["properties"]) == [o["name"] for o in variant["options"]]
    for option in variant["options"]:
        prop = schema["properties"][option["name"]]
        assert prop["type"] == TYPES[option["type"]]
        assert prop["default"] == option["default"]
        assert prop.get("enum") == option.get("choices")
        assert (prop.get("minimum"), prop.get("maximum")) == \
            (option.get("minimum"), option.get("maximum"))


@pytest.mark.parametrize("request_schema", ["EvaluateRequest", "SettleRequest", "JingRequest"])
def test_the_variant_chooses_its_rules_schema(request_schema):
    schema = SCHEMAS[request_schema]
    chosen = {rule["if"]["properties"]["variant"]["const"]: rule["then"]["properties"]["rules"]
              for rule in schema["allOf"]}
    assert chosen == {v["name"]: {"$ref": f"#/components/schemas/"
                                          f"{v['name'].capitalize()}Rules"} for v in VARIANTS}


def _valid(instance: dict) -> bool:
    resolver_doc = {**SPEC}
    validator = jsonschema.Draft202012Validator(
        {**SCHEMAS["EvaluateRequest"], "components": resolver_doc["components"]})
    return validator.is_valid(instance)


def test_an_option_of_another_variant_or_a_wrong_type_breaks_the_schema():
    hand = "123m456p789s111sEE"
    assert _valid({"variant": "qinzhou", "hand": hand, "rules": {"horse_count": 10}})
    assert not _valid({"variant": "qinzhou", "hand": hand, "rules": {"cap": 3}})
    assert not _valid({"variant": "qinzhou", "hand": hand, "rules": {"horse_count": "ten"}})
    assert _valid({"variant": "guangdong", "hand": hand, "rules": {"cap": 3}})
