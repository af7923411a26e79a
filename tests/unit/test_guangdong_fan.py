"""Unit tests of the guangdong fan tables (rules/variants/guangdong/patterns.py), no HTTP."""

from __future__ import annotations

import pytest

import rules
from rules.analysis import ShapeRules, readings
from rules.model import DISCARD, SELF_DRAW, EvaluateRequest, Flags, PlayerTiles
from rules.patterns import PatternRule
from rules.tiles import EAST, SOUTH, WEST, parse_tiles, to_counts
from rules.variants.guangdong import patterns as fan

RULES = ShapeRules(shi_san_yao=True)


def best(hand: str, win_type: str = DISCARD, seat: int | None = SOUTH, cap: int = 3,
         flags: Flags | None = None, win_tile: str | None = None, pure: bool = True):
    """The best count over every reading of a concealed 14-tile hand."""
    counts = to_counts(parse_tiles(hand))
    situation = fan.Situation(win_type, seat, EAST, flags or Flags(),
                              parse_tiles(win_tile)[0] if win_tile else None, pure)
    found = readings(counts, 0, RULES, 0)
    assert found, f"{hand} is not complete"
    counts_ = [fan.count(fan.WholeHand.of(r, (), counts), situation, cap) for r in found]
    return max(counts_, key=lambda c: c.fan)


def ids(counted) -> list[str]:
    return [p.id for p in counted.patterns]


def test_pattern_values_add_up_to_the_fan():
    counted = best("111m999pCCC555s22s", SELF_DRAW)
    assert sum(p.value for p in counted.patterns) == counted.fan == 3
    assert ids(counted) == ["peng_peng_hu", "zi_mo", "jian_ke", "bao_hu"]


def test_ping_hu_with_an_honour_pair_is_still_ping_hu():
    # RULINGS: 平和 is four chows with any pair
    assert ids(best("123m456p789s234sEE")) == ["ping_hu"]


def test_ping_hu_and_hun_yi_se_add_up():
    counted = best("123m456m789m234mEE")
    assert ids(counted) == ["ping_hu", "hun_yi_se"] and counted.fan == 3


def test_seat_and_round_wind_on_the_same_pung_both_count():
    counted = best("EEE123m456p789s55s", seat=EAST)
    assert ids(counted) == ["ji_hu", "men_feng", "quan_feng"] and counted.fan == 2


def test_a_wind_pung_that_is_neither_seat_nor_round_wind_scores_nothing():
    assert best("WWW123m456p789s55s", seat=SOUTH).fan == 0


def test_the_cap_option_moves_the_cap():
    assert best("111m999pCCCFFF22s", SELF_DRAW, cap=3).fan == 3
    # 碰碰和 2 + 自摸 1 + two dragon pungs 2 = 5
    assert best("111m999pCCCFFF22s", SELF_DRAW, cap=6).fan == 5


def test_special_hand_beats_a_capped_ordinary_reading():
    counted = best("111m222m333mEEE99m", SELF_DRAW, seat=EAST)
    # chow reading: 混一色 2 + 自摸 + 门风 + 圈风 (capped 3); pung reading: 混碰 4
    assert ids(counted) == ["hun_peng"] and counted.fan == 4


def test_only_the_highest_special_counts_and_the_others_are_noted():
    counted = best("EEESSSWWWNNNCC")
    assert ids(counted) == ["zi_yi_se"] and counted.fan == 6
    assert any("大四喜" in str(n) for n in counted.notes)


def test_specials_in_a_tie_keep_the_seed_order():
    counts = to_counts(parse_tiles("EEESSSWWWNNNCC"))
    whole = fan.WholeHand.of(readings(counts, 0, RULES, 0)[0], (), counts)
    found = [f.id for f in fan.specials(whole, fan.Situation(DISCARD, SOUTH))]
    assert found == ["zi_yi_se", "da_si_xi"]  # both 6: 字一色 (line 46) before 大四喜 (49)


@pytest.mark.parametrize(("win_tile", "pure", "expected"), [
    ("2m", True, "jiu_lian_bao_deng"),  # 1112345678999 + 2m: the nine-way wait
    ("9m", True, "qing_yi_se"),  # 1112234567899 + 9m: not the nine-way wait
    (None, True, "jiu_lian_bao_deng"),  # winning tile unknown: the owner's best
    ("9m", False, "jiu_lian_bao_deng"),  # jiu_lian_pure off: the 14-tile form is enough
])
def test_nine_gates_needs_the_nine_way_wait(win_tile, pure, expected):
    counted = best("11122345678999m", win_tile=win_tile, pure=pure)
    assert ids(counted) == [expected]


