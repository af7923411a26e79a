"""bench/report.py: the ceiling section's verdicts, the serving models and /match (issue 8's
70% rows are retired: tests/unit/test_bench_targets.py has issue 25's table)."""

from __future__ import annotations

import pytest

from bench import report
from bench.http import Run


def _result(evaluate: float, settle: float, p99: float = 20.0, errors: int = 0) -> dict:
    rps = {"/healthz": [1000.0, 990.0, 1010.0], "/evaluate": [evaluate, evaluate - 50, 1e4],
           "/settle": [settle, settle - 50, 1e4]}
    return {"runs": {path: [Run(path, x, 1.0, p99, 100, errors) for x in each]
                     for path, each in rps.items()}, "load": (2.0, 2.0, 2.0)}


def test_the_speed_up_the_domain_needs_to_reach_70_percent():
    # shares of /healthz: 58% scored, 76% with scoring skipped. Per /healthz request the
    # domain costs 1/0.58 - 1/0.76 = 0.408 and 70% leaves it 1/0.7 - 1/0.76 = 0.113.
    assert report.domain_speedup_needed(0.58, 0.76) == pytest.approx(3.62, abs=0.01)
    assert report.domain_speedup_needed(0.72, 0.80) < 1  # reached already
    assert report.domain_speedup_needed(0.50, 0.65) is None  # out of reach at any speed


def test_the_ceiling_section_names_each_endpoints_verdict():
    text = "\n".join(report.unscored_section(_result(830.0, 760.0), _result(830.0, 580.0)))
    assert "/evaluate 83%, so 70% is met with the domain as it is" in text
    assert "/settle 76%, so 70% needs the domain 3.6× faster than now" in text
    assert "| `/settle` | 760 | 76% |" in text
    low = "\n".join(report.unscored_section(_result(830.0, 650.0), _result(830.0, 500.0)))
    assert "/settle 65%, so 70% is out of reach even if scoring took no time" in low


def test_the_serving_model_section_gives_each_share_and_the_ratio_of_the_two_models():
    def trio(health: float, evaluate: float, settle: float) -> dict:
        return {p: Run(p, x, 1.0, 9.0, 100, 0) for p, x in
                (("/healthz", health), ("/evaluate", evaluate), ("/settle", settle))}

    lines = report.models_section({"gthread": trio(4000, 2000, 1000),
                                   "gevent": trio(5000, 3000, 1500)})
    assert "| gthread | 4,000, 9.0 ms | 2,000, 9.0 ms, 50% | 1,000, 9.0 ms, 25% |" in lines
    assert "| gevent | 5,000, 9.0 ms | 3,000, 9.0 ms, 60% | 1,500, 9.0 ms, 30% |" in lines
    assert ("gevent against gthread, requests per second: /healthz 1.25×, /evaluate 1.50×, "
            "/settle 1.50×.") in lines


def _matches(settle: float, match16: float, match64: float, errors: int = 0) -> dict:
    """Throughput runs with /match: three runs each, the middle one the median."""
    rps = {"/settle, the matches' rounds": settle, "/match, 16 rounds": match16,
           "/match, 64 rounds": match64}
    return {"matches": {name: [Run(name, x * f, 1.0, 20.0, 100, errors if "64" in name else 0)
                               for f in (0.9, 1.0, 1.2)] for name, x in rps.items()}}


NO_CACHE = "without the answer cache (RESPONSE_CACHE=0)"


def test_match_rounds_per_second_against_settles():
    # issue 30, without the answer cache: /settle 1,000 rounds/s; /match ×16 at 200
    # requests/s = 3,200 rounds/s (3.2×, met); /match ×64 at 45 requests/s = 2,880 rounds/s
    # (2.9×, not met)
    rows = report.match_targets({NO_CACHE: _matches(1000.0, 200.0, 45.0)})
    assert len(rows) == 2 and all(row.startswith("| issue 30 |") for row in rows)
    assert "of 16 rounds" in rows[0] and "3,200 rounds/s = 3.2× /settle's 1,000" in rows[0]
    assert rows[0].endswith("**met** |")
    assert "2,880 rounds/s = 2.9×" in rows[1] and rows[1].endswith("**not met** |")


def test_with_the_answer_cache_match_is_shown_but_not_a_target():
    assert report.match_targets({"with the answer cache (as shipped)":
                                 _matches(1000.0, 700.0, 150.0)}) == []


def test_match_errors_fail_the_target_and_the_section_shows_the_rates():
    rows = report.match_targets({NO_CACHE: _matches(100.0, 700.0, 150.0, errors=2)})
    assert rows[0].endswith("**met** |") and "6 errors" in rows[1]  # 2 in each of 3 runs
    assert rows[1].endswith("**not met** |")  # 96× but with errors
    cpu = {16: {"match_ns": 200_000.0, "settle_ns": 400_000.0, "rounds": 192}}
    text = "\n".join(report.match_section({"x": _matches(1000.0, 700.0, 150.0)}, cpu))
    assert "| `POST /match`, 16 rounds | 700 | 16 | 11,200 | **11.2×** |" in text
    assert "| 16 | 192 | 200.00 µs | 400.00 µs | 2.00× |" in text


def test_no_match_runs_no_match_rows():
    assert report.match_targets({"x": {"runs": {}}}) == []
    assert report.match_rates({}) == {}
