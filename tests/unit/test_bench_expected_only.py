"""``BENCH_ONLY=expected make bench`` (bench/expected_only.py) rewrites only issues 42 and
43's rows and section of docs/PERFORMANCE.md, says so in the header once, and leaves every
other line as the whole run wrote it."""

from __future__ import annotations

from pathlib import Path

from bench import expectation, expected_only, report_expected

DOC = (Path(__file__).resolve().parents[2] / "docs" / "PERFORMANCE.md").read_text(
    encoding="utf-8")


def _results(p99_ms: float) -> dict:
    hand = {(shanten, changes, jing): {"p50": p99_ms * 5e5, "p99": p99_ms * 1e6,
                                       "states": 123, "states_max": 456, "calls": 12,
                                       "too_large": 0}
            for (shanten, changes) in expectation.ROWS for jing in expectation.JING}
    return {"expected_hand": hand,
            "expected_log": {"calls": 9, "log_p99": 3e6, "hand_p99": 2e6, "ratio": 1.5},
            "review": {"rounds": 4, "reviews": 16, "too_large": 0, "too_large_four": 0,
                       "decisions": 122, "unvalued": 8, "one_p95": 2.5, "one_median": 1.25,
                       "four_median": 3.75, "ratios": [3.5, 2.5, 3.0, 3.25], "ratio": 3.125,
                       "by_variant": {"xingguo": {"actions": 61, "seats": [1.0, 2.0, 1.5, 0.5],
                                                  "four": 4.5}},
                       "slowest": {"variant": "xingguo", "seat": 1, "hotspots": [
                           ("rules/analysis/exchange.py:119 of", 0.05, 0.2),
                           ("rules/analysis/expectation.py:287 _expand", 0.07, 0.5)]},
                       "any_length": {"rounds": 8, "p95": 3.5, "median": 2.0}},
            "collector": {"reviews": 8, "default_s": 20.0, "served_s": 17.5, "ratio": 0.875},
            "core": {"compiled": 7, "modules": 7, "compiled_s": 6.0, "pure_s": 8.0,
                     "ratio": 0.75}}


def _outside(text: str) -> list[str]:
    """The lines neither the rows of issues 42 and 43, nor their section, nor the stamp."""
    start = text.index(expected_only.HEADING)
    end = text.find("\n## ", start + len(expected_only.HEADING))
    rest = text[:start] + text[end:]
    return [line for line in rest.split("\n")
            if not line.startswith(("| issue 42 |", "| issue 43 |", expected_only.STAMP))]


def test_only_the_expected_rows_and_section_change():
    new = expected_only.rewrite(DOC, _results(7.0), "2026-12-06 15:00 UTC, commit abc1234")
    assert _outside(new) == _outside(DOC)
    assert "| issue 42 | a 14-tile hand, every discard, both numbers, draws_left 18, tenpai, " \
           "changes 1: p99 < 50 ms with 0, 2 and 4 jing | 0 jing: p99 7.0 ms" in new
    assert "p95 2.50 s (median 1.25 s; each seat of each variant's median round, 16 reviews" \
        in new
    assert "3.12× (median of the 4 rounds' ratios 2.50×, 3.00×, 3.25×, 3.50×" in new
    assert "8 of their 122 decisions too large to value alone, left unvalued" in new
    assert "the former measure, one seat of each of 8 rounds of any length: p95 3.50 s" in new
    assert "| xingguo | 61 | 1.00 s | 2.00 s | 1.50 s | 0.50 s | 4.50 s | 3.60× |" in new
    assert "8 one-seat reviews (seats 0 and 2 of each median round, warmed as above) took " \
        "17.5 s as the workers run them against 20.0 s with Python's default collector " \
        "running: 0.88× the time." in new
    assert "**Where the slowest one-seat review's time goes (xingguo, seat 1; cProfile of " \
        "the sources run as pure Python, since it sees nothing inside a compiled module" in new
    assert "The core: 7 of its 7 modules compiled with Cython" in new
    assert "6.0 s compiled against 8.0 s as pure Python, 0.75× the time." in new
    assert "no function takes more than 7% of it on its own, so a review within 3 s" in new
    assert "| `rules/analysis/expectation.py:287 _expand` | 7% | 50% |" in new
    assert new.count("Re-measured alone: 2026-12-06 15:00 UTC, commit abc1234") == 1
    assert sum(line.startswith(expected_only.STAMP) for line in new.split("\n")) == 1


