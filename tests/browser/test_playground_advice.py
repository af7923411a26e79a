"""The playground's "what to discard / 打哪张" panel (POST /advise) in a real browser.

Every assertion compares what the panel shows with what the service answers to a direct
POST /advise of the same request (the one the panel shows under "/advise request and curl"),
so the tests hold the page to the answer, not to hand-copied numbers. The panel asks with
``expected: true`` (胡牌率 and 期望得分, drawn as bars) and its model inputs; where the model
cannot value the hand it asks again without them and says why.
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable, Iterator

import pytest
import requests

from tests.browser.conftest import VIEWPORT, open_playground, save_screenshot, score

# What the panel adds to every question: the expected-value model, ranked by score.
MODEL = {"expected": True, "objective": "score"}
GUANGDONG = {"variant": "guangdong", "hand": "123m456p789s11sEEN", "seat_wind": "S",
             "visible": "1sEN9m9m", **MODEL}
GUANGDONG_LINK = ("#mode=evaluate&variant=guangdong&hand=123m456p789s11sEEN&seat_wind=S"
                  "&advise.visible=1sEN9m9m")
# nanchang, indicator 9m (9m 正精, 1m 副精): throwing N leaves 11s + 9m9m, whose wins on 1s
# and 9m read every jing as itself (德国); the other waits are 精吊, self-draw only.
NANCHANG_LINK = "#mode=evaluate&variant=nanchang&hand=123p456p789s11s9m9mN&jing.indicator=9m"
QINZHOU_13 = {"variant": "qinzhou", "hand": "1122m3344p56s7sEF", **MODEL}


def advise(base: str, body: dict, lang: str = "en") -> tuple[int, dict]:
    response = requests.post(base + "/advise", json=body, timeout=30,
                             headers={"Accept-Language": lang})
    return response.status_code, response.json()


def advices(page) -> int:
    return int(page.evaluate("document.body.dataset.advice || 0"))


def wait_for_advice(page, seen: int = 0) -> None:
    """Wait until the panel has shown more than ``seen`` answers of /advise."""
    page.wait_for_function("n => Number(document.body.dataset.advice || 0) > n", arg=seen,
                           timeout=30_000)


def sent(page) -> dict:
    """The request the panel sent, as it shows it."""
    return json.loads(page.text_content("#advice-request"))


def shown_discards(page) -> list[dict]:
    return page.eval_on_selector_all("#advice table.advice-discards tbody tr", """rows =>
        rows.map(r => ({discard: r.dataset.discard, shanten: Number(r.dataset.shanten),
                        left_total: Number(r.dataset.leftTotal),
                        tiles: [...r.querySelectorAll('.advice-draw')].map(d =>
                          [d.dataset.tile, Number(d.dataset.left)]),
                        shown_left: [...r.querySelectorAll('.advice-left')].map(s =>
                          Number(s.innerText)),
                        total_text: r.cells[3].innerText.trim()}))""")


def shown_waits(page) -> list[dict]:
    return page.eval_on_selector_all("#advice-waits tbody tr", """rows => rows.map(r => {
        const value = (cell) => {
          const v = cell.querySelector('.advice-value');
          return v ? {total: Number(v.dataset.total),
                      patterns: v.querySelector('.advice-patterns').innerText.trim(),
                      de_guo: Boolean(v.querySelector('.advice-de-guo'))} : null;
        };
        return {tile: r.dataset.tile, left: Number(r.dataset.left),
                left_text: r.cells[1].innerText.trim(),
                self_draw: value(r.cells[2]), on_discard: value(r.cells[3])};
      })""")


def expected_waits(entry: dict) -> list[dict]:
    def value(v):
        return None if v is None else {"total": v["total"], "patterns": " ".join(v["patterns"]),
                                       "de_guo": v["de_guo"]}
    return [{"tile": w["tile"], "left": w["left"], "left_text": str(w["left"]),
             "self_draw": value(w["self_draw"]), "on_discard": value(w["on_discard"])}
            for w in entry["waits"]]


def choose(page, discard: str) -> None:
    page.click(f'#advice tr[data-discard="{discard}"] button.advice-pick')
    page.wait_for_selector(f'#advice-waits[data-discard="{discard}"]')


@pytest.fixture()
def open_page(browser, live_server) -> Iterator[Callable]:
    """open_page(locale) → a page in a browser of that language; fails on any script error."""
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


# ------------------------------------------------------------------------------ 14 tiles


def test_the_panel_appears_for_14_tiles_and_lists_the_discards_in_the_answers_order(
        page, live_server):
    open_playground(page)
    page.select_option("#variant", "guangdong")
    page.select_option('[data-field="seat_wind"]', "S")
    page.fill("#hand", "123m456p789s11sEE")  # 13 tiles: the panel is there (its own 进张)
    wait_for_advice(page)
    assert page.is_visible("#advice")
    page.fill("#hand", "123m456p789s11s")  # 11: nothing to advise, no panel
    page.wait_for_selector("#advice", state="hidden")
    seen = advices(page)
    page.fill("#hand", "123m456p789s11sEEN")  # 14: what to discard
    page.fill("#advice-visible", "1sEN9m9m")
    wait_for_advice(page, seen)
    page.wait_for_function("() => !document.querySelector('#advice[aria-busy=true]')")
    assert page.is_visible("#advice table.advice-discards")
    assert sent(page) == GUANGDONG
    status, answer = advise(live_server, GUANGDONG)
    assert status == 200 and answer["shanten"] == 0
    assert page.get_attribute("#advice .advice-shanten strong", "data-shanten") == "0"
    shown = shown_discards(page)
    assert [d["discard"] for d in shown] == [d["discard"] for d in answer["discards"]]
    for row, entry in zip(shown, answer["discards"], strict=True):
        assert row["shanten"] == entry["shanten"], row
        assert row["tiles"] == [[t["tile"], t["left"]] for t in entry["tiles"]], row
        assert row["shown_left"] == [t["left"] for t in entry["tiles"]], row
        assert row["left_total"] == entry["left_total"] == int(row["total_text"]), row
    # The ready discard (N) is marked ready and its waits are shown at once, though the model
    # ranks 1s (一向听 on 12 tiles) above it for the points a win brings.
    assert answer["best"] == answer["discards"][0]["discard"] == "1s"
    assert page.get_attribute('#advice tr[data-discard="N"]', "class").split() == \
        ["ready", "selected"]
    assert page.get_attribute("#advice-waits", "data-discard") == "N"
    assert page.inner_text('#advice tr[data-discard="N"] .advice-n') == "0 · ready 听牌"
    assert page.inner_text('#advice tr[data-discard="1s"] .advice-n') == "1 · 一向听"


def test_the_panel_sends_the_forms_melds_jing_winds_and_rules(page, live_server):
    """A claimed pung counts three (11 + 3 = 14 tiles); dealer, winds and a changed rule option
    travel with the hand; the curl command the panel shows gets the same answer."""
    open_playground(page)
    page.select_option("#variant", "guangdong")
    page.click("text=+ Add meld")
    page.fill('[data-field="melds[0].tiles"]', "CCC")
    page.select_option('[data-field="melds[0].from"]', "2")
    page.check('[data-field="dealer"]')
    page.select_option('[data-field="round_wind"]', "S")
    page.fill('[data-field="rules.cap"]', "5")
    page.fill("#hand", "123m456p789s1sN")
    wait_for_advice(page)
    page.wait_for_function("() => JSON.parse(document.querySelector('#advice-request')"
                           ".textContent || '{}').rules")
    body = sent(page)
    assert body == {"variant": "guangdong", "hand": "123m456p789s1sN",
                    "melds": [{"type": "pung", "tiles": "CCC", "from": 2}], "dealer": True,
                    "round_wind": "S", "rules": {"cap": 5}, **MODEL}
    page.wait_for_function("() => !document.querySelector('#advice[aria-busy=true]')")
    status, answer = advise(live_server, body)
    assert status == 200
    assert [d["discard"] for d in shown_discards(page)] == [d["discard"]
                                                            for d in answer["discards"]]
    command = page.text_content("#advice-curl")
    assert command.startswith(f"curl -s {live_server}/advise ")
    out = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=30,
                         check=True)
    assert json.loads(out.stdout) == answer


def test_a_jing_hand_marks_its_jing(page, live_server):
    open_playground(page, "#mode=evaluate&variant=xingguo&hand=123m456m78m12p5s6sEE"
                    "&jing.indicator=4s")
    wait_for_advice(page)
    status, answer = advise(live_server, sent(page))
    assert status == 200 and sent(page)["jing"] == {"indicator": "4s"}
    assert [d["discard"] for d in shown_discards(page)] == [d["discard"]
                                                            for d in answer["discards"]]
    best = page.locator(f'#advice tr[data-discard="{answer["discards"][0]["discard"]}"]')
    wild = best.locator(".advice-draw .tile.wild").evaluate_all(
        "ts => ts.map(t => t.dataset.tile)")
    assert wild == ["4s", "5s"]  # the jing among its 进张, marked 精
    assert "精" in best.locator('.advice-draw[data-tile="5s"] .tile').get_attribute("aria-label")


# ------------------------------------------------------------------------------ waits


def test_clicking_a_discard_shows_its_waits_with_the_values_advise_answers(page, live_server):
    open_playground(page, NANCHANG_LINK)
    wait_for_advice(page)
    status, answer = advise(live_server, sent(page))
    assert status == 200
    entries = {d["discard"]: d for d in answer["discards"]}
    for discard in ("1p", "N"):
        choose(page, discard)
        assert page.get_attribute(f'#advice tr[data-discard="{discard}"] button', "aria-pressed") \
            == "true"
        assert shown_waits(page) == expected_waits(entries[discard])
    # N: 精吊 on all 34 tiles, only by self-draw (no discard value); 1s and 9m are 德国.
    waits = {w["tile"]: w for w in shown_waits(page)}
    assert len(waits) == 34 and all(w["on_discard"] is None for w in waits.values())
    assert sorted(t for t, w in waits.items() if w["self_draw"]["de_guo"]) == ["1s", "9m"]
    row = page.locator('#advice-waits tr[data-tile="1s"]')
    assert row.locator(".advice-de-guo").inner_text() == "德国"
    assert row.locator(".on-discard").inner_text() == "— cannot win so"
    # why, on hover: the wait's note, as /evaluate says it
    note = {w["tile"]: w for w in entries["N"]["waits"]}["1s"]["note"]
    assert note and row.locator(".on-discard .advice-none").get_attribute("title") == note
    assert "de_guo" in row.locator(".self-draw .advice-patterns").inner_text()


def test_a_discard_that_is_not_ready_says_so(page, live_server):
    open_playground(page, GUANGDONG_LINK)
    wait_for_advice(page)
    assert page.input_value("#advice-visible") == "1sEN9m9m"  # kept in the link
    assert sent(page) == GUANGDONG
    status, answer = advise(live_server, GUANGDONG)
    assert status == 200
    choose(page, "1s")
    assert page.locator("#advice-waits table").count() == 0
    assert page.inner_text("#advice-waits") == (
        "Discard 1s leaves the hand 1 from ready (一向听): no waits yet; draw one of its 进张.")
    choose(page, "N")
    assert shown_waits(page) == expected_waits(
        next(d for d in answer["discards"] if d["discard"] == "N"))
    assert [w["self_draw"]["total"] for w in shown_waits(page)] == [6, 12]


# ------------------------------------------------------------------------------ 13 tiles


def test_a_13_tile_hand_shows_its_shanten_and_jinzhang(page, live_server):
    open_playground(page, "#mode=evaluate&variant=qinzhou&hand=1122m3344p56s7sEF")
    wait_for_advice(page)
    assert sent(page) == QINZHOU_13
    status, answer = advise(live_server, QINZHOU_13)
    assert status == 200 and answer["discards"] is None
    assert page.locator("#advice table.advice-discards").count() == 0
    assert page.get_attribute("#advice .advice-shanten strong", "data-shanten") == "2"
    assert page.inner_text("#advice .advice-shanten strong") == "2 · 两向听"
    assert page.inner_text("#advice-summary") == "2 · 两向听"
    draws = page.eval_on_selector_all("#advice .advice-hand .advice-draw", "ds => ds.map(d => "
                                      "[d.dataset.tile, Number(d.dataset.left)])")
    assert draws == [[t["tile"], t["left"]] for t in answer["tiles"]]
    assert page.get_attribute("#advice .advice-total", "data-left-total") == \
        str(answer["left_total"]) == "35"
    assert page.inner_text("#advice .advice-total") == "35 copies left in all"
    # the hand's own 胡牌率 and 期望得分, as text (one hand: no bars to compare)
    hand = page.eval_on_selector_all("#advice .advice-hand-ev .advice-metric", """ms => ms.map(m =>
        [m.dataset.kind, Number(m.dataset.value), m.querySelector('.advice-metric-number')
          .innerText, m.querySelectorAll('.advice-bar').length])""")
    assert hand == [["win", answer["win_probability"], percent(answer["win_probability"]), 0],
                    ["score", answer["expected_score"], points(answer["expected_score"]), 0]]
    assert 0 < answer["win_probability"] < 1


# ------------------------------------------------------------------------------ expected value


def percent(p: float) -> str:
    """A chance as the panel writes it: 42.3%."""
    if 0 < p < 0.0005:
        return "<0.1%"
    if 0.9995 < p < 1:
        return ">99.9%"
    return f"{100 * p:.1f}%"


def points(x: float) -> str:
    return "<0.01" if 0 < x < 0.005 else f"{x:.2f}"


def shown_metrics(page) -> list[dict]:
    """Each discard's two numbers as the panel shows them: the number it holds, its text, its
    tooltip, whether it is the objective's, and how much of its track its bar fills."""
    return page.eval_on_selector_all("#advice table.advice-discards tbody tr", """rows =>
      rows.map(r => {
        const metric = (kind) => {
          const box = r.querySelector(`.advice-metric[data-kind="${kind}"]`);
          const number = box.querySelector('.advice-metric-number');
          const track = box.querySelector('.advice-bar').getBoundingClientRect();
          const fill = box.querySelector('.advice-bar-fill').getBoundingClientRect();
          return {value: box.dataset.value === '' ? null : Number(box.dataset.value),
                  text: number.innerText, title: number.title,
                  objective: box.classList.contains('objective'),
                  share: fill.width / track.width, track: track.width};
        };
        return {discard: r.dataset.discard, best: r.hasAttribute('data-best'),
                win: metric('win'), score: metric('score')};
      })""")


