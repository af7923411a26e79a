"""The Python client against the real server (gunicorn, as `make run` starts it)."""

from __future__ import annotations

import copy
import re

import pytest
from mahjong_scoring_client import Client, ProblemError

from tests.clients.conftest import (
    EXPECTED_CHANCE,
    EXPECTED_HAND,
    LOG_ACTIONS,
    LOG_DRAWS,
    LOG_REPLAY,
    LOG_SEAT,
    QINZHOU_DELTAS,
    QINZHOU_ROUND,
    REPLAY_DELTAS,
    REPLAYS,
)

pytestmark = pytest.mark.e2e


@pytest.fixture()
def client(server_url):
    with Client(server_url, retries=0) as client:
        yield client


def test_settle_the_readme_round(client):
    settlement = client.settle(QINZHOU_ROUND)
    assert settlement["deltas"] == QINZHOU_DELTAS
    # The README's ledger: 东 pays 南 2 (hu) + 4 + 4 (horses) and 西 2 (hu); 南 pays 西 12.
    moves = [(t["from"], t["to"], t["amount"], t["reason"]) for t in settlement["ledger"]]
    assert moves == [(0, 1, 2, "hu"), (0, 2, 2, "hu"), (0, 1, 4, "horse"), (0, 1, 4, "horse"),
                     (1, 2, 12, "horse")]
    assert [(w["seat"], w["evaluation"]["fan"]) for w in settlement["winners"]] == [(1, 2),
                                                                                    (2, 2)]


def test_evaluate_the_readme_xingguo_hand(client):
    """README: 庄家点闲家德国平胡 pays 13 + 2 + 2 = 17, multiplier 2."""
    answer = client.evaluate({"variant": "xingguo", "hand": "123m456m789m123pEE",
                              "win_tile": "9m", "win_type": "discard",
                              "discarder_is_dealer": True, "jing": {"indicator": "5s"}})
    assert (answer["winning"], answer["multiplier"], answer["total"]) == (True, 2, 17)
    assert [p["amount"] for p in answer["payments"]] == [13, 2, 2]


def test_jing_tiles_of_an_indicator(client):
    """5s flipped: 正精 5s, 副精 the next tile, 6s."""
    answer = client.jing({"variant": "xingguo", "indicator": "5s"})
    assert [(j["zheng"], j["fu"]) for j in answer["jing"]] == [("5s", "6s")]


def test_variants(client):
    names = {v["name"] for v in client.variants()["variants"]}
    assert names == {"xingguo", "nanchang", "qinzhou", "guangdong"}


def test_accept_language_gives_chinese_sentences_and_the_same_numbers(client):
    english = client.settle(QINZHOU_ROUND)
    chinese = client.settle(QINZHOU_ROUND, accept_language="zh-CN")
    assert chinese["deltas"] == english["deltas"] == QINZHOU_DELTAS
    details = [t["detail"] for t in chinese["ledger"]]
    assert details != [t["detail"] for t in english["ledger"]]
    assert all(re.search(r"[\u4e00-\u9fff]", d) for d in details), details


def test_a_problem_in_chinese_keeps_its_codes(server_url):
    with Client(server_url, retries=0, accept_language="zh-CN") as chinese, \
            pytest.raises(ProblemError) as raised:
        chinese.evaluate({"variant": "qinzhou", "hand": "123m456p789s111sEX"})
    problem = raised.value
    assert problem.body["title"] == "请求无效"
    assert problem.code == "request.invalid"
    assert [(e["field"], e["code"]) for e in problem.errors] == [("hand", "tile.unknown")]
    assert "不是牌" in problem.errors[0]["message"]


def test_a_bad_request_raises_problem_error_naming_the_field(client):
    with pytest.raises(ProblemError) as raised:
        client.evaluate({"variant": "qinzhou", "hand": "123m456p789s111sEX"})
    problem = raised.value
    assert problem.status == 422 and problem.body["status"] == 422
    assert [e["field"] for e in problem.errors] == ["hand"]
    assert problem.errors == problem.body["errors"]  # entries as the server gave them
    # `code` is the problem's own, or None while the server sends none.
    assert problem.code == problem.body.get("code")


def test_match(client):
    """One round: the match's totals are that round's deltas."""
    round_ = {k: copy.deepcopy(v) for k, v in QINZHOU_ROUND.items()
              if k not in ("variant", "dealer")}
    answer = client.match({"variant": "qinzhou", "dealer": 0, "rounds": [round_]})
    assert answer["totals"] == QINZHOU_DELTAS
    assert [r["deltas"] for r in answer["rounds"]] == [QINZHOU_DELTAS]
    assert answer["rounds"][0]["dealer"] == 0 and answer["rounds"][0]["totals"] == QINZHOU_DELTAS


def test_advise(client):
    """九莲宝灯 less nothing: 13 tiles of 万, ready on every 万 (23 copies left)."""
    answer = client.advise({"variant": "qinzhou", "hand": "1112345678999m"})
    assert answer["shanten"] == 0 and answer["discards"] is None
    assert answer["left_total"] == 23
    must = client.advise({"variant": "guangdong", "hand": "123m456p789s11sEEN",
                          "seat_wind": "S"})
    assert must["discards"][0]["discard"] == "N" and must["discards"][0]["shanten"] == 0


