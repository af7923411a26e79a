"""The expected-value engine, asked through ``rules.advise``, against the brute-force
reference (tests/ev_brute.py: plain recursion over histories, exact fractions, written from
the contract alone) on seeded hands of every variant: 13- and 14-tile hands, with and
without jing held, melds and ``visible``, both budgets of hand changes, to 1e-9.

``make test`` runs a sample (EV_BRUTE_HANDS per variant); ``make sim`` runs thousands. The
brute force grows as (34 × discards) ** draws_left, so ``draws_left`` is 1 or 2 here; the
engine's own turns are the same code at any depth.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import rules
from rules.errors import InvalidInput
from rules.model import AdviseRequest, ExpectedAsk, Jing, Meld, PlayerTiles
from rules.options import resolve
from rules.tiles import WINDS
from rules.variants import VARIANTS
from tests.ev_brute import Context, brute_discards, brute_value, out_counts

HANDS = int(os.environ.get("EV_BRUTE_HANDS", 3))
TOLERANCE = 1e-9


def _deal(rng: random.Random, variant: str) -> dict[str, Any]:
    """A seeded question: a hand near ready (most of them; where the values are not 0),
    its melds, what else the seat sees, and the table."""
    wall = [t for t in range(34) for _ in range(4)]
    rng.shuffle(wall)
    jing = Jing()
    if VARIANTS[variant].jing_fields:
        upper = wall.pop()
        lower = wall.pop() if variant == "nanchang" and rng.random() < 0.5 else None
        jing = Jing(upper, lower)
    melds: list[Meld] = []
    for _ in range(rng.choice([0, 0, 1])):
        start = next(i for i, t in enumerate(wall) if t < 27 and t % 9 < 7
                     and {t + 1, t + 2} <= set(wall))
        first = wall.pop(start)
        for t in (first + 1, first + 2):
            wall.remove(t)
        melds.append(Meld("chow", (first, first + 1, first + 2), 3))
    size = 14 - 3 * len(melds) - rng.choice([0, 1])
    hand = _near_ready(rng, wall, size)
    visible = [wall.pop() for _ in range(rng.choice([0, 8, 30]))]
    dealer = rng.random() < 0.25
    return {"variant": variant, "hand": hand, "melds": tuple(melds), "jing": jing,
            "visible": tuple(visible), "dealer": dealer,
            "seat_wind": None if dealer else rng.choice(WINDS[1:]),
            "round_wind": rng.choice(WINDS)}


def _near_ready(rng: random.Random, wall: list[int], size: int) -> tuple[int, ...]:
    """``size`` tiles a step or two from ready, taken out of ``wall``: a complete hand's
    sets and pair, one or two of its tiles swapped for others."""
    hand: list[int] = []
    while len(hand) < size - 2:
        start = rng.choice(wall)
        group = [start] * 3 if start >= 27 or start % 9 > 6 or rng.random() < 0.3 else \
            [start, start + 1, start + 2]
        if all(wall.count(t) >= group.count(t) for t in group) and len(hand) + 3 <= size:
            for t in group:
                wall.remove(t)
            hand += group
        elif len(hand) + 3 > size:
            break
    while len(hand) < size:
        pair = rng.choice(wall)
        if wall.count(pair) >= 2 and len(hand) + 2 <= size:
            wall.remove(pair)
            wall.remove(pair)
            hand += [pair, pair]
        else:
            tile = rng.choice(wall)
            wall.remove(tile)
            hand.append(tile)
    for _ in range(rng.choice([1, 1, 2])):
        out = rng.randrange(len(hand))
        wall.append(hand[out])
        hand[out] = wall.pop(rng.randrange(len(wall) - 1))
    return tuple(sorted(hand))


def _answers(deal: dict[str, Any], draws_left: int, changes: int):
    request = AdviseRequest(deal["variant"], PlayerTiles(deal["hand"], deal["melds"]),
                            deal["jing"], deal["visible"], deal["dealer"], deal["seat_wind"],
                            deal["round_wind"], expected=ExpectedAsk(draws_left, changes))
    return rules.advise(request)


def _reference(deal: dict[str, Any], draws_left: int, changes: int):
    variant = VARIANTS[deal["variant"]]
    context = Context(deal["dealer"], deal["seat_wind"], deal["round_wind"], deal["jing"],
                      resolve(variant.options, {}, variant.name))
    out = out_counts(deal["variant"], deal["melds"], deal["jing"], deal["visible"])
    hand = deal["hand"]
    if len(hand) + 3 * len(deal["melds"]) == 14:
        return brute_discards(deal["variant"], hand, deal["melds"], out, draws_left, changes,
                              context)
    return brute_value(deal["variant"], hand, deal["melds"], out, draws_left, changes,
                       context)


def _close(got: tuple[float | None, float | None], want: tuple) -> bool:
    if want[0] is None:
        return got == (None, None)
    return all(g is not None and abs(g - w) <= TOLERANCE for g, w in zip(got, want,
                                                                        strict=True))


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_engine_is_the_brute_force(variant):
    rng = random.Random(f"ev-brute-{variant}")
    compared = won = too_large = 0
    for n in range(HANDS):
        deal = _deal(rng, variant)
        waiting = len(deal["hand"]) + 3 * len(deal["melds"]) == 13
        # a 14-tile hand asks a brute force per discard: one draw there, two for 13 tiles
        draws_left, changes = (2 if waiting else 1), n % 2
        try:
            answer = _answers(deal, draws_left, changes)
        except InvalidInput as error:  # a jing hand with a hand change: past the budget
            assert error.errors[0].code == "expected.too_large"
            too_large += 1
            continue
        want = _reference(deal, draws_left, changes)
        if answer.discards is None:
            e = answer.expected
            got = (e.win_probability, e.expected_score)
            assert _close(got, want), (deal, draws_left, changes, got, want)
            compared += 1
            won += bool(want[0])
            continue
        for entry in answer.discards:
            e = entry.expected
            got = (e.win_probability, e.expected_score)
            assert _close(got, want[entry.discard]), (deal, entry.discard, got,
                                                      want[entry.discard])
            compared += 1
            won += bool(want[entry.discard][0])
    assert compared >= HANDS and won > 0 and too_large <= HANDS // 2
