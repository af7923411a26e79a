"""南昌 nanchang (seed 002): patterns, payments, checks and the variant itself."""

from rules.variants.nanchang.variant import Nanchang

__all__ = ["Nanchang"]
