"""Rule options: house rules a variant lets the caller choose, each with the rules book's
default."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules import places as at
from rules.caches import cached
from rules.error_codes import RULES_BAD_VALUE, RULES_UNKNOWN_OPTION
from rules.errors import FieldError, InvalidInput
from rules.text import Sentence, Text, msg


@dataclass(frozen=True, eq=False)  # hashed by identity: each option is declared once
class RuleOption:
    name: str
    type: str  # "boolean", "integer" or "string"
    default: Any
    description: Sentence
    seed: Sentence  # the seed line it comes from, quoted briefly (a sentence where it comments)
    choices: tuple[Any, ...] = ()  # allowed values, when only some are
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: Any) -> Text | None:
        """Why ``value`` is not acceptable for this option, or None."""
        if self.type == "boolean" and not isinstance(value, bool):
            return msg("must be true or false, got {value}", value=_show(value))
        if self.type == "integer" and (isinstance(value, bool) or not isinstance(value, int)):
            return msg("must be a whole number, got {value}", value=_show(value))
        if self.type == "string" and not isinstance(value, str):
            return msg("must be a string, got {value}", value=_show(value))
        if self.choices and value not in self.choices:
            return msg("must be one of {allowed}, got {value}",
                       allowed=[repr(c) for c in self.choices], value=_show(value))
        if self.minimum is not None and value < self.minimum:
            return msg("must be at least {minimum}, got {value}", minimum=self.minimum,
                       value=value)
        if self.maximum is not None and value > self.maximum:
            return msg("must be at most {maximum}, got {value}", maximum=self.maximum,
                       value=value)
        return None


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@cached(16)
def _defaults(options: tuple[RuleOption, ...]) -> dict[str, Any]:
    return {o.name: o.default for o in options}


def resolve(options: tuple[RuleOption, ...], given: dict[str, Any] | None,
            variant: str) -> dict[str, Any]:
    """Defaults overlaid with the caller's choices; every bad name or value is a FieldError."""
    if not given:  # most requests: the defaults, copied from a table built once per variant
        return dict(_defaults(options))
    known = {o.name: o for o in options}
    resolved = {o.name: o.default for o in options}
    errors = []
    unknown = False
    for name, value in (given or {}).items():
        option = known.get(name)
        if option is None:
            unknown = True
            errors.append(FieldError(at.rule(name), msg("unknown rule option for {variant}; "
                                                        "the problem's detail lists the "
                                                        "valid ones", variant=variant),
                                     RULES_UNKNOWN_OPTION))
            continue
        problem = option.check(value)
        if problem:
            errors.append(FieldError(at.rule(name), problem, RULES_BAD_VALUE))
        else:
            resolved[name] = value
    if errors:  # the valid names once for all the unknown ones, not once in each error
        hint: Sentence = ""
        if unknown and known:
            hint = msg("the rule options of {variant} are: {names}", variant=variant,
                       names=sorted(known))
        elif unknown:
            hint = msg("the rule options of {variant} are: none", variant=variant)
        raise InvalidInput(errors, hint)
    return resolved


DEALER_PASSES_ON_DRAW = "dealer_passes_on_draw"


def dealer_passes_on_draw(seed: Sentence) -> RuleOption:
    """The option RULINGS "Matches" gives where a seed does not forbid it: after a drawn
    round the deal passes to the next seat instead of staying (POST /match only)."""
    return RuleOption(DEALER_PASSES_ON_DRAW, "boolean", False,
                      msg("POST /match: after a drawn round the deal passes to the next seat "
                          "(false: the dealer keeps it); /settle does not use it"), seed)
