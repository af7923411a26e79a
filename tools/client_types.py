"""The Python client's TypedDicts, generated from the contract (`make clients`).

Every schema of openapi.yaml's ``components.schemas`` becomes one ``TypedDict`` in
``clients/python/src/mahjong_scoring_client/schema.py``: a property the schema does not
require is ``NotRequired``, an ``enum`` a ``Literal``, a ``$ref`` the named type. Generating
them (rather than writing them by hand) keeps the client exactly on the contract while
colleagues extend it; tests/clients/test_python_types.py fails when the committed module
drifts from what this prints. The functional ``TypedDict("Name", {...})`` form is used because
the contract has keys that are Python keywords (``from``).

    .venv/bin/python -m tools.client_types [openapi.yaml] > \
        clients/python/src/mahjong_scoring_client/schema.py
"""

from __future__ import annotations

import json
import keyword
import sys
import textwrap
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "clients/python/src/mahjong_scoring_client/schema.py"
WIDTH = 100
# Keywords that only constrain values; a TypedDict cannot say them, so they are left out.
CONSTRAINTS = {"description", "default", "maxLength", "minLength", "maxItems", "minItems",
               "minimum", "maximum", "example", "examples", "format", "pattern", "title",
               "x-known-values"}  # an open string's known values: still a plain str
SCALARS = {"string": "str", "integer": "int", "number": "float", "boolean": "bool",
           "null": "None"}

HEADER = '''"""Request and answer types of the scoring service: a TypedDict per contract schema.

Generated from openapi.yaml by ``make clients`` (tools/client_types.py): do not edit by hand.
"""

from typing import Any, Literal, NotRequired, TypedDict

__all__ = [
{names}
]
'''


# A type is an atom (a string) or (head, children): "list" → list[a], "|" → a | b.
Type = str | tuple[str, list["Type"]]


def type_of(schema: dict[str, Any]) -> Type:
    """The Python type a JSON schema (as apispec writes them) describes."""
    unknown = set(schema) - CONSTRAINTS - {"type", "enum", "items", "$ref", "oneOf", "anyOf",
                                           "additionalProperties", "properties", "required"}
    if unknown:
        raise ValueError(f"schema keyword(s) {sorted(unknown)} not supported: extend "
                         f"tools/client_types.py")
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    if "oneOf" in schema or "anyOf" in schema:
        return union([type_of(s) for s in schema.get("oneOf", schema.get("anyOf"))])
    if "enum" in schema:
        return ("Literal", [literal(v) for v in schema["enum"]])
    kinds = schema.get("type")
    if kinds is None:
        return "Any"
    if isinstance(kinds, list):
        return union([type_of({**schema, "type": kind}) for kind in kinds])
    if kinds == "array":
        return ("list", [type_of(schema.get("items", {}))])
    if kinds == "object":
        if "properties" in schema:
            raise ValueError("an object with properties inside a schema has no name: give it a "
                             "schema of its own in the contract, or extend tools/client_types.py")
        extra = schema.get("additionalProperties", {})
        return ("dict", ["str", type_of(extra) if isinstance(extra, dict) else "Any"])
    return SCALARS[kinds]


def literal(value: Any) -> str:
    """A Literal's value as Python source, strings in double quotes like the rest."""
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return repr(value)


def union(types: list[Type]) -> Type:
    """``a | b``, with None folded into a Literal (``Literal["x", None]``) when there is one."""
    flat: list[Type] = []
    for t in types:
        for member in (t[1] if isinstance(t, tuple) and t[0] == "|" else [t]):
            if member not in flat:
                flat.append(member)
    literals = [t for t in flat if isinstance(t, tuple) and t[0] == "Literal"]
    if "None" in flat and len(literals) == 1:
        flat.remove("None")
        if "None" not in literals[0][1]:
            literals[0][1].append("None")
    return flat[0] if len(flat) == 1 else ("|", flat)


def flat(t: Type) -> str:
    if isinstance(t, str):
        return t
    head, children = t
    if head == "|":
        return " | ".join(flat(c) for c in children)
    return f"{head}[{', '.join(flat(c) for c in children)}]"


