"""The core compiled with Cython (tools/compile_core.py): it answers exactly as its sources,
it is never older than them, and CI runs it compiled.

The rest of the suite runs whichever build the checkout has (``make test`` compiles first):
here the same requests are answered by the compiled build and by the sources alone, in two
processes, and must be equal to the last digit."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests import toolchains
from tools import compile_core

ROOT = Path(__file__).resolve().parents[2]

# One seat's review of a simulated round per variant (every decision's moves, exchanges,
# waits and prices, with and without jing), and a hand-mode advice with two jing held.
ANSWERS = textwrap.dedent("""
    import json, sys
    sys.path.insert(0, sys.argv[2])
    from tools import compile_core
    if sys.argv[1] == "pure":
        compile_core.pure_python()
    from app import create_app
    from app.config import Config
    from tests.sim.engine import Simulator
    client = create_app(Config(log_requests=False, request_budget_seconds=600)).test_client()
    answers = {}
    for k, name in enumerate(("xingguo", "nanchang", "qinzhou", "guangdong")):
        log = Simulator(name, 4300 + k).play().log
        answers[name] = client.post("/review", json={**log, "seat": k}).get_json()
    answers["advise"] = client.post("/advise", json={
        "variant": "nanchang", "hand": "2345m4679p3345s77z", "jing": {"indicator": "3m"},
        "expected": True, "draws_left": 10}).get_json()
    files = sorted(m.__file__ for n, m in sys.modules.items()
                   if n.startswith("rules") and getattr(m, "__file__", None))
    print(json.dumps({"answers": answers, "files": files}))
""")


def _answers(build: str) -> dict:
    done = subprocess.run([sys.executable, "-c", ANSWERS, build, str(ROOT)], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_the_compiled_core_answers_exactly_as_its_sources():
    if not compile_core.compiled():
        toolchains.unavailable("compiled", "the core is not compiled here")
    pure, built = _answers("pure"), _answers("compiled")
    assert not [f for f in pure["files"] if not f.endswith(".py")], "pure_python() ran compiled"
    ran = {f for f in built["files"] if f.endswith(compile_core.SUFFIX)}
    assert ran == {str(compile_core.compiled_path(s)) for s in compile_core.MODULES}
    for name, answer in pure["answers"].items():
        assert "type" not in answer, answer  # an answer, not a problem
        assert built["answers"][name] == answer, name


def test_the_hot_modules_run_compiled_where_required():
    """CI (REQUIRE_COMPILED=1) serves and tests the compiled build: each module of the list
    is imported from its compiled file, not its source."""
    import rules  # noqa: F401  (every module of the core is imported with the package)

    by_file = {getattr(m, "__file__", None): name for name, m in sys.modules.items()}
    missing = [s for s in compile_core.MODULES
               if str(compile_core.compiled_path(s)) not in by_file]
    if missing:
        toolchains.unavailable("compiled", f"{len(missing)} core modules run as pure Python "
                               f"({', '.join(missing)})")


def _tree(tmp_path: Path) -> Path:
    """A root with the list's sources, each with a compiled file beside it, as built."""
    for source in compile_core.MODULES:
        path = tmp_path / source
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"# {source}\n")
        compile_core.compiled_path(source, tmp_path).write_bytes(b"built")
    (tmp_path / compile_core.MANIFEST).write_text(json.dumps(
        {s: compile_core.source_hash(s, tmp_path) for s in compile_core.MODULES}))
    return tmp_path


def test_a_compiled_module_older_than_its_source_is_named_stale(tmp_path):
    root = _tree(tmp_path)
    assert compile_core.stale(root) == []
    assert compile_core.compiled(root) == list(compile_core.MODULES)
    edited = compile_core.MODULES[1]
    (root / edited).write_text("# changed\n")
    assert compile_core.stale(root) == [edited]
    assert edited not in compile_core.compiled(root)
    (root / compile_core.MANIFEST).unlink()
    assert compile_core.stale(root) == list(compile_core.MODULES)


def test_clean_leaves_the_sources_alone(tmp_path):
    root = _tree(tmp_path)
    compile_core.clean(root)
    assert compile_core.compiled(root) == [] and compile_core.stale(root) == []
    assert all((root / s).exists() for s in compile_core.MODULES)


