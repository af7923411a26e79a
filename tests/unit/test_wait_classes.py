"""The waits of a Jiangxi hand are valued by class (rules/jiangxi/waits.py): one tile of each
class is scored and the others take its value. Every wait must still be worth exactly what
scoring it on its own says (``Variant.wait_value``, tile by tile, the reference kept in the
code): tile, total, pattern ids and note, in the same order, and the same refusal when a
won hand breaks a rule. Checked on the seed's examples and on 2,000 simulated waiting hands
of xingguo and nanchang."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache
from unittest import mock

import pytest

import rules
from bench.lone_jing import example, lone_jing_hand
from rules.hand import HandView
from rules.jiangxi import Jiangxi
from rules.jiangxi import base as jiangxi_base
from rules.jiangxi.reading import hand_view
from rules.jiangxi.waits import view_with
from rules.model import (
    CHOW,
    DISCARD,
    KONG_KINDS,
    KONG_REPLACEMENT,
    ROB_KONG,
    SELF_DRAW,
    EvaluateRequest,
    Flags,
    Jing,
    Meld,
    PlayerTiles,
)
from rules.tiles import WINDS, code, next_tile, parse_tile, parse_tiles
from rules.variant import Variant
from tests.api import test_xingguo_tables as seed
from tests.sim.engine import Simulator

JIANGXI = ("xingguo", "nanchang")
SIMULATED = 2_000


def answer(request: EvaluateRequest) -> tuple:
    """What /evaluate says of ``request``, as comparable values: the waits (tile, total,
    pattern ids, note in English), or the refusal (field, message, code of each error)."""
    try:
        found = rules.evaluate(request)
    except rules.InvalidInput as refused:
        return "refused", [(e.place, str(e.message), e.code) for e in refused.errors]
    waits = None if found.waits is None else [
        (w.tile, w.total, list(w.patterns), str(w.note)) for w in found.waits]
    return (found.winning, found.reason, str(found.message or ""), found.total,
            [p.id for p in found.patterns], waits)


def tile_by_tile(request: EvaluateRequest) -> tuple:
    """:func:`answer` with every wait scored on its own, as before classes: the base
    ``Variant.wait_values``, which calls ``wait_value`` for each tile."""
    with mock.patch.object(Jiangxi, "wait_values", Variant.wait_values):
        return answer(request)


def assert_same(request: EvaluateRequest) -> tuple:
    new, old = answer(request), tile_by_tile(request)
    assert new == old, request
    return new


# ---------------------------------------------------------------- the seed's examples

def _seed_requests() -> list[EvaluateRequest]:
    """The waiting hands of the seed's examples (tests/api/test_xingguo_tables.py: tables
    A-D, E's 杠上花, 天胡/地胡, the kong chain; test_xingguo_evaluate.py's waits), each in
    both variants: a complete example less its winning tile (less each tile it holds when
    none is named), won as the example wins."""
    examples = [(hand, tile, win_type, dealer, by_dealer, (), Flags(), {})
                for _, hand, tile, win_type, dealer, by_dealer, _, _ in seed.TABLE]
    kong = (Meld("concealed_kong", (0,) * 4),)
    examples += [(hand, tile, KONG_REPLACEMENT, False, None, kong, Flags(), {})
                 for _, hand, tile, _, _ in seed.GANG_KAI]
    examples += [(hand, tile, win_type, dealer, True if win_type == DISCARD else None, (),
                  Flags(**flags), {})
                 for _, hand, flags, dealer, tile, win_type, _ in seed.TIAN_DI]
    kongs = tuple(Meld("concealed_kong", (t,) * 4) for t in (0, 17, 20))
    examples += [("12p5sEE", "2p", KONG_REPLACEMENT, False, None, kongs,
                  Flags(kong_chain=chain), {"kong_chain": mode})
                 for chain, mode in ((2, "double_each"), (3, "once"))]
    examples += [("123m456m789m345sEE", "9m", SELF_DRAW, False, None, (),
                  Flags(no_jing_held=True), rules_) for rules_ in ({}, {"ba_hu_restored": True})]
    out = []
    for hand, tile, win_type, dealer, by_dealer, melds, flags, options in examples:
        tiles = parse_tiles(hand)
        for last in [parse_tile(tile)] if tile else sorted(set(tiles)):
            held = list(tiles)
            held.remove(last)
            for variant in JIANGXI:
                out.append(EvaluateRequest(
                    variant, PlayerTiles(tuple(sorted(held)), melds), win_type=win_type,
                    dealer=dealer, discarder_is_dealer=by_dealer,
                    jing=Jing(indicator=parse_tile(seed.J)), flags=flags, rules=options))
    for hand, win_type in (("123m456m789m12pEE", None), ("123m456m789m12pEE", DISCARD),
                           ("123m456m789m5s5s5s1p", None)):
        for variant in JIANGXI:
            out.append(EvaluateRequest(variant, PlayerTiles(tuple(parse_tiles(hand))),
                                       win_type=win_type, jing=Jing(indicator=parse_tile("5s"))))
    return out


def test_the_issue_example_waits_on_every_tile_as_before():
    # 123m456m789m123p + a lone 5s: any tile pairs it, 闲家有精平胡精吊自摸 8+4+4 = 16
    # (seed D4); another 5s, both read as themselves, is 闲家平胡精吊德国 21+13+13 = 47 (D10).
    waits = assert_same(example())[-1]
    assert len(waits) == 34
    plain = (16, ["ping_hu", "jing_diao", "zi_mo", "zhuang_jia"], "")
    german = (47, ["ping_hu", "jing_diao", "zi_mo", "zhuang_jia", "de_guo"], "")
    assert [w[1:] for w in waits] == [german if w[0] == parse_tile("5s") else plain
                                      for w in waits]


def _name(request: EvaluateRequest) -> str:
    melds = "".join(f"+{code(m.tiles[0])}x4" for m in request.hand.melds)
    return (f"{request.variant}-{''.join(code(t) for t in request.hand.concealed)}{melds}"
            f"-{request.win_type or 'any'}{'-dealer' if request.dealer else ''}")


@pytest.mark.parametrize("request_", _seed_requests(), ids=_name)
def test_seed_examples_wait_as_before(request_):
    assert_same(request_)


def test_the_seed_examples_have_waits_to_compare():
    found = [answer(r) for r in _seed_requests()]
    waits = [f[-1] for f in found if f[0] != "refused" and f[-1]]
    assert len(waits) >= 100
    assert any(len(w) == 34 for w in waits)  # lone jing
    assert any(w[3].startswith("only by self_draw") for ws in waits for w in ws)
    assert any("de_guo" in w[2] for ws in waits for w in ws)


# ---------------------------------------------------------------- simulated hands

def _variation(rng: random.Random, variant: str, player: PlayerTiles, jing: Jing,
               dealer: bool, seat: int) -> EvaluateRequest:
    """A waiting hand asked about in one of the ways a client may ask: win type (a kong
    replacement only with a kong), dealer or not, who discarded, winds, flags, options."""
    kongs = sum(m.kind in KONG_KINDS for m in player.melds)
    win_type = rng.choice([None, SELF_DRAW, DISCARD, DISCARD, ROB_KONG]
                          + [KONG_REPLACEMENT] * 2 * bool(kongs))
    by_dealer = None
    if win_type in (DISCARD, ROB_KONG) and not dealer:
        by_dealer = rng.choice([None, True, False])
    flags: dict = {}
    roll = rng.random()
    if roll < 0.05 and not player.melds and not dealer:
        flags["earthly"] = True
        if variant == "nanchang":
            win_type, by_dealer = DISCARD, True
    elif roll < 0.08 and dealer and not player.melds:
        flags["heavenly"] = True
        win_type = rng.choice([None, SELF_DRAW])
    elif roll < 0.2:
        flags["no_jing_held" if variant == "xingguo" else "others_no_jing"] = True
    if win_type == KONG_REPLACEMENT and rng.random() < 0.5:
        flags["kong_chain"] = rng.randint(1, kongs)
    options: dict = {"kong_chain": rng.choice(["once", "double_each"])}
    if variant == "xingguo":
        options["ba_hu_restored"] = rng.random() < 0.5
    elif rng.random() < 0.4:
        options.update(pa_lou_ti="man_shang_man_xia", floor=rng.randint(1, 4))
    if variant == "nanchang" and rng.random() < 0.3:
        jing = replace(jing, lower_indicator=rng.randrange(34))
    return EvaluateRequest(
        variant, player, win_type=win_type, dealer=dealer, discarder_is_dealer=by_dealer,
        seat_wind=WINDS[seat] if rng.random() < 0.7 else None,
        round_wind=rng.choice([None, *WINDS]), jing=Jing(jing.indicator, jing.lower_indicator)
        if variant == "nanchang" else Jing(jing.indicator),
        flags=Flags(**flags), rules=options)


def _less_one(rng: random.Random, player: PlayerTiles) -> PlayerTiles:
    """A winner's complete hand less one of its tiles: a hand waiting at least on it."""
    concealed = list(player.concealed)
    concealed.remove(rng.choice(concealed))
    return replace(player, concealed=tuple(concealed))


