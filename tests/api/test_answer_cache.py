"""The bounded answer cache of app/views.py: same answers as without it, errors never kept."""

from __future__ import annotations

import pytest

from app import create_app, views
from app.config import Config

HAND = {"variant": "guangdong", "hand": "123m456p789s111sEE", "win_type": "self_draw",
        "dealer": True}


@pytest.fixture()
def fresh():
    """An app of its own: the cache lives in the app, so other tests' answers are not in it."""
    return create_app().test_client()


def test_cached_answers_are_the_answers(fresh):
    first = fresh.post("/evaluate", json=HAND)
    again = fresh.post("/evaluate", json=dict(reversed(list(HAND.items()))))  # same request
    assert first.status_code == again.status_code == 200
    assert first.get_data() == again.get_data()
    cache = fresh.application.extensions["answer_cache"]
    assert cache._cached.cache_info().hits == 1


def test_without_the_cache_the_answer_is_the_same(fresh):
    cached = fresh.post("/evaluate", json=HAND).get_data()
    client = create_app(Config(response_cache=0)).test_client()
    assert client.post("/evaluate", json=HAND).get_data() == cached
    assert client.application.extensions["answer_cache"]._cached is None


def test_errors_are_not_kept(fresh):
    bad = {**HAND, "hand": "123m456p789s111sE"}  # 13 tiles with a win_type: still valid
    assert fresh.post("/evaluate", json={**bad, "win_tile": "E"}).status_code == 422
    assert fresh.post("/evaluate", json={**bad, "win_tile": "E"}).status_code == 422
    assert fresh.application.extensions["answer_cache"]._cached.cache_info().currsize == 0


def test_an_integer_beyond_64_bits_is_answered_not_cached(fresh):
    response = fresh.post("/evaluate", json={**HAND, "rules": {"base": 10 ** 30}})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["field"] == "rules.base"


def test_the_cache_is_bounded():
    cache = views.AnswerCache(4)
    for n in range(10):
        answer = cache.answer(lambda data, language: str(data["n"]).encode(), {"n": n}, "en")
        assert answer == str(n).encode()
    assert cache._cached.cache_info().currsize == 4


def test_the_cache_keeps_each_language_apart():
    """The same request asked in two languages is two entries: a Chinese answer is never
    given to an English reader because the request was the same."""
    cache = views.AnswerCache(4)
    def endpoint(data, language):
        return f"{data['n']} {language}".encode()
    assert cache.answer(endpoint, {"n": 1}, "en") == b"1 en"
    assert cache.answer(endpoint, {"n": 1}, "zh") == b"1 zh"
    assert cache.answer(endpoint, {"n": 1}, "en") == b"1 en"
    assert cache._cached.cache_info().currsize == 2


def test_the_cache_belongs_to_the_app_and_its_size_to_the_config(monkeypatch):
    monkeypatch.setenv("RESPONSE_CACHE", "7")
    assert create_app().extensions["answer_cache"].size == 7
    assert create_app(Config(response_cache=3)).extensions["answer_cache"].size == 3
