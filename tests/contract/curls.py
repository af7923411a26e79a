"""Read the curl commands out of the Markdown docs, so tests can run each one. A command is a line
in a fenced code block that starts with ``curl`` (continued with a trailing backslash, or over
several lines while a quoted ``-d`` body is open). It answers 200 unless a comment on its last
line says otherwise, e.g. ``-d '{...}'  # → 422``. When a ```json block follows the command's
block directly (blank lines only between), the answer must contain what it shows (``"..."``
keys are skipped). Only the subset of curl options the docs need is understood; any other
option fails the test, so a doc example can never silently be skipped.
"""

from __future__ import annotations

import json
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
_HEAD = {"-I", "--head", "-sI", "-Is"}
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
    shows: object = None  # the JSON answer the doc shows right after the command, if any


def commands(path: Path, name: str | None = None) -> list[Curl]:
    """Every curl command in the fenced code blocks of a Markdown file (``name``, for the test
    ids: the file's name unless given)."""
    found: list[Curl] = []
    previous: tuple[int, list[Curl]] | None = None  # (end line, curls) of the last block
    for start, end, lang, lines in _blocks(path.read_text(encoding="utf-8").splitlines()):
        if lang == "json" and previous and previous[0] == start - 1 and previous[1]:
            previous[1][-1].shows = json.loads("\n".join(lines))
        curls = _curls(lines, start, name or path.name)
        found += curls
        previous = (end, curls)
    return found


def _blocks(lines: list[str]):
    """(first line, last line, language, content lines) of each fenced block; blank lines
    after a block count as part of it, so "directly after" ignores them."""
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if not match:
            i += 1
            continue
        lang, start, body = lines[i].strip()[3:].strip(), i + 1, []
        i += 1
        while i < len(lines) and not _FENCE.match(lines[i]):
            body.append(lines[i])
            i += 1
        end = i + 1
        while end < len(lines) and not lines[end].strip():
            end += 1
        yield start, end, lang, body
        i += 1


def _curls(lines: list[str], first: int, name: str) -> list[Curl]:
    found, pending, start = [], "", 0
    for number, line in enumerate(lines, first + 1):
        stripped = line.strip()
        if not pending and not stripped.startswith("curl "):
            continue
        if not pending:
            start = number
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        if not _quotes_closed(pending + stripped):  # a -d '{ … }' body over several lines
            pending += line + "\n"
            continue
        found.append(parse(pending + stripped, f"{name}:{start}"))
        pending = ""
    return found


def _quotes_closed(text: str) -> bool:
    try:
        shlex.split(_before_pipe(text), comments=True)
    except ValueError:
        return False
    return True


def parse(text: str, source: str) -> Curl:
    """One curl command line → what the test client should send."""
    status = _STATUS.search(text)
    words = shlex.split(_before_pipe(text), comments=True)[1:]
    curl = Curl(source, text, status=int(status.group(1)) if status else 200)
    i = 0
    while i < len(words):
        word = words[i]
        if word in _HEAD:
            curl.method = "HEAD"
        elif word in _FLAGS:
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
