"""Checks every request must pass before it is scored (the rules book, "Common to all four
variants").

Each check returns a list of :class:`FieldError` (empty when fine) so that one response can
name every problem at once; :func:`raise_if` turns a non-empty list into ``InvalidInput``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from rules.error_codes import (
    FIELD_WRONG_LENGTH,
    HAND_WRONG_TILE_COUNT,
    MELD_BAD_CLAIM,
    MELD_INVALID,
    TILE_TOO_MANY_COPIES,
    WIN_IMPOSSIBLE_ROB,
)
from rules.errors import FieldError, InvalidInput
from rules.model import CHOW, CONCEALED_KONG, KONG_KINDS, PUNG, Meld, PlayerTiles
from rules.text import Sentence, Text, msg
from rules.tiles import DRAGONS, WINDS, code

COMPLETE, WAITING = "complete", "waiting"
MAX_MELDS = 4


def at(prefix: str, name: str) -> str:
    """The field path ``prefix.name`` (just ``name`` at the top level of a request)."""
    return f"{prefix}.{name}" if prefix else name


def raise_if(errors: list[FieldError]) -> None:
    if errors:
        raise InvalidInput(errors)


def and_joined(items: list[Sentence]) -> Sentence:
    """``a and b and c``: each ``and`` a template of its own, so a list of sentences (or of
    codes) reads as one in every language."""
    if len(items) == 1:
        return items[0]
    return msg("{first} and {rest}", first=items[0], rest=and_joined(items[1:]))


def meld_errors(meld: Meld, field: str, honour_chows: bool) -> list[FieldError]:
    """A chow is three consecutive tiles of one suit (or an honour chow where allowed);
    a pung three of a kind; any kong four of a kind. A concealed kong has no ``from``."""
    tiles = sorted(meld.tiles)
    if meld.kind == CHOW:
        problem = _chow_problem(tiles, honour_chows)
        if problem:
            return [FieldError(f"{field}.tiles", msg("{tiles} is not a chow: {problem}",
                                                     tiles=_shown(meld), problem=problem),
                               MELD_INVALID)]
    elif meld.kind == PUNG:
        if len(tiles) != 3 or len(set(tiles)) != 1:
            return [FieldError(f"{field}.tiles",
                               msg("a pung is three identical tiles, got {tiles}",
                                   tiles=_shown(meld)),
                               MELD_INVALID)]
    elif meld.kind in KONG_KINDS and (len(tiles) != 4 or len(set(tiles)) != 1):
        return [FieldError(f"{field}.tiles",
                           msg("a {kind} is four identical tiles, got {tiles}",
                               kind=meld.kind, tiles=_shown(meld)),
                           MELD_INVALID)]
    if meld.kind == CONCEALED_KONG and meld.source is not None:
        return [FieldError(f"{field}.from", msg("a concealed kong is not claimed from anyone: "
                                                "leave out 'from'"), MELD_BAD_CLAIM)]
    return []


def claim_order_errors(players: Iterable[tuple[str, tuple[Meld, ...]]]) -> list[FieldError]:
    """``claim_order``: only a claimed meld has one (not a concealed kong), each place in the
    round's order of claims is one meld's, and a player's melds, listed in the order made,
    have growing places. ``players`` are (field prefix, melds) pairs."""
    errors: list[FieldError] = []
    seen: dict[int, str] = {}
    for prefix, melds in players:
        last = None
        for i, meld in enumerate(melds):
            if meld.order is None:
                continue
            field = at(prefix, f"melds[{i}].claim_order")
            if meld.kind == CONCEALED_KONG:
                errors.append(FieldError(field, msg("a concealed kong is not claimed: leave "
                                                    "out 'claim_order'"), MELD_BAD_CLAIM))
                continue
            if meld.order in seen:
                errors.append(FieldError(field, msg("claim {order} is already {meld}'s: each "
                                                    "claim has its own place",
                                                    order=meld.order, meld=seen[meld.order]),
                                         MELD_BAD_CLAIM))
            elif last is not None and meld.order < last:
                errors.append(FieldError(field, msg("claim {order} comes before {last}, but a "
                                                    "player's melds are listed in the order "
                                                    "made", order=meld.order, last=last),
                                         MELD_BAD_CLAIM))
            seen.setdefault(meld.order, field.removesuffix(".claim_order"))
            last = meld.order if last is None else max(last, meld.order)
    return errors


def _shown(meld: Meld) -> str:
    return " ".join(code(t) for t in meld.tiles)


def _chow_problem(tiles: list[int], honour_chows: bool) -> Text | None:
    if len(tiles) != 3:
        return msg("a chow has three tiles, got {count}", count=len(tiles))
    if len(set(tiles)) != 3:
        return msg("a chow has three different tiles")
    if tiles[2] < 27:
        if tiles[0] // 9 == tiles[2] // 9 and tiles[2] - tiles[0] == 2:
            return None
        return msg("the tiles must be consecutive in one suit")
    honour_set = all(t in WINDS for t in tiles) or set(tiles) == set(DRAGONS)
    if not honour_set:
        return msg("the tiles must be consecutive in one suit")
    if not honour_chows:
        return msg("this variant has no honour chows (三张不同的风牌/中发白)")
    return None


def count_state(player: PlayerTiles, field: str) -> str:
    """``complete`` (14 + kongs) or ``waiting`` (13 + kongs); anything else is 相公."""
    melds = len(player.melds)
    if melds > MAX_MELDS:
        raise InvalidInput.one(at(field, "melds"), msg("at most {most} melds, got {melds}",
                                                       most=MAX_MELDS, melds=melds),
                               FIELD_WRONG_LENGTH)
    concealed = len(player.concealed)
    complete = 14 - 3 * melds
    if concealed == complete:
        return COMPLETE
    if concealed == complete - 1:
        return WAITING
    kongs = sum(m.kind in KONG_KINDS for m in player.melds)
    meld_tiles = sum(len(m.tiles) for m in player.melds)
    raise InvalidInput.one(
        at(field, "hand"),
        msg("相公 (wrong tile count): {concealed} concealed tiles with {melds} meld(s); "
            "expected {waiting} (waiting) or {complete} (complete), i.e. 13 or 14 tiles plus "
            "one per kong ({kongs} kong(s), {tiles} tiles in all)",
            concealed=concealed, melds=melds, waiting=complete - 1, complete=complete,
            kongs=kongs, tiles=concealed + meld_tiles), HAND_WRONG_TILE_COUNT)


def over_four(groups: Iterable[Iterable[int]]) -> bool:
    """Does any tile appear more than 4 times across ``groups``? One plain count: the
    common case, with no error, needs no field names (see :func:`copies_errors`)."""
    totals = [0] * 34
    for tiles in groups:
        for tile in tiles:
            totals[tile] += 1
    return max(totals) > 4


def copies_errors(sources: Iterable[tuple[str, Iterable[int]]]) -> list[FieldError]:
    """At most 4 of any tile across everything given: (field, tiles) pairs."""
    sources = list(sources)
    if not over_four(tiles for _, tiles in sources):
        return []
    totals: Counter[int] = Counter()
    where: dict[int, list[str]] = {}
    for field, tiles in sources:
        for tile, n in Counter(tiles).items():
            totals[tile] += n
            where.setdefault(tile, []).append(field)
    return [
        FieldError(where[tile][-1],
                   msg("{count} copies of {tile} (at most 4 exist); counted in {fields}",
                       count=totals[tile], tile=code(tile),
                       fields=list(dict.fromkeys(where[tile]))), TILE_TOO_MANY_COPIES)
        for tile in sorted(totals) if totals[tile] > 4
    ]


def player_copies_errors(player: PlayerTiles, field: str,
                         more: list[tuple[str, Iterable[int]]]) -> list[FieldError]:
    """:func:`copies_errors` of one player's tiles and ``more`` (tiles out of play). A lone
    concealed hand, the usual /evaluate request, is checked on its count vector."""
    if not (player.melds or player.discards or more) and max(player.counts) <= 4:
        return []
    return copies_errors(player_sources(player, field) + more)


def player_sources(player: PlayerTiles, field: str) -> list[tuple[str, Iterable[int]]]:
    """The (field, tiles) pairs of one player for :func:`copies_errors`."""
    sources: list[tuple[str, Iterable[int]]] = [(at(field, "hand"), player.concealed)]
    sources += [(at(field, f"melds[{i}]"), m.tiles) for i, m in enumerate(player.melds)]
    if player.discards:
        sources.append((at(field, "discards"), player.discards))
    return sources


# ---------------------------------------------------------------------------- 抢杠
# Robbing a kong takes the fourth copy of a tile from another player's added kong (加杠): the
# other three copies are that player's pung. So the robbed tile is in the winner's hand once
# (it is the winning tile) and nowhere else: not again in the winner's hand, not in its
# melds, not in any other player's hand, melds or discards, not flipped out of play.
ROBBED_PUNG = 3


def robbable(player: PlayerTiles, out_of_play: Iterable[int]) -> list[int]:
    """The tiles this complete hand may have robbed: held once (concealed, not in a meld)
    and not flipped out of play."""
    gone = set(out_of_play)
    held = player.all_held()
    return sorted({t for t in player.concealed if held.count(t) == 1 and t not in gone})


def rob_hand_errors(player: PlayerTiles, win_tile: int | None, out_of_play: list[int],
                    tile_field: str, type_field: str, hand: str = "hand") -> list[FieldError]:
    """A complete hand that wins by robbing a kong (/evaluate, and each winner of /settle)."""
    if win_tile is None:
        if robbable(player, out_of_play):
            return []
        if out_of_play:
            why = msg("no tile of this hand can have been robbed: a robbed kong's other three "
                      "copies are the robbed player's pung, so the robbed tile is held once, "
                      "nowhere else in the hand or its melds (and not flipped out of play); "
                      "every tile here is held twice or more or is out of play")
        else:
            why = msg("no tile of this hand can have been robbed: a robbed kong's other three "
                      "copies are the robbed player's pung, so the robbed tile is held once, "
                      "nowhere else in the hand or its melds (and not flipped out of play); "
                      "every tile here is held twice or more")
        return [FieldError(type_field, why, WIN_IMPOSSIBLE_ROB)]
    held = player.all_held().count(win_tile)
    flipped = out_of_play.count(win_tile)
    if held + flipped <= 1:
        return []
    where: list[Sentence] = [msg("{count} in '{field}' and its melds", count=held, field=hand)]
    if flipped:
        where.append(msg("{count} flipped out of play", count=flipped))
    return [FieldError(tile_field, msg("robbing a kong (抢杠) takes the fourth {tile} from "
                                       "another player's added kong, whose other three are "
                                       "the robbed pung: the winner holds that {tile} once and "
                                       "no other copy can exist, but this request has {where} "
                                       "({pung} + {count} > 4)",
                                       tile=code(win_tile), where=and_joined(where),
                                       pung=ROBBED_PUNG, count=held + flipped),
                       WIN_IMPOSSIBLE_ROB)]
