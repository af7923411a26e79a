"""docs/advice.md's worked example of the expected-value model, checked by hand's arithmetic.

The doc picks a ready hand with one wait and ``changes: 0``: a draw that misses is thrown
back, so every draw has the same chance r / R, and win_probability = 1 − ((R − r) / R)^n,
expected_score = win_probability × the wait's self-draw total. This test posts the doc's own
request, works R and r out of it (136 less every tile the seat sees), and holds both the
service's answer and the numbers the doc computes by hand to that formula. (The curl and the
JSON shown under it are held to the service by tests/contract/test_doc_curls.py too.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules.tiles import code, parse_tiles
from tests.contract.curls import commands

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "advice.md"
HEADING = "### A worked example you can check by hand"


def section() -> tuple[str, int, int]:
    """The worked example's text and its first and last line numbers (1-based)."""
    lines = DOC.read_text(encoding="utf-8").splitlines()
    start = lines.index(HEADING)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("#")),
               len(lines))
    return "\n".join(lines[start:end]), start + 1, end


def the_request() -> dict:
    _, first, last = section()
    inside = [c for c in commands(DOC) if first <= int(c.source.rsplit(":", 1)[1]) <= last]
    assert len(inside) == 1, "the worked example has one curl command"
    assert inside[0].path == "/advise" and inside[0].body is not None
    return json.loads(inside[0].body)


def by_hand() -> dict[str, str]:
    """The doc's table of the numbers: its first column → its "by hand" column."""
    text, _, _ = section()
    rows = re.findall(r"^\| ([^|]+?) \| ([^|]*?) \| [^|]*\|$", text, re.MULTILINE)
    table = {name: value for name, value in rows if name not in ("number", "---")}
    assert table, "the worked example lost its table of numbers"
    return table


def seen_tiles(body: dict) -> list[str]:
    """Every tile the seat sees once it has thrown: its 14 concealed (the discard is in the
    pond now), its melds and `visible`."""
    tiles = [code(t) for t in parse_tiles(body["hand"])]
    for meld in body.get("melds", []):
        tiles += [code(t) for t in parse_tiles(meld["tiles"])]
    return tiles + [code(t) for t in parse_tiles(body.get("visible", ""))]


@pytest.fixture()
def worked(client) -> tuple[dict, dict]:
    body = the_request()
    response = client.post("/advise", json=body)
    assert response.status_code == 200, response.get_json()
    return body, response.get_json()


def test_the_example_is_a_ready_hand_with_one_wait_and_no_hand_change(worked):
    body, answer = worked
    assert body["expected"] is True and body["changes"] == 0
    assert answer["expected"]["changes"] == 0
    first = answer["discards"][0]
    assert answer["best"] == first["discard"] and first["shanten"] == 0
    assert len(first["waits"]) == 1 and first["waits"][0]["self_draw"] is not None


def test_the_service_answers_the_formula(worked):
    body, answer = worked
    first = answer["discards"][0]
    (wait,) = first["waits"]
    seen = seen_tiles(body)
    unseen = 136 - len(seen)  # R
    left = 4 - seen.count(wait["tile"])  # r
    assert left == wait["left"]
    draws = body["draws_left"]
    chance = 1 - ((unseen - left) / unseen) ** draws
    assert first["win_probability"] == pytest.approx(chance, rel=1e-12, abs=1e-12)
    assert first["expected_score"] == pytest.approx(chance * wait["self_draw"]["total"],
                                                    rel=1e-12)


def test_the_doc_works_the_same_numbers_by_hand(worked):
    body, answer = worked
    first = answer["discards"][0]
    (wait,) = first["waits"]
    seen = seen_tiles(body)
    unseen, left, draws = 136 - len(seen), wait["left"], body["draws_left"]
    miss = ((unseen - left) / unseen) ** draws
    table = by_hand()
    assert table == {
        "R": str(unseen), "r": str(left), "draws_left": str(draws),
        "((R − r) / R)^draws_left": f"{miss:.6f}",
        "win_probability": f"{first['win_probability']:.6f}",
        "self-draw total": str(wait["self_draw"]["total"]),
        "expected_score": f"{first['expected_score']:.6f}",
    }
    text, _, _ = section()
    # the prose says the same: R and r as counted, the fraction, the result
    assert f"136 − {len(seen)} = **{unseen}**" in text
    assert f"({unseen - left}/{unseen})" in text
    assert f"**{first['win_probability']:.6f}**" in text
    assert f"**{first['expected_score']:.6f}**" in text
