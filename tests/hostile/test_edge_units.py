"""The public edge's parts, one at a time (issue 23); tests/e2e/test_public_edge.py tries
each attack against the real server."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

import pytest

from app import create_app, edge, metrics
from app.config import Config
from app.cpus import cgroup_quota, usable_cpus
from rules.variants import VARIANTS

SLOWEST = {"variant": "xingguo", "jing": {"indicator": "3p"},
           "hand": "5m6m7m7m3p3p3p4p4p4p7p1s2s", "win_type": "self_draw"}


# ------------------------------------------------------------------ workers per CPU quota

def _cgroup(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return tmp_path


@pytest.mark.parametrize(("files", "quota"), [
    ({"cpu.max": "150000 100000\n"}, 1.5),  # cgroup v2: 1.5 CPUs
    ({"cpu.max": "max 100000\n"}, None),  # v2, unlimited
    ({"cpu/cpu.cfs_quota_us": "200000", "cpu/cpu.cfs_period_us": "100000"}, 2.0),  # v1
    ({"cpu/cpu.cfs_quota_us": "-1", "cpu/cpu.cfs_period_us": "100000"}, None),  # v1, unlimited
    ({}, None),  # no cgroup files at all (not Linux, or not mounted)
    ({"cpu.max": "garbage"}, None),
])
def test_the_cgroup_quota_is_read_in_v1_and_v2(tmp_path, files, quota):
    assert cgroup_quota(_cgroup(tmp_path, files)) == quota


def test_workers_follow_the_quota_rounded_up_never_more_than_the_cpus(tmp_path, monkeypatch):
    monkeypatch.setattr("os.sched_getaffinity", lambda _pid: {0, 1, 2, 3, 4, 5, 6, 7})
    assert usable_cpus(_cgroup(tmp_path / "a", {"cpu.max": "150000 100000"})) == 2
    assert usable_cpus(_cgroup(tmp_path / "b", {"cpu.max": "50000 100000"})) == 1
    assert usable_cpus(_cgroup(tmp_path / "c", {"cpu.max": "max 100000"})) == 8
    assert usable_cpus(_cgroup(tmp_path / "d", {"cpu.max": "6400000 100000"})) == 8


# ------------------------------------------------------------------ bounded metric labels

@pytest.mark.parametrize(("method", "label"), [
    ("GET", "GET"), ("POST", "POST"), ("OPTIONS", "OPTIONS"), ("BREW", "other"),
    ("get", "other"), ("X" * 500, "other")])
def test_a_method_label_comes_from_a_fixed_set(method, label):
    assert metrics.method_label(method) == label


@pytest.mark.parametrize(("status", "label"), [
    (200, "200"), (422, "422"), (503, "503"), (418, "4xx"), (431, "4xx"), (599, "5xx")])
def test_a_status_label_is_a_known_status_or_its_class(status, label):
    assert metrics.status_label(status) == label


def test_made_up_methods_add_one_series_in_all(client):
    for i in range(50):
        client.open("/evaluate", method=f"MADEUP{i}")
    text = client.get("/metrics").get_data(as_text=True)
    methods = {line.split('method="')[1].split('"')[0]
               for line in text.splitlines() if 'method="' in line}
    assert "other" in methods and not any(m.startswith("MADEUP") for m in methods)


# ------------------------------------------------------------------------- time budget

def _app(**config) -> object:
    return create_app(Config(log_requests=False, **config)).test_client()


def test_a_request_over_its_budget_is_503_with_retry_after():
    # 20 us: less than loading, scoring and writing any answer takes, even with every cache
    # warm from earlier tests (0.5 ms was not, once this hand had been scored before).
    client = _app(request_budget_seconds=0.00002)
    response = client.post("/evaluate", json=SLOWEST)
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "1"
    assert response.get_json() == {
        "type": "urn:mahjong-scoring:problem:over-budget", "title": "Service Unavailable",
        "status": 503, "detail": "the request was stopped after its time budget of 2e-05 s; "
                                 "try again later", "code": "server.over_budget"}


def test_no_budget_and_the_same_request_is_answered():
    assert _app(request_budget_seconds=0).post("/evaluate", json=SLOWEST).status_code == 200


def test_the_budget_is_disarmed_after_a_request():
    """No alarm is left pending to land in the next request or in the server's own loop."""
    import signal

    _app(request_budget_seconds=0.5).post("/evaluate", json=SLOWEST)
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert not edge._Alarm.armed


def test_an_alarm_caught_by_a_fallback_is_raised_again():
    """The alarm repeats until the block ends, so code that swallows the first one (a broad
    ``except`` falling back to a slower path) is stopped by the next."""
    caught = 0
    with pytest.raises(edge.BudgetExceeded), edge.time_budget(0.01):
        while True:
            try:
                while True:
                    time.sleep(0.001)
            except edge.BudgetExceeded:
                caught += 1
                if caught > 1:
                    raise
    assert caught == 2


def test_an_alarm_swallowed_entirely_still_ends_the_request_over_its_budget():
    """Where Python ignores an exception (a garbage collector's callback, a __del__) the
    alarm's raise is lost; the budget was spent all the same, so the block ends in
    BudgetExceeded (before this, such a request was answered 200 past its budget)."""
    with pytest.raises(edge.BudgetExceeded), edge.time_budget(0.001):
        deadline = time.monotonic() + 0.05
        while time.monotonic() < deadline:
            with contextlib.suppress(edge.BudgetExceeded):  # swallowed, as an ignored one is
                time.sleep(0.001)
    import signal

    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0) and not edge._Alarm.armed


