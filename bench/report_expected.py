"""docs/PERFORMANCE.md's rows and section for expected values and reviews (issues 42, 43)."""

from __future__ import annotations

from typing import Any

from app import collector
from bench import expectation, hotspots

MS = 1e6


def _ms(ns: float | None) -> str:
    return "—" if ns is None else f"{ns / MS:,.1f} ms"


def _verdict(ok: bool) -> str:
    return "**met**" if ok else "**not met**"


def targets(r: dict[str, Any]) -> list[str]:
    """The target rows of issues 42 and 43."""
    lines = []
    rows = r.get("expected_hand") or {}
    for (shanten, changes), limit in expectation.ROWS.items():
        cells = []
        ok, sampled = True, False
        for jing in expectation.JING:
            row = rows.get((shanten, changes, jing))
            if not row or not row["calls"]:
                cells.append(f"{jing} jing: no hand sampled")
                continue
            sampled = True
            ok = ok and row["p99"] is not None and row["p99"] < limit * MS \
                and row["too_large"] == 0
            cells.append(f"{jing} jing: p99 {_ms(row['p99'])}, {row['states']:,} states "
                         f"(max {row['states_max']:,}), {row['too_large']} of "
                         f"{row['calls']} past the state budget")
        level = "tenpai" if shanten == 0 else f"{shanten}-shanten"
        lines.append(f"| issue 42 | a 14-tile hand, every discard, both numbers, draws_left 18, "
                     f"{level}, changes {changes}: p99 < {limit} ms with 0, 2 and 4 jing | "
                     f"{'; '.join(cells)} | {_verdict(ok and sampled)} |")
    log = r.get("expected_log") or {}
    if log.get("calls"):
        lines.append(f"| issue 42 | log mode for a seat on its turn: p99 < "
                     f"{expectation.LOG_RATIO:g}× hand mode for the same hand | "
                     f"{_ms(log['log_p99'])} against {_ms(log['hand_p99'])} = "
                     f"{log['ratio']:.2f}× ({log['calls']} turns) | "
                     f"{_verdict(log['ratio'] < expectation.LOG_RATIO)} |")
    review = r.get("review") or {}
    if review.get("one_p95") is not None:
        lines.append(f"| issue 43 | reviewing one seat of a median simulated round in process: "
                     f"p95 < {expectation.REVIEW_P95_S:g} s | p95 {review['one_p95']:.2f} s "
                     f"(median {review['one_median']:.2f} s; each seat of each variant's "
                     f"median round, {review['reviews']} reviews{_passes(review)}, "
                     f"{review['too_large']} past the state budget, their time counted"
                     f"{_unvalued(review)}){_any_length(review)} | "
                     f"{_verdict(review['one_p95'] < expectation.REVIEW_P95_S)} |")
        lines.append(f"| issue 43 | all four seats < {expectation.ALL_SEATS_RATIO:g}× one seat "
                     f"| {review['ratio']:.2f}× (median of the {review['rounds']} rounds' "
                     f"ratios {_ratios(review)}: all four seats at once against the mean of "
                     f"each seat alone; {review.get('too_large_four', 0)} of "
                     f"{review['rounds']} four-seat reviews past the state budget"
                     f"{_shared(review)}) | {_verdict(_four_seats_met(review))} |")
    return lines


def _passes(review: dict[str, Any]) -> str:
    """How often each review was timed, and each pass's own p95 (where the run has them)."""
    spread = review.get("one_p95_passes")
    if not spread or len(spread) < 2:
        return ""
    return (f", each the median of {len(spread)} passes (each pass's p95: "
            f"{', '.join(f'{t:.2f} s' for t in spread)})")


def _unvalued(review: dict[str, Any]) -> str:
    """The decisions of the one-seat reviews answered that were too large to value alone."""
    if "decisions" not in review:
        return ""
    return (f"; {review['unvalued']} of their {review['decisions']:,} decisions too large "
            "to value alone, left unvalued")


def _any_length(review: dict[str, Any]) -> str:
    """The former measure, one seat of rounds of any length, where the run has it."""
    former = review.get("any_length")
    if not former:
        return ""
    return (f"; the former measure, one seat of each of {former['rounds']} rounds of any "
            f"length: p95 {former['p95']:.2f} s, median {former['median']:.2f} s")


def _ratios(review: dict[str, Any]) -> str:
    ratios = review.get("ratios") or [review["ratio"]]
    return ", ".join(f"{x:.2f}×" for x in sorted(ratios))