def test_a_build_from_the_cache_compiles_nothing(tmp_path, monkeypatch):
    """Unchanged sources come from the cache (the image test's replay of the build stage):
    the compiler is not called, and the manifest records the sources."""
    pytest.importorskip("Cython")
    root = _tree(tmp_path)
    for source in compile_core.MODULES:
        compile_core.compiled_path(source, root).unlink()
    cache = tmp_path / "cache"
    cache.mkdir()
    for source in compile_core.MODULES:
        (cache / (compile_core._cache_key(source, root) + compile_core.SUFFIX)).write_bytes(
            b"cached " + source.encode())
    monkeypatch.setattr(compile_core, "_build", lambda *a: pytest.fail("compiled again"))
    assert compile_core.build(root, cache) == []
    assert compile_core.stale(root) == []
    first = compile_core.MODULES[0]
    assert compile_core.compiled_path(first, root).read_bytes() == b"cached " + first.encode()


def test_without_a_compiler_nothing_is_compiled_and_required_fails(monkeypatch, tmp_path,
                                                                    capsys):
    monkeypatch.delenv("REQUIRE_COMPILED", raising=False)  # CI sets it
    monkeypatch.setattr(compile_core, "_why_not", lambda: "no C compiler (cc)")
    monkeypatch.setattr(compile_core, "clean", lambda root=None: None)
    assert compile_core.main([]) == 0
    assert "pure Python" in capsys.readouterr().err
    monkeypatch.setenv("REQUIRE_COMPILED", "1")
    assert compile_core.main([]) == 1


def test_the_makefile_builds_the_core_before_it_serves_tests_or_times():
    lines = (ROOT / "Makefile").read_text().splitlines()
    for target in ("run", "test", "bench", "sim", "selfplay", "selfplay-check", "memory"):
        at = next(i for i, ln in enumerate(lines) if ln.startswith(f"{target}:"))
        first = lines[at] + (lines[at + 1] if lines[at + 1].startswith("\t") else "")
        assert "$(CORE)" in first, f"make {target} does not build the core first"
    assert "REQUIRE_COMPILED=1" in (ROOT / ".ci" / "run").read_text()


def test_a_failing_build_falls_back_to_pure_python_unless_required(monkeypatch, capsys):
    """A compiler that is there but fails (a broken toolchain, a full disk) leaves the core
    as pure Python, as no compiler does: `make run` still serves."""
    monkeypatch.delenv("REQUIRE_COMPILED", raising=False)
    monkeypatch.setattr(compile_core, "_why_not", lambda: None)
    cleaned = []
    monkeypatch.setattr(compile_core, "clean", lambda root=None: cleaned.append(True))

    def broken(*args, **kwargs):
        raise OSError("No space left on device")

    monkeypatch.setattr(compile_core, "build", broken)
    assert compile_core.main([]) == 0
    assert "the build failed (OSError: No space left on device)" in capsys.readouterr().err
    assert cleaned
    assert compile_core.main(["--require"]) == 1


def test_the_operations_guide_counts_the_modules_the_image_compiles():
    """docs/operations.md tells what the gauge reads on a good image: as many as MODULES."""
    guide = (ROOT / "docs" / "operations.md").read_text()
    assert f"the image compiles {len(compile_core.MODULES)})" in guide


SWAPPED = textwrap.dedent("""
    import sys
    import numpy as np
    sys.path.insert(0, sys.argv[1])
    import turns  # the compiled module, from its own directory
    print("imported", flush=True)
    sys.stdin.readline()  # the module is rebuilt under it now
    nothing = np.zeros(0, dtype=np.intp)
    value = turns.by_loops(np.zeros((2, 3)), np.zeros(3), nothing, np.zeros(1, dtype=np.intp),
                           np.zeros(0), nothing, 4)
    print(value.sum(), flush=True)
""")


@pytest.mark.parametrize("install", ["rename", "copy in place"])
def test_a_rebuild_leaves_a_running_process_its_module(tmp_path, install):
    """`make compile` beside a running server or test run: the new module is renamed over
    the old, so the process keeps the file it mapped and its next call into the module
    works. Copied over in place (as before), the same call killed it: the control case."""
    module = compile_core.compiled_path("rules/analysis/turns.py")
    if not module.exists():
        toolchains.unavailable("compiled", "the core is not compiled here")
    target = tmp_path / module.name
    shutil.copy2(module, target)
    child = subprocess.Popen([sys.executable, "-c", SWAPPED, str(tmp_path)], cwd=ROOT,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "imported"
        other = compile_core.compiled_path("rules/analysis/exchange.py")  # another build
        if install == "rename":
            compile_core._install(other, target)
        else:
            shutil.copy2(other, target)
        shown, _ = child.communicate("go\n", timeout=60)
    finally:
        child.kill()
    if install == "rename":
        assert (child.returncode, shown.strip()) == (0, "0.0")
        assert [p.name for p in tmp_path.iterdir()] == [module.name]  # no copy left beside
    else:
        assert child.returncode != 0
