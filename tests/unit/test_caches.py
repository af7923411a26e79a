"""The cache registry: every cache of the core is declared through it, so the metrics and
the benchmarks' cold runs see them all."""

from __future__ import annotations

import pathlib

import pytest

import rules
from rules import caches
from rules.caches import cache_stats, cached, clear_caches

RULES = pathlib.Path(rules.__file__).parent


def test_no_cache_in_the_core_bypasses_the_registry():
    # a bare lru_cache/cache decorator would be a cache that clear_caches misses
    offenders = [str(p.relative_to(RULES)) for p in RULES.rglob("*.py")
                 if p.name != "caches.py"
                 and ("lru_cache" in p.read_text() or "functools import cache" in p.read_text())]
    assert offenders == []


def test_the_registry_holds_caches_the_analysis_never_named():
    # the tile parser's caches (rules/tiles.py), the hand views' (rules/hand.py) and the
    # options' (rules/options.py) were outside the old hand-kept list of clear_caches
    import rules.hand  # noqa: F401  (registers its caches)

    assert {"parsed", "token_tiles", "as_held", "meld_view", "defaults"} <= set(cache_stats())


def test_clear_caches_empties_every_registered_cache(monkeypatch):
    # a registry of its own: emptying the real caches would change what later tests'
    # metrics see (the Prometheus counters keep what the caches forget)
    monkeypatch.setattr(caches, "_REGISTRY", {})

    @cached(4, name="square")
    def square(x: int) -> int:
        return x * x

    square(3)
    assert cache_stats()["square"]["size"] == 1
    clear_caches()
    assert cache_stats()["square"] == {"hits": 0, "misses": 0, "size": 0}


def test_stats_count_hits_and_misses(monkeypatch):
    monkeypatch.setattr(caches, "_REGISTRY", {})

    @cached(4, name="double")
    def double(x: int) -> int:
        return 2 * x

    double(1), double(1), double(2)  # miss, hit, miss
    assert cache_stats() == {"double": {"hits": 1, "misses": 2, "size": 2}}


def test_a_name_taken_twice_is_refused(monkeypatch):
    monkeypatch.setattr(caches, "_REGISTRY", {})
    cached(4, name="x")(lambda: 1)
    with pytest.raises(ValueError, match="'x'"):
        cached(4, name="x")(lambda: 2)


def test_an_lru_map_keeps_at_most_its_size_dropping_the_least_recent(monkeypatch):
    """:class:`rules.caches.LruMap`: a read makes an entry the most recent, so the entry
    dropped when a third comes into a map of two is the one neither read nor written last;
    its counts and its emptying are the registry's, as for a cached function."""
    monkeypatch.setattr(caches, "_REGISTRY", {})
    kept = caches.lru_map(2, "pairs")
    assert kept.put("a", 1) == 1
    kept.put("b", 2)
    assert kept.get("a") == 1  # "a" now the most recent: "b" goes next
    kept.put("c", 3)
    assert kept.get("b", "gone") == "gone"
    assert (kept.get("a"), kept.get("c")) == (1, 3)
    assert cache_stats() == {"pairs": {"hits": 3, "misses": 1, "size": 2}}
    clear_caches()
    assert cache_stats() == {"pairs": {"hits": 0, "misses": 0, "size": 0}}
    with pytest.raises(ValueError, match="'pairs'"):
        caches.lru_map(2, "pairs")