def assert_bars_show(page, answer: dict) -> None:
    """Every discard's 胡牌率 and 期望得分: the answer's numbers, as text, each bar the share
    of the best entry's, the objective's marked; the best discard starred."""
    objective = answer["expected"]["objective"]
    names = {"win": "win_probability", "score": "expected_score"}
    most = {kind: max(d[key] or 0 for d in answer["discards"]) for kind, key in names.items()}
    shown = shown_metrics(page)
    assert [row["discard"] for row in shown] == [d["discard"] for d in answer["discards"]]
    for row, entry in zip(shown, answer["discards"], strict=True):
        assert row["best"] == (entry["discard"] == answer["best"]), row
        for kind, key in names.items():
            metric, value = row[kind], entry[key]
            assert metric["value"] == value, (row, entry)
            assert metric["objective"] == (kind == objective), row
            assert metric["track"] > 20, row  # a bar a player can see
            if value is None:
                assert (metric["text"], metric["title"]) == ("—", "more than 3 from ready")
                assert metric["share"] == 0
            else:
                assert metric["text"] == (percent(value) if kind == "win" else points(value))
                assert metric["share"] == pytest.approx(value / most[kind], abs=0.02), row


def test_each_discard_shows_its_win_chance_and_expected_score_as_bars(page, live_server):
    open_playground(page, GUANGDONG_LINK)
    wait_for_advice(page)
    assert sent(page) == GUANGDONG
    status, answer = advise(live_server, GUANGDONG)
    assert status == 200 and answer["expected"] == {"draws_left": 18, "changes": 0,
                                                   "objective": "score"}
    assert_bars_show(page, answer)
    shown = shown_metrics(page)
    # The best entry of each number fills its track; a weaker one, less.
    assert max(row["score"]["share"] for row in shown) == pytest.approx(1, abs=0.01)
    assert max(row["win"]["share"] for row in shown) == pytest.approx(1, abs=0.01)
    assert min(row["score"]["share"] for row in shown) < 0.5
    assert page.inner_text("#advice-model-used") == \
        "Model: 18 draws left · 0 hand changes · ranked by Expected score 期望得分"
    assert page.locator(".advice-far-note").count() == 0  # no null here
    assert page.locator('#advice tr[data-best] .advice-best').count() == 1


