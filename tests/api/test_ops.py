"""Operations behaviour of the web layer: request ids, JSON logs, metrics, readiness, CORS,
security headers, docs, and the ruleset carried by every scoring answer."""

from __future__ import annotations

import json
import logging
import re

import pytest
import yaml

import rules
from app import create_app, metrics, observability, ops
from app.config import Config, _origins
from rules.analysis import cache_stats
from rules.model import JingAnswer, Settlement

WIN = {"variant": "qinzhou", "hand": "123m456p789s111sEE"}


# ------------------------------------------------------------------ request id and logs
def test_incoming_request_id_is_returned(client):
    response = client.post("/evaluate", json=WIN, headers={"X-Request-ID": "app-42.round:7"})
    assert response.headers["X-Request-ID"] == "app-42.round:7"


@pytest.mark.parametrize("given", [None, "", "has space", "x" * 129, "tab\there", "<script>", "ü"])
def test_missing_or_unsafe_request_id_is_replaced(client, given):
    headers = {} if given is None else {"X-Request-ID": given}
    response = client.get("/healthz", headers=headers)
    assert re.fullmatch(r"[0-9a-f]{32}", response.headers["X-Request-ID"])


def test_errors_carry_a_request_id_too(client):
    for response in (client.get("/nowhere"), client.post("/evaluate", data="{"),
                     client.put("/evaluate", json=WIN)):
        assert response.headers["X-Request-ID"]
        assert response.mimetype == "application/problem+json"


class _Capture(logging.Handler):
    def __init__(self):
        super().__init__()
        self.lines: list[str] = []
        self.setFormatter(observability.JsonFormatter())

    def emit(self, record):
        self.lines.append(self.format(record))


@pytest.fixture()
def log_lines():
    handler = _Capture()
    logger = logging.getLogger("app")
    logger.addHandler(handler)
    yield handler.lines
    logger.removeHandler(handler)


def test_one_json_log_line_per_request(client, log_lines):
    client.post("/evaluate", json=WIN, headers={"X-Request-ID": "r-1"})
    client.get("/nowhere", headers={"X-Request-ID": "r-2"})
    access = [json.loads(line) for line in log_lines]
    assert [(a["request_id"], a["path"], a["status"]) for a in access] == [
        ("r-1", "/evaluate", 200), ("r-2", "/nowhere", 404)]
    first = access[0]
    assert first["msg"] == "request" and first["method"] == "POST"
    assert first["variant"] == "qinzhou" and first["duration_ms"] >= 0
    assert first["logger"] == "app.access" and first["level"] == "info"


def test_a_crash_is_logged_as_json_with_the_request_id(client, log_lines, monkeypatch):
    def boom(_request):
        raise RuntimeError("boom")

    monkeypatch.setattr(rules, "evaluate", boom)
    response = client.post("/evaluate", json=WIN, headers={"X-Request-ID": "r-crash"})
    assert response.status_code == 500
    assert "boom" not in response.get_data(as_text=True)  # no traceback to the caller
    error = json.loads(log_lines[0])
    assert error["level"] == "error" and error["request_id"] == "r-crash"
    assert "RuntimeError: boom" in error["exc"]


def test_request_logging_can_be_switched_off(log_lines):
    quiet = create_app(Config(log_requests=False)).test_client()
    quiet.get("/healthz")
    assert log_lines == []


# ------------------------------------------------------------------ metrics
def _sample(text: str, name: str, **labels: str) -> float:
    wanted = ",".join(f'{k}="{v}"' for k, v in sorted(labels.items()))
    for line in text.splitlines():
        if line.startswith(f"{name}{{") and _labels(line) == wanted:
            return float(line.rsplit(" ", 1)[1])
    return 0.0


def _labels(line: str) -> str:
    inside = line[line.index("{") + 1:line.index("}")]
    return ",".join(sorted(inside.split(",")))


