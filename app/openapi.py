"""The OpenAPI 3.1 contract, generated from the marshmallow schemas (one source of truth).

``python -m app.openapi > openapi.yaml`` writes the committed file; a test fails when the
committed file and the generated one differ, so the contract cannot drift from the code.
"""

from __future__ import annotations

import sys
from typing import Any

import yaml
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from marshmallow import fields

import rules
from app.schemas import requests as req
from app.schemas import responses as out
from app.schemas.fields import Seat, StrictBool, StrictInt, Tile, TileCode, Tiles
from rules.tiles import CODES

TITLE = "Mahjong scoring service"
DESCRIPTION = (
    "Scores Chinese mahjong hands and settles rounds for four regional variants: xingguo "
    "兴国冲关 and nanchang 南昌 (Jiangxi, wild jing), qinzhou 钦州 (Guangxi, fan list and "
    "奖马 horses) and guangdong 鸡平和 (fan doubling with a 3-fan cap).\n\n"
    "Tiles are accepted as compact strings (`\"123m456p789sEEECC\"`), arrays of codes, `z` "
    "digits (1z-7z = E S W N P F C), Chinese names and Unicode tiles; answers always use the "
    "canonical codes `1m`-`9m`, `1p`-`9p`, `1s`-`9s`, `E S W N`, `C` (红中) `F` (发财) "
    "`P` (白板). Every error is `application/problem+json`.")

_TILE_INPUT = {
    "type": "string", "minLength": 1, "maxLength": 16,
    "description": "One tile in any notation, e.g. `5m`, `E`, `5z`, `五万`, `🀋`.",
}


def _custom_fields(self: Any, field: fields.Field, **_: Any) -> dict[str, Any]:
    """OpenAPI for the project's own field classes (``null`` added where allowed)."""
    schema = _own_field(field)
    if schema and field.allow_none:
        if "type" in schema:
            schema["type"] = [schema["type"], "null"]
        else:
            schema["oneOf"].append({"type": "null"})
    return schema


def _own_field(field: fields.Field) -> dict[str, Any]:
    if isinstance(field, Tiles):
        return {"oneOf": [
            {"type": "string", "maxLength": field.maximum * 4 + 16,
             "description": "Compact string: digits + suit letter, honour letters, Chinese "
                            "names or Unicode tiles.", "examples": ["123m456p789sEEECC"]},
            {"type": "array", "maxItems": field.maximum, "items": dict(_TILE_INPUT)},
        ]}
    if isinstance(field, Tile):
        own = field.metadata.get("description")  # the field's own words come first
        return {**_TILE_INPUT, **({"description": f"{own} {_TILE_INPUT['description']}"}
                                  if own else {})}
    if isinstance(field, TileCode):
        return {"type": "string", "enum": list(CODES)}
    if isinstance(field, Seat):
        return {"type": "integer", "minimum": 0, "maximum": 3}
    if isinstance(field, StrictInt):
        return {"type": "integer"}
    if isinstance(field, StrictBool):
        return {"type": "boolean"}
    return {}


def _problem(description: str) -> dict[str, Any]:
    return {"description": description,
            "content": {"application/problem+json": {"schema": "Problem"}}}


_ERRORS = {
    "400": _problem("Malformed JSON."),
    "413": _problem("Body over the size limit (64 KiB)."),
    "415": _problem("Content-Type is not application/json."),
    "422": _problem("Valid JSON that is not a valid request; `errors` names each field."),
}


def _post(summary: str, request: str, response: str, description: str) -> dict[str, Any]:
    return {"post": {
        "summary": summary, "description": description,
        "requestBody": {"required": True,
                        "content": {"application/json": {"schema": request}}},
        "responses": {"200": {"description": "The answer.",
                              "content": {"application/json": {"schema": response}}},
                      **_ERRORS},
    }}


def _get(summary: str, response: str | None, media: str = "application/json"
         ) -> dict[str, Any]:
    content = {media: {"schema": response}} if response else {media: {"schema": {
        "type": "string"}}}
    return {"get": {"summary": summary,
                    "responses": {"200": {"description": "OK", "content": content}}}}


def build_spec() -> dict[str, Any]:
    plugin = MarshmallowPlugin()
    spec = APISpec(title=TITLE, version=rules.RULES_VERSION, openapi_version="3.1.0",
                   plugins=[plugin], info={"description": DESCRIPTION})
    plugin.converter.add_attribute_function(_custom_fields)
    schemas = {
        "EvaluateRequest": req.EvaluateSchema, "SettleRequest": req.SettleSchema,
        "JingRequest": req.JingRequestSchema, "EvaluateResponse": out.EvaluateResponseSchema,
        "Settlement": out.SettlementSchema, "JingResponse": out.JingResponseSchema,
        "Variants": out.VariantsResponseSchema, "Problem": out.ProblemSchema,
        "Health": out.HealthSchema,
    }
    for name, schema in schemas.items():
        spec.components.schema(name, schema=schema)
    spec.path("/evaluate", operations=_post(
        "Score one hand, or list its waits", "EvaluateRequest", "EvaluateResponse",
        "A hand of 14 tiles (+1 per kong) is scored: `winning`, the best reading's "
        "`patterns`, `decomposition` and `payments`. A hand of 13 (+1 per kong) gets "
        "`waits`."))
    spec.path("/settle", operations=_post(
        "Settle one finished round", "SettleRequest", "Settlement",
        "Every player's zero-sum delta with an itemised ledger."))
    spec.path("/jing", operations=_post(
        "Jing tiles from an indicator, and jing scores", "JingRequest", "JingResponse",
        "xingguo and nanchang only."))
    spec.path("/variants", operations=_get("The variants, their shapes and rule options",
                                           "Variants"))
    spec.path("/healthz", operations=_get("Liveness", "Health"))
    spec.path("/openapi.yaml", operations=_get("This contract", None, "application/yaml"))
    return spec.to_dict()


def render() -> str:
    return yaml.safe_dump(build_spec(), allow_unicode=True, sort_keys=False, width=100)


if __name__ == "__main__":
    sys.stdout.write(render())
