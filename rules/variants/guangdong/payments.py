"""广东鸡平和: who pays a win (seed 004 七.特殊规则; the rules book, "Payments").

Self-draw: each other player pays the score. Discard: the discarder alone pays. 抢杠: the
robbed player pays the three shares. A self-drawn win may make one seat liable (包) for all
three shares: the seat that fed the last wind pung of an exposed 大四喜 or the last dragon
pung of an exposed 大三元 (七.6), the seat that fed the kong whose replacement won
(杠上开花包杠, 七.3), or the seat that fed the fourth exposed meld (十二张落地, 七.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules import places as at
from rules.model import CHOW, DISCARD, KONG, ROB_KONG, SELF_DRAWN, Meld, Payment, PlayerTiles
from rules.text import Sentence, Text, msg
from rules.tiles import DRAGONS, WINDS

SHARES = 3  # three other players


@dataclass(frozen=True)
class Liability:
    """A seat that pays all three shares of a self-drawn win (包自摸)."""

    rule: str  # da_si_xi, da_san_yuan, gang_shang_kai_hua_bao_gang, shi_er_zhang_luo_di
    name_zh: str
    meld: int  # index of the meld that was fed
    seat: int | None  # None when the meld's `from` is not known
    note: Sentence = ""  # what was assumed (包先不包后 without claim_order)

    def describe(self) -> Text:
        if self.seat is not None:
            text = msg("{name}: seat {seat} fed {meld} and pays all three shares",
                       name=self.name_zh, seat=self.seat, meld=at.meld(self.meld))
        else:
            text = msg("{name}: the seat that fed it fed {meld} and pays all three shares",
                       name=self.name_zh, meld=at.meld(self.meld))
        return msg("{text} ({note})", text=text, note=self.note) if self.note else text


def _exposed(melds: tuple[Meld, ...], family: tuple[int, ...] | None = None) -> list[int]:
    """Indices of the exposed melds (碰/吃/明杠), optionally only pungs/kongs of ``family``."""
    return [i for i, m in enumerate(melds) if m.is_exposed
            and (family is None or (m.kind != CHOW and m.tiles[0] in family))]


def _fed_by(melds: tuple[Meld, ...], index: int, owner: int | None) -> int | None:
    """Who discarded the claimed tile of ``melds[index]``; a chow can only come from 上家."""
    meld = melds[index]
    if meld.source is None and meld.kind == CHOW and owner is not None:
        return (owner - 1) % 4
    return meld.source


# In order of precedence: the special-hand liabilities were incurred first (包先不包后),
# then the kong whose replacement won, then the fourth meld.
def liability(melds: tuple[Meld, ...], win_type: str, owner: int | None) -> Liability | None:
    """The liable seat of a self-drawn win, or None (each other player pays)."""
    if win_type not in SELF_DRAWN or not melds:  # every liability is for a fed meld
        return None
    if win_type == SELF_DRAWN[1] and melds[-1].kind == KONG:  # 七.3 杠上开花包杠
        # (RULINGS: when it and a 包自摸 both name a payer, the most recent feed, the kong's,
        # pays)
        return Liability("gang_shang_kai_hua_bao_gang", "杠上开花包杠", len(melds) - 1,
                         melds[-1].source)
    winds = _exposed(melds, WINDS)
    if len(winds) == 4:  # 七.6 大四喜: 已碰出东南西北任意3款, 有人打出余下一款
        return Liability("da_si_xi", "大四喜包自摸", winds[-1], _fed_by(melds, winds[-1], owner))
    dragons = _exposed(melds, DRAGONS)
    if len(dragons) == 3:  # 七.6 大三元: 已碰出红中白板发财任意2款, 有人打出余下一款
        return Liability("da_san_yuan", "大三元包自摸", dragons[-1],
                         _fed_by(melds, dragons[-1], owner))
    exposed = _exposed(melds)
    if len(exposed) == 4:  # 七.5 十二张落地包自摸
        return Liability("shi_er_zhang_luo_di", "十二张落地包自摸", exposed[-1],
                         _fed_by(melds, exposed[-1], owner))
    return None


def first_landing(liable: Liability, owner: int,
                  players: Sequence[PlayerTiles]) -> tuple[Liability | None, Sentence]:
    """七.5 例二 包先不包后: a seat that fed one player's 12-tile landing is liable for that
    player only. Another player whose landing (its fourth exposed meld) the same seat fed
    earlier, by ``claim_order``, releases it: each other player pays this self-draw. When the
    two landings cannot be ordered (a claim_order missing), the one being settled is taken as
    the first (RULINGS) and the note says so. Returns the liability left and a note."""
    if liable.rule != "shi_er_zhang_luo_di" or liable.seat is None:
        return liable, ""
    mine = players[owner].melds[liable.meld].order
    earlier, unordered = [], []
    for seat, player in enumerate(players):
        exposed = _exposed(player.melds)
        if seat == owner or len(exposed) != 4 \
                or _fed_by(player.melds, exposed[-1], seat) != liable.seat:
            continue
        theirs = player.melds[exposed[-1]].order
        if mine is None or theirs is None:
            unordered.append(seat)
        elif theirs < mine:
            earlier.append((seat, theirs))
    if earlier:
        seat, order = earlier[0]
        return None, msg("包先不包后: seat {feeder} fed seat {seat}'s 12-tile landing first "
                         "(claim_order {order} < {mine}) and is liable for that player only; "
                         "each other player pays this self-draw",
                         feeder=liable.seat, seat=seat, order=order, mine=mine)
    if unordered:
        # (a msg of its own line: the extractor skips one nested in another msg's arguments)
        others = [msg("seat {seat}", seat=s) for s in unordered]
        note = msg("包先不包后: seat {feeder} also fed the 12-tile landing of {others}; "
                   "without claim_order on both landings this one is taken as the first",
                   feeder=liable.seat, others=others)
        return replace(liable, note=note), note
    return liable, ""


def payments(score: int, formula: str, win_type: str,
             liable: Liability | None) -> tuple[list[Payment], int]:
    """The payments of one win by payer role, and what the winner collects in all."""
    if win_type == DISCARD:
        return [Payment("discarder", score, formula)], score
    total = SHARES * score
    if win_type == ROB_KONG:
        return [Payment("robbed", total, msg("{shares} × ({formula}): 抢杠, the robbed player "
                                             "pays all three shares", shares=SHARES,
                                             formula=formula))], total
    if liable is not None:
        return [Payment("liable", total, msg("{shares} × ({formula}): {liable}", shares=SHARES,
                                             formula=formula, liable=liable.describe()))], total
    return [Payment("each", score, formula)], total
