"""The one way to declare a pattern: a :class:`PatternRule` per row of a variant's table.

Each variant lists its rules in table order (its ``patterns`` module); the variant's
``pattern_rules`` hand them to :meth:`rules.variant.Variant.describe` (GET /variants), the
contract's pattern enum (:data:`rules.PATTERN_IDS`) and the rules book test, so a pattern is
declared once. A rule makes the answer's :class:`rules.model.Pattern` with
:meth:`PatternRule.pattern`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.model import Pattern
from rules.text import Sentence


@dataclass(frozen=True, eq=False)  # each rule is declared once: compared and hashed by identity
class PatternRule:
    """One pattern of a variant's table.

    ``value`` is the table's value in ``unit`` (None where the hand works it out, as most
    Jiangxi factors); ``seed`` the seed line it comes from; ``excludes`` the patterns it keeps
    from counting beside it (``note`` says why, on the answer); ``holds`` the test of a hand,
    where the variant's scorer asks its rules in turn (its arguments are the variant's own).
    """

    id: str
    name_zh: str
    name_en: str
    value: int | None = None
    unit: str = ""
    seed: str = ""
    excludes: tuple[str, ...] = ()
    note: Sentence = ""
    holds: Callable[..., bool] | None = None

    def pattern(self, value: int | None = None, note: Sentence = "", name_zh: str | None = None,
                unit: str | None = None) -> Pattern:
        """This rule in an answer (``value``, ``name_zh``, ``unit`` where the hand or the
        variant differs from the table)."""
        return Pattern(self.id, name_zh or self.name_zh, self.name_en,
                       self.value if value is None else value,
                       self.unit if unit is None else unit, note)


def ids(rules: tuple[PatternRule, ...]) -> tuple[str, ...]:
    """The ids of ``rules``, in table order, each once."""
    return tuple(dict.fromkeys(r.id for r in rules))
