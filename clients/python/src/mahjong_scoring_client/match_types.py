"""POST /match's request and answer, written by hand from the client contract.

openapi.yaml does not describe /match yet, so schema.py (generated from it) has no types for
it. Once the contract carries /match, ``make clients`` generates them and these go.
"""

from typing import Any, Literal, NotRequired, TypedDict

from .schema import Event, Jing, Player, Result, Transfer, Winner


class MatchRound(TypedDict):
    """One round, as /settle takes it less ``variant`` and ``rules``; ``dealer``,
    ``round_wind`` and (nanchang) ``jing.previous_indicator`` may be left to the match."""

    dealer: NotRequired[int]
    round_wind: NotRequired[str | None]
    players: list[Player]
    result: Result
    jing: NotRequired[Jing]
    events: NotRequired[list[Event]]
    horses: NotRequired[str | list[str]]


class MatchRequest(TypedDict):
    variant: Literal["xingguo", "nanchang", "qinzhou", "guangdong"]
    # The first round's dealer seat, and round wind (default E).
    dealer: int
    round_wind: NotRequired[str | None]
    rules: NotRequired[dict[str, Any]]
    rounds: list[MatchRound]


class MatchRoundResult(TypedDict):
    """What /settle answers for the round, with what the match derived and the running totals."""

    deltas: list[int]
    ledger: list[Transfer]
    winners: NotRequired[list[Winner]]
    notes: NotRequired[list[str]]
    dealer: int
    round_wind: str
    floor: NotRequired[int | None]
    totals: list[int]


class MatchResponse(TypedDict):
    rounds: list[MatchRoundResult]
    # The final totals: the sum of every round's deltas.
    totals: list[int]
