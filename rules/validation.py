"""Checks every request must pass before it is scored (the rules book, "Common to all four
variants").

Each check returns a list of :class:`FieldError` (empty when fine) so that one response can
name every problem at once; :func:`raise_if` turns a non-empty list into ``InvalidInput``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from rules import places as at
from rules.error_codes import (
    FIELD_WRONG_LENGTH,
    HAND_WRONG_TILE_COUNT,
    MELD_BAD_CLAIM,
    MELD_INVALID,
    TILE_TOO_MANY_COPIES,
    WIN_IMPOSSIBLE_ROB,
)
from rules.errors import FieldError, InvalidInput
from rules.model import (
    ADDED_KONG,
    CHOW,
    CONCEALED_KONG,
    KONG_KINDS,
    PUNG,
    TERMS,
    Meld,
    PlayerTiles,
)
from rules.places import Place
from rules.text import Sentence, Text, msg
from rules.tiles import DRAGONS, EAST, WINDS, code

COMPLETE, WAITING = "complete", "waiting"
MAX_MELDS = 4


def raise_if(errors: list[FieldError]) -> None:
    if errors:
        raise InvalidInput(errors)


def and_joined(items: list[Sentence]) -> Sentence:
    """``a and b and c``: each ``and`` a template of its own, so a list of sentences (or of
    codes) reads as one in every language."""
    if len(items) == 1:
        return items[0]
    return msg("{first} and {rest}", first=items[0], rest=and_joined(items[1:]))


def meld_errors(given: Meld, where: Place, honour_chows: bool) -> list[FieldError]:
    """A chow is three consecutive tiles of one suit (or an honour chow where allowed);
    a pung three of a kind; any kong four of a kind. A concealed kong has no ``from``.
    ``where`` is the meld's place."""
    if _plainly_well_formed(given):
        return []
    tiles = sorted(given.tiles)
    if given.kind == CHOW:
        problem = chow_problem(tiles, honour_chows)
        if problem:
            return [FieldError(where.field("tiles"), msg("{tiles} is not a chow: {problem}",
                                                         tiles=_shown(given), problem=problem),
                               MELD_INVALID)]
    elif given.kind == PUNG:
        if len(tiles) != 3 or len(set(tiles)) != 1:
            return [FieldError(where.field("tiles"),
                               msg("a pung is three identical tiles, got {tiles}",
                                   tiles=_shown(given)),
                               MELD_INVALID)]
    elif given.kind in KONG_KINDS and (len(tiles) != 4 or len(set(tiles)) != 1):
        return [FieldError(where.field("tiles"),
                           msg("a {kind} is four identical tiles, got {tiles}",
                               kind=TERMS[given.kind], tiles=_shown(given)),
                           MELD_INVALID)]
    if given.kind == CONCEALED_KONG and given.source is not None:
        return [FieldError(where.field("from"), msg("a concealed kong is not claimed from "
                                                    "anyone: leave out 'from'"),
                           MELD_BAD_CLAIM)]
    return []


def _plainly_well_formed(given: Meld) -> bool:
    """A meld :func:`meld_errors` finds nothing wrong with, told by a few comparisons: a
    number chow, a pung, a kong (a concealed one without ``from``). Anything else, honour
    chows included, is judged in full; most melds of a round are these (issue 30)."""
    kind, tiles = given.kind, given.tiles
    if kind == PUNG:
        return len(tiles) == 3 and tiles[0] == tiles[1] == tiles[2]
    if kind == CHOW:
        if len(tiles) != 3:
            return False
        low, mid, high = sorted(tiles)
        return high < EAST and mid == low + 1 and high == low + 2 and low // 9 == high // 9
    return (kind in KONG_KINDS and len(tiles) == 4 and tiles[0] == tiles[1] == tiles[2] == tiles[3]
            and (kind != CONCEALED_KONG or given.source is None))


def claim_order_errors(players: Iterable[tuple[int | None, tuple[Meld, ...]]]
                       ) -> list[FieldError]:
    """``claim_order``: only a claimed meld has one (not a concealed kong), each place in the
    round's order of claims is one meld's, and a player's melds, listed in the order made,
    have growing places; an added kong keeps its pung's place in the claims but stands where
    it was extended (RULINGS "Play rules"), so it may come after a later claim. ``players``
    are (seat, melds) pairs (seat None: /evaluate's hand)."""
    errors: list[FieldError] = []
    seen: dict[int, Place] = {}
    for seat, made in players:
        last = None
        for i, given in enumerate(made):
            if given.order is None:
                continue
            field = at.meld(i, seat, "claim_order")
            if given.kind == CONCEALED_KONG:
                errors.append(FieldError(field, msg("a concealed kong is not claimed: leave "
                                                    "out 'claim_order'"), MELD_BAD_CLAIM))
                continue
            if given.order in seen:
                errors.append(FieldError(field, msg("claim {order} is already {meld}'s: each "
                                                    "claim has its own place",
                                                    order=given.order, meld=seen[given.order]),
                                         MELD_BAD_CLAIM))
            elif last is not None and given.order < last and given.kind != ADDED_KONG:
                errors.append(FieldError(field, msg("claim {order} comes before {last}, but a "
                                                    "player's melds are listed in the order "
                                                    "made", order=given.order, last=last),
                                         MELD_BAD_CLAIM))
            seen.setdefault(given.order, at.meld(i, seat))
            last = given.order if last is None else max(last, given.order)
    return errors


