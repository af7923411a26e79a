"""Errors that cite the right rule (issue 41 §5): every ``action.*`` code each variant can
raise, met by a hand-worked log, names the rule it applies in the variant's own seed's words
(seed 000 xingguo, 002 nanchang, 003 qinzhou, 004 guangdong), or says the rule is the
common ruling where that seed has no line on it; never another variant's seed.

One table serves the four variants (dealer 0; xingguo and nanchang with jing 发, held by
nobody, so every hand reads plainly):

* seat 0 ``2m7m9m 3p5p5p8p 2s7s E CCCC``: four 中 to declare, a 9m, 2m and 5p to throw;
* seat 1 ``123m 456p 789s 111s 9m``: waits on 9m (a plain hand: 德国 in xingguo and
  nanchang, 鸡胡/鸡和 in qinzhou and guangdong, so every variant takes it on a discard);
* seat 2 ``123456789m 11p 46p``: waits on 5p;
* seat 3 ``258m 258p 258s EE S W``: two 东 to pung the dealer's.

All four 2m are dealt, so a drawn 2m is a fifth copy.

``CITES`` is worked out by reading each seed for its line on each common rule: the place it
is at, or None where the seed has none (the rule is then the common ruling).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from app.i18n import Catalogues
from rules.error_codes import CODES
from rules.play import IllegalAction, PlayRules, Rule
from rules.play.declaration import COMMON
from rules.text import term_zh
from rules.variants import VARIANTS
from tests.play.logs import actions, replay, said

SEED = {"xingguo": "000", "nanchang": "002", "qinzhou": "003", "guangdong": "004"}
FA = {"indicator": "F"}
DEAL = ["2m7m9m3p5p5p8p2s7sECCCC", "123m456p789s111s9m", "123m456m789m11p46p",
        "258m258p258sEESW"]
WALL = "5s6s7s8s3s"  # an ordinary draw takes 5s, a kong's replacement 3s

# Each variant's citation of each common rule: the place of its own seed's line, or None
# (the common ruling). The quotes are in the variant's play.py.
CITES: dict[str, dict[str, str | None]] = {
    "xingguo": {
        "turn": None, "deal": None, "hand": None, "tiles": None, "log": None,
        "claim": "000 四.2",  # 可吃上家，可碰任何一家
        "chow": "000 四.2",  # 可吃上家
        "priority": None,
        "kong": "000 补充 4",  # 碰杠、暗杠、补杠后，补牌从最后牌补起
        "rob": "000 E组",  # 抢杠：… 补杠家包付
        "one_winner": "000 四.4",  # 同一轮中点炮胡牌：胡前不胡后 (and 补充 1)
        "several_winners": None, "win": None, "wall": None, "end": None,
    },
    "nanchang": {
        "turn": None,
        "deal": "002 简介",  # 每人手里抓13张牌
        "hand": None,
        "tiles": "002 牌数",  # 共计136张…各4张
        "log": None, "claim": None, "chow": None, "priority": None,
        "kong": "002 胡牌分 5",  # 开杠后在牌山末尾补进的牌
        "rob": "002 胡牌方式 3",  # 抢杠只能发生在加杠动作中，暗杠明杠不算
        "one_winner": None, "several_winners": None,
        "win": "002 胡牌方式 1-3",  # 自摸…; 点炮…; 抢杠…
        "wall": None,
        "end": "002 简介",  # 胡牌者胜，被胡牌者负，黄庄时计和局
    },
    "qinzhou": {
        "turn": "003 行牌規則 4",  # 由莊家開始出牌…無閑家吃碰杠，順位由下家抓、出牌
        "deal": "003 基本規則 1",  # 莊家的起張牌數為14張，閑家的起張牌數為13張
        "hand": None,
        "tiles": "003 1 游戲元素",  # 麻將牌136張…各4張
        "log": None,
        "claim": "003 行牌規則 4",  # 所出牌閑家可吃、碰、杠
        "chow": "003 基本規則 2",  # 只有下家有權利吃牌
        "priority": "003 基本規則 2",  # 優先級：胡> 碰、杠> 吃
        "kong": "003 行牌規則 5",  # 由城墻未抓牌的尾端補牌
        "rob": "003 6.8",  # 胡別人自抓開明杠的牌
        "one_winner": None,
        "several_winners": "003 基本規則 5",  # 有一炮多響
        "win": None,
        "wall": "003 行牌規則 3",  # 抓牌：由莊家開始抓起
        "end": "003 基本規則 4",  # 如果莊家胡牌或和牌（流局）則下盤…
    },
    "guangdong": {
        "turn": None,
        "deal": "004 三 摸牌",  # 只有庄家可得到十四张牌，其余的人十三张
        "hand": None,
        "tiles": "004 二 牌数",  # 共一百三十六张
        "log": None,
        "claim": "004 三 摸牌",  # 此时，其它三家都有权力要那张丢出的牌
        "chow": "004 三 摸牌",  # 庄家的下家…有权力吃或碰那张牌，其它两家则只可碰或杠那张牌
        "priority": None,  # 三 says only “碰”比“吃”优先, not 胡 before a claim
        "kong": "004 七.3",  # 开暗刻明杠补牌后和牌
        "rob": "004 七.7",  # 明刻开明杠，可以被抢杠和…暗杠不可抢杠和
        "one_winner": "004 五 一炮多响",  # 允许一炮多响, with yi_pao_duo_xiang off
        "several_winners": "004 五 一炮多响",  # 允许一炮多响
        "win": None, "wall": None,
        "end": "004 四.1",  # 如果庄家和牌或流局则下盘依然由该庄家做庄
    },
}

# The variant's own rules a refusal may name, by the id the walk below gives them.
OWN = {"lock": "lock_rule", "win_rule": "win_rule", "last_tile": "last_tile_rule",
       "wait_lock": "wait_lock_rule", "must_win": "must_win_rule"}

XG, NC, QZ, GD = "xingguo", "nanchang", "qinzhou", "guangdong"
ALL = (XG, NC, QZ, GD)
ONE, SEVERAL = (XG, NC), (QZ, GD)
LOCKED = (NC, QZ, GD)  # xingguo has no lock: passing a win is free
REFUSED_WINS = (NC, QZ, GD)  # xingguo pays a win it does not accept (诈胡): no error

# (code, log, the rule the refusal names, the variants it is walked in, more of the body).
# Each log is refused at its last action.
WALK: list[tuple[str, str, str, tuple[str, ...], dict[str, Any]]] = [
    ("action.not_your_turn", "1D9s", "turn", ALL, {}),  # the dealer acts first
    ("action.tile_not_held", "0d1m", "hand", ALL, {}),
    ("action.tile_not_held", "0d9m 2p9m", "claim", ALL, {}),  # one 9m: a pung needs two
    ("action.tile_not_held", "0xE", "kong", ALL, {}),  # one 东: a concealed kong needs four
    ("action.wrong_draw", "0d2m 1D9s", "wall", ALL, {"wall": WALL}),  # the next is 5s
    ("action.wrong_draw", "0xC 0D5s", "kong", ALL, {"wall": WALL}),  # the replacement is 3s
    ("action.tile_required", "0d2m 1D", "log", ALL, {}),
    ("action.tile_unavailable", "0d2m 1D2m", "tiles", ALL, {}),
    ("action.wall_empty", "0xC", "kong", ALL, {"wall_size": 0}),
    ("action.chow_not_next", "0d2m 2c123m", "chow", ALL, {}),
    ("action.bad_meld", "0d2m 1c124m", "chow", ALL, {}),
    ("action.bad_meld", "0d2m 1p3m", "claim", ALL, {}),  # names another tile than the discard
    ("action.no_claim", "1p9m", "claim", ALL, {}),  # no discard is open
    ("action.no_claim", "0d2m 0p2m", "claim", ALL, {}),  # its own discard
    # the wall's last discard (qinzhou's last drawer does not discard: see after_end)
    ("action.no_claim", "0d2m 1D9s 1d9s 2p9s", "last_tile", (XG, NC, GD), {"wall_size": 1}),
    ("action.claim_after_win", "0d9m 1h 2p9m", "priority", ALL, {}),
    ("action.second_winner", "0d9m 1h 1h", "one_winner", ONE, {}),
    ("action.second_winner", "0d9m 1h 1h", "several_winners", SEVERAL, {}),
    ("action.second_winner", "0d9m 1h 2h", "one_winner", ONE, {}),
    ("action.second_winner", "0d9m 1h 2h", "one_winner", (GD,),
     {"rules": {"yi_pao_duo_xiang": False}}),
    # seat 2 lets the dealer's 5p go (seat 1 draws), then wins on seat 1's own 5p
    ("action.win_locked", "0d5p 1D9s 1d5p 2h", "lock", LOCKED, {}),
    ("action.not_a_win", "0d2m 1h", "win_rule", REFUSED_WINS, {}),
    ("action.nothing_to_win", "0d2m 1D9s 2h", "win", ALL, {}),  # seat 1 holds 14
    ("action.nothing_to_win", "0xC 0h", "kong", ALL, {}),  # it draws its replacement first
    ("action.rob_not_allowed", "0xC 1h", "rob", ALL, {}),  # a concealed kong
    ("action.kong_not_allowed", "0dE 3pE 3xE", "kong", ALL, {}),  # right after a pung
    # seat 2's 3s (action 4) leaves it ready on 5p; its 4p (action 12) would change that
    ("action.wait_changed",
     "0d2m 1D9s 1d9s 2D3s 2d3s 3D6s 3d6s 0D7s 0d7s 1D4s 1d4s 2D7s 2d4p", "wait_lock", (QZ,),
     {}),
    ("action.must_win", "0d9m 1D9s", "must_win", (QZ,), {"rules": {"must_win": True}}),
    ("action.after_end", "0d9m 1h 1D9s", "end", ALL, {}),
    ("action.after_end", "0d2m 1D9s 1d9s 2D", "last_tile", (XG, NC, GD), {"wall_size": 1}),
    ("action.after_end", "0d2m 1D9s 1d9s", "last_tile", (QZ,), {"wall_size": 1}),
]
CASES = [(variant, code, log, rule, more) for code, log, rule, variants, more in WALK
         for variant in variants]
IDS = [f"{variant}-{code}-{rule}" for variant, code, log, rule, more in CASES]
_SEED_NUMBER = re.compile(r"\b00[0-4]\b")
ZH = Catalogues().translate("zh")


def _refused(variant: str, log: str, more: dict[str, Any]) -> IllegalAction:
    extra = dict(more)
    if variant in (XG, NC):
        extra["jing"] = FA
    with pytest.raises(IllegalAction) as caught:
        replay(variant, 0, DEAL, log, **extra)
    return caught.value


def _expected(play: PlayRules, rule: str) -> Rule:
    if rule in OWN:
        own = getattr(play, OWN[rule])
        assert own is not None, f"the variant declares no {OWN[rule]}"
        return own
    return play.rule(COMMON[rule])


@pytest.mark.parametrize(("variant", "code", "log", "rule", "more"), CASES, ids=IDS)
def test_each_refusal_cites_its_variants_own_seed_or_the_common_ruling(variant, code, log,
                                                                       rule, more):
    """The hand-worked log is refused at its last action with ``code``; the rule named is the
    variant's citation of ``rule`` (``CITES``, or its own lock, win, last-tile, wait-lock or
    must-win rule), and the sentence, in English and in Chinese, names no seed
    but the variant's own (``seed 004 …``) or says 'common ruling' (通用裁定). The Chinese has
    no English word (a variant id or a rule option's name aside)."""
    error = _refused(variant, log, more)
    assert (error.index, error.code) == (len(actions(log)) - 1, code), said(error)
    cited = error.refusal.rule
    assert cited == _expected(VARIANTS[variant].play_rules, rule), said(error)
    own = SEED[variant]
    english = said(error)
    chinese = error.refusal.sentence().render(ZH, name=term_zh)
    assert set(_SEED_NUMBER.findall(english)) <= {own}, english
    assert set(_SEED_NUMBER.findall(chinese)) <= {own}, chinese
    said_zh = chinese.split("规则原文")[0]  # the seed's own words may follow
    allowed = {variant, *(option.name for option in VARIANTS[variant].options)}
    assert set(re.findall(r"[a-z_]{3,}", said_zh)) <= allowed, chinese
    if cited.seed:
        assert cited.seed.startswith(f"{own} ")
        assert f"; seed {own} " in english and f"；规则原文 {own} " in chinese
    else:
        assert english.endswith("; common ruling)") and chinese.endswith("；通用裁定）")


@pytest.mark.parametrize("variant", list(SEED))
def test_the_walk_meets_every_action_code_the_variant_can_raise(variant):
    """Every ``action.*`` code is walked in every variant but those it cannot raise: xingguo
    has no lock (a passed win is free) and pays a win it does not accept (诈胡); only qinzhou
    locks a ready seat's waits (聽牌後不允許換聽) and has 能胡必胡."""
    cannot = {XG: {"action.win_locked", "action.not_a_win"}}.get(variant, set())
    if variant != QZ:
        cannot |= {"action.wait_changed", "action.must_win"}
    codes = {code for code in CODES if code.startswith("action.")}
    walked = {code for v, code, *_ in CASES if v == variant}
    assert walked == codes - cannot


@pytest.mark.parametrize("variant", list(SEED))
def test_each_variant_cites_the_common_rules_where_its_seed_states_them(variant):
    """The place of each common rule's line in the variant's own seed, or None where its seed
    has none (``CITES``, read from the seeds by hand)."""
    play = VARIANTS[variant].play_rules
    places = {name: play.rule(rule).seed.split(":")[0] or None for name, rule in COMMON.items()}
    assert places == CITES[variant]


@pytest.mark.parametrize("variant", list(SEED))
def test_a_variant_declares_no_other_variants_seed(variant):
    """Every rule a variant's play declaration names (its lock, win, 地胡, last-tile, …, and
    its citations of the common rules) quotes its own seed or none."""
    play = VARIANTS[variant].play_rules
    rules = [value for value in vars(play).values() if isinstance(value, Rule)]
    rules += [play.rule(rule) for rule in COMMON.values()]
    assert rules
    for rule in rules:
        assert rule.seed == "" or rule.seed.startswith(f"{SEED[variant]} "), rule


def test_a_tile_not_held_says_what_the_seat_holds():
    """A discard of a tile the seat does not hold says so and lists its concealed tiles, under
    the rule it breaks (a seat plays only the tiles it holds), not the turn order."""
    error = _refused(GD, "0d1m", {})
    assert said(error) == ("seat 0 does not hold 1m: its concealed tiles are 2m 7m 9m 3p 5p 5p "
                           "8p 2s 7s E C C C C (a seat plays only the tiles it holds; common "
                           "ruling)")
    assert error.refusal.sentence().render(ZH, name=term_zh) == (
        "座位 0 手中没有 1m：它手中的牌是 2m 7m 9m 3p 5p 5p 8p 2s 7s E C C C C"
        "（只能用自己手中有的牌；通用裁定）")


def test_guangdong_cites_its_own_chow_line():
    """The issue's case: a chow by the wrong seat in guangdong quotes seed 004 三 「庄家的下家
    （右手边的玩者），有权力吃或碰那张牌，其它两家则只可碰或杠那张牌」, not seeds 000 and 003."""
    assert said(_refused(GD, "0d2m 2c123m", {})) == (
        "only the next seat (1) may chow seat 0's discard (only the next seat chows; seed 004 三 "
        "摸牌: 庄家的下家（右手边的玩者），有权力吃或碰那张牌，其它两家则只可碰或杠那张牌)")
