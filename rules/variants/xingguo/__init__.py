"""兴国冲关 xingguo (seed 000): patterns, payments, checks and the variant itself."""

from rules.variants.xingguo.variant import Xingguo

__all__ = ["Xingguo"]
