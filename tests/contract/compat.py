"""What in a new contract would break a client built on an older one.

A client generated from the released contract sends requests the old schemas allow and reads
answers the old schemas describe. A new contract breaks it when it:

* drops an operation, or a status code an operation answered with;
* refuses a request the old one took: a request field removed (unknown fields are a 422), a
  new required field, a narrower type, fewer enum values, a lower maximum or length, a
  higher minimum;
* answers what the old one did not describe: a response field removed or no longer
  required, a type the old schema did not allow (``null`` included), enum values the old
  enum did not list, or a known value of an open string (``x-known-values``: a pattern id,
  an error code) the old one listed and the new one does not, i.e. one renamed or removed.

Widening a request or narrowing an answer is compatible, and so is adding fields, operations
or statuses. :func:`breaking_changes` lists every break, each with where it is.
"""

from __future__ import annotations

from typing import Any

Doc = dict[str, Any]
METHODS = ("get", "put", "post", "delete", "options", "head", "patch")


def breaking_changes(old: Doc, new: Doc) -> list[str]:
    found: list[str] = []
    for path, old_item in old.get("paths", {}).items():
        new_item = new.get("paths", {}).get(path)
        for method in METHODS:
            if method not in old_item:
                continue
            where = f"{method.upper()} {path}"
            if new_item is None or method not in new_item:
                found.append(f"{where}: the operation was removed")
                continue
            found += _operation(old, new, old_item[method], new_item[method], where)
    return found


def _operation(old: Doc, new: Doc, was: Doc, now: Doc, where: str) -> list[str]:
    found = []
    old_body = _json_schema(old, was.get("requestBody"))
    new_body = _json_schema(new, now.get("requestBody"))
    if old_body is not None:
        if new_body is None:
            found.append(f"{where} request: the body is no longer described")
        else:
            found += _Compare(old, new, "request").schema(old_body, new_body, f"{where} request")
    for status, old_response in was.get("responses", {}).items():
        new_response = now.get("responses", {}).get(status)
        if new_response is None:
            found.append(f"{where} {status}: the response was removed")
            continue
        old_schema = _json_schema(old, old_response)
        new_schema = _json_schema(new, new_response)
        if old_schema is not None and new_schema is not None:
            found += _Compare(old, new, "response").schema(old_schema, new_schema,
                                                           f"{where} {status}")
    return found


def _json_schema(doc: Doc, part: Doc | None) -> Doc | None:
    part = _resolve(doc, part) if part else None
    if not part:
        return None
    for media, content in part.get("content", {}).items():
        if "json" in media and "schema" in content:
            return content["schema"]
    return None


def _resolve(doc: Doc, node: Any) -> Any:
    seen = 0
    while isinstance(node, dict) and "$ref" in node and seen < 32:
        target: Any = doc
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        node, seen = target, seen + 1
    return node


def _types(schema: Doc) -> set[str] | None:
    """The JSON types a schema allows, or None when it does not say (any)."""
    kind = schema.get("type")
    if kind is None:
        return None
    return set(kind) if isinstance(kind, list) else {kind}