def test_advise_with_expected_values(client):
    """docs/advice.md's worked example: the ready discard N, one wait, no hand change: its
    numbers are the formula's, and the inputs come back as used."""
    answer = client.advise(EXPECTED_HAND, expected=True, draws_left=10, changes=0)
    assert answer["expected"] == {"draws_left": 10, "changes": 0, "objective": "score"}
    best = answer["discards"][0]
    assert answer["best"] == best["discard"] == "N"
    assert best["win_probability"] == pytest.approx(EXPECTED_CHANCE, rel=1e-12)
    assert best["expected_score"] == pytest.approx(12 * EXPECTED_CHANCE, rel=1e-12)
    # ranked by the chance to win instead; every discard has both numbers
    by_win = client.advise(EXPECTED_HAND, expected=True, objective="win", draws_left=10)
    assert by_win["expected"]["objective"] == "win"
    chances = [d["win_probability"] for d in by_win["discards"]]
    assert chances == sorted(chances, reverse=True) and None not in chances
    # without the model: no numbers, no "expected", as before
    plain = client.advise(EXPECTED_HAND)
    assert "expected" not in plain and "win_probability" not in plain["discards"][0]


def test_advise_a_13_tile_hand_with_expected_values(client):
    """The same hand after throwing N (N seen in the pond: the same 122 unseen): its own
    two numbers, the same as the 14-tile hand's N, and no best discard."""
    hand = {**EXPECTED_HAND, "hand": "46s99s", "visible": "N"}
    answer = client.advise(hand, expected=True, draws_left=10, changes=0)
    assert answer["discards"] is None and answer["best"] is None
    assert answer["win_probability"] == pytest.approx(EXPECTED_CHANCE, rel=1e-12)


def test_the_model_inputs_without_expected_are_refused_by_the_service(client):
    with pytest.raises(ProblemError) as raised:
        client.advise(EXPECTED_HAND, draws_left=10)
    assert raised.value.status == 422
    assert [(e["field"], e["code"]) for e in raised.value.errors] == \
        [("draws_left", "field.not_used")]


def test_advise_log_values_each_action_of_the_seat(client):
    """Log mode: seat 2 may pung seat 3's 3p or pass; both valued, the pung first."""
    answer = client.advise_log(LOG_REPLAY, LOG_SEAT)
    assert answer["seat"] == LOG_SEAT and answer["variant"] == "guangdong"
    assert [{k: v for k, v in a.items() if k in ("seat", "type", "tile")}
            for a in answer["actions"]] == LOG_ACTIONS
    assert answer["best"] == LOG_ACTIONS[0]
    assert answer["expected"] == {"draws_left": LOG_DRAWS, "changes": 0, "objective": "score"}
    pung, passed = answer["actions"]
    assert pung["expected_score"] > passed["expected_score"] > 0
    assert 0 < passed["win_probability"] < pung["win_probability"] < 1
    assert answer["discards"] is None and len(answer["tiles"]) > 0  # its own 13 tiles
    # the model's inputs: fewer draws, a smaller chance either way
    short = client.advise_log(LOG_REPLAY, LOG_SEAT, objective="win", draws_left=6)
    assert short["expected"] == {"draws_left": 6, "changes": 0, "objective": "win"}
    assert [a["win_probability"] < b["win_probability"]
            for a, b in zip(short["actions"], answer["actions"], strict=True)] == [True, True]
    # the same through advise(): the body is the same
    assert client.advise({"log": LOG_REPLAY, "seat": LOG_SEAT}) == answer


def test_advise_log_of_a_seat_with_nothing_to_do(client):
    """Seat 3 has just thrown the 3p: no action, no best."""
    answer = client.advise_log(LOG_REPLAY, 3)
    assert answer["actions"] == [] and answer["best"] is None


def test_replay_a_finished_round(client):
    """The whole round: settled, and its settle_request settles the same through /settle."""
    answer = client.replay(REPLAYS["finished_round"])
    assert answer["status"] == "finished" and answer["facts"] == []
    assert answer["settlement"]["deltas"] == REPLAY_DELTAS
    assert answer["settle_request"]["result"] == {"winners": [2], "win_tile": "N",
                                                  "win_type": "discard", "discarder": 3}
    assert client.settle(answer["settle_request"]) == answer["settlement"]
    assert "turn" not in answer and answer["legal"] == [[], [], [], []]  # nothing more to win


def test_replay_a_round_in_progress(client):
    """After seat 0's 东: seat 1 is to draw unless seat 2 pungs; nobody else may act."""
    answer = client.replay(REPLAYS["in_progress"])
    assert answer["status"] == "in_progress" and answer["turn"] == 1
    assert answer["legal"] == [[], [{"seat": 1, "type": "draw", "missing": ["tile"]}],
                               [{"seat": 2, "type": "pung", "tile": "E"}], []]
    assert [len(seat["hand"]) for seat in answer["seats"]] == [13, 13, 13, 13]
    assert answer["seats"][3]["discards"] == ["8s"]  # passed by seat 0, who drew instead
    assert "settlement" not in answer


def test_replay_an_illegal_action_raises_problem_error_at_it(client):
    """Seat 1 chows seat 3's discard: a 422 on actions[1], its code an action.* one."""
    with pytest.raises(ProblemError) as raised:
        client.replay(REPLAYS["illegal_chow"])
    problem = raised.value
    assert (problem.status, problem.code) == (422, "request.invalid")
    assert problem.errors[0]["field"] == "actions[1]"
    assert problem.errors[0]["code"].startswith("action.")
    assert problem.errors == problem.body["errors"]


def test_replay_problem_in_chinese_keeps_its_field_and_code(client):
    with pytest.raises(ProblemError) as raised:
        client.replay(REPLAYS["illegal_chow"], accept_language="zh-CN")
    (error,) = raised.value.errors
    assert (error["field"], error["code"]) == ("actions[1]", "action.chow_not_next")
    assert re.search(r"[\u4e00-\u9fff]", error["message"]), error["message"]