def test_metrics_count_requests_by_endpoint_and_status(client):
    before = client.get("/metrics").get_data(as_text=True)
    for _ in range(3):
        client.post("/evaluate", json=WIN)
    client.post("/evaluate", json={"variant": "qinzhou", "hand": "1m"})
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/plain; version=0.0.4")
    after = response.get_data(as_text=True)
    ok = {"endpoint": "/evaluate", "method": "POST", "status": "200"}
    bad = {**ok, "status": "422"}
    name = "mahjong_http_requests_total"
    assert _sample(after, name, **ok) - _sample(before, name, **ok) == 3
    assert _sample(after, name, **bad) - _sample(before, name, **bad) == 1
    count = "mahjong_http_request_duration_seconds_count"
    assert _sample(after, count, **ok) - _sample(before, count, **ok) == 3
    assert _sample(after, "mahjong_http_request_duration_seconds_bucket", le="+Inf", **ok) \
        == _sample(after, count, **ok)


def test_unknown_paths_share_one_label(client):
    client.get("/a-path-nobody-has")
    text = client.get("/metrics").get_data(as_text=True)
    assert 'endpoint="unmatched"' in text and "a-path-nobody-has" not in text


def test_metrics_report_the_core_cache_hit_rates(client):
    before = cache_stats()
    client.post("/evaluate", json=WIN)
    # the same hand again, as the dealer: a new request (the answer cache does not answer
    # it whole) whose hand analysis the core's caches already hold
    client.post("/evaluate", json={**WIN, "dealer": True})
    after = cache_stats()
    # a request copies the caches' figures at most once a second (CACHE_SYNC_SECONDS): the
    # copy made here is the one the scrape shows (an earlier test's copy, taken after yet
    # another test had emptied the caches, once showed a cache used here with 0 entries)
    metrics.sync_cache_stats()
    text = client.get("/metrics").get_data(as_text=True)
    # which of the core's caches a hand goes through is the core's business: check the
    # exposition for every cache the core reports
    hit = False
    for cache, now in after.items():
        hits = _sample(text, "mahjong_core_cache_hits_total", cache=cache)
        misses = _sample(text, "mahjong_core_cache_misses_total", cache=cache)
        if hits + misses:
            ratio = _sample(text, "mahjong_core_cache_hit_ratio", cache=cache)
            assert ratio == pytest.approx(hits / (hits + misses))
        if now["hits"] + now["misses"] > before[cache]["hits"] + before[cache]["misses"]:
            # used by these requests: it holds what they kept, and the scrape says so
            assert _sample(text, "mahjong_core_cache_entries", cache=cache) == now["size"] >= 1
        hit = hit or hits >= 1
    assert hit


def test_metrics_say_how_many_core_modules_run_compiled(client):
    """An operator sees a build whose core did not compile (the answers are the same,
    only slower): the gauge counts the modules imported from a compiled file."""
    from tools import compile_core

    text = client.get("/metrics").get_data(as_text=True)
    sample = next(line for line in text.splitlines()
                  if line.startswith("mahjong_core_compiled_modules "))
    assert float(sample.split()[1]) == len(compile_core.compiled())
    assert metrics.note_compiled_core() == len(compile_core.compiled())


def test_cache_counters_follow_the_core(monkeypatch):
    stats = {"c": {"hits": 5, "misses": 2, "size": 2}}
    monkeypatch.setattr(metrics, "cache_stats", lambda: stats)
    monkeypatch.setattr(metrics, "_seen", {})
    before = metrics.CACHE_HITS.labels("c")._value.get()
    metrics.sync_cache_stats()
    stats["c"] = {"hits": 9, "misses": 2, "size": 3}
    metrics.sync_cache_stats()
    assert metrics.CACHE_HITS.labels("c")._value.get() - before == 9
    stats["c"] = {"hits": 1, "misses": 0, "size": 1}  # cache_clear(): counting restarts
    metrics.sync_cache_stats()
    assert metrics.CACHE_HITS.labels("c")._value.get() - before == 10


def test_scoring_requests_copy_the_cache_counters_at_most_once_a_second(monkeypatch):
    calls = []
    monkeypatch.setattr(metrics, "sync_cache_stats", lambda: calls.append(1))
    monkeypatch.setattr(metrics, "_next_sync", 0.0)
    clock = [1000.0]
    monkeypatch.setattr(metrics.time, "monotonic", lambda: clock[0])
    metrics.sync_cache_stats_soon()  # the first one copies
    metrics.sync_cache_stats_soon()
    clock[0] += metrics.CACHE_SYNC_SECONDS / 2
    metrics.sync_cache_stats_soon()
    assert len(calls) == 1
    clock[0] += metrics.CACHE_SYNC_SECONDS
    metrics.sync_cache_stats_soon()
    assert len(calls) == 2


