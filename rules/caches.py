"""The one registry of the core's caches.

Every cache of :mod:`rules` is declared with :func:`cached` where its function is defined,
and so registered there: :func:`cache_stats` (for /metrics and the benchmarks) and
:func:`clear_caches` (for cold-start measurements and tests) read this registry, so a new
cache can neither be missed by the metrics nor survive a "cold" benchmark run.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

_REGISTRY: dict[str, Any] = {}


def cached(maxsize: int, name: str | None = None) -> Callable[[F], F]:
    """``functools.lru_cache(maxsize)``, registered under ``name`` (the function's name if
    none is given). A name taken twice is refused at import, so two caches never share a
    metrics label."""
    def register(fn: F) -> F:
        label = name or fn.__name__.lstrip("_")
        if label in _REGISTRY:
            raise ValueError(f"a cache named {label!r} is registered already")
        wrapped = lru_cache(maxsize=maxsize)(fn)
        _REGISTRY[label] = wrapped
        return wrapped  # type: ignore[return-value]
    return register


def cache_stats() -> dict[str, dict[str, int]]:
    """Hits, misses and size of every registered cache, by name."""
    stats = {}
    for label, fn in _REGISTRY.items():
        info = fn.cache_info()
        stats[label] = {"hits": info.hits, "misses": info.misses, "size": info.currsize}
    return stats


def clear_caches() -> None:
    """Empty every registered cache (benchmarks measure cold starts with it)."""
    for fn in _REGISTRY.values():
        fn.cache_clear()