def _shown(given: Meld) -> str:
    return " ".join(code(t) for t in given.tiles)


def chow_problem(tiles: list[int], honour_chows: bool) -> Text | None:
    """Why ``tiles`` (sorted) are not a chow, or None (a meld of a request, a claim of a log)."""
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


def count_state(player: PlayerTiles, seat: int | None) -> str:
    """``complete`` (14 + kongs) or ``waiting`` (13 + kongs); anything else is 相公.
    ``seat``: whose hand (None: /evaluate's)."""
    made = len(player.melds)
    if made > MAX_MELDS:
        raise InvalidInput.one(at.melds(seat), msg("at most {most} melds, got {melds}",
                                                most=MAX_MELDS, melds=made),
                               FIELD_WRONG_LENGTH)
    concealed = len(player.concealed)
    complete = 14 - 3 * made
    if concealed == complete:
        return COMPLETE
    if concealed == complete - 1:
        return WAITING
    kongs = sum(m.kind in KONG_KINDS for m in player.melds)
    meld_tiles = sum(len(m.tiles) for m in player.melds)
    raise InvalidInput.one(
        at.hand(seat),
        msg("相公 (wrong tile count): {concealed} concealed tiles with {melds} meld(s); "
            "expected {waiting} (waiting) or {complete} (complete), i.e. 13 or 14 tiles plus "
            "one per kong ({kongs} kong(s), {tiles} tiles in all)",
            concealed=concealed, melds=made, waiting=complete - 1, complete=complete,
            kongs=kongs, tiles=concealed + meld_tiles), HAND_WRONG_TILE_COUNT)


def over_four(groups: Iterable[Iterable[int]]) -> bool:
    """Does any tile appear more than 4 times across ``groups``? One plain count: the
    common case, with no error, needs no field names (see :func:`copies_errors`)."""
    totals = [0] * 34
    for tiles in groups:
        for tile in tiles:
            totals[tile] += 1
    return max(totals) > 4


def copies_errors(sources: Iterable[tuple[Place, Iterable[int]]]) -> list[FieldError]:
    """At most 4 of any tile across everything given: (place, tiles) pairs."""
    sources = list(sources)
    if not over_four(tiles for _, tiles in sources):
        return []
    totals: Counter[int] = Counter()
    where: dict[int, list[Place]] = {}
    for place, tiles in sources:
        for tile, n in Counter(tiles).items():
            totals[tile] += n
            where.setdefault(tile, []).append(place)
    return [
        FieldError(where[tile][-1],
                   msg("{count} copies of {tile} (at most 4 exist); counted in {fields}",
                       count=totals[tile], tile=code(tile),
                       fields=list(dict.fromkeys(where[tile]))), TILE_TOO_MANY_COPIES)
        for tile in sorted(totals) if totals[tile] > 4
    ]


def player_copies_errors(player: PlayerTiles, seat: int | None,
                         more: list[tuple[Place, Iterable[int]]]) -> list[FieldError]:
    """:func:`copies_errors` of one player's tiles and ``more`` (tiles out of play). A lone
    concealed hand, the usual /evaluate request, is checked on its count vector."""
    if not (player.melds or player.discards or more) and max(player.counts) <= 4:
        return []
    return copies_errors(player_sources(player, seat) + more)


def player_sources(player: PlayerTiles, seat: int | None) -> list[tuple[Place, Iterable[int]]]:
    """The (place, tiles) pairs of one player (``seat``; None: /evaluate's hand) for
    :func:`copies_errors`."""
    sources: list[tuple[Place, Iterable[int]]] = [(at.hand(seat), player.concealed)]
    sources += [(at.meld(i, seat), m.tiles) for i, m in enumerate(player.melds)]
    if player.discards:
        sources.append((at.discards(seat), player.discards))
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
                    tile_place: Place, type_place: Place, held_in: Place | None = None
                    ) -> list[FieldError]:
    """A complete hand that wins by robbing a kong (/evaluate, and each winner of /settle);
    ``held_in`` is the hand's place (default /evaluate's)."""
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
        return [FieldError(type_place, why, WIN_IMPOSSIBLE_ROB)]
    held = player.all_held().count(win_tile)
    flipped = out_of_play.count(win_tile)
    if held + flipped <= 1:
        return []
    where: list[Sentence] = [msg("{count} in '{field}' and its melds", count=held,
                                 field=held_in or at.hand())]
    if flipped:
        where.append(msg("{count} flipped out of play", count=flipped))
    return [FieldError(tile_place, msg("robbing a kong (抢杠) takes the fourth {tile} from "
                                       "another player's added kong, whose other three are "
                                       "the robbed pung: the winner holds that {tile} once and "
                                       "no other copy can exist, but this request has {where} "
                                       "({pung} + {count} > 4)",
                                       tile=code(win_tile), where=and_joined(where),
                                       pung=ROBBED_PUNG, count=held + flipped),
                       WIN_IMPOSSIBLE_ROB)]
