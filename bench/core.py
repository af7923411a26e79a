"""Benchmarks of the analysis core (issue 2): win check vs riichi, wilds vs 34^k."""

from __future__ import annotations

import statistics
from itertools import product

from mahjong.agari import Agari

from bench.hands import plain_hands, wild_hands
from bench.timing import fmt_us, latencies_ns, per_call_ns, percentile
from rules.analysis import ShapeRules, clear_caches, readings, shapes_of, waits
from rules.tiles import to_counts

# riichi's is_agari accepts four sets + pair, seven pairs and 十三幺: compare like with like.
RIICHI_SHAPES = ShapeRules(seven_pairs=True, four_as_two_pairs=False, shi_san_yao=True)
JIANGXI = ShapeRules(honour_chows=True, seven_pairs=True, shi_san_lan=True)


def win_check_vs_riichi() -> dict:
    """Our win check against `mahjong` (riichi) `Agari.is_agari`, same hands, same run."""
    hands = plain_hands()
    ours_in = [to_counts(h) for h in hands]
    riichi_in = [list(c) for c in ours_in]  # riichi's 34-array (dragon order is irrelevant)
    agari = Agari()
    assert [agari.is_agari(c) for c in riichi_in] == [
        bool(shapes_of(c, 0, RIICHI_SHAPES)) for c in ours_in], "the two disagree"

    def ours(c):
        return bool(shapes_of(c, 0, RIICHI_SHAPES))

    riichi = per_call_ns(agari.is_agari, riichi_in, rounds=9)
    warm = per_call_ns(ours, ours_in, rounds=9)
    cold = per_call_ns(ours, ours_in, rounds=9, before_round=clear_caches)
    wins = sum(ours(c) for c in ours_in)
    return {"hands": len(hands), "winning": wins, "riichi_ns": riichi, "ours_warm_ns": warm,
            "ours_cold_ns": cold, "ratio_warm": riichi / warm, "ratio_cold": riichi / cold}


def _full_analysis(item):
    counts, wilds = item
    return shapes_of(counts, wilds, JIANGXI), readings(counts, wilds, JIANGXI)


def _substitute_every_wild(item):
    """The naive search: give each wild each of the 34 kinds (34^k hands)."""
    counts, wilds = item
    found = set()
    for choice in product(range(34), repeat=wilds):
        c = list(counts)
        for t in choice:
            c[t] += 1
        found |= shapes_of(tuple(c), 0, JIANGXI)
    return found


def wilds_vs_substitution(wilds: int = 4, brute_hands: int = 3) -> dict:
    """Full analysis (shapes + every reading) with ``wilds`` wilds, cold caches, against the
    34^k substitution doing only the win check on each substituted hand."""
    items = wild_hands(wilds, n=60)
    ours = latencies_ns(_full_analysis, items, repeat=1, before_each=clear_caches)
    brute = latencies_ns(_substitute_every_wild, items[:brute_hands], repeat=1,
                         before_each=clear_caches)
    ours_med, brute_med = statistics.median(ours), statistics.median(brute)
    return {"wilds": wilds, "hands": len(items), "brute_hands": brute_hands,
            "ours_ns": ours_med, "brute_ns": brute_med, "ratio": brute_med / ours_med}


def render(win: dict, wild: dict) -> list[str]:
    return [
        "## Core: win check against riichi `Agari.is_agari` (no wilds)",
        "",
        f"{win['hands']} seeded 14-tile hands ({win['winning']} winning: complete, seven "
        "pairs and random hands), same shapes on both sides (four sets + pair, seven pairs, "
        "十三幺). Median of 9 rounds, time per hand.",
        "",
        "| checker | per hand | ratio (riichi / ours) |",
        "|---|---|---|",
        f"| `mahjong` {_riichi_version()} `Agari.is_agari` | {fmt_us(win['riichi_ns'])} | 1.00 |",
        f"| ours, warm caches (steady state of a server) | {fmt_us(win['ours_warm_ns'])} | "
        f"**{win['ratio_warm']:.1f}** |",
        f"| ours, caches cleared before each round | {fmt_us(win['ours_cold_ns'])} | "
        f"**{win['ratio_cold']:.2f}** |",
        "",
        f"## Core: {wild['wilds']} wilds, against substituting every wild with every tile "
        "(34^k)",
        "",
        f"Full analysis (all shapes and every reading) of {wild['hands']} complete hands with "
        f"{wild['wilds']} of their tiles turned into wilds, caches cleared before each hand; "
        f"the naive search gives each wild each of the 34 kinds ({34 ** wild['wilds']:,} hands"
        f") and only checks each for a win (median of {wild['brute_hands']} hands).",
        "",
        "| search | per hand | ratio |",
        "|---|---|---|",
        f"| 34^k substitution, win check only | {fmt_us(wild['brute_ns'])} | 1 |",
        f"| ours, every reading, cold | {fmt_us(wild['ours_ns'])} | "
        f"**{wild['ratio']:,.0f}× faster** |",
        "",
    ]


def _riichi_version() -> str:
    from importlib.metadata import version

    return version("mahjong")


def _waits(item):
    counts, wilds = item
    return waits(counts, wilds, JIANGXI)


def scaling_by_wilds(max_wilds: int = 8, n: int = 60) -> list[dict]:
    """Full analysis of complete hands and waits of hands one short, for 0..max_wilds wilds,
    with cold caches (cleared before every call): median and p99 per hand."""
    rows = []
    for k in range(max_wilds + 1):
        complete = wild_hands(k, n=n)
        short = wild_hands(k, n=n, short=True)
        analysis = latencies_ns(_full_analysis, complete, repeat=1, before_each=clear_caches)
        waiting = latencies_ns(_waits, short, repeat=1, before_each=clear_caches)
        rows.append({"wilds": k, "analysis_med": statistics.median(analysis),
                     "analysis_p99": percentile(analysis, 99),
                     "waits_med": statistics.median(waiting),
                     "waits_p99": percentile(waiting, 99),
                     "brute_factor": 34 ** k})
    return rows


def render_scaling(rows: list[dict]) -> list[str]:
    lines = ["## Core: time per hand against the number of wilds (cold caches)", "",
             "60 seeded complete hands per row with k tiles turned into wilds (full analysis:"
             " every shape and every reading), and 60 hands one tile short (waits over all 34 "
             "kinds). Caches are cleared before every call, so this is the worst case; a "
             "server's warm caches answer repeated hands far faster.", "",
             "| wilds | analysis median | analysis p99 | waits median | waits p99 | "
             "34^k hands a naive search tries |",
             "|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['wilds']} | {fmt_us(r['analysis_med'])} | "
                     f"{fmt_us(r['analysis_p99'])} | {fmt_us(r['waits_med'])} | "
                     f"{fmt_us(r['waits_p99'])} | {r['brute_factor']:,} |")
    return [*lines, ""]
