"""Every answer's headers a doc shows after a curl (a block starting ``HTTP/1.1``) are the
ones the app sends for that curl: the same names in the same order, the same status and the
same values, except a value shown as ``…`` and a fresh request id. gunicorn's own three
(Server, Date, Connection) may be shown too; the app does not send them."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from tests.contract.curls import Curl, parse

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
GUNICORN = {"Server", "Date", "Connection"}
_FENCED = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def shown_answers() -> list[tuple[str, Curl, list[str]]]:
    """(where, the curl, the answer's lines up to the body) for each ``HTTP/1.1`` block that
    directly follows a block whose last command is a curl."""
    found = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        blocks = list(_FENCED.finditer(text))
        for before, block in itertools.pairwise(blocks):
            if not block[2].startswith("HTTP/1.1 "):
                continue
            command = " ".join(line.strip().removesuffix("\\")
                               for line in before[2].strip().splitlines())
            if not command.startswith("curl "):
                continue  # gunicorn's own answers, shown after printf | nc
            line = text.count("\n", 0, block.start()) + 1
            where = f"{doc.relative_to(ROOT).as_posix()}:{line}"
            head = block[2].split("\n\n", 1)[0].splitlines()
            found.append((where, parse(command, where), head))
    return found


ANSWERS = shown_answers()


def test_the_docs_show_answers_headers():
    assert len(ANSWERS) >= 3, [where for where, _, _ in ANSWERS]


@pytest.mark.parametrize(("where", "curl", "head"), ANSWERS, ids=[a[0] for a in ANSWERS])
def test_the_headers_shown_are_the_ones_sent(client, where, curl, head):
    response = client.open(curl.path, method=curl.method, headers=curl.headers,
                           data=curl.body.encode() if curl.body is not None else None)
    status = head[0].split(" ", 1)[1]
    assert status.split()[0] == str(response.status_code), where
    shown = [tuple(line.split(": ", 1)) for line in head[1:]]
    listed = [(name, value) for name, value in shown if name not in GUNICORN]
    sent = list(response.headers.items())
    assert [name for name, _ in listed] == [name for name, _ in sent], where
    fresh = set() if "X-Request-ID" in curl.headers else {"X-Request-ID"}
    differ = [(name, value, dict(sent)[name]) for name, value in listed
              if value != "…" and name not in fresh and value != dict(sent)[name]]
    assert not differ, f"{where}: (header, shown, sent) {differ}"
