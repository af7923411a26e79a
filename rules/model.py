"""Domain value objects: what a request means once parsed, and what the scorer answers.

These are plain dataclasses. The web layer builds the inputs from JSON and serialises the
outputs; the domain never sees JSON. Tiles are ints (see :mod:`rules.tiles`), seats are 0-3.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.text import Sentence, Term

# Meld kinds (API.md): chow, pung, exposed kong from a discard, a pung extended by a drawn
# tile, a concealed kong.
CHOW, PUNG, KONG, ADDED_KONG, CONCEALED_KONG = (
    "chow", "pung", "kong", "added_kong", "concealed_kong")
MELD_KINDS = (CHOW, PUNG, KONG, ADDED_KONG, CONCEALED_KONG)
KONG_KINDS = (KONG, ADDED_KONG, CONCEALED_KONG)

# How a hand was won.
SELF_DRAW, DISCARD, ROB_KONG, KONG_REPLACEMENT = (
    "self_draw", "discard", "rob_kong", "kong_replacement")
WIN_TYPES = (SELF_DRAW, DISCARD, ROB_KONG, KONG_REPLACEMENT)
SELF_DRAWN = (SELF_DRAW, KONG_REPLACEMENT)  # the winner drew the tile itself

# Who pays, by role, in an evaluation's payments.
PAYER_ROLES = ("each", "dealer", "non_dealer", "discarder", "robbed", "liable")

# How a sentence or a formula names these words: the id in English, the word players use in
# Chinese (rules/text.py, Term).
TERMS: dict[str, Term] = {word: Term(word, zh) for word, zh in (
    (CHOW, "吃"), (PUNG, "碰"), (KONG, "明杠"), (ADDED_KONG, "补杠"), (CONCEALED_KONG, "暗杠"),
    (SELF_DRAW, "自摸"), (DISCARD, "点炮"), (ROB_KONG, "抢杠"), (KONG_REPLACEMENT, "杠上开花"),
    ("each", "每家"), ("dealer", "庄家"), ("non_dealer", "闲家"), ("discarder", "放炮者"),
    ("robbed", "被抢杠者"), ("liable", "包牌者"))}
# Why a transfer of a settlement was made.
TRANSFER_REASONS = ("hu", "jing", "jing_kong", "kong", "horse", "follow_dealer", "false_win")
# Why a hand is not winning, in every variant (a variant adds its own restrictions).
COMMON_REASONS = ("not_complete", "waiting", "not_ready")


@dataclass(frozen=True)
class Meld:
    kind: str
    tiles: tuple[int, ...]
    source: int | None = None  # the seat that discarded the claimed tile ("from")
    claimed: int | None = None  # which of its tiles was claimed (Jiangxi 包 on a chowed jing)
    order: int | None = None  # "claim_order": its place in the round's claims (larger: later)

    @property
    def is_kong(self) -> bool:
        return self.kind in KONG_KINDS

    @property
    def is_exposed(self) -> bool:
        return self.kind != CONCEALED_KONG


@dataclass(frozen=True)
class PlayerTiles:
    """One player's tiles: concealed (with the winning tile, for a winner), melds, pond."""

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    discards: tuple[int, ...] = ()
    dealt: tuple[int, ...] | None = None  # the dealt hand (nanchang 回头一笑 is scored on it)
    flags: Flags | None = None  # /settle: this seat's own flags, beside result.flags

    @property
    def counts(self) -> tuple[int, ...]:
        """The concealed tiles as a 34-long count vector, worked out once: the copies check
        and the analysis both need it (kept in the instance dict by hand, because 3.11's
        ``cached_property`` takes a lock on every first access)."""
        counts = self.__dict__.get("_counts")
        if counts is None:
            vector = [0] * 34
            for t in self.concealed:
                vector[t] += 1
            counts = self.__dict__["_counts"] = tuple(vector)
        return counts

    def all_held(self) -> list[int]:
        """Concealed tiles and every meld tile (not the discards)."""
        held = list(self.concealed)
        for meld in self.melds:
            held.extend(meld.tiles)
        return held


@dataclass(frozen=True)
class Jing:
    """Jing indicators as given (Jiangxi variants); each may be absent."""

    indicator: int | None = None
    lower_indicator: int | None = None  # nanchang 下精
    previous_indicator: int | None = None  # nanchang 回头一笑 (last round's 上精)
    previous_lower_indicator: int | None = None  # nanchang 回头上下翻: last round's 下精


