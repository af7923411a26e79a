"""The hand-analysis core compiled with Cython (`make compile`; `make run`, `make test` and
`make bench` run it first).

The modules in :data:`MODULES` are plain Python, and stay the reference: Cython compiles
each one as it is (no ``.pyx``, no C types), and Python imports the compiled module, kept
beside its source, in its place. They are where a review or an expected-value advice spends
its time (cProfile of four benchmark reviews: 70 % of the own time in ``rules``); compiled,
those reviews take 0.73-0.78 of their time (docs/PERFORMANCE.md says which build it timed).
One module declares C types, in Cython's pure-Python mode: ``rules/analysis/turns.py``, a
loop over arrays that runs only compiled (its numpy twin, which gives the same numbers to
the last bit, runs where it is not): the turn loop of the values, a tenth of a review.

Where no C compiler or no Cython is found, nothing is compiled and the service runs the
same code as pure Python, a quarter slower: ``make run`` still works on a bare machine. CI
and the image's build stage pass ``--require`` (or ``REQUIRE_COMPILED=1``), so a build that
ought to be compiled fails rather than ships slow.

A compiled module built from an older source would silently answer as that source did, so
each build records the sha-256 of every source it compiled (:data:`MANIFEST`), and
:func:`stale` names any compiled module whose source has changed since (the test suite
refuses to start then; ``make`` rebuilds on its own, as the compiled files depend on the
sources). Built modules are also kept by the hash of what makes them (source, Cython,
Python, directives) in ``CORE_BUILD_CACHE`` (default ``.build-cache/``), so a rebuild of
unchanged sources, or the image test's replay of the build stage, copies rather than compiles.

    .venv/bin/python -m tools.compile_core [--require] [--clean]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The hot modules, by cProfile's own time in four reviews (nanchang, xingguo, qinzhou,
# guangdong): the graph and its values, every exchange at once, shanten, waits, the
# expected-value prices, jiangxi's waits and prices. The rest of `rules` is 30 % of the own
# time spread over 40 modules: compiling it all doubled the build for no measured gain.
# Generated code kept for its measure: make bench's "The core" times reviews at 0.75x compiled.
MODULES = (
    "rules/analysis/expectation.py",
    "rules/analysis/turns.py",
    "rules/analysis/exchange.py",
    "rules/analysis/shanten.py",
    "rules/analysis/waiting.py",
    "rules/expected.py",
    "rules/jiangxi/waits.py",
    "rules/jiangxi/base.py",
)
MANIFEST = "rules/.compiled.json"
# Compiled exactly as Python runs the source: annotations are not C types, and functions
# stay introspectable (their names, signatures and ``__wrapped__`` as in plain Python).
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "binding": True}
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX") or ".so"


def compiled_path(source: str, root: Path = ROOT) -> Path:
    """Where the compiled module of ``source`` goes: beside it, with Python's own suffix
    for extension modules (imported before the ``.py`` of the same name)."""
    return root / (source.removesuffix(".py") + SUFFIX)


def source_hash(source: str, root: Path = ROOT) -> str:
    return hashlib.sha256((root / source).read_bytes()).hexdigest()


def _manifest(root: Path) -> dict[str, str]:
    """The source hashes the compiled modules were built from, by source."""
    manifest = root / MANIFEST
    return json.loads(manifest.read_text()) if manifest.exists() else {}


def _current(source: str, root: Path, built: dict[str, str]) -> bool:
    """Is the compiled module of ``source`` there, and built from the source as it is?"""
    return compiled_path(source, root).exists() and built.get(source) == source_hash(source,
                                                                                     root)


def stale(root: Path = ROOT) -> list[str]:
    """The sources whose compiled module is not built from them as they are now: built from
    an older text, or not recorded in the manifest. Empty where nothing is compiled."""
    built = _manifest(root)
    return [s for s in MODULES if compiled_path(s, root).exists()
            and not _current(s, root, built)]


def compiled(root: Path = ROOT) -> list[str]:
    """The sources that run compiled here (their compiled module exists and is current)."""
    built = _manifest(root)
    return [s for s in MODULES if _current(s, root, built)]


def pure_python(root: Path = ROOT) -> None:
    """From now on this process imports ``rules`` from its sources only, compiled modules
    or not (call it before ``rules`` is imported): how the tests and the benchmark run the
    reference beside the compiled build, in one checkout."""
    import importlib.machinery as machinery

    package = str(root / "rules")
    loaders = [(machinery.SourceFileLoader, machinery.SOURCE_SUFFIXES),
               (machinery.SourcelessFileLoader, machinery.BYTECODE_SUFFIXES)]

    def sources_only(path: str) -> machinery.FileFinder:
        if not (path == package or path.startswith(package + os.sep)):
            raise ImportError("not the rules package")  # the next hook takes the path
        return machinery.FileFinder(path, *loaders)

    sys.path_hooks.insert(0, sources_only)
    sys.path_importer_cache.clear()


def clean(root: Path = ROOT) -> None:
    """Remove every compiled module and the manifest: the core runs as pure Python."""
    for source in MODULES:
        compiled_path(source, root).unlink(missing_ok=True)
    (root / MANIFEST).unlink(missing_ok=True)


def _cache_key(source: str, root: Path) -> str:
    """What the compiled module depends on: its source, Cython, this Python and the
    directives."""
    import Cython

    made_of = json.dumps([source, source_hash(source, root), Cython.__version__, sys.version,
                          SUFFIX, DIRECTIVES], sort_keys=True)
    return hashlib.sha256(made_of.encode()).hexdigest()


def _why_not() -> str | None:
    """Why this machine cannot compile, or None."""
    try:
        import Cython  # noqa: F401
    except ImportError:
        return "Cython is not installed (pip install -r requirements.txt)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if not shutil.which(compiler):
        return f"no C compiler ({compiler}; apt-get install gcc)"
    include = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not include.exists():
        return f"no Python headers ({include}; apt-get install python3-dev)"
    return None


def _build(sources: list[str], root: Path, into: Path) -> dict[str, Path]:
    """Compile ``sources`` (two at once) into ``into``; each compiled module's path."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    extensions = [Extension(s.removesuffix(".py").replace("/", "."), [str(root / s)])
                  for s in sources]
    modules = cythonize(extensions, compiler_directives=DIRECTIVES, quiet=True,
                        build_dir=str(into / "c"))
    dist = Distribution({"ext_modules": modules, "script_name": "compile_core"})
    command = dist.get_command_obj("build_ext")
    command.build_lib, command.build_temp = str(into / "lib"), str(into / "temp")
    command.parallel = 2
    dist.run_command("build_ext")
    return {s: into / "lib" / (s.removesuffix(".py") + SUFFIX) for s in sources}


