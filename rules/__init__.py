"""The scoring domain: pure Python, no web framework, no JSON, no I/O.

Entry points take the request dataclasses of :mod:`rules.model` and return answers from the
same module; a request that breaks a rule raises :class:`rules.errors.InvalidInput`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from rules import advice, expected, matches, play, seat_advice
from rules import places as at
from rules import review as reviews
from rules.error_codes import VARIANT_UNKNOWN
from rules.errors import FieldError, InvalidInput
from rules.matches import MatchRequest, standings
from rules.model import (
    COMMON_REASONS,
    PAYER_ROLES,
    TRANSFER_REASONS,
    Advice,
    AdviseRequest,
    EvaluateRequest,
    Evaluation,
    JingAnswer,
    JingRequest,
    MatchAnswer,
    RoundSettlement,
    Settlement,
    SettleRequest,
)
from rules.options import resolve
from rules.text import msg
from rules.variant import NotSupported, Variant
from rules.variants import NAMES, VARIANTS

# The version of these rules, every answer's ruleset.version and GET /variants' rules_version:
# the product's one version (README, "Versions"), the same as the contract's and the
# packages'. A release that changes how any request is scored is a new version, as one that
# changes the contract is; tests/contract/test_versions.py holds every copy of it equal.
RULES_VERSION = "1.7.7"

# Every pattern id and every reason code any variant answers with (the contract's enums).
PATTERN_IDS = tuple(sorted({p for v in VARIANTS.values() for p in v.patterns}))
REASONS = tuple(dict.fromkeys(
    [*COMMON_REASONS, *(r for v in VARIANTS.values() for r in v.reasons)]))

__all__ = [
    "NAMES", "PATTERN_IDS", "PAYER_ROLES", "REASONS", "RULES_VERSION", "TRANSFER_REASONS",
    "FieldError", "InvalidInput", "NotSupported", "advise", "describe_variants", "evaluate",
    "get_variant", "jing", "match", "match_rounds", "replay", "resolved_rules", "review",
    "settle",
    "standings",
]


def get_variant(name: str) -> Variant:
    try:
        return VARIANTS[name]
    except KeyError:
        raise InvalidInput.one(at.VARIANT, msg("unknown variant {name}; use one of {names}",
                                               name=repr(name), names=list(NAMES)),
                               VARIANT_UNKNOWN) from None


def resolved_rules(name: str, given: dict[str, Any] | None) -> dict[str, Any]:
    """The variant's options with the caller's choices applied (422 on a bad one)."""
    variant = get_variant(name)
    return resolve(variant.options, given, variant.name)


def evaluate(request: EvaluateRequest) -> Evaluation:
    return get_variant(request.variant).evaluate(request)


def advise(request: AdviseRequest) -> Advice | seat_advice.SeatAdvice:
    """What to discard (:mod:`rules.advice`): the hand's shanten and, for each distinct
    discard, the shanten after it, its 进张 with the copies left and, when ready, its waits
    valued as /evaluate values them."""
    variant = get_variant(request.variant)
    if request.log is not None:
        return seat_advice.advise_seat(variant, request)
    found = advice.advise(variant, request)
    if request.expected is None:
        return found
    return expected.with_expected(variant, variant.resolved_advice(request), found)


def review(request: reviews.ReviewRequest) -> reviews.Review:
    """A played round, decision by decision (:mod:`rules.review`)."""
    return reviews.review(get_variant(request.log.variant), request)


def settle(request: SettleRequest) -> Settlement:
    variant = get_variant(request.variant)
    request = request.with_rules(resolve(variant.options, request.rules, variant.name))
    variant.validate_settle(request)
    return variant.settle(request)


def replay(request: play.ReplayRequest) -> play.ReplayAnswer:
    """A round played from its action log (:mod:`rules.play`): every action checked against
    the variant's play rules, and, once the round has ended, the /settle request the log
    implies, settled."""
    return play.replay(get_variant(request.variant), request)


def match(request: MatchRequest) -> MatchAnswer:
    """A whole match, round by round (:mod:`rules.matches`): each round settled as
    :func:`settle` settles it, with the dealer, round wind, floor and carried jing derived."""
    return matches.match(get_variant(request.variant), request)


def match_rounds(request: MatchRequest) -> Iterator[RoundSettlement]:
    """:func:`match`'s rounds one by one, each settled as it is played
    (:func:`rules.matches.play`); their running totals end on the match's."""
    return matches.play(get_variant(request.variant), request)


def jing(request: JingRequest) -> JingAnswer:
    variant = get_variant(request.variant)
    request = replace(request, rules=resolved_rules(request.variant, request.rules))
    return variant.jing_answer(request)


def describe_variants() -> list[dict[str, Any]]:
    return [v.describe() for v in VARIANTS.values()]
