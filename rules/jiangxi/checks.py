"""Request checks the Jiangxi rules add to the foundation's (each a FieldError list)."""

from __future__ import annotations

from rules import places as at
from rules.error_codes import (
    FIELD_NOT_USED,
    FIELD_REQUIRED,
    FLAGS_INCONSISTENT,
    HAND_WRONG_TILE_COUNT,
    MELD_BAD_CLAIM,
    TILE_NOT_HELD,
    WIN_IMPOSSIBLE_ROB,
    WIN_INCONSISTENT,
)
from rules.errors import FieldError
from rules.jiangxi.family import JiangxiTables
from rules.jiangxi.reading import counts_jing, holds_jing
from rules.model import (
    CONCEALED_KONG,
    DISCARD,
    KONG_REPLACEMENT,
    PUNG,
    ROB_KONG,
    SELF_DRAW,
    TERMS,
    EvaluateRequest,
    Flags,
    PlayerTiles,
    SettleRequest,
)
from rules.text import Sentence, msg
from rules.tiles import code
from rules.validation import copies_errors
from rules.variant import seat_flag_fields, seat_flags


def claimed_errors(player: PlayerTiles, seat: int | None) -> list[FieldError]:
    """``claimed`` names one of the meld's own tiles, of a meld that was claimed (``seat``:
    whose melds; None: /evaluate's)."""
    errors = []
    for i, meld in enumerate(player.melds):
        if meld.claimed is None or (meld.claimed in meld.tiles
                                    and meld.kind != CONCEALED_KONG):
            continue  # (the usual meld: no field name to build)
        field = at.meld(i, seat, "claimed")
        if meld.kind == CONCEALED_KONG:
            errors.append(FieldError(field, msg("a concealed kong claims nothing: leave it "
                                                "out"), MELD_BAD_CLAIM))
        else:
            errors.append(FieldError(field, msg("{tile} is not one of this meld's tiles",
                                                tile=code(meld.claimed)), TILE_NOT_HELD))
    return errors


def kong_errors(player: PlayerTiles, win_type: str | None, chain: int) -> list[FieldError]:
    """A kong-replacement win needs a kong; the chain cannot be longer than the kongs."""
    if win_type != KONG_REPLACEMENT:
        return []
    kongs = sum(m.is_kong for m in player.melds)
    if not kongs:
        return [FieldError(at.WIN_TYPE, msg(
            "a kong_replacement win (杠上花) follows a kong: list the kong among the winner's "
            "melds"), WIN_INCONSISTENT)]
    if chain > kongs:
        return [FieldError(at.flags("kong_chain"), msg(
            "{chain} kongs in a row, but the winner shows {kongs} kong(s)", chain=chain,
            kongs=kongs), FLAGS_INCONSISTENT)]
    return []


