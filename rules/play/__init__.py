"""The play engine: a round you push actions into, checked against each variant's play rules
(RULINGS "Play rules"), and a replay of a whole log (POST /replay).

* :class:`Round` — one round's state: ``legal_actions()``, ``push(action)``, ``outcome()``;
* :class:`Action`, :class:`IllegalAction` — an action of the log, and the error an action the
  rules refuse raises (its ``code``, the rule and the seed line);
* :func:`replay` — a :class:`ReplayRequest` played through, settled when it has ended.

What differs between variants is each variant's :class:`PlayRules` (``variant.play_rules``,
declared in its package's ``play.py``).
"""

from rules.play.board import Outcome, Round
from rules.play.declaration import Earthly, PassLock, PlayRules, Rule
from rules.play.errors import IllegalAction, Refusal
from rules.play.model import (
    ACTION_TYPES,
    FACT_CODES,
    FINISHED,
    IN_PROGRESS,
    Action,
    Fact,
    ReplayAnswer,
    ReplayRequest,
    RoundLog,
    SeatView,
)
from rules.play.replay import replay, settle_request, start

__all__ = [
    "ACTION_TYPES", "FACT_CODES", "FINISHED", "IN_PROGRESS", "Action", "Earthly", "Fact",
    "IllegalAction", "Outcome", "PassLock", "PlayRules", "Refusal", "ReplayAnswer",
    "ReplayRequest", "Round", "RoundLog", "Rule", "SeatView", "replay", "settle_request", "start",
]