@dataclass(frozen=True)
class Flags:
    """Circumstances of a win that the tiles cannot show."""

    heavenly: bool = False  # 天胡: the dealer's dealt hand wins
    earthly: bool = False  # 地胡
    human: bool = False  # 人和 (guangdong)
    last_tile: bool = False  # 海底捞月: won on the last tile of the wall
    after_kong_discard: bool = False  # 杠上炮: the discard follows the discarder's own kong
    kong_chain: int = 0  # kongs in an unbroken chain before a kong-replacement win
    no_jing_held: bool = False  # xingguo 霸胡: no player holds any jing
    others_no_jing: bool = False  # nanchang 德中德: the other three hold no jing at all

    def set_names(self) -> list[str]:
        """Names of the flags that are on (true or non-zero)."""
        values = self.__dict__
        if not any(values.values()):  # the usual request: none
            return []
        return [k for k, v in values.items() if v]

    def merged(self, own: Flags | None) -> Flags:
        """These flags (shared by every winner) with one seat's own added: a flag is on when
        either sets it; the seat's own kong chain, when it gives one."""
        if own is None or not any(own.__dict__.values()):
            return self
        values = {k: v or own.__dict__[k] for k, v in self.__dict__.items()}
        values["kong_chain"] = own.kong_chain or self.kong_chain
        return Flags(**values)


@dataclass(frozen=True)
class EvaluateRequest:
    variant: str
    hand: PlayerTiles
    win_tile: int | None = None
    win_type: str | None = None
    dealer: bool = False
    discarder_is_dealer: bool | None = None  # Jiangxi: 庄家点闲家 vs 闲家点闲家 (None: unknown)
    seat_wind: int | None = None
    round_wind: int | None = None
    jing: Jing = field(default_factory=Jing)
    flags: Flags = field(default_factory=Flags)
    rules: dict[str, Any] = field(default_factory=dict)

    def with_rules(self, rules: dict[str, Any]) -> EvaluateRequest:
        """This request with ``rules`` (its options resolved). ``dataclasses.replace`` walks
        the fields by reflection: 2.2 us, a tenth of a guangdong evaluation, against 1 us
        (a test holds this to ``replace``)."""
        return EvaluateRequest(self.variant, self.hand, self.win_tile, self.win_type,
                               self.dealer, self.discarder_is_dealer, self.seat_wind,
                               self.round_wind, self.jing, self.flags, rules)

    def with_win_type(self, win_type: str) -> EvaluateRequest:
        """This request won by ``win_type``: :meth:`with_rules`' reason."""
        return EvaluateRequest(self.variant, self.hand, self.win_tile, win_type, self.dealer,
                               self.discarder_is_dealer, self.seat_wind, self.round_wind,
                               self.jing, self.flags, self.rules)


@dataclass(frozen=True)
class Result:
    """How a round ended: ``winners`` empty is a drawn round."""

    winners: tuple[int, ...] = ()
    win_tile: int | None = None
    win_type: str | None = None
    discarder: int | None = None  # the discarder, or the player whose kong was robbed
    flags: Flags = field(default_factory=Flags)


@dataclass(frozen=True)
class Event:
    type: str  # "follow_dealer" (rounds) or "false_win" (seat)
    rounds: int = 1
    seat: int | None = None


@dataclass(frozen=True)
class SettleRequest:
    variant: str
    dealer: int
    players: tuple[PlayerTiles, ...]
    result: Result
    jing: Jing = field(default_factory=Jing)
    events: tuple[Event, ...] = ()
    horses: tuple[int, ...] = ()
    round_wind: int | None = None
    rules: dict[str, Any] = field(default_factory=dict)

    def with_rules(self, rules: dict[str, Any]) -> SettleRequest:
        """This request with ``rules``: :meth:`EvaluateRequest.with_rules`' reason."""
        return SettleRequest(self.variant, self.dealer, self.players, self.result, self.jing,
                             self.events, self.horses, self.round_wind, rules)


@dataclass(frozen=True)
class JingRequest:
    variant: str
    jing: Jing
    players: tuple[PlayerTiles, ...] | None = None
    dealer: int | None = None
    rules: dict[str, Any] = field(default_factory=dict)


# ---------------------------------------------------------------------------------------
# Answers


