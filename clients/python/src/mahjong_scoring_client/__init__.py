"""A typed client for the mahjong scoring service.

    from mahjong_scoring_client import Client, ProblemError

    with Client("http://localhost:8000") as client:
        settlement = client.settle({"variant": "qinzhou", "dealer": 0, ...})
        print(settlement["deltas"])

Requests and answers are plain dicts typed by TypedDicts; every type of the contract is in
``mahjong_scoring_client.schema`` (generated from the service's openapi.yaml), the ones each
method takes and answers are also here. Every error answer raises ``ProblemError``.
"""

from .client import DEFAULT_URL, Client, ProblemError, __version__
from .schema import (
    AdviceResponse,
    AdviseRequest,
    EvaluateRequest,
    EvaluateResponse,
    JingRequest,
    JingResponse,
    MatchRequest,
    MatchResponse,
    MatchRound,
    MatchRoundAnswer,
    Problem,
    ReplayRequest,
    ReplayResponse,
    ReviewRequest,
    ReviewResponse,
    Settlement,
    SettleRequest,
    Variants,
)

__all__ = [
    "DEFAULT_URL", "AdviceResponse", "AdviseRequest", "Client", "EvaluateRequest",
    "EvaluateResponse", "JingRequest", "JingResponse", "MatchRequest", "MatchResponse",
    "MatchRound", "MatchRoundAnswer", "Problem", "ProblemError", "ReplayRequest",
    "ReplayResponse", "ReviewRequest", "ReviewResponse", "SettleRequest", "Settlement",
    "Variants", "__version__",
]
