"""docs/operations.md says what the server does: the CORS headers it lists are the ones a
browser gets (no more, no fewer, same values), the tracing it describes happens, and its
``ruleset`` example is the real one, whole."""

from __future__ import annotations

import json
import re
from pathlib import Path

from app import create_app
from app.config import Config

DOC = Path(__file__).resolve().parents[2] / "docs" / "operations.md"
ORIGIN = "https://app.example"


def _section(title: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else None]


def documented_cors() -> dict[str, tuple[str, str]]:
    """header → (on which answers, value) from the table of "CORS for browser callers"; the
    value is the first code span of its cell."""
    rows = {}
    for line in _section("CORS for browser callers").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = (cells[1], re.match(r"`([^`]*)`", cells[2])[1])
    return rows


def _cors_client():
    return create_app(Config(cors_origins=(ORIGIN,), log_requests=False)).test_client()


def _cors_headers(response) -> dict[str, str]:
    return {k: v for k, v in response.headers.items() if k.startswith("Access-Control-")}


def test_the_preflight_sends_exactly_the_headers_the_doc_lists():
    documented = documented_cors()
    preflight = _cors_client().options("/evaluate", headers={
        "Origin": ORIGIN, "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type, traceparent"})
    sent = _cors_headers(preflight)
    expected = {h: (ORIGIN if v == "<origin>" else v) for h, (_, v) in documented.items()
                if h.startswith("Access-Control-")}
    assert sent == expected
    assert "Origin" in preflight.headers["Vary"] and documented["Vary"][1] == "Origin"


def test_a_cors_request_gets_the_doc_s_every_answer_headers_only():
    documented = documented_cors()
    answer = _cors_client().post("/evaluate", headers={"Origin": ORIGIN},
                                 json={"variant": "qinzhou", "hand": "123m456p789s111sEE"})
    every_answer = {h for h, (on, _) in documented.items()
                    if h.startswith("Access-Control-") and on.startswith("every answer")}
    assert set(_cors_headers(answer)) == every_answer
    exposed = {h.strip() for h in answer.headers["Access-Control-Expose-Headers"].split(",")}
    # everything exposed is something the server really sends on some answer
    assert exposed == {"X-Request-ID", "X-API-Version", "traceresponse", "Content-Language"}


def test_the_tracing_section_describes_what_happens(client):
    text = _section("Tracing: `traceparent` and `traceresponse`")
    curl = re.search(r"traceparent: (00-([0-9a-f]{32})-[0-9a-f]{16}-([0-9a-f]{2}))", text)
    answer = client.get("/healthz", headers={"traceparent": curl[1]})
    version, trace_id, span, flags = answer.headers["traceresponse"].split("-")
    assert (version, trace_id, flags) == ("00", curl[2], curl[3]) and len(span) == 16
    assert "`trace_id`" in text
    assert '"trace_id": null' in _section("Logs and request ids")
    assert "traceparent" in Config().cors_headers  # "it is in CORS_HEADERS"


def test_the_ruleset_example_is_the_whole_real_ruleset(client):
    text = _section("The contract")
    shown = json.loads(re.search(r"```json\n(.*?\"ruleset\".*?)\n```", text, re.S)[1])
    curl = re.search(r"-d '(\{.*?\})'", text[:text.index('"ruleset"')].rsplit("```sh", 1)[1])
    real = client.post("/evaluate", json=json.loads(curl[1])).get_json()["ruleset"]
    assert shown["ruleset"] == real