def _shared(review: dict[str, Any]) -> str:
    """What the four seats of a round share, where the run measured it: the hand analyses
    a four-seat review did not work out again, over its seats' alone."""
    shared = review.get("shared")
    if not shared:
        return ""
    said = (f"; the seats shared {_percent(min(shared))} to {_percent(max(shared))} of "
            "their hand analyses (a hand's moves, wins and prices)")
    if max(abs(part) for part in shared) < ALONE:
        said += ", so a four-seat review does the work of its four seats alone"
    return said


ALONE = 0.01  # shared analyses within ±1 %: the four-seat review is its four seats' work


def _percent(share: float) -> str:
    """A share as a percentage, a negative one with a minus sign (the four-seat review
    worked out more than its seats alone), not a hyphen a range would read as a dash."""
    return f"{share:.2%}".replace("-", "−")


def _four_seats_met(review: dict[str, Any]) -> bool:
    """Under the ratio, and every four-seat review answered (a refusal is quick, not met)."""
    return review["ratio"] < expectation.ALL_SEATS_RATIO and not review.get("too_large_four")


def section(r: dict[str, Any]) -> list[str]:
    rows = r.get("expected_hand") or {}
    lines = ["## Expected values and reviews (issues 42, 43)", "",
             "A 14-tile hand asked with `expected` (`rules.advise`): every discard's "
             "`win_probability` and `expected_score`, `draws_left` 18, by the hand's shanten "
             "(its best discard's, jing wild) and the budget of hand changes the issue names "
             "for that row, with 0 jing held (guangdong, qinzhou) and 2 or 4 (xingguo, "
             "nanchang). Each hand is new to the engine; CPU time of this thread. \"states\" is "
             "how many hand states the engine worked out for the hand (the graph of "
             "`rules/analysis/expectation.py`, its median and largest); a hand past the "
             f"request's budget ({_budget()} states) is answered 422 `expected.too_large` and "
             "counted apart (its time still counts).", "",
             "\"Asked again\" is the same hand asked twice more at once (the lesser time of "
             "the two): every hand state's analysis (its draws and discards, its waits, what "
             "its wins collect) is kept from the first time, so what is left is the engine's "
             "own walk of the graph and the values turn by turn, the floor that no faster "
             "hand analysis can lower.", "",
             "| shanten | changes | jing | hands | p50 | p99 | asked again p50 / p99 | states "
             "(median / max) | past the budget |", "|---|---|---|---|---|---|---|---|---|"]
    for (shanten, changes, jing), row in rows.items():
        lines.append(f"| {shanten} | {changes} | {jing} | {row['calls']} | {_ms(row['p50'])} | "
                     f"{_ms(row['p99'])} | {_ms(row.get('again_p50'))} / "
                     f"{_ms(row.get('again_p99'))} | {row['states']:,} / "
                     f"{row['states_max']:,} | {row['too_large']} |")
    lines += ["", "Where the time goes: a state costs some 100-200 µs of Python (what its "
              "draws and discards lead to: one exchange table per tile it can throw, "
              "`rules/analysis/exchange.py`; its waits; what its wins collect), and a "
              "question reaches every hand its discards, hand changes and, for the other "
              "discards of a 14-tile hand, its steps back can lead to: thousands for a hand "
              "one step from ready with a hand change, tens of thousands with jing held (a "
              "jing is any tile)."]
    floor = _floor(rows)
    if floor:
        lines += ["", floor]
    lines += _reviews_table(r.get("review") or {})
    lines += _slowest(r.get("review") or {})
    lines += _pace(r.get("collector"))
    lines += _core(r.get("core"))
    lines.append("")
    return lines


def _core(core: dict[str, Any] | None) -> list[str]:
    """Which build of the core this run timed, and the compiled one against the sources."""
    if not core:
        return []
    if not core["compiled"]:
        return ["", f"The core (`tools/compile_core.py`'s {core['modules']} modules) ran as "
                "pure Python in this run: no C compiler, or not built (`make compile`)."]
    return ["", f"The core: {core['compiled']} of its {core['modules']} modules compiled "
            "with Cython (`tools/compile_core.py`; `make bench` compiles them first), as "
            "this section's figures are timed. Side by side in this run, the same "
            f"{len(expectation.PACE_SEATS) * len(expectation.VARIANTS)} one-seat reviews "
            "(as above) in fresh processes, one importing the compiled modules and one the "
            "sources alone, the lesser of two processes each: "
            f"{core['compiled_s']:.1f} s compiled against {core['pure_s']:.1f} s as pure "
            f"Python, {core['ratio']:.2f}× the time."]


