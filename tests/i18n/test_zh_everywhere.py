"""Under ``Accept-Language: zh-CN`` every sentence and formula a person reads is Chinese
(issue 36, item 3): a corpus of requests to every endpoint (the contract's examples, the
docs' curls, simulated rounds settled, evaluated, advised and replayed, and refused bodies)
is answered in Chinese, and every string under a sentence or formula key is walked for
English words and pinyin ids.

What may stay in Latin letters inside a Chinese sentence is docs/languages.md's list, which
tests/i18n/words.py's checker holds (and tests/e2e/test_zh_problems.py applies to every kind
of problem a real gunicorn server answers).
"""

from __future__ import annotations

import pytest

from app import examples
from bench.bodies import advices, evaluations, rounds
from tests.contract.curls import commands
from tests.contract.test_doc_curls import DOCS
from tests.i18n.words import VARIANTS, foreign_words, sentences
from tests.sim.engine import Simulator

ZH = {"Accept-Language": "zh-CN"}


def test_the_checker_finds_what_the_issue_found():
    assert foreign_words("4 ji_chu_fen × 1 ping_hu × 2 jing_diao × 2 zi_mo = 16") == \
        ["ji_chu_fen", "ping_hu", "jing_diao", "zi_mo"]
    assert foreign_words("kong 3s：每家付 1 子") == ["kong"]
    assert foreign_words("只能以 self_draw 胡") == ["self_draw"]
    assert foreign_words("请求违反了 1 条规则；见 errors（result.discarder）") == []
    assert foreign_words("暗杠 7p；杠 EEEE") == []
    assert foreign_words("未知玩法 'riichi'；例如 {\"type\": \"chow\"}；POST /settle") == []
    assert foreign_words("不支持 HTTP 版本 'HTTP/2.7'；请发送 'Content-Length'") == []
    assert foreign_words("请求行过长 (Request Line is too large)") == \
        ["Request", "Line", "is", "too", "large"]


def _corpus() -> list[tuple[str, dict]]:
    bodies: list[tuple[str, dict]] = []
    for path, group in (("/evaluate", examples.EVALUATE), ("/settle", examples.SETTLE),
                        ("/match", examples.MATCH), ("/jing", examples.JING),
                        ("/advise", examples.ADVISE), ("/replay", examples.REPLAY)):
        bodies += [(path, example[-1]) for example in group]
    settles = rounds(12, seed=36_036)
    bodies += [("/settle", b) for b in settles]
    bodies += [("/evaluate", b) for b in evaluations(settles)]
    bodies += [("/advise", b) for b in advices(settles)[:40]]
    for seed in range(8):
        for variant in VARIANTS:
            bodies.append(("/replay", Simulator(variant, 36_100 + seed).play().log))
    return bodies


CORPUS = _corpus()
CURLS = [c for doc in DOCS if doc.exists() for c in commands(doc)
         if c.method == "POST" and c.body is not None]


def _foreign(client, path: str, data: bytes | dict) -> list[str]:
    if isinstance(data, dict):
        response = client.post(path, json=data, headers=ZH)
    else:
        response = client.post(path, data=data, headers={**ZH,
                                                         "Content-Type": "application/json"})
    answer = response.get_json(silent=True)
    return [f"{path} {key}: {text!r} ({', '.join(words)})"
            for key, text in sentences(answer) for words in [foreign_words(text)] if words]


def test_every_simulated_and_example_answer_is_chinese(client):
    found = [line for path, body in CORPUS for line in _foreign(client, path, body)]
    assert len(CORPUS) > 150
    assert found == [], "\n".join(sorted(set(found))[:40])


def test_every_doc_curl_is_answered_in_chinese(client):
    found = [line for curl in CURLS
             for line in _foreign(client, curl.path, curl.body.encode())]
    assert len(CURLS) > 20
    assert found == [], "\n".join(sorted(set(found))[:40])


@pytest.mark.parametrize(("path", "body"), [
    ("/evaluate", {"variant": "xingguo", "hand": "123m"}),
    ("/evaluate", {"variant": "guangdong", "hand": "123m456p789s11s22s", "melds": ["123m"]}),
    ("/evaluate", {"variant": "guangdong", "hand": "123m456p789s1s",
                   "melds": [{"type": "kong", "tiles": "123m"}]}),
    ("/settle", {"variant": "guangdong", "players": []}),
    ("/jing", {"variant": "guangdong"}),
    ("/advise", {"variant": "qinzhou", "hand": "1112345678999mE", "visible": "1m1m"}),
])
def test_refusals_are_chinese(client, path, body):
    assert _foreign(client, path, body) == []


def test_a_formula_names_its_terms_in_the_readers_language(client):
    """The issue's nanchang formula, word for word in each language (numbers and signs the
    same): English keeps the ids, Chinese says the names."""
    body = next(example[-1] for example in examples.EVALUATE
                if example[-1].get("variant") == "nanchang")
    english = client.post("/evaluate", json=body).get_json()["payments"][1]["formula"]
    chinese = client.post("/evaluate", json=body, headers=ZH).get_json()["payments"][1]
    assert english == "4 ji_chu_fen × 1 ping_hu × 2 zi_mo = 8; de_guo: 8 × 2 + 5 = 21"
    assert chinese["formula"] == "4 基础分 × 1 平胡 × 2 自摸 = 8; 德国: 8 × 2 + 5 = 21"


def test_a_kong_line_of_the_ledger_says_which_kong(client):
    """The issue's ``kong 3s：每家付 1 子`` beside ``暗杠 7p``: every kong line says its kind
    in Chinese; the English line keeps the id."""
    said = []
    for path, body in CORPUS:
        if path != "/settle":
            continue
        english = client.post(path, json=body).get_json().get("ledger", [])
        chinese = client.post(path, json=body, headers=ZH).get_json().get("ledger", [])
        said += [(e["detail"], c["detail"]) for e, c in zip(english, chinese, strict=True)
                 if e["reason"] == "kong"]
    kinds = {"kong": "明杠", "added_kong": "补杠", "concealed_kong": "暗杠"}
    assert len(said) >= 5
    for english, chinese in said:
        kind = english.split()[0]
        if kind in kinds:
            assert kinds[kind] in chinese and kind not in chinese, (english, chinese)
