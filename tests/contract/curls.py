"""Read the curl commands out of the Markdown docs, so tests can run each one.

A command is a line in a fenced code block that starts with ``curl`` (continued with a
trailing backslash). It answers 200 unless a comment on its last line says otherwise, e.g.
``-d '{...}'  # → 422``. Only the subset of curl options the docs need is understood; any
other option fails the test, so a doc example can never silently be skipped.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

HOSTS = ("localhost:8000", "127.0.0.1:8000")
_STATUS = re.compile(r"#\s*(?:→|->|answers|expect)\s*(\d{3})\b")
_FENCE = re.compile(r"^\s*(```|~~~)")
_FLAGS = {"-s", "--silent", "-S", "--show-error", "-i", "--include", "-f", "--fail",
          "-L", "--location", "-v", "--verbose", "--compressed", "-sS", "-fsS", "-sf", "-si"}
_WITH_VALUE = {"-o", "--output", "-w", "--write-out", "-D", "--dump-header", "-A",
               "--user-agent", "-m", "--max-time"}
_DATA = {"-d", "--data", "--data-raw", "--data-binary", "--json"}


@dataclass
class Curl:
    source: str  # file:line, for the test id
    text: str
    method: str = "GET"
    path: str = "/"
    headers: dict[str, str] = field(default_factory=dict)
    body: str | None = None
    status: int = 200


def commands(path: Path) -> list[Curl]:
    """Every curl command in the fenced code blocks of a Markdown file."""
    found, fenced, pending, start = [], False, "", 0
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if _FENCE.match(line):
            fenced, pending = not fenced, ""
            continue
        if not fenced:
            continue
        stripped = line.strip()
        if not pending and not stripped.startswith("curl "):
            continue
        if not pending:
            start = number
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        found.append(parse(pending + stripped, f"{path.name}:{start}"))
        pending = ""
    return found


def parse(text: str, source: str) -> Curl:
    """One curl command line → what the test client should send."""
    status = _STATUS.search(text)
    words = shlex.split(_before_pipe(text), comments=True)[1:]
    curl = Curl(source, text, status=int(status.group(1)) if status else 200)
    i = 0
    while i < len(words):
        word = words[i]
        if word in _FLAGS:
            pass
        elif word in _WITH_VALUE:
            i += 1
        elif word in ("-X", "--request"):
            curl.method = words[i + 1].upper()
            i += 1
        elif word in ("-H", "--header"):
            name, _, value = words[i + 1].partition(":")
            curl.headers[name.strip()] = value.strip()
            i += 1
        elif word in _DATA:
            curl.body = words[i + 1]
            if curl.body.startswith("@"):
                raise ValueError(f"{source}: data from a file is not supported: {word} {curl.body}")
            if word == "--json":
                curl.headers.setdefault("Content-Type", "application/json")
            curl.method = "POST" if curl.method == "GET" else curl.method
            i += 1
        elif word.startswith("-"):
            raise ValueError(f"{source}: curl option {word} is not understood by the doc test")
        else:
            curl.path = _path(word, source)
        i += 1
    return curl


def _before_pipe(text: str) -> str:
    """The command up to a ``|`` outside quotes (a pipe into jq, say)."""
    quote = ""
    for i, char in enumerate(text):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "|":
            return text[:i]
    return text


def _path(url: str, source: str) -> str:
    if "://" not in url:
        url = "http://" + url
    parts = urlsplit(url)
    if parts.netloc not in HOSTS:
        raise ValueError(f"{source}: curl examples call {HOSTS[0]} (`make run`), not {url}")
    return parts.path + (f"?{parts.query}" if parts.query else "")
