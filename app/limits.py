"""Cheap limits checked on the raw body before it is parsed.

The JSON parser itself is safe against deep nesting (it stops with RecursionError), but a
body that parses into thousands of nested lists would still be walked by the schemas and by
error reporting. :func:`too_deep` finds a nesting deeper than the limit with a few passes of
C-level byte operations over the body (at most ``limit`` passes over at most 64 KiB), so a
hostile body costs about as much as reading it.
"""

from __future__ import annotations

import math
import re
from typing import Any

from rules import tiles
from rules.text import Sentence, Text, msg

# A JSON string, escapes included; an unterminated one runs to the end of the body.
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_OPEN_CLOSE = bytes.maketrans(b"[{]}", b"(())")
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")

VALID_REQUEST_DEPTH = 8  # the deepest valid request: body.rounds[].players[].melds[].tiles[]


def too_deep(raw: bytes, limit: int) -> bool:
    """Does ``raw`` nest arrays/objects more than ``limit`` deep (strings ignored)?

    Every pass removes the innermost bracket pairs; a structure ``limit`` deep is gone
    after ``limit`` passes, so a pair still left then sits deeper. Unbalanced brackets are
    not judged here: the parser reports them as malformed JSON.
    """
    brackets = _STRING.sub(b"", raw).translate(_OPEN_CLOSE, _NOT_BRACKETS)
    for _ in range(limit):
        shorter = brackets.replace(b"()", b"")
        if len(shorter) == len(brackets):
            return False
        brackets = shorter
    return b"()" in brackets


def keys_and_depth(data: Any, limit: int) -> tuple[int, int]:
    """How many keys all the objects of a parsed body hold, and how deep its arrays/objects
    nest (as :func:`too_deep` counts: ``{}`` is 1 deep). The walk stops below ``limit + 1``
    levels, so a hostile body costs no more than a valid one. (A plain loop: a list
    comprehension per node took twice as long, 7 us instead of 3.5 for a /settle body.)"""
    keys = depth = 0
    level = [data] if type(data) is dict or type(data) is list else []
    while level and depth <= limit:
        depth += 1
        below: list[Any] = []
        add = below.append
        for node in level:
            if type(node) is dict:
                keys += len(node)
                node = node.values()
            for value in node:
                if type(value) is dict or type(value) is list:
                    add(value)
        level = below
    return keys, depth


# A \uD800-\uDFFF escape: half of a UTF-16 surrogate pair. Paired halves decode to one
# character; a lone half would decode to a string that is not Unicode text at all.
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def lone_surrogate(raw: bytes, data: Any) -> bool:
    """Does the parsed body hold a string with an unpaired surrogate (from an escape such as
    ``"\\ud800"``)? Such a string cannot be written back as UTF-8, in an answer or a log.

    The walk over ``data`` only happens when the body has a surrogate escape at all, and
    :func:`too_deep` has already bounded its depth.
    """
    return bool(_SURROGATE_ESCAPE.search(raw)) and _has_lone_surrogate(data)


def _has_lone_surrogate(node: Any) -> bool:
    if isinstance(node, str):
        try:
            node.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(node, dict):
        return any(_has_lone_surrogate(k) or _has_lone_surrogate(v) for k, v in node.items())
    if isinstance(node, list):
        return any(_has_lone_surrogate(item) for item in node)
    return False


# Numbers: JSON allows any number of digits, the service holds what every JSON client can
# hold exactly (I-JSON, RFC 7493): whole numbers within ±(2^53 − 1), and finite decimals.
SAFE_INTEGER = 2**53 - 1
NUMBER_RANGE = msg("numbers must be finite, and whole numbers between -{most} and {most} "
                   "(2^53 - 1)", most=SAFE_INTEGER)


class OutOfRange:
    """A number of the body that the service cannot hold, kept as its text so that the
    error can say which one (and where) instead of the parser failing on it."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text

    def shown(self) -> Sentence:
        if len(self.text) <= 24:
            return self.text
        return msg("{start}... ({digits} digits)", start=self.text[:12],
                   digits=sum(c.isdigit() for c in self.text))


def json_type(value: object) -> Text:
    """What a parsed JSON value is, in JSON's words (never Python's type names)."""
    return tiles.kind_of(value)


def parse_int(text: str) -> int | OutOfRange:
    """The json module's ``parse_int``: an :class:`OutOfRange` past ±(2^53 − 1). The digits
    are counted before converting, so a 5,000-digit number costs nothing (Python refuses to
    convert more than 4,300 digits at all)."""
    if len(text.lstrip("-")) > len(str(SAFE_INTEGER)):
        return OutOfRange(text)
    value = int(text)
    return value if -SAFE_INTEGER <= value <= SAFE_INTEGER else OutOfRange(text)


def parse_float(text: str) -> float | OutOfRange:
    """The json module's ``parse_float``: an :class:`OutOfRange` for ``1e400`` and the like,
    which would otherwise become infinity."""
    value = float(text)
    return value if math.isfinite(value) else OutOfRange(text)


def out_of_range(data: Any, path: str = "") -> list[tuple[str, OutOfRange]]:
    """Every :class:`OutOfRange` in a parsed body with its JSON path (``players[2].dealer``).
    Called only when the parser made one; the body's depth is already bounded."""
    if isinstance(data, OutOfRange):
        return [(path or "body", data)]
    found: list[tuple[str, OutOfRange]] = []
    if isinstance(data, dict):
        for key, value in data.items():
            found += out_of_range(value, f"{path}.{key}" if path else str(key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += out_of_range(value, f"{path}[{index}]")
    return found
