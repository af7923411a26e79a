"""docs/languages.md says what the service does: its negotiation table is negotiate()'s, its
example is the real answer, and its list of translated fields is the one the Chinese
answers test checks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from app.i18n import CONTENT_LANGUAGE, negotiate
from tests.i18n.test_chinese_answers import TEXT_KEYS

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "languages.md").read_text(encoding="utf-8")


def _table(after: str) -> list[list[str]]:
    """The rows of the first table after the heading ``after``, cells stripped of backticks."""
    section = DOC.split(after, 1)[1]
    rows = []
    for line in section.splitlines():
        if line.startswith("|---"):
            continue
        if line.startswith("|"):
            rows.append([c.strip().strip("`") for c in line.strip("|").split("|")])
        elif rows:
            break
    return rows[1:]  # without the header


NEGOTIATION = _table("## How the language is chosen")


@pytest.mark.parametrize(("header", "answer"), NEGOTIATION)
def test_the_negotiation_table_is_what_the_service_does(client, header, answer):
    sent = {} if header == "(none)" else {"Accept-Language": header}
    assert CONTENT_LANGUAGE[negotiate(sent.get("Accept-Language"))] == answer
    response = client.post("/evaluate", json={"variant": "qinzhou", "hand": "123m"},
                           headers=sent)
    assert response.headers["Content-Language"] == answer


def test_the_table_has_rows():
    assert len(NEGOTIATION) >= 10


def test_the_example_is_the_real_answer(client):
    blocks = re.findall(r"```(\w+)\n(.*?)```", DOC, re.S)
    command = next(text for kind, text in blocks if kind == "sh")
    shown = json.loads(next(text for kind, text in blocks if kind == "json"))
    body = json.loads(re.search(r"-d '(.*?)'", command).group(1))
    language = re.search(r"Accept-Language: ([\w-]+)", command).group(1)
    answer = client.post("/evaluate", json=body, headers={"Accept-Language": language})
    assert answer.get_json() == shown


def test_the_translated_fields_are_the_ones_checked_in_chinese():
    listed = {cell.split("[].")[-1] for cell, _ in
              ((row[0], row[1]) for row in _table("## What is translated"))
              for cell in re.findall(r"[\w\[\].]+", cell)}
    assert listed >= TEXT_KEYS, TEXT_KEYS - listed


def test_the_readme_and_the_clients_point_at_it():
    assert "docs/languages.md" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "languages.md" in (ROOT / "docs" / "clients.md").read_text(encoding="utf-8")
