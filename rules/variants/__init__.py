"""The registry of variants: one package each (rules/variants/<name>/), declared once here."""

from __future__ import annotations

from rules.variant import Variant
from rules.variants.guangdong import Guangdong
from rules.variants.nanchang import Nanchang
from rules.variants.qinzhou import Qinzhou
from rules.variants.xingguo import Xingguo

VARIANTS: dict[str, Variant] = {v.name: v for v in (Xingguo(), Nanchang(), Qinzhou(), Guangdong())}
NAMES = tuple(VARIANTS)
