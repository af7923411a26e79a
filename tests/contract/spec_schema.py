"""Validate a JSON body against a schema of openapi.yaml (JSON Schema 2020-12, $refs and all)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC = yaml.safe_load((Path(__file__).resolve().parents[2] / "openapi.yaml").read_text())
_URI = "urn:mahjong-scoring:openapi"
_REGISTRY = Registry().with_resource(
    _URI, Resource.from_contents(SPEC, default_specification=DRAFT202012))


def response_schema(path: str, method: str, status: int, media: str) -> dict[str, Any]:
    """The documented schema of one answer; KeyError when that answer is not documented."""
    responses = SPEC["paths"][path][method]["responses"]
    schema = responses[str(status)]["content"][media]["schema"]
    return {"$ref": f"{_URI}#/paths/{_escape(path)}/{method}/responses/{status}/content/"
                    f"{_escape(media)}/schema"} if "$ref" not in schema else \
        {"$ref": _URI + schema["$ref"]}


def errors(body: Any, schema: dict[str, Any]) -> list[str]:
    validator = Draft202012Validator(schema, registry=_REGISTRY)
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in validator.iter_errors(body)]


def _escape(part: str) -> str:
    return part.replace("~", "~0").replace("/", "~1")
