"""The one registry of the core's caches.

Every cache of :mod:`rules` is declared with :func:`cached` where its function is defined
(or, for a value its caller works out from more than the key, :func:`lru_map`), and so
registered there: :func:`cache_stats` (for /metrics and the benchmarks) and
:func:`clear_caches` (for cold-start measurements and tests) read this registry, so a new
cache can neither be missed by the metrics nor survive a "cold" benchmark run.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache
from typing import Any, NamedTuple, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

_REGISTRY: dict[str, Any] = {}


def cached(maxsize: int, name: str | None = None) -> Callable[[F], F]:
    """``functools.lru_cache(maxsize)``, registered under ``name`` (the function's name if
    none is given). A name taken twice is refused at import, so two caches never share a
    metrics label."""
    def register(fn: F) -> F:
        return _registered(name or fn.__name__.lstrip("_"),
                           lru_cache(maxsize=maxsize)(fn))  # type: ignore[return-value]
    return register


def _registered(name: str, cache: Any) -> Any:
    """``cache``, registered under ``name``: a name taken twice is refused at import, so
    two caches never share a metrics label."""
    if name in _REGISTRY:
        raise ValueError(f"a cache named {name!r} is registered already")
    _REGISTRY[name] = cache
    return cache


class _Info(NamedTuple):
    """What ``lru_cache``'s ``cache_info()`` answers (the registry reads these fields)."""

    hits: int
    misses: int
    maxsize: int
    currsize: int


class LruMap:
    """A mapping of at most ``maxsize`` entries, the least recently read or written out
    first: the bounded store of a value that its caller works out from more than its key
    (so no function of the key alone can be ``lru_cache``d), with ``lru_cache``'s
    ``cache_info`` and ``cache_clear`` for the registry."""

    def __init__(self, maxsize: int):
        self.maxsize = maxsize
        self._data: OrderedDict[Hashable, Any] = OrderedDict()
        self._hits = self._misses = 0

    def get(self, key: Hashable, default: Any = None) -> Any:
        """The value kept for ``key`` (now the most recent), else ``default``."""
        try:
            self._data.move_to_end(key)
        except KeyError:
            self._misses += 1
            return default
        self._hits += 1
        return self._data[key]

    def put(self, key: Hashable, value: Any) -> Any:
        """Keep ``value`` for ``key`` (the oldest entry out when full); ``value`` back."""
        self._data[key] = value
        if len(self._data) > self.maxsize:
            self._data.popitem(last=False)
        return value

    def cache_info(self) -> _Info:
        return _Info(self._hits, self._misses, self.maxsize, len(self._data))

    def cache_clear(self) -> None:
        self._data.clear()
        self._hits = self._misses = 0


def lru_map(maxsize: int, name: str) -> LruMap:
    """A new :class:`LruMap`, registered under ``name`` as :func:`cached` registers."""
    return _registered(name, LruMap(maxsize))


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
