"""The benchmarks call the views' own functions in this process (bench/sight.py,
bench/matches.py): they must run there, outside any request, and answer in English — `make
bench` is the only other caller, and it runs for half an hour before it would fail."""

from __future__ import annotations

import orjson

from bench import matches, sight


def test_first_sight_views_answer_outside_a_request():
    body = {"variant": "qinzhou", "hand": "123m456p789s111sEE", "win_type": "self_draw"}
    answer = orjson.loads(sight.VIEWS["/evaluate"](body))
    assert answer["winning"] is True
    assert answer["patterns"][0]["note"] == "no pattern: 1 fan (7. 欽州麻將為1番起和)"


def test_the_match_bench_runs_outside_a_request():
    out = matches.in_process(sizes=(2,), per_variant=1, repeat=1)
    assert out[2]["rounds"] > 0
    assert out[2]["match_ns"] > 0 and out[2]["settle_ns"] > 0