def model_inputs(page) -> dict:
    return {"objective": page.eval_on_selector("input[name=advice-objective]:checked",
                                               "i => i.value"),
            "draws_left": page.input_value("#advice-draws-left"),
            "changes": page.input_value("#advice-changes")}


def test_the_model_inputs_change_the_request_and_the_answer(page, browser, live_server):
    open_playground(page, GUANGDONG_LINK)
    wait_for_advice(page)
    _, first = advise(live_server, sent(page))
    # Left empty, each input says the service's default, as the answer reports it.
    assert page.get_attribute("#advice-draws-left", "placeholder") == "default (18)"
    assert page.inner_text("#advice-changes option[value='']") == "default (0)"
    # The objective: the chance to win ranks the discards now.
    seen = advices(page)
    page.click('label[for="advice-objective-win"]')
    wait_for_advice(page, seen)
    assert sent(page) == {**GUANGDONG, "objective": "win"}
    status, by_win = advise(live_server, sent(page))
    assert status == 200 and by_win["expected"]["objective"] == "win"
    assert by_win["best"] == "N" != first["best"]  # the ready discard wins most often
    assert_bars_show(page, by_win)
    # Fewer draws left: every chance is smaller.
    seen = advices(page)
    page.fill("#advice-draws-left", "6")
    wait_for_advice(page, seen)
    assert sent(page) == {**GUANGDONG, "objective": "win", "draws_left": 6}
    status, short = advise(live_server, sent(page))
    assert status == 200 and short["expected"]["draws_left"] == 6
    assert_bars_show(page, short)
    before = {d["discard"]: d["win_probability"] for d in by_win["discards"]}
    assert all(d["win_probability"] < before[d["discard"]] for d in short["discards"])
    # One hand change allowed.
    seen = advices(page)
    page.select_option("#advice-changes", "1")
    wait_for_advice(page, seen)
    body = {**GUANGDONG, "objective": "win", "draws_left": 6, "changes": 1}
    assert sent(page) == body
    status, changed = advise(live_server, body)
    assert status == 200 and changed["expected"] == {"draws_left": 6, "changes": 1,
                                                     "objective": "win"}
    assert_bars_show(page, changed)
    used = page.locator("#advice-model-used")
    assert (used.get_attribute("data-draws-left"), used.get_attribute("data-changes"),
            used.get_attribute("data-objective")) == ("6", "1", "win")
    assert used.inner_text() == "Model: 6 draws left · 1 hand change · ranked by Win chance 胡牌率"
    # The link keeps the inputs: opened again, the same question.
    page.wait_for_function("() => location.hash.includes('advise.changes=1')")
    again = browser.new_page(base_url=live_server)
    again.goto(page.url)
    again.wait_for_selector("body[data-ready=true]")
    wait_for_advice(again)
    assert sent(again) == body
    assert model_inputs(again) == {"objective": "win", "draws_left": "6", "changes": "1"}
    again.close()


