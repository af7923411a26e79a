"""The playground and the widget on phones and on a desktop, and the widget's controls.

At 360, 390 and 414 px (phones) and 1400 px (desktop): nothing is wider than the screen
(``scrollWidth <= innerWidth``) once a 14-tile hand is scored and its advice shown, and the
tile palette is within one screen of the hand field. The widget scores every hand a player
can describe: its URL fills its controls, the guangdong hand that needs a seat wind scores,
and every error lands next to a control. The settle tab offers only what /variants says
each variant takes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import requests

from tests.browser.conftest import (
    ROOT,
    example,
    open_playground,
    save_screenshot,
    score,
    wait_for_answer,
)

WIDTHS = [360, 390, 414, 1400]
XINGGUO_CASE = ("#mode=evaluate&variant=xingguo&hand=123m456p789s11sECC&win_type=self_draw"
                "&jing.indicator=C")
GUANGDONG = "/embed?variant=guangdong&hand=123m456p789sSSS99m"


def variants(base: str) -> dict[str, dict]:
    data = requests.get(base + "/variants", timeout=10).json()
    return {v["name"]: v for v in data["variants"]}


def evaluate(base: str, body: dict, lang: str = "en") -> tuple[int, dict]:
    response = requests.post(base + "/evaluate", json=body, timeout=10,
                             headers={"Accept-Language": lang})
    return response.status_code, response.json()


def overflow(page) -> tuple[int, int]:
    return page.evaluate("[document.documentElement.scrollWidth, innerWidth]")


def sized(page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 800})


@pytest.mark.parametrize("width", WIDTHS)
def test_the_playground_fits_the_screen_with_the_palette_by_the_hand(page, width):
    sized(page, width)
    open_playground(page, XINGGUO_CASE)
    page.wait_for_selector("#answer .evaluation")
    page.wait_for_selector("#advice-answer table.advice-discards")
    assert page.locator("#hand").input_value() == "123m456p789s11sECC"
    scroll, inner = overflow(page)
    assert scroll <= inner, f"{scroll} px wide on a {inner} px screen"
    hand = page.locator("#hand").bounding_box()
    palette = page.locator("#palette").bounding_box()
    assert abs(palette["y"] - hand["y"]) <= 800, (hand, palette)
    # the palette still types into the hand wherever it sits
    page.click("#backspace")
    page.click('#palette [data-tile="9m"]')
    assert page.locator("#hand").input_value() == "1239m456p11789sEC"
    if width == 390:  # the first two screens: the hand, its palette, the advice
        page.click("#backspace")
        page.click('#palette [data-tile="C"]')
        page.wait_for_selector("#advice-answer table.advice-discards")
        page.wait_for_function("() => !document.querySelector('#advice[aria-busy=true]')")
        page.set_viewport_size({"width": 390, "height": 1500})
        page.evaluate("scrollTo(0, 0)")
        save_screenshot(page, "playground-phone.png", full_page=False)


GUANGDONG_READY = ("#mode=evaluate&variant=guangdong&hand=123m456p789s11sEEN&seat_wind=S"
                   "&advise.visible=1sEN9m9m")


@pytest.mark.parametrize("width", [360, 390, 414])
def test_the_expected_value_bars_and_inputs_fit_a_phone(page, width):
    """The advice with its 胡牌率 and 期望得分 bars, and the model's inputs unfolded: nothing
    wider than the screen, every bar as wide as a player can read, every input in reach."""
    sized(page, width)
    open_playground(page, GUANGDONG_READY)
    page.wait_for_selector("#advice-answer table.advice-discards .advice-metric")
    assert page.locator("#advice-model").get_attribute("open") is None  # folded on a phone
    page.click("#advice-model > summary")
    page.wait_for_selector("#advice-draws-left", state="visible")
    assert overflow(page)[0] <= width
    bars = page.eval_on_selector_all(".advice-discards .advice-bar",
                                     "bs => bs.map(b => b.getBoundingClientRect().width)")
    assert bars and min(bars) >= 40, bars
    for selector in ("#advice-draws-left", "#advice-changes",
                     'label[for="advice-objective-win"]', 'label[for="advice-objective-score"]'):
        box = page.locator(selector).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (selector, box)
    # a phone changes the inputs as a desktop does
    seen = int(page.evaluate("document.body.dataset.advice || 0"))
    page.click('label[for="advice-objective-win"]')
    page.wait_for_function("n => Number(document.body.dataset.advice || 0) > n", arg=seen)
    assert json.loads(page.text_content("#advice-request"))["objective"] == "win"
    assert overflow(page)[0] <= width


@pytest.mark.parametrize("mode", ["match", "jing"])
def test_the_match_and_jing_tabs_fit_a_phone(page, mode):
    """A match's table of rounds (a column per seat) scrolls inside itself, not the page."""
    sized(page, 360)
    open_playground(page)
    page.select_option("#variant", "nanchang")
    page.click(f"#tab-{mode}")
    example(page)
    assert page.locator("#answer .problem").count() == 0
    assert overflow(page)[0] <= 360


