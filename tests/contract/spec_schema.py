"""Validate a JSON body against a schema of openapi.yaml (JSON Schema 2020-12, $refs and all)."""

from __future__ import annotations

import re
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


# ------------------------------------------------------ every answer the suite receives
_TEMPLATES = [(path, re.compile("^" + re.sub(r"\\{[^}]+\\}", "[^/]+", re.escape(path)) + "$"))
              for path in SPEC["paths"]]
_VALIDATORS: dict[tuple[str, str, int, str], Draft202012Validator | None] = {}


def template_of(path: str) -> str | None:
    """The contract's path template a request path falls under (``/rules/{variant}``)."""
    for template, pattern in _TEMPLATES:
        if pattern.match(path):
            return template
    return None


def answer_errors(path: str, method: str, status: int, media: str, body: Any) -> list[str]:
    """Why a JSON answer breaks the contract: undocumented, or not what its schema says.
    Answers the contract does not type as JSON (HTML, Markdown, metrics) are not judged."""
    template = template_of(path)
    if template is None:
        return [] if status == 404 else [f"{method.upper()} {path}: no such path documented"]
    key = (template, method, status, media)
    if key not in _VALIDATORS:
        try:
            _VALIDATORS[key] = Draft202012Validator(
                response_schema(template, method, status, media), registry=_REGISTRY)
        except KeyError:
            _VALIDATORS[key] = None
    validator = _VALIDATORS[key]
    if validator is None:
        if status in (404, 405, 500):  # a problem for a path or method the contract lacks
            return []
        return [f"{method.upper()} {template} {status} {media}: not in the contract"]
    return [f"{method.upper()} {path} {status}: {'/'.join(map(str, e.absolute_path))}: "
            f"{e.message[:200]}" for e in validator.iter_errors(body)]
