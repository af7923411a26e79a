"""钦州 qinzhou (seed 003): patterns, payments (the horses), checks and the variant itself."""

from rules.variants.qinzhou.variant import Qinzhou

__all__ = ["Qinzhou"]