def _lone_jing(rng: random.Random, jing_count: int) -> tuple[PlayerTiles, Jing]:
    """Four sets and a jing, with ``jing_count`` - 1 of the sets' tiles turned into jing
    (0: a set's tile instead of the jing)."""
    tiles, indicator = lone_jing_hand(rng)
    kinds = (indicator, next_tile(indicator))
    held = [t for t in tiles if t not in kinds]
    jing = [t for t in tiles if t in kinds]
    if jing_count == 0:
        jing = []
        held.append(rng.choice(held))
    for _ in range(jing_count - 1):
        held.remove(rng.choice(held))
        jing.append(rng.choice(kinds))
    concealed = tuple(sorted(held + jing))
    if max(concealed.count(t) for t in concealed) > 4:
        return _lone_jing(rng, 1)
    return PlayerTiles(concealed), Jing(indicator)


@lru_cache(maxsize=1)
def simulated() -> tuple[EvaluateRequest, ...]:
    """2,000 waiting hands of xingguo and nanchang: the 13 tiles of every player who did
    not win a simulated round (tests/sim/engine.py) and is waiting, every winner's hand less
    a tile, and lone-jing hands with 0 to 3 jing; each asked one of many ways."""
    rng = random.Random(30_003)
    found: list[EvaluateRequest] = []
    seed_ = 6_100_000
    while len(found) < SIMULATED:
        seed_ += 1
        variant = JIANGXI[seed_ % 2]
        sim = Simulator(variant, seed_)
        played = sim.play()
        hands = []
        for seat, tiles in enumerate(s.tiles() for s in sim.seats):
            if seat in played.winners:
                tiles = _less_one(rng, tiles)
            hands.append((seat, tiles, sim.jing))
        if rng.random() < 0.5:
            player, jing = _lone_jing(rng, rng.choice([0, 1, 1, 2, 3]))
            hands.append((rng.randrange(4), player, jing))
        for seat, player, jing in hands:
            kinds = sim.variant.wild_kinds(jing)
            if HandView.of(player, kinds).waits(sim.variant.shapes, kinds):
                found.append(_variation(rng, variant, player, jing, seat == sim.dealer,
                                        (seat - sim.dealer) % 4))
    return tuple(found[:SIMULATED])