@pytest.mark.parametrize("width", [360, 414])
def test_the_settle_tab_and_melds_fit_a_phone(page, width):
    sized(page, width)
    open_playground(page)
    page.click("#tab-settle")
    example(page)
    assert overflow(page)[0] <= width
    page.click("#tab-evaluate")
    page.click("text=+ Add meld")
    assert overflow(page)[0] <= width
    # the palette moved under the meld being typed: it types there
    page.click('#palette [data-tile="E"]')
    assert page.locator('[data-field="melds[0].tiles"]').input_value() == "E"


@pytest.mark.parametrize("width", WIDTHS)
def test_the_widget_fits_and_scores_the_guangdong_hand(page, live_server, width):
    sized(page, width)
    sent: list[dict] = []
    page.on("request", lambda r: sent.append(json.loads(r.post_data))
            if r.url.endswith("/evaluate") else None)
    page.goto(GUANGDONG)
    page.wait_for_selector("#answer .evaluation")
    assert page.locator(".problem").count() == 0
    assert page.inner_text("#answer .verdict strong") == "胡 Winning hand"
    status, expected = evaluate(live_server, sent[-1])
    assert status == 200 and expected["winning"] is True
    ids = page.eval_on_selector_all("#answer table.patterns tbody tr td:nth-child(3)",
                                    "cells => cells.map(c => c.innerText)")
    assert ids == [p["id"] for p in expected["patterns"]]
    scroll, inner = overflow(page)
    assert scroll <= inner
    if width == 390:
        save_screenshot(page, "embed-phone.png")
    hand = page.locator("#hand").bounding_box()
    # a preset hand is scored, the palette folded under it: one tap opens it there
    assert page.locator("#palette-box").get_attribute("open") is None
    page.click("#palette-box > summary")
    assert abs(page.locator("#palette").bounding_box()["y"] - hand["y"]) <= 800
    assert overflow(page)[0] <= inner
    page.click('#palette [data-tile="E"]')
    assert page.locator("#hand").input_value() == "12399m456p789sESSS"