def test_a_budget_that_rings_at_once_is_disarmed():
    """A budget shorter than arming it takes rings before the block starts: it is still
    disarmed when the block ends, and nothing rings later."""
    import signal

    for _ in range(50):
        with pytest.raises(edge.BudgetExceeded), edge.time_budget(0.000001):
            time.sleep(0.0005)
        assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0) and not edge._Alarm.armed
    time.sleep(0.06)  # past REPEAT: a timer left armed would ring here, outside any budget


def _left_armed() -> bool:
    import signal

    return signal.getitimer(signal.ITIMER_REAL) != (0.0, 0.0) or edge._Alarm.armed


def test_a_repeat_ringing_while_the_budgets_exception_leaves_stops_the_timer():
    """The repeat lands where the first alarm's exception is being handled (here an
    ``except`` clause; on the server, contextlib's ``__exit__`` of the budget itself, after
    a four-seat review paused for longer than REPEAT as it unwound). Raised again there, it
    skipped the ``finally`` that disarms the timer, which rang on in Flask's error handling
    (a 500), the worker's next request and its loop (the worker died). Now it stops the
    timer, and the exception already on its way ends the block."""
    import signal

    with pytest.raises(edge.BudgetExceeded), edge.time_budget(0.01):
        try:
            while True:
                time.sleep(0.001)
        except edge.BudgetExceeded:
            try:
                edge._Alarm.ring(signal.SIGALRM, None)  # the repeat, landing here
            except edge.BudgetExceeded:
                pytest.fail("a second alarm was raised while the first one's was leaving")
            assert not _left_armed()
            raise
    assert not _left_armed()


def test_a_block_whose_exit_was_skipped_leaves_a_later_budget_armed():
    """A budget whose exit never ran (its generator suspended, finalized whenever the
    collector frees it) must not disarm the budget of a later block when it is."""
    import signal

    skipped = edge.time_budget(5)
    skipped.__enter__()
    # what the 503's handler does for a block whose exit was skipped
    signal.setitimer(signal.ITIMER_REAL, 0)
    edge._Alarm.armed = False
    with edge.time_budget(5):
        skipped.gen.close()  # finalized now, inside the later block: its finally runs
        assert _left_armed()  # the later block's budget stands
    assert not _left_armed()


def test_the_503_handler_stops_a_timer_left_armed():
    """Whatever code the last alarm landed in, the answer to a request over its budget
    leaves no alarm to ring in the next request."""
    import signal

    app = create_app(Config(log_requests=False))

    @app.post("/stuck")
    def stuck():  # a budget whose exit was skipped: armed, and its exception on its way
        edge._Alarm.armed, edge._Alarm.owner = True, object()
        signal.setitimer(signal.ITIMER_REAL, 5, edge.REPEAT)
        raise edge.BudgetExceeded(5)

    try:
        response = app.test_client().post("/stuck")
        assert response.status_code == 503
        assert response.get_json()["code"] == "server.over_budget"
        assert not _left_armed()
    finally:  # a failure here must not leave the alarm to ring in another test
        signal.setitimer(signal.ITIMER_REAL, 0)
        edge._Alarm.armed = False


def test_outside_the_main_thread_there_is_no_budget():
    import threading

    seen = []
    thread = threading.Thread(target=lambda: seen.append(edge.budget_available()))
    thread.start()
    thread.join()
    assert seen == [False] and edge.budget_available()


# ---------------------------------------------------------------- metrics port split

def test_with_a_metrics_port_the_public_port_has_no_metrics():
    client = _app(metrics_port=9100)
    assert client.get("/metrics").status_code == 404  # the test client's port is 80
    on_metrics = client.get("/metrics", environ_overrides={"SERVER_PORT": "9100"})
    assert on_metrics.status_code == 200
    assert client.get("/healthz", environ_overrides={"SERVER_PORT": "9100"}).status_code == 404
    assert client.get("/healthz").status_code == 200


# ------------------------------------------------------------------- unknown rule keys

def test_unknown_rule_options_are_one_short_error_each_and_the_valid_ones_once(client):
    body = {"variant": "guangdong", "hand": "123m456p789s111sEE",
            "rules": {f"nope_{i}": 1 for i in range(15)} | {"base": "x"}}
    problem = client.post("/evaluate", json=body).get_json()
    assert len(problem["errors"]) == 16
    unknown = [e for e in problem["errors"] if e["field"] != "rules.base"]
    assert {e["message"] for e in unknown} == {
        "unknown rule option for guangdong; the problem's detail lists the valid ones"}
    assert problem["detail"].count("jiu_lian_pure") == 1
    names = ", ".join(sorted(o.name for o in VARIANTS["guangdong"].options))
    assert problem["detail"].endswith(f"the rule options of guangdong are: {names}")
    assert names.startswith("base, cap, ")


def test_a_bad_value_of_a_known_option_has_no_list_of_names(client):
    body = {"variant": "guangdong", "hand": "123m456p789s111sEE", "rules": {"base": "x"}}
    problem = client.post("/evaluate", json=body).get_json()
    assert problem["detail"] == "the request breaks 1 rule(s); see errors (rules.base)"


# ------------------------------------------------------------------- chunked bodies

def test_a_body_of_unknown_length_over_the_limit_is_413(client):
    """What a chunked body looks like to the app: no Content-Length, a stream to its end."""
    import io

    body = b'{"variant":"qinzhou","hand":"123m456p789s111sEE"}' + b" " * 70_000
    response = client.post("/evaluate", input_stream=io.BytesIO(body),
                           content_type="application/json")
    assert response.status_code == 413


def test_a_body_of_unknown_length_within_the_limit_is_read_whole(client):
    import io

    body = b'{"variant":"qinzhou","hand":"123m456p789s111sEE"}' + b" " * 60_000
    response = client.post("/evaluate", input_stream=io.BytesIO(body),
                           content_type="application/json")
    assert response.status_code == 200 and response.get_json()["winning"] is True