def test_raise_to_cap_lifts_a_small_hand_and_keeps_a_big_one():
    small = fan.raise_to_cap(best("123m456p789s555s22m"), [fan.GANG_SHANG_KAI_HUA], 3)
    assert small.fan == 3 and ids(small) == ["ji_hu", "gang_shang_kai_hua"]
    assert sum(p.value for p in small.patterns) == 3
    big = fan.raise_to_cap(best("123m456m789m234m55m"), [fan.GANG_SHANG_KAI_HUA], 3)
    assert big.fan == 4 and ids(big) == ["qing_yi_se"]


def test_every_pattern_has_names():
    for entry in vars(fan).values():
        if isinstance(entry, PatternRule):
            assert entry.name_zh and entry.name_en and entry.id.islower()


def test_west_seat_wind_pung():
    assert ids(best("WWW123m456p789s55s", seat=WEST)) == ["ji_hu", "men_feng"]


# One hand of each special hand of 六.二, two suits where the hand allows them.
SPECIAL_HANDS = ("123m456m789m234m55m", "111m222m333mEEE99m", "111m222m444m777m99m",
                 "111m999pEEECCCSS", "CCCFFFPP123m456p", "EEESSSWWWNN123m", "EEESSSWWWNNNCC",
                 "111m999m111p999p11s", "CCCFFFPPP123m55p", "EEESSSWWWNNN55p",
                 "11122345678999m", "19m19p19sESWNCFPP")


def _random_complete(rng) -> list[int]:
    """Four sets and a pair drawn from a few families, so that special hands come up."""
    pool = rng.choice([range(34), [*range(27, 31), *range(9)], [*range(31, 34), *range(18)],
                       range(27, 34), [0, 8, 9, 17, 18, 26]])
    # anything, winds + a suit, dragons + two suits, honours, terminals
    kinds = rng.sample(list(pool), min(len(pool), rng.randrange(3, 10)))
    tiles = [rng.choice(kinds)] * 2
    for _ in range(4):
        first = rng.choice(kinds)
        chow = rng.random() < 0.4 and first < EAST and first % 9 <= 6
        tiles += [first, first + 1, first + 2] if chow else [first] * 3
    return tiles


def test_the_quick_special_check_never_hides_a_special_hand():
    # fan.may_be_special lets most hands skip SPECIAL_TABLE: it must hold for every hand
    # the table would find something in, under every first-go flag.
    import random
    from collections import Counter

    rng = random.Random(8)
    situations = [fan.Situation(SELF_DRAW, SOUTH, EAST, Flags(**{flag: True}))
                  for flag in ("heavenly", "earthly", "human")] + [fan.Situation(DISCARD, SOUTH)]
    seen: Counter[str] = Counter()
    skipped = 0
    hands = [parse_tiles(h) for h in SPECIAL_HANDS] + [_random_complete(rng) for _ in range(3000)]
    for tiles in hands:
        counts = to_counts(tiles)
        if max(counts) > 4:
            continue
        for reading in readings(counts, 0, RULES, 0):
            whole = fan.WholeHand.of(reading, (), counts)
            for situation in situations:
                table = [f.id for f, applies in fan.SPECIAL_TABLE if applies(whole, situation)]
                seen.update(table)
                if table:
                    assert fan.may_be_special(whole, situation), (tiles, table)
                skipped += not fan.may_be_special(whole, situation)
    assert skipped > 100  # the check does let ordinary hands skip the table
    assert {f.id for f, _ in fan.SPECIAL_TABLE} <= set(seen)


def test_the_shared_patterns_are_never_changed():
    """fan.PLAIN and fan.ZI_MO_BY_WIN_TYPE are built once and shared by every answer: after
    evaluating hands (capped, raised to the cap, special), each still equals a fresh one."""
    for hand, win_type in (("123m456p789s111sEE", "self_draw"), ("111222333mEEECC", "discard"),
                           ("123456789m123pCC", "rob_kong"), ("111999m111999pEE", "self_draw")):
        request = EvaluateRequest("guangdong", PlayerTiles(tuple(parse_tiles(hand))),
                                  win_type=win_type, dealer=True, rules={"cap": 1})
        assert rules.evaluate(request).winning
    for f, shared in fan.PLAIN.items():
        assert shared == f.pattern()
    for win_type, shared in fan.ZI_MO_BY_WIN_TYPE.items():
        assert shared == fan.ZI_MO.pattern(note=fan.ZI_MO_NOTES.get(win_type, ""))