@dataclass
class Pattern:
    """One scoring element of a hand: a shape, a multiplier, a fan, a bonus."""

    id: str  # pinyin id, as in the rules book (de_guo, xiao_qi_dui, …)
    name_zh: str
    name_en: str
    value: int | None = None  # fan, or the factor of a multiplier, or points of a bonus
    unit: str = ""  # "fan", "x" (multiplier), "points", "" for a shape with no value
    note: Sentence = ""  # why it applies, or what it replaces

    @property
    def term(self) -> Term:
        """The pattern as a formula or a sentence names it (its id, or its Chinese name)."""
        return Term(self.id, self.name_zh)


@dataclass(frozen=True)  # shared between answers (see rules.hand.present)
class GroupView:
    """A group of the reading, as shown: what it stands for and what is actually held."""

    type: str  # chow, pung, pair, single, or a meld kind
    tiles: Sequence[int]  # what each position stands for
    held: Sequence[int]  # the tile actually held there (a jing where a wild stands in)
    wild: Sequence[bool]
    concealed: bool = True


@dataclass
class Payment:
    """What one payer (by role: dealer, non_dealer, discarder, each, …) pays the winner."""

    payer: str
    amount: int
    formula: Sentence = ""  # "1 ping_hu × 2 zi_mo = 4"; a sentence where words are needed


@dataclass
class Wait:
    tile: int
    total: int | None = None  # what winning on it would collect in all (best case)
    patterns: list[str] = field(default_factory=list)
    note: Sentence = ""
    won_by: str | None = None  # the win type it was valued as (None: it cannot win)


@dataclass
class Evaluation:
    winning: bool
    reason: str | None = None  # stable code when not winning
    message: Sentence | None = None
    shape: str | None = None
    patterns: list[Pattern] = field(default_factory=list)
    multiplier: int | None = None  # xingguo, nanchang
    fan: int | None = None  # qinzhou, guangdong
    decomposition: list[GroupView] = field(default_factory=list)
    payments: list[Payment] = field(default_factory=list)
    total: int | None = None
    waits: list[Wait] | None = None
    readings: int = 0  # how many readings were scored
    notes: list[Sentence] = field(default_factory=list)


@dataclass
class Transfer:
    payer: int
    payee: int
    amount: int
    reason: str  # hu, jing, kong, horse, follow_dealer, false_win, …
    detail: Sentence = ""


@dataclass
class JingSeat:
    seat: int
    count: int  # 正精 × 2 + 副精 × 1
    score: int  # what each other player owes this seat (before liability)
    chong_guan: bool = False
    ba_jing: bool = False
    paid_by: int | None = None  # the discarder who pays this whole score alone (包)


@dataclass
class JingScore:
    """One indicator's jing tiles and, with players, its scores."""

    indicator: str  # which field: indicator, lower_indicator, previous_indicator
    zheng: int
    fu: int
    seats: list[JingSeat] = field(default_factory=list)

    @property
    def source(self) -> str:
        """The same as `indicator`, under the name that says it is a flip, not a tile (the
        answers carry both: clients written against either keep working)."""
        return self.indicator


@dataclass
class WinnerResult:
    seat: int
    evaluation: Evaluation


@dataclass
class Settlement:
    deltas: list[int]
    ledger: list[Transfer]
    winners: list[WinnerResult] = field(default_factory=list)
    jing: list[JingScore] = field(default_factory=list)
    notes: list[Sentence] = field(default_factory=list)
    next_floor: int | None = None  # nanchang 爬楼梯: the floor of the next round


@dataclass
class RoundSettlement(Settlement):
    """One round of a match: its settlement, as /settle answers it, and what the match
    derived for it."""

    dealer: int = 0
    round_wind: int | None = None  # guangdong: the round wind that scored it (else None)
    floor: int | None = None  # nanchang 爬楼梯: the floor it was played on (None: off)
    carried_jing: dict[str, int] = field(default_factory=dict)  # e.g. previous_indicator
    totals: list[int] = field(default_factory=list)  # the running totals after it


@dataclass
class Standing:
    seat: int
    total: int
    rank: int  # 1 is the highest total; equal totals share a rank


@dataclass
class MatchAnswer:
    rounds: list[RoundSettlement]
    totals: list[int]  # the sum of every round's deltas
    standings: list[Standing]  # by total, highest first (equal totals by seat)


@dataclass
class JingAnswer:
    jing: list[JingScore]
    deltas: list[int] | None = None
    ledger: list[Transfer] | None = None