def flag_errors(flags: Flags, *, dealer: bool, melds: bool, win_type: str | None,
                discarder_is_dealer: bool | None,
                earthly_types: tuple[str, ...] = (SELF_DRAW, DISCARD)) -> list[FieldError]:
    """天胡 / 地胡 / kong chain against the rest of the win (``earthly_types``: the win types
    of the variant's 地胡); the errors name the win's own flags."""
    errors = []
    if flags.heavenly and flags.earthly:
        errors.append(FieldError(at.flags("earthly"), msg("天胡 and 地胡 cannot both apply"),
                                 FLAGS_INCONSISTENT))
    if flags.heavenly:
        if not dealer:
            errors.append(FieldError(at.flags("heavenly"), msg("天胡 is the dealer's dealt hand"),
                                     FLAGS_INCONSISTENT))
        if win_type not in (None, SELF_DRAW):
            errors.append(FieldError(at.flags("heavenly"), msg("天胡 is won on the dealt 14 "
                                                               "tiles: win_type self_draw"),
                                     FLAGS_INCONSISTENT))
    if flags.earthly:
        if dealer:
            errors.append(FieldError(at.flags("earthly"), msg("地胡 is won by a non-dealer"),
                                     FLAGS_INCONSISTENT))
        if (win_type or SELF_DRAW) not in earthly_types:
            how = msg("地胡 is won on the dealer's first discard (or the first draw): win_type "
                      "discard or self_draw") if SELF_DRAW in earthly_types else \
                msg("地胡 is won on the dealer's first discard: win_type discard")
            errors.append(FieldError(at.flags("earthly"), how, FLAGS_INCONSISTENT))
        if win_type == DISCARD and discarder_is_dealer is False:
            errors.append(FieldError(at.flags("earthly"), msg(
                "地胡 on a discard is won on the dealer's first discard: the discarder is the "
                "dealer"), FLAGS_INCONSISTENT))
    if (flags.heavenly or flags.earthly) and melds:
        errors.append(FieldError(at.flags("heavenly" if flags.heavenly else "earthly"),
                                 msg("天胡/地胡 are won on the dealt hand: no melds"),
                                 FLAGS_INCONSISTENT))
    if flags.kong_chain and win_type != KONG_REPLACEMENT:
        errors.append(FieldError(at.flags("kong_chain"), msg(
            "the kong chain counts only for a kong_replacement win (杠上花/杠吊)"),
            FLAGS_INCONSISTENT))
    return errors


def evaluate_errors(variant: JiangxiTables, request: EvaluateRequest) -> list[FieldError]:
    errors = claimed_errors(request.hand, None)
    win_type = request.win_type
    if request.discarder_is_dealer is not None:
        if win_type not in (DISCARD, ROB_KONG):
            errors.append(FieldError(at.DISCARDER_IS_DEALER, msg(
                "a {win_type} win has no discarder: leave it out",
                win_type=TERMS[win_type or SELF_DRAW]), WIN_INCONSISTENT))
        elif request.dealer and request.discarder_is_dealer:
            errors.append(FieldError(at.DISCARDER_IS_DEALER, msg(
                "the dealer won: the discarder is a non-dealer"), WIN_INCONSISTENT))
    errors += flag_errors(request.flags, dealer=request.dealer, melds=bool(request.hand.melds),
                          win_type=win_type, discarder_is_dealer=request.discarder_is_dealer,
                          earthly_types=variant.earthly_win_types)
    errors += kong_errors(request.hand, win_type, request.flags.kong_chain)
    kinds = variant.wild_kinds(request.jing)
    if request.flags.no_jing_held and holds_jing(request.hand, kinds) \
            and not request.rules.get("ba_hu_restored", False):
        errors.append(FieldError(at.flags("no_jing_held"), msg(
            "this hand holds jing: 霸胡 needs a table without any jing ({option} also allows "
            "the winner's own jing read as themselves)", option=at.rule("ba_hu_restored")),
            FLAGS_INCONSISTENT))
    return errors


def settle_errors(variant: JiangxiTables, request: SettleRequest) -> list[FieldError]:
    errors = []
    for seat, player in enumerate(request.players):
        errors += claimed_errors(player, seat)
    result = request.result
    if not result.winners:
        return errors
    winner = result.winners[0]
    flags = seat_flags(request, winner)
    found = flag_errors(
        flags, dealer=winner == request.dealer,
        melds=bool(request.players[winner].melds), win_type=result.win_type,
        discarder_is_dealer=None if result.discarder is None
        else result.discarder == request.dealer,
        earthly_types=variant.earthly_win_types)
    found += kong_errors(request.players[winner], result.win_type, flags.kong_chain)
    found += _derived_flag_errors(variant, request, winner, flags)
    errors += seat_flag_fields(found, request, winner)
    errors += _robbed_errors(request)
    return errors


def _robbed_errors(request: SettleRequest) -> list[FieldError]:
    """抢杠只能发生在加杠动作中: the robbed player still shows the pung it tried to extend."""
    result = request.result
    if result.win_type != ROB_KONG or result.win_tile is None or result.discarder is None:
        return []
    robbed = request.players[result.discarder]
    if any(m.kind == PUNG and m.tiles[0] == result.win_tile for m in robbed.melds):
        return []
    return [FieldError(at.DISCARDER, msg(
        "seat {seat} has no pung of {tile}: a robbed kong is a pung being extended (加杠); "
        "list that pung in its melds", seat=result.discarder, tile=code(result.win_tile)),
        WIN_IMPOSSIBLE_ROB)]


