"""广东鸡平和: what the tiles cannot show must still be possible (seed 004 七.2-10).

天和/地和/人和 need the right seat, win type and no melds; 海底捞月 is a self-draw; a
杠上开花 needs a kong; a robbed kong is an exposed pung being extended; 一炮多响 can be
switched off; the seed has no 跟庄 or 诈和 money.
"""

from __future__ import annotations

from rules import places as at
from rules.error_codes import (
    FIELD_NOT_USED,
    FLAGS_INCONSISTENT,
    RULES_OPTION_OFF,
    WIN_IMPOSSIBLE_ROB,
    WIN_INCONSISTENT,
)
from rules.errors import FieldError
from rules.model import (
    DISCARD,
    KONG_KINDS,
    KONG_REPLACEMENT,
    PUNG,
    ROB_KONG,
    SELF_DRAW,
    SELF_DRAWN,
    Flags,
    Meld,
    SettleRequest,
)
from rules.text import Text, msg
from rules.tiles import code
from rules.variant import seat_flag_fields, seat_flags

# 七.8-10: which seat, which win type: (dealer?, win type, what it is)
FIRST_GO: dict[str, tuple[bool, str, Text]] = {
    "heavenly": (True, SELF_DRAW, msg("天和 is the dealer's dealt hand, self-drawn")),
    "earthly": (False, SELF_DRAW, msg("地和 is a non-dealer winning on its first draw")),
    "human": (False, DISCARD, msg("人和 is a non-dealer winning on a first-go-around discard"))}


def situation_errors(is_dealer: bool, win_type: str, flags: Flags, melds: tuple[Meld, ...],
                     seat: int | None) -> list[FieldError]:
    """What the tiles cannot show must still be possible (七.8-10, 七.2, 七.4). ``seat``:
    the winner's (None: /evaluate's hand); the flags named are the win's own."""
    errors: list[FieldError] = []
    on = flags.set_names()
    if not on and win_type != KONG_REPLACEMENT:  # the usual request: nothing to contradict
        return errors
    melds_field = at.melds(seat)
    first_go = [n for n in on if n in FIRST_GO]  # in FIRST_GO's order
    if len(first_go) > 1:
        errors.append(FieldError(at.flags(first_go[1]),
                                 msg("天和, 地和 and 人和 exclude each other: set only one"),
                                 FLAGS_INCONSISTENT))
    for name in first_go[:1]:
        dealer, how, what = FIRST_GO[name]
        field = at.flags(name)
        if dealer != is_dealer:
            must = (msg("{what}: the winner must be the dealer", what=what) if dealer
                    else msg("{what}: the winner must be a non-dealer", what=what))
            errors.append(FieldError(field, must, FLAGS_INCONSISTENT))
        if win_type != how:
            errors.append(FieldError(at.WIN_TYPE,
                                     msg("{what}: win_type must be {win_type}", what=what,
                                         win_type=how), FLAGS_INCONSISTENT))
        if melds:
            errors.append(FieldError(melds_field, msg("{what}: no meld can have been made "
                                                      "(any chow, pung or kong cancels it)",
                                                      what=what), FLAGS_INCONSISTENT))
    if flags.last_tile and win_type not in SELF_DRAWN:
        errors.append(FieldError(at.flags("last_tile"), msg(
            "海底捞月 is a win by drawing the wall's last tile: win_type must be self_draw"),
            FLAGS_INCONSISTENT))
    if win_type == KONG_REPLACEMENT and not any(m.kind in KONG_KINDS for m in melds):
        errors.append(FieldError(at.WIN_TYPE, msg(
            "杠上开花 (kong_replacement) needs the kong among the winner's melds ({field})",
            field=melds_field), WIN_INCONSISTENT))
    return errors


def settle_errors(request: SettleRequest) -> list[FieldError]:
    """What guangdong adds to the common /settle checks."""
    result, rules = request.result, request.rules
    errors = [FieldError(at.event(i, "type"), msg("guangdong has no {event} payment (seed 004 "
                                                  "has no 跟庄 or 诈和 money)", event=e.type),
                         FIELD_NOT_USED) for i, e in enumerate(request.events)]
    if len(result.winners) > 1 and not rules["yi_pao_duo_xiang"]:
        errors.append(FieldError(at.WINNERS, msg("一炮多响 is off ({option}): one winner per "
                                                 "discard", option=at.rule("yi_pao_duo_xiang")),
                                 RULES_OPTION_OFF))
    for seat in result.winners:
        found = situation_errors(seat == request.dealer, result.win_type or SELF_DRAW,
                                 seat_flags(request, seat), request.players[seat].melds, seat)
        errors += seat_flag_fields(found, request, seat)
    robbed = result.discarder
    if result.win_type == ROB_KONG and robbed is not None and result.win_tile is not None \
            and not any(m.kind == PUNG and m.tiles[0] == result.win_tile
                        for m in request.players[robbed].melds):
        errors.append(FieldError(at.DISCARDER, msg(
            "a robbed kong is a pung extended by a drawn tile (明刻开明杠): seat {seat} has no "
            "exposed pung of {tile} among its melds", seat=robbed, tile=code(result.win_tile)),
            WIN_IMPOSSIBLE_ROB))
    return list(dict.fromkeys(errors))
