"""Regressions: the bugs the fuzzer and the slowest-request search found, kept found."""

from __future__ import annotations


def test_a_wait_on_the_flipped_indicator_is_not_a_fifth_copy(client):
    """xingguo's indicator is out of play: holding its other three copies, a hand cannot
    wait on a fourth. It used to be scored as a wait, which broke the four-copies rule inside
    the request and turned a valid hand into a 422."""
    body = {"variant": "xingguo", "jing": {"indicator": "1m"},
            "hand": "1m1m1m2m2m2m2mESWNCF"}
    response = client.post("/evaluate", json=body)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer["reason"] == "waiting"
    assert "1m" not in [w["tile"] for w in answer["waits"]]
    assert len(answer["waits"]) == 32  # every other tile: seven wild jing


def test_an_encoded_surrogate_in_a_key_is_400_not_500(client):
    """Bytes ED A0 80 (a UTF-16 surrogate written as UTF-8) passed the old decoder and made
    the 422 answer that echoed the unknown key impossible to write: a 500."""
    body = b'{"variant":"qinzhou","hand":"123m456p789s111sEE","\xed\xa0\x80x":1}'
    response = client.post("/evaluate", data=body, content_type="application/json")
    assert response.status_code == 400
    assert "not valid UTF-8" in response.get_json()["detail"]


def test_an_escaped_lone_surrogate_in_a_rule_name_is_400_not_500(client):
    body = b'{"variant":"qinzhou","dealer":0,"result":{"winners":[]},"players":[],' \
           b'"rules":{"\\udc00horse_count":5}}'
    response = client.post("/settle", data=body, content_type="application/json")
    assert response.status_code == 400
    assert "surrogate" in response.get_json()["detail"]