class _Compare:
    def __init__(self, old: Doc, new: Doc, direction: str):
        self.old, self.new, self.direction = old, new, direction
        self.visiting: set[tuple[int, int]] = set()

    def schema(self, was: Doc, now: Doc, where: str) -> list[str]:
        was, now = _resolve(self.old, was), _resolve(self.new, now)
        key = (id(was), id(now))
        if key in self.visiting or not isinstance(was, dict) or not isinstance(now, dict):
            return []
        self.visiting.add(key)
        try:
            return [*self._types(was, now, where), *self._enum(was, now, where),
                    *self._known(was, now, where), *self._bounds(was, now, where),
                    *self._properties(was, now, where), *self._items(was, now, where),
                    *self._alternatives(was, now, where)]
        finally:
            self.visiting.discard(key)

    def _types(self, was: Doc, now: Doc, where: str) -> list[str]:
        old, new = _types(was), _types(now)
        if self.direction == "request":  # every type it took, it must still take
            lost = (old or set()) - new if new is not None else set()
            if old is None and new is not None:
                lost = {"(any)"}
            return [f"{where}: no longer accepts {sorted(lost)}"] if lost else []
        gained = (new or set()) - old if old is not None else set()
        if new is None and old is not None:
            gained = {"(any)"}
        return [f"{where}: may now answer {sorted(gained)}"] if gained else []

    def _enum(self, was: Doc, now: Doc, where: str) -> list[str]:
        old, new = was.get("enum"), now.get("enum")
        if self.direction == "request":
            if old is not None and (new is None or set(map(repr, old)) <= set(map(repr, new))):
                return []
            if old is None and new is not None:
                return [f"{where}: now only accepts {new}"]
            lost = [v for v in old or [] if repr(v) not in set(map(repr, new or []))]
            return [f"{where}: no longer accepts {lost}"] if lost else []
        if new is None:
            return []
        added = [v for v in new if old is None or repr(v) not in set(map(repr, old))]
        return [f"{where}: may now answer the values {added}"] if old is not None and added \
            else []

    def _known(self, was: Doc, now: Doc, where: str) -> list[str]:
        """An answer's open string keeps every value it was known to answer: a client may
        branch on each (an error code, a pattern id), so renaming one is a break."""
        if self.direction == "request" or "x-known-values" not in was:
            return []
        lost = [v for v in was["x-known-values"] if v not in now.get("x-known-values", [])]
        return [f"{where}: no longer lists the known values {lost}"] if lost else []

    def _bounds(self, was: Doc, now: Doc, where: str) -> list[str]:
        if self.direction != "request":
            return []
        found = []
        for upper in ("maximum", "maxLength", "maxItems", "maxProperties"):
            if upper in now and (upper not in was or now[upper] < was[upper]):
                found.append(f"{where}: {upper} lowered to {now[upper]} "
                             f"(was {was.get(upper, 'none')})")
        for lower in ("minimum", "minLength", "minItems", "minProperties"):
            if lower in now and (lower not in was or now[lower] > was[lower]):
                found.append(f"{where}: {lower} raised to {now[lower]} "
                             f"(was {was.get(lower, 'none')})")
        return found

    def _properties(self, was: Doc, now: Doc, where: str) -> list[str]:
        found = []
        old_props, new_props = was.get("properties", {}), now.get("properties", {})
        old_required, new_required = set(was.get("required", [])), set(now.get("required", []))
        for name, old_prop in old_props.items():
            if name not in new_props:
                if self.direction == "request" and not now.get("additionalProperties", False):
                    found.append(f"{where}.{name}: the request field was removed")
                elif self.direction == "response":
                    found.append(f"{where}.{name}: the answer field was removed")
                continue
            found += self.schema(old_prop, new_props[name], f"{where}.{name}")
        if self.direction == "request":
            found += [f"{where}.{name}: a new required request field"
                      for name in sorted(new_required - old_required)]
        else:
            found += [f"{where}.{name}: no longer always in the answer"
                      for name in sorted(old_required - new_required) if name in old_props]
        return found

    def _items(self, was: Doc, now: Doc, where: str) -> list[str]:
        if isinstance(was.get("items"), dict) and isinstance(now.get("items"), dict):
            return self.schema(was["items"], now["items"], f"{where}[]")
        return []

    def _alternatives(self, was: Doc, now: Doc, where: str) -> list[str]:
        found = []
        for word in ("oneOf", "anyOf", "allOf"):
            old, new = was.get(word), now.get(word)
            if old and new and len(old) == len(new):
                for i, (a, b) in enumerate(zip(old, new, strict=True)):
                    found += self.schema(a, b, f"{where}.{word}[{i}]")
            elif old and not new and self.direction == "response":
                found.append(f"{where}: {word} no longer described")
        return found
