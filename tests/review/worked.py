"""Helpers of tests/review: actions as a log writes them, one seat's review, one decision,
and the expected-value model's numbers worked out by tests/ev_brute.py (exact fractions)
for the hands a test names."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.model import Jing, Meld
from rules.tiles import read_tiles
from tests.ev_brute import Context, exact_value, out_counts

TOLERANCE = 1e-9  # the contract's: the model's numbers are exact to 1e-9


def act(seat: int, kind: str, tile: str | None = None) -> dict[str, Any]:
    """One action of a log."""
    return {"seat": seat, "type": kind, **({"tile": tile} if tile else {})}


def review(post, log: dict, seat: int, objective: str) -> dict:
    """POST /review of one seat: its {"seat", "decisions", "summary"}."""
    status, answer = post("/review", {**log, "seat": seat, "objective": objective})
    assert status == 200, answer
    assert answer["expected"] == {"changes": 0, "objective": objective}
    (found,) = answer["seats"]
    assert found["seat"] == seat
    return found


def decision(found: dict, action: int) -> dict:
    """The decision at ``action`` (exactly one)."""
    at = [d for d in found["decisions"] if d["action"] == action]
    assert len(at) == 1, [d["action"] for d in found["decisions"]]
    return at[0]


def tiles(text: str) -> list[int]:
    return list(read_tiles(text))


def brute(variant: str, hand: str, seen: str, draws_left: int, *, melds: tuple[Meld, ...] = (),
          jing: Jing | None = None, dealer: bool = False, seat_wind: str | None = None,
          ) -> tuple[Fraction, Fraction]:
    """(win_probability, expected_score) of the waiting ``hand`` (13 − 3k tiles beside
    ``melds``) with ``draws_left`` draws and no hand change, as exact fractions: the seat
    sees ``seen`` outside its concealed tiles and melds (every discard, a discard being
    valued, the others' exposed melds); the flipped jing indicators are added as the
    contract's *Seen* says (tests/ev_brute.py)."""
    context = Context(dealer=dealer, round_wind=read_tiles("E")[0],
                      seat_wind=read_tiles(seat_wind)[0] if seat_wind else None,
                      jing=jing or Jing())
    out = out_counts(variant, melds, jing, tiles(seen))
    value = exact_value(variant, hand, melds, out, draws_left, 0, context)
    assert value is not None, "more than 3 from ready"
    return value


def close(answered: float | None, exact: Fraction | float) -> bool:
    return answered is not None and abs(answered - float(exact)) <= TOLERANCE
