"""bench/hotspots.py: the profile's top functions and their shares."""

from __future__ import annotations

from bench import hotspots


def _slow(n: int) -> int:
    return sum(i * i for i in range(n))


def _calls_slow(n: int) -> int:
    return _slow(n * 20)


def test_the_function_doing_the_work_leads_and_the_shares_are_of_all_own_time():
    rows = hotspots.top(_calls_slow, [200] * 50, n=50)
    names = [where for where, _, _ in rows]
    assert any(where.endswith(" <genexpr>") for where in names[:2])  # the squares: most work
    assert sum(own for _, own, _ in rows) <= 1.0 + 1e-9
    (caller,) = [row for row in rows if row[0].endswith(" _calls_slow")]
    assert caller[0].startswith("tests/unit/test_bench_hotspots.py:")
    assert caller[1] < 0.1 < caller[2]  # little own time, most of it below


def test_a_library_is_named_by_package_and_file_and_a_builtin_by_itself():
    assert hotspots.name(("/x/site-packages/marshmallow/schema.py", 597, "_deserialize")) \
        == "marshmallow/schema.py:597 _deserialize"
    assert hotspots.name(("~", 0, "<built-in method builtins.sum>")) \
        == "<built-in method builtins.sum>"
