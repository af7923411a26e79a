"""bench/sight.py: first sight against seen again, per variant and for the mix."""

from __future__ import annotations

import orjson

from bench import bodies, sight
from rules.errors import InvalidInput


def test_refused_bodies_are_left_out_of_both_passes_and_each_variant_is_its_own_row():
    calls: list[str] = []

    def view(data):
        calls.append(data["id"])
        if data["id"] == "refused":
            raise InvalidInput.one("hand", "five copies", "tile.too_many_copies")
        return b"{}"

    raw = [orjson.dumps({"variant": v, "id": i})
           for v, i in (("xingguo", "a"), ("qinzhou", "refused"), ("qinzhou", "b"),
                        ("xingguo", "c"))]
    rows = sight._first_and_again(view, raw)
    assert calls == ["a", "refused", "b", "c", "a", "b", "c"]  # all first, then again
    assert {v: row["n"] for v, row in rows.items()} == {"xingguo": 2, "qinzhou": 1, "all": 3}
    assert all(row["first_ns"] > 0 and row["again_ns"] > 0 for row in rows.values())


def test_the_first_sight_rounds_are_not_the_http_rounds():
    http = {orjson.dumps(b) for b in bodies.rounds(3)}
    assert not http & {orjson.dumps(b) for b in bodies.rounds(3, seed=sight.SEED)}
