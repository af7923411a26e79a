"""The meld check's quick answer (rules.validation._plainly_well_formed) against the check in
full: it vouches only for melds the full check finds nothing wrong with."""

from __future__ import annotations

from itertools import product

from rules import places as at
from rules.model import CHOW, CONCEALED_KONG, KONG_KINDS, MELD_KINDS, PUNG, Meld
from rules.validation import _plainly_well_formed, meld_errors

WHERE = at.meld(0, 1)


def _full(meld: Meld, honour_chows: bool) -> list:
    """meld_errors without its quick answer."""
    import rules.validation as validation

    quick = validation._plainly_well_formed
    validation._plainly_well_formed = lambda _: False
    try:
        return meld_errors(meld, WHERE, honour_chows)
    finally:
        validation._plainly_well_formed = quick


def test_every_three_tile_meld_it_vouches_for_is_well_formed():
    vouched = 0
    for tiles in product(range(34), repeat=3):
        for kind in (CHOW, PUNG):
            meld = Meld(kind, tiles)
            if _plainly_well_formed(meld):
                vouched += 1
                assert _full(meld, False) == [] == _full(meld, True), meld
    assert vouched == 34 + 21 * 6  # every pung; every number chow, in any order


def test_kongs_and_their_claims():
    for kind, tile, source in product(KONG_KINDS, range(34), (None, 2)):
        for tiles in ((tile,) * 4, (tile,) * 3, (tile,) * 3 + ((tile + 1) % 34,)):
            meld = Meld(kind, tiles, source)
            assert _plainly_well_formed(meld) == (_full(meld, False) == []), meld
    assert not _plainly_well_formed(Meld(CONCEALED_KONG, (5,) * 4, 2))


def test_what_it_does_not_vouch_for_is_judged_in_full():
    honour_chow = Meld(CHOW, (27, 28, 29))
    assert not _plainly_well_formed(honour_chow)
    assert meld_errors(honour_chow, WHERE, True) == []
    assert meld_errors(honour_chow, WHERE, False)
    assert {kind for kind in MELD_KINDS} == {CHOW, PUNG, *KONG_KINDS}
