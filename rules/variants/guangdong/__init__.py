"""广东鸡平和 guangdong (seed 004): patterns, payments, checks and the variant itself."""

from rules.variants.guangdong.variant import Guangdong

__all__ = ["Guangdong"]