def test_simulated_waiting_hands_wait_as_before():
    requests = simulated()
    assert len(requests) == SIMULATED
    mismatched = [r for r in requests if answer(r) != tile_by_tile(r)]
    assert mismatched == [], f"{len(mismatched)} differ, the first: {mismatched[0]}"


def test_the_simulated_hands_cover_what_a_class_key_must_tell_apart():
    """Lone jing, 0-3 jing, melds (chows and kongs), every win type, dealer or not, flags,
    refusals, German waits, self-draw-only waits and tiles that cannot be robbed occur."""
    requests = simulated()
    counts = [sum(t in Jiangxi.wild_kinds(rules.get_variant(r.variant), r.jing)
                  for t in r.hand.concealed) for r in requests]
    assert {0, 1, 2, 3} <= set(counts)
    assert {r.win_type for r in requests} == {None, SELF_DRAW, DISCARD, ROB_KONG,
                                              KONG_REPLACEMENT}
    assert {r.dealer for r in requests} == {True, False}
    assert any(m.kind == CHOW for r in requests for m in r.hand.melds)
    assert any(r.flags.heavenly for r in requests) and any(r.flags.earthly for r in requests)
    found = [answer(r) for r in requests]
    assert any(f[0] == "refused" for f in found)
    waits = [w for f in found if f[0] != "refused" for w in f[-1] or ()]
    assert sum(len(f[-1] or ()) == 34 for f in found if f[0] != "refused") >= 100
    assert any("de_guo" in w[2] for w in waits) and any("jing_diao" in w[2] for w in waits)
    assert any(w[3].startswith("only by self_draw") for w in waits)
    assert any("cannot be robbed" in w[3] for w in waits)