def _derived_flag_errors(variant: JiangxiTables, request: SettleRequest, winner: int,
                         flags: Flags) -> list[FieldError]:
    """霸胡 / 德中德 come from the tiles in /settle; a flag that contradicts them is an error."""
    if not (flags.no_jing_held or flags.others_no_jing):
        return []
    kinds = variant.wild_kinds(request.jing)
    errors = []
    for name, test, says in (("no_jing_held", counts_jing, _counts_jing_message),
                             ("others_no_jing", holds_jing, _holds_jing_message)):
        others = [s for s in range(4) if s != winner and test(request.players[s], kinds)]
        if getattr(flags, name) and others:
            errors.append(FieldError(at.flags(name), says(others[0]),
                                     FLAGS_INCONSISTENT))
    return errors


def _counts_jing_message(seat: int) -> Sentence:
    return msg("seat {seat} counts jing (held or discarded); in /settle this is read from the "
               "players' tiles", seat=seat)


def _holds_jing_message(seat: int) -> Sentence:
    return msg("seat {seat} holds jing; in /settle this is read from the players' tiles",
               seat=seat)


def _and(items: list[Sentence]) -> Sentence:
    """``items`` joined by "and", one template per join (so a translation joins them)."""
    joined: Sentence = items[0]
    for item in items[1:]:
        joined = msg("{before} and {after}", before=joined, after=item)
    return joined


def dealt_errors(variant: JiangxiTables, players: tuple[PlayerTiles, ...], dealer: int | None,
                 uses: list[Sentence], needed: bool, out_of_play: list) -> list[FieldError]:
    """``dealt`` hands: only for what is scored on them (``uses``); all four or none, 13
    tiles (the dealer 14), four copies at most."""
    given = [p.dealt is not None for p in players]
    if not any(given):
        if needed:
            if len(uses) == 1:
                text = msg("{uses} is scored on the dealt hands: give each player's 'dealt' "
                           "tiles (or settle it with POST /jing)", uses=uses[0])
            else:
                text = msg("{uses} are scored on the dealt hands: give each player's 'dealt' "
                           "tiles (or settle it with POST /jing)", uses=_and(uses))
            return [FieldError(at.dealt(0), text, FIELD_REQUIRED)]
        return []
    if "previous_indicator" not in variant.jing_fields:
        return [FieldError(at.dealt(given.index(True)),
                           msg("not used by {variant}", variant=variant.name),
                           FIELD_NOT_USED)]
    if not uses:
        return [FieldError(at.dealt(given.index(True)), msg(
            "the dealt hands are used only for 回头一笑 ({previous}), 回头上下翻 "
            "({previous_lower}) and 照镜子 ({mirror}): give one of them or leave the dealt "
            "hands out", previous=at.jing("previous_indicator"),
            previous_lower=at.jing("previous_lower_indicator"),
            mirror=at.rule("zhao_jing_zi")), FIELD_NOT_USED)]
    if not all(given):
        return [FieldError(at.dealt(given.index(False)),
                           msg("give the dealt hands of all four players, or of none"),
                           FIELD_REQUIRED)]
    errors = []
    for seat, player in enumerate(players):
        sizes = (13, 14) if dealer is None else (14 if seat == dealer else 13,)
        got = len(player.dealt or ())
        if got not in sizes:
            errors.append(FieldError(at.dealt(seat), msg(
                "a dealt hand holds 13 tiles (the dealer 14), got {got}", got=got),
                HAND_WRONG_TILE_COUNT))
    errors += copies_errors([(at.dealt(s), p.dealt or ()) for s, p in enumerate(players)]
                            + out_of_play)
    return errors