NULLS_LINK = "#mode=evaluate&variant=qinzhou&hand=1235m2468p137sESW"


def test_a_discard_more_than_3_from_ready_shows_a_dash_saying_why(page, live_server):
    open_playground(page, NULLS_LINK)
    wait_for_advice(page)
    status, answer = advise(live_server, sent(page))
    assert status == 200
    numbers = [d["win_probability"] for d in answer["discards"]]
    assert None in numbers and any(n is not None for n in numbers)  # both kinds here
    assert_bars_show(page, answer)
    assert page.inner_text(".advice-far-note") == \
        "—: more than 3 from ready; the model does not value a hand that far."
    # read aloud too: "Win — (more than 3 from ready)"
    far = page.locator("#advice tr[data-discard='2p'] .advice-metric[data-kind='win']")
    assert far.text_content() == "Win — (more than 3 from ready)"


def test_without_a_seat_wind_guangdong_gets_its_advice_and_says_why_not_the_model(
        page, live_server):
    """guangdong's model needs a seat wind (a 422 with expected): the panel asks again without
    the model, shows the shanten advice, and the service's sentence why; a seat wind brings
    the model back."""
    open_playground(page, "#mode=evaluate&variant=guangdong&hand=123m456p789s11sEEN")
    wait_for_advice(page)
    plain = {"variant": "guangdong", "hand": "123m456p789s11sEEN"}
    assert sent(page) == plain
    status, problem = advise(live_server, {**plain, **MODEL})
    assert status == 422
    note = page.locator("#advice-no-model")
    assert note.get_attribute("data-status") == "422"
    assert note.locator("li").all_inner_texts() == [f"{e['field']}: {e['message']}"
                                                   for e in problem["errors"]]
    assert note.locator("p").inner_text() == "No 胡牌率 / 期望得分 for this hand:"
    status, answer = advise(live_server, plain)
    assert [d["discard"] for d in shown_discards(page)] == [d["discard"]
                                                            for d in answer["discards"]]
    assert page.locator("#advice .advice-metric").count() == 0
    seen = advices(page)
    page.select_option('[data-field="seat_wind"]', "S")
    wait_for_advice(page, seen)
    assert sent(page) == {**plain, "seat_wind": "S", **MODEL}
    assert page.locator("#advice-no-model").count() == 0
    assert page.locator("#advice .advice-metric").count() == 2 * len(answer["discards"])


