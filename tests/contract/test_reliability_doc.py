"""docs/RELIABILITY.md quotes the limits the server has and the headers it sends: each number
it states is read from the config it names, each header block it shows is what the app
answers, and the slowest request it quotes fits in the time budget many times over. Also:
no two docs differ only in the case of their name (one of them is lost on a case-insensitive
checkout, and readers follow the wrong one)."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from types import SimpleNamespace

from gunicorn.http.errors import LimitRequestLine

from app import create_app, gunicorn_errors
from app.config import Config
from app.limits import VALID_REQUEST_DEPTH
from tests.gunicorn_socket import SentBytes

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "RELIABILITY.md"
UNITS = {"KiB": 1024, "MiB": 1024 * 1024}


def _text() -> str:
    return DOC.read_text(encoding="utf-8")


def _bytes(figure: str) -> int:
    number, unit = figure.split()
    return int(number) * UNITS[unit]


def _gunicorn_setting(name: str) -> int:
    tree = ast.parse((ROOT / "gunicorn.conf.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == name:
            return ast.literal_eval(node.value)
    raise AssertionError(f"gunicorn.conf.py sets no {name}")


def test_no_two_docs_differ_only_in_case():
    names = [p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*.md")
             if "node_modules" not in p.parts and ".git" not in p.parts]
    folded: dict[str, list[str]] = {}
    for name in names:
        folded.setdefault(name.lower(), []).append(name)
    assert not [n for n in folded.values() if len(n) > 1]


def test_the_limits_table_states_the_config():
    config = Config()
    row = re.search(r"\| body size (\d+ \w+) \(`/match`: (\d+ \w+); `/replay`: (\d+ \w+)\)",
                    _text())
    assert [_bytes(f) for f in row.groups()] == [
        config.max_body_bytes, config.max_match_body_bytes, config.max_replay_body_bytes]
    nesting = re.search(r"\| JSON nesting (\d+) levels \(a valid request needs (\d+)\)", _text())
    assert (int(nesting[1]), int(nesting[2])) == (config.max_json_depth, VALID_REQUEST_DEPTH)
    assert f"Nesting deeper than {config.max_json_depth} levels (a valid request needs " \
           f"{VALID_REQUEST_DEPTH}" in _text()
    gunicorn = re.search(r"\| request line ([\d,]+) bytes, (\d+) header fields", _text())
    assert (int(gunicorn[1].replace(",", "")), int(gunicorn[2])) == (
        _gunicorn_setting("limit_request_line"), _gunicorn_setting("limit_request_fields"))
    said = re.search(r"request line over ([\d,]+) bytes, more than (\d+) headers", _text())
    assert said.groups() == gunicorn.groups()


def test_the_time_budget_and_the_slowest_request_quoted_agree():
    budget = re.search(r"`REQUEST_BUDGET_SECONDS`, ([\d.]+) s by default", _text())
    assert float(budget[1]) == Config().request_budget_seconds
    slowest = re.search(r"slowest valid request known takes a few milliseconds \(([\d.]+) ms "
                        r"cold", _text())
    table = [float(ms) for ms in re.findall(
        r"^\| `/\w+` [^|]+\| ([\d.]+) ms", _section("### The slowest valid request"), re.M)]
    assert float(slowest[1]) == max(table)  # the figure quoted is the table's slowest
    assert max(table) / 1000 < Config().request_budget_seconds / 100


def _section(heading: str) -> str:
    text = _text()
    start = text.index(f"\n{heading}\n")
    end = text.find("\n#", start + len(heading) + 2)
    return text[start:end]


def test_the_header_block_is_what_the_app_sends():
    """The answer's headers as the doc lists them after the curl, less the three gunicorn
    adds, are the app's own, in its order, with the same length and values (ids aside)."""
    block = _section("### Every API answer is not to be cached or sniffed")
    curl = re.search(r"-d '(\{.*?\})'", block)[1]
    shown = re.search(r"```\nHTTP/1.1 200 OK\n(.*?)\n```", block, re.S)[1]
    listed = [tuple(line.split(": ", 1)) for line in shown.splitlines()]
    app_part = [(k, v) for k, v in listed if k not in ("Server", "Date", "Connection")]
    client = create_app(Config(log_requests=False)).test_client()
    answer = client.post("/evaluate", data=curl, headers={"Content-Type": "application/json"})
    sent = list(answer.headers.items())
    assert [k for k, _ in app_part] == [k for k, _ in sent]
    assert {k: v for k, v in app_part if v != "…"} == \
           {k: v for k, v in sent if dict(app_part)[k] != "…"}


def _gunicorn_answer(language: str) -> str:
    """What app/gunicorn_errors.py writes for the doc's request line of 5,014 bytes."""
    settings = SimpleNamespace(limit_request_line=_gunicorn_setting("limit_request_line"))
    sock = SentBytes()
    refused = LimitRequestLine(5014, settings.limit_request_line)
    gunicorn_errors._PENDING[sock] = (language, gunicorn_errors.describe(refused, settings, 5014))
    try:
        gunicorn_errors.write_problem(sock, 414, "URI Too Long", str(refused))
    finally:
        del gunicorn_errors._PENDING[sock]
    return sock.sent.decode()


def test_gunicorn_s_own_problem_is_the_one_shown_in_chinese():
    block = _section("### Hostile bodies get a precise 400, never a 500")
    shown = re.search(r"```\n(HTTP/1.1 414 URI Too Long\n.*?\n\n\{.*?\})\n```", block, re.S)
    assert shown[1].replace("\n", "\r\n") == _gunicorn_answer("zh")  # (one line of JSON)
    english = json.loads(_gunicorn_answer("en").partition("\r\n\r\n")[2])["detail"]
    assert f"the detail is `{english}`" in " ".join(block.split())


def test_how_much_of_a_refused_head_is_read_is_the_code_s():
    """RELIABILITY.md and languages.md say how long and how much gunicorn_errors reads of a
    refused request's head (for its Accept-Language): READ_MORE_SECONDS, READ_MORE_BYTES."""
    said = f"at most {gunicorn_errors.READ_MORE_BYTES // (1 << 20)} MiB within " \
           f"{gunicorn_errors.READ_MORE_SECONDS:g} s"
    for doc in (DOC, ROOT / "docs" / "languages.md"):
        assert said in " ".join(doc.read_text(encoding="utf-8").split()), doc.name
