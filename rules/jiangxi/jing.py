"""Jing (精) tiles and the jing score (精计子) shared by xingguo and nanchang.

An indicator gives a pair: the indicator itself is 正精 (counts 2), the next tile 副精
(counts 1). A seat's count N adds up the jing it holds (and, where the variant says so, the
jing it discarded); each other seat pays it f(N), doubled when it alone has any jing (霸精 /
霸王精). xingguo: if a jing claimed from a discard is what made the claimer 冲关 (or 霸精),
the discarder of that jing pays the claimer's whole score alone (包); nanchang has no 包.
"""

from __future__ import annotations

from typing import NamedTuple

from rules import places as at
from rules.error_codes import MELD_BAD_CLAIM
from rules.errors import InvalidInput
from rules.ledger import SEATS, Ledger
from rules.model import CHOW, CONCEALED_KONG, DISCARD, JingScore, JingSeat, PlayerTiles
from rules.places import Place, PlaceKind
from rules.text import Sentence, msg
from rules.tiles import NUM_KINDS, code, next_tile

CHONG_GUAN_FROM = 5  # F组 2: 5精2倍冲关
CHONG_GUAN, BA_JING = "chong_guan", "ba_jing"  # liability triggers


def jing_pair(indicator: int) -> tuple[int, int]:
    """(正精, 副精): the indicator and the next tile (9→1, 北→东, 白→中)."""
    return _PAIRS[indicator]


# Each indicator's pair, worked out once: a round's jing scoring asks for it once per seat
# and per meld (some 9 times a /settle).
_PAIRS = tuple((tile, next_tile(tile)) for tile in range(NUM_KINDS))


def jing_value(tile: int, pair: tuple[int, int]) -> int:
    """二. 正精算两个精，副精算一个精."""
    if tile == pair[0]:
        return 2
    return 1 if tile == pair[1] else 0


def jing_points(n: int) -> int:
    """f(N): N below 5; from 5 on 冲关, N × (N − 3): 5→10, 6→18, 7→28 … 10→70 (F组 2)."""
    return n if n < CHONG_GUAN_FROM else n * (n - 3)


class Plan(NamedTuple):
    """How one indicator is settled (the variant decides every switch)."""

    field: str  # indicator, lower_indicator or previous_indicator
    label: str  # 精, 上精, 下精, 回头一笑
    indicator: int
    count_discards: bool  # 丢精算自己的精
    skip_kongs: bool = False  # nanchang 杠精: a kong of these jing leaves the count
    triggers: tuple[str, ...] = ()  # what makes a claimed jing's discarder liable (包)
    double_ba_jing: bool = True  # 霸精 / 霸王精 ×2
    use_dealt: bool = False  # 回头一笑: scored on the dealt hands when they are given
    minimum: int = 0  # a count below this scores nothing (照镜子: only 冲关 counts)
    ba_name: str = "霸精"  # how the ledger names the ×2 of the only holder

    @property
    def pair(self) -> tuple[int, int]:
        return jing_pair(self.indicator)


class Claim(NamedTuple):
    """A jing that came to a seat from another seat's discard."""

    source: int | None  # the discarder (None: not given)
    value: int  # its jing count (the most it can be, while unknown)
    place: Place  # where the request would make it precise
    known: bool  # False: which tile, or which seat, was not given


class WinClaim(NamedTuple):
    """A discard win: the winning tile joined the winner's hand from the discarder."""

    winner: int
    discarder: int
    tile: int | None


def counted_tiles(player: PlayerTiles, plan: Plan) -> list[int]:
    """The tiles a seat's count is taken over, per the plan."""
    if plan.use_dealt and player.dealt is not None:
        return list(player.dealt)
    tiles = list(player.concealed)
    for meld in player.melds:
        if not (plan.skip_kongs and _jing_kong(meld, plan.pair)):
            tiles.extend(meld.tiles)
    if plan.count_discards:
        tiles.extend(player.discards)
    return tiles


def _jing_kong(meld, pair: tuple[int, int]) -> bool:
    return meld.is_kong and meld.tiles[0] in pair


def seat_count(player: PlayerTiles, plan: Plan) -> int:
    """二. 正精算两个精，副精算一个精: counted in C, two ``list.count`` calls."""
    tiles = counted_tiles(player, plan)
    main, side = plan.pair
    return 2 * tiles.count(main) + tiles.count(side)


def seat_claims(seat: int, player: PlayerTiles, plan: Plan,
                win: WinClaim | None) -> list[Claim]:
    """The claimed jing of a seat, in the order they were claimed (the winning tile last)."""
    if plan.use_dealt:
        return []  # a dealt hand holds no claimed tile
    pair = plan.pair
    claims = []
    for i, meld in enumerate(player.melds):
        if meld.kind == CONCEALED_KONG or (plan.skip_kongs and _jing_kong(meld, pair)):
            continue
        if pair[0] in meld.tiles or pair[1] in meld.tiles:  # no jing in it: no claim
            claim = _meld_claim(seat, i, meld, pair)
            if claim:
                claims.append(claim)
    if win and win.winner == seat:
        claim = _win_claim(player, win, pair)
        if claim:
            claims.append(claim)
    return claims