def build(root: Path = ROOT, cache: Path | None = None) -> list[str]:
    """Compile every module of :data:`MODULES` whose compiled module is missing or stale
    (from ``cache`` where it holds one), and record the manifest. The sources compiled."""
    cache = cache or Path(os.environ.get("CORE_BUILD_CACHE", root / ".build-cache"))
    cache.mkdir(parents=True, exist_ok=True)
    built = _manifest(root)
    wanted = [s for s in MODULES if not _current(s, root, built)]
    keys = {s: _cache_key(s, root) for s in wanted}
    missing = [s for s in wanted if not (cache / (keys[s] + SUFFIX)).exists()]
    if missing:
        with tempfile.TemporaryDirectory() as scratch:
            for source, made in _build(missing, root, Path(scratch)).items():
                shutil.copy2(made, cache / (keys[source] + SUFFIX))
    for source in wanted:
        _install(cache / (keys[source] + SUFFIX), compiled_path(source, root))
        built[source] = source_hash(source, root)
    (root / MANIFEST).write_text(json.dumps({s: built[s] for s in MODULES if s in built},
                                            indent=1))
    return missing


def _install(made: Path, target: Path) -> None:
    """Put the compiled module ``made`` at ``target`` by renaming a copy over it: a process
    that imported the old file (a server from `make run`, a test run) keeps the file it
    mapped. Copied over in place, that file changed under it, and it died of SIGBUS at its
    next call into the module (seen: a test run and `make selfplay-check` beside a
    `make compile`)."""
    fresh = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        shutil.copy2(made, fresh)
        os.replace(fresh, target)
    finally:
        fresh.unlink(missing_ok=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--require", action="store_true",
                        default=os.environ.get("REQUIRE_COMPILED") == "1",
                        help="fail where the core cannot be compiled (REQUIRE_COMPILED=1)")
    parser.add_argument("--clean", action="store_true",
                        help="remove the compiled modules: the core runs as pure Python")
    args = parser.parse_args(argv)
    if args.clean:
        clean()
        print("compile_core: removed; the core runs as pure Python")
        return 0
    why = _why_not()
    if why:
        clean()  # never leave a compiled module that its source has moved past
        print(f"compile_core: not compiled, {why}: the core runs as pure Python, about a "
              "quarter slower", file=sys.stderr)
        return 1 if args.require else 0
    try:
        done = build()
    except Exception as failed:
        # a compiler or Cython that is there but fails in any way (a broken toolchain, a
        # full disk) must not stop `make run` either: the sources answer the same
        clean()
        print(f"compile_core: not compiled, the build failed ({type(failed).__name__}: "
              f"{failed}): the core runs as pure Python, about a quarter slower",
              file=sys.stderr)
        return 1 if args.require else 0
    print(f"compile_core: {len(MODULES)} modules compiled ({len(done)} built, "
          f"{len(MODULES) - len(done)} current or from the cache)")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
