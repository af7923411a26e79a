"""POST /advise (issue 31): shanten (向听数), 进张 and the waits of each discard, worked by
hand, through the Flask test client (the answer schema is checked by the suite's
conftest against the contract)."""

from __future__ import annotations

import pytest


def advise(post, **body):
    status, answer = post("/advise", body)
    assert status == 200, answer
    return answer


def by_discard(answer: dict) -> dict[str, dict]:
    return {d["discard"]: d for d in answer["discards"]}


def test_a_hand_one_discard_from_ready_lists_that_discard_first_with_its_waits(post):
    # 123m 456p 789s, 11s, EE, N: throwing N leaves 11s+EE waiting on 1s or E (对倒).
    # Seen: the hand holds two 1s and two E; visible shows one 1s and one E (and N, 9m 9m).
    answer = advise(post, variant="guangdong", hand="123m456p789s11sEEN", seat_wind="S",
                    visible="1sEN9m9m")
    assert answer["shanten"] == 0 and answer["tiles"] is None
    best = answer["discards"][0]
    assert (best["discard"], best["shanten"]) == ("N", 0)
    assert [(t["tile"], t["left"]) for t in best["tiles"]] == [("1s", 1), ("E", 1)]
    assert best["left_total"] == 2
    waits = {w["tile"]: w for w in best["waits"]}
    # 1s: 鸡和 0 fan; self-drawn +1 自摸 → 1 × 2^1 = 2 from each of three = 6; on a discard
    # 0 fan → 1 from the discarder.
    assert waits["1s"]["self_draw"] == {"total": 6, "patterns": ["ji_hu", "zi_mo"],
                                        "de_guo": False}
    assert waits["1s"]["on_discard"] == {"total": 1, "patterns": ["ji_hu"], "de_guo": False}
    # E: the pung of E is the round wind (东圈, +1): self-drawn 2 fan → 4 × 3 = 12; on a
    # discard 1 fan → 2.
    assert waits["E"]["self_draw"]["total"] == 12
    assert waits["E"]["on_discard"]["total"] == 2
    assert waits["E"]["note"] == ""
    assert best["value"] == 12  # the best self-draw total of a wait with a copy left (E)
    # every other discard leaves it one step further (shanten 1) and has no waits
    assert all(d["shanten"] == 1 and d["waits"] is None for d in answer["discards"][1:])


def test_the_waits_are_what_evaluate_says_for_the_13_tiles_left(post):
    answer = advise(post, variant="guangdong", hand="123m456p789s11sEEN", seat_wind="S")
    best = answer["discards"][0]
    for win_type, field in (("self_draw", "self_draw"), ("discard", "on_discard")):
        status, evaluated = post("/evaluate", {"variant": "guangdong", "hand": "123m456p789s11sEE",
                                               "seat_wind": "S", "win_type": win_type})
        assert status == 200
        assert [(w["tile"], w["total"], w["patterns"]) for w in evaluated["waits"]] == \
            [(w["tile"], w[field]["total"], w[field]["patterns"]) for w in best["waits"]]


def test_a_13_tile_hand_gets_its_shanten_and_draws_alone(post):
    # 九莲宝灯's 1112345678999m waits on every 万: 1m and 9m (three held) have 1 left,
    # 2m-8m (one held) 3 each: 1 + 7 × 3 + 1 = 23.
    answer = advise(post, variant="qinzhou", hand="1112345678999m")
    assert answer["shanten"] == 0 and answer["discards"] is None
    assert [(t["tile"], t["left"]) for t in answer["tiles"]] == \
        [("1m", 1)] + [(f"{r}m", 3) for r in range(2, 9)] + [("9m", 1)]
    assert answer["left_total"] == 23


