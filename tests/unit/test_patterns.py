"""One pattern type: every variant's patterns are PatternRule declarations, and what
GET /variants and the contract list is read from them."""

from __future__ import annotations

import pathlib
import re

import pytest

import rules
from rules.patterns import PatternRule
from rules.variants import VARIANTS

RULES_DIR = pathlib.Path(rules.__file__).parent


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_variant_lists_its_patterns_as_rules(name):
    variant = VARIANTS[name]
    assert variant.pattern_rules, name
    assert all(isinstance(r, PatternRule) for r in variant.pattern_rules)
    ids = [r.id for r in variant.pattern_rules]
    assert len(ids) == len(set(ids)), f"{name} declares a pattern id twice"
    assert variant.describe()["patterns"] == ids


def test_the_contract_enum_is_every_declared_id():
    declared = {r.id for v in VARIANTS.values() for r in v.pattern_rules}
    assert set(rules.PATTERN_IDS) == declared


def test_a_rule_makes_the_answer_pattern():
    rule = PatternRule("toy", "玩具", "Toy", 2, "fan", seed="1.1 玩具 2番")
    made = rule.pattern(note="n")
    assert (made.id, made.name_zh, made.name_en, made.value, made.unit, made.note) == \
        ("toy", "玩具", "Toy", 2, "fan", "n")
    # the hand's own value and unit, and a variant's own Chinese name, where they differ
    other = rule.pattern(3, name_zh="玩", unit="x")
    assert (other.value, other.name_zh, other.unit) == (3, "玩", "x")


def test_no_two_classes_of_the_core_share_a_name():
    names = [m.group(1) for p in RULES_DIR.rglob("*.py")
             for m in re.finditer(r"^class (\w+)", p.read_text(), re.M)]
    twice = sorted({n for n in names if names.count(n) > 1})
    assert twice == []
