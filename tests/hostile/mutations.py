"""A mutation fuzzer over valid requests: what a broken or hostile client could send.

:func:`corpus` builds valid bodies for every endpoint and variant (simulated /settle rounds
included); :func:`mutate` turns one into a hostile request, either on the parsed tree (drop
a field, wrong type, huge or negative number, long string, odd Unicode, deep nesting, …) or on
the raw bytes (duplicate keys, NaN, invalid UTF-8, truncation, a wrong content type, …).
Every mutation is a pure function of its seed, so a failure names the seed that replays it.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.bodies import advices
from rules.variants import VARIANTS
from tests.sim.engine import Simulator, play_match

JSON = "application/json"


@dataclass
class Case:
    """One request to send: path, raw body, content type, and how it was made."""

    path: str
    body: bytes
    content_type: str | None
    how: str


# ---------------------------------------------------------------------- valid bodies
def _evaluate_bodies(name: str) -> list[dict[str, Any]]:
    variant = VARIANTS[name]
    jing = {"jing": {"indicator": "5p"}} if variant.wild_jing else {}
    return [
        {"variant": name, "hand": "123m456p789s111sEE", "win_type": "self_draw", **jing},
        {"variant": name, "hand": ["1m", "1m", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m",
                                   "9m", "9m", "9m"], "dealer": True, **jing},
        {"variant": name, "hand": "234m567p789sEE", "win_tile": "E", "win_type": "discard",
         "melds": [{"type": "pung", "tiles": "111s", "from": 2}],
         "rules": {}, **jing},
    ]


def _jing_bodies(name: str) -> list[dict[str, Any]]:
    # No tile more than four times across hands, discards and the (out of play) indicator.
    hands = ["123m456p789s111sE", "234m567p789sSSS1p", "555m333p555s666sC", "19m19p19sESWNCFP"]
    body: dict[str, Any] = {"variant": name, "indicator": "9p", "dealer": 0,
                            "players": [{"hand": h, "discards": d}
                                        for h, d in zip(hands, ("8m", "9m", "7p", "8p"),
                                                        strict=True)]}
    if "lower_indicator" in VARIANTS[name].jing_fields:
        body["lower_indicator"] = "9s"
    return [body]


def corpus(rounds_per_variant: int = 6) -> list[tuple[str, dict[str, Any]]]:
    """(path, valid body) pairs for every endpoint and every variant."""
    out: list[tuple[str, dict[str, Any]]] = []
    for name, variant in VARIANTS.items():
        out += [("/evaluate", b) for b in _evaluate_bodies(name)]
        if variant.jing_fields:
            out += [("/jing", b) for b in _jing_bodies(name)]
        played = [Simulator(name, 70_000 + seed).play() for seed in range(rounds_per_variant)]
        settles = [p.request for p in played]
        out += [("/settle", body) for body in settles]
        out += [("/replay", p.log) for p in played[:3]]
        out += [("/replay", {**p.log, "actions": p.log["actions"][:len(p.log["actions"]) // 2]})
                for p in played[3:5]]  # rounds in progress
        out += [("/advise", body) for body in advices(settles)[:4]]
        if variant.scored:
            out.append(("/match", play_match(name, 71_000, 4).body))
            out.append(("/match", play_match(name, 72_000, 4, logs=0.5).body))  # logs too
    return out


# ---------------------------------------------------------------------- tree mutations
ODD_STRINGS = [
    "", " ", "\u0000", "\ud800", "\udfff1m", "1m\u200b2m", "\u202e1m2m", "１ｍ２ｍ",
    "🀇🀈🀉", "🀄" * 20, "e\u0301", "ＥＳＷＮ", "一万" * 30, "💩", "\ufeff1m", "\\u0000",
    "1m" * 5000, "9" * 5000 + "m", "x" * 60_000, "null", "NaN", "-1", "1e309",
    "<script>alert(1)</script>", "'; DROP TABLE rounds; --", "%s%n%x", "${jndi:ldap://x}",
    "../../etc/passwd", "\r\n\r\nHTTP/1.1 200 OK", "self_draw\u0000", "Xingguo", "xingguo ",
]
ODD_NUMBERS = [0, -1, 1, 3, 4, 5, -4, 255, 2**31, 2**53 + 1, 2**63, -(2**63), 2**64 + 1,
               10**100, -(10**100), 0.0, -0.0, 0.5, 1.0, 3.0, 1e308, -1e308, 5e-324]
ODD_VALUES: list[Any] = [None, True, False, [], {}, [None], [[]], {"": None}, {"a": {"b": []}},
                         [1, 2, 3], ["1m"] * 40, {"variant": "xingguo"}]


def _paths(node: Any, here: tuple = ()) -> list[tuple]:
    """Every path (keys and indexes) into the tree, the root included."""
    found = [here]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*here, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _paths(value, (*here, i))
    return found


def _get(node: Any, path: tuple) -> Any:
    for step in path:
        node = node[step]
    return node


def _set(root: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    _get(root, path[:-1])[path[-1]] = value
    return root


def _odd_value(rng: random.Random, old: Any) -> Any:
    pick = rng.random()
    if isinstance(old, bool) or pick < 0.3:
        return copy.deepcopy(rng.choice(ODD_VALUES))  # never share (nor grow) the constants
    if isinstance(old, int) or pick < 0.55:
        if isinstance(old, int) and rng.random() < 0.3:
            return -old or -rng.randint(1, 9)
        return rng.choice(ODD_NUMBERS)
    if pick < 0.85:
        return rng.choice(ODD_STRINGS)
    return rng.choice([str(old), [old], {"value": old}, [old] * rng.randint(2, 50)])


def _drop(rng: random.Random, root: Any, path: tuple) -> tuple[Any, str]:
    parent = _get(root, path[:-1])
    if isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent.pop(path[-1])
    return root, f"drop {path}"


def _retype(rng: random.Random, root: Any, path: tuple) -> tuple[Any, str]:
    value = _odd_value(rng, _get(root, path))
    return _set(root, path, value), f"set {path} = {_short(value)}"


def _nest(rng: random.Random, root: Any, path: tuple) -> tuple[Any, str]:
    depth = rng.choice([3, 10, 17, 40])  # deeper: _deep_raw
    value = _get(root, path)
    for _ in range(depth):
        value = [value] if rng.random() < 0.5 else {"k": value}
    return _set(root, path, value), f"nest {path} {depth} deep"


def _grow(rng: random.Random, root: Any, path: tuple) -> tuple[Any, str]:
    value = _get(root, path)
    times = rng.choice([2, 5, 31, 200, 3000])
    if isinstance(value, list):
        grown: Any = (value or [None]) * times
    elif isinstance(value, str):
        grown = value * times
    elif isinstance(value, dict):
        grown = {**value, **{f"extra{i}": i for i in range(times)}}
    else:
        grown = [value] * times
    return _set(root, path, grown), f"grow {path} ×{times}"


def _add_key(rng: random.Random, root: Any, path: tuple) -> tuple[Any, str]:
    target = _get(root, path)
    if not isinstance(target, dict):
        return _retype(rng, root, path)
    key = rng.choice(["extra", "__proto__", "constructor", "", "variant ", "rules", "🀄",
                      "players", "hand\u0000", "x" * 300])
    target[key] = copy.deepcopy(rng.choice(ODD_VALUES + ODD_NUMBERS[:5]))
    return root, f"add key {key[:20]!r} at {path}"


TREE_MUTATIONS: list[Callable[[random.Random, Any, tuple], tuple[Any, str]]] = [
    _drop, _retype, _retype, _retype, _nest, _grow, _add_key]


def _mutate_tree(rng: random.Random, body: dict[str, Any]) -> tuple[Any, str]:
    root: Any = copy.deepcopy(body)
    notes = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        paths = _paths(root)
        path = rng.choice(paths)
        mutation = rng.choice(TREE_MUTATIONS)
        if not path and mutation is _drop:
            mutation = _retype
        root, note = mutation(rng, root, path)
        notes.append(note)
    return root, "; ".join(notes)


# ---------------------------------------------------------------------- byte mutations
def _dup_key(rng: random.Random, raw: bytes) -> tuple[bytes, str]:
    return b'{"variant": "qinzhou", ' + raw[1:], "duplicate key variant"


def _constant(rng: random.Random, raw: bytes) -> tuple[bytes, str]:
    word = rng.choice([b"NaN", b"Infinity", b"-Infinity", b"1e999", b"-1e999", b"1" * 5000,
                       b"0x10", b"01", b"+1", b".5", b"1.", b"undefined", b"tru"])
    at = raw.find(b":") + 1
    return raw[:at] + word + b"," + raw[at:].split(b",", 1)[-1], f"constant {word[:12]!r}"


def _bad_utf8(rng: random.Random, raw: bytes) -> tuple[bytes, str]:
    junk = rng.choice([b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\xf0\x28\x8c\x28", b"\x80",
                       b"\xc0\xaf", b"\x00"])
    at = raw.find(b'"', rng.randrange(len(raw))) + 1 or 1
    return raw[:at] + junk + raw[at:], f"invalid utf-8 {junk!r} at {at}"


def _truncate(rng: random.Random, raw: bytes) -> tuple[bytes, str]:
    at = rng.randrange(len(raw))
    return raw[:at], f"truncated at {at}"


def _flip(rng: random.Random, raw: bytes) -> tuple[bytes, str]:
    data = bytearray(raw)
    for _ in range(rng.randint(1, 8)):
        data[rng.randrange(len(data))] = rng.randrange(256)
    return bytes(data), "random bytes"


def _wrap(rng: random.Random, raw: bytes) -> tuple[bytes, str]:
    form = rng.choice([b"[%s]", b"\xef\xbb\xbf%s", b"%s%s", b"  %s  ", b"%s garbage",
                       b'"%s"', b"{\"a\":%s}"])
    return (form.replace(b"%s", raw)), f"wrapped {form!r}"


def _huge(rng: random.Random, raw: bytes) -> tuple[bytes, str]:
    size = rng.choice([64 * 1024 - 10, 64 * 1024 + 1, 300_000])
    padding = b" " * max(0, size - len(raw))
    return raw[:-1] + padding + b"}", f"padded to {size} bytes"


def _deep_raw(rng: random.Random, raw: bytes) -> tuple[bytes, str]:
    depth = rng.choice([17, 100, 5000, 30_000])
    opener = rng.choice([b"[", b'{"a":'])
    closer = b"]" if opener == b"[" else b"}"
    return (b'{"variant":"qinzhou","hand":' + opener * depth + b"1" + closer * depth + b"}",
            f"raw nesting {depth}")


BYTE_MUTATIONS = [_dup_key, _constant, _bad_utf8, _truncate, _flip, _wrap, _huge, _deep_raw]
CONTENT_TYPES = [JSON, JSON, JSON, "application/json; charset=utf-8", "application/problem+json",
                 "text/plain", "application/x-www-form-urlencoded", None, "application/jsonx",
                 "multipart/form-data; boundary=x"]
PATHS = ["/evaluate", "/settle", "/jing", "/match"]


def mutate(seed: int, bodies: list[tuple[str, dict[str, Any]]]) -> Case:
    """The hostile request number ``seed``: a valid body, mutated."""
    rng = random.Random(seed)
    path, body = rng.choice(bodies)
    if rng.random() < 0.05:
        path = rng.choice(PATHS)  # a valid body of another endpoint
    content_type: str | None = JSON
    if rng.random() < 0.65:
        tree, how = _mutate_tree(rng, body)
        raw = _dumps(tree)
    else:
        mutation = rng.choice(BYTE_MUTATIONS)
        raw, how = mutation(rng, _dumps(body))
    if rng.random() < 0.05:
        content_type = rng.choice(CONTENT_TYPES)
        how += f"; content type {content_type}"
    return Case(path, raw, content_type, how)


def _dumps(tree: Any) -> bytes:
    """JSON bytes; lone surrogates are kept as \\ud800 escapes, as a client could send."""
    return json.dumps(tree, ensure_ascii=True).encode()


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) < 60 else text[:57] + "..."