def test_a_draws_left_the_service_refuses_is_shown_at_that_field(page, live_server):
    open_playground(page, GUANGDONG_LINK)
    wait_for_advice(page)
    seen = advices(page)
    page.fill("#advice-draws-left", "41")
    wait_for_advice(page, seen)
    status, problem = advise(live_server, {**GUANGDONG, "draws_left": 41})
    assert status == 422
    (error,) = [e for e in problem["errors"] if e["field"] == "draws_left"]
    message = page.locator("#advice-draws-left").locator("xpath=..").locator(".field-error")
    assert message.inner_text() == error["message"]
    assert page.get_attribute("#advice-draws-left", "aria-invalid") == "true"
    # the shanten advice is still there, without the model
    assert sent(page) == {k: v for k, v in GUANGDONG.items() if k not in MODEL}
    assert page.locator("#advice table.advice-discards tbody tr").count() > 0
    # said at its field, not twice
    assert page.locator("#advice-no-model li").all_inner_texts() == ["see the field marked above."]


def test_a_model_over_its_time_budget_keeps_the_shanten_advice(page, live_server):
    """A 503 (the request stopped after its time budget; a jing hand two from ready can take
    that long): the panel shows the advice without the model and the service's detail."""
    over = {"type": "urn:mahjong-scoring:problem:over-budget", "title": "Service Unavailable",
            "status": 503, "code": "server.over_budget",
            "detail": "the request was stopped after its time budget of 2 s; try again later"}

    def slow_model(route):
        if json.loads(route.request.post_data or "{}").get("expected"):
            route.fulfill(status=503, content_type="application/problem+json",
                          body=json.dumps(over))
        else:
            route.continue_()

    page.route("**/advise", slow_model)
    open_playground(page, GUANGDONG_LINK)
    wait_for_advice(page)
    note = page.locator("#advice-no-model")
    assert note.get_attribute("data-status") == "503"
    assert note.locator("li").all_inner_texts() == [over["detail"]]
    plain = {k: v for k, v in GUANGDONG.items() if k not in MODEL}
    assert sent(page) == plain
    _, answer = advise(live_server, plain)
    assert [d["discard"] for d in shown_discards(page)] == [d["discard"]
                                                            for d in answer["discards"]]