def test_the_widget_url_fills_every_control(page, live_server):
    sent: list[dict] = []
    page.on("request", lambda r: sent.append(json.loads(r.post_data))
            if r.url.endswith("/evaluate") else None)
    page.goto("/embed?variant=guangdong&hand=123m789s99m&melds=SSS,concealed_kong:5555p"
              "&seat_wind=S&round_wind=W&win_type=self_draw&win_tile=9m&flags=last_tile")
    page.wait_for_selector("#answer > *")
    values = {name: page.locator(f"#{name}").input_value() for name in
              ("variant", "hand", "melds", "seat_wind", "round_wind", "win_type", "win_tile")}
    assert values == {"variant": "guangdong", "hand": "123m789s99m",
                      "melds": "SSS concealed_kong:5555p", "seat_wind": "S", "round_wind": "W",
                      "win_type": "self_draw", "win_tile": "9m"}
    assert page.is_checked("#flag-last_tile") and not page.is_checked("#flag-heavenly")
    assert page.locator("#more").get_attribute("open") is not None  # what the host set shows
    body = sent[-1]
    assert body["melds"] == [{"type": "pung", "tiles": "SSS"},
                             {"type": "concealed_kong", "tiles": "5555p"}]
    assert (body["seat_wind"], body["round_wind"], body["win_type"], body["win_tile"],
            body["flags"]) == ("S", "W", "self_draw", "9m", {"last_tile": True})
    assert "dealer" not in body
    status, expected = evaluate(live_server, body)
    assert status == 200 and expected["winning"] is True
    assert page.inner_text('#answer dd[data-fact="Total"]') == str(expected["total"])
    # dealer=true is the east seat, and the request says both
    page.goto("/embed?variant=guangdong&hand=123m456p789sSSS99m&dealer=true")
    page.wait_for_selector("#answer .evaluation")
    assert page.locator("#seat_wind").input_value() == "E"
    assert sent[-1]["dealer"] is True and sent[-1]["seat_wind"] == "E"


def test_the_widget_offers_each_variants_win_types_and_flags(page, live_server):
    page.goto("/embed")
    page.wait_for_selector("body[data-ready=true]")
    assert page.locator("#palette").is_visible()  # no hand yet: the palette is open
    for name, v in variants(live_server).items():
        page.select_option("#variant", name)
        options = page.eval_on_selector_all("#win_type option", "os => os.map(o => o.value)")
        assert options == v["win_types"]
        flags = page.eval_on_selector_all("#flags input", "is => is.map(i => i.name)")
        assert sorted(flags) == sorted(v["flags"])
        assert page.locator("#jing-field").is_hidden() == ("indicator" not in v["jing"])


BAD_WIDGET_CASES = [
    ("/embed?variant=xingguo&hand=123m456p789s11sECC", "jing.indicator"),
    ("/embed?variant=guangdong&hand=123m456p789sSSS99m&win_type=discard&win_tile=C", "win_tile"),
    ("/embed?variant=guangdong&hand=123m456p789s99m&melds=EEF", "melds"),
    ("/embed?variant=guangdong&hand=123m456p789s99m&melds=pong:EEE", "melds"),
    ("/embed?variant=qinzhou&hand=123m", "hand"),
]


@pytest.mark.parametrize(("url", "field"), BAD_WIDGET_CASES)
def test_every_widget_error_sits_by_a_control_the_player_can_change(page, url, field):
    """No error is shown without the control that mends it: each lands next to a visible,
    enabled control named by the error, and none is left over in the summary."""
    page.goto(url)
    page.wait_for_selector(".problem")
    assert page.locator(".problem li").count() == 0  # nothing unplaced
    placed = page.eval_on_selector_all(".field-error", """errors => errors.map(e => {
        const holder = e.closest('.field');
        const control = holder && holder.querySelector('input, select');
        return control && control.offsetParent !== null && !control.disabled
            ? control.dataset.field : null; })""")
    assert placed and None not in placed
    assert field in placed


def test_the_widget_says_shapes_and_payers_in_chinese(open_page, live_server):
    page = open_page({"width": 390, "height": 800}, "zh-CN")
    page.goto("/embed?variant=xingguo&hand=123m456p789s111sEE&jing=C")
    page.wait_for_selector("#answer .evaluation")
    status, expected = evaluate(live_server, {"variant": "xingguo", "hand": "123m456p789s111sEE",
                                              "win_type": "self_draw", "seat_wind": "S",
                                              "round_wind": "E", "jing": {"indicator": "C"}},
                                "zh-CN")
    assert status == 200 and expected["shape"] == "ping_hu"
    assert page.inner_text('#answer dd[data-fact="Shape"]') == "平胡"
    payers = page.eval_on_selector_all("#answer table.payments tbody tr td:first-child",
                                       "cells => cells.map(c => c.innerText)")
    assert payers == [{"dealer": "庄家", "non_dealer": "闲家"}[p["payer"]]
                      for p in expected["payments"]]
    page.goto("/embed?variant=guangdong&hand=123m456p789sSSS99m")
    page.wait_for_selector("#answer .evaluation")
    assert page.inner_text('#answer dd[data-fact="Shape"]') == "标准（四组一将）"
    assert page.inner_text("#answer table.payments tbody td:first-child") == "每家"