def test_a_second_run_replaces_the_first():
    once = expected_only.rewrite(DOC, _results(7.0), "the first stamp")
    twice = expected_only.rewrite(once, _results(9.0), "the second stamp")
    assert "the first stamp" not in twice and "the second stamp" in twice
    assert "p99 9.0 ms" in twice
    assert "p99 7.0 ms" not in twice
    assert twice.count(expected_only.STAMP) == 1


def test_the_floor_is_read_from_the_hands_asked_again():
    """The "asked again" column and the paragraph under it come from the run's numbers: the
    analysis's share of a first ask, and each answered row whose floor alone passes its
    limit (tenpai's limit is 50 ms: a floor of 60 ms is past it, 30 ms is not)."""
    results = _results(100.0)  # p50 50 ms
    rows = results["expected_hand"]
    for row in rows.values():
        row.update(again_p50=10e6, again_p99=30e6)  # a fifth of p50: analysis 80%
    rows[0, 1, 2].update(again_p50=25e6, again_p99=60e6)  # half of p50: analysis 50%
    rows[1, 1, 4].update(again_p99=70e6, too_large=12)  # every hand refused: not listed
    text = "\n".join(report_expected.section(results))
    assert "| 0 | 1 | 2 | 12 | 50.0 ms | 100.0 ms | 25.0 ms / 60.0 ms | 123 / 456 | 0 |" in text
    assert "The hands' analysis is 50%-80% of a first ask" in text
    assert "would not meet the row: tenpai, changes 1, 2 jing (60.0 ms against 50 ms)." in text
    assert "1-shanten, changes 1, 4 jing" not in text


def test_a_row_with_no_hand_sampled_is_not_met():
    """A row the run sampled no hand for says so and is not met (it used to read "met")."""
    results = _results(1.0)  # every sampled hand well inside every limit
    for key in list(results["expected_hand"]):
        if key[:2] == (0, 1):
            del results["expected_hand"][key]
    rows = report_expected.targets(results)
    tenpai = next(row for row in rows if "tenpai, changes 1" in row)
    assert "0 jing: no hand sampled" in tenpai and tenpai.endswith("| **not met** |")
    one = next(row for row in rows if "1-shanten, changes 1" in row)
    assert one.endswith("| **met** |")


def test_what_the_four_seats_share_is_read_from_the_run():
    """The four-seat row and the reviews' table say what share of their hand analyses the
    seats shared, from the run's counts (and nothing where a run lacks them)."""
    results = _results(7.0)
    row = next(r for r in report_expected.targets(results) if "all four seats" in r)
    assert "shared" not in row  # an older run's results: no claim
    results["review"]["shared"] = [0.0016]
    row = next(r for r in report_expected.targets(results) if "all four seats" in r)
    assert "the seats shared 0.16% to 0.16% of their hand analyses" in row
    text = "\n".join(report_expected.section(results))
    assert "| xingguo | 61 | 1.00 s | 2.00 s | 1.50 s | 0.50 s | 4.50 s | 3.60× | 0.16% |" in text
    assert "does the work of its four seats alone" in row
    results["review"]["shared"] = [-0.0063]  # more worked out than the seats alone
    row = next(r for r in report_expected.targets(results) if "all four seats" in r)
    assert "the seats shared −0.63% to −0.63% of" in row
    results["review"]["shared"] = [0.0, 0.25]  # a round whose seats share a quarter
    row = next(r for r in report_expected.targets(results) if "all four seats" in r)
    assert "0.00% to 25.00%" in row and "does the work of its four seats alone" not in row
