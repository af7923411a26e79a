"""Where one word meant two things (issue 36, item 2), a clearly named field beside the old
one; nothing clients send today changes:

* `is_dealer` beside /evaluate's and /advise's boolean `dealer` (/settle's and /match's
  `dealer` is a seat);
* /jing's `jing` object beside its top-level `indicator` & co (the others take `jing`);
* /jing's and /settle's `jing[].source` beside `jing[].indicator`, which holds a field name,
  not a tile.
"""

from __future__ import annotations

import pytest

ZH = {"Accept-Language": "zh-CN"}
# A xingguo win where the dealer is paid more: the same answer under either name.
XINGGUO = {"variant": "xingguo", "hand": "123m456p789s11sEEE", "jing": {"indicator": "9m"},
           "win_type": "self_draw"}
ADVICE = {"variant": "xingguo", "hand": "123m456p789s11sEEN", "jing": {"indicator": "9m"}}


@pytest.mark.parametrize(("path", "body"), [("/evaluate", XINGGUO), ("/advise", ADVICE)])
def test_is_dealer_is_dealer(post, path, body):
    plain = post(path, body)
    for dealer in (True, False):
        old = post(path, {**body, "dealer": dealer})
        new = post(path, {**body, "is_dealer": dealer})
        both = post(path, {**body, "dealer": dealer, "is_dealer": dealer})
        assert old[0] == new[0] == both[0] == 200
        assert old[1] == new[1] == both[1]
    assert post(path, {**body, "is_dealer": True})[1] != plain[1]  # it does change the answer


@pytest.mark.parametrize(("path", "body"), [("/evaluate", XINGGUO), ("/advise", ADVICE)])
def test_is_dealer_and_dealer_that_disagree_are_refused(client, path, body):
    for headers, says in (({}, "is_dealer says true but dealer says false"),
                          (ZH, "is_dealer 为 true，而 dealer 为 false")):
        response = client.post(path, json={**body, "is_dealer": True, "dealer": False},
                               headers=headers)
        assert response.status_code == 422
        (error,) = response.get_json()["errors"]
        assert error["field"] == "is_dealer" and error["code"] == "field.not_allowed_value"
        assert error["message"].startswith(says)


def test_jing_takes_the_jing_object_as_the_other_endpoints_do(post):
    top = post("/jing", {"variant": "nanchang", "indicator": "5s", "lower_indicator": "7p"})
    inner = post("/jing", {"variant": "nanchang",
                           "jing": {"indicator": "5s", "lower_indicator": "7p"}})
    mixed = post("/jing", {"variant": "nanchang", "indicator": "5s",
                           "jing": {"indicator": "5s", "lower_indicator": "7p"}})
    assert top[0] == inner[0] == mixed[0] == 200
    assert top[1] == inner[1] == mixed[1]
    assert [j["zheng"] for j in top[1]["jing"]] == ["5s", "7p"]


@pytest.mark.parametrize(("body", "field", "code"), [
    ({"indicator": "5s", "jing": {"indicator": "6s"}}, "jing.indicator",
     "field.not_allowed_value"),
    ({}, "indicator", "field.required"),
    ({"jing": {}}, "jing.indicator", "field.required"),
])
def test_jing_refuses_two_indicators_or_none(client, body, field, code):
    response = client.post("/jing", json={"variant": "xingguo", **body}, headers=ZH)
    assert response.status_code == 422
    (error,) = response.get_json()["errors"]
    assert (error["field"], error["code"]) == (field, code)
    assert "indicator" in error["message"] and ("必填" in error["message"]
                                                or "同一字段" in error["message"])


def test_each_jing_pair_says_where_it_came_from_as_source(post):
    status, answer = post("/jing", {"variant": "nanchang", "indicator": "5s",
                                    "lower_indicator": "7p", "previous_indicator": "1m"})
    assert status == 200
    assert [(j["indicator"], j["source"]) for j in answer["jing"]] == \
        [("indicator", "indicator"), ("lower_indicator", "lower_indicator"),
         ("previous_indicator", "previous_indicator")]