def test_a_wait_is_read_on_the_view_the_scorer_reads():
    """The class key reads the hand won on a tile off the waiting hand's view
    (``view_with``): the same view the scorer builds from the won hand (``hand_view``)."""
    for request in simulated()[:300]:
        variant = rules.get_variant(request.variant)
        kinds = variant.wild_kinds(request.jing)
        waiting = HandView.of(request.hand, kinds)
        for tile in range(34):
            won = replace(request.hand, concealed=tuple(sorted((*request.hand.concealed,
                                                                tile))))
            for natural in (None, tile):
                assert view_with(waiting, tile, kinds, natural) == hand_view(won, kinds,
                                                                             natural)


# ---------------------------------------------------------------- both ways at once (/advise)

def two_evaluations(request: EvaluateRequest) -> tuple:
    """What /evaluate says of the waiting hand ``request`` asked as a self-draw and as a
    discard, paired tile by tile: (tile, total, pattern ids, note, win type) of each, or
    the refusal."""
    try:
        ways = [rules.evaluate(request.with_win_type(t)).waits or [] for t in (SELF_DRAW,
                                                                              DISCARD)]
    except rules.InvalidInput as refused:
        return "refused", [(e.place, str(e.message), e.code) for e in refused.errors]
    return both_ways_values(list(zip(*ways, strict=True)))


def both_ways_values(pairs: list) -> list:
    return [tuple((w.tile, w.total, list(w.patterns), str(w.note), w.won_by) for w in pair)
            for pair in pairs]


def both_ways(request: EvaluateRequest, shaped: tuple[int, ...] | None = None) -> tuple:
    """:func:`two_evaluations` as ``Variant.waits_both_ways`` answers it (rule options
    resolved first, as /advise resolves them)."""
    variant = rules.get_variant(request.variant)
    resolved = request.with_rules(rules.options.resolve(variant.options, request.rules,
                                                        variant.name))
    try:
        return both_ways_values(variant.waits_both_ways(resolved, shaped))
    except rules.InvalidInput as refused:
        return "refused", [(e.place, str(e.message), e.code) for e in refused.errors]


def test_a_waiting_hand_valued_both_ways_at_once_is_the_two_evaluations():
    """/advise values a ready discard's waits as a self-draw and as a discard from one
    waiting hand (``Jiangxi.valued_both_ways``); each must be what /evaluate says asked
    each way, notes and win types included."""
    asked = [replace(r, win_type=None, discarder_is_dealer=None) for r in simulated()]
    asked = [r for r in asked if not r.flags.heavenly][:600]
    fallbacks = 0
    for request in asked:
        found = both_ways(request)
        assert found == two_evaluations(request), request
        fallbacks += isinstance(found, list) and any(p[0][4] != p[1][4] for p in found)
    assert fallbacks >= 20  # hands where a discard falls back to a self-draw are among them


# ---------------------------------------------------------------- across waiting hands

CONTEXTS = 16  # requests whose way of asking is applied to many waiting hands
HANDS = 120  # waiting hands asked each way


def _pool(melds: int) -> list[tuple[int, ...]]:
    """The concealed tiles of the simulated waiting hands beside ``melds`` melds."""
    found = dict.fromkeys(r.hand.concealed for r in simulated() if len(r.hand.melds) == melds)
    return list(found)


def _contexts() -> list[EvaluateRequest]:
    """Ways of asking taken from the simulated requests (variant, win type, seating, winds,
    jing, flags, options, melds), 天胡 left out (never valued by class), rule options
    resolved as /evaluate resolves them; the expected-value engine's own (a self-draw, no
    flags) among them."""
    asked = [r for r in simulated() if not r.flags.heavenly]
    picked = asked[:CONTEXTS - 4] + [
        replace(r, win_type=SELF_DRAW, discarder_is_dealer=None, flags=Flags())
        for r in asked[CONTEXTS:CONTEXTS + 4]]
    out = []
    for request in picked:
        variant = rules.get_variant(request.variant)
        out.append(request.with_rules(rules.options.resolve(variant.options, request.rules,
                                                            variant.name)))
    return out


