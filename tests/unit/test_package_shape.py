"""Every variant is a package of the same shape, and the Jiangxi engine is a library beneath
them (docs/ARCHITECTURE.md)."""

from __future__ import annotations

import pathlib
import re

import rules
from rules.variants import VARIANTS

RULES_DIR = pathlib.Path(rules.__file__).parent
SHAPE = {"__init__.py", "patterns.py", "payments.py", "checks.py", "variant.py", "play.py"}


def test_every_registered_variant_is_a_package_of_the_same_modules():
    for name, variant in VARIANTS.items():
        package = RULES_DIR / "variants" / name
        assert {p.name for p in package.glob("*.py")} == SHAPE, name
        assert type(variant).__module__ == f"rules.variants.{name}.variant"


def test_nothing_but_the_registry_and_the_packages_under_variants():
    loose = {p.name for p in (RULES_DIR / "variants").glob("*.py")}
    assert loose == {"__init__.py"}


def test_the_jiangxi_library_imports_no_variant():
    imports = [(p.name, m.group(0)) for p in (RULES_DIR / "jiangxi").glob("*.py")
               for m in re.finditer(r"^\s*(from|import) rules\.variants\b.*$", p.read_text(),
                                    re.M)]
    assert imports == []
