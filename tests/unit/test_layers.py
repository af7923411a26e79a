"""The domain's layers (issue 41 §6): the play model depends on the scoring model, never the
other way, and no module of rules/ takes part in an import circle (type-checking imports
included: a circle hidden behind ``TYPE_CHECKING`` is still a circle in the design).

The imports are read from the source (``ast``), so the test sees what a reader sees."""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "rules"


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(source: str) -> set[str]:
    """Every ``rules.*`` module ``source`` imports, anywhere in it (``from rules import x``
    counts as ``rules.x``, as x is a module of the package or a name of its ``__init__``)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("rules")}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
                and node.module.startswith("rules"):
            found.add(node.module)
            found |= {f"{node.module}.{a.name}" for a in node.names}
    return found


def graph() -> dict[str, set[str]]:
    """Module → the modules of rules/ it imports (names that are not modules dropped)."""
    modules = {_module(p): p for p in RULES.rglob("*.py")}
    return {name: {m for m in imports_of(path.read_text(encoding="utf-8")) if m in modules
                   and m != name}
            for name, path in modules.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``edges`` (each as the modules along it), package
    ``__init__`` re-exports aside: a package importing its own modules is its facade."""
    found: list[list[str]] = []

    def visit(node: str, path: list[str], seen: set[str]) -> None:
        for nxt in edges.get(node, ()):
            if nxt == path[0]:
                found.append([*path, nxt])
            elif nxt not in seen and nxt > path[0]:
                seen.add(nxt)
                visit(nxt, [*path, nxt], seen)

    for start in sorted(edges):
        visit(start, [start], {start})
    return [c for c in found if not _through_a_facade(c)]


def _through_a_facade(circle: list[str]) -> bool:
    """A circle that only passes through a package's ``__init__`` importing its own
    submodule (``rules.play`` → ``rules.play.board`` → ``rules.play``…): the facade."""
    for here, there in itertools.pairwise(circle):
        if there.startswith(here + ".") and _is_package(here):
            return True
    return False


def _is_package(name: str) -> bool:
    return (ROOT / Path(*name.split(".")) / "__init__.py").exists()


def test_the_scoring_model_does_not_import_the_play_package():
    edges = graph()
    assert not {m for m in edges["rules.model"] if m.startswith("rules.play")}


def test_no_import_circle_in_rules():
    assert circles(graph()) == []


def test_the_circle_check_can_fail():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
    assert imports_of("if TYPE_CHECKING:\n    from rules.play.model import RoundLog\n") \
        == {"rules.play.model", "rules.play.model.RoundLog"}