def test_a_complete_hand_is_minus_one_as_evaluate_would_say(post):
    answer = advise(post, variant="qinzhou", hand="123m456p789s111sEE")
    assert answer["shanten"] == -1
    # Throwing an E leaves a lone E: ready on E alone (2 left: two in the hand, one thrown,
    # counted as seen). Throwing 1s leaves 11s+EE 对倒 on 1s (1 left) or E (2 left): more
    # tiles left, so 1s comes first.
    discards = by_discard(answer)
    assert [(t["tile"], t["left"]) for t in discards["E"]["tiles"]] == [("E", 2)]
    assert [(t["tile"], t["left"]) for t in discards["1s"]["tiles"]] == [("1s", 1), ("E", 2)]
    order = [d["discard"] for d in answer["discards"]]
    assert order.index("1s") < order.index("E")


def test_two_steps_away_counts_seven_pairs_too(post):
    # 1122m 3344p 567s E F: four sets + a pair: 567s, the pair 11m, partials 22m 34p 34p →
    # 8 - 2×1 - 3 - 1 = 2; seven pairs: four pairs among eight kinds → 6 - 4 = 2.
    assert advise(post, variant="qinzhou", hand="1122m3344p567sEF")["shanten"] == 2
    # 1122m3344p5566s7s: six pairs, seven pairs ready (0) in qinzhou; guangdong has no seven
    # pairs, and by four sets + a pair it is 567s, the pair 11m, partials 22m 34p 34p (the
    # fourth slot is taken): 8 - 2 - 3 - 1 = 2
    assert advise(post, variant="qinzhou", hand="1122m3344p5566s7s")["shanten"] == 0
    assert advise(post, variant="guangdong", hand="1122m3344p5566s7s")["shanten"] == 2


def test_a_lone_jing_waits_on_every_tile_and_only_by_self_draw(post):
    # xingguo, indicator 5s: 5s is 正精 (one copy out of play: the indicator), 6s 副精.
    # Throwing E leaves four sets + a lone jing: 精吊, every tile completes it, and 精吊 only
    # wins by self-draw (the discard values are null).
    answer = advise(post, variant="xingguo", hand="123m456m789m123p5sE",
                    jing={"indicator": "5s"})
    assert answer["shanten"] == -1  # the jing stands for E: already a win
    e = by_discard(answer)["E"]
    assert e["shanten"] == 0 and len(e["waits"]) == 34
    assert all(w["on_discard"] is None and w["self_draw"]["total"] > 0 for w in e["waits"])
    assert all("精吊" in w["note"] for w in e["waits"])  # why, as /evaluate says it
    assert all("jing_diao" in w["self_draw"]["patterns"] for w in e["waits"])
    left = {t["tile"]: t["left"] for t in e["tiles"]}
    assert left["5s"] == 2  # four, less the indicator and the one held
    assert left["E"] == 3  # the thrown one is seen


def test_throwing_the_jing_away_leaves_one_wild_fewer(post):
    answer = advise(post, variant="xingguo", hand="123m456m789m123p5sE",
                    jing={"indicator": "5s"})
    thrown = by_discard(answer)["5s"]
    # 123m 456m 789m 123p + E: a lone E, ready on E (3 left: one held) or on a drawn jing,
    # which stands for E: 5s (2 left: the indicator and the thrown one are seen) and 6s (4)
    assert thrown["shanten"] == 0
    assert [(t["tile"], t["left"]) for t in thrown["tiles"]] == [("5s", 2), ("6s", 4),
                                                                  ("E", 3)]
    assert [w["tile"] for w in thrown["waits"]] == ["5s", "6s", "E"]


def test_a_german_win_is_marked(post):
    # nanchang, indicator 9m: 9m 正精, 1m 副精. 123m 456p 789s 11s 9m9m N: throwing N leaves
    # 11s + 9m9m (the jing as themselves: a pair of 9m) — waiting on 1s or 9m.
    answer = advise(post, variant="nanchang", hand="123p456p789s11s9m9mN", jing={"indicator": "9m"})
    waits = {w["tile"]: w for w in by_discard(answer)["N"]["waits"]}
    assert waits["1s"]["self_draw"]["de_guo"] is True
    assert "de_guo" in waits["1s"]["self_draw"]["patterns"]


