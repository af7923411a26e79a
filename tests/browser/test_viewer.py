"""The replay viewer (GET /viewer, issue 36 item 1) in chromium: a log stepped through with
the buttons and the arrow keys, the seats as POST /replay says they are at each step, the
settlement at the end, an illegal action highlighted with its rule and seed line, a link
that opens the same log at the same step, on a phone and a desktop, in English and Chinese.
"""

from __future__ import annotations

import base64
import json

import pytest
import requests

from app.viewer import EXAMPLES
from tests.browser.conftest import VIEWPORT, save_screenshot

PHONE = {"width": 390, "height": 844}
DESKTOP = VIEWPORT
LOGS = {e["name"]: e["log"] for e in EXAMPLES}


def shown(page, step: int) -> None:
    page.wait_for_selector(f'body[data-shown="{step}"]')


def seat_tiles(page, seat: int, part: str) -> list[str]:
    return page.eval_on_selector_all(
        f'.seat[data-seat="{seat}"] [data-part="{part}"] .tile',
        "nodes => nodes.map(n => n.dataset.tile)")


def replay(base: str, log: dict, k: int) -> dict:
    return requests.post(base + "/replay", json={**log, "actions": log["actions"][:k]},
                         timeout=10).json()


def test_step_through_a_round_with_buttons_and_keys(open_page, live_server):
    page = open_page()
    page.goto("/viewer?example=finished_round")
    page.wait_for_selector("body[data-ready=true]")
    shown(page, 0)
    log = LOGS["finished_round"]
    page.click("#next")
    shown(page, 1)  # seat 3 discards 8s
    assert seat_tiles(page, 3, "discards") == ["8s"]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    shown(page, 3)
    expected = replay(live_server, log, 3)["seats"]
    for seat in range(4):
        assert seat_tiles(page, seat, "hand") == expected[seat]["hand"]
        assert seat_tiles(page, seat, "discards") == expected[seat]["discards"]
    assert page.get_attribute("#actions li[data-index='2']", "aria-current") == "step"
    page.keyboard.press("ArrowLeft")
    shown(page, 2)
    assert seat_tiles(page, 0, "discards") == []
    page.keyboard.press("End")
    shown(page, len(log["actions"]))
    answer = requests.post(live_server + "/replay", json=log, timeout=10).json()
    deltas = page.eval_on_selector_all(".settlement .delta", "n => n.map(x => x.innerText)")
    assert [int(d.replace("+", "")) for d in deltas] == answer["settlement"]["deltas"]
    assert seat_tiles(page, 2, "melds") == ["E", "E", "E", "3p", "3p", "3p"]
    page.keyboard.press("Home")
    shown(page, 0)


def test_an_illegal_action_is_highlighted_with_its_rule(open_page, live_server):
    page = open_page()
    page.goto("/viewer?example=passed_win_locked&step=4")
    page.wait_for_selector("body[data-ready=true]")
    shown(page, 4)
    box = page.inner_text("#illegal")
    assert "action.win_locked" in box and "漏和" in box and "seed 004" in box
    assert "illegal-action" in page.get_attribute("#actions li[data-index='3']", "class")
    page.keyboard.press("ArrowRight")  # nothing after the illegal action
    shown(page, 4)
    page.keyboard.press("ArrowLeft")
    shown(page, 3)
    assert page.is_hidden("#illegal")
    facts = page.eval_on_selector_all("#facts li", "n => n.map(x => x.dataset.code)")
    assert "win_passed" in facts


def test_facts_appear_as_they_happen(open_page):
    page = open_page()
    page.goto("/viewer?example=nanchang_follow_dealer&step=7")
    page.wait_for_selector("body[data-ready=true]")
    shown(page, 7)
    assert page.eval_on_selector_all("#facts li", "n => n.length") == 0
    page.keyboard.press("ArrowRight")
    shown(page, 8)
    assert page.eval_on_selector_all("#facts li", "n => n.map(x => x.dataset.code)") == \
        ["follow_dealer"]


def test_a_link_replays_the_same_log_at_the_same_step(open_page):
    page = open_page()
    log = LOGS["qinzhou_last_tile"]
    encoded = base64.urlsafe_b64encode(json.dumps(log).encode()).decode().rstrip("=")
    page.goto(f"/viewer?log={encoded}&step=5")
    page.wait_for_selector("body[data-ready=true]")
    shown(page, 5)
    page.click("#next")
    shown(page, 6)
    link = page.get_attribute("#permalink", "href")
    other = open_page()
    other.goto(link)
    other.wait_for_selector("body[data-ready=true]")
    shown(other, 6)
    for seat in range(4):
        assert seat_tiles(other, seat, "hand") == seat_tiles(page, seat, "hand")


@pytest.mark.parametrize("width", [360, 390, 414])
def test_no_sideways_scroll_on_a_phone(open_page, width):
    page = open_page({"width": width, "height": 844})
    page.goto("/viewer?example=finished_round&step=20")
    page.wait_for_selector("body[data-ready=true]")
    shown(page, 20)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_chinese_labels_and_sentences(open_page):
    page = open_page(locale="zh-CN")
    page.goto("/viewer?example=passed_win_locked&step=4")
    page.wait_for_selector("body[data-ready=true]")
    shown(page, 4)
    assert page.inner_text("#steps-title") == "逐步回放"
    assert "第 3 个动作不合规" in page.inner_text("#illegal")
    assert "座位 2" in page.inner_text("#illegal")  # the server's sentence, in Chinese


def test_screenshots(open_page):
    for name, viewport, step in (("viewer.png", DESKTOP, 20), ("viewer-phone.png", PHONE, 8)):
        page = open_page(viewport)
        page.goto(f"/viewer?example=finished_round&step={step}")
        page.wait_for_selector("body[data-ready=true]")
        shown(page, step)
        assert save_screenshot(page, name).exists()