def render(t: Type, indent: int, tail: str = "") -> list[str]:
    """``t`` as lines of at most WIDTH characters, broken inside its brackets when it must."""
    pad = " " * indent
    line = f"{pad}{flat(t)}{tail}"
    if len(line) <= WIDTH or isinstance(t, str):
        return [line]
    head, children = t
    if head == "|":
        lines: list[str] = []
        for i, child in enumerate(children):
            lines += render(child, indent, " |" if i < len(children) - 1 else tail)
        return lines
    inner = " " * (indent + 4)
    if all(isinstance(c, str) for c in children):  # a Literal's values: packed onto lines
        body = textwrap.wrap(", ".join(children) + ",", WIDTH, initial_indent=inner,
                             subsequent_indent=inner, break_on_hyphens=False)
    else:
        # No comma after the last: NotRequired[x,] would be a tuple, which it refuses.
        body = [row for i, c in enumerate(children)
                for row in render(c, indent + 4, "," if i < len(children) - 1 else "")]
    return [f"{pad}{head}[", *body, f"{pad}]{tail}"]


def typed_dict(name: str, schema: dict[str, Any]) -> list[str]:
    """One TypedDict: the class form, or the functional one when a key is not a Python name."""
    # additionalProperties is not said: a TypedDict is open to more keys whatever it declares.
    properties = schema.get("properties", {})
    functional = not all(f.isidentifier() and not keyword.iskeyword(f) for f in properties)
    required = set(schema.get("required", []))
    lines = [f'{name} = TypedDict("{name}", {{' if functional else f"class {name}(TypedDict):"]
    for field, prop in properties.items():
        if "description" in prop:
            lines += textwrap.wrap(" ".join(str(prop["description"]).split()), WIDTH - 6,
                                   initial_indent="    # ", subsequent_indent="    # ")
        t = type_of(prop)
        if field not in required:
            t = ("NotRequired", [t])
        key, tail = (f'    "{field}": ', ",") if functional else (f"    {field}: ", "")
        rows = render(t, 4, tail)
        if len(key + rows[0].lstrip()) <= WIDTH:
            lines += [key + rows[0].lstrip(), *rows[1:]]
        else:  # a union too long for one line: one member a line, inside brackets
            lines += [key + "(", *render(t, 8), f"    ){tail}"]
    if not properties and not functional:
        lines.append("    pass")
    return [*lines, "})"] if functional else lines


def ordered(schemas: dict[str, Any]) -> list[str]:
    """Schema names with each after those it refers to (the functional form needs that)."""
    out: list[str] = []

    def refs(node: Any) -> set[str]:
        if isinstance(node, dict):
            found = {node["$ref"].rsplit("/", 1)[-1]} if "$ref" in node else set()
            return found.union(*(refs(v) for v in node.values()))
        if isinstance(node, list):
            return set().union(*(refs(v) for v in node))
        return set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        if name in out:
            return
        if name in path:
            raise ValueError(f"schemas refer to each other in a cycle: {' → '.join(path)}")
        for dependency in sorted(refs(schemas[name])):
            visit(dependency, (*path, name))
        out.append(name)

    for name in schemas:
        visit(name, ())
    return out


def module(spec: dict[str, Any]) -> str:
    schemas = spec["components"]["schemas"]
    names = ordered(schemas)
    listed = textwrap.wrap(", ".join(f'"{n}"' for n in sorted(names)) + ",", WIDTH,
                           initial_indent="    ", subsequent_indent="    ")
    head = HEADER.format(names="\n".join(listed))
    blocks = ["\n".join(typed_dict(name, schemas[name])) for name in names]
    return head + "\n\n" + "\n\n\n".join(blocks) + "\n"


def main(argv: list[str]) -> None:
    source = Path(argv[0]) if argv else ROOT / "openapi.yaml"
    sys.stdout.write(module(yaml.safe_load(source.read_text(encoding="utf-8"))))


if __name__ == "__main__":
    main(sys.argv[1:])