# ------------------------------------------------------------------ health and readiness
def test_healthz_and_readyz(client):
    assert client.get("/healthz").get_json() == {"status": "ok"}
    assert client.get("/readyz").get_json() == {"status": "ready"}


def test_readyz_is_503_when_the_core_answers_wrong(client, monkeypatch):
    monkeypatch.setattr(ops, "waits", lambda *a, **k: ())
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.mimetype == "application/problem+json"


def test_readyz_is_503_when_the_core_raises(client, monkeypatch):
    def broken(*_a, **_k):
        raise MemoryError

    monkeypatch.setattr(ops, "shapes_of", broken)
    assert client.get("/readyz").status_code == 503


# ------------------------------------------------------------------ CORS
def _cors_client(origins: str):
    return create_app(Config(cors_origins=_origins(origins), log_requests=False)).test_client()


def test_no_cors_headers_by_default(client):
    response = client.post("/evaluate", json=WIN, headers={"Origin": "https://app.example"})
    assert "Access-Control-Allow-Origin" not in response.headers


def test_cors_allows_a_configured_origin_only():
    c = _cors_client("https://app.example, https://other.example/")
    ok = c.post("/evaluate", json=WIN, headers={"Origin": "https://other.example"})
    assert ok.headers["Access-Control-Allow-Origin"] == "https://other.example"
    assert ok.headers["Access-Control-Expose-Headers"] == \
        "X-Request-ID, X-API-Version, traceresponse, Content-Language"
    assert "Origin" in ok.headers["Vary"]
    no = c.post("/evaluate", json=WIN, headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in no.headers
    assert no.status_code == 200  # CORS is the browser's check; the answer itself is the same


def test_cors_preflight():
    c = _cors_client("https://app.example")
    response = c.options("/settle", headers={
        "Origin": "https://app.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type"})
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Origin"] == "https://app.example"
    assert "POST" in response.headers["Access-Control-Allow-Methods"]
    assert "Content-Type" in response.headers["Access-Control-Allow-Headers"]
    assert int(response.headers["Access-Control-Max-Age"]) > 0


def test_cors_methods_headers_and_preflight_age_are_configurable():
    c = create_app(Config(cors_origins=("https://app.example",), cors_methods="POST",
                          cors_headers="Content-Type", cors_max_age=86400,
                          log_requests=False)).test_client()
    response = c.options("/settle", headers={
        "Origin": "https://app.example", "Access-Control-Request-Method": "POST"})
    assert response.headers["Access-Control-Allow-Methods"] == "POST"
    assert response.headers["Access-Control-Allow-Headers"] == "Content-Type"
    assert response.headers["Access-Control-Max-Age"] == "86400"


def test_cors_settings_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("CORS_ORIGINS", "https://a.example")
    monkeypatch.setenv("CORS_METHODS", "GET")
    monkeypatch.setenv("CORS_MAX_AGE", "60")
    config = Config.from_env()
    assert (config.cors_origins, config.cors_methods, config.cors_max_age) == \
        (("https://a.example",), "GET", 60)


# ------------------------------------------------------------------ trace context
TRACE = "4bf92f3577b34da6a3ce929d0e0e4736"


def test_a_traceparent_is_logged_with_the_request_id_and_returned(client, capsys):
    response = client.post("/evaluate", json=WIN, headers={
        "traceparent": f"00-{TRACE}-00f067aa0ba902b7-01", "X-Request-ID": "trace-1"})
    version, trace_id, span, flags = response.headers["traceresponse"].split("-")
    assert (version, trace_id, flags) == ("00", TRACE, "01")
    assert len(span) == 16 and span != "00f067aa0ba902b7"
    line = [json.loads(x) for x in capsys.readouterr().err.splitlines()
            if '"trace-1"' in x][-1]
    assert line["trace_id"] == TRACE and line["request_id"] == "trace-1"


@pytest.mark.parametrize("header", [
    "garbage", f"ff-{TRACE}-00f067aa0ba902b7-01", f"00-{'0' * 32}-00f067aa0ba902b7-01",
    f"00-{TRACE}-{'0' * 16}-01", f"00-{TRACE.upper()}-00f067aa0ba902b7-01"])
def test_an_invalid_traceparent_is_ignored(client, header):
    response = client.post("/evaluate", json=WIN, headers={"traceparent": header})
    assert response.status_code == 200 and "traceresponse" not in response.headers


def test_every_answer_says_the_contract_version(client):
    from app.version import CONTRACT_VERSION

    for response in (client.get("/healthz"), client.post("/evaluate", json={}),
                     client.get("/nowhere")):
        assert response.headers["X-API-Version"] == CONTRACT_VERSION
    assert yaml.safe_load(client.get("/openapi.yaml").data)["info"]["version"] == \
        CONTRACT_VERSION


def test_cors_wildcard():
    response = _cors_client("*").get("/variants", headers={"Origin": "https://x.example"})
    assert response.headers["Access-Control-Allow-Origin"] == "*"


def test_cors_origins_parsing():
    assert _origins("") == ()
    assert _origins(" https://a.example,https://b.example/  https://c.example ") == (
        "https://a.example", "https://b.example", "https://c.example")


# ------------------------------------------------------------------ security basics
@pytest.mark.parametrize(("method", "path", "body"), [
    ("POST", "/evaluate", WIN), ("GET", "/variants", None), ("GET", "/healthz", None),
    ("GET", "/metrics", None), ("GET", "/nowhere", None), ("POST", "/settle", {}),
])
def test_api_answers_are_not_cached_and_not_sniffed(client, method, path, body):
    response = client.open(path, method=method, json=body)
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Cache-Control"] == "no-store"


def test_debug_mode_is_off_even_when_asked_for(monkeypatch):
    monkeypatch.setenv("FLASK_DEBUG", "1")
    app = create_app()
    assert app.debug is False and app.config["PROPAGATE_EXCEPTIONS"] is False


# ------------------------------------------------------------------ docs
def test_docs_page_uses_only_local_assets(client):
    response = client.get("/docs")
    assert response.status_code == 200 and response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert "http://" not in page and "https://" not in page  # no CDN
    assert 'data-spec="/openapi.yaml"' in page
    assert "default-src 'none'" in response.headers["Content-Security-Policy"]
    for asset in re.findall(r'(?:src|href)="([^"]+)"', page):
        served = client.get(asset)
        assert served.status_code == 200, asset
        assert served.headers["Cache-Control"].startswith("public")


def test_docs_assets_are_whitelisted(client):
    assert client.get("/docs/../app/__init__.py").status_code == 404
    assert client.get("/docs/index.j2").status_code == 404
    assert client.get("/docs/swagger-ui-bundle.js").mimetype == "text/javascript"


def test_swagger_ui_supports_openapi_3_1():
    bundle = (ops.SWAGGER_DIR / "swagger-ui-bundle.js").read_text(encoding="utf-8")
    assert "OpenAPI 3.1" in bundle or "isOAS31" in bundle


# ------------------------------------------------------------------ ruleset
def test_evaluate_answer_carries_the_ruleset(post):
    status, body = post("/evaluate", WIN)
    assert status == 200
    assert body["ruleset"] == {"variant": "qinzhou",
                               "options": rules.resolved_rules("qinzhou", {}),
                               "version": rules.RULES_VERSION}


_FOUR = [{"hand": "123m456p789s111sEE"}, {"hand": "1112345678999p"},
         {"hand": "2233445566778s"}, {"hand": "SSSWWWNNNCCFF"}]


@pytest.mark.parametrize(("path", "entry", "answer", "body"), [
    ("/settle", "settle", Settlement(deltas=[3, -1, -1, -1], ledger=[]),
     {"variant": "guangdong", "dealer": 0, "players": _FOUR,
      "result": {"winners": [0], "win_tile": "E", "win_type": "self_draw"}}),
    ("/jing", "jing", JingAnswer(jing=[], deltas=[3, -1, -1, -1], ledger=[]),
     {"variant": "xingguo", "indicator": "5p"}),
], ids=["settle", "jing"])
def test_settle_and_jing_answers_carry_the_ruleset(post, monkeypatch, path, entry, answer,
                                                   body):
    """The view adds the ruleset whatever the variant answers (stubbed until it settles)."""
    monkeypatch.setattr(rules, entry, lambda _request: answer)
    status, out = post(path, body)
    assert status == 200, out
    assert out["ruleset"] == {"variant": body["variant"],
                              "options": rules.resolved_rules(body["variant"], {}),
                              "version": rules.RULES_VERSION}
    assert out["deltas"] == [3, -1, -1, -1]