def _slowest(review: dict[str, Any]) -> list[str]:
    """The profile of the slowest one-seat review: what a faster review would have to cut
    (issue 25's rule: a missed target shows what the profile shows)."""
    slowest = review.get("slowest")
    if not slowest or not slowest.get("hotspots"):
        return []
    rows = slowest["hotspots"]
    most = max(own for _, own, _ in rows)
    title = (f"Where the slowest one-seat review's time goes ({slowest['variant']}, seat "
             f"{slowest['seat']}; cProfile of the sources run as pure Python, since it sees "
             "nothing inside a compiled module, and it slows pure Python most, so the shares "
             f"are a guide): no function takes more than {most:.0%} of it on its own, so a "
             f"review within {expectation.REVIEW_P95_S:g} s needs the hand analysis and the "
             "pricing of wins made faster throughout, not one loop")
    return ["", *hotspots.table(title, rows)[:-1]]


def _pace(pace: dict[str, Any] | None) -> list[str]:
    """The workers' garbage-collector pace against Python's default, side by side."""
    if not pace:
        return []
    return ["", "The garbage collector (`app/collector.py`): a worker pauses it for the "
            "length of a review or an `/advise`, and otherwise makes a full pass at most "
            f"once per {collector.THRESHOLDS[2]} passes of the middle generation (Python's "
            f"default: {expectation.DEFAULT_PACE[2]}); every figure of this section is "
            "measured so. Side by side in this run, "
            f"{pace['reviews']} one-seat reviews (seats "
            f"{' and '.join(map(str, expectation.PACE_SEATS))} of each median round, warmed "
            f"as above) took {pace['served_s']:.1f} s as the workers run them against "
            f"{pace['default_s']:.1f} s with Python's default collector running: "
            f"{pace['ratio']:.2f}× the time."]


def _reviews_table(review: dict[str, Any]) -> list[str]:
    """Issue 43's reviews, round by round: each variant's median simulated round (the median
    of nine by length), each seat alone and all four at once, from the same warm state."""
    by_variant = review.get("by_variant")
    if not by_variant:
        return []
    lines = ["", "Reviews (issue 43): each variant's median simulated round (of "
             f"{expectation.MEDIAN_OF}, by its number of actions), each seat reviewed alone "
             "and all four at once, `changes` 0, CPU time of this thread, each review's "
             f"median of {expectation.PASSES} passes (a pass times every review once, in "
             "turn). Every review starts from the same state: the caches emptied, then "
             "warmed by the review of one seat of another round of the variant, untimed (a "
             "worker that has served another "
             "request). The seats share little work: the replay (a few milliseconds) and "
             "the few hand states two seats' questions both reach (their hands differ). "
             "The last column counts them: the hand analyses (a hand's moves, a ready "
             "hand's wins, its prices) the four-seat review did not work out again, over "
             "those its seats' reviews alone worked out (each a cache miss, the same from "
             "run to run).", "",
             "| variant | actions | seat 0 | seat 1 | seat 2 | seat 3 | all four | ratio to "
             "the seats' mean | hand analyses shared |", "|---|---|---|---|---|---|---|---|---|"]
    shared = review.get("shared") or [None] * len(by_variant)
    for (name, row), part in zip(by_variant.items(), shared, strict=True):
        seats = " | ".join(f"{t:.2f} s" for t in row["seats"])
        ratio = row["four"] / (sum(row["seats"]) / len(row["seats"]))
        lines.append(f"| {name} | {row['actions']} | {seats} | {row['four']:.2f} s | "
                     f"{ratio:.2f}× | {'—' if part is None else _percent(part)} |")
    return lines


def _floor(rows: dict[tuple[int, int, int], dict[str, Any]]) -> str:
    """What the "asked again" column says about the limits, from this run's numbers: the
    share of a first ask that is the hands' analysis, and the rows whose floor alone is
    past the limit (no faster analysis meets those: fewer states, or a compiled walk)."""
    shares = [1 - row["again_p50"] / row["p50"] for row in rows.values()
              if row.get("again_p50") is not None and row.get("p50")]
    if not shares:
        return ""
    over = [f"{'tenpai' if s == 0 else f'{s}-shanten'}, changes {c}, {j} jing "
            f"({_ms(row['again_p99'])} against {expectation.ROWS[s, c]} ms)"
            for (s, c, j), row in rows.items()
            if row.get("again_p99") is not None and row["calls"] > row["too_large"]
            and row["again_p99"] >= expectation.ROWS[s, c] * MS]
    text = (f"The hands' analysis is {min(shares):.0%}-{max(shares):.0%} of a first ask "
            f"(p50 against p50 asked again, by row).")
    if over:
        text += (" Where the floor alone is past the limit, making the analysis free would "
                 "not meet the row: " + "; ".join(over) + ".")
    return text


def _budget() -> str:
    from rules.expected import STATES_PER_REQUEST
    return f"{STATES_PER_REQUEST:,}"
