"""Accept-Language (issue 22): zh-CN, zh, zh-Hans and en, q-values honoured, English the
default; every JSON answer says its language (Content-Language) and that it varies by it."""

from __future__ import annotations

import pytest

from app.i18n import negotiate

HAND = {"variant": "qinzhou", "hand": "123m456p789s111sEE"}
BAD = {"variant": "qinzhou", "hand": "123m456p789s111sEX"}


@pytest.mark.parametrize(("header", "language"), [
    (None, "en"),
    ("", "en"),
    ("zh-CN", "zh"),
    ("zh", "zh"),
    ("zh-Hans", "zh"),
    ("zh-Hans-CN", "zh"),
    ("ZH-cn", "zh"),  # tags are case-insensitive
    ("zh-TW", "zh"),  # the only Chinese catalogue is simplified: better than English
    ("en", "en"),
    ("en-US,en;q=0.9", "en"),
    ("fr", "en"),  # a language the service does not speak: the default
    ("fr, zh;q=0.5", "zh"),  # the best the service speaks
    ("en;q=0.9, zh-CN;q=0.8", "en"),  # q-values, not order
    ("en;q=0.8, zh-CN;q=0.9", "zh"),
    ("zh-CN,zh;q=0.9,en;q=0.8", "zh"),  # what a Chinese browser sends
    ("en, zh", "en"),  # equal q: the first listed
    ("zh, en", "zh"),
    ("zh;q=0, en", "en"),  # q=0 refuses
    ("zh;q=0", "en"),
    ("*", "en"),
    ("fr, *;q=0.1", "en"),
    ("zh;q=abc, en;q=0.5", "en"),  # an unreadable q: that range is skipped
    ("zh;q=2", "en"),  # out of range: skipped
    (";;;,,,", "en"),
    ("x" * 5000, "en"),
    (", ".join(["fr"] * 40) + ", zh", "en"),  # only the first 32 ranges are read
])
def test_negotiation(header, language):
    assert negotiate(header) == language


def test_english_is_the_default_and_says_so(client):
    response = client.post("/evaluate", json=BAD)
    assert response.status_code == 422
    assert response.headers["Content-Language"] == "en"
    assert "Accept-Language" in response.headers["Vary"]
    assert response.get_json()["title"] == "Invalid request"


@pytest.mark.parametrize("header", ["zh-CN", "zh", "zh-Hans", "en;q=0.5, zh;q=0.9"])
def test_a_chinese_reader_gets_chinese(client, header):
    response = client.post("/evaluate", json=BAD, headers={"Accept-Language": header})
    assert response.headers["Content-Language"] == "zh-CN"
    assert response.get_json()["title"] == "请求无效"


@pytest.mark.parametrize(("method", "path", "body"), [
    ("post", "/evaluate", HAND),
    ("get", "/variants", None),
    ("get", "/no-such-page", None),
    ("post", "/evaluate", None),  # no body: a 415 problem
])
def test_every_json_answer_says_its_language(client, method, path, body):
    response = getattr(client, method)(path, json=body,
                                       headers={"Accept-Language": "zh-CN"})
    assert response.headers["Content-Language"] == "zh-CN", (path, response.status_code)
    assert "Accept-Language" in response.headers["Vary"]


def test_the_vary_header_keeps_what_cors_adds(app):
    from app import create_app
    from app.config import Config

    cors = create_app(Config(cors_origins=("https://game.example",))).test_client()
    response = cors.post("/evaluate", json=HAND, headers={
        "Origin": "https://game.example", "Accept-Language": "zh"})
    vary = {v.strip() for v in response.headers["Vary"].split(",")}
    assert {"Origin", "Accept-Language"} <= vary, vary


def test_the_same_request_in_two_languages_gets_two_answers(client):
    """The answer cache keys on the language: an English reader asking after a Chinese
    one gets English, though the request body is the same."""
    english = client.post("/evaluate", json=BAD).get_json()["detail"]
    chinese = client.post("/evaluate", json=BAD,
                          headers={"Accept-Language": "zh"}).get_json()["detail"]
    again = client.post("/evaluate", json=BAD).get_json()["detail"]
    assert english == again != chinese