def docs_snippet() -> str:
    text = (ROOT / "docs" / "playground.md").read_text(encoding="utf-8")
    found = re.search(r"```html\n(<iframe id=\"mahjong-scorer\".*?)```", text, re.S)
    assert found, "docs/playground.md lost its embed snippet"
    return found.group(1)


@pytest.mark.parametrize("width", [360, 560])
def test_the_documented_snippet_checks_the_origin_and_fits_the_widget(page, live_server, width):
    """docs/playground.md's snippet, run for real: the iframe follows the widget's height,
    ignores the same message from anyone else, and starts tall enough for the form."""
    snippet = docs_snippet().replace("https://scoring.example.com", live_server)
    assert "event.origin !== SCORER_ORIGIN" in snippet
    page.set_viewport_size({"width": width, "height": 800})
    page.set_content(snippet)
    frame = page.frame_locator("#mahjong-scorer")
    frame.locator("body[data-ready=true]").wait_for()
    start = int(page.get_attribute("#mahjong-scorer", "height"))
    widget = frame.locator("html").evaluate("h => h.scrollHeight")
    assert widget <= start  # the suggested height shows the whole form at once
    frame.locator("#hand").fill("123m456p789sSSS99m")
    frame.locator("#submit").click()
    frame.locator(".evaluation").wait_for()
    page.wait_for_function("() => Number(document.getElementById('mahjong-scorer').height) > "
                           f"{start}")
    grown = int(page.get_attribute("#mahjong-scorer", "height"))
    assert grown == frame.locator("html").evaluate("h => h.scrollHeight")
    page.evaluate("() => postMessage({type: 'mahjong-scoring:height', height: 5}, '*')")
    page.wait_for_timeout(200)
    assert int(page.get_attribute("#mahjong-scorer", "height")) == grown  # not from the widget


def test_the_settle_tab_offers_only_what_each_variant_takes(page, live_server):
    open_playground(page)
    page.click("#tab-settle")
    for name, v in variants(live_server).items():
        page.select_option("#variant", name)
        assert (page.locator("#follow-dealer").count() == 1) == ("follow_dealer" in v["events"])
        false_wins = page.locator('.events input[type=checkbox]').count()
        assert false_wins == (4 if "false_win" in v["events"] else 0)
        assert page.locator(".events").count() == (1 if v["events"] else 0)
        flags = page.eval_on_selector_all('.result .flags [data-field^="result.flags."]',
                                          "cs => cs.map(c => c.dataset.field.split('.').pop())")
        assert sorted(flags) == sorted(v["flags"])
        win_types = page.eval_on_selector_all('[data-field="result.win_type"] option',
                                              "os => os.map(o => o.value).filter(Boolean)")
        assert win_types == v["win_types"]
        for seat in range(4):  # tick every seat: at most max_winners stay ticked
            box = f'[data-field="result.winners[{seat}]"]'
            if not page.is_checked(box):
                page.check(box)
        ticked = sum(page.is_checked(f'[data-field="result.winners[{s}]"]') for s in range(4))
        assert ticked == min(4, v["max_winners"])
        for seat in range(4):
            box = f'[data-field="result.winners[{seat}]"]'
            if page.is_checked(box):
                page.uncheck(box)


