"""The playground and the widget speak the browser's language, with a 中文 / English switch.

The answers' sentences are the server's: each test asks the API for the same request in both
languages and checks that the page shows the one it chose (and that the two differ, so a page
that forgot Accept-Language fails). The page's own labels come from its JS dictionary, so
they are compared with fixed words from it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
import requests

from tests.browser.conftest import VIEWPORT, answers, save_screenshot, wait_for_answer

# A qinzhou chicken hand: its note (horses not counted) and its payment formula are
# sentences; 123m alone is three tiles, a 422 whose errors[0].message is a sentence.
WIN = "#mode=evaluate&variant=qinzhou&hand=123m456p789s111sEE&win_type=self_draw"
SHORT = "#mode=evaluate&variant=qinzhou&hand=123m"
WIN_BODY = {"variant": "qinzhou", "hand": "123m456p789s111sEE", "win_type": "self_draw"}
SHORT_BODY = {"variant": "qinzhou", "hand": "123m"}
HTTP = {"zh": "zh-CN", "en": "en"}


def api(base: str, body: dict, lang: str) -> dict:
    response = requests.post(base + "/evaluate", json=body, timeout=10,
                             headers={"Accept-Language": HTTP[lang]})
    assert response.headers["Content-Language"] == HTTP[lang]
    return response.json()


@pytest.fixture()
def open_page(browser, live_server) -> Iterator[Callable]:
    """open_page(locale) → a page in a browser whose language is ``locale``; fails the test
    on any script error. Each call is a new browser profile (empty localStorage)."""
    contexts, errors = [], []

    def make(locale: str):
        context = browser.new_context(viewport=VIEWPORT, base_url=live_server, locale=locale)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"script errors on the page: {errors}"


def goto(page, url: str, seen: int | None = None) -> None:
    """Load a playground URL; with ``seen``, wait for more than that many answers too."""
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]")
    if seen is not None:
        wait_for_answer(page, seen)


def switch_to(page, lang: str) -> None:
    """Click 中文 or English and wait for the answer sent again."""
    seen = answers(page)
    page.click(f'.lang-switch [data-lang="{lang}"]')
    wait_for_answer(page, seen)


def shown_notes(page) -> list[str]:
    return page.locator("#answer .notes li").all_inner_texts()


def shown_pattern_names(page) -> list[str]:
    return page.eval_on_selector_all("#answer table.patterns tbody tr",
                                     "rows => rows.map(r => r.cells[0].innerText.trim())")


def labels(page) -> dict:
    return {"lang": page.get_attribute("html", "lang"),
            "tab": page.inner_text('#tab-evaluate [data-i18n="tab_evaluate"]'),
            "submit": page.inner_text("#submit"), "hand": page.inner_text('label[for="hand"]'),
            "pressed": page.get_attribute('.lang-switch [aria-pressed="true"]', "data-lang")}


CHINESE = {"lang": "zh-CN", "tab": "算一手牌", "submit": "计算", "pressed": "zh"}
ENGLISH = {"lang": "en", "tab": "Evaluate a hand", "submit": "Score 计算", "pressed": "en"}


def assert_labels(page, expected: dict) -> None:
    shown = labels(page)
    assert shown["hand"].startswith("手牌" if expected["lang"] == "zh-CN" else "Hand 手牌")
    del shown["hand"]
    assert shown == expected


def assert_answer(page, live_server, lang: str) -> None:
    """The win's notes, formula and pattern names are the API's in ``lang``, not the other."""
    mine, other = api(live_server, WIN_BODY, lang), api(live_server, WIN_BODY,
                                                        "en" if lang == "zh" else "zh")
    assert mine["notes"] and mine["notes"] != other["notes"]
    assert shown_notes(page) == mine["notes"]
    formulas = page.eval_on_selector_all("#answer table.payments tbody tr",
                                         "rows => rows.map(r => r.cells[2].innerText.trim())")
    assert formulas == [p["formula"] for p in mine["payments"]]
    key = "name_zh" if lang == "zh" else "name_en"
    assert shown_pattern_names(page) == [p[key] for p in mine["patterns"]]


def test_a_chinese_browser_gets_chinese_without_touching_anything(open_page, live_server):
    page = open_page("zh-CN")
    goto(page, "/" + SHORT, seen=0)
    assert_labels(page, CHINESE)
    zh, en = api(live_server, SHORT_BODY, "zh"), api(live_server, SHORT_BODY, "en")
    assert zh["errors"][0]["message"] != en["errors"][0]["message"]
    assert page.inner_text(".tiles-field .field-error") == zh["errors"][0]["message"]
    assert page.inner_text("#answer .problem-title") == f"422 {zh['title']}"
    page.fill("#hand", "X1m")  # the page's own reading of the field, before anything is sent
    assert page.inner_text(".tiles-field .strip .hint") == "(不认识的牌字符 X)"
    goto(page, "/" + WIN, seen=answers(page))
    assert_answer(page, live_server, "zh")
    assert page.inner_text("#answer .verdict strong") == "胡牌"
    save_screenshot(page, "playground-zh.png")  # docs/playground.md's Chinese picture


def test_an_english_browser_gets_english(open_page, live_server):
    page = open_page("en-US")
    goto(page, "/" + SHORT, seen=0)
    assert_labels(page, ENGLISH)
    en = api(live_server, SHORT_BODY, "en")
    assert page.inner_text(".tiles-field .field-error") == en["errors"][0]["message"]
    page.fill("#hand", "X1m")
    assert page.inner_text(".tiles-field .strip .hint") == "(unknown tile character X)"
    goto(page, "/" + WIN, seen=answers(page))
    assert_answer(page, live_server, "en")
    assert page.inner_text("#answer .verdict strong") == "胡 Winning hand"


def test_the_switch_flips_the_language_and_is_remembered(open_page, live_server):
    page = open_page("en-US")
    goto(page, "/" + WIN, seen=0)
    assert_answer(page, live_server, "en")
    switch_to(page, "zh")  # the answer is sent again and comes back in Chinese
    assert_labels(page, CHINESE)
    assert_answer(page, live_server, "zh")
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_function("Number(document.body.dataset.answers || 0) > 0")
    assert_labels(page, CHINESE)  # remembered, though the browser still prefers English
    assert_answer(page, live_server, "zh")
    switch_to(page, "en")
    assert_labels(page, ENGLISH)
    assert_answer(page, live_server, "en")


def test_lang_in_the_link_wins_over_the_browser(open_page, live_server):
    page = open_page("zh-CN")
    goto(page, "/?lang=en" + WIN, seen=0)
    assert_labels(page, ENGLISH)
    assert_answer(page, live_server, "en")
    # The copied link carries the language it was made in.
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click("#copy-link")
    assert "lang=en" in page.evaluate("navigator.clipboard.readText()")
    # A value the page does not have is ignored: the browser's Chinese applies.
    goto(page, "/?lang=fr" + WIN, seen=0)
    assert_labels(page, CHINESE)


def advices(page) -> int:
    return int(page.evaluate("document.body.dataset.advice || 0"))


def wait_for_advice(page, seen: int) -> None:
    """Wait until the advice panel (POST /advise, asked for a 13- or 14-tile hand) has shown
    more than ``seen`` answers."""
    page.wait_for_function("n => Number(document.body.dataset.advice || 0) > n", arg=seen)


def wait_for_requests(page, sent: list, count: int) -> None:
    """Let the page's request events reach ``sent`` (each handler asks the browser for the
    headers, so on a busy machine it may finish after the answer it led to is shown)."""
    for _ in range(200):
        if len(sent) >= count:
            return
        page.wait_for_timeout(25)


def test_every_request_carries_the_chosen_language(open_page, live_server):
    page = open_page("zh-CN")
    sent: list[tuple[str, str | None]] = []
    page.on("request", lambda r: sent.append((r.url, r.all_headers().get("accept-language")))
            if r.resource_type in ("fetch", "xhr") else None)
    goto(page, "/?lang=en" + WIN, seen=0)
    wait_for_advice(page, 0)  # the 14-tile hand is advised on too
    wait_for_requests(page, sent, 3)
    paths = [url.split("/", 3)[3] for url, _ in sent]
    assert paths[0] == "variants" and sorted(paths[1:]) == ["advise", "evaluate"]
    assert [lang for _, lang in sent] == ["en", "en", "en"]  # not the browser's zh-CN
    sent.clear()
    seen = advices(page)
    switch_to(page, "zh")
    wait_for_advice(page, seen)
    wait_for_requests(page, sent, 3)
    paths = [url.split("/", 3)[3] for url, _ in sent]
    assert paths[0] == "variants" and sorted(paths[1:]) == ["advise", "evaluate"]
    assert [lang for _, lang in sent] == ["zh-CN", "zh-CN", "zh-CN"]
    assert "Accept-Language: zh-CN" in page.text_content("#curl")
    assert "lang=zh" in page.url  # the lang= in the address follows the switch


def test_the_widget_follows_the_browser_and_switches(open_page, live_server):
    page = open_page("zh-CN")
    sent: list[str | None] = []
    page.on("request", lambda r: sent.append(r.all_headers().get("accept-language"))
            if r.resource_type in ("fetch", "xhr") else None)
    page.goto("/embed?variant=qinzhou&hand=123m")
    page.wait_for_selector(".field.hand .field-error")
    zh, en = api(live_server, SHORT_BODY, "zh"), api(live_server, SHORT_BODY, "en")
    assert page.inner_text(".field.hand .field-error") == zh["errors"][0]["message"]
    assert page.get_attribute("html", "lang") == "zh-CN"
    assert page.inner_text('label[for="hand"]').startswith("手牌")
    assert page.get_attribute("#open", "href").startswith("/?lang=zh#")
    page.click('.lang-switch [data-lang="en"]')
    page.wait_for_function("m => document.querySelector('.field.hand .field-error')"
                           " && document.querySelector('.field.hand .field-error')"
                           ".innerText === m", arg=en["errors"][0]["message"])
    assert page.get_attribute("html", "lang") == "en"
    assert page.inner_text("#submit") == "Score 计算"
    assert sent == ["zh-CN", "zh-CN", "en", "en"]  # /variants, /evaluate, then again