# ------------------------------------------------------------------------------ language


CHINESE = {"title": "打哪张", "visible": "见过的牌",
           "head": ["打", "向听", "进张（剩余张数）", "共剩", "胡牌率 · 期望得分"],
           "waits_head": ["听", "剩", "自摸", "点炮"]}
ENGLISH = {"title": "What to discard 打哪张", "visible": "Tiles seen elsewhere 见过的牌",
           "head": ["Discard 打", "Shanten 向听", "进张 (copies left)", "Left 剩",
                    "Win chance 胡牌率 · Expected score 期望得分"],
           "waits_head": ["Wait 听", "Left 剩", "Self-draw 自摸", "On a discard 点炮"]}


def panel_labels(page) -> dict:
    return {"title": page.inner_text("#advice-title"),
            "visible": page.eval_on_selector('label[for="advice-visible"]',
                                             "l => l.firstChild.textContent"),
            "head": page.locator("#advice table.advice-discards th").all_inner_texts(),
            "waits_head": page.locator("#advice-waits th").all_inner_texts()}


def test_the_model_speaks_chinese(open_page, live_server):
    page = open_page("zh-CN")
    page.goto("/" + GUANGDONG_LINK)
    wait_for_advice(page)
    assert page.inner_text("#advice-model > summary") == "胡牌率 · 期望得分"
    assert page.locator(".advice-toggle label").all_inner_texts() == ["胡牌率", "期望得分"]
    assert page.eval_on_selector('label[for="advice-draws-left"]', "l => l.textContent") == \
        "剩余摸牌"
    assert page.eval_on_selector('label[for="advice-changes"]', "l => l.textContent") == "换牌"
    hints = page.locator("#advice-model .hint").all_inner_texts()
    assert len(hints) == 4 and all(re.search(r"[\u4e00-\u9fff]", h) for h in hints)
    assert not any(re.search(r"\b(the|you|your)\b", h) for h in hints), hints
    assert page.get_attribute("#advice-draws-left", "placeholder") == "默认（18）"
    assert page.inner_text("#advice-model-used") == "模型：还摸 18 张 · 换牌 0 次 · 按期望得分排序"
    names = page.locator("#advice tr[data-best] .advice-metric-name").all_inner_texts()
    assert names == ["胡牌率", "期望得分"]
    page.goto("/" + NULLS_LINK)
    wait_for_advice(page)
    assert page.inner_text(".advice-far-note") == "—：离听牌超过 3 步，模型不估算这么远的牌。"
    assert page.get_attribute("#advice tr[data-discard='2p'] .advice-metric-number",
                              "title") == "离听牌超过 3 步"