# ---------------------------------------------------------------------------- advice
@dataclass(frozen=True)
class AdviseRequest:
    """What to discard: a hand that must discard (14 tiles, counting a meld's place) or has
    just discarded (13), and what the player can see elsewhere, so that counts of tiles left
    are true (``visible``: discards, others' melds, a flipped indicator that stays in play).
    ``dealer``, ``seat_wind`` and ``round_wind`` value the waits as /evaluate values them;
    ``discarder_is_dealer`` says who is taken to discard a wait's winning tile, as in
    /evaluate (Jiangxi: 庄家点闲家 or 闲家点闲家; None: 闲家点闲家, and said so)."""

    variant: str
    hand: PlayerTiles
    jing: Jing = field(default_factory=Jing)
    visible: tuple[int, ...] = ()
    dealer: bool = False
    seat_wind: int | None = None
    round_wind: int | None = None
    rules: dict[str, Any] = field(default_factory=dict)
    discarder_is_dealer: bool | None = None
    expected: ExpectedAsk | None = None  # win probability and expected score too
    # log mode: a round in progress (a rules.play.ReplayRequest) and the seat to advise,
    # instead of ``hand`` (then empty), its melds and ``visible``
    log: Any = None
    seat: int | None = None


# What the expected-value model ranks by (API.md "Expected value"): the expected score, or
# the chance to win.
SCORE, WIN = "score", "win"
OBJECTIVES = (SCORE, WIN)


@dataclass(frozen=True)
class ExpectedAsk:
    """The expected-value model's inputs as asked (None: the service's default): the
    seat's own draws still to come, its budget of hand changes, what ranks."""

    draws_left: int | None = None
    changes: int | None = None
    objective: str = SCORE


@dataclass(frozen=True)
class ExpectedInputs:
    """The inputs as used: what the answer says it assumed."""

    draws_left: int
    changes: int
    objective: str


@dataclass(frozen=True)
class Expected:
    """The model's two numbers for one waiting hand or action, each its own optimum; both
    None where the hand is more than 3 from ready (its shanten, copy limits ignored)."""

    win_probability: float | None
    expected_score: float | None

    def ranked(self, objective: str) -> tuple[float, float] | None:
        """(the objective's number, the other), rounded to ``RANK_DIGITS`` places so that
        numbers equal but for the order of a float sum rank as ties (which the contract
        breaks by the other number, then the order); None when not valued."""
        if self.win_probability is None or self.expected_score is None:
            return None
        probability = round(self.win_probability, RANK_DIGITS)
        score = round(self.expected_score, RANK_DIGITS)
        return (probability, score) if objective == WIN else (score, probability)


RANK_DIGITS = 10  # the numbers are exact to 1e-9 (the contract): closer ones are equal


@dataclass(frozen=True)
class ImprovingTile:
    """A tile that lowers the shanten (进张), and how many copies of it are left."""

    tile: int
    left: int


@dataclass(frozen=True)
class WaitValue:
    """What winning on a wait pays in all, one way of winning (self-draw or discard)."""

    total: int
    patterns: list[str]
    de_guo: bool  # xingguo, nanchang: it wins as 德国 (every jing read as itself)


@dataclass(frozen=True)
class WaitAdvice:
    """A wait of a ready hand: copies left, and its value on a self-draw and on another
    player's discard (``None``: that way of winning is not allowed for this hand, e.g. 精吊
    on a discard; ``note`` says why, as /evaluate says it)."""

    tile: int
    left: int
    self_draw: WaitValue | None
    on_discard: WaitValue | None
    note: Sentence = ""


@dataclass(frozen=True)
class DiscardAdvice:
    """One distinct discard of a 14-tile hand: the shanten after it, its 进张, and for a
    ready hand (shanten 0) its waits."""

    discard: int
    shanten: int
    draws: list[ImprovingTile]
    left_total: int
    waits: list[WaitAdvice] | None = None
    value: int = 0  # the order's third key: the best self-draw total of a wait with a copy left
    expected: Expected | None = None  # asked with ``expected``: the waiting hand's numbers


@dataclass(frozen=True)
class Advice:
    """The hand's shanten (-1: already a win), and either one entry per distinct discard,
    best first (a 14-tile hand), or its own 进张 (a 13-tile hand)."""

    shanten: int
    discards: list[DiscardAdvice] | None = None
    draws: list[ImprovingTile] | None = None
    left_total: int | None = None
    expected: Expected | None = None  # a 13-tile hand's numbers, asked with ``expected``
    inputs: ExpectedInputs | None = None  # the model's inputs as used
    best: int | None = None  # the discard the objective ranks first
