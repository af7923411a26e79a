"""Rule options: house rules a variant lets the caller choose, each with the rules book's
default."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.caches import cached
from rules.error_codes import RULES_BAD_VALUE, RULES_UNKNOWN_OPTION
from rules.errors import FieldError, InvalidInput


@dataclass(frozen=True, eq=False)  # hashed by identity: each option is declared once
class RuleOption:
    name: str
    type: str  # "boolean", "integer" or "string"
    default: Any
    description: str
    seed: str  # the seed line it comes from, quoted briefly
    choices: tuple[Any, ...] = ()  # allowed values, when only some are
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: Any) -> str | None:
        """Why ``value`` is not acceptable for this option, or None."""
        if self.type == "boolean" and not isinstance(value, bool):
            return f"must be true or false, got {_show(value)}"
        if self.type == "integer" and (isinstance(value, bool) or not isinstance(value, int)):
            return f"must be a whole number, got {_show(value)}"
        if self.type == "string" and not isinstance(value, str):
            return f"must be a string, got {_show(value)}"
        if self.choices and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            return f"must be one of {allowed}, got {_show(value)}"
        if self.minimum is not None and value < self.minimum:
            return f"must be at least {self.minimum}, got {value}"
        if self.maximum is not None and value > self.maximum:
            return f"must be at most {self.maximum}, got {value}"
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
            errors.append(FieldError(f"rules.{name}", f"unknown rule option for {variant}; "
                                     "the problem's detail lists the valid ones",
                                     RULES_UNKNOWN_OPTION))
            continue
        problem = option.check(value)
        if problem:
            errors.append(FieldError(f"rules.{name}", problem, RULES_BAD_VALUE))
        else:
            resolved[name] = value
    if errors:  # the valid names once for all the unknown ones, not once in each error
        hint = f"the rule options of {variant} are: {', '.join(sorted(known)) or 'none'}" \
            if unknown else ""
        raise InvalidInput(errors, hint)
    return resolved


DEALER_PASSES_ON_DRAW = "dealer_passes_on_draw"


def dealer_passes_on_draw(seed: str) -> RuleOption:
    """The option RULINGS "Matches" gives where a seed does not forbid it: after a drawn
    round the deal passes to the next seat instead of staying (POST /match only)."""
    return RuleOption(DEALER_PASSES_ON_DRAW, "boolean", False,
                      "POST /match: after a drawn round the deal passes to the next seat "
                      "(false: the dealer keeps it); /settle does not use it", seed)