def test_the_panel_speaks_chinese_and_switches(open_page, live_server):
    page = open_page("zh-CN")
    page.goto("/" + GUANGDONG_LINK)
    wait_for_advice(page)
    assert panel_labels(page) == CHINESE
    assert page.inner_text('#advice tr[data-discard="N"] .advice-n') == "听牌（0）"
    assert page.inner_text('#advice tr[data-discard="1s"] .advice-n') == "一向听（1）"
    assert page.eval_on_selector("#advice-waits h4", "h => h.lastChild.textContent") == \
        "打 N 后听的牌"
    seen = advices(page)
    page.click('.lang-switch [data-lang="en"]')
    wait_for_advice(page, seen)  # asked again, in English
    assert panel_labels(page) == ENGLISH
    assert "Accept-Language: en" in page.text_content("#advice-curl")
    seen = advices(page)
    page.click('.lang-switch [data-lang="zh"]')
    wait_for_advice(page, seen)
    assert panel_labels(page) == CHINESE
    assert "Accept-Language: zh-CN" in page.text_content("#advice-curl")


# ------------------------------------------------------------------------------ problems


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_a_bad_visible_field_shows_the_422s_message_at_that_field(open_page, live_server, lang):
    page = open_page("en-US" if lang == "en" else "zh-CN")
    body = {"variant": "qinzhou", "hand": "1112345678999mE", "visible": "1m1m"}
    page.goto("/#mode=evaluate&variant=qinzhou&hand=1112345678999mE&advise.visible=1m1m")
    wait_for_advice(page)
    status, problem = advise(live_server, body, lang)
    assert status == 422
    error = next(e for e in problem["errors"] if e["field"] == "visible")
    message = page.locator("#advice-visible").locator("xpath=..").locator(".field-error")
    assert message.inner_text() == error["message"]
    assert page.get_attribute("#advice-visible", "aria-invalid") == "true"
    assert page.inner_text("#advice .problem-title") == f"422 {problem['title']}"
    # Scoring the hand (/evaluate clears the form's errors) keeps the panel's own.
    score(page)
    assert message.inner_text() == error["message"]
    # Fixing the field clears the error.
    seen = advices(page)
    page.fill("#advice-visible", "1m")
    wait_for_advice(page, seen)
    assert page.locator("#advice .field-error").count() == 0
    assert page.locator("#advice .problem").count() == 0


def test_an_error_elsewhere_is_listed_in_the_panel(page, live_server):
    """/advise names a field outside the panel (a meld): the panel lists it with its path."""
    open_playground(page, "#mode=evaluate&variant=qinzhou&hand=11123456789m"
                    "&melds.0.type=chow&melds.0.tiles=ESW")
    wait_for_advice(page)
    status, problem = advise(live_server, sent(page))
    assert status == 422
    items = page.locator("#advice .problem li").all_inner_texts()
    assert items == [f"{e['field']}: {e['message']}" for e in problem["errors"]]
    assert any(item.startswith("melds[0].tiles: ") for item in items)


def test_advice_screenshot(page):
    """docs/playground-advice.png: the guangdong hand, its discards and the best one's waits."""
    open_playground(page, GUANGDONG_LINK)
    wait_for_advice(page)
    path = save_screenshot(page, "playground-advice.png", page.locator("#advice"))
    assert path.stat().st_size > 10_000
