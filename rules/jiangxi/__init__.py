"""Machinery shared by the two Jiangxi variants (xingguo 兴国冲关, nanchang 南昌).

Same shapes, honour chows, 十三烂, 精吊/精钓, 德国, jing counting and f(N), 霸精, liability;
A library, not a variant: it imports neither; :mod:`rules.variants.xingguo` and
:mod:`rules.variants.nanchang` subclass :class:`Jiangxi` and hold the per-variant tables.
"""

from rules.jiangxi.base import KONG_CHAIN_MODES, Jiangxi

__all__ = ["KONG_CHAIN_MODES", "Jiangxi"]