def _asked_alike(context: EvaluateRequest) -> list[EvaluateRequest]:
    """Waiting hands asked as ``context`` asks (its melds beside them), each with a copy
    left of every tile it is valued on (:func:`_drawable`)."""
    melds = context.hand.melds
    return [replace(context, hand=PlayerTiles(hand, melds))
            for hand in _pool(len(melds))[:HANDS]]


def _drawable(request: EvaluateRequest) -> tuple[HandView, frozenset[int], list[int]]:
    """The waiting hand's view, its wild kinds and the tiles it waits on with a copy left
    beside it, its melds and the indicators out of play (what the engine values)."""
    variant = rules.get_variant(request.variant)
    kinds = variant.wild_kinds(request.jing)
    view = HandView.of(request.hand, kinds)
    held = list(request.hand.counts)
    for tile in [*(t for m in request.hand.melds for t in m.tiles),
                 *variant._flipped(request.jing)]:
        held[tile] += 1
    if max(held) > 4:
        return view, kinds, []
    return view, kinds, [t for t in view.waits(variant.shapes, kinds) if held[t] < 4]


def _valued(request: EvaluateRequest, classes: dict | None) -> tuple:
    """The waits of ``request`` as ``wait_values`` answers them (``classes``: the dict kept
    across hands), or ``wait_value``'s tile by tile (None), or the refusal."""
    variant = rules.get_variant(request.variant)
    view, kinds, tiles = _drawable(request)
    try:
        if classes is None:
            waits = [variant.wait_value(request, t) for t in tiles]
        else:
            waits = variant.wait_values(request, view, kinds, tiles, classes)
    except rules.InvalidInput as refused:
        return "refused", [(e.place, str(e.message), e.code) for e in refused.errors]
    return [(w.tile, w.total, list(w.patterns), str(w.note), w.won_by) for w in waits]


def _differ_across_hands() -> tuple[int, int, int]:
    """(hands valued, hands whose waits differ from wait_value's, classes found again):
    every context's hands valued in turn with one dict of classes kept across them."""
    asked = differ = again = 0
    for context in _contexts():
        classes: dict = {}
        for request in _asked_alike(context):
            before = len(classes)
            found = _valued(request, classes)
            asked += 1
            differ += found != _valued(request, None)
            again += isinstance(found, list) and len(found) > 0 and len(classes) == before
    return asked, differ, again


def test_classes_kept_across_waiting_hands_asked_alike_value_each_as_alone():
    """The expected-value engine keeps wait classes across the waiting hands of one seat
    (rules/expected.py): every wait so valued must be what ``wait_value`` says of it, on
    hands of 0-3 jing, with and without melds, every win type, each asked one way."""
    asked, differ, again = _differ_across_hands()
    assert asked >= CONTEXTS * 60
    assert differ == 0
    assert again >= asked // 4  # most hands found every class they have kept already


def test_the_hand_key_tells_apart_what_the_class_key_does_not():
    """Without :func:`hand_key` (whether the hand holds jing, its 精吊 shapes), classes kept
    across hands are wrong on some of them: the test above can fail."""
    with mock.patch.object(jiangxi_base, "hand_key", lambda hand: ()):
        assert _differ_across_hands()[1] > 0


def _totals(request: EvaluateRequest, classes: dict | None) -> dict[int, float] | str:
    """{tile: total} of ``request``'s waits as ``wait_totals`` answers them with the dict
    ``classes`` kept across hands, or as ``wait_value`` does tile by tile (None)."""
    variant = rules.get_variant(request.variant)
    view, kinds, tiles = _drawable(request)
    try:
        if classes is not None:
            return variant.wait_totals(request, view, kinds, tiles, classes)
        waits = [variant.wait_value(request, t) for t in tiles]
    except rules.InvalidInput:
        return "refused"
    return {w.tile: float(w.total) for w in waits if w.total is not None}


def test_wait_totals_read_each_class_for_all_its_tiles_as_wait_value_does():
    """What the engine reads of a waiting hand (``wait_totals``: a class's wait, valued
    once, read for each of its tiles, not copied to name each) is each tile's total as
    ``wait_value`` says, on the hands above, one dict of classes kept across a context's
    hands. Read by the wait's own tile, a class's tiles would fold into its first."""
    asked = differ = 0
    for context in _contexts():
        classes: dict = {}
        for request in _asked_alike(context):
            asked += 1
            differ += _totals(request, classes) != _totals(request, None)
    assert asked >= CONTEXTS * 60
    assert differ == 0
