"""钦州 request checks the base class cannot know: flags that contradict the win, horses,
the robbed kong, events.

Each check returns :class:`FieldError` s naming the field and the fix, so that a round that
cannot have happened is a precise 422 and never a silently wrong score.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules import places as at
from rules.analysis import ShapeRules
from rules.error_codes import (
    FIELD_NOT_USED,
    FIELD_REQUIRED,
    FLAGS_INCONSISTENT,
    HAND_WRONG_TILE_COUNT,
    TILE_TOO_MANY,
    WIN_IMPOSSIBLE_ROB,
    WIN_INCONSISTENT,
)
from rules.errors import FieldError
from rules.hand import HandView
from rules.model import (
    DISCARD,
    KONG_REPLACEMENT,
    PUNG,
    ROB_KONG,
    SELF_DRAW,
    SELF_DRAWN,
    Flags,
    Meld,
    PlayerTiles,
    SettleRequest,
)
from rules.text import Text, msg
from rules.tiles import code
from rules.validation import copies_errors, over_four
from rules.variant import seat_flag_fields, seat_flags

# 6 可胡牌形: AA + 4 sets, or seven pairs (豪华七对: two of the pairs the same tile)
SHAPES = ShapeRules(seven_pairs=True, four_as_two_pairs=True)

HORSE_CHOICES = (0, 5, 10, 15, 20, 25, 30)  # 003 §3.2 最多可以買30個馬 (不買，5個馬，10個馬…)

THE_HAND = msg("the hand")  # who a /evaluate message is about


def flag_errors(flags: Flags, win_type: str, dealer: bool, melds: Sequence[Meld],
                who: Text | None = None) -> list[FieldError]:
    """Flags (and kong_replacement) that contradict the winner or the win type, named as the
    win's own flags; ``who`` names the winner in the messages (the hand's owner when None)."""
    field = at.flags
    who = who or THE_HAND
    errors = []
    if flags.heavenly:
        if not dealer:
            errors.append(FieldError(field("heavenly"), msg(
                "天胡 belongs to the dealer only (只屬于莊家的特權), and {who} is not the dealer; "
                "a non-dealer's is 地胡 ({other})", who=who, other=at.flags("earthly")),
                FLAGS_INCONSISTENT))
        if win_type != SELF_DRAW:
            errors.append(FieldError(field("heavenly"), msg(
                "天胡 is the dealer's dealt hand complete before the first discard: win_type "
                "must be self_draw, got {win_type}", win_type=win_type), FLAGS_INCONSISTENT))
        if any(m.is_exposed for m in melds):
            errors.append(FieldError(field("heavenly"), msg(
                "天胡 is won before the first discard, so no chow, pung or exposed kong can "
                "have been made"), FLAGS_INCONSISTENT))
    if flags.earthly and dealer:
        errors.append(FieldError(field("earthly"), msg(
            "地胡 is for a non-dealer (非莊家), and {who} is the dealer; the dealer's is 天胡 "
            "({other})", who=who, other=at.flags("heavenly")), FLAGS_INCONSISTENT))
    if flags.last_tile and win_type not in SELF_DRAWN:
        errors.append(FieldError(field("last_tile"), msg(
            "海底捞月 is a self-drawn win on the wall's last tile (自摸牌墻上最后一張牌, whose "
            "drawer does not discard): win_type must be self_draw or kong_replacement, got "
            "{win_type}", win_type=win_type), FLAGS_INCONSISTENT))
    if flags.after_kong_discard and win_type != DISCARD:
        errors.append(FieldError(field("after_kong_discard"), msg(
            "杠上炮 is a win on the discard that follows the discarder's own kong: win_type "
            "must be discard, got {win_type}", win_type=win_type), FLAGS_INCONSISTENT))
    if win_type == KONG_REPLACEMENT and not any(m.is_kong for m in melds):
        errors.append(FieldError(at.WIN_TYPE, msg(
            "kong_replacement (杠上开花) needs a kong among the melds of {who}; it has none",
            who=who), WIN_INCONSISTENT))
    return errors


def settle_errors(request: SettleRequest, horse_count: int) -> list[FieldError]:
    """Everything qinzhou refuses in a /settle request, beyond the base checks."""
    errors = [FieldError(at.event(i, "type"), msg("qinzhou has no {event} payment (seed 003 "
                                                  "knows no 跟庄 or 诈胡): leave 'events' out",
                                                  event=e.type), FIELD_NOT_USED)
              for i, e in enumerate(request.events)]
    errors += horse_errors(request, horse_count)
    result = request.result
    if not result.winners or result.win_type is None:
        return errors
    d = result.discarder
    for seat in result.winners:
        player = request.players[seat]
        flags = seat_flags(request, seat)
        found = flag_errors(flags, result.win_type, seat == request.dealer, player.melds,
                            msg("winner {seat}", seat=seat))
        if d is not None and flags.after_kong_discard \
                and not any(m.is_kong for m in request.players[d].melds):
            found.append(FieldError(at.flags("after_kong_discard"), msg(
                "杠上炮 follows the discarder's own kong, but {melds} lists none",
                melds=at.melds(d)), FLAGS_INCONSISTENT))
        if flags.earthly:
            found += di_hu_errors(player, seat)
        errors += seat_flag_fields(found, request, seat)
    if d is not None and result.win_type == ROB_KONG:
        errors += robbed_errors(request, d)
    return list(dict.fromkeys(errors))


def di_hu_errors(player: PlayerTiles, seat: int) -> list[FieldError]:
    """6.11 地胡: 非莊家起牌后在開始摸牌之前立刻聽牌 — when the dealt hand is given, it is 13
    tiles and ready (one tile short of a win); after that the win may come at any time, on a
    discard or a draw, with melds (之后任何時刻胡牌或自摸)."""
    if player.dealt is None:
        return []
    field = at.dealt(seat)
    if len(player.dealt) != 13:
        return [FieldError(field, msg("a non-dealer is dealt 13 tiles, got {count}",
                                      count=len(player.dealt)), HAND_WRONG_TILE_COUNT)]
    if over_four([player.dealt]):
        return copies_errors([(field, player.dealt)])
    if not HandView.of(PlayerTiles(player.dealt)).waits(SHAPES, frozenset()):
        return [FieldError(field, msg("地胡 (6.11) needs the dealt hand ready (立刻聽牌): no "
                                      "tile completes these 13"), FLAGS_INCONSISTENT)]
    return []


def horse_errors(request: SettleRequest, horse_count: int) -> list[FieldError]:
    """Horses are flipped only for a win, and never more than the table bought."""
    flipped = len(request.horses)
    if not flipped:
        return []
    if not request.result.winners:
        return [FieldError(at.HORSES, msg("horses (奖马) are flipped only when a player wins "
                                         "(有玩家胡牌…翻開公示); a drawn round has none: leave "
                                         "'horses' out"), FIELD_NOT_USED)]
    if flipped > horse_count:
        return [FieldError(at.HORSES, msg(
            "{flipped} horses (奖马) given but the table buys {count} ({option}): send at "
            "most {count}, or set {option} to one of {choices}", flipped=flipped,
            count=horse_count, option=at.rule("horse_count"), choices=list(HORSE_CHOICES)),
            TILE_TOO_MANY)]
    return []


def robbed_errors(request: SettleRequest, robbed: int) -> list[FieldError]:
    """A robbed kong is listed as the pung it was extending (so it earns nothing)."""
    tile = request.result.win_tile
    if tile is None:
        return [FieldError(at.WIN_TILE, msg("required for a rob_kong win: the tile "
                                            "robbed from the added kong (搶杠胡)"),
                           FIELD_REQUIRED)]
    melds = request.players[robbed].melds
    field = at.melds(robbed)
    if any(m.kind == PUNG and m.tiles[0] == tile for m in melds):
        return []
    if any(m.is_kong and m.tiles[0] == tile for m in melds):
        return [FieldError(field, msg(
            "the robbed kong never stands: list it as the pung of {tile} it was extending (the "
            "4th tile is the winner's win_tile; a robbed kong earns nothing)", tile=code(tile)),
            WIN_IMPOSSIBLE_ROB)]
    return [FieldError(field, msg(
        "a kong is robbed while it is being added to a pung, but seat {seat} ({discarder}) has "
        "no pung of {tile} among its melds", seat=robbed, discarder=at.DISCARDER,
        tile=code(tile)), WIN_IMPOSSIBLE_ROB)]
