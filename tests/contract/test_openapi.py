"""openapi.yaml is the contract: generated from the schemas, valid, served as committed, and
every example in it is what the service really answers."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest
import yaml
from openapi_spec_validator import validate

from app.openapi import render

ROOT = Path(__file__).resolve().parents[2]
SPEC_PATH = ROOT / "openapi.yaml"
SPEC = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))
METHODS = ("get", "post", "put", "patch", "delete")


def test_committed_spec_is_the_generated_one():
    committed = SPEC_PATH.read_text(encoding="utf-8")
    generated = render()
    if committed != generated:
        diff = "".join(list(difflib.unified_diff(
            committed.splitlines(True), generated.splitlines(True), "openapi.yaml (committed)",
            "generated from the schemas", n=1))[:60])
        pytest.fail("openapi.yaml differs from the schemas: run `make openapi` and commit it\n"
                    + diff)


def test_spec_is_valid_openapi_3_1():
    assert SPEC["openapi"] == "3.1.0"
    validate(SPEC)  # raises on any violation of the OpenAPI 3.1 schema


def test_served_spec_is_the_committed_file(client):
    response = client.get("/openapi.yaml")
    assert response.status_code == 200
    assert response.mimetype == "application/yaml"
    assert response.get_data(as_text=True) == SPEC_PATH.read_text(encoding="utf-8")


def test_every_route_of_the_app_is_in_the_spec(app):
    """Nothing the service does is missing from the contract, and nothing extra is in it."""
    routes = {(_openapi_path(rule.rule), method.lower()) for rule in app.url_map.iter_rules()
              for method in rule.methods - {"HEAD", "OPTIONS"} if rule.endpoint != "static"}
    documented = {(path, method) for path, item in SPEC["paths"].items()
                  for method in item if method in METHODS}
    assert routes == documented


def _openapi_path(rule: str) -> str:
    """Flask's ``/a/<path:name>`` is OpenAPI's ``/a/{name}``."""
    return re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule)


def _operations():
    for path, item in SPEC["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield path, method, operation


def _request_examples():
    for path, method, operation in _operations():
        body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
        for name, example in body.get("examples", {}).items():
            yield pytest.param(path, method, operation, name, example["value"],
                               id=f"{method.upper()} {path} {name}")


def _answers(operation, name):
    """(status, media type, body) of each response example called ``name``."""
    for status, response in operation["responses"].items():
        for media, content in response.get("content", {}).items():
            if name in content.get("examples", {}):
                yield int(status), media, content["examples"][name]["value"]


@pytest.mark.parametrize(("path", "method", "operation", "name", "value"),
                         list(_request_examples()))
def test_request_example_gets_the_documented_answer(client, path, method, operation, name,
                                                    value):
    documented = list(_answers(operation, name))
    assert len(documented) == 1, f"example {name!r} needs exactly one documented answer"
    status, media, body = documented[0]
    response = client.open(path, method=method.upper(), json=value)
    assert (response.status_code, response.mimetype) == (status, media), \
        f"{response.status_code} {response.get_data(as_text=True)[:400]}; run `make openapi`?"
    assert response.get_json() == body, "the answer changed: run `make openapi` and commit"


def _response_examples_without_request():
    for path, method, operation in _operations():
        if "requestBody" in operation:
            continue
        for status, response in operation["responses"].items():
            for media, content in response.get("content", {}).items():
                for name, example in content.get("examples", {}).items():
                    yield pytest.param(path, method, int(status), media, example["value"],
                                       id=f"{method.upper()} {path} {name}")


@pytest.mark.parametrize(("path", "method", "status", "media", "body"),
                         list(_response_examples_without_request()))
def test_response_example_is_what_the_endpoint_answers(client, path, method, status, media,
                                                       body):
    response = client.open(path, method=method.upper())
    assert (response.status_code, response.mimetype) == (status, media)
    assert response.get_json() == body, "the answer changed: run `make openapi` and commit"


def test_every_post_operation_has_examples():
    for path, method, operation in _operations():
        if method == "post":
            examples = operation["requestBody"]["content"]["application/json"].get("examples")
            assert examples, f"POST {path} has no request example"


def test_every_answer_documents_the_request_id_header():
    for path, method, operation in _operations():
        for status, response in operation["responses"].items():
            assert "X-Request-ID" in response.get("headers", {}), f"{method} {path} {status}"


def _schema_examples(node, where="#"):
    """(location, schema, example) for every example written inside a schema."""
    if isinstance(node, dict):
        if "type" in node or "oneOf" in node or "$ref" in node:
            for value in node.get("examples", []) if isinstance(node.get("examples"), list) \
                    else []:
                yield where, node, value
            if "example" in node and not isinstance(node["example"], dict | list):
                yield where, node, node["example"]
        for key, value in node.items():
            yield from _schema_examples(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _schema_examples(value, f"{where}/{i}")


SCHEMA_EXAMPLES = list(_schema_examples(SPEC["components"]["schemas"]))


def test_the_schemas_have_examples():
    assert len(SCHEMA_EXAMPLES) >= 3


@pytest.mark.parametrize(("where", "schema", "example"), SCHEMA_EXAMPLES,
                         ids=[w for w, _, _ in SCHEMA_EXAMPLES])
def test_schema_example_fits_its_schema(where, schema, example):
    from tests.contract.spec_schema import errors

    bare = {k: v for k, v in schema.items() if k not in ("examples", "example")}
    assert errors(example, bare) == [], where
