"""What xingguo asks of a request beyond the Jiangxi checks."""

from __future__ import annotations

from rules import places as at
from rules.error_codes import MELD_BAD_CLAIM
from rules.errors import FieldError
from rules.jiangxi.jing import jing_pair
from rules.model import KONG, SettleRequest
from rules.text import msg


def jing_kong_source_errors(request: SettleRequest) -> list[FieldError]:
    """A 碰杠精 is paid by its discarder alone, so that seat must be known."""
    assert request.jing.indicator is not None
    pair = jing_pair(request.jing.indicator)
    return [FieldError(at.meld(i, seat, "from"),
                       msg("a kong of jing claimed from a discard (碰杠精) is paid wholly by "
                           "its discarder (F组 5): give 'from'"), MELD_BAD_CLAIM)
            for seat, player in enumerate(request.players)
            for i, meld in enumerate(player.melds)
            if meld.kind == KONG and meld.tiles[0] in pair and meld.source is None]