def test_a_settle_case_with_events_is_kept_in_the_url(page, browser, live_server):
    """xingguo takes 跟庄 and 诈胡: they are sent, and a link brings them back."""
    open_playground(page)
    page.select_option("#variant", "xingguo")
    page.click("#tab-settle")
    example(page)
    page.fill("#follow-dealer", "2")
    page.check("text=诈胡 false win: Seat 3 (北 N)")
    score(page)
    sent = json.loads(page.text_content("#request"))
    assert sent["events"] == [{"type": "follow_dealer", "rounds": 2},
                              {"type": "false_win", "seat": 3}]
    assert page.text_content("#status") == "200"
    again = browser.new_page(base_url=live_server)
    again.goto(page.url)
    again.wait_for_selector("#answer > *")
    assert json.loads(again.text_content("#request")) == sent
    assert again.input_value("#follow-dealer") == "2"
    again.close()


def test_guangdong_is_never_sent_a_follow_dealer(page, live_server):
    """A case carried over (or shared) with 跟庄 is sent to guangdong without it: no 422
    "guangdong has no follow_dealer payment" the page offers no control to undo."""
    open_playground(page)
    page.select_option("#variant", "guangdong")
    page.click("#tab-settle")
    example(page)
    shared = page.url + "&events.0.type=follow_dealer&events.0.rounds=2"
    page.goto("about:blank")
    seen = 0
    page.goto(shared)
    wait_for_answer(page, seen)
    assert page.text_content("#status") == "200"
    assert "events" not in json.loads(page.text_content("#request"))


def test_a_complete_hand_is_called_complete_not_minus_one(page):
    open_playground(page, "#mode=evaluate&variant=guangdong&hand=123m456p789s111sEE")
    page.wait_for_selector("#advice-answer .advice-complete")
    shown = page.inner_text("#advice-answer .advice-shanten")
    assert "complete" in shown and "已和" in shown and "-1" not in shown
    assert "-1" not in page.inner_text("#advice-summary")


def test_the_docs_show_the_phone_pictures():
    text = (ROOT / "docs" / "playground.md").read_text(encoding="utf-8")
    for name in ("playground-phone.png", "embed-phone.png"):
        assert f"]({name})" in text
        assert Path(ROOT / "docs" / name).stat().st_size > 10_000


@pytest.mark.parametrize("width", [390, 1400])
def test_the_rule_options_fold_on_a_phone(page, width):
    """nanchang's long list of options is folded on a phone (open on a desktop), and an
    error that names one of them opens it, so the control is there to mend it."""
    sized(page, width)
    open_playground(page, "#mode=evaluate&variant=nanchang&hand=123m456p789s11sECC"
                    "&win_type=self_draw&jing.indicator=C&rules.pa_lou_ti=nonsense")
    page.wait_for_selector("#answer .problem")
    assert page.locator("#rules-box").get_attribute("open") is not None
    placed = page.locator('#rules-box .field-error')
    assert placed.count() >= 1 and placed.first.is_visible()
    page.goto("about:blank")  # a fresh page: nothing the player opened is remembered
    open_playground(page, "#mode=evaluate&variant=nanchang")
    folded = page.locator("#rules-box").get_attribute("open") is None
    assert folded == (width < 900)
    if folded:
        page.click("#rules-box > summary")
    assert page.locator("#rules-box .rules select, #rules-box .rules input").first.is_visible()


def test_the_widget_urls_in_the_docs_score(page):
    """Every /embed?… example docs/playground.md gives scores a winning hand, no error."""
    text = (ROOT / "docs" / "playground.md").read_text(encoding="utf-8")
    urls = sorted(set(re.findall(r"`(/embed\?[^`\s…]*hand=[0-9a-zA-Z][^`\s…]*)`", text)))
    assert len(urls) >= 2
    for url in urls:
        page.goto(url)
        page.wait_for_selector("#answer > *")
        assert page.locator(".problem").count() == 0, url
        assert page.inner_text("#answer .verdict strong") == "胡 Winning hand", url
