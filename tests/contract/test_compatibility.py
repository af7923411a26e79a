"""The contract against the released one (README, "Compatibility"): nothing a client built on
contract 1.0.0 relies on may break in a 1.x release. The released contract is kept as it
shipped in tests/contract/released/; a release adds its own snapshot there."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from tests.contract.compat import breaking_changes

ROOT = Path(__file__).resolve().parents[2]
RELEASED = sorted((Path(__file__).parent / "released").glob("openapi-*.yaml"))


def _load(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


CURRENT = _load(ROOT / "openapi.yaml")


@pytest.mark.parametrize("released", RELEASED, ids=[p.stem for p in RELEASED])
def test_the_contract_keeps_every_promise_of_the_released_one(released):
    assert breaking_changes(_load(released), CURRENT) == []


def test_the_contract_version_is_a_minor_step_from_every_released_one():
    major, minor, _ = map(int, CURRENT["info"]["version"].split("."))
    for path in RELEASED:
        old_major, old_minor, _ = map(int, _load(path)["info"]["version"].split("."))
        assert (major, minor) >= (old_major, old_minor) and major == old_major


# ------------------------------------------------------------- the test of the test
def _schema(doc: dict, name: str) -> dict:
    return doc["components"]["schemas"][name]


def _changed(change) -> list[str]:
    new = copy.deepcopy(CURRENT)
    change(new)
    return breaking_changes(CURRENT, new)


def _request_schema(doc: dict, path: str) -> dict:
    ref = doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]
    return _schema(doc, ref["$ref"].rsplit("/", 1)[1]) if "$ref" in ref else ref


def _first_response_name(doc: dict, path: str) -> str:
    ref = doc["paths"][path]["post"]["responses"]["200"]["content"]["application/json"]
    return ref["schema"]["$ref"].rsplit("/", 1)[1]


def test_nothing_changed_is_no_break():
    assert _changed(lambda doc: None) == []


def test_a_removed_operation_breaks():
    assert _changed(lambda doc: doc["paths"].pop("/jing")) == \
        ["POST /jing: the operation was removed"]


def test_a_removed_answer_field_breaks():
    def drop(doc):
        _schema(doc, _first_response_name(doc, "/settle"))["properties"].pop("deltas")

    assert any("deltas: the answer field was removed" in f for f in _changed(drop))


def test_a_new_required_request_field_breaks():
    def require(doc):
        schema = _request_schema(doc, "/evaluate")
        schema["properties"]["table_id"] = {"type": "string"}
        schema.setdefault("required", []).append("table_id")

    assert _changed(require) == ["POST /evaluate request.table_id: a new required request field"]


def test_a_narrowed_request_type_breaks_and_a_widened_one_does_not():
    def narrow(doc):
        _request_schema(doc, "/evaluate")["properties"]["dealer"]["type"] = "null"

    def widen(doc):
        prop = _request_schema(doc, "/evaluate")["properties"]["dealer"]
        prop["type"] = [prop["type"], "null"] if isinstance(prop["type"], str) \
            else [*prop["type"], "null"]

    assert any("dealer: no longer accepts ['boolean']" in f for f in _changed(narrow))
    assert _changed(widen) == []


def test_a_lower_request_limit_breaks():
    def lower(doc):
        _request_schema(doc, "/evaluate")["properties"]["melds"]["maxItems"] = 3

    assert any("melds: maxItems lowered to 3 (was 4)" in f for f in _changed(lower))


def test_a_removed_request_enum_value_breaks():
    def drop(doc):
        win_type = _request_schema(doc, "/evaluate")["properties"]["win_type"]
        win_type["enum"] = [v for v in win_type["enum"] if v != "rob_kong"]

    assert any("no longer accepts ['rob_kong']" in f for f in _changed(drop))


def test_a_response_that_may_now_be_null_breaks():
    def nullable(doc):
        prop = _schema(doc, _first_response_name(doc, "/settle"))["properties"]["deltas"]
        prop["type"] = ["array", "null"]

    assert any("deltas: may now answer ['null']" in f for f in _changed(nullable))


def test_a_renamed_known_value_of_an_answer_breaks():
    """An error code (or pattern id) is never renamed: one gone from x-known-values breaks."""
    def rename(doc):
        code = _schema(doc, "Problem")["properties"]["code"]
        code["x-known-values"] = [v if v != "tile.unknown" else "tile.unreadable"
                                  for v in code["x-known-values"]]

    assert any("code: no longer lists the known values ['tile.unknown']" in f
               for f in _changed(rename))


@pytest.mark.parametrize(("schema", "prop"), [
    ("Problem", "code"), ("ProblemError", "code"), ("Pattern", "id"), ("Evaluation", "reason"),
    ("Transfer", "reason"), ("Payment", "payer")])
def test_growing_answer_lists_are_open_strings_with_their_known_values(schema, prop):
    """A pattern id or ledger reason added in 1.x must not break a client generated today."""
    described = _schema(CURRENT, schema)["properties"][prop]
    assert "enum" not in described
    assert described["x-known-values"] and "Known values" in described["description"]


def test_request_enums_stay_closed():
    evaluate = _request_schema(CURRENT, "/evaluate")["properties"]
    assert "rob_kong" in evaluate["win_type"]["enum"]
