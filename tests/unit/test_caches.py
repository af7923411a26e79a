"""The cache registry: every cache of the core is declared through it, so the metrics and
the benchmarks' cold runs see them all."""

from __future__ import annotations

import pathlib

import pytest

import rules
from rules import caches
from rules.caches import cache_stats, cached, clear_caches
from rules.tiles import parse_tiles

RULES = pathlib.Path(rules.__file__).parent


def test_no_cache_in_the_core_bypasses_the_registry():
    # a bare lru_cache/cache decorator would be a cache that clear_caches misses
    offenders = [str(p.relative_to(RULES)) for p in RULES.rglob("*.py")
                 if p.name != "caches.py"
                 and ("lru_cache" in p.read_text() or "functools import cache" in p.read_text())]
    assert offenders == []


def test_clear_caches_empties_a_cache_the_analysis_never_named():
    parse_tiles("123m456p")  # fills the tile parser's cache (rules/tiles.py)
    assert cache_stats()["parsed"]["size"] >= 1
    clear_caches()
    assert cache_stats()["parsed"]["size"] == 0


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