def _meld_claim(seat: int, i: int, meld, pair: tuple[int, int]) -> Claim | None:
    where = at.meld(i, seat)
    if meld.kind == CHOW:  # a chow is always claimed from the previous seat
        source = (seat - 1) % SEATS
        if meld.claimed is not None:
            value = jing_value(meld.claimed, pair)
            return Claim(source, value, where.field("claimed"), True) if value else None
        value = max(jing_value(t, pair) for t in meld.tiles)
        return Claim(source, value, where.field("claimed"), False) if value else None
    value = jing_value(meld.tiles[0], pair)
    if not value:
        return None
    return Claim(meld.source, value, where.field("from"), meld.source is not None)


def _win_claim(player: PlayerTiles, win: WinClaim, pair: tuple[int, int]) -> Claim | None:
    if win.tile is not None:
        value = jing_value(win.tile, pair)
        return Claim(win.discarder, value, at.WIN_TILE, True) if value else None
    value = max((jing_value(t, pair) for t in player.concealed), default=0)
    return Claim(win.discarder, value, at.WIN_TILE, False) if value else None


def find_liable(n: int, claims: list[Claim], triggers: tuple[str, ...],
                ba_jing: bool) -> int | None:
    """The discarder whose jing made this seat 冲关 (or 霸精), or None.

    RULINGS (xingguo): 包 applies only when the claim *made* the claimer 冲关 or 霸精; a
    claimer already 冲关 (or already the only holder) before the claim collects as usual.
    Claims are taken in the order they were made after the seat's own jing: the claim that
    carried the count to 5 made it 冲关 (none did when its own jing were 5 already). For
    霸精 the latest claim is liable: before it, its jing counted for its discarder (丢精算
    自己的精), so the claimer was not yet the only holder (F组 4 改变精的状态时). When the
    answer depends on a claim the request leaves vague (no ``from``, or which tile of a
    chow), that is a 422.
    """
    chong = CHONG_GUAN in triggers and n >= CHONG_GUAN_FROM \
        and n - sum(c.value for c in claims) < CHONG_GUAN_FROM
    ba = BA_JING in triggers and ba_jing and bool(claims)
    if not (chong or ba):
        return None
    vague = [c for c in claims if not c.known]
    if vague:
        raise InvalidInput.one(vague[0].place, _vague_message(vague[0]), MELD_BAD_CLAIM)
    if chong:
        run = n - sum(c.value for c in claims)
        for claim in claims:
            if run < CHONG_GUAN_FROM <= run + claim.value:
                return claim.source
            run += claim.value
    return claims[-1].source if ba else None


def _vague_message(claim: Claim) -> Sentence:
    if claim.place.name == "claimed":
        return msg("this chow holds a jing and its owner is 冲关/霸精: say which tile was "
                   "claimed (the discarder of a claimed jing pays the whole jing score, 包)")
    if claim.place.part == PlaceKind.WIN_TILE:
        return msg("the winner is 冲关/霸精 and may have won on a discarded jing: give the "
                   "winning tile (the discarder of a claimed jing pays the whole jing score, "
                   "包)")
    return msg("this meld of jing was claimed and its owner is 冲关/霸精: give 'from', the "
               "seat that discarded it (that seat pays the whole jing score, 包)")


def score_indicator(players: tuple[PlayerTiles, ...], plan: Plan,
                    win: WinClaim | None = None) -> JingScore:
    """Every seat's count, score, flags and liable payer for one indicator."""
    counts = [seat_count(p, plan) for p in players]
    holders = [s for s in range(SEATS) if counts[s]]
    seats = []
    for s, n in enumerate(counts):
        ba = holders == [s]
        score = jing_points(n) * (2 if ba and plan.double_ba_jing else 1) \
            if n >= plan.minimum else 0
        liable = None
        if n:
            claims = seat_claims(s, players[s], plan, win)
            liable = find_liable(n, claims, plan.triggers, ba)
        seats.append(JingSeat(s, n, score, n >= CHONG_GUAN_FROM, ba, liable))
    zheng, fu = plan.pair
    return JingScore(plan.field, zheng, fu, seats)


def pay_indicator(score: JingScore, plan: Plan, ledger: Ledger) -> None:
    """Record one indicator's jing payments (each other seat pays, or the liable one alone)."""
    for seat in score.seats:
        if not seat.score:
            continue
        detail = _detail(seat, plan)
        if seat.paid_by is not None:
            ledger.pay(seat.paid_by, seat.seat, seat.score * (SEATS - 1), "jing",
                       msg("{detail}; 包: seat {seat} pays for all three", detail=detail,
                           seat=seat.paid_by))
        else:
            ledger.each_pays(seat.seat, seat.score, "jing", detail)


def _detail(seat: JingSeat, plan: Plan) -> Sentence:
    """The ledger line of one seat's jing score, built from one template per part (the
    count, 冲关, 霸精) nested in the next."""
    zheng, fu = plan.pair
    text = msg("{label} ({zheng} 正精 ×2, {fu} 副精 ×1): seat {seat} counts {count}",
               label=plan.label, zheng=code(zheng), fu=code(fu), seat=seat.seat,
               count=seat.count)
    if seat.chong_guan:
        text = msg("{text}, 冲关 {count}×{times}", text=text, count=seat.count,
                   times=seat.count - 3)
    if seat.ba_jing and plan.double_ba_jing:
        text = msg("{text}, {ba} ×2", text=text, ba=plan.ba_name)
    return msg("{text} = {score} from each", text=text, score=seat.score)


def win_claim(result) -> WinClaim | None:
    """The winning discard as a claim, for a discard win (None otherwise)."""
    if result.win_type != DISCARD or not result.winners or result.discarder is None:
        return None
    return WinClaim(result.winners[0], result.discarder, result.win_tile)