@pytest.mark.parametrize(("body", "field", "code"), [
    ({"variant": "qinzhou", "hand": "1112345678999mE", "visible": "1m1m"}, "visible",
     "tile.too_many_copies"),
    ({"variant": "qinzhou", "hand": "1112345678999mEE"}, "hand", "hand.wrong_tile_count"),
    ({"variant": "guangdong", "hand": "1112345678999mE", "jing": {"indicator": "5p"}},
     "jing.indicator", "field.not_used"),
    ({"variant": "xingguo", "hand": "1112345678999mE"}, "jing.indicator", "field.required"),
    ({"variant": "qinzhou", "hand": "1112345678999mE", "visible": "1mX"}, "visible",
     "tile.unknown"),
    ({"variant": "qinzhou", "hand": "11123456789m", "melds": [{"type": "chow", "tiles": "ESW"}]},
     "melds[0].tiles", "meld.invalid"),
])
def test_bad_input_is_a_422_naming_the_field(post, body, field, code):
    status, answer = post("/advise", body)
    assert status == 422, answer
    assert (field, code) in [(e["field"], e["code"]) for e in answer["errors"]]


def test_answers_in_chinese_keep_the_numbers(post, client):
    body = {"variant": "qinzhou", "hand": "1112345678999mE", "visible": "1m1m"}
    zh = client.post("/advise", json=body, headers={"Accept-Language": "zh-CN"})
    assert zh.status_code == 422 and zh.headers["Content-Language"] == "zh-CN"
    assert "张" in zh.get_json()["errors"][0]["message"]


# ------------------------------------------- only hands that can exist (issue 36, item 6)

def test_four_held_never_wait_for_a_fifth_copy(post):
    # All four 1p held: by shape 111p + 1p waits on a fifth 1p, which does not exist. The
    # hand is 1-shanten (throw a 1p, draw anything but 1p: ready), as `mahjong` says; no
    # 进张 is 1p and every 进张 has copies left.
    answer = advise(post, variant="guangdong", hand="1111p234s567s789m")
    assert answer["shanten"] == 1
    tiles = {t["tile"]: t["left"] for t in answer["tiles"]}
    assert "1p" not in tiles and len(tiles) == 33 and min(tiles.values()) > 0
    # 4 copies of each of the 34 kinds less the 13 held (1p's four not counted: no 1p)
    assert answer["left_total"] == 33 * 4 - 9


def test_with_14_tiles_the_fifth_copy_is_no_wait_either(post):
    # 1111p 234s 567s 789m 5p: throwing 1p leaves 111p + 5p, waiting on 5p (3 left) only.
    answer = advise(post, variant="guangdong", hand="1111p234s567s789m5p")
    best = by_discard(answer)["1p"]
    assert best["shanten"] == 0
    assert [(t["tile"], t["left"]) for t in best["tiles"]] == [("5p", 3)]
    assert [w["tile"] for w in best["waits"]] == ["5p"]
    # throwing 5p leaves the 1111p hand: 1-shanten now, no longer "ready on a fifth 1p"
    assert by_discard(answer)["5p"]["shanten"] == 1


def test_a_jing_may_stand_in_for_the_fifth_copy(post):
    # xingguo, indicator E: jing E and S (wild). The same four 1p are ready on a drawn jing
    # alone (the seeds let a jing replace any tile): shanten 0, 进张 the jing with copies
    # left (E: one flipped as the indicator, 3 left; S: 4).
    answer = advise(post, variant="xingguo", hand="1111p234s567s789m", jing={"indicator": "E"})
    assert answer["shanten"] == 0
    assert [(t["tile"], t["left"]) for t in answer["tiles"]] == [("E", 3), ("S", 4)]


