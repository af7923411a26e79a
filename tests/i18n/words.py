"""The check that a Chinese sentence has no English word left (docs/languages.md, "What is
translated"): what may stay in Latin letters inside a Chinese sentence, and nothing else.

Tile codes (``5m``, ``E``, ``SSS``: the API's notation, the same in every language); the
request's field names and paths (``hand``, ``result.discarder``: they say where to look, as
the body spells them), and whatever the client wrote, echoed in quotes or in the list of
fields a refusal names; a value to type, in quotes (``"chow"``, ``'Content-Length'``); variant
ids; an endpoint (``POST /settle``) and JSON's and HTTP's own words (JSON, NaN, true, false,
null, UTF-16, Unicode, ``\\uXXXX``, HTTP, GET, POST) and the unit of a body's size (KiB); the
seed's own words where a rule is quoted (``…玩家A…``); numbers and signs.

tests/i18n/test_zh_everywhere.py walks the answers to a corpus of requests with it, and
tests/e2e/test_zh_problems.py every kind of problem a real gunicorn server answers.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
# Keys whose strings are said to a person (ids, codes, tiles and types have their own keys).
SENTENCES = {"detail", "formula", "note", "notes", "message", "title", "description"}

TILE = re.compile(r"^(?:[1-9]+[mps]|[ESWNCFP]+)+$")
WORD = re.compile(r"[0-9]*[A-Za-z_][A-Za-z_0-9.\[\]]*")
CJK = re.compile(r"[\u3400-\u9fff]")  # a Chinese character: a sentence said in Chinese
VARIANTS = {"xingguo", "nanchang", "qinzhou", "guangdong"}


@cache
def field_names() -> frozenset[str]:
    """Every property name of the contract's request bodies (followed through their
    references) and every query parameter's name (``lang``): a field named in a sentence is
    where to look, spelled as the request spells it. Answer fields are not in it:
    ``self_draw`` in a sentence is a word to translate."""
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    schemas = spec["components"]["schemas"]
    names: set[str] = set()
    seen: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if ref and ref not in seen:
                seen.add(ref)
                walk(schemas[ref.rsplit("/", 1)[1]])
            names.update(node.get("properties", {}))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    for operations in spec["paths"].values():
        for operation in operations.values():
            if isinstance(operation, dict) and "requestBody" in operation:
                walk(operation["requestBody"])
            if isinstance(operation, dict):
                names.update(_query_parameters(spec, operation))
    return frozenset(names)


def _query_parameters(spec: dict[str, Any], operation: dict[str, Any]) -> set[str]:
    """The names of an operation's query parameters (its own or referenced ones)."""
    shared = spec["components"].get("parameters", {})
    found = set()
    for parameter in operation.get("parameters", []):
        if "$ref" in parameter:
            parameter = shared[parameter["$ref"].rsplit("/", 1)[1]]
        if parameter.get("in") == "query":
            found.add(parameter["name"])
    return found


JSON_WORDS = {"JSON", "NaN", "true", "false", "null", "UTF", "Unicode", "POST", "GET",
              "HTTP", "KiB"}  # JSON's and HTTP's own words, and the unit of a body's size
ECHOED = [re.compile(p) for p in (
    r"'[^']*'", r'"[^"]*"',  # what the client wrote, or a value to type
    r"errors（[^）]*）",  # the fields a refusal names, as the body spelled them
    r"…[^…]*(?:…[^…]*)*…",  # the seed's own words
    r"\\u[0-9a-fA-F]{4}", r"(?:POST|GET) /[\w./<>-]*",  # an escape; an endpoint
)]


def foreign_words(text: str) -> list[str]:
    """The runs of Latin letters in ``text`` that are none of what may stay as written
    (the module's docstring)."""
    for pattern in ECHOED:
        text = pattern.sub(" ", text)
    found = []
    for word in WORD.findall(text):
        if word in JSON_WORDS:
            continue
        if TILE.match(word) or word in VARIANTS:
            continue
        parts = [p for p in re.split(r"[.\[\]0-9]+", word) if p]
        if parts and all(p in field_names() for p in parts):
            continue
        found.append(word)
    return found


def sentences(answer: Any, key: str = "") -> list[tuple[str, str]]:
    """(key, string) of every sentence or formula in an answer."""
    if isinstance(answer, dict):
        return [s for k, v in answer.items() for s in sentences(v, k)]
    if isinstance(answer, list):
        return [s for v in answer for s in sentences(v, key)]
    if isinstance(answer, str) and key in SENTENCES:
        return [(key, answer)]
    return []