def test_a_ready_discards_tiles_and_waits_name_the_same_tiles(post):
    # The hand: 5m 9p with melds 555m 123p 456p 789s. All four 5m are seen (three
    # melded, one held), so after throwing 9p the lone 5m waits on jing alone; after
    # throwing 5m the lone 9p waits on 9p (3 left) or a jing.
    answer = advise(post, variant="xingguo", hand="5m9p", jing={"indicator": "9s"},
                    melds=[{"type": "pung", "tiles": "555m"}, {"type": "chow", "tiles": "123p"},
                           {"type": "chow", "tiles": "456p"}, {"type": "chow", "tiles": "789s"}])
    for entry in answer["discards"]:
        assert entry["shanten"] == 0
        assert [t["tile"] for t in entry["tiles"]] == [w["tile"] for w in entry["waits"]]
        assert all(t["left"] > 0 for t in entry["tiles"])
    assert "5m" not in [t["tile"] for t in by_discard(answer)["9p"]["tiles"]]
    assert by_discard(answer)["5m"]["tiles"][0]["tile"] == "9p"


def test_who_discards_a_waits_winning_tile_is_said_as_in_evaluate(post):
    # xingguo: a non-dealer's win on a discard pays more when the dealer discarded it
    # (庄家点闲家). Left out, /advise values it as /evaluate does: 闲家点闲家.
    body = {"variant": "xingguo", "hand": "123m456p789s11sEEN", "jing": {"indicator": "9m"}}
    totals = {}
    for said in (None, True, False):
        extra = {} if said is None else {"discarder_is_dealer": said}
        throw_n = by_discard(advise(post, **body, **extra))["N"]
        status, evaluated = post("/evaluate", {**body, "hand": "123m456p789s11sEE",
                                               "win_type": "discard", **extra})
        assert status == 200
        on_discard = {w["tile"]: w["total"] for w in evaluated["waits"]
                      if not w["note"].startswith("only by self_draw")}
        totals[said] = {w["tile"]: w["on_discard"]["total"] for w in throw_n["waits"]
                        if w["on_discard"]}
        assert totals[said] == on_discard and on_discard
    assert totals[None] == totals[False] != totals[True]
    assert set(totals[True].values()) == {17}
    status, problem = post("/advise", {**body, "dealer": True, "discarder_is_dealer": True})
    assert status == 422 and problem["errors"][0]["field"] == "discarder_is_dealer"


def test_the_request_table_of_docs_advice_md_quotes_what_the_service_answers(post):
    """docs/advice.md's table says what `dealer` and `discarder_is_dealer` change on its
    nanchang example: 79 → 111 (value) and 45 → 53 (on_discard)."""
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[2] / "docs" / "advice.md").read_text()
    assert "from 79 to 111" in doc and "from 45 to 53" in doc
    body = {"variant": "nanchang", "hand": "23s88sN", "jing": {"indicator": "5p"},
            "visible": "5p", "melds": [{"type": "chow", "tiles": "123m"},
                                       {"type": "pung", "tiles": "EEE"},
                                       {"type": "chow", "tiles": "789p"}]}

    def best(**extra):
        entry = advise(post, **body, **extra)["discards"][0]
        return entry["value"], entry["waits"][-1]["on_discard"]["total"]

    assert best() == (79, 45)
    assert best(dealer=True)[0] == 111
    assert best(discarder_is_dealer=True) == (79, 53)


@pytest.mark.parametrize(("field", "value", "path", "says"), [
    ("melds", ["123m"], "melds[0]", '{"type": "chow", "tiles": "123m"}'),
    ("jing", "5m", "jing", '{"indicator": "5m"}'),
])
def test_a_meld_or_jing_written_as_a_string_is_told_what_it_should_be(post, field, value, path,
                                                                       says):
    status, problem = post("/advise", {"variant": "xingguo", "hand": "45s99sN",
                                       field: value})
    assert status == 422
    error = next(e for e in problem["errors"] if e["field"] == path)
    assert error["code"] == "field.wrong_type" and says in error["message"]
